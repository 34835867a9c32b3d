// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_pe_array - N x N weight-stationary systolic array of processing
// elements (docs/architecture.md section 5).
//
// PE(r, n) is element i = r*N + n of every flattened vector. Each PE holds
// a stationary INT8 weight w_q and a 2-bit mux select idx_q (written by the
// weight port), a 4-slot activation lane act_q with valid v_q (shifted in
// from the left every cycle), and computes
//   sel = act_q.slot[idx_q]                 (4:1 activation mux, 2:4 decode)
//   en  = v_q && w_q != 0 && sel != 0       (gate enable, combinational)
//   prod_q <= w_q * sel       only when en  (clock-gated register)
//   psum_q <= psum above + (en_q ? prod_q : 0)  (partial sum, 32-bit wrap;
//                                            0 above row 0)
// Activation lanes enter row r at column 0 from the skew buffer and move
// right one column per cycle; partial sums move down one row per cycle.
// The bottom register bot_v_q[n] <= pv_q[N-1][n] marks the cycles in which
// psum_q[N-1][n] is a full column sum for the accumulator bank.
//
// The PEs' registers are flat vectors, one per register of the PE (pe_w_q
// holds every PE's w_q, ...), and each concern (lane shift, weight load,
// mux, gate enable, product, partial sum) is one combinational loop over
// the N*N PEs; the PE registers are written in one clocked block. The same
// logic as N*N instances of a PE module, but Verilator evaluates a vector
// of N*N flags or lanes as a few word operations instead of N*N separate
// ones (docs/performance.md). g_row[r].g_col[n].u_pe names PE(r, n)'s
// registers (w_q .. psum_q), its mux output sel and gate enable en: copies
// of their slices, for waveforms and probe maps, that no logic reads.
//
// Weight load: on ld_i (a weight transfer) row ld_row_i takes w_data_i;
// its idx_q takes 0 (dense) or, in 2:4 mode on an even row 2g, row 2g
// takes idx_lo_i and row 2g+1 takes idx_hi_i (the decoded nibbles).
// WBUF (section 11): 1 (base) the load writes the active w_q/idx_q, swap_i
// is unused; 2 (dbuf) it writes the shadow pe_ws_q/pe_is_q instead (ld_row_i is
// then the load engine's beat, ld_beat_q), and swap_i copies every PE's
// shadow into w_q/idx_q at the edge; a shadow write in the same edge goes
// straight through (the swap sees the shadow as written at this edge).
// The shadows are not probes.
//
// Clock gating (section 9): by default prod_q is an enable flop (it keeps
// its value when en is 0), the cycle contract itself, independent of how
// a C++ harness toggles clk_i. With `define STC_USE_ICG, each PE's prod_q
// is clocked through its own stc_clock_gate cell instead, enable
// en | ~rst_ni so that the synchronous reset still reaches the register.
//
// Latency: a lane in skew_act_i[r] during cycle u is in act_q[r][n]
// during u+1+n, its product in prod_q during u+2+n, its partial sum in
// psum_q[r][n] during u+3+n. For a beat whose row-r lane arrives at
// u = t+r (skew buffer), the full column sum is in psum_q[N-1][n] with
// bot_v_o[n] = 1 during t+2+N+n.
// Synchronous active-low reset clears every register.
`default_nettype none

module stc_pe_array #(
  parameter N    = 16,
  parameter MW   = 10,
  parameter WBUF = 1     // 1 base, 2 dbuf (shadow weight registers)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // weight load
  input  wire              mode_i,       // 0 dense, 1 2:4
  input  wire              ld_i,         // weight transfer this cycle
  input  wire [MW-1:0]     ld_row_i,     // PE row being loaded (weight beat)
  input  wire              swap_i,       // dbuf: shadow -> active, all PEs
  input  wire [8*N-1:0]    w_data_i,     // column n at [8n +: 8]
  input  wire [2*N-1:0]    idx_lo_i,     // column n at [2n +: 2]
  input  wire [2*N-1:0]    idx_hi_i,
  // activation lanes from the skew buffer, row r at [32r +: 32] / bit r
  input  wire [32*N-1:0]   skew_act_i,
  input  wire [N-1:0]      skew_v_i,
  // bottom of the columns
  output reg  [N-1:0]      bot_v_o,      // bot_v_q
  output wire [32*N-1:0]   bot_psum_o,   // pe_psum_q[N-1][n]
  // probes, element i = r*N + n
  output wire [N*N-1:0]    pe_v_o,
  output wire [N*N-1:0]    pe_en_o,
  output wire [N*N-1:0]    pe_en_q_o,
  output wire [N*N-1:0]    pe_pv_o,
  output wire [8*N*N-1:0]  pe_w_o,
  output wire [2*N*N-1:0]  pe_idx_o,
  output wire [32*N*N-1:0] pe_act_o,
  output wire [32*N*N-1:0] pe_prod_o,
  output wire [32*N*N-1:0] pe_psum_o
);

  // ---- parameter check (elaboration) -------------------------------------
  generate
    if (!((N >= 2) && (N % 2 == 0) && ((1 << MW) >= N) &&
          ((WBUF == 1) || (WBUF == 2)))) begin : g_illegal_parameters
`ifdef __ICARUS__
      // Icarus 11 has no elaboration system tasks: an unknown module stops it.
      stc_pe_array_illegal_parameters u_stop ();
`else
      $fatal(1, "stc_pe_array: N = %0d, MW = %0d, WBUF = %0d; need N even and >= 2 (2:4 loads rows in pairs), 2^MW >= N, WBUF 1 (base) or 2 (dbuf)", N, MW, WBUF);
`endif
    end
  endgenerate

  localparam integer P = N * N;   // PEs

  // PE registers, PE i at [W*i +: W]
  reg  [8*P-1:0]  pe_w_q;
  reg  [2*P-1:0]  pe_idx_q;
  reg  [32*P-1:0] pe_act_q;
  reg  [P-1:0]    pe_v_q;
  reg  [P-1:0]    pe_en_q;
  reg  [P-1:0]    pe_pv_q;
  reg  [32*P-1:0] pe_psum_q;
`ifdef STC_USE_ICG
  wire [32*P-1:0] pe_prod_q;   // the gated registers of g_prod_cg
`else
  reg  [32*P-1:0] pe_prod_q;
`endif

  // Next values and per-PE combinational signals.
  reg  [8*P-1:0]  pe_w_wr;     // weight after this edge's load (active or shadow)
  reg  [2*P-1:0]  pe_idx_wr;
  wire [8*P-1:0]  pe_w_d;
  wire [2*P-1:0]  pe_idx_d;
  wire [8*P-1:0]  pe_w_old;    // the registers the load writes (pe_w_q or pe_ws_q)
  wire [2*P-1:0]  pe_idx_old;
  reg  [32*P-1:0] pe_act_d;
  reg  [P-1:0]    pe_v_d;
  reg  [8*P-1:0]  pe_sel;
  reg  [P-1:0]    pe_en;
  reg  [32*P-1:0] pe_prod_new; // pe_w_q * pe_sel, sign-extended
  reg  [32*P-1:0] pe_psum_d;

  // ---- weight load: per-row strobes and idx data -------------------------
  reg [N-1:0]     w_we;
  reg [N-1:0]     idx_we;
  reg [2*N*N-1:0] idx_row;   // row r at [2N*r +: 2N]
  integer r;

  always @* begin : p_load
    for (r = 0; r < N; r = r + 1) begin
      w_we[r]   = ld_i && (ld_row_i == r[MW-1:0]);
      if (!mode_i) begin
        idx_we[r]               = w_we[r];
        idx_row[2*N*r +: 2*N]   = {2*N{1'b0}};
      end else if ((r % 2) == 0) begin
        idx_we[r]               = w_we[r];
        idx_row[2*N*r +: 2*N]   = idx_lo_i;
      end else begin
        idx_we[r]               = w_we[r-1];   // loaded with row 2g
        idx_row[2*N*r +: 2*N]   = idx_hi_i;
      end
    end
  end

  // The loaded row's PEs take the port's data, the others keep theirs.
  integer iw;

  always @* begin : p_weight_wr
    for (iw = 0; iw < P; iw = iw + 1) begin
      pe_w_wr[8*iw +: 8]   = w_we[iw / N] ? w_data_i[8*(iw % N) +: 8] : pe_w_old[8*iw +: 8];
      pe_idx_wr[2*iw +: 2] = idx_we[iw / N] ? idx_row[2*iw +: 2] : pe_idx_old[2*iw +: 2];
    end
  end

  generate
    if (WBUF == 2) begin : g_dbuf
      // Shadow registers: the weight port writes them, a swap copies them.
      reg [8*P-1:0] pe_ws_q;
      reg [2*P-1:0] pe_is_q;

      always @(posedge clk_i) begin : p_shadow_q
        if (!rst_ni) begin
          pe_ws_q <= {8*P{1'b0}};
          pe_is_q <= {2*P{1'b0}};
        end else begin
          pe_ws_q <= pe_w_wr;
          pe_is_q <= pe_idx_wr;
        end
      end

      assign pe_w_old   = pe_ws_q;
      assign pe_idx_old = pe_is_q;
      assign pe_w_d     = swap_i ? pe_w_wr : pe_w_q;
      assign pe_idx_d   = swap_i ? pe_idx_wr : pe_idx_q;
    end else begin : g_base
      // The weight port writes the active registers.
      assign pe_w_old   = pe_w_q;
      assign pe_idx_old = pe_idx_q;
      assign pe_w_d     = pe_w_wr;
      assign pe_idx_d   = pe_idx_wr;

      wire unused_swap = swap_i;
    end
  endgenerate

  // ---- activation lanes: column 0 from the skew buffer, then rightwards --
  integer ia;

  always @* begin : p_lane
    for (ia = 0; ia < P; ia = ia + 1) begin
      if ((ia % N) == 0) begin
        pe_act_d[32*ia +: 32] = skew_act_i[32*(ia / N) +: 32];
        pe_v_d[ia]            = skew_v_i[ia / N];
      end else begin
        pe_act_d[32*ia +: 32] = pe_act_q[32*(ia-1) +: 32];
        pe_v_d[ia]            = pe_v_q[ia-1];
      end
    end
  end

  // ---- 4:1 activation mux (2:4 decode): slot idx_q of the lane ----------
  // A shift by 8*idx_q: one shift a PE in the Verilated model where a case
  // on idx_q was four compares and selects; the same 4:1 mux of bytes in
  // synthesis.
  integer im;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0] lane_sh;   // bits 31:8 unused: the slot is the low byte
  /* verilator lint_on UNUSEDSIGNAL */

  always @* begin : p_mux
    for (im = 0; im < P; im = im + 1) begin
      lane_sh           = pe_act_q[32*im +: 32] >> {pe_idx_q[2*im +: 2], 3'b000};
      pe_sel[8*im +: 8] = lane_sh[7:0];
    end
  end

  // ---- gate enable: a valid lane and two nonzero operands ----------------
  integer ie;

  always @* begin : p_gate
    for (ie = 0; ie < P; ie = ie + 1) begin
      pe_en[ie] = pe_v_q[ie] && (pe_w_q[8*ie +: 8] != 8'd0) && (pe_sel[8*ie +: 8] != 8'd0);
    end
  end

  // ---- product: INT8 x INT8, sign-extended to 32 bits --------------------
  integer ip;
  reg [15:0] mul;

  always @* begin : p_product
    for (ip = 0; ip < P; ip = ip + 1) begin
      mul                      = $signed(pe_w_q[8*ip +: 8]) * $signed(pe_sel[8*ip +: 8]);
      pe_prod_new[32*ip +: 32] = {{16{mul[15]}}, mul};
    end
  end

  // ---- partial sum: the one above plus this PE's gated product -----------
  integer is;

  always @* begin : p_psum
    for (is = 0; is < P; is = is + 1) begin
      if (is < N) begin
        pe_psum_d[32*is +: 32] = pe_en_q[is] ? pe_prod_q[32*is +: 32] : 32'd0;
      end else begin
        pe_psum_d[32*is +: 32] = pe_psum_q[32*(is-N) +: 32] + (pe_en_q[is] ? pe_prod_q[32*is +: 32] : 32'd0);
      end
    end
  end

  // ---- PE registers --------------------------------------------------------
`ifndef STC_USE_ICG
  // pe_prod_q's enable flops: the new product where pe_en, the old elsewhere.
  reg [32*P-1:0] pe_prod_d;
  integer ig;

  always @* begin : p_product_en
    for (ig = 0; ig < P; ig = ig + 1) begin
      pe_prod_d[32*ig +: 32] = pe_en[ig] ? pe_prod_new[32*ig +: 32] : pe_prod_q[32*ig +: 32];
    end
  end
`endif

  always @(posedge clk_i) begin : p_pe_q
    if (!rst_ni) begin
      pe_w_q    <= {8*P{1'b0}};
      pe_idx_q  <= {2*P{1'b0}};
      pe_act_q  <= {32*P{1'b0}};
      pe_v_q    <= {P{1'b0}};
      pe_en_q   <= {P{1'b0}};
      pe_pv_q   <= {P{1'b0}};
      pe_psum_q <= {32*P{1'b0}};
`ifndef STC_USE_ICG
      pe_prod_q <= {32*P{1'b0}};
`endif
    end else begin
      pe_w_q    <= pe_w_d;
      pe_idx_q  <= pe_idx_d;
      pe_act_q  <= pe_act_d;
      pe_v_q    <= pe_v_d;
      pe_en_q   <= pe_en;
      pe_pv_q   <= pe_v_q;
      pe_psum_q <= pe_psum_d;
`ifndef STC_USE_ICG
      pe_prod_q <= pe_prod_d;
`endif
    end
  end

`ifdef STC_USE_ICG
  // Each PE's pe_prod_q behind its own gated clock: ticks only in cycles with
  // its pe_en (or in reset).
  genvar gc;
  generate
    for (gc = 0; gc < P; gc = gc + 1) begin : g_prod_cg
      wire       clk_prod;
      reg [31:0] prod_cg_q;

      stc_clock_gate u_prod_cg (
        .clk_i     (clk_i),
        .en_i      (pe_en[gc] | ~rst_ni),
        .test_en_i (1'b0),
        .clk_o     (clk_prod)
      );

      always @(posedge clk_prod) begin : p_prod_q
        if (!rst_ni) begin
          prod_cg_q <= 32'd0;
        end else begin
          prod_cg_q <= pe_prod_new[32*gc +: 32];
        end
      end

      assign pe_prod_q[32*gc +: 32] = prod_cg_q;
    end
  endgenerate
`endif

  // ---- bottom of the columns ---------------------------------------------
  always @(posedge clk_i) begin : p_bot_q
    if (!rst_ni) begin
      bot_v_o <= {N{1'b0}};
    end else begin
      bot_v_o <= pe_pv_q[N*(N-1) +: N];
    end
  end

  assign bot_psum_o = pe_psum_q[32*N*(N-1) +: 32*N];

  // ---- probes: copies of the registers -----------------------------------
  assign pe_act_o  = pe_act_q;
  assign pe_v_o    = pe_v_q;
  assign pe_pv_o   = pe_pv_q;
  assign pe_en_o   = pe_en;
  assign pe_en_q_o = pe_en_q;
  assign pe_w_o    = pe_w_q;
  assign pe_idx_o  = pe_idx_q;
  assign pe_prod_o = pe_prod_q;
  assign pe_psum_o = pe_psum_q;

  // ---- per-PE names (waveforms, probe maps); read by no logic ------------
  // g_row[r].g_col[n].u_pe holds PE(r, n)'s registers under the names (and
  // hierarchical paths) they had as registers of a PE module instance u_pe.
  // Simulation only: Yosys keeps named wires, which ABC then has to keep as
  // nets (make area's cells moved by 1% for the one wire sel).
`ifndef SYNTHESIS
  genvar gr, gn;
  /* verilator lint_off UNUSEDSIGNAL */
  generate
    for (gr = 0; gr < N; gr = gr + 1) begin : g_row
      for (gn = 0; gn < N; gn = gn + 1) begin : g_col
        if (1) begin : u_pe
          localparam integer I = gr * N + gn;
          wire [7:0]  w_q    = pe_w_q[8*I +: 8];
          wire [1:0]  idx_q  = pe_idx_q[2*I +: 2];
          wire [31:0] act_q  = pe_act_q[32*I +: 32];
          wire [7:0]  sel    = pe_sel[8*I +: 8];
          wire        v_q    = pe_v_q[I];
          wire        pv_q   = pe_pv_q[I];
          wire        en     = pe_en[I];
          wire        en_q   = pe_en_q[I];
          wire [31:0] prod_q = pe_prod_q[32*I +: 32];
          wire [31:0] psum_q = pe_psum_q[32*I +: 32];
        end
      end
    end
  endgenerate
  /* verilator lint_on UNUSEDSIGNAL */
`endif

endmodule

`default_nettype wire
