#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# wave_shot.sh - open a dump with its GTKWave save file on a virtual X
# display (Xvfb) and write a PNG screenshot of the screen: proves the save
# file really loads and shows signals, with no display attached.
#
# usage: scripts/wave_shot.sh DUMPFILE SAVEFILE OUT.png [WIDTHxHEIGHT]
# Needs gtkwave, xvfb-run and ImageMagick (scripts/deps.sh wave).
set -eu

if [ $# -lt 3 ]; then
    echo "usage: $0 DUMPFILE SAVEFILE OUT.png [WIDTHxHEIGHT]" >&2
    exit 2
fi
dump=$1 save=$2 png=$3 geom=${4:-1600x1000}
for f in "$dump" "$save"; do
    [ -f "$f" ] || { echo "$0: no such file: $f" >&2; exit 2; }
done
for t in gtkwave xvfb-run import; do
    command -v "$t" >/dev/null || { echo "$0: $t not found (scripts/deps.sh wave)" >&2; exit 2; }
done

tmp="$png.tmp.$$.png"
# Inside the virtual display: start GTKWave, wait until its main window is
# mapped and has drawn, grab the root window, stop GTKWave.
inner='
gtkwave --nomenus "$1" "$2" >"$3.log" 2>&1 &
pid=$!
i=0
while [ $i -lt 40 ]; do
    if command -v xwininfo >/dev/null &&
        xwininfo -root -tree 2>/dev/null | grep -qi "gtkwave - "; then
        break
    fi
    kill -0 $pid 2>/dev/null || { echo "gtkwave exited early:" >&2; cat "$3.log" >&2; exit 1; }
    sleep 0.25
    i=$((i + 1))
done
sleep 2
import -window root "$3"
status=$?
kill $pid 2>/dev/null
wait $pid 2>/dev/null
rm -f "$3.log"
exit $status
'
trap 'rm -f "$tmp" "$tmp.log"' EXIT
xvfb-run -a -s "-screen 0 ${geom}x24" sh -c "$inner" sh "$dump" "$save" "$tmp"
mv -f "$tmp" "$png"
trap - EXIT
echo "screenshot: $png"
