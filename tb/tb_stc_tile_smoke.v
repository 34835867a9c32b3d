// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// tb_stc_tile_smoke - Icarus smoke test of stc_tile at N=4, M_MAX=16,
// KB_MAX=4 (docs/architecture.md).
//
// Commands, each checked for res_data_o (against C computed here with plain
// loops over the decompressed matrices), for the cycle counter
// dbg_cnt_o[31:0] against the closed form of section 6, for
// macs_alg == nblk*M*KD*N == macs_actual + macs_gated + macs_skipped and
// for err_o == 0:
//   1. dense, M=2, nblk=1: the waveform example of section 5 (17 cycles)
//   2. dense, M=3, nblk=2, no bias, no skip
//   3. 2:4, M=5, nblk=3, bias, block 1 skipped (skip bit 3 >= nblk set:
//      must be ignored), garbage metadata on odd beats
//   4. command 3 again with random valid/ready stalls on every port:
//      cycles == closed form + stall_cycles
// Drives inputs and samples outputs at the falling edge (outputs are
// Moore, so ready/valid seen there hold for the next rising edge).
`timescale 1ns / 1ps
`include "../rtl/stc_tile_ports.svh"
module tb_stc_tile_smoke;

  localparam N      = 4;
  localparam M_MAX  = 16;
  localparam KB_MAX = 4;
  localparam MW     = $clog2(M_MAX);
  localparam KBW    = $clog2(KB_MAX);
  localparam KMAX   = KB_MAX * 2 * N;

  // the tile, its signals named like its ports (rtl/stc_tile_ports.svh)
  `STC_TILE_INPUT_REGS()
  `STC_TILE_OUTPUT_WIRES()
  `STC_TILE_PROBE_WIRES()

  stc_tile #(
    .N      (N),
    .M_MAX  (M_MAX),
    .KB_MAX (KB_MAX)
  ) dut (
    `STC_TILE_CONNECT(),
    `STC_TILE_CONNECT_PROBES()
  );

  always #5 clk_i = ~clk_i;

  // ---- test data ----------------------------------------------------------
  integer A    [0:M_MAX-1][0:KMAX-1];     // activations, int8
  integer W    [0:KMAX-1][0:N-1];         // dense (decompressed) weights
  integer Wc   [0:KMAX/2-1][0:N-1];       // 2:4 kept rows
  integer META [0:KB_MAX-1][0:N-1][0:N/2-1];
  integer BIAS [0:M_MAX-1][0:N-1];
  reg [31:0] C [0:M_MAX-1][0:N-1];        // expected result

  integer errors = 0;
  integer seed   = 7;
  integer stall_pct = 0;                  // % of beats preceded by a gap

  // deterministic pseudo-random numbers (LCG), value in [lo, hi]
  reg [31:0] lcg = 32'h1234_5678;
  function integer rnd;
    input integer lo;
    input integer hi;
    begin
      lcg = lcg * 32'd1664525 + 32'd1013904223;
      rnd = lo + (lcg[31:8] % (hi - lo + 1));
    end
  endfunction

  // Fills A, W (and Wc, META in 2:4), BIAS and computes C.
  task make_data;
    input integer mode;
    input integer m;
    input integer nblk;
    input [KB_MAX-1:0] skip;
    input integer bias;
    integer kd, b, g, n, p, r, k, i, nz, lo, hi, cnt;
    integer pos [0:3];
    reg [31:0] acc;
    begin
      kd = mode ? 2 * N : N;
      for (i = 0; i < m; i = i + 1)
        for (k = 0; k < nblk * kd; k = k + 1)
          A[i][k] = (rnd(0, 3) == 0) ? 0 : rnd(-128, 127);   // some zeros: gating
      for (k = 0; k < nblk * kd; k = k + 1)
        for (n = 0; n < N; n = n + 1)
          W[k][n] = 0;
      for (b = 0; b < nblk; b = b + 1) begin
        if (!skip[b]) begin
          if (!mode) begin
            for (r = 0; r < N; r = r + 1)
              for (n = 0; n < N; n = n + 1)
                W[b*N + r][n] = (rnd(0, 4) == 0) ? 0 : rnd(-128, 127);
          end else begin
            for (g = 0; g < N / 2; g = g + 1)
              for (n = 0; n < N; n = n + 1) begin
                // 0, 1 or 2 nonzeros at random positions of the group
                nz = rnd(0, 2);
                lo = rnd(0, 3);
                hi = rnd(0, 3);
                if (nz >= 1) W[b*2*N + 4*g + lo][n] = rnd(1, 127) * (rnd(0, 1) ? 1 : -1);
                if (nz == 2 && hi != lo) W[b*2*N + 4*g + hi][n] = rnd(-128, 127);
                // compress: kept = nonzero positions, filled up with the
                // lowest zero positions (canonical), ascending; an all-zero
                // group uses code 0xE instead of 0x4 every other time (any
                // legal code must work)
                cnt = 0;
                for (p = 0; p < 4; p = p + 1)
                  if (W[b*2*N + 4*g + p][n] != 0) begin pos[cnt] = p; cnt = cnt + 1; end
                if (cnt == 0 && rnd(0, 1)) begin
                  pos[0] = 2; pos[1] = 3; cnt = 2;
                end
                for (p = 0; p < 4 && cnt < 2; p = p + 1)
                  if (W[b*2*N + 4*g + p][n] == 0 && !(cnt == 1 && pos[0] == p)) begin
                    pos[cnt] = p; cnt = cnt + 1;
                  end
                if (pos[0] > pos[1]) begin p = pos[0]; pos[0] = pos[1]; pos[1] = p; end
                META[b][n][g]        = pos[0] | (pos[1] << 2);
                Wc[b*N + 2*g][n]     = W[b*2*N + 4*g + pos[0]][n];
                Wc[b*N + 2*g + 1][n] = W[b*2*N + 4*g + pos[1]][n];
              end
          end
        end
      end
      for (i = 0; i < m; i = i + 1)
        for (n = 0; n < N; n = n + 1) begin
          BIAS[i][n] = bias ? rnd(-100000, 100000) : 0;
          acc = BIAS[i][n];
          for (k = 0; k < nblk * kd; k = k + 1)
            acc = acc + A[i][k] * W[k][n];
          C[i][n] = acc;
        end
    end
  endtask

  // optional random gap before a beat (stall test)
  task maybe_gap;
    begin
      while (stall_pct != 0 && rnd(0, 99) < stall_pct) @(negedge clk_i);
    end
  endtask

  // Runs one command through the tile and checks it.
  task run_cmd;
    input [255:0] name;
    input integer mode;
    input integer m;
    input integer nblk;
    input [KB_MAX-1:0] skip;
    input integer bias;
    integer kd, b, r, n, i, j, passes, nskip, exp_cycles;
    reg [31:0] exp_alg, exp_skp;
    begin
      kd = mode ? 2 * N : N;
      make_data(mode, m, nblk, skip, bias);
      // command
      maybe_gap;
      cmd_valid_i = 1'b1;
      cmd_mode_i  = mode;
      cmd_m_i     = m - 1;
      cmd_nblk_i  = nblk - 1;
      cmd_skip_i  = skip;
      cmd_bias_i  = bias;
      while (!cmd_ready_o) @(negedge clk_i);
      @(negedge clk_i);
      cmd_valid_i = 1'b0;
      cmd_mode_i  = 1'bx;
      cmd_skip_i  = {KB_MAX{1'bx}};
      // bias rows
      if (bias) begin
        for (i = 0; i < m; i = i + 1) begin
          maybe_gap;
          bias_valid_i = 1'b1;
          for (n = 0; n < N; n = n + 1) bias_data_i[32*n +: 32] = BIAS[i][n];
          while (!bias_ready_o) @(negedge clk_i);
          @(negedge clk_i);
          bias_valid_i = 1'b0;
          bias_data_i  = {32*N{1'bx}};
        end
      end
      // blocks
      passes = 0;
      for (b = 0; b < nblk; b = b + 1) begin
        if (!skip[b]) begin
          passes = passes + 1;
          for (r = 0; r < N; r = r + 1) begin
            maybe_gap;
            w_valid_i = 1'b1;
            for (n = 0; n < N; n = n + 1) begin
              w_data_i[8*n +: 8] = mode ? Wc[b*N + r][n] : W[b*N + r][n];
              // metadata only on even beats in 2:4; garbage otherwise
              w_meta_i[4*n +: 4] = (mode && r % 2 == 0) ? META[b][n][r/2] : 4'hF;
            end
            while (!w_ready_o) @(negedge clk_i);
            @(negedge clk_i);
            w_valid_i = 1'b0;
            w_data_i  = {8*N{1'bx}};
            w_meta_i  = {4*N{1'bx}};
          end
          for (i = 0; i < m; i = i + 1) begin
            maybe_gap;
            a_valid_i = 1'b1;
            // the upper half is ignored in dense mode
            for (j = 0; j < 2 * N; j = j + 1)
              a_data_i[8*j +: 8] = (j < kd) ? A[i][b*kd + j] : 8'h5A;
            while (!a_ready_o) @(negedge clk_i);
            @(negedge clk_i);
            a_valid_i = 1'b0;
            a_data_i  = {16*N{1'bx}};
          end
        end
      end
      // results
      for (i = 0; i < m; i = i + 1) begin
        res_ready_i = 1'b0;
        maybe_gap;
        res_ready_i = 1'b1;
        while (!res_valid_o) @(negedge clk_i);
        for (n = 0; n < N; n = n + 1)
          if (res_data_o[32*n +: 32] !== C[i][n]) begin
            $display("FAIL %0s: C[%0d][%0d] = %0d, expected %0d", name, i, n,
                     $signed(res_data_o[32*n +: 32]), $signed(C[i][n]));
            errors = errors + 1;
          end
        @(negedge clk_i);
      end
      res_ready_i = 1'b0;
      if (dbg_state_o !== 3'd0 || busy_o !== 1'b0) begin
        $display("FAIL %0s: not IDLE after the last result (state %0d)", name, dbg_state_o);
        errors = errors + 1;
      end
      // counters
      nskip = nblk - passes;
      exp_cycles = (bias ? m : 0) + passes * (m + 3 * N + 1) + m;
      if (dbg_cnt_o[31:0] !== exp_cycles + dbg_cnt_o[63:32]) begin
        $display("FAIL %0s: cycles = %0d, expected %0d + stall_cycles %0d", name,
                 dbg_cnt_o[31:0], exp_cycles, dbg_cnt_o[63:32]);
        errors = errors + 1;
      end
      if (stall_pct == 0 && dbg_cnt_o[63:32] !== 0) begin
        $display("FAIL %0s: stall_cycles = %0d without stalls", name, dbg_cnt_o[63:32]);
        errors = errors + 1;
      end
      exp_alg = nblk * m * kd * N;
      exp_skp = nskip * m * kd * N + (mode ? (nblk - nskip) * m * N * N : 0);
      if (dbg_cnt_o[95:64] !== exp_alg || dbg_cnt_o[191:160] !== exp_skp ||
          dbg_cnt_o[95:64] !== dbg_cnt_o[127:96] + dbg_cnt_o[159:128] + dbg_cnt_o[191:160]) begin
        $display("FAIL %0s: macs alg %0d (exp %0d) actual %0d gated %0d skipped %0d (exp %0d)",
                 name, dbg_cnt_o[95:64], exp_alg, dbg_cnt_o[127:96], dbg_cnt_o[159:128],
                 dbg_cnt_o[191:160], exp_skp);
        errors = errors + 1;
      end
      if (dbg_cnt_o[223:192] !== passes * N * N ||
          dbg_cnt_o[255:224] !== (mode ? passes * (N / 2) * (N / 2) : 0) ||
          dbg_cnt_o[287:256] !== passes * m * (mode ? 2 * N : N)) begin
        $display("FAIL %0s: bytes w %0d meta %0d a %0d", name, dbg_cnt_o[223:192],
                 dbg_cnt_o[255:224], dbg_cnt_o[287:256]);
        errors = errors + 1;
      end
      if (err_o !== 1'b0) begin
        $display("FAIL %0s: err_o set", name);
        errors = errors + 1;
      end
      $display("%0s: %0d cycles (%0d stalls), macs actual %0d gated %0d skipped %0d",
               name, dbg_cnt_o[31:0], dbg_cnt_o[63:32], dbg_cnt_o[127:96], dbg_cnt_o[159:128],
               dbg_cnt_o[191:160]);
    end
  endtask

  // ---- cycle trace of command 1 against the waveform of section 5 -------
  // (cycle 0 = the command transfer cycle; checked from cycle 1 on)
  integer tr_cyc = -1;
  always @(posedge clk_i) begin
    // inputs and Moore outputs still hold the values of the ending cycle
    if (tr_on && tr_cyc < 0 && cmd_valid_i && cmd_ready_o) tr_cyc <= 1;
  end
  reg     tr_on  = 1'b0;
  reg [2:0] exp_state;
  reg [MW-1:0] exp_beat;
  always @(negedge clk_i) begin
    if (tr_cyc >= 1 && tr_cyc <= 18) begin
      exp_state = (tr_cyc == 18) ? 3'd0 : (tr_cyc <= 4) ? 3'd2 :
                  (tr_cyc <= 6) ? 3'd3 : (tr_cyc <= 15) ? 3'd4 : 3'd5;
      exp_beat  = (tr_cyc >= 2 && tr_cyc <= 4) ? tr_cyc - 1 :
                  (tr_cyc == 6 || tr_cyc == 17) ? 1 : 0;
      if (dbg_state_o !== exp_state || dbg_beat_o !== exp_beat ||
          dbg_cnt_o[31:0] !== tr_cyc - 1 ||
          cmd_ready_o !== (tr_cyc == 18) ||
          w_ready_o !== (tr_cyc >= 1 && tr_cyc <= 4) ||
          a_ready_o !== (tr_cyc == 5 || tr_cyc == 6) ||
          res_valid_o !== (tr_cyc == 16 || tr_cyc == 17) ||
          dbg_pe_v_o[0] !== (tr_cyc == 6 || tr_cyc == 7) ||
          dbg_pe_v_o[N*N-1] !== (tr_cyc == 12 || tr_cyc == 13) ||
          dbg_bot_v_o[0] !== (tr_cyc == 11 || tr_cyc == 12) ||
          dbg_bot_v_o[N-1] !== (tr_cyc == 14 || tr_cyc == 15)) begin
        $display("FAIL trace cycle %0d: state %0d beat %0d cnt %0d v00 %b v33 %b bot_v %b",
                 tr_cyc, dbg_state_o, dbg_beat_o, dbg_cnt_o[31:0], dbg_pe_v_o[0],
                 dbg_pe_v_o[N*N-1], dbg_bot_v_o);
        errors = errors + 1;
      end
      tr_cyc = tr_cyc + 1;
    end
  end

  initial begin : watchdog
    #200000;
    $display("FAIL: timeout");
    $finish;
  end

  initial begin
    // reset for a few cycles
    repeat (3) @(negedge clk_i);
    rst_ni = 1'b1;
    @(negedge clk_i);
    tr_on = 1'b1;
    run_cmd("dense-example", 0, 2, 1, 4'b0000, 0);
    tr_on = 1'b0;
    if (tr_cyc != 19) begin
      $display("FAIL trace: %0d cycles traced", tr_cyc);
      errors = errors + 1;
    end
    run_cmd("dense", 0, 3, 2, 4'b0000, 0);
    run_cmd("sparse-bias-skip", 1, 5, 3, 4'b1010, 1);
    stall_pct = 30;
    run_cmd("sparse-bias-skip-stalls", 1, 5, 3, 4'b1010, 1);
    stall_pct = 0;
    if (errors == 0) $display("PASS tb_stc_tile_smoke");
    else             $display("FAIL tb_stc_tile_smoke: %0d errors", errors);
    $finish;
  end

endmodule
