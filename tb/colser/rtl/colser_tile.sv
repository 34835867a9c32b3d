// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// colser_tile - a third, independent implementation of the STC tile
// (docs/architecture.md sections 1-4, 7 and 10: the same ports, results and
// err_o verdicts, other timing), written in SystemVerilog from the
// specification alone: a column-serial datapath (tb/colser/README.md).
//
// An activation row is taken, then computed ceil(N / 4) output columns a
// cycle (colser_cols: N x ceil(N/4) multipliers) into an accumulator bank
// that is never cleared (colser_bank), so a row costs 1 + 4 + DELAY cycles
// where rtl/stc_tile streams one a cycle. Cycles per command with no
// stalls (passes = the non-skipped K-blocks; DELAY = 0 by default):
//   (bias ? M : 0) + passes * (N + M * (5 + DELAY)) + M
// err_o rises the cycle after the transfer of a weight beat carrying an
// illegal nibble, sticky until the next command transfer.
//
// All outputs are Moore (registered state only). The only debug port is
// dbg_cnt_o (the nine counters of section 7); without probes this tile is
// checked at COMPARE=txn. Synchronous active-low reset clears every
// register but the bank and the weights, which no result reads before a
// command writes them. DELAY (default 0) adds idle cycles after each row:
// a tile that many times slower, for the hang tests of own-rtl-test.
//
// Submodules: colser_ctrl (state machine, handshakes, err_o), colser_cols
// (weights, activation row, the column group's MACs), colser_bank
// (accumulators), colser_cnt (counters); types in colser_pkg.
`default_nettype none

module colser_tile import colser_pkg::*; #(
  parameter int unsigned N      = 16,
  parameter int unsigned M_MAX  = 1024,
  parameter int unsigned KB_MAX = 64,
  parameter int unsigned DELAY  = 0,
  localparam int unsigned MW    = $clog2(M_MAX),
  localparam int unsigned KBW   = $clog2(KB_MAX)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // command
  input  logic                 cmd_valid_i,
  output logic                 cmd_ready_o,
  input  logic                 cmd_mode_i,
  input  logic [MW-1:0]        cmd_m_i,
  input  logic [KBW-1:0]       cmd_nblk_i,
  input  logic [KB_MAX-1:0]    cmd_skip_i,
  input  logic                 cmd_bias_i,
  // bias rows
  input  logic                 bias_valid_i,
  output logic                 bias_ready_o,
  input  logic [32*N-1:0]      bias_data_i,
  // weight rows (+ 2:4 metadata on even beats)
  input  logic                 w_valid_i,
  output logic                 w_ready_o,
  input  logic [8*N-1:0]       w_data_i,
  input  logic [4*N-1:0]       w_meta_i,
  // activation rows
  input  logic                 a_valid_i,
  output logic                 a_ready_o,
  input  logic [16*N-1:0]      a_data_i,
  // result rows
  output logic                 res_valid_o,
  input  logic                 res_ready_i,
  output logic [32*N-1:0]      res_data_o,
  // status
  output logic                 busy_o,
  output logic                 err_o,
  output logic [32*NUM_CNT-1:0] dbg_cnt_o
);

  localparam int unsigned CPC = (N + GROUPS - 1) / GROUPS;
  localparam int unsigned NZW = $clog2(N * CPC + 1);

  if (N < 4 || N > 16 || (N % 2) != 0 || M_MAX < N || M_MAX > 65536 ||
      (M_MAX & (M_MAX - 1)) != 0 || KB_MAX < 2 || KB_MAX > 64 ||
      (KB_MAX & (KB_MAX - 1)) != 0) begin : g_illegal
    $fatal(1, "colser_tile: illegal parameters N=%0d M_MAX=%0d KB_MAX=%0d", N, M_MAX, KB_MAX);
  end

  logic               mode, calc, fresh, stall;
  logic [MW-1:0]      beat, row;
  logic [1:0]         grp;
  logic [CPC-1:0][31:0] sum;
  logic [CPC-1:0]     col_ok;
  logic [NZW-1:0]     nz, pes;

  wire cmd_xfer  = cmd_valid_i && cmd_ready_o;
  wire bias_xfer = bias_valid_i && bias_ready_o;
  wire w_xfer    = w_valid_i && w_ready_o;
  wire a_xfer    = a_valid_i && a_ready_o;

  colser_ctrl #(.N(N), .M_MAX(M_MAX), .KB_MAX(KB_MAX), .DELAY(DELAY)) u_ctrl (
    .clk_i, .rst_ni,
    .cmd_valid_i, .cmd_mode_i, .cmd_m_i, .cmd_nblk_i, .cmd_skip_i, .cmd_bias_i,
    .bias_valid_i, .w_valid_i, .w_meta_i, .a_valid_i, .res_ready_i,
    .cmd_ready_o, .bias_ready_o, .w_ready_o, .a_ready_o, .res_valid_o, .busy_o, .err_o,
    .mode_o(mode), .beat_o(beat), .row_o(row), .grp_o(grp), .calc_o(calc),
    .fresh_o(fresh), .stall_o(stall)
  );

  colser_cols #(.N(N)) u_cols (
    .clk_i,
    .mode_i(mode), .w_xfer_i(w_xfer), .w_row_i(beat[$clog2(N)-1:0]), .w_data_i, .w_meta_i,
    .a_xfer_i(a_xfer), .a_data_i, .grp_i(grp),
    .sum_o(sum), .col_ok_o(col_ok), .nz_o(nz), .pes_o(pes)
  );

  colser_bank #(.N(N), .M_MAX(M_MAX)) u_bank (
    .clk_i,
    .bias_we_i(bias_xfer), .beat_i(beat), .bias_data_i,
    .calc_i(calc), .row_i(row), .grp_i(grp), .fresh_i(fresh), .sum_i(sum), .col_ok_i(col_ok),
    .drain_i(res_valid_o), .res_data_o
  );

  colser_cnt #(.N(N), .M_MAX(M_MAX), .KB_MAX(KB_MAX), .NZW(NZW)) u_cnt (
    .clk_i, .rst_ni,
    .cmd_xfer_i(cmd_xfer), .cmd_mode_i, .cmd_m_i, .cmd_nblk_i, .cmd_skip_i,
    .busy_i(busy_o), .stall_i(stall), .mode_i(mode),
    .w_xfer_i(w_xfer), .w_even_i(!beat[0]), .a_xfer_i(a_xfer),
    .calc_i(calc), .nz_i(nz), .pes_i(pes),
    .cnt_o(dbg_cnt_o)
  );

endmodule
