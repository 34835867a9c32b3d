// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// colser_cnt - the nine counters of docs/architecture.md section 7, for the
// column-serial tile: all 32 bits, wrapping, cleared by reset and by a
// command transfer (which sets macs_alg and macs_skipped from the command),
// holding their value otherwise. cycles counts every cycle with busy_o;
// stall_cycles a busy cycle in which a ready of the tile (bias, w, a) is 1
// without its valid, or res_valid_o is 1 without res_ready_i (the
// definition of section 7 for another micro-architecture). macs_actual
// and macs_gated add per computed column group: the products with both
// operands nonzero, and the rest of the group's N per column.
//
// Latency: the counters show a cycle's events from the next cycle on.
`default_nettype none

module colser_cnt import colser_pkg::*; #(
  parameter int unsigned N      = 16,
  parameter int unsigned M_MAX  = 1024,
  parameter int unsigned KB_MAX = 64,
  parameter int unsigned NZW    = 8,
  localparam int unsigned MW    = $clog2(M_MAX),
  localparam int unsigned KBW   = $clog2(KB_MAX)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic                   cmd_xfer_i,
  input  logic                   cmd_mode_i,
  input  logic [MW-1:0]          cmd_m_i,
  input  logic [KBW-1:0]         cmd_nblk_i,
  input  logic [KB_MAX-1:0]      cmd_skip_i,
  input  logic                   busy_i,
  input  logic                   stall_i,
  input  logic                   mode_i,
  input  logic                   w_xfer_i,
  input  logic                   w_even_i,
  input  logic                   a_xfer_i,
  input  logic                   calc_i,
  input  logic [NZW-1:0]         nz_i,
  input  logic [NZW-1:0]         pes_i,
  output logic [32*NUM_CNT-1:0]  cnt_o
);

  logic [31:0] cnt_q [NUM_CNT];
  logic [31:0] cnt_d [NUM_CNT];

  // The command's dense work and what it skips (section 7).
  logic [31:0] nblk, nskip, m, kd, alg, skipped;
  always_comb begin
    nblk  = 32'(cmd_nblk_i) + 32'd1;
    nskip = '0;
    for (int unsigned b = 0; b < KB_MAX; b++) begin
      if (b <= cmd_nblk_i && cmd_skip_i[b]) begin
        nskip = nskip + 32'd1;
      end
    end
    m       = 32'(cmd_m_i) + 32'd1;
    kd      = cmd_mode_i ? 32'(2 * N) : 32'(N);
    alg     = nblk * m * kd * 32'(N);
    skipped = nskip * m * kd * 32'(N) + (cmd_mode_i ? (nblk - nskip) * m * 32'(N * N) : 32'd0);
  end

  always_comb begin
    for (int unsigned j = 0; j < NUM_CNT; j++) begin
      cnt_d[j] = cnt_q[j];
    end
    if (cmd_xfer_i) begin
      for (int unsigned j = 0; j < NUM_CNT; j++) begin
        cnt_d[j] = '0;
      end
      cnt_d[CNT_MACS_ALG]     = alg;
      cnt_d[CNT_MACS_SKIPPED] = skipped;
    end else begin
      if (busy_i) begin
        cnt_d[CNT_CYCLES] = cnt_q[CNT_CYCLES] + 32'd1;
      end
      if (busy_i && stall_i) begin
        cnt_d[CNT_STALL] = cnt_q[CNT_STALL] + 32'd1;
      end
      if (calc_i) begin
        cnt_d[CNT_MACS_ACTUAL] = cnt_q[CNT_MACS_ACTUAL] + 32'(nz_i);
        cnt_d[CNT_MACS_GATED]  = cnt_q[CNT_MACS_GATED] + 32'(pes_i) - 32'(nz_i);
      end
      if (w_xfer_i) begin
        cnt_d[CNT_W_BYTES] = cnt_q[CNT_W_BYTES] + 32'(N);
        if (mode_i && w_even_i) begin
          cnt_d[CNT_META_BYTES] = cnt_q[CNT_META_BYTES] + 32'(N / 2);
        end
      end
      if (a_xfer_i) begin
        cnt_d[CNT_A_BYTES] = cnt_q[CNT_A_BYTES] + (mode_i ? 32'(2 * N) : 32'(N));
      end
    end
  end

  always_ff @(posedge clk_i) begin
    for (int unsigned j = 0; j < NUM_CNT; j++) begin
      cnt_q[j] <= rst_ni ? cnt_d[j] : 32'd0;
    end
  end

  always_comb begin
    for (int unsigned j = 0; j < NUM_CNT; j++) begin
      cnt_o[32*j +: 32] = cnt_q[j];
    end
  end

endmodule
