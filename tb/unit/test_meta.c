// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_meta.c - the 2:4 metadata codec (cmodel/stc_meta.*).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "stc_meta.h"

/* Tiny local PRNG so the test needs no globals and no rand(). */
static uint64_t tm_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

Test(meta, exactly_six_legal_nibbles)
{
    const unsigned legal[STC_META_LEGAL_CODES] = {0x4, 0x8, 0xC, 0x9, 0xD, 0xE};
    unsigned count = 0;
    for (unsigned nib = 0; nib < 16; nib++) {
        bool expect = false;
        for (unsigned i = 0; i < STC_META_LEGAL_CODES; i++)
            expect = expect || legal[i] == nib;
        cr_expect_eq(stc_meta_nibble_legal(nib), expect, "nibble 0x%x", nib);
        count += stc_meta_nibble_legal(nib);
    }
    cr_expect_eq(count, 6u);
    cr_expect_not(stc_meta_nibble_legal(0x14));
}

Test(meta, decode_legal_and_reject_illegal)
{
    const unsigned codes[6][3] = {{0x4, 0, 1}, {0x8, 0, 2}, {0xC, 0, 3},
                                  {0x9, 1, 2}, {0xD, 1, 3}, {0xE, 2, 3}};
    for (unsigned i = 0; i < 6; i++) {
        unsigned lo = 9, hi = 9;
        cr_assert_eq(stc_meta_decode(codes[i][0], &lo, &hi), STC_OK);
        cr_expect_eq(lo, codes[i][1], "code 0x%x", codes[i][0]);
        cr_expect_eq(hi, codes[i][2], "code 0x%x", codes[i][0]);
    }
    for (unsigned nib = 0; nib < 16; nib++) {
        unsigned lo = 9, hi = 9;
        if (stc_meta_nibble_legal(nib))
            continue;
        cr_expect_eq(stc_meta_decode(nib, &lo, &hi), STC_EMETA, "nibble 0x%x", nib);
        cr_expect_eq(lo, 9u);
        cr_expect_eq(hi, 9u);
    }
}

/* The spec's truth table, formal/stc_meta_codes.hex: the file make formal
 * proves the RTL decoder against. One row per nibble 0x0..0xF, three hex
 * digits legal, idx_lo, idx_hi; "//" starts a comment. */
static unsigned tm_read_codes(unsigned rows[16])
{
    FILE *f = fopen("formal/stc_meta_codes.hex", "r");
    char line[256];
    unsigned count = 0;
    cr_assert_not_null(f, "formal/stc_meta_codes.hex (tests run from the repository root)");
    while (fgets(line, sizeof line, f)) {
        char *cut = strstr(line, "//");
        unsigned row;
        if (cut)
            *cut = '\0';
        if (sscanf(line, "%3x", &row) != 1)
            continue;
        cr_assert_lt(count, 16u, "more than 16 rows");
        rows[count++] = row;
    }
    fclose(f);
    return count;
}

Test(meta, codec_matches_the_spec_table_of_the_rtl_proof)
{
    unsigned rows[16];
    cr_assert_eq(tm_read_codes(rows), 16u);
    for (unsigned nib = 0; nib < 16; nib++) {
        bool legal = (rows[nib] >> 8) & 1u;
        unsigned lo = 9, hi = 9;
        cr_expect_eq(stc_meta_nibble_legal(nib), legal, "nibble 0x%x", nib);
        if (legal) {
            cr_assert_eq(stc_meta_decode(nib, &lo, &hi), STC_OK, "nibble 0x%x", nib);
            cr_expect_eq(lo, (rows[nib] >> 4) & 3u, "nibble 0x%x idx_lo", nib);
            cr_expect_eq(hi, rows[nib] & 3u, "nibble 0x%x idx_hi", nib);
        } else {
            cr_expect_eq(stc_meta_decode(nib, &lo, &hi), STC_EMETA, "nibble 0x%x", nib);
        }
    }
}

static unsigned tm_encode(const int8_t g[4], int8_t *lo, int8_t *hi)
{
    unsigned nib = 0, bad = 0;
    cr_assert_eq(stc_meta_encode_group(g, &nib, lo, hi, &bad), STC_OK);
    return nib;
}

Test(meta, encode_zero_and_single)
{
    const int8_t zero[4] = {0, 0, 0, 0};
    int8_t lo = 1, hi = 1;
    cr_expect_eq(tm_encode(zero, &lo, &hi), 0x4u);
    cr_expect_eq(lo, 0);
    cr_expect_eq(hi, 0);
    /* Doc section 2: single nonzero at 0 or 1 -> 0x4, at 2 -> 0x8, at 3 -> 0xC. */
    const unsigned want[4] = {0x4, 0x4, 0x8, 0xC};
    for (unsigned p = 0; p < 4; p++) {
        int8_t g[4] = {0, 0, 0, 0};
        g[p] = -7;
        unsigned nib = tm_encode(g, &lo, &hi);
        cr_expect_eq(nib, want[p], "single at %u", p);
        unsigned ilo = 0, ihi = 0;
        cr_assert_eq(stc_meta_decode(nib, &ilo, &ihi), STC_OK);
        cr_expect_eq(ilo == p ? lo : hi, -7, "value kept at %u", p);
        cr_expect_eq(ilo == p ? hi : lo, 0);
    }
}

Test(meta, encode_every_pair)
{
    for (unsigned p = 0; p < 4; p++) {
        for (unsigned q = p + 1; q < 4; q++) {
            int8_t g[4] = {0, 0, 0, 0}, lo = 0, hi = 0;
            g[p] = 127;
            g[q] = -128;
            cr_expect_eq(tm_encode(g, &lo, &hi), p | q << 2, "pair %u %u", p, q);
            cr_expect_eq(lo, 127);
            cr_expect_eq(hi, -128);
        }
    }
}

Test(meta, reject_three_and_four_nonzeros)
{
    const int8_t three[4] = {1, 0, 2, 3};
    const int8_t four[4] = {1, 2, 3, 4};
    unsigned nib = 0, bad = 9;
    int8_t lo = 0, hi = 0;
    cr_expect_eq(stc_meta_encode_group(three, &nib, &lo, &hi, &bad), STC_ESPARSITY);
    cr_expect_eq(bad, 3u);
    cr_expect_eq(stc_meta_encode_group(four, &nib, &lo, &hi, &bad), STC_ESPARSITY);
    cr_expect_eq(bad, 2u);
}

Test(meta, compress_reports_position)
{
    enum { N = 4, K = 16 };
    int8_t w[K * N] = {0}, kept[K / 2 * N];
    uint32_t meta[K / (2 * N) * N];
    stc_meta_pos pos;
    char err[200];
    /* Block 1 (dense rows 8..15), group 1 (rows 12..15), column 2. */
    w[12 * N + 2] = 1;
    w[13 * N + 2] = 1;
    w[15 * N + 2] = 1;
    cr_assert_eq(stc_meta_compress(N, K, w, kept, meta, &pos, err, sizeof err), STC_ESPARSITY);
    cr_expect_eq(pos.row, 15u);
    cr_expect_eq(pos.col, 2u);
    cr_expect_eq(pos.block, 1u);
    cr_expect_eq(pos.group, 1u);
    cr_expect(strstr(err, "row 15") != NULL, "%s", err);
}

Test(meta, decompress_rejects_illegal_word)
{
    enum { N = 4, K = 8 };
    int8_t kept[K / 2 * N] = {0}, w[K * N];
    uint32_t meta[N] = {0x44, 0x44, 0x4F, 0x44};
    uint32_t stray[N] = {0x44, 0x144, 0x44, 0x44};
    stc_meta_pos pos;
    char err[200];
    cr_assert_eq(stc_meta_decompress(N, K, kept, meta, w, &pos, err, sizeof err), STC_EMETA);
    cr_expect_eq(pos.col, 2u);
    cr_expect_eq(pos.group, 0u);
    cr_expect_eq(pos.block, 0u);
    cr_assert_eq(stc_meta_decompress(N, K, kept, stray, w, &pos, err, sizeof err), STC_EMETA);
    cr_expect_eq(pos.col, 1u);
    cr_expect_eq(pos.group, 2u);
}

/* Random 2:4-sparse dense W: every group gets 0, 1 or 2 nonzeros. */
static void tm_random_24(uint64_t *s, unsigned n, unsigned k, int8_t *w)
{
    for (unsigned r0 = 0; r0 < k; r0 += 4) {
        for (unsigned c = 0; c < n; c++) {
            uint64_t x = tm_next(s);
            for (unsigned i = 0; i < 4; i++)
                w[(size_t)(r0 + i) * n + c] = 0;
            unsigned nz = (unsigned)(x % 3);
            for (unsigned j = 0; j < nz; j++)
                w[(size_t)(r0 + ((x >> (8 + 2 * j)) & 3u)) * n + c] = (int8_t)(x >> (16 + 8 * j));
        }
    }
}

Test(meta, round_trip_random)
{
    uint64_t s = 42;
    const unsigned ns[3] = {4, 8, 16};
    for (unsigned t = 0; t < 60; t++) {
        unsigned n = ns[t % 3], k = 2 * n * (1 + (unsigned)(tm_next(&s) % 8));
        int8_t w[256 * 16], back[256 * 16], kept[128 * 16];
        uint32_t meta[8 * 16];
        char err[200];
        tm_random_24(&s, n, k, w);
        cr_assert_eq(stc_meta_compress(n, k, w, kept, meta, NULL, err, sizeof err), STC_OK, "%s",
                     err);
        for (unsigned i = 0; i < k / (2 * n) * n; i++) {
            unsigned g = 0;
            cr_assert_eq(stc_meta_word_check(meta[i], n, &g), STC_OK);
        }
        cr_assert_eq(stc_meta_decompress(n, k, kept, meta, back, NULL, err, sizeof err), STC_OK,
                     "%s", err);
        cr_assert_arr_eq(w, back, (size_t)k * n, "trial %u n %u k %u", t, n, k);
    }
}

Test(meta, prune_keeps_two_largest_ties_low)
{
    enum { N = 4, K = 4 };
    int8_t w[K * N] = {
        5,  1, -128, 3,  /* row 0 */
        -5, 1, 127,  3,  /* row 1 */
        2,  1, 127,  -4, /* row 2 */
        9,  1, 0,    4,  /* row 3 */
    };
    const int8_t want[K * N] = {
        5, 1, -128, 0,  /**/
        0, 1, 127,  0,  /**/
        0, 0, 0,    -4, /**/
        9, 0, 0,    4,  /**/
    };
    stc_meta_prune24(N, K, w);
    cr_assert_arr_eq(w, want, sizeof want);
}

/* The illegal codes in order, as docs/architecture.md section 2 lists
 * them: what fault injection drives and fault coverage counts. */
Test(meta, illegal_codes_in_order)
{
    static const unsigned spec[STC_META_ILLEGAL_CODES] = {0x0, 0x1, 0x2, 0x3, 0x5,
                                                          0x6, 0x7, 0xA, 0xB, 0xF};
    for (unsigned i = 0; i < STC_META_ILLEGAL_CODES; i++)
        cr_expect_eq(stc_meta_illegal_code(i), spec[i], "illegal code %u", i);
    cr_expect_gt(stc_meta_illegal_code(STC_META_ILLEGAL_CODES), 0xFu);
}
