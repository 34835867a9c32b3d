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

#include "stc_ports.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* One command as one side of the txn scoreboard saw it complete. */
typedef struct txn_cmd {
    int32_t *rows;    /* m x n */
    uint64_t *row_at; /* cycle each row transferred */
    uint64_t done_at; /* cycle of the last row */
} txn_cmd;

struct stc_step {
    stc_step_mode mode;
    stc_run_opts o;
    stc_tile *model; /* the model this step owns, or NULL (its caller clocks one) */
    stc_host host;
    stc_outputs eo; /* the owned model's signals of this cycle */
    stc_probes ep;
    uint64_t ep_gen;           /* the model's grid generation ep's per-PE grids show */
    const stc_pe_grids *grids; /* the RTL's per-PE probes, read in place, or NULL */
    stc_probes ap_full;        /* with grids: the RTL's probes, built whole on demand */
    stc_diff diffs[STC_REPORT_DIFFS];
    unsigned reported; /* host violations already counted */
    unsigned max_errors;
    uint64_t cycle;
    bool hung; /* stc_host_hung stopped the run */
    bool in_reset;
    bool opened; /* stc_step_open succeeded: there is a run to report */
    stc_run_result res;
    /* txn level: the model's run, and how far the RTL's has been compared */
    txn_cmd *ref;
    bool *ref_err;
    unsigned nref;
    unsigned kept;         /* commands of the step's own host already handled */
    unsigned txn_failures; /* scoreboard mismatches */
    stc_uarch rtl_uarch;   /* what the RTL was built as */
    stc_uarch model_uarch; /* what the model runs (--uarch) */
};

/* The command the tile is working on (or the next one it will take). */
static int current_cmd(const stc_step *ls)
{
    return (int)ls->host.res_cmd;
}

/* The first failure: its cycle, what failed, and in command cmd. */
static void note_failure_in(stc_step *ls, uint64_t cycle, const char *what, int cmd)
{
    stc_run_result *res = &ls->res;
    if (res->mismatch_cycles == 0 && !res->check_failed && !res->result_mismatch) {
        res->first_bad_cycle = cycle;
        res->first_cmd = cmd;
        snprintf(res->first_signal, sizeof res->first_signal, "%s", what);
        /* Lockstep against a model of other timing: the first divergence
         * says nothing about the RTL's results. */
        FILE *log = ls->o.report.log;
        if (log && ls->o.check.level != STC_LEVEL_TXN && ls->rtl_uarch != ls->model_uarch)
            fprintf(log,
                    "note: the micro-architectures differ: the RTL was built as '%s', the golden "
                    "model runs '%s' (docs/architecture.md section 11), so their cycles differ "
                    "by design; compare transactions with --compare txn (make sim COMPARE=txn)\n",
                    stc_uarch_name(ls->rtl_uarch), stc_uarch_name(ls->model_uarch));
    }
}

/* The same, in the command whose results are due. */
static void note_failure(stc_step *ls, uint64_t cycle, const char *what)
{
    note_failure_in(ls, cycle, what, current_cmd(ls));
}

void stc_step_rtl_assert(stc_step *ls)
{
    note_failure(ls, ls->cycle, "(RTL assertion)");
    ls->res.check_failed = true;
    if (ls->o.report.log)
        fprintf(ls->o.report.log,
                "%s: cycle %llu: an assertion of the RTL failed (its message is above)\n",
                ls->o.report.vec_path ? ls->o.report.vec_path : "(stream)",
                (unsigned long long)ls->cycle);
}

/* With the RTL's grids read in place (stc_step_grids), the probe records
 * hold only the other probes: both built whole, the model's grids when its
 * generation moved, the RTL's from where they lie. Returns the RTL's. */
static const stc_probes *whole_probes(stc_step *ls, const stc_probes *ap)
{
    ls->ep_gen = stc_tile_probe_since(ls->model, &ls->ep, ls->ep_gen);
    ls->ap_full = *ap;
    stc_ports_update_pe_arrays(ls->host.s->cmd[0].n, ls->grids, &ls->ap_full);
    return &ls->ap_full;
}

/* Compares this cycle; returns true when equal. */
static bool compare_now(stc_step *ls, const stc_outputs *eo, const stc_probes *ep,
                        const stc_outputs *ao, const stc_probes *ap)
{
    const stc_report_opts *o = &ls->o.report;
    unsigned n = ls->host.s->cmd[0].n;
    char name[64];
    if (ls->grids && ep && ap) {
        if (stc_compare_equal_but_grids(eo, ep, ao, ap) &&
            stc_tile_grids_equal(ls->model, ls->grids))
            return true;
        ap = whole_probes(ls, ap); /* a difference: the walk below names it */
    }
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
        note_failure_in(ls, h->first.cycle, h->first.rule,
                        h->first.cmd >= 0 ? h->first.cmd : current_cmd(ls));
        stc_host_report(h, ls->o.report.log, ls->o.report.vec_path);
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
    return ls->res.mismatch_cycles + ls->reported + ls->txn_failures >= ls->max_errors;
}

/* ---- txn level: the scoreboard --------------------------------------------- */

/* The command whose last row the step's host has just received, once;
 * -1 if none completed since the last call. */
static int just_completed(stc_step *ls)
{
    if (ls->host.cmds_done == ls->kept)
        return -1;
    ls->kept = ls->host.cmds_done;
    return (int)ls->host.res_cmd - 1;
}

/* Keeps command i as the host has just received it (its last row came in). */
static stc_status txn_keep(txn_cmd *t, const stc_host *h, unsigned i)
{
    const stc_vec *v = &h->s->cmd[i];
    size_t cells = (size_t)v->m * v->n;
    t->rows = malloc(cells * sizeof *t->rows);
    t->row_at = malloc(v->m * sizeof *t->row_at);
    if (!t->rows || !t->row_at)
        return STC_ENOMEM;
    memcpy(t->rows, h->res, cells * sizeof *t->rows);
    memcpy(t->row_at, h->res_at, v->m * sizeof *t->row_at);
    t->done_at = h->res_at[v->m - 1];
    return STC_OK;
}

static void txn_free(stc_step *ls)
{
    for (unsigned i = 0; ls->ref && i < ls->nref; i++) {
        free(ls->ref[i].rows);
        free(ls->ref[i].row_at);
    }
    free(ls->ref);
    free(ls->ref_err);
}

/* Keeps each command of the reference run as it completes (stc_step_done_fn). */
static stc_status txn_keep_done(void *ctx, const stc_host *h, unsigned i)
{
    stc_step *ls = ctx;
    return txn_keep(&ls->ref[i], h, i);
}

/* The model's side: the whole stream on the golden model and a host of its
 * own, through a step at the cycle level whose "RTL" is that model (so its
 * host checks every rule, counters included), keeping each command as it
 * completes. A model that fails its own run is a vector or model problem,
 * not the RTL's: the run cannot happen. */
static stc_status txn_reference(stc_step *ls, const stc_stream *s, const stc_params *p)
{
    stc_run_opts ro = ls->o;
    ro.check.uarch_set = false; /* p is the model's parameter set already */
    ro.check.level = STC_LEVEL_CYCLE;
    ro.check.no_counters = false; /* the model has them, whatever the RTL has */
    ro.check.max_errors = 1;
    ro.report.log = NULL;
    ro.report.on_cycle = NULL;
    stc_step *ref = NULL;
    stc_run_result rr;
    ls->nref = s->ncmd;
    ls->ref = calloc(s->ncmd, sizeof *ls->ref);
    ls->ref_err = calloc(s->ncmd, sizeof *ls->ref_err);
    stc_status st =
        ls->ref && ls->ref_err ? stc_step_open(&ref, s, p, &ro, STC_STEP_MODEL_IS_DUT) : STC_ENOMEM;
    if (st == STC_OK)
        st = stc_step_run_model(ref, txn_keep_done, ls);
    if (st == STC_OK)
        memcpy(ls->ref_err, ref->host.err_seen, s->ncmd * sizeof *ls->ref_err);
    stc_step_close(ref, ref ? &ref->ep : NULL, &rr);
    ls->res.model_cycles = rr.cycles;
    memcpy(ls->res.model_cnt, rr.cnt, sizeof rr.cnt);
    if (st == STC_OK && !rr.pass) {
        if (ls->o.report.log)
            fprintf(ls->o.report.log,
                    "txn: the golden model fails its own run of %s (%s at cycle %" PRIu64
                    "): a vector or model problem, not the RTL's\n",
                    ls->o.report.vec_path ? ls->o.report.vec_path : "(vector)", rr.first_signal,
                    rr.first_bad_cycle);
        st = STC_EIO;
    }
    return st;
}

static void txn_fail(stc_step *ls, unsigned cmd, uint64_t cycle, const char *what)
{
    stc_run_result *r = &ls->res;
    bool first = r->mismatch_cycles == 0 && !r->check_failed && !r->result_mismatch;
    note_failure(ls, cycle, what);
    if (first)
        r->first_cmd = (int)cmd; /* the host has moved on to the next one */
    r->result_mismatch = true;
    ls->txn_failures++;
}

/* Command i of the RTL's run just completed: its rows, err_o verdict and
 * latency against the model's record of the same command. */
static void txn_compare(stc_step *ls, unsigned i)
{
    const stc_host *h = &ls->host;
    const stc_vec *v = &h->s->cmd[i];
    const txn_cmd *t = &ls->ref[i];
    FILE *log = ls->o.report.log;
    const char *path = ls->o.report.vec_path ? ls->o.report.vec_path : "(vector)";
    uint64_t done = h->res_at[v->m - 1];
    int64_t d = (int64_t)done - (int64_t)t->done_at;
    stc_run_result *r = &ls->res;
    r->delta_min = r->txn_cmds == 0 || d < r->delta_min ? d : r->delta_min;
    r->delta_max = r->txn_cmds == 0 || d > r->delta_max ? d : r->delta_max;
    r->delta_sum += d;
    r->txn_cmds++;
    for (unsigned row = 0; row < v->m; row++)
        for (unsigned col = 0; col < v->n; col++) {
            size_t k = (size_t)row * v->n + col;
            if (h->res[k] == t->rows[k])
                continue;
            txn_fail(ls, i, h->res_at[row], "txn: result");
            if (log)
                fprintf(log,
                        "TXN MISMATCH %s: command %u, row %u, column %u: model %" PRId32
                        " (cycle %" PRIu64 "), RTL %" PRId32 " (cycle %" PRIu64 ")\n",
                        path, i, row, col, t->rows[k], t->row_at[row], h->res[k], h->res_at[row]);
            return;
        }
    if (h->err_seen[i] != ls->ref_err[i]) {
        txn_fail(ls, i, done, "txn: err_o verdict");
        if (log)
            fprintf(log, "TXN MISMATCH %s: command %u: err_o %s in the RTL, %s in the model\n",
                    path, i, h->err_seen[i] ? "rose" : "stayed 0",
                    ls->ref_err[i] ? "rose" : "stayed 0");
        return;
    }
    if (ls->o.check.latency_bound && d > (int64_t)ls->o.check.latency_bound) {
        txn_fail(ls, i, done, "txn: latency");
        if (log)
            fprintf(log,
                    "TXN LATENCY %s: command %u completed at cycle %" PRIu64 ", %" PRId64
                    " cycles after the model (cycle %" PRIu64 "); the bound is %" PRIu64 "\n",
                    path, i, done, d, t->done_at, ls->o.check.latency_bound);
    }
}

/* The host's configuration as the stimulus gives it; the caller adds what
 * the level and the RTL decide (err_o latency, closed forms). */
static stc_host_cfg host_cfg_of(const stc_stim_opts *o)
{
    return (stc_host_cfg){.stall_pct = o->stall_pct,
                          .seed = o->seed,
                          .policy = o->policy,
                          .meta_fault = o->meta_fault,
                          .hold = o->hold,
                          .sector_bytes = o->sector_bytes,
                          .hang_cycles = o->hang_cycles};
}

stc_params stc_run_model_params(const stc_params *p, const stc_check_opts *o)
{
    stc_params mp = *p;
    if (o->uarch_set)
        mp.uarch = o->uarch;
    return mp;
}

/* The options a mode can run with: bare runs and only they are
 * STC_STEP_BARE; the scoreboard (txn) runs a model of the step's own. */
static bool mode_fits(stc_step_mode mode, const stc_check_opts *o)
{
    if (o->bare != (mode == STC_STEP_BARE))
        return false;
    return o->level != STC_LEVEL_TXN || mode == STC_STEP_OWN_MODEL || mode == STC_STEP_BARE;
}

stc_status stc_step_open(stc_step **out, const stc_stream *s, const stc_params *p,
                         const stc_run_opts *o, stc_step_mode mode)
{
    stc_step *ls = calloc(1, sizeof *ls);
    *out = ls;
    if (!ls)
        return STC_ENOMEM;
    ls->mode = mode;
    ls->o = *o;
    ls->max_errors = o->check.max_errors ? o->check.max_errors : 1;
    stc_params mp = stc_run_model_params(p, &o->check);
    ls->rtl_uarch = p->uarch;
    ls->model_uarch = mp.uarch;
    ls->res.first_cmd = -1;
    for (unsigned i = 0; i < s->ncmd; i++) {
        const stc_vec *v = &s->cmd[i];
        if (v->n != p->n || v->m > p->m_max || stc_vec_nblk(v) > p->kb_max)
            return STC_EPARAM;
    }
    if (!mode_fits(mode, &o->check))
        return STC_EPARAM;
    bool txn = o->check.level == STC_LEVEL_TXN && mode == STC_STEP_OWN_MODEL;
    if ((mode == STC_STEP_OWN_MODEL && !txn) || mode == STC_STEP_MODEL_IS_DUT) {
        stc_status st = stc_tile_create(&mp, &ls->model);
        if (st != STC_OK)
            return st;
    }
    stc_host_cfg cfg = host_cfg_of(&o->stim);
    cfg.err_latency =
        txn ? (o->check.err_latency_set ? o->check.err_latency : STC_ERR_LATENCY_TXN) : 0;
    cfg.uarch = p->uarch;
    cfg.other_timing = txn;
    /* Where the model's counters are not compared every cycle. */
    cfg.counter_rules = o->check.level != STC_LEVEL_CYCLE && mode != STC_STEP_MODEL_IS_DUT;
    cfg.live_start = o->stim.no_reset;
    stc_status st = stc_host_init(&ls->host, s, &cfg); /* EPARAM: --meta-fault, nothing to fault */
    if (st == STC_OK && txn)
        st = txn_reference(ls, s, &mp);
    ls->opened = st == STC_OK;
    return st;
}

bool stc_step_inputs(stc_step *ls, stc_inputs *in)
{
    const stc_stim_opts *o = &ls->o.stim;
    uint64_t c = ls->cycle;
    if (stc_host_hung(&ls->host)) {
        ls->hung = true;
        return false;
    }
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

/* The sides the mode takes are given and no others. */
static bool sides_fit(const stc_step *ls, const stc_outputs *ao, const stc_probes *ap,
                      const stc_outputs *eo, const stc_probes *ep)
{
    switch (ls->mode) {
    case STC_STEP_OWN_MODEL:
        return ao && ap && !eo && !ep;
    case STC_STEP_CALLER_MODEL:
        return ao && ap && eo && ep;
    case STC_STEP_BARE:
        return ao && !ap && !eo && !ep;
    case STC_STEP_MODEL_IS_DUT:
        return !ao && !ap && !eo && !ep;
    }
    return false;
}

stc_status stc_step_grids(stc_step *ls, const stc_pe_grids *g)
{
    if (ls->mode != STC_STEP_OWN_MODEL || g == NULL)
        return STC_EPARAM;
    ls->grids = g;
    return STC_OK;
}

bool stc_step_check(stc_step *ls, const stc_inputs *in, const stc_outputs *ao, const stc_probes *ap,
                    const stc_outputs *eo, const stc_probes *ep)
{
    const stc_run_opts *o = &ls->o;
    uint64_t c = ls->cycle;
    if (!sides_fit(ls, ao, ap, eo, ep)) {
        /* A runner that passes the wrong sides would compare nothing: a
         * failure of the run, never a pass. */
        note_failure(ls, c, "(harness: sides of the step mode)");
        ls->res.check_failed = true;
        if (o->report.log)
            fprintf(o->report.log,
                    "%s: cycle %" PRIu64 ": stc_step_check got sides its mode does not take\n",
                    o->report.vec_path ? o->report.vec_path : "(stream)", c);
        return true;
    }
    bool bare = ls->mode == STC_STEP_BARE;
    /* No RTL: the model is the design under the host (the txn reference). */
    bool model_is_dut = ls->mode == STC_STEP_MODEL_IS_DUT;
    /* Model and RTL side by side every cycle; the txn reference compares
     * the model with itself: nothing to do. */
    bool lockstep = !bare && !model_is_dut && o->check.level != STC_LEVEL_TXN;
    if (ls->model) {
        /* eo/ep were zeroed when the step opened (padding included, which
         * the compare's memcmp sees); the model rewrites every field, and
         * of the probes' grids the n x n array, the rest staying zero; the
         * grids only when the model's array or weights changed since.
         * Not at all with the RTL's read in place (whole_probes builds
         * them to name a difference), nor with no RTL beside the model:
         * the host's rules read only the counters (the grids were a third
         * of stc_gemm's time). */
        stc_tile_eval(ls->model, &ls->eo);
        if (ls->grids || model_is_dut)
            stc_tile_probe_scalars(ls->model, &ls->ep);
        else
            ls->ep_gen = stc_tile_probe_since(ls->model, &ls->ep, ls->ep_gen);
        eo = &ls->eo;
        ep = &ls->ep;
    }
    if (model_is_dut) {
        ao = eo;
        ap = ep;
    }
    /* Cycle 0 shows whatever the RTL held before reset (the previous run's
     * state, or random initial values): compare from the first cycle after
     * a reset edge. The ports level leaves the probes out, of the compare
     * and of the host's counter rules. */
    bool probes = o->check.level == STC_LEVEL_CYCLE;
    if (lockstep && c > 0 && o->report.on_cycle)
        o->report.on_cycle(o->report.hook_ctx, c, in, eo, ep, ao,
                           ls->grids ? whole_probes(ls, ap) : ap);
    bool bad =
        lockstep && c > 0 && !compare_now(ls, eo, probes ? ep : NULL, ao, probes ? ap : NULL);
    if (!ls->in_reset && !bare) {
        /* The counters are probes, but their closed form binds at every
         * level (at txn without the cycle count: docs/architecture.md,
         * the rule table), when the RTL has them. */
        stc_host_check(&ls->host, c, in, ao, o->check.no_counters ? NULL : ap);
        bad = host_failed(ls) || bad;
    }
    if (bad && too_many(ls))
        return true;
    if (!ls->in_reset) {
        if (stc_host_done(&ls->host) && !ao->busy && (!o->stim.reset_at || c > o->stim.reset_at))
            return true;
        stc_host_advance(&ls->host, in, ao);
        int done = ls->ref ? just_completed(ls) : -1;
        if (done >= 0)
            txn_compare(ls, (unsigned)done);
        if (!bare && (host_failed(ls) || ls->txn_failures) && too_many(ls)) {
            ls->cycle++;
            return true;
        }
    }
    return false;
}

bool stc_step_settled(stc_step *ls, const stc_outputs *before, const stc_outputs *settled)
{
    char name[64];
    stc_diff d = {NULL, -1, -1, 0, 0};
    if (ls->mode == STC_STEP_BARE || ls->in_reset ||
        stc_compare_cycle(ls->host.s->cmd[0].n, before, NULL, settled, NULL, &d, 1) == 0)
        return false;
    stc_diff_name(&d, name, sizeof name);
    stc_host_comb_path(&ls->host, ls->cycle - 1, name);
    return host_failed(ls) && too_many(ls);
}

const stc_host *stc_step_host(const stc_step *ls)
{
    return &ls->host;
}

const stc_probes *stc_step_model_probes(const stc_step *ls)
{
    return ls->model ? &ls->ep : NULL;
}

stc_status stc_step_run_model(stc_step *ls, stc_step_done_fn done, void *ctx)
{
    stc_inputs in;
    stc_status st = ls->mode == STC_STEP_MODEL_IS_DUT ? STC_OK : STC_EPARAM;
    while (st == STC_OK && stc_step_inputs(ls, &in)) {
        bool over = stc_step_check(ls, &in, NULL, NULL, NULL, NULL);
        int cmd = done ? just_completed(ls) : -1;
        if (cmd >= 0)
            st = done(ctx, &ls->host, (unsigned)cmd);
        if (over)
            break;
        stc_step_edge(ls, &in);
    }
    return st;
}

void stc_step_edge(stc_step *ls, const stc_inputs *in)
{
    if (ls->model)
        stc_tile_step(ls->model, in);
    ls->cycle++;
}

/* The run hung (stc_host_hung): which handshake waits, and the limit with
 * the option and make variable that set it. */
static void report_hang(stc_step *ls)
{
    const stc_host *h = &ls->host;
    char wait[512], name[64];
    uint64_t limit = stc_host_hang_limit(h);
    stc_host_describe_wait(h, wait, sizeof wait);
    stc_host_hang_name(h, name, sizeof name);
    /* The last cycle simulated, the limit's quiet cycle. */
    uint64_t at = ls->cycle ? ls->cycle - 1 : 0;
    note_failure(ls, at, name);
    if (ls->o.report.log)
        fprintf(ls->o.report.log,
                "TIMEOUT %s: hung at cycle %" PRIu64 ": no transfer on any channel and busy_o "
                "unchanged for %" PRIu64 " cycles since cycle %" PRIu64
                " (the limit: --hang-cycles %" PRIu64 ", make sim HANG=%" PRIu64
                ") (%u of %u commands done): %s\n",
                ls->o.report.vec_path ? ls->o.report.vec_path : "(vector)", at, limit, h->moved_at,
                limit, limit, h->cmds_done, h->s->ncmd, wait);
}

void stc_step_close(stc_step *ls, const stc_probes *final_ap, stc_run_result *res)
{
    if (!ls)
        return;
    if (!ls->opened) { /* a failed open: nothing ran, nothing to report */
        stc_host_free(&ls->host);
        stc_tile_destroy(ls->model);
        txn_free(ls);
        free(ls);
        return;
    }
    stc_run_result *r = &ls->res;
    r->cycles = ls->cycle;
    if (final_ap && !ls->o.check.no_counters)
        memcpy(r->cnt, final_ap->cnt, sizeof r->cnt);
    r->counters = final_ap && !ls->o.check.no_counters;
    r->cmds_done = ls->host.cmds_done;
    r->faults_seen = ls->host.faults_seen;
    r->sector_bytes = (unsigned)ls->host.sec[STC_SEC_W].size;
    r->w_sectors = ls->host.sec[STC_SEC_W].sectors;
    r->meta_sectors = ls->host.sec[STC_SEC_META].sectors;
    r->a_sectors = ls->host.sec[STC_SEC_A].sectors;
    r->timeout = ls->hung;
    if (r->timeout)
        report_hang(ls);
    r->pass = r->mismatch_cycles == 0 && !r->timeout && !r->result_mismatch && !r->check_failed;
    r->first_cmd_fault = r->first_cmd >= 0 && (unsigned)r->first_cmd < ls->host.s->ncmd &&
                         ls->host.cmds[r->first_cmd].fault.on;
    if (res)
        *res = *r;
    stc_host_free(&ls->host);
    stc_tile_destroy(ls->model);
    txn_free(ls);
    free(ls);
}
