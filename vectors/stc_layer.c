// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_layer.c - reader of binary layer files and the commands they are cut
 * into (see stc_layer.h and docs/vector-format.md).
 *
 * The file is loaded whole; the header is read field by field (explicit
 * little-endian, whatever the host's byte order), its sizes checked
 * against the file's length with overflow checks, then each output tile's
 * W is copied out of the layer's W (2:4: compressed by stc_meta_compress,
 * whose refusal is the layer's illegal group).
 */
#include "stc_layer.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stc_meta.h"
#include "stc_tile.h"

/* Byte offsets of the header's uint32 fields (the magic is bytes 0..7). */
enum {
    OFF_N = 8,
    OFF_MODE = 12,
    OFF_M = 16,
    OFF_K = 20,
    OFF_OUT = 24,
    OFF_BIAS = 28,
    OFF_M_MAX = 32,
    OFF_RESERVED = 36
};

/* The file being read, for messages. */
typedef struct layer_rd {
    const char *path;
    char *err;
    size_t errlen;
} layer_rd;

static uint32_t rd_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A little-endian two's-complement int32, without relying on the
 * implementation's conversion of an out-of-range unsigned value. */
static int32_t rd_i32(const unsigned char *p)
{
    uint32_t u = rd_u32(p);
    return u <= INT32_MAX ? (int32_t)u : (int32_t)(u - 0x80000000u) + INT32_MIN;
}

static stc_status fail_at(const layer_rd *r, stc_status st, uint64_t off, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* "path: offset X: message". */
static stc_status fail_at(const layer_rd *r, stc_status st, uint64_t off, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    stc_errf(r->err, r->errlen, "%s: offset %" PRIu64 ": %s", r->path, off, msg);
    return st;
}

static stc_status fail_field(const layer_rd *r, const char *field, uint32_t val, const char *fmt,
                             ...) __attribute__((format(printf, 4, 5)));

/* "path: header field F = V: message". */
static stc_status fail_field(const layer_rd *r, const char *field, uint32_t val, const char *fmt,
                             ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    stc_errf(r->err, r->errlen, "%s: header field %s = %" PRIu32 ": %s", r->path, field, val, msg);
    return STC_EFORMAT;
}

/* ---- loading --------------------------------------------------------------- */

/* ---- the header -------------------------------------------------------------- */

static stc_status check_magic(const layer_rd *r, const unsigned char *d, size_t len)
{
    size_t magic = sizeof STC_LAYER_MAGIC - 1;
    for (size_t i = 0; i < magic && i < len; i++)
        if (d[i] != (unsigned char)STC_LAYER_MAGIC[i])
            return fail_at(r, STC_EFORMAT, i,
                           "bad magic: not a binary layer file (it starts with \"%s\")",
                           STC_LAYER_MAGIC);
    if (len < STC_LAYER_HEADER_BYTES)
        return fail_at(r, STC_EFORMAT, len, "the file ends inside the %u-byte header",
                       STC_LAYER_HEADER_BYTES);
    return STC_OK;
}

/* n, mode and m: an N the model takes, dense or 2:4, at least one row. */
static stc_status check_shape(const layer_rd *r, const unsigned char *d, stc_layer *l)
{
    uint32_t n = rd_u32(d + OFF_N), mode = rd_u32(d + OFF_MODE), m = rd_u32(d + OFF_M);
    stc_params p = {n, STC_VEC_M_MAX, STC_VEC_NBLK_MAX, STC_UARCH_BASE};
    if (stc_params_check(&p) != STC_OK)
        return fail_field(r, "n", n, "not an array size the model takes (an even N, %u..%u)",
                          STC_VEC_N_MIN, STC_VEC_N_MAX);
    if (mode > 1)
        return fail_field(r, "mode", mode, "0 (dense) or 1 (2:4)");
    if (m < 1)
        return fail_field(r, "m", m, "a layer has at least one row");
    l->n = n;
    l->mode24 = mode == 1;
    l->m = m;
    return STC_OK;
}

/* k and out: whole K-blocks (1..64) and whole N-column tiles. */
static stc_status check_sizes(const layer_rd *r, const unsigned char *d, stc_layer *l)
{
    uint32_t k = rd_u32(d + OFF_K), out = rd_u32(d + OFF_OUT);
    unsigned kd = l->mode24 ? 2 * l->n : l->n;
    if (k < 1 || k % kd)
        return fail_field(r, "k", k, "not a positive multiple of the %s K-block, %u rows at N = %u",
                          l->mode24 ? "2:4" : "dense", kd, l->n);
    if (k / kd > STC_VEC_NBLK_MAX)
        return fail_field(r, "k", k, "%" PRIu32 " K-blocks of %u rows; a command takes 1..%u",
                          k / kd, kd, STC_VEC_NBLK_MAX);
    if (out < 1 || out % l->n)
        return fail_field(r, "out", out, "not a positive multiple of N = %u", l->n);
    l->k = k;
    l->out = out;
    l->tiles = out / l->n;
    return STC_OK;
}

/* has_bias, m_max and the reserved word. */
static stc_status check_options(const layer_rd *r, const unsigned char *d, stc_layer *l)
{
    uint32_t bias = rd_u32(d + OFF_BIAS), m_max = rd_u32(d + OFF_M_MAX);
    uint32_t reserved = rd_u32(d + OFF_RESERVED);
    if (bias > 1)
        return fail_field(r, "has_bias", bias, "0 or 1");
    if (m_max < 1 || m_max > STC_VEC_M_MAX)
        return fail_field(r, "m_max", m_max, "rows per command, 1..%u (the model's M_MAX)",
                          STC_VEC_M_MAX);
    if (reserved != 0)
        return fail_field(r, "reserved", reserved, "must be 0");
    l->has_bias = bias == 1;
    l->m_max = m_max;
    return STC_OK;
}

/* *acc += a * b; false when that overflows. */
static bool add_product(uint64_t *acc, uint64_t a, uint64_t b)
{
    if (a != 0 && b > (UINT64_MAX - *acc) / a)
        return false;
    *acc += a * b;
    return true;
}

/* The payload's arrays in place: the file's length must be exactly what
 * the header's sizes need. */
static stc_status check_length(const layer_rd *r, stc_layer *l)
{
    uint64_t w_at = STC_LAYER_HEADER_BYTES, bias_at, c_at, end;
    bool ok = add_product(&w_at, l->m, l->k);
    bias_at = w_at;
    ok = ok && add_product(&bias_at, l->k, l->out);
    c_at = bias_at;
    ok = ok && add_product(&c_at, l->has_bias ? 4 : 0, l->out);
    end = c_at;
    ok = ok && add_product(&end, 4ull * l->m, l->out);
    if (!ok || end > SIZE_MAX)
        return fail_field(r, "m", l->m, "with k = %u and out = %u the payload is too large", l->k,
                          l->out);
    if (l->size < end)
        return fail_at(r, STC_EFORMAT, l->size,
                       "the file ends here, but its header's sizes need %" PRIu64
                       " bytes (A %u x %u, W %u x %u, %sC %u x %u int32)",
                       end, l->m, l->k, l->k, l->out, l->has_bias ? "bias, " : "", l->m, l->out);
    if (l->size > end)
        return fail_at(r, STC_EFORMAT, end,
                       "%zu trailing byte(s) after the end of C (the header's sizes need %" PRIu64
                       ")",
                       l->size - (size_t)end, end);
    l->a = (const int8_t *)(l->data + STC_LAYER_HEADER_BYTES);
    l->bias = l->has_bias ? l->data + bias_at : NULL;
    l->c = l->data + c_at;
    return STC_OK;
}

/* ---- the output tiles -------------------------------------------------------- */

static unsigned layer_kd(const stc_layer *l)
{
    return l->mode24 ? 2 * l->n : l->n;
}

/* Bit b: K-block b (kd rows) of the dense k x n W is all zero. */
static uint64_t skip_bits(const int8_t *w, unsigned k, unsigned n, unsigned kd)
{
    uint64_t skip = 0;
    for (unsigned b = 0; b < k / kd; b++) {
        const int8_t *blk = w + (size_t)b * kd * n;
        size_t i = 0;
        while (i < (size_t)kd * n && blk[i] == 0)
            i++;
        if (i == (size_t)kd * n)
            skip |= 1ull << b;
    }
    return skip;
}

/* Tile t's columns of the layer's W, dense k x n, into dense. */
static void tile_columns(const stc_layer *l, unsigned t, int8_t *dense)
{
    const int8_t *w = (const int8_t *)(l->data + STC_LAYER_HEADER_BYTES) + (size_t)l->m * l->k;
    for (unsigned row = 0; row < l->k; row++)
        memcpy(dense + (size_t)row * l->n, w + (size_t)row * l->out + (size_t)t * l->n, l->n);
}

/* Tile t's W as its commands store it (2:4: compressed, dense its scratch). */
static stc_status prepare_tile(const layer_rd *r, stc_layer *l, unsigned t, int8_t *dense)
{
    stc_layer_tile *tl = &l->tile[t];
    size_t cells = (size_t)l->k * l->n;
    tile_columns(l, t, dense);
    tl->skip = skip_bits(dense, l->k, l->n, layer_kd(l));
    if (!l->mode24) {
        tl->w = malloc(cells);
        if (!tl->w)
            return STC_ENOMEM;
        memcpy(tl->w, dense, cells);
        return STC_OK;
    }
    stc_meta_pos pos;
    tl->w = malloc(cells / 2);
    tl->meta = malloc((size_t)(l->k / layer_kd(l)) * l->n * sizeof *tl->meta);
    if (!tl->w || !tl->meta)
        return STC_ENOMEM;
    if (stc_meta_compress(l->n, l->k, dense, tl->w, tl->meta, &pos, NULL, 0) != STC_OK) {
        unsigned col = t * l->n + pos.col, row0 = pos.block * 2 * l->n + 4 * pos.group;
        uint64_t off =
            STC_LAYER_HEADER_BYTES + (uint64_t)l->m * l->k + (uint64_t)pos.row * l->out + col;
        return fail_at(r, STC_ESPARSITY, off,
                       "W block %u, group %u, column %u (rows %u..%u): more than two nonzeros, "
                       "not 2:4",
                       pos.block, pos.group, col, row0, row0 + 3);
    }
    return STC_OK;
}

static stc_status prepare_tiles(const layer_rd *r, stc_layer *l)
{
    l->tile = calloc(l->tiles, sizeof *l->tile);
    int8_t *dense = malloc((size_t)l->k * l->n);
    stc_status st = l->tile && dense ? STC_OK : STC_ENOMEM;
    for (unsigned t = 0; st == STC_OK && t < l->tiles; t++)
        st = prepare_tile(r, l, t, dense);
    free(dense);
    if (st == STC_ENOMEM)
        stc_errf(r->err, r->errlen, "%s: out of memory", r->path);
    return st;
}

/* ---- the interface ------------------------------------------------------------ */

stc_status stc_layer_read(const char *path, stc_layer *l, char *err, size_t errlen)
{
    layer_rd r = {path, err, errlen};
    memset(l, 0, sizeof *l);
    stc_status st =
        stc_file_load(r.path, SIZE_MAX / 2, (void **)&l->data, &l->size, r.err, r.errlen);
    if (st == STC_OK)
        st = check_magic(&r, l->data, l->size);
    if (st == STC_OK)
        st = check_shape(&r, l->data, l);
    if (st == STC_OK)
        st = check_sizes(&r, l->data, l);
    if (st == STC_OK)
        st = check_options(&r, l->data, l);
    if (st == STC_OK)
        st = check_length(&r, l);
    if (st == STC_OK)
        st = prepare_tiles(&r, l);
    if (st != STC_OK)
        stc_layer_free(l);
    return st;
}

void stc_layer_free(stc_layer *l)
{
    for (unsigned t = 0; l->tile && t < l->tiles; t++) {
        free(l->tile[t].w);
        free(l->tile[t].meta);
    }
    free(l->tile);
    free(l->data);
    memset(l, 0, sizeof *l);
}

uint64_t stc_layer_ncmd(const stc_layer *l)
{
    uint64_t batches = ((uint64_t)l->m + l->m_max - 1) / l->m_max;
    return batches * l->tiles;
}

stc_layer_span stc_layer_span_of(const stc_layer *l, uint64_t i)
{
    stc_layer_span s;
    uint64_t batch = i / l->tiles;
    s.tile = (unsigned)(i % l->tiles);
    s.col0 = s.tile * l->n;
    s.row0 = (unsigned)(batch * l->m_max);
    s.rows = l->m - s.row0 < l->m_max ? l->m - s.row0 : l->m_max;
    return s;
}

/* The command's bias (the tile's, on every row) and expected C. */
static void command_results(const stc_layer *l, const stc_layer_span *s, stc_vec *v)
{
    for (unsigned r = 0; r < s->rows; r++)
        for (unsigned c = 0; c < l->n; c++) {
            size_t cell = (size_t)r * l->n + c;
            size_t at = ((size_t)(s->row0 + r) * l->out + s->col0 + c) * 4;
            v->c[cell] = rd_i32(l->c + at);
            if (l->bias)
                v->bias[cell] = rd_i32(l->bias + (size_t)(s->col0 + c) * 4);
        }
}

stc_status stc_layer_command(const stc_layer *l, uint64_t i, stc_vec *v)
{
    memset(v, 0, sizeof *v);
    if (i >= stc_layer_ncmd(l))
        return STC_EPARAM;
    stc_layer_span s = stc_layer_span_of(l, i);
    const stc_layer_tile *t = &l->tile[s.tile];
    snprintf(v->cls, sizeof v->cls, "%s", STC_LAYER_CLASS);
    v->n = l->n;
    v->mode24 = l->mode24;
    v->m = s.rows;
    v->k = l->k;
    v->skip = t->skip;
    v->has_bias = l->has_bias;
    stc_status st = stc_vec_alloc(v);
    if (st != STC_OK)
        return st;
    size_t w_cells = (size_t)(l->mode24 ? l->k / 2 : l->k) * l->n;
    memcpy(v->a, l->a + (size_t)s.row0 * l->k, (size_t)s.rows * l->k);
    memcpy(v->w, t->w, w_cells);
    if (t->meta)
        memcpy(v->meta, t->meta, (size_t)stc_vec_nblk(v) * l->n * sizeof *v->meta);
    command_results(l, &s, v);
    return STC_OK;
}
