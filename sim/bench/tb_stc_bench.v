// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// tb_stc_bench - the Icarus Verilog row of make bench: rtl/stc_tile at
// N=16 (M_MAX, KB_MAX as the Verilator build) runs one vector file
// (docs/vector-format.md, version 1) REPS times back to back, stall-free,
// so that vvp's speed can be set against the bare Verilator model on the
// same workload (scripts/bench.sh).
//
//   vvp -n tb_stc_bench.vvp +vec=F.vec +mode=0|1 +m=M +k=K +skip=HEX +bias=0|1 +reps=R
//
// The header values come from the vector's own header lines (bench.sh
// reads them); the data sections are loaded with $readmemh as the flat
// stream of 32-bit values the format is designed to be: A (M x K), W
// (dense K x N, 2:4 K/2 x N kept values), META (2:4: one word per block and
// column), BIAS (M x N when present), C (M x N). The host is the one of
// docs/architecture.md section 10: the command, M bias rows, per loaded
// block N weight beats (metadata on even beats in 2:4) and M activation
// beats, then M result rows. Every result row is checked against the
// vector's C, and every command's cycle counter against the closed form of
// section 6, so a broken run is never timed as a fast one. Prints
// "PASS tb_stc_bench: R commands, C cycles" or FAIL lines; inputs change
// at the falling edge (all outputs are Moore).
`timescale 1ns / 1ps
`include "../../rtl/stc_tile_ports.svh"
module tb_stc_bench #(
  parameter N         = 16,
  parameter M_MAX     = 1024,
  parameter KB_MAX    = 64,
  parameter MEM_WORDS = 1 << 18   // values of the largest vector the bench loads
);

  localparam MW  = $clog2(M_MAX);
  localparam KBW = $clog2(KB_MAX);

  // The tile, its signals named like its ports (rtl/stc_tile_ports.svh);
  // of the probes only the counters are read (Icarus computes them all the
  // same).
  `STC_TILE_INPUT_REGS()
  `STC_TILE_OUTPUT_WIRES()
  `STC_TILE_PROBE_WIRES()

  stc_tile #(.N(N), .M_MAX(M_MAX), .KB_MAX(KB_MAX)) dut (
    `STC_TILE_CONNECT(),
    `STC_TILE_CONNECT_PROBES()
  );

  always #5 clk_i = ~clk_i;

  // Simulated clock cycles, reset included (what bench.sh divides by).
  integer cycles = 0;
  always @(posedge clk_i) cycles <= cycles + 1;

  reg [31:0]   mem [0:MEM_WORDS-1];
  reg [8*1024-1:0] vec;   // the path, up to 1024 characters
  integer      mode, m, k, bias, reps, kd, nblk, passes, exp_cycles;
  reg [63:0]   skip;
  integer      o_w, o_meta, o_bias, o_c, words;
  integer      errors = 0;

  task need_arg;
    input [255:0] name;
    input         found;
    begin
      if (!found) begin
        $display("FAIL tb_stc_bench: plusarg +%0s= missing", name);
        $finish;
      end
    end
  endtask

  // Sends the vector as one command and checks its rows and cycle counter.
  task run_cmd;
    input integer rep;
    integer b, r, n, i, j;
    begin
      cmd_valid_i = 1'b1;
      cmd_mode_i  = mode;
      cmd_m_i     = m - 1;
      cmd_nblk_i  = nblk - 1;
      cmd_skip_i  = skip;
      cmd_bias_i  = bias;
      while (!cmd_ready_o) @(negedge clk_i);
      @(negedge clk_i);
      cmd_valid_i = 1'b0;
      for (i = 0; bias && i < m; i = i + 1) begin
        bias_valid_i = 1'b1;
        for (n = 0; n < N; n = n + 1) bias_data_i[32*n +: 32] = mem[o_bias + i*N + n];
        while (!bias_ready_o) @(negedge clk_i);
        @(negedge clk_i);
      end
      bias_valid_i = 1'b0;
      for (b = 0; b < nblk; b = b + 1) begin
        if (!skip[b]) begin
          for (r = 0; r < N; r = r + 1) begin
            w_valid_i = 1'b1;
            for (n = 0; n < N; n = n + 1) begin
              w_data_i[8*n +: 8] = mem[o_w + (b*N + r)*N + n];
              w_meta_i[4*n +: 4] = (mode && r % 2 == 0) ? mem[o_meta + b*N + n] >> (4 * (r / 2)) : 0;
            end
            while (!w_ready_o) @(negedge clk_i);
            @(negedge clk_i);
          end
          w_valid_i = 1'b0;
          for (i = 0; i < m; i = i + 1) begin
            a_valid_i = 1'b1;
            for (j = 0; j < 2 * N; j = j + 1)
              a_data_i[8*j +: 8] = (j < kd) ? mem[i*k + b*kd + j] : 0;
            while (!a_ready_o) @(negedge clk_i);
            @(negedge clk_i);
          end
          a_valid_i = 1'b0;
        end
      end
      res_ready_i = 1'b1;
      for (i = 0; i < m; i = i + 1) begin
        while (!res_valid_o) @(negedge clk_i);
        for (n = 0; n < N; n = n + 1)
          if (res_data_o[32*n +: 32] !== mem[o_c + i*N + n]) begin
            if (errors < 5)
              $display("FAIL tb_stc_bench: command %0d: C[%0d][%0d] = %0d, expected %0d", rep, i, n,
                       $signed(res_data_o[32*n +: 32]), $signed(mem[o_c + i*N + n]));
            errors = errors + 1;
          end
        @(negedge clk_i);
      end
      res_ready_i = 1'b0;
      if (dbg_cnt_o[31:0] !== exp_cycles || err_o !== 1'b0) begin
        $display("FAIL tb_stc_bench: command %0d: %0d cycles, expected %0d; err_o %b", rep,
                 dbg_cnt_o[31:0], exp_cycles, err_o);
        errors = errors + 1;
      end
    end
  endtask

  integer rep, b;
  initial begin
    need_arg("vec", $value$plusargs("vec=%s", vec));
    need_arg("mode", $value$plusargs("mode=%d", mode));
    need_arg("m", $value$plusargs("m=%d", m));
    need_arg("k", $value$plusargs("k=%d", k));
    need_arg("skip", $value$plusargs("skip=%h", skip));
    need_arg("bias", $value$plusargs("bias=%d", bias));
    need_arg("reps", $value$plusargs("reps=%d", reps));
    kd     = mode ? 2 * N : N;
    nblk   = k / kd;
    o_w    = m * k;
    o_meta = o_w + (mode ? k / 2 : k) * N;
    o_bias = o_meta + (mode ? nblk * N : 0);
    o_c    = o_bias + (bias ? m * N : 0);
    words  = o_c + m * N;
    if (reps < 0 || m < 1 || m > M_MAX || nblk < 1 || nblk > KB_MAX || nblk * kd != k || words > MEM_WORDS) begin
      $display("FAIL tb_stc_bench: m=%0d k=%0d mode=%0d: not a vector this bench takes", m, k, mode);
      $finish;
    end
    $readmemh(vec, mem, 0, words - 1);
    passes = 0;
    for (b = 0; b < nblk; b = b + 1) passes = passes + !skip[b];
    exp_cycles = (bias ? m : 0) + passes * (m + 3 * N + 1) + m;
    repeat (2) @(negedge clk_i);
    rst_ni = 1'b1;
    for (rep = 0; rep < reps; rep = rep + 1) run_cmd(rep);
    if (errors == 0) $display("PASS tb_stc_bench: %0d commands, %0d cycles", reps, cycles);
    else             $display("FAIL tb_stc_bench: %0d errors", errors);
    $finish;
  end

  // A hung tile ends the run: twice the cycles the commands should take.
  initial begin : watchdog
    wait (exp_cycles > 0);
    #(20 * (reps * (exp_cycles + 2) + 10));
    $display("FAIL tb_stc_bench: timeout after %0d cycles", cycles);
    $finish;
  end

endmodule
