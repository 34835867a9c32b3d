// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// colser_bank - the accumulator bank (docs/architecture.md section 1):
// M_MAX rows of N INT32 words, never cleared. A bias row replaces row
// beat_i; a computed column group adds into row row_i (32-bit wrap), or
// replaces it while fresh_i (no bias and no earlier pass in this command),
// so every command starts from a cleared bank without clearing it. The
// result row is row beat_i in DRAIN, 0 otherwise and while fresh_i (a
// command with neither bias nor a loaded pass returns zeros).
//
// Latency: writes at the clock edge; res_data_o is a read of the registers
// at beat_i (a register of colser_ctrl): Moore.
`default_nettype none

module colser_bank import colser_pkg::*; #(
  parameter int unsigned N     = 16,
  parameter int unsigned M_MAX = 1024,
  localparam int unsigned MW   = $clog2(M_MAX),
  localparam int unsigned CPC  = (N + GROUPS - 1) / GROUPS
) (
  input  logic                 clk_i,
  input  logic                 bias_we_i,
  input  logic [MW-1:0]        beat_i,
  input  logic [32*N-1:0]      bias_data_i,
  input  logic                 calc_i,
  input  logic [MW-1:0]        row_i,
  input  logic [1:0]           grp_i,
  input  logic                 fresh_i,
  input  logic [CPC-1:0][31:0] sum_i,
  input  logic [CPC-1:0]       col_ok_i,
  input  logic                 drain_i,
  output logic [32*N-1:0]      res_data_o
);

  logic [31:0] acc_q [M_MAX][N];

  always_ff @(posedge clk_i) begin
    if (bias_we_i) begin
      for (int unsigned n = 0; n < N; n++) begin
        acc_q[beat_i][n] <= bias_data_i[32*n +: 32];
      end
    end
    if (calc_i) begin
      for (int unsigned c = 0; c < CPC; c++) begin
        if (col_ok_i[c]) begin
          acc_q[row_i][int'(grp_i) * CPC + c] <=
              (fresh_i ? 32'd0 : acc_q[row_i][int'(grp_i) * CPC + c]) + sum_i[c];
        end
      end
    end
  end

  always_comb begin
    res_data_o = '0;
    if (drain_i && !fresh_i) begin
      for (int unsigned n = 0; n < N; n++) begin
        res_data_o[32*n +: 32] = acc_q[beat_i][n];
      end
    end
  end

endmodule
