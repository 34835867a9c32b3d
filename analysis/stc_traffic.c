// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_traffic.c - modelled traffic of unstructured sparse formats (see
 * stc_traffic.h).
 */
#include "stc_traffic.h"

#include <inttypes.h>
#include <stdlib.h>

#include "stc_rng.h"
#include "stc_sector.h"

static const char *const stc_fmt_names[STC_FMT_COUNT] = {
    "dense", "csr32", "csr16", "bitmap", "coo32", "gather", "gather-coalesced",
};

const char *stc_fmt_name(stc_fmt f)
{
    return f < STC_FMT_COUNT ? stc_fmt_names[f] : "?";
}

/* The design notes' sweep, in basis points. */
static const unsigned stc_traffic_default_sp[] = {5000, 6000, 7000, 7500, 8000, 8750,
                                                  9000, 9500, 9800, 9900, 9950, 9990};

void stc_traffic_defaults(stc_traffic_cfg *c)
{
    *c = (stc_traffic_cfg){.k = 1024, .n = 1024, .seed = 1, .sector = STC_SECTOR_DEFAULT};
    c->nsp = sizeof stc_traffic_default_sp / sizeof stc_traffic_default_sp[0];
    for (unsigned i = 0; i < c->nsp; i++)
        c->sp[i] = stc_traffic_default_sp[i];
    c->ne = 3;
    c->elem[0] = 1;
    c->elem[1] = 2;
    c->elem[2] = 4;
}

/* ---- the masks ------------------------------------------------------------- */

stc_status stc_traffic_mask_init(stc_traffic_mask *m, uint32_t k, uint32_t n, uint64_t seed)
{
    uint64_t total = (uint64_t)k * n;
    if (k == 0 || n == 0 || total > STC_TRAFFIC_ELEMS_MAX)
        return STC_EPARAM;
    m->k = k;
    m->n = n;
    m->rank = malloc(total * sizeof *m->rank);
    if (!m->rank)
        return STC_ENOMEM;
    /* Fisher-Yates over the identity: a uniformly random permutation, so
     * every set of nnz elements is equally likely to be the nonzeros. */
    stc_rng r;
    stc_rng_seed(&r, seed);
    for (uint32_t i = 0; i < total; i++)
        m->rank[i] = i;
    for (uint32_t i = (uint32_t)total - 1; i > 0; i--) {
        uint32_t j = stc_rng_below(&r, i + 1), t = m->rank[i];
        m->rank[i] = m->rank[j];
        m->rank[j] = t;
    }
    return STC_OK;
}

void stc_traffic_mask_free(stc_traffic_mask *m)
{
    free(m->rank);
    m->rank = NULL;
}

uint64_t stc_traffic_nnz(const stc_traffic_mask *m, unsigned sp)
{
    uint64_t total = (uint64_t)m->k * m->n;
    return ((10000 - (uint64_t)sp) * total + 5000) / 10000;
}

/* ---- what each format reads ---------------------------------------------- */

/* Bytes moved to read arrays of the given sizes, each whole, from a
 * sector boundary of its own. */
static uint64_t arrays_moved(unsigned s, const uint64_t *bytes, unsigned count)
{
    stc_sector t;
    stc_sector_init(&t, s); /* s was checked by the caller */
    for (unsigned i = 0; i < count; i++) {
        stc_sector_forget(&t);
        stc_sector_read(&t, 0, bytes[i]);
    }
    return stc_sector_moved(&t);
}

/* The gather trace: each nonzero, in row-major order, read as e bytes at
 * its place in the dense-stored matrix; without coalescing every access
 * is a sector of its own (the buffer is emptied before each). */
static uint64_t gather_moved(const stc_traffic_mask *m, unsigned e, unsigned s, uint64_t nnz,
                             bool coalesce)
{
    stc_sector t;
    uint64_t total = (uint64_t)m->k * m->n;
    stc_sector_init(&t, s); /* s was checked by the caller */
    for (uint64_t i = 0; i < total; i++) {
        if (m->rank[i] >= nnz)
            continue;
        if (!coalesce)
            stc_sector_forget(&t);
        stc_sector_read(&t, i * e, e);
    }
    return stc_sector_moved(&t);
}

void stc_traffic_cost_of(const stc_traffic_mask *m, stc_fmt f, unsigned e, unsigned s, uint64_t nnz,
                         stc_traffic_cost *out)
{
    uint64_t total = (uint64_t)m->k * m->n, values = nnz * e, rowptr = 4 * ((uint64_t)m->k + 1);
    uint64_t a[3] = {values, 0, 0};
    unsigned count = 1;
    switch (f) {
    case STC_FMT_DENSE:
        a[0] = total * e;
        break;
    case STC_FMT_CSR32:
    case STC_FMT_CSR16:
        a[1] = nnz * (f == STC_FMT_CSR32 ? 4 : 2);
        a[2] = rowptr;
        count = 3;
        break;
    case STC_FMT_BITMAP:
        a[1] = (total + 7) / 8;
        count = 2;
        break;
    case STC_FMT_COO32:
        a[1] = a[2] = 4 * nnz; /* row indices, column indices */
        count = 3;
        break;
    default: /* the gathers: values only, their addresses are the trace */
        break;
    }
    out->value_bytes = a[0];
    out->index_bytes = a[1] + a[2];
    out->useful = values;
    if (f == STC_FMT_GATHER || f == STC_FMT_GATHER_CO)
        out->moved = gather_moved(m, e, s, nnz, f == STC_FMT_GATHER_CO);
    else
        out->moved = arrays_moved(s, a, count);
}

static uint64_t moved_at(const stc_traffic_mask *m, stc_fmt f, unsigned e, unsigned s, unsigned sp)
{
    stc_traffic_cost c;
    stc_traffic_cost_of(m, f, e, s, stc_traffic_nnz(m, sp), &c);
    return c.moved;
}

int stc_traffic_breakeven(const stc_traffic_mask *m, stc_fmt f, unsigned e, unsigned s)
{
    stc_traffic_cost d;
    stc_traffic_cost_of(m, STC_FMT_DENSE, e, s, 0, &d);
    /* moved never grows with sparsity (nested masks): find the first
     * sparsity below dense in [lo, hi]. */
    unsigned lo = 0, hi = STC_TRAFFIC_SP_MAX;
    if (moved_at(m, f, e, s, hi) >= d.moved)
        return -1;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (moved_at(m, f, e, s, mid) < d.moved)
            hi = mid;
        else
            lo = mid + 1;
    }
    return (int)lo;
}

/* ---- the reports ------------------------------------------------------------ */

static double ratio(uint64_t a, uint64_t b)
{
    return b ? (double)a / (double)b : 0.0;
}

/* One sweep line. sector_eff = useful / moved (the nonzero values per byte
 * the memory moved); fetch_eff = (values + indices) / moved (how much of
 * each fetched sector the format's reads asked for). */
static void sweep_line(FILE *f, const stc_traffic_cfg *c, const stc_traffic_mask *m, stc_fmt fmt,
                       unsigned e, unsigned sp, uint64_t dense_moved)
{
    stc_traffic_cost t;
    uint64_t nnz = stc_traffic_nnz(m, sp);
    stc_traffic_cost_of(m, fmt, e, c->sector, nnz, &t);
    fprintf(f,
            "%s,%u,%u.%02u,%" PRIu32 ",%" PRIu32 ",%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
            ",%" PRIu64 ",%" PRIu64 ",%.6f,%.6f,%.6f\n",
            stc_fmt_name(fmt), e, sp / 100, sp % 100, c->k, c->n, c->sector, c->seed, nnz,
            t.value_bytes, t.index_bytes, t.useful, t.moved, ratio(t.useful, t.moved),
            ratio(t.value_bytes + t.index_bytes, t.moved), ratio(t.moved, dense_moved));
}

void stc_traffic_write_sweep(FILE *f, const stc_traffic_cfg *c, const stc_traffic_mask *m)
{
    fprintf(f, "format,elem_bytes,sparsity_pct,k,n,sector_bytes,seed,nnz,value_bytes,"
               "index_bytes,useful_bytes,moved_bytes,sector_eff,fetch_eff,moved_over_dense\n");
    for (unsigned i = 0; i < c->ne; i++) {
        stc_traffic_cost d;
        stc_traffic_cost_of(m, STC_FMT_DENSE, c->elem[i], c->sector, 0, &d);
        for (int fmt = 0; fmt < STC_FMT_COUNT; fmt++)
            for (unsigned j = 0; j < c->nsp; j++)
                sweep_line(f, c, m, (stc_fmt)fmt, c->elem[i], c->sp[j], d.moved);
    }
}

void stc_traffic_write_breakeven(FILE *f, const stc_traffic_cfg *c, const stc_traffic_mask *m)
{
    fprintf(f, "format,elem_bytes,k,n,sector_bytes,seed,status,breakeven_pct,nnz,"
               "moved_over_dense\n");
    for (unsigned i = 0; i < c->ne; i++) {
        unsigned e = c->elem[i];
        stc_traffic_cost d, t;
        stc_traffic_cost_of(m, STC_FMT_DENSE, e, c->sector, 0, &d);
        for (int fmt = 0; fmt < STC_FMT_COUNT; fmt++) {
            int sp = stc_traffic_breakeven(m, (stc_fmt)fmt, e, c->sector);
            fprintf(f, "%s,%u,%" PRIu32 ",%" PRIu32 ",%u,%" PRIu64 ",", stc_fmt_name(fmt), e, c->k,
                    c->n, c->sector, c->seed);
            if (sp < 0) {
                fprintf(f, "never,,,\n");
                continue;
            }
            uint64_t nnz = stc_traffic_nnz(m, (unsigned)sp);
            stc_traffic_cost_of(m, (stc_fmt)fmt, e, c->sector, nnz, &t);
            fprintf(f, "found,%u.%02u,%" PRIu64 ",%.6f\n", (unsigned)sp / 100, (unsigned)sp % 100,
                    nnz, ratio(t.moved, d.moved));
        }
    }
}
