// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_soak.c - long random lockstep soak: random vectors of every generator
 * class, generated in memory, run back to back on one RTL instance with
 * random stall rates and random mid-command resets, until a cycle budget is
 * spent. Everything derives from one seed, so a run replays exactly.
 *
 *   stc_soak [--cycles C] [--seed S] [--max-seconds T] [--fail-dir DIR] [--verbose]
 *
 * Exit status: 0 every run compared clean, 1 a mismatch, hang or result
 * error, 2 bad usage, set-up error or time limit reached before the budget.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stc_gen.h"
#include "stc_cli.h"
#include "stc_lockstep.h"

#define SOAK_MAX_CLASSES 32
#define SOAK_CLASS_NAME 48
#define SOAK_MAX_TRIES 8

typedef struct soak_opts {
    uint64_t cycles;
    uint64_t seed;
    double max_seconds;
    const char *fail_dir;
    bool verbose;
} soak_opts;

typedef struct soak_classes {
    char name[SOAK_MAX_CLASSES][SOAK_CLASS_NAME];
    unsigned count;
} soak_classes;

/* One random run: generator options and run options. */
typedef struct soak_case {
    stc_gen_opts g;
    unsigned stall;
    uint64_t reset_at;
    uint64_t run_seed;
} soak_case;

typedef struct soak_stats {
    uint64_t cycles, vectors, resets, stalled, gen_retries;
    uint64_t per_class[SOAK_MAX_CLASSES];
} soak_stats;

enum { OPT_CYCLES = 1, OPT_SEED, OPT_MAX_SECONDS, OPT_FAIL_DIR, OPT_VERBOSE };

static const stc_opt soak_opt_table[] = {
    {OPT_CYCLES, "cycles", 0, "C", "total clock cycles to simulate (default 1000000)"},
    {OPT_SEED, "seed", 0, "S", "master seed (default 1)"},
    {OPT_MAX_SECONDS, "max-seconds", 0, "T", "give up (exit 2) after T seconds (default 600)"},
    {OPT_FAIL_DIR, "fail-dir", 0, "DIR", "where a failing vector is written (default .)"},
    {OPT_VERBOSE, "verbose", 0, NULL, "one line per run"},
    {0, NULL, 0, NULL, NULL},
};

static const stc_cmd soak_cmd = {
    "stc_soak",
    "[options]",
    "Long random lockstep soak: random vectors of every generator class, back to back on\n"
    "one RTL instance, with random stalls and mid-command resets, all from one seed.",
    {soak_opt_table, NULL},
    NULL,
    "0 clean, 1 mismatch, 2 usage, set-up error or time limit",
};

/* Applies one option (stc_cli_apply_fn); returns 0, or STC_CLI_ERROR. */
static int soak_apply(void *ctx, int id, const char *val)
{
    soak_opts *o = ctx;
    uint64_t v = 0;
    switch (id) {
    case OPT_VERBOSE:
        o->verbose = true;
        return 0;
    case OPT_FAIL_DIR:
        o->fail_dir = val;
        return 0;
    case OPT_CYCLES:
        return stc_cli_number(&soak_cmd, "cycles", val, 1, UINT64_MAX, &o->cycles);
    case OPT_SEED:
        return stc_cli_number(&soak_cmd, "seed", val, 0, UINT64_MAX, &o->seed);
    case OPT_MAX_SECONDS:
        if (stc_cli_number(&soak_cmd, "max-seconds", val, 1, 1u << 30, &v))
            return STC_CLI_ERROR;
        o->max_seconds = (double)v;
        return 0;
    default:
        return stc_cli_error(&soak_cmd, "internal error: option %d", id);
    }
}

/* Returns 0, STC_CLI_HELP or STC_CLI_ERROR. */
static int soak_parse_args(soak_opts *o, int argc, char **argv)
{
    int first = argc;
    memset(o, 0, sizeof *o);
    o->cycles = 1000000;
    o->seed = 1;
    o->max_seconds = 600;
    o->fail_dir = ".";
    int rc = stc_cli_parse(&soak_cmd, argc, argv, soak_apply, o, &first);
    if (rc == 0 && first < argc)
        rc = stc_cli_error(&soak_cmd, "unexpected argument '%s'", argv[first]);
    return rc;
}

/* Splits the generator's class list into names. */
static int soak_classes_init(soak_classes *c)
{
    const char *s = stc_gen_class_list();
    memset(c, 0, sizeof *c);
    while (*s) {
        while (*s == ' ')
            s++;
        size_t len = strcspn(s, " ");
        if (len == 0)
            break;
        if (c->count >= SOAK_MAX_CLASSES || len >= SOAK_CLASS_NAME)
            return -1;
        memcpy(c->name[c->count++], s, len);
        s += len;
    }
    return c->count ? 0 : -1;
}

static double soak_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Random shape: mostly small commands (so many run per million cycles),
 * now and then a long M or many blocks. */
static void soak_pick_shape(stc_rng *r, unsigned *m, unsigned *nblk)
{
    *m = 1 + stc_rng_below(r, stc_rng_below(r, 8) == 0 ? 256 : 40);
    *nblk = 1 + stc_rng_below(r, stc_rng_below(r, 8) == 0 ? STC_VEC_NBLK_MAX : 6);
}

static void soak_pick_case(stc_rng *r, const soak_classes *cl, unsigned n, unsigned cls,
                           soak_case *c)
{
    unsigned m, nblk;
    memset(c, 0, sizeof *c);
    stc_gen_opts_init(&c->g);
    c->g.cls = cl->name[cls];
    c->g.n = n;
    c->g.seed = stc_rng_next(r);
    c->g.bias = stc_rng_below(r, 3) == 0;
    c->g.mode = (int)stc_rng_below(r, 2);
    c->g.sparsity = (int)stc_rng_below(r, 101);
    soak_pick_shape(r, &m, &nblk);
    if (strcmp(c->g.cls, "corner-m1") == 0)
        m = 1;
    if (strcmp(c->g.cls, "corner-kmax") == 0)
        nblk = STC_VEC_NBLK_MAX;
    c->g.m = m;
    c->g.k = nblk; /* scaled by KD once the mode is known */
    c->stall = stc_rng_below(r, 4) == 0 ? 0 : 1 + stc_rng_below(r, 60);
    c->run_seed = stc_rng_next(r);
    c->reset_at = stc_rng_below(r, 10) < 3; /* the cycle is drawn once the vector exists */
}

/* A reset cycle inside the command: anywhere from the first cycle to the
 * estimated end at this stall rate. */
static void soak_pick_reset(stc_rng *r, const stc_vec *v, soak_case *c)
{
    if (!c->reset_at)
        return;
    uint64_t est = STC_RESET_CYCLES + stc_gen_cycles(v) * 100 / (100 - c->stall);
    c->reset_at = 1 + stc_rng_next(r) % est;
}

/* Generates the case's vector. Classes reject options they do not take
 * (a mode, a sparsity) and corner-wrap rejects shapes that cannot wrap:
 * each rejection drops or flips one option, deterministically. */
static stc_status soak_generate(soak_case *c, stc_vec *v, uint64_t *retries)
{
    char err[STC_VEC_ERR_MAX] = "";
    unsigned nblk = c->g.k;
    int mode = c->g.mode, sparsity = c->g.sparsity;
    for (unsigned t = 0; t < SOAK_MAX_TRIES; t++) {
        c->g.mode = (t / 2) % 2 ? !mode : mode;
        c->g.sparsity = t % 2 ? STC_GEN_SPARSITY_DEFAULT : sparsity;
        c->g.seed += t >= 4;
        c->g.k = nblk * (c->g.mode ? 2 * c->g.n : c->g.n);
        memset(v, 0, sizeof *v);
        stc_status st = stc_gen_vector(&c->g, v, err, sizeof err);
        if (st == STC_OK)
            return STC_OK;
        stc_vec_free(v);
        if (st != STC_EPARAM) {
            fprintf(stderr, "stc_soak: generator: %s\n", err);
            return st;
        }
        ++*retries;
    }
    fprintf(stderr, "stc_soak: class %s: no legal options found: %s\n", c->g.cls, err);
    return STC_EPARAM;
}

static void soak_report_fail(const soak_opts *o, const soak_case *c, const stc_vec *v,
                             uint64_t index, const stc_run_result *res)
{
    char path[4096], err[STC_VEC_ERR_MAX];
    snprintf(path, sizeof path, "%s/soak-fail-s%" PRIu64 "-%" PRIu64 ".vec", o->fail_dir, o->seed,
             index);
    fprintf(stderr,
            "SOAK FAIL run %" PRIu64 ": class=%s n=%u m=%u k=%u mode=%s bias=%d gen-seed=%" PRIu64
            " stall=%u run-seed=%" PRIu64 " reset-at=%" PRIu64 "%s%s\n",
            index, v->cls, v->n, v->m, v->k, v->mode24 ? "2:4" : "dense", v->has_bias, v->seed,
            c->stall, c->run_seed, c->reset_at, res->timeout ? " (hang)" : "",
            res->result_mismatch ? " (result differs)" : "");
    if (stc_vec_write(path, v, err, sizeof err) != STC_OK) {
        fprintf(stderr, "  cannot write the failing vector: %s\n", err);
        return;
    }
    char reset[48] = "";
    if (c->reset_at)
        snprintf(reset, sizeof reset, " --reset-at %" PRIu64, c->reset_at);
    char q[4096];
    fprintf(stderr, "  reproduce: build/stc_sim-n%u --seed %" PRIu64 " --stall %u%s %s\n", v->n,
            c->run_seed, c->stall, reset, stc_cli_quote(path, q, sizeof q));
}

/* Runs one random case; returns 0 clean, 1 mismatch, 2 error. */
static int soak_one(const soak_opts *o, stc_rtl *rtl, stc_rng *r, const soak_classes *cl,
                    soak_stats *s)
{
    stc_params p;
    soak_case c;
    stc_vec v;
    stc_run_result res;
    unsigned cls = stc_rng_below(r, cl->count);

    stc_rtl_params(&p);
    soak_pick_case(r, cl, p.n, cls, &c);
    if (soak_generate(&c, &v, &s->gen_retries) != STC_OK)
        return 2;
    soak_pick_reset(r, &v, &c);
    stc_run_opts ro = {
        .stim = {.seed = c.run_seed, .stall_pct = c.stall, .reset_at = c.reset_at},
        .check = {.max_errors = 1},
        .report = {.vec_path = "(soak vector)", .log = stderr},
    };
    stc_status st = stc_lockstep_run(rtl, &v, &ro, &res);
    int rc = st != STC_OK ? 2 : res.pass ? 0 : 1;
    if (rc == 2)
        fprintf(stderr, "stc_soak: cannot run: %s\n", stc_status_str(st));
    if (rc == 1)
        soak_report_fail(o, &c, &v, s->vectors, &res);
    if (o->verbose)
        printf("run %" PRIu64 " %s m=%u k=%u %s stall=%u reset-at=%" PRIu64 " cycles=%" PRIu64 "\n",
               s->vectors, v.cls, v.m, v.k, v.mode24 ? "2:4" : "dense", c.stall, c.reset_at,
               res.cycles);
    s->cycles += res.cycles;
    s->vectors++;
    s->resets += c.reset_at != 0;
    s->stalled += c.stall != 0;
    s->per_class[cls]++;
    stc_vec_free(&v);
    return rc;
}

static unsigned soak_classes_seen(const soak_classes *cl, const soak_stats *s)
{
    unsigned seen = 0;
    for (unsigned i = 0; i < cl->count; i++)
        seen += s->per_class[i] != 0;
    return seen;
}

static int soak_loop(const soak_opts *o, stc_rtl *rtl, const soak_classes *cl, soak_stats *s,
                     double *seconds)
{
    stc_rng r;
    double t0 = soak_now();
    int rc = 0;
    stc_rng_seed(&r, o->seed);
    while (rc == 0 && s->cycles < o->cycles) {
        rc = soak_one(o, rtl, &r, cl, s);
        if (rc == 0 && soak_now() - t0 > o->max_seconds) {
            fprintf(stderr, "stc_soak: time limit of %.0f s reached after %" PRIu64 " cycles\n",
                    o->max_seconds, s->cycles);
            rc = 2;
        }
    }
    *seconds = soak_now() - t0;
    return rc;
}

int main(int argc, char **argv)
{
    soak_opts o;
    soak_classes cl;
    soak_stats s;
    stc_rtl *rtl;
    stc_params p;
    double seconds = 0;

    int parsed = soak_parse_args(&o, argc, argv);
    if (parsed != 0)
        return parsed == STC_CLI_HELP ? 0 : 2;
    if (soak_classes_init(&cl) != 0) {
        fprintf(stderr, "stc_soak: cannot parse the generator's class list\n");
        return 2;
    }
    if (stc_rtl_create(0, NULL, &rtl) != STC_OK) {
        fprintf(stderr, "stc_soak: cannot create the RTL model\n");
        return 2;
    }
    memset(&s, 0, sizeof s);
    int rc = soak_loop(&o, rtl, &cl, &s, &seconds);
    stc_rtl_destroy(rtl);
    stc_rtl_params(&p);
    printf("soak N=%u seed=%" PRIu64 ": %" PRIu64 " cycles, %" PRIu64 " vectors (%u/%u classes, "
           "%" PRIu64 " with stalls, %" PRIu64 " with mid-command reset), %.1f s, %.0f cycles/s: "
           "%s\n",
           p.n, o.seed, s.cycles, s.vectors, soak_classes_seen(&cl, &s), cl.count, s.stalled,
           s.resets, seconds, seconds > 0 ? (double)s.cycles / seconds : 0.0,
           rc == 0   ? "PASS"
           : rc == 1 ? "FAIL"
                     : "ERROR");
    return rc;
}
