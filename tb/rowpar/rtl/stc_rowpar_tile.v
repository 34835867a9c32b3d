// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_rowpar_tile - a second, independent implementation of the STC tile
// (docs/architecture.md sections 1-4, 7 and 10: same ports, same results,
// same err_o verdicts, other timing), written from the specification alone.
//
// Row-parallel, not systolic: the weights of the current K-block are N x N
// registers (plus a 2-bit 2:4 select each), and every accepted activation
// beat m computes all N column dot products of its row at once
// (stc_rowpar_dot: N x N multipliers behind an input register, one sum
// register), which the bank then adds into accumulator row m
// (stc_rowpar_bank). There is no skew and no array flush: a pass ends with
// PIPE = 2 cycles of pipeline drain (SETTLE). Cycles per command with no
// stalls (passes = the non-skipped K-blocks):
//   (bias ? M : 0) + passes * (N + M + 2) + M
// against (bias ? M : 0) + passes * (M + 3N + 1) + M for rtl/stc_tile.
// err_o rises two cycles after the transfer of a weight beat carrying an
// illegal nibble (one cycle later than rtl/stc_tile), sticky until the next
// command transfer.
//
// All outputs are Moore (registered state only). The only debug port is
// dbg_cnt_o (the nine counters of section 7, [32j +: 32]); there are no
// per-PE or array probes, so this tile is checked at COMPARE=txn.
// Synchronous active-low reset clears every register (the bank's words
// are made unobservable by its row flags).
//
// Submodules: stc_rowpar_ctrl (FSM, handshakes, err), stc_rowpar_dot
// (weights and the N x N MACs), stc_rowpar_bank (accumulator bank),
// stc_rowpar_cnt (counters).
`default_nettype none

module stc_rowpar_tile #(
  parameter N      = 16,
  parameter M_MAX  = 1024,
  parameter KB_MAX = 64
) (
  input  wire                       clk_i,
  input  wire                       rst_ni,
  // command
  input  wire                       cmd_valid_i,
  output wire                       cmd_ready_o,
  input  wire                       cmd_mode_i,
  input  wire [$clog2(M_MAX)-1:0]   cmd_m_i,
  input  wire [$clog2(KB_MAX)-1:0]  cmd_nblk_i,
  input  wire [KB_MAX-1:0]          cmd_skip_i,
  input  wire                       cmd_bias_i,
  // bias rows
  input  wire                       bias_valid_i,
  output wire                       bias_ready_o,
  input  wire [32*N-1:0]            bias_data_i,
  // weight rows (+ 2:4 metadata on even beats)
  input  wire                       w_valid_i,
  output wire                       w_ready_o,
  input  wire [8*N-1:0]             w_data_i,
  input  wire [4*N-1:0]             w_meta_i,
  // activation rows
  input  wire                       a_valid_i,
  output wire                       a_ready_o,
  input  wire [16*N-1:0]            a_data_i,
  // result rows
  output wire                       res_valid_o,
  input  wire                       res_ready_i,
  output wire [32*N-1:0]            res_data_o,
  // status
  output wire                       busy_o,
  output wire                       err_o,
  output wire [32*9-1:0]            dbg_cnt_o
);

  localparam MW  = $clog2(M_MAX);
  localparam KBW = $clog2(KB_MAX);
  localparam RW  = $clog2(N);
  localparam NZW = $clog2(N * N + 1);

  generate
    if (N < 4 || N > 16 || (N % 2) != 0 || M_MAX < N || M_MAX > 65536 ||
        (M_MAX & (M_MAX - 1)) != 0 || KB_MAX < 2 || KB_MAX > 64 ||
        (KB_MAX & (KB_MAX - 1)) != 0) begin : g_illegal
      stc_rowpar_tile_illegal_parameters u_illegal ();
    end
  endgenerate

  wire            mode;
  wire [MW-1:0]   beat;
  wire            cmd_xfer, bias_xfer, w_xfer, meta_xfer, a_xfer, stall;
  wire [KBW:0]    npass;
  wire            sum_v;
  wire [MW-1:0]   sum_row;
  wire [32*N-1:0] sum;
  wire [NZW-1:0]  nz;
  wire [32*N-1:0] rd_data;

  stc_rowpar_ctrl #(
    .N      (N),
    .M_MAX  (M_MAX),
    .KB_MAX (KB_MAX)
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
    .w_meta_i     (w_meta_i),
    .a_valid_i    (a_valid_i),
    .a_ready_o    (a_ready_o),
    .res_valid_o  (res_valid_o),
    .res_ready_i  (res_ready_i),
    .busy_o       (busy_o),
    .err_o        (err_o),
    .mode_o       (mode),
    .beat_o       (beat),
    .cmd_xfer_o   (cmd_xfer),
    .bias_xfer_o  (bias_xfer),
    .w_xfer_o     (w_xfer),
    .meta_xfer_o  (meta_xfer),
    .a_xfer_o     (a_xfer),
    .stall_o      (stall),
    .npass_o      (npass)
  );

  stc_rowpar_dot #(
    .N     (N),
    .M_MAX (M_MAX)
  ) u_dot (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .mode_i    (mode),
    .w_we_i    (w_xfer),
    .w_row_i   (beat[RW-1:0]),
    .w_data_i  (w_data_i),
    .meta_we_i (meta_xfer),
    .w_meta_i  (w_meta_i),
    .a_we_i    (a_xfer),
    .a_row_i   (beat),
    .a_data_i  (a_data_i),
    .sum_v_o   (sum_v),
    .sum_row_o (sum_row),
    .sum_o     (sum),
    .nz_o      (nz)
  );

  stc_rowpar_bank #(
    .N     (N),
    .M_MAX (M_MAX)
  ) u_bank (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .clr_i      (cmd_xfer),
    .set_i      (bias_xfer),
    .set_row_i  (beat),
    .set_data_i (bias_data_i),
    .add_i      (sum_v),
    .add_row_i  (sum_row),
    .add_data_i (sum),
    .rd_row_i   (beat),
    .rd_data_o  (rd_data)
  );

  stc_rowpar_cnt #(
    .N      (N),
    .M_MAX  (M_MAX),
    .KB_MAX (KB_MAX)
  ) u_cnt (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .cmd_xfer_i  (cmd_xfer),
    .cmd_mode_i  (cmd_mode_i),
    .cmd_m_i     (cmd_m_i),
    .cmd_nblk_i  (cmd_nblk_i),
    .npass_i     (npass),
    .busy_i      (busy_o),
    .stall_i     (stall),
    .mode_i      (mode),
    .w_xfer_i    (w_xfer),
    .meta_xfer_i (meta_xfer),
    .a_xfer_i    (a_xfer),
    .mac_v_i     (sum_v),
    .nz_i        (nz),
    .cnt_o       (dbg_cnt_o)
  );

  // a result row only while one is offered (section 4: 0 otherwise)
  assign res_data_o = res_valid_o ? rd_data : {(32*N){1'b0}};

endmodule

`default_nettype wire
