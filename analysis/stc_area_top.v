// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_area_top - the tile as synthesis sees it, for the report's hardware
// cost (scripts/area.sh): stc_tile without its dbg_* probe ports (left
// open, so the logic that only feeds them is removed), with the features
// under study tied off by parameter so that Yosys's constant propagation
// removes what only they need:
//   TIE_MODE = 1  cmd_mode_i = 0 (dense only): w_meta_i and the upper half
//                 of a_data_i (the second N activations of a 2:4 beat) = 0
//   TIE_SKIP = 1  cmd_skip_i = 0 (no block is ever skipped)
// The gating ablation is not a port: scripts/area.sh synthesizes a copy of
// stc_pe.v whose gate enable is v_q alone. Not a design: never simulated.
`default_nettype none

module stc_area_top #(
  parameter N        = 16,
  parameter M_MAX    = 16,
  parameter KB_MAX   = 64,
  parameter WBUF     = 1,
  parameter TIE_MODE = 0,
  parameter TIE_SKIP = 0,
  parameter MW       = $clog2(M_MAX),
  parameter KBW      = $clog2(KB_MAX)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                cmd_valid_i,
  output wire                cmd_ready_o,
  input  wire                cmd_mode_i,
  input  wire [MW-1:0]       cmd_m_i,
  input  wire [KBW-1:0]      cmd_nblk_i,
  input  wire [KB_MAX-1:0]   cmd_skip_i,
  input  wire                cmd_bias_i,
  input  wire                bias_valid_i,
  output wire                bias_ready_o,
  input  wire [32*N-1:0]     bias_data_i,
  input  wire                w_valid_i,
  output wire                w_ready_o,
  input  wire [8*N-1:0]      w_data_i,
  input  wire [4*N-1:0]      w_meta_i,
  input  wire                a_valid_i,
  output wire                a_ready_o,
  input  wire [16*N-1:0]     a_data_i,
  output wire                res_valid_o,
  input  wire                res_ready_i,
  output wire [32*N-1:0]     res_data_o,
  output wire                busy_o,
  output wire                err_o
);

  wire              mode = (TIE_MODE != 0) ? 1'b0 : cmd_mode_i;
  wire [4*N-1:0]    meta = (TIE_MODE != 0) ? {4*N{1'b0}} : w_meta_i;
  wire [16*N-1:0]   act  = (TIE_MODE != 0) ? {{8*N{1'b0}}, a_data_i[8*N-1:0]} : a_data_i;
  wire [KB_MAX-1:0] skip = (TIE_SKIP != 0) ? {KB_MAX{1'b0}} : cmd_skip_i;

  stc_tile #(
    .N      (N),
    .M_MAX  (M_MAX),
    .KB_MAX (KB_MAX),
    .WBUF   (WBUF)
  ) u_tile (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .cmd_valid_i   (cmd_valid_i),
    .cmd_ready_o   (cmd_ready_o),
    .cmd_mode_i    (mode),
    .cmd_m_i       (cmd_m_i),
    .cmd_nblk_i    (cmd_nblk_i),
    .cmd_skip_i    (skip),
    .cmd_bias_i    (cmd_bias_i),
    .bias_valid_i  (bias_valid_i),
    .bias_ready_o  (bias_ready_o),
    .bias_data_i   (bias_data_i),
    .w_valid_i     (w_valid_i),
    .w_ready_o     (w_ready_o),
    .w_data_i      (w_data_i),
    .w_meta_i      (meta),
    .a_valid_i     (a_valid_i),
    .a_ready_o     (a_ready_o),
    .a_data_i      (act),
    .res_valid_o   (res_valid_o),
    .res_ready_i   (res_ready_i),
    .res_data_o    (res_data_o),
    .busy_o        (busy_o),
    .err_o         (err_o),
    .dbg_state_o   (),
    .dbg_blk_o     (),
    .dbg_beat_o    (),
    .dbg_pe_v_o    (),
    .dbg_pe_en_o   (),
    .dbg_pe_en_q_o (),
    .dbg_pe_pv_o   (),
    .dbg_pe_w_o    (),
    .dbg_pe_idx_o  (),
    .dbg_pe_act_o  (),
    .dbg_pe_prod_o (),
    .dbg_pe_psum_o (),
    .dbg_bot_v_o   (),
    .dbg_acc_we_o  (),
    .dbg_acc_row_o (),
    .dbg_acc_wdata_o (),
    .dbg_cnt_o     ()
  );

endmodule
