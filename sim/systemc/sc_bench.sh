#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# sc_bench.sh - speed of the SystemC cosim (build/sc-nN/stc_sim_sc) next to
# the C lockstep runner (build/stc_sim-nN) over the same vectors: the whole
# regression of each array size, no stalls, seed 1.
#
# usage: sim/systemc/sc_bench.sh BUILD_DIR OUT.md REPS N...
# Both runners report simulated clock cycles and the CPU seconds of their
# simulation loop; the median of REPS runs is kept (CPU time, so other load
# on the machine matters less). hyperfine adds the wall-clock time of the
# whole process (start-up, elaboration and vector reading included) when it
# is installed. Writes OUT.md atomically. Exit 1 when the two runners
# disagree on the simulated cycles or a run fails, 2 on a set-up error.
set -euo pipefail

build=${1:?usage: sc_bench.sh BUILD_DIR OUT.md REPS N...}
out=${2:?usage: sc_bench.sh BUILD_DIR OUT.md REPS N...}
reps=${3:?usage: sc_bench.sh BUILD_DIR OUT.md REPS N...}
shift 3
[ $# -gt 0 ] || { echo "sc_bench.sh: no array size given" >&2; exit 2; }

# "cycles cpu_seconds" of one run; both runners print
# "<prefix> N=.. stall=..% seed=..: C cycles in S s CPU (R cycles/s)".
run_once() {
    "$@" | sed -n 's/^\(cosim\|sim-sc\) N=.*: \([0-9]* commands, \)\{0,1\}\([0-9]*\) cycles in \([0-9.]*\) s CPU.*/\3 \4/p'
}
median_run() {
    local i
    for ((i = 0; i < reps; i++)); do run_once "$@"; done | sort -k2 -g |
        awk -v r="$reps" 'NR == int((r + 1) / 2)'
}

tmp=$(mktemp "$out.tmp.XXXXXX")
trap 'rm -f "$tmp"' EXIT
{
    printf '| N | vectors (regression x repeats) | runner | simulated cycles | CPU s (median of %s) | cycles/s | SystemC cost |' "$reps"
    command -v hyperfine >/dev/null && printf ' wall s (hyperfine, mean of %s) |' "$reps"
    printf '\n|---|---:|---|---:|---:|---:|---:|'
    command -v hyperfine >/dev/null && printf -- '---:|'
    printf '\n'
} >"$tmp"

for n in "$@"; do
    c=$build/stc_sim-n$n
    s=$build/sc-n$n/stc_sim_sc
    for tool in "$c" "$s"; do
        [ -x "$tool" ] || { echo "sc_bench.sh: missing $tool (make it first)" >&2; exit 2; }
    done
    mapfile -t regr < <(ls vectors/regression/*-n"$n"-*.vec)
    # Repeat the regression until one run simulates at least MIN_CYCLES
    # (the N=4 set alone is too short to time).
    read -r once _ < <(run_once "$c" --quiet "${regr[@]}")
    rep=$(((${MIN_CYCLES:-200000} + once - 1) / once))
    vecs=()
    for ((i = 0; i < rep; i++)); do vecs+=("${regr[@]}"); done
    echo "sc_bench: N=$n, ${#regr[@]} vectors x $rep, $reps runs of each runner" >&2
    read -r cc ct < <(median_run "$c" --quiet "${vecs[@]}")
    read -r sc st < <(median_run "$s" --quiet "${vecs[@]}")
    [ -n "${cc:-}" ] && [ -n "${sc:-}" ] || { echo "sc_bench.sh: a runner failed at N=$n" >&2; exit 1; }
    [ "$cc" = "$sc" ] || { echo "sc_bench.sh: N=$n: cycle counts differ (C $cc, SystemC $sc)" >&2; exit 1; }
    cw="" sw=""
    if command -v hyperfine >/dev/null; then
        j=$(mktemp)
        hyperfine -N --runs "$reps" --style none --export-json "$j" \
            "$c --quiet ${vecs[*]}" "$s --quiet ${vecs[*]}" >/dev/null 2>&1
        read -r cw sw < <(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print(" ".join("%.3f" % x["mean"] for x in r))' "$j")
        rm -f "$j"
    fi
    awk -v n="$n" -v nv="${#regr[@]}" -v rep="$rep" -v cc="$cc" -v ct="$ct" -v sc="$sc" -v st="$st" \
        -v cw="$cw" -v sw="$sw" 'BEGIN {
        h = cw != ""
        printf "| %s | %s x %s | C lockstep `stc_sim-n%s` | %d | %.3f | %.0f | 1.00 |", n, nv, rep, n, cc, ct, cc / ct
        if (h) printf " %s |", cw
        printf "\n| %s | %s x %s | SystemC `sc-n%s/stc_sim_sc` | %d | %.3f | %.0f | %.2f |", n, nv, rep, n, sc, st, sc / st, st / ct
        if (h) printf " %s |", sw
        printf "\n"
    }' >>"$tmp"
done
printf '\nMachine: %s, %s cores; load average at the end: %s.\n' \
    "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')" "$(nproc)" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" >>"$tmp"
mv "$tmp" "$out"
trap - EXIT
cat "$out"
