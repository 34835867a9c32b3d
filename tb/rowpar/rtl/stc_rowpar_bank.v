// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_rowpar_bank - the M_MAX x N INT32 accumulator bank of stc_rowpar_tile,
// one row of N columns per word, with a "row written" flag per row instead
// of a whole-bank clear.
//
// clr_i (a command transfer) clears every flag at once: a row whose flag is
// 0 reads as zero, and the first write after the clear replaces its word
// instead of adding to it, so the bank behaves exactly as if all M_MAX x N
// words had been zeroed (docs/architecture.md section 4) without touching
// them. Reset clears the flags too, which makes the words themselves (not
// reset) unobservable.
//
// One write port: set_i writes a bias row (set_data_i), else add_i adds
// add_data_i to row add_row_i column by column (32-bit wrap). Priority in
// one edge (never both in a legal flow): clear, then set, then add.
// rd_data_o is row rd_row_i (asynchronous read of registered state).
// Latency: a write is visible on rd_data_o in the cycle after its edge.
// Synchronous active-low reset clears the flags.
`default_nettype none

module stc_rowpar_bank #(
  parameter N     = 16,
  parameter M_MAX = 1024
) (
  input  wire                      clk_i,
  input  wire                      rst_ni,
  input  wire                      clr_i,
  input  wire                      set_i,
  input  wire [$clog2(M_MAX)-1:0]  set_row_i,
  input  wire [32*N-1:0]           set_data_i,
  input  wire                      add_i,
  input  wire [$clog2(M_MAX)-1:0]  add_row_i,
  input  wire [32*N-1:0]           add_data_i,
  input  wire [$clog2(M_MAX)-1:0]  rd_row_i,
  output wire [32*N-1:0]           rd_data_o
);

  localparam MW = $clog2(M_MAX);
  localparam [M_MAX-1:0] NO_ROWS = 0;

  generate
    if (M_MAX < 2 || (M_MAX & (M_MAX - 1)) != 0) begin : g_illegal
      stc_rowpar_bank_illegal_parameters u_illegal ();
    end
  endgenerate

  reg [32*N-1:0]  mem_q [0:M_MAX-1];
  reg [M_MAX-1:0] live_q, live_d;

  // ---- write port ------------------------------------------------------------
  wire            we   = set_i | add_i;
  wire [MW-1:0]   wrow = set_i ? set_row_i : add_row_i;
  wire [32*N-1:0] old  = live_q[add_row_i] ? mem_q[add_row_i] : {(32*N){1'b0}};
  reg  [32*N-1:0] wdata;
  integer         n;

  always @* begin
    for (n = 0; n < N; n = n + 1) begin
      wdata[32*n +: 32] = set_i ? set_data_i[32*n +: 32]
                                : old[32*n +: 32] + add_data_i[32*n +: 32];
    end
  end

  always @(posedge clk_i) begin
    if (we) begin
      mem_q[wrow] <= wdata;
    end
  end

  // ---- row flags ---------------------------------------------------------------
  always @* begin
    live_d = live_q;
    if (we) begin
      live_d[wrow] = 1'b1;
    end
    if (clr_i) begin
      live_d = NO_ROWS;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      live_q <= NO_ROWS;
    end else begin
      live_q <= live_d;
    end
  end

  // ---- read port -----------------------------------------------------------------
  assign rd_data_o = live_q[rd_row_i] ? mem_q[rd_row_i] : {(32*N){1'b0}};

endmodule

`default_nettype wire
