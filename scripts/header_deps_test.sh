#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
#
# header_deps_test.sh - touching a header rebuilds exactly what includes it
# (the -MMD -MP dependency files of every C and C++ object): for each
# header below, `make -n` after a touch must recompile the objects listed
# as including it and none of those listed as not including it. The
# header's time stamp is put back afterwards, so nothing is left stale.
# Usage: scripts/header_deps_test.sh BUILD (the targets below built).
# Driven by `make header-deps-test`.
set -u
build=${1:-build}
targets=("$build/stc_sim-n4" "$build/stc_unit_tests" "$build/sc-n4/stc_sim_sc" "$build/stc_vecgen")
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The objects `make -n` would compile, one per line (each compiled to
# OBJ.tmp, then renamed: OBJ_OUT in the Makefile).
would_compile() {
    make --no-print-directory -n BUILD="$build" "${targets[@]}" 2>/dev/null |
        grep -oE -- " -o '?[^ ']+\.o(\.tmp)?'?( |$)" | sed "s/^ -o //; s/ $//; s/'//g; s/\.tmp$//" | sort -u
}

[ -z "$(would_compile)" ] || { echo "header-deps-test: the targets are not up to date: make ${targets[*]}" >&2; exit 2; }

# check HEADER "MUST REBUILD..." "MUST NOT REBUILD..."
check() {
    local hdr=$1 must=$2 mustnot=$3 o got
    touch -r "$hdr" "$tmp/stamp"
    touch "$hdr"
    got=$(would_compile)
    touch -r "$tmp/stamp" "$hdr"
    for o in $must; do
        grep -qxF "$build/$o" <<<"$got" || { echo "header-deps-test: FAIL touching $hdr does not rebuild $build/$o" >&2; fail=1; }
    done
    for o in $mustnot; do
        ! grep -qxF "$build/$o" <<<"$got" || { echo "header-deps-test: FAIL touching $hdr rebuilds $build/$o, which does not include it" >&2; fail=1; }
    done
    echo "header-deps-test: $hdr -> $(wc -l <<<"$got") objects would be rebuilt"
}

check sim/core/stc_ports.h \
    "sim/core/stc_ports.o vl-n4/core/stc_rtl_verilator.o sc-n4/systemc/stc_sc_cosim.o" \
    "cmodel/stc_tile.o common/stc_cli.o vectors/stc_vec.o unit/tb/unit/test_vec.o sim/core/stc_lockstep.o"
check cmodel/stc_tile.h \
    "cmodel/stc_tile.o sim/core/stc_host.o vl-n4/core/stc_rtl_verilator.o sc-n4/systemc/stc_sc_cosim.o" \
    "common/stc_cli.o common/stc_out.o"
check common/stc_cli.h \
    "common/stc_cli.o sim/core/stc_run_cli.o sim/apps/stc_sim_main.o vectors/stc_vecgen_main.o unit/tb/unit/test_cli.o sc-n4/systemc/stc_sc_cosim.o" \
    "cmodel/stc_tile.o sim/core/stc_ports.o vl-n4/core/stc_rtl_verilator.o"
check common/stc_out.h \
    "common/stc_out.o vectors/stc_vec.o unit/tb/unit/test_out.o" \
    "cmodel/stc_tile.o common/stc_cli.o sim/core/stc_ports.o"
[ -z "$(would_compile)" ] || { echo "header-deps-test: FAIL time stamps not restored" >&2; fail=1; }
[ $fail -eq 0 ] && echo "header-deps-test: PASS"
exit $fail
