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
# Then the third, tb/colser/ (column-serial, SystemVerilog with a package,
# its sources given by glob, the package not first):
#   - the N=4 suite (TESTS=all) and the N=16 suite at txn pass on it;
#   - each of its bug patches (tb/colser/bugs/, among them cycles not
#     cleared by a command, cycles counting in IDLE and a 24-bit cycles
#     that only the hold run reaches) fails, with the rule its header names;
#   - a copy 16 times slower per row (DELAY=11) passes with the default
#     hang limit, though it takes more than 4x the model's cycles;
#   - a copy that never raises a_ready_o is a hang naming a_valid_i, caught
#     the limit's cycles after the last move (default and HANG=100), and
#     the debugger shrinks it to a vector that still hangs.
# Last, a tile of your own and the stock tile take turns in one BUILD: each
# make sim runs its own tile's models (verdicts 1, 0, 1 for a copy whose
# err_o is not sticky), and RTL_SRCS= alone builds apart from build/.
#
#   scripts/own_rtl_test.sh WORKDIR
set -uo pipefail

die() { echo "own_rtl_test.sh: $*" >&2; exit 2; }
[ $# -eq 1 ] || die "usage: own_rtl_test.sh WORKDIR"
work=$1
# OWN_RTL_TIER=quick (make test): of each reference tile's bug patches only
# the few that later checks use or that the newest rules need; full (make
# ci, the default): every one.
tier=${OWN_RTL_TIER:-full}
case $tier in quick | full) ;; *) die "OWN_RTL_TIER=$tier: quick or full" ;; esac
rm -rf "$work" && mkdir -p "$work" || die "cannot create $work"
[ "$tier" = full ] || echo "own-rtl-test: the quick tier (make test): of the bug patches only tb/rowpar's 01 and tb/colser's 01 and 02; make ci runs every one"
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

# ---- the second and third reference tiles -------------------------------------
rp_srcs() { ls "$1"/*.v | tr '\n' ' '; }
# reftile TILE TOP NAME SRCS WANT PATTERN [MAKE-VAR...]: make sim's N=4 suite
# at txn on tb/TILE's top TOP (N=... among the make variables overrides it).
reftile() {
    local tile=$1 top=$2 name=$3 srcs=$4 want=$5 pat=$6 rc=0 log="$work/$1-$3.log"
    shift 6
    scripts/verdict.sh --no-print-directory sim N=4 COMPARE=txn SIM_DEBUG=0 BUILD="$work/build-$tile-$name" \
        RTL_TOP="$top" RTL_SRCS="$srcs" "$@" >"$log" 2>&1 || rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL $tile $name: verdict $rc, expected $want ($log)"
        fail=1
        return 1
    elif ! grep -qE -- "$pat" "$log"; then
        echo "FAIL $tile $name: no line matches /$pat/ ($log)"
        fail=1
        return 1
    fi
    echo "ok   $tile $name (verdict $rc)"
}
# rowpar NAME RTL_DIR WANT PATTERN [MAKE-VAR...]: make sim's N=4 suite at txn.
rowpar() {
    local name=$1 dir=$2
    shift 2
    reftile rowpar stc_rowpar_tile "$name" "$(rp_srcs "$dir")" "$@"
}
# bug_patches TILE TOP EXT: each patch of tb/TILE/bugs/ on its copy of the
# tile; the rule it breaks (the patch's header line says "Rule it breaks:
# NAME.") must be the one named. Sources given as a glob of *.EXT. A
# header's "Runs: TESTS=x." runs that selection instead of a plain make sim
# (a bug only the opt-in hold run can see). Two patches at a time, each
# make sim with JOBS=1 (a model's build is one process: two builds use
# both cores); their lines are printed in the patches' order.
# QUICK: the ids run in the quick tier (OWN_RTL_TIER=quick, make test).
bug_patches() {
    local tile=$1 top=$2 ext=$3 quick=$4 patch id rule rule_re runs running=0 ids=()
    for patch in tb/"$tile"/bugs/*.patch; do
        id=$(basename "$patch" .patch)
        if [ "$tier" = quick ] && [[ " $quick " != *" ${id%%-*} "* ]]; then
            continue
        fi
        rm -rf "$work/$tile-src-$id" && mkdir -p "$work/$tile-src-$id/tb/$tile" &&
            cp -r tb/"$tile"/rtl "$work/$tile-src-$id/tb/$tile/" || die "cannot copy tb/$tile"
        patch -s -p1 -d "$work/$tile-src-$id" <"$patch" || die "$patch does not apply to tb/$tile"
        rule=$(sed -n '1s/.*Rule it breaks: \([^.]*\)\..*/\1/p' "$patch")
        [ -n "$rule" ] || die "$patch: its first line names no rule ('Rule it breaks: NAME.')"
        # The rule as text inside the pattern: '(hang: ...)' has parentheses.
        rule_re=$(printf '%s' "$rule" | sed 's/[][\.*^$()+?{}|]/\\&/g')
        # Every run but the opt-in hold run (a plain make sim): each bug fails
        # long before it, and the clean tile runs the whole suite.
        runs=$(sed -n '1s/.*Runs: \(TESTS=[a-z0-9,-]*\)\..*/\1/p' "$patch")
        (reftile "$tile" "$top" "$id" "$work/$tile-src-$id/tb/$tile/rtl/*.$ext" 1 \
            "first divergence: cycle [0-9]+, $rule_re" JOBS=1 ${runs:+"$runs"}) >"$work/$tile-$id.result" &
        ids+=("$id")
        if [ $((++running)) -ge 2 ]; then
            wait -n
            running=$((running - 1))
        fi
    done
    wait
    for id in "${ids[@]}"; do
        if [ -s "$work/$tile-$id.result" ]; then
            cat "$work/$tile-$id.result"
            grep -q '^FAIL' "$work/$tile-$id.result" && fail=1
        else
            echo "FAIL $tile $id: no result (its check did not run to its end)"
            fail=1
        fi
    done
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
# Each bug: its copy of the tile, patched, caught by the rule it names.
bug_patches rowpar stc_rowpar_tile v 01

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

# ---- tb/colser/: SystemVerilog with a package, sources by glob ---------------
# The glob sorts colser_bank.sv before colser_pkg.sv: it runs only because
# packages are compiled first (scripts/rtl_ports.py --order).
cs_glob="tb/colser/rtl/*.sv"
# The order itself: the package first; a package that imports another
# after it, an interface next, a commented-out package ignored.
ord="$work/order"
rm -rf "$ord" && mkdir -p "$ord" || die "cannot create $ord"
printf 'module a_top import b_pkg::*; (); endmodule\n' >"$ord/a_top.sv"
printf 'package b_pkg;\n  import c_pkg::*;\nendpackage\n' >"$ord/b_pkg.sv"
printf '// package z_pkg;\npackage c_pkg;\nendpackage\n' >"$ord/c_pkg.sv"
printf 'interface a_if;\nendinterface\n' >"$ord/a_if.sv"
got=$(scripts/rtl_ports.py --order "$ord/*.sv" | sed "s#$ord/##g")
first=$(scripts/rtl_ports.py --order "$cs_glob" | cut -d' ' -f1)
if [ "$got" = "c_pkg.sv b_pkg.sv a_if.sv a_top.sv" ] && [ "$first" = tb/colser/rtl/colser_pkg.sv ]; then
    echo "ok   source order: packages first (an importing one after), then interfaces, then the rest"
else
    echo "FAIL source order: '$got', colser first '$first'"
    fail=1
fi
reftile colser colser_tile clean "$cs_glob" 0 'make sim: PASS' TESTS=all
reftile colser colser_tile clean-n16 "$cs_glob" 0 'make sim: PASS' N=16
bug_patches colser colser_tile sv "01 02"

# A tile 16 times slower per row than the model (DELAY=11: 1 + 4 + 11
# cycles a row where the model streams one) passes with the default hang
# limit; it takes more than 4x the model's cycles, which the total budget
# before it did not allow.
slow="$work/colser-slow"
rm -rf "$slow" && mkdir -p "$slow" && cp tb/colser/rtl/*.sv "$slow/" || die "cannot copy tb/colser"
sed -i 's/^  parameter int unsigned DELAY  = 0,$/  parameter int unsigned DELAY  = 11,/' "$slow/colser_tile.sv"
grep -q 'DELAY  = 11,' "$slow/colser_tile.sv" || die "tb/colser/rtl/colser_tile.sv has no DELAY parameter (update own_rtl_test.sh)"
if reftile colser colser_tile slow "$slow/*.sv" 0 'make sim: PASS'; then
    if awk '/ txn: .* RTL [0-9]+ cycles, model [0-9]+/ { r = $(NF-3); m = $NF; if (r > 4 * m) n++ }
            END { exit !(n > 0) }' "$work/colser-slow.log"; then
        echo "ok   colser slow: some files take more than 4x the model's cycles and pass"
    else
        echo "FAIL colser slow: no file took more than 4x the model's cycles ($work/colser-slow.log)"
        fail=1
    fi
fi

# A tile that stops handshaking (a_ready_o never 1) is a hang naming that
# channel, caught the limit's cycles after the last move, at the default
# limit and at HANG=; the debugger shrinks it to a vector that still hangs.
stuck="$work/colser-stuck"
rm -rf "$stuck" && mkdir -p "$stuck" && cp tb/colser/rtl/*.sv "$stuck/" || die "cannot copy tb/colser"
# Its STREAM state neither raises a_ready_o nor takes a row.
sed -i "s/^  assign a_ready_o    = .*/  assign a_ready_o    = 1'b0;/; s/^          if (a_valid_i) begin\$/          if (1'b0) begin/" \
    "$stuck/colser_ctrl.sv"
grep -q "assign a_ready_o    = 1'b0;" "$stuck/colser_ctrl.sv" && grep -q "^          if (1'b0) begin\$" "$stuck/colser_ctrl.sv" ||
    die "colser_ctrl.sv: no a_ready_o assign or STREAM row take (update own_rtl_test.sh)"
one_sp="VEC=vectors/regression/sp24-n4-2of4-m16-k64-s1.vec"
# hang_within LOG LIMIT: the TIMEOUT line names the limit and the cycle it
# was reached, LIMIT cycles after the last move.
hang_within() {
    local line at since
    line=$(grep -m 1 '^TIMEOUT ' "$1")
    at=$(sed -n 's/.*: hung at cycle \([0-9]*\):.*/\1/p' <<<"$line")
    since=$(sed -n 's/.* unchanged for [0-9]* cycles since cycle \([0-9]*\) .*/\1/p' <<<"$line")
    if [ -n "$at" ] && [ -n "$since" ] && [ $((at - since)) = "$2" ] &&
        grep -qF -- "(the limit: --hang-cycles $2, make sim HANG=$2)" <<<"$line"; then
        echo "ok   colser stuck: hung at cycle $at, $2 cycles after the last move at $since, the limit named"
    else
        echo "FAIL colser stuck: the TIMEOUT line does not say the hang at the limit $2 ($1)"
        fail=1
    fi
}
if reftile colser colser_tile stuck "$stuck/*.sv" 1 'first divergence: cycle [0-9]+, \(hang: a_valid_i waits for a_ready_o\)' "$one_sp" SIM_DEBUG=1; then
    hang_within "$work/colser-stuck.log" 4096
    if grep -qE 'minimal vector: .*fails on timeout \(hang: a_valid_i waits for a_ready_o\)' "$work/colser-stuck.log"; then
        echo "ok   colser stuck: the debugger shrinks the hang to a vector that still hangs on a_valid_i"
    else
        echo "FAIL colser stuck: no minimal vector that still hangs ($work/colser-stuck.log)"
        fail=1
    fi
fi
if reftile colser colser_tile stuck-hang100 "$stuck/*.sv" 1 'hang: a_valid_i waits for a_ready_o' "$one_sp" HANG=100 \
    BUILD="$work/build-colser-stuck"; then
    hang_within "$work/colser-stuck-hang100.log" 100
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

[ "$fail" = 0 ] && echo "own-rtl-test: OK (a renamed tile passes, a missing port and missing probes at cycle are refused naming them, a probe-less tile passes at txn, and at cycle with a probe map; a wrong path or width in the map is refused naming its line; the row-parallel tile passes at txn and each of its bugs is caught by the rule it breaks; the column-serial SystemVerilog tile passes by glob at N=4 and N=16, each of its bugs is caught, a 16x slower copy passes and a stuck one is a hang named within the limit; a faulty command's wrong C is refused; the printed lines reproduce; an edit is rebuilt; your tile and the stock one take turns in one BUILD, each running its own models)"
exit "$fail"
