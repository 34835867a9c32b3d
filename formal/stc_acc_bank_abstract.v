// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_acc_bank (abstract) - an over-approximation of rtl/stc_acc_bank.v
// for the proofs at the shipped size (scripts/formal.sh, the *-full
// proofs): same module name, ports and parameters, but no storage. At
// N = 16 and M_MAX = 1024 the real bank is 16 x 1024 x 32 data bits and
// 16 x 1024 valid bits, which no bit-level engine here can take.
//
// What it keeps is the one fact of the real bank that the tile's protocol
// depends on: a combinational read of column n's row r returns the same
// data as in the previous cycle unless that column's row r was written
// (an accumulator write at its write pointer wr_row[n], kept here as the
// real bank keeps it, or a bias write), or the bank was cleared or reset,
// at the edge between them. Otherwise column n's rd_data_o is a free
// value, new in every cycle ($anyseq). Every behaviour of the real bank
// is therefore one of this model's (its read data are a function of the
// row and of the writes so far), so a property proven with this model
// holds with the real one; what it cannot prove is a property of the values themselves,
// which the bounded and N = 4 proofs with the real bank and the lockstep
// check. The probe wdata_o is a free value: no proof that uses this model
// reads it.
// Latency: as the real bank (combinational read, writes at the edge).
`default_nettype none

module stc_acc_bank #(
  parameter N     = 16,
  parameter M_MAX = 1024,
  parameter MW    = 10
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            clr_i,
  input  wire [MW-1:0]   m_i,
  input  wire            bias_we_i,
  input  wire [MW-1:0]   bias_row_i,
  input  wire [32*N-1:0] bias_data_i,
  input  wire [N-1:0]    we_i,
  input  wire [32*N-1:0] psum_i,
  input  wire [MW-1:0]   rd_row_i,
  output wire [32*N-1:0] rd_data_o,
  output wire [MW*N-1:0] wr_row_o,
  output wire [32*N-1:0] wdata_o
);

  (* anyseq *) wire [32*N-1:0] any_data;
  (* anyseq *) wire [32*N-1:0] any_wdata;

  reg            seen_q;      // a previous cycle exists (0 from the initial state)
  reg            cleared_q;   // the previous edge cleared or reset the bank
  reg [N-1:0]    hit_q;       // the previous edge wrote column n's read row
  reg [MW-1:0]   rd_row_q;
  reg [32*N-1:0] rd_data_q;
  reg [MW*N-1:0] wr_row_q;    // per column, as the real bank (section 4)
  reg [MW*N-1:0] wr_row_d;
  reg [N-1:0]    hit;

  integer n;
  always @* begin
    for (n = 0; n < N; n = n + 1) begin
      wr_row_d[MW*n +: MW] = !we_i[n] ? wr_row_q[MW*n +: MW] :
                             (wr_row_q[MW*n +: MW] == m_i) ? {MW{1'b0}} :
                             (wr_row_q[MW*n +: MW] + 1'b1);
      hit[n] = (we_i[n] && (wr_row_q[MW*n +: MW] == rd_row_i)) ||
               (bias_we_i && (bias_row_i == rd_row_i));
    end
  end

  genvar gn;
  generate
    for (gn = 0; gn < N; gn = gn + 1) begin : g_col
      wire same = seen_q && !cleared_q && !hit_q[gn] && (rd_row_i == rd_row_q);
      assign rd_data_o[32*gn +: 32] = same ? rd_data_q[32*gn +: 32] : any_data[32*gn +: 32];
    end
  endgenerate

  assign wr_row_o = wr_row_q;
  assign wdata_o  = any_wdata;

  always @(posedge clk_i) begin
    seen_q    <= 1'b1;
    cleared_q <= !rst_ni || clr_i;
    hit_q     <= hit;
    rd_row_q  <= rd_row_i;
    rd_data_q <= rd_data_o;
    if (!rst_ni || clr_i) begin
      wr_row_q <= {MW*N{1'b0}};
    end else begin
      wr_row_q <= wr_row_d;
    end
  end

  // unused by the model: the values written
  wire unused = ^{bias_data_i, psum_i};

endmodule

`default_nettype wire
