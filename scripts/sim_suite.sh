#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# sim_suite.sh - what `make sim` runs for one array size: every run of the
# lockstep regression, in one place, so that `make sim`, `make bugs` and CI
# run exactly the same stimulus.
#
#   scripts/sim_suite.sh RUNNER VECGEN N OUTDIR [ICG_RUNNER]
#
# RUNNER is build/stc_sim-nN (or a bug's build), VECGEN build/stc_vecgen,
# OUTDIR receives the generated streams, one log, one CSV and one JUnit
# file per run. ICG_RUNNER, if given, is the same RTL built with the latch
# clock-gate cell (STC_USE_ICG).
# Environment: SEED (1), STALL (0: the stall of the first run, the
# single-command regression), VECDIR (vectors/regression), QUICK=1 (only the
# first run: a single vector or a quick look), WAVES_RUNNER (the tracing
# build: keep an FST of every failing file in OUTDIR/waves), VECLIST (a
# file naming vectors, one path per line: run only those, as the run "vec",
# with SIM_FLAGS added; `make sim VEC=...`), COMPARE (cycle: every run at
# that compare level, --compare; `make sim COMPARE=txn`), MODEL_UARCH (the
# golden model's micro-architecture, --uarch; empty: the RTL's own). An N without checked-in
# vectors (6..14) gets a generated set of single vectors and streams.
#
# Runs, each with its own seed derived from SEED:
#   singles        every checked-in single-command vector, STALL%
#   singles-stall  the same at 30% stalls and backpressure
#   streams-POL    every checked-in stream under each host policy (b2b, gap,
#                  early, random) at 0/20/30/50% stalls
#   reset          the streams with a reset in the middle (two points)
#   faults         the fault space: every illegal nibble at every group and
#                  column (generated), random policy
#   metafault      the 2:4 single vectors with an illegal nibble injected
#   corners        largest M / nblk, every block skipped, > 65,535 cycles
#                  (generated), early policy
#   hold (N=4)     one command of more than 2^24 cycles (weights withheld)
#   fresh          freshly generated vectors of every class and a random
#                  stream from this SEED: the generator, codec and reference
#                  GEMM are checked too, not only the files
#   icg-*          singles and streams on the ICG build
#
# Prints one line per run and, on a failure, "first failure: RUN FILE
# (reproduce: ...)", and writes OUTDIR/first-failure.args (the failing
# run's options and file, one per line) for the debugger. Exit: 0 all pass,
# 1 a mismatch, 2 bad input or set-up.
set -uo pipefail

die() { echo "sim_suite.sh: $*" >&2; exit 2; }
[ $# -ge 4 ] || die "usage: sim_suite.sh RUNNER VECGEN N OUTDIR [ICG_RUNNER]"
runner=$1 vecgen=$2 n=$3 out=$4 icg=${5:-}
seed=${SEED:-1} stall=${STALL:-0} vecdir=${VECDIR:-vectors/regression} quick=${QUICK:-0}
compare=${COMPARE:-cycle}
model_uarch=${MODEL_UARCH:-}
waves=${WAVES_RUNNER:-}
[ -x "$runner" ] || die "no runner $runner (make $runner)"
[ -x "$vecgen" ] || die "no generator $vecgen (make $vecgen)"
mkdir -p "$out/gen" "$out/junit" || die "cannot create $out/gen"
rm -f "$out"/junit/*.xml "$out/first-failure.args" "$out/runs.txt"
rm -rf "$out/waves"
# What this prints, also in OUTDIR/suite.txt (the README quotes it:
# scripts/docs_figures.sh).
exec > >(tee "$out/suite.txt")

status=0 runs=0 failed_runs=0 first=""

# The files a run's CSV marks as failing (pass column 0), one per line.
failed_files() { awk -F, 'NR > 1 && $14 == 0 { print $1 }' "$1"; }

# run LABEL BIN VERBOSE ARGS... -- FILES...: ARGS are the options that
# replay the run (what the reproduce line, the debugger and WAVES=1 use);
# the outputs (OUTDIR/LABEL.csv, junit/LABEL.xml) are added here.
run() {
    local label=$1 bin=$2 verbose=$3 rc=0 log="$out/$1.log"
    shift 3
    # FIRST_FAILURE=1 (make bugs): once a run failed, the rest are skipped.
    if [ "${FIRST_FAILURE:-0}" = 1 ] && [ -n "$first" ]; then return 0; fi
    local args=() files=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
    [ "$compare" = cycle ] || args+=(--compare "$compare")
    [ -z "$model_uarch" ] || args+=(--uarch "$model_uarch")
    shift
    files=("$@")
    local outputs=(--csv "$out/$label.csv" --junit "$out/junit/$label.xml")
    runs=$((runs + 1))
    if [ "$verbose" = 1 ]; then
        echo "== $label: ${#files[@]} file(s), N=$n, ${args[*]}"
        "$bin" "${args[@]}" "${outputs[@]}" "${files[@]}" 2>&1 | tee "$log" | grep -v '^cosim N='
        rc=${PIPESTATUS[0]}
    else
        "$bin" --quiet "${args[@]}" "${outputs[@]}" "${files[@]}" >"$log" 2>&1 || rc=$?
        printf '== %-14s %3d file(s) %5s commands %-44s %s\n' "$label" "${#files[@]}" \
            "$(sed -n 's/^cosim N=.*: \([0-9]*\) commands,.*/\1/p' "$log" | tail -n 1)" "${args[*]}" \
            "$(grep -E '^cosim: ' "$log" | tail -n 1 || true)"
        # Details of the first failing run only; the others say how many.
        [ $rc -eq 0 ] || [ -n "$first" ] ||
            grep -vE '^(cosim|\[ *[0-9]+/[0-9]+\] PASS)' "$log" | head -n 16
    fi
    echo "$label $rc ${#files[@]}" >>"$out/runs.txt"
    if [ $rc -eq 1 ] && [ -n "$waves" ] && [[ $label != icg-* ]]; then
        keep_waves "$label" "${args[@]}"
    fi
    if [ $rc -ne 0 ]; then
        failed_runs=$((failed_runs + 1))
        [ $rc -eq 1 ] && [ $status -ne 2 ] && status=1
        [ $rc -ne 1 ] && status=2
        if [ -z "$first" ] && [ $rc -eq 1 ]; then
            local repro file
            repro=$(grep -m 1 '^  reproduce: ' "$log" | sed 's/^  reproduce: //')
            file=$(failed_files "$out/$label.csv" | head -n 1)
            # What the debugger needs to replay it (make sim hands it over).
            [[ $label == icg-* ]] || printf '%s\n' "${args[@]}" "$file" >"$out/first-failure.args"
            first="$label $file"
            first="$first"$'\n'"  $(grep -m 1 '^  first divergence: ' "$log" | sed 's/^  //')"
            first="$first"$'\n'"  reproduce: $repro"
        fi
    fi
}

# keep_waves LABEL ARGS...: an FST of every failing file of the run that
# just failed (at most 20 in all), from the tracing build (WAVES=1).
kept=0
keep_waves() {
    local label=$1 f name
    shift
    mkdir -p "$out/waves"
    while read -r f; do
        [ $kept -lt 20 ] || return 0
        name=${f##*/}
        "$waves" --quiet "$@" --trace "$out/waves/$label-${name%.vec}.fst" "$f" \
            >/dev/null 2>&1
        echo "   waveform: $out/waves/$label-${name%.vec}.fst"
        kept=$((kept + 1))
    done < <(failed_files "$out/$label.csv")
}

s() { echo $((seed + $1)); }

finish() {
    echo "== N=$n: $((runs - failed_runs)) of $runs runs passed"
    if [ -n "$first" ]; then
        echo "first failure: $first"
    fi
    exit $status
}

singles=() streams=() sp24=() gen=()
# g FILE STC_VECGEN-ARGS...: a generated file under $out/gen, kept in gen[].
g() {
    local f="$out/gen/$1"
    shift
    "$vecgen" "$@" -o "$f" || die "stc_vecgen $* failed"
    gen+=("$f")
}

# VEC=: only the files named, one run.
if [ -n "${VECLIST:-}" ]; then
    mapfile -t listed <"$VECLIST" || die "cannot read $VECLIST"
    [ ${#listed[@]} -gt 0 ] || die "no vector files in $VECLIST"
    # shellcheck disable=SC2086 # SIM_FLAGS is a list of options
    run vec "$runner" 1 --seed "$seed" --stall "$stall" ${SIM_FLAGS:-} -- "${listed[@]}"
    finish
fi

# Everything else: the checked-in vectors of this N, sorted by kind.
for f in "$vecdir"/*-n"$n"-*.vec; do
    [ -e "$f" ] || continue
    case ${f##*/} in
    stream-*) streams+=("$f") ;;
    *) singles+=("$f") ;;
    esac
done
for f in "${singles[@]}"; do
    case ${f##*/} in *-2of4-*) [[ $f == *corner-zero-tile* ]] || sp24+=("$f") ;; esac
done
# An array size without checked-in vectors (6..14) runs on vectors and
# streams generated here from SEED, every class and size edge included.
if [ ${#singles[@]} -eq 0 ]; then
    echo "== no checked-in vectors for N=$n in $vecdir: generating them (seed $seed)"
    for spec in "dense 1 1" "dense 37 3" "sp24 16 2" "sp24 5 4" "block 20 8" "sp24-block 9 6" \
        "unstructured 23 2" "prune24 30 2" "corner-extremes 8 2" "corner-zero-tile 4 2" \
        "corner-zero-groups 12 2" "corner-single 7 1" "corner-wrap 6 2" "dense 1024 1" \
        "sp24 64 64"; do
        set -- $spec
        g "gen-$1-n$n-m$2-b$3-s$seed.vec" --class "$1" --n "$n" --m "$2" --blocks "$3" --seed "$seed"
        singles+=("${gen[-1]}")
        case $1 in sp24 | sp24-block | prune24 | corner-single | corner-zero-groups) sp24+=("${gen[-1]}") ;; esac
    done
    g "stream-pairs-n$n-s$seed.vec" --stream pairs --n "$n" --seed "$seed"
    g "stream-mix-n$n-l40-s$seed.vec" --stream mix --n "$n" --seed "$seed" --len 40
    streams=("${gen[-2]}" "${gen[-1]}")
    gen=()
fi
[ ${#singles[@]} -gt 0 ] || die "no vectors for N=$n in $vecdir"

run singles "$runner" 1 --seed "$seed" --stall "$stall" -- "${singles[@]}"
if [ "$quick" != 1 ]; then
    run singles-stall "$runner" 0 --seed "$(s 1)" --stall 30 -- "${singles[@]}"
    if [ ${#streams[@]} -gt 0 ]; then
        pstall=(0 20 30 50) i=0
        for pol in b2b gap early random; do
            run "streams-$pol" "$runner" 0 --seed "$(s $((2 + i)))" --stall "${pstall[$i]}" \
                --policy "$pol" -- "${streams[@]}"
            i=$((i + 1))
        done
        run reset-early "$runner" 0 --seed "$(s 6)" --stall 25 --policy random --reset-at 150 -- \
            "${streams[@]}"
        run reset-late "$runner" 0 --seed "$(s 7)" --stall 10 --policy early --reset-at 1500 -- \
            "${streams[@]}"
    fi
    # Generated: the fault space, the corners, a fresh sample from this seed.
    g "stream-faults-n$n-s$seed.vec" --stream faults --n "$n" --seed "$seed"
    run faults "$runner" 0 --seed "$(s 8)" --stall 20 --policy random -- "${gen[0]}"
    [ ${#sp24[@]} -gt 0 ] &&
        run metafault "$runner" 0 --seed "$(s 9)" --stall 25 --meta-fault -- "${sp24[@]}"
    g "stream-corners-n$n-s$seed.vec" --stream corners --n "$n" --seed "$seed"
    run corners "$runner" 0 --seed "$(s 10)" --stall 10 --policy early -- "${gen[1]}"
    # One command longer than 2^24 cycles (its weights withheld): every
    # counter must count past bit 23. The counter logic does not depend on
    # N, and an idle 4x4 array runs it in about 20 s, so only at N=4.
    if [ "$n" = 4 ]; then
        g "hold-sp24-n$n-s$seed.vec" --class sp24 --n "$n" --m 3 --blocks 1 --seed "$seed"
        run hold "$runner" 0 --seed "$(s 15)" --stall 0 --hold $((16777216 + 1000)) -- "${gen[-1]}"
    fi
    fresh=()
    fs=$((seed + 1000))
    for spec in "dense 37 4" "sp24 19 3" "block 16 8" "sp24-block 9 6" "unstructured 23 2" \
        "prune24 30 2" "corner-extremes 5 2" "corner-zero-groups 12 2" "corner-single 7 1" \
        "corner-wrap 6 2"; do
        set -- $spec
        g "fresh-$1-n$n-s$fs.vec" --class "$1" --n "$n" --m "$2" --blocks "$3" --seed "$fs"
        fresh+=("${gen[-1]}")
    done
    g "stream-mix-n$n-l48-s$fs.vec" --stream mix --n "$n" --seed "$fs" --len 48
    fresh+=("${gen[-1]}")
    run fresh "$runner" 0 --seed "$(s 11)" --stall 15 --policy random -- "${fresh[@]}"
    if [ -n "$icg" ]; then
        [ -x "$icg" ] || die "no ICG runner $icg"
        run icg-singles "$icg" 0 --seed "$(s 12)" --stall 25 -- "${singles[@]}"
        run icg-streams "$icg" 0 --seed "$(s 13)" --stall 20 --policy random -- \
            "${streams[@]}" "${gen[@]}"
    fi
fi

finish
