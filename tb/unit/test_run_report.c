// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_run_report.c - the per-file lines of the runners
 * (sim/core/stc_run_report.c) and a mismatch's diff line
 * (stc_compare.c), as a person reads them: each field in its place, the
 * file's index, the FAIL on stderr, n/a for an RTL without counters;
 * and the per-file layer before them (sim/core/stc_run_file.c): what it
 * refuses as bad input and what it hands to the runner.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "capture.h"
#include "scratch.h"
#include "stc_compare.h"
#include "stc_gen.h"
#include "stc_run_report.h"

static stc_run_result report_result(void)
{
    stc_run_result r;
    memset(&r, 0, sizeof r);
    r.pass = true;
    r.counters = true;
    r.cycles = 250;
    r.cnt[STC_CNT_CYCLES] = 248;
    r.cnt[STC_CNT_STALL_CYCLES] = 3;
    r.cnt[STC_CNT_MACS_ALG] = 4096;
    r.cnt[STC_CNT_MACS_ACTUAL] = 2042;
    r.cnt[STC_CNT_MACS_GATED] = 6;
    r.cnt[STC_CNT_MACS_SKIPPED] = 2048;
    r.cmds_done = 40;
    r.faults_seen = 8;
    return r;
}

static stc_file_outcome outcome(const char *path, unsigned ncmd, const stc_run_result *r)
{
    stc_file_outcome o;
    memset(&o, 0, sizeof o);
    o.path = path;
    o.ncmd = ncmd;
    o.res = *r;
    o.pass = r->pass;
    return o;
}

Test(run_report, single_command_line_with_counters)
{
    stc_run_result r = report_result();
    stc_file_outcome f = outcome("a.vec", 1, &r);
    t_capture c = t_capture_begin(stdout);
    cr_assert_not(stc_run_report_file(4, 19, &f, false));
    cr_assert_str_eq(t_captured(&c), "[  5/19] PASS a.vec  cycles=248 stall=3 macs: alg=4096 "
                                     "actual=2042 gated=6 skipped=2048\n");
}

Test(run_report, stream_line_and_a_failure_on_stderr)
{
    stc_run_result r = report_result();
    r.pass = false;
    r.first_bad_cycle = 706;
    r.first_cmd = 6;
    strcpy(r.first_signal, "err_o: sticky");
    stc_file_outcome f = outcome("s.vec", 40, &r);
    t_capture c = t_capture_begin(stderr);
    cr_assert(stc_run_report_file(0, 4, &f, true));
    cr_assert_str_eq(t_captured(&c),
                     "[  1/4] FAIL s.vec  commands=40/40 (8 with an illegal nibble) cycles=250\n"
                     "  first divergence: cycle 706, err_o: sticky (command 6)\n");
}

Test(run_report, rtl_without_counters_says_na_beside_the_model)
{
    stc_run_result r = report_result();
    r.counters = false;
    memcpy(r.model_cnt, r.cnt, sizeof r.cnt);
    memset(r.cnt, 0, sizeof r.cnt);
    r.model_cycles = 251;
    r.model_cnt[STC_CNT_MACS_ALG] = 70000; /* past 16 bits */
    stc_file_outcome f = outcome("a.vec", 1, &r);
    t_capture c = t_capture_begin(stdout);
    cr_assert_not(stc_run_report_file(1, 2, &f, false));
    cr_assert_str_eq(t_captured(&c),
                     "[  2/2] PASS a.vec  cycles=n/a stall=n/a macs: alg=n/a actual=n/a gated=n/a "
                     "skipped=n/a (the RTL has no dbg_cnt_o; model: cycles=248 stall=3 macs: "
                     "alg=70000 actual=2042 gated=6 skipped=2048)\n"
                     "  txn: 0 command(s) compared; RTL minus model completion cycle: min 0, "
                     "mean 0.0, max 0 (negative: RTL ahead); RTL 250 cycles, model 251\n");
}

Test(run_report, quiet_pass_prints_nothing_and_errors_always)
{
    stc_run_result r = report_result();
    stc_file_outcome f = outcome("a.vec", 1, &r);
    t_capture c = t_capture_begin(stdout);
    cr_assert_not(stc_run_report_file(0, 1, &f, true));
    cr_assert_str_eq(t_captured(&c), "");
    stc_file_outcome e = outcome("b.vec", 1, &r);
    e.error = true;
    strcpy(e.message, "b.vec:3: bad hex");
    c = t_capture_begin(stderr);
    cr_assert(stc_run_report_file(2, 3, &e, true));
    cr_assert_str_eq(t_captured(&c), "[  3/3] ERROR b.vec:3: bad hex\n");
}

/* A diff line: the signal, both values in decimal and as 32-bit hex (a
 * negative value's two's complement, all 32 bits). */
Test(run_report, diff_line_shows_32_bit_values)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cr_assert_not_null(f);
    stc_diff d = {"pe_prod", 1, 0, 16384, -16256};
    stc_diff_print(f, &d);
    fclose(f);
    cr_assert_str_eq(text,
                     "  pe_prod[1][0]          expected       16384 (0x00004000)  actual      "
                     "-16256 (0xffffc080)\n");
    free(text);
}

/* ---- the per-file layer ------------------------------------------------------- */

/* The runner's side of stc_run_file: counts its calls, passes. */
static void count_run(void *ctx, const stc_stream *s, stc_file_outcome *out)
{
    (*(unsigned *)ctx)++;
    out->res.cmds_done = s->ncmd;
    out->pass = true;
}

/* A sp24 vector for N=4 in dir/name; with a wrong stored C when bad_c. */
static void write_vector(const char *path, bool bad_c)
{
    stc_gen_opts o;
    stc_vec v;
    char err[STC_VEC_ERR_MAX];
    memset(&v, 0, sizeof v);
    stc_gen_opts_init(&o);
    o.cls = "sp24";
    o.n = 4;
    o.m = 2;
    o.k = 16;
    o.seed = 1;
    cr_assert_eq(stc_gen_vector(&o, &v, err, sizeof err), STC_OK, "%s", err);
    if (bad_c)
        v.c[1 * 4 + 2] ^= 1;
    cr_assert_eq(stc_vec_write(path, &v, err, sizeof err), STC_OK, "%s", err);
    stc_vec_free(&v);
}

/* One run of stc_run_file on a vector written to a scratch directory. */
typedef struct rf_case {
    char dir[256], path[300];
    unsigned calls; /* runs the runner saw */
    stc_file_outcome o;
} rf_case;

static void rf_run(rf_case *c, bool bad_c, unsigned build_n, const char *target)
{
    c->calls = 0;
    tu_tmpdir(c->dir, sizeof c->dir, "runfile");
    snprintf(c->path, sizeof c->path, "%s/%s.vec", c->dir, bad_c ? "bad-c" : "good");
    write_vector(c->path, bad_c);
    stc_run_file(c->path, build_n, target, count_run, &c->calls, &c->o);
}

Test(run_file, a_good_file_reaches_the_runner)
{
    rf_case c;
    rf_run(&c, false, 4, "sim");
    cr_expect_eq(c.calls, 1u);
    cr_expect(c.o.pass && !c.o.error);
    cr_expect_eq(c.o.ncmd, 1u);
    cr_expect_eq(c.o.res.cmds_done, 1u);
    cr_expect_str_eq(c.o.path, c.path);
    tu_rmdir(c.dir);
}

/* Another N names the make target that builds a runner for it; the
 * runner never sees the file. */
Test(run_file, another_n_is_bad_input_naming_the_target)
{
    rf_case c;
    char want[512];
    rf_run(&c, false, 16, "sim-sc");
    cr_expect_eq(c.calls, 0u);
    cr_expect(c.o.error && !c.o.pass);
    snprintf(want, sizeof want,
             "%s: vector is for n=4 but this runner was built for N=16 (make sim-sc N=4)", c.path);
    cr_expect_str_eq(c.o.message, want);
    tu_rmdir(c.dir);
}

/* A wrong stored C is bad input, never an RTL failure: the runner never
 * runs it, the message names the file and the first wrong element. */
Test(run_file, a_wrong_expected_c_is_bad_input)
{
    rf_case c;
    rf_run(&c, true, 4, "sim");
    cr_expect_eq(c.calls, 0u);
    cr_expect(c.o.error && !c.o.pass);
    cr_expect(strstr(c.o.message, c.path) == c.o.message, "%s", c.o.message);
    cr_expect(strstr(c.o.message, "row 1, column 2") != NULL, "%s", c.o.message);
    tu_rmdir(c.dir);
}

Test(run_file, a_missing_file_is_bad_input)
{
    unsigned calls = 0;
    stc_file_outcome o;
    stc_run_file("/nonexistent/x.vec", 4, "sim", count_run, &calls, &o);
    cr_expect_eq(calls, 0u);
    cr_expect(o.error && !o.pass);
    cr_expect(strstr(o.message, "/nonexistent/x.vec") != NULL, "%s", o.message);
}
