#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# debug_test.sh - proves the failure-debug tools on a deliberately broken
# RTL (make debug-test): the runner's first divergent cycle, the marker of
# the save file, the first mismatch in the FST and the shrunk vector agree.
#
# usage: sim/debug/debug_test.sh BUILD
# Needs BUILD/stc_sim-n4 (good), BUILD/stc_sim-n4-bug, BUILD/stc_debug-n4-bug,
# BUILD/stc_debug-n4, BUILD/stc_gtkw and fst2vcd.
set -u
build=${1:-build}
vec=${DBG_TEST_VEC:-vectors/regression/sp24-n4-2of4-m16-k64-s1.vec}
seed=${DBG_TEST_SEED:-1}
stall=${DBG_TEST_STALL:-25}
good=$build/stc_sim-n4 bug=$build/stc_sim-n4-bug dbg=$build/stc_debug-n4-bug
out=$build/debug-test/out
fails=0 checks=0

ok() { checks=$((checks + 1)); echo "  ok   $*"; }
bad() { checks=$((checks + 1)); fails=$((fails + 1)); echo "  FAIL $*"; }
check() { # check DESCRIPTION COMMAND...
    local what=$1
    shift
    if "$@"; then ok "$what"; else bad "$what"; fi
}
# "pe_prod[0][1]" -> "pe_prod_0_1", "cnt.macs_actual" -> "cnt_macs_actual"
vcd_name() { echo "$1" | sed -e 's/\]\[/_/g' -e 's/\[/_/' -e 's/\]//' -e 's/\./_/'; }
# first divergence: cycle C, SIG  ->  "C SIG"
divergence() { sed -n 's/^ *first divergence: cycle \([0-9]*\), \(.*\)$/\1 \2/p' "$1" | head -n 1; }
# marker time of a save file (second field of the "*zoom marker ..." line)
marker() { sed -n 's/^\*[-0-9.]* \([-0-9]*\) .*/\1/p' "$1" | head -n 1; }
# first trace name inside the first group of a save file
first_trace() { grep -m 1 '^lockstep\.' "$1"; }
# "TIME NAME" of the first 1 on any mismatch_* variable in an FST
fst_first_mismatch() {
    fst2vcd "$1" 2>/dev/null | awk '
        $1 == "$var" && $5 ~ /^mismatch_/ { name[$4] = $5 }
        /^#/ { t = substr($0, 2) }
        /^1/ { id = substr($0, 2); if (id in name) { print t, name[id]; exit } }'
}
header() { sed -n "s#^// $2 \\(.*\\)\$#\\1#p" "$1"; }

rm -rf "$out" "$out-again"
mkdir -p "$out"
echo "== debug-test: broken RTL (mux inputs 1/2 swapped), $vec seed $seed stall $stall%"

# 1. The runner on the broken RTL fails; the good one passes.
"$bug" --seed "$seed" --stall "$stall" "$vec" >"$out/runner.log" 2>&1
check "broken runner fails (exit 1)" test $? -eq 1
"$good" --seed "$seed" --stall "$stall" "$vec" >/dev/null 2>&1
check "good runner passes the same vector" test $? -eq 0
read -r cyc sig <<<"$(divergence "$out/runner.log")"
check "runner names a first divergence (cycle ${cyc:-?}, ${sig:-?})" test -n "${cyc:-}"

# 2. The debug program: exit 1, same divergence, files written.
"$dbg" --seed "$seed" --stall "$stall" --out "$out" "$vec" >"$out/debug.log" 2>&1
check "stc_debug exits 1 on the failing vector" test $? -eq 1
sed 's/^/      /' "$out/debug.log"
read -r dcyc dsig <<<"$(divergence "$out/debug.log")"
check "stc_debug reports the runner's divergence" test "${dcyc:-}/${dsig:-}" = "$cyc/$sig"
prefix=$out/$(basename "$vec" .vec)-s$seed-p$stall
for f in "$prefix.fst" "$prefix.gtkw" "$prefix.min.vec" "$prefix.min.fst" "$prefix.min.gtkw"; do
    check "written: $f" test -s "$f"
done
check "no VCD left behind" test ! -e "$prefix.vcd"
# stc_gtkw looks every signal up in the trace: the failure trace is not a
# trace of the tile (no TOP.w_meta_i), so it refuses with exit 2.
"$build/stc_gtkw" "$prefix.fst" "$out/wrong.gtkw" >/dev/null 2>&1
check "stc_gtkw refuses a trace that lacks the tile's signals (exit 2, no file)" \
    test $? -eq 2 -a ! -e "$out/wrong.gtkw"

# 3. Save file: marker on the first divergent cycle (time 2C), the
#    divergent signal first, and it names the FST.
check "save file marker at time $((2 * cyc)) (cycle $cyc)" test "$(marker "$prefix.gtkw")" = $((2 * cyc))
want=lockstep.mismatch_$(vcd_name "$sig")
check "save file starts with $want" test "$(first_trace "$prefix.gtkw")" = "$want"
check "save file opens the FST" grep -q "^\[dumpfile\] \".*$(basename "$prefix").fst\"" "$prefix.gtkw"

# 4. FST: the first mismatch flag set is the runner's signal at time 2C.
read -r t name <<<"$(fst_first_mismatch "$prefix.fst")"
check "FST first mismatch at time ${t:-?} = $((2 * cyc)), ${name:-?}" \
    test "${t:-}/${name:-}" = "$((2 * cyc))/mismatch_$(vcd_name "$sig")"

# 5. The shrunk vector: still fails on the broken RTL (with the printed
#    command), passes on the good one, and is smaller, without stalls.
min=$prefix.min.vec
repro=$(sed -n 's/^  reproduce: //p' "$out/debug.log" | head -n 1)
check "reproduce command uses stall 0: $repro" grep -q -- "--stall 0 " <<<"$repro"
$repro >"$out/min.log" 2>&1
check "shrunk vector fails on the broken RTL" test $? -eq 1
"$good" "$min" >/dev/null 2>&1
check "shrunk vector passes on the good RTL (valid, expected C right)" test $? -eq 0
om=$(header "$vec" m) ok_=$(header "$vec" k) mm=$(header "$min" m) mk=$(header "$min" k)
check "shrunk vector is smaller: m $om -> $mm, k $ok_ -> $mk" test $((mm * mk)) -lt $((om * ok_))
read -r mcyc msig <<<"$(divergence "$out/min.log")"
check "minimal trace marker on its divergence (cycle ${mcyc:-?})" \
    test "$(marker "$prefix.min.gtkw")" = $((2 * ${mcyc:-0}))
read -r t name <<<"$(fst_first_mismatch "$prefix.min.fst")"
check "minimal FST first mismatch = ${msig:-?} at cycle ${mcyc:-?}" \
    test "${t:-}/${name:-}" = "$((2 * ${mcyc:-0}))/mismatch_$(vcd_name "${msig:-}")"

# 6. Deterministic: a second run writes the same vector, trace (byte for
# byte: the FST carries no date) and save file.
"$dbg" --seed "$seed" --stall "$stall" --out "$out-again" "$vec" >/dev/null 2>&1
again=$out-again/$(basename "$prefix")
check "deterministic shrink (identical .min.vec)" cmp -s "$min" "$again.min.vec"
check "deterministic save file" cmp -s <(grep -v '^\[dumpfile\]' "$prefix.gtkw") \
    <(grep -v '^\[dumpfile\]' "$again.gtkw")
check "deterministic trace (identical .fst)" cmp -s "$prefix.fst" "$again.fst"

# 7. On the good RTL there is nothing to debug: exit 0, no files.
"$build/stc_debug-n4" --seed "$seed" --stall "$stall" --out "$out/good" "$vec" >/dev/null 2>&1
check "stc_debug on the good RTL exits 0" test $? -eq 0

# 6. At --compare txn: the failure is the scoreboard's, the shrinker keeps
# the level (the minimal vector still fails at txn), and the RTL's trace is
# the tracing runner's command at the same level.
tout=$out/txn
rm -rf "$tout"
"$dbg" --compare txn --seed "$seed" --stall "$stall" --out "$tout" "$vec" >"$tout.log" 2>&1
check "stc_debug --compare txn exits 1 on the failing vector" test $? -eq 1
check "stc_debug --compare txn names the transaction mismatch" \
    grep -qE 'transaction mismatch \(txn: result\) of command 0' "$tout.log"
check "stc_debug --compare txn prints the make wave line at txn, marker on the failure" \
    grep -qE -- '^    make wave VEC=.* COMPARE=txn( .*)? MARK=[0-9]+$' "$tout.log"
tmin=$(ls "$tout"/*.min.vec 2>/dev/null | head -n 1)
check "txn: shrunk to a minimal vector that fails on txn: result" \
    grep -qE 'minimal vector: .*fails on txn: result' "$tout.log"
"$bug" --compare txn --seed "$seed" --stall 0 "${tmin:-/nonexistent}" >/dev/null 2>&1
check "txn: the minimal vector fails at txn on the broken RTL" test $? -eq 1
"$good" --compare txn --seed "$seed" --stall 0 "${tmin:-/nonexistent}" >/dev/null 2>&1
check "txn: the minimal vector passes at txn on the good RTL" test $? -eq 0

echo "debug-test: $((checks - fails))/$checks checks passed"
[ "$fails" -eq 0 ]
