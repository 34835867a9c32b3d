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
// Each row's delay line is an array of its r stages (g_line[r].act_q and
// v_q), a 32-bit lane and a valid bit each, shifted one stage per cycle.
// (The N(N-1)/2 stages used to be one flat vector updated by bit-selects
// in a combinational block that also read the input lanes: Verilator
// rebuilt it in its input and its clocked pass, a third of the model's
// input-logic time at N = 16; docs/performance.md.)
`default_nettype none

module stc_skew_buffer #(
  parameter N = 16
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            mode_i,     // 0 dense, 1 2:4
  input  wire            inj_i,      // activation transfer this cycle
  input  wire [16*N-1:0] a_data_i,   // element j at [8j +: 8]
  output wire [32*N-1:0] act_o,      // skew_out_act, row r at [32r +: 32]
  output wire [N-1:0]    v_o         // skew_out_v, bit r
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

  // Row 0 is not delayed.
  assign act_o[31:0] = lane_act[31:0];
  assign v_o[0]      = lane_v[0];

  // Row r > 0: a delay line of r stages, stage 0 takes the injected lane,
  // stage j the stage j-1, the row's output is its last stage.
  genvar gr;
  generate
    for (gr = 1; gr < N; gr = gr + 1) begin : g_line
      reg [31:0] act_q [0:gr-1];
      reg        v_q   [0:gr-1];

      always @(posedge clk_i) begin : p_line_q
        integer j;
        if (!rst_ni) begin
          for (j = 0; j < gr; j = j + 1) begin
            act_q[j] <= 32'd0;
            v_q[j]   <= 1'b0;
          end
        end else begin
          act_q[0] <= lane_act[32*gr +: 32];
          v_q[0]   <= lane_v[gr];
          for (j = 1; j < gr; j = j + 1) begin
            act_q[j] <= act_q[j-1];
            v_q[j]   <= v_q[j-1];
          end
        end
      end

      assign act_o[32*gr +: 32] = act_q[gr-1];
      assign v_o[gr]            = v_q[gr-1];
    end
  endgenerate

endmodule

`default_nettype wire
