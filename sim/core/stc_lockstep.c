// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_lockstep.c - the C runner's loop (see stc_lockstep.h): one stc_step
 * per cycle, the Verilated RTL read and clocked through stc_rtl.h.
 */
#include "stc_lockstep.h"

#include <stdio.h>
#include <string.h>

stc_status stc_lockstep_stream(stc_rtl *rtl, const stc_stream *s, const stc_run_opts *o,
                               stc_run_result *res)
{
    stc_step *ls;
    stc_params p;
    stc_run_opts ro = *o;
    stc_inputs in;
    stc_outputs ao, settled;
    stc_probes ap;
    memset(res, 0, sizeof *res);
    memset(&ao, 0, sizeof ao);
    memset(&ap, 0, sizeof ap);
    stc_rtl_params(&p);
    ro.check.no_counters = ro.check.no_counters || !stc_rtl_has_counters(rtl);
    /* The per-PE probes compared where the Verilated model keeps them, when
     * it does, not copied into probe records every cycle
     * (docs/performance.md, "The grids compared where they lie"). */
    const stc_pe_grids *grids = o->check.bare ? NULL : stc_rtl_pe_grids(rtl);
    stc_status st =
        stc_step_open(&ls, s, &p, &ro, o->check.bare ? STC_STEP_BARE : STC_STEP_OWN_MODEL);
    if (st == STC_OK && grids)
        st = stc_step_grids(ls, grids);
    if (st != STC_OK) {
        stc_step_close(ls, NULL, NULL);
        res->first_cmd = -1;
        return st;
    }
    while (stc_step_inputs(ls, &in)) {
        stc_rtl_outputs(rtl, &ao);
        if (grids)
            stc_rtl_probe_scalars(rtl, &ap);
        else if (!o->check.bare)
            stc_rtl_probe(rtl, &ap);
        if (stc_step_check(ls, &in, &ao, o->check.bare ? NULL : &ap, NULL, NULL))
            break;
        stc_step_edge(ls, &in);
        stc_rtl_set_inputs(rtl, &in);
        stc_rtl_tick(rtl);
        if (stc_rtl_assert_failures(rtl) != 0) {
            stc_step_rtl_assert(ls);
            break;
        }
        if (stc_rtl_settled_outputs(rtl, &settled) && stc_step_settled(ls, &ao, &settled))
            break;
    }
    if (o->check.bare)
        stc_rtl_probe(rtl, &ap);
    stc_step_close(ls, &ap, res);
    return STC_OK;
}

stc_run_build stc_lockstep_build(const char *argv0, char *dir, size_t len)
{
    stc_params p;
    stc_rtl_params(&p);
    const char *slash = strrchr(argv0, '/');
    if (slash)
        snprintf(dir, len, "%.*s", (int)(slash - argv0), argv0);
    else
        snprintf(dir, len, ".");
    return (stc_run_build){stc_rtl_make_vars(), p.uarch, dir};
}

stc_status stc_lockstep_run(stc_rtl *rtl, const stc_vec *v, const stc_run_opts *o,
                            stc_run_result *res)
{
    stc_vec one = *v;
    stc_stream s = {1, &one};
    return stc_lockstep_stream(rtl, &s, o, res);
}
