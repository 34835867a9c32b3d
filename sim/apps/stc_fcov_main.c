// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_fcov_main.c - the stc_fcov program: runs vectors and command streams
 * (version 1 or 2 files) in lockstep, like stc_sim, with the functional
 * coverage collector (sim/cov/stc_fcov.h) on the per-cycle hook, prints the
 * coverage table, checks it against a floor, and in a Verilator --coverage
 * build writes the line and toggle coverage too. The directed vectors that
 * close the last bins come from stc_vecgen --directed.
 *
 * Exit: 0 pass (and coverage >= floor), 1 mismatch or coverage below the
 * floor, 2 bad input or set-up error.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stc_fcov.h"
#include "stc_gen.h"
#include "stc_lockstep.h"
#include "stc_run_cli.h"
#include "stc_out.h"

#define FCOV_MAX_STALLS 8

typedef struct fcov_args {
    unsigned stalls[FCOV_MAX_STALLS];
    unsigned nstalls;
    stc_run_opts run; /* the replay options; stall and seed vary per run */
    double floor_pct;
    const char *report;
    const char *vl_cov;
    bool quiet;
    char **vecs;
    int nvecs;
} fcov_args;

enum {
    OPT_FLOOR = 1,
    OPT_REPORT,
    OPT_VL_COV,
    OPT_QUIET,
};

static const stc_opt fcov_opt_table[] = {
    {OPT_FLOOR, "floor", 0, "PCT", "fail (exit 1) below PCT percent of the bins (default 0)"},
    {OPT_REPORT, "report", 0, "F.txt", "write the bin report"},
    {OPT_VL_COV, "vl-cov", 0, "F.dat", "write Verilator's line/toggle coverage (coverage build)"},
    {OPT_QUIET, "quiet", 0, NULL, "only the summary"},
    {0, NULL, 0, NULL, NULL},
};

static const stc_cmd fcov_cmd = {
    "stc_fcov",
    "[options] VEC...",
    "Functional coverage: runs vectors and streams in lockstep and counts the bins of\n"
    "docs/verification.md that they hit.",
    {stc_run_cli_stalls, stc_run_cli_streams, fcov_opt_table, NULL},
    "--stall may be given up to 8 times: one pass over the vectors per value (the\n"
    "accept bins need the b2b, gap and early policies).",
    "0 pass, 1 mismatch or coverage below the floor, 2 error",
};

/* Applies one option (stc_cli_apply_fn); returns 0, or STC_CLI_ERROR. */
static int fcov_option(void *ctx, int id, const char *val)
{
    fcov_args *a = ctx;
    const stc_cmd *c = &fcov_cmd;
    switch (id) {
    case OPT_QUIET:
        a->quiet = true;
        return 0;
    case OPT_REPORT:
        a->report = val;
        return 0;
    case OPT_VL_COV:
        a->vl_cov = val;
        return 0;
    case OPT_FLOOR:
        return stc_cli_decimal(c, "floor", val, 0, 100, &a->floor_pct);
    case STC_RUN_OPT_STALL:
        if (a->nstalls >= FCOV_MAX_STALLS)
            return stc_cli_error(c, "--stall: at most %d passes", FCOV_MAX_STALLS);
        if (stc_run_cli_apply(c, &a->run, id, val))
            return STC_CLI_ERROR;
        a->stalls[a->nstalls++] = a->run.stim.stall_pct;
        return 0;
    default:
        return stc_run_cli_apply(c, &a->run, id, val);
    }
}

/* Returns 0, STC_CLI_HELP or STC_CLI_ERROR. */
static int fcov_parse_args(fcov_args *a, int argc, char **argv)
{
    int first = argc;
    memset(a, 0, sizeof *a);
    a->run.stim.seed = 1;
    a->run.stim.policy = STC_POLICY_B2B;
    int rc = stc_cli_parse(&fcov_cmd, argc, argv, fcov_option, a, &first);
    if (rc)
        return rc;
    a->vecs = argv + first;
    a->nvecs = argc - first;
    if (a->nstalls == 0)
        a->stalls[a->nstalls++] = 0;
    if (a->nvecs == 0)
        return stc_cli_error(&fcov_cmd, "no vector files given");
    return 0;
}

/* Runs one vector or stream at one stall setting; 0 pass, 1 mismatch, 2
 * error. */
static int fcov_run_one(const fcov_args *a, stc_rtl *rtl, stc_fcov *f, const char *path,
                        unsigned stall, uint64_t seed)
{
    stc_stream s;
    stc_run_result res;
    char err[STC_VEC_ERR_MAX];
    if (stc_stream_read(path, &s, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_fcov: %s\n", err);
        return 2;
    }
    stc_run_opts o = a->run;
    o.stim.seed = seed;
    o.stim.stall_pct = stall;
    o.check.max_errors = 1;
    o.report.vec_path = path;
    o.report.log = stderr;
    o.report.on_cycle = stc_fcov_cycle;
    o.report.hook_ctx = f;
    stc_fcov_begin_run(f);
    stc_status st = stc_lockstep_stream(rtl, &s, &o, &res);
    unsigned ncmd = s.ncmd;
    stc_stream_free(&s);
    if (st != STC_OK) {
        fprintf(stderr, "stc_fcov: %s: cannot run: %s\n", path, stc_status_str(st));
        return 2;
    }
    if (!res.pass)
        fprintf(stderr, "FAIL %s stall=%u seed=%" PRIu64 " policy=%s (command %d of %u)\n", path,
                stall, seed, stc_policy_name(a->run.stim.policy), res.first_cmd, ncmd);
    else if (!a->quiet)
        printf("PASS %s stall=%u policy=%s commands=%u cycles=%" PRIu64 "\n", path, stall,
               stc_policy_name(a->run.stim.policy), ncmd, res.cycles);
    return res.pass ? 0 : 1;
}

static int fcov_write_report(const char *path, const stc_fcov *f)
{
    char err[STC_VEC_ERR_MAX];
    stc_out o;
    if (stc_out_open(&o, path, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_fcov: %s\n", err);
        return 2;
    }
    stc_fcov_report(f, o.f, true);
    if (stc_out_close(&o, true, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_fcov: %s\n", err);
        return 2;
    }
    return 0;
}

/* Runs everything; returns the worst run status. */
static int fcov_run_all(const fcov_args *a, stc_rtl *rtl, stc_fcov *f)
{
    int worst = 0;
    for (unsigned s = 0; s < a->nstalls; s++) {
        for (int i = 0; i < a->nvecs; i++) {
            /* A different stall seed per vector: with one seed every
             * vector would see the same stall pattern at its start. */
            int rc =
                fcov_run_one(a, rtl, f, a->vecs[i], a->stalls[s], a->run.stim.seed + (uint64_t)i);
            worst = rc > worst ? rc : worst;
        }
    }
    if (a->vl_cov && stc_rtl_coverage_write(rtl, a->vl_cov) != STC_OK) {
        fprintf(stderr, "stc_fcov: --vl-cov needs the Verilator --coverage build\n");
        worst = 2;
    }
    return worst;
}

int main(int argc, char **argv)
{
    fcov_args a;
    stc_rtl *rtl;
    stc_fcov *f;
    stc_params p;
    unsigned hit, total;

    int parsed = fcov_parse_args(&a, argc, argv);
    if (parsed != 0)
        return parsed == STC_CLI_HELP ? 0 : 2;
    stc_rtl_params(&p);
    if (stc_fcov_create(p.n, &f) != STC_OK || stc_rtl_create(0, NULL, &rtl) != STC_OK) {
        fprintf(stderr, "stc_fcov: set-up failed\n");
        return 2;
    }
    int rc = fcov_run_all(&a, rtl, f);
    stc_rtl_destroy(rtl);
    stc_fcov_report(f, stdout, true);
    if (a.report && fcov_write_report(a.report, f) != 0)
        rc = 2;
    stc_fcov_totals(f, &hit, &total);
    double pct = 100.0 * hit / total;
    stc_fcov_destroy(f);
    if (rc == 0 && pct < a.floor_pct) {
        fprintf(stderr, "stc_fcov: functional coverage %.2f%% is below the floor of %.2f%%\n", pct,
                a.floor_pct);
        rc = 1;
    }
    printf("fcov: %u vector runs, policy %s, functional coverage %.2f%% (%u/%u bins), floor "
           "%.2f%%: %s\n",
           (unsigned)a.nvecs * a.nstalls, stc_policy_name(a.run.stim.policy), pct, hit, total,
           a.floor_pct,
           rc == 0   ? "PASS"
           : rc == 1 ? "FAIL"
                     : "ERROR");
    return rc;
}
