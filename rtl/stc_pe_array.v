// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_pe_array - N x N weight-stationary systolic array of stc_pe
// (docs/architecture.md section 5).
//
// PE(r, n) is element i = r*N + n of every flattened vector. Activation
// lanes enter row r at column 0 from the skew buffer and move right one
// column per cycle; partial sums move down one row per cycle. The bottom
// register bot_v_q[n] <= pv_q[N-1][n] marks the cycles in which
// psum_q[N-1][n] is a full column sum for the accumulator bank.
// Weight load: on ld_i (a weight transfer) row ld_row_i takes w_data_i;
// its idx_q takes 0 (dense) or, in 2:4 mode on an even row 2g, row 2g
// takes idx_lo_i and row 2g+1 takes idx_hi_i (the decoded nibbles).
// WBUF (section 11): 1 (base) the load writes the active w_q/idx_q, swap_i
// is unused by the PEs; 2 (dbuf) it writes the PEs' shadow ws_q/is_q
// (ld_row_i is then the load engine's beat, ld_beat_q), and swap_i copies
// every PE's shadow into w_q/idx_q at the edge (the row loaded in the
// same edge takes w_data_i / its idx directly).
// Latency: a lane in skew_act_i[r] during cycle u is in act_q[r][n]
// during u+1+n, its product in prod_q during u+2+n, its partial sum in
// psum_q[r][n] during u+3+n. For a beat whose row-r lane arrives at
// u = t+r (skew buffer), the full column sum is in psum_q[N-1][n] with
// bot_v_o[n] = 1 during t+2+N+n.
`default_nettype none

module stc_pe_array #(
  parameter N    = 16,
  parameter MW   = 10,
  parameter WBUF = 1     // 1 base, 2 dbuf (shadow weight registers)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // weight load
  input  wire              mode_i,       // 0 dense, 1 2:4
  input  wire              ld_i,         // weight transfer this cycle
  input  wire [MW-1:0]     ld_row_i,     // PE row being loaded (weight beat)
  input  wire              swap_i,       // dbuf: shadow -> active, all PEs
  input  wire [8*N-1:0]    w_data_i,     // column n at [8n +: 8]
  input  wire [2*N-1:0]    idx_lo_i,     // column n at [2n +: 2]
  input  wire [2*N-1:0]    idx_hi_i,
  // activation lanes from the skew buffer, row r at [32r +: 32] / bit r
  input  wire [32*N-1:0]   skew_act_i,
  input  wire [N-1:0]      skew_v_i,
  // bottom of the columns
  output reg  [N-1:0]      bot_v_o,      // bot_v_q
  output reg  [32*N-1:0]   bot_psum_o,   // psum_q[N-1][n]
  // probes, element i = r*N + n
  output reg  [N*N-1:0]    pe_v_o,
  output reg  [N*N-1:0]    pe_en_o,
  output reg  [N*N-1:0]    pe_en_q_o,
  output reg  [N*N-1:0]    pe_pv_o,
  output reg  [8*N*N-1:0]  pe_w_o,
  output reg  [2*N*N-1:0]  pe_idx_o,
  output reg  [32*N*N-1:0] pe_act_o,
  output reg  [32*N*N-1:0] pe_prod_o,
  output reg  [32*N*N-1:0] pe_psum_o
);

  // ---- parameter check (elaboration) -------------------------------------
  generate
    if (!((N >= 2) && (N % 2 == 0) && ((1 << MW) >= N) &&
          ((WBUF == 1) || (WBUF == 2)))) begin : g_illegal_parameters
`ifdef __ICARUS__
      // Icarus 11 has no elaboration system tasks: an unknown module stops it.
      stc_pe_array_illegal_parameters u_stop ();
`else
      $fatal(1, "stc_pe_array: N = %0d, MW = %0d, WBUF = %0d; need N even and >= 2 (2:4 loads rows in pairs), 2^MW >= N, WBUF 1 (base) or 2 (dbuf)", N, MW, WBUF);
`endif
    end
  endgenerate

  // Per-row load strobes and per-row idx data.
  reg [N-1:0]     w_we;
  reg [N-1:0]     idx_we;
  reg [2*N*N-1:0] idx_row;   // row r at [2N*r +: 2N]
  integer r;

  always @* begin
    for (r = 0; r < N; r = r + 1) begin
      w_we[r]   = ld_i && (ld_row_i == r[MW-1:0]);
      if (!mode_i) begin
        idx_we[r]               = w_we[r];
        idx_row[2*N*r +: 2*N]   = {2*N{1'b0}};
      end else if ((r % 2) == 0) begin
        idx_we[r]               = w_we[r];
        idx_row[2*N*r +: 2*N]   = idx_lo_i;
      end else begin
        idx_we[r]               = w_we[r-1];   // loaded with row 2g
        idx_row[2*N*r +: 2*N]   = idx_hi_i;
      end
    end
  end

  // Per-PE signals as unpacked arrays, element i = r*N + n. The flat probe
  // vectors are assembled from them in one loop below. Connecting the 256
  // instance outputs straight to slices of an 8192-bit vector made the C++
  // model of Verilator build it by chained wide concatenations (quadratic;
  // that dominated the simulation time).
  wire [31:0] act_w  [0:N*N-1];
  wire        v_w    [0:N*N-1];
  wire        pv_w   [0:N*N-1];
  wire        en_w   [0:N*N-1];
  wire        en_q_w [0:N*N-1];
  wire [7:0]  w_w    [0:N*N-1];
  wire [1:0]  idx_w  [0:N*N-1];
  wire [31:0] prod_w [0:N*N-1];
  wire [31:0] psum_w [0:N*N-1];

  genvar gr, gn;
  generate
    for (gr = 0; gr < N; gr = gr + 1) begin : g_row
      for (gn = 0; gn < N; gn = gn + 1) begin : g_col
        localparam integer I = gr * N + gn;
        wire [31:0] act_in;
        wire        v_in;
        wire [31:0] psum_in;

        if (gn == 0) begin : g_left
          assign act_in = skew_act_i[32*gr +: 32];
          assign v_in   = skew_v_i[gr];
        end else begin : g_inner
          assign act_in = act_w[I-1];
          assign v_in   = v_w[I-1];
        end

        if (gr == 0) begin : g_top
          assign psum_in = 32'd0;
        end else begin : g_below
          assign psum_in = psum_w[I-N];
        end

        stc_pe #(
          .WBUF (WBUF)
        ) u_pe (
          .clk_i    (clk_i),
          .rst_ni   (rst_ni),
          .w_we_i   (w_we[gr]),
          .w_i      (w_data_i[8*gn +: 8]),
          .idx_we_i (idx_we[gr]),
          .idx_i    (idx_row[2*N*gr + 2*gn +: 2]),
          .swap_i   (swap_i),
          .act_i    (act_in),
          .v_i      (v_in),
          .psum_i   (psum_in),
          .act_o    (act_w[I]),
          .v_o      (v_w[I]),
          .pv_o     (pv_w[I]),
          .en_o     (en_w[I]),
          .en_q_o   (en_q_w[I]),
          .w_o      (w_w[I]),
          .idx_o    (idx_w[I]),
          .prod_o   (prod_w[I]),
          .psum_o   (psum_w[I])
        );
      end
    end
  endgenerate

  integer i;

  always @* begin
    for (i = 0; i < N * N; i = i + 1) begin
      pe_act_o[32*i +: 32]  = act_w[i];
      pe_v_o[i]             = v_w[i];
      pe_pv_o[i]            = pv_w[i];
      pe_en_o[i]            = en_w[i];
      pe_en_q_o[i]          = en_q_w[i];
      pe_w_o[8*i +: 8]      = w_w[i];
      pe_idx_o[2*i +: 2]    = idx_w[i];
      pe_prod_o[32*i +: 32] = prod_w[i];
      pe_psum_o[32*i +: 32] = psum_w[i];
    end
    bot_psum_o = pe_psum_o[32*N*(N-1) +: 32*N];
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      bot_v_o <= {N{1'b0}};
    end else begin
      bot_v_o <= pe_pv_o[N*(N-1) +: N];
    end
  end

endmodule

`default_nettype wire
