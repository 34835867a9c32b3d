// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_shrink.c - greedy, deterministic reduction of a failing vector (see
 * stc_shrink.h).
 */
#include "stc_shrink.h"

#include <stdlib.h>
#include <string.h>

typedef struct shrinker {
    stc_rtl *rtl;
    const stc_shrink_opts *o;
    unsigned max_runs;
    stc_vec cur;        /* current smallest failing vector */
    unsigned stall_pct; /* its stall rate */
    unsigned runs, accepted;
    char signature[64];
    stc_status error; /* first run or allocation error */
} shrinker;

/* Builds a candidate from src with [at, at + len) of some dimension edited.
 * STC_OK: dst holds it; STC_EPARAM: nothing to try there (no-op edit). */
typedef stc_status (*cand_fn)(const stc_vec *src, size_t at, size_t len, stc_vec *dst);
/* Size of the dimension a cand_fn edits. */
typedef size_t (*count_fn)(const stc_vec *v);

/* ---- vectors ---------------------------------------------------------------- */

static size_t w_stored(const stc_vec *v)
{
    return (size_t)stc_vec_nblk(v) * v->n * v->n; /* n stored rows per block */
}

size_t stc_shrink_nonzeros(const stc_vec *v)
{
    size_t nz = 0, mn = (size_t)v->m * v->n;
    for (size_t i = 0; i < (size_t)v->m * v->k; i++)
        nz += v->a[i] != 0;
    for (size_t i = 0; i < w_stored(v); i++)
        nz += v->w[i] != 0;
    for (size_t i = 0; v->has_bias && i < mn; i++)
        nz += v->bias[i] != 0;
    return nz;
}

/* Header of src with the given m, k and bias; buffers allocated, zeroed. */
static stc_status vec_shape(const stc_vec *src, unsigned m, unsigned k, bool bias, stc_vec *dst)
{
    memset(dst, 0, sizeof *dst);
    memcpy(dst->cls, src->cls, sizeof dst->cls);
    dst->seed = src->seed;
    dst->n = src->n;
    dst->mode24 = src->mode24;
    dst->m = m;
    dst->k = k;
    dst->skip = src->skip;
    dst->has_bias = bias;
    return stc_vec_alloc(dst);
}

stc_status stc_shrink_vec_copy(const stc_vec *src, stc_vec *dst)
{
    stc_status st = vec_shape(src, src->m, src->k, src->has_bias, dst);
    if (st != STC_OK)
        return st;
    size_t mn = (size_t)src->m * src->n;
    memcpy(dst->a, src->a, (size_t)src->m * src->k);
    memcpy(dst->w, src->w, w_stored(src));
    if (src->mode24)
        memcpy(dst->meta, src->meta, (size_t)stc_vec_nblk(src) * src->n * sizeof *dst->meta);
    if (src->has_bias)
        memcpy(dst->bias, src->bias, mn * sizeof *dst->bias);
    memcpy(dst->c, src->c, mn * sizeof *dst->c);
    return STC_OK;
}

static size_t count_rows(const stc_vec *v)
{
    return v->m;
}

static size_t count_blocks(const stc_vec *v)
{
    return stc_vec_nblk(v);
}

static size_t count_a(const stc_vec *v)
{
    return (size_t)v->m * v->k;
}

static size_t count_bias(const stc_vec *v)
{
    return v->has_bias ? (size_t)v->m * v->n : 0;
}

/* Rows [at, at + len) of A, bias and C removed. */
static stc_status without_rows(const stc_vec *src, size_t at, size_t len, stc_vec *dst)
{
    stc_status st = vec_shape(src, src->m - (unsigned)len, src->k, src->has_bias, dst);
    if (st != STC_OK)
        return st;
    memcpy(dst->w, src->w, w_stored(src));
    if (src->mode24)
        memcpy(dst->meta, src->meta, (size_t)stc_vec_nblk(src) * src->n * sizeof *dst->meta);
    for (unsigned m = 0, d = 0; m < src->m; m++) {
        if (m >= at && m < at + len)
            continue;
        memcpy(dst->a + (size_t)d * src->k, src->a + (size_t)m * src->k, src->k);
        if (src->has_bias)
            memcpy(dst->bias + (size_t)d * src->n, src->bias + (size_t)m * src->n,
                   src->n * sizeof *dst->bias);
        d++;
    }
    return STC_OK;
}

/* K blocks [at, at + len) removed: their A columns, W rows, metadata words
 * and skip bits. */
static stc_status without_blocks(const stc_vec *src, size_t at, size_t len, stc_vec *dst)
{
    unsigned kd = stc_vec_kd(src), nblk = stc_vec_nblk(src), n = src->n;
    stc_status st = vec_shape(src, src->m, src->k - (unsigned)len * kd, src->has_bias, dst);
    if (st != STC_OK)
        return st;
    dst->skip = 0;
    for (unsigned b = 0, d = 0; b < nblk; b++) {
        if (b >= at && b < at + len)
            continue;
        dst->skip |= ((src->skip >> b) & 1u) << d;
        for (unsigned m = 0; m < src->m; m++)
            memcpy(dst->a + (size_t)m * dst->k + (size_t)d * kd,
                   src->a + (size_t)m * src->k + (size_t)b * kd, kd);
        memcpy(dst->w + (size_t)d * n * n, src->w + (size_t)b * n * n, (size_t)n * n);
        if (src->mode24)
            memcpy(dst->meta + (size_t)d * n, src->meta + (size_t)b * n, n * sizeof *dst->meta);
        d++;
    }
    if (src->has_bias)
        memcpy(dst->bias, src->bias, (size_t)src->m * n * sizeof *dst->bias);
    return STC_OK;
}

static stc_status without_bias(const stc_vec *src, size_t at, size_t len, stc_vec *dst)
{
    (void)at;
    (void)len;
    if (!src->has_bias)
        return STC_EPARAM;
    stc_status st = stc_shrink_vec_copy(src, dst);
    if (st != STC_OK)
        return st;
    free(dst->bias);
    dst->bias = NULL;
    dst->has_bias = false;
    return STC_OK;
}

static bool all_zero(const void *p, size_t bytes)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < bytes; i++)
        if (b[i])
            return false;
    return true;
}

/* Copy of src with bytes [at, at + len) * size of one of its arrays zeroed;
 * `which` picks the array (0 A, 1 W, 2 bias). */
static stc_status zeroed(const stc_vec *src, int which, size_t at, size_t len, stc_vec *dst)
{
    const void *s = which == 0   ? (const void *)src->a
                    : which == 1 ? (const void *)src->w
                                 : (const void *)src->bias;
    size_t size = which == 2 ? sizeof(int32_t) : 1;
    if (all_zero((const char *)s + at * size, len * size))
        return STC_EPARAM;
    stc_status st = stc_shrink_vec_copy(src, dst);
    if (st != STC_OK)
        return st;
    void *d = which == 0 ? (void *)dst->a : which == 1 ? (void *)dst->w : (void *)dst->bias;
    memset((char *)d + at * size, 0, len * size);
    return STC_OK;
}

static stc_status zero_a(const stc_vec *src, size_t at, size_t len, stc_vec *dst)
{
    return zeroed(src, 0, at, len, dst);
}

static stc_status zero_w(const stc_vec *src, size_t at, size_t len, stc_vec *dst)
{
    return zeroed(src, 1, at, len, dst);
}

static stc_status zero_bias(const stc_vec *src, size_t at, size_t len, stc_vec *dst)
{
    return zeroed(src, 2, at, len, dst);
}

/* ---- runs -------------------------------------------------------------------- */

static void signature_of(const stc_run_result *r, char *buf, size_t len)
{
    /* The scoreboard's verdicts keep their own names. */
    if (!r->mismatch_cycles && strncmp(r->first_signal, "txn:", 4) == 0) {
        snprintf(buf, len, "%s", r->first_signal);
    } else if (r->mismatch_cycles) {
        size_t k = strcspn(r->first_signal, "[");
        snprintf(buf, len, "%.*s", (int)k, r->first_signal);
    } else if (r->timeout) {
        /* A hang keeps the handshake it hangs on: a candidate that hangs
         * elsewhere (or any vector of all zeros on a tile that never
         * finishes) is another failure. */
        snprintf(buf, len, "timeout %.54s", r->first_signal);
    } else {
        snprintf(buf, len, "result");
    }
}

/* Runs v; true when it fails the way the original did. */
static bool still_fails(shrinker *s, const stc_vec *v, unsigned stall_pct, stc_run_result *res)
{
    stc_run_opts ro = s->o->run;
    char sig[64];
    ro.stim.stall_pct = stall_pct;
    ro.check.max_errors = 1;
    ro.report.log = NULL;
    ro.report.on_cycle = NULL;
    ro.report.hook_ctx = NULL;
    s->runs++;
    stc_status st = stc_lockstep_run(s->rtl, v, &ro, res);
    if (st != STC_OK) {
        s->error = st;
        return false;
    }
    if (res->pass)
        return false;
    signature_of(res, sig, sizeof sig);
    return s->o->any_failure || strcmp(sig, s->signature) == 0;
}

static bool budget_left(const shrinker *s)
{
    return s->runs < s->max_runs && s->error == STC_OK;
}

/* Tries one candidate; keeps it when it still fails. */
static bool try_candidate(shrinker *s, cand_fn make, size_t at, size_t len)
{
    stc_vec cand;
    stc_run_result res;
    stc_status st = make(&s->cur, at, len, &cand);
    if (st == STC_EPARAM)
        return false;
    if (st != STC_OK) {
        s->error = st;
        return false;
    }
    bool keep = stc_vec_fill_expected(&cand, NULL, 0) == STC_OK &&
                stc_vec_validate(&cand, NULL, 0) == STC_OK &&
                still_fails(s, &cand, s->stall_pct, &res);
    if (!keep) {
        stc_vec_free(&cand);
        return false;
    }
    stc_vec_free(&s->cur);
    s->cur = cand;
    s->accepted++;
    return true;
}

static size_t pow2_at_most(size_t x)
{
    size_t p = 1;
    while (p * 2 <= x)
        p *= 2;
    return p;
}

/* Chunked reduction of one dimension: chunks of halving size, each tried at
 * every position. `removes`: a kept candidate shrinks the dimension (the
 * next chunk starts at the same position); `keep` elements always stay. */
static bool reduce(shrinker *s, count_fn count, cand_fn make, bool removes, size_t keep)
{
    bool progress = false;
    size_t total = count(&s->cur);
    if (total <= keep)
        return false;
    for (size_t len = pow2_at_most(total - keep); len >= 1 && budget_left(s); len /= 2) {
        for (size_t at = 0; budget_left(s);) {
            total = count(&s->cur);
            if (at + len > total || (removes && total - len < keep))
                break;
            if (try_candidate(s, make, at, len)) {
                progress = true;
                if (removes)
                    continue;
            }
            at += len;
        }
    }
    return progress;
}

static bool shrink_round(shrinker *s)
{
    bool p = false;
    if (budget_left(s))
        p |= try_candidate(s, without_bias, 0, 0);
    p |= reduce(s, count_blocks, without_blocks, true, 1);
    p |= reduce(s, count_rows, without_rows, true, 1);
    p |= reduce(s, w_stored, zero_w, false, 0);
    p |= reduce(s, count_a, zero_a, false, 0);
    p |= reduce(s, count_bias, zero_bias, false, 0);
    return p;
}

stc_status stc_shrink(stc_rtl *rtl, const stc_vec *orig, const stc_shrink_opts *o,
                      stc_shrink_result *out)
{
    shrinker s;
    stc_run_result res;
    memset(out, 0, sizeof *out);
    memset(&s, 0, sizeof s);
    s.rtl = rtl;
    s.o = o;
    s.max_runs = o->max_runs ? o->max_runs : STC_SHRINK_DEFAULT_RUNS;
    s.stall_pct = o->run.stim.stall_pct;
    stc_status st = stc_shrink_vec_copy(orig, &s.cur);
    if (st != STC_OK)
        return st;
    snprintf(s.signature, sizeof s.signature, "%s", "");
    stc_shrink_opts any = *o;
    any.any_failure = true;
    s.o = &any; /* the original defines the signature */
    out->failed = still_fails(&s, &s.cur, s.stall_pct, &res);
    s.o = o;
    signature_of(&res, s.signature, sizeof s.signature);
    if (out->failed && s.stall_pct && still_fails(&s, &s.cur, 0, &res))
        s.stall_pct = 0;
    for (int round = 0; out->failed && round < 4 && budget_left(&s); round++)
        if (!shrink_round(&s))
            break;
    if (s.error == STC_OK && out->failed)
        still_fails(&s, &s.cur, s.stall_pct, &out->res);
    out->vec = s.cur;
    out->stall_pct = s.stall_pct;
    out->runs = s.runs;
    out->accepted = s.accepted;
    snprintf(out->signature, sizeof out->signature, "%s", s.signature);
    if (s.error != STC_OK) {
        stc_vec_free(&out->vec);
        return s.error;
    }
    return STC_OK;
}
