// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_ctrl - controller of the tile: state machine, command registers,
// block/beat counters, sticky error and the nine performance counters
// (docs/architecture.md sections 4, 6 and 7).
//
// States: IDLE=0, BIAS=1, LOAD=2, STREAM=3, FLUSH=4, DRAIN=5. All outputs
// are decoded from registered state (Moore); ready never depends on valid.
// next_blk(x) (smallest non-skipped block b, x <= b <= nblk) is
// combinational so skipped blocks cost no cycle; in IDLE it is evaluated
// on the incoming command's nblk/skip. Every register updates at the
// rising edge (latency 1); synchronous active-low reset clears them all.
//
// One combinational and one clocked block per concern: the state machine
// with the command registers (p_fsm, p_fsm_q), the sticky error (p_err,
// p_err_q) and the counters (p_cnt, p_cnt_q); p_cmd_decode, p_next_blk and
// p_activity are the combinational terms they share.
`default_nettype none

module stc_ctrl #(
  parameter N      = 16,
  parameter KB_MAX = 64,
  parameter MW     = 10,
  parameter KBW    = 6
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  // command
  input  wire             cmd_valid_i,
  output wire             cmd_ready_o,
  input  wire             cmd_mode_i,
  input  wire [MW-1:0]    cmd_m_i,
  input  wire [KBW-1:0]   cmd_nblk_i,
  input  wire [KB_MAX-1:0] cmd_skip_i,
  input  wire             cmd_bias_i,
  // handshakes of the data ports
  input  wire             bias_valid_i,
  output wire             bias_ready_o,
  input  wire             w_valid_i,
  output wire             w_ready_o,
  input  wire             a_valid_i,
  output wire             a_ready_o,
  output wire             res_valid_o,
  input  wire             res_ready_i,
  output wire             busy_o,
  output wire             err_o,
  // from the metadata decoders (current w_meta_i), the array and the bank
  input  wire [N-1:0]     meta_legal_i,
  input  wire [N*N-1:0]   pe_v_i,
  input  wire [N*N-1:0]   pe_en_i,
  input  wire             last_we_i,     // acc_we[N-1]
  input  wire [MW-1:0]    last_row_i,    // wr_row[N-1]
  // to the datapath
  output wire             mode_o,        // mode_q
  output wire [MW-1:0]    m_o,           // m_q
  output wire             clr_o,         // command transfer: clear bank
  output wire             bias_we_o,     // bias transfer
  output wire             w_ld_o,        // weight transfer
  output wire             a_inj_o,       // activation transfer
  output wire             drain_o,       // state == DRAIN
  // probes
  output wire [2:0]       state_o,
  output wire [KBW-1:0]   blk_o,
  output wire [MW-1:0]    beat_o,
  output wire [32*9-1:0]  cnt_o
);

  // ---- parameter check (elaboration) -------------------------------------
  generate
    if (!((N >= 2) && (KB_MAX >= 2) && (KBW == $clog2(KB_MAX)) && ((1 << MW) >= N))) begin : g_illegal_parameters
`ifdef __ICARUS__
      // Icarus 11 has no elaboration system tasks: an unknown module stops it.
      stc_ctrl_illegal_parameters u_stop ();
`else
      $fatal(1, "stc_ctrl: N = %0d, KB_MAX = %0d, MW = %0d, KBW = %0d; need N >= 2, KB_MAX >= 2, KBW = clog2(KB_MAX), 2^MW >= N (beat counts the N LOAD beats)", N, KB_MAX, MW, KBW);
`endif
    end
  endgenerate

  localparam [2:0] ST_IDLE   = 3'd0;
  localparam [2:0] ST_BIAS   = 3'd1;
  localparam [2:0] ST_LOAD   = 3'd2;
  localparam [2:0] ST_STREAM = 3'd3;
  localparam [2:0] ST_FLUSH  = 3'd4;
  localparam [2:0] ST_DRAIN  = 3'd5;

  localparam integer LAST_ROW = N - 1;   // last PE row / LOAD beat

  // ---- registers --------------------------------------------------------
  reg [2:0]        state_q, state_d;
  reg              mode_q, mode_d;
  reg [MW-1:0]     m_q, m_d;
  reg [KBW-1:0]    nblk_q, nblk_d;
  reg [KB_MAX-1:0] skip_q, skip_d;
  reg [KBW-1:0]    blk_q, blk_d;
  reg [MW-1:0]     beat_q, beat_d;
  reg              err_q, err_d;
  // counters, in the order of section 7 (dbg_cnt_o[32j +: 32])
  reg [31:0] cnt_cycles_q,       cnt_cycles_d;        // 0 cycles
  reg [31:0] cnt_stall_q,        cnt_stall_d;         // 1 stall_cycles
  reg [31:0] cnt_macs_alg_q,     cnt_macs_alg_d;      // 2 macs_alg
  reg [31:0] cnt_macs_actual_q,  cnt_macs_actual_d;   // 3 macs_actual
  reg [31:0] cnt_macs_gated_q,   cnt_macs_gated_d;    // 4 macs_gated
  reg [31:0] cnt_macs_skipped_q, cnt_macs_skipped_d;  // 5 macs_skipped
  reg [31:0] cnt_w_bytes_q,      cnt_w_bytes_d;       // 6 w_bytes
  reg [31:0] cnt_meta_bytes_q,   cnt_meta_bytes_d;    // 7 meta_bytes
  reg [31:0] cnt_a_bytes_q,      cnt_a_bytes_d;       // 8 a_bytes

  // ---- port transfers ---------------------------------------------------
  wire cmd_xfer  = (state_q == ST_IDLE)   && cmd_valid_i;
  wire bias_xfer = (state_q == ST_BIAS)   && bias_valid_i;
  wire w_xfer    = (state_q == ST_LOAD)   && w_valid_i;
  wire a_xfer    = (state_q == ST_STREAM) && a_valid_i;

  // ---- command decode: skip mask and MAC bookkeeping ---------------------
  reg [KB_MAX-1:0] cmd_le;        // bit b: b <= cmd_nblk_i
  reg [KB_MAX-1:0] cmd_skip;      // cmd_skip_i, bits >= nblk cleared
  reg [31:0]       nskip;
  reg [31:0]       c_nblk, c_m, c_mnn, c_kdn;

  always @* begin : p_cmd_decode
    integer i;
    nskip = 32'd0;
    for (i = 0; i < KB_MAX; i = i + 1) begin
      cmd_le[i]   = (i[KBW-1:0] <= cmd_nblk_i);
      cmd_skip[i] = cmd_skip_i[i] && cmd_le[i];
      nskip       = nskip + {31'd0, cmd_skip[i]};
    end
    c_nblk = {{(32-KBW){1'b0}}, cmd_nblk_i} + 32'd1;
    c_m    = {{(32-MW){1'b0}}, cmd_m_i} + 32'd1;
    c_mnn  = c_m * N * N;                         // M * N * N
    c_kdn  = cmd_mode_i ? (c_mnn << 1) : c_mnn;   // M * KD * N
  end

  // ---- next_blk(x): in IDLE on the incoming command ---------------------
  reg [KBW-1:0]    nb_nblk;       // next_blk() operands
  reg [KB_MAX-1:0] nb_skip;
  reg [KBW:0]      nb_from;
  reg              nb_found;
  reg [KBW-1:0]    nb_blk;

  always @* begin : p_next_blk
    integer i;
    if (state_q == ST_IDLE) begin
      nb_nblk = cmd_nblk_i;
      nb_skip = cmd_skip;
    end else begin
      nb_nblk = nblk_q;
      nb_skip = skip_q;
    end
    nb_from  = (state_q == ST_FLUSH) ? ({1'b0, blk_q} + 1'b1) : {(KBW+1){1'b0}};
    nb_found = 1'b0;
    nb_blk   = {KBW{1'b0}};
    for (i = KB_MAX - 1; i >= 0; i = i - 1) begin
      if (!nb_skip[i] && (i[KBW-1:0] <= nb_nblk) && ({1'b0, i[KBW-1:0]} >= nb_from)) begin
        nb_found = 1'b1;
        nb_blk   = i[KBW-1:0];
      end
    end
  end

  // ---- array activity: popcounts of the gate enables ---------------------
  reg [31:0]       pop_en;        // popcount(en)
  reg [31:0]       pop_gated;     // popcount(v && !en)

  always @* begin : p_activity
    integer i;
    pop_en    = 32'd0;
    pop_gated = 32'd0;
    for (i = 0; i < N * N; i = i + 1) begin
      pop_en    = pop_en    + {31'd0, pe_en_i[i]};
      pop_gated = pop_gated + {31'd0, pe_v_i[i] && !pe_en_i[i]};
    end
  end

  // ---- state machine and command registers: next state -------------------
  always @* begin : p_fsm
    state_d = state_q;
    mode_d  = mode_q;
    m_d     = m_q;
    nblk_d  = nblk_q;
    skip_d  = skip_q;
    blk_d   = blk_q;
    beat_d  = beat_q;

    case (state_q)
      ST_IDLE: begin
        if (cmd_valid_i) begin
          mode_d  = cmd_mode_i;
          m_d     = cmd_m_i;
          nblk_d  = cmd_nblk_i;
          skip_d  = cmd_skip;
          beat_d  = {MW{1'b0}};
          if (cmd_bias_i) begin
            state_d = ST_BIAS;
          end else if (nb_found) begin
            state_d = ST_LOAD;
            blk_d   = nb_blk;
          end else begin
            state_d = ST_DRAIN;
          end
        end
      end
      ST_BIAS: begin
        if (bias_valid_i) begin
          if (beat_q == m_q) begin
            beat_d = {MW{1'b0}};
            if (nb_found) begin
              state_d = ST_LOAD;
              blk_d   = nb_blk;
            end else begin
              state_d = ST_DRAIN;
            end
          end else begin
            beat_d = beat_q + 1'b1;
          end
        end
      end
      ST_LOAD: begin
        if (w_valid_i) begin
          if (beat_q == LAST_ROW[MW-1:0]) begin
            state_d = ST_STREAM;
            beat_d  = {MW{1'b0}};
          end else begin
            beat_d = beat_q + 1'b1;
          end
        end
      end
      ST_STREAM: begin
        if (a_valid_i) begin
          if (beat_q == m_q) begin
            state_d = ST_FLUSH;
            beat_d  = {MW{1'b0}};
          end else begin
            beat_d = beat_q + 1'b1;
          end
        end
      end
      ST_FLUSH: begin
        if (last_we_i && (last_row_i == m_q)) begin
          beat_d = {MW{1'b0}};
          if (nb_found) begin
            state_d = ST_LOAD;
            blk_d   = nb_blk;
          end else begin
            state_d = ST_DRAIN;
          end
        end
      end
      ST_DRAIN: begin
        if (res_ready_i) begin
          if (beat_q == m_q) begin
            state_d = ST_IDLE;
            beat_d  = {MW{1'b0}};
          end else begin
            beat_d = beat_q + 1'b1;
          end
        end
      end
      default: begin
        // unreachable encodings 6, 7: return to IDLE
        state_d = ST_IDLE;
        beat_d  = {MW{1'b0}};
      end
    endcase
  end

  always @(posedge clk_i) begin : p_fsm_q
    if (!rst_ni) begin
      state_q <= ST_IDLE;
      mode_q  <= 1'b0;
      m_q     <= {MW{1'b0}};
      nblk_q  <= {KBW{1'b0}};
      skip_q  <= {KB_MAX{1'b0}};
      blk_q   <= {KBW{1'b0}};
      beat_q  <= {MW{1'b0}};
    end else begin
      state_q <= state_d;
      mode_q  <= mode_d;
      m_q     <= m_d;
      nblk_q  <= nblk_d;
      skip_q  <= skip_d;
      blk_q   <= blk_d;
      beat_q  <= beat_d;
    end
  end

  // ---- sticky error: cleared by a command, set by an illegal nibble ------
  always @* begin : p_err
    err_d = err_q;
    if (cmd_xfer) begin
      err_d = 1'b0;
    end
    if (w_xfer && mode_q && !beat_q[0] && !(&meta_legal_i)) begin
      err_d = 1'b1;
    end
  end

  always @(posedge clk_i) begin : p_err_q
    if (!rst_ni) begin
      err_q <= 1'b0;
    end else begin
      err_q <= err_d;
    end
  end

  // ---- performance counters (section 7): a command transfer loads them ---
  always @* begin : p_cnt
    cnt_cycles_d        = cnt_cycles_q + ((state_q != ST_IDLE) ? 32'd1 : 32'd0);
    cnt_stall_d         = cnt_stall_q;
    if (((state_q == ST_BIAS)   && !bias_valid_i) ||
        ((state_q == ST_LOAD)   && !w_valid_i)    ||
        ((state_q == ST_STREAM) && !a_valid_i)    ||
        ((state_q == ST_DRAIN)  && !res_ready_i)) begin
      cnt_stall_d         = cnt_stall_q + 32'd1;
    end
    cnt_macs_alg_d      = cnt_macs_alg_q;
    cnt_macs_actual_d   = cnt_macs_actual_q + pop_en;
    cnt_macs_gated_d    = cnt_macs_gated_q + pop_gated;
    cnt_macs_skipped_d  = cnt_macs_skipped_q;
    cnt_w_bytes_d       = w_xfer ? (cnt_w_bytes_q + N) : cnt_w_bytes_q;
    cnt_meta_bytes_d    = (w_xfer && mode_q && !beat_q[0]) ? (cnt_meta_bytes_q + N / 2)
                                                           : cnt_meta_bytes_q;
    cnt_a_bytes_d       = a_xfer ? (cnt_a_bytes_q + (mode_q ? 2 * N : N)) : cnt_a_bytes_q;
    if (cmd_xfer) begin
      cnt_cycles_d        = 32'd0;
      cnt_stall_d         = 32'd0;
      cnt_macs_alg_d      = c_nblk * c_kdn;
      cnt_macs_actual_d   = 32'd0;
      cnt_macs_gated_d    = 32'd0;
      cnt_macs_skipped_d  = nskip * c_kdn +
                          (cmd_mode_i ? (c_nblk - nskip) * c_mnn : 32'd0);
      cnt_w_bytes_d       = 32'd0;
      cnt_meta_bytes_d    = 32'd0;
      cnt_a_bytes_d       = 32'd0;
    end
  end

  always @(posedge clk_i) begin : p_cnt_q
    if (!rst_ni) begin
      cnt_cycles_q        <= 32'd0;
      cnt_stall_q         <= 32'd0;
      cnt_macs_alg_q      <= 32'd0;
      cnt_macs_actual_q   <= 32'd0;
      cnt_macs_gated_q    <= 32'd0;
      cnt_macs_skipped_q  <= 32'd0;
      cnt_w_bytes_q       <= 32'd0;
      cnt_meta_bytes_q    <= 32'd0;
      cnt_a_bytes_q       <= 32'd0;
    end else begin
      cnt_cycles_q        <= cnt_cycles_d;
      cnt_stall_q         <= cnt_stall_d;
      cnt_macs_alg_q      <= cnt_macs_alg_d;
      cnt_macs_actual_q   <= cnt_macs_actual_d;
      cnt_macs_gated_q    <= cnt_macs_gated_d;
      cnt_macs_skipped_q  <= cnt_macs_skipped_d;
      cnt_w_bytes_q       <= cnt_w_bytes_d;
      cnt_meta_bytes_q    <= cnt_meta_bytes_d;
      cnt_a_bytes_q       <= cnt_a_bytes_d;
    end
  end

  // ---- outputs ----------------------------------------------------------
  assign cmd_ready_o  = (state_q == ST_IDLE);
  assign bias_ready_o = (state_q == ST_BIAS);
  assign w_ready_o    = (state_q == ST_LOAD);
  assign a_ready_o    = (state_q == ST_STREAM);
  assign res_valid_o  = (state_q == ST_DRAIN);
  assign busy_o       = (state_q != ST_IDLE);
  assign err_o        = err_q;

  assign mode_o    = mode_q;
  assign m_o       = m_q;
  assign clr_o     = cmd_xfer;
  assign bias_we_o = bias_xfer;
  assign w_ld_o    = w_xfer;
  assign a_inj_o   = a_xfer;
  assign drain_o   = (state_q == ST_DRAIN);

  assign state_o = state_q;
  assign blk_o   = blk_q;
  assign beat_o  = beat_q;
  assign cnt_o   = {cnt_a_bytes_q, cnt_meta_bytes_q, cnt_w_bytes_q,
                    cnt_macs_skipped_q, cnt_macs_gated_q, cnt_macs_actual_q,
                    cnt_macs_alg_q, cnt_stall_q, cnt_cycles_q};

endmodule

`default_nettype wire
