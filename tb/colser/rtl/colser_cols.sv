// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// colser_cols - the column-serial datapath (docs/architecture.md sections
// 1 and 2): the current pass's N x N weights with a 2-bit 2:4 select each,
// the activation row being computed, and CPC = ceil(N / GROUPS) column dot
// products, the columns of group grp_i: column n = grp_i * CPC + c. A row
// takes GROUPS cycles (colser_ctrl); N * CPC multipliers, not N * N.
//
// Weights: the weight beat r writes row r; in 2:4 mode an even beat also
// writes the selects of rows r and r+1 from its nibbles (lo, hi). The
// select picks element 4*(r/2) + idx of the 2N-wide 2:4 activation row;
// dense: element r. Latency: sum_o and nz_o are combinational from this
// module's registers and grp_i (a register of colser_ctrl).
`default_nettype none

module colser_cols import colser_pkg::*; #(
  parameter int unsigned N   = 16,
  localparam int unsigned RW  = $clog2(N),
  localparam int unsigned CPC = (N + GROUPS - 1) / GROUPS,
  localparam int unsigned NZW = $clog2(N * CPC + 1)
) (
  input  logic                 clk_i,
  input  logic                 mode_i,
  input  logic                 w_xfer_i,
  input  logic [RW-1:0]        w_row_i,
  input  logic [8*N-1:0]       w_data_i,
  input  logic [4*N-1:0]       w_meta_i,
  input  logic                 a_xfer_i,
  input  logic [16*N-1:0]      a_data_i,
  input  logic [1:0]           grp_i,
  output logic [CPC-1:0][31:0] sum_o,   // column grp_i * CPC + c
  output logic [CPC-1:0]       col_ok_o, // that column exists (< N)
  output logic [NZW-1:0]       nz_o,    // products with both operands nonzero
  output logic [NZW-1:0]       pes_o    // products of the group: N per column
);

  logic signed [7:0] w_q   [N][N];
  logic [1:0]        idx_q [N][N];
  logic [16*N-1:0]   act_q;

  always_ff @(posedge clk_i) begin
    if (w_xfer_i) begin
      for (int unsigned n = 0; n < N; n++) begin
        w_q[w_row_i][n] <= w_data_i[8*n +: 8];
        if (!mode_i) begin
          idx_q[w_row_i][n] <= 2'd0;
        end else if (!w_row_i[0]) begin
          idx_q[w_row_i][n]                  <= w_meta_i[4*n +: 2];
          idx_q[{w_row_i[RW-1:1], 1'b1}][n] <= w_meta_i[4*n+2 +: 2];
        end
      end
    end
    if (a_xfer_i) begin
      act_q <= a_data_i;
    end
  end

  int unsigned        n, j;
  logic signed [7:0]  a;
  logic signed [15:0] p;
  always_comb begin
    nz_o  = '0;
    pes_o = '0;
    n     = 0;
    j     = 0;
    a     = '0;
    p     = '0;
    for (int unsigned c = 0; c < CPC; c++) begin
      n           = int'(grp_i) * CPC + c;
      sum_o[c]    = '0;
      col_ok_o[c] = (n < N);
      if (n < N) begin
        pes_o = pes_o + NZW'(N);
        for (int unsigned r = 0; r < N; r++) begin
          j = mode_i ? 4 * (r / 2) + 32'(idx_q[r][n]) : r;
          a = act_q[8*j +: 8];
          p = w_q[r][n] * a;
          sum_o[c] = sum_o[c] + {{16{p[15]}}, p};
          if (w_q[r][n] != 0 && a != 0) begin
            nz_o = nz_o + 1'b1;
          end
        end
      end
    end
  end

endmodule
