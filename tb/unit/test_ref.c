// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_ref.c - the untimed functional reference (cmodel/stc_ref.*).
 */
#include <criterion/criterion.h>

#include "stc_ref.h"
#include "stc_rng.h"

Test(ref, hand_computed_2x3x2)
{
    const int8_t a[2 * 3] = {1, 2, 3, -4, 5, -6};
    const int8_t w[3 * 2] = {7, -8, 9, 10, -11, 12};
    /* Row 0: 1*7 + 2*9 + 3*-11 = -8;  1*-8 + 2*10 + 3*12 = 48.
     * Row 1: -4*7 + 5*9 + -6*-11 = 83; -4*-8 + 5*10 + -6*12 = 10. */
    const int32_t want[4] = {-8, 48, 83, 10};
    int32_t c[4];
    stc_ref_gemm(2, 2, 3, a, w, NULL, c);
    cr_assert_arr_eq(c, want, sizeof want);
}

Test(ref, bias_added)
{
    const int8_t a[2] = {3, -2};
    const int8_t w[2 * 2] = {4, 1, 5, -1};
    const int32_t bias[2] = {100, -100};
    /* 3*4 - 2*5 = 2; 3*1 - 2*-1 = 5. */
    int32_t c[2];
    stc_ref_gemm(1, 2, 2, a, w, bias, c);
    cr_expect_eq(c[0], 102);
    cr_expect_eq(c[1], -95);
}

Test(ref, extremes_no_overflow)
{
    int8_t a[64], w[64];
    int32_t c;
    for (unsigned i = 0; i < 64; i++) {
        a[i] = -128;
        w[i] = -128;
    }
    stc_ref_gemm(1, 1, 64, a, w, NULL, &c);
    cr_expect_eq(c, 64 * 16384);
}

Test(ref, wraps_past_int32_max)
{
    const int8_t a[1] = {1}, w[1] = {1};
    const int32_t bias_max[1] = {INT32_MAX}, bias_min[1] = {INT32_MIN};
    const int8_t neg[1] = {-1};
    int32_t c;
    stc_ref_gemm(1, 1, 1, a, w, bias_max, &c);
    cr_expect_eq(c, INT32_MIN);
    stc_ref_gemm(1, 1, 1, a, neg, bias_min, &c);
    cr_expect_eq(c, INT32_MAX);
}

Test(ref, wraps_through_many_products)
{
    /* 2048 products of 127*127 = 16129 sum to 33032192; starting from
     * INT32_MAX - 1000 the true sum exceeds 2^31 and must wrap. */
    static int8_t a[2048], w[2048];
    for (unsigned i = 0; i < 2048; i++) {
        a[i] = 127;
        w[i] = 127;
    }
    const int32_t bias[1] = {INT32_MAX - 1000};
    int32_t c;
    stc_ref_gemm(1, 1, 2048, a, w, bias, &c);
    int64_t want = (int64_t)INT32_MAX - 1000 + 2048LL * 16129 - 4294967296LL;
    cr_expect_eq((int64_t)c, want);
}

Test(ref, wrap32_helper)
{
    cr_expect_eq(stc_ref_wrap32(0u), 0);
    cr_expect_eq(stc_ref_wrap32(0x7FFFFFFFu), INT32_MAX);
    cr_expect_eq(stc_ref_wrap32(0x80000000u), INT32_MIN);
    cr_expect_eq(stc_ref_wrap32(0xFFFFFFFFu), -1);
}

/* Every width the GEMM splits its columns into (8 and 4 at a time with
 * SSE2, then one by one), against a plain triple loop in 64-bit arithmetic
 * reduced mod 2^32 here; the values include -128 and the sums wrap. */
Test(ref, every_column_split_against_a_64_bit_triple_loop)
{
    enum { M = 3, K = 300, NMAX = 29 };
    static int8_t a[M * K], w[K * NMAX];
    static int32_t bias[M * NMAX], c[M * NMAX];
    stc_rng rng;
    stc_rng_seed(&rng, 12345);
    for (unsigned i = 0; i < M * K; i++)
        a[i] = (int8_t)(i % 7 == 0 ? -128 : (int)stc_rng_below(&rng, 256) - 128);
    for (unsigned i = 0; i < K * NMAX; i++)
        w[i] = (int8_t)(i % 5 == 0 ? -128 : (int)stc_rng_below(&rng, 256) - 128);
    for (unsigned i = 0; i < M * NMAX; i++)
        bias[i] = i % 2 ? INT32_MAX - 5000 : INT32_MIN + 7;
    const unsigned widths[] = {1, 3, 4, 5, 8, 12, 13, 16, 29};
    for (unsigned t = 0; t < sizeof widths / sizeof widths[0]; t++) {
        unsigned n = widths[t];
        stc_ref_gemm(M, n, K, a, w, bias, c);
        for (unsigned r = 0; r < M; r++)
            for (unsigned col = 0; col < n; col++) {
                int64_t sum = bias[r * n + col];
                for (unsigned i = 0; i < K; i++)
                    sum += (int64_t)a[r * K + i] * w[i * n + col];
                int64_t want = sum & 0xFFFFFFFFLL; /* sum mod 2^32, as an int32 below */
                if (want > INT32_MAX)
                    want -= 4294967296LL;
                cr_assert_eq((int64_t)c[r * n + col], want, "n=%u r=%u col=%u: %d, want %lld", n, r,
                             col, c[r * n + col], (long long)want);
            }
    }
}
