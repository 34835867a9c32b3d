// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_lockstep.c - the lockstep loop (see stc_lockstep.h).
 *
 * One cycle: the host drives the inputs; model and RTL present their
 * outputs and probes for that cycle; they are compared, and the host
 * checks the model-free rules (protocol, err_o, counters); the host records
 * the transfers (from the RTL's outputs, which at that point equal the
 * model's or the run is already failing); both take the clock edge.
 */
#include "stc_lockstep.h"

#include <inttypes.h>
#include <string.h>

typedef struct lockstep {
    stc_tile *model;
    stc_rtl *rtl;
    stc_host host;
    stc_outputs eo, ao;
    stc_probes ep, ap;
    stc_diff diffs[STC_REPORT_DIFFS];
    unsigned reported; /* host violations already counted */
} lockstep;

/* The command the tile is working on (or the next one it will take). */
static int current_cmd(const lockstep *ls)
{
    return (int)ls->host.res_cmd;
}

static void note_failure(lockstep *ls, uint64_t cycle, const char *what, stc_run_result *res)
{
    if (res->mismatch_cycles == 0 && !res->check_failed && !res->result_mismatch) {
        res->first_bad_cycle = cycle;
        res->first_cmd = current_cmd(ls);
        snprintf(res->first_signal, sizeof res->first_signal, "%s", what);
    }
}

/* Compares this cycle; returns true when equal. */
static bool compare_now(lockstep *ls, const stc_run_opts *o, uint64_t cycle, stc_run_result *res)
{
    unsigned n = ls->host.s->cmd[0].n;
    char name[64];
    unsigned count =
        stc_compare_cycle(n, &ls->eo, &ls->ep, &ls->ao, &ls->ap, ls->diffs, STC_REPORT_DIFFS);
    if (count == 0)
        return true;
    stc_diff_name(&ls->diffs[0], name, sizeof name);
    note_failure(ls, cycle, name, res);
    res->mismatch_cycles++;
    if (o->log) {
        stc_report_mismatch(o->log, o->vec_path, cycle, ls->diffs, count);
        if (ls->host.s->ncmd > 1)
            fprintf(o->log, "  in command %d of %u\n", current_cmd(ls), ls->host.s->ncmd);
    }
    return false;
}

/* New broken host rules since the last call; true if there were any. */
static bool host_failed(lockstep *ls, const stc_run_opts *o, stc_run_result *res)
{
    const stc_host *h = &ls->host;
    if (h->violations == ls->reported)
        return false;
    if (ls->reported == 0) {
        note_failure(ls, h->first.cycle, h->first.rule, res);
        stc_host_report(h, o->log, o->vec_path);
    }
    ls->reported = h->violations;
    if (h->first.result)
        res->result_mismatch = true;
    else
        res->check_failed = true;
    return true;
}

static void observe(lockstep *ls, bool bare)
{
    stc_rtl_outputs(ls->rtl, &ls->ao);
    if (bare)
        return;
    stc_rtl_probe(ls->rtl, &ls->ap);
    /* eo/ep were zeroed once when the run opened (padding included, which
     * the compare's memcmp sees); the model rewrites every field. */
    stc_tile_eval(ls->model, &ls->eo);
    stc_tile_probe(ls->model, &ls->ep);
}

static void clock(lockstep *ls, const stc_inputs *in, bool bare)
{
    stc_rtl_set_inputs(ls->rtl, in);
    stc_rtl_tick(ls->rtl);
    if (!bare)
        stc_tile_step(ls->model, in);
}

static stc_status lockstep_open(lockstep *ls, stc_rtl *rtl, const stc_stream *s,
                                const stc_run_opts *o)
{
    stc_params p;
    memset(ls, 0, sizeof *ls);
    ls->rtl = rtl;
    stc_rtl_params(&p);
    for (unsigned i = 0; i < s->ncmd; i++) {
        const stc_vec *v = &s->cmd[i];
        if (v->n != p.n || v->m > p.m_max || stc_vec_nblk(v) > p.kb_max)
            return STC_EPARAM;
    }
    if (!o->bare) {
        stc_status st = stc_tile_create(&p, &ls->model);
        if (st != STC_OK)
            return st;
    }
    stc_host_cfg cfg = {o->stall_pct, o->seed, o->policy, o->meta_fault, o->hold};
    stc_status st = stc_host_init(&ls->host, s, &cfg);
    /* The fault rides on a weight beat: --meta-fault needs a 2:4 command
     * with a block to load, which the host then gave a fault. */
    bool any_fault = false;
    for (unsigned i = 0; st == STC_OK && i < s->ncmd; i++)
        any_fault = any_fault || ls->host.cmds[i].fault.on;
    return st == STC_OK && o->meta_fault && !any_fault ? STC_EPARAM : st;
}

static void lockstep_close(lockstep *ls)
{
    stc_host_free(&ls->host);
    stc_tile_destroy(ls->model);
}

stc_status stc_lockstep_stream(stc_rtl *rtl, const stc_stream *s, const stc_run_opts *o,
                               stc_run_result *res)
{
    lockstep ls;
    stc_inputs in;
    uint64_t budget = stc_host_cycle_budget(s, o->stall_pct), cycle = 0;
    unsigned max_errors = o->max_errors ? o->max_errors : 1;

    memset(res, 0, sizeof *res);
    res->first_cmd = -1;
    stc_status st = lockstep_open(&ls, rtl, s, o);
    if (st != STC_OK) {
        lockstep_close(&ls);
        return st;
    }
    if (o->reset_at)
        budget += o->reset_at + STC_RESET_CYCLES;
    budget += o->hold;
    for (; cycle < budget; cycle++) {
        bool in_reset = cycle < STC_RESET_CYCLES || (o->reset_at && cycle >= o->reset_at &&
                                                     cycle < o->reset_at + STC_RESET_CYCLES);
        /* A reset in the middle of a stream: the host offers the
         * interrupted command again once the reset is released, as
         * software would after a watchdog reset. */
        if (o->reset_at && cycle == o->reset_at + STC_RESET_CYCLES)
            stc_host_restart(&ls.host);
        if (in_reset)
            stc_host_idle_inputs(&in, false);
        else
            stc_host_drive(&ls.host, &in);
        observe(&ls, o->bare);
        /* Cycle 0 shows whatever the RTL held before reset (the previous
         * run's state, or random initial values): compare from the first
         * cycle after a reset edge. */
        if (!o->bare && cycle > 0 && o->on_cycle)
            o->on_cycle(o->hook_ctx, cycle, &in, &ls.eo, &ls.ep, &ls.ao, &ls.ap);
        bool bad = !o->bare && cycle > 0 && !compare_now(&ls, o, cycle, res);
        if (!in_reset && !o->bare) {
            stc_host_check(&ls.host, cycle, &in, &ls.ao, &ls.ap);
            bad = host_failed(&ls, o, res) || bad;
        }
        if (bad && res->mismatch_cycles + ls.reported >= max_errors)
            break;
        if (!in_reset) {
            if (stc_host_done(&ls.host) && !ls.ao.busy && (!o->reset_at || cycle > o->reset_at))
                break;
            stc_host_advance(&ls.host, &in, &ls.ao);
            if (!o->bare && host_failed(&ls, o, res) &&
                res->mismatch_cycles + ls.reported >= max_errors) {
                cycle++;
                break;
            }
        }
        clock(&ls, &in, o->bare);
    }
    res->cycles = cycle;
    if (o->bare)
        stc_rtl_probe(rtl, &ls.ap);
    memcpy(res->cnt, ls.ap.cnt, sizeof res->cnt);
    res->cmds_done = ls.host.cmds_done;
    res->faults_seen = ls.host.faults_seen;
    res->timeout = cycle >= budget;
    if (res->timeout) {
        note_failure(&ls, cycle, "(hang: no completion)", res);
        if (o->log)
            fprintf(o->log,
                    "TIMEOUT %s: no completion within %" PRIu64
                    " cycles (%u of %u commands done)\n",
                    o->vec_path ? o->vec_path : "(vector)", budget, ls.host.cmds_done, s->ncmd);
    }
    res->pass =
        res->mismatch_cycles == 0 && !res->timeout && !res->result_mismatch && !res->check_failed;
    lockstep_close(&ls);
    return STC_OK;
}

stc_status stc_lockstep_run(stc_rtl *rtl, const stc_vec *v, const stc_run_opts *o,
                            stc_run_result *res)
{
    stc_vec one = *v;
    stc_stream s = {1, &one};
    return stc_lockstep_stream(rtl, &s, o, res);
}
