// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * rtl_double.c - the golden model behind the stc_rtl interface, with one
 * plantable fault (see rtl_double.h). Linked into the unit tests instead
 * of the Verilator shim.
 */
#include "rtl_double.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct stc_rtl {
    stc_tile *t;
    stc_inputs in;
    uint64_t ticks;
    rtl_fault fault;
    uint64_t err_high, err_low; /* cycles the model's err_o has been 1, 0 */
    uint64_t busy_run;          /* cycles the model has been busy */
    bool waited;                /* the model offered a row the last cycle and
                                   res_ready was 0: it offers it again */
    uint64_t spurious_at;       /* the cycle RTL_FAULT_ERR_SPURIOUS fires in */
    uint32_t rows_left;         /* result rows of the command under way not yet taken */
    stc_outputs settled;        /* outputs with the last tick's inputs */
    bool no_grids;              /* rtl_double_grids(r, false) */
    uint32_t cyc_base;          /* RTL_FAULT_CYCLES_KEEP: earlier commands' cycles */
    uint32_t idle_run;          /* RTL_FAULT_CYCLES_IDLE: idle cycles since a command */
    bool ran;                   /* a command was accepted since the reset */
    /* The per-PE probes as the Verilated model's arrays hold them
     * (stc_rtl_pe_grids): current after every change of state or fault,
     * as the arrays are. */
    rtl_flat_grids flat;
    stc_pe_grids grids;
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

/* The grids from the probes as the state and the faults now leave them. */
static void refresh_grids(stc_rtl *r)
{
    stc_probes pr;
    stc_rtl_probe(r, &pr);
    rtl_flat_grids_of(&pr, RTL_DOUBLE_N, &r->flat);
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
    (*out)->err_low = UINT64_MAX / 2; /* never high: no hold */
    stc_status st = stc_tile_create(&p, &(*out)->t);
    if (st != STC_OK) {
        free(*out);
        *out = NULL;
        return st;
    }
    (*out)->grids = rtl_flat_grids_view(&(*out)->flat);
    refresh_grids(*out);
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

/* The weight port paused: W_STUCK for ever, W_PAUSE for `bit` cycles. */
static bool w_paused(const stc_rtl *r)
{
    return fault_on(r, RTL_FAULT_W_STUCK) ||
           (fault_on(r, RTL_FAULT_W_PAUSE) && r->ticks < r->fault.from_tick + r->fault.bit);
}

/* RTL_FAULT_SLOW: no input port takes a beat this cycle. */
static bool slow_shut(const stc_rtl *r)
{
    return fault_on(r, RTL_FAULT_SLOW) && r->fault.bit > 1 && r->ticks % r->fault.bit != 0;
}

/* The err_o faults: the model's err_o bent in time. */
static bool faulty_err(const stc_rtl *r, bool err, bool busy)
{
    if (fault_on(r, RTL_FAULT_ERR_LATE))
        return err && r->err_high > r->fault.bit;
    if (fault_on(r, RTL_FAULT_ERR_DROP))
        return err && r->err_high <= r->fault.bit;
    if (fault_on(r, RTL_FAULT_ERR_HOLD))
        return err || r->err_low <= r->fault.bit;
    if (fault_on(r, RTL_FAULT_ERR_IDLE_DROP))
        return err && busy;
    if (r->fault.kind == RTL_FAULT_ERR_SPURIOUS && r->ticks == r->spurious_at)
        return true;
    return err;
}

void stc_rtl_outputs(const stc_rtl *r, stc_outputs *out)
{
    stc_tile_eval(r->t, out);
    if (fault_on(r, RTL_FAULT_RES_DATA) && out->res_valid)
        out->res_data[r->fault.col] ^= (int32_t)(1u << r->fault.bit);
    if (fault_on(r, RTL_FAULT_RES_VALID)) { /* never offered, data 0 as section 4 says */
        out->res_valid = 0;
        memset(out->res_data, 0, sizeof out->res_data);
    }
    if (fault_on(r, RTL_FAULT_RES_DATA_WAIT) && out->res_valid && r->waited)
        out->res_data[r->fault.col] ^= (int32_t)(1u << r->fault.bit);
    if (fault_on(r, RTL_FAULT_RES_VALID_WAIT) && out->res_valid && r->waited) {
        out->res_valid = 0;
        memset(out->res_data, 0, sizeof out->res_data);
    }
    if (fault_on(r, RTL_FAULT_RES_DATA_IDLE) && !out->res_valid)
        out->res_data[r->fault.col] = (int32_t)(1u << r->fault.bit);
    if (w_paused(r))
        out->w_ready = false;
    if (slow_shut(r))
        out->bias_ready = out->w_ready = out->a_ready = false;
    if (r->fault.kind == RTL_FAULT_RES_SPURIOUS && r->spurious_at && r->ticks == r->spurious_at) {
        out->res_valid = true;
        out->res_data[0] = 0x55;
    }
    if (fault_on(r, RTL_FAULT_READY_COMB))
        out->w_ready = out->w_ready && r->in.w_valid;
    if (fault_on(r, RTL_FAULT_ERR_LAST_ROW) && out->res_valid && out->err && r->rows_left == 1)
        out->res_data[r->fault.col] ^= (int32_t)(1u << r->fault.bit);
    out->err = faulty_err(r, out->err, out->busy);
}

void stc_rtl_probe(const stc_rtl *r, stc_probes *pr)
{
    stc_tile_probe(r->t, pr);
    if (fault_on(r, RTL_FAULT_PE_PROD))
        pr->pe_prod[r->fault.row][r->fault.col] ^= (int32_t)(1u << r->fault.bit);
    if (fault_on(r, RTL_FAULT_PE_FLAG)) {
        bool *flags[] = {pr->pe_v[r->fault.row], pr->pe_en[r->fault.row], pr->pe_en_q[r->fault.row],
                         pr->pe_pv[r->fault.row]};
        bool *f = &flags[r->fault.bit % 4][r->fault.col];
        *f = !*f;
    }
    if (fault_on(r, RTL_FAULT_PE_IDX))
        pr->pe_idx[r->fault.row][r->fault.col] ^= (uint8_t)(1u << (r->fault.bit % 2));
    if (fault_on(r, RTL_FAULT_PE_W))
        pr->pe_w[r->fault.row][r->fault.col] ^= (int8_t)(1u << (r->fault.bit % 8));
    if (fault_on(r, RTL_FAULT_PROD_SEEN) && pr->pe_prod[r->fault.row][r->fault.col] != 0)
        pr->pe_prod[r->fault.row][r->fault.col] ^= (int32_t)(1u << r->fault.bit);
    if (fault_on(r, RTL_FAULT_CNT))
        pr->cnt[r->fault.row] ^= 1u << r->fault.bit;
    if (r->fault.kind == RTL_FAULT_NO_CNT)
        memset(pr->cnt, 0, sizeof pr->cnt);
    if (fault_on(r, RTL_FAULT_CYCLES_KEEP))
        pr->cnt[STC_CNT_CYCLES] += r->cyc_base;
    if (fault_on(r, RTL_FAULT_CYCLES_IDLE))
        pr->cnt[STC_CNT_CYCLES] += r->idle_run;
    if (fault_on(r, RTL_FAULT_STALL_ALL))
        pr->cnt[STC_CNT_STALL_CYCLES] = pr->cnt[STC_CNT_CYCLES];
}

void stc_rtl_probe_scalars(const stc_rtl *r, stc_probes *pr)
{
    /* Every field but the grids: the split of stc_compare's fast path. */
    stc_probes whole;
    stc_rtl_probe(r, &whole);
    memcpy(pr, &whole, offsetof(stc_probes, pe_v));
    memcpy(&pr->bot_v, &whole.bot_v, sizeof whole - offsetof(stc_probes, bot_v));
}

void rtl_flat_grids_of(const stc_probes *pr, unsigned n, rtl_flat_grids *g)
{
    memset(g, 0, sizeof *g);
    for (unsigned row = 0; row < n; row++)
        for (unsigned col = 0; col < n; col++) {
            unsigned i = row * n + col;
            uint8_t bit = (uint8_t)(1u << (i % 8));
            g->v[i / 8] |= pr->pe_v[row][col] ? bit : 0;
            g->en[i / 8] |= pr->pe_en[row][col] ? bit : 0;
            g->en_q[i / 8] |= pr->pe_en_q[row][col] ? bit : 0;
            g->pv[i / 8] |= pr->pe_pv[row][col] ? bit : 0;
            g->w[i] = (uint8_t)pr->pe_w[row][col];
            g->idx[i / 4] |= (uint8_t)((pr->pe_idx[row][col] & 3u) << (2 * (i % 4)));
            g->act[i] = pr->pe_act[row][col];
            g->prod[i] = (uint32_t)pr->pe_prod[row][col];
            g->psum[i] = (uint32_t)pr->pe_psum[row][col];
        }
}

stc_pe_grids rtl_flat_grids_view(const rtl_flat_grids *g)
{
    return (stc_pe_grids){g->v, g->en, g->en_q, g->pv, g->w, g->idx, g->act, g->prod, g->psum};
}

/* A copy of the len bytes at src ending where an unreadable page begins;
 * *page is what to free. */
static void *tight_copy(const void *src, size_t len, void **page)
{
    const size_t ps = (size_t)sysconf(_SC_PAGESIZE);
    if (len > ps || posix_memalign(page, ps, 2 * ps) != 0)
        abort();
    unsigned char *guard = (unsigned char *)*page + ps;
    if (mprotect(guard, ps, PROT_NONE) != 0)
        abort();
    return memcpy(guard - len, src, len);
}

void rtl_tight_grids_make(const rtl_flat_grids *g, unsigned n, rtl_tight_grids *t)
{
    const size_t pes = (size_t)n * n, flags = (pes + 7) / 8;
    t->v = tight_copy(g->v, flags, &t->pages[0]);
    t->en = tight_copy(g->en, flags, &t->pages[1]);
    t->en_q = tight_copy(g->en_q, flags, &t->pages[2]);
    t->pv = tight_copy(g->pv, flags, &t->pages[3]);
    t->w = tight_copy(g->w, pes, &t->pages[4]);
    t->idx = tight_copy(g->idx, (2 * pes + 7) / 8, &t->pages[5]);
    t->act = tight_copy(g->act, 4 * pes, &t->pages[6]);
    t->prod = tight_copy(g->prod, 4 * pes, &t->pages[7]);
    t->psum = tight_copy(g->psum, 4 * pes, &t->pages[8]);
    t->view = (stc_pe_grids){t->v, t->en, t->en_q, t->pv, t->w, t->idx, t->act, t->prod, t->psum};
}

void rtl_tight_grids_free(rtl_tight_grids *t)
{
    const size_t ps = (size_t)sysconf(_SC_PAGESIZE);
    for (size_t k = 0; k < sizeof t->pages / sizeof t->pages[0]; k++) {
        if (mprotect((unsigned char *)t->pages[k] + ps, ps, PROT_READ | PROT_WRITE) != 0)
            abort();
        free(t->pages[k]);
    }
}

const stc_pe_grids *stc_rtl_pe_grids(const stc_rtl *r)
{
    return r->no_grids ? NULL : &r->grids;
}

void rtl_double_grids(stc_rtl *r, bool on)
{
    r->no_grids = !on;
}

/* The counter faults' state at the edge: a command transfer (the model's
 * cycles go into the base, the idle run restarts), an idle cycle after a
 * command, a reset (all clear). */
static void count_cycles_faults(stc_rtl *r, const stc_outputs *o)
{
    stc_probes pr;
    if (!r->in.rst_n) {
        r->cyc_base = r->idle_run = 0;
        r->ran = false;
    } else if (o->cmd_ready && r->in.cmd_valid) {
        stc_tile_probe(r->t, &pr);
        r->cyc_base += pr.cnt[STC_CNT_CYCLES];
        r->idle_run = 0;
        r->ran = true;
    } else if (!o->busy && r->ran) {
        r->idle_run++;
    }
}

void stc_rtl_tick(stc_rtl *r)
{
    stc_outputs o;
    stc_rtl_outputs(r, &r->settled); /* this cycle's inputs, before the edge */
    stc_tile_eval(r->t, &o);
    r->waited = o.res_valid && !r->in.res_ready;
    if (!r->in.rst_n)
        r->rows_left = 0;
    else if (r->in.cmd_valid && o.cmd_ready)
        r->rows_left = r->in.cmd_m + 1;
    else if (o.res_valid && r->in.res_ready && r->rows_left > 0)
        r->rows_left--;
    if (w_paused(r))
        r->in.w_valid = false;
    if (slow_shut(r))
        r->in.bias_valid = r->in.w_valid = r->in.a_valid = false;
    count_cycles_faults(r, &o);
    stc_tile_step(r->t, &r->in);
    r->ticks++;
    stc_tile_eval(r->t, &o);
    r->err_high = o.err ? r->err_high + 1 : 0;
    r->err_low = o.err ? 0 : r->err_low + 1;
    r->busy_run = o.busy ? r->busy_run + 1 : 0;
    /* The spurious err_o: the first cycle from from_tick on in which the
     * model is busy since two cycles (no command transfer just before)
     * and its err_o is 0 since as long. */
    if (r->fault.kind == RTL_FAULT_ERR_SPURIOUS && !r->spurious_at &&
        r->ticks >= r->fault.from_tick && r->busy_run >= 3 && r->err_low >= 3)
        r->spurious_at = r->ticks;
    if (r->fault.kind == RTL_FAULT_RES_SPURIOUS && !r->spurious_at &&
        r->ticks >= r->fault.from_tick && !o.busy)
        r->spurious_at = r->ticks;
    refresh_grids(r);
}

const char *stc_rtl_make_vars(void)
{
    return "";
}

bool stc_rtl_has_counters(const stc_rtl *r)
{
    return r->fault.kind != RTL_FAULT_NO_CNT;
}

bool stc_rtl_settled_outputs(const stc_rtl *r, stc_outputs *out)
{
    *out = r->settled;
    return r->in.rst_n;
}

void rtl_double_plant(stc_rtl *r, const rtl_fault *f)
{
    r->fault = *f;
    refresh_grids(r);
}

unsigned stc_rtl_assert_failures(const stc_rtl *r)
{
    /* The double's only assertion is the planted one. */
    return r->fault.kind == RTL_FAULT_ASSERT && r->ticks > r->fault.from_tick;
}
