#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# formal.sh - the proofs of make formal (formal/formal.mk), on the tile's
# sources as given (rtl/, or a bug's patched copy).
#
#   scripts/formal.sh OUT SRC...    SRC: the tile's Verilog sources in
#                                   rtl/rtl.mk's order; everything goes
#                                   under OUT/<proof>/
#
# The proofs (docs/verification.md, "Formal proofs"):
#   decode    the metadata decoder against the spec's truth table
#             (formal/stc_meta_codes.hex), all 16 nibbles: yosys-smtbmc, z3
#   gating    the tile against the same tile with zero-operand gating off
#             (every gate enable = the PE's valid bit): every signal but the
#             gating's own (enables, prod_q, en_q, the two gating counters)
#             equal in every cycle, unbounded (Yosys equiv_make, equiv_simple,
#             equiv_struct, equiv_induct: induction over 2 cycles)
#   protocol  the protocol assertions of rtl/stc_tile.v (STC_ASSERT) for
#             every input sequence that keeps the inputs' own protocol,
#             bounded: PROTOCOL_DEPTH cycles from reset (Yosys sat)
# Each prints one line: proof, verdict, what, how, parameters, solver, time.
# A failing proof writes its counterexample as a VCD with a GTKWave save
# file beside it (OUT/<proof>/counterexample.{vcd,gtkw}).
#
# Environment: YOSYS (yosys), YOSYS_SMTBMC (yosys-smtbmc), FORMAL_N (4),
# FORMAL_M_MAX (4), FORMAL_KB_MAX (2), PROTOCOL_DEPTH (20),
# GATE_TRACE_DEPTH (16), PROOFS ("decode gating protocol").
# Exit status: 0 every proof holds, 1 a proof failed, 2 a set-up error.
set -euo pipefail

die() { echo "formal.sh: $*" >&2; exit 2; }

[ $# -ge 2 ] || die "usage: scripts/formal.sh OUT SRC..."
out=$1
shift
srcs=("$@")
for f in "${srcs[@]}"; do
    [ -f "$f" ] || die "no such source: $f"
done

YOSYS=${YOSYS:-yosys}
YOSYS_SMTBMC=${YOSYS_SMTBMC:-yosys-smtbmc}
N=${FORMAL_N:-4}
M_MAX=${FORMAL_M_MAX:-4}
KB_MAX=${FORMAL_KB_MAX:-2}
PROTOCOL_DEPTH=${PROTOCOL_DEPTH:-20}
GATE_TRACE_DEPTH=${GATE_TRACE_DEPTH:-16}
PROOFS=${PROOFS:-decode gating protocol}
here=$(cd "$(dirname "$0")/.." && pwd)
params="N=$N M_MAX=$M_MAX KB_MAX=$KB_MAX"
chparam="-chparam N $N -chparam M_MAX $M_MAX -chparam KB_MAX $KB_MAX"

command -v "$YOSYS" >/dev/null || die "$YOSYS not found (make deps, group formal)"
command -v "$YOSYS_SMTBMC" >/dev/null || die "$YOSYS_SMTBMC not found (make deps, group formal)"
command -v z3 >/dev/null || die "z3 not found (make deps, group formal)"

src_of() { # the source whose file name is $1
    local f
    for f in "${srcs[@]}"; do
        [ "$(basename "$f")" = "$1" ] && { echo "$f"; return; }
    done
    die "no $1 among the sources"
}

failed=0
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
verdict() { # proof, PROVEN/FAILED, text, start time
    printf 'formal: %-9s %-7s %s  %s s\n' "$1" "$2" "$3" "$(secs "$4")"
    [ "$2" = PROVEN ] || failed=1
}

# cex DIR SIGNAL...: the failing assertions of DIR/counterexample.vcd with
# their source lines, and a GTKWave save file showing the named top-level
# signals of the harness and the failing checks (scripts/formal_cex.py).
cex() {
    local dir=$1
    shift
    python3 "$here/scripts/formal_cex.py" "$dir/counterexample.vcd" "$dir/counterexample.gtkw" "$@" ||
        die "cannot read the counterexample $dir/counterexample.vcd"
}

# ---- decode: the RTL decoder against the spec's table -----------------------
proof_decode() {
    local d=$out/decode t0
    t0=$(now)
    mkdir -p "$d"
    "$YOSYS" -q -l "$d/yosys.log" -p "read_verilog -formal -sv \
        -DSTC_META_CODES=\"$here/formal/stc_meta_codes.hex\" $(src_of stc_meta_decode.v) \
        $here/formal/stc_meta_decode_check.sv; prep -top stc_meta_decode_check; memory_map; \
        opt -fast; write_smt2 -wires $d/check.smt2" >/dev/null || die "yosys failed: $d/yosys.log"
    if "$YOSYS_SMTBMC" -s z3 -t 1 --dump-vcd "$d/counterexample.vcd" "$d/check.smt2" >"$d/smtbmc.log" 2>&1; then
        rm -f "$d/counterexample.vcd"
        verdict decode PROVEN "stc_meta_decode = formal/stc_meta_codes.hex for all 16 nibbles  [exhaustive; yosys-smtbmc, z3]" "$t0"
    else
        grep -q 'Status: FAILED' "$d/smtbmc.log" || die "yosys-smtbmc did not run: $d/smtbmc.log"
        verdict decode FAILED "stc_meta_decode differs from formal/stc_meta_codes.hex  [yosys-smtbmc, z3]" "$t0"
        grep 'Assert failed' "$d/smtbmc.log" | sed 's/^.*Assert failed in /  assertion: /' | head -3
        cex "$d" nib idx_lo idx_hi legal row
    fi
}

# ---- gating: the tile against itself with gating off -------------------------
# flatten DIR NAME SRC...: DIR/NAME.il, the tile at the proof's parameters,
# flattened, its top renamed NAME.
flatten_tile() {
    local dir=$1 name=$2
    shift 2
    "$YOSYS" -q -l "$dir/$name.log" -p "read_verilog -defer $*; hierarchy -top stc_tile $chparam; \
        proc; flatten; opt_clean; rename stc_tile $name; hierarchy -top $name; \
        write_rtlil $dir/$name.il" >/dev/null 2>&1 || die "yosys failed: $dir/$name.log"
}

# Signals that gating is allowed to change: the gate enables and their
# copies, the gated register and its copies, the popcounts and the two
# counters that count gating (and the probe buses that carry them).
GATING_OWN='(^|\.)(en|en_o|en_q|en_q_o|en_w|en_q_w|prod_q|prod_o|prod_w|pe_en|pe_en_i|pe_en_o|pe_en_q|pe_en_q_o|pe_prod|pe_prod_o|pop_en|pop_gated|cnt_macs_actual_[dq]|cnt_macs_gated_[dq]|cnt|cnt_o|dbg_pe_en_o|dbg_pe_en_q_o|dbg_pe_prod_o|dbg_cnt_o)(\[[0-9]+\])?$'

proof_gating() {
    local d=$out/gating t0 pe f n proven unproven
    t0=$(now)
    rm -rf "$d"
    mkdir -p "$d/ungated"
    # The reference: the same sources, the gate enable of stc_pe (its one
    # assignment `en = ...;`) replaced by the valid bit.
    for f in "${srcs[@]}"; do cp "$f" "$d/ungated/"; done
    pe=$d/ungated/stc_pe.v
    n=$(grep -cE '^[[:space:]]*en[[:space:]]*=' "$pe" || true)
    [ "$n" = 1 ] || die "stc_pe.v: expected one assignment 'en = ...;' of the gate enable, found $n"
    sed -i -E 's/^([[:space:]]*)en[[:space:]]*=.*;/\1en = v_q;  \/\/ gating off (scripts\/formal.sh)/' "$pe"
    local usrcs=()
    for f in "${srcs[@]}"; do usrcs+=("$d/ungated/$(basename "$f")"); done
    flatten_tile "$d" stc_tile_gated "${srcs[@]}"
    flatten_tile "$d" stc_tile_ungated "${usrcs[@]}"
    "$YOSYS" -q -p "read_rtlil $d/stc_tile_gated.il; cd stc_tile_gated; select -write $d/wires.txt w:*" \
        >/dev/null 2>&1 || die "yosys failed listing the wires of $d/stc_tile_gated.il"
    sed 's#^stc_tile_gated/##' "$d/wires.txt" | grep -E "$GATING_OWN" >"$d/gating-own.txt" || true
    [ -s "$d/gating-own.txt" ] || die "no gating signals found in $d/stc_tile_gated.il"
    "$YOSYS" -q -l "$d/equiv.log" -p "read_rtlil $d/stc_tile_gated.il; read_rtlil $d/stc_tile_ungated.il; \
        memory_map; opt_clean; equiv_make -blacklist $d/gating-own.txt stc_tile_gated stc_tile_ungated equiv; \
        hierarchy -top equiv; async2sync; equiv_simple -seq 2; equiv_struct; equiv_induct -seq 2; \
        equiv_status" >/dev/null 2>&1 || die "yosys failed: $d/equiv.log"
    proven=$(sed -n 's/.*Of those cells \([0-9]*\) are proven and \([0-9]*\) are unproven.*/\1/p' "$d/equiv.log")
    unproven=$(sed -n 's/.*Of those cells \([0-9]*\) are proven and \([0-9]*\) are unproven.*/\2/p' "$d/equiv.log")
    [ -n "$proven" ] && [ -n "$unproven" ] || die "no equiv_status summary in $d/equiv.log"
    local what="every port, probe and register of the tile but the gating's own ($(wc -l <"$d/gating-own.txt") signals) equal to the ungated tile's in every cycle"
    if [ "$unproven" = 0 ]; then
        verdict gating PROVEN "$what: $proven equivalences  [unbounded, induction over 2 cycles; Yosys equiv_*, MiniSAT; $params]" "$t0"
        return
    fi
    verdict gating FAILED "$what: $unproven of $((proven + unproven)) equivalences do not hold  [Yosys equiv_*; $params]" "$t0"
    echo "  signals that differ (gating changed them):"
    grep 'Unproven \$equiv' "$d/equiv.log" | awk '{ print $4 }' | sed 's/\[[0-9]*\]$//; s/_gold$//; s/^\\//' |
        sort -u | head -12 | sed 's/^/    /'
    # A trace from reset: the bounded miter of the two tiles.
    "$YOSYS" -q -l "$d/miter.log" -p "read_rtlil $d/stc_tile_gated.il; read_rtlil $d/stc_tile_ungated.il; \
        read_verilog -formal -sv $here/formal/stc_gate_miter.sv; chparam -set N $N -set M_MAX $M_MAX \
        -set KB_MAX $KB_MAX stc_gate_miter; prep -top stc_gate_miter; flatten; hierarchy -top stc_gate_miter; \
        memory_map; opt -fast; \
        sat -seq $GATE_TRACE_DEPTH -prove-asserts -set-assumes -show-public -dump_vcd $d/counterexample.vcd" \
        >/dev/null 2>&1 || die "yosys failed: $d/miter.log"
    if grep -q 'model found: FAIL' "$d/miter.log"; then
        cex "$d" rst_ni cmd_valid_i cmd_mode_i w_valid_i w_data_i a_valid_i a_data_i \
            res_ready_i g_res_valid u_res_valid g_res_data u_res_data g_err u_err
    else
        rm -f "$d/counterexample.vcd"
        echo "  no output differs within $GATE_TRACE_DEPTH cycles from reset (GATE_TRACE_DEPTH=): no trace"
    fi
}

# ---- protocol: the RTL's assertions, bounded -----------------------------------
proof_protocol() {
    local d=$out/protocol t0
    t0=$(now)
    rm -rf "$d"
    mkdir -p "$d"
    # cutpoint: the PE multipliers become free values (an over-approximation:
    # what holds for any product holds for the real one), which the
    # protocol does not depend on and the solver then need not bit-blast.
    "$YOSYS" -q -l "$d/yosys.log" -p "read_verilog -defer -formal -DSTC_ASSERT ${srcs[*]}; \
        read_verilog -defer -formal -sv $here/formal/stc_protocol_check.sv; \
        hierarchy -top stc_protocol_check -chparam N $N -chparam M_MAX $M_MAX -chparam KB_MAX $KB_MAX; \
        proc; setattr -set keep 1 w:*formal*; flatten; opt_clean; cutpoint t:\$mul; memory_map; opt -fast; \
        sat -seq $PROTOCOL_DEPTH -prove-asserts -set-assumes -show-public -dump_vcd $d/counterexample.vcd" \
        >/dev/null 2>&1 || die "yosys failed: $d/yosys.log"
    if grep -q 'no model found: SUCCESS' "$d/yosys.log"; then
        rm -f "$d/counterexample.vcd"
        verdict protocol PROVEN "the $(grep -c 'assert (' "$(src_of stc_tile.v)") assertions of stc_tile (STC_ASSERT) for every input sequence keeping the input protocol  [bounded: $PROTOCOL_DEPTH cycles from reset; Yosys sat, MiniSAT; $params]" "$t0"
    elif grep -q 'model found: FAIL' "$d/yosys.log"; then
        verdict protocol FAILED "an assertion of stc_tile (STC_ASSERT) fails within $PROTOCOL_DEPTH cycles from reset  [Yosys sat; $params]" "$t0"
        cex "$d" rst_ni cmd_valid_i cmd_ready_o bias_valid_i w_valid_i w_ready_o \
            a_valid_i a_ready_o res_valid_o res_ready_i res_data_o busy_o err_o
    else
        die "no SAT verdict in $d/yosys.log"
    fi
}

mkdir -p "$out"
for p in $PROOFS; do
    case "$p" in
    decode | gating | protocol) "proof_$p" ;;
    *) die "unknown proof '$p' (PROOFS: decode gating protocol)" ;;
    esac
done
exit $failed
