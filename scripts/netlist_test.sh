#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# netlist_test.sh - the synthesized netlist in lockstep (make netlist-test,
# in CI; docs/verification.md "The netlist in lockstep"):
#   - make sim NETLIST=1 at N=4 (the plan's runs but the opt-in hold run):
#     the Yosys netlist of rtl/ against the golden model, every port and
#     probe every cycle, passes;
#   - each netlist-only bug of tb/netlist/bugs/ (a patch of rtl/ that a
#     simulator and a synthesizer read differently) passes make sim on
#     its RTL and fails, verdict 1, on its netlist: the reset runs and the
#     fault runs of the suite (TESTS=reset-early,reset-late,faults), the
#     netlist made by scripts/netlist.py as make sim NETLIST=1 makes it.
#
#   scripts/netlist_test.sh WORKDIR
set -uo pipefail

die() { echo "netlist_test.sh: $*" >&2; exit 2; }
[ $# -eq 1 ] || die "usage: netlist_test.sh WORKDIR"
work=$1
rm -rf "$work" && mkdir -p "$work" || die "cannot create $work"
fail=0
runs="TESTS=reset-early,reset-late,faults"
srcs=$(sed -e 's://.*$::' rtl/stc_tile.f | tr '\n' ' ')
[ -n "${srcs// /}" ] || die "rtl/stc_tile.f lists no source"

# expect NAME WANT PATTERN MAKE-ARG...: scripts/verdict.sh sim MAKE-ARG...
# exits WANT and prints a line matching PATTERN.
expect() {
    local name=$1 want=$2 pat=$3 rc=0 log="$work/$1.log"
    shift 3
    scripts/verdict.sh --no-print-directory sim SIM_DEBUG=0 "$@" >"$log" 2>&1 || rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL $name: verdict $rc, expected $want ($log)"
        fail=1
    elif ! grep -qE -- "$pat" "$log"; then
        echo "FAIL $name: no line matches /$pat/ ($log)"
        fail=1
    else
        echo "ok   $name (verdict $rc)"
    fi
}

# check_stock: make sim NETLIST=1 at N=4 (the plan without the opt-in hold
# run: 2^24 cycles of gates take minutes) passes, having synthesized and
# checked the netlist.
check_stock() {
    expect stock 0 'make sim: PASS' NETLIST=1 N=4 BUILD="$work/build-stock" JOBS=1
    if ! grep -q '^netlist: Yosys synthesizes rtl/ at N=4' "$work/stock.log" ||
        ! grep -q '^rtl-ports: stc_tile has the ports' "$work/stock.log" ||
        [ ! -s "$work/build-stock/gates/stc_tile_gates.v" ]; then
        echo "FAIL stock: the run did not synthesize and check the netlist ($work/stock.log)"
    fi
}

# check_bug PATCH: its RTL passes make sim, its netlist fails it.
check_bug() {
    local patch=$1 id copy csrcs f
    id=$(basename "$patch" .patch)
    copy="$work/$id"
    mkdir -p "$copy" && cp -r rtl "$copy/" || die "cannot copy rtl/"
    patch -s -p1 -d "$copy" <"$patch" || die "$patch does not apply to rtl/"
    csrcs=""
    for f in $srcs; do csrcs="$csrcs $copy/$f"; done
    # Its RTL, as make sim simulates it: no difference.
    expect "$id-rtl" 0 'make sim: PASS' N=4 "$runs" RTL_TOP=stc_tile RTL_SRCS="${csrcs# }" \
        BUILD="$work/build-$id-rtl" JOBS=1
    # Its netlist: a difference, at the first failing cycle.
    # shellcheck disable=SC2086 # csrcs: one word per source
    if ! scripts/netlist.py --top stc_tile --n 4 --m-max 1024 --kb-max 64 --out "$copy/gates" $csrcs \
        >"$work/$id-synth.log" 2>&1; then
        echo "FAIL $id: the synthesis failed ($work/$id-synth.log)"
        return
    fi
    expect "$id-netlist" 1 'first divergence: cycle [0-9]+' N=4 "$runs" RTL_TOP=stc_tile \
        RTL_SRCS="$copy/gates/stc_tile_netlist.v $copy/gates/stc_tile_gates.v" \
        BUILD="$work/build-$id-netlist" JOBS=1
}

# All at once, each make with JOBS=1 (a synthesis and a model's build are
# one process each), their lines printed in order.
names=(stock)
check_stock >"$work/stock.result" 2>&1 &
for patch in tb/netlist/bugs/*.patch; do
    names+=("$(basename "$patch" .patch)")
    check_bug "$patch" >"$work/${names[-1]}.result" 2>&1 &
done
wait
for name in "${names[@]}"; do
    cat "$work/$name.result"
    if grep -q '^FAIL' "$work/$name.result" || ! grep -q '^ok' "$work/$name.result"; then
        fail=1
    fi
done

# docs/verification.md quotes each bug's first divergence on its netlist:
# the line must be the run's.
for name in "${names[@]:1}"; do
    line=$(grep -m 1 -o 'first divergence: cycle [0-9]*, .*' "$work/$name-netlist.log" 2>/dev/null)
    if [ -n "$line" ] && grep -qF "\`$line\`" docs/verification.md; then
        echo "ok   docs/verification.md quotes $name's first divergence as the run printed it"
    else
        echo "FAIL docs/verification.md: its quoted first divergence of $name is not the run's ('$line')"
        fail=1
    fi
done

[ "$fail" = 0 ] && echo "netlist-test: OK (the netlist of rtl/ passes make sim at N=4, every port and probe every cycle; each netlist-only bug passes make sim on its RTL and fails on its netlist)"
exit "$fail"
