// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_rowpar_cnt - the nine 32-bit wrapping counters of stc_rowpar_tile
// (docs/architecture.md section 7), packed in that table's order on cnt_o
// ([32j +: 32]): cycles, stall_cycles, macs_alg, macs_actual, macs_gated,
// macs_skipped, w_bytes, meta_bytes, a_bytes.
//
// A command transfer clears them all and sets macs_alg = nblk*M*KD*N and
// macs_skipped = nskip*M*KD*N (+ (nblk-nskip)*M*N*N in 2:4) from the
// incoming command (KD = N dense, 2N in 2:4; nskip = nblk - npass_i).
// Otherwise: cycles +1 per busy cycle, stall_cycles +1 per waiting cycle
// (stall_i), w_bytes +N per weight transfer, meta_bytes +N/2 per even 2:4
// weight transfer, a_bytes +N (dense) or 2N (2:4) per activation transfer,
// and per activation beat leaving stc_rowpar_dot (mac_v_i, two cycles
// after its transfer) macs_actual +nz_i and macs_gated +N*N-nz_i.
// Latency: one cycle (the counters are registers updated at the edge).
// Synchronous active-low reset clears every counter.
`default_nettype none

module stc_rowpar_cnt #(
  parameter N      = 16,
  parameter M_MAX  = 1024,
  parameter KB_MAX = 64
) (
  input  wire                       clk_i,
  input  wire                       rst_ni,
  // the command being transferred
  input  wire                       cmd_xfer_i,
  input  wire                       cmd_mode_i,
  input  wire [$clog2(M_MAX)-1:0]   cmd_m_i,
  input  wire [$clog2(KB_MAX)-1:0]  cmd_nblk_i,
  input  wire [$clog2(KB_MAX):0]    npass_i,
  // events
  input  wire                       busy_i,
  input  wire                       stall_i,
  input  wire                       mode_i,
  input  wire                       w_xfer_i,
  input  wire                       meta_xfer_i,
  input  wire                       a_xfer_i,
  input  wire                       mac_v_i,
  input  wire [$clog2(N*N+1)-1:0]   nz_i,
  output wire [32*9-1:0]            cnt_o
);

  localparam MW  = $clog2(M_MAX);
  localparam KBW = $clog2(KB_MAX);
  localparam NZW = $clog2(N * N + 1);

  localparam [31:0] ONE     = 32'd1;
  localparam [31:0] NN      = N * N;
  localparam [31:0] W_BEAT  = N;
  localparam [31:0] M_BEAT  = N / 2;
  localparam [31:0] A_DENSE = N;
  localparam [31:0] A_SP24  = 2 * N;

  localparam CYCLES = 0, STALL = 1, ALG = 2, ACTUAL = 3, GATED = 4, SKIPPED = 5,
             WBYTES = 6, MBYTES = 7, ABYTES = 8;

  // ---- closed forms of the incoming command ------------------------------------
  wire [31:0] m32    = {{(32-MW){1'b0}}, cmd_m_i} + ONE;
  wire [31:0] nblk32 = {{(32-KBW){1'b0}}, cmd_nblk_i} + ONE;
  wire [31:0] pass32 = {{(31-KBW){1'b0}}, npass_i};
  wire [31:0] kdn    = cmd_mode_i ? 2 * NN : NN;        // KD * N
  wire [31:0] alg    = nblk32 * m32 * kdn;
  wire [31:0] skipd  = (nblk32 - pass32) * m32 * kdn +
                       (cmd_mode_i ? pass32 * m32 * NN : 32'd0);

  wire [31:0] nz32   = {{(32-NZW){1'b0}}, nz_i};

  reg [32*9-1:0] cnt_q, cnt_d;

  always @* begin
    cnt_d = cnt_q;
    if (cmd_xfer_i) begin
      cnt_d                   = {(32*9){1'b0}};
      cnt_d[32*ALG +: 32]     = alg;
      cnt_d[32*SKIPPED +: 32] = skipd;
    end else begin
      if (busy_i) begin
        cnt_d[32*CYCLES +: 32] = cnt_q[32*CYCLES +: 32] + ONE;
      end
      if (stall_i) begin
        cnt_d[32*STALL +: 32] = cnt_q[32*STALL +: 32] + ONE;
      end
      if (mac_v_i) begin
        cnt_d[32*ACTUAL +: 32] = cnt_q[32*ACTUAL +: 32] + nz32;
        cnt_d[32*GATED +: 32]  = cnt_q[32*GATED +: 32] + (NN - nz32);
      end
      if (w_xfer_i) begin
        cnt_d[32*WBYTES +: 32] = cnt_q[32*WBYTES +: 32] + W_BEAT;
      end
      if (meta_xfer_i) begin
        cnt_d[32*MBYTES +: 32] = cnt_q[32*MBYTES +: 32] + M_BEAT;
      end
      if (a_xfer_i) begin
        cnt_d[32*ABYTES +: 32] = cnt_q[32*ABYTES +: 32] + (mode_i ? A_SP24 : A_DENSE);
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q <= {(32*9){1'b0}};
    end else begin
      cnt_q <= cnt_d;
    end
  end

  assign cnt_o = cnt_q;

endmodule

`default_nettype wire
