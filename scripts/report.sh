#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report.sh - the sparsity sweep behind `make report`.
#
# usage: scripts/report.sh [--quick] BUILD_DIR [DOCS_DIR]
#   env: VECGEN (default BUILD_DIR/stc_vecgen), SIM (default BUILD_DIR/stc_sim-n16),
#        SIM_DBUF (the runner of the dbuf micro-architecture, default
#        BUILD_DIR/uarch-dbuf/stc_sim-n16), MOEGEN (default BUILD_DIR/stc_moegen),
#        TRAFFIC (default BUILD_DIR/stc_traffic),
#        JOBS (runs at once, default 2; make report: REPORT_JOBS, default
#        JOBS if given, else nproc),
#        PY (Debian's Python with python3-matplotlib, default /usr/bin/python3)
#
# Generates one vector per (configuration, M) into BUILD_DIR/report/vectors,
# runs each through the lockstep runner (RTL and golden model compared every
# cycle, no stalls) with --csv, merges the per-run counters in a fixed order,
# derives speedup, utilization, bytes and energy (summary.csv), checks that
# the counters add up (report_check.sh), draws the plots and writes
# DOCS_DIR/report.md. The configurations of UARCH_CONFIGS also run on the
# double-buffered tile (docs/architecture.md section 11) against its own
# model configuration: uarch.csv and the report's micro-architecture section.
#
# Two more sections run their commands through the same lockstep:
#   - mixture of experts (stc_moegen): T tokens routed to k of E experts
#     under several load distributions, each expert's GEMM cut into tile
#     commands by each dispatch scheme: moe.csv;
#   - activation zeros: the same dense and 2:4 W with a growing share of A
#     set to zero (stc_vecgen --a-zeros): act.csv.
# And the memory-traffic section: the sweep's measured sector counts
# (traffic_tile.csv) beside stc_traffic's model of the formats the tile
# cannot execute (traffic.csv, breakeven.csv).
#
# This script runs the tools and moves files; every table, the page and the
# plots are analysis/report's (python3 -m analysis.report COMMAND, reading
# each CSV column by its name): merge, summary, uarch, moe, act, traffic,
# sparseloop, plots, render.
#
# --quick: the same configurations at M = 16 only, the MoE section for the
# balanced and hot5 distributions and the activation section at 0, 50 and
# 90% zeros, into BUILD_DIR/report-quick, counters and checks only (no
# plots, no report.md): what `make report-check` runs.
#
# Deterministic: fixed seeds, fixed order, no timestamps or host names in any
# output, so the same sources give byte-identical docs/report*, whatever
# JOBS (docs/parallel.md): each run writes its own files, merged in the
# canonical order afterwards. Only the progress lines on the terminal come
# in the order the runs end.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
quick=0
if [ "${1:-}" = "--quick" ]; then quick=1; shift; fi
[ $# -ge 1 ] || { echo "usage: $0 [--quick] BUILD_DIR [DOCS_DIR]" >&2; exit 2; }
build=$1
docs=${2:-docs}
VECGEN=${VECGEN:-$build/stc_vecgen}
SIM=${SIM:-$build/stc_sim-n16}
SIM_DBUF=${SIM_DBUF:-$build/uarch-dbuf/stc_sim-n16}
MOEGEN=${MOEGEN:-$build/stc_moegen}
TRAFFIC=${TRAFFIC:-$build/stc_traffic}
JOBS=${JOBS:-2}
PY=${PY:-/usr/bin/python3}
die() { echo "report: $*" >&2; exit 2; }
# The report's tables, page and plots (analysis/report), no byte code left
# in the tree.
report_py() {
    PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}" "$PY" -m analysis.report "$@"
}
# shellcheck source=scripts/campaign_lib.sh
. "$here/campaign_lib.sh"
parse_jobs runs

# ---- the sweep --------------------------------------------------------------
# Every configuration has the same dense K, so "speedup against dense" always
# compares the same problem: K = 512 is 32 dense blocks or 16 2:4 blocks.
N=16
K=512
SEED=1
if [ $quick = 1 ]; then MS="16"; else MS="1 16 64 256 1024"; fi
# id  class  sparsity-percent ("-" for none)
CONFIGS="dense dense -
sp24 sp24 -
block50 block 50
block75 block 75
block90 block 90
sp24block50 sp24-block 50
sp24block75 sp24-block 75
sp24block90 sp24-block 90
unstr50 unstructured 50
unstr90 unstructured 90
unstr99 unstructured 99"
# Also run on the dbuf micro-architecture: the shapes the tile executes.
UARCH_CONFIGS="dense sp24 block75 sp24block75"
# Mixture of experts: the design notes' shape (64 experts, 8192 tokens, top-2:
# a mean of 256 tokens per expert), scaled in d (the commands' K, 4 blocks)
# and h (one 16-column slice of each expert), which keeps the distribution of
# M = n_e and with it the fill, drain and padding the tile pays per command.
MOE_EXPERTS=64 MOE_TOKENS=8192 MOE_TOPK=2 MOE_D=64
MOE_SCHEMES=group,cap100,cap125,cap150,bucket
# Activation zeros: dense and 2:4 W, M = 64, the sweep's K.
ACT_M=64
if [ $quick = 1 ]; then
    MOE_DISTS="balanced hot5"
    ACT_ZEROS="0 50 90"
else
    MOE_DISTS="balanced uniform zipf hot2 hot5 hot10"
    ACT_ZEROS="0 10 20 30 40 50 60 70 80 90"
fi

for tool in "$VECGEN" "$SIM" "$SIM_DBUF" "$MOEGEN" "$TRAFFIC"; do
    [ -x "$tool" ] || { echo "report: $tool is missing (build it first: make $tool)" >&2; exit 2; }
done

if [ $quick = 1 ]; then out=$build/report-quick; else out=$build/report; fi
vecdir=$out/vectors
rundir=$out/runs
rm -rf "$rundir"
mkdir -p "$vecdir" "$rundir"

# Job list, canonical order (configuration, then M): "idx id class sp m".
jobs=$out/jobs.txt
: >"$jobs"
i=0
while read -r id cls sp; do
    for m in $MS; do
        i=$((i + 1))
        echo "$i $id $cls $sp $m" >>"$jobs"
    done
done <<<"$CONFIGS"
# The dbuf runs of the same vectors: "idx id m".
jobs_dbuf=$out/jobs-dbuf.txt
: >"$jobs_dbuf"
for id in $UARCH_CONFIGS; do
    while read -r idx jid _ _ m; do
        [ "$jid" != "$id" ] || echo "$idx $jid $m"
    done <"$jobs" >>"$jobs_dbuf"
done
total=$i
moedir=$out/moe
actdir=$out/act
rm -rf "$moedir" "$actdir"
mkdir -p "$moedir" "$actdir"
export total VECGEN SIM SIM_DBUF MOEGEN N K SEED vecdir rundir moedir actdir \
    MOE_EXPERTS MOE_TOKENS MOE_TOPK MOE_D MOE_SCHEMES ACT_M ACT_ZEROS PY root
export -f report_py

t0=$(date +%s)
echo "report: $total runs (N=$N, K=$K, M in {$MS}, seed $SEED), $JOBS in parallel"

# One job: generate the vector, run it in lockstep, keep its CSV line.
# Printed as one line per job so parallel output does not interleave.
run_job() {
    local idx=$1 id=$2 cls=$3 sp=$4 m=$5
    local vec=$vecdir/$id-m$m.vec csv=$rundir/$id-m$m.csv log=$rundir/$id-m$m.log
    local spopt=()
    [ "$sp" = "-" ] || spopt=(--sparsity "$sp")
    local s0 s1
    s0=$(date +%s%N)
    if ! "$VECGEN" --class "$cls" --n "$N" --m "$m" --k "$K" --seed "$SEED" "${spopt[@]}" \
        -o "$vec" >"$log" 2>&1; then
        printf 'report: [%2d/%d] %s M=%s: generator failed:\n' "$idx" "$total" "$id" "$m" >&2
        cat "$log" >&2
        return 1
    fi
    if ! "$SIM" --seed 1 --stall 0 --quiet --csv "$csv" "$vec" >>"$log" 2>&1; then
        printf 'report: [%2d/%d] %s M=%s: lockstep run FAILED (RTL and model disagree or bad input):\n' \
            "$idx" "$total" "$id" "$m" >&2
        tail -n 20 "$log" >&2
        return 1
    fi
    s1=$(date +%s%N)
    local ndone
    ndone=$(flock "$rundir/.count" sh -c 'n=$(cat "$1" 2>/dev/null || echo 0); n=$((n + 1)); echo $n >"$1"; echo $n' _ "$rundir/.count")
    printf '  [%2d/%d done] %-12s M=%-5s %7s cycles  RTL == model  %5.1f s\n' "$ndone" "$total" "$id" "$m" \
        "$(report_py field "$csv" cycles)" "$(((s1 - s0) / 1000000))e-3"
}
export -f run_job

# The same vector on the dbuf tile, in lockstep with its own model
# configuration (after the base runs, which generated it).
run_dbuf_job() {
    local idx=$1 id=$2 m=$3
    local vec=$vecdir/$id-m$m.vec csv=$rundir/$id-m$m-dbuf.csv log=$rundir/$id-m$m-dbuf.log
    if ! "$SIM_DBUF" --seed 1 --stall 0 --quiet --csv "$csv" "$vec" >"$log" 2>&1; then
        printf 'report: [%2d] %s M=%s on dbuf: lockstep run FAILED (RTL and model disagree or bad input):\n' \
            "$idx" "$id" "$m" >&2
        tail -n 20 "$log" >&2
        return 1
    fi
    printf '  [dbuf] %-12s M=%-5s %7s cycles  RTL == model\n' "$id" "$m" "$(report_py field "$csv" cycles)"
}
# One distribution of the MoE section: route, write every scheme's commands,
# run them all in lockstep (one runner, one CSV line per command).
run_moe_job() {
    local dist=$1 log=$moedir/$1.log
    if ! "$MOEGEN" --dist "$dist" --schemes "$MOE_SCHEMES" --experts "$MOE_EXPERTS" \
        --tokens "$MOE_TOKENS" --topk "$MOE_TOPK" --n "$N" --d "$MOE_D" --seed "$SEED" \
        --out-dir "$moedir/$dist" --plan "$moedir/$dist.plan.csv" --stream-dir "$moedir/$dist-streams" \
        >"$log" 2>&1; then
        echo "report: MoE $dist: generator failed:" >&2
        cat "$log" >&2
        return 1
    fi
    local vecs
    vecs=$(LC_ALL=C ls "$moedir/$dist"/*.vec)
    # shellcheck disable=SC2086 # one word per vector path (no spaces under BUILD)
    if ! "$SIM" --seed 1 --stall 0 --quiet --csv "$moedir/$dist.runs.csv" $vecs >>"$log" 2>&1; then
        echo "report: MoE $dist: lockstep run FAILED (RTL and model disagree or bad input):" >&2
        tail -n 20 "$log" >&2
        return 1
    fi
    # Each scheme's commands once more as one stream, back to back on one
    # tile (the serial step as a runtime would issue it): its cycles, from
    # the runner's PASS line (a stream's --csv row leaves the per-command
    # counters empty).
    local streams
    streams=$(LC_ALL=C ls "$moedir/$dist-streams"/*.vec)
    # shellcheck disable=SC2086 # one word per stream path
    if ! "$SIM" --seed 1 --stall 0 $streams >"$moedir/$dist.streams.log" 2>&1; then
        echo "report: MoE $dist: a command stream FAILED in lockstep:" >&2
        tail -n 20 "$moedir/$dist.streams.log" >&2
        return 1
    fi
    report_py streams --dist "$dist" -o "$moedir/$dist.streams.csv" "$moedir/$dist.streams.log" || return 1
    printf '  [moe] %-9s %4d commands and their streams  RTL == model\n' "$dist" "$(($(wc -l <"$moedir/$dist.runs.csv") - 1))"
}

# One class of the activation section: the same W with a growing share of
# zeros in A.
run_act_job() {
    local cls=$1 az log=$actdir/$1.log vecs=()
    : >"$log"
    for az in $ACT_ZEROS; do
        vecs+=("$actdir/$cls-az$az.vec")
        if ! "$VECGEN" --class "$cls" --n "$N" --m "$ACT_M" --k "$K" --seed "$SEED" --a-zeros "$az" \
            -o "$actdir/$cls-az$az.vec" >>"$log" 2>&1; then
            echo "report: activation zeros $cls $az%: generator failed:" >&2
            cat "$log" >&2
            return 1
        fi
    done
    if ! "$SIM" --seed 1 --stall 0 --quiet --csv "$actdir/$cls.runs.csv" "${vecs[@]}" >>"$log" 2>&1; then
        echo "report: activation zeros $cls: lockstep run FAILED (RTL and model disagree or bad input):" >&2
        tail -n 20 "$log" >&2
        return 1
    fi
    printf '  [act] %-9s %4d runs      RTL == model\n' "$cls" "${#vecs[@]}"
}
export -f run_job run_dbuf_job run_moe_job run_act_job

# Longest runs (largest M) first so the two cores finish together.
sort -k5,5nr -k1,1n "$jobs" |
    xargs -P "$JOBS" -L 1 bash -c 'run_job "$@"' _ ||
    { echo "report: sweep failed (see above)" >&2; exit 1; }
sort -k3,3nr -k1,1n "$jobs_dbuf" |
    xargs -P "$JOBS" -L 1 bash -c 'run_dbuf_job "$@"' _ ||
    { echo "report: dbuf sweep failed (see above)" >&2; exit 1; }
{
    for dist in $MOE_DISTS; do echo "moe $dist"; done
    echo "act dense"
    echo "act sp24"
} | xargs -P "$JOBS" -L 1 bash -c 'run_$0_job "$@"' ||
    { echo "report: MoE or activation sweep failed (see above)" >&2; exit 1; }

# Merge in canonical order; the vector path is reduced to its file name so
# the CSV does not depend on BUILD. Every table is written whole or not at
# all (a temporary name, renamed).
runs=$out/runs.csv
runfiles=()
while read -r _ id _ _ m; do runfiles+=("$rundir/$id-m$m.csv"); done <"$jobs"
report_py merge -o "$runs" "${runfiles[@]}"
report_py summary -o "$out/summary.csv" "$runs"

# The dbuf runs beside the base ones, in the order of jobs-dbuf.txt.
runfiles=()
while read -r _ id m; do runfiles+=("$rundir/$id-m$m-dbuf.csv"); done <"$jobs_dbuf"
report_py merge -o "$out/runs-dbuf.csv" "${runfiles[@]}"
report_py uarch -o "$out/uarch.csv" "$runs" "$out/runs-dbuf.csv"

# The MoE table: plans, runs and streams, each in MOE_DISTS order.
plans=() moeruns=() streams=()
for dist in $MOE_DISTS; do
    plans+=("$moedir/$dist.plan.csv")
    moeruns+=("$moedir/$dist.runs.csv")
    streams+=("$moedir/$dist.streams.csv")
done
report_py moe --experts "$MOE_EXPERTS" --tokens "$MOE_TOKENS" --topk "$MOE_TOPK" --d "$MOE_D" \
    --plans "${plans[@]}" --runs "${moeruns[@]}" --streams "${streams[@]}" -o "$out/moe.csv"
report_py act -o "$out/act.csv" "$actdir/dense.runs.csv" "$actdir/sp24.runs.csv"

# Memory traffic: measured from the sweep's runs, modelled by stc_traffic.
report_py traffic -o "$out/traffic_tile.csv" "$runs"
"$TRAFFIC" --seed "$SEED" --out-sweep "$out/traffic.csv" --out-breakeven "$out/breakeven.csv" ||
    { echo "report: stc_traffic failed" >&2; exit 1; }

"$here/report_check.sh" "$runs"

t1=$(date +%s)
echo "report: sweep done in $((t1 - t0)) s"
[ $quick = 1 ] && exit 0

# ---- publish ----------------------------------------------------------------
# Everything is written into a staging directory under BUILD first and
# checked whole; only then is each file moved into DOCS (a rename on the
# same file system), so an interrupted `make report` leaves docs/ as it was.
stage=$out/publish
rm -rf "$stage"
mkdir -p "$stage/report"
cp "$runs" "$stage/report/runs.csv"
cp "$out/summary.csv" "$stage/report/summary.csv"
cp "$out/uarch.csv" "$stage/report/uarch.csv"
cp "$out/moe.csv" "$stage/report/moe.csv"
cp "$out/act.csv" "$stage/report/act.csv"
for f in traffic_tile traffic breakeven; do cp "$out/$f.csv" "$stage/report/$f.csv"; done
report_py sparseloop -o "$stage/report/sparseloop.csv" "$runs"
echo "report: plots"
# Matplotlib, deterministic: no date or software name in the PNG or SVG.
report_py plots "$stage/report"
# The hardware cost of the decision table: make area's table (Yosys, slow,
# checked in CI by make area-check), read from DOCS; its accuracy column:
# make accuracy's tables (accuracy.csv and summary.csv), read from DOCS.
[ -f "$docs/report/area.csv" ] || { echo "report: $docs/report/area.csv is missing: run make area" >&2; exit 2; }
for f in accuracy.csv summary.csv; do
    [ -f "$docs/accuracy/$f" ] ||
        { echo "report: $docs/accuracy/$f is missing: run make accuracy" >&2; exit 2; }
done
cp "$docs/report/area.csv" "$stage/report/area.csv"
report_py render --accuracy "$docs/accuracy/accuracy.csv" -o "$stage/report.md" "$stage/report"
"$here/report_files_check.sh" "$stage" "$total"
mkdir -p "$docs/report"
for f in "$stage"/report/*; do
    cp "$f" "$docs/report/.${f##*/}.tmp" && mv -f "$docs/report/.${f##*/}.tmp" "$docs/report/${f##*/}"
done
cp "$stage/report.md" "$docs/.report.md.tmp" && mv -f "$docs/.report.md.tmp" "$docs/report.md"
echo "report: wrote $docs/report.md, $docs/report/{runs,summary,uarch,moe,act,traffic_tile,traffic,breakeven,sparseloop}.csv and $(ls "$stage"/report/*.png | wc -l) plots (PNG + SVG)"
