#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# bench_edit.sh - edit to verdict: the wall time from a one-line RTL change
# to the closing line of `make sim`, with today's build recipe against the
# one before (the models compiled by GCC (VL_CXX=g++), cold code at -O2,
# no ccache, verilated.h parsed by every file (VL_PCH=), the array's
# clocked logic in one C++ function (VL_SPLIT=), the variants built and
# the array sizes' suites run one after the other, the 2^24-cycle hold run
# in make sim (TESTS=all)), in the same run on the same machine, both with
# make sim's default JOBS (the number of cores).
#
# usage: scripts/bench_edit.sh OUT_DIR OUT.md
# Each configuration gets a copy of the tracked tree (git ls-files) in
# OUT_DIR/<config>/src, its own build directory and its own ccache
# directory, so neither the user's build nor their cache is touched or
# used. Per configuration: a cold `make sim` (an empty build and cache), a
# warm one (nothing changed), then the edit and `make sim` again. The edit
# reorders the operands of the PE's gate enable (same function, different
# generated C++), so the verdict stays PASS: a FAIL or an ERROR stops the
# benchmark (exit 1 or 2). For today's recipe two more figures: when each
# step of the edit's make sim finished (scripts/bench_edit_steps.py), and
# a second edit (the same operands in a third order: undoing the first
# would find every object in ccache) under make sim TESTS=all (the edit
# loop with the opt-in hold run, as make test runs it). Writes OUT.md
# atomically.
set -euo pipefail

dir=${1:?usage: bench_edit.sh OUT_DIR OUT.md}
mkdir -p "$dir" && dir=$(cd "$dir" && pwd) # CCACHE_DIR below is used from other directories
out=${2:?usage: bench_edit.sh OUT_DIR OUT.md}
root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "bench_edit.sh: run it inside the git tree" >&2; exit 2; }
edit_file=rtl/stc_pe_array.v
edit_from="pe_en[ie] = pe_v_q[ie] && (pe_w_q[8*ie +: 8] != 8'd0) && (pe_sel[8*ie +: 8] != 8'd0);"
edit_to="pe_en[ie] = pe_v_q[ie] && (pe_sel[8*ie +: 8] != 8'd0) && (pe_w_q[8*ie +: 8] != 8'd0);"
edit_to2="pe_en[ie] = (pe_sel[8*ie +: 8] != 8'd0) && pe_v_q[ie] && (pe_w_q[8*ie +: 8] != 8'd0);"
grep -qF "$edit_from" "$root/$edit_file" ||
    { echo "bench_edit.sh: $edit_file no longer has the line the benchmark edits (the gate enable); update the script" >&2; exit 2; }

# Seconds of wall time of one make sim in SRC with the given make variables.
timed_sim() {
    local src=$1 log=$2 t0 t1 rc=0
    shift 2
    t0=$(date +%s.%N)
    make -C "$src" --no-print-directory sim "$@" >"$log" 2>&1 || rc=$?
    t1=$(date +%s.%N)
    if [ "$rc" != 0 ]; then
        tail -n 5 "$log" >&2
        echo "bench_edit.sh: make sim failed in $src (log $log)" >&2
        exit "$([ "$(cat "$src/build/sim.verdict" 2>/dev/null)" = 1 ] && echo 1 || echo 2)"
    fi
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }'
}

declare -A cold warm edit
configs=(before now)
for c in "${configs[@]}"; do
    src=$dir/$c/src
    rm -rf "$dir/$c"
    mkdir -p "$src" "$dir/$c/ccache"
    (cd "$root" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$src"
    case $c in
        before) vars=(VL_CXX=g++ VL_OPT=-O2 VL_OPT_SLOW=-O2 VL_CCACHE= VL_PCH= VL_SPLIT= SIM_MAKE_J= SIM_OVERLAP=0 TESTS=all) ;;
        now) vars=() ;;
    esac
    export CCACHE_DIR=$dir/$c/ccache
    echo "bench: edit to verdict, $c: cold make sim" >&2
    cold[$c]=$(timed_sim "$src" "$dir/$c/cold.log" "${vars[@]}")
    echo "bench: edit to verdict, $c: warm make sim" >&2
    warm[$c]=$(timed_sim "$src" "$dir/$c/warm.log" "${vars[@]}")
    text=$(<"$src/$edit_file")
    printf '%s\n' "${text/"$edit_from"/"$edit_to"}" >"$src/$edit_file"
    grep -qF "$edit_to" "$src/$edit_file" || { echo "bench_edit.sh: the edit did not apply" >&2; exit 2; }
    echo "bench: edit to verdict, $c: make sim after the edit" >&2
    t0=$(date +%s.%N)
    edit[$c]=$(timed_sim "$src" "$dir/$c/edit.log" "${vars[@]}")
    t1=$(date +%s.%N)
    [ "$c" = now ] || continue
    # Where today's recipe's wait goes, step by step.
    "$root/scripts/bench_edit_steps.py" "$src/build" "$t0" "$t1" "$dir/steps.md" >/dev/null
    # A second edit, and make sim with its opt-in long run (the N=4 hold
    # of 2^24 + 1000 cycles, tag long), as make test runs it: what the
    # edit loop cost while that run was in it.
    text=$(<"$src/$edit_file")
    printf '%s\n' "${text/"$edit_to"/"$edit_to2"}" >"$src/$edit_file"
    grep -qF "$edit_to2" "$src/$edit_file" || { echo "bench_edit.sh: the second edit did not apply" >&2; exit 2; }
    echo "bench: edit to verdict, $c: make sim TESTS=all after a second edit" >&2
    edit_all=$(timed_sim "$src" "$dir/$c/edit-all.log" TESTS=all)
done

tmp=$(mktemp "$out.tmp.XXXXXX")
{
    echo "| build recipe | cold make sim (s) | warm, nothing changed (s) | one-line RTL edit to verdict (s) |"
    echo "|---|---:|---:|---:|"
    echo "| before: models compiled by GCC, cold code -O2, no ccache, the clocked logic in one C++ function, variants and suites one after the other, the hold run in make sim | ${cold[before]} | ${warm[before]} | ${edit[before]} |"
    echo "| now: models compiled by clang, cold code -O0, ccache, verilated.h precompiled, functions of at most 3,000 statements, every model built by one make beside the others, each size's suites started as soon as its models are built, the long hold run opt-in | ${cold[now]} | ${warm[now]} | ${edit[now]} |"
    echo "| now, with the opt-in hold run (\`make sim TESTS=all\`, as make test runs it) | - | - | ${edit_all} |"
    awk -v b="${edit[before]}" -v n="${edit[now]}" 'BEGIN {
        printf "\nEdit to verdict now takes %.2f of the time it took (%.1f s against %.1f s).\n", n / b, n, b }'
    echo
    echo "Today's recipe, step by step: when each model was verilated, compiled and linked and the first and last suite of each array size finished, in seconds after the edit (\`scripts/bench_edit_steps.py\`, from the modification times of what \`make sim\` wrote; the steps overlap)."
    echo
    cat "$dir/steps.md"
} >"$tmp"
mv "$tmp" "$out"
cat "$out"
