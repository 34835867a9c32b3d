// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_protocol_check - formal harness of the protocol assertions of
// stc_tile (rtl/stc_tile.v under STC_ASSERT, docs/architecture.md
// section 3). Every input is free in every cycle (a port); the only
// assumptions are the inputs' own protocol: the tile starts in reset, and
// a source keeps its valid and its payload until the transfer. make formal
// proves the tile's assertions with ABC's pdr (IC3), unbounded. It
// instantiates stc_tile itself, not through a wrapper without the probes:
// pdr's run time depends on the netlist's shape, and through such a
// wrapper it did not finish in 11 minutes where it proves this in one.
`default_nettype none

module stc_protocol_check #(
  parameter N      = 4,
  parameter M_MAX  = 4,
  parameter KB_MAX = 2,
  parameter WBUF   = 1,
  parameter MW     = $clog2(M_MAX),
  parameter KBW    = $clog2(KB_MAX)
) (
  input wire clk_i,
  // every input free in every cycle (a top-level input of the proof)
  input wire                rst_ni,
  input wire                cmd_valid_i,
  input wire                cmd_mode_i,
  input wire [MW-1:0]       cmd_m_i,
  input wire [KBW-1:0]      cmd_nblk_i,
  input wire [KB_MAX-1:0]   cmd_skip_i,
  input wire                cmd_bias_i,
  input wire                bias_valid_i,
  input wire [32*N-1:0]     bias_data_i,
  input wire                w_valid_i,
  input wire [8*N-1:0]      w_data_i,
  input wire [4*N-1:0]      w_meta_i,
  input wire                a_valid_i,
  input wire [16*N-1:0]     a_data_i,
  input wire                res_ready_i
);

  wire cmd_ready_o, bias_ready_o, w_ready_o, a_ready_o, res_valid_o, busy_o, err_o;
  wire [32*N-1:0] res_data_o;

  stc_tile #(
    .N      (N),
    .M_MAX  (M_MAX),
    .KB_MAX (KB_MAX),
    .WBUF   (WBUF)
  ) u_tile (
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
    .bias_data_i  (bias_data_i),
    .w_valid_i    (w_valid_i),
    .w_ready_o    (w_ready_o),
    .w_data_i     (w_data_i),
    .w_meta_i     (w_meta_i),
    .a_valid_i    (a_valid_i),
    .a_ready_o    (a_ready_o),
    .a_data_i     (a_data_i),
    .res_valid_o  (res_valid_o),
    .res_ready_i  (res_ready_i),
    .res_data_o   (res_data_o),
    .busy_o       (busy_o),
    .err_o        (err_o),
    // probes: unused here
    .dbg_state_o     (),
    .dbg_blk_o       (),
    .dbg_beat_o      (),
    .dbg_pe_v_o      (),
    .dbg_pe_en_o     (),
    .dbg_pe_en_q_o   (),
    .dbg_pe_pv_o     (),
    .dbg_pe_w_o      (),
    .dbg_pe_idx_o    (),
    .dbg_pe_act_o    (),
    .dbg_pe_prod_o   (),
    .dbg_pe_psum_o   (),
    .dbg_bot_v_o     (),
    .dbg_acc_we_o    (),
    .dbg_acc_row_o   (),
    .dbg_acc_wdata_o (),
    .dbg_cnt_o       ()
  );

  // ---- the inputs' own protocol -------------------------------------------
  reg in_pv_q;          // the previous edge was not a reset
  reg cmd_hold_q, bias_hold_q, w_hold_q, a_hold_q;
  reg [MW+KBW+KB_MAX+1:0] cmd_q;
  reg [32*N-1:0] bias_q;
  reg [12*N-1:0] w_q;
  reg [16*N-1:0] a_q;

  always @(posedge clk_i) begin
    in_pv_q     <= rst_ni;
    cmd_hold_q  <= cmd_valid_i && !cmd_ready_o;
    bias_hold_q <= bias_valid_i && !bias_ready_o;
    w_hold_q    <= w_valid_i && !w_ready_o;
    a_hold_q    <= a_valid_i && !a_ready_o;
    cmd_q       <= {cmd_mode_i, cmd_bias_i, cmd_m_i, cmd_nblk_i, cmd_skip_i};
    bias_q      <= bias_data_i;
    w_q         <= {w_meta_i, w_data_i};
    a_q         <= a_data_i;
  end

  always @* begin
    if ($initstate) begin
      assume (!rst_ni);
    end else if (rst_ni && in_pv_q) begin
      if (cmd_hold_q) begin
        assume (cmd_valid_i);
        assume ({cmd_mode_i, cmd_bias_i, cmd_m_i, cmd_nblk_i, cmd_skip_i} == cmd_q);
      end
      if (bias_hold_q) begin
        assume (bias_valid_i);
        assume (bias_data_i == bias_q);
      end
      if (w_hold_q) begin
        assume (w_valid_i);
        assume ({w_meta_i, w_data_i} == w_q);
      end
      if (a_hold_q) begin
        assume (a_valid_i);
        assume (a_data_i == a_q);
      end
    end
  end

endmodule

`default_nettype wire
