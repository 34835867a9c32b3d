// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_debug_main.c - debug aid for one failing vector: a windowed failure
 * trace (RTL beside the golden model, per-signal mismatch flags) as FST
 * with a GTKWave save file whose marker sits on the first divergent cycle,
 * and a shrunk vector that still fails, with its own trace.
 *
 * Exit status: 0 the vector passes (nothing to debug), 1 it fails (the
 * debug files are written), 2 bad input or set-up error.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "stc_lockstep.h"
#include "stc_run_cli.h"
#include "stc_shrink.h"
#include "stc_trace.h"

#define PATH_LEN 4096
/* The shrinker's default budget as text, for the help. */
#define RUNS_TEXT_(x) #x
#define RUNS_TEXT(x) RUNS_TEXT_(x)

typedef struct dbg_args {
    stc_run_opts run; /* the failing run's replay options (only those) */
    unsigned before, after;
    unsigned max_runs;
    bool any_failure;
    bool shrink;
    const char *out_dir;
    const char *vec;
    const char *argv0;
} dbg_args;

/* What one windowed trace produced. */
typedef struct dbg_trace {
    stc_run_result res;
    uint64_t marker, first, last;
    char dump[PATH_LEN + 16];
    char gtkw[PATH_LEN + 16];
    stc_diff top[STC_WINDOW_TOP_MAX];
    unsigned ntop;
} dbg_trace;

enum {
    OPT_WINDOW = 1,
    OPT_AFTER,
    OPT_OUT,
    OPT_MAX_RUNS,
    OPT_ANY_FAILURE,
    OPT_NO_SHRINK,
};

static const stc_opt dbg_opts[] = {
    {OPT_WINDOW, "window", 0, "W", "cycles traced before the first divergence (default 64)"},
    {OPT_AFTER, "after", 0, "A", "cycles traced after it (default 8)"},
    {OPT_OUT, "out", 0, "DIR", "output directory (default build/fail)"},
    {OPT_MAX_RUNS, "max-runs", 0, "R",
     "shrinker budget in lockstep runs (default " RUNS_TEXT(STC_SHRINK_DEFAULT_RUNS) ")"},
    {OPT_ANY_FAILURE, "any-failure", 0, NULL, "shrink to any failure, not only the same signal"},
    {OPT_NO_SHRINK, "no-shrink", 0, NULL, "only the failure trace"},
    {0, NULL, 0, NULL, NULL},
};

static const stc_cmd dbg_cmd = {
    "stc_debug",
    "[options] VECTOR.vec|STREAM.vec",
    "Debugs one failing vector or stream: a failure trace (RTL beside the golden model)\n"
    "with a GTKWave save file at the first divergence, and a shrunk vector that still\n"
    "fails. Give the failing run's own --seed, --stall, --policy, --reset-at, --meta-fault.",
    {stc_run_cli_stalls, stc_run_cli_streams, stc_run_cli_compare, dbg_opts},
    "Writes DIR/<vector>-s<S>-p<P>.{fst,gtkw} and, shrunk, .min.{vec,fst,gtkw}. A stream is\n"
    "first cut down to the failing command (alone, with the one before it, or the prefix\n"
    "up to it), which is then shrunk like a vector.",
    "0 the vector passes, 1 it fails (files written), 2 bad input or set-up error",
};

/* Applies one option (stc_cli_apply_fn); returns 0, or STC_CLI_ERROR. */
static int apply_option(void *ctx, int id, const char *val)
{
    dbg_args *a = ctx;
    const stc_cmd *c = &dbg_cmd;
    uint64_t v = 0;
    switch (id) {
    case OPT_ANY_FAILURE:
        a->any_failure = true;
        return 0;
    case OPT_NO_SHRINK:
        a->shrink = false;
        return 0;
    case OPT_OUT:
        a->out_dir = val;
        return 0;
    case OPT_WINDOW:
        if (stc_cli_number(c, "window", val, 0, 100000, &v))
            return STC_CLI_ERROR;
        a->before = (unsigned)v;
        return 0;
    case OPT_AFTER:
        if (stc_cli_number(c, "after", val, 0, 100000, &v))
            return STC_CLI_ERROR;
        a->after = (unsigned)v;
        return 0;
    case OPT_MAX_RUNS:
        if (stc_cli_number(c, "max-runs", val, 1, 1000000, &v))
            return STC_CLI_ERROR;
        a->max_runs = (unsigned)v;
        return 0;
    default:
        return stc_run_cli_apply(c, &a->run, id, val);
    }
}

/* Returns 0, STC_CLI_HELP or STC_CLI_ERROR. */
static int parse_args(dbg_args *a, int argc, char **argv)
{
    int first = argc;
    memset(a, 0, sizeof *a);
    a->argv0 = argv[0];
    a->run.stim.seed = 1;
    a->before = 64;
    a->after = 8;
    a->shrink = true;
    a->out_dir = "build/fail";
    int rc = stc_cli_parse(&dbg_cmd, argc, argv, apply_option, a, &first);
    if (rc)
        return rc;
    if (first == argc)
        return stc_cli_error(&dbg_cmd, "no vector file given");
    if (first + 1 < argc)
        return stc_cli_error(&dbg_cmd, "one vector at a time");
    a->vec = argv[first];
    return 0;
}

/* mkdir -p */
static int make_dirs(const char *path)
{
    char buf[PATH_LEN];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
        return -1;
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

/* The failing run's options (the window hook is added by trace_run). */
static stc_run_opts run_opts(const dbg_args *a, unsigned stall_pct)
{
    stc_run_opts ro = a->run;
    ro.stim.stall_pct = stall_pct;
    ro.check.max_errors = a->after + 1;
    return ro;
}

/* Runs s with the window hook, writes prefix.fst and prefix.gtkw. At the
 * txn level there is no lockstep divergence to centre a window on (the
 * model runs on its own timeline): the run only fills t->res. */
static stc_status trace_run(stc_rtl *rtl, const stc_stream *s, const dbg_args *a,
                            unsigned stall_pct, const char *prefix, dbg_trace *t)
{
    stc_window w;
    stc_run_opts ro = run_opts(a, stall_pct);
    char abs[PATH_MAX];
    memset(t, 0, sizeof *t);
    if (a->run.check.level == STC_LEVEL_TXN) {
        ro.check.max_errors = 1;
        return stc_lockstep_stream(rtl, s, &ro, &t->res);
    }
    stc_status st = stc_window_init(&w, s->cmd[0].n, a->before, a->after);
    w.ports_only = a->run.check.level == STC_LEVEL_PORTS;
    ro.report.on_cycle = stc_window_hook;
    ro.report.hook_ctx = &w;
    if (st == STC_OK)
        st = stc_lockstep_stream(rtl, s, &ro, &t->res);
    if (st == STC_OK && !t->res.pass) {
        snprintf(t->dump, sizeof t->dump, "%s.fst", prefix);
        snprintf(t->gtkw, sizeof t->gtkw, "%s.gtkw", prefix);
        st = stc_window_write_fst(&w, t->dump, a->vec);
        const char *dump = realpath(t->dump, abs) ? abs : t->dump;
        if (st == STC_OK)
            st = stc_window_write_gtkw(&w, dump, t->gtkw);
        t->marker = stc_window_marker_cycle(&w);
        stc_window_span(&w, &t->first, &t->last);
        t->ntop = w.ntop;
        memcpy(t->top, w.top, sizeof t->top);
    }
    stc_window_free(&w);
    return st;
}

/* build/stc_debug-n4 -> build/stc_sim-n4 (the runner built beside us). */
static void runner_path(const char *argv0, char *buf, size_t len)
{
    const char *p = strstr(argv0, "stc_debug");
    if (!p) {
        snprintf(buf, len, "build/stc_sim-n<N>");
        return;
    }
    snprintf(buf, len, "%.*sstc_sim%s", (int)(p - argv0), argv0, p + strlen("stc_debug"));
}

/* The runner's options that replay a run of a at stall_pct. */
static void print_replay(const dbg_args *a, unsigned stall_pct)
{
    stc_run_opts ro = a->run;
    ro.stim.stall_pct = stall_pct;
    stc_run_cli_print(stdout, &ro);
}

/* At txn: where the RTL's waveform comes from instead of a lockstep
 * window: make wave, the whole run at the same level on the same RTL
 * (rebuilt by make when it changed), the marker on the failure's cycle. */
static void print_txn_trace(const char *what, const dbg_args *a, unsigned stall_pct,
                            const char *vec, uint64_t mark)
{
    char dir[PATH_LEN];
    stc_run_opts ro = a->run;
    ro.stim.stall_pct = stall_pct;
    stc_run_build b = stc_lockstep_build(a->argv0, dir, sizeof dir);
    printf("  %s: no lockstep window at --compare txn (the model runs on its own timeline); "
           "the RTL's whole run as FST, the marker on cycle %" PRIu64 ":\n    ",
           what, mark);
    stc_run_cli_print_make(stdout, "wave", vec, &ro, &b, mark);
    printf("\n");
}

static void print_trace(const char *what, const dbg_trace *t)
{
    printf("  %s trace: %s  (cycles %" PRIu64 "..%" PRIu64 "; rtl_*, ref_*, mismatch_*)\n", what,
           t->dump, t->first, t->last);
    printf("  %s save file: %s  (marker on cycle %" PRIu64 ")\n", what, t->gtkw, t->marker);
    char q0[PATH_LEN + 24], q1[PATH_LEN + 24];
    printf("  open with: gtkwave %s %s\n", stc_cli_quote(t->dump, q0, sizeof q0),
           stc_cli_quote(t->gtkw, q1, sizeof q1));
}

static void print_failure(const stc_stream *s, const dbg_args *a, unsigned stall, const char *path,
                          const dbg_trace *t)
{
    const stc_vec *v = &s->cmd[0];
    if (s->ncmd > 1)
        printf("stc_debug: FAIL %s (n=%u, %u commands, policy %s, seed %" PRIu64 ", stall %u%%)\n",
               path, v->n, s->ncmd, stc_policy_name(a->run.stim.policy), a->run.stim.seed, stall);
    else
        printf("stc_debug: FAIL %s (n=%u m=%u k=%u %s, seed %" PRIu64 ", stall %u%%)\n", path, v->n,
               v->m, v->k, v->mode24 ? "2:4" : "dense", a->run.stim.seed, stall);
    if (t->res.mismatch_cycles) {
        printf("  first divergence: cycle %" PRIu64 ", %s", t->res.first_bad_cycle,
               t->res.first_signal);
        if (s->ncmd > 1)
            printf(" (command %d)", t->res.first_cmd);
        printf("\n");
        for (unsigned i = 0; i < t->ntop; i++)
            stc_diff_print(stdout, &t->top[i]);
    } else if (strncmp(t->res.first_signal, "txn:", 4) == 0) {
        printf("  transaction mismatch (%s) of command %d, RTL cycle %" PRIu64
               "; the runner's --compare txn report names the row, column and both cycles\n",
               t->res.first_signal, t->res.first_cmd, t->res.first_bad_cycle);
    } else if (t->res.check_failed || t->res.result_mismatch) {
        printf("  no cycle diverged; broken rule at cycle %" PRIu64 ": %s (command %d)\n",
               t->res.first_bad_cycle, t->res.first_signal, t->res.first_cmd);
    } else if (t->res.timeout) {
        printf("  no cycle diverged: hung at cycle %" PRIu64 " %s (the TIMEOUT line of the runner "
               "says which handshake waits since when)\n",
               t->res.first_bad_cycle, t->res.first_signal);
    } else {
        printf("  no cycle diverged: final result differs\n");
    }
}

/* Shrinks, writes prefix.min.vec and its trace. */
static int shrink_and_trace(stc_rtl *rtl, const stc_vec *v, const dbg_args *a, const char *prefix)
{
    stc_shrink_opts so = {a->run, a->max_runs, a->any_failure};
    if (a->run.stim.policy != STC_POLICY_B2B || a->run.stim.reset_at || a->run.stim.meta_fault)
        return 1; /* the shrinker replays plain runs only */
    stc_shrink_result sr;
    dbg_trace t;
    char path[PATH_LEN + 16], tprefix[PATH_LEN + 16], runner[PATH_LEN], err[STC_VEC_ERR_MAX];
    stc_status st = stc_shrink(rtl, v, &so, &sr);
    if (st != STC_OK) {
        fprintf(stderr, "stc_debug: shrinking failed: %s\n", stc_status_str(st));
        return 2;
    }
    if (!sr.failed) {
        stc_vec_free(&sr.vec);
        return 0;
    }
    snprintf(path, sizeof path, "%s.min.vec", prefix);
    snprintf(tprefix, sizeof tprefix, "%s.min", prefix);
    if (stc_vec_write(path, &sr.vec, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_debug: %s\n", err);
        stc_vec_free(&sr.vec);
        return 2;
    }
    runner_path(a->argv0, runner, sizeof runner);
    if (sr.res.timeout && sr.accepted == 0 && sr.stall_pct == a->run.stim.stall_pct)
        printf("  the hang does not shrink: no vector with fewer blocks, rows or nonzeros, nor "
               "without stalls, hangs on the same handshake (%u runs); the minimal vector is the "
               "original\n",
               sr.runs);
    printf("  minimal vector: %s  (m %u -> %u, k %u -> %u, nonzeros %zu -> %zu, stall %u -> %u; "
           "%u runs, fails on %s)\n",
           path, v->m, sr.vec.m, v->k, sr.vec.k, stc_shrink_nonzeros(v),
           stc_shrink_nonzeros(&sr.vec), a->run.stim.stall_pct, sr.stall_pct, sr.runs,
           sr.signature);
    char q0[PATH_LEN + 8], q1[PATH_LEN + 8];
    printf("  reproduce: %s", stc_cli_quote(runner, q0, sizeof q0));
    print_replay(a, sr.stall_pct);
    printf(" %s\n", stc_cli_quote(path, q1, sizeof q1));
    stc_stream one = {1, &sr.vec};
    st = trace_run(rtl, &one, a, sr.stall_pct, tprefix, &t);
    if (st == STC_OK && !t.res.pass && a->run.check.level == STC_LEVEL_TXN) {
        printf("  minimal failure: %s (command %d, RTL cycle %" PRIu64 ")\n", t.res.first_signal,
               t.res.first_cmd, t.res.first_bad_cycle);
        print_txn_trace("minimal", a, sr.stall_pct, path, t.res.first_bad_cycle);
    } else if (st == STC_OK && !t.res.pass) {
        printf("  minimal first divergence: cycle %" PRIu64 ", %s\n", t.res.first_bad_cycle,
               t.res.first_signal);
        print_trace("minimal", &t);
    }
    stc_vec_free(&sr.vec);
    return st == STC_OK ? 1 : 2;
}

/* Does the stream s fail, with the run options of a? */
static bool stream_fails(stc_rtl *rtl, const stc_stream *s, const dbg_args *a, unsigned stall)
{
    stc_run_opts ro = run_opts(a, stall);
    stc_run_result res;
    ro.check.max_errors = 1;
    return stc_lockstep_stream(rtl, s, &ro, &res) == STC_OK && !res.pass;
}

/* Cuts a failing stream down to the shortest of: the failing command alone
 * (after a reset), the command before it and it, the prefix up to it. The
 * commands are shared with s, not copied (cut->cmd points into s). */
static bool cut_stream(stc_rtl *rtl, const stc_stream *s, const dbg_args *a, int bad,
                       stc_stream *cut)
{
    unsigned c = bad < 0 || (unsigned)bad >= s->ncmd ? s->ncmd - 1 : (unsigned)bad;
    unsigned from[3] = {c, c > 0 ? c - 1 : c, 0};
    for (int i = 0; i < 3; i++) {
        cut->cmd = s->cmd + from[i];
        cut->ncmd = c - from[i] + 1;
        if (cut->ncmd < s->ncmd && stream_fails(rtl, cut, a, a->run.stim.stall_pct))
            return true;
    }
    return false;
}

/* Writes the cut stream (a version-1 file when it is one clean command)
 * with its trace, and shrinks that command further when it can. */
static int reduce_stream(stc_rtl *rtl, const stc_stream *s, const dbg_args *a, int bad,
                         const char *prefix)
{
    stc_stream cut;
    dbg_trace t;
    char path[PATH_LEN + 16], tprefix[PATH_LEN + 16], runner[PATH_LEN], err[STC_VEC_ERR_MAX];
    if (!cut_stream(rtl, s, a, bad, &cut)) {
        printf("  the failure needs the whole stream (%u commands): nothing cut\n", s->ncmd);
        return 1;
    }
    snprintf(path, sizeof path, "%s.cut.vec", prefix);
    snprintf(tprefix, sizeof tprefix, "%s.cut", prefix);
    stc_status st = cut.ncmd == 1 && !cut.cmd[0].fault.on
                        ? stc_vec_write(path, &cut.cmd[0], err, sizeof err)
                        : stc_stream_write(path, &cut, err, sizeof err);
    if (st != STC_OK) {
        fprintf(stderr, "stc_debug: %s\n", err);
        return 2;
    }
    runner_path(a->argv0, runner, sizeof runner);
    printf("  cut stream: %s  (commands %u -> %u, starting at command %u)\n", path, s->ncmd,
           cut.ncmd, (unsigned)(cut.cmd - s->cmd));
    char q0[PATH_LEN + 8], q1[PATH_LEN + 8];
    printf("  reproduce: %s", stc_cli_quote(runner, q0, sizeof q0));
    print_replay(a, a->run.stim.stall_pct);
    printf(" %s\n", stc_cli_quote(path, q1, sizeof q1));
    if (trace_run(rtl, &cut, a, a->run.stim.stall_pct, tprefix, &t) == STC_OK && !t.res.pass) {
        if (a->run.check.level == STC_LEVEL_TXN)
            print_txn_trace("cut", a, a->run.stim.stall_pct, path, t.res.first_bad_cycle);
        else
            print_trace("cut", &t);
    }
    if (cut.ncmd == 1 && !cut.cmd[0].fault.on && a->run.stim.policy == STC_POLICY_B2B)
        return shrink_and_trace(rtl, &cut.cmd[0], a, tprefix);
    return 1;
}

static int debug_stream(stc_rtl *rtl, const stc_stream *s, const dbg_args *a)
{
    char prefix[PATH_LEN], base[256];
    dbg_trace t;
    const char *slash = strrchr(a->vec, '/');
    snprintf(base, sizeof base, "%s", slash ? slash + 1 : a->vec);
    char *dot = strrchr(base, '.');
    if (dot && strcmp(dot, ".vec") == 0)
        *dot = '\0';
    if (make_dirs(a->out_dir) != 0) {
        fprintf(stderr, "stc_debug: cannot create %s: %s\n", a->out_dir, strerror(errno));
        return 2;
    }
    snprintf(prefix, sizeof prefix, "%s/%s-s%" PRIu64 "-p%u", a->out_dir, base, a->run.stim.seed,
             a->run.stim.stall_pct);
    stc_status st = trace_run(rtl, s, a, a->run.stim.stall_pct, prefix, &t);
    if (st != STC_OK) {
        fprintf(stderr, "stc_debug: %s: %s\n", a->vec, stc_status_str(st));
        return 2;
    }
    if (t.res.pass) {
        printf("stc_debug: PASS %s (seed %" PRIu64 ", stall %u%%): nothing to debug\n", a->vec,
               a->run.stim.seed, a->run.stim.stall_pct);
        return 0;
    }
    print_failure(s, a, a->run.stim.stall_pct, a->vec, &t);
    if (a->run.check.level == STC_LEVEL_TXN)
        print_txn_trace("failure", a, a->run.stim.stall_pct, a->vec, t.res.first_bad_cycle);
    else
        print_trace("failure", &t);
    fflush(stdout);
    if (!a->shrink)
        return 1;
    if (s->ncmd > 1)
        return reduce_stream(rtl, s, a, t.res.first_cmd, prefix);
    return s->cmd[0].fault.on ? 1 : shrink_and_trace(rtl, &s->cmd[0], a, prefix);
}

int main(int argc, char **argv)
{
    dbg_args a;
    stc_stream s = {0, NULL};
    stc_params p;
    stc_rtl *rtl;
    char err[STC_VEC_ERR_MAX];
    int parsed = parse_args(&a, argc, argv);
    if (parsed != 0)
        return parsed == STC_CLI_HELP ? 0 : 2;
    if (stc_stream_read(a.vec, &s, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_debug: %s\n", err);
        return 2;
    }
    stc_rtl_params(&p);
    if (s.cmd[0].n != p.n) {
        fprintf(stderr, "stc_debug: %s is for n=%u, this build is N=%u (build/stc_debug-n%u)\n",
                a.vec, s.cmd[0].n, p.n, s.cmd[0].n);
        stc_stream_free(&s);
        return 2;
    }
    if (stc_rtl_create(0, NULL, &rtl) != STC_OK) {
        fprintf(stderr, "stc_debug: cannot create the RTL model\n");
        stc_stream_free(&s);
        return 2;
    }
    int rc = debug_stream(rtl, &s, &a);
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
    return rc;
}
