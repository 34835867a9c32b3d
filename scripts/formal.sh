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
#             equal in every cycle, unbounded (Yosys equiv_make and
#             equiv_miter pair the signals; ABC scorr and pdr prove the
#             pairs equal from the all-zero state for every input sequence)
#   protocol  the protocol assertions of rtl/stc_tile.v (STC_ASSERT) for
#             every input sequence that keeps the inputs' own protocol,
#             unbounded (ABC scorr, pdr: IC3, from reset; if it does not decide
#             within PDR_TIMEOUT, bounded: PROTOCOL_DEPTH cycles, ABC bmc3,
#             and the verdict says so); protocol-dbuf the
#             same in the dbuf micro-architecture (WBUF=2)
#   counters  the nine performance counters at their full 32-bit width
#             against section 7's rules (formal/stc_counter_check.sv), for
#             every input sequence, unbounded: k-induction (k = 2; ABC ind)
#             with its base case from reset (ABC bmc3, COUNTER_DEPTH
#             cycles). A counter narrower than 32 bits fails the induction
#             step from the state where it is about to wrap. counters-dbuf
#             the same in the dbuf micro-architecture (WBUF=2).
#   skip      a tile with skip bit b against one computing all-zero block
#             b, the same free operands (formal/stc_skip_miter.sv): the
#             same result rows and err_o for every command shape of the
#             small tile, bounded: one command from reset (ABC bmc2)
#   equiv     (opt-in: PROOFS=equiv) the synthesized netlist
#             (scripts/netlist.py, SYNTHESIS defined) against the RTL as
#             make sim reads it, unbounded, in two steps: RTL = netlist
#             before ABC (Yosys equiv_make pairs the signals by name but
#             formal/stc_equiv_unpaired.txt's, equiv_induct proves the
#             pairs), and that = the netlist after ABC (ABC dsec)
# A proof named NAME-full (counters-full, protocol-full, protocol-dbuf-full)
# is the same proof at the shipped size, N=16, M_MAX=1024, KB_MAX=64,
# whatever FORMAL_N says, with one documented reduction: the accumulator
# bank is replaced by formal/stc_acc_bank_abstract.v (no storage; a read
# of an unwritten row repeats, anything else is a free value), an
# over-approximation, so what it proves holds for the real bank.
# Each prints one line: proof, verdict, what, how, parameters, solver, time.
# A failing proof writes its counterexample as a VCD with a GTKWave save
# file beside it (OUT/<proof>/counterexample.{vcd,gtkw}); the skip proof's
# also as a vector file (OUT/skip/counterexample.vec) the lockstep runner
# replays.
#
# Environment: YOSYS (yosys), YOSYS_SMTBMC (yosys-smtbmc), YOSYS_ABC
# (yosys-abc), VECGEN (build/stc_vecgen), FORMAL_N (4),
# FORMAL_M_MAX (4), FORMAL_KB_MAX (2), PDR_TIMEOUT (300 s),
# PROTOCOL_DEPTH (40: the bounded check if pdr does not decide in time),
# SKIP_TIMEOUT (120 s a command shape),
# COUNTER_DEPTH (4: the counters proof's base case, cycles from reset),
# PROOFS ("decode skip protocol protocol-dbuf gating counters counters-dbuf"; also
# counters-full, protocol-full, protocol-dbuf-full, equiv),
# JOBS (1: the number of proofs at once).
# Exit status: 0 every proof holds, 1 a proof failed, 2 a set-up error.
set -euo pipefail

die() { echo "formal.sh: $*" >&2; exit 2; }
# shellcheck source=scripts/campaign_lib.sh
. "$(dirname "$0")/campaign_lib.sh"

[ $# -ge 2 ] || die "usage: scripts/formal.sh OUT SRC..."
out=$1
shift
srcs=("$@")
for f in "${srcs[@]}"; do
    [ -f "$f" ] || die "no such source: $f"
done

YOSYS=${YOSYS:-yosys}
YOSYS_SMTBMC=${YOSYS_SMTBMC:-yosys-smtbmc}
YOSYS_ABC=${YOSYS_ABC:-yosys-abc}
N=${FORMAL_N:-4}
M_MAX=${FORMAL_M_MAX:-4}
KB_MAX=${FORMAL_KB_MAX:-2}
PDR_TIMEOUT=${PDR_TIMEOUT:-300}
PROTOCOL_DEPTH=${PROTOCOL_DEPTH:-40}
SKIP_TIMEOUT=${SKIP_TIMEOUT:-120}
COUNTER_DEPTH=${COUNTER_DEPTH:-4}
PROOFS=${PROOFS:-decode skip protocol protocol-dbuf gating counters counters-dbuf}
here=$(cd "$(dirname "$0")/.." && pwd)
VECGEN=${VECGEN:-$here/build/stc_vecgen}
params="N=$N M_MAX=$M_MAX KB_MAX=$KB_MAX"
chparam="-chparam N $N -chparam M_MAX $M_MAX -chparam KB_MAX $KB_MAX"
ABSTRACT_BANK=$here/formal/stc_acc_bank_abstract.v

# proof_size NAME: the size proof NAME runs at, in p_params, p_chparam,
# p_note and p_srcs: the make formal parameters, or for NAME-full the
# shipped tile's with the bank abstracted (formal/stc_acc_bank_abstract.v).
proof_size() {
    local f n=$N m=$M_MAX kb=$KB_MAX
    p_note=""
    p_srcs=("${srcs[@]}")
    if [[ $1 == *-full ]]; then
        n=16 m=1024 kb=64
        p_note="; bank abstracted: formal/stc_acc_bank_abstract.v"
        p_srcs=()
        for f in "${srcs[@]}"; do
            if [ "$(basename "$f")" = stc_acc_bank.v ]; then p_srcs+=("$ABSTRACT_BANK"); else p_srcs+=("$f"); fi
        done
    fi
    p_params="N=$n M_MAX=$m KB_MAX=$kb"
    p_chparam="-chparam N $n -chparam M_MAX $m -chparam KB_MAX $kb"
}

command -v "$YOSYS" >/dev/null || die "$YOSYS not found (make deps, group formal)"
command -v "$YOSYS_SMTBMC" >/dev/null || die "$YOSYS_SMTBMC not found (make deps, group formal)"
command -v z3 >/dev/null || die "z3 not found (make deps, group formal)"
command -v "$YOSYS_ABC" >/dev/null || die "$YOSYS_ABC not found (make deps, group formal)"

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
    printf 'formal: %-13s %-7s %s  %s s\n' "$1" "$2" "$3" "$(secs "$4")"
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
GATING_OWN='(^|\.)(en|en_o|en_q|en_q_o|en_w|en_q_w|prod_q|prod_o|prod_w|pe_en|pe_en_i|pe_en_o|pe_en_q|pe_en_q_o|pe_prod|pe_prod_o|pe_prod_q|pe_prod_d|pop_en|pop_gated|cnt_macs_actual_[dq]|cnt_macs_gated_[dq]|cnt|cnt_o|dbg_pe_en_o|dbg_pe_en_q_o|dbg_pe_prod_o|dbg_cnt_o)(\[[0-9]+\])?$'

proof_gating() {
    local d=$out/gating t0 pe f n total
    t0=$(now)
    rm -rf "$d"
    mkdir -p "$d/ungated"
    # The reference: the same sources, the gate enable of stc_pe_array (its
    # one assignment `pe_en[ie] = ...;`) replaced by the valid bit.
    for f in "${srcs[@]}"; do cp "$f" "$d/ungated/"; done
    pe=$d/ungated/stc_pe_array.v
    n=$(grep -cE '^[[:space:]]*pe_en\[ie\][[:space:]]*=' "$pe" || true)
    [ "$n" = 1 ] || die "stc_pe_array.v: expected one assignment 'pe_en[ie] = ...;' of the gate enable, found $n"
    sed -i -E 's/^([[:space:]]*)pe_en\[ie\][[:space:]]*=.*;/\1pe_en[ie] = pe_v_q[ie];  \/\/ gating off (scripts\/formal.sh)/' "$pe"
    local usrcs=()
    for f in "${srcs[@]}"; do usrcs+=("$d/ungated/$(basename "$f")"); done
    flatten_tile "$d" stc_tile_gated "${srcs[@]}"
    flatten_tile "$d" stc_tile_ungated "${usrcs[@]}"
    "$YOSYS" -q -p "read_rtlil $d/stc_tile_gated.il; cd stc_tile_gated; select -write $d/wires.txt w:*" \
        >/dev/null 2>&1 || die "yosys failed listing the wires of $d/stc_tile_gated.il"
    sed 's#^stc_tile_gated/##' "$d/wires.txt" | grep -E "$GATING_OWN" >"$d/gating-own.txt" || true
    [ -s "$d/gating-own.txt" ] || die "no gating signals found in $d/stc_tile_gated.il"
    # The miter: equiv_make pairs the two tiles' signals by name (but the
    # gating's own); equiv_miter's trigger is 1 when a pair differs, each
    # pair's difference a wire cmp_<signal>. Every pair's gate side is
    # then read as its gold side (equiv_remove -gold), so the trigger
    # stays 0 in every cycle exactly when every pair is equal in every
    # cycle. Both tiles start from the all-zero state (setundef -init):
    # every input sequence from there, reset included.
    "$YOSYS" -q -l "$d/equiv.log" -p "read_rtlil $d/stc_tile_gated.il; read_rtlil $d/stc_tile_ungated.il; \
        memory_map; opt_clean; equiv_make -blacklist $d/gating-own.txt stc_tile_gated stc_tile_ungated equiv; \
        hierarchy -top equiv; async2sync; equiv_status; equiv_miter -trigger -cmp miter equiv; \
        hierarchy -top miter; equiv_remove -gold miter; delete -port miter/o:* miter/w:trigger %d; \
        flatten; opt_clean; setundef -zero -init; $(to_aig "$d" miter)" \
        >/dev/null 2>&1 || die "yosys failed: $d/equiv.log"
    total=$(sed -n 's/^Found \([0-9]*\) \$equiv cells in equiv:$/\1/p' "$d/equiv.log" | head -1)
    [ -n "$total" ] || die "no equiv_status count in $d/equiv.log"
    python3 "$here/scripts/aiger_tie.py" "$d/miter.aag" "$d/miter.aim" "$d/miter.aig" ||
        die "cannot convert $d/miter.aag"
    # scorr folds the two tiles into one (each register pair proven equal
    # by induction is merged); pdr closes the proof on what is left.
    abc_pdr "$d" miter ""
    local what="every port, probe and register of the tile but the gating's own ($(wc -l <"$d/gating-own.txt") signals) equal to the ungated tile's in every cycle"
    if grep -q 'Property proved' <<<"$abc_log"; then
        verdict gating PROVEN "$what: $total signal bits compared  [unbounded: from the all-zero state, every input sequence; ABC scorr, pdr; $params]" "$t0"
        return
    fi
    [ -n "$abc_frame" ] || die "no verdict from ABC (PDR_TIMEOUT=$PDR_TIMEOUT s): $d/abc.log"
    verdict gating FAILED "$what: a pair differs in cycle $abc_frame from the all-zero state  [ABC scorr, pdr; $params]" "$t0"
    abc_cex "$d" miter
    echo "  signals that differ (in the trace, <name> is the gated tile's, <name>_gate the ungated one's):"
    cex "$d" --differ cmp_ rst_ni cmd_valid_i cmd_mode_i w_valid_i w_data_i a_valid_i a_data_i \
        res_ready_i res_valid_o res_data_o err_o
}

# to_aig DIR NAME: the Yosys passes that end a proof's script: the design
# as DIR/NAME.il (what abc_cex replays), then as an ASCII AIG with its map
# (DIR/NAME.aag, DIR/NAME.aim) for scripts/aiger_tie.py and ABC.
to_aig() {
    echo "write_rtlil $1/$2.il; techmap; opt -fast; dffunmap; setundef -zero; aigmap; opt_clean; \
        write_aiger -ascii -zinit -map $1/$2.aim $1/$2.aag"
}

# frame_of LOG: the frame in which ABC's LOG says an output was asserted
# (nothing when none was).
frame_of() {
    grep -o 'was asserted in frame [0-9]*' <<<"$1" | grep -o '[0-9]*$' | head -1 || true
}

# abc_pdr DIR NAME PREP: ABC's pdr on DIR/NAME.aig after PREP (e.g.
# "fold;"); its output in DIR/abc.log and abc_log. scorr and dc2 go first
# (registers proven equal merged, logic rewritten): they halve pdr's time
# on the tile (the protocol proof at N=4, base: 181 s to 93 s). When an
# output is asserted, the trace is bmc3's to that frame on the AIG as
# built (scorr merged registers, so pdr's own trace would not map back):
# DIR/NAME.cex, bmc3's output appended, and abc_frame the trace's frame
# (empty: pdr decided nothing, or proved the property).
abc_pdr() {
    local dir=$1 name=$2 prep=$3 log
    abc_log=$("$YOSYS_ABC" -c "read_aiger $dir/$name.aig; $prep strash; scorr; dc2; pdr -T $PDR_TIMEOUT" 2>&1) ||
        die "yosys-abc failed on $dir/$name.aig"
    printf '%s\n' "$abc_log" >"$dir/abc.log"
    abc_frame=$(frame_of "$abc_log")
    [ -n "$abc_frame" ] || return 0
    log=$("$YOSYS_ABC" -c "read_aiger $dir/$name.aig; $prep strash; bmc3 -F $((abc_frame + 1)); \
        write_cex -a $dir/$name.cex" 2>&1) || die "yosys-abc failed on $dir/$name.aig"
    printf '%s\n' "$log" >>"$dir/abc.log"
    abc_log+=$'\n'$log
    abc_frame=$(frame_of "$log")
    [ -n "$abc_frame" ] || die "bmc3 found no trace that pdr found: $dir/abc.log"
}

# ---- protocol: the RTL's assertions, unbounded -------------------------------
# proof_protocol NAME WBUF: the assertions in the micro-architecture WBUF
# (1 base, 2 dbuf: docs/architecture.md section 11)
proof_protocol() {
    local name=$1 wbuf=$2 d=$out/$1 t0 log frame engine="scorr, pdr"
    t0=$(now)
    proof_size "$name"
    rm -rf "$d"
    mkdir -p "$d"
    # cutpoint: the PE multipliers become free values (an over-approximation:
    # what holds for any product holds for the real one), which the
    # protocol does not depend on and the solver then need not bit-blast.
    "$YOSYS" -q -l "$d/yosys.log" -p "read_verilog -defer -formal -DSTC_ASSERT ${p_srcs[*]}; \
        read_verilog -defer -formal -sv $here/formal/stc_protocol_check.sv; \
        hierarchy -top stc_protocol_check $p_chparam -chparam WBUF $wbuf; \
        proc; setattr -set keep 1 w:*formal*; flatten; opt_clean; cutpoint t:\$mul; memory_map; opt -fast; \
        async2sync; setundef -anyseq; opt_clean; $(to_aig "$d" check)" \
        >/dev/null 2>&1 || die "yosys failed: $d/yosys.log"
    python3 "$here/scripts/aiger_tie.py" "$d/check.aag" "$d/check.aim" "$d/check.aig" ||
        die "cannot convert $d/check.aag"
    abc_pdr "$d" check "fold;"
    log=$abc_log frame=$abc_frame
    local what="the $(grep -c 'assert (' "$(src_of stc_tile.v)") assertions of stc_tile (STC_ASSERT, WBUF=$wbuf) for every input sequence keeping the input protocol"
    if grep -q 'Property proved' <<<"$log"; then
        verdict "$name" PROVEN "$what  [unbounded: IC3/PDR from reset; ABC scorr, pdr; $p_params$p_note]" "$t0"
        return
    fi
    if [ -z "$frame" ]; then
        # pdr undecided within PDR_TIMEOUT: a bounded check instead, said so
        engine=bmc3
        log=$("$YOSYS_ABC" -c "read_aiger $d/check.aig; fold; strash; bmc3 -F $PROTOCOL_DEPTH; \
            write_cex -a $d/check.cex" 2>&1) || die "yosys-abc failed on $d/check.aig"
        printf '%s\n' "$log" >>"$d/abc.log"
        if grep -q "No output asserted in $PROTOCOL_DEPTH frames" <<<"$log"; then
            verdict "$name" PROVEN "$what  [bounded: $PROTOCOL_DEPTH cycles from reset (pdr undecided in $PDR_TIMEOUT s); ABC bmc3; $p_params$p_note]" "$t0"
            return
        fi
        frame=$(frame_of "$log")
    fi
    if [ -n "$frame" ]; then
        verdict "$name" FAILED "an assertion of stc_tile (STC_ASSERT) fails in frame $frame from reset  [ABC $engine; $p_params$p_note]" "$t0"
        abc_cex "$d" check
        cex "$d" rst_ni cmd_valid_i cmd_ready_o bias_valid_i w_valid_i w_ready_o \
            a_valid_i a_ready_o res_valid_o res_ready_i res_data_o busy_o err_o
    else
        die "no verdict from ABC: $d/abc.log"
    fi
}

# skip_vector DIR MODE M NBLK B BIAS: the failing command as a vector file
# for the lockstep runner (scripts/formal_vec.py; C from stc_vecgen).
skip_vector() {
    local dir=$1 rc=0
    shift
    python3 "$here/scripts/formal_vec.py" "$dir/counterexample.vcd" "$dir/counterexample.tmp.vec" \
        "$N" "$M_MAX" "$KB_MAX" "$@" || rc=$?
    [ "$rc" = 1 ] && return # said why it does not fit
    [ "$rc" = 0 ] || die "cannot write the counterexample's vector"
    "$VECGEN" --fill-c "$dir/counterexample.tmp.vec" -o "$dir/counterexample.vec" ||
        die "$VECGEN could not complete $dir/counterexample.tmp.vec"
    rm -f "$dir/counterexample.tmp.vec"
    echo "  vector: $dir/counterexample.vec (the skipping tile's command; replay against the model:"
    echo "          build/stc_sim-n$N $dir/counterexample.vec)"
}

# abc_cex DIR NAME [NAME=VALUE...]: ABC's counterexample DIR/NAME.cex on
# DIR/NAME.aag (its inputs tied as given) as an AIGER witness, replayed by
# Yosys on DIR/NAME.il into DIR/counterexample.vcd.
abc_cex() {
    local dir=$1 name=$2
    shift 2
    python3 "$here/scripts/aiger_tie.py" --witness "$dir/$name.aag" "$dir/$name.aim" "$dir/$name.cex" \
        "$dir/counterexample.aiw" "$@" || die "cannot read ABC's counterexample $dir/$name.cex"
    "$YOSYS" -q -l "$dir/sim.log" -p "read_rtlil $dir/$name.il; sim -zinit -r $dir/counterexample.aiw \
        -map $dir/$name.aim -clock clk_i -vcd $dir/counterexample.vcd" >/dev/null 2>&1 ||
        die "yosys sim failed: $dir/sim.log"
    # the replay names the assertions that fail: file:line.col-line.col
    # (the gating miter has none: its trigger is an output)
    local loc file line
    grep -q 'cell \$assert ' "$dir/$name.il" || return 0
    grep -q 'Assert [^ ]* ([^)]*) failed' "$dir/sim.log" ||
        echo "  (Yosys sim, replaying the trace, names no failing assertion: see the trace)"
    { grep -o 'Assert [^ ]* ([^)]*) failed' "$dir/sim.log" || true; } | sed 's/.*|//; s/.*(//; s/) failed//' |
        sort -u | while read -r loc; do
            file=${loc%%:*}
            line=${loc##*-}
            line=${line%%.*}
            printf '  assertion failed: %s:%s: %s\n' "$(basename "$file")" "${loc#*:}" \
                "$(sed -n "${line}p" "$file" 2>/dev/null | sed 's/^[[:space:]]*//')"
        done
}

# ---- skip: a skipped all-zero block changes no result ------------------------
# The miter (formal/stc_skip_miter.sv) is built once, down to an AIG, with
# the command's shape as inputs; scripts/aiger_tie.py ties them per shape,
# and ABC's bmc2 checks every cycle up to the shape's bound. With the
# control constant, ABC's structural hashing folds the two tiles'
# datapaths into one; Yosys sat and z3, which do not, did not finish one
# shape in 15 minutes. bmc3 did each shape in about a second until the PE
# array became flat vectors (issue 33); on that netlist, of the same size,
# it took 130 s for mode=0 m=4 nblk=2 b=0, where bmc2 takes 0.3 s and both
# find bug 34 in the same frame of every shape (make formal-bugs).
proof_skip() {
    local d=$out/skip t0 mode m nblk b bias cycles depth shapes=0 tag log
    t0=$(now)
    rm -rf "$d"
    mkdir -p "$d"
    "$YOSYS" -q -l "$d/yosys.log" -p "read_verilog -defer ${srcs[*]}; \
        read_verilog -defer -formal -sv $here/formal/stc_skip_miter.sv; \
        hierarchy -top stc_skip_miter $chparam; proc; flatten; rename -top skip_miter; opt_clean; \
        memory_map; opt -fast; async2sync; $(to_aig "$d" miter)" \
        >/dev/null 2>&1 || die "yosys failed: $d/yosys.log"
    for mode in 0 1; do
        for bias in 0 1; do
            for nblk in $(seq 1 "$KB_MAX"); do
                for b in $(seq 0 $((nblk - 1))); do
                    for m in $(seq 1 "$M_MAX"); do
                        # u_full's cycles with no stalls (docs/architecture.md
                        # section 6, base), and a margin for the command
                        cycles=$(((bias ? m : 0) + nblk * (m + 3 * N + 1) + m))
                        depth=$((cycles + 4))
                        tag="mode=$mode m=$m nblk=$nblk b=$b bias=$bias"
                        python3 "$here/scripts/aiger_tie.py" "$d/miter.aag" "$d/miter.aim" "$d/shape.aig" \
                            mode_i=$mode m_i=$m nblk_i=$nblk b_i=$b bias_i=$bias depth_i=$depth ||
                            die "cannot tie the shape $tag"
                        # bmc2 -F K reports "No output failed in K-1 frames"
                        log=$("$YOSYS_ABC" -c "read_aiger $d/shape.aig; fold; strash; \
                            bmc2 -F $((depth + 4)) -T $SKIP_TIMEOUT; write_cex -a $d/miter.cex" 2>&1) ||
                            die "yosys-abc failed on $tag"
                        shapes=$((shapes + 1))
                        if grep -q "No output failed in $((depth + 3)) frames" <<<"$log"; then
                            continue
                        fi
                        if ! grep -q 'was asserted in frame' <<<"$log"; then
                            grep -q 'Reached timeout' <<<"$log" || die "no bmc2 verdict for $tag: $log"
                            verdict skip UNDECIDED "bmc2 did not finish the command $tag within $SKIP_TIMEOUT s (SKIP_TIMEOUT=): the two datapaths no longer fold together  [ABC bmc2; $params]" "$t0"
                            return
                        fi
                        verdict skip FAILED "block skip changes the result rows or err_o, or a tile does not finish, for the command $tag  [bounded: $depth cycles; ABC bmc2; $params]" "$t0"
                        abc_cex "$d" miter mode_i=$mode m_i=$m nblk_i=$nblk b_i=$b bias_i=$bias depth_i=$depth
                        echo "  rows delivered and err_o (full, skip) in the last cycle:"
                        cex "$d" step_q rows_full rows_skip err done
                        skip_vector "$d" "$mode" "$m" "$nblk" "$b" "$bias"
                        return
                    done
                done
            done
        done
    done
    verdict skip PROVEN "for every command shape ($shapes: dense and 2:4, bias or not, M 1..$M_MAX, nblk 1..$KB_MAX, every block b) and every operand value, skipping all-zero block b gives the same result rows and err_o as computing it  [bounded: one command from reset, u_full's cycles + 4; ABC bmc2; $params]" "$t0"
}

# ---- counters: section 7's rules at the full 32-bit width ------------------
# assert_lines IL: the source (file:line) of each $assert cell of IL, in
# the order write_aiger numbers them as outputs (the order of the cells in
# the file; proof_counters checks that the counts agree, and bugs 24 and
# 31 of formal-bugs name their rules' lines).
assert_lines() {
    awk '/attribute \\src /{src=$3} /^ *cell \$assert /{gsub(/"/, "", src); print src}' "$1" |
        sed -E 's/:[0-9]+\.[0-9]+-([0-9]+)\.[0-9]+$/:\1/'
}

# proof_counters NAME WBUF: the counters in the micro-architecture WBUF
proof_counters() {
    local name=$1 wbuf=$2 d=$out/$1 t0 log frame loc file line n what
    t0=$(now)
    proof_size "$name"
    rm -rf "$d"
    mkdir -p "$d"
    # cutpoint: the products (the PE multipliers, and macs_alg's and
    # macs_skipped's command products) become free values: the rules do not
    # read them (stc_counter_check.sv says why the two products are not
    # checked here).
    "$YOSYS" -q -l "$d/yosys.log" -p "read_verilog -defer -formal ${p_srcs[*]}; \
        read_verilog -defer -formal -sv $here/formal/stc_counter_check.sv; \
        hierarchy -top stc_counter_check $p_chparam -chparam WBUF $wbuf; proc; flatten; opt_clean; cutpoint t:\$mul; \
        memory_map; opt -fast; async2sync; setundef -anyseq; opt_clean; $(to_aig "$d" check)" \
        >/dev/null 2>&1 || die "yosys failed: $d/yosys.log"
    python3 "$here/scripts/aiger_tie.py" "$d/check.aag" "$d/check.aim" "$d/check.aig" ||
        die "cannot convert $d/check.aag"
    what="the 9 counters of section 7, 32 bits wide, follow its rules in every cycle for every input sequence (WBUF=$wbuf)"
    # base case: from reset
    log=$("$YOSYS_ABC" -c "read_aiger $d/check.aig; fold; strash; bmc3 -F $COUNTER_DEPTH; \
        write_cex -a $d/check.cex" 2>&1) || die "yosys-abc failed on $d/check.aig"
    printf '%s\n' "$log" >"$d/abc.log"
    frame=$(frame_of "$log")
    if [ -n "$frame" ]; then
        verdict "$name" FAILED "a counter breaks its rule (docs/architecture.md section 7) in cycle $frame from reset  [ABC bmc3; $p_params$p_note]" "$t0"
        abc_cex "$d" check
        cex "$d" rst_ni cmd_valid_i cmd_ready_o busy_o bias_valid_i w_valid_i w_ready_o \
            a_valid_i a_ready_o res_valid_o res_ready_i dbg_state_o dbg_cnt_o
        return
    fi
    grep -q "No output asserted in $COUNTER_DEPTH frames" <<<"$log" || die "no bmc3 verdict: $d/abc.log"
    # induction step: from any state in which the rules held for 2 cycles
    log=$("$YOSYS_ABC" -c "read_aiger $d/check.aig; fold; orpos; strash; ind -F 2" 2>&1) ||
        die "yosys-abc failed on $d/check.aig"
    printf '%s\n' "$log" >>"$d/abc.log"
    if grep -q 'Networks are equivalent' <<<"$log"; then
        verdict "$name" PROVEN "$what  [unbounded: k-induction, k = 2, base case $COUNTER_DEPTH cycles from reset; ABC bmc3, ind; $p_params$p_note]" "$t0"
        return
    fi
    grep -q 'Networks are UNDECIDED' <<<"$log" || die "no ind verdict: $d/abc.log"
    verdict "$name" FAILED "a counter rule holds for $COUNTER_DEPTH cycles from reset but is not inductive: from some state a counter breaks it at the next edge (a counter about to wrap is such a state, 2^16 or more cycles from reset)  [k-induction, k = 2; ABC ind; $p_params$p_note]" "$t0"
    # which rules: the induction step of each assertion alone (the AIG's
    # bad-state outputs, field 7 of its header, one per $assert cell)
    local locs
    mapfile -t locs < <(assert_lines "$d/check.il")
    [ "${#locs[@]}" = "$(awk 'NR == 1 { print $7 }' "$d/check.aag")" ] ||
        die "the \$assert cells of $d/check.il do not match the outputs of $d/check.aag"
    n=0
    for loc in "${locs[@]}"; do
        log=$("$YOSYS_ABC" -c "read_aiger $d/check.aig; fold; cone -O $n -s; strash; ind -F 2" 2>&1) ||
            die "yosys-abc failed on $d/check.aig"
        if grep -q 'Networks are UNDECIDED' <<<"$log"; then
            file=${loc%:*}
            line=${loc##*:}
            printf '  rule not inductive: %s:%s: %s\n' "$(basename "$file")" "$line" \
                "$(sed -n "${line}p" "$file" 2>/dev/null | sed 's/^[[:space:]]*//')"
        fi
        n=$((n + 1))
    done
}

# ---- equiv: the synthesized netlist against the RTL ---------------------------
# Two steps, each unbounded, chained: (1) the RTL as make sim reads it (no
# SYNTHESIS) against the netlist before ABC (scripts/netlist.py --no-abc:
# SYNTHESIS defined, Yosys' front end, techmap): Yosys equiv_make pairs
# every signal of the same name (the front end keeps the RTL's names) but
# formal/stc_equiv_unpaired.txt's, equiv_simple and equiv_induct prove
# every pair by induction (equal paired signals in one cycle give equal
# ones in the next); (2) that netlist against the netlist after ABC (the
# one make sim NETLIST=1 runs), as AIGs with the same registers: ABC dsec.
# A pragma, an `ifdef SYNTHESIS or a casez read differently fails (1),
# naming the pairs that differ; a wrong ABC mapping fails (2).
proof_equiv() {
    local d=$out/equiv t0 log pairs unproven what cells
    t0=$(now)
    rm -rf "$d"
    mkdir -p "$d"
    # The netlist as make sim NETLIST=1 simulates it, and the same script
    # stopped before ABC (front: the RTL's names kept).
    local kind stop
    for kind in netlist front; do
        stop=()
        [ $kind = netlist ] || stop=(--no-abc)
        python3 "$here/scripts/netlist.py" --top stc_tile --n "$N" --m-max "$M_MAX" --kb-max "$KB_MAX" \
            --yosys "$YOSYS" --out "$d/$kind" "${stop[@]}" "${srcs[@]}" \
            >"$d/$kind.log" 2>&1 || die "the $kind netlist did not synthesize: $d/$kind.log"
    done
    cells=$(sed -n 's/^ *Number of cells: *\([0-9]*\)$/\1/p' "$d/netlist/stat.txt" | tail -1)
    sed -e 's/#.*$//' -e 's/[[:space:]]//g' "$here/formal/stc_equiv_unpaired.txt" | grep . >"$d/unpaired.txt" ||
        die "no names in formal/stc_equiv_unpaired.txt"
    # The RTL as a simulator reads it: Yosys defines SYNTHESIS unless told
    # not to, and honours full_case / parallel_case (an attribute or a
    # synopsys comment), which a simulator ignores: copies without them.
    local f rtl=()
    mkdir -p "$d/rtl"
    for f in "${srcs[@]}"; do
        sed -E -e 's/\(\*[^*]*(full_case|parallel_case)[^*]*\*\)//g' \
            -e 's#//[[:space:]]*(synopsys|synthesis)[[:space:]].*$##' "$f" >"$d/rtl/$(basename "$f")" ||
            die "cannot copy $f"
        rtl+=("$d/rtl/$(basename "$f")")
    done
    # Pairs: every same-named signal bit of the RTL (gold) and the netlist
    # (gate), written as equiv_make leaves them, then three checks.
    "$YOSYS" -q -l "$d/pair.log" -p "read_verilog -nosynthesis -defer ${rtl[*]}; hierarchy -top stc_tile $chparam; \
        proc; flatten; opt_clean; memory_map; opt -fast; rename stc_tile gold; \
        read_verilog $d/front/stc_tile_gates.v; rename stc_tile_gates gate; proc; memory_map; opt -fast; \
        async2sync; equiv_make -blacklist $d/unpaired.txt gold gate equiv; hierarchy -top equiv; \
        write_rtlil $d/paired.il" >/dev/null 2>&1 || die "yosys failed: $d/pair.log"
    pairs=$(grep -c '^ *cell \$equiv ' "$d/paired.il") || die "no pairs in $d/paired.il"
    what="the netlist of scripts/netlist.py ($cells cells, SYNTHESIS defined) equals the RTL as make sim reads it in every cycle from the all-zero state"
    # 1. The base case, which equiv_induct leaves out: every pair equal in
    # the first cycle from the all-zero state, for every input (one frame,
    # Yosys sat; scripts/equiv_base.py turns the pairs into one assertion).
    python3 "$here/scripts/equiv_base.py" rewrite "$d/paired.il" "$d/base.il" "$d/pairs.txt" ||
        die "cannot write the base case from $d/paired.il"
    if ! "$YOSYS" -q -l "$d/base.log" -p "read_rtlil $d/base.il; hierarchy -top equiv; \
        sat -seq 1 -set-init-zero -prove-asserts -verify -show \\stc_base_ok" >/dev/null 2>&1; then
        grep -q 'SAT proof finished - model found: FAIL' "$d/base.log" || die "yosys failed: $d/base.log"
        verdict equiv FAILED "$what: in the first cycle from the all-zero state, $(python3 "$here/scripts/equiv_base.py" names "$d/pairs.txt" "$d/base.log" | wc -l) of $pairs signal bit pairs of the RTL and the netlist before ABC differ  [base case, Yosys sat; $params]" "$t0"
        echo "  signals that differ (RTL and netlist; a register or port here is a difference the netlist makes):"
        python3 "$here/scripts/equiv_base.py" names "$d/pairs.txt" "$d/base.log" |
            sed -e 's/^\\//' -e 's/ \[[0-9]*\]$//' | sort | uniq -c | awk '{ printf "    %s (%d bits)\n", $2, $1 }' | head -12
        return
    fi
    # 2. The induction step: pairs equal in one cycle stay equal in the next.
    "$YOSYS" -q -l "$d/equiv.log" -p "read_rtlil $d/paired.il; hierarchy -top equiv; \
        equiv_simple -seq 1; equiv_induct -seq 1; tee -o $d/status.txt equiv_status" \
        >/dev/null 2>&1 || die "yosys failed: $d/equiv.log"
    unproven=$(sed -n 's/^ *Of those cells [0-9]* are proven and \([0-9]*\) are unproven\.$/\1/p' "$d/status.txt" | head -1)
    [ -n "$unproven" ] || die "no equiv_status verdict in $d/status.txt"
    if [ "$unproven" != 0 ]; then
        verdict equiv FAILED "$what: $unproven of $pairs signal bit pairs of the RTL and the netlist before ABC are not proven equal  [induction step, Yosys equiv_simple, equiv_induct; $params]" "$t0"
        echo "  signals that differ (RTL_gold / netlist_gate; a register or port here is a difference the netlist makes):"
        sed -n 's/^ *Unproven \$equiv [^ ]*: \\\([^ ]*\)_gold .*/\1/p' "$d/status.txt" | sort | uniq -c |
            awk '{ printf "    %s (%d bits)\n", $2, $1 }' | head -12
        return
    fi
    # 3. The netlist before ABC against the one after it, both as AIGs
    # from the all-zero state: ABC dsec.
    local a
    for a in front netlist; do
        "$YOSYS" -q -l "$d/$a-aig.log" -p "read_verilog $d/$a/stc_tile_gates.v; proc; memory_map; opt -fast; \
            async2sync; setundef -zero -init; setundef -anyseq; $(to_aig "$d" "$a")" >/dev/null 2>&1 ||
            die "yosys failed: $d/$a-aig.log"
        python3 "$here/scripts/aiger_tie.py" "$d/$a.aag" "$d/$a.aim" "$d/$a.aig" || die "cannot convert $d/$a.aag"
    done
    log=$("$YOSYS_ABC" -c "dsec $d/front.aig $d/netlist.aig" 2>&1) || die "yosys-abc failed on $d/front.aig"
    printf '%s\n' "$log" >"$d/abc.log"
    if grep -q 'Networks are equivalent' <<<"$log"; then
        verdict equiv PROVEN "$what  [unbounded, three steps: RTL = netlist before ABC over $pairs signal bit pairs ($(wc -l <"$d/unpaired.txt") combinational temporaries unpaired: formal/stc_equiv_unpaired.txt), base case by Yosys sat, induction by equiv_induct; = netlist after ABC from the all-zero state, ABC dsec; $params]" "$t0"
        return
    fi
    grep -q 'NOT EQUIVALENT' <<<"$log" || die "no dsec verdict: $d/abc.log"
    verdict equiv FAILED "$what: the netlist after ABC differs from the one before it  [ABC dsec; $params]" "$t0"
}

# task NAME: one proof; exits 0 proven, 1 failed, 2 set-up error.
task() {
    case "$1" in
    decode | gating | skip | equiv) "proof_$1" ;;
    protocol | protocol-full) proof_protocol "$1" 1 ;;
    protocol-dbuf | protocol-dbuf-full) proof_protocol "$1" 2 ;;
    counters | counters-full) proof_counters "$1" 1 ;;
    counters-dbuf) proof_counters "$1" 2 ;;
    esac
    exit $failed
}
status=0
task_done() { # proof, its exit status: a set-up error outranks a failed proof
    if [ "$2" = 2 ]; then status=2; elif [ "$2" != 0 ] && [ $status = 0 ]; then status=1; fi
}

for p in $PROOFS; do
    case "$p" in
    decode | gating | protocol | protocol-dbuf | skip | counters | counters-dbuf) ;;
    protocol-full | protocol-dbuf-full | counters-full | equiv) ;;
    *) die "unknown proof '$p' (PROOFS: decode skip protocol protocol-dbuf gating counters counters-dbuf, and protocol-full protocol-dbuf-full counters-full equiv)" ;;
    esac
done
parse_jobs proofs
mkdir -p "$out"

# The proofs are independent (each under OUT/<proof>/) and each solver is
# single-threaded, so JOBS of them run at once, printed in PROOFS' order.
# make formal's order starts the long ones first (skip about 130 s,
# counters-full 97, protocol 160, protocol-dbuf 125, gating 65, counters 5;
# measured together on 2 cores): about 5.5 minutes on 2 cores.
# shellcheck disable=SC2086 # PROOFS is a list of words
run_in_order "$out" "$jobs" $PROOFS
exit $status
