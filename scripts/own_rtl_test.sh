#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# own_rtl_test.sh - `make sim RTL_SRCS=... RTL_TOP=...` on tiles that are
# not rtl/ as it stands (`make own-rtl-test`, in CI):
#   - a copy of rtl/ whose top is renamed my_tile passes at COMPARE=cycle;
#   - a copy whose err_o is renamed error_o is refused before the build,
#     exit 2, naming err_o;
#   - a copy without the dbg_* probes is refused at COMPARE=cycle (naming
#     a probe) and passes at COMPARE=txn (probes tied to 0 in the wrapper);
#   - the same copy with a probe map (PROBE_MAP: which internal signal is
#     which probe, whole, per PE and per column) passes at COMPARE=cycle;
#     a map with a wrong path, or a signal of the wrong width, is refused
#     before the build naming the map's line.
# Each runs one stream and one single vector at N=4, in its own BUILD.
#
#   scripts/own_rtl_test.sh WORKDIR
set -uo pipefail

die() { echo "own_rtl_test.sh: $*" >&2; exit 2; }
[ $# -eq 1 ] || die "usage: own_rtl_test.sh WORKDIR"
work=$1
rm -rf "$work" && mkdir -p "$work" || die "cannot create $work"
vecs="vectors/regression/stream-mix-n4-l40-s2.vec vectors/regression/sp24-n4-2of4-m16-k64-s1.vec"
for v in $vecs; do [ -f "$v" ] || die "no vector $v"; done

# copy NAME: rtl/ into WORKDIR/NAME with the top renamed my_tile.
copy() {
    mkdir -p "$work/$1" && cp rtl/*.v "$work/$1/" &&
        sed -i 's/^module stc_tile #(/module my_tile #(/' "$work/$1/stc_tile.v" || die "cannot copy rtl/"
}
copy renamed
copy noerr
sed -i 's/^\(  output wire *\)err_o,/\1error_o,/; s/(err_o)/(error_o)/' "$work/noerr/stc_tile.v"
copy noprobes
# Drop the probe ports and their assigns; err_o becomes the last port.
python3 - "$work/noprobes/stc_tile.v" <<'PY' || die "cannot strip the probes"
import re, sys
p = sys.argv[1]
s = open(p).read()
s = re.sub(r"\n  // probes \(section 8\)\n(  output wire [^\n]*dbg_[^\n]*\n)+", "\n", s)
s = re.sub(r"\n  assign dbg_[^\n]*;", "", s)
s = s.replace("output wire                err_o,", "output wire                err_o")
open(p, "w").write(s)
PY

# The probe map of the probe-less copy: its internal signals, some whole,
# some per PE or per column through the generate scopes.
cat >"$work/probes.map" <<'MAP'
# probe = path inside my_tile ({r}, {c}: PE row and column; {n}: column)
dbg_state_o = u_ctrl.state_q
dbg_blk_o   = u_ctrl.blk_q
dbg_beat_o  = u_ctrl.beat_q
dbg_cnt_o   = cnt
dbg_pe_v_o[r][c]    = u_array.g_row[{r}].g_col[{c}].u_pe.v_q
dbg_pe_en_o[r][c]   = u_array.g_row[{r}].g_col[{c}].u_pe.en
dbg_pe_en_q_o[r][c] = u_array.g_row[{r}].g_col[{c}].u_pe.en_q
dbg_pe_pv_o[r][c]   = u_array.g_row[{r}].g_col[{c}].u_pe.pv_q
dbg_pe_w_o[r][c]    = u_array.g_row[{r}].g_col[{c}].u_pe.w_q
dbg_pe_idx_o[r][c]  = u_array.g_row[{r}].g_col[{c}].u_pe.idx_q
dbg_pe_act_o  = pe_act
dbg_pe_prod_o[r][c] = u_array.g_row[{r}].g_col[{c}].u_pe.prod_q
dbg_pe_psum_o = pe_psum
dbg_bot_v_o   = bot_v
dbg_acc_we_o[n] = bot_v[{n}]
dbg_acc_row_o = acc_row
dbg_acc_wdata_o = acc_wdata
MAP
sed 's/u_pe\.w_q/u_pe.w_reg/' "$work/probes.map" >"$work/bad-path.map"
sed 's/u_pe\.idx_q/u_pe.act_q/' "$work/probes.map" >"$work/bad-width.map"

fail=0
# sim NAME COMPARE WANT PATTERN [MAKE-VAR...]: make sim on WORKDIR/NAME;
# make's verdict (scripts/verdict.sh) must be WANT and its output match
# PATTERN.
sim() {
    local name=$1 level=$2 want=$3 pat=$4 rc=0 log="$work/$1-$2${5:+-${5##*/}}.log"
    shift 4
    scripts/verdict.sh sim N=4 COMPARE="$level" SIM_DEBUG=0 BUILD="$work/build-$name" \
        RTL_TOP=my_tile RTL_SRCS="$(ls "$work/$name"/*.v | tr '\n' ' ')" VEC="$vecs" "$@" >"$log" 2>&1 ||
        rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL $name at $level: verdict $rc, expected $want ($log)"
        fail=1
    elif ! grep -qE -- "$pat" "$log"; then
        echo "FAIL $name at $level: no line matches /$pat/ ($log)"
        fail=1
    else
        echo "ok   $name at $level"
    fi
}
sim renamed cycle 0 'make sim: PASS'
sim noerr cycle 2 'rtl-ports: my_tile: missing output port err_o'
sim noprobes cycle 2 'missing output port dbg_state_o .*COMPARE=ports or txn run without it'
sim noprobes txn 0 'probe\(s\) missing, tied to 0'
sim noprobes cycle 0 '17 probe\(s\) from the probe map' PROBE_MAP="$work/probes.map"
sim noprobes cycle 2 "bad-path.map:10: .*Can't find definition of 'w_reg'" PROBE_MAP="$work/bad-path.map"
sim noprobes cycle 2 'bad-width.map:11: .*expects 2 bits.*generates 32 bits' PROBE_MAP="$work/bad-width.map"
[ "$fail" = 0 ] && echo "own-rtl-test: OK (a renamed tile passes, a missing port and missing probes at cycle are refused naming them, a probe-less tile passes at txn, and at cycle with a probe map; a wrong path or width in the map is refused naming its line)"
exit "$fail"
