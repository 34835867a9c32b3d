// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_tile - 2:4 sparse / dense INT8 tensor core tile, top level
// (docs/architecture.md is the cycle-level contract this implements).
//
// One command computes C[M x N] = A[M x K] * W[K x N] (+ BIAS) with INT32
// wrapping accumulation on an N x N weight-stationary systolic array.
// All outputs are Moore (registered state only); the dbg_*_o ports are
// pure copies of internal registers (and of the PE gate enables),
// flattened as in section 8 (PE(r, n) is element r*N + n).
//
// WBUF selects the micro-architecture; ports, results and err_o are the
// same, the timing differs (cycle counts with no stalls, passes = the
// non-skipped K-blocks):
//  - WBUF = 1, base (default, sections 4-6): per pass N LOAD cycles (the
//    weight port writes the active weights), M STREAM cycles and 2N+1
//    FLUSH cycles; then M DRAIN cycles, plus M BIAS cycles first if
//    enabled: (bias ? M : 0) + passes * (M + 3N + 1) + M.
//  - WBUF = 2, dbuf (section 11): double-buffered weights. Every PE has a
//    shadow weight/idx register (ws_q, is_q) that the weight port fills
//    while the array works (w_ready_o = ld_q && !full_q, in any busy
//    state), and a pass starts by swapping the shadow into the active
//    w_q/idx_q of every PE at one edge. Only the first block's N beats
//    cost cycles (hidden behind BIAS when enabled):
//    (bias ? max(M, N) : N) + passes * (M + 2N + 1) + M, i.e.
//    (passes - 1) * N + (bias ? min(M, N) : 0) cycles fewer than base.
//    The array still flushes before each swap. The probes show the active
//    weights (w_q, idx_q); the shadow and the load engine registers are
//    not probes; blk_q changes only at a swap, beat_q stays 0 in LOAD.
//
// Submodules: stc_ctrl (FSM, counters), stc_meta_decode (x N),
// stc_skew_buffer, stc_pe_array (N x N PEs), stc_acc_bank.
`default_nettype none

module stc_tile #(
  parameter N      = 16,
  parameter M_MAX  = 1024,
  parameter KB_MAX = 64,
  parameter WBUF   = 1,   // 1 base, 2 dbuf (double-buffered weights)
  // derived, do not override
  parameter MW     = $clog2(M_MAX),
  parameter KBW    = $clog2(KB_MAX)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  // command
  input  wire                cmd_valid_i,
  output wire                cmd_ready_o,
  input  wire                cmd_mode_i,
  input  wire [MW-1:0]       cmd_m_i,
  input  wire [KBW-1:0]      cmd_nblk_i,
  input  wire [KB_MAX-1:0]   cmd_skip_i,
  input  wire                cmd_bias_i,
  // bias rows
  input  wire                bias_valid_i,
  output wire                bias_ready_o,
  input  wire [32*N-1:0]     bias_data_i,
  // weights
  input  wire                w_valid_i,
  output wire                w_ready_o,
  input  wire [8*N-1:0]      w_data_i,
  input  wire [4*N-1:0]      w_meta_i,
  // activations
  input  wire                a_valid_i,
  output wire                a_ready_o,
  input  wire [16*N-1:0]     a_data_i,
  // results
  output wire                res_valid_o,
  input  wire                res_ready_i,
  output wire [32*N-1:0]     res_data_o,
  // status
  output wire                busy_o,
  output wire                err_o,
  // probes (section 8)
  output wire [2:0]          dbg_state_o,
  output wire [KBW-1:0]      dbg_blk_o,
  output wire [MW-1:0]       dbg_beat_o,
  output wire [N*N-1:0]      dbg_pe_v_o,
  output wire [N*N-1:0]      dbg_pe_en_o,
  output wire [N*N-1:0]      dbg_pe_en_q_o,
  output wire [N*N-1:0]      dbg_pe_pv_o,
  output wire [8*N*N-1:0]    dbg_pe_w_o,
  output wire [2*N*N-1:0]    dbg_pe_idx_o,
  output wire [32*N*N-1:0]   dbg_pe_act_o,
  output wire [32*N*N-1:0]   dbg_pe_prod_o,
  output wire [32*N*N-1:0]   dbg_pe_psum_o,
  output wire [N-1:0]        dbg_bot_v_o,
  output wire [N-1:0]        dbg_acc_we_o,
  output wire [MW*N-1:0]     dbg_acc_row_o,
  output wire [32*N-1:0]     dbg_acc_wdata_o,
  output wire [32*9-1:0]     dbg_cnt_o
);

  // ---- parameter check (elaboration) -------------------------------------
  generate
    if (!((N % 2 == 0) && (N >= 4) && (N <= 16) &&
          (M_MAX >= N) && (M_MAX <= 65536) && ((M_MAX & (M_MAX - 1)) == 0) &&
          (KB_MAX >= 2) && (KB_MAX <= 64) && ((KB_MAX & (KB_MAX - 1)) == 0) &&
          (MW == $clog2(M_MAX)) && (KBW == $clog2(KB_MAX)) &&
          ((WBUF == 1) || (WBUF == 2)))) begin : g_illegal_parameters
`ifdef __ICARUS__
      // Icarus 11 has no elaboration system tasks: an unknown module stops it.
      stc_tile_illegal_parameters u_stop ();
`else
      $fatal(1, "stc_tile: N = %0d, M_MAX = %0d, KB_MAX = %0d, MW = %0d, KBW = %0d, WBUF = %0d; need N even in 4..16, M_MAX a power of two in N..65536, KB_MAX a power of two in 2..64, MW and KBW not overridden, WBUF 1 (base) or 2 (dbuf)", N, M_MAX, KB_MAX, MW, KBW, WBUF);
`endif
    end
  endgenerate

  wire            mode;
  wire [MW-1:0]   m_q;
  wire            clr;
  wire            bias_we;
  wire            w_ld;
  wire [MW-1:0]   w_row;        // PE row of the weight transfer
  wire            swap;         // dbuf: shadow -> active weights
  wire            a_inj;
  wire            drain;

  wire [N-1:0]    meta_legal;
  wire [2*N-1:0]  idx_lo;
  wire [2*N-1:0]  idx_hi;

  wire [32*N-1:0] skew_act;
  wire [N-1:0]    skew_v;

  wire [N-1:0]    bot_v;
  wire [32*N-1:0] bot_psum;
  wire [32*N-1:0] acc_rd;

  wire [2:0]       state;       // controller registers
  wire [KBW-1:0]   blk;
  wire [MW-1:0]    beat;
  wire [32*9-1:0]  cnt;
  wire [N*N-1:0]   pe_v;        // array registers and gate enables
  wire [N*N-1:0]   pe_en;
  wire [N*N-1:0]   pe_en_q;
  wire [N*N-1:0]   pe_pv;
  wire [8*N*N-1:0] pe_w;
  wire [2*N*N-1:0] pe_idx;
  wire [32*N*N-1:0] pe_act;
  wire [32*N*N-1:0] pe_prod;
  wire [32*N*N-1:0] pe_psum;
  wire [MW*N-1:0]  acc_row;     // bank write pointers
  wire [32*N-1:0]  acc_wdata;

  // ---- controller ---------------------------------------------------------
  stc_ctrl #(
    .N      (N),
    .KB_MAX (KB_MAX),
    .MW     (MW),
    .KBW    (KBW),
    .WBUF   (WBUF)
  ) u_ctrl (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .cmd_valid_i  (cmd_valid_i),
    .cmd_ready_o  (cmd_ready_o),
    .cmd_mode_i   (cmd_mode_i),
    .cmd_m_i      (cmd_m_i),
    .cmd_nblk_i   (cmd_nblk_i),
    .cmd_skip_i   (cmd_skip_i),
    .cmd_bias_i   (cmd_bias_i),
    .bias_valid_i (bias_valid_i),
    .bias_ready_o (bias_ready_o),
    .w_valid_i    (w_valid_i),
    .w_ready_o    (w_ready_o),
    .a_valid_i    (a_valid_i),
    .a_ready_o    (a_ready_o),
    .res_valid_o  (res_valid_o),
    .res_ready_i  (res_ready_i),
    .busy_o       (busy_o),
    .err_o        (err_o),
    .meta_legal_i (meta_legal),
    .pe_v_i       (pe_v),
    .pe_en_i      (pe_en),
    .last_we_i    (bot_v[N-1]),
    .last_row_i   (acc_row[MW*(N-1) +: MW]),
    .mode_o       (mode),
    .m_o          (m_q),
    .clr_o        (clr),
    .bias_we_o    (bias_we),
    .w_ld_o       (w_ld),
    .w_row_o      (w_row),
    .swap_o       (swap),
    .a_inj_o      (a_inj),
    .drain_o      (drain),
    .state_o      (state),
    .blk_o        (blk),
    .beat_o       (beat),
    .cnt_o        (cnt)
  );

  // ---- 2:4 metadata decode, one nibble per column -----------------------
  genvar gn;
  generate
    for (gn = 0; gn < N; gn = gn + 1) begin : g_meta
      stc_meta_decode u_meta_decode (
        .nib_i    (w_meta_i[4*gn +: 4]),
        .idx_lo_o (idx_lo[2*gn +: 2]),
        .idx_hi_o (idx_hi[2*gn +: 2]),
        .legal_o  (meta_legal[gn])
      );
    end
  endgenerate

  // ---- input skew -------------------------------------------------------
  stc_skew_buffer #(
    .N (N)
  ) u_skew (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .mode_i   (mode),
    .inj_i    (a_inj),
    .a_data_i (a_data_i),
    .act_o    (skew_act),
    .v_o      (skew_v)
  );

  // ---- systolic array ---------------------------------------------------
  stc_pe_array #(
    .N    (N),
    .MW   (MW),
    .WBUF (WBUF)
  ) u_array (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .mode_i     (mode),
    .ld_i       (w_ld),
    .ld_row_i   (w_row),
    .swap_i     (swap),
    .w_data_i   (w_data_i),
    .idx_lo_i   (idx_lo),
    .idx_hi_i   (idx_hi),
    .skew_act_i (skew_act),
    .skew_v_i   (skew_v),
    .bot_v_o    (bot_v),
    .bot_psum_o (bot_psum),
    .pe_v_o     (pe_v),
    .pe_en_o    (pe_en),
    .pe_en_q_o  (pe_en_q),
    .pe_pv_o    (pe_pv),
    .pe_w_o     (pe_w),
    .pe_idx_o   (pe_idx),
    .pe_act_o   (pe_act),
    .pe_prod_o  (pe_prod),
    .pe_psum_o  (pe_psum)
  );

  // ---- accumulator bank -------------------------------------------------
  stc_acc_bank #(
    .N     (N),
    .M_MAX (M_MAX),
    .MW    (MW)
  ) u_acc (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .clr_i       (clr),
    .m_i         (m_q),
    .bias_we_i   (bias_we),
    .bias_row_i  (beat),
    .bias_data_i (bias_data_i),
    .we_i        (bot_v),
    .psum_i      (bot_psum),
    .rd_row_i    (beat),
    .rd_data_o   (acc_rd),
    .wr_row_o    (acc_row),
    .wdata_o     (acc_wdata)
  );

  assign res_data_o = drain ? acc_rd : {32*N{1'b0}};

  // ---- probes: copies of the registers above, nothing reads them back ----
  assign dbg_state_o     = state;
  assign dbg_blk_o       = blk;
  assign dbg_beat_o      = beat;
  assign dbg_cnt_o       = cnt;
  assign dbg_pe_v_o      = pe_v;
  assign dbg_pe_en_o     = pe_en;
  assign dbg_pe_en_q_o   = pe_en_q;
  assign dbg_pe_pv_o     = pe_pv;
  assign dbg_pe_w_o      = pe_w;
  assign dbg_pe_idx_o    = pe_idx;
  assign dbg_pe_act_o    = pe_act;
  assign dbg_pe_prod_o   = pe_prod;
  assign dbg_pe_psum_o   = pe_psum;
  assign dbg_bot_v_o     = bot_v;
  assign dbg_acc_we_o    = bot_v;
  assign dbg_acc_row_o   = acc_row;
  assign dbg_acc_wdata_o = acc_wdata;

`ifdef STC_ASSERT
  // ---- protocol assertions (docs/architecture.md section 3) --------------
  // Checked by every Verilator build of the harness (--assert) and proven by
  // make formal (formal/stc_protocol_check.sv). Each edge compares this
  // cycle's outputs with the previous cycle's, saved in the *_q registers
  // below (no $past, so both tools read the same code); pv_q is 1 when the
  // previous edge was not a reset. Appended after the design so that the
  // design's own Yosys cell names (the mutation keys) do not move.
  reg              pv_q;          // previous edge not in reset
  reg              cmd_seen_q;    // a command accepted since reset
  reg              cmd_xfer_q;    // previous cycle: command transfer
  reg              res_hold_q;    // previous cycle: res_valid_o && !res_ready_i
  reg              res_last_q;    // previous cycle: the command's last row transferred
  reg              w_xfer_q;      // previous cycle: weight transfer
  reg              busy_q;
  reg              err_q;
  reg [32*N-1:0]   res_data_q;
  reg [MW:0]       rows_q;        // result rows transferred for this command
  reg [MW-1:0]     cmd_m_q;       // M - 1 of the accepted command

  wire cmd_xfer_a = cmd_valid_i && cmd_ready_o;
  wire res_xfer_a = res_valid_o && res_ready_i;

  always @(posedge clk_i) begin
    pv_q       <= rst_ni;
    cmd_xfer_q <= cmd_xfer_a;
    res_hold_q <= res_valid_o && !res_ready_i;
    res_last_q <= res_xfer_a && (rows_q == {1'b0, cmd_m_q});
    w_xfer_q   <= w_valid_i && w_ready_o;
    busy_q     <= busy_o;
    err_q      <= err_o;
    res_data_q <= res_data_o;
    if (!rst_ni) begin
      cmd_seen_q <= 1'b0;
      rows_q     <= {(MW+1){1'b0}};
      cmd_m_q    <= {MW{1'b0}};
    end else if (cmd_xfer_a) begin
      cmd_seen_q <= 1'b1;
      rows_q     <= {(MW+1){1'b0}};
      cmd_m_q    <= cmd_m_i;
    end else if (res_xfer_a) begin
      rows_q     <= rows_q + 1'b1;
    end
  end

  always @(posedge clk_i) begin
    if (rst_ni && pv_q) begin
      // ready never depends on valid: every ready (and res_valid_o, busy_o)
      // is decoded from the registered state alone
      assert (cmd_ready_o == (state == 3'd0));
      assert (bias_ready_o == (state == 3'd1));
      assert (a_ready_o == (state == 3'd3));
      assert (res_valid_o == (state == 3'd5));
      assert ((WBUF != 1) || (w_ready_o == (state == 3'd2)));
      assert (busy_o == (state != 3'd0));
      assert (cmd_ready_o == !busy_o);
      // a result, once valid, stays valid with the same payload until taken
      if (res_hold_q) begin
        assert (res_valid_o);
        assert (res_data_o == res_data_q);
      end
      // no result without a command, and at most M rows for it
      if (res_valid_o) begin
        assert (cmd_seen_q);
        assert (rows_q <= {1'b0, cmd_m_q});
      end
      // busy from the cycle after a command transfer to its last result
      if (cmd_xfer_q) begin
        assert (busy_o);
        assert (!err_o);   // a new command clears err_o
      end
      if (res_last_q) begin
        assert (!busy_o);
      end
      if (busy_o && !busy_q) begin
        assert (cmd_xfer_q);
      end
      // err_o: sticky within a command, rises only after a weight transfer
      if (err_q && !cmd_xfer_q) begin
        assert (err_o);
      end
      if (err_o && !err_q) begin
        assert (w_xfer_q);
      end
    end
  end
`endif

endmodule

`default_nettype wire
