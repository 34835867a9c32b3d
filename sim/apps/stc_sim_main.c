// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_sim_main.c - command-line lockstep runner: golden model against the
 * Verilator-compiled RTL, every cycle, over a list of vectors.
 *
 * Exit status: 0 every vector passed, 1 a mismatch (or hang), 2 bad input
 * or set-up error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stc_run_cli.h"
#include "stc_run_report.h"
#include "stc_lockstep.h"
#include "stc_out.h"
#include "stc_sector.h"

#define MAX_PLUSARGS 8

typedef struct sim_args {
    stc_run_opts run;
    const char *junit;
    const char *csv;
    const char *trace;
    const char *plusargs[MAX_PLUSARGS + 1];
    int nplusargs;
    char **vecs;
    int nvecs;
    const char *argv0;
} sim_args;

/* A file failing in lockstep, run again at the txn level: is it timing? */
typedef struct sim_txn {
    bool tried;
    stc_run_result res;
} sim_txn;

enum {
    OPT_HOLD = 1,
    OPT_BARE,
    OPT_TRACE,
    OPT_JUNIT,
    OPT_CSV,
    OPT_PLUSARG,
};

static const stc_opt sim_opts[] = {
    {OPT_HOLD, "hold", 0, "C",
     "withhold the first command's weights for C cycles (one long\n"
     "command: every counter must count past its low bits)"},
    {OPT_BARE, "bare", 0, NULL, "RTL only: no model, no compare (benchmark baseline)"},
    {OPT_TRACE, "trace", 0, "F",
     "write a waveform of one vector or stream (tracing build):\n"
     "F.fst as FST, F.vcd as VCD (converted with GTKWave's fst2vcd)"},
    {OPT_JUNIT, "junit", 0, "F.xml", "write a JUnit report"},
    {OPT_CSV, "csv", 0, "F.csv", "write one line of counters per vector"},
    {OPT_PLUSARG, "plusarg", 0, "ARG", "pass a +plusarg to Verilator (e.g. +verilator+seed+7)"},
    {0, NULL, 0, NULL, NULL},
};

static const stc_cmd sim_cmd = {
    "stc_sim",
    "[options] VECTOR.vec|STREAM.vec...",
    "Runs each vector or command stream on the Verilated RTL and the golden model in\n"
    "lockstep, comparing every output every clock cycle.",
    {stc_run_cli_stalls, stc_run_cli_streams, stc_run_cli_batch, stc_run_cli_compare,
     stc_run_cli_traffic, sim_opts},
    NULL,
    "0 pass, 1 mismatch, 2 bad input or set-up error",
};

/* Applies one option (stc_cli_apply_fn); returns 0, or STC_CLI_ERROR. */
static int apply_option(void *ctx, int id, const char *val)
{
    sim_args *a = ctx;
    const stc_cmd *c = &sim_cmd;
    switch (id) {
    case OPT_BARE:
        a->run.check.bare = true;
        return 0;
    case OPT_JUNIT:
        a->junit = val;
        return 0;
    case OPT_CSV:
        a->csv = val;
        return 0;
    case OPT_TRACE:
        a->trace = val;
        return 0;
    case OPT_PLUSARG:
        if (a->nplusargs >= MAX_PLUSARGS || val[0] != '+')
            return stc_cli_error(c, "--plusarg takes up to %d arguments starting with '+'",
                                 MAX_PLUSARGS);
        a->plusargs[++a->nplusargs] = val;
        return 0;
    case OPT_HOLD:
        return stc_cli_number(c, "hold", val, 1, 1ull << 32, &a->run.stim.hold);
    default:
        return stc_run_cli_apply(c, &a->run, id, val);
    }
}

static bool trace_is(const char *path, const char *ext)
{
    size_t n = strlen(path), e = strlen(ext);
    return n > e && strcmp(path + n - e, ext) == 0;
}

/* Returns 0, STC_CLI_HELP or STC_CLI_ERROR. */
static int parse_args(sim_args *a, int argc, char **argv)
{
    int first = argc;
    memset(a, 0, sizeof *a);
    a->argv0 = argv[0];
    a->run.stim.seed = 1;
    a->run.check.max_errors = 1;
    a->run.report.log = stderr;
    a->run.stim.sector_bytes = STC_SECTOR_DEFAULT;
    a->plusargs[0] = argv[0];
    int rc = stc_cli_parse(&sim_cmd, argc, argv, apply_option, a, &first);
    if (rc)
        return rc;
    a->vecs = argv + first;
    a->nvecs = argc - first;
    if (a->nvecs == 0)
        return stc_cli_error(&sim_cmd, "no vector files given");
    if (a->trace && !trace_is(a->trace, ".fst") && !trace_is(a->trace, ".vcd"))
        return stc_cli_error(&sim_cmd, "--trace %s: name the waveform F.fst (FST) or F.vcd (VCD)",
                             a->trace);
    if (a->trace && (a->nvecs != 1 || !stc_rtl_can_trace()))
        return stc_cli_error(&sim_cmd, "--trace needs exactly one vector and the tracing build "
                                       "(make wave)");
    return 0;
}

static double clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The options that shape a run, as the reproduce line must repeat them. */
static void print_run_options(FILE *f, const sim_args *a)
{
    char q[4096];
    stc_run_cli_print(f, &a->run);
    if (a->run.stim.hold)
        fprintf(f, " --hold %" PRIu64, a->run.stim.hold);
    if (a->run.check.max_errors > 1)
        fprintf(f, " --max-errors %u", a->run.check.max_errors);
    for (int i = 1; i <= a->nplusargs; i++)
        fprintf(f, " --plusarg %s", stc_cli_quote(a->plusargs[i], q, sizeof q));
}

/* The make lines of a failure: the waveform and the debugger, on the RTL
 * this runner was built from (a tile of your own: its sources and top),
 * at the same level and with the same options; the marker on the
 * failure's cycle (mark, 0: none). */
static void print_reproduce(const sim_args *a, const char *path, uint64_t mark)
{
    char q0[4096], q1[4096], dir[4096];
    stc_run_build b = stc_lockstep_build(a->argv0, dir, sizeof dir);
    const char *qpath = stc_cli_quote(path, q1, sizeof q1);
    fprintf(stderr, "  reproduce: %s", stc_cli_quote(a->argv0, q0, sizeof q0));
    print_run_options(stderr, a);
    fprintf(stderr, " %s\n", qpath);
    fputs("  waveform:  ", stderr);
    stc_run_cli_print_make(stderr, "wave", path, &a->run, &b, mark);
    fputs("\n  debug:     ", stderr);
    stc_run_cli_print_make(stderr, "sim-debug", path, &a->run, &b, 0);
    fputc('\n', stderr);
}

/* What stc_sim's run of one checked file needs (stc_run_file's ctx). */
typedef struct run_ctx {
    const sim_args *a;
    stc_rtl *rtl;
    stc_file_record *rec;
    sim_txn *txn;
} run_ctx;

/* Runs one checked vector or stream on the shared RTL instance
 * (stc_file_run_fn). */
static void run_checked(void *ctx, const stc_stream *s, stc_file_outcome *f)
{
    const run_ctx *c = ctx;
    stc_run_opts o = c->a->run;

    stc_file_facts_of(s, &c->rec->facts);
    o.report.vec_path = f->path;
    stc_status st = stc_lockstep_stream(c->rtl, s, &o, &f->res);
    if (st != STC_OK) {
        snprintf(f->message, sizeof f->message, "%s: cannot run: %s%s", f->path, stc_status_str(st),
                 o.check.level == STC_LEVEL_TXN && st == STC_EIO
                     ? " (the golden model fails its own run, see above)"
                 : o.stim.meta_fault ? " (--meta-fault needs a 2:4 command with a loaded block)"
                                     : " (a command is larger than this build's M_MAX or KB_MAX)");
        f->error = true;
        return;
    }
    f->pass = f->res.pass;
    /* A lockstep failure may be timing only (another micro-architecture):
     * the same file at the txn level tells (not while tracing: one trace
     * per run). */
    if (!f->pass && o.check.level != STC_LEVEL_TXN && !o.check.bare && !c->a->trace) {
        stc_run_opts t = o;
        t.check.level = STC_LEVEL_TXN;
        t.report.log = NULL;
        t.check.max_errors = 1;
        c->txn->tried = stc_lockstep_stream(c->rtl, s, &t, &c->txn->res) == STC_OK;
    }
}

/* Runs one vector or stream file on the shared RTL instance: its record
 * into rec, a lockstep failure's txn re-run into txn (zeroed by the
 * caller). */
static void run_one(const sim_args *a, stc_rtl *rtl, const char *path, stc_file_record *rec,
                    sim_txn *txn)
{
    stc_params p;
    run_ctx c = {a, rtl, rec, txn};
    double t0 = now_seconds();

    memset(rec, 0, sizeof *rec);
    stc_rtl_params(&p);
    stc_run_file(path, p.n, "sim", run_checked, &c, &rec->f);
    rec->seconds = now_seconds() - t0;
}

/* What the txn re-run of a lockstep failure says about it. A pass there
 * with every command completing at the model's cycle is no timing
 * difference: what failed (first, the lockstep's first signal) is a probe
 * or a counter rule that txn does not check, and pointing the designer at
 * txn would hide it (a tile that counts a stalled cycle twice). */
static void print_diagnosis(const sim_txn *txn, const char *first)
{
    const stc_run_result *t = &txn->res;
    if (!txn->tried)
        return;
    if (t->pass && t->delta_min == 0 && t->delta_max == 0)
        fprintf(stderr,
                "  diagnosis: not timing: at --compare txn every command completes at the "
                "golden model's cycle with the same result rows and err_o, and what fails here "
                "(%s) is a probe or counter rule that txn does not check\n",
                first);
    else if (t->pass)
        fprintf(stderr,
                "  diagnosis: at --compare txn this file passes: the same result rows and err_o "
                "verdicts at other cycles (RTL minus model completion: min %" PRId64
                ", max %" PRId64 " cycles). The RTL's micro-architecture differs from the golden "
                "model's; if that is intended, check it with --compare txn (make sim "
                "COMPARE=txn)\n",
                t->delta_min, t->delta_max);
    else
        fprintf(stderr,
                "  diagnosis: it fails at --compare txn too (%s, command %d): a functional "
                "difference, not only timing\n",
                t->first_signal, t->first_cmd);
}

static void print_outcome(const sim_args *a, int i, const stc_file_record *r, const sim_txn *txn)
{
    bool quiet = a->run.report.quiet;
    if (stc_run_report_file((unsigned)i, (unsigned)a->nvecs, &r->f, quiet) && !r->f.error) {
        print_diagnosis(txn, r->f.res.first_signal);
        print_reproduce(a, r->f.path, r->f.res.first_bad_cycle);
    }
}

/* The options of the reproduce line as one string (free it), for the
 * JUnit report's copy of that line; NULL when out of memory. */
static char *run_options(const sim_args *a)
{
    char *opts = NULL;
    size_t olen = 0;
    FILE *m = open_memstream(&opts, &olen);
    if (!m)
        return NULL;
    print_run_options(m, a);
    fclose(m);
    return opts;
}

/* --junit and --csv (sim/core/stc_run_report.h); returns how many could
 * not be written, each said on stderr. */
static int write_reports(const sim_args *a, const stc_file_record *recs, int failed, int errors)
{
    char err[STC_VEC_ERR_MAX];
    stc_params p;
    int bad = 0;
    char *opts = run_options(a);
    stc_rtl_params(&p);
    stc_run_info run = {.n = p.n,
                        .seed = a->run.stim.seed,
                        .stall_pct = a->run.stim.stall_pct,
                        .policy = a->run.stim.policy,
                        .argv0 = a->argv0,
                        .options = opts ? opts : "",
                        .failures = (unsigned)failed,
                        .errors = (unsigned)errors};
    if (a->junit &&
        stc_run_report_junit(a->junit, &run, recs, (unsigned)a->nvecs, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_sim: %s\n", err);
        bad++;
    }
    if (a->csv &&
        stc_run_report_csv(a->csv, &run, recs, (unsigned)a->nvecs, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_sim: %s\n", err);
        bad++;
    }
    free(opts);
    return bad;
}

/* The trace: Verilator writes FST by name into the temporary of an
 * stc_out_open_named (beside the file the user named); a .vcd name gets it
 * converted by fst2vcd into a second temporary, and the FST is dropped. */
typedef struct sim_trace {
    stc_out fst; /* what Verilator writes */
    stc_out vcd; /* fst2vcd's output, for a .vcd name */
    bool to_vcd;
} sim_trace;

static int trace_open(sim_trace *t, stc_rtl *rtl, const char *path)
{
    char err[4200];
    memset(t, 0, sizeof *t);
    t->to_vcd = trace_is(path, ".vcd");
    if (stc_out_open_named(&t->fst, path, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_sim: --trace %s\n", err);
        return -1;
    }
    if (stc_rtl_trace_open(rtl, t->fst.tmp) != STC_OK) {
        fprintf(stderr, "stc_sim: cannot open trace %s\n", path);
        stc_out_close(&t->fst, false, NULL, 0);
        return -1;
    }
    return 0;
}

/* After the model (and so its trace) is closed: commit the file. */
static int trace_finish(sim_trace *t, const char *path, uint64_t cycles)
{
    char err[4200];
    if (!t->to_vcd) {
        if (stc_out_close(&t->fst, true, err, sizeof err) != STC_OK) {
            fprintf(stderr, "stc_sim: %s\n", err);
            return -1;
        }
        printf("trace written: %s (%" PRIu64 " cycles)\n", path, cycles);
        return 0;
    }
    int rc = -1;
    if (stc_out_open_named(&t->vcd, path, err, sizeof err) == STC_OK) {
        char *argv[] = {"fst2vcd", "-f", t->fst.tmp, "-o", t->vcd.tmp, NULL};
        rc = stc_cli_run_tool(argv) == 0 ? 0 : -1;
        if (stc_out_close(&t->vcd, rc == 0, err, sizeof err) != STC_OK)
            rc = -1;
        else if (rc != 0)
            snprintf(err, sizeof err, "cannot write %s: fst2vcd failed or is missing (make deps)",
                     path);
    }
    stc_out_close(&t->fst, false, NULL, 0);
    if (rc != 0) {
        fprintf(stderr, "stc_sim: %s\n", err);
        return -1;
    }
    printf("trace written: %s (VCD, %" PRIu64 " cycles)\n", path, cycles);
    return 0;
}

int main(int argc, char **argv)
{
    sim_args a;
    stc_rtl *rtl;
    int failed = 0, errors = 0;

    int parsed = parse_args(&a, argc, argv);
    if (parsed != 0)
        return parsed == STC_CLI_HELP ? 0 : 2;
    if (stc_rtl_create(a.nplusargs + 1, a.plusargs, &rtl) != STC_OK) {
        fprintf(stderr, "stc_sim: cannot create the RTL model\n");
        return 2;
    }
    stc_file_record *recs = calloc((size_t)a.nvecs, sizeof *recs);
    sim_trace trace;
    if (!recs || (a.trace && trace_open(&trace, rtl, a.trace) != 0)) {
        free(recs);
        stc_rtl_destroy(rtl);
        return 2;
    }
    /* CPU time, not wall time: the speed figure should not depend on what
     * else the machine is doing. */
    double cpu0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
    uint64_t sim_cycles = 0, cmds = 0, cmds_all = 0;
    for (int i = 0; i < a.nvecs; i++) {
        sim_txn txn = {0};
        const stc_file_outcome *f = &recs[i].f;
        run_one(&a, rtl, a.vecs[i], &recs[i], &txn);
        sim_cycles += f->res.cycles;
        cmds += f->res.cmds_done;
        cmds_all += f->ncmd;
        print_outcome(&a, i, &recs[i], &txn);
        errors += f->error;
        failed += !f->pass && !f->error;
    }
    stc_rtl_destroy(rtl);
    if (a.trace && trace_finish(&trace, a.trace, sim_cycles) != 0)
        errors++;
    int reports_bad = write_reports(&a, recs, failed, errors);
    stc_params p;
    stc_rtl_params(&p);
    double cpu = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
    /* Which micro-architectures ran, unless both are the base tile. */
    char uarch[48] = "";
    if (p.uarch != STC_UARCH_BASE || a.run.check.uarch_set)
        snprintf(uarch, sizeof uarch, " rtl=%s%s%s", stc_uarch_name(p.uarch),
                 a.run.check.uarch_set ? " model=" : "",
                 a.run.check.uarch_set ? stc_uarch_name(a.run.check.uarch) : "");
    /* Every command done: their number; else how many of how many (a
     * failing run stops early, and "0 commands" would say none ran). */
    char ncmds[64];
    if (cmds == cmds_all)
        snprintf(ncmds, sizeof ncmds, "%" PRIu64, cmds);
    else
        snprintf(ncmds, sizeof ncmds, "%" PRIu64 " of %" PRIu64, cmds, cmds_all);
    printf("cosim N=%u stall=%u%% seed=%" PRIu64 "%s%s: %s commands, %" PRIu64
           " cycles in %.3f s CPU (%.0f cycles/s)\n",
           p.n, a.run.stim.stall_pct, a.run.stim.seed,
           a.run.check.bare ? " (bare RTL, no compare)" : "", uarch, ncmds, sim_cycles, cpu,
           cpu > 0 ? (double)sim_cycles / cpu : 0.0);
    printf("cosim: %d passed, %d failed\n", a.nvecs - failed - errors, failed + errors);
    free(recs);
    if (errors || reports_bad)
        return 2;
    return failed ? 1 : 0;
}
