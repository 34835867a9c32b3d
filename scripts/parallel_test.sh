#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# shellcheck disable=SC2015 # "A && ok || bad": ok always succeeds
# parallel_test.sh - make sim in parallel and in shards writes what the
# serial run writes (`make parallel-test`, in CI):
#
#   1. make sim JOBS=2 == JOBS=1 (both N): suite.txt, runs.txt, CSVs,
#      first-failure.args byte for byte; logs, JUnit and the page modulo
#      their CPU times; the parallel run really ran out of canonical order
#   2. make sim SHARD=1/2 + SHARD=2/2, make sim-merge == the unsharded run,
#      verdicts through scripts/verdict.sh equal
#   3. a broken RTL (SIM_VARIANT=-bug), shard 2/2 at N=4 (singles and 7
#      more): JOBS=2 == JOBS=1, verdict 1; with the first failing
#      run held back (a wrapper of the runner), later failing runs finish
#      first, and the first failure reported is still the first in canonical
#      order (singles); FIRST_FAILURE=1 (make bugs) the same in parallel;
#      WAVES=1 keeps the same 20 waveforms (the cap) with JOBS=2
#   4. bad input exits 2 naming it: JOBS=0, JOBS=x, SHARD=3/2, SHARD=1/0,
#      SHARD=a, through make, scripts/verdict.sh and the runner (stc_simrun suite); merges
#      with a shard missing, twice, or of another suite
#   5. the mutation campaign (make mutate, MUT_TEST_COUNT=12 mutants at
#      N=4): JOBS=2 and SHARD=1/2 + 2/2 merged (make mutate-merge) write
#      the results, report, plan and verdict of JOBS=1 and print the same;
#      the JOBS=2 run really ran two at once; with no survivor explained,
#      verdict 1 the same way; a set-up error (mutant 0 failing, a runner
#      exiting 3) exits 2 in parallel naming the lowest mutant; bad JOBS
#      and SHARD, merges with a slice missing, twice, of other options, of
#      another mutation list, a mutant missing or twice exit 2 naming it
#   6. the report sweep (scripts/report.sh --quick, what report-check
#      runs): JOBS=2 writes the CSVs of JOBS=1; bad JOBS exits 2
#
#   scripts/parallel_test.sh BUILD [PART...]     PART: sim (1-4), mutate (5),
#                                                report (6); default all
#
# Exit: 0 all checks pass, 1 a check failed, 2 set-up error.
set -euo pipefail
build=${1:?usage: parallel_test.sh BUILD [sim|mutate|report...]}
shift
parts=" ${*:-sim mutate report} "
t=$build/parallel-test
mk() { "${MAKE:-make}" --no-print-directory BUILD="$build" SIM_DEBUG=0 "$@"; }
fails=0
ok() { echo "parallel-test: ok   $*"; }
bad() { echo "parallel-test: FAIL $*" >&2; fails=$((fails + 1)); }
rm -rf "$t"
mkdir -p "$t"
for p in $parts; do
    case $p in sim | mutate | report) ;; *) echo "parallel-test: unknown part '$p' (sim, mutate, report)" >&2; exit 2 ;; esac
done

# same A B: two SIM_DIRs hold the same outputs: every file byte for byte,
# but the CPU times of logs, JUnit and the page, and the scheduling files
# (and .bin, the binaries a run executes: a merge of shards runs none).
norm() { sed -E -e 's/time="[0-9.]+"/time=""/g' -e 's/in [0-9.]+ s CPU \([0-9]+ cycles\/s\)//' \
    -e 's#<td>[0-9]+\.[0-9]{3}</td>#<td></td>#g' "$1"; }
same() {
    local a=$1 b=$2 what=$3 f d=0
    if ! diff -r -q -x parts -x .bin -x '.*.lock' -x schedule.txt -x shard.txt -x '*.log' -x '*.xml' -x '*.html' -x '*.fst' "$a" "$b" >"$t/diff.txt" ||
        ! diff <(cd "$a" && find . -name '*.fst' | sort) <(cd "$b" && find . -name '*.fst' | sort) >>"$t/diff.txt"; then
        bad "$what: files differ:"; cat "$t/diff.txt" >&2
        return
    fi
    while read -r f; do
        cmp -s <(norm "$a/$f") <(norm "$b/$f") || { bad "$what: $f differs beyond CPU times"; d=1; }
    done < <(cd "$a" && find . \( -name '*.log' -o -name '*.xml' -o -name '*.html' \) -not -path './*/parts/*')
    local nf
    nf=$(cd "$a" && find . -type f -not -path '*/parts/*' | wc -l)
    [ $d = 1 ] || ok "$what: $nf files identical (logs, JUnit, page modulo CPU times)"
}
# verdict ARGS...: scripts/verdict.sh's exit code for make ARGS.
verdict() { local rc=0; MAKEFLAGS="${MAKEFLAGS:-} --no-print-directory" scripts/verdict.sh BUILD="$build" SIM_DEBUG=0 "$@" >>"$t/make.log" 2>&1 || rc=$?; echo $rc; }

if [[ $parts == *" sim "* ]]; then
# ---- 1. JOBS=2 == JOBS=1, both array sizes ----------------------------------
run=$t/run
v1=$(verdict sim JOBS=1 SIM_DIR="$run")
mv "$run" "$t/j1"
start=$(date +%s)
v2=$(verdict sim JOBS=2 SIM_DIR="$run")
echo "JOBS=2 took $(($(date +%s) - start)) s" >>"$t/make.log"
mv "$run" "$t/j2"
[ "$v1" = 0 ] && [ "$v2" = 0 ] && ok "make sim JOBS=1 and JOBS=2 pass (verdicts $v1 $v2)" ||
    bad "make sim verdicts: JOBS=1 $v1, JOBS=2 $v2 (want 0 0; $t/make.log)"
same "$t/j1" "$t/j2" "make sim JOBS=2 vs JOBS=1"
for n in 16 4; do
    [ -s "$t/j1/sim-n$n/suite.txt" ] && grep -q "^== N=$n: " "$t/j1/sim-n$n/suite.txt" ||
        bad "no suite summary for N=$n"
    if cmp -s <(cut -d' ' -f1 "$t/j2/sim-n$n/runs.txt") "$t/j2/sim-n$n/schedule.txt"; then
        bad "N=$n: JOBS=2 finished its runs in canonical order: the test shows nothing"
    else
        ok "N=$n: JOBS=2 finished out of order ($(head -n 1 "$t/j2/sim-n$n/schedule.txt") first), printed in order"
    fi
    cmp -s "$t/j2/sim-n$n/suite.xml" /dev/null && bad "N=$n: empty merged JUnit"
    # every run's test cases, and one for each run listed as skipped (the
    # opt-in hold run at N=4)
    skipped=$(cat "$t/j2/sim-n$n/skipped.txt" 2>/dev/null | grep -c . || true)
    [ "$(grep -c '<testcase ' "$t/j2/sim-n$n/suite.xml")" = "$(($(cat "$t"/j2/sim-n$n/junit/*.xml | grep -c '<testcase ') + skipped))" ] &&
        ok "N=$n: suite.xml holds every run's test cases and $skipped skipped" || bad "N=$n: suite.xml misses test cases"
done

# ---- 2. shards merged == unsharded ------------------------------------------
s1=$(verdict sim SHARD=1/2 SIM_DIR="$t/s1")
s2=$(verdict sim SHARD=2/2 SIM_DIR="$t/s2")
vm=$(verdict sim-merge SHARDS="$t/s2 $t/s1" SIM_DIR="$run")
[ "$s1$s2$vm" = 000 ] && ok "shards and merge pass (verdicts $s1 $s2 $vm)" ||
    bad "shard verdicts $s1 $s2, merge $vm (want 0 0 0; $t/make.log)"
for n in 16 4; do
    a=$(wc -l <"$t/s1/sim-n$n/runs.txt") b=$(wc -l <"$t/s2/sim-n$n/runs.txt") c=$(wc -l <"$t/j1/sim-n$n/runs.txt")
    [ "$a" -gt 0 ] && [ "$b" -gt 0 ] && [ $((a + b)) = "$c" ] && ok "N=$n: shards ran $a + $b of $c runs" ||
        bad "N=$n: shards ran $a + $b runs, the suite has $c"
done
same "$t/j1" "$run" "make sim SHARD=1/2 + 2/2, make sim-merge vs make sim"
rm -rf "$run"

# ---- 3. a broken RTL: the first failure in canonical order -------------------
bug=(sim N=4 SIM_VARIANT=-bug SHARD=2/2)
b1=$(verdict "${bug[@]}" JOBS=1 SIM_DIR="$run")
mv "$run" "$t/b1"
b2=$(verdict "${bug[@]}" JOBS=2 SIM_DIR="$run")
mv "$run" "$t/b2"
[ "$b1" = 1 ] && [ "$b2" = 1 ] && ok "broken RTL: verdict 1 with JOBS=1 and JOBS=2" ||
    bad "broken RTL verdicts: JOBS=1 $b1, JOBS=2 $b2 (want 1 1)"
same "$t/b1" "$t/b2" "broken RTL, JOBS=2 vs JOBS=1"
# suite RUNNER OUTDIR [ICG]: make sim's suite at N=4 run directly
# (sim/runner/stc_simrun suite), with JOBS, SHARD, SEED, FIRST_FAILURE and
# WAVES_RUNNER from the environment as make sim passes them.
suite() {
    sim/runner/stc_simrun suite --runner "$1" --vecgen "$build/stc_vecgen" --n 4 --out "$2" ${3:+--icg "$3"} \
        --jobs "${JOBS:-1}" ${SHARD:+--shard "$SHARD"} --seed "${SEED:-1}" ${FIRST_FAILURE:+--first-failure} \
        ${WAVES_RUNNER:+--waves-bin "$WAVES_RUNNER"}
}
# The same directly, with the first failing run (singles, --seed 1) held
# back 3 s by a wrapper of the runner, so that later failing runs finish
# before it: the report must still name singles.
cat >"$t/slow-singles.sh" <<WRAP
#!/usr/bin/env bash
case " \$* " in *" --seed 1 "*) sleep 3 ;; esac
exec "$PWD/$build/stc_sim-n4-bug" "\$@"
WRAP
chmod +x "$t/slow-singles.sh"
for j in 1 2; do
    rc=0
    SHARD=2/2 JOBS=$j suite "$t/slow-singles.sh" "$run/sim-n4" >/dev/null 2>&1 || rc=$?
    mv "$run" "$t/w$j"
    [ $rc = 1 ] || bad "slowed broken RTL, JOBS=$j: exit $rc, want 1"
done
same "$t/w1" "$t/w2" "slowed broken RTL, JOBS=2 vs JOBS=1"
first_run=$(awk '$2 == 1 { print $1; exit }' "$t/w2/sim-n4/runs.txt")
named=$(sed -n 's/^first failure: \([^ ]*\) .*/\1/p' "$t/w2/sim-n4/suite.txt")
done1=$(head -n 1 "$t/w2/sim-n4/schedule.txt")
failed_before=$(awk '$1 == "singles" { exit } { print }' "$t/w2/sim-n4/schedule.txt" | while read -r l; do
    grep "^$l 1 " "$t/w2/sim-n4/runs.txt"; done | wc -l)
if [ "$first_run" = singles ] && [ "$named" = singles ] && [ "$failed_before" -gt 0 ] &&
    [ "$(head -n 2 "$t/w2/sim-n4/first-failure.args" | tr '\n' ' ')" = "--seed 1 " ]; then
    ok "slowed broken RTL, JOBS=2: $failed_before failing run(s) finished before singles ($done1 first); singles reported first"
else
    bad "slowed broken RTL, JOBS=2: first failing run $first_run, reported $named, failing runs done before it $failed_before"
fi
# WAVES=1: an FST of each failing file, 20 at most in canonical order.
for j in 1 2; do
    SHARD=2/2 JOBS=$j WAVES_RUNNER="$build/stc_sim-n4-trace" suite "$build/stc_sim-n4-bug" "$run/sim-n4" >/dev/null 2>&1 || true
    mv "$run" "$t/v$j"
done
same "$t/v1" "$t/v2" "WAVES=1 on the broken RTL, JOBS=2 vs JOBS=1 (FST names)"
nw=$(find "$t/v2/sim-n4/waves" -name '*.fst' | wc -l)
nl=$(grep -c '^   waveform: ' "$t/v2/sim-n4/suite.txt")
[ "$nw" = 20 ] && [ "$nl" = 20 ] && ok "WAVES=1, JOBS=2: 20 waveforms kept and listed, the cap" ||
    bad "WAVES=1, JOBS=2: $nw waveforms kept, $nl listed (want 20, the cap)"
# FIRST_FAILURE=1 (make bugs): runs after the failure do not count, and
# are stopped in parallel.
for j in 1 2; do
    rc=0
    FIRST_FAILURE=1 JOBS=$j suite "$build/stc_sim-n4-bug" "$run/sim-n4" >/dev/null 2>"$t/ff$j.err" || rc=$?
    mv "$run" "$t/ff$j"
    [ $rc = 1 ] || bad "FIRST_FAILURE=1 JOBS=$j exits $rc, want 1"
done
same "$t/ff1" "$t/ff2" "FIRST_FAILURE=1, JOBS=2 vs JOBS=1"
[ "$(cat "$t/ff2/sim-n4/runs.txt")" = "singles 1 20" ] && [ ! -s "$t/ff2.err" ] &&
    ok "FIRST_FAILURE=1 JOBS=2: only singles counted, no stray output" ||
    bad "FIRST_FAILURE=1 JOBS=2: runs.txt $(tr '\n' ' ' <"$t/ff2/sim-n4/runs.txt"), stderr $(head -c 200 "$t/ff2.err")"

# ---- 4. bad input: exit 2, naming it -----------------------------------------
for a in JOBS=0 JOBS=x JOBS=-1 SHARD=3/2 SHARD=1/0 SHARD=a SHARD=1/2/3; do
    rc=0
    mk -n sim N=4 "$a" >"$t/bad.out" 2>&1 || rc=$?
    vr=$(verdict sim N=4 "$a")
    if [ $rc = 2 ] && [ "$vr" = 2 ] && grep -qF "$a:" "$t/bad.out"; then
        ok "make sim $a: exit 2, verdict 2, named"
    else
        bad "make sim $a: exit $rc, verdict $vr, message: $(head -n 2 "$t/bad.out")"
    fi
    rc=0
    (export "${a?}" && suite "$build/stc_sim-n4" "$t/bad") >"$t/bad.out" 2>&1 || rc=$?
    [ $rc = 2 ] && grep -qF "$a:" "$t/bad.out" && ok "stc_simrun suite $a: exit 2, named" ||
        bad "stc_simrun suite $a: exit $rc, message: $(head -n 2 "$t/bad.out")"
done
merge_bad() { # WHAT MESSAGE SHARDDIR...
    local what=$1 msg=$2 rc=0
    shift 2
    sim/runner/stc_simrun merge-suite "$t/m/sim-n4" "$@" >"$t/bad.out" 2>&1 || rc=$?
    [ $rc = 2 ] && grep -q "$msg" "$t/bad.out" && ok "stc_simrun merge-suite, $what: exit 2" ||
        bad "stc_simrun merge-suite, $what: exit $rc, message: $(head -n 2 "$t/bad.out")"
}
merge_bad "a shard missing" "shard 1/2 is missing" "$t/s2/sim-n4"
merge_bad "a shard twice" "are both shard 2/2" "$t/s2/sim-n4" "$t/s2/sim-n4"
merge_bad "not a suite directory" "not a suite output directory" "$t/s1"
SEED=5 SHARD=1/2 suite "$build/stc_sim-n4" "$t/s5/sim-n4" "$build/stc_sim-n4-icg" >/dev/null 2>&1 || true
merge_bad "shards of other seeds" "different suites" "$t/s5/sim-n4" "$t/s2/sim-n4"
rc=0
mk sim-merge N=4 SIM_DIR="$t/m" >"$t/bad.out" 2>&1 || rc=$?
[ $rc = 2 ] && grep -q 'give SHARDS=' "$t/bad.out" && ok "make sim-merge without SHARDS: exit 2" ||
    bad "make sim-merge without SHARDS: exit $rc"
fi

# ---- 5. the mutation campaign -----------------------------------------------
if [[ $parts == *" mutate "* ]]; then
mt=$t/mut
mkdir -p "$mt"
# 12: the first mutants of make mutate's list (seed 1), with at least one
# survivor for the unexplained-survivor check (with the RTL of issue 16 the
# first 8 are all killed; survivors 11 and 12 are equivalent).
mut=(MUT_COUNT="${MUT_TEST_COUNT:-12}" MUT_DOC=)
mdir=$build/mut-n4-s1-c${MUT_TEST_COUNT:-12}
# mrun NAME VERDICT-ARGS...: make mutate ... MUT_OUT=$mt/NAME, its printed
# "mutate:" lines in NAME.out (MUT_OUT written as such), its verdict echoed.
mrun() {
    local name=$1 rc=0
    shift
    MAKEFLAGS="${MAKEFLAGS:-} --no-print-directory" scripts/verdict.sh BUILD="$build" "${mut[@]}" "$@" \
        MUT_OUT="$mt/$name" >"$mt/$name.log" 2>&1 || rc=$?
    grep '^mutate: ' "$mt/$name.log" | sed "s#$mt/$name/#MUT_OUT/#g" >"$mt/$name.out" || true
    echo $rc
}
# msame A B WHAT: results, report, plan, verdict and printed lines equal.
msame() {
    local f
    for f in results.tsv results.md results.plan results.verdict; do
        cmp -s "$mt/$1/$f" "$mt/$2/$f" || { bad "$3: $f differs ($mt/$1, $mt/$2)"; return; }
    done
    cmp -s "$mt/$1.out" "$mt/$2.out" || { bad "$3: printed lines differ ($mt/$1.out, $mt/$2.out)"; return; }
    ok "$3: results.tsv, results.md, results.plan, results.verdict and the printed lines identical ($(wc -l <"$mt/$1/results.tsv") mutants)"
}
# The campaign's runner first (Yosys and Verilator: about a minute).
mk mutate-build "${mut[@]}" >"$mt/build.log" 2>&1 || { echo "parallel-test: make mutate-build failed ($mt/build.log)" >&2; exit 2; }
start=$(date +%s)
v1=$(mrun j1 mutate JOBS=1)
echo "mutate JOBS=1 took $(($(date +%s) - start)) s" >>"$t/make.log"
start=$(date +%s)
v2=$(mrun j2 mutate JOBS=2)
echo "mutate JOBS=2 took $(($(date +%s) - start)) s" >>"$t/make.log"
s1=$(mrun s1 mutate SHARD=1/2 JOBS=1)
s2=$(mrun s2 mutate SHARD=2/2 JOBS=2)
vm=$(mrun merged mutate-merge SHARDS="$mt/s2 $mt/s1")
[ "$v1$v2$vm" = 000 ] && [ "$s1" != 2 ] && [ "$s2" != 2 ] &&
    ok "make mutate JOBS=1, JOBS=2, shards and merge: verdicts $v1 $v2, $s1 $s2, $vm" ||
    bad "make mutate verdicts: JOBS=1 $v1, JOBS=2 $v2, shards $s1 $s2, merge $vm (want 0 0, 0/1 0/1, 0; $mt/*.log)"
msame j1 j2 "make mutate JOBS=2 vs JOBS=1"
msame j1 merged "make mutate SHARD=1/2 + 2/2, make mutate-merge vs make mutate"
a=$(wc -l <"$mt/s1/results.tsv") b=$(wc -l <"$mt/s2/results.tsv") c=$(wc -l <"$mt/j1/results.tsv")
[ "$a" -gt 0 ] && [ "$b" -gt 0 ] && [ $((a + b)) = "$c" ] && ok "mutate shards ran $a + $b of $c mutants, mutant 0 in each" ||
    bad "mutate shards ran $a + $b mutants, the campaign has $c"
for d in s1 s2; do [ -s "$mt/$d/mutsel0.stall0.log" ] || bad "mutate shard $d did not check mutant 0"; done
# Two at once: the second mutant starts before the first ends.
[ "$(head -n 2 "$mt/j2/parts/schedule.txt" | sort | tr '\n' ' ')" = "start 0 start 1 " ] &&
    [ "$(head -n 2 "$mt/j1/parts/schedule.txt" | tr '\n' ' ')" = "start 0 end 0 " ] &&
    ok "mutate JOBS=2 ran mutants 0 and 1 at once (JOBS=1: one after the other)" ||
    bad "mutate JOBS=2 schedule: $(head -n 3 "$mt/j2/parts/schedule.txt" | tr '\n' ' ')"
# A survivor left unexplained: verdict 1, serial, parallel and merged. The
# sample must have a survivor for this to mean anything.
grep -q "$(printf '\t')survived$(printf '\t')" "$mt/j1/results.tsv" ||
    bad "the ${MUT_TEST_COUNT:-12}-mutant sample has no survivor, so the unexplained-survivor check below cannot fail: raise MUT_TEST_COUNT"
: >"$mt/no-equivalents.txt"
u1=$(mrun u1 mutate JOBS=1 MUT_EQUIV="$mt/no-equivalents.txt")
us1=$(mrun us1 mutate SHARD=1/2 JOBS=2 MUT_EQUIV="$mt/no-equivalents.txt")
us2=$(mrun us2 mutate SHARD=2/2 JOBS=2 MUT_EQUIV="$mt/no-equivalents.txt")
um=$(mrun umerged mutate-merge SHARDS="$mt/us1 $mt/us2" MUT_EQUIV="$mt/no-equivalents.txt")
[ "$u1" = 1 ] && [ "$um" = 1 ] && [ "$us1$us2" != 00 ] && ok "unexplained survivor: verdict 1 serially and merged (shards $us1 $us2)" ||
    bad "unexplained survivor: verdicts serial $u1, shards $us1 $us2, merge $um (want 1, one shard 1, 1)"
msame u1 umerged "unexplained survivor, merged vs serial"
# Set-up errors in parallel: exit 2, the lowest mutant named, no results.
cat >"$mt/broken.sh" <<WRAP
#!/usr/bin/env bash
case " \$* " in *" +mutsel=\$BROKEN "*) exit 3 ;; esac
exec "$PWD/$mdir/stc_sim-n4" "\$@"
WRAP
chmod +x "$mt/broken.sh"
for case_ in "0:mutsel=0 (original design) fails" "5:mutant 5: runner exited 3"; do
    rc=0
    BROKEN=${case_%%:*} JOBS=2 MUT_OUT="$mt/broken" scripts/mutate.sh run "$mdir" "$mt/broken.sh" 1 -- \
        vectors/regression/dense-n4-dense-m1-k4-s1.vec >"$mt/broken.out" 2>&1 || rc=$?
    [ $rc = 2 ] && grep -qF "${case_#*:}" "$mt/broken.out" && [ ! -e "$mt/broken/results.tsv" ] &&
        ok "mutate.sh run JOBS=2, runner broken for mutant ${case_%%:*}: exit 2, named, no results" ||
        bad "mutate.sh run JOBS=2, runner broken for mutant ${case_%%:*}: exit $rc, $(tail -n 1 "$mt/broken.out")"
done
# Bad values and bad merges: exit 2, naming the problem.
for a in JOBS=0 JOBS=x SHARD=3/2 SHARD=a; do
    rc=0
    mk -n mutate "$a" >"$t/bad.out" 2>&1 || rc=$?
    rs=0
    env "$a" scripts/mutate.sh run "$mdir" "$mdir/stc_sim-n4" 1 -- vectors/regression/dense-n4-dense-m1-k4-s1.vec \
        >"$t/bad.out2" 2>&1 || rs=$?
    [ $rc = 2 ] && grep -qF "$a:" "$t/bad.out" && [ $rs = 2 ] && grep -qF "$a:" "$t/bad.out2" &&
        ok "make mutate $a, mutate.sh run $a: exit 2, named" ||
        bad "make mutate $a: exit $rc ($(head -n 1 "$t/bad.out")); mutate.sh: exit $rs ($(head -n 1 "$t/bad.out2"))"
done
mbad() { # WHAT MESSAGE MERGE-ARGS...
    local what=$1 msg=$2 rc
    shift 2
    rc=$(mrun bad mutate-merge "$@")
    [ "$rc" = 2 ] && grep -qF "$msg" "$mt/bad.log" && ok "make mutate-merge, $what: exit 2, named" ||
        bad "make mutate-merge, $what: exit $rc, $(grep -v '^make' "$mt/bad.log" | head -n 2)"
}
mbad "a slice missing" "shard 1/2 is missing" SHARDS="$mt/s2"
mbad "a slice twice" "are both shard 2/2" SHARDS="$mt/s2 $mt/s2"
mbad "no SHARDS" "give SHARDS=" SHARDS=
mbad "another merge seed" "this merge has" SHARDS="$mt/s1 $mt/s2" MUT_SEED=2
x=$(mrun x1 mutate SHARD=1/2 MUT_SIM_SEED=2)
mbad "a slice of another stall seed (verdict $x)" "sim_seed '2' against '1'" SHARDS="$mt/s2 $mt/x1"
cp -r "$mt/s2" "$mt/other"
sed -i 's/^mutations .*/mutations 1 2/' "$mt/other/results.plan"
mbad "a slice of another mutation list" "the checksum of mutations.ys" SHARDS="$mt/s1 $mt/other"
rm -rf "$mt/other" && cp -r "$mt/s2" "$mt/other"
sed -i '1d' "$mt/other/results.tsv"
mbad "a mutant missing" "mutant 2 is in no shard" SHARDS="$mt/s1 $mt/other"
head -n 1 "$mt/s1/results.tsv" >>"$mt/other/results.tsv"
mbad "a mutant twice" "mutant 1 is in both" SHARDS="$mt/s1 $mt/other"
fi

# ---- 6. the report sweep ----------------------------------------------------
if [[ $parts == *" report "* ]]; then
# report.sh --quick writes BUILD/report-quick (report-check leaves more
# files there): two runs from an empty directory, moved aside.
for j in 1 2; do
    rc=0
    rm -rf "$build/report-quick"
    JOBS=$j VECGEN="$build/stc_vecgen" MOEGEN="$build/stc_moegen" TRAFFIC="$build/stc_traffic" SIM="$build/stc_sim-n16" \
        SIM_DBUF="${REPORT_SIM_DBUF:-$build/uarch-dbuf/stc_sim-n16}" scripts/report.sh --quick "$build" >"$t/report$j.log" 2>&1 || rc=$?
    [ $rc = 0 ] || bad "report.sh --quick JOBS=$j: exit $rc ($t/report$j.log)"
    rm -rf "$t/report$j" && mv "$build/report-quick" "$t/report$j"
done
if diff -r -q -x '*.log' "$t/report1" "$t/report2" >"$t/diff.txt"; then
    ok "report.sh --quick JOBS=2 vs JOBS=1: $(cd "$t/report1" && find . -name '*.csv' -not -path './runs/*' -not -path './moe/*' -not -path './act/*' | wc -l) CSVs and every run's CSV identical"
else
    bad "report.sh --quick JOBS=2 vs JOBS=1: $(head -n 3 "$t/diff.txt")"
fi
rc=0
JOBS=0 scripts/report.sh --quick "$build" >"$t/bad.out" 2>&1 || rc=$?
[ $rc = 2 ] && grep -qF "JOBS=0:" "$t/bad.out" && ok "report.sh JOBS=0: exit 2, named" ||
    bad "report.sh JOBS=0: exit $rc, $(head -n 1 "$t/bad.out")"
fi

if [ $fails -ne 0 ]; then
    echo "parallel-test: $fails check(s) failed (outputs in $t)" >&2
    exit 1
fi
echo "parallel-test: all checks passed"
