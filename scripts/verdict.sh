#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# verdict.sh - runs `make ARGS...` and exits with the verdict the target
# recorded instead of GNU make's own status (make exits 2 whenever a
# recipe fails, whatever the recipe returned):
#
#   scripts/verdict.sh sim [N=4] [VEC=f.vec] [SEED=..] [JOBS=n] [SHARD=i/k] ...
#   scripts/verdict.sh sim-merge SHARDS="DIR1 DIR2 ..."
#   scripts/verdict.sh mutate [JOBS=n] [SHARD=i/k] [MUT_OUT=DIR] [MUT_COUNT=..] ...
#   scripts/verdict.sh mutate-merge SHARDS="DIR1 DIR2 ..." (mutate-ci, mutate-ci-merge)
#
# exit: 0 pass, 1 mismatch (RTL and golden model disagree; for the
# mutation campaign: a survivor not analysed), 2 bad input or set-up
# error. Targets that record no verdict (anything but sim and those
# above) give 0 when make succeeds and 2 when it fails. The mutation
# campaign's MUT_N, MUT_SEED, MUT_COUNT (which name its directory) are
# read from the arguments only, as BUILD is.
set -u
# The BUILD the Makefile picks: given, or a tile of your own's, or another
# micro-architecture's, or build.
build='' top='' uarch=base simdir='' shard='' mut='' mutout='' mutn=4 mutseed=1 mutcount=200
for a in "$@"; do
    case $a in
    BUILD=*) build=${a#BUILD=} ;;
    SIM_DIR=*) simdir=${a#SIM_DIR=} ;;
    SHARD=*) shard=${a#SHARD=} ;;
    RTL_TOP=*) top=${a#RTL_TOP=} ;;
    UARCH=*) uarch=${a#UARCH=} ;;
    mutate | mutate-merge) mut=results ;;
    mutate-ci | mutate-ci-merge) mut=results-ci ;;
    MUT_OUT=*) mutout=${a#MUT_OUT=} ;;
    MUT_N=*) mutn=${a#MUT_N=} ;;
    MUT_SEED=*) mutseed=${a#MUT_SEED=} ;;
    MUT_COUNT=*) mutcount=${a#MUT_COUNT=} ;;
    esac
done
if [ -z "$build" ]; then
    if [ -n "$top" ]; then build=build/rtl-$top
    elif [ "$uarch" != base ]; then build=build/uarch-$uarch
    else build=build; fi
fi
# make sim SHARD=i/k writes into $(BUILD)/shard-i-of-k unless SIM_DIR= says.
[ -n "$simdir" ] || simdir=$build${shard:+/shard-${shard/\//-of-}}
verdict="$simdir/sim.verdict"
# make mutate writes into the campaign's directory (a shard: below it)
# unless MUT_OUT= says.
if [ -n "$mut" ]; then
    [ -n "$mutout" ] || mutout=$build/mut-n$mutn-s$mutseed-c$mutcount${shard:+/shard-${shard/\//-of-}}
    verdict="$mutout/$mut.verdict"
fi
# The targets that record a verdict: without a readable one (a full disk,
# a killed run) the answer is 2, never make's status.
records=''
for a in "$@"; do
    case $a in sim | sim-merge | mutate | mutate-merge | mutate-ci | mutate-ci-merge) records=1 ;; esac
done
if ! rm -f "$verdict" 2>/dev/null || [ -e "$verdict" ]; then
    echo "verdict.sh: cannot remove the previous verdict $verdict: an error (2)" >&2
    exit 2
fi
rc=0
"${MAKE:-make}" "$@" || rc=$?
v=$(cat "$verdict" 2>/dev/null)
case $v in 0 | 1 | 2) exit "$v" ;; esac
if [ -n "$records" ]; then
    echo "verdict.sh: make $* left no readable verdict in $verdict ('$v'; make exited $rc): an error (2)" >&2
    exit 2
fi
[ $rc -eq 0 ] && exit 0
exit 2
