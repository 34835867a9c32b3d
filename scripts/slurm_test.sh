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
# times); at N=4 also on a broken RTL (SIM_VARIANT=-bug): verdict 1 from
# the merge although the shard jobs failed. Then the mutation campaign
# (scripts/slurm_sim.sh mutate: MUT_TEST_COUNT=12 mutants at N=4, 2
# shards) against a serial make mutate, also with a survivor left
# unexplained (verdict 1). Everything it started is stopped, and the
# temporary directory removed, whatever happens.
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
# Dependent jobs start within a second of the ones they wait for.
SchedulerParameters=sched_interval=1,bf_interval=1
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

fails=0
bad() { echo "slurm-test: FAIL $*" >&2; fails=$((fails + 1)); }
norm() { sed -E -e 's/time="[0-9.]+"/time=""/g' -e 's/in [0-9.]+ s CPU \([0-9]+ cycles\/s\)//' \
    -e 's#<td>[0-9]+\.[0-9]{3}</td>#<td></td>#g' "$1"; }

# check CAMPAIGN NAME WANT MAKE-ARGS...: a serial make CAMPAIGN (the
# reference, JOBS=1, into the directory the merge will write, since paths
# in the outputs must agree, then moved aside) and the same through
# scripts/slurm_sim.sh with 2 shards; verdicts (WANT) and outputs equal.
check() {
    local campaign=$1 name=$2 want=$3 d=$root/$2 ref=0 got=0 t0 t1 i
    shift 3
    local dirvar=SIM_DIR slice="sim-n$n/shard.txt" extra=(SIM_DEBUG=0)
    [ "$campaign" = sim ] || dirvar=MUT_OUT slice=results.plan extra=()
    mkdir -p "$d"
    t0=$(date +%s)
    scripts/verdict.sh --no-print-directory BUILD="$build" "$campaign" JOBS=1 "${extra[@]}" "$dirvar=$d/merged" "$@" \
        >"$d/serial.txt" 2>&1 || ref=$?
    mv "$d/merged" "$d/serial"
    t1=$(date +%s)
    WAIT=1 POLL=1 scripts/slurm_sim.sh "$campaign" "$d" 2 BUILD="$build" "$@" >"$d/slurm.txt" 2>&1 || got=$?
    sed "s/^/  /" "$d/slurm.txt"
    echo "slurm-test: $name: serial $((t1 - t0)) s, Slurm part $(($(date +%s) - t1)) s"
    [ "$ref" = "$want" ] && [ "$got" = "$want" ] && echo "slurm-test: ok   $name: verdict $got through Slurm, $ref serially" ||
        bad "$name: verdict $got through Slurm, $ref serially (want $want)"
    for i in 1 2; do
        grep -qx "shard $i/2" "$d/shard-$i/$slice" 2>/dev/null && ls "$d"/slurm-shard-*_"$i".out >/dev/null 2>&1 ||
            bad "$name: shard $i/2 did not run as array task $i"
    done
    "same_$campaign" "$d/serial" "$d/merged" "$name"
}

# same_sim SERIAL MERGED NAME: every file, logs, JUnit and the page
# modulo CPU times.
same_sim() {
    local f dd=0
    if diff -r -q -x parts -x .bin -x '.*.lock' -x schedule.txt -x shard.txt -x '*.log' -x '*.xml' -x '*.html' "$1" "$2" >"$2.diff"; then
        while read -r f; do
            cmp -s <(norm "$1/$f") <(norm "$2/$f") || { bad "$3: $f differs beyond CPU times"; dd=1; }
        done < <(cd "$1" && find . \( -name '*.log' -o -name '*.xml' -o -name '*.html' \) -not -path '*/parts/*')
        [ $dd = 1 ] || echo "slurm-test: ok   $3: merged output == serial make sim" \
            "($(find "$1" -type f -not -path '*/parts/*' | wc -l) files)"
    else
        bad "$3: merged and serial outputs differ: $(head -n 5 "$2.diff")"
    fi
}

# same_mutate SERIAL MERGED NAME: the results, the report, the plan and
# the verdict byte for byte (the rest of a run's directory is its logs).
same_mutate() {
    local f
    for f in results.tsv results.md results.plan results.verdict; do
        cmp -s "$1/$f" "$2/$f" || { bad "$3: merged $f differs from the serial run's"; return; }
    done
    echo "slurm-test: ok   $3: merged results.tsv, results.md, results.plan, results.verdict == serial make mutate" \
        "($(wc -l <"$1/results.tsv") mutants)"
}

check sim rtl 0 N="$n"
# A broken RTL (the debugger test's): the shard jobs fail (exit 1), the
# merge still runs (afterany) and reports the mismatch.
[ "$n" != 4 ] || check sim broken-rtl 1 N=4 SIM_VARIANT=-bug
# The mutation campaign, small: MUT_TEST_COUNT mutants at N=4, 2 shards;
# then with an empty list of explained survivors, so that a survivor
# fails its shard job (exit 1) and the merge reports it anyway.
mut=(MUT_COUNT="${MUT_TEST_COUNT:-12}" MUT_DOC=)   # as make parallel-test: a sample with a survivor
check mutate mutate 0 "${mut[@]}"
: >"$root/no-equivalents.txt"
check mutate mutate-survivor 1 "${mut[@]}" MUT_EQUIV="$root/no-equivalents.txt"
echo "slurm-test: $(($(date +%s) - start)) s in all"
[ $fails -eq 0 ] || exit 1
echo "slurm-test: passed"
