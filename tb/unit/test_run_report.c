// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_run_report.c - the per-file lines of the runners
 * (sim/core/stc_run_report.c) and a mismatch's diff line
 * (stc_compare.c), as a person reads them: each field in its place, the
 * file's index, the FAIL on stderr, n/a for an RTL without counters;
 * the per-file layer before them (sim/core/stc_run_file.c): what it
 * refuses as bad input and what it hands to the runner; and the files
 * after the run (stc_run_report.c again): the JUnit report and the CSV
 * rows, written out from their documented formats (stc_run_report.h,
 * docs/targets.md "stc_sim --csv"), a file's facts, and a report that
 * cannot be written.
 */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* report_result() failed at `cycle` in command `cmd` on `signal`. */
static stc_run_result failed_result(uint64_t cycle, int cmd, const char *signal)
{
    stc_run_result r = report_result();
    r.pass = false;
    r.first_bad_cycle = cycle;
    r.first_cmd = cmd;
    snprintf(r.first_signal, sizeof r.first_signal, "%s", signal);
    return r;
}

/* What stc_run_report_file writes to stderr for file i of total,
 * path with ncmd commands and result r (a failure: it returns true). */
static const char *failure_text(unsigned i, unsigned total, const char *path, unsigned ncmd,
                                const stc_run_result *r)
{
    stc_file_outcome f = outcome(path, ncmd, r);
    t_capture c = t_capture_begin(stderr);
    cr_assert(stc_run_report_file(i, total, &f, true));
    return t_captured(&c);
}

Test(run_report, stream_line_and_a_failure_on_stderr)
{
    stc_run_result r = failed_result(706, 6, "err_o: sticky");
    cr_assert_str_eq(failure_text(0, 4, "s.vec", 40, &r),
                     "[  1/4] FAIL s.vec  commands=40/40 done (8 with an illegal nibble), failed "
                     "in command 6 (legal) cycles=250\n"
                     "  first divergence: cycle 706, err_o: sticky (command 6)\n");
    /* The command that failed loads an illegal nibble: said so, whatever
     * the count of completed faulty commands (0 here). */
    r.first_cmd_fault = true;
    r.faults_seen = 0;
    r.cmds_done = 6;
    cr_assert_str_eq(failure_text(0, 4, "s.vec", 40, &r),
                     "[  1/4] FAIL s.vec  commands=6/40 done (0 with an illegal nibble), failed "
                     "in command 6 (it loads an illegal nibble) cycles=250\n"
                     "  first divergence: cycle 706, err_o: sticky (command 6)\n");
}

/* A stream that fails in its first command names command 0 on both
 * lines; a single vector's failure names no command (it has one). Kills
 * mutate-harness's 8317f77e14df (command 0 taken for "none": the
 * stream's line without it) and 53992ea61908 (a single vector's
 * divergence line with "(command 0)"). */
Test(run_report, a_failure_in_command_0_and_in_a_single_vector)
{
    stc_run_result r = failed_result(12, 0, "res_data[0]");
    r.cmds_done = 0;
    cr_assert_str_eq(failure_text(0, 2, "s.vec", 40, &r),
                     "[  1/2] FAIL s.vec  commands=0/40 done (8 with an illegal nibble), failed "
                     "in command 0 (legal) cycles=250\n"
                     "  first divergence: cycle 12, res_data[0] (command 0)\n");
    cr_assert_str_eq(failure_text(1, 2, "a.vec", 1, &r),
                     "[  2/2] FAIL a.vec  cycles=248 stall=3 macs: alg=4096 "
                     "actual=2042 gated=6 skipped=2048\n"
                     "  first divergence: cycle 12, res_data[0]\n");
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

/* A MISMATCH report shows STC_REPORT_DIFFS differences and counts the
 * rest on a line of its own. Kills mutate-harness's 5634ea3ffee5 (the
 * "... more" line dropped: the rest unsaid). */
Test(run_report, a_mismatch_beyond_the_shown_diffs_says_how_many_more)
{
    stc_diff d[STC_REPORT_DIFFS];
    for (int i = 0; i < STC_REPORT_DIFFS; i++)
        d[i] = (stc_diff){"res_data", -1, i % 4, i, i + 1};
    t_capture c = t_capture_begin(stderr);
    stc_report_mismatch(stderr, "a.vec", 9, d, STC_REPORT_DIFFS + 5);
    const char *text = t_captured(&c);
    cr_assert_not_null(strstr(text, "MISMATCH a.vec at cycle 9: 21 signal element(s) differ\n"),
                       "%s", text);
    cr_assert_not_null(strstr(text, "\n  ... 5 more\n"), "%s", text);
    c = t_capture_begin(stderr);
    stc_report_mismatch(stderr, "a.vec", 9, d, STC_REPORT_DIFFS);
    text = t_captured(&c);
    cr_assert_null(strstr(text, "more"), "%s", text);
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

/* ---- the JUnit report and the CSV --------------------------------------------- */

/* The run every report test writes: N=4, seed 7, stall 10 %, early. */
static stc_run_info report_run(void)
{
    stc_run_info run;
    memset(&run, 0, sizeof run);
    run.n = 4;
    run.seed = 7;
    run.stall_pct = 10;
    run.policy = STC_POLICY_EARLY;
    run.argv0 = "build/stc_sim-n4";
    run.options = " --seed 7 --stall 10 --policy early";
    return run;
}

static stc_file_record record(const char *path, unsigned ncmd, const stc_run_result *r,
                              double seconds)
{
    stc_file_record rec;
    memset(&rec, 0, sizeof rec);
    rec.f = outcome(path, ncmd, r);
    rec.seconds = seconds;
    return rec;
}

/* A file that could not run: no result, a message. */
static stc_file_record error_record(const char *path, const char *message)
{
    stc_file_record rec;
    memset(&rec, 0, sizeof rec);
    rec.f.path = path;
    rec.f.error = true;
    snprintf(rec.f.message, sizeof rec.f.message, "%s", message);
    return rec;
}

/* The whole of a file written by the code under test (a static buffer). */
static const char *slurp(const char *path)
{
    static char text[8192];
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s was not written", path);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    return text;
}

/* A pass, a mismatch and a file that could not run, in that order: one
 * testcase each, with the run's properties, the failure's first
 * divergence, the error's message and the line that replays each. */
Test(run_report, junit_pass_failure_and_error)
{
    char dir[256], path[300], err[STC_VEC_ERR_MAX];
    stc_run_result r = report_result();
    stc_run_info run = report_run();
    stc_file_record recs[3];
    recs[0] = record("a.vec", 1, &r, 0.25);
    r.pass = false;
    r.mismatch_cycles = 1;
    r.first_bad_cycle = 706;
    r.first_cmd = 6;
    strcpy(r.first_signal, "err_o: sticky");
    recs[1] = record("s.vec", 40, &r, 0.5);
    recs[2] = error_record("b.vec", "b.vec:3: bad hex");
    run.failures = 1;
    run.errors = 1;
    tu_tmpdir(dir, sizeof dir, "junit");
    snprintf(path, sizeof path, "%s/r.xml", dir);
    cr_assert_eq(stc_run_report_junit(path, &run, recs, 3, err, sizeof err), STC_OK, "%s", err);
    cr_expect_str_eq(
        slurp(path),
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuite name=\"cosim.n4.stall10\" tests=\"3\" failures=\"1\" errors=\"1\" "
        "time=\"0.750000\">\n"
        "  <testcase classname=\"cosim.n4.stall10\" name=\"a.vec\" time=\"0.250000\">\n"
        "    <properties><property name=\"seed\" value=\"7\"/>"
        "<property name=\"stall_pct\" value=\"10\"/><property name=\"policy\" value=\"early\"/>"
        "<property name=\"commands\" value=\"1\"/><property name=\"cycles\" value=\"250\"/>"
        "<property name=\"macs_alg\" value=\"4096\"/>"
        "<property name=\"macs_saved\" value=\"2054\"/></properties>\n"
        "    <system-out>reproduce: build/stc_sim-n4 --seed 7 --stall 10 --policy early "
        "a.vec</system-out>\n"
        "  </testcase>\n"
        "  <testcase classname=\"cosim.n4.stall10\" name=\"s.vec\" time=\"0.500000\">\n"
        "    <properties><property name=\"seed\" value=\"7\"/>"
        "<property name=\"stall_pct\" value=\"10\"/><property name=\"policy\" value=\"early\"/>"
        "<property name=\"commands\" value=\"40\"/><property name=\"cycles\" value=\"250\"/>"
        "<property name=\"macs_alg\" value=\"4096\"/>"
        "<property name=\"macs_saved\" value=\"2054\"/></properties>\n"
        "    <failure type=\"mismatch\" message=\"first divergence at cycle 706: err_o: sticky "
        "(command 6)\"/>\n"
        "    <system-out>reproduce: build/stc_sim-n4 --seed 7 --stall 10 --policy early "
        "s.vec</system-out>\n"
        "  </testcase>\n"
        "  <testcase classname=\"cosim.n4.stall10\" name=\"b.vec\" time=\"0.000000\">\n"
        "    <properties><property name=\"seed\" value=\"7\"/>"
        "<property name=\"stall_pct\" value=\"10\"/><property name=\"policy\" value=\"early\"/>"
        "<property name=\"commands\" value=\"0\"/><property name=\"cycles\" value=\"0\"/>"
        "<property name=\"macs_alg\" value=\"0\"/>"
        "<property name=\"macs_saved\" value=\"0\"/></properties>\n"
        "    <error type=\"bad input\" message=\"b.vec:3: bad hex\"/>\n"
        "    <system-out>reproduce: build/stc_sim-n4 --seed 7 --stall 10 --policy early "
        "b.vec</system-out>\n"
        "  </testcase>\n"
        "</testsuite>\n");
    tu_rmdir(dir);
}

/* A failure without a divergence says which kind: the hang, or rows
 * wrong while model and RTL agreed every cycle. */
Test(run_report, junit_failure_messages_without_a_divergence)
{
    char dir[256], path[300], err[STC_VEC_ERR_MAX];
    stc_run_result r = report_result();
    stc_run_info run = report_run();
    stc_file_record recs[2];
    r.pass = false;
    r.timeout = true;
    recs[0] = record("t.vec", 1, &r, 0);
    r.timeout = false;
    recs[1] = record("w.vec", 1, &r, 0);
    tu_tmpdir(dir, sizeof dir, "junit");
    snprintf(path, sizeof path, "%s/r.xml", dir);
    cr_assert_eq(stc_run_report_junit(path, &run, recs, 2, err, sizeof err), STC_OK, "%s", err);
    const char *x = slurp(path);
    cr_expect(strstr(x, "    <failure type=\"mismatch\" message=\"timeout: hung at cycle ") !=
                      NULL &&
                  strstr(x, "no transfer on any channel and busy_o unchanged for the hang limit "
                            "(--hang-cycles, make sim HANG=)\"/>\n") != NULL,
              "%s", x);
    cr_expect(strstr(x, "    <failure type=\"mismatch\" message=\"wrong result rows (model and "
                        "RTL agreed every cycle)\"/>\n") != NULL,
              "%s", x);
    tu_rmdir(dir);
}

/* <, >, & and " escaped in a path (name, and the reproduce line, where
 * the shell quoting comes first) and in a message; a ' stays, between
 * double quotes. */
Test(run_report, junit_escapes_paths_and_messages)
{
    char dir[256], path[300], err[STC_VEC_ERR_MAX];
    stc_run_info run = report_run();
    stc_file_record rec = error_record("it's <a&b> \"q\".vec", "x<&>\"'y: cannot open");
    run.errors = 1;
    tu_tmpdir(dir, sizeof dir, "junit");
    snprintf(path, sizeof path, "%s/r.xml", dir);
    cr_assert_eq(stc_run_report_junit(path, &run, &rec, 1, err, sizeof err), STC_OK, "%s", err);
    const char *x = slurp(path);
    cr_expect(strstr(x, "<testcase classname=\"cosim.n4.stall10\" name=\"it's &lt;a&amp;b&gt; "
                        "&quot;q&quot;.vec\" time=\"0.000000\">\n") != NULL,
              "%s", x);
    cr_expect(strstr(x, "<error type=\"bad input\" message=\"x&lt;&amp;&gt;&quot;'y: cannot "
                        "open\"/>\n") != NULL,
              "%s", x);
    cr_expect(strstr(x,
                     "<system-out>reproduce: build/stc_sim-n4 --seed 7 --stall 10 --policy "
                     "early 'it'\\''s &lt;a&amp;b&gt; &quot;q&quot;.vec'</system-out>\n") != NULL,
              "%s", x);
    tu_rmdir(dir);
}

#define CSV_HEADER                                                                                 \
    "vector,class,n,mode,m,k,nblk,skipped_blocks,bias,w_zeros,w_elems,seed,stall_pct,pass,"        \
    "cycles,stall_cycles,macs_alg,macs_actual,macs_gated,macs_skipped,w_bytes,meta_bytes,"         \
    "a_bytes,sector_bytes,w_sectors,meta_sectors,a_sectors\n"

/* The header; a vector's row, every counter its command's; a stream's
 * row, its sums, its whole run's cycles and the other counters empty;
 * no row for a file that could not run. */
Test(run_report, csv_header_vector_and_stream_rows)
{
    char dir[256], path[300], err[STC_VEC_ERR_MAX];
    stc_run_result r = report_result();
    stc_run_info run = report_run();
    stc_file_record recs[3];
    r.cnt[STC_CNT_W_BYTES] = 128;
    r.cnt[STC_CNT_META_BYTES] = 32;
    r.cnt[STC_CNT_A_BYTES] = 1024;
    r.sector_bytes = 32;
    r.w_sectors = 4;
    r.meta_sectors = 1;
    r.a_sectors = 128;
    recs[0] = record("v.vec", 1, &r, 0);
    stc_file_facts *v = &recs[0].facts;
    strcpy(v->cls, "sp24");
    v->n = 4;
    v->mode24 = true;
    v->m = 16;
    v->k = 64;
    v->nblk = 8;
    v->w_zeros = 128;
    v->w_elems = 256;
    recs[1] = error_record("bad.vec", "bad.vec:1: bad header");
    r.pass = false;
    r.cycles = 4911;
    r.w_sectors = 78;
    r.meta_sectors = 25;
    r.a_sectors = 798;
    recs[2] = record("s.vec", 64, &r, 0);
    stc_file_facts *s = &recs[2].facts;
    strcpy(s->cls, "stream");
    s->n = 4;
    s->mixed = true;
    s->m = 1197;
    s->k = 940;
    s->nblk = 163;
    s->nskip = 54;
    s->nbias = 25;
    s->bias = true;
    s->w_zeros = 2021;
    s->w_elems = 3760;
    tu_tmpdir(dir, sizeof dir, "csv");
    snprintf(path, sizeof path, "%s/r.csv", dir);
    cr_assert_eq(stc_run_report_csv(path, &run, recs, 3, err, sizeof err), STC_OK, "%s", err);
    cr_expect_str_eq(slurp(path),
                     CSV_HEADER "v.vec,sp24,4,2:4,16,64,8,0,0,128,256,7,10,1,"
                                "248,3,4096,2042,6,2048,128,32,1024,32,4,1,128\n"
                                "s.vec,stream,4,mixed,1197,940,163,54,25,2021,3760,7,10,0,"
                                "4911,,,,,,,,,32,78,25,798\n");
    /* The first two records only: a row for each file asked for, none
     * for what lies beyond them. */
    cr_assert_eq(stc_run_report_csv(path, &run, recs, 2, err, sizeof err), STC_OK, "%s", err);
    cr_expect_str_eq(slurp(path), CSV_HEADER "v.vec,sp24,4,2:4,16,64,8,0,0,128,256,7,10,1,"
                                             "248,3,4096,2042,6,2048,128,32,1024,32,4,1,128\n");
    tu_rmdir(dir);
}

/* An unwritable path (its directory does not exist): an error naming
 * it, from both writers, and no file. */
Test(run_report, unwritable_path_is_an_error)
{
    char err[STC_VEC_ERR_MAX];
    struct stat sb;
    stc_run_result r = report_result();
    stc_run_info run = report_run();
    stc_file_record rec = record("a.vec", 1, &r, 0);
    const char *junit = "/nonexistent/stc_report/r.xml", *csv = "/nonexistent/stc_report/r.csv";
    cr_expect_eq(stc_run_report_junit(junit, &run, &rec, 1, err, sizeof err), STC_EIO);
    cr_expect(strstr(err, junit) == err, "%s", err);
    cr_expect_eq(stc_run_report_csv(csv, &run, &rec, 1, err, sizeof err), STC_EIO);
    cr_expect(strstr(err, csv) == err, "%s", err);
    cr_expect_neq(stat(junit, &sb), 0);
    cr_expect_neq(stat(csv, &sb), 0);
}

/* Files the process may not grow past a few bytes: the write fails
 * midway, the old report stays as it was and no temporary is left
 * beside it. */
Test(run_report, a_write_cut_short_keeps_the_old_file)
{
    char dir[256], path[300], err[STC_VEC_ERR_MAX];
    stc_run_result r = report_result();
    stc_run_info run = report_run();
    stc_file_record rec = record("a.vec", 1, &r, 0);
    tu_tmpdir(dir, sizeof dir, "csv");
    snprintf(path, sizeof path, "%s/r.csv", dir);
    FILE *old = fopen(path, "w");
    cr_assert_not_null(old);
    fputs("old\n", old);
    fclose(old);
    struct rlimit keep, small = {64, 64};
    cr_assert_eq(getrlimit(RLIMIT_FSIZE, &keep), 0);
    small.rlim_max = keep.rlim_max;
    signal(SIGXFSZ, SIG_IGN); /* a write past the limit fails instead */
    cr_assert_eq(setrlimit(RLIMIT_FSIZE, &small), 0);
    stc_status st = stc_run_report_csv(path, &run, &rec, 1, err, sizeof err);
    setrlimit(RLIMIT_FSIZE, &keep);
    cr_expect_eq(st, STC_EIO);
    cr_expect(strstr(err, path) == err, "%s", err);
    cr_expect_str_eq(slurp(path), "old\n");
    cr_expect_eq(stc_run_report_csv(path, &run, &rec, 1, err, sizeof err), STC_OK, "%s", err);
    unlink(path);
    cr_expect_eq(rmdir(dir), 0, "a temporary file was left in %s", dir);
}

/* ---- a file's facts ------------------------------------------------------------ */

/* A dense command (a skipped block, a bias) then a 2:4 one; zeros stored
 * in W, plus in 2:4 the half of each group compression removed. */
static void facts_stream(stc_stream *s)
{
    cr_assert_eq(stc_stream_alloc(s, 2), STC_OK);
    stc_vec *d = &s->cmd[0], *h = &s->cmd[1];
    strcpy(d->cls, "dense");
    d->n = 4;
    d->m = 2;
    d->k = 8; /* 2 blocks of 4 rows */
    d->skip = 0x2;
    d->has_bias = true;
    strcpy(h->cls, "sp24");
    h->n = 4;
    h->mode24 = true;
    h->m = 3;
    h->k = 16; /* 2 blocks of 8 rows, 8 x 4 stored values */
    cr_assert_eq(stc_vec_alloc(d), STC_OK);
    cr_assert_eq(stc_vec_alloc(h), STC_OK);
    memset(d->w, 1, 32);
    memset(d->w + 16, 0, 16); /* block 1, skipped */
    d->w[3] = 0;
    memset(h->w, 1, 32);
    h->w[0] = h->w[31] = 0;
}

/* The widest skip list: 64 blocks (STC_VEC_NBLK_MAX), the first and the
 * last skipped. Kills mutate-harness's 06f89b981828 (a bit past nblk
 * read: skip >> 64, undefined, which x86 takes as skip >> 0 and counts
 * block 0 twice). */
Test(run_report, facts_of_a_vector_of_64_blocks)
{
    stc_stream s;
    stc_file_facts f;
    cr_assert_eq(stc_stream_alloc(&s, 1), STC_OK);
    stc_vec *v = &s.cmd[0];
    strcpy(v->cls, "blocksparse");
    v->n = 4;
    v->m = 1;
    v->k = 256; /* 64 blocks of 4 rows */
    v->skip = 1ull | 1ull << 63;
    cr_assert_eq(stc_vec_alloc(v), STC_OK);
    cr_assert_eq(stc_vec_nblk(v), 64u);
    memset(v->w, 1, (size_t)v->k * v->n);
    stc_file_facts_of(&s, &f);
    cr_expect_eq(f.nblk, 64u);
    cr_expect_eq(f.nskip, 2u);
    cr_expect_eq(f.w_zeros, 0u);
    stc_stream_free(&s);
}

Test(run_report, facts_of_a_vector_and_of_a_stream)
{
    stc_stream s;
    stc_file_facts f;
    facts_stream(&s);
    stc_file_facts_of(&s, &f);
    cr_expect_str_eq(f.cls, "stream");
    cr_expect(f.mixed && !f.mode24 && f.bias);
    cr_expect_eq(f.n, 4u);
    cr_expect_eq(f.m, 5u);
    cr_expect_eq(f.k, 24u);
    cr_expect_eq(f.nblk, 4u);
    cr_expect_eq(f.nskip, 1u);
    cr_expect_eq(f.nbias, 1u);
    cr_expect_eq(f.w_zeros, 17u + 32u + 2u);
    cr_expect_eq(f.w_elems, 32u + 64u);
    stc_stream one = {1, &s.cmd[1]};
    stc_file_facts_of(&one, &f); /* cleared first: nothing of the stream's */
    cr_expect_str_eq(f.cls, "sp24");
    cr_expect(!f.mixed && f.mode24 && !f.bias);
    cr_expect_eq(f.m, 3u);
    cr_expect_eq(f.k, 16u);
    cr_expect_eq(f.nblk, 2u);
    cr_expect_eq(f.nskip, 0u);
    cr_expect_eq(f.nbias, 0u);
    cr_expect_eq(f.w_zeros, 34u);
    cr_expect_eq(f.w_elems, 64u);
    stc_stream_free(&s);
}
