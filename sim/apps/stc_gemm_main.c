// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_gemm_main.c - the golden model alone on whole network layers, given
 * as binary layer files (vectors/stc_layer.h; docs/vector-format.md,
 * "Binary layer files (stc_gemm)"). No RTL and no Verilator: each layer is
 * cut into tile commands as the accuracy experiment cuts it
 * (analysis/accuracy/tilecmd.py), and each command runs alone from reset
 * on the cycle-accurate model under the lockstep's host (sim/core/
 * stc_host.h: seed 1, stall 0, policy b2b, every rule checked, the model
 * being the design; stc_step_run_model), its result rows checked bit for
 * bit against the file's C. --csv writes stc_sim's CSV (stc_run_report.h),
 * one line per command.
 *
 * Exit status: 0 every layer passed, 1 a result differs (or the model
 * broke a host rule), 2 bad input or set-up error.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stc_layer.h"
#include "stc_run_cli.h"
#include "stc_run_report.h"
#include "stc_sector.h"

typedef struct gemm_args {
    stc_run_opts run; /* the host's stimulus: seed 1, stall 0, b2b; --sector-bytes */
    const char *csv;
    bool quiet;
    char **files;
    int nfiles;
    const char *argv0;
} gemm_args;

enum { OPT_CSV = 1, OPT_QUIET };

static const stc_opt gemm_opts[] = {
    {OPT_CSV, "csv", 0, "F.csv",
     "write one line of counters per command, under stc_sim --csv's\n"
     "header (its vector column: LAYER.bin#I)"},
    {OPT_QUIET, "quiet", 0, NULL, "no summary line per file (failures are still said)"},
    {0, NULL, 0, NULL, NULL},
};

static const stc_cmd gemm_cmd = {
    "stc_gemm",
    "[options] LAYER.bin...",
    "Runs each binary layer file's GEMM on the golden model alone (no RTL), one tile\n"
    "command per batch of m_max rows and N output columns, each from reset under\n"
    "the lockstep's host (seed 1, stall 0, policy b2b), and checks every result row\n"
    "against the file's C.",
    {gemm_opts, stc_run_cli_traffic},
    "A failing layer stops at its first differing command: FILE: command I (rows\n"
    "R0..R1, columns C0..C1), row r, column c: model X, expected Y.",
    "0 pass, 1 mismatch, 2 bad input or set-up error",
};

/* Applies one option (stc_cli_apply_fn); returns 0, or STC_CLI_ERROR. */
static int apply_option(void *ctx, int id, const char *val)
{
    gemm_args *a = ctx;
    switch (id) {
    case OPT_CSV:
        a->csv = val;
        return 0;
    case OPT_QUIET:
        a->quiet = true;
        return 0;
    default:
        return stc_run_cli_apply(&gemm_cmd, &a->run, id, val);
    }
}

/* Returns 0, STC_CLI_HELP or STC_CLI_ERROR. */
static int parse_args(gemm_args *a, int argc, char **argv)
{
    int first = argc;
    memset(a, 0, sizeof *a);
    a->argv0 = argv[0];
    a->run.stim.seed = 1;
    a->run.stim.policy = STC_POLICY_B2B;
    a->run.stim.sector_bytes = STC_SECTOR_DEFAULT;
    a->run.check.level = STC_LEVEL_CYCLE;
    a->run.check.max_errors = 1;
    int rc = stc_cli_parse(&gemm_cmd, argc, argv, apply_option, a, &first);
    if (rc)
        return rc;
    a->files = argv + first;
    a->nfiles = argc - first;
    if (a->nfiles == 0)
        return stc_cli_error(&gemm_cmd, "no layer files given");
    return 0;
}

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the CSV's records: one per command run ------------------------------------ */

typedef struct gemm_recs {
    stc_file_record *rec;
    char **name; /* rec[i].f.path: "LAYER.bin#I" */
    size_t n, cap;
} gemm_recs;

/* A new zeroed record named path#i; NULL when out of memory. */
static stc_file_record *recs_add(gemm_recs *r, const char *path, uint64_t i)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 256;
        stc_file_record *rec = realloc(r->rec, cap * sizeof *rec);
        if (rec)
            r->rec = rec;
        char **name = realloc(r->name, cap * sizeof *name);
        if (name)
            r->name = name;
        if (!rec || !name)
            return NULL;
        r->cap = cap;
    }
    size_t len = strlen(path) + 24;
    char *name = malloc(len);
    if (!name)
        return NULL;
    snprintf(name, len, "%s#%" PRIu64, path, i);
    stc_file_record *rec = &r->rec[r->n];
    memset(rec, 0, sizeof *rec);
    rec->f.path = r->name[r->n++] = name;
    rec->f.ncmd = 1;
    return rec;
}

static void recs_free(gemm_recs *r)
{
    for (size_t i = 0; i < r->n; i++)
        free(r->name[i]);
    free(r->name);
    free(r->rec);
}

/* ---- one command ------------------------------------------------------------------ */

/* "FILE: command I (rows R0..R1, columns C0..C1), " */
static void say_command(const char *path, uint64_t i, const stc_layer_span *s, unsigned n)
{
    fprintf(stderr, "%s: command %" PRIu64 " (rows %u..%u, columns %u..%u), ", path, i, s->row0,
            s->row0 + s->rows - 1, s->col0, s->col0 + n - 1);
}

/* Why command i failed: the first differing element of its C, in the
 * layer's rows and columns, or the host rule the model broke. */
static void report_failure(const char *path, uint64_t i, const stc_layer_span *s, unsigned n,
                           const stc_host_violation *first, const stc_run_result *res)
{
    say_command(path, i, s, n);
    if (res->timeout)
        fprintf(stderr, "the golden model hung at cycle %" PRIu64 " %s\n", res->first_bad_cycle,
                res->first_signal);
    else if (first->result)
        fprintf(stderr, "row %u, column %u: model %" PRId32 ", expected %" PRId32 "\n",
                s->row0 + first->row, s->col0 + first->col, first->got, first->want);
    else
        fprintf(stderr, "the golden model broke a host rule at cycle %" PRIu64 ": %s: %s\n",
                first->cycle, first->rule, first->text);
}

/* Command i of l alone on the model from reset, checked by the host, into
 * rec. Returns 0 pass, 1 fail (said on stderr), 2 could not run. */
static int run_command(const gemm_args *a, const char *path, const stc_layer *l, uint64_t i,
                       stc_file_record *rec)
{
    stc_vec v;
    stc_stream s = {1, &v};
    stc_step *st = NULL;
    stc_host_violation first;
    stc_params p = {l->n, STC_VEC_M_MAX, STC_VEC_NBLK_MAX, STC_UARCH_BASE};
    stc_layer_span span = stc_layer_span_of(l, i);

    memset(&first, 0, sizeof first);
    stc_status rc = stc_layer_command(l, i, &v);
    if (rc == STC_OK) {
        stc_file_facts_of(&s, &rec->facts);
        rc = stc_step_open(&st, &s, &p, &a->run, STC_STEP_MODEL_IS_DUT);
    }
    if (rc == STC_OK)
        rc = stc_step_run_model(st, NULL, NULL);
    if (rc == STC_OK)
        first = stc_step_host(st)->first;
    stc_step_close(st, rc == STC_OK ? stc_step_model_probes(st) : NULL, &rec->f.res);
    stc_vec_free(&v);
    if (rc != STC_OK) {
        rec->f.error = true;
        snprintf(rec->f.message, sizeof rec->f.message, "cannot run: %s", stc_status_str(rc));
        say_command(path, i, &span, l->n);
        fprintf(stderr, "%s\n", rec->f.message);
        return 2;
    }
    rec->f.pass = rec->f.res.pass;
    if (rec->f.pass)
        return 0;
    report_failure(path, i, &span, l->n, &first, &rec->f.res);
    return 1;
}

/* ---- one layer file ------------------------------------------------------------------ */

/* What a layer's run came to, for its summary line. */
typedef struct layer_totals {
    uint64_t cmds, ncmd;
    uint64_t cycles; /* clock cycles simulated, each command's reset included */
    uint64_t rows;   /* result rows checked (each N wide) */
    double cpu;      /* seconds of CPU */
} layer_totals;

static void print_summary(const char *path, const stc_layer *l, const layer_totals *t, int verdict)
{
    printf("%s %s: N=%u %s, M=%u K=%u out=%u%s m_max=%u: %" PRIu64 " of %" PRIu64
           " commands, %" PRIu64 " cycles, %" PRIu64 " result rows checked, %.3f s CPU (%.0f "
           "model cycles/s)\n",
           verdict == 0 ? "PASS" : "FAIL", path, l->n, l->mode24 ? "2:4" : "dense", l->m, l->k,
           l->out, l->has_bias ? " bias" : "", l->m_max, t->cmds, t->ncmd, t->cycles, t->rows,
           t->cpu, t->cpu > 0 ? (double)t->cycles / t->cpu : 0.0);
    fflush(stdout); /* in order with the failures on stderr */
}

/* Runs every command of the layer file path, until the first that fails.
 * Returns 0 pass, 1 fail, 2 bad input or set-up error. */
static int run_layer(const gemm_args *a, const char *path, gemm_recs *recs)
{
    stc_layer l;
    char err[STC_VEC_ERR_MAX];
    if (stc_layer_read(path, &l, err, sizeof err) != STC_OK) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    layer_totals t = {0, stc_layer_ncmd(&l), 0, 0, 0.0};
    double cpu0 = cpu_seconds();
    int verdict = 0;
    for (uint64_t i = 0; i < t.ncmd && verdict == 0; i++) {
        stc_file_record *rec = recs_add(recs, path, i);
        if (!rec) {
            fprintf(stderr, "%s: out of memory\n", path);
            verdict = 2;
            break;
        }
        verdict = run_command(a, path, &l, i, rec);
        t.cycles += rec->f.res.cycles;
        t.cmds += verdict == 0;
        t.rows += verdict == 0 ? stc_layer_span_of(&l, i).rows : 0;
    }
    t.cpu = cpu_seconds() - cpu0;
    if (!a->quiet && verdict != 2)
        print_summary(path, &l, &t, verdict);
    stc_layer_free(&l);
    return verdict;
}

/* --csv: stc_sim's header and rows (stc_run_report_csv). 0, or 2 after
 * saying why it could not be written. */
static int write_csv(const gemm_args *a, const gemm_recs *recs)
{
    char err[STC_VEC_ERR_MAX];
    stc_run_info run = {.n = recs->n ? recs->rec[0].facts.n : 0,
                        .seed = a->run.stim.seed,
                        .stall_pct = a->run.stim.stall_pct,
                        .policy = a->run.stim.policy,
                        .argv0 = a->argv0,
                        .options = ""};
    if (stc_run_report_csv(a->csv, &run, recs->rec, (unsigned)recs->n, err, sizeof err) == STC_OK)
        return 0;
    fprintf(stderr, "stc_gemm: %s\n", err);
    return 2;
}

int main(int argc, char **argv)
{
    gemm_args a;
    gemm_recs recs = {NULL, NULL, 0, 0};
    int parsed = parse_args(&a, argc, argv);
    if (parsed != 0)
        return parsed == STC_CLI_HELP ? 0 : 2;
    int worst = 0;
    for (int i = 0; i < a.nfiles; i++) {
        int v = run_layer(&a, a.files[i], &recs);
        worst = v > worst ? v : worst;
    }
    if (a.csv && write_csv(&a, &recs) != 0)
        worst = 2;
    recs_free(&recs);
    return worst;
}
