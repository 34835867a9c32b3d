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
// stc_pe_array.v whose gate enable is v_q alone. Not a design: never simulated.
//
// The ports are the tile's functional ones (rtl/stc_tile_ports.svh), bound
// to the tile by name (.*, hence read_verilog -sv), but for the four that
// are tied. They keep their names here, and so do the tied nets (mode,
// meta, act, skip): ABC's result depends on the netlist's names, and
// docs/report/area.csv holds the cell counts of these ones.
`default_nettype none
`include "../rtl/stc_tile_ports.svh"

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
  `STC_TILE_PORTS()
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
    .*,
    .cmd_mode_i (mode),
    .cmd_skip_i (skip),
    .w_meta_i   (meta),
    .a_data_i   (act),
    `STC_TILE_OPEN_PROBES
  );

endmodule
