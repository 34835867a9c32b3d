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
`include "../rtl/stc_tile_ports.svh"

module stc_protocol_check #(
  parameter N      = 4,
  parameter M_MAX  = 4,
  parameter KB_MAX = 2,
  parameter WBUF   = 1,
  parameter MW     = $clog2(M_MAX),
  parameter KBW    = $clog2(KB_MAX)
) (
  // every input of the tile free in every cycle (a top-level input of the
  // proof), named like the tile's ports (rtl/stc_tile_ports.svh)
  `STC_TILE_INPUT_PORTS()
);

  `STC_TILE_OUTPUT_WIRES()

  stc_tile #(
    .N      (N),
    .M_MAX  (M_MAX),
    .KB_MAX (KB_MAX),
    .WBUF   (WBUF)
  ) u_tile (
    `STC_TILE_CONNECT(),
    // probes: unused here
    `STC_TILE_OPEN_PROBES
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
