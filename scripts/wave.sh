#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# wave.sh - re-run one vector with FST tracing and show it in GTKWave with
# a grouped save file (`make wave`, `make wave-shot`).
#
# usage: scripts/wave.sh RUNNER GTKW VEC SEED STALL OUTDIR [open | shot PNG]
#   RUNNER  the tracing runner for the vector's N (build/stc_sim-nN-trace)
#   GTKW    build/stc_gtkw, which writes the save file from the trace
#   open    (default) start GTKWave when $DISPLAY is set, else print how to
#   shot    open it on a virtual display and write a PNG screenshot
# Writes OUTDIR/<vector>-s<SEED>-p<STALL>.fst and .gtkw. A mismatching run
# still gets its waveform (that is what it is for); exit 2 when the runner
# could not run the vector. Environment: RUN_FLAGS, the runner's options
# of the run (--compare, --uarch, --policy ...: make wave passes COMPARE=
# and SIM_FLAGS=); MARK, the cycle of the save file's marker.
set -eu

if [ $# -lt 6 ]; then
    echo "usage: $0 RUNNER GTKW VEC SEED STALL OUTDIR [open | shot PNG]" >&2
    exit 2
fi
runner=$1 gtkw_bin=$2 vec=$3 seed=$4 stall=$5 outdir=$6 mode=${7:-open} png=${8:-}
here=$(cd "$(dirname "$0")" && pwd)

mkdir -p "$outdir"
base="$outdir/$(basename "$vec" .vec)-s$seed-p$stall"
fst="$base.fst" gtkw="$base.gtkw" log="$base.log"

status=0
# The runner writes the trace atomically (common/stc_out): a run that
# cannot start leaves the previous $fst as it was.
# shellcheck disable=SC2086 # RUN_FLAGS is a list of options
"$runner" --seed "$seed" --stall "$stall" ${RUN_FLAGS:-} --trace "$fst" -- "$vec" >"$log" 2>&1 || status=$?
cat "$log"
if [ "$status" -ge 2 ] || [ ! -s "$fst" ]; then
    echo "wave: the runner could not run $vec (exit $status)" >&2
    exit 2
fi
# The cycles the run simulated (the runner says so with the trace; a tile
# without counters has no cycle count of its own).
cycles=$(sed -n 's/^trace written: .* (\([0-9][0-9]*\) cycles)$/\1/p' "$log" | head -n 1)
"$gtkw_bin" --cycles "${cycles:-60}" ${MARK:+--marker "$MARK"} \
    "$(cd "$(dirname "$fst")" && pwd)/$(basename "$fst")" "$gtkw"

echo "wave: trace     $fst"
echo "wave: save file $gtkw"
case "$mode" in
open)
    if [ -n "${DISPLAY:-}" ] && command -v gtkwave >/dev/null; then
        echo "wave: opening GTKWave"
        gtkwave "$fst" "$gtkw" >/dev/null 2>&1 &
    else
        echo "wave: no display (DISPLAY is empty) or no gtkwave; open it later with:"
        printf '  gtkwave %q %q\n' "$fst" "$gtkw"
    fi
    ;;
shot)
    "$here/wave_shot.sh" "$fst" "$gtkw" "${png:-$base.png}"
    ;;
*)
    echo "$0: unknown mode '$mode'" >&2
    exit 2
    ;;
esac
