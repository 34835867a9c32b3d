// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_step.c - one cycle of the lockstep (see stc_step.h).
 *
 * One cycle: the host drives the inputs; model and RTL present their
 * outputs and probes for that cycle; they are compared, and the host
 * checks the model-free rules (protocol, err_o, counters); the host records
 * the transfers (from the RTL's outputs, which at that point equal the
 * model's or the run is already failing); both take the clock edge.
 */
#include "stc_step.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct stc_step {
    stc_run_opts o;
    stc_tile *model; /* the model this step owns, or NULL (its caller clocks one) */
    stc_host host;
    stc_outputs eo; /* the owned model's signals of this cycle */
    stc_probes ep;
    stc_diff diffs[STC_REPORT_DIFFS];
    unsigned reported; /* host violations already counted */
    unsigned max_errors;
    uint64_t cycle, budget;
    bool in_reset;
    bool opened; /* stc_step_open succeeded: there is a run to report */
    stc_run_result res;
};

/* The command the tile is working on (or the next one it will take). */
static int current_cmd(const stc_step *ls)
{
    return (int)ls->host.res_cmd;
}

static void note_failure(stc_step *ls, uint64_t cycle, const char *what)
{
    stc_run_result *res = &ls->res;
    if (res->mismatch_cycles == 0 && !res->check_failed && !res->result_mismatch) {
        res->first_bad_cycle = cycle;
        res->first_cmd = current_cmd(ls);
        snprintf(res->first_signal, sizeof res->first_signal, "%s", what);
    }
}

/* Compares this cycle; returns true when equal. */
static bool compare_now(stc_step *ls, const stc_outputs *eo, const stc_probes *ep,
                        const stc_outputs *ao, const stc_probes *ap)
{
    const stc_run_opts *o = &ls->o;
    unsigned n = ls->host.s->cmd[0].n;
    char name[64];
    unsigned count = stc_compare_cycle(n, eo, ep, ao, ap, ls->diffs, STC_REPORT_DIFFS);
    if (count == 0)
        return true;
    stc_diff_name(&ls->diffs[0], name, sizeof name);
    note_failure(ls, ls->cycle, name);
    ls->res.mismatch_cycles++;
    if (o->log) {
        stc_report_mismatch(o->log, o->vec_path, ls->cycle, ls->diffs, count);
        if (ls->host.s->ncmd > 1)
            fprintf(o->log, "  in command %d of %u\n", current_cmd(ls), ls->host.s->ncmd);
    }
    return false;
}

/* New broken host rules since the last call; true if there were any. */
static bool host_failed(stc_step *ls)
{
    const stc_host *h = &ls->host;
    if (h->violations == ls->reported)
        return false;
    if (ls->reported == 0) {
        note_failure(ls, h->first.cycle, h->first.rule);
        stc_host_report(h, ls->o.log, ls->o.vec_path);
    }
    ls->reported = h->violations;
    if (h->first.result)
        ls->res.result_mismatch = true;
    else
        ls->res.check_failed = true;
    return true;
}

static bool too_many(const stc_step *ls)
{
    return ls->res.mismatch_cycles + ls->reported >= ls->max_errors;
}

stc_status stc_step_open(stc_step **out, const stc_stream *s, const stc_params *p,
                         const stc_run_opts *o, bool own_model)
{
    stc_step *ls = calloc(1, sizeof *ls);
    *out = ls;
    if (!ls)
        return STC_ENOMEM;
    ls->o = *o;
    ls->max_errors = o->max_errors ? o->max_errors : 1;
    ls->res.first_cmd = -1;
    for (unsigned i = 0; i < s->ncmd; i++) {
        const stc_vec *v = &s->cmd[i];
        if (v->n != p->n || v->m > p->m_max || stc_vec_nblk(v) > p->kb_max)
            return STC_EPARAM;
    }
    if (own_model && !o->bare) {
        stc_status st = stc_tile_create(p, &ls->model);
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
    if (st == STC_OK && o->meta_fault && !any_fault)
        st = STC_EPARAM;
    ls->budget = stc_host_cycle_budget(s, o->stall_pct) + o->hold;
    if (o->reset_at)
        ls->budget += o->reset_at + STC_RESET_CYCLES;
    ls->opened = st == STC_OK;
    return st;
}

bool stc_step_inputs(stc_step *ls, stc_inputs *in)
{
    const stc_run_opts *o = &ls->o;
    uint64_t c = ls->cycle;
    if (c >= ls->budget)
        return false;
    ls->in_reset = (!o->no_reset && c < STC_RESET_CYCLES) ||
                   (o->reset_at && c >= o->reset_at && c < o->reset_at + STC_RESET_CYCLES);
    /* A reset in the middle of a stream: the host offers the interrupted
     * command again once the reset is released, as software would after a
     * watchdog reset. */
    if (o->reset_at && c == o->reset_at + STC_RESET_CYCLES)
        stc_host_restart(&ls->host);
    if (ls->in_reset)
        stc_host_idle_inputs(in, false);
    else
        stc_host_drive(&ls->host, in);
    return true;
}

bool stc_step_check(stc_step *ls, const stc_inputs *in, const stc_outputs *ao, const stc_probes *ap,
                    const stc_outputs *eo, const stc_probes *ep)
{
    const stc_run_opts *o = &ls->o;
    uint64_t c = ls->cycle;
    if (!o->bare && ls->model) {
        /* eo/ep were zeroed when the step opened (padding included, which
         * the compare's memcmp sees); the model rewrites every field. */
        stc_tile_eval(ls->model, &ls->eo);
        stc_tile_probe(ls->model, &ls->ep);
        eo = &ls->eo;
        ep = &ls->ep;
    }
    /* Cycle 0 shows whatever the RTL held before reset (the previous run's
     * state, or random initial values): compare from the first cycle after
     * a reset edge. */
    if (!o->bare && c > 0 && o->on_cycle)
        o->on_cycle(o->hook_ctx, c, in, eo, ep, ao, ap);
    bool bad = !o->bare && c > 0 && !compare_now(ls, eo, ep, ao, ap);
    if (!ls->in_reset && !o->bare) {
        stc_host_check(&ls->host, c, in, ao, ap);
        bad = host_failed(ls) || bad;
    }
    if (bad && too_many(ls))
        return true;
    if (!ls->in_reset) {
        if (stc_host_done(&ls->host) && !ao->busy && (!o->reset_at || c > o->reset_at))
            return true;
        stc_host_advance(&ls->host, in, ao);
        if (!o->bare && host_failed(ls) && too_many(ls)) {
            ls->cycle++;
            return true;
        }
    }
    return false;
}

const stc_host *stc_step_host(const stc_step *ls)
{
    return &ls->host;
}

void stc_step_edge(stc_step *ls, const stc_inputs *in)
{
    if (ls->model)
        stc_tile_step(ls->model, in);
    ls->cycle++;
}

void stc_step_close(stc_step *ls, const stc_probes *final_ap, stc_run_result *res)
{
    if (!ls)
        return;
    if (!ls->opened) { /* a failed open: nothing ran, nothing to report */
        stc_host_free(&ls->host);
        stc_tile_destroy(ls->model);
        free(ls);
        return;
    }
    stc_run_result *r = &ls->res;
    r->cycles = ls->cycle;
    if (final_ap)
        memcpy(r->cnt, final_ap->cnt, sizeof r->cnt);
    r->cmds_done = ls->host.cmds_done;
    r->faults_seen = ls->host.faults_seen;
    r->timeout = ls->cycle >= ls->budget;
    if (r->timeout) {
        note_failure(ls, ls->cycle, "(hang: no completion)");
        if (ls->o.log)
            fprintf(ls->o.log,
                    "TIMEOUT %s: no completion within %" PRIu64
                    " cycles (%u of %u commands done)\n",
                    ls->o.vec_path ? ls->o.vec_path : "(vector)", ls->budget, ls->host.cmds_done,
                    ls->host.s->ncmd);
    }
    r->pass = r->mismatch_cycles == 0 && !r->timeout && !r->result_mismatch && !r->check_failed;
    if (res)
        *res = *r;
    stc_host_free(&ls->host);
    stc_tile_destroy(ls->model);
    free(ls);
}
