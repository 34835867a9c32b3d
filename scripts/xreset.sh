#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# xreset.sh - X-propagation and reset robustness of the RTL against the model.
#
# usage: scripts/xreset.sh SIM XSIM XVLDIR OUTDIR VEC...
#   SIM     the normal runner (stc_sim-nN)
#   XSIM    the runner verilated with --x-assign unique --x-initial unique
#   XVLDIR  XSIM's Verilator output directory (to show the randomisation is compiled in)
#   OUTDIR  where the per-run CSV files go
#
# 1. Random initial values: XSIM with several +verilator+seed+N and
#    +verilator+rand+reset+2, at 0% and 25% stalls. The runner compares
#    every port and probe from the first cycle after reset, so a pass means
#    the run is identical to the model whatever the power-up state; the
#    per-vector counters (CSV) must also be byte-identical across seeds.
# 2. Reset in the middle of a command (--reset-at C, then the vector again),
#    at many cycles, with and without stalls, on both builds.
# Exit: 0 all clean, 1 a mismatch or a difference, 2 set-up error.
set -euo pipefail

if [ $# -lt 5 ]; then
    sed -n '4,19p' "$0" >&2
    exit 2
fi
sim=$1 xsim=$2 xvldir=$3 out=$4
shift 4
for b in "$sim" "$xsim"; do
    [ -x "$b" ] || { echo "xreset.sh: no runner $b" >&2; exit 2; }
done
mkdir -p "$out"
rm -f "$out"/*.csv

XSEEDS=${XSEEDS:-"1 2 3 7 42 1000 65535 123456789"}
RESET_ATS=${RESET_ATS:-"1 2 3 4 5 7 9 12 17 25 40 64 100 180 333 600 1200"}
fail=0 runs=0

# Randomisation compiled in: Verilator emits VL_RAND_RESET for every
# variable under --x-initial unique (none with the default fast build).
nrand=$(cat "$xvldir"/*.cpp 2>/dev/null | grep -c 'VL_RAND_RESET' || true)
echo "== xreset: $xsim has $nrand VL_RAND_RESET initialisers"
[ "$nrand" -gt 0 ] || { echo "xreset.sh: $xsim was not built with --x-initial unique" >&2; exit 2; }

run() { # label, runner args...
    local label=$1
    shift
    runs=$((runs + 1))
    if ! "$@" >"$out/$label.log" 2>&1; then
        echo "FAIL $label (log $out/$label.log)" >&2
        tail -n 20 "$out/$label.log" >&2
        fail=1
    fi
}

echo "== random initial values: $(wc -w <<<"$XSEEDS") Verilator seeds x stall 0/25%, $# vectors"
for stall in 0 25; do
    for s in $XSEEDS; do
        run "x-seed$s-stall$stall" "$xsim" --quiet --seed 1 --stall "$stall" \
            --plusarg "+verilator+seed+$s" --plusarg "+verilator+rand+reset+2" \
            --csv "$out/x-seed$s-stall$stall.csv" "$@"
    done
    # Same stall pattern, different power-up state: identical counters.
    ref=""
    for s in $XSEEDS; do
        f="$out/x-seed$s-stall$stall.csv"
        [ -f "$f" ] || continue
        if [ -z "$ref" ]; then ref=$f; continue; fi
        cmp -s "$ref" "$f" || { echo "FAIL: $f differs from $ref" >&2; fail=1; }
    done
    if [ -n "$ref" ] && [ -f "$out/x-seed1-stall$stall.csv" ]; then
        run "fast-stall$stall" "$sim" --quiet --seed 1 --stall "$stall" \
            --csv "$out/fast-stall$stall.csv" "$@"
        cmp -s "$ref" "$out/fast-stall$stall.csv" ||
            { echo "FAIL: $ref differs from the --x-initial fast build" >&2; fail=1; }
    fi
done

echo "== mid-command reset: $(wc -w <<<"$RESET_ATS") reset cycles x stall 0/10/40%"
for r in $RESET_ATS; do
    for stall in 0 10 40; do
        run "reset$r-stall$stall" "$sim" --quiet --seed "$r" --stall "$stall" --reset-at "$r" "$@"
    done
    run "x-reset$r" "$xsim" --quiet --seed "$r" --stall 25 --reset-at "$r" \
        --plusarg "+verilator+seed+$r" --plusarg "+verilator+rand+reset+2" "$@"
done

if [ "$fail" -ne 0 ]; then
    echo "xreset: FAILED (logs in $out)" >&2
    exit 1
fi
echo "xreset: $runs runs x $# vectors clean (identical to the model from the first post-reset cycle)" |
    tee "$out/summary.txt"
