// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_tile_ports.svh - the port list of stc_tile (rtl/stc_tile.v) for the
// benches and harnesses that instantiate it, so that none copies it by
// hand: macros that connect the ports to signals named PREFIX<port> and
// that declare those signals. `make lint` checks every macro against the
// tile's ports as Verilator elaborates them (scripts/tile_ports_check.py):
// each port once, in the tile's order, with its width at two parameter
// sets. Not part of the design: the RTL never includes it.
//
//   `STC_TILE_CONNECT(p)         .<port> (p<port>) for the 24 functional ports
//   `STC_TILE_CONNECT_PROBES(p)  .<port> (p<port>) for the 17 dbg_*_o probes
//   `STC_TILE_OPEN_PROBES        .<port> () for the probes (left open)
//   `STC_TILE_PORTS(p)           the functional ports as ANSI ports (a wrapper's)
//   `STC_TILE_INPUT_PORTS(p)     the functional inputs as ANSI input ports
//   `STC_TILE_INPUT_REGS(p)      the functional inputs as regs, reset to 0
//   `STC_TILE_OUTPUT_WIRES(p)    the functional outputs as wires
//   `STC_TILE_PROBE_WIRES(p)     the probes as wires
//
// The declarations use the parameters N, KB_MAX and the derived MW =
// $clog2(M_MAX), KBW = $clog2(KB_MAX) of the including scope, as the tile
// does. An empty p names the signals like the ports: `STC_TILE_CONNECT().
// The including files reach this file by a path relative to themselves
// (`include "../rtl/stc_tile_ports.svh"): Yosys resolves it so, Verilator
// needs --relative-includes and Icarus -grelative-include; no tool needs an
// include directory (scripts/formal.sh passes none). Token pasting (``)
// and empty macro arguments are accepted by Verilator 5.006, Icarus 11
// (-g2012) and Yosys 0.23 (read_verilog with or without -sv).
`ifndef STC_TILE_PORTS_SVH
`define STC_TILE_PORTS_SVH

`define STC_TILE_CONNECT(p) \
  .clk_i           (p``clk_i), \
  .rst_ni          (p``rst_ni), \
  .cmd_valid_i     (p``cmd_valid_i), \
  .cmd_ready_o     (p``cmd_ready_o), \
  .cmd_mode_i      (p``cmd_mode_i), \
  .cmd_m_i         (p``cmd_m_i), \
  .cmd_nblk_i      (p``cmd_nblk_i), \
  .cmd_skip_i      (p``cmd_skip_i), \
  .cmd_bias_i      (p``cmd_bias_i), \
  .bias_valid_i    (p``bias_valid_i), \
  .bias_ready_o    (p``bias_ready_o), \
  .bias_data_i     (p``bias_data_i), \
  .w_valid_i       (p``w_valid_i), \
  .w_ready_o       (p``w_ready_o), \
  .w_data_i        (p``w_data_i), \
  .w_meta_i        (p``w_meta_i), \
  .a_valid_i       (p``a_valid_i), \
  .a_ready_o       (p``a_ready_o), \
  .a_data_i        (p``a_data_i), \
  .res_valid_o     (p``res_valid_o), \
  .res_ready_i     (p``res_ready_i), \
  .res_data_o      (p``res_data_o), \
  .busy_o          (p``busy_o), \
  .err_o           (p``err_o)

`define STC_TILE_CONNECT_PROBES(p) \
  .dbg_state_o     (p``dbg_state_o), \
  .dbg_blk_o       (p``dbg_blk_o), \
  .dbg_beat_o      (p``dbg_beat_o), \
  .dbg_pe_v_o      (p``dbg_pe_v_o), \
  .dbg_pe_en_o     (p``dbg_pe_en_o), \
  .dbg_pe_en_q_o   (p``dbg_pe_en_q_o), \
  .dbg_pe_pv_o     (p``dbg_pe_pv_o), \
  .dbg_pe_w_o      (p``dbg_pe_w_o), \
  .dbg_pe_idx_o    (p``dbg_pe_idx_o), \
  .dbg_pe_act_o    (p``dbg_pe_act_o), \
  .dbg_pe_prod_o   (p``dbg_pe_prod_o), \
  .dbg_pe_psum_o   (p``dbg_pe_psum_o), \
  .dbg_bot_v_o     (p``dbg_bot_v_o), \
  .dbg_acc_we_o    (p``dbg_acc_we_o), \
  .dbg_acc_row_o   (p``dbg_acc_row_o), \
  .dbg_acc_wdata_o (p``dbg_acc_wdata_o), \
  .dbg_cnt_o       (p``dbg_cnt_o)

`define STC_TILE_OPEN_PROBES \
  .dbg_state_o     (), \
  .dbg_blk_o       (), \
  .dbg_beat_o      (), \
  .dbg_pe_v_o      (), \
  .dbg_pe_en_o     (), \
  .dbg_pe_en_q_o   (), \
  .dbg_pe_pv_o     (), \
  .dbg_pe_w_o      (), \
  .dbg_pe_idx_o    (), \
  .dbg_pe_act_o    (), \
  .dbg_pe_prod_o   (), \
  .dbg_pe_psum_o   (), \
  .dbg_bot_v_o     (), \
  .dbg_acc_we_o    (), \
  .dbg_acc_row_o   (), \
  .dbg_acc_wdata_o (), \
  .dbg_cnt_o       ()

`define STC_TILE_PORTS(p) \
  input  wire                p``clk_i, \
  input  wire                p``rst_ni, \
  input  wire                p``cmd_valid_i, \
  output wire                p``cmd_ready_o, \
  input  wire                p``cmd_mode_i, \
  input  wire [MW-1:0]       p``cmd_m_i, \
  input  wire [KBW-1:0]      p``cmd_nblk_i, \
  input  wire [KB_MAX-1:0]   p``cmd_skip_i, \
  input  wire                p``cmd_bias_i, \
  input  wire                p``bias_valid_i, \
  output wire                p``bias_ready_o, \
  input  wire [32*N-1:0]     p``bias_data_i, \
  input  wire                p``w_valid_i, \
  output wire                p``w_ready_o, \
  input  wire [8*N-1:0]      p``w_data_i, \
  input  wire [4*N-1:0]      p``w_meta_i, \
  input  wire                p``a_valid_i, \
  output wire                p``a_ready_o, \
  input  wire [16*N-1:0]     p``a_data_i, \
  output wire                p``res_valid_o, \
  input  wire                p``res_ready_i, \
  output wire [32*N-1:0]     p``res_data_o, \
  output wire                p``busy_o, \
  output wire                p``err_o

`define STC_TILE_INPUT_PORTS(p) \
  input  wire                p``clk_i, \
  input  wire                p``rst_ni, \
  input  wire                p``cmd_valid_i, \
  input  wire                p``cmd_mode_i, \
  input  wire [MW-1:0]       p``cmd_m_i, \
  input  wire [KBW-1:0]      p``cmd_nblk_i, \
  input  wire [KB_MAX-1:0]   p``cmd_skip_i, \
  input  wire                p``cmd_bias_i, \
  input  wire                p``bias_valid_i, \
  input  wire [32*N-1:0]     p``bias_data_i, \
  input  wire                p``w_valid_i, \
  input  wire [8*N-1:0]      p``w_data_i, \
  input  wire [4*N-1:0]      p``w_meta_i, \
  input  wire                p``a_valid_i, \
  input  wire [16*N-1:0]     p``a_data_i, \
  input  wire                p``res_ready_i

`define STC_TILE_INPUT_REGS(p) \
  reg                p``clk_i = 1'b0; \
  reg                p``rst_ni = 1'b0; \
  reg                p``cmd_valid_i = 1'b0; \
  reg                p``cmd_mode_i = 1'b0; \
  reg  [MW-1:0]      p``cmd_m_i = 0; \
  reg  [KBW-1:0]     p``cmd_nblk_i = 0; \
  reg  [KB_MAX-1:0]  p``cmd_skip_i = 0; \
  reg                p``cmd_bias_i = 1'b0; \
  reg                p``bias_valid_i = 1'b0; \
  reg  [32*N-1:0]    p``bias_data_i = 0; \
  reg                p``w_valid_i = 1'b0; \
  reg  [8*N-1:0]     p``w_data_i = 0; \
  reg  [4*N-1:0]     p``w_meta_i = 0; \
  reg                p``a_valid_i = 1'b0; \
  reg  [16*N-1:0]    p``a_data_i = 0; \
  reg                p``res_ready_i = 1'b0;

`define STC_TILE_OUTPUT_WIRES(p) \
  wire               p``cmd_ready_o; \
  wire               p``bias_ready_o; \
  wire               p``w_ready_o; \
  wire               p``a_ready_o; \
  wire               p``res_valid_o; \
  wire [32*N-1:0]    p``res_data_o; \
  wire               p``busy_o; \
  wire               p``err_o;

`define STC_TILE_PROBE_WIRES(p) \
  wire [2:0]         p``dbg_state_o; \
  wire [KBW-1:0]     p``dbg_blk_o; \
  wire [MW-1:0]      p``dbg_beat_o; \
  wire [N*N-1:0]     p``dbg_pe_v_o; \
  wire [N*N-1:0]     p``dbg_pe_en_o; \
  wire [N*N-1:0]     p``dbg_pe_en_q_o; \
  wire [N*N-1:0]     p``dbg_pe_pv_o; \
  wire [8*N*N-1:0]   p``dbg_pe_w_o; \
  wire [2*N*N-1:0]   p``dbg_pe_idx_o; \
  wire [32*N*N-1:0]  p``dbg_pe_act_o; \
  wire [32*N*N-1:0]  p``dbg_pe_prod_o; \
  wire [32*N*N-1:0]  p``dbg_pe_psum_o; \
  wire [N-1:0]       p``dbg_bot_v_o; \
  wire [N-1:0]       p``dbg_acc_we_o; \
  wire [MW*N-1:0]    p``dbg_acc_row_o; \
  wire [32*N-1:0]    p``dbg_acc_wdata_o; \
  wire [32*9-1:0]    p``dbg_cnt_o;

`endif  // STC_TILE_PORTS_SVH
