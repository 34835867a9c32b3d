#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# step.sh - one step of `make ci`, timed, so a slow CI names its slow step.
#
#   scripts/ci/step.sh TIMES CMD...   print CMD as make would, run it, append
#                                     "seconds<TAB>CMD without make's path"
#                                     to TIMES; exit with CMD's status
#   scripts/ci/step.sh --summary TIMES
#                                     the steps, slowest first, and the total
#
# The figures are wall-clock seconds of one run on one machine: they say
# where the time goes, not how fast the next run will be.
set -uo pipefail

die() { echo "step.sh: $*" >&2; exit 2; }

if [ "${1:-}" = --summary ]; then
    [ $# -eq 2 ] || die "usage: scripts/ci/step.sh --summary TIMES"
    [ -f "$2" ] || die "no step times in $2 (make ci writes them)"
    sort -t "$(printf '\t')" -k1,1gr "$2" | awk -F '\t' '
        { printf "ci time: %7.1f s  %s\n", $1, $2; total += $1 }
        END { printf "ci time: %7.1f s  in all (%d steps)\n", total, NR }'
    exit 0
fi
[ $# -ge 2 ] || die "usage: scripts/ci/step.sh TIMES CMD..."
times=$1
shift
mkdir -p "$(dirname "$times")" || die "cannot create the folder of $times"
echo "$*"
t0=$(date +%s.%N)
"$@"
rc=$?
t1=$(date +%s.%N)
# The step's name: the command less make's own path and --no-print-directory.
name=$*
case $1 in
*make)
    shift
    name=$*
    name=${name#--no-print-directory }
    ;;
esac
awk -v a="$t0" -v b="$t1" -v n="$name" -v rc="$rc" \
    'BEGIN { printf "%.1f\t%s%s\n", b - a, n, (rc ? " (exit " rc ")" : "") }' >>"$times"
exit $rc
