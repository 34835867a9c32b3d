// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_gate_miter - counterexample search of the gating proof. The tile as
// it is (stc_tile_gated) and the same tile with zero-operand gating off
// (stc_tile_ungated: every gate enable equal to the PE's valid bit), both
// flattened by scripts/formal.sh, share every input (free in every cycle,
// reset in the first); every output port and the seven counters that do
// not count gating must be equal in every cycle. make formal proves the
// equivalence unbounded with Yosys' equiv_* passes; this bounded miter
// runs only when that proof fails, to give a trace from reset.
`default_nettype none

module stc_gate_miter #(
  parameter N      = 4,
  parameter M_MAX  = 4,
  parameter KB_MAX = 2,
  parameter MW     = $clog2(M_MAX),
  parameter KBW    = $clog2(KB_MAX)
) (
  input wire clk_i
);

  (* anyseq *) wire              rst_ni;
  (* anyseq *) wire              cmd_valid_i;
  (* anyseq *) wire              cmd_mode_i;
  (* anyseq *) wire [MW-1:0]     cmd_m_i;
  (* anyseq *) wire [KBW-1:0]    cmd_nblk_i;
  (* anyseq *) wire [KB_MAX-1:0] cmd_skip_i;
  (* anyseq *) wire              cmd_bias_i;
  (* anyseq *) wire              bias_valid_i;
  (* anyseq *) wire [32*N-1:0]   bias_data_i;
  (* anyseq *) wire              w_valid_i;
  (* anyseq *) wire [8*N-1:0]    w_data_i;
  (* anyseq *) wire [4*N-1:0]    w_meta_i;
  (* anyseq *) wire              a_valid_i;
  (* anyseq *) wire [16*N-1:0]   a_data_i;
  (* anyseq *) wire              res_ready_i;

  always @* begin
    if ($initstate) begin
      assume (!rst_ni);
    end
  end

  // g_*: the gated tile, u_*: the ungated reference
  wire            g_cmd_ready, g_bias_ready, g_w_ready, g_a_ready, g_res_valid, g_busy, g_err;
  wire            u_cmd_ready, u_bias_ready, u_w_ready, u_a_ready, u_res_valid, u_busy, u_err;
  wire [32*N-1:0] g_res_data, u_res_data;
  wire [32*9-1:0] g_cnt, u_cnt;

`define STC_GATE_MITER_PORTS(p) \
    .clk_i (clk_i), .rst_ni (rst_ni), \
    .cmd_valid_i (cmd_valid_i), .cmd_ready_o (p``_cmd_ready), .cmd_mode_i (cmd_mode_i), \
    .cmd_m_i (cmd_m_i), .cmd_nblk_i (cmd_nblk_i), .cmd_skip_i (cmd_skip_i), .cmd_bias_i (cmd_bias_i), \
    .bias_valid_i (bias_valid_i), .bias_ready_o (p``_bias_ready), .bias_data_i (bias_data_i), \
    .w_valid_i (w_valid_i), .w_ready_o (p``_w_ready), .w_data_i (w_data_i), .w_meta_i (w_meta_i), \
    .a_valid_i (a_valid_i), .a_ready_o (p``_a_ready), .a_data_i (a_data_i), \
    .res_valid_o (p``_res_valid), .res_ready_i (res_ready_i), .res_data_o (p``_res_data), \
    .busy_o (p``_busy), .err_o (p``_err), .dbg_cnt_o (p``_cnt)

  stc_tile_gated   u_gated   (`STC_GATE_MITER_PORTS(g));
  stc_tile_ungated u_ungated (`STC_GATE_MITER_PORTS(u));

  // counters 3 (macs_actual) and 4 (macs_gated) count the gating itself
  wire [32*9-1:0] CNT_MASK = {{5{32'hffffffff}}, {2{32'h0}}, {2{32'hffffffff}}};

  always @* begin
    if (!$initstate) begin
      assert (g_cmd_ready  == u_cmd_ready);
      assert (g_bias_ready == u_bias_ready);
      assert (g_w_ready    == u_w_ready);
      assert (g_a_ready    == u_a_ready);
      assert (g_res_valid  == u_res_valid);
      assert (g_res_data   == u_res_data);
      assert (g_busy       == u_busy);
      assert (g_err        == u_err);
      assert ((g_cnt & CNT_MASK) == (u_cnt & CNT_MASK));
    end
  end

endmodule

`default_nettype wire
