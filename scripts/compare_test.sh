#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# compare_test.sh - the compare levels on an RTL of other timing
# (`make compare-test`, tb/compare.mk).
#
#   scripts/compare_test.sh OUTDIR BASE RETIMED RETIMED_BUG DBUF DBUF_BUG DBUF_STALL2 -- STREAM VEC...
#
# BASE is the runner of rtl/, RETIMED of the tile with one more FLUSH cycle
# per block (tb/retime/flush-wait.patch), RETIMED_BUG the same with bug 05
# (a truncated accumulator) on top. DBUF is the runner of the second
# micro-architecture (docs/architecture.md section 11, make sim UARCH=dbuf's
# build, in $BUILD/uarch-dbuf), DBUF_BUG the same with bug 01 (swapped
# activation mux), DBUF_STALL2 the same with a stalled cycle counted twice
# in the stall_cycles counter (tb/compare/stall-counted-twice.patch). STREAM is a command stream with several blocks per
# command, VEC... single vectors. Environment: BUILD, the base build
# directory (for the checks through make sim). Exit 0 when every
# expectation holds, 1 when one does not, 2 on a set-up error.
set -uo pipefail

die() { echo "compare_test.sh: $*" >&2; exit 2; }
[ $# -ge 10 ] && [ "$8" = -- ] ||
    die "usage: compare_test.sh OUTDIR BASE RETIMED RETIMED_BUG DBUF DBUF_BUG DBUF_STALL2 -- STREAM VEC..."
out=$1 base=$2 retimed=$3 bug=$4 dbuf=$5 dbuf_bug=$6 dbuf_stall2=$7
shift 8
stream=$1
files=("$@")
build=${BUILD:-build}
for b in "$base" "$retimed" "$bug" "$dbuf" "$dbuf_bug" "$dbuf_stall2"; do [ -x "$b" ] || die "no runner $b"; done
for f in "${files[@]}"; do [ -f "$f" ] || die "no vector $f"; done
mkdir -p "$out" || die "cannot create $out"

fail=0 n=0
# expect NAME RC PATTERN BIN ARGS...: run BIN ARGS, the exit status must be
# RC and the output must match the extended regex PATTERN (empty: any).
expect() {
    local name=$1 want=$2 pat=$3 rc=0
    shift 3
    n=$((n + 1))
    "$@" >"$out/$name.log" 2>&1 || rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL $name: exit $rc, expected $want ($out/$name.log)"
        fail=1
    elif [ -n "$pat" ] && ! grep -qE -- "$pat" "$out/$name.log"; then
        echo "FAIL $name: no line matches /$pat/ ($out/$name.log)"
        fail=1
    else
        echo "ok   $name"
    fi
}
opts=(--seed 3 --stall 20 --policy random)

# The base tile passes at every level, at txn with every delta 0.
expect base-cycle 0 '' "$base" "${opts[@]}" "${files[@]}"
expect base-ports 0 '' "$base" "${opts[@]}" --compare ports "${files[@]}"
expect base-txn 0 'txn: 40 command\(s\) compared; RTL minus model completion cycle: min 0, mean 0\.0, max 0' \
    "$base" "${opts[@]}" --compare txn "$stream"
# The retimed tile: cycle and ports see other timing, and the runner says
# that txn passes, and how late the RTL is.
expect retimed-cycle 1 'diagnosis: at --compare txn this file passes.*min [1-9]' \
    "$retimed" "${opts[@]}" "$stream"
expect retimed-cycle-hint 1 'micro-architecture differs.*--compare txn' "$retimed" "${opts[@]}" "$stream"
expect retimed-ports 1 'MISMATCH' "$retimed" "${opts[@]}" --compare ports "$stream"
# txn passes it; every command is later by its loaded blocks (min >= 1).
expect retimed-txn 0 'txn: 40 command\(s\) compared; RTL minus model completion cycle: min [1-9][0-9]*, mean [0-9.]+, max [1-9]' \
    "$retimed" "${opts[@]}" --compare txn "$stream"
expect retimed-txn-singles 0 '' "$retimed" "${opts[@]}" --compare txn "${files[@]:1}"
# A latency bound below the retiming fails it, naming the command.
expect retimed-txn-bound 1 'TXN LATENCY .*command [0-9]+ completed at cycle' \
    "$retimed" "${opts[@]}" --compare txn --latency-bound 1 "$stream"
# A real bug does not pass because the compare is relaxed.
expect retimed-bug-txn 1 'TXN MISMATCH .*command [0-9]+, row [0-9]+, column [0-9]+: model -?[0-9]+ \(cycle [0-9]+\), RTL' \
    "$bug" "${opts[@]}" --compare txn "$stream"
expect retimed-bug-diagnosis 1 'diagnosis: it fails at --compare txn too' "$bug" "${opts[@]}" "$stream"
# A bad level is bad input.
expect bad-level 2 "--compare: 'loose' is not cycle, ports or txn" "$base" --compare loose "$stream"

# The dbuf micro-architecture (section 11): in lockstep with its own model
# configuration, probes included; against the base model only at txn, where
# it completes every multi-block command earlier (max delta < 0).
expect dbuf-cycle 0 'cosim N=[0-9]+ .*rtl=dbuf' "$dbuf" "${opts[@]}" "$stream" "${files[@]}"
expect dbuf-txn-base 0 'txn: 40 command\(s\) compared; RTL minus model completion cycle: min -[1-9][0-9]*, mean -[0-9.]+, max -[1-9]' \
    "$dbuf" "${opts[@]}" --compare txn --uarch base "$stream"
expect dbuf-cycle-base 1 'note: the micro-architectures differ: the RTL was built as .dbuf., the golden model runs .base..*--compare txn \(make sim COMPARE=txn\)' \
    "$dbuf" "${opts[@]}" --uarch base "$stream"
expect dbuf-bad-uarch 2 "--uarch: 'tbuf' is not base or dbuf" "$dbuf" --uarch tbuf "$stream"
# A real bug in the dbuf tile fails against its own model and at txn
# against the base model.
expect dbuf-bug-cycle 1 'MISMATCH' "$dbuf_bug" "${opts[@]}" "$stream"
expect dbuf-bug-txn 1 'TXN MISMATCH .*command [0-9]+, row [0-9]+, column [0-9]+: model' \
    "$dbuf_bug" "${opts[@]}" --compare txn --uarch base "$stream"
# The dbuf tile's busy cycles under stalls lie in a range (section 11),
# not at one value: a tile that counts a stalled cycle twice in
# stall_cycles leaves it below, and at ports (no per-cycle compare of the
# counters) only that rule sees it: cycles is still the busy cycles and
# stall_cycles within it (the counter rules of any timing hold); without
# stalls its counters are exact, and it passes.
expect dbuf-cycle-range 1 'counters: command [0-9]+: cycles - stall_cycles = [0-9]+, outside \[[0-9]+, [0-9]+\] of docs/architecture.md section 11' \
    "$dbuf_stall2" "${opts[@]}" --compare ports "$stream"
expect dbuf-cycle-range-no-stall 0 '' "$dbuf_stall2" --seed 3 --stall 0 --compare ports "$stream"
# Its diagnosis does not send the designer to txn, which checks no cycle
# count: every command completes at the model's cycle there, and the
# counter rules txn does check hold.
expect dbuf-cycle-range-diagnosis 1 'diagnosis: not timing: .* what fails here \(counters\) is a probe or counter rule that txn does not check' \
    "$dbuf_stall2" "${opts[@]}" --compare ports "$stream"
# Through make sim (its verdict, the txn reference defaulting to base).
expect make-dbuf-cycle-base 1 'micro-architectures differ.*COMPARE=txn' \
    scripts/verdict.sh --no-print-directory sim UARCH=dbuf MODEL_UARCH=base N=4 SIM_DEBUG=0 \
    BUILD="$build/uarch-dbuf" VEC="$stream"
expect make-dbuf-txn 0 'txn: 40 command\(s\) compared; RTL minus model completion cycle: min -' \
    scripts/verdict.sh --no-print-directory sim UARCH=dbuf COMPARE=txn N=4 SIM_DEBUG=0 \
    BUILD="$build/uarch-dbuf" VEC="$stream"
expect make-bad-uarch 2 'the tile.s micro-architectures are base and dbuf' \
    scripts/verdict.sh --no-print-directory sim UARCH=tbuf N=4 BUILD="$build/uarch-dbuf" VEC="$stream"

if [ "$fail" = 0 ]; then
    echo "compare-test: OK ($n checks: the retimed tile fails cycle and ports, passes txn, a bound and a real bug fail txn;" \
        "dbuf passes against its own model and against base at txn, fails against base at cycle, and its bug fails both)"
fi
exit "$fail"
