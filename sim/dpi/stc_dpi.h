// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_dpi.h - the golden model (cmodel/stc_tile.h) exported to
 * SystemVerilog through DPI-C. sim/dpi/stc_dpi_pkg.sv declares the same
 * functions as `import "DPI-C"`; docs/dpi.md shows how to use them.
 *
 * The model handle is an SV chandle (void * here): one stc_tile per
 * handle, no state outside it, so a test bench may hold several models.
 *
 * Wide signals are SV packed `bit` vectors (svBitVecVal words, bit 0 of
 * word 0 is bit 0 of the vector), always declared at the largest array size
 * STC_DPI_N_MAX whatever the model's N: a port of the RTL that is W bits
 * wide at the model's N is bits [W-1:0] of the vector, laid out as the RTL
 * lays it out (docs/architecture.md sections 3 and 8); the bits above W
 * are 0 on outputs and ignored on inputs. Widths at STC_DPI_N_MAX = 16:
 *
 *   cmd_skip 64, bias_data 512, w_data 128, w_meta 64, a_data 256,
 *   res_data 512; probes: pe_v/pe_en/pe_en_q/pe_pv 256, pe_w 2048,
 *   pe_idx 512, pe_act/pe_prod/pe_psum 8192, bot_v/acc_we 16,
 *   acc_row 256 (MW bits per column, MW = log2(m_max)), acc_wdata 512,
 *   cnt 288.
 *
 * Timing: stc_dpi_eval() and stc_dpi_probe() read the current cycle
 * (registered state only: the outputs are Moore), stc_dpi_step() is the
 * rising clock edge with the inputs held during the cycle, rst_n included
 * (an edge with rst_n == 0 resets the model, as it resets the RTL).
 */
#ifndef STC_DPI_H
#define STC_DPI_H

#include "svdpi.h"

#define STC_DPI_N_MAX 16 /* the widths above; the SV package says the same */

/* A model in its reset state for the RTL parameters N, M_MAX, KB_MAX;
 * NULL (SV: null) for a set the tile does not support (stc_params_check)
 * or when out of memory. */
void *stc_dpi_create(int n, int m_max, int kb_max);

/* Frees the model; a NULL handle is ignored. */
void stc_dpi_destroy(void *h);

/* Every state element to its reset value, as an edge with rst_n == 0. */
void stc_dpi_reset(void *h);

/* One rising clock edge with these inputs (the RTL's input ports, without
 * the _i suffix; cmd_m is M - 1, cmd_nblk is nblk - 1). */
void stc_dpi_step(void *h, svBit rst_n, svBit cmd_valid, svBit cmd_mode, int cmd_m, int cmd_nblk,
                  const svBitVecVal *cmd_skip, svBit cmd_bias, svBit bias_valid,
                  const svBitVecVal *bias_data, svBit w_valid, const svBitVecVal *w_data,
                  const svBitVecVal *w_meta, svBit a_valid, const svBitVecVal *a_data,
                  svBit res_ready);

/* The output ports in the current cycle. */
void stc_dpi_eval(void *h, svBit *cmd_ready, svBit *bias_ready, svBit *w_ready, svBit *a_ready,
                  svBit *res_valid, svBitVecVal *res_data, svBit *busy, svBit *err);

/* The probes (the RTL's dbg_*_o ports) in the current cycle. */
void stc_dpi_probe(void *h, int *state, int *blk, int *beat, svBitVecVal *pe_v, svBitVecVal *pe_en,
                   svBitVecVal *pe_en_q, svBitVecVal *pe_pv, svBitVecVal *pe_w, svBitVecVal *pe_idx,
                   svBitVecVal *pe_act, svBitVecVal *pe_prod, svBitVecVal *pe_psum,
                   svBitVecVal *bot_v, svBitVecVal *acc_we, svBitVecVal *acc_row,
                   svBitVecVal *acc_wdata, svBitVecVal *cnt);

#endif
