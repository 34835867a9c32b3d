#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# area.sh - what each sparsity feature of the tile costs in logic, by
# ablation: Yosys synthesizes the RTL (generic gates, flattened, `stat -tech
# cmos` for a transistor estimate) as it is and with one feature removed,
# and the difference is the feature's cost.
#
# usage: scripts/area.sh BUILD_DIR OUT.csv SRC...
#   SRC: the tile's sources (make passes RTL_SRCS, rtl/stc_tile.f's list)
#   env: YOSYS (default yosys), AREA_N (default 4), AREA_M_MAX (default 16),
#        JOBS (default 2)
#
# Variants (analysis/stc_area_top.v ties the ports):
#   full       the tile (base micro-architecture)
#   no-2of4    cmd_mode_i = 0, metadata and the second N activations 0: no
#              2:4 decode, no 4:1 activation mux, half-width lanes
#   no-skip    cmd_skip_i = 0: no skip list, every block loaded
#   no-gating  a copy of rtl/stc_pe_array.v whose gate enable is v_q alone (no
#              zero detect); the copy is checked to differ by that one line
#   dbuf       WBUF = 2 (docs/architecture.md section 11), for comparison
# The accumulator bank is M_MAX x N x 32 flip-flops here (a product would
# use an SRAM), so M_MAX is kept small: the features' logic does not depend
# on it. N = 4 keeps the five syntheses near a minute; the per-PE costs
# scale with N^2, the control's do not (docs/report.md says so).
#
# Output: variant,n,m_max,kb_max,cells,flops,transistors (one line per
# variant, fixed order), written to OUT.csv only when every synthesis
# succeeded. Exit 0 ok, 2 set-up error (Yosys missing, the ablation no
# longer applies to rtl/stc_pe_array.v, a synthesis failed).
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 BUILD_DIR OUT.csv SRC..." >&2; exit 2; }
build=$1 outcsv=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
YOSYS=${YOSYS:-yosys}
N=${AREA_N:-4}
M_MAX=${AREA_M_MAX:-16}
KB_MAX=64
JOBS=${JOBS:-2}
command -v "$YOSYS" >/dev/null || { echo "area: $YOSYS not found (make deps installs yosys)" >&2; exit 2; }

dir=$build/area
rm -rf "$dir"
mkdir -p "$dir/no-gating"
# The sources but stc_pe_array.v, which each variant names itself (no-gating:
# an edited copy).
files=()
pe_src=
for f in "$@"; do
    [ -f "$f" ] || { echo "area: no such source: $f" >&2; exit 2; }
    if [ "$(basename "$f")" = stc_pe_array.v ]; then pe_src=$f; else files+=("$f"); fi
done
[ -n "$pe_src" ] || { echo "area: no stc_pe_array.v among the sources (update scripts/area.sh)" >&2; exit 2; }
RTL_FILES=${files[*]}

# The gating ablation: the one line that computes the gate enable.
gate="      pe_en\[ie\] = pe_v_q\[ie\] \&\& (pe_w_q\[8\*ie +: 8\] != 8'd0) \&\& (pe_sel\[8\*ie +: 8\] != 8'd0);"
sed "s/^$gate\$/      pe_en[ie] = pe_v_q[ie];/" "$pe_src" >"$dir/no-gating/stc_pe_array.v"
changed=$(diff "$pe_src" "$dir/no-gating/stc_pe_array.v" | grep -c '^>' || true)
[ "$changed" -eq 1 ] || {
    echo "area: the gating ablation no longer applies: rtl/stc_pe_array.v has no line '${gate//\\/}' (update scripts/area.sh)" >&2
    exit 2
}

export YOSYS N M_MAX KB_MAX dir root RTL_FILES
synth_one() { # VARIANT PE_FILE PARAMS...
    local v=$1 pe=$2
    shift 2
    local chp="chparam -set N $N -set M_MAX $M_MAX -set KB_MAX $KB_MAX"
    for p in "$@"; do chp="$chp -set $p"; done
    # the top binds the tile's ports by name (.*): SystemVerilog
    if ! "$YOSYS" -q -p "read_verilog -DSYNTHESIS $pe $RTL_FILES; \
            read_verilog -sv -DSYNTHESIS $root/analysis/stc_area_top.v; $chp stc_area_top; \
            synth -flatten -top stc_area_top; tee -q -o $dir/$v.stat stat -tech cmos" >"$dir/$v.log" 2>&1; then
        echo "area: Yosys failed on variant $v (see $dir/$v.log)" >&2
        return 1
    fi
    echo "  [area] $v"
}
export -f synth_one
{
    echo "full $pe_src"
    echo "no-2of4 $pe_src TIE_MODE 1"
    echo "no-skip $pe_src TIE_SKIP 1"
    echo "no-gating $dir/no-gating/stc_pe_array.v"
    echo "dbuf $pe_src WBUF 2"
} | xargs -P "$JOBS" -L 1 bash -c 'synth_one "$0" "$1" ${2:+"$2 $3"}' || exit 2

{
    echo "variant,n,m_max,kb_max,cells,flops,transistors"
    for v in full no-2of4 no-skip no-gating dbuf; do
        awk -v v="$v" -v n="$N" -v m="$M_MAX" -v kb="$KB_MAX" '
            /Number of cells:/ { cells = $4 }
            /\$_.*DFF/ { flops += $2 }
            /Estimated number of transistors:/ { tr = $5; sub(/\+$/, "", tr) }
            END { if (cells == "" || tr == "") exit 1; print v "," n "," m "," kb "," cells "," flops "," tr }' "$dir/$v.stat" ||
            { echo "area: no statistics in $dir/$v.stat" >&2; exit 2; }
    done
} >"$outcsv.tmp"
mv "$outcsv.tmp" "$outcsv"
echo "area: wrote $outcsv"
