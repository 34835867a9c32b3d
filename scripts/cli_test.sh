#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# cli_test.sh - every program of the harness speaks the same command line
# (common/stc_cli.h): --help prints the shared layout and exits 0, an
# unknown option or a bad value exits 2 naming the program, and
# "--opt=value" does exactly what "--opt value" does.
# Usage: scripts/cli_test.sh BUILD N. Driven by `make cli-test`.
set -u
build=${1:-build}
n=${2:-4}
fail=0
say() { echo "cli-test: $*"; }
bad() { echo "cli-test: FAIL: $*" >&2; fail=1; }

progs=("$build/stc_sim-n$n" "$build/stc_debug-n$n" "$build/stc_soak-n$n" "$build/stc_fcov-n$n"
       "$build/stc_vecgen" "$build/stc_vecdump" "$build/sc-n$n/stc_sim_sc" "$build/sc/stc_tlm_example"
       "$build/stc_gtkw" "$build/stc_moegen"
       "$build/stc_traffic" "$build/stc_sol" "$build/stc_gemm")
for p in "${progs[@]}"; do
    name=${p##*/}
    name=${name%-n"$n"}
    if [ ! -x "$p" ]; then
        bad "$p is not built"
        continue
    fi
    rc=0
    help=$("$p" --help 2>&1) || rc=$?
    first=$(head -n 1 <<<"$help")
    last=$(tail -n 1 <<<"$help")
    if [ $rc -ne 0 ] || [[ $first != "usage: $name "* ]] || [[ $last != "exit: 0 "* ]] ||
        ! grep -qx 'options:' <<<"$help" || ! grep -q '^  -h, --help  ' <<<"$help"; then
        bad "$name --help: exit $rc, or not the shared layout: '$first' ... '$last'"
    fi
    rc=0
    err=$("$p" --no-such-option 2>&1 >/dev/null) || rc=$?
    if [ $rc -ne 2 ] || [[ $err != "$name: unknown or ambiguous option '--no-such-option'"* ]]; then
        bad "$name --no-such-option: exit $rc, '$err'"
    fi
done
say "${#progs[@]} programs: --help layout, unknown option -> exit 2"

# Value forms: the same run both ways gives the same bytes.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vg=$build/stc_vecgen
"$vg" --class sp24 --n "$n" --m 5 --blocks 3 --seed 9 --bias -o "$tmp/a.vec" &&
    "$vg" --class=sp24 --n="$n" --m=5 --blocks=3 --seed=9 --bias --out="$tmp/b.vec" &&
    cmp -s "$tmp/a.vec" "$tmp/b.vec" || bad "stc_vecgen: --opt=value and --opt value differ"
sim=$build/stc_sim-n$n
"$sim" --seed 3 --stall 40 --policy gap "$tmp/a.vec" >"$tmp/s1.txt" 2>&1
r1=$?
"$sim" "$tmp/a.vec" --seed=3 --stall=40 --policy=gap >"$tmp/s2.txt" 2>&1
r2=$?
if [ $r1 -ne 0 ] || [ $r2 -ne 0 ] || ! diff -q <(sed 's/ in [0-9.]* s CPU.*//' "$tmp/s1.txt") \
    <(sed 's/ in [0-9.]* s CPU.*//' "$tmp/s2.txt") >/dev/null; then
    bad "stc_sim: --seed=3 --stall=40 --policy=gap (exit $r2) differs from --seed 3 --stall 40 (exit $r1)"
fi
grep -q 'stall=40% seed=3' "$tmp/s2.txt" || bad "stc_sim: --seed=3 --stall=40 not applied"
"$build/stc_vecdump" --what=c "$tmp/a.vec" >"$tmp/d1.txt" && "$build/stc_vecdump" "$tmp/a.vec" --what c >"$tmp/d2.txt" &&
    cmp -s "$tmp/d1.txt" "$tmp/d2.txt" || bad "stc_vecdump: --what=c and --what c differ"
# A value out of range names the option and the range.
rc=0
err=$("$sim" --stall=95 "$tmp/a.vec" 2>&1) || rc=$?
[ $rc -eq 2 ] && grep -q "stc_sim: --stall: '95' is not a number in 0..90" <<<"$err" ||
    bad "stc_sim --stall=95: exit $rc, '$err'"
# "--" ends the options: a vector whose name starts with "-" still runs.
cp "$tmp/a.vec" "$tmp/-odd.vec"
(abs=$(realpath "$sim") && cd "$tmp" && "$abs" --quiet -- -odd.vec >/dev/null 2>&1) || bad "stc_sim -- -odd.vec did not run"
say "value forms: --opt=value == --opt value (stc_vecgen, stc_sim, stc_vecdump), range errors, --"
# A malformed file among good ones is an error (exit 2) wherever it
# stands: a good file after it must not wash the error out.
rc1=0 rc2=0
"$sim" --quiet -- tb/bad_vectors/non-hex.vec "$tmp/a.vec" >/dev/null 2>&1 || rc1=$?
"$sim" --quiet -- "$tmp/a.vec" tb/bad_vectors/non-hex.vec >/dev/null 2>&1 || rc2=$?
[ $rc1 -eq 2 ] && [ $rc2 -eq 2 ] ||
    bad "stc_sim on a malformed file and a good one: exit $rc1 (bad first), $rc2 (good first), expected 2"
say "stc_sim: a malformed file before or after a good one -> exit 2"
# At txn the golden model runs first on its own; if that run fails (here a
# hang limit under its FLUSH), the file cannot run: exit 2, saying why.
rc=0
err=$("$sim" --compare txn --hang-cycles 1 -- "$tmp/a.vec" 2>&1) || rc=$?
[ $rc -eq 2 ] && grep -q "cannot run: .* (the golden model fails its own run, see above)" <<<"$err" ||
    bad "stc_sim --compare txn --hang-cycles 1: exit $rc, '$err'"
say "stc_sim: a golden model that fails its own txn run -> exit 2, said so"
# --fill-c: a vector whose C is zero gets the generator's C back, byte for
# byte; a bad input is exit 2 naming the file and leaves -o untouched.
awk '/^\/\/ section C$/ { c = 1; print; next } /^\/\/ end$/ { c = 0 }
     c { gsub(/[0-9a-f]+/, "00000000") } { print }' "$tmp/a.vec" >"$tmp/zero-c.vec"
cmp -s "$tmp/a.vec" "$tmp/zero-c.vec" && bad "stc_vecgen --fill-c: the test's C was not zeroed"
"$vg" --fill-c "$tmp/zero-c.vec" -o "$tmp/filled.vec" && cmp -s "$tmp/a.vec" "$tmp/filled.vec" ||
    bad "stc_vecgen --fill-c: the filled vector differs from the generated one"
rc=0
err=$("$vg" --fill-c "$tmp/missing.vec" -o "$tmp/filled.vec" 2>&1) || rc=$?
[ $rc -eq 2 ] && grep -q "missing.vec" <<<"$err" && cmp -s "$tmp/a.vec" "$tmp/filled.vec" ||
    bad "stc_vecgen --fill-c missing.vec: exit $rc, '$err', or -o clobbered"
rc=0
"$vg" --fill-c "$tmp/zero-c.vec" >/dev/null 2>&1 || rc=$?
[ $rc -eq 2 ] || bad "stc_vecgen --fill-c without -o: exit $rc, not 2"
say "stc_vecgen --fill-c: C from the reference, errors exit 2 without clobbering"

# stc_moegen: the same options write the same plan and vectors; a bad
# distribution, scheme or output directory exits 2 and leaves a good plan
# as it was.
mg=$build/stc_moegen
mgo=(--experts 8 --tokens 64 --topk 2 --n "$n" --d $((2 * n)) --seed 4)
"$mg" --dist hot2 --schemes group,cap125 "${mgo[@]}" --out-dir "$tmp/moe1" --plan "$tmp/plan1.csv" &&
    "$mg" --dist=hot2 --schemes=group,cap125 "${mgo[@]}" --out-dir="$tmp/moe2" --plan="$tmp/plan2.csv" &&
    cmp -s "$tmp/plan1.csv" "$tmp/plan2.csv" && diff -r -q "$tmp/moe1" "$tmp/moe2" >/dev/null ||
    bad "stc_moegen: two runs with the same options differ"
[ "$(head -n 1 "$tmp/plan1.csv")" = dist,scheme,expert,chunk,load,m,useful,pad,dropped,vector ] ||
    bad "stc_moegen: plan header '$(head -n 1 "$tmp/plan1.csv")'"
cp "$tmp/plan1.csv" "$tmp/plan-good.csv"
for args in "--dist lognormal --schemes group" "--dist hot2 --schemes cap50" "--dist hot9 --schemes group"; do
    rc=0
    # shellcheck disable=SC2086 # the option words of the case
    err=$("$mg" $args "${mgo[@]}" --out-dir "$tmp/moe1" --plan "$tmp/plan1.csv" 2>&1) || rc=$?
    if [ $rc -ne 2 ] || [[ $err != "stc_moegen: "* ]] || ! cmp -s "$tmp/plan1.csv" "$tmp/plan-good.csv"; then
        bad "stc_moegen $args: exit $rc, '$err', or the plan clobbered"
    fi
done
: >"$tmp/a-file"
rc=0
err=$("$mg" --dist hot2 --schemes group "${mgo[@]}" --out-dir "$tmp/a-file" --plan "$tmp/plan1.csv" 2>&1) || rc=$?
[ $rc -eq 2 ] && [[ $err == *"a-file"* ]] || bad "stc_moegen --out-dir FILE: exit $rc, '$err'"
"$build/stc_sim-n$n" --quiet "$tmp"/moe1/*.vec >/dev/null 2>&1 || bad "stc_moegen: its vectors do not pass the lockstep"
# --stream-dir: one stream per scheme holding exactly the plan's commands.
"$mg" --dist hot2 --schemes group "${mgo[@]}" --out-dir "$tmp/moe3" --plan "$tmp/plan3.csv" --stream-dir "$tmp/moe3s" &&
    [ "$(sed -n 's|^// commands ||p' "$tmp/moe3s/hot2-group.vec")" = "$(awk -F, 'NR > 1 && $10 != "-"' "$tmp/plan3.csv" | wc -l)" ] &&
    "$build/stc_sim-n$n" --quiet "$tmp/moe3s/hot2-group.vec" >/dev/null 2>&1 ||
    bad "stc_moegen --stream-dir: the stream does not hold the plan's commands or fails the lockstep"
say "stc_moegen: deterministic, errors exit 2 without clobbering the plan, vectors pass the lockstep"

# --a-zeros: a bad value exits 2; the option changes A only.
rc=0
"$vg" --class dense --n "$n" --m 4 --blocks 2 --seed 1 --a-zeros 101 -o "$tmp/az.vec" >/dev/null 2>&1 || rc=$?
[ $rc -eq 2 ] || bad "stc_vecgen --a-zeros 101: exit $rc, not 2"

# Sector traffic (docs/architecture.md section 10, the DMA memory image),
# at N=16, M=16, K=512, S=32, worked out from the layout: dense W is 512
# rows of 16 bytes read in order, 8192 bytes = 256 sectors; each dense A
# beat is 16 bytes of another row (512 bytes apart), one sector each:
# 32 passes * 16 rows = 512. 2:4 (16 blocks of 32): 256 kept rows = 128
# sectors; 8 bytes of metadata on 8 beats a pass, 2 sectors * 16 passes =
# 32; A beats of 32 bytes at multiples of 32: 16 * 16 = 256. At S=64 the
# rows pair up twice as much (W 128, 2:4 W 64, metadata 16), the A beats
# do not (512, 256). Stalls change when beats move, not where from.
sim16=$build/stc_sim-n16
if [ -x "$sim16" ]; then
    "$vg" --class dense --n 16 --m 16 --k 512 --seed 5 -o "$tmp/d16.vec" &&
        "$vg" --class sp24 --n 16 --m 16 --k 512 --seed 5 -o "$tmp/s16.vec" || bad "stc_vecgen N=16"
    sectors() { # S STALL: the four traffic columns of both vectors, by header name
        "$sim16" --quiet --sector-bytes "$1" --stall "$2" --csv "$tmp/t.csv" "$tmp/d16.vec" \
            "$tmp/s16.vec" >/dev/null 2>&1 || echo "run failed"
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
                 { printf "%s %s %s %s %s;", $col["mode"], $col["sector_bytes"], $col["w_sectors"],
                   $col["meta_sectors"], $col["a_sectors"] }' "$tmp/t.csv"
    }
    want32="dense 32 256 0 512;2:4 32 128 32 256;"
    want64="dense 64 128 0 512;2:4 64 64 16 256;"
    got=$(sectors 32 0)
    [ "$got" = "$want32" ] || bad "stc_sim --csv sectors at S=32: '$got', expected '$want32'"
    got=$(sectors 32 30)
    [ "$got" = "$want32" ] || bad "stc_sim --csv sectors at S=32, 30% stalls: '$got', expected '$want32'"
    got=$(sectors 64 0)
    [ "$got" = "$want64" ] || bad "stc_sim --csv sectors at S=64: '$got', expected '$want64'"
    head -n 1 "$tmp/t.csv" | grep -q ',w_bytes,meta_bytes,a_bytes,sector_bytes,w_sectors,meta_sectors,a_sectors$' ||
        bad "stc_sim --csv: the sector columns are not appended after a_bytes"
    say "stc_sim --csv sector columns at N=16: dense and 2:4, S=32 and 64, with stalls"
else
    bad "$sim16 is not built (the sector traffic check runs at N=16)"
fi
for s in 48 2 8192 x; do
    rc=0
    err=$("$sim" --sector-bytes "$s" "$tmp/a.vec" 2>&1) || rc=$?
    [ $rc -eq 2 ] && grep -q "stc_sim: --sector-bytes: '$s' is not" <<<"$err" ||
        bad "stc_sim --sector-bytes $s: exit $rc, '$err'"
done
say "stc_sim --sector-bytes: not a power of two in 4..4096 -> exit 2"
# A stream's --csv row describes the whole file (docs/targets.md): its
# commands' M and K summed (read here from the file's own headers), the
# run's cycles as its PASS line says them, the per-command counters empty.
st=vectors/regression/stream-pairs-n4-s1.vec
out=$("$sim" --csv "$tmp/s.csv" "$st" 2>&1) || bad "stc_sim on $st failed: $out"
want_m=$(($(sed -n 's#^// m ##p' "$st" | paste -sd+)))
want_k=$(($(sed -n 's#^// k ##p' "$st" | paste -sd+)))
want_c=$(sed -n 's#.* PASS .*cycles=\([0-9]*\).*#\1#p' <<<"$out")
row=$(python3 -c 'import csv,sys; r=list(csv.DictReader(open(sys.argv[1])))[0]; print(r["class"], r["m"], r["k"], r["cycles"], r["macs_alg"] or "empty", r["w_sectors"] != "")' "$tmp/s.csv")
[ "$row" = "stream $want_m $want_k $want_c empty True" ] ||
    bad "stc_sim --csv on a stream: '$row', expected 'stream $want_m $want_k $want_c empty True'"
say "stc_sim --csv on a stream: one row of the whole file (M, K summed; the run's cycles; counters empty)"
exit $fail
