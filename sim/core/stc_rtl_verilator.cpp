// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_rtl_verilator.cpp - the thin C++ shim between Verilator's generated
// class and the C API of stc_rtl.h. It only packs and unpacks bit vectors;
// every decision lives in the C runner.
#include "stc_rtl.h"

#include "stc_ports.h"

#include <climits>
#include <cstdio>
#include <cstring>
#include <new>

#include "Vstc_tile.h"
#include "Vstc_tile___024root.h"
#include "verilated.h"
#if STC_RTL_PE_ARRAYS
#include "verilated_syms.h"
#endif
#if VM_COVERAGE
#include "verilated_cov.h"
#endif
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

struct stc_rtl {
    VerilatedContext ctx;
    Vstc_tile *top;
#if VM_TRACE
    VerilatedFstC *fst;
#endif
#if STC_RTL_PE_ARRAYS
    stc_pe_grids pe; // into the model's per-PE vectors, found once
#endif
    uint64_t time;
    stc_outputs settled; // outputs with the last tick's inputs, clock low
    bool settled_ok;     // settled holds them (not edge-only, not in reset)
};

namespace
{

// Verilator maps a port to CData/SData/IData/QData up to 64 bits and to
// VlWide<W> above; these overloads give both one word-array view.
template <typename T> void port_from_words(T &port, const uint32_t *w, unsigned nbits)
{
    uint64_t v = w[0];
    if (nbits > 32)
        v |= static_cast<uint64_t>(w[1]) << 32;
    port = static_cast<T>(v);
}

template <std::size_t W> void port_from_words(VlWide<W> &port, const uint32_t *w, unsigned)
{
    for (std::size_t i = 0; i < W; i++)
        port[i] = w[i];
}

template <typename T> const uint32_t *port_words(const T &port, uint32_t *buf)
{
    uint64_t v = static_cast<uint64_t>(port);
    buf[0] = static_cast<uint32_t>(v);
    buf[1] = static_cast<uint32_t>(v >> 32);
    return buf;
}

template <std::size_t W> const uint32_t *port_words(const VlWide<W> &port, uint32_t *)
{
    return port.data();
}

// The clock edge without a clock-low eval. Verilator 5 finds a rising edge
// by comparing clk_i with its value at the previous eval, which it keeps
// in the root's __Vtrigrprev__TOP__clk_i (5.006). A design whose only
// event is the rising edge of clk_i (its active region has one trigger;
// STC_RTL_EDGE_ONLY: the stock tile's build, not the latch-based clock
// gate's, whose latch opens with clk_i low) computes nothing at the
// clock-low eval but the input logic that the edge's eval computes again:
// telling the model the clock was seen low saves one of the two evals per
// cycle (docs/performance.md). A model with more triggers (a derived
// clock: the ICG build, a mutant that mutates a clock, whose own edge
// Verilator would not see) or a Verilator that keeps the edge elsewhere
// gets the clock-low eval (the overload below).
template <typename V> struct act_triggers {
    static constexpr std::size_t count = 0;
};
template <std::size_t K> struct act_triggers<VlTriggerVec<K>> {
    static constexpr std::size_t count = K;
};

template <typename R>
auto clock_seen_low(R *root, int)
    -> decltype(root->__Vtrigrprev__TOP__clk_i = 0, root->__VactTriggered, true)
{
    if (act_triggers<decltype(root->__VactTriggered)>::count != 1)
        return false;
    root->__Vtrigrprev__TOP__clk_i = 0;
    return true;
}

template <typename R> bool clock_seen_low(R *, long)
{
    return false;
}

// A tile of your own: its wrapper's header says whether it has dbg_cnt_o
// (sim/sim.mk includes it); every other build has the stock tile's.
#ifndef STC_RTL_HAS_CNT
#define STC_RTL_HAS_CNT 1
#endif
#ifndef STC_RTL_MAKE_VARS
#define STC_RTL_MAKE_VARS ""
#endif

constexpr unsigned N = STC_RTL_N;
constexpr unsigned MW = STC_RTL_MW;
constexpr unsigned KBW = STC_RTL_KBW;

#if STC_RTL_PE_ARRAYS
// One per-PE vector of a model verilated around the wrapper without the
// dbg_pe_* ports (scripts/rtl_ports.py --pe-arrays): NAME in the PE array's
// scope (STC_RTL_PE_SCOPE below the model's top), public by
// sim/core/stc_pe_probes.vlt, one packed vector of N x N fields of BITS
// bits (no unpacked dimension). Verilator keeps it in the smallest of
// CData, SData, IData, QData and VlWide<> (words from the lowest) that
// holds it; on a little-endian host (stc_ports.c requires one) bit b is
// then bit b % 8 of byte b / 8 in every case, the layout stc_pe_grids
// reads, so the check asks only that the storage holds the N x N fields.
// One that is not there, or not of that shape, is a set-up error naming
// it.
const void *pe_array(const stc_rtl *r, const char *name, unsigned bits)
{
    char scope[256];
    int len = snprintf(scope, sizeof scope, "%s.%s", r->top->name(), STC_RTL_PE_SCOPE);
    const VerilatedScope *sc =
        len > 0 && static_cast<size_t>(len) < sizeof scope ? r->ctx.scopeFind(scope) : nullptr;
    const VerilatedVar *var = sc ? sc->varFind(name) : nullptr;
    const unsigned want = N * N * bits;
    if (!var || var->udims() != 0 || var->dims() != 1 ||
        var->packed().elements() != static_cast<int>(want) || var->entSize() * 8 < want) {
        fprintf(stderr,
                "stc_rtl: the model has no per-PE vector %s.%s of %u bits (%u PEs of %u bit(s)) "
                "(sim/core/stc_pe_probes.vlt)\n",
                scope, name, want, N * N, bits);
        return nullptr;
    }
    return var->datap();
}

bool pe_arrays_find(stc_rtl *r)
{
    stc_pe_grids *a = &r->pe;
    a->v = static_cast<const uint8_t *>(pe_array(r, "pe_v_q", 1));
    a->en = static_cast<const uint8_t *>(pe_array(r, "pe_en", 1));
    a->en_q = static_cast<const uint8_t *>(pe_array(r, "pe_en_q", 1));
    a->pv = static_cast<const uint8_t *>(pe_array(r, "pe_pv_q", 1));
    a->w = static_cast<const uint8_t *>(pe_array(r, "pe_w_q", 8));
    a->idx = static_cast<const uint8_t *>(pe_array(r, "pe_idx_q", 2));
    a->act = static_cast<const uint32_t *>(pe_array(r, "pe_act_q", 32));
    a->prod = static_cast<const uint32_t *>(pe_array(r, "pe_prod_q", 32));
    a->psum = static_cast<const uint32_t *>(pe_array(r, "pe_psum_q", 32));
    return a->v && a->en && a->en_q && a->pv && a->w && a->idx && a->act && a->prod && a->psum;
}
#endif

} // namespace

extern "C" {

void stc_rtl_params(stc_params *p)
{
    p->n = STC_RTL_N;
    p->m_max = STC_RTL_M_MAX;
    p->kb_max = STC_RTL_KB_MAX;
    p->uarch = static_cast<stc_uarch>(STC_RTL_UARCH);
}

int stc_rtl_can_trace(void)
{
    return VM_TRACE;
}

stc_status stc_rtl_create(int argc, const char **argv, stc_rtl **out)
{
    *out = nullptr;
    stc_rtl *r = new (std::nothrow) stc_rtl;
    if (!r)
        return STC_ENOMEM;
    if (argc > 0 && argv)
        r->ctx.commandArgs(argc, argv);
    // A failing RTL assertion prints its message and is counted instead of
    // aborting the process: the step reports it as a failed check (exit 1).
    r->ctx.errorLimit(INT_MAX);
#if VM_TRACE
    r->ctx.traceEverOn(true);
    r->fst = nullptr;
#endif
    r->top = new (std::nothrow) Vstc_tile{&r->ctx};
    if (!r->top) {
        delete r;
        return STC_ENOMEM;
    }
#if STC_RTL_PE_ARRAYS
    if (!pe_arrays_find(r)) {
        delete r->top;
        delete r;
        return STC_EPARAM;
    }
#endif
    r->time = 0;
    r->settled_ok = false;
    std::memset(&r->settled, 0, sizeof r->settled);
    r->top->clk_i = 0;
    r->top->rst_ni = 0;
    r->top->eval();
    *out = r;
    return STC_OK;
}

void stc_rtl_destroy(stc_rtl *r)
{
    if (!r)
        return;
#if VM_TRACE
    if (r->fst) {
        r->fst->close();
        delete r->fst;
    }
#endif
    r->top->final();
    delete r->top;
    delete r;
}

stc_status stc_rtl_trace_open(stc_rtl *r, const char *path)
{
#if VM_TRACE
    r->fst = new (std::nothrow) VerilatedFstC;
    if (!r->fst)
        return STC_ENOMEM;
    r->top->trace(r->fst, 99);
    r->fst->open(path);
    if (!r->fst->isOpen())
        return STC_EIO;
    return STC_OK;
#else
    (void)r;
    (void)path;
    return STC_EPARAM;
#endif
}

stc_status stc_rtl_coverage_write(stc_rtl *r, const char *path)
{
#if VM_COVERAGE
    r->ctx.coveragep()->write(path);
    return STC_OK;
#else
    (void)r;
    (void)path;
    return STC_EPARAM;
#endif
}

constexpr stc_port_shape kShape = {N, MW, KBW, STC_RTL_KB_MAX};

void stc_rtl_set_inputs(stc_rtl *r, const stc_inputs *in)
{
    Vstc_tile *t = r->top;
    stc_input_image img;

    stc_ports_pack_inputs(&kShape, in, &img);
    t->rst_ni = img.rst_n;
    t->cmd_valid_i = img.cmd_valid;
    t->cmd_mode_i = img.cmd_mode;
    t->cmd_m_i = img.cmd_m;
    t->cmd_nblk_i = img.cmd_nblk;
    port_from_words(t->cmd_skip_i, img.cmd_skip, STC_RTL_KB_MAX);
    t->cmd_bias_i = img.cmd_bias;
    t->bias_valid_i = img.bias_valid;
    port_from_words(t->bias_data_i, img.bias_data, 32 * N);
    t->w_valid_i = img.w_valid;
    port_from_words(t->w_data_i, img.w_data, 8 * N);
    port_from_words(t->w_meta_i, img.w_meta, 4 * N);
    t->a_valid_i = img.a_valid;
    port_from_words(t->a_data_i, img.a_data, 16 * N);
    t->res_ready_i = img.res_ready;
}

void stc_rtl_outputs(const stc_rtl *r, stc_outputs *out)
{
    const Vstc_tile *t = r->top;
    uint32_t buf[2];
    stc_output_view v;

    v.cmd_ready = t->cmd_ready_o;
    v.bias_ready = t->bias_ready_o;
    v.w_ready = t->w_ready_o;
    v.a_ready = t->a_ready_o;
    v.res_valid = t->res_valid_o;
    v.busy = t->busy_o;
    v.err = t->err_o;
    v.res_data = port_words(t->res_data_o, buf);
    stc_ports_unpack_outputs(&kShape, &v, out);
}

// The probes but the per-PE grids, into v: the per-PE ports left NULL.
static void scalar_view(const stc_rtl *r, stc_probe_view *v, uint32_t b[3][2])
{
    const Vstc_tile *t = r->top;
    v->state = t->dbg_state_o;
    v->blk = t->dbg_blk_o;
    v->beat = t->dbg_beat_o;
    v->err = t->err_o;
    v->pe_v = v->pe_en = v->pe_en_q = v->pe_pv = v->pe_w = v->pe_idx = nullptr;
    v->pe_act = v->pe_prod = v->pe_psum = nullptr;
    v->bot_v = port_words(t->dbg_bot_v_o, b[0]);
    v->acc_we = port_words(t->dbg_acc_we_o, b[1]);
    v->acc_row = port_words(t->dbg_acc_row_o, b[2]);
    v->acc_wdata = t->dbg_acc_wdata_o.data();
    v->cnt = t->dbg_cnt_o.data();
}

const stc_pe_grids *stc_rtl_pe_grids(const stc_rtl *r)
{
#if STC_RTL_PE_ARRAYS
    return &r->pe;
#else
    (void)r;
    return nullptr;
#endif
}

void stc_rtl_probe_scalars(const stc_rtl *r, stc_probes *pr)
{
    uint32_t b[3][2]; // narrow ports widened to two words
    stc_probe_view v;
    scalar_view(r, &v, b);
    stc_ports_update_probes(&kShape, &v, pr);
}

void stc_rtl_probe(const stc_rtl *r, stc_probes *pr)
{
    uint32_t b[3][2];
    stc_probe_view v;
    scalar_view(r, &v, b);
#if STC_RTL_PE_ARRAYS
    stc_ports_update_pe_arrays(N, &r->pe, pr);
#else
    const Vstc_tile *t = r->top;
    uint32_t g[9][2]; // the per-PE ports, narrow ones widened
    v.pe_v = port_words(t->dbg_pe_v_o, g[0]);
    v.pe_en = port_words(t->dbg_pe_en_o, g[1]);
    v.pe_en_q = port_words(t->dbg_pe_en_q_o, g[2]);
    v.pe_pv = port_words(t->dbg_pe_pv_o, g[3]);
    v.pe_w = port_words(t->dbg_pe_w_o, g[4]);
    v.pe_idx = port_words(t->dbg_pe_idx_o, g[5]);
    v.pe_act = port_words(t->dbg_pe_act_o, g[6]);
    v.pe_prod = port_words(t->dbg_pe_prod_o, g[7]);
    v.pe_psum = port_words(t->dbg_pe_psum_o, g[8]);
#endif
    stc_ports_update_probes(&kShape, &v, pr);
}

const char *stc_rtl_make_vars(void)
{
    return STC_RTL_MAKE_VARS;
}

bool stc_rtl_has_counters(const stc_rtl *)
{
    return STC_RTL_HAS_CNT;
}

bool stc_rtl_settled_outputs(const stc_rtl *r, stc_outputs *out)
{
    if (r->settled_ok)
        *out = r->settled;
    return r->settled_ok;
}

unsigned stc_rtl_assert_failures(const stc_rtl *r)
{
    return (unsigned)r->ctx.errorCount();
}

void stc_rtl_tick(stc_rtl *r)
{
    // Settle this cycle's inputs with the clock low, then the rising edge.
    // The clock returns low without an eval: the next tick's first eval
    // sees the falling edge. An edge-only design skips that first eval.
    r->settled_ok = false;
    if (!STC_RTL_EDGE_ONLY || !clock_seen_low(r->top->rootp, 0)) {
        r->top->eval();
        // The outputs with this cycle's inputs and last cycle's state: the
        // lockstep holds them against the ones it read before (Moore).
        if (r->top->rst_ni) {
            stc_rtl_outputs(r, &r->settled);
            r->settled_ok = true;
        }
#if VM_TRACE
        if (r->fst)
            r->fst->dump(2 * r->time);
#endif
    }
    r->top->clk_i = 1;
    r->top->eval();
#if VM_TRACE
    if (r->fst)
        r->fst->dump(2 * r->time + 1);
#endif
    r->top->clk_i = 0;
    r->time++;
}

} // extern "C"
