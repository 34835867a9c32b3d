#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# shellcheck disable=SC2015 # "A && ok || bad": echo always succeeds
# slurm_test.sh - the sharded regression on a real Slurm (`make
# slurm-test`): a one-node cluster on this machine (munged with a key made
# here, slurmctld, slurmd, all configured in a temporary directory, on
# their own ports and socket), scripts/slurm_sim.sh submits the build job,
# the array of 2 shards and the dependent merge job, and the merged result
# must equal a serial make sim (JOBS=1) of the same N: the verdict, the
# printed lines, the CSVs and every other file (logs and JUnit modulo CPU
# times). Everything it started is stopped, and the temporary directory
# removed, whatever happens.
#
#   scripts/slurm_test.sh BUILD [N]           (N: 4)
#
# Slurm's daemons run as the current user if it is not root (SlurmUser),
# as root otherwise. Exit: 0 pass, 1 a check failed, 2 set-up error (no
# Slurm, a daemon that does not come up).
set -euo pipefail
build=${1:?usage: slurm_test.sh BUILD [N]}
n=${2:-4}
die() { echo "slurm-test: $*" >&2; exit 2; }
for p in munged mungekey slurmctld slurmd sbatch sinfo squeue scancel; do
    command -v "$p" >/dev/null || die "no $p (scripts/deps.sh slurm)"
done
root=$(cd "$build" && pwd)/slurm-test
rm -rf "$root"
mkdir -p "$root"
tmp=$(mktemp -d /tmp/stc-slurm.XXXXXX)
pids=()
export SLURM_CONF=$tmp/slurm.conf

cleanup() {
    local rc=$? p i
    set +e
    if [ -f "$tmp/slurmctld.started" ]; then
        # Our jobs first (this controller has no others), while it runs.
        squeue -h -o %i 2>/dev/null | xargs -r scancel 2>/dev/null
        for ((i = 0; i < 20; i++)); do
            [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
            sleep 0.5
        done
    fi
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
        p=${pids[$i]}
        kill "$p" 2>/dev/null && wait "$p" 2>/dev/null
    done
    [ $rc -eq 0 ] || { echo "slurm-test: logs:" >&2; tail -n 5 "$tmp"/*.log >&2 2>/dev/null; }
    rm -rf "$tmp"
    exit $rc
}
trap cleanup EXIT
trap 'exit 2' INT TERM

start=$(date +%s)
user=$(id -un)
host=$(hostname -s)
# Two free TCP ports for slurmctld and slurmd.
free_port() {
    local p
    for ((p = $1; p < $1 + 200; p++)); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
    done
    die "no free port from $1"
}
cport=$(free_port $((20000 + $$ % 20000)))
dport=$(free_port $((cport + 1)))

# munge: a key of our own, its own socket.
mungekey --create --keyfile="$tmp/munge.key" >/dev/null || die "mungekey failed"
chmod 0400 "$tmp/munge.key"
munged --foreground --force --socket="$tmp/munge.sock" --key-file="$tmp/munge.key" \
    --pid-file="$tmp/munged.pid" --log-file="$tmp/munged.log" --seed-file="$tmp/munged.seed" \
    >"$tmp/munged.out" 2>&1 &
pids+=($!)

mkdir -p "$tmp/state" "$tmp/spool"
cat >"$SLURM_CONF" <<CONF
ClusterName=stctest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge.sock
SlurmctldPort=$cport
SlurmdPort=$dport
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MinJobAge=300
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=stc Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
for ((i = 0; i < 40; i++)); do [ -S "$tmp/munge.sock" ] && break; sleep 0.25; done
[ -S "$tmp/munge.sock" ] || die "munged did not start ($(cat "$tmp/munged.out"))"
slurmctld -D -i -f "$SLURM_CONF" >"$tmp/slurmctld.out" 2>&1 &
pids+=($!)
touch "$tmp/slurmctld.started"
slurmd -D -f "$SLURM_CONF" >"$tmp/slurmd.out" 2>&1 &
pids+=($!)
state=
for ((i = 0; i < 60; i++)); do
    state=$(sinfo -h -n "$host" -o %t 2>/dev/null || true)
    [ "$state" = idle ] && break
    sleep 0.5
done
[ "$state" = idle ] || die "the node did not come up (state '$state'; $tmp/slurm*.log)"
echo "slurm-test: one-node Slurm up on $host as $user (ports $cport, $dport) in $(($(date +%s) - start)) s"

# The reference: a serial make sim of this N, into the directory the merge
# will write (paths in the outputs must agree), then moved aside.
ref=0
scripts/verdict.sh --no-print-directory BUILD="$build" sim N="$n" JOBS=1 SIM_DEBUG=0 SIM_DIR="$root/merged" \
    >"$root/serial.txt" 2>&1 || ref=$?
mv "$root/merged" "$root/serial"
t0=$(date +%s)
got=0
WAIT=1 scripts/slurm_sim.sh "$root" 2 BUILD="$build" N="$n" >"$root/slurm.txt" 2>&1 || got=$?
t1=$(date +%s)
cat "$root/slurm.txt"

fails=0
bad() { echo "slurm-test: FAIL $*" >&2; fails=$((fails + 1)); }
[ "$ref" = "$got" ] && echo "slurm-test: ok   verdict $got through Slurm, $ref serially" ||
    bad "verdict $got through Slurm, $ref serially"
for i in 1 2; do
    grep -qx "shard $i/2" "$root/shard-$i/sim-n$n/shard.txt" 2>/dev/null &&
        ls "$root"/slurm-shard-*_"$i".out >/dev/null 2>&1 ||
        bad "shard $i/2 did not run as array task $i"
done
norm() { sed -E -e 's/time="[0-9.]+"/time=""/g' -e 's/in [0-9.]+ s CPU \([0-9]+ cycles\/s\)//' \
    -e 's#<td>[0-9]+\.[0-9]{3}</td>#<td></td>#g' "$1"; }
if diff -r -q -x parts -x schedule.txt -x shard.txt -x '*.log' -x '*.xml' -x '*.html' \
    "$root/serial" "$root/merged" >"$root/diff.txt"; then
    d=0
    while read -r f; do
        cmp -s <(norm "$root/serial/$f") <(norm "$root/merged/$f") || { bad "$f differs beyond CPU times"; d=1; }
    done < <(cd "$root/serial" && find . \( -name '*.log' -o -name '*.xml' -o -name '*.html' \) -not -path '*/parts/*')
    [ $d = 1 ] || echo "slurm-test: ok   merged output == serial make sim N=$n ($(find "$root/serial" -type f -not -path '*/parts/*' | wc -l) files)"
else
    bad "merged and serial outputs differ: $(head -n 5 "$root/diff.txt")"
fi
echo "slurm-test: the Slurm run (build job, 2 shards, merge) took $((t1 - t0)) s; in all $(($(date +%s) - start)) s"
[ $fails -eq 0 ] || exit 1
echo "slurm-test: passed"
