// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// colser_pkg - types and helpers of the column-serial tile (tb/colser/README.md):
// the controller's states, the counter indices of docs/architecture.md
// section 7 and the legality of a 2:4 metadata nibble (section 2).
`default_nettype none

package colser_pkg;

  // Controller states. IDLE takes a command; BIAS, LOAD and DRAIN take or
  // give one beat a cycle; STREAM takes one activation row, then computes
  // it a column group a cycle (colser_ctrl).
  typedef enum logic [2:0] {
    S_IDLE,
    S_BIAS,
    S_LOAD,
    S_STREAM,
    S_DRAIN
  } state_e;

  // A row's columns are computed in GROUPS cycles, ceil(N / GROUPS) a cycle.
  localparam int unsigned GROUPS = 4;

  // The nine counters on dbg_cnt_o, [32j +: 32] (section 7's order).
  localparam int unsigned NUM_CNT          = 9;
  localparam int unsigned CNT_CYCLES       = 0;
  localparam int unsigned CNT_STALL        = 1;
  localparam int unsigned CNT_MACS_ALG     = 2;
  localparam int unsigned CNT_MACS_ACTUAL  = 3;
  localparam int unsigned CNT_MACS_GATED   = 4;
  localparam int unsigned CNT_MACS_SKIPPED = 5;
  localparam int unsigned CNT_W_BYTES      = 6;
  localparam int unsigned CNT_META_BYTES   = 7;
  localparam int unsigned CNT_A_BYTES      = 8;

  // A nibble is legal when its two kept positions are ordered: idx_lo < idx_hi.
  function automatic logic nib_legal(input logic [3:0] nib);
    return nib[1:0] < nib[3:2];
  endfunction

endpackage
