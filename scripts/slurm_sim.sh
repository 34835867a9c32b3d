#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# slurm_sim.sh - a sharded campaign on a Slurm cluster: one build job, a
# job array of K shards (make CAMPAIGN SHARD=i/K) once the build
# succeeded, and the merge (make CAMPAIGN-merge) as a job that depends on
# the whole array with afterany, so that it runs, and reports, whatever
# the shards did. CAMPAIGN: sim (the lockstep suite, the default), mutate
# or mutate-ci (the mutation campaign, tb/mutate.mk).
#
#   scripts/slurm_sim.sh [CAMPAIGN] OUTDIR K [MAKE-ARGS...]   (from the checkout)
#
# OUTDIR (on a file system every node sees, as the checkout must be; a
# directory called like a campaign: write ./sim) receives shard-1 ..
# shard-K (each a make sim SIM_DIR, or a make mutate MUT_OUT), merged/
# (the merged suite, its sim.verdict and sim-report.html; or the merged
# results.tsv, results.md and results.verdict) and the jobs' output
# (slurm-*.out). MAKE-ARGS go to every make (N=4, SEED=7, COMPARE=txn,
# MUT_COUNT=40, MUT_DOC= ...).
# Environment: SBATCH_ARGS (extra sbatch options for every job, e.g.
# "--partition=short --time=30"), CPUS (CPUs per shard, 1: its make
# JOBS), WAIT (1: wait for the merge and exit with its verdict; 0: print
# the job ids and return), POLL (seconds between looks at the queue, 2).
# Exit (WAIT=1): 0 pass, 1 a mismatch, 2 bad input, set-up error, or a job
# that did not run (the build failed, a job was cancelled).
set -euo pipefail
die() { echo "slurm_sim.sh: $*" >&2; exit 2; }
campaign=sim
case ${1:-} in sim | mutate | mutate-ci) campaign=$1 && shift ;; esac
[ $# -ge 2 ] || die "usage: slurm_sim.sh [sim|mutate|mutate-ci] OUTDIR K [MAKE-ARGS...]"
out=$1 k=$2
shift 2
# What differs between the campaigns: the build target, the variable
# naming a run's output directory, the verdict file, extra arguments.
case $campaign in
sim) build_target=sim-build dirvar=SIM_DIR verdict_file=sim.verdict run_args=" SIM_DEBUG=0" ;;
mutate) build_target=mutate-build dirvar=MUT_OUT verdict_file=results.verdict run_args= ;;
mutate-ci) build_target=mutate-build dirvar=MUT_OUT verdict_file=results-ci.verdict run_args= ;;
esac
[[ $k =~ ^[1-9][0-9]*$ ]] || die "K=$k: give the number of shards, a whole number from 1"
cpus=${CPUS:-1} wait_=${WAIT:-1}
[[ $cpus =~ ^[1-9][0-9]*$ ]] || die "CPUS=$cpus: give the CPUs per shard, a whole number from 1"
command -v sbatch >/dev/null || die "no sbatch (scripts/deps.sh slurm installs Slurm's client)"
mkdir -p "$out" || die "cannot create $out"
out=$(cd "$out" && pwd)
rm -rf "$out"/shard-* "$out/merged" "$out"/slurm-*.out "$out/merge-job.txt"
# shellcheck disable=SC2206 # SBATCH_ARGS is a list of options
extra=(${SBATCH_ARGS:-})
make_args=$(printf ' %q' "$@")
common=(--parsable --chdir="$PWD" "${extra[@]}")

# The build, once: shards on a shared checkout must not build concurrently.
build=$(sbatch "${common[@]}" --job-name="stc-$campaign-build" --cpus-per-task="$cpus" \
    --output="$out/slurm-build-%j.out" \
    --wrap="make --no-print-directory $build_target JOBS=$cpus$make_args") || die "sbatch of the build failed"
# The shards: one array task each, when the build succeeded.
array=$(sbatch "${common[@]}" --job-name="stc-$campaign-shard" --array="1-$k" --cpus-per-task="$cpus" \
    --dependency="afterok:$build" --kill-on-invalid-dep=yes --output="$out/slurm-shard-%A_%a.out" \
    --wrap="scripts/verdict.sh $campaign SHARD=\$SLURM_ARRAY_TASK_ID/$k $dirvar=$(printf %q "$out")/shard-\$SLURM_ARRAY_TASK_ID JOBS=$cpus$run_args$make_args") ||
    die "sbatch of the shards failed"
shards=
for ((i = 1; i <= k; i++)); do shards="$shards $out/shard-$i"; done
# The merge, after every shard ended (afterany: a failing shard is a verdict).
merge_cmd="scripts/verdict.sh $campaign-merge SHARDS=$(printf %q "${shards# }") $dirvar=$(printf %q "$out/merged")$make_args"
echo "slurm_sim.sh: $campaign: build job $build, shard array $array (1-$k), merge after it: $out/merged"
merge=$(sbatch "${common[@]}" --job-name="stc-$campaign-merge" --dependency="afterany:$array" \
    --kill-on-invalid-dep=yes --output="$out/slurm-merge-%j.out" --wrap="$merge_cmd") ||
    die "sbatch of the merge failed"
echo "slurm_sim.sh: merge job $merge"
[ "$wait_" = 1 ] || exit 0
# Until the merge job has left the queue (sbatch --wait polls with growing
# intervals, up to half a minute late).
while :; do
    st=$(squeue -h -j "$merge" -o %T 2>/dev/null || true)
    case $st in
    "" | COMPLETED | FAILED | CANCELLED* | TIMEOUT | OUT_OF_MEMORY | NODE_FAIL | BOOT_FAIL | DEADLINE | PREEMPTED) break ;;
    esac
    sleep "${POLL:-2}"
done
cat "$out"/slurm-merge-*.out 2>/dev/null | tail -n 4
# The verdict the merge recorded; none: the merge did not run to the end.
if [ -s "$out/merged/$verdict_file" ]; then
    v=$(cat "$out/merged/$verdict_file")
    case $v in 0 | 1 | 2) exit "$v" ;; esac
fi
echo "slurm_sim.sh: the merge job $merge ended (${st:-gone}) without recording a verdict ($out/slurm-*.out)" >&2
exit 2
