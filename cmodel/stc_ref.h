// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_ref.h - untimed functional reference of the tile (docs/architecture.md
 * section 1): C = A * W (+ BIAS), INT8 operands, INT32 accumulation that
 * wraps modulo 2^32. It knows nothing about cycles, blocks or sparsity, so
 * it is an independent check of both the cycle model and the RTL.
 */
#ifndef STC_REF_H
#define STC_REF_H

#include <stdint.h>

/* Two's-complement value of the low 32 bits of u, without relying on the
 * implementation-defined unsigned-to-signed conversion. */
int32_t stc_ref_wrap32(uint32_t u);

/* C[m x n] = A[m x k] * W[k x n] + BIAS[m x n], all row-major; bias may be
 * NULL (no bias). Sums wrap modulo 2^32 like int32_t arithmetic in uint32_t. */
void stc_ref_gemm(unsigned m, unsigned n, unsigned k, const int8_t *a, const int8_t *w,
                  const int32_t *bias, int32_t *c);

#endif
