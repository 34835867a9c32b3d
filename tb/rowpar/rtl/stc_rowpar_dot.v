// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_rowpar_dot - the row-parallel datapath of stc_rowpar_tile: the
// weights of one K-block and, per activation beat, all N column dot
// products of that activation row at once (N x N multipliers, no array,
// no skew).
//
// Weights: w_q holds N rows x N columns of INT8 (element (r, n) at
// [8(rN + n) +: 8]); a weight transfer writes row w_row_i. In 2:4 mode an
// even beat also writes the 2-bit selects of rows r and r+1 from the
// metadata nibble of each column (docs/architecture.md section 2):
// idx(r, n) = nib[1:0] (lo), idx(r+1, n) = nib[3:2] (hi). Odd beats and
// dense mode leave idx_q alone (dense ignores it).
//
// Pipeline (2 stages, both registered):
//   stage 0, the transfer edge: act_q <= a_data_i, with its row number;
//   stage 1, the next edge:     sum_q[n] <= sum_r w(r, n) * sel(r, n),
//     sel(r, n) = dense: act[r]; 2:4: act[4*(r/2) + idx(r, n)] (the 4:1
//     mux of section 2), INT8 x INT8 sign-extended to 32 bits; and
//     nz_q <= the number of products with w != 0 and sel != 0.
// So a beat's column sums are in sum_q (sum_v_o = 1) two cycles after its
// transfer; the bank adds them at the end of that cycle.
// Synchronous active-low reset clears every register.
`default_nettype none

module stc_rowpar_dot #(
  parameter N     = 16,
  parameter M_MAX = 1024
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,
  input  wire                          mode_i,      // 0 dense, 1 2:4
  // weight port
  input  wire                          w_we_i,
  input  wire [$clog2(N)-1:0]          w_row_i,
  input  wire [8*N-1:0]                w_data_i,
  input  wire                          meta_we_i,   // 2:4 even beat: write idx of rows r, r+1
  input  wire [4*N-1:0]                w_meta_i,
  // activation port
  input  wire                          a_we_i,
  input  wire [$clog2(M_MAX)-1:0]      a_row_i,
  input  wire [16*N-1:0]               a_data_i,
  // column sums of one beat
  output wire                          sum_v_o,
  output wire [$clog2(M_MAX)-1:0]      sum_row_o,
  output wire [32*N-1:0]               sum_o,
  output wire [$clog2(N*N+1)-1:0]      nz_o         // nonzero x nonzero products
);

  localparam MW  = $clog2(M_MAX);
  localparam RW  = $clog2(N);
  localparam NZW = $clog2(N * N + 1);
  localparam [NZW-1:0] NZ_ONE = {{(NZW-1){1'b0}}, 1'b1};

  generate
    if (N < 4 || N > 16 || (N % 2) != 0 || M_MAX < N) begin : g_illegal
      stc_rowpar_dot_illegal_parameters u_illegal ();
    end
  endgenerate

  // ---- weights and 2:4 selects ---------------------------------------------
  reg [8*N*N-1:0] w_q, w_d;
  reg [2*N*N-1:0] idx_q, idx_d;
  integer         wr, wn;

  always @* begin
    w_d   = w_q;
    idx_d = idx_q;
    for (wr = 0; wr < N; wr = wr + 1) begin
      if (w_we_i && (w_row_i == wr[RW-1:0])) begin
        w_d[8*N*wr +: 8*N] = w_data_i;
        if (meta_we_i && (wr % 2 == 0)) begin
          for (wn = 0; wn < N; wn = wn + 1) begin
            idx_d[2*(N*wr + wn) +: 2]     = w_meta_i[4*wn +: 2];
            idx_d[2*(N*wr + N + wn) +: 2] = w_meta_i[4*wn + 2 +: 2];
          end
        end
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      w_q   <= {(8*N*N){1'b0}};
      idx_q <= {(2*N*N){1'b0}};
    end else begin
      w_q   <= w_d;
      idx_q <= idx_d;
    end
  end

  // ---- stage 0: the activation beat ------------------------------------------
  reg [16*N-1:0] act_q;
  reg            act_v_q;
  reg [MW-1:0]   act_row_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      act_q     <= {(16*N){1'b0}};
      act_v_q   <= 1'b0;
      act_row_q <= {MW{1'b0}};
    end else begin
      act_v_q <= a_we_i;
      if (a_we_i) begin
        act_q     <= a_data_i;
        act_row_q <= a_row_i;
      end
    end
  end

  // ---- stage 1: N x N products, N column sums ---------------------------------
  reg [32*N-1:0] sum_d;
  reg [NZW-1:0]  nz_d;
  reg [31:0]     col_sum;
  reg [31:0]     lane;
  reg [7:0]      wgt, sel;
  reg [15:0]     prod;
  integer        r, n;

  always @* begin
    sum_d = {(32*N){1'b0}};
    nz_d  = {NZW{1'b0}};
    for (n = 0; n < N; n = n + 1) begin
      col_sum = 32'd0;
      for (r = 0; r < N; r = r + 1) begin
        wgt  = w_q[8*(N*r + n) +: 8];
        lane = act_q[32*(r/2) +: 32];
        if (mode_i) begin
          sel = lane[8*idx_q[2*(N*r + n) +: 2] +: 8];
        end else begin
          sel = act_q[8*r +: 8];
        end
        prod    = $signed(wgt) * $signed(sel);
        col_sum = col_sum + {{16{prod[15]}}, prod};
        if ((wgt != 8'd0) && (sel != 8'd0)) begin
          nz_d = nz_d + NZ_ONE;
        end
      end
      sum_d[32*n +: 32] = col_sum;
    end
  end

  reg [32*N-1:0] sum_q;
  reg            sum_v_q;
  reg [MW-1:0]   sum_row_q;
  reg [NZW-1:0]  nz_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sum_q     <= {(32*N){1'b0}};
      sum_v_q   <= 1'b0;
      sum_row_q <= {MW{1'b0}};
      nz_q      <= {NZW{1'b0}};
    end else begin
      sum_v_q <= act_v_q;
      if (act_v_q) begin
        sum_q     <= sum_d;
        sum_row_q <= act_row_q;
        nz_q      <= nz_d;
      end
    end
  end

  assign sum_v_o   = sum_v_q;
  assign sum_row_o = sum_row_q;
  assign sum_o     = sum_q;
  assign nz_o      = nz_q;

endmodule

`default_nettype wire
