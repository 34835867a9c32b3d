// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_tile.c - unit tests of the cycle model (cmodel/stc_tile.c) against
 * docs/architecture.md.
 *
 * Expected values are computed here, independently of the model: a plain
 * triple-loop GEMM on the dense W, the closed-form cycle count of section 6,
 * the section 5 timing formulas, and MAC counts derived from the zeros of A
 * and W. A small host (section 10) drives the tile with optional seeded
 * stalls and counts the stall cycles it injects.
 */
#include <criterion/criterion.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stc_tile.h"

/* ---- random numbers (xorshift64*, seeded per test) ----------------------- */

typedef struct trng {
    uint64_t s;
} trng;

static void trng_seed(trng *r, uint64_t seed)
{
    r->s = seed * 0x9E3779B97F4A7C15ull + 0x1234567ull;
    if (r->s == 0)
        r->s = 1;
}

static uint32_t trng_next(trng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return (uint32_t)((r->s * 0x2545F4914F6CDD1Dull) >> 32);
}

static unsigned trng_below(trng *r, unsigned n)
{
    return trng_next(r) % n;
}

/* Random int8, zero with probability pz percent. */
static int8_t trng_i8(trng *r, unsigned pz)
{
    if (trng_below(r, 100) < pz)
        return 0;
    return (int8_t)(uint8_t)trng_next(r);
}

/* ---- one command's operands ---------------------------------------------- */

static const uint8_t legal_codes[6] = {0x4, 0x8, 0xC, 0x9, 0xD, 0xE};

typedef struct job {
    unsigned n;
    bool sparse;
    unsigned m, nblk;
    uint64_t skip; /* as sent on cmd_skip (may have bits >= nblk) */
    bool bias;
    unsigned kd, k;
    int8_t *a;      /* m x k */
    int8_t *wd;     /* dense W, k x n */
    int8_t *wk;     /* stored rows: k x n dense, (k/2) x n 2:4 */
    uint8_t *nib;   /* 2:4: nib[(b * n/2 + g) * n + col] */
    int32_t *biasv; /* m x n */
} job;

typedef struct job_spec {
    unsigned n;
    bool sparse;
    unsigned m, nblk;
    uint64_t skip;
    bool bias;
    unsigned pz_a, pz_w; /* zero probabilities, percent */
    int code;            /* 2:4: -1 random legal code per group, else this code */
    uint64_t seed;
} job_spec;

static bool job_skipped(const job *j, unsigned b)
{
    return ((j->skip >> b) & 1) != 0;
}

/* Dense position (0..3) of kept value h (0 lo, 1 hi) for a nibble. */
static unsigned nib_pos(uint8_t nib, unsigned h)
{
    return h == 0 ? (nib & 3u) : ((nib >> 2) & 3u);
}

static void job_fill_sparse_w(job *j, const job_spec *s, trng *r)
{
    unsigned n = j->n;

    for (unsigned b = 0; b < j->nblk; b++) {
        for (unsigned g = 0; g < n / 2; g++) {
            for (unsigned col = 0; col < n; col++) {
                uint8_t code = s->code >= 0 ? (uint8_t)s->code : legal_codes[trng_below(r, 6)];
                bool zero = job_skipped(j, b);

                j->nib[(b * (n / 2) + g) * n + col] = zero ? 0x4 : code;
                for (unsigned h = 0; h < 2; h++) {
                    int8_t v = zero ? 0 : trng_i8(r, s->pz_w);
                    unsigned krow = b * n + 2 * g + h;
                    unsigned drow = b * 2 * n + 4 * g + nib_pos(code, h);

                    j->wk[krow * n + col] = v;
                    if (!zero)
                        j->wd[drow * n + col] = v;
                }
            }
        }
    }
}

static void job_make(job *j, const job_spec *s)
{
    trng r;
    unsigned n = s->n;

    memset(j, 0, sizeof(*j));
    trng_seed(&r, s->seed);
    j->n = n;
    j->sparse = s->sparse;
    j->m = s->m;
    j->nblk = s->nblk;
    j->skip = s->skip;
    j->bias = s->bias;
    j->kd = s->sparse ? 2 * n : n;
    j->k = j->nblk * j->kd;
    j->a = calloc((size_t)j->m * j->k, 1);
    j->wd = calloc((size_t)j->k * n, 1);
    j->wk = calloc((size_t)j->k * n, 1);
    j->nib = calloc((size_t)j->nblk * n * n, 1);
    j->biasv = calloc((size_t)j->m * n, sizeof(int32_t));
    cr_assert(j->a && j->wd && j->wk && j->nib && j->biasv);
    for (unsigned i = 0; i < j->m * j->k; i++)
        j->a[i] = trng_i8(&r, s->pz_a);
    for (unsigned i = 0; i < j->m * n; i++)
        j->biasv[i] = s->bias ? (int32_t)trng_next(&r) : 0;
    if (s->sparse) {
        job_fill_sparse_w(j, s, &r);
        return;
    }
    for (unsigned kk = 0; kk < j->k; kk++) {
        for (unsigned col = 0; col < n; col++) {
            int8_t v = job_skipped(j, kk / n) ? 0 : trng_i8(&r, s->pz_w);

            j->wd[kk * n + col] = v;
            j->wk[kk * n + col] = v;
        }
    }
}

static void job_free(job *j)
{
    free(j->a);
    free(j->wd);
    free(j->wk);
    free(j->nib);
    free(j->biasv);
}

/* Expected C = A * W (+ bias), a plain triple loop with uint32 wrap. */
static void job_expect(const job *j, int32_t *c)
{
    for (unsigned m = 0; m < j->m; m++) {
        for (unsigned col = 0; col < j->n; col++) {
            uint32_t acc = j->bias ? (uint32_t)j->biasv[m * j->n + col] : 0;

            for (unsigned kk = 0; kk < j->k; kk++)
                acc += (uint32_t)((int32_t)j->a[m * j->k + kk] * j->wd[kk * j->n + col]);
            c[m * j->n + col] = (int32_t)acc;
        }
    }
}

static unsigned job_passes(const job *j)
{
    unsigned p = 0;

    for (unsigned b = 0; b < j->nblk; b++)
        p += !job_skipped(j, b);
    return p;
}

/* Section 6 closed form. */
static unsigned job_cycles(const job *j)
{
    return (j->bias ? j->m : 0) + job_passes(j) * (j->m + 3 * j->n + 1) + j->m;
}

/* MACs that must be done (neither operand zero), from the dense operands. */
static uint32_t job_macs_actual(const job *j)
{
    uint32_t c = 0;

    for (unsigned m = 0; m < j->m; m++)
        for (unsigned kk = 0; kk < j->k; kk++)
            for (unsigned col = 0; col < j->n; col++)
                c += j->a[m * j->k + kk] != 0 && j->wd[kk * j->n + col] != 0;
    return c;
}

/* ---- the host of section 10 ---------------------------------------------- */

enum host_phase { PH_CMD, PH_BIAS, PH_W, PH_A, PH_RES, PH_DONE };

typedef struct drive_opts {
    unsigned stall_pct;  /* chance of withholding valid / ready per cycle */
    uint64_t seed;       /* stall and noise seed */
    bool noise;          /* random valid/data on ports the tile does not accept */
    unsigned max_cycles; /* stop early (0: run to completion) */
    stc_probes *trace;   /* optional: probes of every cycle */
    unsigned trace_cap;
    unsigned *a_cycle; /* optional: cycle of each activation transfer, [pass * m + i] */
} drive_opts;

typedef struct drive_res {
    int32_t *c;      /* m x n results, caller-allocated */
    unsigned cycles; /* cycles driven; the cycle after the last edge */
    unsigned stalls; /* stall cycles injected while the port was ready */
    bool done;       /* all results taken */
    bool err_seen;   /* err_o was 1 in some cycle */
} drive_res;

typedef struct host {
    const job *j;
    enum host_phase ph;
    unsigned i;    /* row / beat within the phase */
    unsigned blk;  /* current block */
    unsigned pass; /* passes done */
} host;

static void host_next_block(host *h, unsigned from)
{
    const job *j = h->j;

    for (h->blk = from; h->blk < j->nblk && job_skipped(j, h->blk); h->blk++)
        ;
    h->i = 0;
    h->ph = h->blk < j->nblk ? PH_W : PH_RES;
}

static void host_fill_noise(stc_inputs *in, trng *r)
{
    in->cmd_valid = trng_below(r, 2);
    in->cmd_m = trng_next(r);
    in->cmd_nblk = trng_next(r);
    in->cmd_skip = trng_next(r);
    in->cmd_mode = trng_below(r, 2);
    in->cmd_bias = trng_below(r, 2);
    in->bias_valid = trng_below(r, 2);
    in->w_valid = trng_below(r, 2);
    in->a_valid = trng_below(r, 2);
    for (unsigned x = 0; x < STC_N_MAX; x++) {
        in->bias_data[x] = (int32_t)trng_next(r);
        in->w_data[x] = (int8_t)trng_next(r);
        in->w_meta[x] = (uint8_t)trng_next(r);
    }
    for (unsigned x = 0; x < 2 * STC_N_MAX; x++)
        in->a_data[x] = (int8_t)trng_next(r);
}

/* Drives the port of the host's current phase; other ports idle (or noise,
 * which the tile must ignore since it is not ready on them). */
static void host_inputs(const host *h, stc_inputs *in, bool stall)
{
    const job *j = h->j;
    unsigned n = j->n;

    switch (h->ph) {
    case PH_CMD:
        in->cmd_valid = true;
        in->cmd_mode = j->sparse;
        in->cmd_m = j->m - 1;
        in->cmd_nblk = j->nblk - 1;
        in->cmd_skip = j->skip;
        in->cmd_bias = j->bias;
        break;
    case PH_BIAS:
        in->bias_valid = !stall;
        memcpy(in->bias_data, &j->biasv[h->i * n], n * sizeof(int32_t));
        break;
    case PH_W:
        in->w_valid = !stall;
        memcpy(in->w_data, &j->wk[(h->blk * n + h->i) * n], n);
        if (j->sparse && (h->i & 1) == 0)
            memcpy(in->w_meta, &j->nib[(h->blk * (n / 2) + h->i / 2) * n], n);
        break;
    case PH_A:
        in->a_valid = !stall;
        memcpy(in->a_data, &j->a[h->i * j->k + h->blk * j->kd], j->kd);
        break;
    case PH_RES:
        in->res_ready = !stall;
        break;
    default:
        break;
    }
}

/* Whether the current phase's port transfers, and whether the host's
 * stall made it a stall cycle. */
static bool host_xfer(const host *h, const stc_outputs *o, const stc_inputs *in, bool *stalled)
{
    *stalled = false;
    switch (h->ph) {
    case PH_CMD:
        return o->cmd_ready && in->cmd_valid;
    case PH_BIAS:
        *stalled = o->bias_ready && !in->bias_valid;
        return o->bias_ready && in->bias_valid;
    case PH_W:
        *stalled = o->w_ready && !in->w_valid;
        return o->w_ready && in->w_valid;
    case PH_A:
        *stalled = o->a_ready && !in->a_valid;
        return o->a_ready && in->a_valid;
    case PH_RES:
        *stalled = o->res_valid && !in->res_ready;
        return o->res_valid && in->res_ready;
    default:
        return false;
    }
}

static void host_advance(host *h, const stc_outputs *o, drive_res *res, const drive_opts *op,
                         unsigned cycle)
{
    const job *j = h->j;

    switch (h->ph) {
    case PH_CMD:
        h->i = 0;
        if (j->bias)
            h->ph = PH_BIAS;
        else
            host_next_block(h, 0);
        break;
    case PH_BIAS:
        if (++h->i == j->m)
            host_next_block(h, 0);
        break;
    case PH_W:
        if (++h->i == j->n) {
            h->i = 0;
            h->ph = PH_A;
        }
        break;
    case PH_A:
        if (op->a_cycle != NULL)
            op->a_cycle[h->pass * j->m + h->i] = cycle;
        if (++h->i == j->m) {
            h->pass++;
            host_next_block(h, h->blk + 1);
        }
        break;
    case PH_RES:
        memcpy(&res->c[h->i * j->n], o->res_data, j->n * sizeof(int32_t));
        if (++h->i == j->m)
            h->ph = PH_DONE;
        break;
    default:
        break;
    }
}

/* One host driving one tile, a cycle at a time (so two can interleave). */
typedef struct drive_ctx {
    stc_tile *t;
    host h;
    trng r;
    unsigned cycle;
    const drive_opts *op;
    drive_res *res;
} drive_ctx;

static void drive_begin(drive_ctx *d, stc_tile *t, const job *j, const drive_opts *op,
                        drive_res *res)
{
    memset(d, 0, sizeof(*d));
    d->t = t;
    d->h.j = j;
    d->h.ph = PH_CMD;
    d->op = op;
    d->res = res;
    trng_seed(&d->r, op->seed + 77);
    res->stalls = 0;
    res->err_seen = false;
    res->done = false;
}

/* One cycle: outputs, host inputs, edge. False when finished. */
static bool drive_cycle(drive_ctx *d)
{
    const drive_opts *op = d->op;
    stc_outputs o;
    stc_inputs in;
    bool stall, stalled, x;

    if (d->h.ph == PH_DONE || (op->max_cycles != 0 && d->cycle >= op->max_cycles))
        return false;
    cr_assert_lt(d->cycle, 1000000u, "tile hangs");
    stall = op->stall_pct != 0 && trng_below(&d->r, 100) < op->stall_pct;
    stc_tile_eval(d->t, &o);
    d->res->err_seen |= o.err;
    if (op->trace != NULL && d->cycle < op->trace_cap)
        stc_tile_probe(d->t, &op->trace[d->cycle]);
    memset(&in, 0, sizeof(in));
    if (op->noise)
        host_fill_noise(&in, &d->r);
    in.cmd_valid = false;
    in.bias_valid = in.w_valid = in.a_valid = false;
    in.res_ready = op->noise ? trng_below(&d->r, 2) : false;
    host_inputs(&d->h, &in, stall);
    in.rst_n = true;
    x = host_xfer(&d->h, &o, &in, &stalled);
    d->res->stalls += stalled;
    stc_tile_step(d->t, &in);
    if (x)
        host_advance(&d->h, &o, d->res, op, d->cycle);
    d->cycle++;
    return true;
}

static void drive_end(drive_ctx *d)
{
    const drive_opts *op = d->op;

    if (op->trace != NULL && d->cycle < op->trace_cap)
        stc_tile_probe(d->t, &op->trace[d->cycle]);
    d->res->cycles = d->cycle;
    d->res->done = d->h.ph == PH_DONE;
}

/* Runs one command through the tile (already out of reset, in IDLE). */
static void drive(stc_tile *t, const job *j, const drive_opts *op, drive_res *res)
{
    drive_ctx d;

    drive_begin(&d, t, j, op, res);
    while (drive_cycle(&d))
        ;
    drive_end(&d);
}

static stc_tile *tile_new(unsigned n, unsigned m_max, unsigned kb_max)
{
    stc_params p = {.n = n, .m_max = m_max, .kb_max = kb_max};
    stc_tile *t = NULL;

    cr_assert_eq(stc_tile_create(&p, &t), STC_OK);
    cr_assert_not_null(t);
    return t;
}

static void step_idle(stc_tile *t, bool rst_n)
{
    stc_inputs in;

    memset(&in, 0, sizeof(in));
    in.rst_n = rst_n;
    stc_tile_step(t, &in);
}

static void assert_results(const job *j, const int32_t *got)
{
    int32_t *exp = calloc((size_t)j->m * j->n, sizeof(int32_t));

    cr_assert_not_null(exp);
    job_expect(j, exp);
    for (unsigned m = 0; m < j->m; m++)
        for (unsigned col = 0; col < j->n; col++)
            cr_assert_eq(got[m * j->n + col], exp[m * j->n + col],
                         "C[%u][%u] = %d, expected %d (n=%u sparse=%d m=%u nblk=%u)", m, col,
                         got[m * j->n + col], exp[m * j->n + col], j->n, j->sparse, j->m, j->nblk);
    free(exp);
}

/* Runs a job on a fresh tile and checks results and counters. */
static void run_checked(const job_spec *s, unsigned stall_pct, bool noise)
{
    job j;
    stc_tile *t = tile_new(s->n, 64, 8);
    drive_opts op = {.stall_pct = stall_pct, .seed = s->seed, .noise = noise};
    drive_res res;
    stc_probes pr;
    unsigned n = s->n;

    job_make(&j, s);
    res.c = calloc((size_t)j.m * n, sizeof(int32_t));
    cr_assert_not_null(res.c);
    drive(t, &j, &op, &res);
    cr_assert(res.done);
    assert_results(&j, res.c);

    stc_tile_probe(t, &pr);
    unsigned passes = job_passes(&j);
    unsigned nskip = j.nblk - passes;
    uint32_t alg = j.nblk * j.m * j.kd * n;
    uint32_t skipped = nskip * j.m * j.kd * n + (j.sparse ? passes * j.m * n * n : 0);
    uint32_t actual = job_macs_actual(&j);

    cr_assert_eq(pr.state, STC_ST_IDLE);
    cr_assert_eq(pr.cnt[STC_CNT_CYCLES], job_cycles(&j) + res.stalls, "cycles %u, expected %u+%u",
                 pr.cnt[STC_CNT_CYCLES], job_cycles(&j), res.stalls);
    cr_assert_eq(pr.cnt[STC_CNT_STALL_CYCLES], res.stalls);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_ALG], alg);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_SKIPPED], skipped);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_ACTUAL], actual);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_GATED], passes * j.m * n * n - actual);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_ALG], pr.cnt[STC_CNT_MACS_ACTUAL] +
                                               pr.cnt[STC_CNT_MACS_GATED] +
                                               pr.cnt[STC_CNT_MACS_SKIPPED]);
    cr_assert_eq(pr.cnt[STC_CNT_W_BYTES], passes * n * n);
    cr_assert_eq(pr.cnt[STC_CNT_META_BYTES], j.sparse ? passes * (n / 2) * (n / 2) : 0);
    cr_assert_eq(pr.cnt[STC_CNT_A_BYTES], passes * j.m * j.kd);
    cr_assert_not(pr.err);
    cr_assert_not(res.err_seen);

    free(res.c);
    job_free(&j);
    stc_tile_destroy(t);
}

/* ---- parameters ------------------------------------------------------------ */

Test(tile_params, rejects_bad)
{
    static const stc_params bad[] = {
        {3, 64, 8},   {5, 64, 8}, {2, 64, 8},     {18, 64, 8},   {0, 64, 8}, {4, 48, 8},
        {8, 4, 8},    {16, 8, 8}, {4, 131072, 8}, {4, 0, 8},     {4, 64, 1}, {4, 64, 3},
        {4, 64, 128}, {4, 64, 0}, {4, 64, 12},    {16, 100, 64},
    };
    static const stc_params good[] = {
        {4, 4, 2}, {16, 16, 64}, {16, 1024, 64}, {16, 65536, 64}, {6, 8, 4}, {14, 16, 32},
    };

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        stc_tile *t = (stc_tile *)&i;

        cr_assert_eq(stc_params_check(&bad[i]), STC_EPARAM, "bad[%zu] accepted", i);
        cr_assert_eq(stc_tile_create(&bad[i], &t), STC_EPARAM);
        cr_assert_null(t);
    }
    for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
        cr_assert_eq(stc_params_check(&good[i]), STC_OK, "good[%zu] rejected", i);
    cr_assert_eq(stc_params_check(NULL), STC_EPARAM);
}

Test(tile_params, create_reset_state)
{
    stc_tile *t = tile_new(16, 1024, 64);
    stc_outputs o;

    cr_assert_eq(stc_tile_params(t)->n, 16);
    cr_assert_eq(stc_tile_params(t)->m_max, 1024);
    stc_tile_eval(t, &o);
    cr_assert(o.cmd_ready);
    cr_assert_not(o.busy || o.bias_ready || o.w_ready || o.a_ready || o.res_valid || o.err);
    stc_tile_destroy(t);
    stc_tile_destroy(NULL);
}

/* ---- the waveform of section 5 --------------------------------------------- */

Test(tile_timing, doc_waveform)
{
    /* N = 4, M = 2, one block, no bias, no stalls, command in cycle 0. */
    static const uint8_t st[19] = {0, 2, 2, 2, 2, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 0};
    static const uint8_t beat[19] = {0, 0, 1, 2, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0};
    static const uint8_t cyc[19] = {0, 0,  1,  2,  3,  4,  5,  6,  7, 8,
                                    9, 10, 11, 12, 13, 14, 15, 16, 17};
    job_spec s = {.n = 4, .m = 2, .nblk = 1, .pz_a = 0, .pz_w = 0, .code = -1, .seed = 5};
    job j;
    stc_probes tr[24];
    unsigned acyc[2];
    drive_opts op = {.trace = tr, .trace_cap = 24, .a_cycle = acyc};
    drive_res res;
    stc_tile *t = tile_new(4, 16, 4);

    job_make(&j, &s);
    res.c = calloc(8, sizeof(int32_t));
    drive(t, &j, &op, &res);
    cr_assert_eq(res.cycles, 18);
    cr_assert_eq(acyc[0], 5);
    cr_assert_eq(acyc[1], 6);
    for (unsigned c = 0; c <= 18; c++) {
        cr_assert_eq(tr[c].state, st[c], "cycle %u state %u", c, tr[c].state);
        cr_assert_eq(tr[c].beat, beat[c], "cycle %u beat %u", c, tr[c].beat);
        cr_assert_eq(tr[c].cnt[STC_CNT_CYCLES], cyc[c], "cycle %u cycles %u", c,
                     tr[c].cnt[STC_CNT_CYCLES]);
        cr_assert_eq(tr[c].bot_v[0], c == 11 || c == 12, "cycle %u bot_v[0]", c);
        cr_assert_eq(tr[c].bot_v[3], c == 14 || c == 15, "cycle %u bot_v[3]", c);
        cr_assert_eq(tr[c].pe_v[0][0], c == 6 || c == 7, "cycle %u v[0][0]", c);
        cr_assert_eq(tr[c].pe_v[3][3], c == 12 || c == 13, "cycle %u v[3][3]", c);
    }
    cr_assert_eq(tr[15].acc_row[3], 1);
    cr_assert(tr[15].acc_we[3]);
    assert_results(&j, res.c);
    free(res.c);
    job_free(&j);
    stc_tile_destroy(t);
}

/* Section 5 timing of every beat at every PE, optionally with stalls: the
 * beat transferred at the end of cycle t is in act_q[r][n] during
 * t+1+r+n, its product in prod_q during t+2+r+n, and the column sum at the
 * bottom (bot_v, psum_q[N-1][n], acc write of row i) during t+2+N+n. */
static void check_beat_timing(const job *j, const stc_probes *tr, unsigned ntr,
                              const unsigned *acyc)
{
    unsigned n = j->n, pass = 0;

    for (unsigned b = 0; b < j->nblk; b++) {
        if (job_skipped(j, b))
            continue;
        for (unsigned i = 0; i < j->m; i++) {
            unsigned t0 = acyc[pass * j->m + i];
            const int8_t *arow = &j->a[i * j->k + b * j->kd];

            for (unsigned r = 0; r < n; r++) {
                for (unsigned col = 0; col < n; col++) {
                    unsigned c = t0 + 1 + r + col;
                    uint32_t lane = 0;

                    cr_assert_lt(c + 1, ntr);
                    for (unsigned s = 0; s < 4; s++) {
                        int8_t v = j->sparse ? arow[4 * (r / 2) + s] : (s == 0 ? arow[r] : 0);

                        lane |= (uint32_t)(uint8_t)v << (8 * s);
                    }
                    cr_assert(tr[c].pe_v[r][col], "beat %u r %u n %u cycle %u", i, r, col, c);
                    cr_assert_eq(tr[c].pe_act[r][col], lane, "beat %u r %u n %u", i, r, col);
                    if (tr[c].pe_en[r][col]) {
                        int8_t sel = (int8_t)(lane >> (8 * tr[c].pe_idx[r][col]));

                        cr_assert_eq(tr[c + 1].pe_prod[r][col], tr[c].pe_w[r][col] * sel);
                    }
                }
            }
            for (unsigned col = 0; col < n; col++) {
                unsigned c = t0 + 2 + n + col;
                uint32_t sum = 0;

                for (unsigned kk = 0; kk < j->kd; kk++)
                    sum += (uint32_t)(arow[kk] * j->wd[(b * j->kd + kk) * n + col]);
                cr_assert_lt(c, ntr);
                cr_assert(tr[c].bot_v[col], "bottom beat %u n %u cycle %u", i, col, c);
                cr_assert(tr[c].acc_we[col]);
                cr_assert_eq(tr[c].acc_row[col], i);
                cr_assert_eq((uint32_t)tr[c].pe_psum[n - 1][col], sum);
                cr_assert_not(tr[c - 1].bot_v[col] && tr[c - 1].acc_row[col] == i);
            }
        }
        pass++;
    }
}

static void timing_case(unsigned n, bool sparse, unsigned m, unsigned nblk, uint64_t skip,
                        unsigned stall)
{
    job_spec s = {.n = n,
                  .sparse = sparse,
                  .m = m,
                  .nblk = nblk,
                  .skip = skip,
                  .pz_a = 20,
                  .pz_w = 20,
                  .code = -1,
                  .seed = 100 + n + m + stall};
    job j;
    unsigned cap = 4000;
    stc_probes *tr = calloc(cap, sizeof(*tr));
    unsigned *acyc = calloc((size_t)m * nblk, sizeof(unsigned));
    drive_opts op = {
        .stall_pct = stall, .seed = s.seed, .trace = tr, .trace_cap = cap, .a_cycle = acyc};
    drive_res res;
    stc_tile *t = tile_new(n, 64, 8);

    cr_assert(tr && acyc);
    job_make(&j, &s);
    res.c = calloc((size_t)m * n, sizeof(int32_t));
    drive(t, &j, &op, &res);
    cr_assert(res.done);
    cr_assert_lt(res.cycles, cap);
    check_beat_timing(&j, tr, res.cycles + 1, acyc);
    assert_results(&j, res.c);
    free(res.c);
    free(tr);
    free(acyc);
    job_free(&j);
    stc_tile_destroy(t);
}

Test(tile_timing, beats_dense_n4)
{
    timing_case(4, false, 5, 2, 0, 0);
}

Test(tile_timing, beats_sparse_n8_stalls)
{
    timing_case(8, true, 7, 3, 0x2, 35);
}

Test(tile_timing, beats_dense_n16_stalls)
{
    timing_case(16, false, 20, 2, 0, 25);
}

/* ---- results and counters -------------------------------------------------- */

Test(tile_gemm, dense_n4)
{
    static const unsigned ms[] = {1, 2, 3, 7, 16, 33};

    for (size_t i = 0; i < sizeof(ms) / sizeof(ms[0]); i++) {
        for (unsigned nblk = 1; nblk <= 3; nblk++) {
            job_spec s = {.n = 4,
                          .m = ms[i],
                          .nblk = nblk,
                          .bias = (i & 1) != 0,
                          .pz_a = 10,
                          .pz_w = 30,
                          .code = -1,
                          .seed = 1000 + i * 10 + nblk};
            run_checked(&s, 0, false);
        }
    }
}

Test(tile_gemm, dense_n16)
{
    static const unsigned ms[] = {1, 5, 16, 40};

    for (size_t i = 0; i < sizeof(ms) / sizeof(ms[0]); i++) {
        for (unsigned nblk = 1; nblk <= 3; nblk++) {
            job_spec s = {.n = 16,
                          .m = ms[i],
                          .nblk = nblk,
                          .bias = nblk == 2,
                          .pz_a = 10,
                          .pz_w = 30,
                          .code = -1,
                          .seed = 2000 + i * 10 + nblk};
            run_checked(&s, 0, false);
        }
    }
}

Test(tile_gemm, sparse_n4)
{
    static const unsigned ms[] = {1, 2, 9, 33};

    for (size_t i = 0; i < sizeof(ms) / sizeof(ms[0]); i++) {
        for (unsigned nblk = 1; nblk <= 3; nblk++) {
            job_spec s = {.n = 4,
                          .sparse = true,
                          .m = ms[i],
                          .nblk = nblk,
                          .bias = (i & 1) == 0,
                          .pz_a = 15,
                          .pz_w = 25,
                          .code = -1,
                          .seed = 3000 + i * 10 + nblk};
            run_checked(&s, 0, false);
        }
    }
}

Test(tile_gemm, sparse_n16)
{
    static const unsigned ms[] = {1, 6, 17, 40};

    for (size_t i = 0; i < sizeof(ms) / sizeof(ms[0]); i++) {
        for (unsigned nblk = 1; nblk <= 2; nblk++) {
            job_spec s = {.n = 16,
                          .sparse = true,
                          .m = ms[i],
                          .nblk = nblk,
                          .bias = nblk == 1,
                          .pz_a = 15,
                          .pz_w = 25,
                          .code = -1,
                          .seed = 4000 + i * 10 + nblk};
            run_checked(&s, 0, false);
        }
    }
}

Test(tile_gemm, other_sizes)
{
    static const unsigned ns[] = {6, 8, 10, 12, 14};

    for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++) {
        job_spec d = {.n = ns[i],
                      .m = 5,
                      .nblk = 2,
                      .bias = true,
                      .pz_a = 10,
                      .pz_w = 10,
                      .code = -1,
                      .seed = 4500 + i};
        job_spec s = {.n = ns[i],
                      .sparse = true,
                      .m = 4,
                      .nblk = 2,
                      .pz_a = 10,
                      .pz_w = 10,
                      .code = -1,
                      .seed = 4600 + i};
        run_checked(&d, 0, false);
        run_checked(&s, 0, false);
    }
}

Test(tile_gemm, stalls_grow_cycles_one_for_one)
{
    static const unsigned pct[] = {10, 40, 80};

    for (size_t i = 0; i < sizeof(pct) / sizeof(pct[0]); i++) {
        job_spec d = {.n = 8,
                      .m = 9,
                      .nblk = 3,
                      .skip = 0x2,
                      .bias = true,
                      .pz_a = 10,
                      .pz_w = 10,
                      .code = -1,
                      .seed = 5000 + i};
        job_spec s = {.n = 16,
                      .sparse = true,
                      .m = 12,
                      .nblk = 2,
                      .bias = true,
                      .pz_a = 10,
                      .pz_w = 10,
                      .code = -1,
                      .seed = 5100 + i};
        run_checked(&d, pct[i], false);
        run_checked(&s, pct[i], false);
    }
}

Test(tile_gemm, ignores_ports_not_ready)
{
    /* Random valid and data on every port the tile is not ready on. */
    job_spec d = {
        .n = 8, .m = 6, .nblk = 2, .bias = true, .pz_a = 10, .pz_w = 10, .code = -1, .seed = 6000};
    job_spec s = {.n = 4,
                  .sparse = true,
                  .m = 6,
                  .nblk = 3,
                  .skip = 0x1,
                  .bias = true,
                  .pz_a = 10,
                  .pz_w = 10,
                  .code = -1,
                  .seed = 6001};

    run_checked(&d, 20, true);
    run_checked(&s, 20, true);
}

/* ---- 2:4 metadata ------------------------------------------------------------ */

Test(tile_meta, six_legal_codes_everywhere)
{
    for (unsigned c = 0; c < 6; c++) {
        job_spec s4 = {.n = 4,
                       .sparse = true,
                       .m = 3,
                       .nblk = 2,
                       .pz_a = 0,
                       .pz_w = 0,
                       .code = legal_codes[c],
                       .seed = 7000 + c};
        job_spec s16 = {.n = 16,
                        .sparse = true,
                        .m = 3,
                        .nblk = 1,
                        .pz_a = 0,
                        .pz_w = 0,
                        .code = legal_codes[c],
                        .seed = 7100 + c};
        run_checked(&s4, 0, false);
        run_checked(&s16, 0, false);
    }
}

/* Single nonzero column at group g of column col, code `code`: exactly one
 * activation lane slot must be picked. */
Test(tile_meta, mux_selects_kept_position)
{
    for (unsigned c = 0; c < 6; c++) {
        for (unsigned g = 0; g < 2; g++) {
            job_spec s = {.n = 4,
                          .sparse = true,
                          .m = 2,
                          .nblk = 1,
                          .pz_a = 0,
                          .pz_w = 100,
                          .code = legal_codes[c],
                          .seed = 7200 + c};
            job j;
            stc_tile *t = tile_new(4, 16, 4);
            drive_opts op = {0};
            drive_res res;
            unsigned col = (c + g) % 4;

            job_make(&j, &s);
            /* lo value 3 at kept row 2g, hi value -2 at kept row 2g+1. */
            j.wk[(2 * g) * 4 + col] = 3;
            j.wk[(2 * g + 1) * 4 + col] = -2;
            j.wd[(4 * g + nib_pos(legal_codes[c], 0)) * 4 + col] = 3;
            j.wd[(4 * g + nib_pos(legal_codes[c], 1)) * 4 + col] = -2;
            res.c = calloc(8, sizeof(int32_t));
            drive(t, &j, &op, &res);
            assert_results(&j, res.c);
            free(res.c);
            job_free(&j);
            stc_tile_destroy(t);
        }
    }
}

/* Re-encodes group g of block b, column col of a 2:4 job with a legal
 * code: the kept values move to the code's positions in the dense W. */
static void job_set_code(job *j, unsigned b, unsigned g, unsigned col, uint8_t code)
{
    unsigned n = j->n;

    j->nib[(b * (n / 2) + g) * n + col] = code;
    for (unsigned p = 0; p < 4; p++)
        j->wd[(b * 2 * n + 4 * g + p) * n + col] = 0;
    for (unsigned h = 0; h < 2; h++)
        j->wd[(b * 2 * n + 4 * g + nib_pos(code, h)) * n + col] =
            j->wk[(b * n + 2 * g + h) * n + col];
}

/* Runs a 2:4 command whose group gbad of column cbad has nibble `code`;
 * returns err_o after the command and checks when err rose. */
static bool run_with_nibble(stc_tile *t, uint8_t code, unsigned gbad, unsigned cbad)
{
    job_spec s = {.n = 8,
                  .sparse = true,
                  .m = 2,
                  .nblk = 2,
                  .pz_a = 0,
                  .pz_w = 0,
                  .code = -1,
                  .seed = 8000 + code};
    job j;
    stc_probes *tr = calloc(400, sizeof(*tr));
    drive_opts op = {.trace = tr, .trace_cap = 400};
    drive_res res;
    stc_outputs o;
    bool legal =
        code == 0x4 || code == 0x8 || code == 0xC || code == 0x9 || code == 0xD || code == 0xE;

    cr_assert_not_null(tr);
    job_make(&j, &s);
    if (legal)
        job_set_code(&j, 1, gbad, cbad, code);
    else
        j.nib[(1 * 4 + gbad) * 8 + cbad] = code;
    res.c = calloc(16, sizeof(int32_t));
    drive(t, &j, &op, &res);
    cr_assert(res.done);
    stc_tile_eval(t, &o);
    cr_assert_eq(o.err, !legal, "code 0x%x", code);
    /* err rises right after the even beat 2*gbad of block 1's load. */
    for (unsigned c = 1; c <= res.cycles; c++) {
        bool loaded = tr[c - 1].state == STC_ST_LOAD && tr[c - 1].blk == 1 &&
                      tr[c - 1].beat == 2 * gbad && tr[c].beat == 2 * gbad + 1;

        if (loaded && !legal) {
            cr_assert_not(tr[c - 1].err);
            cr_assert(tr[c].err);
        }
    }
    if (legal)
        assert_results(&j, res.c);
    free(tr);
    free(res.c);
    job_free(&j);
    return o.err;
}

Test(tile_meta, illegal_codes_set_err)
{
    stc_tile *t = tile_new(8, 64, 8);

    for (unsigned code = 0; code < 16; code++) {
        bool err = run_with_nibble(t, (uint8_t)code, code % 4, (code * 3) % 8);
        bool legal = (code & 3) < (code >> 2);

        cr_assert_eq(err, !legal, "code 0x%x", code);
    }
    stc_tile_destroy(t);
}

Test(tile_meta, err_cleared_by_command_and_reset)
{
    stc_tile *t = tile_new(8, 64, 8);
    stc_outputs o;
    job_spec s = {.n = 8, .m = 2, .nblk = 1, .code = -1, .seed = 8100};
    job j;
    drive_opts op = {0};
    drive_res res;
    drive_ctx d;

    cr_assert(run_with_nibble(t, 0x0, 0, 0));
    /* Sticky in IDLE; the next command transfer clears it. */
    step_idle(t, true);
    stc_tile_eval(t, &o);
    cr_assert(o.err);
    job_make(&j, &s);
    res.c = calloc(16, sizeof(int32_t));
    drive_begin(&d, t, &j, &op, &res);
    cr_assert(drive_cycle(&d));
    stc_tile_eval(t, &o);
    cr_assert(o.busy);
    cr_assert_not(o.err);
    while (drive_cycle(&d))
        ;
    drive_end(&d);
    cr_assert(res.done);
    free(res.c);
    job_free(&j);

    cr_assert(run_with_nibble(t, 0xF, 3, 7));
    stc_tile_eval(t, &o);
    cr_assert(o.err);
    step_idle(t, false);
    stc_tile_eval(t, &o);
    cr_assert_not(o.err);
    stc_tile_destroy(t);
}

/* ---- block skip -------------------------------------------------------------- */

Test(tile_skip, skipped_blocks_cost_nothing)
{
    static const uint64_t skips[] = {0x0, 0x1, 0x5, 0xA, 0x8, 0x6};

    for (size_t i = 0; i < sizeof(skips) / sizeof(skips[0]); i++) {
        job_spec d = {.n = 4,
                      .m = 6,
                      .nblk = 4,
                      .skip = skips[i],
                      .bias = true,
                      .pz_a = 10,
                      .pz_w = 10,
                      .code = -1,
                      .seed = 9000 + i};
        job_spec s = {.n = 16,
                      .sparse = true,
                      .m = 3,
                      .nblk = 4,
                      .skip = skips[i],
                      .pz_a = 10,
                      .pz_w = 10,
                      .code = -1,
                      .seed = 9100 + i};
        run_checked(&d, 0, false);
        run_checked(&s, 0, false);
        run_checked(&s, 30, false);
    }
}

Test(tile_skip, all_blocks_skipped)
{
    job_spec d = {.n = 4, .m = 5, .nblk = 3, .skip = 0x7, .bias = true, .code = -1, .seed = 9200};
    job_spec s = {.n = 8, .sparse = true, .m = 2, .nblk = 2, .skip = 0x3, .code = -1, .seed = 9201};

    run_checked(&d, 0, false); /* 2M cycles, C = bias */
    run_checked(&s, 0, false); /* M cycles, C = 0 */
}

Test(tile_skip, bits_above_nblk_ignored)
{
    /* Bits 2..63 set but nblk = 2: both blocks run. The host sends them
     * too, so the job's skip must not mark them; the job only sees bit 0,1. */
    job_spec d = {
        .n = 4, .m = 4, .nblk = 2, .skip = 0x0, .pz_a = 0, .pz_w = 0, .code = -1, .seed = 9300};
    job j;
    stc_tile *t = tile_new(4, 64, 64);
    drive_opts op = {0};
    drive_res res;
    stc_probes pr;

    job_make(&j, &d);
    j.skip = ~(uint64_t)0 << 2;
    res.c = calloc(16, sizeof(int32_t));
    drive(t, &j, &op, &res);
    cr_assert(res.done);
    assert_results(&j, res.c);
    stc_tile_probe(t, &pr);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_SKIPPED], 0);
    cr_assert_eq(pr.cnt[STC_CNT_CYCLES], 2 * (4 + 13) + 4);
    free(res.c);
    job_free(&j);
    stc_tile_destroy(t);
}

/* ---- gating and counters ----------------------------------------------------- */

/* Probe entries of rows / columns >= n must read 0. */
static void assert_outside_zero(const stc_probes *p, unsigned n)
{
    for (unsigned r = 0; r < STC_N_MAX; r++) {
        for (unsigned c = 0; c < STC_N_MAX; c++) {
            if (r < n && c < n)
                continue;
            cr_assert_not(p->pe_v[r][c] || p->pe_en[r][c] || p->pe_en_q[r][c] || p->pe_pv[r][c]);
            cr_assert(p->pe_w[r][c] == 0 && p->pe_idx[r][c] == 0 && p->pe_act[r][c] == 0 &&
                          p->pe_prod[r][c] == 0 && p->pe_psum[r][c] == 0,
                      "pe %u,%u", r, c);
        }
        if (r >= n)
            cr_assert(!p->bot_v[r] && !p->acc_we[r] && p->acc_row[r] == 0 && p->acc_wdata[r] == 0);
    }
}

/* Every cycle: en is v && w != 0 && sel != 0; prod loads w*sel only when en;
 * en_q, pv and psum follow section 5; MAC counters add popcounts. */
static void check_gating_trace(const stc_probes *tr, unsigned ncyc, unsigned n)
{
    for (unsigned c = 0; c + 1 < ncyc; c++) {
        const stc_probes *p = &tr[c], *q = &tr[c + 1];
        uint32_t ne = 0, ng = 0;

        assert_outside_zero(p, n);
        for (unsigned r = 0; r < n; r++) {
            for (unsigned col = 0; col < n; col++) {
                int8_t sel = (int8_t)(p->pe_act[r][col] >> (8 * p->pe_idx[r][col]));
                bool en = p->pe_v[r][col] && p->pe_w[r][col] != 0 && sel != 0;
                uint32_t above = r == 0 ? 0 : (uint32_t)p->pe_psum[r - 1][col];

                cr_assert_eq(p->pe_en[r][col], en, "cycle %u pe %u,%u", c, r, col);
                cr_assert_eq(q->pe_prod[r][col], en ? p->pe_w[r][col] * sel : p->pe_prod[r][col]);
                cr_assert_eq(q->pe_en_q[r][col], en);
                cr_assert_eq(q->pe_pv[r][col], p->pe_v[r][col]);
                cr_assert_eq((uint32_t)q->pe_psum[r][col],
                             above + (p->pe_en_q[r][col] ? (uint32_t)p->pe_prod[r][col] : 0));
                ne += en;
                ng += p->pe_v[r][col] && !en;
            }
        }
        for (unsigned col = 0; col < n; col++)
            cr_assert_eq(q->bot_v[col], p->pe_pv[n - 1][col]);
        if (p->state != STC_ST_IDLE) {
            cr_assert_eq(q->cnt[STC_CNT_MACS_ACTUAL] - p->cnt[STC_CNT_MACS_ACTUAL], ne);
            cr_assert_eq(q->cnt[STC_CNT_MACS_GATED] - p->cnt[STC_CNT_MACS_GATED], ng);
        }
    }
}

Test(tile_gating, per_cycle_rules)
{
    static const bool sp[] = {false, true};

    for (unsigned i = 0; i < 2; i++) {
        job_spec s = {.n = 8,
                      .sparse = sp[i],
                      .m = 6,
                      .nblk = 2,
                      .pz_a = 30,
                      .pz_w = 30,
                      .code = -1,
                      .seed = 10000 + i};
        job j;
        unsigned cap = 600;
        stc_probes *tr = calloc(cap, sizeof(*tr));
        drive_opts op = {.stall_pct = 20, .seed = 3, .trace = tr, .trace_cap = cap};
        drive_res res;
        stc_tile *t = tile_new(8, 64, 8);

        cr_assert_not_null(tr);
        job_make(&j, &s);
        res.c = calloc(48, sizeof(int32_t));
        drive(t, &j, &op, &res);
        cr_assert(res.done);
        check_gating_trace(tr, res.cycles + 1, 8);
        assert_results(&j, res.c);
        free(res.c);
        free(tr);
        job_free(&j);
        stc_tile_destroy(t);
    }
}

Test(tile_gating, hand_counts)
{
    /* N = 4 dense, M = 3, one block. W: 5 zeros of 16. A all nonzero except
     * A[1][2] = 0 (gates the 4 PEs of row 2 for beat 1: 3 of them have a
     * nonzero weight since W row 2 has one zero). */
    static const int8_t w[16] = {1, 0, 2, 3, 0, 4, 5, 0, 6, 7, 0, 8, 9, 1, 2, 0};
    job_spec s = {.n = 4, .m = 3, .nblk = 1, .code = -1, .seed = 11000};
    job j;
    stc_tile *t = tile_new(4, 16, 4);
    drive_opts op = {0};
    drive_res res;
    stc_probes pr;

    job_make(&j, &s);
    memcpy(j.wd, w, 16);
    memcpy(j.wk, w, 16);
    for (unsigned i = 0; i < 12; i++)
        j.a[i] = (int8_t)(i + 1);
    j.a[1 * 4 + 2] = 0;
    res.c = calloc(12, sizeof(int32_t));
    drive(t, &j, &op, &res);
    assert_results(&j, res.c);
    stc_tile_probe(t, &pr);
    /* 3 beats x 11 nonzero weights = 33, minus 3 for A[1][2]. */
    cr_assert_eq(pr.cnt[STC_CNT_MACS_ACTUAL], 30);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_GATED], 18);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_SKIPPED], 0);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_ALG], 48);
    cr_assert_eq(pr.cnt[STC_CNT_W_BYTES], 16);
    cr_assert_eq(pr.cnt[STC_CNT_A_BYTES], 12);
    cr_assert_eq(pr.cnt[STC_CNT_META_BYTES], 0);
    free(res.c);
    job_free(&j);
    stc_tile_destroy(t);
}

Test(tile_gating, hand_counts_sparse)
{
    /* N = 4, 2:4, M = 2, nblk = 2, block 0 skipped. All kept values of block
     * 1 are 1 except two explicit zeros; A all 1. Loaded PEs: 16 per beat,
     * 14 with a nonzero weight. */
    job_spec s = {.n = 4,
                  .sparse = true,
                  .m = 2,
                  .nblk = 2,
                  .skip = 0x1,
                  .pz_a = 0,
                  .pz_w = 0,
                  .code = 0x4,
                  .seed = 11100};
    job j;
    stc_tile *t = tile_new(4, 16, 4);
    drive_opts op = {0};
    drive_res res;
    stc_probes pr;

    job_make(&j, &s);
    memset(j.a, 1, (size_t)j.m * j.k);
    memset(j.wd, 0, (size_t)j.k * 4);
    for (unsigned r = 0; r < 4; r++) {
        for (unsigned col = 0; col < 4; col++) {
            int8_t v = (r == 1 && col == 2) || (r == 2 && col == 0) ? 0 : 1;

            j.wk[(4 + r) * 4 + col] = v; /* block 1, kept row r */
            j.wd[(8 + 4 * (r / 2) + (r & 1)) * 4 + col] = v;
        }
    }
    res.c = calloc(8, sizeof(int32_t));
    drive(t, &j, &op, &res);
    assert_results(&j, res.c);
    stc_tile_probe(t, &pr);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_ALG], 2 * 2 * 8 * 4);                  /* 128 */
    cr_assert_eq(pr.cnt[STC_CNT_MACS_SKIPPED], 1 * 2 * 8 * 4 + 1 * 2 * 16); /* 64 + 32 */
    cr_assert_eq(pr.cnt[STC_CNT_MACS_ACTUAL], 2 * 14);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_GATED], 2 * 2);
    cr_assert_eq(pr.cnt[STC_CNT_META_BYTES], 2 * 2);
    cr_assert_eq(pr.cnt[STC_CNT_A_BYTES], 2 * 8);
    cr_assert_eq(pr.cnt[STC_CNT_CYCLES], 1 * (2 + 13) + 2);
    free(res.c);
    job_free(&j);
    stc_tile_destroy(t);
}

/* ---- wrap, reset, instances ------------------------------------------------- */

Test(tile_acc, wraps_like_uint32)
{
    job_spec s = {
        .n = 4, .m = 3, .nblk = 2, .bias = true, .pz_a = 0, .pz_w = 0, .code = -1, .seed = 12000};
    job j;
    stc_tile *t = tile_new(4, 16, 4);
    drive_opts op = {0};
    drive_res res;

    job_make(&j, &s);
    for (unsigned i = 0; i < j.m * j.k; i++)
        j.a[i] = 127;
    for (unsigned i = 0; i < j.k * 4; i++)
        j.wd[i] = j.wk[i] = 127;
    for (unsigned i = 0; i < 12; i++)
        j.biasv[i] = INT32_MAX - (int32_t)i;
    res.c = calloc(12, sizeof(int32_t));
    drive(t, &j, &op, &res);
    assert_results(&j, res.c);
    for (unsigned i = 0; i < 12; i++) {
        uint32_t e = (uint32_t)INT32_MAX - i + 8u * 127u * 127u;

        cr_assert_eq(res.c[i], (int32_t)e);
        cr_assert_lt(res.c[i], 0);
    }
    free(res.c);
    job_free(&j);
    stc_tile_destroy(t);
}

static void assert_probes_zero(const stc_probes *p)
{
    cr_assert_eq(p->state, 0);
    cr_assert_eq(p->blk, 0);
    cr_assert_eq(p->beat, 0);
    cr_assert_not(p->err);
    for (unsigned r = 0; r < STC_N_MAX; r++) {
        for (unsigned c = 0; c < STC_N_MAX; c++) {
            cr_assert_not(p->pe_v[r][c] || p->pe_en[r][c] || p->pe_en_q[r][c] || p->pe_pv[r][c]);
            cr_assert_eq(p->pe_w[r][c], 0);
            cr_assert_eq(p->pe_idx[r][c], 0);
            cr_assert_eq(p->pe_act[r][c], 0);
            cr_assert_eq(p->pe_prod[r][c], 0);
            cr_assert_eq(p->pe_psum[r][c], 0);
        }
        cr_assert_not(p->bot_v[r] || p->acc_we[r]);
        cr_assert_eq(p->acc_row[r], 0);
        cr_assert_eq(p->acc_wdata[r], 0);
    }
    for (unsigned i = 0; i < STC_NUM_COUNTERS; i++)
        cr_assert_eq(p->cnt[i], 0);
}

Test(tile_reset, mid_command_then_correct)
{
    static const unsigned stops[] = {1, 3, 9, 14, 22, 30, 45};

    for (size_t i = 0; i < sizeof(stops) / sizeof(stops[0]); i++) {
        job_spec s = {.n = 4,
                      .sparse = (i & 1) != 0,
                      .m = 5,
                      .nblk = 2,
                      .bias = true,
                      .pz_a = 10,
                      .pz_w = 10,
                      .code = -1,
                      .seed = 13000 + i};
        job j;
        stc_tile *t = tile_new(4, 16, 4);
        drive_opts stop = {.max_cycles = stops[i]};
        drive_opts op = {.stall_pct = 10, .seed = i};
        drive_res res;
        stc_probes pr;
        stc_outputs o;

        job_make(&j, &s);
        res.c = calloc(20, sizeof(int32_t));
        drive(t, &j, &stop, &res);
        cr_assert_not(res.done);
        step_idle(t, false);
        stc_tile_probe(t, &pr);
        assert_probes_zero(&pr);
        stc_tile_eval(t, &o);
        cr_assert(o.cmd_ready && !o.busy && !o.err);
        for (unsigned m = 0; m < 16; m++)
            for (unsigned c = 0; c < 4; c++)
                cr_assert_eq(stc_tile_acc(t, c, m), 0);
        drive(t, &j, &op, &res);
        cr_assert(res.done);
        assert_results(&j, res.c);
        free(res.c);
        job_free(&j);
        stc_tile_destroy(t);
    }
}

Test(tile_reset, idle_after_command_only_weights_and_products_remain)
{
    /* After a command the array holds bubbles: everything but w, idx, prod
     * is back to 0 (the model may skip work on an idle array). */
    job_spec s = {.n = 16,
                  .sparse = true,
                  .m = 4,
                  .nblk = 1,
                  .pz_a = 0,
                  .pz_w = 0,
                  .code = -1,
                  .seed = 14000};
    job j;
    stc_tile *t = tile_new(16, 64, 8);
    drive_opts op = {0};
    drive_res res;
    stc_probes pr;

    job_make(&j, &s);
    res.c = calloc(64, sizeof(int32_t));
    drive(t, &j, &op, &res);
    for (unsigned k = 0; k < 3; k++)
        step_idle(t, true);
    stc_tile_probe(t, &pr);
    for (unsigned r = 0; r < 16; r++) {
        for (unsigned c = 0; c < 16; c++) {
            cr_assert_not(pr.pe_v[r][c] || pr.pe_en[r][c] || pr.pe_en_q[r][c] || pr.pe_pv[r][c]);
            cr_assert_eq(pr.pe_act[r][c], 0);
            cr_assert_eq(pr.pe_psum[r][c], 0);
        }
        cr_assert_not(pr.bot_v[r]);
    }
    /* A second command on the same tile still computes correctly. */
    drive(t, &j, &op, &res);
    assert_results(&j, res.c);
    free(res.c);
    job_free(&j);
    stc_tile_destroy(t);
}

Test(tile_acc, command_clears_whole_bank)
{
    /* A large command, then a small one: rows the small one never writes
     * must read 0 (the bank is cleared at the command transfer). */
    job_spec big = {
        .n = 4, .m = 30, .nblk = 1, .bias = true, .pz_a = 0, .pz_w = 0, .code = -1, .seed = 12100};
    job_spec small = {.n = 4, .m = 3, .nblk = 1, .pz_a = 0, .pz_w = 0, .code = -1, .seed = 12101};
    job jb, js;
    stc_tile *t = tile_new(4, 32, 4);
    drive_opts op = {0};
    drive_res res;

    job_make(&jb, &big);
    job_make(&js, &small);
    res.c = calloc(30 * 4, sizeof(int32_t));
    drive(t, &jb, &op, &res);
    assert_results(&jb, res.c);
    cr_assert_neq(stc_tile_acc(t, 2, 29), 0);
    drive(t, &js, &op, &res);
    assert_results(&js, res.c);
    for (unsigned m = 3; m < 32; m++)
        for (unsigned c = 0; c < 4; c++)
            cr_assert_eq(stc_tile_acc(t, c, m), 0, "acc[%u][%u]", c, m);
    cr_assert_eq(stc_tile_acc(t, 4, 0), 0);
    cr_assert_eq(stc_tile_acc(t, 0, 32), 0);
    free(res.c);
    job_free(&jb);
    job_free(&js);
    stc_tile_destroy(t);
}

Test(tile_instances, two_do_not_interfere)
{
    /* Two tiles of different sizes stepped alternately, cycle by cycle,
     * with different stall patterns; one is reset mid-way and restarted. */
    job_spec sa = {.n = 4,
                   .m = 7,
                   .nblk = 3,
                   .skip = 0x2,
                   .bias = true,
                   .pz_a = 10,
                   .pz_w = 10,
                   .code = -1,
                   .seed = 15000};
    job_spec sb = {.n = 16,
                   .sparse = true,
                   .m = 5,
                   .nblk = 2,
                   .pz_a = 10,
                   .pz_w = 10,
                   .code = -1,
                   .seed = 15001};
    job ja, jb;
    stc_tile *ta = tile_new(4, 16, 4), *tb = tile_new(16, 64, 8);
    drive_opts oa = {.stall_pct = 15, .seed = 1}, ob = {.stall_pct = 30, .seed = 2};
    drive_res ra, rb;
    drive_ctx da, db;
    bool more_a = true, more_b = true;

    job_make(&ja, &sa);
    job_make(&jb, &sb);
    ra.c = calloc(28, sizeof(int32_t));
    rb.c = calloc(80, sizeof(int32_t));
    drive_begin(&db, tb, &jb, &ob, &rb);
    for (unsigned k = 0; k < 25; k++)
        drive_cycle(&db);
    step_idle(tb, false); /* reset b only */
    drive_begin(&da, ta, &ja, &oa, &ra);
    drive_begin(&db, tb, &jb, &ob, &rb);
    while (more_a || more_b) {
        more_a = more_a && drive_cycle(&da);
        more_b = more_b && drive_cycle(&db);
    }
    drive_end(&da);
    drive_end(&db);
    cr_assert(ra.done && rb.done);
    assert_results(&ja, ra.c);
    assert_results(&jb, rb.c);
    stc_tile_destroy(ta);
    stc_tile_destroy(tb);
    free(ra.c);
    free(rb.c);
    job_free(&ja);
    job_free(&jb);
}
