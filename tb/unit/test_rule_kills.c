// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_rule_kills.c - rules of the host and the txn scoreboard that a
 * realistic weakening of the verifier used to get past every other test
 * with (issue 48): each test plants the one violation that only this rule
 * catches, in the conditions the weakening skipped, and checks the clean
 * run passes (so that the test cannot pass by failing everything).
 *
 *   err_sticky_while_idle       (a) err_o: sticky checked only while the
 *                                   faulty command is outstanding
 *   txn_last_row_of_a_faulty_command  (b) the txn scoreboard leaving out a
 *                                   faulty command's last result row
 *   result_checked_under_stalls (c) the result check skipped in a cycle in
 *                                   which a stall happened
 *   txn_mismatch_is_written_to_the_log  the scoreboard's TXN MISMATCH line
 *                                   (mutate-harness's 589bced1f256, 607b98d2bd1f)
 *   err_o_by_the_faulty_commands_last_row_at_any_latency  (801175977694)
 *   err_o_late_under_latency_0_is_named_so  (6a231fe4f226)
 *   counters_of_a_command_past_2_16_cycles  (0360621e37c9)
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "rtl_double.h"
#include "stc_gen.h"
#include "stc_gen_stream.h"
#include "stc_lockstep.h"

/* A stream of `kind` at N=4, seed 7; "single" keeps only the first
 * command of the faults stream (2:4, with an illegal nibble). */
static stc_stream kill_stream(const char *kind)
{
    char err[STC_VEC_ERR_MAX];
    stc_stream s = {0, NULL};
    bool single = strcmp(kind, "single") == 0;
    stc_stream_opts o = {single ? "faults" : kind, RTL_DOUBLE_N, 7, 0};
    cr_assert_eq(stc_gen_stream(&o, &s, err, sizeof err), STC_OK, "%s", err);
    if (single) {
        for (unsigned i = 1; i < s.ncmd; i++)
            stc_vec_free(&s.cmd[i]);
        s.ncmd = 1;
        cr_assert(s.cmd[0].fault.on, "the faults stream starts with a faulty command");
    }
    return s;
}

/* s on a new double with fault f, at `level`, `stall` percent, the host's
 * policy `pol`, stopping at the first failure; the lockstep's status. */
static stc_status kill_run(const stc_stream *s, rtl_fault f, stc_level level, unsigned stall,
                           stc_policy pol, stc_run_result *res)
{
    stc_rtl *rtl;
    stc_run_opts o;
    memset(&o, 0, sizeof o);
    o.stim.seed = 5;
    o.stim.stall_pct = stall;
    o.stim.policy = pol;
    o.check.max_errors = 1;
    o.check.level = level;
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_double_plant(rtl, &f);
    stc_status st = stc_lockstep_stream(rtl, s, &o, res);
    stc_rtl_destroy(rtl);
    return st;
}

static const char *const kinds[] = {"single", "faults", "pairs"};
static const unsigned stalls[] = {0, 30, 60};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* (a) err_o falls once the faulty command's last row is taken, while the
 * tile is idle and before the next command transfer: only the sticky
 * rule sees it at txn (at cycle and ports the compare sees err_o too, and
 * the host must still name the rule: check_failed). Every policy: b2b
 * transfers the next command in the first idle cycle, gap waits, early
 * holds it up while busy; and a run with no next command. */
Test(rule_kills, err_sticky_while_idle)
{
    rtl_fault none = {RTL_FAULT_NONE, 0, 0, 0, 0};
    rtl_fault f = {RTL_FAULT_ERR_IDLE_DROP, 0, 0, 0, 0};
    for (int l = STC_LEVEL_CYCLE; l <= STC_LEVEL_TXN; l++)
        for (unsigned k = 0; k < COUNT(kinds); k++)
            for (unsigned si = 0; si < COUNT(stalls); si++)
                for (int pol = 0; pol < STC_POLICY_RANDOM; pol++) {
                    stc_stream s = kill_stream(kinds[k]);
                    stc_run_result good, bad;
                    const char *ln = stc_level_name((stc_level)l), *pn = stc_policy_name(pol);
                    cr_assert_eq(kill_run(&s, none, l, stalls[si], pol, &good), STC_OK);
                    cr_assert(good.pass, "%s %s %u%% %s: the clean double fails: %s", ln, kinds[k],
                              stalls[si], pn, good.first_signal);
                    cr_assert_eq(kill_run(&s, f, l, stalls[si], pol, &bad), STC_OK);
                    cr_assert_not(bad.pass, "%s %s %u%% %s: err_o not sticky while idle passes", ln,
                                  kinds[k], stalls[si], pn);
                    cr_assert(bad.check_failed, "%s %s %u%% %s: no host rule broke (%s)", ln,
                              kinds[k], stalls[si], pn, bad.first_signal);
                    if (l == STC_LEVEL_TXN)
                        cr_assert_str_eq(bad.first_signal, "err_o: sticky", "%s %u%% %s", kinds[k],
                                         stalls[si], pn);
                    stc_stream_free(&s);
                }
}

/* (b) A faulty command's last result row is wrong, its other rows right:
 * the host does not check a faulty command's rows against C (the nibble
 * moves the mux), so at txn only the scoreboard, row by row against the
 * model's, sees it. Column 0 and column N - 1, a low and a high bit. */
Test(rule_kills, txn_last_row_of_a_faulty_command)
{
    rtl_fault none = {RTL_FAULT_NONE, 0, 0, 0, 0};
    static const rtl_fault faults[] = {{RTL_FAULT_ERR_LAST_ROW, 0, 0, 0, 0},
                                       {RTL_FAULT_ERR_LAST_ROW, 0, RTL_DOUBLE_N - 1, 30, 0}};
    for (unsigned k = 0; k < COUNT(kinds); k++)
        for (unsigned si = 0; si < COUNT(stalls); si++)
            for (unsigned fi = 0; fi < COUNT(faults); fi++) {
                stc_stream s = kill_stream(kinds[k]);
                stc_run_result good, bad;
                cr_assert_eq(
                    kill_run(&s, none, STC_LEVEL_TXN, stalls[si], STC_POLICY_RANDOM, &good),
                    STC_OK);
                cr_assert(good.pass, "%s %u%%: the clean double fails: %s", kinds[k], stalls[si],
                          good.first_signal);
                cr_assert_eq(
                    kill_run(&s, faults[fi], STC_LEVEL_TXN, stalls[si], STC_POLICY_RANDOM, &bad),
                    STC_OK);
                cr_assert_not(bad.pass, "%s %u%% column %u: a wrong last row passes", kinds[k],
                              stalls[si], faults[fi].col);
                cr_assert_str_eq(bad.first_signal, "txn: result", "%s %u%%", kinds[k], stalls[si]);
                cr_assert(s.cmd[bad.first_cmd].fault.on, "%s: command %d has no fault", kinds[k],
                          bad.first_cmd);
                /* At cycle and ports the compare sees res_data_o. */
                for (int l = STC_LEVEL_CYCLE; l <= STC_LEVEL_PORTS; l++) {
                    cr_assert_eq(kill_run(&s, faults[fi], l, stalls[si], STC_POLICY_RANDOM, &bad),
                                 STC_OK);
                    cr_assert_not(bad.pass, "%s %s %u%%", stc_level_name(l), kinds[k], stalls[si]);
                }
                stc_stream_free(&s);
            }
}

/* (c) Model and RTL agree every cycle and the rows differ from the
 * vector's C (a bug shared by model and RTL, as bug 30): only the host's
 * result check sees it. At every stall rate (at 60 and 90 % nearly every
 * cycle has a stall somewhere), in the first, a middle and the last row,
 * in the first and in a later command of a stream. At cycle and ports a
 * result mismatch; at txn the model fails its own run (a vector problem,
 * never a pass). */
Test(rule_kills, result_checked_under_stalls)
{
    rtl_fault none = {RTL_FAULT_NONE, 0, 0, 0, 0};
    static const unsigned result_stalls[] = {0, 30, 50, 60, 90};
    for (unsigned si = 0; si < COUNT(result_stalls); si++)
        for (unsigned later = 0; later < 2; later++)
            for (unsigned where = 0; where < 3; where++) {
                unsigned stall = result_stalls[si], cmd = 0;
                stc_stream s = kill_stream("pairs");
                /* A later command: the first legal one after the third. */
                for (cmd = later ? 3 : 0; cmd < s.ncmd && s.cmd[cmd].fault.on; cmd++)
                    ;
                cr_assert_lt(cmd, s.ncmd);
                stc_run_result r;
                cr_assert_eq(kill_run(&s, none, STC_LEVEL_CYCLE, stall, STC_POLICY_RANDOM, &r),
                             STC_OK);
                cr_assert(r.pass, "%u%%: the clean double fails: %s", stall, r.first_signal);
                stc_vec *v = &s.cmd[cmd];
                cr_assert_not(v->fault.on, "command %u is checked against C", cmd);
                unsigned row = where == 0 ? 0 : where == 1 ? v->m / 2 : v->m - 1;
                v->c[(size_t)row * v->n + v->n - 1] ^= 1;
                for (int l = STC_LEVEL_CYCLE; l <= STC_LEVEL_TXN; l++) {
                    stc_status st = kill_run(&s, none, l, stall, STC_POLICY_RANDOM, &r);
                    const char *ln = stc_level_name(l);
                    if (l == STC_LEVEL_TXN) {
                        cr_assert(st != STC_OK || !r.pass, "txn %u%% command %u row %u: passes",
                                  stall, cmd, row);
                        continue;
                    }
                    cr_assert_eq(st, STC_OK);
                    cr_assert_not(r.pass, "%s %u%% command %u row %u: a wrong C passes", ln, stall,
                                  cmd, row);
                    cr_assert(r.result_mismatch && r.mismatch_cycles == 0, "%s %u%%: %s", ln, stall,
                              r.first_signal);
                    cr_assert_str_eq(r.first_signal, "result", "%s %u%%", ln, stall);
                    cr_assert_eq(r.first_cmd, (int)cmd, "%s %u%%", ln, stall);
                }
                stc_stream_free(&s);
            }
}

/* The scoreboard's failure says where, in the log the designer reads: a
 * faulty command's wrong last row at txn prints its TXN MISMATCH line with
 * the command, row, column and both values. Kills mutate-harness's
 * 589bced1f256 (stc_step.c: the line's `if (log)` dropped as if (0): the
 * run still failed, silently). */
Test(rule_kills, txn_mismatch_is_written_to_the_log)
{
    stc_stream s = kill_stream("single");
    stc_run_result r;
    const stc_vec *v = &s.cmd[0];
    char *text =
        t_logged_run(&s, (rtl_fault){RTL_FAULT_ERR_LAST_ROW, 0, 0, 0, 0}, STC_LEVEL_TXN, &r);
    cr_assert_not(r.pass);
    cr_assert_str_eq(r.first_signal, "txn: result");
    char want[96];
    snprintf(want, sizeof want, ": command 0, row %u, column 0: model ", v->m - 1);
    const char *line = strstr(text, "TXN MISMATCH ");
    cr_assert_not_null(line, "no TXN MISMATCH line in:\n%s", text);
    cr_assert_not_null(strstr(line, want), "want '%s' in:\n%s", want, text);
    cr_assert_not_null(strstr(line, ", RTL "), "%s", text);
    /* The fault changes a value, not the timing: the row came in the same
     * cycle on both sides, and the line says which (kills 607b98d2bd1f,
     * the model's row cycles kept in 32 bits: another row's cycle). */
    unsigned long long model_at = 0, rtl_at = 0;
    const char *m_at = strstr(line, " (cycle "), *r_at = m_at ? strstr(m_at + 1, " (cycle ") : NULL;
    cr_assert(m_at && r_at && sscanf(m_at, " (cycle %llu)", &model_at) == 1 &&
                  sscanf(r_at, " (cycle %llu)", &rtl_at) == 1,
              "%s", line);
    cr_assert_gt(model_at, 0u, "%s", line);
    cr_assert_eq(model_at, rtl_at, "%s", line);
    free(text);
    stc_stream_free(&s);
}

/* A txn run of the faulty single command under --err-latency `bound`, the
 * tile's err_o `late` cycles behind the model's (0: on time); its log. */
static char *err_late_run(unsigned late, uint64_t bound, stc_run_result *r)
{
    stc_stream s = kill_stream("single");
    stc_run_opts o;
    memset(&o, 0, sizeof o);
    o.check.max_errors = 1;
    o.check.level = STC_LEVEL_TXN;
    o.check.err_latency_set = true;
    o.check.err_latency = bound;
    rtl_fault f = {late ? RTL_FAULT_ERR_LATE : RTL_FAULT_NONE, 0, 0, late, 0};
    char *text = t_logged_run_opts(&s, f, &o, r);
    stc_stream_free(&s);
    return text;
}

/* err_o must be 1 by the faulty command's last result row at any
 * --err-latency: a tile whose err_o rises 1000 cycles late fails at that
 * row under a bound of a million cycles, and the on-time tile passes.
 * Kills mutate-harness's 801175977694 (the row tied to another command's:
 * the late tile passed). */
Test(rule_kills, err_o_by_the_faulty_commands_last_row_at_any_latency)
{
    stc_run_result r;
    char *text = err_late_run(0, 1000000, &r);
    cr_assert(r.pass, "%s\n%s", r.first_signal, text);
    free(text);
    text = err_late_run(1000, 1000000, &r);
    cr_assert_not(r.pass, "%s", text);
    cr_assert_str_eq(r.first_signal, "err_o: raised");
    cr_assert_not_null(strstr(text, "err_o is still 0 at the last result row of command 0"), "%s",
                       text);
    free(text);
}

/* Under --err-latency 0 a late err_o is named as late by zero cycles: "is
 * 0 after command 0 loaded the illegal nibble", not the bound's message.
 * Kills mutate-harness's 6a231fe4f226 (the latency-0 branch dropped: the
 * bound's message, "still 0 1 cycles after"). */
Test(rule_kills, err_o_late_under_latency_0_is_named_so)
{
    stc_run_result r;
    char *text = err_late_run(2, 0, &r);
    cr_assert_not(r.pass, "%s", text);
    cr_assert_str_eq(r.first_signal, "err_o: raised");
    cr_assert_not_null(strstr(text, "err_o is 0 after command 0 loaded the illegal nibble 0x"),
                       "%s", text);
    cr_assert_null(strstr(text, "cycles after the cycle that follows"), "%s", text);
    free(text);
}

/* The counters of a command past 2^16 cycles, at ports and txn (the
 * levels whose host checks cycles against the cycles busy_o was 1): dense
 * at N=4, M=1024, 64 blocks, 66,368 busy cycles. The tile is right, and
 * the run passes at both levels, with and without stalls. Kills
 * mutate-harness's 0360621e37c9 (the busy count compared in 16 bits:
 * every command past 65,535 cycles failed). */
Test(rule_kills, counters_of_a_command_past_2_16_cycles)
{
    char err[STC_VEC_ERR_MAX];
    stc_gen_opts g;
    stc_vec v;
    memset(&v, 0, sizeof v);
    stc_gen_opts_init(&g);
    g.cls = "dense";
    g.n = RTL_DOUBLE_N;
    g.m = 1024;
    g.k = 64 * RTL_DOUBLE_N;
    g.seed = 3;
    cr_assert_eq(stc_gen_vector(&g, &v, err, sizeof err), STC_OK, "%s", err);
    cr_assert_gt(stc_gen_cycles(&v), 65536u, "the command must run past 2^16 cycles");
    stc_stream s = {1, &v};
    const stc_level levels[] = {STC_LEVEL_PORTS, STC_LEVEL_TXN};
    for (size_t l = 0; l < COUNT(levels); l++)
        for (unsigned stall = 0; stall <= 30; stall += 30) {
            stc_run_result r;
            cr_assert_eq(kill_run(&s, (rtl_fault){RTL_FAULT_NONE, 0, 0, 0, 0}, levels[l], stall,
                                  STC_POLICY_B2B, &r),
                         STC_OK);
            cr_assert(r.pass, "%s at %u%%: %s", stc_level_name(levels[l]), stall, r.first_signal);
        }
    stc_vec_free(&v);
}
