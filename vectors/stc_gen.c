// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_gen.c - deterministic vector generator: classes, naming and the
 * regression set a manifest lists (stc_manifest.h).
 */
#include "stc_gen.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stc_gen_stream.h"
#include "stc_manifest.h"
#include "stc_meta.h"
#include "stc_ref.h"

static int8_t stc_rng_i8_nonzero(stc_rng *r)
{
    int x = (int)stc_rng_below(r, 255) - 128; /* -128..126 */
    return (int8_t)(x >= 0 ? x + 1 : x);      /* skip 0: -128..-1, 1..127 */
}

/* ---- generation context ------------------------------------------------------ */

typedef struct stc_gen_ctx {
    const stc_gen_opts *o;
    stc_rng rng;
    stc_vec *v;
    int8_t *wd;   /* dense W, k x n */
    int sparsity; /* effective percent */
    bool bias_done;
} stc_gen_ctx;

typedef stc_status (*stc_gen_fill_fn)(stc_gen_ctx *c, char *err, size_t errlen);

enum { STC_MODE_DENSE = 0, STC_MODE_24 = 1, STC_MODE_EITHER = 2 };

typedef struct stc_gen_class {
    const char *name;
    int mode;     /* STC_MODE_*; EITHER defaults to 2:4 */
    int sparsity; /* default percent, -1 when the class has no knob */
    stc_gen_fill_fn fill;
} stc_gen_class;

static int8_t *stc_gen_wp(stc_gen_ctx *c, unsigned row, unsigned col)
{
    return &c->wd[(size_t)row * c->v->n + col];
}

static void stc_gen_a_random(stc_gen_ctx *c)
{
    for (size_t i = 0; i < (size_t)c->v->m * c->v->k; i++)
        c->v->a[i] = stc_rng_i8(&c->rng);
}

/* Dense random W rows [r0, r1). */
static void stc_gen_w_dense_rows(stc_gen_ctx *c, unsigned r0, unsigned r1)
{
    for (unsigned r = r0; r < r1; r++) {
        for (unsigned col = 0; col < c->v->n; col++)
            *stc_gen_wp(c, r, col) = stc_rng_i8(&c->rng);
    }
}

/* One 2:4 group with exactly two nonzeros at a random pair of positions. */
static void stc_gen_group_pair(stc_gen_ctx *c, unsigned r0, unsigned col)
{
    static const unsigned char pairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    unsigned p = stc_rng_below(&c->rng, 6);
    *stc_gen_wp(c, r0 + pairs[p][0], col) = stc_rng_i8_nonzero(&c->rng);
    *stc_gen_wp(c, r0 + pairs[p][1], col) = stc_rng_i8_nonzero(&c->rng);
}

/* Random 2:4 W rows [r0, r1) (multiples of 4), two nonzeros per group. */
static void stc_gen_w_24_rows(stc_gen_ctx *c, unsigned r0, unsigned r1)
{
    for (unsigned r = r0; r < r1; r += 4) {
        for (unsigned col = 0; col < c->v->n; col++)
            stc_gen_group_pair(c, r, col);
    }
}

static void stc_gen_w_random(stc_gen_ctx *c)
{
    if (c->v->mode24)
        stc_gen_w_24_rows(c, 0, c->v->k);
    else
        stc_gen_w_dense_rows(c, 0, c->v->k);
}

/* ---- classes ----------------------------------------------------------------- */

static stc_status stc_gen_fill_random(stc_gen_ctx *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    stc_gen_a_random(c);
    stc_gen_w_random(c);
    return STC_OK;
}

/* Marks round(nblk * pct%) blocks (at most nblk - 1 unless pct is 100) as
 * zero in zero[]; which ones is random. */
static void stc_gen_pick_zero_blocks(stc_gen_ctx *c, unsigned nblk, bool zero[64])
{
    unsigned idx[64], nz = (nblk * (unsigned)c->sparsity + 50) / 100;
    if (c->sparsity < 100 && nz >= nblk)
        nz = nblk - 1;
    for (unsigned i = 0; i < nblk; i++) {
        idx[i] = i;
        zero[i] = false;
    }
    for (unsigned i = 0; i < nz; i++) {
        unsigned j = i + stc_rng_below(&c->rng, nblk - i);
        unsigned t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
        zero[idx[i]] = true;
    }
}

static stc_status stc_gen_fill_block(stc_gen_ctx *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    bool zero[64];
    unsigned nblk = stc_vec_nblk(c->v), kd = stc_vec_kd(c->v);
    stc_gen_a_random(c);
    stc_gen_pick_zero_blocks(c, nblk, zero);
    for (unsigned b = 0; b < nblk; b++) {
        if (zero[b])
            continue;
        if (c->v->mode24)
            stc_gen_w_24_rows(c, b * kd, (b + 1) * kd);
        else
            stc_gen_w_dense_rows(c, b * kd, (b + 1) * kd);
    }
    return STC_OK;
}

static stc_status stc_gen_fill_unstructured(stc_gen_ctx *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    stc_gen_a_random(c);
    for (size_t i = 0; i < (size_t)c->v->k * c->v->n; i++) {
        bool zero = stc_rng_below(&c->rng, 10000) < (uint32_t)c->sparsity * 100u;
        c->wd[i] = zero ? 0 : stc_rng_i8_nonzero(&c->rng);
    }
    return STC_OK;
}

static stc_status stc_gen_fill_prune24(stc_gen_ctx *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    stc_gen_a_random(c);
    stc_gen_w_dense_rows(c, 0, c->v->k);
    stc_meta_prune24(c->v->n, c->v->k, c->wd);
    return STC_OK;
}

static int8_t stc_gen_extreme(stc_gen_ctx *c)
{
    return stc_rng_below(&c->rng, 2) ? 127 : -128;
}

/* Operands only -128 and 127; A row 0 and W column 0 all -128 so that
 * -128 * -128 is certainly exercised. */
static stc_status stc_gen_fill_extremes(stc_gen_ctx *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    stc_vec *v = c->v;
    for (size_t i = 0; i < (size_t)v->m * v->k; i++)
        v->a[i] = i < v->k ? -128 : stc_gen_extreme(c);
    stc_gen_w_random(c);
    for (size_t i = 0; i < (size_t)v->k * v->n; i++) {
        if (c->wd[i] != 0 || !v->mode24)
            c->wd[i] = i % v->n == 0 ? -128 : stc_gen_extreme(c);
    }
    return STC_OK;
}

static stc_status stc_gen_fill_zero_tile(stc_gen_ctx *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    stc_gen_a_random(c); /* W stays all zero: every block is skipped */
    return STC_OK;
}

/* 2:4 groups: sparsity% all zero, the rest one or two nonzeros. */
static stc_status stc_gen_fill_zero_groups(stc_gen_ctx *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    stc_gen_a_random(c);
    for (unsigned r = 0; r < c->v->k; r += 4) {
        for (unsigned col = 0; col < c->v->n; col++) {
            if (stc_rng_below(&c->rng, 100) < (uint32_t)c->sparsity)
                continue;
            if (stc_rng_below(&c->rng, 2))
                stc_gen_group_pair(c, r, col);
            else
                *stc_gen_wp(c, r + stc_rng_below(&c->rng, 4), col) = stc_rng_i8_nonzero(&c->rng);
        }
    }
    return STC_OK;
}

/* Every group has one nonzero; its position cycles with group and column
 * so all four positions appear in every column. */
static stc_status stc_gen_fill_single(stc_gen_ctx *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    stc_gen_a_random(c);
    for (unsigned r = 0; r < c->v->k; r += 4) {
        for (unsigned col = 0; col < c->v->n; col++)
            *stc_gen_wp(c, r + (r / 4 + col) % 4, col) = stc_rng_i8_nonzero(&c->rng);
    }
    return STC_OK;
}

/* Exact (unwrapped) value of C[r][col]. */
static int64_t stc_gen_exact(const stc_gen_ctx *c, unsigned r, unsigned col)
{
    const stc_vec *v = c->v;
    int64_t s = v->has_bias ? v->bias[(size_t)r * v->n + col] : 0;
    for (unsigned i = 0; i < v->k; i++)
        s += (int64_t)v->a[(size_t)r * v->k + i] * c->wd[(size_t)i * v->n + col];
    return s;
}

/* A positive, W positive in even and negative in odd columns, bias within
 * nnz of INT32_MAX (even) or INT32_MIN (odd): each dot product has at
 * least nnz terms of magnitude >= 1, so every element leaves the int32
 * range and must wrap. Checked below rather than trusted. */
static stc_status stc_gen_fill_wrap(stc_gen_ctx *c, char *err, size_t errlen)
{
    stc_vec *v = c->v;
    uint32_t nnz = v->mode24 ? v->k / 2 : v->k;
    for (size_t i = 0; i < (size_t)v->m * v->k; i++)
        v->a[i] = (int8_t)(1 + stc_rng_below(&c->rng, 127));
    stc_gen_w_random(c);
    for (size_t i = 0; i < (size_t)v->k * v->n; i++) {
        if (v->mode24 && c->wd[i] == 0)
            continue;
        int mag = 1 + (int)stc_rng_below(&c->rng, 127);
        c->wd[i] = (int8_t)(i % v->n % 2 == 0 ? mag : -mag);
    }
    for (size_t i = 0; i < (size_t)v->m * v->n; i++) {
        int32_t off = (int32_t)stc_rng_below(&c->rng, nnz);
        v->bias[i] = i % v->n % 2 == 0 ? INT32_MAX - off : INT32_MIN + off;
    }
    c->bias_done = true;
    for (unsigned r = 0; r < v->m; r++) {
        for (unsigned col = 0; col < v->n; col++) {
            int64_t s = stc_gen_exact(c, r, col);
            if (s >= INT32_MIN && s <= INT32_MAX) {
                stc_errf(err, errlen, "corner-wrap: C[%u][%u] does not wrap", r, col);
                return STC_EPARAM;
            }
        }
    }
    return STC_OK;
}

static const stc_gen_class stc_gen_classes[] = {
    {"dense", STC_MODE_DENSE, -1, stc_gen_fill_random},
    {"sp24", STC_MODE_24, -1, stc_gen_fill_random},
    {"block", STC_MODE_DENSE, 50, stc_gen_fill_block},
    {"sp24-block", STC_MODE_24, 50, stc_gen_fill_block},
    {"unstructured", STC_MODE_DENSE, 90, stc_gen_fill_unstructured},
    {"prune24", STC_MODE_24, -1, stc_gen_fill_prune24},
    {"corner-extremes", STC_MODE_EITHER, -1, stc_gen_fill_extremes},
    {"corner-zero-tile", STC_MODE_EITHER, -1, stc_gen_fill_zero_tile},
    {"corner-zero-groups", STC_MODE_24, 75, stc_gen_fill_zero_groups},
    {"corner-single", STC_MODE_24, -1, stc_gen_fill_single},
    {"corner-wrap", STC_MODE_EITHER, -1, stc_gen_fill_wrap},
    {"corner-m1", STC_MODE_EITHER, -1, stc_gen_fill_random},
    {"corner-kmax", STC_MODE_EITHER, -1, stc_gen_fill_random},
};
enum { STC_GEN_NCLASSES = sizeof stc_gen_classes / sizeof stc_gen_classes[0] };

const char *stc_gen_class_list(void)
{
    return "dense sp24 block sp24-block unstructured prune24 corner-extremes corner-zero-tile "
           "corner-zero-groups corner-single corner-wrap corner-m1 corner-kmax";
}

static const stc_gen_class *stc_gen_find(const char *name)
{
    for (unsigned i = 0; name && i < STC_GEN_NCLASSES; i++) {
        if (strcmp(stc_gen_classes[i].name, name) == 0)
            return &stc_gen_classes[i];
    }
    return NULL;
}

const char *stc_gen_class_name(const char *name)
{
    const stc_gen_class *cl = stc_gen_find(name);
    return cl ? cl->name : NULL;
}

void stc_gen_opts_init(stc_gen_opts *o)
{
    memset(o, 0, sizeof *o);
    o->sparsity = STC_GEN_SPARSITY_DEFAULT;
    o->mode = STC_GEN_MODE_DEFAULT;
    o->a_zeros = STC_GEN_SPARSITY_DEFAULT;
}

/* ---- option checks and assembly -------------------------------------------- */

static bool stc_gen_mode24(const stc_gen_class *cl, const stc_gen_opts *o)
{
    if (o->mode != STC_GEN_MODE_DEFAULT)
        return o->mode == 1;
    return cl->mode != STC_MODE_DENSE;
}

static stc_status stc_gen_check_class_opts(const stc_gen_class *cl, const stc_gen_opts *o,
                                           const stc_vec *v, char *err, size_t errlen)
{
    if (o->mode != STC_GEN_MODE_DEFAULT && cl->mode != STC_MODE_EITHER && o->mode != cl->mode) {
        stc_errf(err, errlen, "class %s only exists in %s mode", cl->name,
                 cl->mode == STC_MODE_24 ? "2:4" : "dense");
        return STC_EPARAM;
    }
    if (o->sparsity != STC_GEN_SPARSITY_DEFAULT && cl->sparsity < 0) {
        stc_errf(err, errlen, "class %s takes no --sparsity", cl->name);
        return STC_EPARAM;
    }
    if (o->a_zeros != STC_GEN_SPARSITY_DEFAULT && (o->a_zeros < 0 || o->a_zeros > 100)) {
        stc_errf(err, errlen, "--a-zeros %d: must be 0..100", o->a_zeros);
        return STC_EPARAM;
    }
    if (o->sparsity != STC_GEN_SPARSITY_DEFAULT && (o->sparsity < 0 || o->sparsity > 100)) {
        stc_errf(err, errlen, "--sparsity %d: must be 0..100", o->sparsity);
        return STC_EPARAM;
    }
    if (strcmp(cl->name, "corner-m1") == 0 && v->m != 1) {
        stc_errf(err, errlen, "class corner-m1 needs --m 1");
        return STC_EPARAM;
    }
    if (strcmp(cl->name, "corner-kmax") == 0 && v->k != STC_VEC_NBLK_MAX * stc_vec_kd(v)) {
        stc_errf(err, errlen, "class corner-kmax needs --k %u (64 blocks of %u)",
                 STC_VEC_NBLK_MAX * stc_vec_kd(v), stc_vec_kd(v));
        return STC_EPARAM;
    }
    return STC_OK;
}

unsigned stc_gen_blocks_k(const stc_gen_opts *o, unsigned blocks)
{
    const stc_gen_class *cl = stc_gen_find(o->cls);
    return cl ? blocks * (stc_gen_mode24(cl, o) ? 2 * o->n : o->n) : 0;
}

/* Header fields from the options, checked against the format's limits. */
static stc_status stc_gen_header(const stc_gen_class *cl, const stc_gen_opts *o, stc_vec *v,
                                 char *err, size_t errlen)
{
    memset(v, 0, sizeof *v);
    snprintf(v->cls, sizeof v->cls, "%s", cl->name);
    v->seed = o->seed;
    v->n = o->n;
    v->mode24 = stc_gen_mode24(cl, o);
    v->m = o->m;
    v->k = o->k;
    v->has_bias = o->bias || strcmp(cl->name, "corner-wrap") == 0;
    char msg[STC_VEC_ERR_MAX];
    stc_status st = stc_vec_alloc(v);
    if (st == STC_EPARAM) {
        /* alloc only says EPARAM; validate names the broken limit. */
        (void)stc_vec_validate(v, msg, sizeof msg);
        stc_errf(err, errlen, "%s", msg);
        return STC_EPARAM;
    }
    if (st != STC_OK) {
        stc_errf(err, errlen, "out of memory");
        return st;
    }
    return stc_gen_check_class_opts(cl, o, v, err, errlen);
}

/* Skip bit b iff every W value of block b is zero (so random classes also
 * mark naturally zero blocks). */
static uint64_t stc_gen_skip(const stc_gen_ctx *c)
{
    const stc_vec *v = c->v;
    size_t per = (size_t)stc_vec_kd(v) * v->n;
    uint64_t skip = 0;
    for (unsigned b = 0; b < stc_vec_nblk(v); b++) {
        bool zero = true;
        for (size_t i = 0; zero && i < per; i++)
            zero = c->wd[b * per + i] == 0;
        if (zero)
            skip |= (uint64_t)1 << b;
    }
    return skip;
}

static void stc_gen_bias_random(stc_gen_ctx *c)
{
    for (size_t i = 0; i < (size_t)c->v->m * c->v->n; i++)
        c->v->bias[i] = (int32_t)stc_rng_below(&c->rng, 1u << 25) - (1 << 24);
}

/* --a-zeros: round(m*k*pct/100) elements of A set to zero, chosen by a
 * partial Fisher-Yates shuffle on an RNG stream of their own (so W and the
 * rest of A are those of the same vector without the option, and the zeros
 * of a smaller percentage are a subset of those of a larger one). */
static stc_status stc_gen_a_zeros(stc_gen_ctx *c)
{
    stc_vec *v = c->v;
    size_t total = (size_t)v->m * v->k;
    size_t count = (total * (size_t)c->o->a_zeros + 50) / 100;
    uint32_t *idx = malloc(total * sizeof *idx);
    if (!idx)
        return STC_ENOMEM;
    for (size_t i = 0; i < total; i++)
        idx[i] = (uint32_t)i;
    uint64_t s = c->o->seed ^ 0xa2e0u;
    stc_rng r;
    stc_rng_seed(&r, stc_splitmix64(&s));
    for (size_t i = 0; i < count; i++) {
        size_t j = i + stc_rng_below(&r, (uint32_t)(total - i));
        uint32_t t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
        v->a[idx[i]] = 0;
    }
    free(idx);
    return STC_OK;
}

/* Stores W (compressing in 2:4), bias, skip and the reference C. */
static stc_status stc_gen_finish(stc_gen_ctx *c, char *err, size_t errlen)
{
    stc_vec *v = c->v;
    stc_status st = STC_OK;
    if (v->has_bias && !c->bias_done)
        stc_gen_bias_random(c);
    v->skip = stc_gen_skip(c);
    if (v->mode24)
        st = stc_meta_compress(v->n, v->k, c->wd, v->w, v->meta, NULL, err, errlen);
    else
        memcpy(v->w, c->wd, (size_t)v->k * v->n);
    if (st == STC_OK)
        st = stc_vec_fill_expected(v, err, errlen);
    if (st == STC_OK)
        st = stc_vec_validate(v, err, errlen);
    return st;
}

stc_status stc_gen_vector(const stc_gen_opts *o, stc_vec *v, char *err, size_t errlen)
{
    const stc_gen_class *cl = stc_gen_find(o->cls);
    if (!cl) {
        memset(v, 0, sizeof *v);
        stc_errf(err, errlen, "unknown class '%s' (one of: %s)", o->cls ? o->cls : "(none)",
                 stc_gen_class_list());
        return STC_EPARAM;
    }
    stc_status st = stc_gen_header(cl, o, v, err, errlen);
    stc_gen_ctx c = {o, {{0}}, v, NULL, o->sparsity, false};
    if (c.sparsity == STC_GEN_SPARSITY_DEFAULT)
        c.sparsity = cl->sparsity;
    stc_rng_seed(&c.rng, o->seed);
    if (st == STC_OK) {
        c.wd = calloc((size_t)v->k * v->n, 1);
        st = c.wd ? STC_OK : STC_ENOMEM;
    }
    if (st == STC_OK)
        st = cl->fill(&c, err, errlen);
    if (st == STC_OK && o->a_zeros != STC_GEN_SPARSITY_DEFAULT)
        st = stc_gen_a_zeros(&c);
    if (st == STC_OK)
        st = stc_gen_finish(&c, err, errlen);
    free(c.wd);
    if (st != STC_OK)
        stc_vec_free(v);
    return st;
}

void stc_gen_name(const stc_gen_opts *o, char *out, size_t outlen)
{
    const stc_gen_class *cl = stc_gen_find(o->cls);
    bool m24 = cl ? stc_gen_mode24(cl, o) : o->mode == 1;
    int sp = o->sparsity;
    if (cl && sp == STC_GEN_SPARSITY_DEFAULT)
        sp = cl->sparsity;
    char psp[16] = "", paz[16] = "";
    if (sp >= 0)
        snprintf(psp, sizeof psp, "-p%d", sp);
    if (o->a_zeros >= 0)
        snprintf(paz, sizeof paz, "-az%d", o->a_zeros);
    snprintf(out, outlen, "%s-n%u-%s-m%u-k%u%s%s%s-s%llu.vec", o->cls ? o->cls : "none", o->n,
             m24 ? "2of4" : "dense", o->m, o->k, psp, paz, o->bias ? "-bias" : "",
             (unsigned long long)o->seed);
}

static unsigned stc_gen_passes(const stc_vec *v)
{
    unsigned passes = 0;
    for (unsigned b = 0; b < stc_vec_nblk(v); b++)
        passes += !((v->skip >> b) & 1u);
    return passes;
}

uint64_t stc_gen_cycles(const stc_vec *v)
{
    unsigned passes = stc_gen_passes(v);
    return (v->has_bias ? v->m : 0) + (uint64_t)passes * (v->m + 3 * v->n + 1) + v->m;
}

uint64_t stc_gen_cycles_dbuf(const stc_vec *v)
{
    unsigned passes = stc_gen_passes(v);
    /* The first block's weights load before (or during) the bias rows,
     * every later one during the previous pass. */
    uint64_t first = v->has_bias ? (v->m > v->n ? v->m : v->n) : v->n;
    if (passes == 0)
        return (v->has_bias ? v->m : 0) + v->m;
    return first + (uint64_t)passes * (v->m + 2 * v->n + 1) + v->m;
}

/* ---- the regression set ------------------------------------------------------ */

/* A generator's refusal names the manifest's line and the file. */
static stc_status stc_reg_refused(const stc_manifest *mf, const stc_manifest_entry *e,
                                  stc_status st, const char *msg, char *err, size_t errlen)
{
    stc_errf(err, errlen, "%s:%u: %s: %s", mf->path, e->line, e->name, msg);
    return st;
}

/* Generates and writes one vector; adds its cycles. */
static stc_status stc_reg_write_vector(const stc_manifest *mf, const stc_manifest_entry *e,
                                       const char *path, uint64_t *cycles, char *err, size_t errlen)
{
    stc_vec v;
    char msg[STC_VEC_ERR_MAX];
    stc_status st = stc_gen_vector(&e->vec, &v, msg, sizeof msg);
    if (st != STC_OK)
        return stc_reg_refused(mf, e, st, msg, err, errlen);
    st = stc_vec_write(path, &v, err, errlen);
    *cycles += stc_gen_cycles(&v);
    stc_vec_free(&v);
    return st;
}

/* Generates and writes one stream; adds its cycles. */
static stc_status stc_reg_write_stream(const stc_manifest *mf, const stc_manifest_entry *e,
                                       const char *path, uint64_t *cycles, char *err, size_t errlen)
{
    stc_stream s = {0, NULL};
    char msg[STC_VEC_ERR_MAX];
    stc_status st = stc_gen_stream(&e->stream, &s, msg, sizeof msg);
    if (st != STC_OK)
        return stc_reg_refused(mf, e, st, msg, err, errlen);
    st = stc_stream_write(path, &s, err, errlen);
    for (unsigned c = 0; c < s.ncmd; c++)
        *cycles += stc_gen_cycles(&s.cmd[c]);
    stc_stream_free(&s);
    return st;
}

/* Generates and writes one entry into dir; adds its size and cycles. */
static stc_status stc_reg_write(const stc_manifest *mf, const stc_manifest_entry *e,
                                const char *dir, uint64_t *bytes, uint64_t *cycles, char *err,
                                size_t errlen)
{
    char path[4096];
    struct stat sb;
    stc_status st;
    snprintf(path, sizeof path, "%s/%s", dir, e->name);
    if (e->type == STC_MANIFEST_VECTOR)
        st = stc_reg_write_vector(mf, e, path, cycles, err, errlen);
    else
        st = stc_reg_write_stream(mf, e, path, cycles, err, errlen);
    if (st == STC_OK && stat(path, &sb) == 0)
        *bytes += (uint64_t)sb.st_size;
    return st;
}

static bool stc_ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* Removes the *.vec files the manifest does not list, so the directory is
 * exactly the set after a regeneration. */
static stc_status stc_reg_prune(const stc_manifest *mf, const char *dir, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    char path[4096];
    stc_status st = STC_OK;
    if (!d) {
        stc_errf(err, errlen, "%s: cannot open directory: %s", dir, strerror(errno));
        return STC_EIO;
    }
    for (struct dirent *de = readdir(d); de; de = readdir(d)) {
        if (!stc_ends_with(de->d_name, ".vec") || stc_manifest_find(mf, de->d_name))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        if (unlink(path) != 0) {
            stc_errf(err, errlen, "%s: cannot remove: %s", path, strerror(errno));
            st = STC_EIO;
        }
    }
    closedir(d);
    return st;
}

stc_status stc_gen_regression(const char *manifest, const char *dir, unsigned *count,
                              uint64_t *bytes, uint64_t *cycles, char *err, size_t errlen)
{
    stc_manifest mf;
    uint64_t nb = 0, nc = 0;
    stc_status st = stc_manifest_read(manifest, &mf, err, errlen);
    for (unsigned i = 0; st == STC_OK && i < mf.count; i++)
        st = stc_reg_write(&mf, &mf.entry[i], dir, &nb, &nc, err, errlen);
    if (st == STC_OK)
        st = stc_reg_prune(&mf, dir, err, errlen);
    if (count)
        *count = mf.count;
    if (bytes)
        *bytes = nb;
    if (cycles)
        *cycles = nc;
    stc_manifest_free(&mf);
    return st;
}
