// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_accounting.c - spec-level checks of the 2:4 metadata codec
 * (cmodel/stc_meta.*) and of the cycle model's counters, cycle accounting
 * and command streams (cmodel/stc_tile.*), against docs/architecture.md
 * sections 2, 4, 6, 7 and 10.
 *
 * Every expected value is derived here from the document, never from the
 * code under test: hand-written tables for the codec, the closed forms of
 * sections 6 and 7 for the counters, a count of the nonzero (A, W) pairs
 * for macs_actual, the host's own clock for the busy span, and stc_ref
 * (which knows nothing of cycles, blocks or metadata) for the results.
 */
#include <criterion/criterion.h>

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stc_meta.h"
#include "stc_ref.h"
#include "stc_tile.h"

/* ---- section 2 as tables ----------------------------------------------- */

/* Every nibble, written out by hand: the positions the PE decode gives
 * (idx_lo = nib[1:0], idx_hi = nib[3:2]) and legality (idx_lo < idx_hi). */
typedef struct acct_nib_row {
    unsigned nib;
    bool legal;
    unsigned lo, hi;
} acct_nib_row;

static const acct_nib_row acct_nib_spec[16] = {
    {0x0, false, 0, 0}, {0x1, false, 1, 0}, {0x2, false, 2, 0}, {0x3, false, 3, 0},
    {0x4, true, 0, 1},  {0x5, false, 1, 1}, {0x6, false, 2, 1}, {0x7, false, 3, 1},
    {0x8, true, 0, 2},  {0x9, true, 1, 2},  {0xA, false, 2, 2}, {0xB, false, 3, 2},
    {0xC, true, 0, 3},  {0xD, true, 1, 3},  {0xE, true, 2, 3},  {0xF, false, 3, 3},
};

/* The six legal codes in the order of the table of section 2. */
static const uint8_t acct_legal[6] = {0x4, 0x8, 0xC, 0x9, 0xD, 0xE};

/* Canonical code of every nonzero pattern of a group (bit p: position p
 * nonzero), worked out by hand from "kept = the nonzero positions, filled
 * up to two with the lowest-indexed zero positions, ascending". code 0:
 * three or four nonzeros, rejected at `bad`, the position of the third. */
typedef struct acct_canon_row {
    unsigned code, bad;
} acct_canon_row;

static const acct_canon_row acct_canon[16] = {
    {0x4, 0}, {0x4, 0}, {0x4, 0}, {0x4, 0}, /* {} {0} {1} {0,1} */
    {0x8, 0}, {0x8, 0}, {0x9, 0}, {0x0, 2}, /* {2} {0,2} {1,2} {0,1,2} */
    {0xC, 0}, {0xC, 0}, {0xD, 0}, {0x0, 3}, /* {3} {0,3} {1,3} {0,1,3} */
    {0xE, 0}, {0x0, 3}, {0x0, 3}, {0x0, 2}, /* {2,3} {0,2,3} {1,2,3} {0,1,2,3} */
};

static unsigned acct_popcount(uint64_t x)
{
    unsigned c = 0;

    for (; x != 0; x &= x - 1)
        c++;
    return c;
}

/* Nonzero, pairwise distinct values, so a swapped or dropped value shows. */
static int8_t acct_val(unsigned pos, unsigned rot)
{
    static const int8_t v[4] = {-128, 127, -3, 5};

    return v[(pos + rot) % 4];
}

Test(meta_spec, nibble_table_matches_codec)
{
    unsigned nlegal = 0;

    for (unsigned i = 0; i < 16; i++) {
        const acct_nib_row *e = &acct_nib_spec[i];
        unsigned lo = 9, hi = 9;
        bool listed = memchr(acct_legal, (int)e->nib, sizeof acct_legal) != NULL;

        /* The hand table against the document's rule and its list. */
        cr_assert_eq(e->nib, i);
        cr_assert_eq(e->nib, e->lo | e->hi << 2);
        cr_assert_eq(e->legal, e->lo < e->hi);
        cr_assert_eq(e->legal, listed, "nibble 0x%x", i);
        nlegal += e->legal;

        cr_expect_eq(stc_meta_nibble_legal(i), e->legal, "legal(0x%x)", i);
        cr_expect_eq(stc_meta_decode(i, &lo, &hi), e->legal ? STC_OK : STC_EMETA, "0x%x", i);
        cr_expect_eq(lo, e->legal ? e->lo : 9u, "decode(0x%x) lo", i);
        cr_expect_eq(hi, e->legal ? e->hi : 9u, "decode(0x%x) hi", i);
    }
    cr_assert_eq(nlegal, 6u);
    /* Bits above the nibble make any value illegal (stc_meta.h). */
    for (unsigned v = 16; v < 256; v++) {
        unsigned lo = 9, hi = 9;

        cr_expect_not(stc_meta_nibble_legal(v), "0x%x", v);
        cr_expect_eq(stc_meta_decode(v, &lo, &hi), STC_EMETA, "0x%x", v);
        cr_expect(lo == 9 && hi == 9);
    }
}

Test(meta_spec, every_pattern_one_group)
{
    for (unsigned mask = 0; mask < 16; mask++) {
        for (unsigned rot = 0; rot < 4; rot++) {
            int8_t g[4], back[4] = {0, 0, 0, 0}, lo = 0, hi = 0;
            unsigned nib = 99, bad = 99, ilo = 9, ihi = 9;
            stc_status st;

            for (unsigned p = 0; p < 4; p++)
                g[p] = (mask >> p & 1) ? acct_val(p, rot) : 0;
            st = stc_meta_encode_group(g, &nib, &lo, &hi, &bad);
            if (acct_canon[mask].code == 0) {
                cr_expect_eq(st, STC_ESPARSITY, "mask 0x%x", mask);
                cr_expect_eq(bad, acct_canon[mask].bad, "mask 0x%x", mask);
                continue;
            }
            cr_assert_eq(st, STC_OK, "mask 0x%x", mask);
            cr_expect_eq(nib, acct_canon[mask].code, "mask 0x%x: 0x%x", mask, nib);
            /* Round trip through the decode: the dense group comes back. */
            cr_assert_eq(stc_meta_decode(nib, &ilo, &ihi), STC_OK);
            back[ilo] = lo;
            back[ihi] = hi;
            cr_expect_arr_eq(back, g, 4, "mask 0x%x rot %u", mask, rot);
        }
    }
}

enum { ACCT_WN = 16, ACCT_WK = 2 * 2 * ACCT_WN }; /* N = 16, two blocks */

/* One pattern at group g of column col, block b of an otherwise zero W. */
static void acct_pattern_word(unsigned mask, unsigned b, unsigned g, unsigned col)
{
    static int8_t w[ACCT_WK * ACCT_WN], back[ACCT_WK * ACCT_WN], kept[ACCT_WK / 2 * ACCT_WN];
    uint32_t meta[2 * ACCT_WN];
    stc_meta_pos pos = {0, 0, 0, 0};
    unsigned r0 = b * 2 * ACCT_WN + 4 * g, kr = b * ACCT_WN + 2 * g;
    stc_status st;

    memset(w, 0, sizeof w);
    for (unsigned p = 0; p < 4; p++)
        w[(r0 + p) * ACCT_WN + col] = (mask >> p & 1) ? acct_val(p, col) : 0;
    st = stc_meta_compress(ACCT_WN, ACCT_WK, w, kept, meta, &pos, NULL, 0);
    if (acct_canon[mask].code == 0) {
        cr_assert_eq(st, STC_ESPARSITY, "mask 0x%x g %u col %u", mask, g, col);
        cr_assert(pos.row == r0 + acct_canon[mask].bad && pos.col == col && pos.block == b &&
                      pos.group == g,
                  "mask 0x%x b %u g %u col %u: pos %u %u %u %u", mask, b, g, col, pos.row, pos.col,
                  pos.block, pos.group);
        return;
    }
    cr_assert_eq(st, STC_OK);
    for (unsigned i = 0; i < 2 * ACCT_WN; i++) {
        for (unsigned gg = 0; gg < ACCT_WN / 2; gg++) {
            /* All-zero groups are canonically 0x4. */
            unsigned want = i == b * ACCT_WN + col && gg == g ? acct_canon[mask].code : 0x4;

            cr_assert_eq(stc_meta_word_nibble(meta[i], gg), want, "mask 0x%x g %u col %u", mask, g,
                         col);
        }
    }
    unsigned lo = acct_canon[mask].code & 3, hi = acct_canon[mask].code >> 2;
    cr_assert_eq(kept[kr * ACCT_WN + col], w[(r0 + lo) * ACCT_WN + col]);
    cr_assert_eq(kept[(kr + 1) * ACCT_WN + col], w[(r0 + hi) * ACCT_WN + col]);
    cr_assert_eq(stc_meta_decompress(ACCT_WN, ACCT_WK, kept, meta, back, NULL, NULL, 0), STC_OK);
    cr_assert_arr_eq(back, w, sizeof w, "mask 0x%x g %u col %u", mask, g, col);
}

Test(meta_spec, every_pattern_every_group_n16)
{
    for (unsigned mask = 0; mask < 16; mask++)
        for (unsigned g = 0; g < ACCT_WN / 2; g++)
            for (unsigned col = 0; col < ACCT_WN; col++)
                acct_pattern_word(mask, (g + col) & 1, g, col);
}

/* A legal word of n/2 groups with a different code in each group. */
static uint32_t acct_bg_word(unsigned n)
{
    uint32_t w = 0;

    for (unsigned g = 0; g < n / 2; g++)
        w |= (uint32_t)acct_legal[(g + 1) % 6] << (4 * g);
    return w;
}

static uint32_t acct_set_nibble(uint32_t word, unsigned g, unsigned nib)
{
    return (word & ~(0xFu << (4 * g))) | (uint32_t)nib << (4 * g);
}

/* Decompress (N = 16, block 1) with nibble nib at group g of column col. */
static void acct_decompress_at(unsigned g, unsigned nib, unsigned col)
{
    static int8_t kept[ACCT_WK / 2 * ACCT_WN], w[ACCT_WK * ACCT_WN];
    uint32_t meta[2 * ACCT_WN];
    stc_meta_pos pos = {99, 99, 99, 99};
    unsigned kr = ACCT_WN + 2 * g, r0 = 2 * ACCT_WN + 4 * g;
    stc_status st;

    for (unsigned i = 0; i < sizeof kept; i++)
        kept[i] = (int8_t)(i % 13 + 1);
    for (unsigned i = 0; i < 2 * ACCT_WN; i++)
        meta[i] = acct_bg_word(ACCT_WN);
    meta[ACCT_WN + col] = acct_set_nibble(meta[ACCT_WN + col], g, nib);
    st = stc_meta_decompress(ACCT_WN, ACCT_WK, kept, meta, w, &pos, NULL, 0);
    if (!acct_nib_spec[nib].legal) {
        cr_assert_eq(st, STC_EMETA, "g %u nib 0x%x", g, nib);
        cr_assert(pos.block == 1 && pos.col == col && pos.group == g && pos.row == kr,
                  "g %u nib 0x%x: pos row %u col %u block %u group %u", g, nib, pos.row, pos.col,
                  pos.block, pos.group);
        return;
    }
    cr_assert_eq(st, STC_OK);
    for (unsigned p = 0; p < 4; p++) {
        int8_t want = p == acct_nib_spec[nib].lo   ? kept[kr * ACCT_WN + col]
                      : p == acct_nib_spec[nib].hi ? kept[(kr + 1) * ACCT_WN + col]
                                                   : 0;

        cr_assert_eq(w[(r0 + p) * ACCT_WN + col], want, "g %u nib 0x%x pos %u", g, nib, p);
    }
}

Test(meta_spec, every_nibble_every_group_n16)
{
    const uint32_t bg = acct_bg_word(ACCT_WN);

    for (unsigned g = 0; g < ACCT_WN / 2; g++) {
        for (unsigned nib = 0; nib < 16; nib++) {
            uint32_t word = acct_set_nibble(bg, g, nib);
            unsigned grp = 99;

            for (unsigned gg = 0; gg < ACCT_WN / 2; gg++)
                cr_assert_eq(stc_meta_word_nibble(word, gg),
                             gg == g ? nib : acct_legal[(gg + 1) % 6]);
            cr_assert_eq(stc_meta_word_check(word, ACCT_WN, &grp),
                         acct_nib_spec[nib].legal ? STC_OK : STC_EMETA, "g %u nib 0x%x", g, nib);
            if (!acct_nib_spec[nib].legal) {
                cr_assert_eq(grp, g, "g %u nib 0x%x", g, nib);
                /* A later bad group does not hide the first one. */
                grp = 99;
                if (g < 7)
                    (void)stc_meta_word_check(acct_set_nibble(word, 7, 0x0), ACCT_WN, &grp);
                cr_assert(g == 7 || grp == g, "g %u nib 0x%x", g, nib);
            }
            acct_decompress_at(g, nib, (g + nib) % ACCT_WN);
        }
    }
}

Test(meta_spec, word_check_every_size)
{
    for (unsigned n = 4; n <= 14; n += 2) {
        const uint32_t bg = acct_bg_word(n);
        unsigned grp = 99;

        cr_assert_eq(stc_meta_word_check(bg, n, &grp), STC_OK, "n %u", n);
        for (unsigned g = 0; g < n / 2; g++) {
            for (unsigned i = 0; i < 16; i++) {
                if (acct_nib_spec[i].legal)
                    continue;
                grp = 99;
                cr_assert_eq(stc_meta_word_check(acct_set_nibble(bg, g, i), n, &grp), STC_EMETA);
                cr_assert_eq(grp, g, "n %u g %u nib 0x%x", n, g, i);
            }
        }
        /* Any bit above nibble n/2-1 is stray: reported as group n/2. */
        for (unsigned bit = 4 * (n / 2); bit < 32; bit++) {
            grp = 99;
            cr_assert_eq(stc_meta_word_check(bg | 1u << bit, n, &grp), STC_EMETA, "n %u bit %u", n,
                         bit);
            cr_assert_eq(grp, n / 2, "n %u bit %u", n, bit);
        }
    }
}

/* ---- one command's operands ---------------------------------------------- */

typedef struct acmd_spec {
    unsigned n;
    bool sparse;
    unsigned m, nblk;
    uint64_t skip;
    bool bias;
    uint64_t seed;
} acmd_spec;

typedef struct acmd {
    unsigned n, m, nblk, kd, k;
    bool sparse, bias;
    uint64_t skip;      /* skipped blocks, bits < nblk only */
    uint64_t skip_sent; /* cmd_skip: skip plus junk in the ignored bits >= nblk */
    int8_t *a;          /* m x k */
    int8_t *wd;         /* the dense W the tile computes with, k x n */
    int8_t *wk;         /* the rows the host sends, (nblk * n) x n */
    uint8_t *nib;       /* 2:4: nib[(b * n/2 + g) * n + col] */
    int32_t *biasv;     /* m x n */
} acmd;

static uint64_t acct_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);

    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Random int8, zero with probability pz percent: zeros are what the gating
 * and macs_actual are about. */
static int8_t acct_i8(uint64_t *s, unsigned pz)
{
    uint64_t x = acct_rand(s);

    return x % 100 < pz ? 0 : (int8_t)((int)((x >> 32) % 256) - 128);
}

static void *acct_alloc(size_t count, size_t size)
{
    void *p = calloc(count, size);

    cr_assert_not_null(p);
    return p;
}

static bool acmd_skipped(const acmd *j, unsigned b)
{
    return (j->skip >> b & 1) != 0;
}

/* Group g of block b, column col gets nibble nib and kept values lo, hi.
 * The dense W follows the PE decode of section 2 (PE(2g) multiplies the
 * activation at nib[1:0], PE(2g+1) the one at nib[3:2]), which for an
 * illegal nibble with equal indices puts both values on one position. */
static void acct_set_group(acmd *j, unsigned b, unsigned g, unsigned col, uint8_t nib, int8_t lo,
                           int8_t hi)
{
    unsigned n = j->n;
    size_t kr = (size_t)b * n + 2 * g, r0 = (size_t)b * 2 * n + 4 * g;
    int sum[4] = {0, 0, 0, 0};

    sum[nib & 3] += lo;
    sum[nib >> 2 & 3] += hi;
    j->nib[((size_t)b * (n / 2) + g) * n + col] = nib;
    j->wk[kr * n + col] = lo;
    j->wk[(kr + 1) * n + col] = hi;
    for (unsigned p = 0; p < 4; p++) {
        cr_assert(sum[p] >= INT8_MIN && sum[p] <= INT8_MAX, "test bug: pick smaller values");
        j->wd[(r0 + p) * n + col] = (int8_t)sum[p];
    }
}

/* Skipped blocks stay all zero (section 3: "block b is all zero"). */
static void acmd_fill_w(acmd *j, uint64_t *r)
{
    unsigned n = j->n;

    for (unsigned b = 0; b < j->nblk; b++) {
        if (acmd_skipped(j, b))
            continue;
        for (unsigned row = 0; row < n; row++) {
            for (unsigned col = 0; col < n; col++) {
                size_t i = ((size_t)b * n + row) * n + col;

                if (j->sparse) {
                    if (row % 2 == 0)
                        acct_set_group(j, b, row / 2, col, acct_legal[acct_rand(r) % 6],
                                       acct_i8(r, 30), acct_i8(r, 30));
                } else {
                    j->wk[i] = j->wd[i] = acct_i8(r, 30);
                }
            }
        }
    }
}

static void acmd_make(acmd *j, const acmd_spec *s)
{
    uint64_t r = s->seed * 1000003u + s->n;
    uint64_t all = s->nblk >= 64 ? ~0ull : (1ull << s->nblk) - 1;
    unsigned n = s->n;

    memset(j, 0, sizeof(*j));
    j->n = n;
    j->sparse = s->sparse;
    j->m = s->m;
    j->nblk = s->nblk;
    j->bias = s->bias;
    j->skip = s->skip & all;
    j->skip_sent = j->skip | ~all;
    j->kd = s->sparse ? 2 * n : n;
    j->k = j->nblk * j->kd;
    j->a = acct_alloc((size_t)j->m * j->k, 1);
    j->wd = acct_alloc((size_t)j->k * n, 1);
    j->wk = acct_alloc((size_t)j->nblk * n * n, 1);
    j->nib = acct_alloc((size_t)j->nblk * n * n, 1);
    j->biasv = acct_alloc((size_t)j->m * n, sizeof(int32_t));
    for (size_t i = 0; i < (size_t)j->m * j->k; i++)
        j->a[i] = acct_i8(&r, 20);
    for (size_t i = 0; j->bias && i < (size_t)j->m * n; i++)
        j->biasv[i] = stc_ref_wrap32((uint32_t)acct_rand(&r));
    acmd_fill_w(j, &r);
}

static void acmd_free(acmd *j)
{
    free(j->a);
    free(j->wd);
    free(j->wk);
    free(j->nib);
    free(j->biasv);
}

static const char *acmd_desc(const acmd *j)
{
    static char buf[128];

    snprintf(buf, sizeof buf, "N=%u %s M=%u nblk=%u skip=%#llx bias=%d", j->n,
             j->sparse ? "2:4" : "dense", j->m, j->nblk, (unsigned long long)j->skip, j->bias);
    return buf;
}

/* ---- the host of section 10, ideal: no stalls ------------------------------ */

enum acct_phase { PH_CMD, PH_BIAS, PH_W, PH_A, PH_RES };

#define ACCT_NONE UINT_MAX

/* What the host saw of one command. */
typedef struct acct_obs {
    int32_t *c;                     /* m x n results from res_data */
    unsigned cmd_cycle;             /* cycle of the command transfer */
    unsigned idle_cycle;            /* the cycle after the last result transfer */
    unsigned err_rise;              /* first busy cycle with err_o = 1, or ACCT_NONE */
    bool err_start;                 /* err_o in the cycle after the command transfer */
    bool err_end;                   /* err_o in idle_cycle */
    uint32_t cnt[STC_NUM_COUNTERS]; /* counters in idle_cycle */
} acct_obs;

typedef struct acct_host {
    const acmd *cmds;
    acct_obs *obs;
    unsigned cur;       /* command in flight (or waiting to be sent) */
    enum acct_phase ph; /* host's phase for cmds[cur] */
    unsigned i, blk;    /* beat within the phase, current block */
    bool ended;         /* cmds[cur] took its last result in the previous cycle */
} acct_host;

static void acct_drive_cmd(const acmd *j, stc_inputs *in)
{
    in->cmd_valid = true;
    in->cmd_mode = j->sparse;
    in->cmd_m = j->m - 1;
    in->cmd_nblk = j->nblk - 1;
    in->cmd_skip = j->skip_sent;
    in->cmd_bias = j->bias;
}

/* Valid high on the host's port. Don't-care inputs carry junk the tile
 * must ignore: an illegal nibble where metadata is not sampled (dense,
 * odd beats) and nonzero upper activation lanes in dense mode. */
static void acct_drive(const acct_host *h, stc_inputs *in)
{
    const acmd *j = &h->cmds[h->cur];
    unsigned n = j->n;

    switch (h->ph) {
    case PH_CMD:
        acct_drive_cmd(j, in);
        break;
    case PH_BIAS:
        in->bias_valid = true;
        memcpy(in->bias_data, &j->biasv[(size_t)h->i * n], n * sizeof(int32_t));
        break;
    case PH_W:
        in->w_valid = true;
        memcpy(in->w_data, &j->wk[((size_t)h->blk * n + h->i) * n], n);
        memset(in->w_meta, 0x0F, sizeof in->w_meta);
        if (j->sparse && h->i % 2 == 0)
            memcpy(in->w_meta, &j->nib[((size_t)h->blk * (n / 2) + h->i / 2) * n], n);
        break;
    case PH_A:
        in->a_valid = true;
        memset(in->a_data, 0x5A, sizeof in->a_data);
        memcpy(in->a_data, &j->a[(size_t)h->i * j->k + (size_t)h->blk * j->kd], j->kd);
        break;
    default:
        break;
    }
}

/* The host's port is always valid (ready for results), so it transfers
 * exactly when the tile is ready on it. */
static bool acct_xfer(const acct_host *h, const stc_outputs *o)
{
    switch (h->ph) {
    case PH_CMD:
        return o->cmd_ready;
    case PH_BIAS:
        return o->bias_ready;
    case PH_W:
        return o->w_ready;
    case PH_A:
        return o->a_ready;
    default:
        return o->res_valid;
    }
}

static void acct_next_block(acct_host *h, unsigned from)
{
    const acmd *j = &h->cmds[h->cur];
    unsigned b = from;

    while (b < j->nblk && acmd_skipped(j, b))
        b++;
    h->blk = b;
    h->i = 0;
    h->ph = b < j->nblk ? PH_W : PH_RES;
}

static void acct_advance(acct_host *h, const stc_outputs *o, unsigned cycle)
{
    const acmd *j = &h->cmds[h->cur];
    acct_obs *ob = &h->obs[h->cur];

    switch (h->ph) {
    case PH_CMD:
        ob->cmd_cycle = cycle;
        ob->err_rise = ACCT_NONE;
        h->i = 0;
        if (j->bias)
            h->ph = PH_BIAS;
        else
            acct_next_block(h, 0);
        break;
    case PH_BIAS:
        if (++h->i == j->m)
            acct_next_block(h, 0);
        break;
    case PH_W:
        if (++h->i == j->n) {
            h->i = 0;
            h->ph = PH_A;
        }
        break;
    case PH_A:
        if (++h->i == j->m)
            acct_next_block(h, h->blk + 1);
        break;
    default:
        memcpy(&ob->c[(size_t)h->i * j->n], o->res_data, j->n * sizeof(int32_t));
        if (++h->i == j->m) {
            h->ended = true;
            h->ph = PH_CMD;
        }
        break;
    }
}

/* A command is over after its last result: the tile must be IDLE now, and
 * its counters and err_o readable. */
static void acct_record_end(const stc_tile *t, const stc_outputs *o, acct_obs *ob, unsigned cycle)
{
    stc_probes pr;

    stc_tile_probe(t, &pr);
    cr_assert(o->cmd_ready && !o->busy && pr.state == STC_ST_IDLE,
              "not IDLE in the cycle after the last result (cycle %u, state %u)", cycle, pr.state);
    ob->idle_cycle = cycle;
    ob->err_end = o->err;
    memcpy(ob->cnt, pr.cnt, sizeof ob->cnt);
}

/* Between a command transfer and its last result the tile is busy. */
static void acct_watch(const acct_host *h, const stc_outputs *o, unsigned cycle)
{
    acct_obs *ob = &h->obs[h->cur];

    if (h->ph == PH_CMD)
        return;
    cr_assert(o->busy, "busy_o low in cycle %u, command %u in flight", cycle, h->cur);
    if (cycle == ob->cmd_cycle + 1)
        ob->err_start = o->err;
    if (o->err && ob->err_rise == ACCT_NONE)
        ob->err_rise = cycle;
}

/* Runs cmds[0..ncmd-1] back to back on t (in IDLE), no reset in between.
 * hold: cmd_valid (with the next command) stays high while the tile is
 * busy, so the tile alone decides when it is taken. */
static void acct_run(stc_tile *t, const acmd *cmds, unsigned ncmd, bool hold, acct_obs *obs)
{
    acct_host h = {.cmds = cmds, .obs = obs, .ph = PH_CMD};

    for (unsigned cycle = 0;; cycle++) {
        stc_outputs o;
        stc_inputs in;
        bool x;

        cr_assert_lt(cycle, 20000000u, "tile hangs");
        stc_tile_eval(t, &o);
        if (h.ended) {
            acct_record_end(t, &o, &obs[h.cur], cycle);
            h.ended = false;
            if (++h.cur == ncmd)
                return;
        }
        acct_watch(&h, &o, cycle);
        memset(&in, 0, sizeof in);
        in.rst_n = true;
        in.res_ready = true;
        acct_drive(&h, &in);
        if (hold && h.ph != PH_CMD && h.cur + 1 < ncmd)
            acct_drive_cmd(&cmds[h.cur + 1], &in);
        cr_assert(h.ph == PH_CMD || !(o.cmd_ready && in.cmd_valid),
                  "command %u taken in cycle %u while command %u is in flight", h.cur + 1, cycle,
                  h.cur);
        x = acct_xfer(&h, &o);
        stc_tile_step(t, &in);
        if (x)
            acct_advance(&h, &o, cycle);
    }
}

/* ---- expected values ---------------------------------------------------------- */

static void acct_check_results(const acmd *j, const acct_obs *ob)
{
    int32_t *want = acct_alloc((size_t)j->m * j->n, sizeof(int32_t));

    stc_ref_gemm(j->m, j->n, j->k, j->a, j->wd, j->bias ? j->biasv : NULL, want);
    for (unsigned m = 0; m < j->m; m++)
        for (unsigned col = 0; col < j->n; col++)
            cr_assert_eq(ob->c[m * j->n + col], want[m * j->n + col],
                         "%s: C[%u][%u] = %d, reference %d", acmd_desc(j), m, col,
                         ob->c[m * j->n + col], want[m * j->n + col]);
    free(want);
}

/* (m, k, n) with A[m][k] != 0 and W[k][n] != 0 in the loaded blocks. */
static uint64_t acct_macs_actual(const acmd *j)
{
    uint64_t c = 0;

    for (unsigned kk = 0; kk < j->k; kk++) {
        unsigned nzw = 0;

        if (acmd_skipped(j, kk / j->kd))
            continue;
        for (unsigned col = 0; col < j->n; col++)
            nzw += j->wd[(size_t)kk * j->n + col] != 0;
        for (unsigned m = 0; m < j->m; m++)
            c += j->a[(size_t)m * j->k + kk] != 0 ? nzw : 0;
    }
    return c;
}

/* Sections 6 and 7 for one command with an ideal host. */
static void acct_check_counters(const acmd *j, const acct_obs *ob)
{
    const uint64_t n = j->n, m = j->m, kd = j->kd, nblk = j->nblk;
    const uint64_t passes = nblk - acct_popcount(j->skip), nskip = nblk - passes;
    const uint64_t cycles = (j->bias ? m : 0) + passes * (m + 3 * n + 1) + m;
    const uint64_t skipped = nskip * m * kd * n + (j->sparse ? passes * m * n * n : 0);
    const uint32_t *c = ob->cnt;
    const char *d = acmd_desc(j);

    cr_assert_eq(c[STC_CNT_CYCLES], cycles, "%s: cycles %u, closed form %llu", d, c[STC_CNT_CYCLES],
                 (unsigned long long)cycles);
    cr_assert_eq(ob->idle_cycle - ob->cmd_cycle - 1, cycles, "%s: busy span %u", d,
                 ob->idle_cycle - ob->cmd_cycle - 1);
    cr_assert_eq(c[STC_CNT_STALL_CYCLES], 0, "%s: stalls %u", d, c[STC_CNT_STALL_CYCLES]);
    cr_assert_eq(c[STC_CNT_MACS_ALG], nblk * m * kd * n, "%s: macs_alg %u", d, c[STC_CNT_MACS_ALG]);
    cr_assert_eq(c[STC_CNT_MACS_SKIPPED], skipped, "%s: macs_skipped %u", d,
                 c[STC_CNT_MACS_SKIPPED]);
    cr_assert_eq(c[STC_CNT_MACS_ACTUAL], acct_macs_actual(j), "%s: macs_actual %u", d,
                 c[STC_CNT_MACS_ACTUAL]);
    cr_assert_eq((uint64_t)c[STC_CNT_MACS_ALG],
                 (uint64_t)c[STC_CNT_MACS_ACTUAL] + c[STC_CNT_MACS_GATED] + c[STC_CNT_MACS_SKIPPED],
                 "%s: alg != actual + gated + skipped", d);
    cr_assert_eq(c[STC_CNT_W_BYTES], passes * n * n, "%s: w_bytes %u", d, c[STC_CNT_W_BYTES]);
    cr_assert_eq(c[STC_CNT_META_BYTES], j->sparse ? passes * (n / 2) * (n / 2) : 0,
                 "%s: meta_bytes %u", d, c[STC_CNT_META_BYTES]);
    cr_assert_eq(c[STC_CNT_A_BYTES], passes * m * kd, "%s: a_bytes %u", d, c[STC_CNT_A_BYTES]);
}

static stc_tile *acct_tile(unsigned n)
{
    stc_params p = {.n = n, .m_max = 1024, .kb_max = 64};
    stc_tile *t = NULL;

    cr_assert_eq(stc_tile_create(&p, &t), STC_OK);
    return t;
}

static void acct_obs_init(acct_obs *ob, const acmd *j)
{
    memset(ob, 0, sizeof(*ob));
    ob->c = acct_alloc((size_t)j->m * j->n, sizeof(int32_t));
}

/* ---- counters and cycles, one command on a fresh tile -------------------- */

static void acct_case(const acmd_spec *s)
{
    stc_tile *t = acct_tile(s->n);
    acmd j;
    acct_obs ob;

    acmd_make(&j, s);
    acct_obs_init(&ob, &j);
    acct_run(t, &j, 1, false, &ob);
    acct_check_results(&j, &ob);
    acct_check_counters(&j, &ob);
    cr_assert_eq(ob.cmd_cycle, 0);
    cr_assert_not(ob.err_end || ob.err_rise != ACCT_NONE, "%s: err_o", acmd_desc(&j));
    free(ob.c);
    acmd_free(&j);
    stc_tile_destroy(t);
}

/* A pattern with blocks 0, 2 and 63 skipped; its complement skips block 1. */
#define ACCT_SOME 0xC3A5F00F0F5A3C85ull

/* none, two partial patterns (only if nblk > 1), all. */
static unsigned acct_skips(unsigned nblk, uint64_t out[4])
{
    uint64_t all = nblk >= 64 ? ~0ull : (1ull << nblk) - 1;
    unsigned k = 0;

    out[k++] = 0;
    if (nblk > 1) {
        out[k++] = ACCT_SOME & all;
        out[k++] = ~ACCT_SOME & all;
    }
    out[k++] = all;
    return k;
}

static void acct_grid(unsigned n, bool sparse, bool big)
{
    const unsigned ms[5] = {1, n - 1, n, 37, 1024};
    const unsigned nblks[3] = {1, 3, 64};

    for (unsigned mi = 0; mi < 5; mi++) {
        for (unsigned bi = 0; bi < 3; bi++) {
            uint64_t skips[4];
            unsigned nsk = acct_skips(nblks[bi], skips);

            /* The largest case is costly: only where asked for. */
            if ((ms[mi] == 1024 && nblks[bi] == 64) != big)
                continue;
            for (unsigned si = 0; si < nsk; si++) {
                for (unsigned bias = 0; bias < 2; bias++) {
                    acmd_spec s = {.n = n,
                                   .sparse = sparse,
                                   .m = ms[mi],
                                   .nblk = nblks[bi],
                                   .skip = skips[si],
                                   .bias = bias != 0,
                                   .seed = ((mi * 3 + bi) * 4 + si) * 2 + bias};
                    acct_case(&s);
                }
            }
        }
    }
}

Test(acct, dense_n4)
{
    acct_grid(4, false, false);
}

Test(acct, sparse_n4)
{
    acct_grid(4, true, false);
}

Test(acct, dense_n16)
{
    acct_grid(16, false, false);
}

Test(acct, sparse_n16)
{
    acct_grid(16, true, false);
}

Test(acct, m1024_nblk64_n4)
{
    acct_grid(4, false, true);
    acct_grid(4, true, true);
}

Test(acct, m1024_nblk64_n16_dense)
{
    acmd_spec s = {.n = 16, .m = 1024, .nblk = 64, .skip = 0, .bias = true, .seed = 77};

    acct_case(&s);
}

/* ---- streams: several commands, one tile, no reset ----------------------------- */

enum { ACCT_NSTREAM = 6, ACCT_FAULTY = 4 };

static void acct_stream(unsigned n, bool hold)
{
    const acmd_spec specs[ACCT_NSTREAM] = {
        {.n = n, .m = 7, .nblk = 2, .seed = 1},
        {.n = n, .sparse = true, .m = n, .nblk = 3, .bias = true, .seed = 2},
        {.n = n, .m = 37, .nblk = 4, .skip = 0x6, .seed = 3},
        {.n = n, .m = 9, .nblk = 3, .skip = 0x7, .bias = true, .seed = 4},
        {.n = n, .sparse = true, .m = 5, .nblk = 2, .seed = 5},
        {.n = n, .m = 1, .nblk = 1, .seed = 6},
    };
    acmd j[ACCT_NSTREAM];
    acct_obs ob[ACCT_NSTREAM];
    stc_tile *t = acct_tile(n);
    stc_inputs idle;
    stc_probes pr;

    for (unsigned i = 0; i < ACCT_NSTREAM; i++) {
        acmd_make(&j[i], &specs[i]);
        acct_obs_init(&ob[i], &j[i]);
    }
    /* Illegal nibbles on even weight beats of both blocks. Reversed (not
     * equal) indices keep one dense position per kept value, so the
     * reference and the macs_actual count still apply. */
    acct_set_group(&j[ACCT_FAULTY], 0, 0, 1, 0x3, 7, -9);
    acct_set_group(&j[ACCT_FAULTY], 1, n / 2 - 1, n - 2, 0x6, 5, -3);
    acct_run(t, j, ACCT_NSTREAM, hold, ob);

    cr_assert_eq(ob[0].cmd_cycle, 0);
    for (unsigned i = 0; i < ACCT_NSTREAM; i++) {
        acct_check_results(&j[i], &ob[i]);
        acct_check_counters(&j[i], &ob[i]);
        cr_assert_not(ob[i].err_start, "command %u: err_o not cleared by its transfer", i);
        cr_assert_eq(ob[i].err_end, i == ACCT_FAULTY, "command %u: err_o %d", i, ob[i].err_end);
        if (i > 0)
            cr_assert_eq(ob[i].cmd_cycle, ob[i - 1].idle_cycle,
                         "command %u taken in cycle %u, first IDLE cycle %u", i, ob[i].cmd_cycle,
                         ob[i - 1].idle_cycle);
    }
    /* Counters hold in IDLE (section 7). */
    memset(&idle, 0, sizeof idle);
    idle.rst_n = true;
    for (unsigned k = 0; k < 5; k++)
        stc_tile_step(t, &idle);
    stc_tile_probe(t, &pr);
    cr_assert_arr_eq(pr.cnt, ob[ACCT_NSTREAM - 1].cnt, sizeof pr.cnt);
    for (unsigned i = 0; i < ACCT_NSTREAM; i++) {
        free(ob[i].c);
        acmd_free(&j[i]);
    }
    stc_tile_destroy(t);
}

Test(acct_stream, back_to_back)
{
    acct_stream(4, false);
    acct_stream(16, false);
}

Test(acct_stream, cmd_valid_held_while_busy)
{
    acct_stream(4, true);
    acct_stream(16, true);
}

/* ---- err_o for every nibble at every group of an N = 16 column -------------- */

Test(meta_spec, tile_err_every_group_n16)
{
    enum { N = 16, NCMD = N / 2 * 16 };
    static acmd j[NCMD];
    static acct_obs ob[NCMD];
    stc_tile *t = acct_tile(N);

    for (unsigned g = 0; g < N / 2; g++) {
        for (unsigned nib = 0; nib < 16; nib++) {
            unsigned i = g * 16 + nib;
            acmd_spec s = {.n = N, .sparse = true, .m = 2, .nblk = 1, .seed = 100 + i};

            acmd_make(&j[i], &s);
            acct_obs_init(&ob[i], &j[i]);
            /* Small values: for equal indices both land on one position. */
            acct_set_group(&j[i], 0, g, (3 * g + nib) % N, (uint8_t)nib, 3, -5);
        }
    }
    acct_run(t, j, NCMD, false, ob);
    for (unsigned i = 0; i < NCMD; i++) {
        const acct_nib_row *e = &acct_nib_spec[i % 16];
        unsigned g = i / 16;

        acct_check_results(&j[i], &ob[i]);
        if (e->lo != e->hi)
            acct_check_counters(&j[i], &ob[i]);
        cr_assert_not(ob[i].err_start, "g %u nib 0x%x", g, e->nib);
        cr_assert_eq(ob[i].err_end, !e->legal, "g %u nib 0x%x", g, e->nib);
        /* No bias, one block: weight beat r transfers at the end of cycle
         * cmd + 1 + r, so err_o rises in cycle cmd + 2 + 2g. */
        cr_assert_eq(ob[i].err_rise, e->legal ? ACCT_NONE : ob[i].cmd_cycle + 2 + 2 * g,
                     "g %u nib 0x%x: err rose in cycle %u, command in %u", g, e->nib,
                     ob[i].err_rise, ob[i].cmd_cycle);
        free(ob[i].c);
        acmd_free(&j[i]);
    }
    stc_tile_destroy(t);
}
