# shellcheck shell=bash disable=SC2034,SC2154
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# sim_lib.sh - the part of the suite's bookkeeping that scripts/sim_suite.sh
# (serial, parallel or one shard) and scripts/sim_merge.sh (shards merged)
# share, sourced by both: what each run prints, in canonical order, and the
# verdict, the first failure, runs.txt and the merged JUnit.
#
# A run's record is OUTDIR/parts/LABEL.{spec,out,rc} (written by the
# suite's worker: the replay options, the lines it prints whatever comes
# before it, its exit code) beside OUTDIR/LABEL.{log,csv} and
# junit/LABEL.xml. What depends on the runs before it (the details of the
# first failing run only, FIRST_FAILURE=1, the waveforms kept) is decided
# here, in canonical order, so that any schedule prints the same.
#
# Globals the caller sets: out (OUTDIR), n; optional waves (tracing
# runner). Kept here: status, runs, failed_runs, first, kept.

status=0 runs=0 failed_runs=0 first="" kept=0

# The files a run's CSV marks as failing (pass column 0), one per line.
failed_files() { awk -F, 'NR > 1 && $14 == 0 { print $1 }' "$1"; }

# read_spec LABEL: sp_bin, sp_verbose, sp_args[], sp_files[] from
# OUTDIR/parts/LABEL.spec (one item per line: the runner, 0/1, the
# options, "--", the files).
read_spec() {
    local lines i
    mapfile -t lines <"$out/parts/$1.spec" || return 2
    sp_bin=${lines[0]} sp_verbose=${lines[1]} sp_args=() sp_files=()
    for ((i = 2; i < ${#lines[@]}; i++)); do
        [ "${lines[$i]}" != "--" ] || break
        sp_args+=("${lines[$i]}")
    done
    sp_files=("${lines[@]:$((i + 1))}")
}

# keep_waves LABEL ARGS...: an FST of every failing file of the run (at
# most 20 in all, in canonical order), from the tracing build (WAVES=1).
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

# render_run LABEL PRINTED MODE: the run's lines (unless PRINTED=1: they
# went to the terminal as it ran), the details if it is the first failing
# run, runs.txt, the waveforms (MODE suite: traced now, recorded in
# parts/LABEL.waves; merge: the recorded lines), the verdict.
render_run() {
    local label=$1 printed=$2 mode=$3 p="$out/parts/$1" rc
    # FIRST_FAILURE=1 (make bugs): once a run failed, the rest do not count
    # (serially they are not run; in parallel their outputs are removed).
    if [ "${FIRST_FAILURE:-0}" = 1 ] && [ -n "$first" ]; then
        rm -f "$out/$label.log" "$out/$label.csv" "$out/junit/$label.xml" "$p".{spec,out,rc,waves}
        return 0
    fi
    read_spec "$label" || return 2
    rc=$(cat "$p.rc" 2>/dev/null)
    # Fail closed: a result that is missing, empty or not a verdict (a full
    # disk, a run killed while writing it) is an error, never a pass.
    case $rc in
    0 | 1 | 2) ;;
    *)
        echo "run $label: its result $p.rc is missing or unreadable ('$rc'): counted as an error" >&2
        rc=2
        ;;
    esac
    [ "$printed" = 1 ] || cat "$p.out"
    # Details of the first failing run only; the others say how many.
    if [ "$sp_verbose" = 0 ] && [ "$rc" -ne 0 ] && [ -z "$first" ]; then
        grep -vE '^(cosim|\[ *[0-9]+/[0-9]+\] PASS)' "$out/$label.log" | head -n 16
    fi
    echo "$label $rc ${#sp_files[@]}" >>"$out/runs.txt"
    runs=$((runs + 1))
    if [ "$mode" = suite ]; then
        rm -f "$p.waves"
        if [ "$rc" -eq 1 ] && [ -n "${waves:-}" ] && [[ $label != icg-* ]]; then
            # Not in a pipeline: kept counts across runs.
            keep_waves "$label" "${sp_args[@]}" >"$p.waves"
            cat "$p.waves"
        fi
    elif [ -f "$p.waves" ]; then
        cat "$p.waves"
    fi
    if [ "$rc" -ne 0 ]; then
        failed_runs=$((failed_runs + 1))
        [ "$rc" -eq 1 ] && [ $status -ne 2 ] && status=1
        [ "$rc" -ne 1 ] && status=2
        if [ -z "$first" ] && [ "$rc" -eq 1 ]; then
            local repro file
            repro=$(grep -m 1 '^  reproduce: ' "$out/$label.log" | sed 's/^  reproduce: //')
            file=$(failed_files "$out/$label.csv" | head -n 1)
            # What the debugger needs to replay it (make sim hands it over).
            [[ $label == icg-* ]] || printf '%s\n' "${sp_args[@]}" "$file" >"$out/first-failure.args"
            first="$label $file"
            first="$first"$'\n'"  $(grep -m 1 '^  first divergence: ' "$out/$label.log" | sed 's/^  //')"
            first="$first"$'\n'"  reproduce: $repro"
        fi
    fi
    return 0
}

# render_finish [SHARD]: the closing lines, OUTDIR/suite.xml (every run's
# JUnit test suite in one file, in canonical order); exits with the verdict.
render_finish() {
    local label
    {
        echo '<?xml version="1.0" encoding="UTF-8"?>'
        echo "<testsuites name=\"cosim.n$n\">"
        while read -r label _; do
            [ -f "$out/junit/$label.xml" ] && grep -v '^<?xml' "$out/junit/$label.xml"
        done < <(cat "$out/runs.txt" 2>/dev/null)
        # The runs the plan skipped, with why, as JUnit's <skipped>.
        if [ -s "$out/skipped.txt" ]; then
            echo "<testsuite name=\"cosim.n$n.skipped\" tests=\"$(wc -l <"$out/skipped.txt")\" skipped=\"$(wc -l <"$out/skipped.txt")\">"
            while IFS=$'\t' read -r label why; do
                echo "  <testcase classname=\"cosim.n$n\" name=\"$label\"><skipped message=\"$why\"/></testcase>"
            done <"$out/skipped.txt"
            echo "</testsuite>"
        fi
        echo '</testsuites>'
    } >"$out/suite.xml.tmp" && mv -f "$out/suite.xml.tmp" "$out/suite.xml"
    if [ -s "$out/skipped.txt" ]; then
        while IFS=$'\t' read -r label why; do echo "== $label: skipped: $why"; done <"$out/skipped.txt"
    fi
    echo "== N=$n${1:+ (shard $1)}: $((runs - failed_runs)) of $runs runs passed"
    if [ -n "$first" ]; then
        echo "first failure: $first"
    fi
    exit $status
}
