// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_meta.c - the 2:4 metadata codec (docs/architecture.md section 2).
 */
#include "stc_meta.h"

#include <stdio.h>
#include <stdlib.h>

/* Legal iff idx_lo < idx_hi; that is exactly the six codes of the doc. */
bool stc_meta_nibble_legal(unsigned nib)
{
    if (nib > 0xFu)
        return false;
    return (nib & 3u) < (nib >> 2);
}

unsigned stc_meta_illegal_code(unsigned i)
{
    for (unsigned nib = 0; nib <= 0xFu; nib++)
        if (!stc_meta_nibble_legal(nib) && i-- == 0)
            return nib;
    return 0xFu + 1; /* i out of range: not a nibble at all */
}

stc_status stc_meta_decode(unsigned nib, unsigned *idx_lo, unsigned *idx_hi)
{
    if (!stc_meta_nibble_legal(nib))
        return STC_EMETA;
    *idx_lo = nib & 3u;
    *idx_hi = nib >> 2;
    return STC_OK;
}

stc_status stc_meta_encode_group(const int8_t g[STC_META_GROUP], unsigned *nib, int8_t *lo,
                                 int8_t *hi, unsigned *bad_pos)
{
    unsigned kept[2];
    unsigned nk = 0;

    for (unsigned i = 0; i < STC_META_GROUP; i++) {
        if (g[i] == 0)
            continue;
        if (nk == 2) {
            if (bad_pos)
                *bad_pos = i;
            return STC_ESPARSITY;
        }
        kept[nk++] = i;
    }
    /* Fill with the lowest-indexed zero positions, then restore ascending
     * order: a zero filler may sit below a kept nonzero. */
    for (unsigned i = 0; i < STC_META_GROUP && nk < 2; i++) {
        if (g[i] == 0)
            kept[nk++] = i;
    }
    if (kept[0] > kept[1]) {
        unsigned t = kept[0];
        kept[0] = kept[1];
        kept[1] = t;
    }
    *nib = kept[0] | kept[1] << 2;
    *lo = g[kept[0]];
    *hi = g[kept[1]];
    return STC_OK;
}

unsigned stc_meta_word_nibble(uint32_t word, unsigned g)
{
    return (unsigned)(word >> (4u * g)) & 0xFu;
}

stc_status stc_meta_word_check(uint32_t word, unsigned n, unsigned *group)
{
    unsigned ngroups = n / 2;

    for (unsigned g = 0; g < ngroups; g++) {
        if (!stc_meta_nibble_legal(stc_meta_word_nibble(word, g))) {
            *group = g;
            return STC_EMETA;
        }
    }
    /* Shifting a 32-bit value by 32 is undefined: n = 16 uses every bit. */
    if (ngroups < 8 && (word >> (4u * ngroups)) != 0) {
        *group = ngroups;
        return STC_EMETA;
    }
    return STC_OK;
}

static bool stc_meta_shape_ok(unsigned n, unsigned k)
{
    return n >= 4 && n <= 16 && n % 2 == 0 && k > 0 && k % (2 * n) == 0;
}

static void stc_meta_set_pos(stc_meta_pos *pos, unsigned row, unsigned col, unsigned block,
                             unsigned group)
{
    if (!pos)
        return;
    pos->row = row;
    pos->col = col;
    pos->block = block;
    pos->group = group;
}

static void stc_meta_msg(char *err, size_t errlen, const char *what, unsigned row, unsigned col,
                         unsigned block, unsigned group)
{
    if (err && errlen > 0)
        snprintf(err, errlen, "%s at W row %u, column %u (block %u, group %u)", what, row, col,
                 block, group);
}

/* One group of column col, starting at dense row r0 of wdense. */
static stc_status stc_meta_compress_group(unsigned n, unsigned r0, unsigned col,
                                          const int8_t *wdense, unsigned *nib, int8_t *lo,
                                          int8_t *hi, unsigned *bad)
{
    int8_t g[STC_META_GROUP];

    for (unsigned i = 0; i < STC_META_GROUP; i++)
        g[i] = wdense[(size_t)(r0 + i) * n + col];
    return stc_meta_encode_group(g, nib, lo, hi, bad);
}

stc_status stc_meta_compress(unsigned n, unsigned k, const int8_t *wdense, int8_t *wkept,
                             uint32_t *meta, stc_meta_pos *pos, char *err, size_t errlen)
{
    if (!stc_meta_shape_ok(n, k)) {
        if (err && errlen > 0)
            snprintf(err, errlen, "bad 2:4 shape n=%u k=%u", n, k);
        return STC_EPARAM;
    }
    unsigned nblk = k / (2 * n);
    for (unsigned b = 0; b < nblk; b++) {
        for (unsigned col = 0; col < n; col++) {
            uint32_t word = 0;
            for (unsigned g = 0; g < n / 2; g++) {
                unsigned r0 = b * 2 * n + 4 * g, nib = 0, bad = 0;
                int8_t lo = 0, hi = 0;
                if (stc_meta_compress_group(n, r0, col, wdense, &nib, &lo, &hi, &bad) != STC_OK) {
                    stc_meta_set_pos(pos, r0 + bad, col, b, g);
                    stc_meta_msg(err, errlen, "more than two nonzeros in a 2:4 group", r0 + bad,
                                 col, b, g);
                    return STC_ESPARSITY;
                }
                size_t kr = (size_t)b * n + 2 * g;
                wkept[kr * n + col] = lo;
                wkept[(kr + 1) * n + col] = hi;
                word |= (uint32_t)nib << (4u * g);
            }
            meta[(size_t)b * n + col] = word;
        }
    }
    return STC_OK;
}

stc_status stc_meta_decompress(unsigned n, unsigned k, const int8_t *wkept, const uint32_t *meta,
                               int8_t *wdense, stc_meta_pos *pos, char *err, size_t errlen)
{
    if (!stc_meta_shape_ok(n, k)) {
        if (err && errlen > 0)
            snprintf(err, errlen, "bad 2:4 shape n=%u k=%u", n, k);
        return STC_EPARAM;
    }
    unsigned nblk = k / (2 * n);
    for (size_t i = 0; i < (size_t)k * n; i++)
        wdense[i] = 0;
    for (unsigned b = 0; b < nblk; b++) {
        for (unsigned col = 0; col < n; col++) {
            uint32_t word = meta[(size_t)b * n + col];
            unsigned bad = 0;
            if (stc_meta_word_check(word, n, &bad) != STC_OK) {
                unsigned kr = b * n + 2 * (bad < n / 2 ? bad : 0);
                stc_meta_set_pos(pos, kr, col, b, bad);
                if (err && errlen > 0)
                    snprintf(err, errlen,
                             "illegal metadata word 0x%08x (nibble 0x%x) at block %u, column %u, "
                             "group %u",
                             (unsigned)word, bad < n / 2 ? stc_meta_word_nibble(word, bad) : 0u, b,
                             col, bad);
                return STC_EMETA;
            }
            for (unsigned g = 0; g < n / 2; g++) {
                unsigned lo = 0, hi = 0;
                (void)stc_meta_decode(stc_meta_word_nibble(word, g), &lo, &hi);
                size_t kr = (size_t)b * n + 2 * g;
                size_t r0 = (size_t)b * 2 * n + 4 * g;
                wdense[(r0 + lo) * n + col] = wkept[kr * n + col];
                wdense[(r0 + hi) * n + col] = wkept[(kr + 1) * n + col];
            }
        }
    }
    return STC_OK;
}

static int stc_meta_abs8(int8_t v)
{
    return v < 0 ? -(int)v : (int)v;
}

/* Positions of the two largest magnitudes; ties go to the lower index
 * because only a strictly larger value displaces an earlier one. */
static void stc_meta_top2(const int8_t g[STC_META_GROUP], unsigned *p0, unsigned *p1)
{
    unsigned best = 0, second = 1;
    if (stc_meta_abs8(g[1]) > stc_meta_abs8(g[0])) {
        best = 1;
        second = 0;
    }
    for (unsigned i = 2; i < STC_META_GROUP; i++) {
        int a = stc_meta_abs8(g[i]);
        if (a > stc_meta_abs8(g[best])) {
            second = best;
            best = i;
        } else if (a > stc_meta_abs8(g[second])) {
            second = i;
        }
    }
    *p0 = best;
    *p1 = second;
}

void stc_meta_prune24(unsigned n, unsigned k, int8_t *wdense)
{
    for (unsigned r0 = 0; r0 + STC_META_GROUP <= k; r0 += STC_META_GROUP) {
        for (unsigned col = 0; col < n; col++) {
            int8_t g[STC_META_GROUP];
            unsigned p0 = 0, p1 = 0;
            for (unsigned i = 0; i < STC_META_GROUP; i++)
                g[i] = wdense[(size_t)(r0 + i) * n + col];
            stc_meta_top2(g, &p0, &p1);
            for (unsigned i = 0; i < STC_META_GROUP; i++) {
                if (i != p0 && i != p1)
                    wdense[(size_t)(r0 + i) * n + col] = 0;
            }
        }
    }
}
