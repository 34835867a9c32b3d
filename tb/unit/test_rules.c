// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_rules.c - the rule table of docs/architecture.md (section 3a) as
 * the host checks it: every rule that does not depend on timing is
 * checked at every compare level. Each test plants one violation in the
 * model-backed double (tb/unit/rtl_double.c) and asserts that the host
 * flags it by name, at cycle, ports and txn, with and without stalls, in
 * single commands and in streams; and that the same double without the
 * fault passes (so a test cannot pass by failing everything).
 */
#include <criterion/criterion.h>
#include <string.h>

#include "capture.h"
#include "rtl_double.h"
#include "stc_gen_stream.h"
#include "stc_lockstep.h"

/* A stream of `kind` at N=4; "single" keeps only the first command of
 * the faults stream (2:4, with an illegal nibble), "clean" only its
 * second (a legal command): one-command runs. */
static stc_stream rule_stream(const char *kind)
{
    char err[STC_VEC_ERR_MAX];
    stc_stream s = {0, NULL};
    int keep = strcmp(kind, "single") == 0 ? 0 : strcmp(kind, "clean") == 0 ? 1 : -1;
    stc_stream_opts o = {keep >= 0 ? "faults" : kind, RTL_DOUBLE_N, 7, 0};
    cr_assert_eq(stc_gen_stream(&o, &s, err, sizeof err), STC_OK, "%s", err);
    if (keep >= 0) {
        for (unsigned i = 0; i < s.ncmd; i++)
            if (i != (unsigned)keep)
                stc_vec_free(&s.cmd[i]);
        s.cmd[0] = s.cmd[keep];
        s.ncmd = 1;
        cr_assert_eq(s.cmd[0].fault.on, keep == 0, "the faults stream alternates");
    }
    return s;
}

typedef struct rule_case {
    const char *kind;  /* stream kind, or "single" */
    stc_level level;   /* compare level */
    unsigned stall;    /* percent */
    uint64_t reset_at; /* > 0: a reset mid-run */
} rule_case;

static stc_run_result rule_run(const rule_case *c, rtl_fault f)
{
    stc_rtl *rtl;
    stc_run_result res;
    stc_run_opts o;
    stc_stream s = rule_stream(c->kind);
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_double_plant(rtl, &f);
    memset(&o, 0, sizeof o);
    o.stim.seed = 9;
    o.stim.stall_pct = c->stall;
    o.stim.policy = STC_POLICY_RANDOM;
    o.check.max_errors = 1;
    o.check.level = c->level;
    o.stim.reset_at = c->reset_at;
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &res), STC_OK);
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
    return res;
}

/* Every level x two stall rates (stall_from, +30 %) x three streams: the
 * fault fails with the host naming `rule` (at cycle and ports the compare
 * may see the port first; the host must still flag the rule in that
 * cycle: check_failed, unless the compare's first signal is `port`, whose
 * symptom shows a cycle before the rule can be seen), and the same case
 * without it passes. */
static void expect_rule_in(rtl_fault f, const char *rule, const char *const kinds[3],
                           unsigned stall_from, const char *port)
{
    rtl_fault none = {RTL_FAULT_NONE, 0, 0, 0, 0};
    for (int l = STC_LEVEL_CYCLE; l <= STC_LEVEL_TXN; l++)
        for (unsigned k = 0; k < 3; k++)
            for (unsigned stall = stall_from; stall <= stall_from + 30; stall += 30) {
                rule_case c = {kinds[k], (stc_level)l, stall, 0};
                const char *ln = stc_level_name((stc_level)l);
                stc_run_result good = rule_run(&c, none);
                cr_assert(good.pass, "%s %s stall %u: the clean double fails: %s", ln, kinds[k],
                          stall, good.first_signal);
                stc_run_result bad = rule_run(&c, f);
                cr_assert_not(bad.pass, "%s %s stall %u: %s passes", ln, kinds[k], stall, rule);
                bool by_compare = port && l != STC_LEVEL_TXN && !strcmp(bad.first_signal, port);
                cr_assert(bad.check_failed || by_compare, "%s %s stall %u: no host rule broke (%s)",
                          ln, kinds[k], stall, bad.first_signal);
                if (l == STC_LEVEL_TXN)
                    cr_assert_str_eq(bad.first_signal, rule, "%s %s stall %u", ln, kinds[k], stall);
            }
}

/* The same in a one-command run with an illegal nibble, the faults stream
 * and the pairs stream, with no stalls and at 30 %. */
static void expect_rule(rtl_fault f, const char *rule)
{
    static const char *const kinds[3] = {"single", "faults", "pairs"};
    expect_rule_in(f, rule, kinds, 0, NULL);
}

Test(rules, err_not_sticky)
{
    expect_rule((rtl_fault){RTL_FAULT_ERR_DROP, 0, 0, 1, 0}, "err_o: sticky");
}

Test(rules, err_held_past_the_next_command_transfer)
{
    /* Only the streams have a next command; a single command's err_o must
     * stay 1 until the end, which the hold does not break. */
    rtl_fault f = {RTL_FAULT_ERR_HOLD, 0, 0, 3, 0};
    for (int l = STC_LEVEL_CYCLE; l <= STC_LEVEL_TXN; l++)
        for (unsigned stall = 0; stall <= 30; stall += 30) {
            rule_case c = {"faults", (stc_level)l, stall, 0};
            stc_run_result r = rule_run(&c, f);
            cr_assert_not(r.pass, "%s stall %u", stc_level_name((stc_level)l), stall);
            cr_assert(r.check_failed, "%s: %s", stc_level_name((stc_level)l), r.first_signal);
            if (l == STC_LEVEL_TXN)
                cr_assert_str_eq(r.first_signal, "err_o: cleared by command");
        }
}

Test(rules, err_not_cleared_by_reset)
{
    /* A reset in the first command, after its illegal nibble (the faults
     * stream's command 0 loads it early): err_o held through the reset. */
    rtl_fault f = {RTL_FAULT_ERR_HOLD, 0, 0, 8, 0};
    rtl_fault none = {RTL_FAULT_NONE, 0, 0, 0, 0};
    for (int l = STC_LEVEL_CYCLE; l <= STC_LEVEL_TXN; l++) {
        rule_case c = {"single", (stc_level)l, 0, 0};
        stc_run_result clean = rule_run(&c, none);
        cr_assert(clean.pass);
        /* Late in the command: the nibble was loaded, err_o is 1. */
        c.reset_at = clean.cycles - 3;
        cr_assert(rule_run(&c, none).pass, "%s: the reset alone fails",
                  stc_level_name((stc_level)l));
        /* At cycle and ports the compare sees err_o in the reset cycles,
         * where the host checks nothing; at txn the host's rule names it. */
        stc_run_result r = rule_run(&c, f);
        cr_assert_not(r.pass, "%s", stc_level_name((stc_level)l));
        if (l == STC_LEVEL_TXN)
            cr_assert_str_eq(r.first_signal, "err_o: reset");
    }
}

Test(rules, err_without_fault)
{
    /* In a legal command (the one-command run has none other). */
    static const char *const kinds[3] = {"clean", "faults", "pairs"};
    expect_rule_in((rtl_fault){RTL_FAULT_ERR_SPURIOUS, 0, 0, 0, 3}, "err_o: without fault", kinds,
                   0, NULL);
}

Test(rules, err_late_beyond_the_bound)
{
    /* 40 cycles late: past the default txn bound (16) and past the faulty
     * commands' last result rows. */
    expect_rule((rtl_fault){RTL_FAULT_ERR_LATE, 0, 0, 40, 0}, "err_o: raised");
}

/* Two cycles late is a timing difference: it fails cycle and ports, and
 * passes txn under the default bound, but not under --err-latency 0. */
Test(rules, err_late_within_the_bound_passes_txn_only)
{
    rtl_fault f = {RTL_FAULT_ERR_LATE, 0, 0, 2, 0};
    rule_case c = {"faults", STC_LEVEL_CYCLE, 30, 0};
    cr_assert_not(rule_run(&c, f).pass);
    c.level = STC_LEVEL_PORTS;
    cr_assert_not(rule_run(&c, f).pass);
    c.level = STC_LEVEL_TXN;
    stc_run_result r = rule_run(&c, f);
    cr_assert(r.pass, "%s", r.first_signal);

    stc_rtl *rtl;
    stc_run_result res;
    stc_run_opts o;
    stc_stream s = rule_stream("faults");
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_double_plant(rtl, &f);
    memset(&o, 0, sizeof o);
    o.stim.seed = 9;
    o.check.max_errors = 1;
    o.check.level = STC_LEVEL_TXN;
    o.check.err_latency_set = true;
    o.check.err_latency = 1;
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &res), STC_OK);
    cr_assert_not(res.pass);
    cr_assert_str_eq(res.first_signal, "err_o: raised");
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
}

Test(rules, res_data_when_not_valid)
{
    /* From cycle 3 on: in the reset cycles the host checks nothing (the
     * compare would see it first). */
    expect_rule((rtl_fault){RTL_FAULT_RES_DATA_IDLE, 0, 2, 4, 3},
                "protocol: res_data_o when not valid");
}

/* A ready that follows its valid shows only when the valid moves while
 * the tile is ready: with stalls, 60 and 90 % (with none the host holds
 * every valid high through LOAD, and the path changes nothing). At cycle
 * and ports the compare may see the wrong w_ready of a cycle whose valid
 * was low first: the symptom, a cycle before the path itself shows. */
Test(rules, ready_follows_valid)
{
    static const char *const kinds[3] = {"single", "faults", "pairs"};
    expect_rule_in((rtl_fault){RTL_FAULT_READY_COMB, 0, 0, 0, 3},
                   "protocol: output follows an input", kinds, 60, "w_ready");
}

/* What a broken err_o rule prints: the rule, the command, the nibble and
 * the bound, on the report's CHECK FAILED line. */
Test(rules, err_late_report_names_command_nibble_and_bound)
{
    stc_run_result res;
    stc_stream s = rule_stream("single");
    char *text =
        t_logged_run(&s, (rtl_fault){RTL_FAULT_ERR_LATE, 0, 0, 40, 0}, STC_LEVEL_TXN, &res);
    char want[200];
    snprintf(want, sizeof want,
             ": err_o: raised: err_o is still 0 17 cycles after the cycle that follows the "
             "transfer of command 0's illegal nibble 0x%x (the bound is --err-latency 16)",
             s.cmd[0].fault.code);
    cr_assert_not_null(strstr(text, want), "%s", text);
    free(text);
    stc_stream_free(&s);
}

/* A row's payload that moves while it waits for res_ready (with stalls:
 * the host drops ready). */
Test(rules, res_data_moves_under_backpressure)
{
    static const char *const kinds[3] = {"single", "faults", "pairs"};
    expect_rule_in((rtl_fault){RTL_FAULT_RES_DATA_WAIT, 0, 1, 6, 3}, "protocol: res_data stable",
                   kinds, 30, NULL);
}

/* The host's rule on its own side (section 3: a raised valid stays 1 with
 * the same payload until its transfer), driven directly: every channel's
 * valid is up without its ready in cycle 0; in cycle 1 the host sees each
 * payload field changed, or the valid dropped, one at a time, and must
 * flag it; the same inputs unchanged pass. */
Test(rules, host_valid_held_rule_on_every_field)
{
    stc_stream s = rule_stream("pairs");
    stc_host_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    stc_inputs in0;
    stc_outputs idle;
    memset(&idle, 0, sizeof idle);
    for (int f = -1; f < 11; f++) {
        stc_host h;
        cr_assert_eq(stc_host_init(&h, &s, &cfg), STC_OK);
        stc_host_drive(&h, &in0);
        cr_assert(in0.cmd_valid && in0.bias_valid && in0.w_valid && in0.a_valid,
                  "every channel offers a beat in cycle 0");
        stc_host_advance(&h, &in0, &idle); /* nothing ready: all four wait */
        stc_inputs in1 = in0;
        switch (f) {
        case 0:
            in1.cmd_mode = !in1.cmd_mode;
            break;
        case 1:
            in1.cmd_m ^= 1;
            break;
        case 2:
            in1.cmd_nblk ^= 1;
            break;
        case 3:
            in1.cmd_skip ^= 2;
            break;
        case 4:
            in1.cmd_bias = !in1.cmd_bias;
            break;
        case 5:
            in1.w_data[1] ^= 1;
            break;
        case 6:
            in1.w_meta[2] ^= 1;
            break;
        case 7:
            in1.a_data[3] ^= 1;
            break;
        case 8:
            in1.bias_data[1] ^= 1;
            break;
        case 9:
            in1.w_valid = false;
            break;
        case 10:
            in1.a_valid = false;
            break;
        default:
            break; /* -1: unchanged */
        }
        stc_outputs out = idle;
        out.cmd_ready = true; /* the tile idle and ready: no other rule breaks */
        stc_host_check(&h, 1, &in1, &out, NULL);
        if (f < 0)
            cr_assert_eq(h.violations, 0u, "%s: %s", h.first.rule, h.first.text);
        else
            cr_assert(h.violations == 1 && !strcmp(h.first.rule, "protocol: host valid held"),
                      "field %d: %u violation(s), %s", f, h.violations, h.first.rule);
        stc_host_free(&h);
    }
    stc_stream_free(&s);
}
