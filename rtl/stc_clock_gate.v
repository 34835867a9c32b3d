// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_clock_gate - integrated clock gating (ICG) cell, behavioural model.
//
// Latch-based: the enable is captured by a latch transparent while clk_i is
// low and held while clk_i is high, so clk_o = clk_i & en_latched has no
// glitches. test_en_i forces the clock on (scan). Active-high enable.
//
// This is the named cell of docs/architecture.md section 9. A synthesis
// flow replaces this module by a library ICG cell (e.g. a *CKLNQ* / *ICG*
// standard cell); it is the only place in the RTL where a latch is
// intended. Latency: clk_o follows clk_i combinationally (same edge).
`default_nettype none

module stc_clock_gate (
  input  wire clk_i,
  input  wire en_i,
  input  wire test_en_i,
  output wire clk_o
);

  reg en_latch;

  // Intended latch: transparent while the clock is low.
  /* verilator lint_off LATCH */
  always @* begin
    if (!clk_i) begin
      en_latch = en_i | test_en_i;
    end
  end
  /* verilator lint_on LATCH */

  assign clk_o = clk_i & en_latch;

endmodule

`default_nettype wire
