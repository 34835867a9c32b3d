#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# verdict.sh - runs `make ARGS...` and exits with the verdict the target
# recorded instead of GNU make's own status (make exits 2 whenever a
# recipe fails, whatever the recipe returned):
#
#   scripts/verdict.sh sim [N=4] [VEC=f.vec] [SEED=..] [JOBS=n] [SHARD=i/k] ...
#   scripts/verdict.sh sim-merge SHARDS="DIR1 DIR2 ..."
#
# exit: 0 pass, 1 mismatch (RTL and golden model disagree), 2 bad input or
# set-up error. Targets that record no verdict (anything but sim) give 0
# when make succeeds and 2 when it fails.
set -u
# The BUILD the Makefile picks: given, or a tile of your own's, or another
# micro-architecture's, or build.
build='' top='' uarch=base simdir='' shard=''
for a in "$@"; do
    case $a in
    BUILD=*) build=${a#BUILD=} ;;
    SIM_DIR=*) simdir=${a#SIM_DIR=} ;;
    SHARD=*) shard=${a#SHARD=} ;;
    RTL_TOP=*) top=${a#RTL_TOP=} ;;
    UARCH=*) uarch=${a#UARCH=} ;;
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
rm -f "$verdict"
rc=0
"${MAKE:-make}" "$@" || rc=$?
if [ -s "$verdict" ]; then
    v=$(cat "$verdict")
    case $v in 0 | 1 | 2) exit "$v" ;; esac
fi
[ $rc -eq 0 ] && exit 0
exit 2
