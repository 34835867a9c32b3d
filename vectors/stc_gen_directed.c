// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_gen_directed.c - the directed vectors that close the functional
 * coverage bins random generation does not reach reliably (see
 * stc_gen_directed.h).
 */
#include "stc_gen_directed.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "stc_gen.h"
#include "stc_tile.h"

/* Blocks of each skip-pattern vector. */
#define STC_DIRECTED_NBLK 6

/* Skip-list patterns the generator's random block classes do not reach
 * reliably. A block or sp24-block vector with no zero block gets the
 * pattern's blocks zeroed and marked skipped, and its expected C
 * recomputed by the functional reference. */
static const unsigned stc_directed_skips[] = {0x15, 0x2a, 0x08, 0x1e, 0x21, 0x01, 0x20, 0x0c};
/* skipcnt 63: no generator class or stream skips exactly 63 of 64 blocks
 * (corners has 64, half and 90 %); the one loaded block is the last, so
 * next_blk also jumps across all 63 skipped ones. */
#define STC_DIRECTED_SKIP63 0x7fffffffffffffffull
#define STC_DIRECTED_NBLK63 64

static stc_status stc_directed_skip(const char *dir, unsigned n, bool mode24, unsigned nblk,
                                    uint64_t skip, char *err, size_t errlen)
{
    stc_gen_opts o;
    stc_vec v;
    char path[4096];
    stc_gen_opts_init(&o);
    o.cls = mode24 ? "sp24-block" : "block";
    o.n = n;
    o.m = 8;
    o.k = nblk * (mode24 ? 2 * n : n);
    o.seed = skip;
    o.sparsity = 0;
    o.bias = skip & 1u;
    stc_status st = stc_gen_vector(&o, &v, err, errlen);
    if (st != STC_OK)
        return st;
    /* Stored W has n rows per block in both modes (2:4 keeps n of 2n). */
    for (unsigned b = 0; b < nblk; b++)
        if ((skip >> b) & 1u)
            memset(v.w + (size_t)b * n * n, 0, (size_t)n * n);
    v.skip = skip;
    snprintf(v.cls, sizeof v.cls, "extra-skip");
    st = stc_vec_fill_expected(&v, err, errlen);
    snprintf(path, sizeof path, "%s/extra-skip-n%u-%s-m8-k%u-x%02" PRIx64 ".vec", dir, n,
             mode24 ? "2of4" : "dense", o.k, skip);
    if (st == STC_OK)
        st = stc_vec_write(path, &v, err, errlen);
    stc_vec_free(&v);
    return st;
}

/* corner-wrap puts the positive wraps in even columns and the negative in
 * odd ones; the same vector with its columns rotated by one wraps the
 * other way in every column. */
static stc_status stc_directed_wrap(const char *dir, unsigned n, char *err, size_t errlen)
{
    stc_gen_opts o;
    stc_vec v;
    char path[4096];
    int8_t w0[STC_N_MAX];
    int32_t b0[STC_N_MAX];
    stc_gen_opts_init(&o);
    o.cls = "corner-wrap";
    o.n = n;
    o.m = 4;
    o.k = 2 * n;
    o.seed = 1;
    o.mode = 0;
    stc_status st = stc_gen_vector(&o, &v, err, errlen);
    if (st != STC_OK)
        return st;
    for (unsigned r = 0; r < v.k; r++) {
        memcpy(w0, v.w + (size_t)r * n, n);
        for (unsigned c = 0; c < n; c++)
            v.w[(size_t)r * n + c] = w0[(c + 1) % n];
    }
    for (unsigned r = 0; r < v.m; r++) {
        memcpy(b0, v.bias + (size_t)r * n, n * sizeof *b0);
        for (unsigned c = 0; c < n; c++)
            v.bias[(size_t)r * n + c] = b0[(c + 1) % n];
    }
    snprintf(v.cls, sizeof v.cls, "extra-wrap");
    st = stc_vec_fill_expected(&v, err, errlen);
    snprintf(path, sizeof path, "%s/extra-wrap-n%u-dense-m4-k%u-rot1.vec", dir, n, o.k);
    if (st == STC_OK)
        st = stc_vec_write(path, &v, err, errlen);
    stc_vec_free(&v);
    return st;
}

stc_status stc_gen_directed(const char *dir, unsigned n, unsigned *count, char *err, size_t errlen)
{
    stc_status st = STC_OK;
    *count = 0;
    for (size_t i = 0; st == STC_OK && i < sizeof stc_directed_skips / sizeof stc_directed_skips[0];
         i++)
        for (int m24 = 0; st == STC_OK && m24 < 2; m24++) {
            st = stc_directed_skip(dir, n, m24, STC_DIRECTED_NBLK, stc_directed_skips[i], err,
                                   errlen);
            *count += st == STC_OK;
        }
    if (st == STC_OK && (st = stc_directed_skip(dir, n, true, STC_DIRECTED_NBLK63,
                                                STC_DIRECTED_SKIP63, err, errlen)) == STC_OK)
        ++*count;
    if (st == STC_OK && (st = stc_directed_wrap(dir, n, err, errlen)) == STC_OK)
        ++*count;
    return st;
}
