// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_dpi.c - the golden model as DPI-C functions (see stc_dpi.h).
 *
 * A thin layer: SV packed vectors in, stc_inputs / stc_outputs /
 * stc_probes of cmodel/stc_tile.h out. The handle is the stc_tile itself;
 * nothing here is global, so one process may hold any number of models.
 */
#include "stc_dpi.h"

#include <stdint.h>
#include <string.h>

#include "stc_tile.h"

_Static_assert(STC_DPI_N_MAX == STC_N_MAX, "stc_dpi_pkg.sv sizes its vectors for STC_N_MAX");
_Static_assert(STC_KB_MAX_MAX == 64, "stc_dpi_pkg.sv declares cmd_skip as 64 bits");

/* Declared widths of the SV output vectors (stc_dpi.h), in bits. */
#define NM STC_DPI_N_MAX
#define W_RES (32u * NM)
#define W_PE_BIT (NM * NM)
#define W_PE_W (8u * NM * NM)
#define W_PE_IDX (2u * NM * NM)
#define W_PE_WORD (32u * NM * NM)
#define W_COL_BIT ((unsigned)NM)
#define W_ACC_ROW (16u * NM) /* MW <= 16 (M_MAX <= 65536) */
#define W_COL_WORD (32u * NM)
#define W_CNT (32u * STC_NUM_COUNTERS)

/* Bits [lsb +: width] (width <= 32) of a packed vector. */
static uint32_t get_field(const svBitVecVal *v, unsigned lsb, unsigned width)
{
    unsigned word = lsb / 32, off = lsb % 32;
    uint64_t x = (uint64_t)v[word] >> off;
    if (off + width > 32)
        x |= (uint64_t)v[word + 1] << (32 - off);
    return width >= 32 ? (uint32_t)x : (uint32_t)x & ((1u << width) - 1u);
}

/* ORs value into bits [lsb +: width] (width <= 32) of a cleared vector. */
static void put_field(svBitVecVal *v, unsigned lsb, unsigned width, uint32_t value)
{
    unsigned word = lsb / 32, off = lsb % 32;
    uint64_t x = width >= 32 ? value : value & ((1u << width) - 1u);
    v[word] |= (svBitVecVal)(x << off);
    if (off + width > 32)
        v[word + 1] |= (svBitVecVal)(x >> (32 - off));
}

static void clear_vec(svBitVecVal *v, unsigned bits)
{
    memset(v, 0, (bits + 31) / 32 * sizeof *v);
}

/* Every PE's probe of one kind, element r*n + c, width bits each. */
#define PUT_PE(vec, bits, field, width)                                                            \
    do {                                                                                           \
        clear_vec((vec), (bits));                                                                  \
        for (unsigned r_ = 0; r_ < n; r_++)                                                        \
            for (unsigned c_ = 0; c_ < n; c_++)                                                    \
                put_field((vec), (r_ * n + c_) * (width), (width), (uint32_t)pr.field[r_][c_]);    \
    } while (0)

void *stc_dpi_create(int n, int m_max, int kb_max)
{
    stc_tile *t = NULL;
    if (n < 0 || m_max < 0 || kb_max < 0)
        return NULL;
    stc_params p = {.n = (unsigned)n, .m_max = (unsigned)m_max, .kb_max = (unsigned)kb_max};
    if (stc_tile_create(&p, &t) != STC_OK)
        return NULL;
    return t;
}

void stc_dpi_destroy(void *h)
{
    if (h)
        stc_tile_destroy((stc_tile *)h);
}

void stc_dpi_reset(void *h)
{
    if (h)
        stc_tile_reset((stc_tile *)h);
}

void stc_dpi_step(void *h, svBit rst_n, svBit cmd_valid, svBit cmd_mode, int cmd_m, int cmd_nblk,
                  const svBitVecVal *cmd_skip, svBit cmd_bias, svBit bias_valid,
                  const svBitVecVal *bias_data, svBit w_valid, const svBitVecVal *w_data,
                  const svBitVecVal *w_meta, svBit a_valid, const svBitVecVal *a_data,
                  svBit res_ready)
{
    stc_tile *t = h;
    stc_inputs in;
    unsigned n;

    if (!t)
        return;
    n = stc_tile_params(t)->n;
    memset(&in, 0, sizeof in);
    in.rst_n = rst_n & 1;
    in.cmd_valid = cmd_valid & 1;
    in.cmd_mode = cmd_mode & 1;
    in.cmd_m = (uint32_t)cmd_m;
    in.cmd_nblk = (uint32_t)cmd_nblk;
    in.cmd_skip = (uint64_t)get_field(cmd_skip, 32, 32) << 32 | get_field(cmd_skip, 0, 32);
    in.cmd_bias = cmd_bias & 1;
    in.bias_valid = bias_valid & 1;
    in.w_valid = w_valid & 1;
    in.a_valid = a_valid & 1;
    in.res_ready = res_ready & 1;
    for (unsigned c = 0; c < n; c++) {
        in.bias_data[c] = (int32_t)get_field(bias_data, 32 * c, 32);
        in.w_data[c] = (int8_t)get_field(w_data, 8 * c, 8);
        in.w_meta[c] = (uint8_t)get_field(w_meta, 4 * c, 4);
    }
    for (unsigned j = 0; j < 2 * n; j++)
        in.a_data[j] = (int8_t)get_field(a_data, 8 * j, 8);
    stc_tile_step(t, &in);
}

void stc_dpi_eval(void *h, svBit *cmd_ready, svBit *bias_ready, svBit *w_ready, svBit *a_ready,
                  svBit *res_valid, svBitVecVal *res_data, svBit *busy, svBit *err)
{
    const stc_tile *t = h;
    stc_outputs o;

    memset(&o, 0, sizeof o);
    clear_vec(res_data, W_RES);
    if (t) {
        stc_tile_eval(t, &o);
        for (unsigned c = 0; c < stc_tile_params(t)->n; c++)
            put_field(res_data, 32 * c, 32, (uint32_t)o.res_data[c]);
    }
    *cmd_ready = o.cmd_ready;
    *bias_ready = o.bias_ready;
    *w_ready = o.w_ready;
    *a_ready = o.a_ready;
    *res_valid = o.res_valid;
    *busy = o.busy;
    *err = o.err;
}

void stc_dpi_probe(void *h, int *state, int *blk, int *beat, svBitVecVal *pe_v, svBitVecVal *pe_en,
                   svBitVecVal *pe_en_q, svBitVecVal *pe_pv, svBitVecVal *pe_w, svBitVecVal *pe_idx,
                   svBitVecVal *pe_act, svBitVecVal *pe_prod, svBitVecVal *pe_psum,
                   svBitVecVal *bot_v, svBitVecVal *acc_we, svBitVecVal *acc_row,
                   svBitVecVal *acc_wdata, svBitVecVal *cnt)
{
    const stc_tile *t = h;
    stc_probes pr;
    unsigned n = 0, mw = 0;

    memset(&pr, 0, sizeof pr);
    if (t) {
        stc_tile_probe(t, &pr);
        n = stc_tile_params(t)->n;
        while ((1u << mw) < stc_tile_params(t)->m_max)
            mw++;
    }
    *state = pr.state;
    *blk = (int)pr.blk;
    *beat = (int)pr.beat;
    PUT_PE(pe_v, W_PE_BIT, pe_v, 1);
    PUT_PE(pe_en, W_PE_BIT, pe_en, 1);
    PUT_PE(pe_en_q, W_PE_BIT, pe_en_q, 1);
    PUT_PE(pe_pv, W_PE_BIT, pe_pv, 1);
    PUT_PE(pe_w, W_PE_W, pe_w, 8);
    PUT_PE(pe_idx, W_PE_IDX, pe_idx, 2);
    PUT_PE(pe_act, W_PE_WORD, pe_act, 32);
    PUT_PE(pe_prod, W_PE_WORD, pe_prod, 32);
    PUT_PE(pe_psum, W_PE_WORD, pe_psum, 32);
    clear_vec(bot_v, W_COL_BIT);
    clear_vec(acc_we, W_COL_BIT);
    clear_vec(acc_row, W_ACC_ROW);
    clear_vec(acc_wdata, W_COL_WORD);
    for (unsigned c = 0; c < n; c++) {
        put_field(bot_v, c, 1, pr.bot_v[c]);
        put_field(acc_we, c, 1, pr.acc_we[c]);
        put_field(acc_row, mw * c, mw, pr.acc_row[c]);
        put_field(acc_wdata, 32 * c, 32, (uint32_t)pr.acc_wdata[c]);
    }
    clear_vec(cnt, W_CNT);
    for (unsigned j = 0; j < STC_NUM_COUNTERS; j++)
        put_field(cnt, 32 * j, 32, pr.cnt[j]);
}
