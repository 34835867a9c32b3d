// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_traffic.h - modelled memory traffic of sparse weight formats the tile
 * cannot execute (issue 15): how many bytes a sector memory moves to read
 * a K x N weight matrix of a given unstructured sparsity in each format,
 * against reading it dense.
 *
 * The masks are seeded and nested: every element of the matrix gets a rank,
 * a uniformly random permutation of 0..K*N-1 drawn with the one RNG
 * (common/stc_rng.h), and at nnz nonzeros the nonzeros are the elements of
 * rank < nnz. So a sparsity has exactly round(density * K * N) nonzeros,
 * and a higher sparsity's nonzeros are a subset of a lower one's: the bytes
 * every format moves never grow with sparsity, which makes the break-even
 * a bisection.
 *
 * Every byte count is the sector tracker's (common/stc_sector.h): a format
 * is a set of arrays, each read whole and contiguously from a sector
 * boundary, except the two gather formats, whose values are read by index
 * out of the dense-stored matrix, one element at a time in row-major order
 * of the nonzeros (the address trace is generated, not a formula).
 */
#ifndef STC_TRAFFIC_H
#define STC_TRAFFIC_H

#include <stdint.h>
#include <stdio.h>

#include "stc_status.h"

typedef enum stc_fmt {
    STC_FMT_DENSE,  /* K*N*e value bytes, no index */
    STC_FMT_CSR32,  /* values, 4-byte column indices, (K+1) 4-byte row pointers */
    STC_FMT_CSR16,  /* the same with 2-byte column indices */
    STC_FMT_BITMAP, /* one bit per element, then the values */
    STC_FMT_COO32,  /* a 4-byte row and a 4-byte column index per value */
    /* The gathers read values only, by index out of the dense-stored
     * matrix: where the indices come from is not counted (the design
     * notes' claim is about the values' sector efficiency alone). */
    STC_FMT_GATHER,    /* each value its own sector */
    STC_FMT_GATHER_CO, /* the same trace through the one-sector coalescing buffer */
    STC_FMT_COUNT
} stc_fmt;

const char *stc_fmt_name(stc_fmt f);

/* Sparsities are in basis points (0.01 %): 0..STC_TRAFFIC_SP_MAX. */
#define STC_TRAFFIC_SP_MAX 9999u
#define STC_TRAFFIC_LIST_MAX 64u
/* Largest K*N (the ranks take 4 bytes an element). */
#define STC_TRAFFIC_ELEMS_MAX (1u << 26)

typedef struct stc_traffic_cfg {
    uint32_t k, n;
    uint64_t seed;
    unsigned sector;                         /* S */
    unsigned nsp, sp[STC_TRAFFIC_LIST_MAX];  /* the sweep's sparsities, basis points */
    unsigned ne, elem[STC_TRAFFIC_LIST_MAX]; /* element sizes in bytes: 1, 2 or 4 */
} stc_traffic_cfg;

/* The defaults: K = N = 1024, seed 1, S = 32, the sparsities 50 .. 99.9 %
 * of the design notes, elements of 1, 2 and 4 bytes. */
void stc_traffic_defaults(stc_traffic_cfg *c);

/* The nested masks of one matrix. */
typedef struct stc_traffic_mask {
    uint32_t k, n;
    uint32_t *rank; /* rank of element k*N + n; nonzero iff rank < nnz */
} stc_traffic_mask;

stc_status stc_traffic_mask_init(stc_traffic_mask *m, uint32_t k, uint32_t n, uint64_t seed);
void stc_traffic_mask_free(stc_traffic_mask *m);

/* Nonzeros at a sparsity of sp basis points: round((1 - sp/10000) * K*N). */
uint64_t stc_traffic_nnz(const stc_traffic_mask *m, unsigned sp);

/* What one format costs at nnz nonzeros of e bytes in S-byte sectors. */
typedef struct stc_traffic_cost {
    uint64_t value_bytes; /* values the format stores and reads */
    uint64_t index_bytes; /* metadata: indices, pointers, bitmap */
    uint64_t useful;      /* nnz * e: the nonzero values */
    uint64_t moved;       /* sectors fetched * S */
} stc_traffic_cost;

void stc_traffic_cost_of(const stc_traffic_mask *m, stc_fmt f, unsigned e, unsigned s, uint64_t nnz,
                         stc_traffic_cost *out);

/* The break-even of a format: the smallest sparsity (basis points) at which
 * it moves fewer bytes than the dense read of the same matrix, by
 * bisection; -1 if none up to STC_TRAFFIC_SP_MAX. */
int stc_traffic_breakeven(const stc_traffic_mask *m, stc_fmt f, unsigned e, unsigned s);

/* The two reports, CSV with a header line (column lists in the .c). */
void stc_traffic_write_sweep(FILE *f, const stc_traffic_cfg *c, const stc_traffic_mask *m);
void stc_traffic_write_breakeven(FILE *f, const stc_traffic_cfg *c, const stc_traffic_mask *m);

#endif
