// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_skip_miter - block skip changes no result row (docs/architecture.md
// sections 4 and 6). Two instances of the tile run one command of the same
// shape (mode_i, m_i rows, nblk_i blocks, bias_i: inputs the caller ties to
// constants) on the same operands, free values chosen once (anyconst: every
// A, W, metadata and bias value, illegal metadata included):
//  - u_full (g_inst[0]) computes every block; block b_i's weights are all
//    zero there (with the legal metadata code 0x4);
//  - u_skip (g_inst[1]) has skip bit b_i set, so it never loads nor
//    streams block b_i.
// Each instance has its own host, which sends the rows the instance asks
// for, in its own order. u_full's host never stalls. u_skip's host offers
// its k-th weight (activation) beat only once u_full takes its k-th beat
// of a block other than b_i: the skipping tile waits while the other
// computes the zero block, so their passes line up and ABC's structural
// hashing folds the two datapaths together. The waiting is an input
// stall, which the tile must accept at any point.
// Every result row is stored by index, per instance; once both have
// delivered all m_i rows the stores must be equal and err_o must agree,
// and both must be done by cycle depth_i. Bounded, one command from reset:
// make formal (scripts/formal.sh) ties the shape, builds an AIG and runs
// ABC's bmc3 for every shape of the small tile, depth_i just past
// u_full's last row.
`default_nettype none
`include "../rtl/stc_tile_ports.svh"

module stc_skip_miter #(
  parameter N      = 4,
  parameter M_MAX  = 4,
  parameter KB_MAX = 2,
  parameter MW     = $clog2(M_MAX),
  parameter KBW    = $clog2(KB_MAX)
) (
  input wire         clk_i,
  // the command's shape: constants tied by the caller (formal.sh)
  input wire         mode_i,    // 0 dense, 1 2:4
  input wire [MW:0]  m_i,       // result rows, 1..M_MAX
  input wire [KBW:0] nblk_i,    // K-blocks, 1..KB_MAX
  input wire [KBW:0] b_i,       // the all-zero block u_skip skips, < nblk_i
  input wire         bias_i,
  input wire [7:0]   depth_i    // the bound: both done by this cycle
);

  localparam integer CW = KBW + MW + 2;     // beat counters: nblk * max(N, M) beats

  // ---- the operands: free, the same for both instances -------------------
  (* anyconst *) wire [16*N*M_MAX*KB_MAX-1:0] a_all;     // A beat (row m, block b)
  (* anyconst *) wire [8*N*N*KB_MAX-1:0]      w_all;     // W beat (block b, row r)
  (* anyconst *) wire [4*N*N*KB_MAX-1:0]      meta_all;  // its metadata
  (* anyconst *) wire [32*N*M_MAX-1:0]        bias_all;  // bias row m

  wire rst_ni = !$initstate;

  reg [7:0] step_q;
  always @(posedge clk_i) begin
    step_q <= rst_ni ? step_q + 8'd1 : 8'd0;
  end

  // pass p of a command with skip mask s computes the p-th block not in s
  function automatic [KBW:0] nth_block(input [KBW:0] p, input [KB_MAX-1:0] s,
                                       input [KBW:0] nblk);
    integer i;
    reg [KBW:0] seen;
    begin
      nth_block = {(KBW+1){1'b0}};
      seen      = {(KBW+1){1'b0}};
      for (i = 0; i < KB_MAX; i = i + 1) begin
        if (!s[i] && (i < nblk)) begin
          if (seen == p) begin
            nth_block = i[KBW:0];
          end
          seen = seen + 1'b1;
        end
      end
    end
  endfunction

  // u_full's beats of blocks other than B, taken so far (and this cycle):
  // what u_skip's host may offer
  reg  [CW-1:0] full_w_q, full_a_q;
  wire [CW-1:0] full_w, full_a;

  wire [1:0]          res_valid;
  wire [2*32*N-1:0]   res_data;        // instance t at [32*N*t +: 32*N]
  wire [1:0]          err;
  wire [2*(MW+1)-1:0] rows;            // result rows taken, t at [(MW+1)*t +: MW+1]
  wire [2*32*N*M_MAX-1:0] store;       // the rows, by index

  genvar t;
  generate
    for (t = 0; t < 2; t = t + 1) begin : g_inst
      wire [KB_MAX-1:0] tile_cmd_skip_i = (t == 1) ? ({{(KB_MAX-1){1'b0}}, 1'b1} << b_i) :
                                                     {KB_MAX{1'b0}};

      reg          sent_q;
      reg [MW:0]   bias_row_q;
      reg [KBW:0]  w_pass_q;
      reg [MW:0]   w_row_q;
      reg [KBW:0]  a_pass_q;
      reg [MW:0]   a_row_q;
      reg [CW-1:0] w_cnt_q, a_cnt_q;   // beats taken
      reg [MW:0]   rows_q;
      reg [32*N*M_MAX-1:0] store_q;

      // The tile's signals are named tile_<port> (rtl/stc_tile_ports.svh):
      // its outputs here, its inputs with the host logic that drives them.
      // The outputs are declared after the registers: before them, the
      // flops of the proof's AIG come in another order (the same circuit),
      // and ABC's run time may depend on that.
      `STC_TILE_OUTPUT_WIRES(tile_)

      wire [KBW:0] w_blk  = nth_block(w_pass_q, tile_cmd_skip_i, nblk_i);
      wire [KBW:0] a_blk  = nth_block(a_pass_q, tile_cmd_skip_i, nblk_i);
      wire         w_zero = (t == 0) && (w_blk == b_i);

      // one command of the caller's shape; bias rows and results never stall
      wire            tile_clk_i        = clk_i;
      wire            tile_rst_ni       = rst_ni;
      wire            tile_cmd_valid_i  = !sent_q;
      wire            tile_cmd_mode_i   = mode_i;
      wire [MW-1:0]   tile_cmd_m_i      = m_i[MW-1:0] - 1'b1;
      wire [KBW-1:0]  tile_cmd_nblk_i   = nblk_i[KBW-1:0] - 1'b1;
      wire            tile_cmd_bias_i   = bias_i;
      wire            tile_bias_valid_i = 1'b1;
      wire            tile_res_ready_i  = 1'b1;

      // u_full: always valid; u_skip: behind u_full's non-B beats
      wire tile_w_valid_i = (t == 0) || (w_cnt_q < full_w);
      wire tile_a_valid_i = (t == 0) || (a_cnt_q < full_a);
      wire w_take         = tile_w_valid_i && tile_w_ready_o;
      wire a_take         = tile_a_valid_i && tile_a_ready_o;

      wire [8*N-1:0]  tile_w_data_i    = w_zero ? {8*N{1'b0}} :
                                                  w_all[8*N*(w_blk*N + w_row_q) +: 8*N];
      wire [4*N-1:0]  tile_w_meta_i    = w_zero ? {N{4'h4}} :
                                                  meta_all[4*N*(w_blk*N + w_row_q) +: 4*N];
      wire [16*N-1:0] tile_a_data_i    = a_all[16*N*(a_row_q*KB_MAX + a_blk) +: 16*N];
      wire [32*N-1:0] tile_bias_data_i = bias_all[32*N*bias_row_q +: 32*N];

      if (t == 0) begin : g_full_beats
        assign full_w = full_w_q + {{(CW-1){1'b0}}, w_take && !w_zero};
        assign full_a = full_a_q + {{(CW-1){1'b0}}, a_take && (a_blk != b_i)};
        always @(posedge clk_i) begin
          full_w_q <= rst_ni ? full_w : {CW{1'b0}};
          full_a_q <= rst_ni ? full_a : {CW{1'b0}};
        end
      end

      always @(posedge clk_i) begin
        if (!rst_ni) begin
          sent_q     <= 1'b0;
          bias_row_q <= {(MW+1){1'b0}};
          w_pass_q   <= {(KBW+1){1'b0}};
          w_row_q    <= {(MW+1){1'b0}};
          a_pass_q   <= {(KBW+1){1'b0}};
          a_row_q    <= {(MW+1){1'b0}};
          w_cnt_q    <= {CW{1'b0}};
          a_cnt_q    <= {CW{1'b0}};
        end else begin
          if (tile_cmd_ready_o) begin
            sent_q <= 1'b1;
          end
          if (tile_bias_ready_o) begin
            bias_row_q <= bias_row_q + 1'b1;
          end
          if (w_take) begin
            w_cnt_q <= w_cnt_q + 1'b1;
            if (w_row_q == N - 1) begin
              w_row_q  <= {(MW+1){1'b0}};
              w_pass_q <= w_pass_q + 1'b1;
            end else begin
              w_row_q <= w_row_q + 1'b1;
            end
          end
          if (a_take) begin
            a_cnt_q <= a_cnt_q + 1'b1;
            if (a_row_q == m_i - 1'b1) begin
              a_row_q  <= {(MW+1){1'b0}};
              a_pass_q <= a_pass_q + 1'b1;
            end else begin
              a_row_q <= a_row_q + 1'b1;
            end
          end
        end
      end

      stc_tile #(
        .N      (N),
        .M_MAX  (M_MAX),
        .KB_MAX (KB_MAX)
      ) u_tile (
        `STC_TILE_CONNECT(tile_),
        // probes: unused here
        `STC_TILE_OPEN_PROBES
      );
      assign res_valid[t]             = tile_res_valid_o;
      assign res_data[32*N*t +: 32*N] = tile_res_data_o;
      assign err[t]                   = tile_err_o;

      // the result rows, stored by index (rows beyond M are not kept)
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          rows_q  <= {(MW+1){1'b0}};
          store_q <= {32*N*M_MAX{1'b0}};
        end else if (res_valid[t] && (rows_q < m_i)) begin
          rows_q <= rows_q + 1'b1;
          store_q[32*N*rows_q +: 32*N] <= res_data[32*N*t +: 32*N];
        end
      end
      assign rows[(MW+1)*t +: MW+1]            = rows_q;
      assign store[32*N*M_MAX*t +: 32*N*M_MAX] = store_q;
    end
  endgenerate

  wire [MW:0] rows_full = rows[0 +: MW+1];
  wire [MW:0] rows_skip = rows[MW+1 +: MW+1];
  wire [32*N*M_MAX-1:0] store_full = store[0 +: 32*N*M_MAX];
  wire [32*N*M_MAX-1:0] store_skip = store[32*N*M_MAX +: 32*N*M_MAX];
  wire done = (rows_full == m_i) && (rows_skip == m_i);

  always @* begin
    assume ((m_i >= 1) && (m_i <= M_MAX) && (nblk_i >= 1) && (nblk_i <= KB_MAX) && (b_i < nblk_i));
    if (rst_ni) begin
      // the same rows and the same err_o once both are done
      if (done) begin
        assert (store_full == store_skip);
        assert (err[0] == err[1]);
      end
      // no row beyond M, and done within the bound
      assert (!(res_valid[0] && (rows_full == m_i)));
      assert (!(res_valid[1] && (rows_skip == m_i)));
      if (step_q == depth_i) begin
        assert (done);
      end
    end
  end

endmodule

`default_nettype wire
