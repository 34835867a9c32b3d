// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_ports.c - model signal structs <-> RTL port images (see stc_ports.h).
 *
 * This runs twice per simulated cycle, so the wide vectors are moved a row
 * or a byte at a time rather than bit by bit. The per-PE vectors (the
 * dbg_pe_* ports, or the PE array's registers: stc_pe_grids) are unpacked
 * only when a cycle differs, to name the difference; the lockstep compares
 * them packed (stc_tile_grids_equal).
 */
#include "stc_ports.h"

#include <string.h>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "port images are built with byte copies: little-endian hosts only"
#endif

static uint32_t low_bits(uint32_t v, unsigned width)
{
    return width >= 32 ? v : v & ((1u << width) - 1u);
}

/* Lookup tables, built by the preprocessor: byte b -> eight bytes holding
 * its bits (bit k in byte k), and byte b -> four bytes holding its 2-bit
 * fields. A table load beats shifting bits on this per-cycle path. */
#define SPREAD_BITS(b)                                                                             \
    ((uint64_t)((b)&1) | (uint64_t)((b) >> 1 & 1) << 8 | (uint64_t)((b) >> 2 & 1) << 16 |          \
     (uint64_t)((b) >> 3 & 1) << 24 | (uint64_t)((b) >> 4 & 1) << 32 |                             \
     (uint64_t)((b) >> 5 & 1) << 40 | (uint64_t)((b) >> 6 & 1) << 48 |                             \
     (uint64_t)((b) >> 7 & 1) << 56)
#define SPREAD_PAIRS(b)                                                                            \
    ((uint32_t)((b)&3) | (uint32_t)((b) >> 2 & 3) << 8 | (uint32_t)((b) >> 4 & 3) << 16 |          \
     (uint32_t)((b) >> 6 & 3) << 24)
#define T4(f, b) f(b), f((b) + 1), f((b) + 2), f((b) + 3)
#define T16(f, b) T4(f, b), T4(f, (b) + 4), T4(f, (b) + 8), T4(f, (b) + 12)
#define T64(f, b) T16(f, b), T16(f, (b) + 16), T16(f, (b) + 32), T16(f, (b) + 48)
#define T256(f) T64(f, 0), T64(f, 64), T64(f, 128), T64(f, 192)

static const uint64_t spread_bits[256] = {T256(SPREAD_BITS)};
static const uint32_t spread_pairs[256] = {T256(SPREAD_PAIRS)};

void stc_ports_pack_inputs(const stc_port_shape *s, const stc_inputs *in, stc_input_image *img)
{
    unsigned n = s->n;
    uint64_t skip = in->cmd_skip & (s->kb_max >= 64 ? ~0ull : (1ull << s->kb_max) - 1);

    memset(img, 0, sizeof *img);
    img->rst_n = in->rst_n;
    img->cmd_valid = in->cmd_valid;
    img->cmd_mode = in->cmd_mode;
    img->cmd_m = low_bits(in->cmd_m, s->mw);
    img->cmd_nblk = low_bits(in->cmd_nblk, s->kbw);
    img->cmd_skip[0] = (uint32_t)skip;
    img->cmd_skip[1] = (uint32_t)(skip >> 32);
    img->cmd_bias = in->cmd_bias;
    img->bias_valid = in->bias_valid;
    for (unsigned c = 0; c < n; c++)
        img->bias_data[c] = (uint32_t)in->bias_data[c];
    img->w_valid = in->w_valid;
    memcpy(img->w_data, in->w_data, n); /* byte c of the port is column c */
    for (unsigned c = 0; c < n; c++)
        img->w_meta[c / 8] |= (uint32_t)(in->w_meta[c] & 0xfu) << (4 * (c % 8));
    img->a_valid = in->a_valid;
    memcpy(img->a_data, in->a_data, 2 * n);
    img->res_ready = in->res_ready;
}

void stc_ports_unpack_outputs(const stc_port_shape *s, const stc_output_view *v, stc_outputs *out)
{
    memset(out, 0, sizeof *out);
    out->cmd_ready = v->cmd_ready & 1u;
    out->bias_ready = v->bias_ready & 1u;
    out->w_ready = v->w_ready & 1u;
    out->a_ready = v->a_ready & 1u;
    out->res_valid = v->res_valid & 1u;
    memcpy(out->res_data, v->res_data, s->n * sizeof out->res_data[0]);
    out->busy = v->busy & 1u;
    out->err = v->err & 1u;
}

/* Bit b of a packed vector stored little-endian as bytes. */
static unsigned bit_at(const uint8_t *b, unsigned bit)
{
    return b[bit / 8] >> (bit % 8) & 1u;
}

/* Row r of a 1-bit-per-PE vector (the four flags, bot_v, acc_we), PE i at
 * bit i. Rows start on a byte when N % 8 == 0 and on a nibble when
 * N % 4 == 0 (N=4: the hold run's array). Reads no byte past the row's. */
static void unpack_flag_row(unsigned n, unsigned r, const uint8_t *b, bool *dst)
{
    const unsigned row = r * n;
    if (n % 8 == 0) {
        for (unsigned k = 0; k < n / 8; k++) {
            memcpy(dst + 8 * k, &spread_bits[b[row / 8 + k]], 8);
        }
        return;
    }
    if (n % 4 == 0) {
        for (unsigned k = 0; k < n / 4; k++) {
            unsigned bit = row + 4 * k;
            memcpy(dst + 4 * k, &spread_bits[b[bit / 8] >> (bit % 8) & 0xfu], 4);
        }
        return;
    }
    for (unsigned c = 0; c < n; c++)
        dst[c] = bit_at(b, row + c);
}

/* The count fields of width bits (1..32) packed from bit 0 of src, in
 * order: one pass through a 64-bit buffer, which reads each word of src
 * once and no word past the last field's (a shift and mask of the words
 * per field was about 280 instructions a cycle at N=16 for the
 * accumulator rows). */
static void unpack_fields(const uint32_t *src, unsigned width, unsigned count, uint32_t *dst)
{
    const uint64_t mask = width >= 32 ? 0xffffffffu : (1u << width) - 1u;
    uint64_t buf = 0;
    unsigned have = 0;
    for (unsigned c = 0; c < count; c++) {
        if (have < width) {
            buf |= (uint64_t)*src++ << have;
            have += 32;
        }
        dst[c] = (uint32_t)(buf & mask);
        buf >>= width;
        have -= width;
    }
}

/* Row r of the 2-bit mux selects, PE i at bits 2i and 2i + 1. Rows start
 * on a byte when N % 4 == 0. */
static void unpack_idx_row(unsigned n, unsigned r, const uint8_t *b, uint8_t *dst)
{
    const unsigned row = r * n;
    if (n % 4 == 0) {
        for (unsigned k = 0; k < n / 4; k++) {
            memcpy(dst + 4 * k, &spread_pairs[b[row / 4 + k]], 4);
        }
        return;
    }
    for (unsigned c = 0; c < n; c++)
        dst[c] = (uint8_t)(bit_at(b, 2 * (row + c)) | bit_at(b, 2 * (row + c) + 1) << 1);
}

void stc_ports_update_probes(const stc_port_shape *s, const stc_probe_view *v, stc_probes *pr)
{
    unsigned n = s->n;

    pr->state = (uint8_t)v->state;
    pr->blk = v->blk;
    pr->beat = v->beat;
    pr->err = v->err & 1u;
    if (v->pe_v) {
        /* The dbg_pe_* ports have the layout of the PE array's vectors. */
        const stc_pe_grids g = {(const uint8_t *)v->pe_v,
                                (const uint8_t *)v->pe_en,
                                (const uint8_t *)v->pe_en_q,
                                (const uint8_t *)v->pe_pv,
                                (const uint8_t *)v->pe_w,
                                (const uint8_t *)v->pe_idx,
                                v->pe_act,
                                v->pe_prod,
                                v->pe_psum};
        stc_ports_update_pe_arrays(n, &g, pr);
    }
    unpack_flag_row(n, 0, (const uint8_t *)v->bot_v, pr->bot_v);
    unpack_flag_row(n, 0, (const uint8_t *)v->acc_we, pr->acc_we);
    unpack_fields(v->acc_row, s->mw, n, pr->acc_row);
    memcpy(pr->acc_wdata, v->acc_wdata, n * sizeof pr->acc_wdata[0]);
    memcpy(pr->cnt, v->cnt, sizeof pr->cnt);
}

/* bool holds 0 or 1 in one byte here (the x86-64 and AArch64 ABIs), the
 * values the flag grids hold, so a row unpacks into bytes. */
_Static_assert(sizeof(bool) == 1, "the flag rows are unpacked byte for byte");

/* Row r of a probe grid, as bytes of the whole grid (G: a member of pr). */
#define STC_GRID_ROW(G, r) ((unsigned char *)(G) + (size_t)(r) * sizeof(G)[0])

/* One row of a grid: len bytes. The rows of the small arrays are 4 to 64
 * bytes, copied inline at their fixed sizes: at N=4 a library call per
 * row (36 a cycle) cost more than the copies. */
static inline void copy_row(void *restrict dst, const void *restrict src, size_t len)
{
    switch (len) {
    case 4:
        memcpy(dst, src, 4);
        break;
    case 8:
        memcpy(dst, src, 8);
        break;
    case 16:
        memcpy(dst, src, 16);
        break;
    case 32:
        memcpy(dst, src, 32);
        break;
    default:
        memcpy(dst, src, len);
    }
}

void stc_ports_update_pe_arrays(unsigned n, const stc_pe_grids *a, stc_probes *pr)
{
    /* At n = STC_N_MAX the vectors' rows and the struct rows line up: the
     * whole grid as one row of n * n PEs. */
    const unsigned rows = n == STC_N_MAX ? 1 : n, len = n == STC_N_MAX ? n * n : n;
    for (unsigned r = 0; r < rows; r++) {
        const unsigned row = r * len;
        unpack_flag_row(len, r, a->v, (bool *)STC_GRID_ROW(pr->pe_v, r));
        unpack_flag_row(len, r, a->en, (bool *)STC_GRID_ROW(pr->pe_en, r));
        unpack_flag_row(len, r, a->en_q, (bool *)STC_GRID_ROW(pr->pe_en_q, r));
        unpack_flag_row(len, r, a->pv, (bool *)STC_GRID_ROW(pr->pe_pv, r));
        unpack_idx_row(len, r, a->idx, STC_GRID_ROW(pr->pe_idx, r));
        copy_row(STC_GRID_ROW(pr->pe_w, r), a->w + row, len);
        copy_row(STC_GRID_ROW(pr->pe_act, r), a->act + row, 4 * (size_t)len);
        copy_row(STC_GRID_ROW(pr->pe_prod, r), a->prod + row, 4 * (size_t)len);
        copy_row(STC_GRID_ROW(pr->pe_psum, r), a->psum + row, 4 * (size_t)len);
    }
}

void stc_ports_unpack_probes(const stc_port_shape *s, const stc_probe_view *v, stc_probes *pr)
{
    memset(pr, 0, sizeof *pr);
    stc_ports_update_probes(s, v, pr);
}
