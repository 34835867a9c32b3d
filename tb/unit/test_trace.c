// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_trace.c - the failure trace and its save file (sim/debug/): a run
 * of the lockstep loop with a fault planted in the RTL double, the window
 * hook on, the window written as FST and read back with fstapi's reader:
 * the mismatch flag rises exactly at the planted cycle, the rtl_ and ref_
 * values differ by the planted bit, and the save file opens the FST with
 * the marker there and the divergent element first.
 */
#include <criterion/criterion.h>
#include <gtkwave/fstapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtl_double.h"
#include "stc_gen_stream.h"
#include "stc_lockstep.h"
#include "stc_trace.h"

#define TR_FAULT_TICK 40

/* Handle of lockstep.<name> in the trace, or 0. */
static fstHandle tr_handle(void *ctx, const char *name)
{
    struct fstHier *h;
    fstReaderIterateHierRewind(ctx);
    while ((h = fstReaderIterateHier(ctx)) != NULL)
        if (h->htyp == FST_HT_VAR && strncmp(h->u.var.name, name, strlen(name)) == 0 &&
            (h->u.var.name[strlen(name)] == '\0' || h->u.var.name[strlen(name)] == ' '))
            return h->u.var.handle;
    return 0;
}

static long tr_value(void *ctx, fstHandle hd, uint64_t t)
{
    char buf[80];
    const char *v = fstReaderGetValueFromHandleAtTime(ctx, t, hd, buf);
    cr_assert_not_null(v);
    return strtol(v, NULL, 2);
}

Test(trace, planted_fault_in_the_fst_and_the_save_file)
{
    char dir[] = "/tmp/stc-trace-XXXXXX", fst[64], gtkw[64], err[STC_VEC_ERR_MAX];
    stc_rtl *rtl;
    stc_window w;
    stc_run_result res;
    stc_run_opts o;
    stc_stream s = {0, NULL};
    stc_stream_opts so = {"pairs", RTL_DOUBLE_N, 7, 0};
    cr_assert_not_null(mkdtemp(dir));
    snprintf(fst, sizeof fst, "%s/t.fst", dir);
    snprintf(gtkw, sizeof gtkw, "%s/t.gtkw", dir);
    cr_assert_eq(stc_gen_stream(&so, &s, err, sizeof err), STC_OK, "%s", err);
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_fault f = {RTL_FAULT_PE_PROD, 1, 2, 3, TR_FAULT_TICK};
    rtl_double_plant(rtl, &f);
    cr_assert_eq(stc_window_init(&w, RTL_DOUBLE_N, 16, 4), STC_OK);
    memset(&o, 0, sizeof o);
    o.check.max_errors = 5;
    o.report.on_cycle = stc_window_hook;
    o.report.hook_ctx = &w;
    cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &res), STC_OK);
    cr_assert_not(res.pass);
    cr_assert(w.diverged);
    cr_assert_eq(w.first_bad, TR_FAULT_TICK);
    cr_assert_eq(stc_window_write_fst(&w, fst, "unit test"), STC_OK);
    cr_assert_eq(stc_window_write_gtkw(&w, fst, gtkw), STC_OK);

    void *ctx = fstReaderOpen(fst);
    cr_assert_not_null(ctx, "the trace does not read back");
    fstHandle flag = tr_handle(ctx, "mismatch_pe_prod_1_2");
    fstHandle rtl_v = tr_handle(ctx, "rtl_pe_prod_1_2");
    fstHandle ref_v = tr_handle(ctx, "ref_pe_prod_1_2");
    fstHandle any = tr_handle(ctx, "mismatch");
    cr_assert(flag && rtl_v && ref_v && any, "a traced variable is missing");
    fstReaderSetFacProcessMaskAll(ctx);
    /* Cycle c spans times [2c, 2c+2). */
    cr_assert_eq(tr_value(ctx, flag, 2 * (TR_FAULT_TICK - 1)), 0);
    cr_assert_eq(tr_value(ctx, flag, 2 * TR_FAULT_TICK), 1);
    cr_assert_eq(tr_value(ctx, any, 2 * TR_FAULT_TICK), 1);
    cr_assert_eq(tr_value(ctx, rtl_v, 2 * TR_FAULT_TICK) ^ tr_value(ctx, ref_v, 2 * TR_FAULT_TICK),
                 1 << 3);
    fstReaderClose(ctx);

    char text[8192];
    FILE *g = fopen(gtkw, "r");
    cr_assert_not_null(g);
    size_t n = fread(text, 1, sizeof text - 1, g);
    text[n] = '\0';
    fclose(g);
    char want[128];
    snprintf(want, sizeof want, "[dumpfile] \"%s\"", fst);
    cr_assert_not_null(strstr(text, want), "the save file does not open the trace");
    snprintf(want, sizeof want, " %d -1", 2 * TR_FAULT_TICK);
    cr_assert_not_null(strstr(text, want), "the marker is not on the divergent cycle");
    const char *first = strstr(text, "lockstep.");
    cr_assert_not_null(first);
    cr_assert_eq(strncmp(first, "lockstep.mismatch_pe_prod_1_2", 29), 0,
                 "the divergent element is not the first trace");

    stc_window_free(&w);
    stc_rtl_destroy(rtl);
    stc_stream_free(&s);
    remove(fst);
    remove(gtkw);
    rmdir(dir);
}

/* At --compare ports the window centres on the first port that differs,
 * not on a probe (which the run does not compare): a probe fault from
 * tick 40 and a result fault from the first result row on. */
Test(trace, ports_window_centres_on_a_compared_port)
{
    char err[STC_VEC_ERR_MAX];
    stc_rtl *rtl;
    stc_stream s = {0, NULL};
    stc_stream_opts so = {"pairs", RTL_DOUBLE_N, 7, 0};
    cr_assert_eq(stc_gen_stream(&so, &s, err, sizeof err), STC_OK, "%s", err);
    for (int ports = 0; ports <= 1; ports++) {
        stc_window w;
        stc_run_result res;
        stc_run_opts o;
        cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
        rtl_fault f = {RTL_FAULT_PE_PROD, 1, 2, 3, TR_FAULT_TICK};
        rtl_double_plant(rtl, &f);
        cr_assert_eq(stc_window_init(&w, RTL_DOUBLE_N, 16, 4), STC_OK);
        w.ports_only = ports;
        memset(&o, 0, sizeof o);
        o.check.max_errors = 5;
        o.check.level = ports ? STC_LEVEL_PORTS : STC_LEVEL_CYCLE;
        o.report.on_cycle = stc_window_hook;
        o.report.hook_ctx = &w;
        cr_assert_eq(stc_lockstep_stream(rtl, &s, &o, &res), STC_OK);
        /* The probe fault fails the cycle level at its tick; at ports it
         * changes nothing compared: no divergence, and the run passes. */
        cr_assert_eq(res.pass, (bool)ports);
        cr_assert_eq(w.diverged, !ports);
        if (!ports)
            cr_assert_eq(w.first_bad, TR_FAULT_TICK);
        stc_window_free(&w);
        stc_rtl_destroy(rtl);
    }
    stc_stream_free(&s);
}
