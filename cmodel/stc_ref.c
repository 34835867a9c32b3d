// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_ref.c - untimed functional reference GEMM with int32 wrap.
 */
#include "stc_ref.h"

#include <stddef.h>

int32_t stc_ref_wrap32(uint32_t u)
{
    if (u <= (uint32_t)INT32_MAX)
        return (int32_t)u;
    /* u - 2^31 fits in int32_t; adding INT32_MIN gives u - 2^32 exactly. */
    return (int32_t)(u - 0x80000000u) + INT32_MIN;
}

/* Row by row: each row of C starts from its bias and takes a[r][i] times
 * row i of W for every i, so the inner loop walks W and C contiguously (the
 * column-by-column dot product strode through W by n and cost more
 * instructions). Products of two int8 always fit in int32, so only the
 * running sums need modular arithmetic: they are kept in C's own words seen
 * as uint32_t (the unsigned twin of int32_t may alias it). */
void stc_ref_gemm(unsigned m, unsigned n, unsigned k, const int8_t *a, const int8_t *w,
                  const int32_t *bias, int32_t *c)
{
    for (unsigned r = 0; r < m; r++) {
        const int8_t *arow = a + (size_t)r * k;
        int32_t *crow = c + (size_t)r * n;
        uint32_t *acc = (uint32_t *)crow;
        for (unsigned col = 0; col < n; col++)
            acc[col] = bias ? (uint32_t)bias[(size_t)r * n + col] : 0u;
        for (unsigned i = 0; i < k; i++) {
            const int8_t *wrow = w + (size_t)i * n;
            int32_t x = arow[i];
            for (unsigned col = 0; col < n; col++)
                acc[col] += (uint32_t)(x * (int32_t)wrow[col]);
        }
        for (unsigned col = 0; col < n; col++)
            crow[col] = stc_ref_wrap32(acc[col]);
    }
}
