/*
 * stc_lockstep.c - the lockstep loop (see stc_lockstep.h).
 *
 * One cycle: the host drives the inputs; model and RTL present their
 * outputs and probes for that cycle; they are compared; the host records
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
} lockstep;

/* Compares this cycle; returns true when equal. */
static bool compare_now(lockstep *ls, const stc_run_opts *o, uint64_t cycle, stc_run_result *res)
{
    unsigned n = ls->host.v->n;
    unsigned count =
        stc_compare_cycle(n, &ls->eo, &ls->ep, &ls->ao, &ls->ap, ls->diffs, STC_REPORT_DIFFS);
    if (count == 0)
        return true;
    if (res->mismatch_cycles == 0) {
        res->first_bad_cycle = cycle;
        stc_diff_name(&ls->diffs[0], res->first_signal, sizeof res->first_signal);
    }
    res->mismatch_cycles++;
    if (o->log)
        stc_report_mismatch(o->log, o->vec_path, cycle, ls->diffs, count);
    return false;
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

static stc_status lockstep_open(lockstep *ls, stc_rtl *rtl, const stc_vec *v, const stc_run_opts *o)
{
    stc_params p;
    memset(ls, 0, sizeof *ls);
    ls->rtl = rtl;
    stc_rtl_params(&p);
    if (v->n != p.n || v->m > p.m_max || stc_vec_nblk(v) > p.kb_max)
        return STC_EPARAM;
    if (!o->bare) {
        stc_status st = stc_tile_create(&p, &ls->model);
        if (st != STC_OK)
            return st;
    }
    stc_status st = stc_host_init(&ls->host, v, o->stall_pct, o->seed);
    ls->host.meta_fault = o->meta_fault;
    /* The fault rides on a weight beat: it needs one 2:4 block to load. */
    if (st == STC_OK && o->meta_fault && (!v->mode24 || ls->host.npass == 0))
        return STC_EPARAM;
    return st;
}

static stc_status restart_host(lockstep *ls, const stc_vec *v, const stc_run_opts *o)
{
    stc_host_free(&ls->host);
    stc_status st = stc_host_init(&ls->host, v, o->stall_pct, o->seed ^ 0x5eedull);
    ls->host.meta_fault = o->meta_fault;
    return st;
}

static void lockstep_close(lockstep *ls)
{
    stc_host_free(&ls->host);
    stc_tile_destroy(ls->model);
}

stc_status stc_lockstep_run(stc_rtl *rtl, const stc_vec *v, const stc_run_opts *o,
                            stc_run_result *res)
{
    lockstep ls;
    stc_inputs in;
    uint64_t budget = stc_host_cycle_budget(v, o->stall_pct), cycle = 0;
    unsigned max_errors = o->max_errors ? o->max_errors : 1;

    memset(res, 0, sizeof *res);
    stc_status st = lockstep_open(&ls, rtl, v, o);
    if (st != STC_OK) {
        lockstep_close(&ls);
        return st;
    }
    if (o->reset_at)
        budget += o->reset_at + STC_RESET_CYCLES;
    for (; cycle < budget; cycle++) {
        bool in_reset = cycle < STC_RESET_CYCLES || (o->reset_at && cycle >= o->reset_at &&
                                                     cycle < o->reset_at + STC_RESET_CYCLES);
        /* A reset in the middle of a command: the host starts the vector
         * over once the reset is released, as software would after a
         * watchdog reset. */
        if (o->reset_at && cycle == o->reset_at + STC_RESET_CYCLES &&
            restart_host(&ls, v, o) != STC_OK) {
            lockstep_close(&ls);
            return STC_ENOMEM;
        }
        if (in_reset)
            stc_host_idle_inputs(&in, false);
        else
            stc_host_drive(&ls.host, &in);
        observe(&ls, o->bare);
        /* Cycle 0 shows whatever the RTL held before reset (the previous
         * vector's state, or random initial values): compare from the first
         * cycle after a reset edge. */
        if (!o->bare && cycle > 0 && o->on_cycle)
            o->on_cycle(o->hook_ctx, cycle, &in, &ls.eo, &ls.ep, &ls.ao, &ls.ap);
        if (!o->bare && cycle > 0 && !compare_now(&ls, o, cycle, res) &&
            res->mismatch_cycles >= max_errors)
            break;
        if (!in_reset) {
            if (stc_host_done(&ls.host) && !ls.ao.busy && (!o->reset_at || cycle > o->reset_at))
                break;
            stc_host_advance(&ls.host, &in, &ls.ao);
        }
        clock(&ls, &in, o->bare);
    }
    res->cycles = cycle;
    if (o->bare)
        stc_rtl_probe(rtl, &ls.ap);
    memcpy(res->cnt, ls.ap.cnt, sizeof res->cnt);
    res->timeout = cycle >= budget;
    if (res->timeout && o->log)
        fprintf(o->log, "TIMEOUT %s: no completion within %" PRIu64 " cycles\n",
                o->vec_path ? o->vec_path : "(vector)", budget);
    if (o->meta_fault) {
        /* The error path: C is wrong by design; err_o must have latched. */
        res->result_mismatch = !ls.ao.err;
        if (res->result_mismatch && o->log)
            fprintf(o->log, "META FAULT %s: err_o not set after an illegal nibble\n",
                    o->vec_path ? o->vec_path : "(vector)");
    } else if (res->mismatch_cycles == 0 && !res->timeout) {
        res->result_mismatch = !stc_host_results_ok(&ls.host, o->log, o->vec_path);
    }
    res->pass = res->mismatch_cycles == 0 && !res->timeout && !res->result_mismatch;
    lockstep_close(&ls);
    return STC_OK;
}
