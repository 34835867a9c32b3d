// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_gen_moe.c - mixture-of-experts routing, dispatch schemes and command
 * vectors (see stc_gen_moe.h).
 */
#include "stc_gen_moe.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stc_rng.h"

/* Streams of the one RNG, derived from the seed and a purpose, so that a
 * token's row does not move when the routing changes and vice versa. */
enum { STC_MOE_RNG_ROUTE = 1, STC_MOE_RNG_TOKEN = 2, STC_MOE_RNG_EXPERT = 3 };

static void stc_moe_rng(stc_rng *r, uint64_t seed, unsigned purpose, uint64_t index)
{
    uint64_t s = seed ^ ((uint64_t)purpose << 56) ^ index;
    stc_rng_seed(r, stc_splitmix64(&s));
}

/* ---- load distributions ------------------------------------------------------- */

typedef struct stc_moe_dist {
    bool balanced; /* token t goes to experts (t*k + j) mod E: every n_e equal */
    bool zipf;     /* weight of expert e proportional to 1/(e+1) */
    unsigned hot;  /* > 0: expert 0 takes a token with probability hot*k/E */
} stc_moe_dist;

static const char *const stc_moe_dists = "balanced uniform zipf hot2 hot5 hot10";

static stc_status stc_moe_dist_parse(const stc_moe_opts *o, stc_moe_dist *d, char *err,
                                     size_t errlen)
{
    memset(d, 0, sizeof *d);
    const char *s = o->dist ? o->dist : "";
    if (strcmp(s, "balanced") == 0)
        d->balanced = true;
    else if (strcmp(s, "zipf") == 0)
        d->zipf = true;
    else if (strncmp(s, "hot", 3) == 0 && s[3] >= '1' && s[3] <= '9') {
        char *end = NULL;
        unsigned long x = strtoul(s + 3, &end, 10);
        if (*end != '\0' || x < 2 || x * o->topk > o->experts) {
            stc_errf(err, errlen,
                     "distribution '%s': hotX needs 2 <= X <= experts/topk = %u (X times the mean "
                     "load is at most every token)",
                     s, o->experts / o->topk);
            return STC_EPARAM;
        }
        d->hot = (unsigned)x;
    } else if (strcmp(s, "uniform") != 0) {
        stc_errf(err, errlen, "unknown distribution '%s' (one of: %s)", s, stc_moe_dists);
        return STC_EPARAM;
    }
    return STC_OK;
}

/* Draws one expert not yet taken, with integer weights w (deterministic:
 * no floating point in the draw). */
static unsigned stc_moe_draw(stc_rng *r, const uint32_t *w, const bool *taken, unsigned e_count)
{
    uint32_t total = 0; /* below 2^24 * H(256) < 2^27: no overflow */
    for (unsigned e = 0; e < e_count; e++)
        total += taken[e] ? 0 : w[e];
    uint32_t x = stc_rng_below(r, total);
    for (unsigned e = 0; e < e_count; e++) {
        if (taken[e])
            continue;
        if (x < w[e])
            return e;
        x -= w[e];
    }
    return e_count - 1; /* not reached: the weights of the free experts sum to total */
}

/* The experts of token t: k distinct ones, in out[0..k). */
static void stc_moe_pick(const stc_moe_opts *o, const stc_moe_dist *d, const uint32_t *w,
                         stc_rng *r, unsigned t, unsigned *out)
{
    bool taken[STC_MOE_EXPERTS_MAX] = {false};
    unsigned j = 0;
    if (d->balanced) {
        for (; j < o->topk; j++)
            out[j] = (t * o->topk + j) % o->experts;
        return;
    }
    if (d->hot) {
        /* Expert 0 is one of the token's k with probability hot*k/E, which
         * makes its expected load hot times the mean T*k/E; otherwise it is
         * excluded, so the draws below never add to it. */
        if (stc_rng_below(r, o->experts) < d->hot * o->topk)
            out[j++] = 0;
        taken[0] = true;
    }
    for (; j < o->topk; j++) {
        out[j] = stc_moe_draw(r, w, taken, o->experts);
        taken[out[j]] = true;
    }
}

static stc_status stc_moe_check_opts(const stc_moe_opts *o, char *err, size_t errlen)
{
    if (o->experts < 2 || o->experts > STC_MOE_EXPERTS_MAX) {
        stc_errf(err, errlen, "experts %u: must be 2..%d", o->experts, STC_MOE_EXPERTS_MAX);
        return STC_EPARAM;
    }
    if (o->topk < 1 || o->topk > o->experts) {
        stc_errf(err, errlen, "topk %u: must be 1..experts (%u)", o->topk, o->experts);
        return STC_EPARAM;
    }
    if (o->tokens < 1 || o->tokens > (1u << 20)) {
        stc_errf(err, errlen, "tokens %u: must be 1..%u", o->tokens, 1u << 20);
        return STC_EPARAM;
    }
    return STC_OK;
}

stc_status stc_moe_route(const stc_moe_opts *o, stc_moe_routing *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    stc_moe_dist d;
    stc_status st = stc_moe_check_opts(o, err, errlen);
    if (st == STC_OK)
        st = stc_moe_dist_parse(o, &d, err, errlen);
    if (st != STC_OK)
        return st;
    size_t slots = (size_t)o->tokens * o->topk;
    unsigned *pick = malloc(slots * sizeof *pick);
    r->experts = o->experts;
    r->load = calloc(o->experts, sizeof *r->load);
    r->first = calloc(o->experts, sizeof *r->first);
    r->tok = malloc(slots * sizeof *r->tok);
    if (!pick || !r->load || !r->first || !r->tok) {
        free(pick);
        stc_moe_routing_free(r);
        return STC_ENOMEM;
    }
    uint32_t w[STC_MOE_EXPERTS_MAX];
    for (unsigned e = 0; e < o->experts; e++)
        w[e] = d.zipf ? (uint32_t)((1u << 24) / (e + 1)) : 1u;
    stc_rng rng;
    stc_moe_rng(&rng, o->seed, STC_MOE_RNG_ROUTE, 0);
    for (unsigned t = 0; t < o->tokens; t++) {
        stc_moe_pick(o, &d, w, &rng, t, &pick[(size_t)t * o->topk]);
        for (unsigned j = 0; j < o->topk; j++)
            r->load[pick[(size_t)t * o->topk + j]]++;
    }
    /* Sort and group: a counting sort by expert keeps token order inside
     * each expert's list. */
    unsigned at = 0;
    for (unsigned e = 0; e < o->experts; e++) {
        r->first[e] = at;
        at += r->load[e];
    }
    unsigned *fill = calloc(o->experts, sizeof *fill);
    if (!fill) {
        free(pick);
        stc_moe_routing_free(r);
        return STC_ENOMEM;
    }
    for (size_t i = 0; i < slots; i++) {
        unsigned e = pick[i];
        r->tok[r->first[e] + fill[e]++] = (uint32_t)(i / o->topk);
    }
    free(fill);
    free(pick);
    return STC_OK;
}

void stc_moe_routing_free(stc_moe_routing *r)
{
    free(r->load);
    free(r->first);
    free(r->tok);
    memset(r, 0, sizeof *r);
}

/* ---- dispatch schemes -------------------------------------------------------- */

static const char *const stc_moe_schemes = "group cap100 cap125 cap150 bucket";
static const unsigned stc_moe_buckets[] = {64, 128, 256, 512, STC_VEC_M_MAX};

static unsigned stc_moe_bucket(unsigned rows)
{
    for (size_t i = 0; i < sizeof stc_moe_buckets / sizeof stc_moe_buckets[0]; i++) {
        if (rows <= stc_moe_buckets[i])
            return stc_moe_buckets[i];
    }
    return STC_VEC_M_MAX;
}

static stc_status stc_moe_add(stc_moe_plan *p, unsigned *cap, stc_moe_cmd c)
{
    if (p->ncmd == *cap) {
        unsigned ncap = *cap ? 2 * *cap : 64;
        stc_moe_cmd *nc = realloc(p->cmd, ncap * sizeof *nc);
        if (!nc)
            return STC_ENOMEM;
        p->cmd = nc;
        *cap = ncap;
    }
    p->cmd[p->ncmd++] = c;
    return STC_OK;
}

/* Scheme parameters: capacity in percent (0: none) and bucketing. */
static stc_status stc_moe_scheme_parse(const char *s, unsigned *cap_pct, bool *bucket, char *err,
                                       size_t errlen)
{
    *cap_pct = 0;
    *bucket = false;
    if (s && strcmp(s, "group") == 0)
        return STC_OK;
    if (s && strcmp(s, "bucket") == 0) {
        *bucket = true;
        return STC_OK;
    }
    if (s && strncmp(s, "cap", 3) == 0 && s[3] >= '1' && s[3] <= '9') {
        char *end = NULL;
        unsigned long pct = strtoul(s + 3, &end, 10);
        if (*end == '\0' && pct >= 100 && pct <= 400) {
            *cap_pct = (unsigned)pct;
            return STC_OK;
        }
    }
    stc_errf(err, errlen, "unknown scheme '%s' (one of: %s; capPPP takes PPP = 100..400)",
             s ? s : "(none)", stc_moe_schemes);
    return STC_EPARAM;
}

/* The commands of expert e with `rows` routed rows kept: chunks of at most
 * M_MAX rows, each of M = its rows (group), the next bucket (bucket) or
 * the capacity (which is one chunk when capacity <= M_MAX). */
static stc_status stc_moe_expert_cmds(stc_moe_plan *p, unsigned *cap, unsigned e, unsigned rows,
                                      unsigned cap_rows, bool bucket)
{
    stc_status st = STC_OK;
    unsigned total = cap_rows ? cap_rows : rows;
    for (unsigned done = 0, chunk = 0; done < total && st == STC_OK; chunk++) {
        unsigned m = total - done < STC_VEC_M_MAX ? total - done : STC_VEC_M_MAX;
        unsigned useful = rows > done ? (rows - done < m ? rows - done : m) : 0;
        if (bucket)
            m = stc_moe_bucket(m);
        stc_moe_cmd c = {e, chunk, m, useful, done};
        st = stc_moe_add(p, cap, c);
        done += cap_rows ? m : (useful ? useful : m);
    }
    return st;
}

stc_status stc_moe_plan_make(const stc_moe_opts *o, const stc_moe_routing *r, const char *scheme,
                             stc_moe_plan *p, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    unsigned cap_pct = 0;
    bool bucket = false;
    stc_status st = stc_moe_scheme_parse(scheme, &cap_pct, &bucket, err, errlen);
    if (st != STC_OK)
        return st;
    /* C = ceil(cap_pct/100 * T*k/E), in integers. */
    uint64_t slots = (uint64_t)o->tokens * o->topk;
    unsigned cap_rows =
        cap_pct ? (unsigned)((slots * cap_pct + 100ull * o->experts - 1) / (100ull * o->experts))
                : 0;
    if (cap_pct && cap_rows > STC_VEC_M_MAX) {
        stc_errf(err, errlen, "capacity %u rows exceeds the tile's M_MAX %d", cap_rows,
                 STC_VEC_M_MAX);
        return STC_EPARAM;
    }
    p->dropped = calloc(r->experts, sizeof *p->dropped);
    if (!p->dropped)
        return STC_ENOMEM;
    unsigned cap = 0;
    for (unsigned e = 0; e < r->experts && st == STC_OK; e++) {
        unsigned rows = r->load[e];
        if (cap_pct && rows > cap_rows) {
            p->dropped[e] = rows - cap_rows;
            rows = cap_rows;
        }
        st = stc_moe_expert_cmds(p, &cap, e, rows, cap_rows, bucket);
    }
    if (st != STC_OK)
        stc_moe_plan_free(p);
    return st;
}

void stc_moe_plan_free(stc_moe_plan *p)
{
    free(p->cmd);
    free(p->dropped);
    memset(p, 0, sizeof *p);
}

/* ---- command vectors --------------------------------------------------------- */

stc_status stc_moe_vector(const stc_moe_opts *o, const stc_moe_routing *r, const stc_moe_cmd *c,
                          stc_vec *v, char *err, size_t errlen)
{
    memset(v, 0, sizeof *v);
    snprintf(v->cls, sizeof v->cls, "moe");
    v->seed = o->seed;
    v->n = o->n;
    v->m = c->m;
    v->k = o->d;
    if (o->n < STC_VEC_N_MIN || o->n > STC_VEC_N_MAX || o->n % 2 || o->d == 0 || o->d % o->n ||
        o->d / o->n > STC_VEC_NBLK_MAX || c->m < 1 || c->m > STC_VEC_M_MAX) {
        stc_errf(err, errlen,
                 "n %u, d %u, m %u: the tile takes an even n in %d..%d, d a multiple of n of at "
                 "most %d blocks, m in 1..%d",
                 o->n, o->d, c->m, STC_VEC_N_MIN, STC_VEC_N_MAX, STC_VEC_NBLK_MAX, STC_VEC_M_MAX);
        return STC_EPARAM;
    }
    stc_status st = stc_vec_alloc(v);
    if (st != STC_OK)
        return st;
    stc_rng rng;
    for (unsigned i = 0; i < c->useful; i++) {
        uint32_t t = r->tok[r->first[c->expert] + c->tok0 + i];
        stc_moe_rng(&rng, o->seed, STC_MOE_RNG_TOKEN, t);
        for (unsigned j = 0; j < v->k; j++)
            v->a[(size_t)i * v->k + j] = stc_rng_i8(&rng);
    }
    memset(v->a + (size_t)c->useful * v->k, 0, (size_t)(v->m - c->useful) * v->k);
    stc_moe_rng(&rng, o->seed, STC_MOE_RNG_EXPERT, c->expert);
    for (size_t i = 0; i < (size_t)v->k * v->n; i++)
        v->w[i] = stc_rng_i8(&rng);
    st = stc_vec_fill_expected(v, err, errlen);
    if (st == STC_OK)
        st = stc_vec_validate(v, err, errlen);
    if (st != STC_OK)
        stc_vec_free(v);
    return st;
}

const char *stc_moe_dist_list(void)
{
    return stc_moe_dists;
}

const char *stc_moe_scheme_list(void)
{
    return stc_moe_schemes;
}
