// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_pe - one processing element of the weight-stationary systolic array
// (docs/architecture.md section 5).
//
// Holds a stationary INT8 weight w_q and a 2-bit mux select idx_q (written
// by the weight port), a 4-slot activation lane act_q with valid v_q
// (shifted in from the left every cycle), and computes
//   sel = act_q.slot[idx_q]                 (4:1 activation mux, 2:4 decode)
//   en  = v_q && w_q != 0 && sel != 0       (gate enable, combinational)
//   prod_q <= w_q * sel       only when en  (clock-gated register)
//   psum_q <= psum_i + (en_q ? prod_q : 0)  (partial sum, 32-bit wrap)
// Latency: act/v in -> act_q 1 cycle; act_q -> prod_q 1 cycle;
// prod_q -> psum_q 1 cycle (so psum_o lags act_o of the same beat by 2).
//
// WBUF (docs/architecture.md section 11): 1 (base) the weight port
// (w_we_i/idx_we_i) writes w_q/idx_q directly, swap_i is unused. 2 (dbuf)
// the weight port writes the shadow registers ws_q/is_q instead, and swap_i
// copies them into w_q/idx_q at the edge (1 cycle, the edge the next pass
// starts); a shadow write in the same edge goes straight through
// (w_q <= w_i when w_we_i, idx_q <= idx_i when idx_we_i): the swap sees
// the shadow as written at this edge. ws_q/is_q are not probes.
//
// Clock gating (section 9): by default prod_q is an enable flop
// (if (en) prod_q <= ...), the cycle contract itself. It needs no derived
// clocks, so it is independent of how a C++ harness toggles and evaluates
// clk_i (the latch-based ICG needs an evaluation with clk_i low to open its
// latch) and of simulator event ordering on gated clocks. With
// `define STC_USE_ICG, prod_q is clocked through an stc_clock_gate cell
// instead, enable = en | ~rst_ni so that the synchronous reset still
// reaches the register. Both builds were checked cycle-identical (Icarus
// smoke test, Verilator lockstep against the C model); in Verilator 5.006
// both lint clean and simulate at a similar speed.
// Synchronous active-low reset clears every register.
`default_nettype none

module stc_pe #(
  parameter WBUF = 1   // 1 base, 2 dbuf (shadow weight registers)
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // weight / mux-select load (weight transfer; dbuf: into the shadow)
  input  wire        w_we_i,
  input  wire [7:0]  w_i,
  input  wire        idx_we_i,
  input  wire [1:0]  idx_i,
  input  wire        swap_i,     // dbuf: shadow -> active at this edge
  // activation lane from the left neighbour (or the skew buffer)
  input  wire [31:0] act_i,
  input  wire        v_i,
  // partial sum from the PE above (0 for row 0)
  input  wire [31:0] psum_i,
  // registered state (also the probes)
  output wire [31:0] act_o,
  output wire        v_o,
  output wire        pv_o,
  output wire        en_o,
  output wire        en_q_o,
  output wire [7:0]  w_o,
  output wire [1:0]  idx_o,
  output wire [31:0] prod_o,
  output wire [31:0] psum_o
);

  // ---- parameter check (elaboration) -------------------------------------
  generate
    if (!((WBUF == 1) || (WBUF == 2))) begin : g_illegal_parameters
`ifdef __ICARUS__
      // Icarus 11 has no elaboration system tasks: an unknown module stops it.
      stc_pe_illegal_parameters u_stop ();
`else
      $fatal(1, "stc_pe: WBUF = %0d; need WBUF 1 (base) or 2 (dbuf)", WBUF);
`endif
    end
  endgenerate

  reg  [7:0]  w_q;
  reg  [1:0]  idx_q;
  reg  [31:0] act_q;
  reg         v_q;
  reg         en_q;
  reg         pv_q;
  reg  [31:0] prod_q;
  reg  [31:0] psum_q;

  reg  [7:0]  sel;
  reg         en;
  reg  [15:0] mul;
  reg  [31:0] prod_d;
  reg  [31:0] psum_d;

  // ---- next active weight / mux select ----------------------------------
  // w_q <= w_d when w_en, idx_q <= idx_d when idx_en.
  wire        w_en;
  wire [7:0]  w_d;
  wire        idx_en;
  wire [1:0]  idx_d;

  generate
    if (WBUF == 2) begin : g_dbuf
      // Shadow registers: the weight port writes them, a swap copies them.
      reg  [7:0]  ws_q;
      reg  [1:0]  is_q;

      always @(posedge clk_i) begin : p_shadow_q
        if (!rst_ni) begin
          ws_q <= 8'd0;
          is_q <= 2'd0;
        end else begin
          if (w_we_i) begin
            ws_q <= w_i;
          end
          if (idx_we_i) begin
            is_q <= idx_i;
          end
        end
      end

      assign w_en   = swap_i;
      assign w_d    = w_we_i ? w_i : ws_q;
      assign idx_en = swap_i;
      assign idx_d  = idx_we_i ? idx_i : is_q;
    end else begin : g_base
      // The weight port writes the active registers.
      assign w_en   = w_we_i;
      assign w_d    = w_i;
      assign idx_en = idx_we_i;
      assign idx_d  = idx_i;

      wire unused_swap = swap_i;
    end
  endgenerate

  always @* begin
    case (idx_q)
      2'd0:    sel = act_q[7:0];
      2'd1:    sel = act_q[15:8];
      2'd2:    sel = act_q[23:16];
      default: sel = act_q[31:24];
    endcase
    en     = v_q && (w_q != 8'd0) && (sel != 8'd0);
    mul    = $signed(w_q) * $signed(sel);
    prod_d = {{16{mul[15]}}, mul};
    psum_d = psum_i + (en_q ? prod_q : 32'd0);
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      w_q    <= 8'd0;
      idx_q  <= 2'd0;
      act_q  <= 32'd0;
      v_q    <= 1'b0;
      en_q   <= 1'b0;
      pv_q   <= 1'b0;
      psum_q <= 32'd0;
`ifndef STC_USE_ICG
      prod_q <= 32'd0;
`endif
    end else begin
      if (w_en) begin
        w_q <= w_d;
      end
      if (idx_en) begin
        idx_q <= idx_d;
      end
      act_q  <= act_i;
      v_q    <= v_i;
      en_q   <= en;
      pv_q   <= v_q;
      psum_q <= psum_d;
`ifndef STC_USE_ICG
      if (en) begin
        prod_q <= prod_d;
      end
`endif
    end
  end

`ifdef STC_USE_ICG
  // Gated clock for prod_q: ticks only in cycles with en (or in reset).
  wire clk_prod;

  stc_clock_gate u_prod_cg (
    .clk_i     (clk_i),
    .en_i      (en | ~rst_ni),
    .test_en_i (1'b0),
    .clk_o     (clk_prod)
  );

  always @(posedge clk_prod) begin
    if (!rst_ni) begin
      prod_q <= 32'd0;
    end else begin
      prod_q <= prod_d;
    end
  end
`endif

  assign act_o  = act_q;
  assign v_o    = v_q;
  assign pv_o   = pv_q;
  assign en_o   = en;
  assign en_q_o = en_q;
  assign w_o    = w_q;
  assign idx_o  = idx_q;
  assign prod_o = prod_q;
  assign psum_o = psum_q;

endmodule

`default_nettype wire
