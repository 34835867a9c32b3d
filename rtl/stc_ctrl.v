// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_ctrl - controller of the tile: state machine, command registers,
// block/beat counters, sticky error and the nine performance counters
// (docs/architecture.md sections 4, 6 and 7).
//
// States: IDLE=0, BIAS=1, LOAD=2, STREAM=3, FLUSH=4, DRAIN=5. All outputs
// are decoded from registered state (Moore); ready never depends on valid.
// next_blk(x) (smallest non-skipped block b, x <= b <= nblk) is
// combinational so skipped blocks cost no cycle; in IDLE it is evaluated
// on the incoming command's nblk/skip. Every register updates at the
// rising edge (latency 1); synchronous active-low reset clears them all.
//
// WBUF selects the micro-architecture (docs/architecture.md section 11):
//  - 1, base: w_ready_o = (state == LOAD); a pass is N LOAD beats counted
//    by beat_q, then M STREAM and 2N+1 FLUSH cycles; with no stalls
//    cycles = (bias ? M : 0) + passes * (M + 3N + 1) + M (section 6).
//  - 2, dbuf: a load engine (ld_q, ld_blk_q, ld_beat_q, full_q; not
//    probes) fills the PEs' shadow weights whenever it holds a block that
//    is not complete yet: w_ready_o = ld_q && !full_q, in any state, and
//    w_row_o = ld_beat_q. "Start a pass" (end of BIAS, LOAD, end of FLUSH)
//    swaps (swap_o: shadow -> active in every PE, blk_q <= ld_blk_q, then
//    STREAM) if the shadow is full at this edge (wfull), else waits in
//    LOAD (beat_q stays 0 there) or, with nothing left to load, drains.
//    The next block loads during the current pass, so with no stalls
//    cycles = (bias ? max(M, N) : N) + passes * (M + 2N + 1) + M, which
//    saves (passes - 1) * N + (bias ? min(M, N) : 0) cycles on base.
//
// One combinational and one clocked block per concern: the state machine
// with the command registers (p_fsm, p_fsm_q), the sticky error (p_err,
// p_err_q), the counters (p_cnt, p_cnt_q) and in dbuf the load engine
// (p_ld, p_ld_q); p_cmd_decode, p_next_blk, p_activity and the terms of
// g_dbuf or g_base (w_ready, w_row, nb_from, the pass target, swap) are the
// combinational terms they share.
`default_nettype none

module stc_ctrl #(
  parameter N      = 16,
  parameter KB_MAX = 64,
  parameter MW     = 10,
  parameter KBW    = 6,
  parameter WBUF   = 1    // 1 base, 2 dbuf (double-buffered weights)
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  // command
  input  wire             cmd_valid_i,
  output wire             cmd_ready_o,
  input  wire             cmd_mode_i,
  input  wire [MW-1:0]    cmd_m_i,
  input  wire [KBW-1:0]   cmd_nblk_i,
  input  wire [KB_MAX-1:0] cmd_skip_i,
  input  wire             cmd_bias_i,
  // handshakes of the data ports
  input  wire             bias_valid_i,
  output wire             bias_ready_o,
  input  wire             w_valid_i,
  output wire             w_ready_o,
  input  wire             a_valid_i,
  output wire             a_ready_o,
  output wire             res_valid_o,
  input  wire             res_ready_i,
  output wire             busy_o,
  output wire             err_o,
  // from the metadata decoders (current w_meta_i), the array and the bank
  input  wire [N-1:0]     meta_legal_i,
  input  wire [N*N-1:0]   pe_v_i,
  input  wire [N*N-1:0]   pe_en_i,
  input  wire             last_we_i,     // acc_we[N-1]
  input  wire [MW-1:0]    last_row_i,    // wr_row[N-1]
  // to the datapath
  output wire             mode_o,        // mode_q
  output wire [MW-1:0]    m_o,           // m_q
  output wire             clr_o,         // command transfer: clear bank
  output wire             bias_we_o,     // bias transfer
  output wire             w_ld_o,        // weight transfer
  output wire [MW-1:0]    w_row_o,       // PE row it writes: beat_q / ld_beat_q
  output wire             swap_o,        // dbuf: shadow -> active weights
  output wire             a_inj_o,       // activation transfer
  output wire             drain_o,       // state == DRAIN
  // probes
  output wire [2:0]       state_o,
  output wire [KBW-1:0]   blk_o,
  output wire [MW-1:0]    beat_o,
  output wire [32*9-1:0]  cnt_o
);

  // ---- parameter check (elaboration) -------------------------------------
  generate
    if (!((N >= 2) && (KB_MAX >= 2) && (KBW == $clog2(KB_MAX)) && ((1 << MW) >= N) &&
          ((WBUF == 1) || (WBUF == 2)))) begin : g_illegal_parameters
`ifdef __ICARUS__
      // Icarus 11 has no elaboration system tasks: an unknown module stops it.
      stc_ctrl_illegal_parameters u_stop ();
`else
      $fatal(1, "stc_ctrl: N = %0d, KB_MAX = %0d, MW = %0d, KBW = %0d, WBUF = %0d; need N >= 2, KB_MAX >= 2, KBW = clog2(KB_MAX), 2^MW >= N (beat counts the N LOAD beats), WBUF 1 (base) or 2 (dbuf)", N, KB_MAX, MW, KBW, WBUF);
`endif
    end
  endgenerate

  localparam [2:0] ST_IDLE   = 3'd0;
  localparam [2:0] ST_BIAS   = 3'd1;
  localparam [2:0] ST_LOAD   = 3'd2;
  localparam [2:0] ST_STREAM = 3'd3;
  localparam [2:0] ST_FLUSH  = 3'd4;
  localparam [2:0] ST_DRAIN  = 3'd5;

  localparam integer LAST_ROW = N - 1;   // last PE row / LOAD beat

  // ---- registers --------------------------------------------------------
  reg [2:0]        state_q, state_d;
  reg              mode_q, mode_d;
  reg [MW-1:0]     m_q, m_d;
  reg [KBW-1:0]    nblk_q, nblk_d;
  reg [KB_MAX-1:0] skip_q, skip_d;
  reg [KBW-1:0]    blk_q, blk_d;
  reg [MW-1:0]     beat_q, beat_d;
  reg              err_q, err_d;
  // counters, in the order of section 7 (dbg_cnt_o[32j +: 32])
  reg [31:0] cnt_cycles_q,       cnt_cycles_d;        // 0 cycles
  reg [31:0] cnt_stall_q,        cnt_stall_d;         // 1 stall_cycles
  reg [31:0] cnt_macs_alg_q,     cnt_macs_alg_d;      // 2 macs_alg
  reg [31:0] cnt_macs_actual_q,  cnt_macs_actual_d;   // 3 macs_actual
  reg [31:0] cnt_macs_gated_q,   cnt_macs_gated_d;    // 4 macs_gated
  reg [31:0] cnt_macs_skipped_q, cnt_macs_skipped_d;  // 5 macs_skipped
  reg [31:0] cnt_w_bytes_q,      cnt_w_bytes_d;       // 6 w_bytes
  reg [31:0] cnt_meta_bytes_q,   cnt_meta_bytes_d;    // 7 meta_bytes
  reg [31:0] cnt_a_bytes_q,      cnt_a_bytes_d;       // 8 a_bytes

  // ---- port transfers ---------------------------------------------------
  wire w_ready;                   // w_ready_o (g_dbuf / g_base)
  wire [MW-1:0] w_row;            // PE row a weight transfer writes (g_dbuf / g_base)
  wire cmd_xfer  = (state_q == ST_IDLE)   && cmd_valid_i;
  wire bias_xfer = (state_q == ST_BIAS)   && bias_valid_i;
  wire w_xfer    = w_ready                && w_valid_i;
  wire a_xfer    = (state_q == ST_STREAM) && a_valid_i;

  // ---- command decode: skip mask and MAC bookkeeping ---------------------
  reg [KB_MAX-1:0] cmd_le;        // bit b: b <= cmd_nblk_i
  reg [KB_MAX-1:0] cmd_skip;      // cmd_skip_i, bits >= nblk cleared
  reg [31:0]       nskip;
  reg [31:0]       c_nblk, c_m, c_mnn, c_kdn;

  always @* begin : p_cmd_decode
    integer i;
    // bits 0 .. nblk: all ones shifted past nblk, inverted
    cmd_le   = ~(({KB_MAX{1'b1}} << cmd_nblk_i) << 1);
    cmd_skip = cmd_skip_i & cmd_le;
    nskip    = 32'd0;
    for (i = 0; i < KB_MAX; i = i + 1) begin
      nskip = nskip + {31'd0, cmd_skip[i]};
    end
    c_nblk = {{(32-KBW){1'b0}}, cmd_nblk_i} + 32'd1;
    c_m    = {{(32-MW){1'b0}}, cmd_m_i} + 32'd1;
    c_mnn  = c_m * N * N;                         // M * N * N
    c_kdn  = cmd_mode_i ? (c_mnn << 1) : c_mnn;   // M * KD * N
  end

  // ---- next_blk(x): in IDLE on the incoming command ---------------------
  reg [KBW-1:0]    nb_nblk;       // next_blk() operands
  reg [KB_MAX-1:0] nb_skip;
  wire [KBW:0]     nb_from;       // x (g_dbuf / g_base)
  reg              nb_found;
  reg [KBW-1:0]    nb_blk;

  // The candidates are the blocks i with from <= i <= nblk not skipped;
  // next_blk is the lowest (nb_hot, its one-hot), encoded bit by bit: bit
  // k of its index is set when nb_hot has a bit at an index with bit k set.
  reg [KB_MAX-1:0] nb_cand;
  reg [KB_MAX-1:0] nb_hot;
  reg [KB_MAX-1:0] nb_kmask;      // the indices with bit k set

  always @* begin : p_next_blk
    integer i;
    integer k;
    if (state_q == ST_IDLE) begin
      nb_nblk = cmd_nblk_i;
      nb_skip = cmd_skip;
    end else begin
      nb_nblk = nblk_q;
      nb_skip = skip_q;
    end
    nb_cand  = ~nb_skip & ~(({KB_MAX{1'b1}} << nb_nblk) << 1) & ({KB_MAX{1'b1}} << nb_from);
    nb_hot   = nb_cand & (~nb_cand + {{(KB_MAX-1){1'b0}}, 1'b1});
    nb_found = |nb_cand;
    for (k = 0; k < KBW; k = k + 1) begin
      for (i = 0; i < KB_MAX; i = i + 1) begin
        nb_kmask[i] = (i / (1 << k)) % 2 == 1;
      end
      nb_blk[k] = |(nb_hot & nb_kmask);
    end
  end

  // ---- micro-architecture: weight port, next_blk origin, pass target ----
  // "Go to next_blk" (base, section 4) / "start a pass" (dbuf, section 11)
  // is one term for p_fsm: the state and block after it (pass_state,
  // pass_blk). swap: dbuf, the active weights take the shadow at this edge.
  wire [2:0]       pass_state;
  wire [KBW-1:0]   pass_blk;
  wire             wfull;         // dbuf: the shadow holds a whole block at the end of this cycle
  wire             swap;

  generate
    if (WBUF == 2) begin : g_dbuf
      // ---- dbuf load engine: the next block's weights into the shadow ----
      reg              ld_q, ld_d;          // holds a block to load / loaded
      reg [KBW-1:0]    ld_blk_q, ld_blk_d;  // that block
      reg [MW-1:0]     ld_beat_q, ld_beat_d;// its next weight beat, 0..N-1
      reg              full_q, full_d;      // the shadow holds all N rows
      wire             ld_pass;             // a block for a pass to wait for

      assign w_ready = ld_q && !full_q;     // in any state
      assign w_row   = ld_beat_q;
      assign wfull   = full_q || (w_xfer && (ld_beat_q == LAST_ROW[MW-1:0]));
      // next_blk(0) for the incoming command, next_blk(ld_blk + 1) after
      // a swap (ld_blk_q + 1 does not wrap: KBW + 1 bits)
      assign nb_from = (state_q == ST_IDLE) ? {(KBW+1){1'b0}} : ({1'b0, ld_blk_q} + 1'b1);

      // Start a pass: swap if the shadow is full, else wait in LOAD if the
      // engine has a block (in IDLE: the command's first one, which it
      // takes at this edge), else drain. blk_q changes only at a swap.
      assign ld_pass    = (state_q == ST_IDLE) ? nb_found : ld_q;
      assign pass_state = wfull ? ST_STREAM : (ld_pass ? ST_LOAD : ST_DRAIN);
      assign pass_blk   = wfull ? ld_blk_q : blk_q;
      // STREAM is entered only by a pass that swaps
      assign swap       = (state_q != ST_STREAM) && (state_d == ST_STREAM);

      always @* begin : p_ld
        ld_d      = ld_q;
        ld_blk_d  = ld_blk_q;
        ld_beat_d = ld_beat_q;
        full_d    = full_q;
        if (w_xfer) begin
          if (ld_beat_q == LAST_ROW[MW-1:0]) begin
            ld_beat_d = {MW{1'b0}};
            full_d    = 1'b1;
          end else begin
            ld_beat_d = ld_beat_q + 1'b1;
          end
        end
        // a command (next_blk(0)) or a swap (next_blk(ld_blk + 1)) gives
        // the engine its next block, if there is one, with an empty shadow
        if (cmd_xfer || swap) begin
          ld_d      = nb_found;
          ld_beat_d = {MW{1'b0}};
          full_d    = 1'b0;
          if (nb_found) begin
            ld_blk_d = nb_blk;
          end
        end
      end

      always @(posedge clk_i) begin : p_ld_q
        if (!rst_ni) begin
          ld_q      <= 1'b0;
          ld_blk_q  <= {KBW{1'b0}};
          ld_beat_q <= {MW{1'b0}};
          full_q    <= 1'b0;
        end else begin
          ld_q      <= ld_d;
          ld_blk_q  <= ld_blk_d;
          ld_beat_q <= ld_beat_d;
          full_q    <= full_d;
        end
      end
    end else begin : g_base
      // ---- base: the weight port loads the active weights in LOAD ------
      assign w_ready    = (state_q == ST_LOAD);
      assign w_row      = beat_q;
      assign wfull      = 1'b0;
      assign nb_from    = (state_q == ST_FLUSH) ? ({1'b0, blk_q} + 1'b1) : {(KBW+1){1'b0}};
      // go to next_blk(x): LOAD it, or DRAIN when there is none
      assign pass_state = nb_found ? ST_LOAD : ST_DRAIN;
      assign pass_blk   = nb_found ? nb_blk : blk_q;
      assign swap       = 1'b0;
    end
  endgenerate

  // ---- array activity: popcounts of the gate enables ---------------------
  reg [31:0]       pop_en;        // popcount(en)
  reg [31:0]       pop_gated;     // popcount(v && !en)

  // $countones, not a loop of N*N one-bit adds: Verilator counts a word
  // at a time (the loop was 2.4k of the N=16 tile's 30k instructions a
  // simulated cycle, docs/performance.md); Yosys and Icarus read it too.
  always @* begin : p_activity
    pop_en    = $countones(pe_en_i);
    pop_gated = $countones(pe_v_i & ~pe_en_i);
  end

  // ---- state machine and command registers: next state -------------------
  always @* begin : p_fsm
    state_d = state_q;
    mode_d  = mode_q;
    m_d     = m_q;
    nblk_d  = nblk_q;
    skip_d  = skip_q;
    blk_d   = blk_q;
    beat_d  = beat_q;

    case (state_q)
      ST_IDLE: begin
        if (cmd_valid_i) begin
          mode_d  = cmd_mode_i;
          m_d     = cmd_m_i;
          nblk_d  = cmd_nblk_i;
          skip_d  = cmd_skip;
          beat_d  = {MW{1'b0}};
          if (cmd_bias_i) begin
            state_d = ST_BIAS;
          end else begin
            state_d = pass_state;
            blk_d   = pass_blk;
          end
        end
      end
      ST_BIAS: begin
        if (bias_valid_i) begin
          if (beat_q == m_q) begin
            beat_d  = {MW{1'b0}};
            state_d = pass_state;
            blk_d   = pass_blk;
          end else begin
            beat_d = beat_q + 1'b1;
          end
        end
      end
      ST_LOAD: begin
        if (WBUF == 2) begin
          // dbuf: the load engine counts the weight beats (beat_q stays 0);
          // the pass starts, with a swap, once the shadow is full
          if (wfull) begin
            state_d = pass_state;
            blk_d   = pass_blk;
            beat_d  = {MW{1'b0}};
          end
        end else if (w_valid_i) begin
          if (beat_q == LAST_ROW[MW-1:0]) begin
            state_d = ST_STREAM;
            beat_d  = {MW{1'b0}};
          end else begin
            beat_d = beat_q + 1'b1;
          end
        end
      end
      ST_STREAM: begin
        if (a_valid_i) begin
          if (beat_q == m_q) begin
            state_d = ST_FLUSH;
            beat_d  = {MW{1'b0}};
          end else begin
            beat_d = beat_q + 1'b1;
          end
        end
      end
      ST_FLUSH: begin
        if (last_we_i && (last_row_i == m_q)) begin
          beat_d = {MW{1'b0}};
          // go to next_blk(blk + 1) (base) / start a pass (dbuf)
          state_d = pass_state;
          blk_d   = pass_blk;
        end
      end
      ST_DRAIN: begin
        if (res_ready_i) begin
          if (beat_q == m_q) begin
            state_d = ST_IDLE;
            beat_d  = {MW{1'b0}};
          end else begin
            beat_d = beat_q + 1'b1;
          end
        end
      end
      default: begin
        // unreachable encodings 6, 7: return to IDLE
        state_d = ST_IDLE;
        beat_d  = {MW{1'b0}};
      end
    endcase
  end

  always @(posedge clk_i) begin : p_fsm_q
    if (!rst_ni) begin
      state_q <= ST_IDLE;
      mode_q  <= 1'b0;
      m_q     <= {MW{1'b0}};
      nblk_q  <= {KBW{1'b0}};
      skip_q  <= {KB_MAX{1'b0}};
      blk_q   <= {KBW{1'b0}};
      beat_q  <= {MW{1'b0}};
    end else begin
      state_q <= state_d;
      mode_q  <= mode_d;
      m_q     <= m_d;
      nblk_q  <= nblk_d;
      skip_q  <= skip_d;
      blk_q   <= blk_d;
      beat_q  <= beat_d;
    end
  end

  // ---- sticky error: cleared by a command, set by an illegal nibble ------
  always @* begin : p_err
    err_d = err_q;
    if (cmd_xfer) begin
      err_d = 1'b0;
    end
    if (w_xfer && mode_q && !w_row[0] && !(&meta_legal_i)) begin
      err_d = 1'b1;
    end
  end

  always @(posedge clk_i) begin : p_err_q
    if (!rst_ni) begin
      err_q <= 1'b0;
    end else begin
      err_q <= err_d;
    end
  end

  // ---- performance counters (section 7): a command transfer loads them ---
  always @* begin : p_cnt
    cnt_cycles_d        = cnt_cycles_q + ((state_q != ST_IDLE) ? 32'd1 : 32'd0);
    cnt_stall_d         = cnt_stall_q;
    if (((state_q == ST_BIAS)   && !bias_valid_i) ||
        ((state_q == ST_LOAD)   && !w_valid_i)    ||
        ((state_q == ST_STREAM) && !a_valid_i)    ||
        ((state_q == ST_DRAIN)  && !res_ready_i)) begin
      cnt_stall_d         = cnt_stall_q + 32'd1;
    end
    cnt_macs_alg_d      = cnt_macs_alg_q;
    cnt_macs_actual_d   = cnt_macs_actual_q + pop_en;
    cnt_macs_gated_d    = cnt_macs_gated_q + pop_gated;
    cnt_macs_skipped_d  = cnt_macs_skipped_q;
    cnt_w_bytes_d       = w_xfer ? (cnt_w_bytes_q + N) : cnt_w_bytes_q;
    cnt_meta_bytes_d    = (w_xfer && mode_q && !w_row[0]) ? (cnt_meta_bytes_q + N / 2)
                                                          : cnt_meta_bytes_q;
    cnt_a_bytes_d       = a_xfer ? (cnt_a_bytes_q + (mode_q ? 2 * N : N)) : cnt_a_bytes_q;
    if (cmd_xfer) begin
      cnt_cycles_d        = 32'd0;
      cnt_stall_d         = 32'd0;
      cnt_macs_alg_d      = c_nblk * c_kdn;
      cnt_macs_actual_d   = 32'd0;
      cnt_macs_gated_d    = 32'd0;
      cnt_macs_skipped_d  = nskip * c_kdn +
                          (cmd_mode_i ? (c_nblk - nskip) * c_mnn : 32'd0);
      cnt_w_bytes_d       = 32'd0;
      cnt_meta_bytes_d    = 32'd0;
      cnt_a_bytes_d       = 32'd0;
    end
  end

  always @(posedge clk_i) begin : p_cnt_q
    if (!rst_ni) begin
      cnt_cycles_q        <= 32'd0;
      cnt_stall_q         <= 32'd0;
      cnt_macs_alg_q      <= 32'd0;
      cnt_macs_actual_q   <= 32'd0;
      cnt_macs_gated_q    <= 32'd0;
      cnt_macs_skipped_q  <= 32'd0;
      cnt_w_bytes_q       <= 32'd0;
      cnt_meta_bytes_q    <= 32'd0;
      cnt_a_bytes_q       <= 32'd0;
    end else begin
      cnt_cycles_q        <= cnt_cycles_d;
      cnt_stall_q         <= cnt_stall_d;
      cnt_macs_alg_q      <= cnt_macs_alg_d;
      cnt_macs_actual_q   <= cnt_macs_actual_d;
      cnt_macs_gated_q    <= cnt_macs_gated_d;
      cnt_macs_skipped_q  <= cnt_macs_skipped_d;
      cnt_w_bytes_q       <= cnt_w_bytes_d;
      cnt_meta_bytes_q    <= cnt_meta_bytes_d;
      cnt_a_bytes_q       <= cnt_a_bytes_d;
    end
  end

  // ---- outputs ----------------------------------------------------------
  assign cmd_ready_o  = (state_q == ST_IDLE);
  assign bias_ready_o = (state_q == ST_BIAS);
  assign w_ready_o    = w_ready;
  assign a_ready_o    = (state_q == ST_STREAM);
  assign res_valid_o  = (state_q == ST_DRAIN);
  assign busy_o       = (state_q != ST_IDLE);
  assign err_o        = err_q;

  assign mode_o    = mode_q;
  assign m_o       = m_q;
  assign clr_o     = cmd_xfer;
  assign bias_we_o = bias_xfer;
  assign w_ld_o    = w_xfer;
  assign w_row_o   = w_row;
  assign swap_o    = swap;
  assign a_inj_o   = a_xfer;
  assign drain_o   = (state_q == ST_DRAIN);

  assign state_o = state_q;
  assign blk_o   = blk_q;
  assign beat_o  = beat_q;
  assign cnt_o   = {cnt_a_bytes_q, cnt_meta_bytes_q, cnt_w_bytes_q,
                    cnt_macs_skipped_q, cnt_macs_gated_q, cnt_macs_actual_q,
                    cnt_macs_alg_q, cnt_stall_q, cnt_cycles_q};

endmodule

`default_nettype wire
