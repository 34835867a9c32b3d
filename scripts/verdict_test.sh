#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# verdict_test.sh - the exit-code promise of the README, through make:
# scripts/verdict.sh make sim ... exits 0 on a pass, 1 on a mismatch, 2 on
# bad input, and `make sim` prints exactly one closing verdict line.
# Uses the deliberately broken N=4 build of sim/debug/debug.mk (SIM_VARIANT=-bug).
# Driven by `make verdict-test`.
set -u
build=${1:-build}
fail=0
good=vectors/regression/dense-n4-dense-m1-k4-s1.vec
bad=tb/bad_vectors/non-hex.vec
check() { # WANT LABEL MAKE-ARGS...
    local want=$1 label=$2 rc=0 out
    shift 2
    out=$(scripts/verdict.sh --no-print-directory BUILD="$build" SIM_DEBUG=0 "$@" 2>&1) || rc=$?
    local lines
    lines=$(grep -cE '^make sim: (PASS|FAIL|ERROR)' <<<"$out")
    if [ "$rc" -ne "$want" ] || [ "$lines" -ne 1 ]; then
        echo "verdict-test: $label: exit $rc (want $want), $lines closing line(s)" >&2
        tail -n 5 <<<"$out" >&2
        fail=1
    else
        echo "verdict-test: $label: exit $rc, $(grep -E '^make sim: (PASS|FAIL|ERROR)' <<<"$out")"
    fi
}
check 0 "passing vector" sim VEC=$good
check 2 "malformed vector" sim VEC=$bad
check 2 "missing vector" sim VEC=no/such.vec
check 1 "broken RTL, one vector" sim VEC=vectors/regression/sp24-n4-2of4-m16-k64-s1.vec SIM_VARIANT=-bug
check 1 "broken RTL, the suite" sim N=4 SIM_VARIANT=-bug
# Fail closed: the N=4 suite's output (written while N=16 runs in the
# foreground) cannot be written, a directory in its place, as on a full
# disk: an error, never a pass. (More faults: make runner-faults-test.)
rm -rf "$build/sim-n4.out" && mkdir -p "$build/sim-n4.out/x"
check 2 "a suite's output unwritable" sim SIM_DEBUG=0 JOBS=2
rm -rf "$build/sim-n4.out"
# The verdict itself unwritable: make sim says so and exits 2.
rm -f "$build/sim.verdict" && mkdir -p "$build/sim.verdict/x"
rc=0
out=$(scripts/verdict.sh --no-print-directory BUILD="$build" SIM_DEBUG=0 sim VEC=$good 2>&1) || rc=$?
rm -rf "$build/sim.verdict"
if [ $rc -ne 2 ] || ! grep -q 'cannot write the verdict' <<<"$out"; then
    echo "verdict-test: verdict unwritable: exit $rc, want 2 naming it" >&2
    fail=1
else
    echo "verdict-test: verdict unwritable: exit 2 ($(grep -o 'cannot write the verdict [^:]*' <<<"$out"))"
fi
# An unsupported array size is refused before anything is built.
start=$(date +%s)
rc=0
out=$(scripts/verdict.sh --no-print-directory BUILD="$build" sim N=32 2>&1) || rc=$?
if [ $rc -ne 2 ] || ! grep -q 'N=32 is not supported' <<<"$out" || [ $(($(date +%s) - start)) -gt 10 ]; then
    echo "verdict-test: N=32: exit $rc, want 2 at once with a message" >&2
    fail=1
else
    echo "verdict-test: unsupported N: exit 2 at once ($(grep -o 'N=32 is not supported[^(]*' <<<"$out"))"
fi
# A make refused before make sim runs, right after a passing run left 0 in
# $build/sim.verdict: 2, never that stale 0 (issue 48).
for refused in N=32 JOBS=0; do
    check 0 "passing vector, before $refused" sim VEC=$good
    rc=0
    out=$(scripts/verdict.sh --no-print-directory BUILD="$build" sim VEC=$good "$refused" 2>&1) || rc=$?
    if [ $rc -ne 2 ] || ! grep -q 'left no readable verdict' <<<"$out"; then
        echo "verdict-test: $refused right after a pass: exit $rc, want 2 (no verdict of its own)" >&2
        fail=1
    else
        echo "verdict-test: $refused right after a pass: exit 2 ($(cat "$build/sim.verdict") in $build/sim.verdict)"
    fi
done
exit $fail
