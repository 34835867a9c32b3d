// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_run_report.c - the per-file lines of the runners
 * (sim/core/stc_run_report.c) and a mismatch's diff line
 * (stc_compare.c), as a person reads them: each field in its place, the
 * file's index, the FAIL on stderr, n/a for an RTL without counters.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "capture.h"
#include "stc_compare.h"
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

Test(run_report, single_command_line_with_counters)
{
    stc_run_result r = report_result();
    stc_file_report f = {"a.vec", false, NULL, 1, &r};
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
    stc_file_report f = {"s.vec", false, NULL, 40, &r};
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
    stc_file_report f = {"a.vec", false, NULL, 1, &r};
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
    stc_file_report f = {"a.vec", false, NULL, 1, &r};
    t_capture c = t_capture_begin(stdout);
    cr_assert_not(stc_run_report_file(0, 1, &f, true));
    cr_assert_str_eq(t_captured(&c), "");
    stc_file_report e = {"b.vec", true, "b.vec:3: bad hex", 1, &r};
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
