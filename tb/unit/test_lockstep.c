// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_lockstep.c - the harness's core without Verilator: the lockstep
 * loop (sim/core/stc_lockstep.c), the host (stc_host.c) and the compare
 * (stc_compare.c) run against a second golden model behind the stc_rtl
 * interface (tb/unit/rtl_double.c). A clean double passes under every
 * host policy, with stalls and a mid-stream reset; a fault planted in the
 * double is reported at its cycle and signal, by the compare or by the
 * host's own checks; at the ports and txn levels a probe-only fault
 * passes and a wrong result row still fails.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "capture.h"
#include "rtl_double.h"
#include "stc_gen.h"
#include "stc_gen_stream.h"
#include "stc_lockstep.h"
#include "stc_rtl.h"
#include "stc_step.h"

static stc_stream lk_stream(const char *kind, unsigned len)
{
    char err[STC_VEC_ERR_MAX];
    stc_stream s = {0, NULL};
    stc_stream_opts o = {kind, RTL_DOUBLE_N, 7, len};
    cr_assert_eq(stc_gen_stream(&o, &s, err, sizeof err), STC_OK, "%s", err);
    return s;
}

static stc_vec lk_vec(const char *cls, unsigned k);
static stc_vec lk_vec_bias(const char *cls, unsigned k, bool bias);
/* The same with M = m instead of 3. */
static stc_vec lk_vec_shaped(const char *cls, unsigned m, unsigned k, bool bias);
static stc_run_result lk_txn_three(const stc_run_opts *o, const rtl_fault *f);
static stc_run_opts lk_txn_opts(void);

static stc_run_result lk_run(stc_rtl *rtl, const stc_stream *s, unsigned stall, stc_policy pol,
                             uint64_t reset_at)
{
    stc_run_result res;
    stc_run_opts o;
    memset(&o, 0, sizeof o);
    o.stim.seed = 3;
    o.stim.stall_pct = stall;
    o.stim.policy = pol;
    o.stim.reset_at = reset_at;
    o.check.max_errors = 1;
    cr_assert_eq(stc_lockstep_stream(rtl, s, &o, &res), STC_OK);
    return res;
}

Test(lockstep, clean_double_passes_every_policy_with_and_without_stalls)
{
    stc_rtl *rtl;
    stc_stream s = lk_stream("pairs", 0);
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    for (int pol = 0; pol < STC_POLICY_COUNT; pol++) {
        stc_run_result r0 = lk_run(rtl, &s, 0, (stc_policy)pol, 0);
        stc_run_result r30 = lk_run(rtl, &s, 30, (stc_policy)pol, 0);
        cr_assert(r0.pass, "policy %s: %s", stc_policy_name((stc_policy)pol), r0.first_signal);
        cr_assert(r30.pass, "policy %s at 30%%: %s", stc_policy_name((stc_policy)pol),
                  r30.first_signal);
        cr_assert_eq(r0.cmds_done, s.ncmd);
        cr_assert_eq(r30.cmds_done, s.ncmd);
        /* Stalls cost cycles; the stall counter says so. */
        cr_assert_gt(r30.cycles, r0.cycles, "policy %s", stc_policy_name((stc_policy)pol));
        cr_assert_gt(r30.cnt[STC_CNT_STALL_CYCLES], 0);
    }
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
}

Test(lockstep, gap_policy_takes_longer_than_back_to_back)
{
    stc_rtl *rtl;
    stc_stream s = lk_stream("mix", 12);
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    stc_run_result b2b = lk_run(rtl, &s, 0, STC_POLICY_B2B, 0);
    stc_run_result gap = lk_run(rtl, &s, 0, STC_POLICY_GAP, 0);
    cr_assert(b2b.pass && gap.pass);
    /* 11 gaps of 1..16 idle cycles between 12 commands. */
    cr_assert_geq(gap.cycles, b2b.cycles + 11);
    cr_assert_leq(gap.cycles, b2b.cycles + 11 * 16);
    /* Exactly: without stalls every command is offered its own gap's
     * cycles after the cycle b2b offers it (the first one after reset), so
     * the run is longer by the sum of the gaps the host drew. */
    stc_host h;
    stc_host_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.seed = 3;
    cfg.policy = STC_POLICY_GAP;
    cr_assert_eq(stc_host_init(&h, &s, &cfg), STC_OK);
    uint64_t gaps = 0;
    for (unsigned i = 0; i < s.ncmd; i++)
        gaps += h.cmds[i].gap;
    stc_host_free(&h);
    cr_assert_eq(gap.cycles, b2b.cycles + gaps, "gap run %llu cycles, b2b %llu, gaps %llu",
                 (unsigned long long)gap.cycles, (unsigned long long)b2b.cycles,
                 (unsigned long long)gaps);
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
}

/* meta_fault plants a fault on a 2:4 command's first loaded block; a
 * stream with nothing to fault is refused when the host starts, not run
 * as a pass that checked nothing. */
Test(lockstep, meta_fault_with_nothing_to_fault_is_refused_by_the_host)
{
    stc_vec dense = lk_vec("dense", 8), sparse = lk_vec("sp24", 8);
    stc_stream none = {1, &dense}, some = {1, &sparse};
    stc_host_cfg cfg;
    stc_host h;
    memset(&cfg, 0, sizeof cfg);
    cfg.meta_fault = true;
    cr_assert_eq(stc_host_init(&h, &none, &cfg), STC_EPARAM);
    stc_host_free(&h);
    cr_assert_eq(stc_host_init(&h, &some, &cfg), STC_OK);
    cr_assert(h.cmds[0].fault.on);
    stc_host_free(&h);
    cfg.meta_fault = false;
    cr_assert_eq(stc_host_init(&h, &none, &cfg), STC_OK);
    cr_assert_not(h.cmds[0].fault.on);
    stc_host_free(&h);
    stc_vec_free(&dense);
    stc_vec_free(&sparse);
}

/* A caller may run metadata that does not decode on purpose (the tile
 * then flags err_o): the host drives it with its MAC count unknown, it
 * does not refuse the stream (mutate-harness's b7e7bc7f6346 returned the
 * decode error from stc_host_init). */
Test(lockstep, a_command_whose_metadata_does_not_decode_is_driven_with_its_macs_unknown)
{
    stc_vec v = lk_vec("sp24", 8);
    stc_stream s = {1, &v};
    stc_host_cfg cfg;
    stc_host h;
    memset(&cfg, 0, sizeof cfg);
    v.meta[0] = 0; /* every nibble 0x0: the same index twice, illegal */
    cr_assert_eq(stc_host_init(&h, &s, &cfg), STC_OK, "a stream with illegal metadata refused");
    cr_assert_not(h.cmds[0].macs_known);
    cr_assert_not(h.cmds[0].fault.on, "the vector's own metadata is not a planted fault");
    stc_host_free(&h);
    stc_vec_free(&v);
}

/* The check of meta_fault counts every command the host faulted, not the
 * last one alone: a 2:4 command followed by a dense one (nothing to fault
 * in it) is a stream with a fault (mutate-harness's 320a7de62aec, a count
 * become an assignment, refused it). */
Test(lockstep, meta_fault_in_a_command_before_the_last_is_counted)
{
    stc_vec cmds[2] = {lk_vec("sp24", 8), lk_vec("dense", 8)};
    stc_stream s = {2, cmds};
    stc_host_cfg cfg;
    stc_host h;
    memset(&cfg, 0, sizeof cfg);
    cfg.meta_fault = true;
    cr_assert_eq(stc_host_init(&h, &s, &cfg), STC_OK);
    cr_assert(h.cmds[0].fault.on);
    cr_assert_not(h.cmds[1].fault.on);
    stc_host_free(&h);
    stc_vec_free(&cmds[0]);
    stc_vec_free(&cmds[1]);
}

/* The inputs a host (seed 9, the weights held back for hold cycles)
 * drives in cycle 0 of the single command v. */
static stc_inputs lk_first_inputs(const stc_vec *v, uint64_t hold)
{
    stc_stream s = {1, (stc_vec *)v};
    stc_host_cfg cfg;
    stc_host h;
    stc_inputs in;
    memset(&cfg, 0, sizeof cfg);
    cfg.seed = 9;
    cfg.hold = hold;
    cr_assert_eq(stc_host_init(&h, &s, &cfg), STC_OK);
    stc_host_drive(&h, &in);
    stc_host_free(&h);
    return in;
}

/* The OR of the metadata lanes of in, each checked to be a nibble. */
static unsigned lk_meta_or(const stc_inputs *in, unsigned n)
{
    unsigned meta_or = 0;
    for (unsigned c = 0; c < n; c++) {
        meta_or |= in->w_meta[c];
        cr_assert_leq(in->w_meta[c], 0xfu, "lane %u: a nibble", c);
    }
    return meta_or;
}

/* Where nothing is valid the host drives junk, not zeros or the last beat
 * (docs/compare-levels.md: an RTL that samples a payload without its valid
 * diverges at once): in the first cycle of a dense command without bias
 * the bias port carries junk, and the weight beat's metadata lanes, which
 * dense mode does not read, carry don't-care values (mutate-harness's
 * bfead4fab356 and 03ac55f97f4f left them 0). */
Test(lockstep, the_host_drives_junk_where_nothing_is_valid)
{
    stc_vec v = lk_vec("dense", 8);
    cr_assert_not(v.has_bias);
    stc_inputs in = lk_first_inputs(&v, 0);
    cr_assert(in.cmd_valid && in.w_valid && !in.bias_valid);
    int32_t bias_or = 0;
    for (unsigned c = 0; c < v.n; c++)
        bias_or |= in.bias_data[c];
    cr_assert_neq(bias_or, 0, "the bias port without bias_valid carries zeros, not junk");
    cr_assert_neq(lk_meta_or(&in, v.n), 0u,
                  "a dense weight beat's metadata lanes carry zeros, not don't-cares");
    stc_vec_free(&v);
}

/* The weight port too: while --hold keeps the weights back, w_data and
 * the metadata lanes carry junk (mutate-harness's 811286796306 left them
 * 0, so an RTL that samples a weight without w_valid would load zeros,
 * which the model's empty bank also holds). */
Test(lockstep, the_host_drives_junk_on_the_weight_port_while_it_holds_the_weights)
{
    stc_vec v = lk_vec("sp24", 8);
    stc_inputs in = lk_first_inputs(&v, 2);
    cr_assert(in.cmd_valid && !in.w_valid, "the weights are held in cycle 0");
    unsigned data_or = 0;
    for (unsigned c = 0; c < v.n; c++)
        data_or |= (uint8_t)in.w_data[c];
    cr_assert_neq(data_or, 0u, "w_data without w_valid carries zeros, not junk");
    cr_assert_neq(lk_meta_or(&in, v.n), 0u, "w_meta without w_valid carries zeros, not junk");
    stc_vec_free(&v);
}

/* Two cycles of a host on s, checked against the tile's outputs o0 in
 * cycle 0 and o1 in cycle 1 (cycle 1 only if cycle 0 passed), the inputs
 * of cycle 1 changed by tweak (NULL: as the host drove them): whether each
 * check passed, and the first violation's rule. */
typedef struct lk_two {
    bool ok0, ok1;
    char rule[48];
} lk_two;

static lk_two lk_two_cycles(const stc_stream *s, const stc_outputs *o0, const stc_outputs *o1,
                            void (*tweak)(stc_inputs *in, unsigned n))
{
    stc_host_cfg cfg;
    stc_host h;
    stc_inputs in;
    lk_two r = {false, false, ""};
    memset(&cfg, 0, sizeof cfg);
    cr_assert_eq(stc_host_init(&h, s, &cfg), STC_OK);
    stc_host_drive(&h, &in);
    r.ok0 = stc_host_check(&h, 0, &in, o0, NULL);
    if (r.ok0) {
        stc_host_advance(&h, &in, o0);
        stc_host_drive(&h, &in);
        if (tweak)
            tweak(&in, s->cmd[0].n);
        r.ok1 = stc_host_check(&h, 1, &in, o1, NULL);
    }
    snprintf(r.rule, sizeof r.rule, "%s", h.violations ? h.first.rule : "");
    stc_host_free(&h);
    return r;
}

/* The top byte of the last bias lane changed. */
static void lk_bias_top_byte(stc_inputs *in, unsigned n)
{
    cr_assert(in->bias_valid, "the biased command's first bias row is still offered");
    in->bias_data[n - 1] ^= (int32_t)0x40000000;
}

/* The host checks its own side too: a valid it raised stays, with the
 * same payload, until its transfer. A bias beat offered to a tile that
 * takes the command in cycle 0 and is busy in cycle 1, not ready for bias
 * in either, then offered again with the top byte of its last lane
 * changed, breaks "protocol: host valid held"; offered unchanged, it does
 * not. Kills mutate-harness's 24fcc0d40185 (the bias compared over
 * n * sizeof(int16_t) bytes: the upper half of the lanes unchecked). */
Test(lockstep, the_host_holds_every_byte_of_a_waiting_bias_beat)
{
    stc_vec v = lk_vec_bias("dense", 8, true);
    stc_stream s = {1, &v};
    stc_outputs idle = {.cmd_ready = true}, busy = {.busy = true};
    lk_two same = lk_two_cycles(&s, &idle, &busy, NULL);
    cr_assert(same.ok0 && same.ok1, "%s", same.rule);
    lk_two changed = lk_two_cycles(&s, &idle, &busy, lk_bias_top_byte);
    cr_assert(changed.ok0 && !changed.ok1);
    cr_assert_str_eq(changed.rule, "protocol: host valid held");
    stc_vec_free(&v);
}

/* cmd_ready_o is the inverse of busy_o (docs/architecture.md section 4):
 * an idle tile that is not ready for a command, and a busy tile that is,
 * each break "protocol: cmd_ready_o"; idle and ready, then busy and not
 * ready, do not. Kills mutate-harness's 2c8cbbe63e84 (the rule dropped:
 * no other test plants that tile). */
Test(lockstep, cmd_ready_is_the_inverse_of_busy)
{
    stc_vec v = lk_vec("dense", 8);
    stc_stream s = {1, &v};
    stc_outputs idle = {.cmd_ready = true}, busy = {.busy = true};
    stc_outputs idle_not_ready = {.cmd_ready = false},
                busy_ready = {.busy = true, .cmd_ready = true};
    lk_two right = lk_two_cycles(&s, &idle, &busy, NULL);
    cr_assert(right.ok0 && right.ok1, "%s", right.rule);
    lk_two r1 = lk_two_cycles(&s, &idle_not_ready, &busy, NULL);
    cr_assert_not(r1.ok0);
    cr_assert_str_eq(r1.rule, "protocol: cmd_ready_o");
    lk_two r2 = lk_two_cycles(&s, &idle, &busy_ready, NULL);
    cr_assert(r2.ok0 && !r2.ok1);
    cr_assert_str_eq(r2.rule, "protocol: cmd_ready_o");
    stc_vec_free(&v);
}

/* The host's policies by name: each of the four parses to itself, and
 * anything else is -1 (under ASan, make asan, a lookup one past the names,
 * mutate-harness's 18d8e5e08e2a, is a global-buffer-overflow). */
Test(lockstep, policies_parse_by_name_and_nothing_else)
{
    for (int p = 0; p < STC_POLICY_COUNT; p++)
        cr_assert_eq(stc_policy_parse(stc_policy_name((stc_policy)p)), p);
    cr_assert_eq(stc_policy_parse("bursty"), -1);
    cr_assert_eq(stc_policy_parse(""), -1);
    cr_assert_str_eq(stc_policy_name(STC_POLICY_COUNT), "?");
}

/* The random policy draws one of the three others for each command, with
 * the seed: over 12 commands each is drawn and none stays "random", and a
 * gap command has its gap (mutate-harness's 7263a8914eb4 never drew: every
 * command ran under the switch's default, one policy for all). */
Test(lockstep, the_random_policy_draws_each_policy_per_command)
{
    stc_stream s = lk_stream("mix", 12);
    stc_host_cfg cfg;
    stc_host h;
    unsigned seen[STC_POLICY_COUNT] = {0};
    memset(&cfg, 0, sizeof cfg);
    cfg.seed = 3;
    cfg.policy = STC_POLICY_RANDOM;
    cr_assert_eq(s.ncmd, 12u);
    cr_assert_eq(stc_host_init(&h, &s, &cfg), STC_OK);
    for (unsigned i = 0; i < s.ncmd; i++) {
        stc_policy p = h.cmds[i].policy;
        cr_assert_lt(p, STC_POLICY_RANDOM, "command %u: policy %d", i, p);
        seen[p]++;
        cr_assert_eq(h.cmds[i].gap > 0, p == STC_POLICY_GAP, "command %u: gap %u", i,
                     h.cmds[i].gap);
    }
    for (int p = 0; p < STC_POLICY_RANDOM; p++)
        cr_assert_gt(seen[p], 0u, "%s never drawn in 12 commands", stc_policy_name((stc_policy)p));
    stc_host_free(&h);
    stc_stream_free(&s);
}

/* The cycles a per-cycle hook saw: how many, the first and the last. */
typedef struct lk_hook_seen {
    uint64_t calls, first, last;
} lk_hook_seen;

static void lk_hook(void *ctx, uint64_t cycle, const stc_inputs *in, const stc_outputs *eo,
                    const stc_probes *ep, const stc_outputs *ao, const stc_probes *ap)
{
    lk_hook_seen *seen = ctx;
    (void)in, (void)eo, (void)ep, (void)ao, (void)ap;
    if (seen->calls++ == 0)
        seen->first = cycle;
    seen->last = cycle;
}

/* The per-cycle hook (coverage, the waveform window) sees every cycle the
 * compare sees: from cycle 1, the first after the reset edge, to the last,
 * once each. Cycle 0 shows whatever the RTL held before reset, which no
 * coverage bin or trace should take for the tile's (mutate-harness's
 * 713f22e20d0a called it at cycle 0 too). */
Test(lockstep, the_cycle_hook_sees_every_compared_cycle_from_cycle_1)
{
    stc_rtl *rtl;
    stc_stream s = lk_stream("mix", 3);
    stc_run_opts o;
    stc_run_result r;
    lk_hook_seen seen = {0, 0, 0};
    memset(&o, 0, sizeof o);
    o.stim.seed = 3;
    o.check.max_errors = 1;
    o.report.on_cycle = lk_hook;
    o.report.hook_ctx = &seen;
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &r), STC_OK);
    cr_assert(r.pass, "%s", r.first_signal);
    /* The run's cycles are numbered 1 to r.cycles after the reset edge's
     * cycle 0, the cycle the run ends in included. */
    cr_assert_eq(seen.first, 1u);
    cr_assert_eq(seen.last, r.cycles, "last %llu of %llu cycles", (unsigned long long)seen.last,
                 (unsigned long long)r.cycles);
    cr_assert_eq(seen.calls, r.cycles);
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
}

/* --stall P withholds each channel's valid, and res_ready, in P % of the
 * cycles: over 100,000 cycles res_ready is 1 in (100 - P) % of them, within
 * four standard deviations, at 50 % and at 99 % (the host takes 0..100;
 * the command line stops at 90). Kills mutate-harness's 1702cea83c39 (a
 * stall for a draw <= P: one point more, and at 99 % every cycle, so the
 * host never offered anything, which is not a tile's hang: the run went
 * on for ever). */
Test(lockstep, the_stall_rate_is_the_share_of_stalled_cycles)
{
    static const unsigned pct[] = {50, 99};
    stc_vec v = lk_vec("dense", 8);
    stc_stream s = {1, &v};
    for (size_t i = 0; i < sizeof pct / sizeof pct[0]; i++) {
        stc_host_cfg cfg;
        stc_host h;
        stc_inputs in;
        memset(&cfg, 0, sizeof cfg);
        cfg.seed = 3;
        cfg.stall_pct = pct[i];
        cr_assert_eq(stc_host_init(&h, &s, &cfg), STC_OK);
        unsigned ready = 0, draws = 100000;
        for (unsigned c = 0; c < draws; c++) {
            stc_host_drive(&h, &in);
            ready += in.res_ready;
        }
        double p = (100.0 - pct[i]) / 100.0, want = draws * p, off = ready - want;
        cr_assert(off * off < 16 * draws * p * (1.0 - p),
                  "--stall %u: res_ready in %u of %u cycles, want %.0f", pct[i], ready, draws,
                  want);
        cr_assert(in.cmd_valid, "--stall %u: the command never offered", pct[i]);
        stc_host_free(&h);
    }
    stc_vec_free(&v);
}

/* A new host has recorded nothing, whatever its memory held before: no
 * violation, an all-zero first-violation record, and one traffic tracker
 * per sector class, each of the default size. stc_host_init writes its
 * own fields and none beyond them (mutate-harness's 94ce41a5ab32 set up
 * one tracker past the array, over the first-violation record: a stale
 * cycle 32 there, which no run read, as no run reads it before a rule
 * breaks). */
Test(lockstep, a_new_host_has_recorded_no_violation)
{
    stc_vec v = lk_vec("sp24", 8);
    stc_stream s = {1, &v};
    stc_host_cfg cfg;
    stc_host h;
    stc_host_violation none;
    memset(&cfg, 0, sizeof cfg);
    memset(&none, 0, sizeof none);
    memset(&h, 0xa5, sizeof h);
    cr_assert_eq(stc_host_init(&h, &s, &cfg), STC_OK);
    cr_assert_eq(h.violations, 0u);
    cr_assert(memcmp(&h.first, &none, sizeof none) == 0,
              "the first-violation record of a new host is not empty (cycle %llu, rule '%.48s')",
              (unsigned long long)h.first.cycle, h.first.rule);
    for (int i = 0; i < STC_SEC_COUNT; i++)
        cr_assert_eq(h.sec[i].size, STC_SECTOR_DEFAULT, "tracker %d", i);
    stc_host_free(&h);
    stc_vec_free(&v);
}

Test(lockstep, mid_stream_reset_replays_the_interrupted_command)
{
    stc_rtl *rtl;
    stc_stream s = lk_stream("mix", 6);
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    stc_run_result clean = lk_run(rtl, &s, 0, STC_POLICY_B2B, 0);
    stc_run_result reset = lk_run(rtl, &s, 0, STC_POLICY_B2B, clean.cycles / 2);
    cr_assert(reset.pass, "%s", reset.first_signal);
    cr_assert_eq(reset.cmds_done, s.ncmd);
    cr_assert_gt(reset.cycles, clean.cycles);
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
}

/* Runs a generated stream on a double with fault f planted. */
static stc_run_result lk_fault_run(const char *kind, unsigned len, rtl_fault f, unsigned *ncmd)
{
    stc_rtl *rtl;
    stc_stream s = lk_stream(kind, len);
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_double_plant(rtl, &f);
    stc_run_result r = lk_run(rtl, &s, 0, STC_POLICY_B2B, 0);
    *ncmd = s.ncmd;
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
    return r;
}

/* A probe fault from clock edge T on shows from cycle T on: the first
 * divergence is that cycle and that element. */
Test(lockstep, planted_probe_fault_found_at_its_cycle_and_signal)
{
    unsigned ncmd;
    stc_run_result r = lk_fault_run("pairs", 0, (rtl_fault){RTL_FAULT_PE_PROD, 1, 2, 3, 40}, &ncmd);
    cr_assert_not(r.pass);
    cr_assert_eq(r.first_bad_cycle, 40);
    cr_assert_str_eq(r.first_signal, "pe_prod[1][2]");
    /* max_errors = 1: the run stops in the failing cycle, with one
     * mismatching cycle reported, not at the end of the stream. */
    cr_assert_eq(r.mismatch_cycles, 1);
    cr_assert_eq(r.cycles, 40);
}

/* The per-PE probes compared where the RTL keeps them (stc_rtl_pe_grids,
 * the double's default: packed vectors) or copied into the probe record (a
 * build with dbg_pe_* ports): the same verdict, cycle, signal and count,
 * for a fault from an early and a late edge, for one that shows only while
 * the product is nonzero, and for a bit of each packed grid (the flags,
 * both bits of a select, a weight) at the first, a middle and the last PE;
 * a clean run passes both ways in as many cycles. */
Test(lockstep, grids_in_place_and_in_the_record_give_the_same_verdict)
{
    static const rtl_fault faults[] = {
        {RTL_FAULT_PE_PROD, 1, 2, 3, 40},  {RTL_FAULT_PE_PROD, 3, 0, 31, 200},
        {RTL_FAULT_PROD_SEEN, 2, 3, 0, 0}, {RTL_FAULT_PE_FLAG, 0, 0, 0, 30},
        {RTL_FAULT_PE_FLAG, 3, 3, 1, 50},  {RTL_FAULT_PE_FLAG, 2, 1, 2, 60},
        {RTL_FAULT_PE_FLAG, 3, 3, 3, 70},  {RTL_FAULT_PE_IDX, 3, 3, 0, 35},
        {RTL_FAULT_PE_IDX, 1, 2, 1, 45},   {RTL_FAULT_PE_W, 3, 3, 7, 55},
        {RTL_FAULT_PE_W, 0, 1, 0, 25},     {RTL_FAULT_NONE, 0, 0, 0, 0},
    };
    stc_stream s = lk_stream("pairs", 0);
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++) {
        stc_run_result r[2];
        for (int on = 0; on < 2; on++) {
            stc_rtl *rtl;
            cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
            rtl_double_grids(rtl, on);
            cr_assert_eq(stc_rtl_pe_grids(rtl) != NULL, on);
            rtl_double_plant(rtl, &faults[i]);
            r[on] = lk_run(rtl, &s, 0, STC_POLICY_B2B, 0);
            stc_rtl_destroy(rtl);
        }
        cr_assert_eq(r[0].pass, r[1].pass, "fault %zu", i);
        cr_assert_eq(r[0].pass, faults[i].kind == RTL_FAULT_NONE, "fault %zu: %s", i,
                     r[1].first_signal);
        cr_assert_eq(r[0].first_bad_cycle, r[1].first_bad_cycle, "fault %zu", i);
        cr_assert_str_eq(r[0].first_signal, r[1].first_signal, "fault %zu", i);
        cr_assert_eq(r[0].mismatch_cycles, r[1].mismatch_cycles, "fault %zu", i);
        cr_assert_eq(r[0].cycles, r[1].cycles, "fault %zu", i);
    }
    stc_stream_free(&s);
}

/* A bit of a packed grid planted at PE (r, c) from clock edge T on is
 * found in place at cycle T and named as that grid's element [r][c]: the
 * compare reads the PE where the layout puts it, and the unpack that
 * names the difference puts it back at (r, c). */
Test(lockstep, packed_grid_fault_found_in_place_at_its_pe)
{
    static const struct {
        rtl_fault f;
        const char *signal;
    } cases[] = {
        {{RTL_FAULT_PE_FLAG, 0, 0, 0, 30}, "pe_v[0][0]"},
        {{RTL_FAULT_PE_FLAG, 3, 3, 0, 30}, "pe_v[3][3]"},
        {{RTL_FAULT_PE_FLAG, 3, 3, 1, 40}, "pe_en[3][3]"},
        {{RTL_FAULT_PE_FLAG, 1, 2, 2, 40}, "pe_en_q[1][2]"},
        {{RTL_FAULT_PE_FLAG, 2, 0, 3, 50}, "pe_pv[2][0]"},
        {{RTL_FAULT_PE_IDX, 3, 3, 1, 35}, "pe_idx[3][3]"},
        {{RTL_FAULT_PE_IDX, 0, 3, 0, 35}, "pe_idx[0][3]"},
        {{RTL_FAULT_PE_W, 3, 3, 7, 45}, "pe_w[3][3]"},
        {{RTL_FAULT_PE_W, 2, 1, 0, 45}, "pe_w[2][1]"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned ncmd;
        stc_run_result r = lk_fault_run("pairs", 0, cases[i].f, &ncmd);
        cr_assert_not(r.pass, "case %zu", i);
        cr_assert_eq(r.first_bad_cycle, cases[i].f.from_tick, "case %zu", i);
        cr_assert_str_eq(r.first_signal, cases[i].signal, "case %zu", i);
    }
}

/* Grids read in place are the lockstep's alone: a step that runs no model
 * of its own has nothing to compare them with. */
Test(lockstep, grids_in_place_only_with_the_steps_own_model)
{
    static const stc_step_mode modes[] = {STC_STEP_CALLER_MODEL, STC_STEP_MODEL_IS_DUT};
    static const uint8_t b[16]; /* N=4: 2 bytes of flags, 4 of selects, 16 of weights */
    static const uint32_t w[16];
    const stc_pe_grids g = {b, b, b, b, b, b, w, w, w};
    stc_stream s = lk_stream("pairs", 0);
    stc_params p;
    stc_rtl_params(&p);
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        stc_step *st;
        stc_run_opts o;
        memset(&o, 0, sizeof o);
        cr_assert_eq(stc_step_open(&st, &s, &p, &o, modes[i]), STC_OK);
        cr_assert_eq(stc_step_grids(st, &g), STC_EPARAM, "mode %zu", i);
        stc_step_close(st, NULL, NULL);
    }
    stc_step *own;
    stc_run_opts o;
    memset(&o, 0, sizeof o);
    cr_assert_eq(stc_step_open(&own, &s, &p, &o, STC_STEP_OWN_MODEL), STC_OK);
    cr_assert_eq(stc_step_grids(own, NULL), STC_EPARAM);
    cr_assert_eq(stc_step_grids(own, &g), STC_OK);
    stc_step_close(own, NULL, NULL);
    stc_stream_free(&s);
}

/* An RTL built with parameters the golden model refuses (M_MAX = 12, not a
 * power of two: a designer's -GM_MAX) is a set-up error when the step
 * opens, in every mode that runs a model, never a step with no model.
 * Kills mutate-harness's 0fd814412ce1 (the model's failure unchecked). */
Test(lockstep, a_model_that_cannot_be_built_is_a_set_up_error)
{
    static const stc_step_mode modes[] = {STC_STEP_OWN_MODEL, STC_STEP_MODEL_IS_DUT};
    stc_vec v = lk_vec("dense", 8);
    stc_stream s = {1, &v};
    stc_params p;
    stc_rtl_params(&p);
    p.m_max = 12;
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        stc_step *st = NULL;
        stc_run_opts o;
        memset(&o, 0, sizeof o);
        cr_assert_eq(stc_step_open(&st, &s, &p, &o, modes[i]), STC_EPARAM, "mode %zu", i);
        stc_step_close(st, NULL, NULL);
    }
    stc_vec_free(&v);
}

/* stc_step_close accepts NULL, as free() does (stc_step.h): a caller whose
 * open failed before allocating closes what it got without a check. */
Test(lockstep, close_accepts_null)
{
    stc_run_result res;
    memset(&res, 0x5a, sizeof res);
    stc_step_close(NULL, NULL, &res);
    cr_assert_eq(res.cycles, 0x5a5a5a5a5a5a5a5aULL, "a NULL step writes no result");
}

/* A counter fault is found by the compare at the cycle it appears. */
Test(lockstep, planted_counter_fault_found)
{
    unsigned ncmd;
    stc_run_result r =
        lk_fault_run("pairs", 0, (rtl_fault){RTL_FAULT_CNT, STC_CNT_MACS_GATED, 0, 20, 100}, &ncmd);
    cr_assert_not(r.pass);
    cr_assert_eq(r.first_bad_cycle, 100);
    cr_assert_str_eq(r.first_signal, "cnt.macs_gated");
}

/* A result fault: the compare sees res_data differ the first cycle a row
 * is offered. */
Test(lockstep, planted_result_fault_found)
{
    unsigned ncmd;
    stc_run_result r = lk_fault_run("pairs", 0, (rtl_fault){RTL_FAULT_RES_DATA, 0, 3, 0, 1}, &ncmd);
    cr_assert_not(r.pass);
    cr_assert_str_eq(r.first_signal, "res_data[3]");
}

/* A tile that never offers its results: named at res_valid, and the
 * commands it withheld are not counted as done. */
Test(lockstep, withheld_results_found)
{
    unsigned ncmd;
    stc_run_result r = lk_fault_run("mix", 3, (rtl_fault){RTL_FAULT_RES_VALID, 0, 0, 0, 1}, &ncmd);
    cr_assert_not(r.pass);
    cr_assert_str_eq(r.first_signal, "res_valid");
    cr_assert_lt(r.cmds_done, ncmd);
}

/* ---- compare levels ---------------------------------------------------------- */

/* A generated stream on a double with fault f, at compare level l. */
static stc_run_result lk_level_run(rtl_fault f, stc_level l)
{
    stc_rtl *rtl;
    stc_run_result res;
    stc_run_opts o;
    stc_stream s = lk_stream("mix", 8);
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_double_plant(rtl, &f);
    memset(&o, 0, sizeof o);
    o.stim.seed = 5;
    o.stim.stall_pct = 20;
    o.stim.policy = STC_POLICY_RANDOM;
    o.check.max_errors = 1;
    o.check.level = l;
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &res), STC_OK);
    cr_assert_eq(res.cmds_done, res.pass ? s.ncmd : res.cmds_done);
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
    return res;
}

/* A fault in a PE probe only (the outputs stay right) fails the cycle
 * level and passes ports and txn, which do not look at those probes. */
Test(lockstep, probe_faults_fail_cycle_level_only)
{
    rtl_fault prod = {RTL_FAULT_PE_PROD, 1, 2, 3, 40};
    cr_assert_not(lk_level_run(prod, STC_LEVEL_CYCLE).pass);
    for (int l = STC_LEVEL_PORTS; l <= STC_LEVEL_TXN; l++) {
        stc_run_result a = lk_level_run(prod, (stc_level)l);
        cr_assert(a.pass, "%s: %s", stc_level_name((stc_level)l), a.first_signal);
    }
}

/* The counters' closed form binds at every level (docs/architecture.md,
 * the rule table): a wrong macs_actual fails ports and txn by the host's
 * rule; the cycle count minus the stalls is timing, checked at cycle and
 * ports, not at txn (a wrong stall_cycles passes there); cycles itself is
 * the busy cycles at any timing, checked at txn too. */
Test(lockstep, counter_rules_bind_at_every_level_but_timing_at_txn)
{
    rtl_fault macs = {RTL_FAULT_CNT, STC_CNT_MACS_ACTUAL, 0, 4, 60};
    rtl_fault cycles = {RTL_FAULT_CNT, STC_CNT_STALL_CYCLES, 0, 0, 60};
    rtl_fault busy = {RTL_FAULT_CNT, STC_CNT_CYCLES, 0, 3, 60};
    cr_assert_not(lk_level_run(macs, STC_LEVEL_CYCLE).pass);
    cr_assert_not(lk_level_run(cycles, STC_LEVEL_CYCLE).pass);
    for (int l = STC_LEVEL_PORTS; l <= STC_LEVEL_TXN; l++) {
        stc_run_result r = lk_level_run(macs, (stc_level)l);
        cr_assert_not(r.pass, "%s", stc_level_name((stc_level)l));
        cr_assert_str_eq(r.first_signal, "counters", "%s", stc_level_name((stc_level)l));
        cr_assert(r.counters);
    }
    stc_run_result p = lk_level_run(cycles, STC_LEVEL_PORTS);
    cr_assert_not(p.pass);
    cr_assert_str_eq(p.first_signal, "counters");
    stc_run_result t = lk_level_run(cycles, STC_LEVEL_TXN);
    cr_assert(t.pass, "%s", t.first_signal);
    stc_run_result b = lk_level_run(busy, STC_LEVEL_TXN);
    cr_assert_not(b.pass);
    cr_assert_str_eq(b.first_signal, "counters: cycles");
}

/* The counter rules of any timing at txn (and ports): a cycles counter
 * that a new command does not clear differs from the busy cycles at the
 * second command's end (at ports the closed form of the cycle count sees
 * it first); one that counts on in IDLE fails the idle rule in
 * the first idle cycle after a command, naming the counter. The clean
 * double passes both levels (lk_level_run's other tests). */
Test(lockstep, cycles_counter_bugs_fail_at_txn)
{
    rtl_fault keep = {RTL_FAULT_CYCLES_KEEP, 0, 0, 0, 0};
    rtl_fault idle = {RTL_FAULT_CYCLES_IDLE, 0, 0, 0, 0};
    for (int l = STC_LEVEL_PORTS; l <= STC_LEVEL_TXN; l++) {
        stc_run_result k = lk_level_run(keep, (stc_level)l);
        cr_assert_not(k.pass, "%s", stc_level_name((stc_level)l));
        /* At ports the closed form of cycles - stall_cycles sees it first. */
        cr_assert_str_eq(k.first_signal, l == STC_LEVEL_TXN ? "counters: cycles" : "counters");
        cr_assert_eq(k.first_cmd, 1, "command %d", k.first_cmd);
        stc_run_result i = lk_level_run(idle, (stc_level)l);
        cr_assert_not(i.pass, "%s", stc_level_name((stc_level)l));
        cr_assert_str_eq(i.first_signal, "counters: hold");
        cr_assert_eq(i.first_cmd, 0, "command %d", i.first_cmd); /* the one it must hold */
    }
    /* More stall cycles than cycles (bit 12 set from the first command's
     * transfer on: the commands here are shorter than 4096 cycles). */
    rtl_fault stall = {RTL_FAULT_CNT, STC_CNT_STALL_CYCLES, 0, 12, 3};
    stc_run_result st = lk_level_run(stall, STC_LEVEL_TXN);
    cr_assert_str_eq(st.first_signal, "counters: stall_cycles");
    /* A counter that a reset does not clear. */
    rtl_fault dirty = {RTL_FAULT_CNT, STC_CNT_A_BYTES, 0, 2, 0};
    stc_run_result d = lk_level_run(dirty, STC_LEVEL_TXN);
    cr_assert_str_eq(d.first_signal, "counters: reset");
}

/* stall_cycles <= cycles is the whole txn rule of the stall count (its
 * meaning is the micro-architecture's, docs/architecture.md section 7):
 * a tile that counts every busy cycle as a stall is at the bound and
 * passes txn, while ports, which knows the base tile's definition, fails
 * it. Kills mutate-harness's d6a4670b25bc (stall_cycles >= cycles taken
 * as the violation). */
Test(lockstep, stall_cycles_equal_to_cycles_is_within_the_txn_rule)
{
    rtl_fault all = {RTL_FAULT_STALL_ALL, 0, 0, 0, 0};
    stc_run_result t = lk_level_run(all, STC_LEVEL_TXN);
    cr_assert(t.pass, "%s", t.first_signal);
    cr_assert_gt(t.cnt[STC_CNT_STALL_CYCLES], 0u);
    cr_assert_eq(t.cnt[STC_CNT_STALL_CYCLES], t.cnt[STC_CNT_CYCLES]);
    stc_run_result p = lk_level_run(all, STC_LEVEL_PORTS);
    cr_assert_not(p.pass);
    cr_assert_str_eq(p.first_signal, "counters");
}

/* At the cycle level the counters are probes compared with the model's
 * every cycle, and their rules are not applied (docs/compare-levels.md):
 * the same counter bugs are divergences there, named by the counter, and
 * no broken rule. Kills mutate-harness's f83daad80543 (the rules applied
 * at the cycle level too: a broken rule beside the divergence). */
Test(lockstep, at_cycle_level_a_counter_bug_is_a_divergence_not_a_rule)
{
    const rtl_fault faults[] = {{RTL_FAULT_CYCLES_KEEP, 0, 0, 0, 0},
                                {RTL_FAULT_CYCLES_IDLE, 0, 0, 0, 0}};
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++) {
        stc_run_result r = lk_level_run(faults[i], STC_LEVEL_CYCLE);
        cr_assert_not(r.pass, "fault %zu", i);
        cr_assert_str_eq(r.first_signal, "cnt.cycles");
        cr_assert_gt(r.mismatch_cycles, 0u, "fault %zu", i);
        cr_assert_not(r.check_failed, "fault %zu: a rule broke at the cycle level", i);
    }
}

/* An RTL without counters (a tile of your own without dbg_cnt_o): no
 * counter rule, and the result says it has none (the per-file line prints
 * n/a, not the tied-off zeros); at txn the model's counters are beside. */
Test(lockstep, rtl_without_counters_reports_none)
{
    rtl_fault none = {RTL_FAULT_NO_CNT, 0, 0, 0, 0};
    for (int l = STC_LEVEL_PORTS; l <= STC_LEVEL_TXN; l++) {
        stc_run_result r = lk_level_run(none, (stc_level)l);
        cr_assert(r.pass, "%s: %s", stc_level_name((stc_level)l), r.first_signal);
        cr_assert_not(r.counters);
        cr_assert_eq(r.cnt[STC_CNT_MACS_ALG], 0u);
        if (l == STC_LEVEL_TXN)
            cr_assert_gt(r.model_cnt[STC_CNT_MACS_ALG], 0u);
    }
    rtl_fault clean = {RTL_FAULT_NONE, 0, 0, 0, 0};
    cr_assert(lk_level_run(clean, STC_LEVEL_TXN).counters);
}

/* A wrong result row fails every level; at txn it is the command the
 * fault first hits (a row of the first command, from cycle 1 on). */
Test(lockstep, result_fault_fails_every_level)
{
    rtl_fault f = {RTL_FAULT_RES_DATA, 0, 1, 5, 1};
    for (int l = STC_LEVEL_CYCLE; l <= STC_LEVEL_TXN; l++) {
        stc_run_result r = lk_level_run(f, (stc_level)l);
        cr_assert_not(r.pass, "%s", stc_level_name((stc_level)l));
        cr_assert_eq(r.first_cmd, 0, "%s: command %d", stc_level_name((stc_level)l), r.first_cmd);
    }
}

/* A clean double at txn: every command compared, none late, and the model's
 * own run took as many cycles (same tile, same host seed). */
Test(lockstep, txn_on_the_same_tile_has_no_delta)
{
    rtl_fault none = {RTL_FAULT_NONE, 0, 0, 0, 0};
    stc_run_result r = lk_level_run(none, STC_LEVEL_TXN);
    cr_assert(r.pass, "%s", r.first_signal);
    cr_assert_eq(r.txn_cmds, r.cmds_done);
    cr_assert_eq(r.delta_min, 0);
    cr_assert_eq(r.delta_max, 0);
    cr_assert_eq(r.model_cycles, r.cycles);
}

/* Withheld results hang the RTL's side: at txn the model's record is there,
 * the RTL never completes, and the run times out. */
Test(lockstep, txn_withheld_results_time_out)
{
    rtl_fault f = {RTL_FAULT_RES_VALID, 0, 0, 0, 1};
    stc_run_result r = lk_level_run(f, STC_LEVEL_TXN);
    cr_assert_not(r.pass);
    cr_assert(r.timeout || r.check_failed, "%s", r.first_signal);
    cr_assert_eq(r.txn_cmds, 0);
}

/* A tile whose weight port never becomes ready: at txn (where no compare
 * sees w_ready differ first) the run hangs, and the hang names the
 * handshake the host waited on. */
Test(lockstep, hang_names_the_waiting_handshake)
{
    rtl_fault f = {RTL_FAULT_W_STUCK, 0, 0, 0, 0};
    stc_run_result r = lk_level_run(f, STC_LEVEL_TXN);
    cr_assert(r.timeout, "%s", r.first_signal);
    cr_assert_str_eq(r.first_signal, "(hang: w_valid_i waits for w_ready_o)");

    /* The TIMEOUT line says which valid waits since when, for which beat,
     * and the last transfer of each channel: the command went in, no
     * weight beat ever did, no result row came. */
    stc_vec v = lk_vec("sp24", 32);
    stc_stream s = {1, &v};
    char *text = t_logged_run(&s, f, STC_LEVEL_TXN, &r);
    cr_assert(r.timeout);
    /* One command, no stalls: its transfer at cycle 2, its first weight
     * beat offered from then on. */
    cr_assert_not_null(strstr(text, "w_valid_i is 1 without w_ready_o since cycle 2 (command 0, "
                                    "beat 0)"),
                       "%s", text);
    cr_assert_not_null(strstr(text, "the host expects result row 0 of command 0 (1 accepted)"),
                       "%s", text);
    cr_assert_not_null(
        strstr(text, "last transfers: cmd at 2 bias never w never a never res never"), "%s", text);
    /* The whole line, every waiting channel in order. */
    cr_assert_not_null(strstr(text,
                              "commands done): w_valid_i is 1 without w_ready_o since cycle 2 "
                              "(command 0, beat 0); a_valid_i is 1 without a_ready_o since "
                              "cycle 2 (command 0, beat 0); the host expects result row 0 "
                              "of command 0 (1 accepted); last transfers: cmd at 2 bias "
                              "never w never a never res never\n"),
                       "%s", text);
    /* Nothing moved after busy_o rose in cycle 3: the line says so, with
     * the limit and the option and make variable that set it. */
    cr_assert_not_null(strstr(text, "TIMEOUT (vector): hung at cycle 4099: no transfer on any "
                                    "channel and busy_o unchanged for 4096 cycles since cycle 3 "
                                    "(the limit: --hang-cycles 4096, make sim HANG=4096) (0 of 1 "
                                    "commands done): "),
                       "%s", text);
    free(text);
    /* The run stops at the limit, not a cycle after it: cycles 4 .. 4099
     * are the 4096 quiet ones. */
    cr_assert_eq(r.cycles, 4 + STC_HANG_CYCLES_DEFAULT, "%llu cycles",
                 (unsigned long long)r.cycles);
    stc_vec_free(&v);
}

/* One txn run of stream s on the double with fault f, hang limit hang
 * (0: the default) and the first command's weights held `hold` cycles. */
static stc_run_result lk_hang_run(const stc_stream *s, rtl_fault f, uint64_t hang, uint64_t hold)
{
    stc_rtl *rtl;
    stc_run_result r;
    stc_run_opts o;
    memset(&o, 0, sizeof o);
    o.stim.seed = 5;
    o.stim.hang_cycles = hang;
    o.stim.hold = hold;
    o.check.max_errors = 1;
    o.check.level = STC_LEVEL_TXN;
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_double_plant(rtl, &f);
    cr_assert_eq(stc_lockstep_stream(rtl, s, &o, &r), STC_OK);
    stc_rtl_destroy(rtl);
    return r;
}

/* A hang is quiet cycles in a row, not a total: a tile 16 times slower per
 * row than the model (its input ports take a beat every 16th cycle) passes
 * at txn with the default limit, though it takes more cycles than the old
 * total budget allowed (about 4x the model's); the same tile with a
 * limit under its 15 quiet cycles between beats is a hang, named. */
Test(lockstep, a_tile_16x_slower_per_row_is_not_a_hang)
{
    stc_stream s = lk_stream("mix", 6);
    rtl_fault slow = {RTL_FAULT_SLOW, 0, 0, 16, 0};
    stc_run_result r = lk_hang_run(&s, slow, 0, 0);
    cr_assert(r.pass, "%s at cycle %llu", r.first_signal, (unsigned long long)r.first_bad_cycle);
    cr_assert_eq(r.cmds_done, s.ncmd);
    /* The old budget: 4x the model's stall-free cycles and 80 a command. */
    cr_assert_gt(r.cycles, 4 * r.model_cycles + 80 * s.ncmd, "RTL %llu cycles, model %llu",
                 (unsigned long long)r.cycles, (unsigned long long)r.model_cycles);
    stc_run_result h = lk_hang_run(&s, slow, 10, 0);
    cr_assert(h.timeout, "%s", h.first_signal);
    cr_assert_not_null(strstr(h.first_signal, "(hang: "), "%s", h.first_signal);
    stc_stream_free(&s);
}

/* The limit counts quiet cycles after the last transfer: a weight port
 * paused for fewer cycles than the limit is a slow tile, for more a hang;
 * --hang-cycles moves the line. */
Test(lockstep, a_pause_is_a_hang_only_past_the_limit)
{
    stc_vec v = lk_vec("sp24", 32);
    stc_stream s = {1, &v};
    rtl_fault shorter = {RTL_FAULT_W_PAUSE, 0, 0, STC_HANG_CYCLES_DEFAULT - 8, 0};
    rtl_fault longer = {RTL_FAULT_W_PAUSE, 0, 0, STC_HANG_CYCLES_DEFAULT + 8, 0};
    stc_run_result a = lk_hang_run(&s, shorter, 0, 0);
    cr_assert(a.pass, "%s", a.first_signal);
    stc_run_result b = lk_hang_run(&s, longer, 0, 0);
    cr_assert(b.timeout, "%s", b.first_signal);
    cr_assert_str_eq(b.first_signal, "(hang: w_valid_i waits for w_ready_o)");
    stc_run_result c = lk_hang_run(&s, longer, STC_HANG_CYCLES_DEFAULT + 100, 0);
    cr_assert(c.pass, "%s", c.first_signal);
    stc_vec_free(&v);
}

/* The hold (make hold-test's one long command) withholds the first
 * command's weights for `hold` cycles after the reset: those cycles are not
 * quiet ones, and the count starts with the first in which the weights are
 * offered, cycle STC_RESET_CYCLES + hold of the run. A weight port that
 * never becomes ready is then a hang after exactly the limit: that cycle
 * and the 4095 after it are the 4096 quiet ones (with no hold, the count
 * starts after busy_o rises in cycle 3: hang_names_the_waiting_handshake).
 * Kills mutate-harness's 39c1706104cb (the count started a cycle late:
 * the run one cycle longer). */
Test(lockstep, a_hang_after_a_hold_counts_from_the_hold_cycle)
{
    stc_vec v = lk_vec("sp24", 32);
    stc_stream s = {1, &v};
    const uint64_t hold = 100;
    rtl_fault stuck = {RTL_FAULT_W_STUCK, 0, 0, 0, 0};
    stc_run_result r = lk_hang_run(&s, stuck, 0, hold);
    cr_assert(r.timeout, "%s", r.first_signal);
    cr_assert_str_eq(r.first_signal, "(hang: w_valid_i waits for w_ready_o)");
    cr_assert_eq(r.cycles, STC_RESET_CYCLES + hold + STC_HANG_CYCLES_DEFAULT, "%llu cycles",
                 (unsigned long long)r.cycles);
    stc_vec_free(&v);
}

/* The hang's name and the TIMEOUT line's account of the result port: a
 * row of an outstanding command, or busy_o with every row taken. */
Test(lockstep, hang_after_the_last_row_expects_no_row)
{
    stc_vec v = lk_vec("sp24", 32);
    stc_stream s = {1, &v};
    stc_host_cfg cfg;
    stc_host h;
    char wait[512], name[64];
    memset(&cfg, 0, sizeof cfg);
    cr_assert_eq(stc_host_init(&h, &s, &cfg), STC_OK);
    stc_host_describe_wait(&h, wait, sizeof wait);
    stc_host_hang_name(&h, name, sizeof name);
    cr_assert_not_null(strstr(wait, "the host expects result row 0 of command 0"), "%s", wait);
    cr_assert_str_eq(name, "(hang: no result row of command 0)");
    h.res_cmd = s.ncmd; /* every row taken */
    stc_host_describe_wait(&h, wait, sizeof wait);
    stc_host_hang_name(&h, name, sizeof name);
    cr_assert_null(strstr(wait, "expects result row"), "%s", wait);
    cr_assert_str_eq(name, "(hang: busy_o after the last row)");
    /* The command channel (channel 0) waiting is a channel like the
     * others. Kills mutate-harness's bdd9dee47de6 (channel 0 taken for
     * none: a hang on cmd_ready_o named after the result port). */
    h.waiting[STC_CH_CMD] = true;
    stc_host_hang_name(&h, name, sizeof name);
    cr_assert_str_eq(name, "(hang: cmd_valid_i waits for cmd_ready_o)");
    stc_host_free(&h);
    stc_vec_free(&v);
}

/* The hang is the waiting channel whose beat comes first in a command's
 * order (section 10): the command, then its bias rows, then per block the
 * weights before the activations. Each pair of waiting channels, in one
 * command, is named by the earlier; an activation beat of block 0 comes
 * before a weight beat of block 1. Kills mutate-harness's 3bf187a514e5
 * (every channel but the weights ordered as weights), c5ae992f4d20
 * (the command ordered after the bias) and f92a8f09c7c4 (every channel
 * with a command ordered as weights). */
Test(lockstep, the_hang_names_the_channel_whose_beat_comes_first)
{
    stc_vec v = lk_vec_bias("sp24", 32, true); /* bias rows, four blocks */
    stc_stream s = {1, &v};
    stc_host_cfg cfg;
    stc_host h;
    char name[64];
    static const struct {
        int a, b;
        unsigned beat_a, beat_b;
        const char *want;
    } cases[] = {
        {STC_CH_CMD, STC_CH_BIAS, 0, 0, "(hang: cmd_valid_i waits for cmd_ready_o)"},
        {STC_CH_BIAS, STC_CH_W, 0, 0, "(hang: bias_valid_i waits for bias_ready_o)"},
        {STC_CH_W, STC_CH_A, 0, 0, "(hang: w_valid_i waits for w_ready_o)"},
        {STC_CH_A, STC_CH_W, 0, RTL_DOUBLE_N, "(hang: a_valid_i waits for a_ready_o)"},
        /* Block 1's first weight beat before its first activation beat
         * (beat M): the activations' pass is beat / M, not beat / N. */
        {STC_CH_W, STC_CH_A, RTL_DOUBLE_N, 3, "(hang: w_valid_i waits for w_ready_o)"},
    };
    memset(&cfg, 0, sizeof cfg);
    cr_assert_gt(stc_vec_nblk(&v), 1u, "the weights of block 1 need a second block");
    cr_assert_eq(v.m, 3u, "the last case's activation beat 3 is block 1's first");
    cr_assert_neq(v.m, v.n, "M = N would not tell beat / M from beat / N");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cr_assert_eq(stc_host_init(&h, &s, &cfg), STC_OK);
        h.waiting[cases[i].a] = h.waiting[cases[i].b] = true;
        h.ch[cases[i].a].beat = cases[i].beat_a;
        h.ch[cases[i].b].beat = cases[i].beat_b;
        stc_host_hang_name(&h, name, sizeof name);
        cr_assert_str_eq(name, cases[i].want, "case %zu", i);
        stc_host_free(&h);
    }
    stc_vec_free(&v);
}

/* A cycle-level difference is written to the log: the MISMATCH line with
 * the cycle and the number of differing elements, each difference, and in
 * a stream the command. Kills mutate-harness's 638aca808bec (the report
 * never written: the run failed without saying where). */
Test(lockstep, a_difference_is_reported_in_the_log)
{
    stc_stream s = lk_stream("mix", 3);
    stc_run_result r;
    char *text = t_logged_run(&s, (rtl_fault){RTL_FAULT_RES_DATA, 0, 1, 4, 0}, STC_LEVEL_CYCLE, &r);
    cr_assert_not(r.pass);
    cr_assert_str_eq(r.first_signal, "res_data[1]");
    cr_assert_not_null(strstr(text, "MISMATCH (vector) at cycle "), "%s", text);
    cr_assert_not_null(strstr(text, ": 1 signal element(s) differ\n  res_data[1] "), "%s", text);
    cr_assert_not_null(strstr(text, "\n  in command 0 of 3\n"), "%s", text);
    free(text);
    stc_stream_free(&s);
    /* A single vector has no command to name (mutate-harness's
     * d6cb67181aa5 named command 0 of 1). */
    stc_vec v = lk_vec("dense", 8);
    stc_stream one = {1, &v};
    text = t_logged_run(&one, (rtl_fault){RTL_FAULT_RES_DATA, 0, 1, 4, 0}, STC_LEVEL_CYCLE, &r);
    cr_assert_not(r.pass);
    cr_assert_not_null(strstr(text, "MISMATCH (vector) at cycle "), "%s", text);
    cr_assert_null(strstr(text, "in command"), "%s", text);
    free(text);
    stc_vec_free(&v);
}

/* At the txn level a wrong result row fails the host's row check at the
 * command it belongs to; the scoreboard's later failures, one per
 * command, do not move the first failure's command. */
Test(lockstep, txn_first_failure_keeps_its_command)
{
    stc_rtl *rtl;
    stc_run_result res;
    stc_run_opts o;
    stc_stream s = lk_stream("mix", 6);
    rtl_fault f = {RTL_FAULT_RES_DATA, 0, 1, 4, 0};
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_double_plant(rtl, &f);
    memset(&o, 0, sizeof o);
    o.stim.seed = 5;
    o.check.max_errors = 100;
    o.check.level = STC_LEVEL_TXN;
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &res), STC_OK);
    cr_assert_not(res.pass);
    cr_assert_eq(res.first_cmd, 0, "first failure in command %d (%s)", res.first_cmd,
                 res.first_signal);
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
}

/* The spread keeps its maximum when a later command is on time again: a
 * reset re-aligns the RTL's run with the model's, so the first command's
 * lateness (its weight port paused) is the maximum and the last delta 0. */
Test(lockstep, txn_delta_max_is_not_the_last_delta)
{
    stc_run_opts o = lk_txn_opts();
    stc_run_result clean = lk_txn_three(&o, NULL);
    cr_assert(clean.pass);
    o.stim.reset_at = clean.cycles / 2 + 30;
    stc_run_result r = lk_txn_three(&o, &(rtl_fault){RTL_FAULT_W_PAUSE, 0, 0, 20, 12});
    cr_assert(r.pass, "%s", r.first_signal);
    cr_assert_gt(r.delta_max, 0, "max %lld", (long long)r.delta_max);
    cr_assert_eq(r.delta_min, 0);
}

/* A counters rule is checked when its command completes, when the host
 * has moved on to the next: the first failure names the command the
 * counters are of (0 here), not the next one under way. */
Test(lockstep, counters_failure_names_the_completed_command)
{
    stc_rtl *rtl;
    stc_run_result res;
    stc_run_opts o;
    stc_stream s = lk_stream("mix", 6);
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    /* From tick 10, after the first command's transfer: from tick 0 the
     * counter would read 8 after the reset, a rule of its own. */
    rtl_double_plant(rtl, &(rtl_fault){RTL_FAULT_CNT, STC_CNT_MACS_ALG, 0, 3, 10});
    memset(&o, 0, sizeof o);
    o.stim.seed = 5;
    o.check.max_errors = 1;
    o.check.level = STC_LEVEL_TXN;
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &res), STC_OK);
    cr_assert_not(res.pass);
    cr_assert_str_eq(res.first_signal, "counters");
    cr_assert_eq(res.first_cmd, 0, "counters of command 0 named as command %d", res.first_cmd);
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
}

/* A level outside the three has the placeholder name. */
Test(lockstep, level_names)
{
    cr_assert_str_eq(stc_level_name(STC_LEVEL_CYCLE), "cycle");
    cr_assert_str_eq(stc_level_name(STC_LEVEL_TXN), "txn");
    cr_assert_str_eq(stc_level_name((stc_level)3), "?");
}

/* Under backpressure a result row that drops its valid before it is
 * taken breaks the protocol rule, at the txn level too (no compare). */
Test(lockstep, res_valid_drop_is_the_protocol_rule)
{
    rtl_fault f = {RTL_FAULT_RES_VALID_WAIT, 0, 0, 0, 0};
    stc_run_result r = lk_level_run(f, STC_LEVEL_TXN);
    cr_assert_not(r.pass);
    cr_assert_str_eq(r.first_signal, "protocol: res_valid held");
}

/* A stream for another array size is refused before anything runs (and
 * closing the refused run is safe: tools-check's hostile arguments found
 * it dereferencing the stream that never opened). */
Test(lockstep, stream_for_another_n_refused)
{
    char err[STC_VEC_ERR_MAX];
    stc_rtl *rtl;
    stc_stream s = {0, NULL};
    stc_stream_opts so = {"mix", 16, 1, 3};
    stc_run_result r;
    stc_run_opts o;
    memset(&o, 0, sizeof o);
    cr_assert_eq(stc_gen_stream(&so, &s, err, sizeof err), STC_OK, "%s", err);
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &r), STC_EPARAM);
    cr_assert_not(r.pass);
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
}

/* One command of class cls at N=4, M=3, K=k, with no skipped block
 * (lk_vec_bias: with bias rows if bias). */
static stc_vec lk_vec(const char *cls, unsigned k)
{
    return lk_vec_bias(cls, k, false);
}

static stc_vec lk_vec_bias(const char *cls, unsigned k, bool bias)
{
    return lk_vec_shaped(cls, 3, k, bias);
}

static stc_vec lk_vec_shaped(const char *cls, unsigned m, unsigned k, bool bias)
{
    char err[STC_VEC_ERR_MAX];
    stc_gen_opts o;
    stc_vec v;
    memset(&v, 0, sizeof v);
    stc_gen_opts_init(&o);
    o.cls = cls;
    o.n = RTL_DOUBLE_N;
    o.m = m;
    o.k = k;
    o.seed = 11;
    o.bias = bias;
    cr_assert_eq(stc_gen_vector(&o, &v, err, sizeof err), STC_OK, "%s", err);
    cr_assert_eq(v.skip, 0u, "the expectations below assume no skipped block");
    return v;
}

/* The host's sector counts (docs/architecture.md section 10, the DMA
 * memory image) at N=4, S=32, for a stream of a dense command (M=3, K=16:
 * 4 passes) and a 2:4 command (M=3, K=32: 4 passes), by hand:
 *   dense W: 16 rows of 4 bytes, bytes 0..63: sectors 0, 1 -> 2.
 *   dense A: 3 x 16, beat (m, b) = 4 bytes at 16m + 4b; a pass reads
 *     sectors 0, 0, 1 (rows 0 and 1 share sector 0) -> 2 a pass, 8.
 *   2:4 W: 16 kept rows of 4 bytes -> 2.  Metadata: 2 bytes a group, 2
 *     groups a block, 4 blocks = 16 bytes -> 1.
 *   2:4 A: 3 x 32, beat = 8 bytes at 32m + 8b: each row its own sector,
 *     3 a pass -> 12.
 * Totals: W 4, metadata 1, A 20. Stalls move the beats in time only; a
 * reset re-sends beats, which count again. */
Test(lockstep, host_counts_the_sectors_of_its_beats)
{
    stc_rtl *rtl;
    stc_vec cmds[2] = {lk_vec("dense", 16), lk_vec("sp24", 32)};
    stc_stream s = {2, cmds};
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    stc_run_result r = lk_run(rtl, &s, 0, STC_POLICY_B2B, 0);
    stc_run_result st = lk_run(rtl, &s, 40, STC_POLICY_EARLY, 0);
    stc_run_result rs = lk_run(rtl, &s, 0, STC_POLICY_B2B, r.cycles / 2);
    cr_assert(r.pass && st.pass && rs.pass);
    cr_expect_eq(r.sector_bytes, 32u);
    cr_expect_eq(r.w_sectors, 4u);
    cr_expect_eq(r.meta_sectors, 1u);
    cr_expect_eq(r.a_sectors, 20u);
    cr_expect_eq(st.w_sectors, 4u);
    cr_expect_eq(st.meta_sectors, 1u);
    cr_expect_eq(st.a_sectors, 20u);
    cr_expect_gt(rs.w_sectors + rs.a_sectors, 24u, "beats sent again after the reset count");
    stc_rtl_destroy(rtl);
    stc_vec_free(&cmds[0]);
    stc_vec_free(&cmds[1]);
}

/* A sector size the trackers refuse (not a power of two, or out of
 * range) stops the run before it starts, as a set-up error: the host does
 * not run with a tracker it could not make. */
Test(lockstep, bad_sector_size_refused_by_the_host)
{
    stc_rtl *rtl;
    stc_run_result r;
    stc_run_opts o;
    stc_vec v = lk_vec("sp24", 32);
    stc_stream s = {1, &v};
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    memset(&o, 0, sizeof o);
    o.check.max_errors = 1;
    for (unsigned bad = 3; bad <= 5; bad += 2) {
        o.stim.sector_bytes = bad;
        cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &r), STC_EPARAM, "sector size %u", bad);
        cr_assert_not(r.pass);
    }
    o.stim.sector_bytes = 64;
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &r), STC_OK);
    cr_assert(r.pass, "%s", r.first_signal);
    stc_rtl_destroy(rtl);
    stc_vec_free(&v);
}

/* The coalescing buffer starts empty at every command's first beat on a
 * stream (its arrays are new buffers): two one-sector commands cost a
 * sector each on every stream, not one between them. A reset right after
 * the first (even, metadata-carrying) weight beat: that beat's metadata
 * read counts, and the re-sent command's again. */
Test(lockstep, sector_buffer_emptied_per_command_and_after_a_reset)
{
    stc_rtl *rtl;
    stc_vec one[2] = {lk_vec("dense", 4), lk_vec("dense", 4)};
    stc_stream two = {2, one};
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    stc_run_result r = lk_run(rtl, &two, 0, STC_POLICY_B2B, 0);
    cr_assert(r.pass, "%s", r.first_signal);
    /* Each: W 4 x 4 = 16 bytes, A 3 x 4 = 12 bytes: one sector each. */
    cr_expect_eq(r.w_sectors, 2u);
    cr_expect_eq(r.a_sectors, 2u);

    stc_vec sp = lk_vec("sp24", 8);
    stc_stream s = {1, &sp};
    stc_run_result clean = lk_run(rtl, &s, 0, STC_POLICY_B2B, 0);
    cr_assert(clean.pass);
    cr_expect_eq(clean.meta_sectors, 1u);
    /* The command transfers in cycle 2, weight beat 0 (with the metadata
     * of group 0) in cycle 3; the reset asserts in cycle 4. */
    stc_run_result reset = lk_run(rtl, &s, 0, STC_POLICY_B2B, 4);
    cr_assert(reset.pass, "%s", reset.first_signal);
    cr_expect_eq(reset.meta_sectors, 2u);
    cr_expect_eq(reset.w_sectors, 2u);
    stc_rtl_destroy(rtl);
    stc_vec_free(&one[0]);
    stc_vec_free(&one[1]);
    stc_vec_free(&sp);
}

/* A result row offered while no command is outstanding is a broken rule,
 * and the host does not take it for the next command's first row: with
 * the run going on past it (max-errors), every command's rows are still
 * right and all complete. */
Test(lockstep, spurious_result_row_not_taken_for_the_next_command)
{
    stc_rtl *rtl;
    stc_run_result r;
    stc_run_opts o;
    stc_stream s = lk_stream("mix", 4);
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_double_plant(rtl, &(rtl_fault){RTL_FAULT_RES_SPURIOUS, 0, 0, 0, 20});
    memset(&o, 0, sizeof o);
    o.check.max_errors = 100;
    o.check.level = STC_LEVEL_TXN;
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &r), STC_OK);
    cr_assert_not(r.pass);
    cr_assert_str_eq(r.first_signal, "protocol: result without command");
    cr_assert(r.check_failed);
    cr_assert_not(r.result_mismatch, "the spurious row was taken as a result row");
    cr_assert_eq(r.cmds_done, s.ncmd);
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
}

/* An assertion of the RTL itself (rtl/ under STC_ASSERT) that fails is a
 * failed check at the cycle it fired in, and the log says so. */
Test(lockstep, rtl_assertion_is_a_failed_check)
{
    stc_run_result r;
    stc_stream s = lk_stream("mix", 3);
    char *text = t_logged_run(&s, (rtl_fault){RTL_FAULT_ASSERT, 0, 0, 0, 30}, STC_LEVEL_CYCLE, &r);
    cr_assert_not(r.pass);
    cr_assert(r.check_failed);
    cr_assert_str_eq(r.first_signal, "(RTL assertion)");
    cr_assert_eq(r.first_bad_cycle, 31);
    cr_assert_not_null(strstr(text, "(stream): cycle 31: an assertion of the RTL failed"), "%s",
                       text);
    free(text);
    stc_stream_free(&s);
}

/* A wrong result row is reported as a RESULT MISMATCH (the rows, not a
 * rule), with the command, the element and both values. */
Test(lockstep, result_row_reported_as_result_mismatch)
{
    stc_run_result r;
    stc_vec v = lk_vec("dense", 16);
    stc_stream s = {1, &v};
    char *text = t_logged_run(&s, (rtl_fault){RTL_FAULT_RES_DATA, 0, 2, 3, 1}, STC_LEVEL_TXN, &r);
    char want[160];
    snprintf(want, sizeof want,
             ": command 0: C[0][2] expected %d (functional reference), tile returned %d\n",
             (int)v.c[2], (int)(v.c[2] ^ 8));
    const char *line = strstr(text, "RESULT MISMATCH (stream) at cycle ");
    cr_assert_not_null(line, "%s", text);
    cr_assert_not_null(strstr(line, want), "want '%s' in:\n%s", want, text);
    cr_assert_null(strstr(text, "CHECK FAILED"), "%s", text);
    free(text);
    stc_vec_free(&v);
}

/* Model and RTL agree every cycle, and the rows differ from the file's C
 * (a wrong expectation the runner would refuse before running, here
 * handed to the lockstep directly): a result mismatch, not a broken rule
 * and not a divergent cycle. */
/* A failure only the scoreboard sees (a command later than the latency
 * bound; its rows and the host's rules are right) stops the run when that
 * command completes, with max_errors = 1: the second command never runs. */
Test(lockstep, txn_scoreboard_failure_stops_the_run)
{
    stc_rtl *rtl;
    stc_run_result r;
    stc_run_opts o;
    stc_vec two[2] = {lk_vec("dense", 16), lk_vec("dense", 16)};
    stc_stream s = {2, two};
    memset(&o, 0, sizeof o);
    o.check.max_errors = 1;
    o.check.level = STC_LEVEL_TXN;
    o.check.latency_bound = 19;
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_double_plant(rtl, &(rtl_fault){RTL_FAULT_W_PAUSE, 0, 0, 20, 4});
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &r), STC_OK);
    stc_rtl_destroy(rtl);
    cr_assert_not(r.pass);
    cr_assert_str_eq(r.first_signal, "txn: latency");
    cr_assert_eq(r.first_cmd, 0);
    cr_assert_eq(r.txn_cmds, 1u, "the run went on after the failing command");
    stc_vec_free(&two[0]);
    stc_vec_free(&two[1]);
}

Test(lockstep, rows_against_the_files_c_are_a_result_mismatch)
{
    stc_rtl *rtl;
    stc_vec v = lk_vec("dense", 16);
    stc_stream s = {1, &v};
    v.c[5] ^= 1;
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    stc_run_result r = lk_run(rtl, &s, 0, STC_POLICY_B2B, 0);
    cr_assert_not(r.pass);
    cr_assert(r.result_mismatch);
    cr_assert_not(r.check_failed);
    cr_assert_eq(r.mismatch_cycles, 0u);
    cr_assert_str_eq(r.first_signal, "result");
    /* The host finds the row after the cycle's compare passed: with
     * max_errors = 1 the run still stops in that cycle, not at the end of
     * the command. */
    cr_assert_eq(r.cycles, r.first_bad_cycle + 1, "stopped at cycle %llu, failed at %llu",
                 (unsigned long long)r.cycles, (unsigned long long)r.first_bad_cycle);
    stc_rtl_destroy(rtl);
    stc_vec_free(&v);
}

/* A tile 20 cycles later than the model (its weight port paused in the
 * first command's LOAD): any latency passes at txn unless a bound is
 * given; a bound below the delay fails the command as txn: latency, with
 * the TXN LATENCY line in the log, one at it passes. The one command's
 * latency is both the least and the most. Kills mutate-harness's
 * 2d545bb96276 (the least latency kept at its initial 0) and c3a966d478b2
 * (the TXN LATENCY line never written). */
Test(lockstep, txn_latency_bound)
{
    stc_rtl *rtl;
    stc_run_result r;
    stc_run_opts o;
    stc_vec v = lk_vec("dense", 16);
    stc_stream s = {1, &v};
    memset(&o, 0, sizeof o);
    o.check.max_errors = 1;
    o.check.level = STC_LEVEL_TXN;
    static const uint64_t bounds[] = {0, 19, 20};
    for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
        uint64_t bound = bounds[i];
        cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
        rtl_double_plant(rtl, &(rtl_fault){RTL_FAULT_W_PAUSE, 0, 0, 20, 4});
        o.check.latency_bound = bound;
        t_capture cap = t_capture_begin(stderr);
        o.report.log = stderr;
        cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &r), STC_OK);
        const char *log = t_captured(&cap);
        o.report.log = NULL;
        stc_rtl_destroy(rtl);
        cr_assert_eq(r.delta_max, 20, "bound %llu", (unsigned long long)bound);
        cr_assert_eq(r.delta_min, 20, "bound %llu", (unsigned long long)bound);
        if (bound == 19) {
            cr_assert_not(r.pass);
            cr_assert_str_eq(r.first_signal, "txn: latency");
            cr_assert_not_null(strstr(log, "TXN LATENCY (vector): command 0 completed at cycle "),
                               "%s", log);
            cr_assert_not_null(strstr(log, ", 20 cycles after the model (cycle "), "%s", log);
            cr_assert_not_null(strstr(log, "); the bound is 19\n"), "%s", log);
        } else {
            cr_assert(r.pass, "bound %llu: %s", (unsigned long long)bound, r.first_signal);
        }
    }
    stc_vec_free(&v);
}

/* The model run as another micro-architecture (--uarch): dbuf against the
 * base double differs in timing, so it fails at the cycle level and
 * passes at txn. */
Test(lockstep, model_uarch_option_is_used)
{
    stc_rtl *rtl;
    stc_run_result r;
    stc_run_opts o;
    stc_stream s = lk_stream("mix", 4);
    memset(&o, 0, sizeof o);
    o.check.max_errors = 1;
    o.check.uarch_set = true;
    o.check.uarch = STC_UARCH_DBUF;
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    /* The failure says why: the two micro-architectures differ in their
     * cycles by design, and txn is the level that compares them. */
    t_capture cap = t_capture_begin(stderr);
    o.report.log = stderr;
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &r), STC_OK);
    const char *log = t_captured(&cap);
    o.report.log = NULL;
    cr_assert_not(r.pass, "a base tile against the dbuf model passes at cycle level");
    cr_assert_not_null(strstr(log, "note: the micro-architectures differ: the RTL was built as "
                                   "'base', the golden model runs 'dbuf'"),
                       "%s", log);
    cr_assert_not_null(strstr(log, "--compare txn"), "%s", log);
    o.check.level = STC_LEVEL_TXN;
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &r), STC_OK);
    cr_assert(r.pass, "%s", r.first_signal);
    /* The note is for lockstep levels only, and only with a log: at txn
     * the micro-architectures differ by design and a failure there is about
     * results; without a log the cycle-level failure is still a clean
     * failure. Kills mutate-harness's 1d100e90f7ee (the note at txn too,
     * and written to no log). */
    o.check.level = STC_LEVEL_CYCLE;
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &r), STC_OK);
    cr_assert_not(r.pass);
    rtl_double_plant(rtl, &(rtl_fault){RTL_FAULT_RES_DATA, 0, 1, 3, 0});
    cap = t_capture_begin(stderr);
    o.report.log = stderr;
    o.check.level = STC_LEVEL_TXN;
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &r), STC_OK);
    log = t_captured(&cap);
    o.report.log = NULL;
    cr_assert_not(r.pass, "a wrong result row at txn");
    cr_assert_null(strstr(log, "micro-architectures differ"), "%s", log);
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
}

/* Three dense commands at the txn level on the double, with fault f
 * planted (NULL: none). */
static stc_run_result lk_txn_three(const stc_run_opts *o, const rtl_fault *f)
{
    stc_rtl *rtl;
    stc_run_result r;
    stc_vec three[3] = {lk_vec("dense", 16), lk_vec("dense", 16), lk_vec("dense", 16)};
    stc_stream s = {3, three};
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    if (f)
        rtl_double_plant(rtl, f);
    cr_assert_eq(stc_lockstep_stream(rtl, &s, o, &r), STC_OK);
    stc_rtl_destroy(rtl);
    for (int i = 0; i < 3; i++)
        stc_vec_free(&three[i]);
    return r;
}

static stc_run_opts lk_txn_opts(void)
{
    stc_run_opts o;
    memset(&o, 0, sizeof o);
    o.check.max_errors = 1;
    o.check.level = STC_LEVEL_TXN;
    return o;
}

/* The txn report's spread over the commands: the first command on time,
 * the second one late (its weight port paused): min 0, max its delay. */
Test(lockstep, txn_delta_spread_over_commands)
{
    stc_run_opts o = lk_txn_opts();
    stc_run_result clean = lk_txn_three(&o, NULL);
    cr_assert(clean.pass);
    cr_assert_eq(clean.delta_max, 0);
    /* Paused 20 cycles from the middle of the run: in the second command,
     * which the third then follows as late. */
    stc_run_result r =
        lk_txn_three(&o, &(rtl_fault){RTL_FAULT_W_PAUSE, 0, 0, 20, clean.cycles / 2 + 2});
    cr_assert(r.pass, "%s", r.first_signal);
    cr_assert_eq(r.txn_cmds, 3u);
    cr_assert_eq(r.delta_min, 0);
    cr_assert_gt(r.delta_max, 0);
    cr_assert_eq(r.delta_sum, 2 * r.delta_max);
}

/* ---- the step's mode (sim/core/stc_step.h) --------------------------------- */

/* A bare run (stc_sim --bare, the benchmark baseline) checks no host
 * rule: a design with an input-to-output path, which any checked level
 * fails (rules::ready_follows_valid), runs every command to its end and
 * passes. Kills mutate-harness's 5e49e7d6443b (the settled outputs
 * compared in bare runs too: the run stopped at the first path). */
Test(step_mode, a_bare_run_checks_no_combinational_path)
{
    stc_stream s = lk_stream("mix", 3);
    stc_rtl *rtl;
    stc_run_result r;
    stc_run_opts o;
    memset(&o, 0, sizeof o);
    o.check.bare = true;
    o.check.max_errors = 1;
    o.stim.stall_pct = 60; /* the path shows when w_valid rises unready */
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_double_plant(rtl, &(rtl_fault){RTL_FAULT_READY_COMB, 0, 0, 0, 3});
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &r), STC_OK);
    stc_rtl_destroy(rtl);
    cr_assert(r.pass, "%s at cycle %llu", r.first_signal, (unsigned long long)r.first_bad_cycle);
    cr_assert_eq(r.cmds_done, s.ncmd);
    stc_stream_free(&s);
}

static stc_status mode_open(stc_step_mode mode, bool bare, stc_level level)
{
    stc_stream s = lk_stream("mix", 2);
    stc_params p;
    stc_run_opts o;
    stc_step *st = NULL;
    memset(&o, 0, sizeof o);
    o.check.bare = bare;
    o.check.level = level;
    stc_rtl_params(&p);
    stc_status r = stc_step_open(&st, &s, &p, &o, mode);
    stc_step_close(st, NULL, NULL);
    stc_stream_free(&s);
    return r;
}

/* The mode and the options must agree: a bare run is STC_STEP_BARE and
 * nothing else is; the txn scoreboard needs the step's own model. */
Test(step_mode, mode_and_options_must_agree)
{
    cr_expect_eq(mode_open(STC_STEP_OWN_MODEL, false, STC_LEVEL_CYCLE), STC_OK);
    cr_expect_eq(mode_open(STC_STEP_OWN_MODEL, false, STC_LEVEL_TXN), STC_OK);
    cr_expect_eq(mode_open(STC_STEP_BARE, true, STC_LEVEL_CYCLE), STC_OK);
    cr_expect_eq(mode_open(STC_STEP_CALLER_MODEL, false, STC_LEVEL_PORTS), STC_OK);
    cr_expect_eq(mode_open(STC_STEP_OWN_MODEL, true, STC_LEVEL_CYCLE), STC_EPARAM);
    cr_expect_eq(mode_open(STC_STEP_BARE, false, STC_LEVEL_CYCLE), STC_EPARAM);
    cr_expect_eq(mode_open(STC_STEP_CALLER_MODEL, false, STC_LEVEL_TXN), STC_EPARAM);
    cr_expect_eq(mode_open(STC_STEP_MODEL_IS_DUT, false, STC_LEVEL_TXN), STC_EPARAM);
}

/* Whether stc_step_check, on the first cycle of a fresh step of stream s
 * in the given mode, ends the run as a failed check for the sides given
 * (bit 0 ao, 1 ap, 2 eo, 3 ep). */
static bool sides_refused(const stc_stream *s, stc_step_mode mode, unsigned sides)
{
    stc_params p;
    stc_run_opts o;
    stc_step *st = NULL;
    stc_inputs in;
    stc_outputs ao, eo;
    stc_probes ap, ep;
    stc_run_result r;
    memset(&o, 0, sizeof o);
    memset(&ao, 0, sizeof ao);
    memset(&eo, 0, sizeof eo);
    memset(&ap, 0, sizeof ap);
    memset(&ep, 0, sizeof ep);
    o.check.bare = mode == STC_STEP_BARE;
    o.check.max_errors = 1;
    stc_rtl_params(&p);
    cr_assert_eq(stc_step_open(&st, s, &p, &o, mode), STC_OK);
    cr_assert(stc_step_inputs(st, &in));
    bool ended = stc_step_check(st, &in, sides & 1 ? &ao : NULL, sides & 2 ? &ap : NULL,
                                sides & 4 ? &eo : NULL, sides & 8 ? &ep : NULL);
    stc_step_close(st, NULL, &r);
    bool refused = r.check_failed && !r.pass &&
                   strcmp(r.first_signal, "(harness: sides of the step mode)") == 0;
    cr_assert_eq(ended, refused, "mode %d, sides %#x: the check %s the run but %s", (int)mode,
                 sides, ended ? "ended" : "went on with", refused ? "refused them" : "took them");
    return refused;
}

/* A runner that hands stc_step_check sides its mode does not take (the
 * caller-model mode without the model's signals would compare nothing)
 * ends the run at once as a failed check, never a pass: of the 16 ways to
 * give or leave out the four sides, each mode takes exactly its own (the
 * RTL's for the own model, all four for the caller's model, the design's
 * outputs for bare, none for the model as the design). */
Test(step_mode, every_mode_takes_its_own_sides_and_no_others)
{
    static const struct {
        stc_step_mode mode;
        unsigned takes;
    } modes[] = {{STC_STEP_OWN_MODEL, 0x3},
                 {STC_STEP_CALLER_MODEL, 0xf},
                 {STC_STEP_BARE, 0x1},
                 {STC_STEP_MODEL_IS_DUT, 0x0}};
    stc_stream s = lk_stream("mix", 2);
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        for (unsigned sides = 0; sides < 16; sides++)
            cr_expect_eq(sides_refused(&s, modes[i].mode, sides), sides != modes[i].takes,
                         "mode %d, sides %#x", (int)modes[i].mode, sides);
    stc_stream_free(&s);
}

/* A command larger than the design's build (M past M_MAX, or more blocks
 * than KB_MAX), each alone, cannot run: the step refuses to open. Kills
 * mutate-harness's 936c2de0ab3d (the two limits refused only together). */
Test(step_mode, a_command_larger_than_the_build_is_refused)
{
    stc_vec v = lk_vec_shaped("sp24", 5, 24, false); /* M = 5, 3 blocks */
    stc_stream s = {1, &v};
    stc_run_opts o;
    stc_step *st = NULL;
    memset(&o, 0, sizeof o);
    o.check.max_errors = 1;
    /* The limits are powers of two (stc_tile_create): 8 and 4 fit, 4 and 2 not. */
    stc_params fits, short_m, few_blocks;
    stc_rtl_params(&fits);
    fits.m_max = 8;
    fits.kb_max = 4;
    short_m = few_blocks = fits;
    short_m.m_max = 4;
    few_blocks.kb_max = 2;
    cr_assert_eq(stc_vec_nblk(&v), 3u);
    cr_assert_eq(stc_step_open(&st, &s, &fits, &o, STC_STEP_MODEL_IS_DUT), STC_OK);
    stc_step_close(st, NULL, NULL);
    cr_assert_eq(stc_step_open(&st, &s, &short_m, &o, STC_STEP_MODEL_IS_DUT), STC_EPARAM);
    stc_step_close(st, NULL, NULL);
    cr_assert_eq(stc_step_open(&st, &s, &few_blocks, &o, STC_STEP_MODEL_IS_DUT), STC_EPARAM);
    stc_step_close(st, NULL, NULL);
    stc_vec_free(&v);
}

/* A step that did not open ran nothing and reports nothing: closing it
 * leaves the caller's result as it was (stc_gemm closes into its error
 * record; mutate-harness's 2b3f1af72252 wrote a passing run of 0 cycles
 * into it). */
Test(step_mode, a_step_that_did_not_open_reports_nothing)
{
    stc_vec v = lk_vec_shaped("sp24", 5, 24, false);
    stc_stream s = {1, &v};
    stc_run_opts o;
    stc_params small;
    stc_step *st = NULL;
    stc_run_result res, before;
    memset(&o, 0, sizeof o);
    o.check.max_errors = 1;
    stc_rtl_params(&small);
    small.m_max = 4; /* M = 5 does not fit */
    memset(&res, 0xa5, sizeof res);
    memcpy(&before, &res, sizeof res);
    cr_assert_eq(stc_step_open(&st, &s, &small, &o, STC_STEP_MODEL_IS_DUT), STC_EPARAM);
    cr_assert_not_null(st, "the failed open still hands back its step to close");
    stc_step_close(st, NULL, &res);
    cr_assert_eq(memcmp(&res, &before, sizeof res), 0, "a failed open wrote a result");
    stc_vec_free(&v);
}

/* Runs s through a step of mode STC_STEP_MODEL_IS_DUT (the step's own
 * model as the design: no RTL, no sides) for a design of parameters p,
 * with options o. low[c] (for c < nlow; low may be NULL) says whether the
 * step drove reset in cycle c; *cycles counts the cycles driven. */
static stc_run_result model_as_dut_of(const stc_stream *s, const stc_params *p,
                                      const stc_run_opts *o, bool *low, size_t nlow,
                                      uint64_t *cycles)
{
    stc_step *st = NULL;
    stc_inputs in;
    stc_run_result r;
    uint64_t c = 0;
    cr_assert_eq(stc_step_open(&st, s, p, o, STC_STEP_MODEL_IS_DUT), STC_OK);
    while (stc_step_inputs(st, &in)) {
        if (low && c < nlow)
            low[c] = !in.rst_n;
        c++;
        if (stc_step_check(st, &in, NULL, NULL, NULL, NULL))
            break;
        stc_step_edge(st, &in);
    }
    stc_step_close(st, NULL, &r);
    *cycles = c;
    return r;
}

/* The same for the double's parameters, with a mid-stream reset at
 * reset_at when > 0. */
static stc_run_result model_as_dut(const stc_stream *s, uint64_t reset_at, bool *low, size_t nlow,
                                   uint64_t *cycles)
{
    stc_params p;
    stc_run_opts o;
    memset(&o, 0, sizeof o);
    o.check.max_errors = 1;
    o.stim.reset_at = reset_at;
    stc_rtl_params(&p);
    return model_as_dut_of(s, &p, &o, low, nlow, cycles);
}

/* A design built as dbuf runs its commands in exactly the cycles of
 * section 11's closed form when no source ever waits (no stalls, no
 * hold): a tile that claims dbuf but lost the overlap (here the base
 * model as the design of a dbuf build) takes the base count, which lies
 * inside the range allowed under stalls, and must fail the host's
 * counters rule by value. The same design run as dbuf passes. Kills
 * mutate-harness's f9ab659e7983 (the exact count only with a hold: the
 * range taken without stalls too). */
Test(step_mode, a_dbuf_build_without_stalls_has_the_exact_cycle_count)
{
    stc_stream s = lk_stream("mix", 4);
    stc_params p;
    stc_run_opts o;
    uint64_t cycles;
    memset(&o, 0, sizeof o);
    o.check.max_errors = 1;
    stc_rtl_params(&p);
    p.uarch = STC_UARCH_DBUF;
    stc_run_result good = model_as_dut_of(&s, &p, &o, NULL, 0, &cycles);
    cr_assert(good.pass, "%s", good.first_signal);
    o.check.uarch_set = true;
    o.check.uarch = STC_UARCH_BASE; /* the design runs base timing */
    stc_run_result r = model_as_dut_of(&s, &p, &o, NULL, 0, &cycles);
    cr_assert_not(r.pass, "a dbuf build with base timing passes");
    cr_assert_str_eq(r.first_signal, "counters");
    stc_stream_free(&s);
}

/* The reset schedule: STC_RESET_CYCLES cycles of reset from cycle 0 and,
 * with reset_at, as many again from that cycle on, and no other cycle in
 * reset (docs/architecture.md: the reset is synchronous and held for
 * STC_RESET_CYCLES edges). Read from the inputs the step drives. */
Test(step_mode, a_mid_stream_reset_lasts_the_reset_length)
{
    enum { AT = 40, SEEN = 4096 };
    static bool low[SEEN];
    stc_stream s = lk_stream("mix", 3);
    uint64_t cycles, nlow = 0;
    stc_run_result r = model_as_dut(&s, AT, low, SEEN, &cycles);
    cr_expect(r.pass, "%s", r.first_signal);
    cr_assert_gt(cycles, AT + STC_RESET_CYCLES);
    cr_assert_lt(cycles, SEEN);
    for (uint64_t c = 0; c < cycles; c++) {
        bool want = c < STC_RESET_CYCLES || (c >= AT && c < AT + STC_RESET_CYCLES);
        cr_expect_eq(low[c], want, "cycle %llu: reset %d", (unsigned long long)c, (int)low[c]);
        nlow += low[c];
    }
    cr_expect_eq(nlow, 2 * STC_RESET_CYCLES);
    stc_stream_free(&s);
}

/* A reset asked for after the stream would have finished still happens
 * (the run waits for it) and the run then passes: the idle cycles before
 * it, with nothing offered, are not quiet ones (stc_host_hung), however
 * many. */
Test(lockstep, a_reset_after_the_last_command_is_waited_for)
{
    stc_rtl *rtl;
    stc_stream s = lk_stream("mix", 3);
    uint64_t at = 2 * STC_HANG_CYCLES_DEFAULT + 50;
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    stc_run_result clean = lk_run(rtl, &s, 0, STC_POLICY_B2B, 0);
    cr_assert(clean.pass && clean.cycles < at, "the stream alone takes %llu cycles",
              (unsigned long long)clean.cycles);
    stc_run_result r = lk_run(rtl, &s, 0, STC_POLICY_B2B, at);
    cr_expect(r.pass, "%s at cycle %llu", r.first_signal, (unsigned long long)r.first_bad_cycle);
    cr_expect_not(r.timeout);
    cr_expect_eq(r.cmds_done, s.ncmd);
    cr_expect_geq(r.cycles, at + STC_RESET_CYCLES);
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
}

/* The txn reference's mode: the step's own model as the design, every
 * host rule checked, no sides: a whole stream passes. */
Test(step_mode, model_as_the_design_runs_a_stream)
{
    stc_stream s = lk_stream("mix", 3);
    uint64_t cycles;
    stc_run_result r = model_as_dut(&s, 0, NULL, 0, &cycles);
    cr_expect(r.pass, "%s at cycle %llu", r.first_signal, (unsigned long long)r.first_bad_cycle);
    cr_expect_eq(r.cmds_done, 3);
    stc_stream_free(&s);
}
