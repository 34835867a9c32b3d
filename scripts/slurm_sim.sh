#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# slurm_sim.sh - the sharded make sim on a Slurm cluster: one build job,
# a job array of K shards (make sim SHARD=i/K) once the build succeeded,
# and the merge (make sim-merge) as a job that depends on the whole array
# with afterany, so that it runs, and reports, whatever the shards did.
#
#   scripts/slurm_sim.sh OUTDIR K [MAKE-ARGS...]      (from the checkout)
#
# OUTDIR (on a file system every node sees, as the checkout must be)
# receives shard-1 .. shard-K (each a make sim SIM_DIR), merged/ (the
# merged suite, its sim.verdict and sim-report.html) and the jobs' output
# (slurm-*.out). MAKE-ARGS go to every make (N=4, SEED=7, COMPARE=txn ...).
# Environment: SBATCH_ARGS (extra sbatch options for every job, e.g.
# "--partition=short --time=30"), CPUS (CPUs per shard, 1: its make sim
# JOBS), WAIT (1: wait for the merge and exit with its verdict; 0: print
# the job ids and return), POLL (seconds between looks at the queue, 2).
# Exit (WAIT=1): 0 pass, 1 a mismatch, 2 bad input, set-up error, or a job
# that did not run (the build failed, a job was cancelled).
set -euo pipefail
die() { echo "slurm_sim.sh: $*" >&2; exit 2; }
[ $# -ge 2 ] || die "usage: slurm_sim.sh OUTDIR K [MAKE-ARGS...]"
out=$1 k=$2
shift 2
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
build=$(sbatch "${common[@]}" --job-name=stc-build --cpus-per-task="$cpus" \
    --output="$out/slurm-build-%j.out" \
    --wrap="make --no-print-directory sim-build JOBS=$cpus$make_args") || die "sbatch of the build failed"
# The shards: one array task each, when the build succeeded.
array=$(sbatch "${common[@]}" --job-name=stc-shard --array="1-$k" --cpus-per-task="$cpus" \
    --dependency="afterok:$build" --kill-on-invalid-dep=yes --output="$out/slurm-shard-%A_%a.out" \
    --wrap="scripts/verdict.sh sim SHARD=\$SLURM_ARRAY_TASK_ID/$k SIM_DIR=$(printf %q "$out")/shard-\$SLURM_ARRAY_TASK_ID JOBS=$cpus SIM_DEBUG=0$make_args") ||
    die "sbatch of the shards failed"
shards=
for ((i = 1; i <= k; i++)); do shards="$shards $out/shard-$i"; done
# The merge, after every shard ended (afterany: a failing shard is a verdict).
merge_cmd="scripts/verdict.sh sim-merge SHARDS=$(printf %q "${shards# }") SIM_DIR=$(printf %q "$out/merged")$make_args"
echo "slurm_sim.sh: build job $build, shard array $array (1-$k), merge after it: $out/merged"
merge=$(sbatch "${common[@]}" --job-name=stc-merge --dependency="afterany:$array" \
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
if [ -s "$out/merged/sim.verdict" ]; then
    v=$(cat "$out/merged/sim.verdict")
    case $v in 0 | 1 | 2) exit "$v" ;; esac
fi
echo "slurm_sim.sh: the merge job $merge ended (${st:-gone}) without recording a verdict ($out/slurm-*.out)" >&2
exit 2
