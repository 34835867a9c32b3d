// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_skew_buffer - input skew of the systolic array
// (docs/architecture.md section 5, "Skew buffer").
//
// On an activation transfer (inj_i) builds the injected 4-slot lane of each
// row r from a_data_i: dense: slot 0 = a_data[r], slots 1..3 = 0; 2:4:
// slot s = a_data[4*(r/2) + s]. Without a transfer the injected lane is a
// bubble (all zero, valid 0). Row 0 is not delayed (skew_out[0] is the
// injected lane, combinational); row r > 0 goes through a delay line of r
// registers d[r][0..r-1], skew_out[r] = d[r][r-1].
// Latency: row r is delayed by r cycles.
//
// The N(N-1)/2 delay registers are stored flat: stage j of row r is
// element base(r) + j with base(r) = r(r-1)/2; data at [32k +: 32] of
// dact_q, valid at bit k of dv_q.
`default_nettype none

module stc_skew_buffer #(
  parameter N = 16
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            mode_i,     // 0 dense, 1 2:4
  input  wire            inj_i,      // activation transfer this cycle
  input  wire [16*N-1:0] a_data_i,   // element j at [8j +: 8]
  output reg  [32*N-1:0] act_o,      // skew_out_act, row r at [32r +: 32]
  output reg  [N-1:0]    v_o         // skew_out_v, bit r
);

  // ---- parameter check (elaboration) -------------------------------------
  generate
    if (!((N >= 2) && (N % 2 == 0))) begin : g_illegal_parameters
`ifdef __ICARUS__
      // Icarus 11 has no elaboration system tasks: an unknown module stops it.
      stc_skew_buffer_illegal_parameters u_stop ();
`else
      $fatal(1, "stc_skew_buffer: N = %0d; need N even and >= 2 (a 2:4 beat carries 2N activations, 4 per row pair)", N);
`endif
    end
  endgenerate

  localparam integer NS = (N * (N - 1)) / 2;   // number of delay stages

  reg [32*NS-1:0] dact_q;
  reg [NS-1:0]    dv_q;
  reg [32*NS-1:0] dact_d;
  reg [NS-1:0]    dv_d;

  reg [32*N-1:0]  lane_act;   // injected lane of row r at [32r +: 32]
  reg [N-1:0]     lane_v;

  // injected lanes
  always @* begin : p_lanes
    integer r;
    integer s;
    for (r = 0; r < N; r = r + 1) begin
      lane_v[r] = inj_i;
      for (s = 0; s < 4; s = s + 1) begin
        if (!inj_i) begin
          lane_act[32*r + 8*s +: 8] = 8'd0;
        end else if (mode_i) begin
          lane_act[32*r + 8*s +: 8] = a_data_i[8*(4*(r/2) + s) +: 8];
        end else if (s == 0) begin
          lane_act[32*r + 8*s +: 8] = a_data_i[8*r +: 8];
        end else begin
          lane_act[32*r + 8*s +: 8] = 8'd0;
        end
      end
    end
  end

  // delay lines: shift by one stage per cycle
  always @* begin : p_delay
    integer r;
    integer j;
    integer base;
    dact_d = dact_q;
    dv_d   = dv_q;
    act_o  = {32*N{1'b0}};
    v_o    = {N{1'b0}};
    act_o[31:0] = lane_act[31:0];
    v_o[0]      = lane_v[0];
    for (r = 1; r < N; r = r + 1) begin
      base = (r * (r - 1)) / 2;
      dact_d[32*base +: 32] = lane_act[32*r +: 32];
      dv_d[base]            = lane_v[r];
      for (j = 1; j < r; j = j + 1) begin
        dact_d[32*(base+j) +: 32] = dact_q[32*(base+j-1) +: 32];
        dv_d[base+j]              = dv_q[base+j-1];
      end
      act_o[32*r +: 32] = dact_q[32*(base+r-1) +: 32];
      v_o[r]            = dv_q[base+r-1];
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      dact_q <= {32*NS{1'b0}};
      dv_q   <= {NS{1'b0}};
    end else begin
      dact_q <= dact_d;
      dv_q   <= dv_d;
    end
  end

endmodule

`default_nettype wire
