// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// colser_ctrl - the column-serial tile's controller (docs/architecture.md
// sections 3 and 4, other timing): the state machine, the beat and pass
// counters, the handshakes and the sticky err_o.
//
// IDLE -> [BIAS: M beats] -> per loaded pass {LOAD: N beats -> STREAM: M rows}
// -> DRAIN: M beats -> IDLE. STREAM takes one activation row (a_ready_o 1),
// then computes it in GROUPS cycles, one column group a cycle (calc_o,
// grp_o), and waits DELAY cycles more before it takes the next row: a row
// costs 1 + GROUPS + DELAY cycles. Skipped blocks are never sent, so the
// controller counts the passes left, not block indices.
//
// Latency: every output is a register or decoded from registers (Moore).
// err_o rises the cycle after the weight beat with an illegal nibble and
// stays 1 until the next command transfer. fresh_o is 1 while no bias row
// and no pass has written the accumulator bank in this command: the bank
// is never cleared, a fresh row reads 0 (colser_bank).
`default_nettype none

module colser_ctrl import colser_pkg::*; #(
  parameter int unsigned N      = 16,
  parameter int unsigned M_MAX  = 1024,
  parameter int unsigned KB_MAX = 64,
  parameter int unsigned DELAY  = 0,
  localparam int unsigned MW    = $clog2(M_MAX),
  localparam int unsigned KBW   = $clog2(KB_MAX)
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               cmd_valid_i,
  input  logic               cmd_mode_i,
  input  logic [MW-1:0]      cmd_m_i,
  input  logic [KBW-1:0]     cmd_nblk_i,
  input  logic [KB_MAX-1:0]  cmd_skip_i,
  input  logic               cmd_bias_i,
  input  logic               bias_valid_i,
  input  logic               w_valid_i,
  input  logic [4*N-1:0]     w_meta_i,
  input  logic               a_valid_i,
  input  logic               res_ready_i,
  output logic               cmd_ready_o,
  output logic               bias_ready_o,
  output logic               w_ready_o,
  output logic               a_ready_o,
  output logic               res_valid_o,
  output logic               busy_o,
  output logic               err_o,
  // to the datapath, the bank and the counters
  output logic               mode_o,
  output logic [MW-1:0]      beat_o,   // bias row, weight row, result row
  output logic [MW-1:0]      row_o,    // the activation row being computed
  output logic [1:0]         grp_o,    // its column group this cycle
  output logic               calc_o,   // a column group is computed this cycle
  output logic               fresh_o,
  output logic               stall_o   // section 7's stall_cycles condition
);

  localparam int unsigned ROW_CYCLES = GROUPS + DELAY;
  localparam int unsigned PHW = $clog2(ROW_CYCLES + 1);

  state_e           state_q, state_d;
  logic             mode_q, mode_d;
  logic [MW-1:0]    m_q, m_d;
  logic [KBW:0]     pass_q, pass_d;   // loaded passes left, 0..KB_MAX
  logic [MW-1:0]    beat_q, beat_d;
  logic [MW-1:0]    row_q, row_d;
  logic             rowbusy_q, rowbusy_d;
  logic [PHW-1:0]   ph_q, ph_d;
  logic             last_q, last_d;   // the row being computed is the pass's last
  logic             fresh_q, fresh_d;
  logic             err_q, err_d;

  // The incoming command's loaded passes: nblk minus its skipped blocks.
  logic [KBW:0] npass;
  always_comb begin
    npass = KBW'(cmd_nblk_i) + 1'b1;
    for (int unsigned b = 0; b < KB_MAX; b++) begin
      if (b <= cmd_nblk_i && cmd_skip_i[b]) begin
        npass = npass - 1'b1;
      end
    end
  end

  // An even 2:4 weight beat with any illegal nibble.
  logic meta_bad;
  always_comb begin
    meta_bad = 1'b0;
    for (int unsigned n = 0; n < N; n++) begin
      if (!nib_legal(w_meta_i[4*n +: 4])) begin
        meta_bad = 1'b1;
      end
    end
  end

  always_comb begin
    state_d   = state_q;
    mode_d    = mode_q;
    m_d       = m_q;
    pass_d    = pass_q;
    beat_d    = beat_q;
    row_d     = row_q;
    rowbusy_d = rowbusy_q;
    ph_d      = ph_q;
    last_d    = last_q;
    fresh_d   = fresh_q;
    err_d     = err_q;
    unique case (state_q)
      S_IDLE: begin
        if (cmd_valid_i) begin
          mode_d    = cmd_mode_i;
          m_d       = cmd_m_i;
          pass_d    = npass;
          beat_d    = '0;
          rowbusy_d = 1'b0;
          fresh_d   = 1'b1;
          err_d     = 1'b0;
          if (cmd_bias_i) begin
            state_d = S_BIAS;
          end else if (npass != 0) begin
            state_d = S_LOAD;
          end else begin
            state_d = S_DRAIN;
          end
        end
      end
      S_BIAS: begin
        if (bias_valid_i) begin
          fresh_d = 1'b0;
          if (beat_q == m_q) begin
            beat_d  = '0;
            state_d = (pass_q != 0) ? S_LOAD : S_DRAIN;
          end else begin
            beat_d = beat_q + 1'b1;
          end
        end
      end
      S_LOAD: begin
        if (w_valid_i) begin
          if (mode_q && !beat_q[0] && meta_bad) begin
            err_d = 1'b1;
          end
          if (beat_q == MW'(N - 1)) begin
            beat_d  = '0;
            state_d = S_STREAM;
          end else begin
            beat_d = beat_q + 1'b1;
          end
        end
      end
      S_STREAM: begin
        if (!rowbusy_q) begin
          if (a_valid_i) begin
            rowbusy_d = 1'b1;
            ph_d      = '0;
            row_d     = beat_q;
            last_d    = (beat_q == m_q);
            beat_d    = beat_q + 1'b1;
          end
        end else if (ph_q == PHW'(ROW_CYCLES - 1)) begin
          rowbusy_d = 1'b0;
          if (last_q) begin
            fresh_d = 1'b0;
            pass_d  = pass_q - 1'b1;
            beat_d  = '0;
            state_d = (pass_q == 1) ? S_DRAIN : S_LOAD;
          end
        end else begin
          ph_d = ph_q + 1'b1;
        end
      end
      S_DRAIN: begin
        if (res_ready_i) begin
          if (beat_q == m_q) begin
            beat_d  = '0;
            state_d = S_IDLE;
          end else begin
            beat_d = beat_q + 1'b1;
          end
        end
      end
      default: state_d = S_IDLE;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q   <= S_IDLE;
      mode_q    <= 1'b0;
      m_q       <= '0;
      pass_q    <= '0;
      beat_q    <= '0;
      row_q     <= '0;
      rowbusy_q <= 1'b0;
      ph_q      <= '0;
      last_q    <= 1'b0;
      fresh_q   <= 1'b1;
      err_q     <= 1'b0;
    end else begin
      state_q   <= state_d;
      mode_q    <= mode_d;
      m_q       <= m_d;
      pass_q    <= pass_d;
      beat_q    <= beat_d;
      row_q     <= row_d;
      rowbusy_q <= rowbusy_d;
      ph_q      <= ph_d;
      last_q    <= last_d;
      fresh_q   <= fresh_d;
      err_q     <= err_d;
    end
  end

  assign cmd_ready_o  = (state_q == S_IDLE);
  assign bias_ready_o = (state_q == S_BIAS);
  assign w_ready_o    = (state_q == S_LOAD);
  assign a_ready_o    = (state_q == S_STREAM) && !rowbusy_q;
  assign res_valid_o  = (state_q == S_DRAIN);
  assign busy_o       = (state_q != S_IDLE);
  assign err_o        = err_q;

  assign mode_o  = mode_q;
  assign beat_o  = beat_q;
  assign row_o   = row_q;
  assign grp_o   = ph_q[1:0];
  assign calc_o  = (state_q == S_STREAM) && rowbusy_q && (ph_q < PHW'(GROUPS));
  assign fresh_o = fresh_q;
  assign stall_o = (bias_ready_o && !bias_valid_i) || (w_ready_o && !w_valid_i) ||
                   (a_ready_o && !a_valid_i) || (res_valid_o && !res_ready_i);

endmodule
