#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# formal_bugs.sh - make formal-bugs (formal/formal.mk): every bug of the
# list, applied to its own copy of rtl/, must fail the proof named after it.
#
#   scripts/formal_bugs.sh OUT BUGDIR "BUG:PROOF..." SRCNAME...
#       BUGDIR/BUG/rtl/SRCNAME are the bug's sources (tb/mutate.mk makes
#       them); each bug's proof runs under OUT/BUG with its log OUT/BUG.log
#
# JOBS bugs at once (each proof is single-threaded), printed in the list's
# order. Exit status: 0 every bug caught, 1 a bug not caught (its proof held
# or did not decide), 2 a set-up error. The other variables are formal.sh's.
set -euo pipefail

die() { echo "formal_bugs.sh: $*" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/campaign_lib.sh
. "$here/campaign_lib.sh"

[ $# -ge 4 ] || die "usage: scripts/formal_bugs.sh OUT BUGDIR \"BUG:PROOF...\" SRCNAME..."
out=$1 bugdir=$2
read -r -a list <<<"$3"
shift 3
srcnames=("$@")
parse_jobs bugs
mkdir -p "$out" || die "cannot create $out"

declare -A proof_of=()
ids=()
for b in "${list[@]}"; do
    [[ $b == *:* ]] || die "'$b' names no proof (give BUG:PROOF)"
    proof_of[${b%%:*}]=${b##*:}
    ids+=("${b%%:*}")
done

task() {
    local id=$1 srcs=() s rc=0
    for s in "${srcnames[@]}"; do srcs+=("$bugdir/$id/rtl/$s"); done
    echo "== formal-bugs: $id, proof ${proof_of[$id]}"
    JOBS=1 PROOFS=${proof_of[$id]} "$here/formal.sh" "$out/$id" "${srcs[@]}" >"$out/$id.log" 2>&1 || rc=$?
    cat "$out/$id.log"
    exit $rc
}

status=0
task_done() { # bug, formal.sh's exit status
    local id=$1
    case $2 in
    1)
        if grep -q '^formal: [a-z-]* *FAILED' "$out/$id.log"; then
            echo "formal-bugs: $id caught by ${proof_of[$id]}"
        else
            echo "formal-bugs: $id NOT caught by ${proof_of[$id]} (undecided)" >&2
            [ $status = 2 ] || status=1
        fi
        ;;
    0)
        echo "formal-bugs: $id NOT caught by ${proof_of[$id]}" >&2
        [ $status = 2 ] || status=1
        ;;
    *)
        echo "formal-bugs: $id: set-up error (exit $2)" >&2
        status=2
        ;;
    esac
}

run_in_order "$out" "$jobs" "${ids[@]}"
exit $status
