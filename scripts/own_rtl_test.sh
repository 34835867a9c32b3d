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
# Then the second reference tile, tb/rowpar/ (row-parallel, other timing,
# no probes but the counters, written from docs/architecture.md alone):
#   - make sim's whole N=4 suite at COMPARE=txn passes on it;
#   - each of its bug patches (tb/rowpar/bugs/) fails that suite, verdict 1,
#     with the rule its header names;
#   - a stream whose faulty command's C is wrong is refused, exit 2;
#   - the printed waveform, debug and reproduce lines of a failure, pasted
#     as printed, run that tile at that level: an FST and a save file with
#     the marker on the failure's cycle, the debugger, the same verdict;
#   - an edit of the RTL between two runs (its time stamp set back) is
#     rebuilt: the second run fails where the first passed.
# Last, a tile of your own and the stock tile take turns in one BUILD: each
# make sim runs its own tile's models (verdicts 1, 0, 1 for a copy whose
# err_o is not sticky), and RTL_SRCS= alone builds apart from build/.
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

# ---- the second reference tile -----------------------------------------------
rp_srcs() { ls "$1"/*.v | tr '\n' ' '; }
# rowpar NAME RTL_DIR WANT PATTERN [MAKE-VAR...]: make sim's N=4 suite at txn.
rowpar() {
    local name=$1 dir=$2 want=$3 pat=$4 rc=0 log="$work/rowpar-$1.log"
    shift 4
    scripts/verdict.sh --no-print-directory sim N=4 COMPARE=txn SIM_DEBUG=0 BUILD="$work/build-rowpar-$name" \
        RTL_TOP=stc_rowpar_tile RTL_SRCS="$(rp_srcs "$dir")" "$@" >"$log" 2>&1 || rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL rowpar $name: verdict $rc, expected $want ($log)"
        fail=1
        return 1
    elif ! grep -qE -- "$pat" "$log"; then
        echo "FAIL rowpar $name: no line matches /$pat/ ($log)"
        fail=1
        return 1
    fi
    echo "ok   rowpar $name (verdict $rc)"
}
rowpar clean tb/rowpar/rtl 0 'make sim: PASS' TESTS=all
# The ICG runs a tile of your own cannot have are said to be skipped: in
# the closing lines, as JUnit <skipped> and on the page.
d="$work/build-rowpar-clean"
if grep -q '^== icg-singles: skipped: a tile of your own' "$work/rowpar-clean.log" &&
    grep -q '<skipped message="a tile of your own' "$d/sim-n4/suite.xml" &&
    grep -q '<tr class="skipped"><td>icg-streams</td>' "$d/sim-report.html"; then
    echo "ok   rowpar clean: the ICG runs listed as skipped, with why (console, JUnit, page)"
else
    echo "FAIL rowpar clean: the skipped ICG runs are not listed in $work/rowpar-clean.log, $d/sim-n4/suite.xml and $d/sim-report.html"
    fail=1
fi
# Each bug: its copy of the tile, patched; the rule it breaks (the
# patch's header line says "Rule it breaks: NAME.") must be the one named.
for patch in tb/rowpar/bugs/*.patch; do
    id=$(basename "$patch" .patch)
    rm -rf "$work/rp-$id" && mkdir -p "$work/rp-$id/tb/rowpar" && cp -r tb/rowpar/rtl "$work/rp-$id/tb/rowpar/" ||
        die "cannot copy tb/rowpar"
    patch -s -p1 -d "$work/rp-$id" <"$patch" || die "$patch does not apply to tb/rowpar"
    rule=$(sed -n '1s/.*Rule it breaks: \([^.]*\)\..*/\1/p' "$patch")
    [ -n "$rule" ] || die "$patch: its first line names no rule ('Rule it breaks: NAME.')"
    # The rule as text inside the pattern: '(hang: ...)' has parentheses.
    rule_re=$(printf '%s' "$rule" | sed 's/[][\.*^$()+?{}|]/\\&/g')
    # Every run but the opt-in hold run (a plain make sim): each bug fails
    # long before it, and the clean tile above runs the whole suite.
    rowpar "$id" "$work/rp-$id/tb/rowpar/rtl" 1 "first divergence: cycle [0-9]+, $rule_re"
done

# A stream whose faulty command has a wrong C: bad input (exit 2), named.
python3 - vectors/regression/stream-pairs-n4-s1.vec "$work/fault-wrong-c.vec" <<'PY' || die "cannot write the wrong-C stream"
import sys
lines = open(sys.argv[1]).read().split("\n")
fault = in_c = done = False
for i, l in enumerate(lines):
    if l.startswith("// fault "):
        fault = l != "// fault none"
    in_c = l == "// section C" or (in_c and not l.startswith("//"))
    if in_c and fault and not done and not l.startswith("//"):
        w = l.split(" ")
        w[0] = "%08x" % (int(w[0], 16) ^ 1)
        lines[i] = " ".join(w)
        done = True
assert done, "no faulty command"
open(sys.argv[2], "w").write("\n".join(lines))
PY
rowpar wrong-c tb/rowpar/rtl 2 "command [0-9]+: the vector's expected result is wrong" VEC="$work/fault-wrong-c.vec"

# docs/own-rtl.md quotes bug 01's first failure: the line must be the run's.
quoted=$(grep -m 1 '^CHECK FAILED .*err_o: sticky' docs/own-rtl.md)
if [ -z "$quoted" ] || ! grep -qxF -- "$quoted" "$work/rowpar-01-err-not-sticky.log"; then
    echo "FAIL docs/own-rtl.md: its quoted failure of tb/rowpar bug 01 is not what the run printed"
    fail=1
else
    echo "ok   docs/own-rtl.md: the quoted failure of tb/rowpar bug 01 is the run's"
fi

# The printed lines of a failure, pasted as printed (bug 01, first failure).
log="$work/rowpar-01-err-not-sticky.log"
for what in waveform debug reproduce; do
    line=$(grep -m 1 "^  $what: " "$log" | sed "s/^  $what: *//")
    [ -n "$line" ] || { echo "FAIL pasted $what: no '$what:' line in $log"; fail=1; continue; }
    rc=0
    (eval "$line") >"$work/pasted-$what.log" 2>&1 </dev/null || rc=$?
    case $what in
    waveform)
        gtkw=$(sed -n 's/^wave: save file //p' "$work/pasted-$what.log")
        mark=$(sed -n 's/.* MARK=\([0-9]*\)$/\1/p' <<<"$line")
        if [ "$rc" != 0 ] || [ ! -s "${gtkw%.gtkw}.fst" ] || [ -z "$mark" ] ||
            ! grep -q "^\*-[0-9.]* $((2 * mark)) " "$gtkw"; then
            echo "FAIL pasted waveform: exit $rc, save file '$gtkw', marker $mark ($work/pasted-$what.log)"
            fail=1
        else
            echo "ok   pasted waveform: $gtkw, marker on cycle $mark"
        fi
        ;;
    debug)
        if ! grep -q "err_o: sticky" "$work/pasted-$what.log" ||
            ! grep -q "make wave .*RTL_TOP=stc_rowpar_tile.* MARK=" "$work/pasted-$what.log"; then
            echo "FAIL pasted debug: the debugger did not find err_o: sticky on the tile ($work/pasted-$what.log)"
            fail=1
        else
            echo "ok   pasted debug: err_o: sticky, and a make wave line of the tile"
        fi
        ;;
    reproduce)
        if [ "$rc" != 1 ] || ! grep -q "err_o: sticky" "$work/pasted-$what.log"; then
            echo "FAIL pasted reproduce: exit $rc, want 1 with err_o: sticky ($work/pasted-$what.log)"
            fail=1
        else
            echo "ok   pasted reproduce: exit 1, err_o: sticky"
        fi
        ;;
    esac
done

# An edit between two runs is rebuilt, even when the file's time stamp is
# older than the build: the sources' digest in the wrapper changes.
edit="$work/rp-edit"
rm -rf "$edit" && mkdir -p "$edit" && cp tb/rowpar/rtl/*.v "$edit/" || die "cannot copy tb/rowpar"
one="VEC=vectors/regression/sp24-n4-2of4-m16-k64-s1.vec"
if rowpar edit-before "$edit" 0 'make sim: PASS' "$one" BUILD="$work/build-rowpar-edit"; then
    mkdir -p "$work/rp-edit-patch/tb/rowpar" && cp -r "$edit" "$work/rp-edit-patch/tb/rowpar/rtl" &&
        patch -s -p1 -d "$work/rp-edit-patch" <tb/rowpar/bugs/08-idx-swapped.patch &&
        for f in "$work"/rp-edit-patch/tb/rowpar/rtl/*.v; do cp "$f" "$edit/"; done &&
        touch -d '2000-01-01' "$edit"/*.v || die "cannot edit the copy"
    rowpar edit-after "$edit" 1 'make sim: FAIL' "$one" BUILD="$work/build-rowpar-edit"
fi

# Your tile and the stock tile in one BUILD (BUILD= given to both): each
# make sim runs the models of the tile it names, whatever the time stamps
# say (each model's tile-id, sim/core/verilator.mk). Before, the newer build ran: a stock make
# sim after an edit of rtl/ rebuilt its models over your tile's, and your
# tile's next make sim ran them and passed. The tile here is the stock one
# with err_o no longer sticky, the stock top's name kept.
mkdir -p "$work/nosticky" && cp rtl/*.v "$work/nosticky/" || die "cannot copy rtl/"
sed -i "s/^    err_d = err_q;\$/    err_d = 1'b0;/" "$work/nosticky/stc_ctrl.v"
grep -q "^    err_d = 1'b0;\$" "$work/nosticky/stc_ctrl.v" ||
    die "rtl/stc_ctrl.v has no line '    err_d = err_q;' (update own_rtl_test.sh)"
shared="$work/build-shared" ns_srcs="$(ls "$work/nosticky"/*.v | tr '\n' ' ')"
# turn NAME WANT [MAKE-VAR...]: one stream at N=4 in the shared BUILD.
turn() {
    local name=$1 want=$2 rc=0 log="$work/shared-$1.log"
    shift 2
    scripts/verdict.sh sim N=4 SIM_DEBUG=0 BUILD="$shared" TESTS=streams-b2b "$@" >"$log" 2>&1 || rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL shared BUILD, $name: verdict $rc, expected $want ($log)"
        fail=1
    else
        echo "ok   shared BUILD, $name: verdict $rc"
    fi
}
turn own-first 1 RTL_SRCS="$ns_srcs"
turn stock 0
turn own-again 1 RTL_SRCS="$ns_srcs"
# Without BUILD=, RTL_SRCS= alone (the top stc_tile) builds in
# build/rtl-stc_tile, apart from the stock tile's build/.
# (make -n: nothing built; without the make flags and BUILD= of a make
# test that runs this.)
if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD make -n --no-print-directory sim N=4 RTL_SRCS="$ns_srcs" 2>/dev/null |
    grep -q -- '--build=build/rtl-stc_tile '; then
    echo "ok   RTL_SRCS= alone builds in build/rtl-stc_tile"
else
    echo "FAIL RTL_SRCS= alone: make -n sim does not build in build/rtl-stc_tile"
    fail=1
fi

[ "$fail" = 0 ] && echo "own-rtl-test: OK (a renamed tile passes, a missing port and missing probes at cycle are refused naming them, a probe-less tile passes at txn, and at cycle with a probe map; a wrong path or width in the map is refused naming its line; the row-parallel tile passes at txn and each of its bugs is caught by the rule it breaks; a faulty command's wrong C is refused; the printed lines reproduce; an edit is rebuilt; your tile and the stock one take turns in one BUILD, each running its own models)"
exit "$fail"
