// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * rtl_double.c - the golden model behind the stc_rtl interface, with one
 * plantable fault (see rtl_double.h). Linked into the unit tests instead
 * of the Verilator shim.
 */
#include "rtl_double.h"

#include <stdlib.h>
#include <string.h>

struct stc_rtl {
    stc_tile *t;
    stc_inputs in;
    uint64_t ticks;
    rtl_fault fault;
};

void stc_rtl_params(stc_params *p)
{
    p->n = RTL_DOUBLE_N;
    p->m_max = 1024;
    p->kb_max = 64;
    p->uarch = STC_UARCH_BASE;
}

int stc_rtl_can_trace(void)
{
    return 0;
}

stc_status stc_rtl_create(int argc, const char **argv, stc_rtl **out)
{
    stc_params p;
    (void)argc;
    (void)argv;
    *out = calloc(1, sizeof **out);
    if (!*out)
        return STC_ENOMEM;
    stc_rtl_params(&p);
    stc_status st = stc_tile_create(&p, &(*out)->t);
    if (st != STC_OK) {
        free(*out);
        *out = NULL;
    }
    return st;
}

void stc_rtl_destroy(stc_rtl *r)
{
    if (!r)
        return;
    stc_tile_destroy(r->t);
    free(r);
}

stc_status stc_rtl_trace_open(stc_rtl *r, const char *path)
{
    (void)r;
    (void)path;
    return STC_EPARAM;
}

stc_status stc_rtl_coverage_write(stc_rtl *r, const char *path)
{
    (void)r;
    (void)path;
    return STC_EPARAM;
}

void stc_rtl_set_inputs(stc_rtl *r, const stc_inputs *in)
{
    r->in = *in;
}

static int fault_on(const stc_rtl *r, rtl_fault_kind k)
{
    return r->fault.kind == k && r->ticks >= r->fault.from_tick;
}

void stc_rtl_outputs(const stc_rtl *r, stc_outputs *out)
{
    stc_tile_eval(r->t, out);
    if (fault_on(r, RTL_FAULT_RES_DATA) && out->res_valid)
        out->res_data[r->fault.col] ^= (int32_t)(1u << r->fault.bit);
    if (fault_on(r, RTL_FAULT_RES_VALID))
        out->res_valid = 0;
}

void stc_rtl_probe(const stc_rtl *r, stc_probes *pr)
{
    stc_tile_probe(r->t, pr);
    if (fault_on(r, RTL_FAULT_PE_PROD))
        pr->pe_prod[r->fault.row][r->fault.col] ^= (int32_t)(1u << r->fault.bit);
    if (fault_on(r, RTL_FAULT_PROD_SEEN) && pr->pe_prod[r->fault.row][r->fault.col] != 0)
        pr->pe_prod[r->fault.row][r->fault.col] ^= (int32_t)(1u << r->fault.bit);
    if (fault_on(r, RTL_FAULT_CNT))
        pr->cnt[r->fault.row] ^= 1u << r->fault.bit;
}

void stc_rtl_tick(stc_rtl *r)
{
    stc_tile_step(r->t, &r->in);
    r->ticks++;
}

void rtl_double_plant(stc_rtl *r, const rtl_fault *f)
{
    r->fault = *f;
}

unsigned stc_rtl_assert_failures(const stc_rtl *r)
{
    (void)r; /* the double has no assertions of its own */
    return 0;
}
