// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_dpi_pkg - the golden model of the STC tile (cmodel/) as DPI-C
// imports; the C side is sim/dpi/stc_dpi.c (prototypes and the contract of
// every argument in sim/dpi/stc_dpi.h, usage in docs/dpi.md).
//
// The vectors are sized for the largest array, STC_DPI_N_MAX = 16, whatever
// the model's N: a port that is W bits wide at the model's N is bits
// [W-1:0] of its vector, flattened as the RTL port (docs/architecture.md
// sections 3 and 8); the bits above are 0 on outputs, ignored on inputs.
//
//   h = stc_dpi_create(N, M_MAX, KB_MAX);   // null: parameters refused
//   every cycle: stc_dpi_eval/stc_dpi_probe (the cycle's outputs), then at
//   the rising edge stc_dpi_step (the inputs held during the cycle)
//   stc_dpi_destroy(h);
package stc_dpi_pkg;

  localparam int STC_DPI_N_MAX  = 16;
  localparam int STC_DPI_CNT    = 9;    // counters, docs/architecture.md section 7
  localparam int STC_DPI_MW_MAX = 16;   // clog2 of the largest M_MAX (65536)

  // A model in its reset state; null for a parameter set the tile does not
  // support (the same checks as the RTL's elaboration).
  import "DPI-C" function chandle stc_dpi_create(input int n, input int m_max, input int kb_max);

  import "DPI-C" function void stc_dpi_destroy(input chandle h);

  // Every state element to its reset value (as an edge with rst_n == 0).
  import "DPI-C" function void stc_dpi_reset(input chandle h);

  // The rising clock edge, with the inputs held during the ending cycle.
  // cmd_m = M - 1, cmd_nblk = nblk - 1, as on the RTL's ports.
  import "DPI-C" function void stc_dpi_step(
    input chandle                        h,
    input bit                            rst_n,
    input bit                            cmd_valid,
    input bit                            cmd_mode,
    input int                            cmd_m,
    input int                            cmd_nblk,
    input bit [63:0]                     cmd_skip,
    input bit                            cmd_bias,
    input bit                            bias_valid,
    input bit [32*STC_DPI_N_MAX-1:0]     bias_data,
    input bit                            w_valid,
    input bit [8*STC_DPI_N_MAX-1:0]      w_data,
    input bit [4*STC_DPI_N_MAX-1:0]      w_meta,
    input bit                            a_valid,
    input bit [16*STC_DPI_N_MAX-1:0]     a_data,
    input bit                            res_ready
  );

  // The output ports in the current cycle (Moore: registered state only).
  import "DPI-C" function void stc_dpi_eval(
    input  chandle                       h,
    output bit                           cmd_ready,
    output bit                           bias_ready,
    output bit                           w_ready,
    output bit                           a_ready,
    output bit                           res_valid,
    output bit [32*STC_DPI_N_MAX-1:0]    res_data,
    output bit                           busy,
    output bit                           err
  );

  // The probes, the RTL's dbg_*_o ports, in the current cycle.
  import "DPI-C" function void stc_dpi_probe(
    input  chandle                                     h,
    output int                                         state,
    output int                                         blk,
    output int                                         beat,
    output bit [STC_DPI_N_MAX*STC_DPI_N_MAX-1:0]       pe_v,
    output bit [STC_DPI_N_MAX*STC_DPI_N_MAX-1:0]       pe_en,
    output bit [STC_DPI_N_MAX*STC_DPI_N_MAX-1:0]       pe_en_q,
    output bit [STC_DPI_N_MAX*STC_DPI_N_MAX-1:0]       pe_pv,
    output bit [8*STC_DPI_N_MAX*STC_DPI_N_MAX-1:0]     pe_w,
    output bit [2*STC_DPI_N_MAX*STC_DPI_N_MAX-1:0]     pe_idx,
    output bit [32*STC_DPI_N_MAX*STC_DPI_N_MAX-1:0]    pe_act,
    output bit [32*STC_DPI_N_MAX*STC_DPI_N_MAX-1:0]    pe_prod,
    output bit [32*STC_DPI_N_MAX*STC_DPI_N_MAX-1:0]    pe_psum,
    output bit [STC_DPI_N_MAX-1:0]                     bot_v,
    output bit [STC_DPI_N_MAX-1:0]                     acc_we,
    output bit [STC_DPI_MW_MAX*STC_DPI_N_MAX-1:0]      acc_row,
    output bit [32*STC_DPI_N_MAX-1:0]                  acc_wdata,
    output bit [32*STC_DPI_CNT-1:0]                    cnt
  );

endpackage
