# shellcheck shell=bash disable=SC2034 # sets variables for the caller
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# shard_lib.sh - what every parallel and sharded campaign shares
# (docs/parallel.md): JOBS and SHARD=i/k as scripts/sim_suite.sh and
# scripts/mutate.sh take them, and the check a merge (scripts/sim_merge.sh,
# scripts/mutate.sh merge) makes of the slices it is given. Sourced; the
# caller defines die (message to stderr, exit 2).

# parse_jobs_shard WHAT: jobs from JOBS (default 1), shard_i and shard_k
# from SHARD (default 1/1); WHAT names what runs at once (runs, mutants).
parse_jobs_shard() {
    parse_jobs "$1"
    shard_i=1 shard_k=1
    [ -n "${SHARD:-}" ] || return 0
    if ! [[ $SHARD =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] || [ "${BASH_REMATCH[1]}" -gt "${BASH_REMATCH[2]}" ]; then
        die "SHARD=$SHARD: give i/k, the i-th of k slices, 1 <= i <= k (e.g. SHARD=1/2)"
    fi
    shard_i=${BASH_REMATCH[1]} shard_k=${BASH_REMATCH[2]}
}

# parse_jobs WHAT: jobs from JOBS (default 1), checked.
parse_jobs() {
    jobs=${JOBS:-1}
    [[ $jobs =~ ^[1-9][0-9]*$ ]] || die "JOBS=$jobs: give the number of $1 at once, a whole number from 1"
}

# shard_set DIR:i/k...: each directory given to a merge with the slice it
# ran; dies unless they are the slices 1/k .. k/k of one k, each once.
# Sets merge_k.
shard_set() {
    local a d s i
    local -A seen=()
    merge_k=
    for a in "$@"; do
        d=${a%:*} s=${a##*:}
        [[ $s =~ ^[1-9][0-9]*/[1-9][0-9]*$ ]] || die "$d names no slice i/k (it says '$s')"
        [ -z "$merge_k" ] || [ "${s#*/}" = "$merge_k" ] || die "$d is shard $s, the others are of $merge_k"
        merge_k=${s#*/}
        [ -z "${seen[${s%/*}]:-}" ] || die "$d and ${seen[${s%/*}]} are both shard $s"
        seen[${s%/*}]=$d
    done
    for ((i = 1; i <= merge_k; i++)); do
        [ -n "${seen[$i]:-}" ] || die "shard $i/$merge_k is missing (given: ${*%:*})"
    done
}
