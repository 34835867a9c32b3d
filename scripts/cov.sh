#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# cov.sh - coverage of the RTL over the N=4 regression: Verilator line and
# toggle coverage (merged .dat, lcov .info, genhtml HTML, annotated sources)
# and functional coverage (stc_fcov bins) against a floor.
#
# usage: scripts/cov.sh FCOV OUTDIR FLOOR VEC...
#   FCOV   stc_fcov linked against a Verilator --coverage build (with a
#          plain build only the functional part is produced: set NO_VLCOV=1)
#   FLOOR  functional coverage floor in percent (exit 1 below it)
#   VEC    vectors and command streams (version 1 or 2 files)
# Runs: the vectors plus the directed extras (OUTDIR/extra) at 0% and 25%
# stalls, then once more at 10% stalls with a reset in the middle of every
# vector; the two line/toggle databases are merged with verilator_coverage.
# Every run offers the commands of a stream under FCOV_POLICY (default
# random: each command b2b, gap or early, which the accept bins need).
# Environment: FCOV_N (the array size of FCOV, for the directed vectors),
# VECGEN (build/stc_vecgen, which writes them: stc_vecgen --directed).
# Exit: 0 ok, 1 mismatch or functional coverage below FLOOR, 2 set-up error.
set -euo pipefail

if [ $# -lt 4 ]; then
    sed -n '4,18p' "$0" >&2
    exit 2
fi
fcov=$1 out=$2 floor=$3
shift 3
[ -x "$fcov" ] || { echo "cov.sh: no $fcov" >&2; exit 2; }
vlcov=${NO_VLCOV:-0}
policy=${FCOV_POLICY:-random}
rm -rf "$out/extra" "$out/html" "$out/annotate" "$out"/*.dat
mkdir -p "$out/extra"

"${VECGEN:-build/stc_vecgen}" --directed "$out/extra" --n "${FCOV_N:?FCOV_N: the array size of $fcov}"
extra=("$out"/extra/*.vec)
dat_a=() dat_b=()
if [ "$vlcov" = 0 ]; then
    dat_a=(--vl-cov "$out/cov-regression.dat")
    dat_b=(--vl-cov "$out/cov-reset.dat")
fi

echo "== functional coverage: $# vectors/streams + ${#extra[@]} directed, stall 0% and 25%," \
    "policy $policy, floor $floor%"
rc=0
"$fcov" --quiet --stall 0 --stall 25 --seed 1 --policy "$policy" --floor "$floor" \
    --report "$out/fcov.txt" "${dat_a[@]}" "$@" "${extra[@]}" | tee "$out/fcov.log" || rc=$?
[ "$rc" -eq 0 ] || { echo "cov.sh: functional coverage run failed (exit $rc)" >&2; exit "$rc"; }
"$fcov" --quiet --stall 0 --seed 1 --policy "$policy" "$@" >"$out/fcov-regression-only.txt" || rc=$?
[ "$rc" -eq 0 ] || { echo "cov.sh: regression-only run failed (exit $rc)" >&2; exit "$rc"; }
echo "(vectors/streams alone, no directed, stall 0%:" \
    "$(tail -n 1 "$out/fcov-regression-only.txt" | sed 's/.*coverage //'))"
[ "$vlcov" = 0 ] || exit 0

echo "== line/toggle coverage: second pass with --reset-at 40 at 10% stalls"
"$fcov" --quiet --stall 10 --seed 7 --policy "$policy" --reset-at 40 "${dat_b[@]}" "$@" "${extra[@]}" \
    >"$out/fcov-reset.txt" || { echo "cov.sh: reset pass failed" >&2; exit 1; }

command -v verilator_coverage >/dev/null || { echo "cov.sh: no verilator_coverage" >&2; exit 2; }
verilator_coverage --write "$out/coverage.dat" "$out/cov-regression.dat" "$out/cov-reset.dat" \
    >"$out/verilator_coverage.log"
verilator_coverage --write-info "$out/coverage.info" "$out/coverage.dat" >>"$out/verilator_coverage.log"
verilator_coverage --annotate "$out/annotate" --annotate-min 1 "$out/coverage.dat" \
    >>"$out/verilator_coverage.log"

# Per-type figures from the merged database: each point is a line
#   C '<\1>f<\2>file<\1>l<\2>line<\1>page<\2>v_TYPE/module...' COUNT
awk '
/^C / {
    n = split($0, f, "\001")
    type = "other"
    for (i = 1; i <= n; i++) if (f[i] ~ /^page\002v_/) { t = f[i]; sub(/^page\002v_/, "", t); sub(/\/.*/, "", t); type = t }
    cnt = $NF + 0
    tot[type]++
    if (cnt > 0) hit[type]++
}
END {
    for (t in tot) printf "%-8s %6d / %6d points hit  %6.2f%%\n", t, hit[t], tot[t], 100 * hit[t] / tot[t]
}' "$out/coverage.dat" | sort >"$out/vlcov.txt"

if command -v genhtml >/dev/null; then
    genhtml --quiet --output-directory "$out/html" --title "STC tile N=4 regression" \
        "$out/coverage.info" >"$out/genhtml.log" 2>&1 ||
        { echo "cov.sh: genhtml failed (log $out/genhtml.log)" >&2; exit 2; }
else
    echo "cov.sh: genhtml not installed (scripts/deps.sh cov); no HTML" >&2
fi

{
    echo "Verilator coverage (merged: regression + directed at 0/25% stalls, reset pass at 10%):"
    cat "$out/vlcov.txt"
    echo "functional: $(tail -n 1 "$out/fcov.log" | sed 's/^fcov: //')"
} | tee "$out/summary.txt"
[ -d "$out/html" ] && echo "HTML report: $out/html/index.html"
echo "uncovered points: $out/annotate (lines marked %000000)"
