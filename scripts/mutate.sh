#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# mutate.sh - Yosys mutation testing of the RTL against the lockstep
# harness, the MCY way: every mutant lives in one netlist behind a selector
# input `mutsel`, so one Verilator build serves them all. Driven by
# tb/mutate.mk (`make mutate`, `make mutate-ci`).
#
#   scripts/mutate.sh gen DIR SRC...
#       yosys: elaborate stc_tile at N=$MUT_N (M_MAX, KB_MAX), proc, flatten,
#       opt_clean; `mutate -list $COUNT -seed $SEED -ctrl mutsel W 1` into
#       DIR/mutations.ys; apply them all; write DIR/stc_tile_mut.v (module
#       stc_tile_mut, ports of stc_tile plus mutsel) and DIR/stc_tile_wrap.v
#       (module stc_tile, the ports of rtl/stc_tile.v, mutsel from the
#       +mutsel=I plusarg, 0 = the original design).
#   scripts/mutate.sh run DIR BIN EVERY -- VEC...
#       run mutant 0 (must pass) and mutants 1..COUNT (every EVERY-th) over
#       the vectors at each stall in $STALLS; OUT/results.tsv (OUT: $MUT_OUT,
#       default DIR; RESULTS names the file), one line per mutant in index
#       order, and OUT/results.plan (what the run was: see merge)
#   scripts/mutate.sh merge OUT EVERY SHARDDIR...
#       the results of the slices of one run (SHARD=1/k .. k/k) into OUT as
#       the unsharded run writes them
#   scripts/mutate.sh report DIR DOC
#       killed / survived, score, survivors against scripts/mutate_equivalent.txt;
#       DIR/results.md, written into DOC (if not empty); exit 1 on a survivor
#       that is not documented as equivalent
#
# Parallel and sharded (docs/parallel.md): JOBS=n runs n mutants at once
# (each mutant's stall settings in turn, as serially), the results are
# written in index order whatever n. SHARD=i/k runs only every k-th of the
# mutants from the i-th (mutant 0, the original design, is checked by
# every slice); merge checks that the slices belong together (same
# options, same mutation list and vectors by checksum, the merge's own
# options), that each slice is there once and each mutant once, and
# writes what one run over all of them writes.
#
# Killed: the runner exits 1 on at least one stall setting (a per-cycle
# mismatch on any port or probe, a wrong result row, or a hang caught by
# the runner's hang limit, --hang-cycles; a run over the wall-clock limit $MUT_TIMEOUT
# also counts as a hang). Survived: exit 0 on every setting. Exit 2 (cannot
# run) is a set-up error and stops everything.
set -euo pipefail

die() { echo "mutate.sh: $*" >&2; exit 2; }
# shellcheck source=scripts/campaign_lib.sh
. "$(dirname "$0")/campaign_lib.sh"

MUT_N=${MUT_N:-4}
M_MAX=${M_MAX:-1024}
KB_MAX=${KB_MAX:-64}
COUNT=${COUNT:-200}
SEED=${SEED:-1}
SIM_SEED=${SIM_SEED:-1}
STALLS=${STALLS:-0 25}
MUT_TIMEOUT=${MUT_TIMEOUT:-120}
YOSYS=${YOSYS:-yosys}
EQUIV=${EQUIV:-scripts/mutate_equivalent.txt}

# Mutation key: the mutation without its selector value and the
# informational -wire/-src fields (stable across runs with the same RTL).
mut_key() {
    awk '{
        k = ""
        for (i = 2; i <= NF; i++) {
            if ($i == "-ctrl") { i += 3; continue }
            if ($i == "-wire" || $i == "-wirebit" || $i == "-src") { i++; continue }
            k = k (k == "" ? "" : " ") $i
        }
        print k
    }'
}

gen() {
    local dir=$1
    shift
    [ $# -gt 0 ] || die "gen: no sources"
    local width=1
    while [ $((1 << width)) -le "$COUNT" ]; do width=$((width + 1)); done
    mkdir -p "$dir"
    local ys="$dir/gen.ys"
    cat >"$ys" <<EOF
read_verilog $*
hierarchy -top stc_tile -chparam N $MUT_N -chparam M_MAX $M_MAX -chparam KB_MAX $KB_MAX
proc
flatten
opt_clean
mutate -list $COUNT -seed $SEED -ctrl mutsel $width 1 -o $dir/mutations.ys
script $dir/mutations.ys
opt_clean
memory_collect
rename stc_tile stc_tile_mut
write_verilog -noattr $dir/stc_tile_mut.v.tmp
EOF
    "$YOSYS" -q -l "$dir/yosys.log" -s "$ys" >/dev/null 2>&1 ||
        { tail -n 30 "$dir/yosys.log" >&2; die "yosys failed (log $dir/yosys.log)"; }
    local n
    n=$(grep -c '^mutate ' "$dir/mutations.ys" || true)
    [ "$n" -eq "$COUNT" ] || die "yosys listed $n mutations, expected $COUNT"
    grep -q 'input .*mutsel' "$dir/stc_tile_mut.v.tmp" || die "the mutated netlist has no mutsel input"
    # Yosys writes a mutant that cuts into one of the PE array's N*N-wide
    # vectors as one concatenation on one line (127k characters at N=16),
    # beyond Verilator's 40,000 tokens a line: such lines are broken after
    # each comma (whitespace only; the netlist has no strings, -noattr).
    awk 'length($0) > 8000 { gsub(/, /, ",\n  ") } { print }' "$dir/stc_tile_mut.v.tmp" >"$dir/stc_tile_mut.v.wrap" ||
        die "could not write $dir/stc_tile_mut.v.wrap"
    mv "$dir/stc_tile_mut.v.wrap" "$dir/stc_tile_mut.v"
    rm -f "$dir/stc_tile_mut.v.tmp"
    wrapper "$width" >"$dir/stc_tile_wrap.v.tmp"
    mv "$dir/stc_tile_wrap.v.tmp" "$dir/stc_tile_wrap.v"
    grep '^Covered' "$dir/yosys.log" >"$dir/src-coverage.txt" || true
    echo "mutate: $COUNT mutants (seed $SEED) in $dir/stc_tile_mut.v"
}

# The wrapper: the header of rtl/stc_tile.v verbatim (same parameters and
# ports), the body instantiates stc_tile_mut by port name.
wrapper() {
    local width=$1
    cat <<EOF
// Generated by scripts/mutate.sh from rtl/stc_tile.v: do not edit.
// stc_tile with the ports of rtl/stc_tile.v around the Yosys netlist
// stc_tile_mut that carries every mutant; +mutsel=I selects one (0: none).
EOF
    awk '/^module stc_tile/ { on = 1 } on { print } on && /^\);/ { exit }' rtl/stc_tile.v
    cat <<EOF

  reg [$((width - 1)):0] mutsel;
  integer sel;

  initial begin
    if (N != $MUT_N || M_MAX != $M_MAX || KB_MAX != $KB_MAX) begin
      \$display("stc_tile (mutants): netlist built for N=$MUT_N M_MAX=$M_MAX KB_MAX=$KB_MAX");
      \$finish;
    end
    sel = 0;
    if (!\$value\$plusargs("mutsel=%d", sel)) sel = 0;
    mutsel = sel[$((width - 1)):0];
  end

  stc_tile_mut u_mut (
EOF
    awk '/^module stc_tile/ { on = 1; next } on && /^\);/ { exit }
         on { sub(/\/\/.*/, "") } on && /^ *(input|output) / { p = $NF; sub(/,$/, "", p); printf "    .%s(%s),\n", p, p }' rtl/stc_tile.v
    cat <<EOF
    .mutsel(mutsel)
  );

endmodule
EOF
}

# plan DIR TOTAL EVERY SELECTED VEC...: what the shards of one campaign
# must share (OUT/NAME.plan, with a last line "shard i/k"): the options,
# the checksum of the mutation list and of the vectors (names and
# contents), how many mutants the whole campaign runs.
plan() {
    local dir=$1 total=$2 every=$3 selected=$4
    shift 4
    printf 'campaign %s\nn %s\ncount %s\nseed %s\nsim_seed %s\nstalls %s\nevery %s\ntimeout %s\n' \
        "$results" "$MUT_N" "$total" "$SEED" "$SIM_SEED" "$STALLS" "$every" "$MUT_TIMEOUT"
    echo "mutations $(cksum <"$dir/mutations.ys" | cut -d' ' -f1,2)"
    echo "vectors $# $({ printf '%s\n' "${@##*/}"; cat "$@"; } | cksum | cut -d' ' -f1,2)"
    echo "mutants $selected"
}

# mutant I VEC...: mutant I at each stall in $STALLS until one kills it;
# OUT/parts/I.row is its line of the results, or OUT/parts/I.err the
# set-up error (the runner's last lines, the message). Mutant 0, the
# original design, must pass everywhere (its logs: OUT/mutsel0.stallS.log).
# OUT/parts/schedule.txt: "start I" and "end I" as they happen.
mutant() {
    local i=$1 s rc res=survived how=- log="$out/parts/$1.log"
    shift
    echo "start $i" >>"$out/parts/schedule.txt"
    for s in $STALLS; do
        [ "$i" != 0 ] || log="$out/mutsel0.stall$s.log"
        rc=0
        timeout "$MUT_TIMEOUT" "$bin" --quiet --seed "$SIM_SEED" --stall "$s" --plusarg "+mutsel=$i" "$@" \
            >"$log" 2>&1 || rc=$?
        if [ "$i" = 0 ]; then
            [ $rc -eq 0 ] || { setup_error "$i" "$log" "mutsel=0 (original design) fails at stall $s% (exit $rc)"; return 0; }
            continue
        fi
        case $rc in
        0) ;;
        1 | 124)
            res=killed
            how="stall$s:$(awk '/^  first divergence: cycle / { sub(/^  first divergence: cycle [0-9]+, /, ""); print; exit }
                                /^TIMEOUT / { print "hang"; exit }' "$log")"
            [ $rc -eq 124 ] && how="stall$s:wall-clock-timeout"
            [ "$how" = "stall$s:" ] && how="stall$s:result"
            break
            ;;
        *) setup_error "$i" "$log" "mutant $i: runner exited $rc at stall $s%"; return 0 ;;
        esac
    done
    if [ "$i" = 0 ]; then
        printf '0\toriginal\tpass\n' >"$out/parts/0.row.tmp"
    else
        printf '%d\t%s\t%s\t%s\n' "$i" "$res" "$how" "$(sed -n "${i}p" "$dir/mutations.ys" | mut_key)" >"$out/parts/$i.row.tmp"
    fi
    mv "$out/parts/$i.row.tmp" "$out/parts/$i.row"
    echo "end $i" >>"$out/parts/schedule.txt"
}

setup_error() {
    { tail -n 20 "$2"; echo "mutate.sh: $3"; } >"$out/parts/$1.err.tmp"
    mv "$out/parts/$1.err.tmp" "$out/parts/$1.err"
}

# summary ROWS [SLICE]: the closing line of a run (or a merge) over ROWS.
summary() {
    awk -F'\t' -v slice="${2:+ (shard $2)}" '{ n++; if ($2 == "killed") k++; else s++ }
        END { printf "mutate: %d mutants run%s: %d killed, %d survived\n", n, slice, k, s }' "$1"
}

run() {
    local dir=$1 bin=$2 every=$3
    shift 3
    [ "${1:-}" = "--" ] || die "run: missing -- before the vectors"
    shift
    [ $# -gt 0 ] || die "run: no vectors"
    [ -x "$bin" ] || die "no runner $bin"
    [[ $every =~ ^[1-9][0-9]*$ ]] || die "run: EVERY=$every: give a whole number from 1"
    local out=${MUT_OUT:-$dir} results=${RESULTS:-results.tsv} total i j=0 running=0 sel=()
    parse_jobs_shard mutants
    [ -f "$dir/mutations.ys" ] || die "no mutation list $dir/mutations.ys (scripts/mutate.sh gen)"
    total=$(grep -c '^mutate ' "$dir/mutations.ys" || true)
    # This slice: every k-th of the campaign's mutants (every EVERY-th of
    # the list), from the i-th.
    for ((i = 1; i <= total; i += every)); do
        [ $((j % shard_k + 1)) -ne "$shard_i" ] || sel+=("$i")
        j=$((j + 1))
    done
    mkdir -p "$out" || die "cannot create $out"
    rm -rf "$out/parts" "$out/${results:?}" "$out/${results%.tsv}".{plan,md,verdict}
    mkdir -p "$out/parts"
    { plan "$dir" "$total" "$every" "$j" "$@"; echo "shard $shard_i/$shard_k"; } >"$out/${results%.tsv}.plan.tmp"
    mv "$out/${results%.tsv}.plan.tmp" "$out/${results%.tsv}.plan"
    # Mutant 0 first, then the slice in index order, JOBS at once; after a
    # set-up error no more are started.
    for i in 0 "${sel[@]}"; do
        while [ $running -ge "$jobs" ]; do
            wait -n || true
            running=$((running - 1))
        done
        ! compgen -G "$out/parts/*.err" >/dev/null || break
        mutant "$i" "$@" &
        running=$((running + 1))
    done
    wait
    # The set-up error of the lowest mutant, as a serial run reports it.
    i=$(find "$out/parts" -name '*.err' -printf '%f\n' | sort -n | head -n 1)
    [ -z "$i" ] || { cat "$out/parts/$i" >&2; exit 2; }
    for i in 0 "${sel[@]}"; do
        [ -f "$out/parts/$i.row" ] || die "mutant $i ended without a result (killed?)"
    done
    for i in "${sel[@]}"; do cat "$out/parts/$i.row"; done >"$out/$results.tmp"
    mv "$out/$results.tmp" "$out/$results"
    summary "$out/$results" "$([ "$shard_k" = 1 ] || echo "$shard_i/$shard_k")"
}

# merge OUT EVERY SHARDDIR...: the results of the k slices of one
# campaign (run with SHARD=1/k .. k/k) into OUT as one unsharded run
# writes them; refuses (exit 2) slices of different campaigns or of
# other options than this merge's, a slice missing or given twice, a
# mutant missing or run twice.
merge() {
    local out=$1 every=$2 results=${RESULTS:-results.tsv} d p key want got first other
    shift 2
    [ $# -gt 0 ] || die "merge: no shard directories"
    local name=${results%.tsv} slices=()
    first=$1/$name.plan
    for d in "$@"; do
        p=$d/$name.plan
        if [ ! -f "$p" ]; then
            other=$(find "$d" -maxdepth 1 -name '*.plan' -printf '%f\n' 2>/dev/null | head -n 1)
            [ -z "$other" ] || die "$d: no $name.plan, only $other: a slice of another campaign" \
                "(results-ci: make mutate-ci-merge; results: make mutate-merge)"
            die "$d: no $name.plan (not a mutation run's output: run make mutate SHARD=i/k MUT_OUT=$d)"
        fi
        [ -f "$d/$results" ] || die "$d: no $results (its run did not finish: a set-up error, or it was stopped)"
        [ "$(realpath -m "$d")" != "$(realpath -m "$out")" ] || die "$d: the output directory cannot be a shard"
        for key in campaign n count seed sim_seed stalls every timeout mutations vectors mutants; do
            want=$(sed -n "s/^$key //p" "$first") got=$(sed -n "s/^$key //p" "$p")
            [ "$got" = "$want" ] || die "$d and $1 are not slices of one campaign: $key '$got' against '$want'" \
                "(in $name.plan$(case $key in mutations) echo ": the checksum of mutations.ys, another RTL or Yosys" ;;
                vectors) echo ": count and checksum of the vectors' names and contents" ;; esac))"
        done
        slices+=("$d:$(sed -n 's/^shard //p' "$p")")
    done
    # The options of this merge (its report's header, where it writes).
    for key in "n $MUT_N" "count $COUNT" "seed $SEED" "sim_seed $SIM_SEED" "stalls $STALLS" "every $every" \
        "timeout $MUT_TIMEOUT"; do
        got=$(sed -n "s/^${key%% *} //p" "$first")
        [ "$got" = "${key#* }" ] ||
            die "the shards ran with ${key%% *} '$got', this merge has '${key#* }' (give the shards' MUT_N, MUT_COUNT, MUT_SEED, MUT_SIM_SEED, MUT_STALLS, MUT_TIMEOUT)"
    done
    shard_set "${slices[@]}"
    # Every mutant of the campaign exactly once; the rows by index.
    local total bad files=()
    total=$(sed -n 's/^count //p' "$first")
    for d in "$@"; do files+=("$d/$results"); done
    bad=$(awk -F'\t' -v total="$total" -v every="$every" '
        FNR == 1 { d = FILENAME; sub(/\/[^\/]*$/, "", d) }
        $1 !~ /^[1-9][0-9]*$/ || ($1 - 1) % every || $1 > total {
            print "mutant " $1 " in " d " is not one of this campaign'"'"'s"; bad = 1; exit }
        $1 in from { print "mutant " $1 " is in both " from[$1] " and " d; bad = 1; exit }
        { from[$1] = d }
        END {
            if (bad) exit
            for (i = 1; i <= total; i += every) if (!(i in from)) { print "mutant " i " is in no shard"; exit }
        }' "${files[@]}")
    [ -z "$bad" ] || die "$bad (shards: $*)"
    mkdir -p "$out" || die "cannot create $out"
    rm -f "$out/$name".{md,verdict}
    sort -t$'\t' -k1,1n "${files[@]}" >"$out/$results.tmp"
    mv "$out/$results.tmp" "$out/$results"
    { grep -v '^shard ' "$first"; echo "shard 1/1"; } >"$out/$name.plan.tmp"
    mv "$out/$name.plan.tmp" "$out/$name.plan"
    summary "$out/$results"
}

case ${1:-} in
gen) shift; gen "$@" ;;
run) shift; run "$@" ;;
merge) shift; merge "$@" ;;
report) shift; scripts/mutate_report.sh "$@" ;;
*) die "usage: mutate.sh gen DIR SRC... | run DIR BIN EVERY -- VEC... | merge OUT EVERY SHARDDIR... | report DIR DOC" ;;
esac
