#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# break_rtl.sh - a deliberately broken copy of one RTL file, for the
# debug-tool tests (make debug-test). Never touches rtl/.
#
# usage: sim/debug/break_rtl.sh BUG SRC.v DST.v
#   mux-swap   stc_pe_array.v: swap activation mux inputs 1 and 2 (idx 1 selects
#              slot 2 and the reverse, the two select bits swapped): a 2:4
#              decode bug
# Fails (exit 2) when the pattern is not found, so a changed RTL cannot
# silently give an unbroken "broken" build.
set -eu
[ $# -eq 3 ] || { echo "usage: $0 BUG SRC.v DST.v" >&2; exit 2; }
bug=$1 src=$2 dst=$3
case "$bug" in
mux-swap)
    # the slot shift by {idx[0], idx[1]} * 8 instead of {idx[1], idx[0]} * 8
    sed -e "s/^\([[:space:]]*lane_sh[[:space:]]*= pe_act_q\[32\*im +: 32\] >> \){pe_idx_q\[2\*im +: 2\], 3'b000};/\1{pe_idx_q[2*im], pe_idx_q[2*im + 1], 3'b000}; \/\/ BROKEN (debug-test)/" \
        "$src" >"$dst.tmp"
    want=1
    ;;
*)
    echo "$0: unknown bug '$bug'" >&2
    exit 2
    ;;
esac
got=$(grep -c 'BROKEN (debug-test)' "$dst.tmp" || true)
if [ "$got" != "$want" ]; then
    echo "$0: $bug: expected $want patched lines in $src, got $got (RTL changed?)" >&2
    rm -f "$dst.tmp"
    exit 2
fi
mv -f "$dst.tmp" "$dst"
