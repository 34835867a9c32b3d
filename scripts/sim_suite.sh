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
# golden model's micro-architecture, --uarch; empty: the RTL's own),
# ICG_SKIPPED (why the ICG runs of N=4 are not run: listed as skipped in
# the closing lines, suite.xml and the page). An N without checked-in
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
# run's options and file, one per line) for the debugger, OUTDIR/runs.txt
# (one line per run: label, exit code, files) and OUTDIR/suite.xml (every
# run's JUnit in one file). Exit: 0 all pass, 1 a mismatch, 2 bad input or
# set-up.
#
# Parallel and sharded (docs/parallel.md): the runs are listed first (the
# generated files written), then run. JOBS (1) runs that many at once; each
# run's lines are kept and printed in the canonical order above, and what
# depends on the runs before it (the first failure's details, FIRST_FAILURE,
# the waveforms) is decided in that order (scripts/sim_lib.sh), so any JOBS
# prints and writes the same. SHARD=i/k runs only the i-th of k
# deterministic slices of the runs (by a fixed cost estimate, longest
# first, each to the least loaded shard); scripts/sim_merge.sh merges the
# k output directories into what one unsharded run writes.
set -uo pipefail

die() { echo "sim_suite.sh: $*" >&2; exit 2; }
[ $# -ge 4 ] || die "usage: sim_suite.sh RUNNER VECGEN N OUTDIR [ICG_RUNNER]"
runner=$1 vecgen=$2 n=$3 out=$4 icg=${5:-}
seed=${SEED:-1} stall=${STALL:-0} vecdir=${VECDIR:-vectors/regression} quick=${QUICK:-0}
compare=${COMPARE:-cycle}
model_uarch=${MODEL_UARCH:-}
waves=${WAVES_RUNNER:-}
# shellcheck source=scripts/shard_lib.sh
. "$(dirname "$0")/shard_lib.sh"
parse_jobs_shard runs
[ -z "${SHARD:-}" ] || [ "${FIRST_FAILURE:-0}" != 1 ] ||
    die "SHARD=$SHARD with FIRST_FAILURE=1: a slice cannot tell which run fails first"
[ -x "$runner" ] || die "no runner $runner (make $runner)"
[ -x "$vecgen" ] || die "no generator $vecgen (make $vecgen)"
mkdir -p "$out/gen" "$out/junit" || die "cannot create $out/gen"
rm -f "$out"/junit/*.xml "$out"/*.log "$out"/*.csv "$out/first-failure.args" "$out/runs.txt" "$out/skipped.txt" \
    "$out/suite.xml" "$out/plan.txt" "$out/shard.txt" "$out/schedule.txt"
rm -rf "$out/waves" "$out/parts"
mkdir -p "$out/parts" || die "cannot create $out/parts"
# What this prints, also in OUTDIR/suite.txt (the README quotes it:
# scripts/docs_figures.sh).
exec > >(tee "$out/suite.txt")
# shellcheck source=scripts/sim_lib.sh
. "$(dirname "$0")/sim_lib.sh"

# run LABEL BIN VERBOSE ARGS... -- FILES...: one run of the plan. ARGS are
# the options that replay the run (what the reproduce line, the debugger
# and WAVES=1 use); the outputs (OUTDIR/LABEL.csv, junit/LABEL.xml) are
# added when it runs. Only the first run may be VERBOSE (one line per file).
labels=()
run() {
    local label=$1 bin=$2 verbose=$3
    shift 3
    [ "$verbose" = 0 ] || [ ${#labels[@]} -eq 0 ] || die "internal: only the first run can be verbose"
    local args=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
    [ "$compare" = cycle ] || args+=(--compare "$compare")
    [ -z "$model_uarch" ] || args+=(--uarch "$model_uarch")
    shift
    printf '%s\n' "$bin" "$verbose" "${args[@]}" -- "$@" >"$out/parts/$label.spec" ||
        die "cannot write $out/parts/$label.spec"
    labels+=("$label")
}

# cost LABEL: a fixed estimate of a run's time in ms (measured once on the
# 2-core machine, startup included), for the shards' balance and the
# parallel launch order only: it never changes what a run does or prints.
cost() {
    if [ "$n" -le 6 ]; then
        case $1 in
        hold) echo 19000 ;; icg-streams) echo 230 ;; corners) echo 160 ;; *) echo 50 ;;
        esac
    else
        case $1 in
        faults) echo 1400 ;; corners) echo 720 ;; singles-stall) echo 600 ;; singles | vec) echo 520 ;;
        metafault) echo 320 ;; *) echo 120 ;;
        esac
    fi
}

# exec_run LABEL LIVE: runs it; LIVE=1: its lines also to the terminal as
# they come (the first run of the list, which nothing precedes).
exec_run() {
    local label=$1 live=$2 p="$out/parts/$1" log="$out/$1.log" rc=0
    read_spec "$label" || exit 2
    local outputs=(--csv "$out/$label.csv" --junit "$out/junit/$label.xml")
    if [ "$sp_verbose" = 1 ]; then
        local head="== $label: ${#sp_files[@]} file(s), N=$n, ${sp_args[*]}"
        if [ "$live" = 1 ]; then
            echo "$head" | tee "$p.out"
            "$sp_bin" "${sp_args[@]}" "${outputs[@]}" "${sp_files[@]}" 2>&1 | tee "$log" |
                grep -v '^cosim N=' | tee -a "$p.out"
            rc=${PIPESTATUS[0]}
        else
            "$sp_bin" "${sp_args[@]}" "${outputs[@]}" "${sp_files[@]}" >"$log" 2>&1 || rc=$?
            { echo "$head"; grep -v '^cosim N=' "$log"; } >"$p.out"
        fi
    else
        # In the background, its pid kept: a run that FIRST_FAILURE makes
        # pointless is stopped (execute).
        "$sp_bin" --quiet "${sp_args[@]}" "${outputs[@]}" "${sp_files[@]}" >"$log" 2>&1 &
        echo $! >"$p.pid"
        wait $! || rc=$?
        rm -f "$p.pid"
        [ -f "$p.spec" ] || exit 0 # dropped (FIRST_FAILURE) while it ran
        printf '== %-14s %3d file(s) %5s commands %-44s %s\n' "$label" "${#sp_files[@]}" \
            "$(sed -n 's/^cosim N=.*: \([0-9]*\) commands,.*/\1/p' "$log" | tail -n 1)" "${sp_args[*]}" \
            "$(grep -E '^cosim: ' "$log" | tail -n 1 || true)" >"$p.out"
    fi
    echo "$rc" >"$p.rc"
}

# execute: the plan's runs of this shard, JOBS at once, longest first
# (serially in canonical order); each rendered in canonical order as soon
# as it and every run before it are done.
execute() {
    local i label k
    local -a load sel=() order=()
    local -A pos=() label_of=() done_=()
    for ((k = 1; k <= shard_k; k++)); do load[k]=0; done
    # The slices: longest first (canonical order among equals), each to the
    # least loaded shard (the lowest among equals).
    while read -r _ i label; do
        local best=1
        for ((k = 2; k <= shard_k; k++)); do
            [ "${load[k]}" -lt "${load[best]}" ] && best=$k
        done
        load[best]=$((load[best] + $(cost "$label")))
        [ "$best" != "$shard_i" ] || sel+=("$i")
    done < <(for i in "${!labels[@]}"; do echo "$(cost "${labels[$i]}") $i ${labels[$i]}"; done |
        sort -k1,1nr -k2,2n)
    mapfile -t sel < <(printf '%s\n' "${sel[@]}" | sort -n | sed '/^$/d')
    # The plan: what a merge checks all shards agree on (label, cost, the
    # file names' checksum, the options).
    for i in "${!labels[@]}"; do
        read_spec "${labels[$i]}"
        echo "${labels[$i]} $(cost "${labels[$i]}") ${#sp_files[@]}" \
            "$(printf '%s\n' "${sp_files[@]##*/}" | cksum | cut -d' ' -f1) ${sp_args[*]}"
    done >"$out/plan.txt"
    printf 'shard %s/%s\noutdir %s\nfirst_failure %s\nn %s\n' "$shard_i" "$shard_k" "$out" \
        "${FIRST_FAILURE:-0}" "$n" >"$out/shard.txt"
    [ ${#sel[@]} -gt 0 ] || return 0
    for i in "${sel[@]}"; do pos[${labels[$i]}]=$i; done
    if [ "$jobs" = 1 ]; then
        order=("${sel[@]}")
    else
        mapfile -t order < <(for i in "${sel[@]}"; do echo "$(cost "${labels[$i]}") $i"; done |
            sort -k1,1nr -k2,2n | cut -d' ' -f2)
    fi
    local running=0 li=0 ci=0 stop=${#labels[@]} fin rc first_sel=${sel[0]}
    while [ $ci -lt ${#sel[@]} ]; do
        while [ $running -lt "$jobs" ] && [ $li -lt ${#order[@]} ]; do
            i=${order[$li]}
            li=$((li + 1))
            # FIRST_FAILURE=1: nothing after a failed run is started.
            [ "$i" -lt "$stop" ] || continue
            exec_run "${labels[$i]}" "$([ "$i" = "$first_sel" ] && echo 1 || echo 0)" &
            label_of[$!]=${labels[$i]}
            running=$((running + 1))
        done
        i=${sel[$ci]}
        label=${labels[$i]}
        if [ -n "${done_[$label]:-}" ] || [ "$i" -ge "$stop" ]; then
            render_run "$label" "$([ "$i" = "$first_sel" ] && echo 1 || echo 0)" suite || exit 2
            ci=$((ci + 1))
            continue
        fi
        [ $running -gt 0 ] || die "internal: run $label was never started"
        await
        [ -n "$fin" ] || continue
        label=${label_of[$fin]}
        unset "label_of[$fin]"
        running=$((running - 1))
        [ -s "$out/parts/$label.rc" ] || die "run $label ended without a verdict (killed?)"
        done_[$label]=1
        echo "$label" >>"$out/schedule.txt"
        rc=$(cat "$out/parts/$label.rc")
        if [ "${FIRST_FAILURE:-0}" = 1 ] && [ "$rc" = 1 ] && [ "${pos[$label]}" -lt "$stop" ]; then
            stop=${pos[$label]}
            stop=$((stop + 1))
        fi
    done
    # Runs started before a FIRST_FAILURE stop was known: stopped, then
    # dropped.
    for fin in "${!label_of[@]}"; do
        [ ! -s "$out/parts/${label_of[$fin]}.pid" ] || kill "$(cat "$out/parts/${label_of[$fin]}.pid")" 2>/dev/null
    done
    while [ $running -gt 0 ]; do
        await
        [ -n "$fin" ] || continue
        label=${label_of[$fin]}
        unset "label_of[$fin]"
        running=$((running - 1))
        rm -f "$out/$label.log" "$out/$label.csv" "$out/junit/$label.xml" "$out/parts/$label".*
    done
}

# await: fin = the pid of the next of our runs to end (empty: another child).
await() {
    local wrc=0
    fin=
    wait -n -p fin || wrc=$?
    [ -n "$fin" ] || die "internal: wait -n returned $wrc with runs outstanding"
    [ -n "${label_of[$fin]:-}" ] || fin=
}

s() { echo $((seed + $1)); }

finish() {
    execute
    render_finish "$([ "$shard_k" = 1 ] || echo "$shard_i/$shard_k")"
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
    echo "== no checked-in vectors for N=$n in $vecdir: generating them (seed $seed)" |
        tee "$out/parts/preamble.out"
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
    if [ -z "$icg" ] && [ -n "${ICG_SKIPPED:-}" ] && [ "$n" = 4 ]; then
        # The ICG runs ride along at N=4 (sim/sim.mk); when they cannot, it
        # is said, never silent: in the closing lines, the JUnit and the page.
        printf 'icg-singles\t%s\nicg-streams\t%s\n' "$ICG_SKIPPED" "$ICG_SKIPPED" >"$out/skipped.txt" ||
            die "cannot write $out/skipped.txt"
    fi
    if [ -n "$icg" ]; then
        [ -x "$icg" ] || die "no ICG runner $icg"
        run icg-singles "$icg" 0 --seed "$(s 12)" --stall 25 -- "${singles[@]}"
        run icg-streams "$icg" 0 --seed "$(s 13)" --stall 20 --policy random -- \
            "${streams[@]}" "${gen[@]}"
    fi
fi

finish
