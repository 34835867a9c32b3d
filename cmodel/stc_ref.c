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

/* One output element. Products of two int8 always fit in int32, so only
 * the running sum needs modular arithmetic: it is kept in uint32_t. */
static int32_t stc_ref_dot(unsigned n, unsigned k, const int8_t *arow, const int8_t *w,
                           unsigned col, uint32_t init)
{
    uint32_t acc = init;
    for (unsigned i = 0; i < k; i++) {
        int32_t p = (int32_t)arow[i] * (int32_t)w[(size_t)i * n + col];
        acc += (uint32_t)p;
    }
    return stc_ref_wrap32(acc);
}

void stc_ref_gemm(unsigned m, unsigned n, unsigned k, const int8_t *a, const int8_t *w,
                  const int32_t *bias, int32_t *c)
{
    for (unsigned r = 0; r < m; r++) {
        for (unsigned col = 0; col < n; col++) {
            size_t i = (size_t)r * n + col;
            uint32_t init = bias ? (uint32_t)bias[i] : 0u;
            c[i] = stc_ref_dot(n, k, a + (size_t)r * k, w, col, init);
        }
    }
}
