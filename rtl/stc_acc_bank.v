// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_acc_bank - per-column accumulator memories, M_MAX rows x N columns x
// 32 bits (docs/architecture.md sections 4 and 5).
//
// Ports, all acting at the rising edge:
//  - clr_i (command transfer) or reset: the whole bank reads 0 afterwards
//    and every write pointer wr_row[n] goes to 0.
//  - bias_we_i: row bias_row_i of every column takes bias_data_i (it wins
//    over an accumulator write to the same row, section 4).
//  - we_i[n] (= bot_v_q[n]): read-modify-write of column n at wr_row[n]:
//    acc[n][wr_row[n]] += psum_i[n] (32-bit wrap), then wr_row[n] advances
//    and wraps from m_i (= M-1) to 0. One RMW per column per cycle.
//  - rd_row_i: combinational read of row rd_row_i of every column (the
//    DRAIN read, res_data), latency 0 from registered state.
// Probes: wr_row_o (acc_row) and wdata_o (acc_wdata, 0 when not writing).
//
// Implementation of the single-cycle clear: every entry has a valid bit
// (vld_q, one M_MAX-bit vector per column). Clear and reset zero the valid
// bits only; an entry whose valid bit is 0 reads as 0 and the data array
// mem_q needs no reset. Observably the whole bank is 0 after reset and
// after a command transfer, as the contract requires; this is also how a
// real implementation would clear an SRAM-like bank in one cycle, and it
// keeps simulation cheap (no 16K-word clear loop; Verilator cannot do a
// non-blocking clear of a 16K-entry array in a loop anyway).
`default_nettype none

module stc_acc_bank #(
  parameter N     = 16,
  parameter M_MAX = 1024,
  parameter MW    = 10
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            clr_i,
  input  wire [MW-1:0]   m_i,          // M - 1 of the current command
  input  wire            bias_we_i,
  input  wire [MW-1:0]   bias_row_i,
  input  wire [32*N-1:0] bias_data_i,  // column n at [32n +: 32]
  input  wire [N-1:0]    we_i,         // bot_v_q
  input  wire [32*N-1:0] psum_i,       // psum_q[N-1][n]
  input  wire [MW-1:0]   rd_row_i,
  output wire [32*N-1:0] rd_data_o,
  output wire [MW*N-1:0] wr_row_o,     // wr_row[n] at [MW*n +: MW]
  output wire [32*N-1:0] wdata_o       // sum written, 0 when not writing
);

  // ---- parameter check (elaboration) -------------------------------------
  generate
    if (!((N >= 1) && (MW == $clog2(M_MAX)))) begin : g_illegal_parameters
`ifdef __ICARUS__
      // Icarus 11 has no elaboration system tasks: an unknown module stops it.
      stc_acc_bank_illegal_parameters u_stop ();
`else
      $fatal(1, "stc_acc_bank: N = %0d, M_MAX = %0d, MW = %0d; need N >= 1, MW = clog2(M_MAX)", N, M_MAX, MW);
`endif
    end
  endgenerate

  reg [31:0]      mem_q [0:N-1][0:M_MAX-1];
  reg [M_MAX-1:0] vld_q [0:N-1];
  reg [MW*N-1:0]  wr_row_q;
  wire [MW*N-1:0] wr_row_d;

  // Per column: read-modify-write data, next write pointer, drain read.
  // (Continuous assignments: each reads one array word, so event-driven
  // simulators need no sensitivity to the whole array.)
  genvar gn;
  generate
    for (gn = 0; gn < N; gn = gn + 1) begin : g_col
      wire [MW-1:0] row = wr_row_q[MW*gn +: MW];
      wire [31:0]   old = vld_q[gn][row] ? mem_q[gn][row] : 32'd0;

      assign wdata_o[32*gn +: 32]    = we_i[gn] ? (old + psum_i[32*gn +: 32]) : 32'd0;
      assign wr_row_d[MW*gn +: MW]   = !we_i[gn]     ? row :
                                       (row == m_i)  ? {MW{1'b0}} : (row + 1'b1);
      assign rd_data_o[32*gn +: 32]  = vld_q[gn][rd_row_i] ? mem_q[gn][rd_row_i] : 32'd0;
    end
  endgenerate

  integer n;

  always @(posedge clk_i) begin
    if (!rst_ni || clr_i) begin
      for (n = 0; n < N; n = n + 1) begin
        vld_q[n] <= {M_MAX{1'b0}};
      end
      wr_row_q <= {MW*N{1'b0}};
    end else begin
      for (n = 0; n < N; n = n + 1) begin
        if (we_i[n]) begin
          mem_q[n][wr_row_q[MW*n +: MW]] <= wdata_o[32*n +: 32];
          vld_q[n][wr_row_q[MW*n +: MW]] <= 1'b1;
        end
        // Second write port, after the first so that it wins on the same
        // row (section 4's priority; no legal flow has both in one cycle).
        if (bias_we_i) begin
          mem_q[n][bias_row_i] <= bias_data_i[32*n +: 32];
          vld_q[n][bias_row_i] <= 1'b1;
        end
      end
      wr_row_q <= wr_row_d;
    end
  end

  assign wr_row_o = wr_row_q;

endmodule

`default_nettype wire
