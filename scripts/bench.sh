#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# bench.sh - cosim speed, in one run: the full lockstep (RTL + golden model
# + per-cycle compare of every port and probe) against the bare Verilator
# model driven by the same host over the same vectors; the golden model's
# own share of the lockstep; the speed-of-light C loop of the datapath
# (sim/bench/stc_sol.c) on the same vector for the same number of cycles;
# and Icarus Verilog on the same RTL (sim/bench/tb_stc_bench.v) against the
# bare Verilator model on one short vector.
#
# usage: scripts/bench.sh BUILD_DIR OUT.md [REPS]
# Speeds are simulated cycles per CPU second (CPU time, so other load on
# the machine matters less); the median of REPS runs is kept. Instructions
# per simulated cycle come from callgrind and are the repeatable figures.
# Writes OUT.md atomically. Exit 1 when a run fails (a wrong result is
# never timed), 2 when a tool is missing.
set -euo pipefail

build=${1:?usage: bench.sh BUILD_DIR OUT.md [REPS]}
out=${2:?usage: bench.sh BUILD_DIR OUT.md [REPS]}
reps=${3:-3}
sim=$build/stc_sim-n16
gen=$build/stc_vecgen
sol=$build/stc_sol
tb=$build/bench/tb_stc_bench.vvp
dir=$build/bench
mkdir -p "$dir"

for tool in "$sim" "$gen" "$sol" "$tb"; do
    [ -e "$tool" ] || { echo "bench.sh: missing $tool (make bench builds it)" >&2; exit 2; }
done
for cmd in valgrind vvp; do
    command -v "$cmd" >/dev/null || {
        echo "bench.sh: $cmd is missing (valgrind counts the instructions, vvp runs the Icarus row):" \
            "scripts/deps.sh bench sim installs it (as root; otherwise it prints the apt-get command)" >&2
        exit 2
    }
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
# The callgrind vector, also the speed-of-light's.
ivec=${vecs[1]}
# The short vector of the Icarus row: one 2:4 command (M=64, K=128; its
# simulated cycles are in the table it writes).
short=$dir/sp24-n16-m64-k128.vec
"$gen" --class sp24 --n 16 --m 64 --k 128 --seed 1 -o "$short"

# Each run repeats the vector list so that it lasts seconds, not tenths:
# shorter runs put the noise of the machine into the ratio.
REPEAT=${BENCH_REPEAT:-8}
runlist=()
for ((i = 0; i < REPEAT; i++)); do runlist+=("${vecs[@]}"); done

# "cycles cpu_seconds" of one runner run over the given vectors.
run_once() {
    "$sim" --quiet "$@" | sed -n 's/^cosim N=.*: [0-9]* commands, \([0-9]*\) cycles in \([0-9.]*\) s CPU.*/\1 \2/p'
}

# The median by CPU time of the REPS "cycles cpu" lines on stdin.
median_line() {
    sort -k2 -g | awk -v r="$reps" 'NR == int((r + 1) / 2)'
}

# The median by CPU time of REPS runs of a command that prints "cycles cpu".
median() {
    local i
    for ((i = 0; i < reps; i++)); do "$@"; done | median_line
}

echo "bench: $reps runs each of bare RTL and full lockstep over ${#vecs[@]} vectors x $REPEAT" >&2
# Bare and lockstep runs alternate, so that a machine that slows down or
# speeds up during the bench moves both medians alike: run one after the
# other, all bare runs first, their ratio moved by 20 points between two
# benches of the same binaries on this shared machine.
pairs=$(for ((i = 0; i < reps; i++)); do
    printf 'bare %s\n' "$(run_once --bare "${runlist[@]}")"
    printf 'full %s\n' "$(run_once "${runlist[@]}")"
done)
median_of() { # KIND: the median "cycles cpu" of that kind's runs
    awk -v k="$1" '$1 == k { print $2, $3 }' <<<"$pairs" | median_line
}
read -r bare_cycles bare_cpu < <(median_of bare)
read -r full_cycles full_cpu < <(median_of full)
[ -n "$bare_cpu" ] && [ -n "$full_cpu" ] || { echo "bench.sh: a timed run printed no closing line" >&2; exit 1; }
[ "$bare_cycles" = "$full_cycles" ] || { echo "bench.sh: cycle counts differ ($bare_cycles vs $full_cycles)" >&2; exit 1; }

# Instruction counts are repeatable whatever else the machine runs:
# callgrind over one vector. The same vector given twice costs one more
# pass of it and nothing else (the process, the model and the vector's
# parsing are paid once), so the difference divided by its cycles is the
# cost of one simulated cycle. Extra callgrind options go first; a run
# that fails stops the bench (exit 1).
instr() {
    local opts=() log
    while [[ $1 == --* ]]; do opts+=("$1"); shift; done
    log=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "${opts[@]}" "$@" 2>&1) || {
        grep -v '^==' <<<"$log" >&2
        echo "bench.sh: failed under callgrind: $*" >&2
        exit 1
    }
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' <<<"$log"
}
echo "bench: callgrind instruction counts over $(basename "$ivec")" >&2
# The simulated cycles of the vector, as the runner counts them (reset included).
vcyc=$("$sim" "$ivec" | sed -n 's/^cosim N=.*: 1 commands, \([0-9]*\) cycles.*/\1/p')
[ -n "$vcyc" ] || { echo "bench.sh: the lockstep failed on $ivec" >&2; exit 1; }
bare_ir=$(instr "$sim" --quiet --bare "$ivec")
full_ir=$(instr "$sim" --quiet "$ivec")
bare_pc=$((($(instr "$sim" --quiet --bare "$ivec" "$ivec") - bare_ir) / vcyc))
full_pc=$((($(instr "$sim" --quiet "$ivec" "$ivec") - full_ir) / vcyc))
# The golden model alone: the runner cannot run it without the RTL, so
# callgrind counts only inside its two per-cycle functions, in the lockstep
# (outputs, and the clock edge; not the probe copy the compare reads).
model_ir=$(instr --toggle-collect=stc_tile_eval --toggle-collect=stc_tile_step "$sim" --quiet "$ivec")
model_pc=$((model_ir / vcyc))

# The speed-of-light loop: each vector for the runner's cycle count of it,
# checked against the vector's C after every run (exit 1 if wrong).
vcycles=()
for f in "${vecs[@]}"; do
    c=$(run_once "$f" | cut -d' ' -f1)
    [ -n "$c" ] || { echo "bench.sh: the lockstep failed on $f" >&2; exit 1; }
    vcycles+=("$c")
done
echo "bench: speed-of-light loop over the same vectors and cycles" >&2
sol_ir=$(instr "$sol" --cycles "$vcyc" "$ivec")
sol_pc=$((($(instr "$sol" --cycles "$vcyc" --reps 2 "$ivec") - sol_ir) / vcyc))
SOL_REPS=${BENCH_SOL_REPS:-100}
sol_once() {
    local i
    for i in "${!vecs[@]}"; do
        "$sol" --cycles "${vcycles[i]}" --reps "$SOL_REPS" "${vecs[i]}" |
            sed -n 's/^sol N=16: [0-9]* runs of [0-9]* cycles, \([0-9]*\) cycles in \([0-9.]*\) s CPU.*/\1 \2/p'
    done | awk '{ c += $1; t += $2; n++ } END { if (n == '"${#vecs[@]}"') print c, t }'
}
read -r sol_cycles sol_cpu < <(median sol_once)

# Icarus against the bare Verilator model on the short vector. vvp's CPU
# time (bash's `time`, user + system) less that of a run with +reps=0
# (loading and elaborating the design), over the cycles the bench counts.
hdr() { sed -n "s#^// $1 ##p" "$short"; }
mode=0
[ "$(hdr mode)" = 2:4 ] && mode=1
iv_args=(+vec="$short" +mode="$mode" +m="$(hdr m)" +k="$(hdr k)" +skip="$(hdr skip)" +bias="$(hdr bias)")
iv_once() { # +reps
    local log=$dir/icarus.log t
    t=$({ TIMEFORMAT='%3U %3S'; time vvp -n "$tb" "${iv_args[@]}" "+reps=$1" >"$log" 2>&1; } 2>&1)
    grep -q '^PASS tb_stc_bench' "$log" || { cat "$log" >&2; echo "bench.sh: the Icarus bench failed" >&2; exit 1; }
    sed -n 's/^PASS tb_stc_bench: [0-9]* commands, \([0-9]*\) cycles.*/\1/p' "$log" | tr '\n' ' '
    awk '{ print $1 + $2 }' <<<"$t"
}
echo "bench: Icarus Verilog and bare Verilator on $(basename "$short")" >&2
IV_REPS=${BENCH_IV_REPS:-1}
read -r iv0_cycles iv0_cpu < <(median iv_once 0)
read -r iv_cycles iv_cpu < <(median iv_once "$IV_REPS")
iv_cycles=$((iv_cycles - iv0_cycles))
iv_cpu=$(awk -v a="$iv_cpu" -v b="$iv0_cpu" 'BEGIN { print a - b }')
VL_SHORT_REPEAT=${BENCH_VL_SHORT_REPEAT:-400}
shortlist=()
for ((i = 0; i < VL_SHORT_REPEAT; i++)); do shortlist+=("$short"); done
read -r vls_cycles vls_cpu < <(median run_once --bare "${shortlist[@]}")

tmp=$(mktemp "$out.tmp.XXXXXX")
awk -v bc="$bare_cycles" -v bt="$bare_cpu" -v fc="$full_cycles" -v ft="$full_cpu" \
    -v reps="$reps" -v bir="$bare_ir" -v fir="$full_ir" -v bpc="$bare_pc" -v fpc="$full_pc" \
    -v mpc="$model_pc" -v spc="$sol_pc" -v sc="$sol_cycles" -v st="$sol_cpu" -v vcyc="$vcyc" \
    -v ic="$iv_cycles" -v it="$iv_cpu" -v vc="$vls_cycles" -v vt="$vls_cpu" -v vrep="$VL_SHORT_REPEAT" -v srep="$SOL_REPS" \
    -v ivec="$(basename "$ivec")" -v short="$(basename "$short")" -v repeat="$REPEAT" \
    -v cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')" '
function row(name, pc, c, t) {
    printf "| %s | %s | %s | %s | %s |\n", name, pc == "" ? "-" : sprintf("%d", pc),
        c == "" ? "-" : sprintf("%d", c), t == "" ? "-" : sprintf("%.3f", t), c == "" ? "-" : sprintf("%.0f", c / t)
}
BEGIN {
    printf "| run | instructions / simulated cycle | simulated cycles | CPU s (median of %d) | cycles/s |\n", reps
    printf "|---|---:|---:|---:|---:|\n"
    row("lockstep: RTL + golden model + compare every cycle", fpc, fc, ft)
    row("bare Verilator RTL, host only", bpc, bc, bt)
    row("golden model alone (`stc_tile_eval` + `stc_tile_step`; not timed)", mpc, "", "")
    row("speed-of-light C loop of the datapath (`stc_sol`)", spc, sc, st)
    row("Icarus Verilog (`vvp`), same RTL, " short, "", ic, it)
    row("bare Verilator RTL, " short " x " vrep, "", vc, vt)
    printf "\nInstructions per simulated cycle: callgrind, the second pass of %s less the first (%d cycles a pass);", ivec, vcyc
    printf " the golden model, which the runner cannot run without the RTL, by `--toggle-collect` on its two per-cycle functions inside the lockstep over one pass.\n"
    printf "CPU rows: lockstep and bare over the four vectors x %d; the speed-of-light %d times over each of them,", repeat, srep
    printf " each run as many cycles as the runner counts for it; Icarus less its start-up (a run with no command).\n"
    printf "\nOverhead of the model and the per-cycle compare in CPU time: %+.1f%% (target: at most +10%%).\n", (ft / bt - 1) * 100
    printf "In executed instructions (callgrind, %s, deterministic): bare %d, lockstep %d: %+.1f%%.\n", ivec, bir, fir, (fir / bir - 1) * 100
    printf "Lockstep / bare: %.2fx in instructions per cycle, %.2fx in CPU time per cycle.\n", fpc / bpc, ft / bt
    printf "Lockstep / speed-of-light: %.1fx in instructions per cycle, %.1fx in CPU time per cycle", fpc / spc, (ft / fc) / (st / sc)
    printf " (bare / speed-of-light: %.1fx, %.1fx).\n", bpc / spc, (bt / bc) / (st / sc)
    printf "Verilator / Icarus (bare RTL, %s): %.0fx in cycles/s.\n", short, (vc / vt) / (ic / it)
    printf "Machine: %s, 2 cores.\n", cpu
}' >"$tmp"
mv "$tmp" "$out"
cat "$out"
