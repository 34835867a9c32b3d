// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_counter_check - formal harness of the nine performance counters of
// stc_tile at their full 32-bit width (docs/architecture.md section 7).
// Every input is free in every cycle and nothing about the inputs is
// assumed but a reset in the first cycle: the counters' rules hold for
// any input sequence, legal or not. The rules are written from section
// 7's table, read off the ports and the probes (dbg_cnt_o, dbg_state_o,
// dbg_pe_v_o, dbg_pe_en_o), never from the tile's own registers:
//
//   reset          every counter 0 after an edge with rst_ni = 0
//   command        after a command transfer every counter 0 but macs_alg
//                  and macs_skipped, which are set to the command's work
//                  (their values are not checked here: see below)
//   otherwise      cycles       + 1 if busy_o
//                  stall_cycles + 1 in BIAS, LOAD or STREAM without a
//                                 transfer on that state's port, or in
//                                 DRAIN with res_ready_i = 0
//                  macs_actual  + popcount(en), macs_gated + popcount(v & ~en)
//                  w_bytes      + N on a weight transfer
//                  meta_bytes   + 0 or N/2 on a weight transfer (which of
//                                 the two: the beat's parity, not modelled)
//                  a_bytes      + N or 2N on an activation transfer (which:
//                                 the command's mode, not modelled)
//                  macs_alg, macs_skipped hold
//
// macs_alg and macs_skipped are products of the command's fields
// (nblk * M * KD * N ...): an equality of two differently grouped 32-bit
// multipliers, which no solver here decides (z3 ran 9 minutes on N = 4
// without an answer). Their values are checked by the harness at every
// command of every run (the work counters, at every level); the proof
// checks that they hold between commands at their full width.
//
// Each rule compares a counter with its own value one cycle before, kept
// in this harness's registers, so the rules are inductive over two
// frames (the first fills those registers): make formal proves them by
// k-induction from any state, k = 2 (ABC ind), with the base case from
// reset (ABC bmc3), which is an unbounded proof. A counter
// narrower than 32 bits fails the induction step at once, from the state
// where it is about to wrap (tb/bugs 24 and 31), where simulation needs
// 2^16 or 2^24 cycles of one command to see it.
`default_nettype none
`include "../rtl/stc_tile_ports.svh"

module stc_counter_check #(
  parameter N      = 4,
  parameter M_MAX  = 4,
  parameter KB_MAX = 2,
  parameter WBUF   = 1,
  parameter MW     = $clog2(M_MAX),
  parameter KBW    = $clog2(KB_MAX)
) (
  `STC_TILE_INPUT_PORTS()
);

  `STC_TILE_OUTPUT_WIRES()
  `STC_TILE_PROBE_WIRES()

  stc_tile #(
    .N      (N),
    .M_MAX  (M_MAX),
    .KB_MAX (KB_MAX),
    .WBUF   (WBUF)
  ) u_tile (
    `STC_TILE_CONNECT(),
    `STC_TILE_CONNECT_PROBES()
  );

  // the counters, in section 7's order on dbg_cnt_o
  localparam integer CYCLES = 0, STALL_CYCLES = 1, MACS_ALG = 2, MACS_ACTUAL = 3,
                     MACS_GATED = 4, MACS_SKIPPED = 5, W_BYTES = 6, META_BYTES = 7,
                     A_BYTES = 8;

  // counter k of a dbg_cnt_o value
  function automatic [31:0] cnt(input [32*9-1:0] bus, input integer k);
    cnt = bus[32*k +: 32];
  endfunction

  // ---- this cycle's events, from the ports and the state probe ----------
  localparam [2:0] S_BIAS = 3'd1, S_LOAD = 3'd2, S_STREAM = 3'd3, S_DRAIN = 3'd5;
  localparam [31:0] KD_DENSE = N, KD_SPARSE = 2 * N;  // activation bytes a beat

  wire cmd_xfer = cmd_valid_i && cmd_ready_o;
  wire w_xfer   = w_valid_i && w_ready_o;
  wire a_xfer   = a_valid_i && a_ready_o;
  wire stall    = ((dbg_state_o == S_BIAS)   && !bias_valid_i) ||
                  ((dbg_state_o == S_LOAD)   && !w_valid_i)    ||
                  ((dbg_state_o == S_STREAM) && !a_valid_i)    ||
                  ((dbg_state_o == S_DRAIN)  && !res_ready_i);

  // ---- the previous cycle ------------------------------------------------
  reg        rst_nq;      // rst_ni at the previous edge (0: it was a reset)
  reg        busy_q, stall_q, cmd_xfer_q, w_xfer_q, a_xfer_q;
  reg [31:0] pop_en_q, pop_gated_q;
  reg [32*9-1:0] cnt_q;

  always @(posedge clk_i) begin
    rst_nq      <= rst_ni;
    busy_q      <= busy_o;
    stall_q     <= stall;
    cmd_xfer_q  <= cmd_xfer;
    w_xfer_q    <= w_xfer;
    a_xfer_q    <= a_xfer;
    pop_en_q    <= $countones(dbg_pe_en_o);
    pop_gated_q <= $countones(dbg_pe_v_o & ~dbg_pe_en_o);
    cnt_q       <= dbg_cnt_o;
  end

  always @* begin
    if ($initstate) begin
      assume (!rst_ni);
    end else if (!rst_nq) begin
      assert (dbg_cnt_o == {32*9{1'b0}});
    end else if (cmd_xfer_q) begin
      assert (cnt(dbg_cnt_o, CYCLES) == 32'd0);
      assert (cnt(dbg_cnt_o, STALL_CYCLES) == 32'd0);
      assert (cnt(dbg_cnt_o, MACS_ACTUAL) == 32'd0);
      assert (cnt(dbg_cnt_o, MACS_GATED) == 32'd0);
      assert (cnt(dbg_cnt_o, W_BYTES) == 32'd0);
      assert (cnt(dbg_cnt_o, META_BYTES) == 32'd0);
      assert (cnt(dbg_cnt_o, A_BYTES) == 32'd0);
    end else begin
      assert (cnt(dbg_cnt_o, CYCLES) == cnt(cnt_q, CYCLES) + {31'd0, busy_q});
      assert (cnt(dbg_cnt_o, STALL_CYCLES) == cnt(cnt_q, STALL_CYCLES) + {31'd0, stall_q});
      assert (cnt(dbg_cnt_o, MACS_ALG) == cnt(cnt_q, MACS_ALG));
      assert (cnt(dbg_cnt_o, MACS_ACTUAL) == cnt(cnt_q, MACS_ACTUAL) + pop_en_q);
      assert (cnt(dbg_cnt_o, MACS_GATED) == cnt(cnt_q, MACS_GATED) + pop_gated_q);
      assert (cnt(dbg_cnt_o, MACS_SKIPPED) == cnt(cnt_q, MACS_SKIPPED));
      assert (cnt(dbg_cnt_o, W_BYTES) == cnt(cnt_q, W_BYTES) + (w_xfer_q ? N : 0));
      assert ((cnt(dbg_cnt_o, META_BYTES) == cnt(cnt_q, META_BYTES)) ||
              (w_xfer_q && (cnt(dbg_cnt_o, META_BYTES) == cnt(cnt_q, META_BYTES) + N / 2)));
      assert ((cnt(dbg_cnt_o, A_BYTES) == cnt(cnt_q, A_BYTES)) ||
              (a_xfer_q && ((cnt(dbg_cnt_o, A_BYTES) == cnt(cnt_q, A_BYTES) + KD_DENSE) ||
                            (cnt(dbg_cnt_o, A_BYTES) == cnt(cnt_q, A_BYTES) + KD_SPARSE))));
    end
  end

endmodule

`default_nettype wire
