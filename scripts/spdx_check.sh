#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
#
# spdx_check.sh - every source file the project writes carries its licence
# in the first lines (SPDX-License-Identifier: Apache-2.0, as in LICENSE),
# and LICENSE is the Apache License 2.0. Data (vectors, patches, corpora)
# and docs are exempt. Driven by `make lint`.
set -u
fail=0
grep -q '^ *Apache License$' LICENSE 2>/dev/null && grep -q 'Version 2.0, January 2004' LICENSE ||
    { echo "spdx-check: LICENSE is missing or not the Apache License 2.0" >&2; fail=1; }
n=0
while IFS= read -r f; do
    case $f in
    *.c | *.h | *.cpp | *.v | *.sv | *.svh | *.f | *.sh | *.py | *.mk | *.awk | *.gp | *.yml | *.yaml | Makefile | .ci/run | sim/runner/stc_simrun) ;;
    *) continue ;;
    esac
    n=$((n + 1))
    head -n 4 "$f" | grep -q 'SPDX-License-Identifier: Apache-2.0' ||
        { echo "spdx-check: $f: no 'SPDX-License-Identifier: Apache-2.0' in its first lines" >&2; fail=1; }
done < <(git ls-files --cached --others --exclude-standard)
[ $fail -eq 0 ] && echo "spdx-check: LICENSE is Apache-2.0; $n source files carry its SPDX identifier"
exit $fail
