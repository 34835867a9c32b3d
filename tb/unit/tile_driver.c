// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * tile_driver.c - the unit tests' host of the golden model (see
 * tile_driver.h).
 */
#include "tile_driver.h"

#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

const uint8_t td_legal_codes[6] = {0x4, 0x8, 0xC, 0x9, 0xD, 0xE};

/* Far beyond the longest command of any test (M = 1024, 64 blocks). */
#define TD_HANG 20000000u

/* ---- one command's operands ---------------------------------------------- */

static void *td_alloc(size_t count, size_t size)
{
    void *p = calloc(count, size);

    cr_assert_not_null(p);
    return p;
}

/* Uniform over -128..127, without the implementation-defined conversion
 * of an out-of-range value to int8_t. */
static int8_t td_byte(stc_rng *r)
{
    return (int8_t)((int)stc_rng_below(r, 256) - 128);
}

/* Uniform over the int32 range, likewise. */
static int32_t td_word(stc_rng *r)
{
    return (int32_t)((int64_t)(uint32_t)stc_rng_next(r) - INT64_C(0x80000000));
}

/* Random int8, zero with probability pz percent: zeros are what the gating
 * and macs_actual are about. */
static int8_t td_i8(stc_rng *r, unsigned pz)
{
    if (stc_rng_below(r, 100) < pz)
        return 0;
    return td_byte(r);
}

/* The bits of cmd_skip that name blocks. */
static uint64_t td_blocks_mask(unsigned nblk)
{
    return nblk >= 64 ? ~0ull : (1ull << nblk) - 1;
}

bool td_job_skipped(const td_job *j, unsigned b)
{
    return ((j->skip >> b) & 1) != 0;
}

unsigned td_job_passes(const td_job *j)
{
    unsigned p = 0;

    for (unsigned b = 0; b < j->nblk; b++)
        p += !td_job_skipped(j, b);
    return p;
}

void td_set_group(td_job *j, unsigned b, unsigned g, unsigned col, uint8_t nib, int8_t lo,
                  int8_t hi)
{
    unsigned n = j->n;
    size_t kr = (size_t)b * n + 2 * g, r0 = (size_t)b * 2 * n + 4 * g;
    int sum[4] = {0, 0, 0, 0};

    sum[nib & 3] += lo;
    sum[(nib >> 2) & 3] += hi;
    j->nib[((size_t)b * (n / 2) + g) * n + col] = nib;
    j->wk[kr * n + col] = lo;
    j->wk[(kr + 1) * n + col] = hi;
    for (unsigned p = 0; p < 4; p++) {
        cr_assert(sum[p] >= INT8_MIN && sum[p] <= INT8_MAX, "test bug: pick smaller values");
        j->wd[(r0 + p) * n + col] = (int8_t)sum[p];
    }
}

/* Block b of a 2:4 job: a legal nibble and two kept values per group and
 * column; all zero (canonical nibble 0x4) if the block is skipped. */
static void td_fill_sparse_block(td_job *j, const td_spec *s, stc_rng *r, unsigned b)
{
    for (unsigned g = 0; g < j->n / 2; g++) {
        for (unsigned col = 0; col < j->n; col++) {
            uint8_t code;
            int8_t lo, hi;

            if (td_job_skipped(j, b)) {
                td_set_group(j, b, g, col, 0x4, 0, 0);
                continue;
            }
            code = s->code != 0 ? s->code : td_legal_codes[stc_rng_below(r, 6)];
            lo = td_i8(r, s->pz[1]);
            hi = td_i8(r, s->pz[1]);
            td_set_group(j, b, g, col, code, lo, hi);
        }
    }
}

/* Block b of a dense job: the rows sent are the dense W. */
static void td_fill_dense_block(td_job *j, const td_spec *s, stc_rng *r, unsigned b)
{
    size_t first = (size_t)b * j->n * j->n;

    for (size_t i = first; i < first + (size_t)j->n * j->n; i++)
        j->wd[i] = j->wk[i] = td_job_skipped(j, b) ? 0 : td_i8(r, s->pz[1]);
}

void td_job_make(td_job *j, const td_spec *s)
{
    stc_rng r;
    unsigned n = s->n;

    memset(j, 0, sizeof(*j));
    stc_rng_seed(&r, s->seed);
    j->n = n;
    j->sparse = s->sparse;
    j->m = s->m;
    j->nblk = s->nblk;
    j->skip = s->skip;
    j->bias = s->bias;
    j->kd = s->sparse ? 2 * n : n;
    j->k = j->nblk * j->kd;
    j->a = td_alloc((size_t)j->m * j->k, 1);
    j->wd = td_alloc((size_t)j->k * n, 1);
    j->wk = td_alloc((size_t)j->nblk * n * n, 1);
    j->nib = td_alloc((size_t)j->nblk * n * n, 1);
    j->biasv = td_alloc((size_t)j->m * n, sizeof(int32_t));
    for (size_t i = 0; i < (size_t)j->m * j->k; i++)
        j->a[i] = td_i8(&r, s->pz[0]);
    for (size_t i = 0; j->bias && i < (size_t)j->m * n; i++)
        j->biasv[i] = td_word(&r);
    for (unsigned b = 0; b < j->nblk; b++) {
        if (j->sparse)
            td_fill_sparse_block(j, s, &r, b);
        else
            td_fill_dense_block(j, s, &r, b);
    }
}

void td_job_free(td_job *j)
{
    free(j->a);
    free(j->wd);
    free(j->wk);
    free(j->nib);
    free(j->biasv);
}

void td_obs_init(td_obs *ob, const td_job *j)
{
    memset(ob, 0, sizeof(*ob));
    ob->c = td_alloc((size_t)j->m * j->n, sizeof(int32_t));
}

/* ---- the host of section 10 ---------------------------------------------- */

static const td_job *td_job_cur(const td_run *d)
{
    return &d->jobs[d->cur];
}

static td_obs *td_obs_cur(const td_run *d)
{
    return &d->obs[d->cur];
}

/* Random data on every port; valid only where the tile is not ready, as a
 * valid where it is ready would be a transfer. The host's own port is
 * driven over this. */
static void td_fill_noise(stc_inputs *in, const stc_outputs *o, stc_rng *r)
{
    in->cmd_valid = !o->cmd_ready && stc_rng_below(r, 2);
    in->cmd_m = (uint32_t)stc_rng_next(r);
    in->cmd_nblk = (uint32_t)stc_rng_next(r);
    in->cmd_skip = stc_rng_next(r);
    in->cmd_mode = stc_rng_below(r, 2);
    in->cmd_bias = stc_rng_below(r, 2);
    in->bias_valid = !o->bias_ready && stc_rng_below(r, 2);
    in->w_valid = !o->w_ready && stc_rng_below(r, 2);
    in->a_valid = !o->a_ready && stc_rng_below(r, 2);
    in->res_ready = stc_rng_below(r, 2);
    for (unsigned x = 0; x < STC_N_MAX; x++) {
        in->bias_data[x] = td_word(r);
        in->w_data[x] = td_byte(r);
        in->w_meta[x] = (uint8_t)stc_rng_next(r);
    }
    for (unsigned x = 0; x < 2 * STC_N_MAX; x++)
        in->a_data[x] = td_byte(r);
}

static void td_offer_cmd(const td_job *j, bool junk, stc_inputs *in)
{
    in->cmd_valid = true;
    in->cmd_mode = j->sparse;
    in->cmd_m = j->m - 1;
    in->cmd_nblk = j->nblk - 1;
    in->cmd_skip = j->skip | (junk ? ~td_blocks_mask(j->nblk) : 0);
    in->cmd_bias = j->bias;
}

static void td_offer_w(const td_run *d, stc_inputs *in)
{
    const td_job *j = td_job_cur(d);
    unsigned n = j->n;

    if (d->op->junk)
        memset(in->w_meta, 0x0F, sizeof in->w_meta);
    memcpy(in->w_data, &j->wk[((size_t)d->blk * n + d->i) * n], n);
    /* Metadata is sampled on even beats only (section 4). */
    if (j->sparse && d->i % 2 == 0)
        memcpy(in->w_meta, &j->nib[((size_t)d->blk * (n / 2) + d->i / 2) * n], n);
}

static void td_offer_a(const td_run *d, stc_inputs *in)
{
    const td_job *j = td_job_cur(d);

    if (d->op->junk)
        memset(in->a_data, 0x5A, sizeof in->a_data);
    memcpy(in->a_data, &j->a[(size_t)d->i * j->k + (size_t)d->blk * j->kd], j->kd);
}

/* The host's port of the current phase; a stall withholds its valid (or
 * ready, for results). */
static void td_offer(const td_run *d, stc_inputs *in, bool stall)
{
    const td_job *j = td_job_cur(d);

    switch (d->ph) {
    case TD_CMD:
        td_offer_cmd(j, d->op->junk, in);
        break;
    case TD_BIAS:
        in->bias_valid = !stall;
        memcpy(in->bias_data, &j->biasv[(size_t)d->i * j->n], j->n * sizeof(int32_t));
        break;
    case TD_W:
        in->w_valid = !stall;
        td_offer_w(d, in);
        break;
    case TD_A:
        in->a_valid = !stall;
        td_offer_a(d, in);
        break;
    case TD_RES:
        in->res_ready = !stall;
        break;
    }
}

/* Every input of one cycle. */
static void td_inputs(td_run *d, const stc_outputs *o, stc_inputs *in)
{
    const td_opts *op = d->op;
    bool stall = op->stall_pct != 0 && stc_rng_below(&d->r, 100) < op->stall_pct;

    memset(in, 0, sizeof(*in));
    in->rst_n = true;
    in->res_ready = op->junk;
    if (op->noise)
        td_fill_noise(in, o, &d->r);
    td_offer(d, in, stall);
    if (op->hold && d->ph != TD_CMD && d->cur + 1 < d->njobs)
        td_offer_cmd(&d->jobs[d->cur + 1], op->junk, in);
}

/* Whether the current phase's port transfers. */
static bool td_xfer(const td_run *d, const stc_outputs *o, const stc_inputs *in)
{
    switch (d->ph) {
    case TD_CMD:
        return o->cmd_ready && in->cmd_valid;
    case TD_BIAS:
        return o->bias_ready && in->bias_valid;
    case TD_W:
        return o->w_ready && in->w_valid;
    case TD_A:
        return o->a_ready && in->a_valid;
    default:
        return o->res_valid && in->res_ready;
    }
}

/* Whether the tile was ready on the current phase's port (valid, for
 * results) and the host held back. */
static bool td_stalled(const td_run *d, const stc_outputs *o, const stc_inputs *in)
{
    switch (d->ph) {
    case TD_BIAS:
        return o->bias_ready && !in->bias_valid;
    case TD_W:
        return o->w_ready && !in->w_valid;
    case TD_A:
        return o->a_ready && !in->a_valid;
    case TD_RES:
        return o->res_valid && !in->res_ready;
    default:
        return false;
    }
}

/* The first block at or after `from` that is not skipped; results once
 * there is none. */
static void td_next_block(td_run *d, unsigned from)
{
    const td_job *j = td_job_cur(d);
    unsigned b = from;

    while (b < j->nblk && td_job_skipped(j, b))
        b++;
    d->blk = b;
    d->i = 0;
    d->ph = b < j->nblk ? TD_W : TD_RES;
}

static void td_advance_cmd(td_run *d)
{
    td_obs *ob = td_obs_cur(d);

    ob->cmd_cycle = d->cycle;
    d->i = 0;
    d->pass = 0;
    if (td_job_cur(d)->bias)
        d->ph = TD_BIAS;
    else
        td_next_block(d, 0);
}

static void td_advance_res(td_run *d, const stc_outputs *o)
{
    const td_job *j = td_job_cur(d);
    td_obs *ob = td_obs_cur(d);

    memcpy(&ob->c[(size_t)d->i * j->n], o->res_data, j->n * sizeof(int32_t));
    if (++d->i < j->m)
        return;
    ob->done = true;
    d->ended = true;
    d->ph = TD_CMD;
}

/* After a transfer on the current phase's port. */
static void td_advance(td_run *d, const stc_outputs *o)
{
    const td_job *j = td_job_cur(d);
    td_obs *ob = td_obs_cur(d);

    switch (d->ph) {
    case TD_CMD:
        td_advance_cmd(d);
        break;
    case TD_BIAS:
        if (++d->i == j->m)
            td_next_block(d, 0);
        break;
    case TD_W:
        if (++d->i == j->n) {
            d->i = 0;
            d->ph = TD_A;
        }
        break;
    case TD_A:
        if (ob->a_cycle != NULL)
            ob->a_cycle[d->pass * j->m + d->i] = d->cycle;
        if (++d->i == j->m) {
            d->pass++;
            td_next_block(d, d->blk + 1);
        }
        break;
    case TD_RES:
        td_advance_res(d, o);
        break;
    }
}

/* A command is over after its last result: the tile must be IDLE now, and
 * its counters and err_o readable. */
static void td_record_end(td_run *d, const stc_outputs *o)
{
    td_obs *ob = td_obs_cur(d);
    stc_probes pr;

    stc_tile_probe(d->t, &pr);
    cr_assert(o->cmd_ready && !o->busy && pr.state == STC_ST_IDLE,
              "not IDLE in the cycle after the last result (cycle %u, state %u)", d->cycle,
              pr.state);
    ob->idle_cycle = d->cycle;
    ob->err_end = o->err;
    memcpy(ob->cnt, pr.cnt, sizeof ob->cnt);
}

/* Between a command transfer and its last result the tile is busy. */
static void td_watch(const td_run *d, const stc_outputs *o)
{
    td_obs *ob = td_obs_cur(d);

    ob->err_seen |= o->err;
    if (d->ph == TD_CMD)
        return;
    cr_assert(o->busy, "busy_o low in cycle %u, command %u in flight", d->cycle, d->cur);
    if (d->cycle == ob->cmd_cycle + 1)
        ob->err_start = o->err;
    if (o->err && ob->err_rise == TD_NONE)
        ob->err_rise = d->cycle;
}

void td_begin(td_run *d, stc_tile *t, const td_job *jobs, td_obs *obs, unsigned njobs,
              const td_opts *op)
{
    static const td_opts ideal;

    memset(d, 0, sizeof(*d));
    d->t = t;
    d->jobs = jobs;
    d->obs = obs;
    d->njobs = njobs;
    d->op = op != NULL ? op : &ideal;
    d->ph = TD_CMD;
    stc_rng_seed(&d->r, d->op->seed);
    for (unsigned i = 0; i < njobs; i++) {
        td_obs keep = obs[i];

        memset(&obs[i], 0, sizeof(obs[i]));
        obs[i].c = keep.c;
        obs[i].a_cycle = keep.a_cycle;
        obs[i].err_rise = TD_NONE;
    }
}

/* Probes of the current cycle into the trace, while it has room. */
static void td_trace(const td_run *d)
{
    if (d->op->trace != NULL && d->cycle < d->op->trace_cap)
        stc_tile_probe(d->t, &d->op->trace[d->cycle]);
}

bool td_cycle(td_run *d)
{
    const td_opts *op = d->op;
    stc_outputs o;
    stc_inputs in;
    bool x;

    if (d->cur == d->njobs || (op->max_cycles != 0 && d->cycle >= op->max_cycles))
        return false;
    cr_assert_lt(d->cycle, TD_HANG, "tile hangs");
    stc_tile_eval(d->t, &o);
    if (d->ended) {
        td_record_end(d, &o);
        d->ended = false;
        if (++d->cur == d->njobs)
            return false;
    }
    td_watch(d, &o);
    td_trace(d);
    td_inputs(d, &o, &in);
    cr_assert(d->ph == TD_CMD || !(o.cmd_ready && in.cmd_valid),
              "command %u taken in cycle %u while command %u is in flight", d->cur + 1, d->cycle,
              d->cur);
    x = td_xfer(d, &o, &in);
    td_obs_cur(d)->stalls += td_stalled(d, &o, &in);
    stc_tile_step(d->t, &in);
    if (x)
        td_advance(d, &o);
    d->cycle++;
    return true;
}

void td_end(td_run *d)
{
    td_trace(d);
}

unsigned td_drive(stc_tile *t, const td_job *jobs, td_obs *obs, unsigned njobs, const td_opts *op)
{
    td_run d;

    td_begin(&d, t, jobs, obs, njobs, op);
    while (td_cycle(&d))
        ;
    td_end(&d);
    return d.cycle;
}
