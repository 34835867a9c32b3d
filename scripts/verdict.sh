#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# verdict.sh - runs `make ARGS...` and exits with the verdict the target
# recorded instead of GNU make's own status (make exits 2 whenever a
# recipe fails, whatever the recipe returned):
#
#   scripts/verdict.sh sim [N=4] [VEC=f.vec] [SEED=..] [JOBS=n] [SHARD=i/k] ...
#   scripts/verdict.sh sim-merge SHARDS="DIR1 DIR2 ..."
#   scripts/verdict.sh mutate [JOBS=n] [SHARD=i/k] ... (mutate-merge, mutate-ci, mutate-ci-merge)
#
# exit: 0 pass, 1 mismatch (RTL and golden model disagree; for the
# mutation campaign: a survivor not analysed), 2 bad input or set-up
# error. The targets above write their verdict into a file of this call's
# own (STC_VERDICT), so that another run in the same tree can never hand
# over its verdict; without a readable one (a full disk, a killed run) the
# answer is 2, never make's status. Other targets give 0 when make
# succeeds and 2 when it fails.
set -u
records=''
for a in "$@"; do
    case $a in sim | sim-merge | mutate | mutate-merge | mutate-ci | mutate-ci-merge) records=1 ;; esac
done
verdict=$(mktemp "${TMPDIR:-/tmp}/stc-verdict.XXXXXX") && rm -f "$verdict" || {
    echo "verdict.sh: cannot create a temporary file for the verdict: an error (2)" >&2
    exit 2
}
trap 'rm -f "$verdict"' EXIT
export STC_VERDICT=$verdict
rc=0
"${MAKE:-make}" "$@" || rc=$?
[ -n "$records" ] || { [ $rc -eq 0 ] && exit 0; exit 2; }
v=$(cat "$verdict" 2>/dev/null)
case $v in 0 | 1 | 2) exit "$v" ;; esac
echo "verdict.sh: make $* left no readable verdict ('$v'; make exited $rc): an error (2)" >&2
exit 2
