#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# junit_summary.sh - one closing line over JUnit files: "ci: N passed, N failed".
# Counts <testcase> elements and those holding a <failure> or <error>.
set -eu
total=0
failed=0
for f in "$@"; do
    [ -f "$f" ] || { echo "junit_summary: no such file: $f" >&2; exit 2; }
    t=$(grep -o '<testcase' "$f" | wc -l)
    x=$(grep -o '<failure\|<error' "$f" | wc -l)
    total=$((total + t))
    failed=$((failed + x))
done
echo "JUnit reports: $*"
echo "ci: $((total - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
