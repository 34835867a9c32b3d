// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// tb_stc_dpi - SystemVerilog test bench of rtl/stc_tile with the golden C
// model (cmodel/) as its scoreboard, through DPI-C (sim/dpi/stc_dpi_pkg.sv,
// sim/dpi/stc_dpi.c). docs/dpi.md; built and run by `make dpi-test`.
//
// The bench generates its own commands (docs/architecture.md sections 2,
// 3 and 10): dense and 2:4 (legal metadata, any of the legal codes that
// cover a group's nonzeros, garbage nibbles on odd beats and in dense
// mode), with and without bias, with skipped blocks (all of them, once),
// M up to M_MAX and nblk up to KB_MAX, as one stream without reset between
// commands, then a reset and a second stream. Each channel is a queue over
// the whole stream that offers its next beat as soon as the previous one
// transferred; commands are offered early (valid held through the busy
// tile), on the first idle cycle, or after some idle cycles. Stalls come
// from $urandom with a fixed seed (+seed=N): gaps before a valid is raised,
// res_ready_i dropped.
//
// Two independent checks, each stopping at its first mismatch with
// "FAIL cycle C: signal: expected E, actual A" and $fatal (a non-zero exit
// status; Verilator 5.006's --main aborts, status 134):
//  - every cycle, every output port of the RTL, the dbg_*_o probes
//    included, against the golden model stepped with the same inputs
//    (+ref_only turns this one off, to show the other is live on its own);
//  - every result row against C = A * W (+ BIAS) computed here with a
//    plain triple loop over the dense operands the bench generated.
// Inputs change at the falling edge; the model steps at the rising edge and
// both sides are compared at the falling edge (all outputs are Moore).
`include "../../rtl/stc_tile_ports.svh"
module tb_stc_dpi #(
  parameter int N      = 4,
  parameter int M_MAX  = 16,
  parameter int KB_MAX = 4,
  parameter int NCMD   = 24     // random commands after the directed ones
);
  import stc_dpi_pkg::*;

  localparam int MW    = $clog2(M_MAX);
  localparam int KBW   = $clog2(KB_MAX);
  localparam int KMAX  = KB_MAX * 2 * N;  // largest dense K (2:4)
  localparam int NM    = STC_DPI_N_MAX;
  localparam int WMAX  = 32 * NM * NM;    // widest model vector
  localparam int WSKIP = 64;
  localparam int WBIAS = 32 * NM;
  localparam int WW    = 8 * NM;
  localparam int WMETA = 4 * NM;
  localparam int WA    = 16 * NM;
  // watchdog: three times the stall-free cycles of the largest commands
  localparam int TIMEOUT = 3 * (NCMD + 11) * (KB_MAX * (M_MAX + 3 * N + 1) + 2 * M_MAX) + 1000;

  // ---- the tile --------------------------------------------------------------
  // its signals are named like its ports (rtl/stc_tile_ports.svh)
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

  initial forever #5 clk_i = ~clk_i;

  // ---- the golden model, stepped at every rising edge ----------------------
  chandle h;
  int     cycle = 0;          // rising edges so far
  bit     cmp_model = 1'b1;   // +ref_only: 0
  int     cycles_compared = 0;
  int     rows_checked = 0;
  int     seed = 1;           // +seed=N

  initial forever begin
    @(posedge clk_i);
    // the inputs were set at the falling edge: they hold the ending cycle's values
    stc_dpi_step(h, rst_ni, cmd_valid_i, cmd_mode_i, int'(cmd_m_i), int'(cmd_nblk_i),
                 WSKIP'(cmd_skip_i), cmd_bias_i, bias_valid_i, WBIAS'(bias_data_i), w_valid_i,
                 WW'(w_data_i), WMETA'(w_meta_i), a_valid_i, WA'(a_data_i), res_ready_i);
    cycle = cycle + 1;
    if (cycle > TIMEOUT) fail($sformatf("timeout: %0d cycles", TIMEOUT));
  end

  function automatic void fail(string what);
    $display("FAIL cycle %0d: %s", cycle, what);
    $fatal(1, "tb_stc_dpi: FAIL (seed %0d)", seed);
  endfunction

  function automatic string cnt_name(int j);
    case (j)
      0: return "cycles";
      1: return "stall_cycles";
      2: return "macs_alg";
      3: return "macs_actual";
      4: return "macs_gated";
      5: return "macs_skipped";
      6: return "w_bytes";
      7: return "meta_bytes";
      default: return "a_bytes";
    endcase
  endfunction

  // Compares ne elements of ew bits (ew <= 32) of one port; where tells
  // how element i is named: 0 port, 1 PE (r*N + n), 2 column, 3 counter.
  localparam int P_PORT = 0, P_PE = 1, P_COL = 2, P_CNT = 3;
  function automatic void chk(string sig, int where, int ew, int ne,
                              logic [WMAX-1:0] expv, logic [WMAX-1:0] actv);
    logic [31:0] e, a, mask;
    string       el;
    if (actv === expv) return;
    mask = (ew >= 32) ? 32'hFFFF_FFFF : (32'd1 << ew) - 32'd1;
    for (int i = 0; i < ne; i++) begin
      e = 32'(expv >> (i * ew)) & mask;
      a = 32'(actv >> (i * ew)) & mask;
      if (a !== e) begin
        case (where)
          P_PE:    el = $sformatf("[PE(%0d,%0d)]", i / N, i % N);
          P_COL:   el = $sformatf("[column %0d]", i);
          P_CNT:   el = $sformatf("[%s]", cnt_name(i));
          default: el = "";
        endcase
        if (ew == 32)
          fail($sformatf("%s%s: expected %0d (0x%h), actual %0d (0x%h) [golden model]",
                         sig, el, $signed(e), e, $signed(a), a));
        else
          fail($sformatf("%s%s: expected %0d, actual %0d [golden model]", sig, el, e, a));
      end
    end
    fail($sformatf("%s: expected 0x%h, actual 0x%h [golden model]", sig, expv, actv));
  endfunction

  // Every output port against the model, at every falling edge after the
  // first rising one (the first reset edge).
  bit                     m_cmd_ready, m_bias_ready, m_w_ready, m_a_ready, m_res_valid, m_busy, m_err;
  bit [32*NM-1:0]         m_res_data, m_acc_wdata;
  int                     m_state, m_blk, m_beat;
  bit [NM*NM-1:0]         m_pe_v, m_pe_en, m_pe_en_q, m_pe_pv;
  bit [8*NM*NM-1:0]       m_pe_w;
  bit [2*NM*NM-1:0]       m_pe_idx;
  bit [32*NM*NM-1:0]      m_pe_act, m_pe_prod, m_pe_psum;
  bit [NM-1:0]            m_bot_v, m_acc_we;
  bit [STC_DPI_MW_MAX*NM-1:0] m_acc_row;
  bit [32*STC_DPI_CNT-1:0] m_cnt;

  initial forever begin
    @(negedge clk_i);
    if (cycle >= 1 && cmp_model) begin
      stc_dpi_eval(h, m_cmd_ready, m_bias_ready, m_w_ready, m_a_ready, m_res_valid, m_res_data,
                   m_busy, m_err);
      stc_dpi_probe(h, m_state, m_blk, m_beat, m_pe_v, m_pe_en, m_pe_en_q, m_pe_pv, m_pe_w,
                    m_pe_idx, m_pe_act, m_pe_prod, m_pe_psum, m_bot_v, m_acc_we, m_acc_row,
                    m_acc_wdata, m_cnt);
      chk("cmd_ready_o",  P_PORT, 1, 1, WMAX'(m_cmd_ready),  WMAX'(cmd_ready_o));
      chk("bias_ready_o", P_PORT, 1, 1, WMAX'(m_bias_ready), WMAX'(bias_ready_o));
      chk("w_ready_o",    P_PORT, 1, 1, WMAX'(m_w_ready),    WMAX'(w_ready_o));
      chk("a_ready_o",    P_PORT, 1, 1, WMAX'(m_a_ready),    WMAX'(a_ready_o));
      chk("res_valid_o",  P_PORT, 1, 1, WMAX'(m_res_valid),  WMAX'(res_valid_o));
      chk("busy_o",       P_PORT, 1, 1, WMAX'(m_busy),       WMAX'(busy_o));
      chk("err_o",        P_PORT, 1, 1, WMAX'(m_err),        WMAX'(err_o));
      chk("res_data_o",   P_COL, 32, N, WMAX'(m_res_data),   WMAX'(res_data_o));
      chk("dbg_state_o",  P_PORT, 3, 1, WMAX'(unsigned'(m_state)), WMAX'(dbg_state_o));
      chk("dbg_blk_o",    P_PORT, KBW, 1, WMAX'(unsigned'(m_blk)), WMAX'(dbg_blk_o));
      chk("dbg_beat_o",   P_PORT, MW, 1, WMAX'(unsigned'(m_beat)), WMAX'(dbg_beat_o));
      chk("dbg_pe_v_o",    P_PE, 1, N * N, WMAX'(m_pe_v),    WMAX'(dbg_pe_v_o));
      chk("dbg_pe_en_o",   P_PE, 1, N * N, WMAX'(m_pe_en),   WMAX'(dbg_pe_en_o));
      chk("dbg_pe_en_q_o", P_PE, 1, N * N, WMAX'(m_pe_en_q), WMAX'(dbg_pe_en_q_o));
      chk("dbg_pe_pv_o",   P_PE, 1, N * N, WMAX'(m_pe_pv),   WMAX'(dbg_pe_pv_o));
      chk("dbg_pe_w_o",    P_PE, 8, N * N, WMAX'(m_pe_w),    WMAX'(dbg_pe_w_o));
      chk("dbg_pe_idx_o",  P_PE, 2, N * N, WMAX'(m_pe_idx),  WMAX'(dbg_pe_idx_o));
      chk("dbg_pe_act_o",  P_PE, 32, N * N, m_pe_act,        WMAX'(dbg_pe_act_o));
      chk("dbg_pe_prod_o", P_PE, 32, N * N, m_pe_prod,       WMAX'(dbg_pe_prod_o));
      chk("dbg_pe_psum_o", P_PE, 32, N * N, m_pe_psum,       WMAX'(dbg_pe_psum_o));
      chk("dbg_bot_v_o",   P_COL, 1, N, WMAX'(m_bot_v),      WMAX'(dbg_bot_v_o));
      chk("dbg_acc_we_o",  P_COL, 1, N, WMAX'(m_acc_we),     WMAX'(dbg_acc_we_o));
      chk("dbg_acc_row_o", P_COL, MW, N, WMAX'(m_acc_row),   WMAX'(dbg_acc_row_o));
      chk("dbg_acc_wdata_o", P_COL, 32, N, WMAX'(m_acc_wdata), WMAX'(dbg_acc_wdata_o));
      chk("dbg_cnt_o",     P_CNT, 32, 9, WMAX'(m_cnt),       WMAX'(dbg_cnt_o));
      cycles_compared = cycles_compared + 1;
    end
  end

  // ---- stimulus ---------------------------------------------------------------
  typedef struct packed {
    logic              mode;
    logic [MW-1:0]     m;     // M - 1
    logic [KBW-1:0]    nblk;  // nblk - 1
    logic [KB_MAX-1:0] skip;
    logic              bias;
  } cmd_t;

  // One queue per channel over the whole stream, each beat with the idle
  // cycles before its valid is raised. Command gaps are the host policies
  // of docs/architecture.md section 10: -1 offers the command right after
  // the previous transfer (early), 0 on the first idle cycle (b2b), g > 0
  // after g idle cycles more (gap).
  cmd_t            cmd_q[$];
  int              cmd_gap_q[$];
  logic [32*N-1:0] bias_q[$];
  int              bias_gap_q[$];
  logic [12*N-1:0] w_q[$];      // {meta, data}
  int              w_gap_q[$];
  logic [16*N-1:0] a_q[$];
  int              a_gap_q[$];
  // Expected result rows, in the order the tile delivers them.
  logic [32*N-1:0] exp_q[$];
  int              exp_stall_q[$];  // res_ready_i is 0 with this % per cycle
  int              exp_cmd_q[$];
  int              exp_row_q[$];
  string           cmd_desc[$];

  // Operands of the command being generated.
  int A    [M_MAX][KMAX];          // int8
  int W    [KMAX][N];              // dense, skipped blocks all zero
  int Wc   [KMAX/2][N];            // 2:4 kept rows, b*N + r
  int META [KB_MAX][N][N/2];
  int BIAS [M_MAX][N];

  function automatic int rnd(int lo, int hi);
    return lo + int'($urandom_range(hi - lo));
  endfunction

  function automatic int rnd_i8();  // a quarter zeros: gated MACs
    return ($urandom_range(3) == 0) ? 0 : rnd(-128, 127);
  endfunction

  function automatic int rnd_gap(int stall);
    return (int'($urandom_range(99)) < stall) ? rnd(1, 3) : 0;
  endfunction

  // The six legal nibbles, idx_lo | idx_hi << 2 (docs/architecture.md section 2).
  function automatic logic [3:0] legal_code(int i);
    case (i)
      0: return 4'h4;
      1: return 4'h8;
      2: return 4'hC;
      3: return 4'h9;
      4: return 4'hD;
      default: return 4'hE;
    endcase
  endfunction

  // Generates one command's operands, queues its beats and its expected rows.
  // policy: -1 early, 0 b2b, g > 0 gap of g cycles (see cmd_gap_q).
  task automatic gen_cmd(input bit mode, input int m, input int nblk, input logic [KB_MAX-1:0] skip,
                         input bit bias, input int stall, input int policy);
    int   kd, nz, p0, p1, ncomp, pick, lo, hi;
    logic [3:0] code;
    logic [31:0] acc;
    logic [32*N-1:0] row;
    logic [12*N-1:0] wbeat;
    logic [16*N-1:0] abeat;
    cmd_t c;
    string desc;
    kd = mode ? 2 * N : N;
    for (int i = 0; i < m; i++)
      for (int k = 0; k < nblk * kd; k++)
        A[i][k] = rnd_i8();
    for (int k = 0; k < nblk * kd; k++)
      for (int n = 0; n < N; n++)
        W[k][n] = 0;
    for (int b = 0; b < nblk; b++) begin
      if (skip[b]) continue;
      if (!mode) begin
        for (int r = 0; r < N; r++)
          for (int n = 0; n < N; n++)
            W[b*N + r][n] = rnd_i8();
      end else begin
        for (int g = 0; g < N / 2; g++)
          for (int n = 0; n < N; n++) begin
            // 0, 1 or 2 nonzeros at random positions of the group
            nz = rnd(0, 2);
            p0 = rnd(0, 3);
            p1 = (p0 + rnd(1, 3)) % 4;
            if (nz >= 1) W[b*2*N + 4*g + p0][n] = rnd(1, 127) * (rnd(0, 1) != 0 ? 1 : -1);
            if (nz == 2) W[b*2*N + 4*g + p1][n] = rnd(1, 127) * (rnd(0, 1) != 0 ? 1 : -1);
            // any legal code whose two positions cover the nonzeros
            ncomp = 0;
            for (int i = 0; i < 6; i++) begin
              lo = int'(legal_code(i)) % 4;
              hi = int'(legal_code(i)) / 4;
              if ((nz < 1 || p0 == lo || p0 == hi) && (nz < 2 || p1 == lo || p1 == hi))
                ncomp++;
            end
            pick = rnd(0, ncomp - 1);
            code = 4'h0;
            for (int i = 0; i < 6; i++) begin
              lo = int'(legal_code(i)) % 4;
              hi = int'(legal_code(i)) / 4;
              if ((nz < 1 || p0 == lo || p0 == hi) && (nz < 2 || p1 == lo || p1 == hi)) begin
                if (pick == 0) code = legal_code(i);
                pick--;
              end
            end
            META[b][n][g]        = int'(code);
            Wc[b*N + 2*g][n]     = W[b*2*N + 4*g + int'(code) % 4][n];
            Wc[b*N + 2*g + 1][n] = W[b*2*N + 4*g + int'(code) / 4][n];
          end
      end
    end
    for (int i = 0; i < m; i++)
      for (int n = 0; n < N; n++)
        BIAS[i][n] = bias ? int'($urandom) : 0;

    // the command
    c.mode = mode;
    c.m    = MW'(m - 1);
    c.nblk = KBW'(nblk - 1);
    c.skip = skip;
    c.bias = bias;
    cmd_q.push_back(c);
    cmd_gap_q.push_back(policy);
    desc = $sformatf("%s M=%0d nblk=%0d skip=%b", mode ? "2:4  " : "dense", m, nblk, skip);
    if (bias) desc = {desc, " bias"};
    desc = {desc, $sformatf(" stall=%0d%%", stall)};
    if (policy < 0) desc = {desc, " early"};
    else if (policy == 0) desc = {desc, " b2b"};
    else desc = {desc, $sformatf(" gap %0d", policy)};
    cmd_desc.push_back(desc);
    // bias rows
    if (bias)
      for (int i = 0; i < m; i++) begin
        for (int n = 0; n < N; n++) row[32*n +: 32] = BIAS[i][n];
        bias_q.push_back(row);
        bias_gap_q.push_back(rnd_gap(stall));
      end
    // per loaded block: N weight beats, then M activation beats
    for (int b = 0; b < nblk; b++) begin
      if (skip[b]) continue;
      for (int r = 0; r < N; r++) begin
        for (int n = 0; n < N; n++) begin
          wbeat[8*n +: 8] = 8'(mode ? Wc[b*N + r][n] : W[b*N + r][n]);
          // metadata on even 2:4 beats; garbage (illegal codes too) otherwise
          wbeat[8*N + 4*n +: 4] = (mode && r % 2 == 0) ? 4'(META[b][n][r/2]) : 4'($urandom);
        end
        w_q.push_back(wbeat);
        w_gap_q.push_back(rnd_gap(stall));
      end
      for (int i = 0; i < m; i++) begin
        for (int j = 0; j < 2 * N; j++)
          abeat[8*j +: 8] = (j < kd) ? 8'(A[i][b*kd + j]) : 8'($urandom);  // dense: upper half ignored
        a_q.push_back(abeat);
        a_gap_q.push_back(rnd_gap(stall));
      end
    end
    // the reference: C = A * W (+ BIAS), a plain triple loop, 32-bit wrap
    for (int i = 0; i < m; i++) begin
      for (int n = 0; n < N; n++) begin
        acc = 32'(BIAS[i][n]);
        for (int k = 0; k < nblk * kd; k++)
          acc = acc + 32'(A[i][k] * W[k][n]);
        row[32*n +: 32] = acc;
      end
      exp_q.push_back(row);
      exp_stall_q.push_back(stall);
      exp_cmd_q.push_back(cmd_desc.size() - 1);
      exp_row_q.push_back(i);
    end
  endtask

  task automatic gen_random(input int stall);
    int   m, nblk;
    logic [KB_MAX-1:0] skip;
    m    = rnd(1, M_MAX);
    nblk = rnd(1, KB_MAX);
    for (int b = 0; b < KB_MAX; b++) skip[b] = ($urandom_range(3) == 0);
    gen_cmd(1'($urandom), m, nblk, skip, 1'($urandom), stall,
            ($urandom_range(2) == 0) ? -1 : rnd(0, 1) * rnd(1, 8));
  endtask

  // ---- channel drivers: inputs change at the falling edge only --------------
  task automatic drive_cmd();
    cmd_t c;
    int   gap;
    while (cmd_q.size() != 0) begin
      c   = cmd_q.pop_front();
      gap = cmd_gap_q.pop_front();
      if (gap >= 0) begin
        while (!cmd_ready_o) @(negedge clk_i);
        repeat (gap) @(negedge clk_i);
      end
      {cmd_mode_i, cmd_m_i, cmd_nblk_i, cmd_skip_i, cmd_bias_i} = c;
      cmd_valid_i = 1'b1;
      while (!cmd_ready_o) @(negedge clk_i);
      @(negedge clk_i);  // transferred at the rising edge in between
      cmd_valid_i = 1'b0;
      cmd_mode_i = 1'($urandom);  // garbage while not valid
      cmd_m_i    = MW'($urandom);
      cmd_nblk_i = KBW'($urandom);
      cmd_skip_i = KB_MAX'({$urandom, $urandom});
      cmd_bias_i = 1'($urandom);
    end
  endtask

  task automatic drive_bias();
    while (bias_q.size() != 0) begin
      repeat (bias_gap_q.pop_front()) @(negedge clk_i);
      bias_data_i  = bias_q.pop_front();
      bias_valid_i = 1'b1;
      while (!bias_ready_o) @(negedge clk_i);
      @(negedge clk_i);
      bias_valid_i = 1'b0;
      for (int n = 0; n < N; n++) bias_data_i[32*n +: 32] = $urandom;
    end
  endtask

  task automatic drive_w();
    logic [12*N-1:0] beat;
    while (w_q.size() != 0) begin
      repeat (w_gap_q.pop_front()) @(negedge clk_i);
      // not {w_meta_i, w_data_i} = w_q.pop_front(): Verilator 5.006 splits an
      // assignment to a concatenation and pops twice
      beat = w_q.pop_front();
      {w_meta_i, w_data_i} = beat;
      w_valid_i = 1'b1;
      while (!w_ready_o) @(negedge clk_i);
      @(negedge clk_i);
      w_valid_i = 1'b0;
      for (int n = 0; n < N; n++) begin
        w_data_i[8*n +: 8] = 8'($urandom);
        w_meta_i[4*n +: 4] = 4'($urandom);
      end
    end
  endtask

  task automatic drive_a();
    while (a_q.size() != 0) begin
      repeat (a_gap_q.pop_front()) @(negedge clk_i);
      a_data_i  = a_q.pop_front();
      a_valid_i = 1'b1;
      while (!a_ready_o) @(negedge clk_i);
      @(negedge clk_i);
      a_valid_i = 1'b0;
      for (int j = 0; j < 2 * N; j++) a_data_i[8*j +: 8] = 8'($urandom);
    end
  endtask

  // Takes the result rows and checks each against the reference.
  task automatic drive_res();
    logic [32*N-1:0] e;
    while (exp_q.size() != 0) begin
      res_ready_i = int'($urandom_range(99)) >= exp_stall_q[0];
      if (res_valid_o && res_ready_i) begin  // transfers at the next rising edge
        e = exp_q.pop_front();
        for (int n = 0; n < N; n++)
          if (res_data_o[32*n +: 32] !== e[32*n +: 32])
            fail($sformatf("res_data_o[column %0d] (command %0d: %s, row %0d): expected %0d, actual %0d [SV reference GEMM]",
                           n, exp_cmd_q[0], cmd_desc[exp_cmd_q[0]], exp_row_q[0],
                           $signed(e[32*n +: 32]), $signed(res_data_o[32*n +: 32])));
        rows_checked = rows_checked + 1;
        if (exp_q.size() == 0 || exp_cmd_q[1] != exp_cmd_q[0])
          $display("cycle %6d: command %2d %s: %0d result rows OK", cycle, exp_cmd_q[0],
                   cmd_desc[exp_cmd_q[0]], exp_row_q[0] + 1);
        void'(exp_stall_q.pop_front());
        void'(exp_cmd_q.pop_front());
        void'(exp_row_q.pop_front());
      end
      @(negedge clk_i);
    end
    res_ready_i = 1'b0;
  endtask

  // Runs everything queued to its end, then checks the tile is idle.
  task automatic run_stream();
    fork
      drive_cmd();
      drive_bias();
      drive_w();
      drive_a();
      drive_res();
    join
    repeat (2) @(negedge clk_i);
    if (busy_o !== 1'b0 || cmd_ready_o !== 1'b1) fail("the tile is not idle after the last result");
    if (bias_q.size() != 0 || w_q.size() != 0 || a_q.size() != 0 || cmd_q.size() != 0)
      fail("beats left over after the last result");
  endtask

  initial begin
    int first_draw, nb3;
    if ($value$plusargs("seed=%d", seed)) begin end
    if ($test$plusargs("ref_only")) cmp_model = 1'b0;
    // seeds this thread's generator; the value is printed because Verilator
    // 5.006 drops a $urandom(seed) whose result is unused, seed and all
    first_draw = int'($urandom(seed));
    h = stc_dpi_create(N, M_MAX, KB_MAX);
    if (h == null) begin
      $display("FAIL: stc_dpi_create(%0d, %0d, %0d) refused the parameters", N, M_MAX, KB_MAX);
      $fatal(1, "tb_stc_dpi: FAIL");
    end
    stc_dpi_reset(h);
    $display("tb_stc_dpi: N=%0d M_MAX=%0d KB_MAX=%0d seed %0d (first draw %08h)", N, M_MAX, KB_MAX,
             seed, first_draw);
    if (!cmp_model) $display("tb_stc_dpi: +ref_only: the reference check only");

    // reset, at the falling edge as every input
    repeat (3) @(negedge clk_i);
    rst_ni = 1'b1;
    @(negedge clk_i);

    // stream 1: directed commands, then random ones, no reset in between
    // (M_MAX >= N >= 4 and KB_MAX >= 2: only nblk = 3 needs a bound)
    nb3 = (KB_MAX >= 4) ? 3 : 2;
    gen_cmd(1'b0, 2, 1, '0, 1'b0, 0, 0);                                // section 5's example
    gen_cmd(1'b0, 3, 2, '0, 1'b1, 0, -1);                               // bias, offered early
    gen_cmd(1'b1, 4, nb3, KB_MAX'(4'b1010), 1'b1, 0, 0);                // 2:4, block 1 skipped, a skip
                                                                        // bit >= nblk (ignored)
    gen_cmd(1'b1, 4, 2, '0, 1'b0, 30, 3);                               // 2:4 with stalls
    gen_cmd(1'b0, 3, 2, KB_MAX'(2'b11), 1'b1, 30, -1);                  // every block skipped
    gen_cmd(1'b1, M_MAX, KB_MAX, '0, 1'b1, 20, 0);                      // largest command
    gen_cmd(1'b0, M_MAX, KB_MAX, KB_MAX'(1) << (KB_MAX - 1), 1'b0, 20, -1);
    for (int i = 0; i < NCMD; i++) gen_random(i % 3 == 0 ? 0 : 30);
    run_stream();

    // a reset between commands, then stream 2
    rst_ni = 1'b0;
    repeat (2) @(negedge clk_i);
    rst_ni = 1'b1;
    @(negedge clk_i);
    for (int i = 0; i < 4; i++) gen_random(30);
    run_stream();

    if (cmp_model)
      $display("PASS tb_stc_dpi: %0d commands, %0d result rows equal to the SV reference GEMM, every output and probe port equal to the golden model (DPI) in all %0d cycles",
               cmd_desc.size(), rows_checked, cycles_compared);
    else
      $display("PASS tb_stc_dpi (+ref_only): %0d commands, %0d result rows equal to the SV reference GEMM",
               cmd_desc.size(), rows_checked);
    stc_dpi_destroy(h);
    h = null;
    $finish;
  end

endmodule
