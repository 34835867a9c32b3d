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
 * The host (tile_driver.h) only offers the beats and records what it sees.
 */
#include <criterion/criterion.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stc_meta.h"
#include "stc_ref.h"
#include "stc_tile.h"
#include "tile_driver.h"

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
        bool listed = memchr(td_legal_codes, (int)e->nib, sizeof td_legal_codes) != NULL;

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
        w |= (uint32_t)td_legal_codes[(g + 1) % 6] << (4 * g);
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
                             gg == g ? nib : td_legal_codes[(gg + 1) % 6]);
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

/* ---- one command's operands, and the host ----------------------------------- */

/* The operands of one command of these tests: 20 % zeros in A and 30 % in
 * W (zeros are what the gating and macs_actual are about), a random legal
 * nibble per group, seeded per size. */
static void acct_make(td_job *j, const td_spec *s)
{
    td_spec t = *s;

    t.pz[0] = 20;
    t.pz[1] = 30;
    t.seed = s->seed * 1000003u + s->n;
    td_job_make(j, &t);
}

static const char *acct_desc(const td_job *j)
{
    static char buf[128];

    snprintf(buf, sizeof buf, "N=%u %s M=%u nblk=%u skip=%#llx bias=%d", j->n,
             j->sparse ? "2:4" : "dense", j->m, j->nblk, (unsigned long long)j->skip, j->bias);
    return buf;
}

/* Runs jobs[0..njobs-1] back to back on t (in IDLE), no reset in between,
 * with the ideal host of section 10 (no stalls). Don't-care inputs carry
 * junk the tile must ignore: cmd_skip bits >= nblk, an illegal nibble where
 * metadata is not sampled, nonzero upper activation lanes in dense mode.
 * hold: cmd_valid (with the next command) stays high while the tile is
 * busy, so the tile alone decides when it is taken. */
static void acct_run(stc_tile *t, const td_job *jobs, unsigned njobs, bool hold, td_obs *obs)
{
    td_opts op = {.junk = true, .hold = hold};

    td_drive(t, jobs, obs, njobs, &op);
}

/* ---- expected values ---------------------------------------------------------- */

static void acct_check_results(const td_job *j, const td_obs *ob)
{
    int32_t *want = calloc((size_t)j->m * j->n, sizeof(int32_t));

    cr_assert_not_null(want);
    stc_ref_gemm(j->m, j->n, j->k, j->a, j->wd, j->bias ? j->biasv : NULL, want);
    for (unsigned m = 0; m < j->m; m++)
        for (unsigned col = 0; col < j->n; col++)
            cr_assert_eq(ob->c[m * j->n + col], want[m * j->n + col],
                         "%s: C[%u][%u] = %d, reference %d", acct_desc(j), m, col,
                         ob->c[m * j->n + col], want[m * j->n + col]);
    free(want);
}

/* (m, k, n) with A[m][k] != 0 and W[k][n] != 0 in the loaded blocks. */
static uint64_t acct_macs_actual(const td_job *j)
{
    uint64_t c = 0;

    for (unsigned kk = 0; kk < j->k; kk++) {
        unsigned nzw = 0;

        if (td_job_skipped(j, kk / j->kd))
            continue;
        for (unsigned col = 0; col < j->n; col++)
            nzw += j->wd[(size_t)kk * j->n + col] != 0;
        for (unsigned m = 0; m < j->m; m++)
            c += j->a[(size_t)m * j->k + kk] != 0 ? nzw : 0;
    }
    return c;
}

/* Sections 6 and 7 for one command with an ideal host. */
static void acct_check_counters(const td_job *j, const td_obs *ob)
{
    const uint64_t n = j->n, m = j->m, kd = j->kd, nblk = j->nblk;
    const uint64_t passes = td_job_passes(j), nskip = nblk - passes;
    const uint64_t cycles = (j->bias ? m : 0) + passes * (m + 3 * n + 1) + m;
    const uint64_t skipped = nskip * m * kd * n + (j->sparse ? passes * m * n * n : 0);
    const uint32_t *c = ob->cnt;
    const char *d = acct_desc(j);

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

/* ---- counters and cycles, one command on a fresh tile -------------------- */

static void acct_case(const td_spec *s)
{
    stc_tile *t = acct_tile(s->n);
    td_job j;
    td_obs ob;

    acct_make(&j, s);
    td_obs_init(&ob, &j);
    acct_run(t, &j, 1, false, &ob);
    acct_check_results(&j, &ob);
    acct_check_counters(&j, &ob);
    cr_assert_eq(ob.cmd_cycle, 0);
    cr_assert_not(ob.err_end || ob.err_rise != TD_NONE, "%s: err_o", acct_desc(&j));
    free(ob.c);
    td_job_free(&j);
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
                    td_spec s = {.n = n,
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
    td_spec s = {.n = 16, .m = 1024, .nblk = 64, .skip = 0, .bias = true, .seed = 77};

    acct_case(&s);
}

/* ---- streams: several commands, one tile, no reset ----------------------------- */

enum { ACCT_NSTREAM = 6, ACCT_FAULTY = 4 };

static void acct_stream(unsigned n, bool hold)
{
    const td_spec specs[ACCT_NSTREAM] = {
        {.n = n, .m = 7, .nblk = 2, .seed = 1},
        {.n = n, .sparse = true, .m = n, .nblk = 3, .bias = true, .seed = 2},
        {.n = n, .m = 37, .nblk = 4, .skip = 0x6, .seed = 3},
        {.n = n, .m = 9, .nblk = 3, .skip = 0x7, .bias = true, .seed = 4},
        {.n = n, .sparse = true, .m = 5, .nblk = 2, .seed = 5},
        {.n = n, .m = 1, .nblk = 1, .seed = 6},
    };
    td_job j[ACCT_NSTREAM];
    td_obs ob[ACCT_NSTREAM];
    stc_tile *t = acct_tile(n);
    stc_inputs idle;
    stc_probes pr;

    for (unsigned i = 0; i < ACCT_NSTREAM; i++) {
        acct_make(&j[i], &specs[i]);
        td_obs_init(&ob[i], &j[i]);
    }
    /* Illegal nibbles on even weight beats of both blocks. Reversed (not
     * equal) indices keep one dense position per kept value, so the
     * reference and the macs_actual count still apply. */
    td_set_group(&j[ACCT_FAULTY], 0, 0, 1, 0x3, 7, -9);
    td_set_group(&j[ACCT_FAULTY], 1, n / 2 - 1, n - 2, 0x6, 5, -3);
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
        td_job_free(&j[i]);
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
    static td_job j[NCMD];
    static td_obs ob[NCMD];
    stc_tile *t = acct_tile(N);

    for (unsigned g = 0; g < N / 2; g++) {
        for (unsigned nib = 0; nib < 16; nib++) {
            unsigned i = g * 16 + nib;
            td_spec s = {.n = N, .sparse = true, .m = 2, .nblk = 1, .seed = 100 + i};

            acct_make(&j[i], &s);
            td_obs_init(&ob[i], &j[i]);
            /* Small values: for equal indices both land on one position. */
            td_set_group(&j[i], 0, g, (3 * g + nib) % N, (uint8_t)nib, 3, -5);
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
        cr_assert_eq(ob[i].err_rise, e->legal ? TD_NONE : ob[i].cmd_cycle + 2 + 2 * g,
                     "g %u nib 0x%x: err rose in cycle %u, command in %u", g, e->nib,
                     ob[i].err_rise, ob[i].cmd_cycle);
        free(ob[i].c);
        td_job_free(&j[i]);
    }
    stc_tile_destroy(t);
}
