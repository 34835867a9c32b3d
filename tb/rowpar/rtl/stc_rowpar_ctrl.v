// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_rowpar_ctrl - controller of the row-parallel tile (stc_rowpar_tile):
// the command FSM, the handshake outputs and the sticky metadata error.
//
// States: IDLE -> [BIAS: M beats] -> { LOAD: N beats -> STREAM: M beats ->
// SETTLE: PIPE cycles } per loaded pass -> DRAIN: M beats -> IDLE. A pass
// counter (loaded blocks still to do) replaces a block index: the datapath
// never needs to know which block it works on, only how many passes are
// left, so a skipped block costs nothing and is never loaded nor streamed.
// SETTLE waits for the datapath pipeline (stc_rowpar_dot, then the bank
// write) to empty, so that DRAIN reads final rows and LOAD never overwrites
// weights a beat in flight still needs.
//
// Every output is a decode of registered state only (Moore). The error
// path is two registers deep: fault_q is set at the edge that transfers an
// even 2:4 weight beat with an illegal nibble (idx_lo >= idx_hi), err_q
// copies it one cycle later, so err_o rises two cycles after the faulty
// beat's transfer; both are cleared by a command transfer and by reset.
// Latency: command transfer -> busy_o 1 cycle; faulty beat -> err_o 2.
// Synchronous active-low reset clears every register.
`default_nettype none

module stc_rowpar_ctrl #(
  parameter N      = 16,
  parameter M_MAX  = 1024,
  parameter KB_MAX = 64
) (
  input  wire                       clk_i,
  input  wire                       rst_ni,
  // command
  input  wire                       cmd_valid_i,
  output wire                       cmd_ready_o,
  input  wire                       cmd_mode_i,
  input  wire [$clog2(M_MAX)-1:0]   cmd_m_i,
  input  wire [$clog2(KB_MAX)-1:0]  cmd_nblk_i,
  input  wire [KB_MAX-1:0]          cmd_skip_i,
  input  wire                       cmd_bias_i,
  // data channels (valid in, ready out)
  input  wire                       bias_valid_i,
  output wire                       bias_ready_o,
  input  wire                       w_valid_i,
  output wire                       w_ready_o,
  input  wire [4*N-1:0]             w_meta_i,
  input  wire                       a_valid_i,
  output wire                       a_ready_o,
  output wire                       res_valid_o,
  input  wire                       res_ready_i,
  output wire                       busy_o,
  output wire                       err_o,
  // to the datapath and the counters
  output wire                       mode_o,     // mode of the current command
  output wire [$clog2(M_MAX)-1:0]   beat_o,     // beat of the current phase
  output wire                       cmd_xfer_o,
  output wire                       bias_xfer_o,
  output wire                       w_xfer_o,
  output wire                       meta_xfer_o, // weight transfer on an even 2:4 beat
  output wire                       a_xfer_o,
  output wire                       stall_o,    // a waiting cycle (section 7)
  output wire [$clog2(KB_MAX):0]    npass_o     // loaded blocks of the incoming command
);

  localparam MW   = $clog2(M_MAX);
  localparam KBW  = $clog2(KB_MAX);
  localparam PIPE = 2;  // datapath depth: activation register, sum register

  localparam [2:0] ST_IDLE   = 3'd0;
  localparam [2:0] ST_BIAS   = 3'd1;
  localparam [2:0] ST_LOAD   = 3'd2;
  localparam [2:0] ST_STREAM = 3'd3;
  localparam [2:0] ST_SETTLE = 3'd4;
  localparam [2:0] ST_DRAIN  = 3'd5;

  localparam [MW-1:0]  BEAT_ONE  = {{(MW-1){1'b0}}, 1'b1};
  localparam [31:0]    ROWS_M1   = N - 1;
  localparam [31:0]    PIPE_M1   = PIPE - 1;
  localparam [MW-1:0]  LAST_ROW  = ROWS_M1[MW-1:0];
  localparam [MW-1:0]  LAST_PIPE = PIPE_M1[MW-1:0];
  localparam [KBW:0]   PASS_ONE  = {{KBW{1'b0}}, 1'b1};

  generate
    if (N < 4 || N > 16 || (N % 2) != 0 || M_MAX < N || M_MAX > 65536 ||
        (M_MAX & (M_MAX - 1)) != 0 || KB_MAX < 2 || KB_MAX > 64 ||
        (KB_MAX & (KB_MAX - 1)) != 0) begin : g_illegal
      stc_rowpar_ctrl_illegal_parameters u_illegal ();
    end
  endgenerate

  reg [2:0]    state_q, state_d;
  reg          mode_q, mode_d;
  reg [MW-1:0] m_q, m_d;
  reg [MW-1:0] beat_q, beat_d;
  reg [KBW:0]  left_q, left_d;   // passes still to load after the current one
  reg          fault_q, fault_d;
  reg          err_q, err_d;
  reg          next_pass;      // the phase before a pass ends in this cycle

  // ---- transfers ---------------------------------------------------------
  wire cmd_xfer   = (state_q == ST_IDLE) & cmd_valid_i;
  wire bias_xfer  = (state_q == ST_BIAS) & bias_valid_i;
  wire w_xfer     = (state_q == ST_LOAD) & w_valid_i;
  wire a_xfer     = (state_q == ST_STREAM) & a_valid_i;
  wire res_xfer   = (state_q == ST_DRAIN) & res_ready_i;
  wire meta_xfer  = w_xfer & mode_q & ~beat_q[0];
  wire drain_done = res_xfer & (beat_q == m_q);

  // ---- loaded blocks of the incoming command: b <= nblk and not skipped ----
  reg [KBW:0] npass;
  integer     b;
  always @* begin
    npass = {(KBW + 1){1'b0}};
    for (b = 0; b < KB_MAX; b = b + 1) begin
      if ((b <= cmd_nblk_i) && !cmd_skip_i[b]) begin
        npass = npass + PASS_ONE;
      end
    end
  end

  // ---- illegal metadata nibbles: legal iff idx_lo < idx_hi -------------------
  reg     meta_bad;
  integer c;
  always @* begin
    meta_bad = 1'b0;
    for (c = 0; c < N; c = c + 1) begin
      if (w_meta_i[4*c +: 2] >= w_meta_i[4*c + 2 +: 2]) begin
        meta_bad = 1'b1;
      end
    end
  end

  // ---- FSM -----------------------------------------------------------------
  always @* begin
    state_d = state_q;
    mode_d  = mode_q;
    m_d     = m_q;
    beat_d  = beat_q;
    left_d  = left_q;
    next_pass = 1'b0;
    case (state_q)
      ST_IDLE: begin
        if (cmd_valid_i) begin
          mode_d = cmd_mode_i;
          m_d    = cmd_m_i;
          beat_d = {MW{1'b0}};
          if (cmd_bias_i) begin
            state_d = ST_BIAS;
            left_d  = npass;
          end else if (npass != {(KBW + 1){1'b0}}) begin
            state_d = ST_LOAD;
            left_d  = npass - PASS_ONE;
          end else begin
            state_d = ST_DRAIN;
            left_d  = {(KBW + 1){1'b0}};
          end
        end
      end
      ST_BIAS: begin
        if (bias_xfer) begin
          if (beat_q == m_q) begin
            beat_d    = {MW{1'b0}};
            next_pass = 1'b1;
          end else begin
            beat_d = beat_q + BEAT_ONE;
          end
        end
      end
      ST_LOAD: begin
        if (w_xfer) begin
          if (beat_q == LAST_ROW) begin
            state_d = ST_STREAM;
            beat_d  = {MW{1'b0}};
          end else begin
            beat_d = beat_q + BEAT_ONE;
          end
        end
      end
      ST_STREAM: begin
        if (a_xfer) begin
          if (beat_q == m_q) begin
            state_d = ST_SETTLE;
            beat_d  = {MW{1'b0}};
          end else begin
            beat_d = beat_q + BEAT_ONE;
          end
        end
      end
      ST_SETTLE: begin
        if (beat_q == LAST_PIPE) begin
          beat_d    = {MW{1'b0}};
          next_pass = 1'b1;
        end else begin
          beat_d = beat_q + BEAT_ONE;
        end
      end
      ST_DRAIN: begin
        if (drain_done) begin
          state_d = ST_IDLE;
          beat_d  = {MW{1'b0}};
        end else if (res_xfer) begin
          beat_d = beat_q + BEAT_ONE;
        end
      end
      default: begin
        state_d = ST_IDLE;
        beat_d  = {MW{1'b0}};
      end
    endcase
    // the next loaded pass, or the result rows when none is left
    if (next_pass) begin
      if (left_q != {(KBW + 1){1'b0}}) begin
        state_d = ST_LOAD;
        left_d  = left_q - PASS_ONE;
      end else begin
        state_d = ST_DRAIN;
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= ST_IDLE;
      mode_q  <= 1'b0;
      m_q     <= {MW{1'b0}};
      beat_q  <= {MW{1'b0}};
      left_q  <= {(KBW + 1){1'b0}};
    end else begin
      state_q <= state_d;
      mode_q  <= mode_d;
      m_q     <= m_d;
      beat_q  <= beat_d;
      left_q  <= left_d;
    end
  end

  // ---- sticky metadata error: fault_q at the beat, err_q one cycle later ---
  always @* begin
    fault_d = fault_q;
    err_d   = fault_q;
    if (meta_xfer && meta_bad) begin
      fault_d = 1'b1;
    end
    if (cmd_xfer) begin
      fault_d = 1'b0;
      err_d   = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      fault_q <= 1'b0;
      err_q   <= 1'b0;
    end else begin
      fault_q <= fault_d;
      err_q   <= err_d;
    end
  end

  // ---- outputs (Moore) -----------------------------------------------------
  assign cmd_ready_o  = (state_q == ST_IDLE);
  assign bias_ready_o = (state_q == ST_BIAS);
  assign w_ready_o    = (state_q == ST_LOAD);
  assign a_ready_o    = (state_q == ST_STREAM);
  assign res_valid_o  = (state_q == ST_DRAIN);
  assign busy_o       = (state_q != ST_IDLE);
  assign err_o        = err_q;

  assign mode_o      = mode_q;
  assign beat_o      = beat_q;
  assign cmd_xfer_o  = cmd_xfer;
  assign bias_xfer_o = bias_xfer;
  assign w_xfer_o    = w_xfer;
  assign meta_xfer_o = meta_xfer;
  assign a_xfer_o    = a_xfer;
  assign npass_o     = npass;
  assign stall_o     = ((state_q == ST_BIAS) & ~bias_valid_i) |
                       ((state_q == ST_LOAD) & ~w_valid_i) |
                       ((state_q == ST_STREAM) & ~a_valid_i) |
                       ((state_q == ST_DRAIN) & ~res_ready_i);

endmodule

`default_nettype wire
