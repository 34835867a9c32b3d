#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# bench.sh - cosim speed: the full lockstep run (RTL + golden model + per-cycle
# compare of every port and probe) against the bare Verilator model driven
# by the same host, over the same vectors, in the same run.
#
# usage: scripts/bench.sh BUILD_DIR OUT.md [REPS]
# Speeds are simulated cycles per CPU second as the runner reports them
# (CPU time, so other load on the machine matters less); the median of REPS
# runs is kept. Writes OUT.md atomically.
set -euo pipefail

build=${1:?usage: bench.sh BUILD_DIR OUT.md [REPS]}
out=${2:?usage: bench.sh BUILD_DIR OUT.md [REPS]}
reps=${3:-3}
sim=$build/stc_sim-n16
gen=$build/stc_vecgen
dir=$build/bench
mkdir -p "$dir"

for tool in "$sim" "$gen"; do
    [ -x "$tool" ] || { echo "bench.sh: missing $tool (make it first)" >&2; exit 2; }
done

vecs=()
while read -r name class extra; do
    f=$dir/$name-n16-m256-k512.vec
    # shellcheck disable=SC2086
    "$gen" --class "$class" --n 16 --m 256 --k 512 --seed 1 $extra -o "$f"
    vecs+=("$f")
done <<'CASES'
dense dense
sp24 sp24
block75 block --sparsity 75
unstr90 unstructured --sparsity 90
CASES

# Each run repeats the vector list so that it lasts seconds, not tenths:
# shorter runs put the noise of the machine into the ratio.
REPEAT=${BENCH_REPEAT:-8}
runlist=()
for ((i = 0; i < REPEAT; i++)); do runlist+=("${vecs[@]}"); done

# Prints "cycles cpu_seconds" of one run.
run_once() {
    "$sim" --quiet "$@" "${runlist[@]}" | sed -n 's/^cosim N=.*: [0-9]* commands, \([0-9]*\) cycles in \([0-9.]*\) s CPU.*/\1 \2/p'
}

median_run() {
    local i
    for ((i = 0; i < reps; i++)); do run_once "$@"; done | sort -k2 -g | awk -v r="$reps" 'NR == int((r + 1) / 2)'
}

echo "bench: $reps runs each of bare RTL and full lockstep over ${#vecs[@]} vectors x $REPEAT" >&2
read -r bare_cycles bare_cpu < <(median_run --bare)
read -r full_cycles full_cpu < <(median_run)
[ "$bare_cycles" = "$full_cycles" ] || { echo "bench.sh: cycle counts differ ($bare_cycles vs $full_cycles)" >&2; exit 1; }

# Instruction counts are repeatable whatever else the machine runs:
# callgrind over one vector, bare against lockstep. The same vector given
# twice costs one more pass of it and nothing else (the process, the model
# and the vector's parsing are paid once), so the difference divided by its
# cycles is the cost of one simulated cycle.
instr() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$sim" --quiet "$@" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
bare_ir="" full_ir="" bare_pc="" full_pc=""
if command -v valgrind >/dev/null; then
    echo "bench: callgrind instruction counts over $(basename "${vecs[1]}")" >&2
    vcyc=$("$sim" "${vecs[1]}" | sed -n 's/^cosim N=.*: 1 commands, \([0-9]*\) cycles.*/\1/p')
    bare_ir=$(instr --bare "${vecs[1]}")
    full_ir=$(instr "${vecs[1]}")
    bare_pc=$((($(instr --bare "${vecs[1]}" "${vecs[1]}") - bare_ir) / vcyc))
    full_pc=$((($(instr "${vecs[1]}" "${vecs[1]}") - full_ir) / vcyc))
fi

tmp=$(mktemp "$out.tmp.XXXXXX")
awk -v bc="$bare_cycles" -v bt="$bare_cpu" -v fc="$full_cycles" -v ft="$full_cpu" \
    -v reps="$reps" -v bir="$bare_ir" -v fir="$full_ir" -v bpc="$bare_pc" -v fpc="$full_pc" -v ivec="$(basename "${vecs[1]}")" -v cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')" '
BEGIN {
    printf "| run | simulated cycles | CPU s (median of %d) | cycles/s | cost vs bare |\n", reps
    printf "|---|---:|---:|---:|---:|\n"
    printf "| bare Verilator RTL, host only | %d | %.3f | %.0f | 1.00 |\n", bc, bt, bc / bt
    printf "| lockstep: RTL + golden model + compare every cycle | %d | %.3f | %.0f | %.2f |\n", fc, ft, fc / ft, ft / bt
    printf "\nOverhead of the model and the per-cycle compare in CPU time: %+.1f%% (target: at most +10%%).\n", (ft / bt - 1) * 100
    if (bir != "" && fir != "")
        printf "Per simulated cycle (callgrind, the second pass of %s less the first): bare %d, lockstep %d instructions.\n", ivec, bpc, fpc
    if (bir != "" && fir != "")
        printf "In executed instructions (callgrind, %s, deterministic): bare %d, lockstep %d: %+.1f%%.\n", ivec, bir, fir, (fir / bir - 1) * 100
    printf "Machine: %s, 2 cores.\n", cpu
}' >"$tmp"
mv "$tmp" "$out"
cat "$out"
