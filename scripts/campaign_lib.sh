# shellcheck shell=bash disable=SC2034 # sets variables for the caller
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# campaign_lib.sh - what the shell campaigns besides make sim share
# (mutate.sh, formal.sh, formal_bugs.sh, report.sh; docs/parallel.md):
# JOBS and SHARD=i/k as they take them, the check a merge (mutate.sh
# merge) makes of the slices it is given, and a job runner that prints in
# order. make sim's runner is sim/runner (Python). Sourced; the caller
# defines die (message to stderr, exit 2).

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

# run_in_order DIR JOBS NAME...: for each NAME, the caller's function
# `task NAME` in a subshell (errexit on), JOBS at once, its output in
# DIR/NAME.out; as soon as a task and all before it in the given order have
# ended, its output is printed and the caller's `task_done NAME STATUS` is
# called (in this shell, so it may set the caller's variables): the same
# lines in the same order at any JOBS. Its locals start with _rio_, since
# task and task_done see them.
run_in_order() {
    local _rio_dir=$1 _rio_jobs=$2 _rio_name _rio_shown=0
    shift 2
    local _rio_names=("$@")
    for _rio_name in "${_rio_names[@]}"; do
        rm -f "$_rio_dir/$_rio_name.out" "$_rio_dir/$_rio_name.rc"
    done
    _rio_show() {
        while [ $_rio_shown -lt ${#_rio_names[@]} ] && [ -f "$_rio_dir/${_rio_names[$_rio_shown]}.rc" ]; do
            cat "$_rio_dir/${_rio_names[$_rio_shown]}.out"
            task_done "${_rio_names[$_rio_shown]}" "$(cat "$_rio_dir/${_rio_names[$_rio_shown]}.rc")"
            _rio_shown=$((_rio_shown + 1))
        done
    }
    # _rio_wait_below N: until fewer than N tasks run, each end shown.
    _rio_wait_below() {
        while [ "$(jobs -rp | wc -l)" -ge "$1" ]; do
            wait -n || true
            _rio_show
        done
    }
    for _rio_name in "${_rio_names[@]}"; do
        _rio_wait_below "$_rio_jobs"
        (
            set +e
            (
                set -e
                task "$_rio_name"
            ) >"$_rio_dir/$_rio_name.out" 2>&1
            echo $? >"$_rio_dir/$_rio_name.rc"
        ) &
    done
    _rio_wait_below 1
    wait
    _rio_show
}
