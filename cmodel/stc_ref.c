// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_ref.c - untimed functional reference GEMM with int32 wrap.
 */
#include "stc_ref.h"

#include <stddef.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

int32_t stc_ref_wrap32(uint32_t u)
{
    if (u <= (uint32_t)INT32_MAX)
        return (int32_t)u;
    /* u - 2^31 fits in int32_t; adding INT32_MIN gives u - 2^32 exactly. */
    return (int32_t)(u - 0x80000000u) + INT32_MIN;
}

/* Columns c0 .. c0 + width - 1 of one row of C (width 8 or 4) with SSE2:
 * each a[r][i] times the width int8 weights of row i of W, multiplied as
 * int16 (a product of two int8 fits: |x| <= 16384) and widened to int32
 * before the wrapping add, as the scalar loop does. The accumulators stay
 * in registers for the whole k loop: 2.5 instructions per multiply-add
 * instead of 6.6 (callgrind, make bench's 256 x 512 x 16 vector: 13.8 M ->
 * 5.3 M; the reference GEMM of every vector is paid before its first
 * cycle). */
#if defined(__SSE2__)
/* `width` (8 or 4) int8 at p, sign-extended to int16 lanes. */
static __m128i stc_ref_widen8(const int8_t *p, unsigned width)
{
    __m128i x;
    if (width == 8) {
        x = _mm_loadl_epi64((const __m128i *)(const void *)p);
    } else {
        int32_t four;
        memcpy(&four, p, sizeof four);
        x = _mm_cvtsi32_si128(four);
    }
    return _mm_srai_epi16(_mm_unpacklo_epi8(x, x), 8); /* int8 -> int16, signed */
}

static void stc_ref_cols_sse2(unsigned n, unsigned k, const int8_t *arow, const int8_t *w,
                              unsigned c0, unsigned width, uint32_t *acc)
{
    __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)(acc + c0));
    __m128i hi = width == 8 ? _mm_loadu_si128((const __m128i *)(const void *)(acc + c0 + 4))
                            : _mm_setzero_si128();
    for (unsigned i = 0; i < k; i++) {
        __m128i x = _mm_set1_epi16((short)arow[i]);
        __m128i p = _mm_mullo_epi16(stc_ref_widen8(w + (size_t)i * n + c0, width), x);
        lo = _mm_add_epi32(lo, _mm_srai_epi32(_mm_unpacklo_epi16(p, p), 16));
        hi = _mm_add_epi32(hi, _mm_srai_epi32(_mm_unpackhi_epi16(p, p), 16));
    }
    _mm_storeu_si128((__m128i *)(void *)(acc + c0), lo);
    if (width == 8)
        _mm_storeu_si128((__m128i *)(void *)(acc + c0 + 4), hi);
}
#endif

/* Row by row: each row of C starts from its bias and takes a[r][i] times
 * row i of W for every i, so the inner loop walks W and C contiguously (the
 * column-by-column dot product strode through W by n and cost more
 * instructions). Products of two int8 always fit in int32, so only the
 * running sums need modular arithmetic: they are kept in C's own words seen
 * as uint32_t (the unsigned twin of int32_t may alias it). With SSE2 the
 * columns go 8 or 4 at a time and the rest (n % 4) through the same scalar
 * loop as without it. */
void stc_ref_gemm(unsigned m, unsigned n, unsigned k, const int8_t *a, const int8_t *w,
                  const int32_t *bias, int32_t *c)
{
    for (unsigned r = 0; r < m; r++) {
        const int8_t *arow = a + (size_t)r * k;
        int32_t *crow = c + (size_t)r * n;
        uint32_t *acc = (uint32_t *)crow;
        unsigned c0 = 0;
        for (unsigned col = 0; col < n; col++)
            acc[col] = bias ? (uint32_t)bias[(size_t)r * n + col] : 0u;
#if defined(__SSE2__)
        while (c0 + 4 <= n) {
            unsigned width = n - c0 >= 8 ? 8 : 4;
            stc_ref_cols_sse2(n, k, arow, w, c0, width, acc);
            c0 += width;
        }
#endif
        for (unsigned i = 0; i < k && c0 < n; i++) {
            const int8_t *wrow = w + (size_t)i * n;
            int32_t x = arow[i];
            for (unsigned col = c0; col < n; col++)
                acc[col] += (uint32_t)(x * (int32_t)wrow[col]);
        }
        for (unsigned col = 0; col < n; col++)
            crow[col] = stc_ref_wrap32(acc[col]);
    }
}
