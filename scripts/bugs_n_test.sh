#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# bugs_n_test.sh - a bug's runner at each array size is built from a model
# of that size (issue 48): `make BUILD/bugs/ID/stc_sim-nN MUT_N=N` verilates
# into a directory of N's own and links that one, so that a model built
# before at another N (make bugs at N=4, then MUT_N=16) is never linked
# into it. The model directory was BUILD/bugs/ID/vl at every N, and a
# MUT_N=16 make found the N=4 model there up to date.
# Checked with make -n in an empty BUILD: per N, the directory Verilator
# writes (--Mdir) with that N (-GN=), and the model the runner links;
# every size's must be apart. Usage: scripts/bugs_n_test.sh [ID].
# Driven by `make bugs-n-test` (in make bugs).
set -u
id=${1:-01-swapped-mux}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stc-bugs-n.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
dirs=()
for n in 4 16; do
    bin="$tmp/bugs/$id/stc_sim-n$n"
    # A make of its own: not the caller's flags or variables (make bugs MUT_N=16 -j2).
    out=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -n BUILD="$tmp" MUT_N=$n "$bin" 2>&1) || {
        echo "bugs-n-test: make -n $bin MUT_N=$n failed:" >&2
        tail -n 5 <<<"$out" >&2
        exit 2
    }
    # The model's directory: where Verilator writes it (DIR.tmp, renamed
    # to DIR), and the archive the runner's link line names.
    vl=$(grep -E -- "-GN=$n .*--Mdir $tmp/bugs/$id/" <<<"$out" | grep -oE -- "--Mdir [^ ]+" | sed 's/^--Mdir //; s/\.tmp$//')
    link=$(grep -E -- "-o $bin\.tmp " <<<"$out" | grep -oE -- "[^ ]+/Vstc_tile__ALL\.a" | sed 's#/Vstc_tile__ALL\.a$##')
    if [ -z "$vl" ] || [ "$(wc -l <<<"$vl")" -ne 1 ] || [ "$link" != "$vl" ]; then
        echo "bugs-n-test: N=$n: Verilator -GN=$n writes '${vl//$tmp/BUILD}', the runner links '${link//$tmp/BUILD}'" >&2
        fail=1
        continue
    fi
    for d in "${dirs[@]}"; do
        if [ "$d" = "$vl" ]; then
            echo "bugs-n-test: N=$n's model is built in ${vl//$tmp/BUILD}, as another size's: a make at one N links the other's" >&2
            fail=1
        fi
    done
    dirs+=("$vl")
    echo "bugs-n-test: N=$n: model ${vl//$tmp/BUILD}"
done
exit $fail
