// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_formal_tile - stc_tile with its functional ports only, the probes
// left open: what the skip miter (formal/stc_skip_miter.sv)
// instantiates. No logic of its own, no latency.
`default_nettype none

module stc_formal_tile #(
  parameter N      = 4,
  parameter M_MAX  = 4,
  parameter KB_MAX = 2,
  parameter WBUF   = 1,
  parameter MW     = $clog2(M_MAX),
  parameter KBW    = $clog2(KB_MAX)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire              cmd_valid_i,
  output wire              cmd_ready_o,
  input  wire              cmd_mode_i,
  input  wire [MW-1:0]     cmd_m_i,
  input  wire [KBW-1:0]    cmd_nblk_i,
  input  wire [KB_MAX-1:0] cmd_skip_i,
  input  wire              cmd_bias_i,
  input  wire              bias_valid_i,
  output wire              bias_ready_o,
  input  wire [32*N-1:0]   bias_data_i,
  input  wire              w_valid_i,
  output wire              w_ready_o,
  input  wire [8*N-1:0]    w_data_i,
  input  wire [4*N-1:0]    w_meta_i,
  input  wire              a_valid_i,
  output wire              a_ready_o,
  input  wire [16*N-1:0]   a_data_i,
  output wire              res_valid_o,
  input  wire              res_ready_i,
  output wire [32*N-1:0]   res_data_o,
  output wire              busy_o,
  output wire              err_o
);

  stc_tile #(
    .N      (N),
    .M_MAX  (M_MAX),
    .KB_MAX (KB_MAX),
    .WBUF   (WBUF)
  ) u_tile (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .cmd_valid_i     (cmd_valid_i),
    .cmd_ready_o     (cmd_ready_o),
    .cmd_mode_i      (cmd_mode_i),
    .cmd_m_i         (cmd_m_i),
    .cmd_nblk_i      (cmd_nblk_i),
    .cmd_skip_i      (cmd_skip_i),
    .cmd_bias_i      (cmd_bias_i),
    .bias_valid_i    (bias_valid_i),
    .bias_ready_o    (bias_ready_o),
    .bias_data_i     (bias_data_i),
    .w_valid_i       (w_valid_i),
    .w_ready_o       (w_ready_o),
    .w_data_i        (w_data_i),
    .w_meta_i        (w_meta_i),
    .a_valid_i       (a_valid_i),
    .a_ready_o       (a_ready_o),
    .a_data_i        (a_data_i),
    .res_valid_o     (res_valid_o),
    .res_ready_i     (res_ready_i),
    .res_data_o      (res_data_o),
    .busy_o          (busy_o),
    .err_o           (err_o),
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

endmodule

`default_nettype wire
