// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_trace.c - windowed failure trace (see stc_trace.h).
 *
 * The traced signals are described once, in a table of offsets into the
 * signal structs (the same fields and names as stc_compare.c), expanded
 * into one trace variable per array element and side. The trace is FST,
 * written with the fstapi library that Verilator ships (and links into
 * every program with its runtime): no VCD, no external converter.
 */
#include "stc_trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gtkwave/fstapi.h>

#include "stc_gtkw.h"
#include "stc_out.h"

enum vkind { K_BOOL, K_I8, K_U8, K_U32, K_I32 };
enum vshape { SH_SCALAR, SH_COL, SH_COL2, SH_GRID, SH_CNT };
enum vside { SIDE_IN, SIDE_OUT, SIDE_PRB };
enum vfmt { FMT_BIN, FMT_DEC, FMT_SDEC, FMT_HEX };

typedef struct vfield {
    const char *name; /* trace name stem; compare name in cmp when they differ */
    const char *cmp;  /* stc_compare's signal name */
    enum vside side;
    size_t offset;
    enum vkind kind;
    enum vshape shape;
    unsigned width;
    enum vfmt fmt;
} vfield;

#define IN(f, k, s, w, fm)                                                                         \
    {                                                                                              \
#f, #f, SIDE_IN, offsetof(stc_inputs, f), k, s, w, fm                                      \
    }
#define OUT(f, k, s, w, fm)                                                                        \
    {                                                                                              \
#f, #f, SIDE_OUT, offsetof(stc_outputs, f), k, s, w, fm                                    \
    }
#define PRB(f, k, s, w, fm)                                                                        \
    {                                                                                              \
#f, #f, SIDE_PRB, offsetof(stc_probes, f), k, s, w, fm                                     \
    }

static const vfield in_fields[] = {
    IN(rst_n, K_BOOL, SH_SCALAR, 1, FMT_BIN),      IN(cmd_valid, K_BOOL, SH_SCALAR, 1, FMT_BIN),
    IN(cmd_mode, K_BOOL, SH_SCALAR, 1, FMT_BIN),   IN(cmd_m, K_U32, SH_SCALAR, 32, FMT_DEC),
    IN(cmd_nblk, K_U32, SH_SCALAR, 32, FMT_DEC),   IN(cmd_bias, K_BOOL, SH_SCALAR, 1, FMT_BIN),
    IN(bias_valid, K_BOOL, SH_SCALAR, 1, FMT_BIN), IN(w_valid, K_BOOL, SH_SCALAR, 1, FMT_BIN),
    IN(w_data, K_I8, SH_COL, 8, FMT_SDEC),         IN(w_meta, K_U8, SH_COL, 4, FMT_HEX),
    IN(a_valid, K_BOOL, SH_SCALAR, 1, FMT_BIN),    IN(a_data, K_I8, SH_COL2, 8, FMT_SDEC),
    IN(res_ready, K_BOOL, SH_SCALAR, 1, FMT_BIN),
};

/* Every signal stc_compare_cycle compares, in its order. */
static const vfield cmp_fields[] = {
    OUT(cmd_ready, K_BOOL, SH_SCALAR, 1, FMT_BIN),
    OUT(bias_ready, K_BOOL, SH_SCALAR, 1, FMT_BIN),
    OUT(w_ready, K_BOOL, SH_SCALAR, 1, FMT_BIN),
    OUT(a_ready, K_BOOL, SH_SCALAR, 1, FMT_BIN),
    OUT(res_valid, K_BOOL, SH_SCALAR, 1, FMT_BIN),
    OUT(res_data, K_I32, SH_COL, 32, FMT_SDEC),
    OUT(busy, K_BOOL, SH_SCALAR, 1, FMT_BIN),
    OUT(err, K_BOOL, SH_SCALAR, 1, FMT_BIN),
    PRB(state, K_U8, SH_SCALAR, 3, FMT_DEC),
    PRB(blk, K_U32, SH_SCALAR, 32, FMT_DEC),
    PRB(beat, K_U32, SH_SCALAR, 32, FMT_DEC),
    {"err_q", "err", SIDE_PRB, offsetof(stc_probes, err), K_BOOL, SH_SCALAR, 1, FMT_BIN},
    PRB(pe_v, K_BOOL, SH_GRID, 1, FMT_BIN),
    PRB(pe_en, K_BOOL, SH_GRID, 1, FMT_BIN),
    PRB(pe_en_q, K_BOOL, SH_GRID, 1, FMT_BIN),
    PRB(pe_pv, K_BOOL, SH_GRID, 1, FMT_BIN),
    PRB(pe_w, K_I8, SH_GRID, 8, FMT_SDEC),
    PRB(pe_idx, K_U8, SH_GRID, 2, FMT_DEC),
    PRB(pe_act, K_U32, SH_GRID, 32, FMT_HEX),
    PRB(pe_prod, K_I32, SH_GRID, 32, FMT_SDEC),
    PRB(pe_psum, K_I32, SH_GRID, 32, FMT_SDEC),
    PRB(bot_v, K_BOOL, SH_COL, 1, FMT_BIN),
    PRB(acc_we, K_BOOL, SH_COL, 1, FMT_BIN),
    PRB(acc_row, K_U32, SH_COL, 32, FMT_DEC),
    PRB(acc_wdata, K_I32, SH_COL, 32, FMT_SDEC),
    PRB(cnt, K_U32, SH_CNT, 32, FMT_DEC),
};

#define NFIELDS(t) (sizeof(t) / sizeof((t)[0]))

static const char *const cnt_names[STC_NUM_COUNTERS] = {
    "cycles",       "stall_cycles", "macs_alg",   "macs_actual", "macs_gated",
    "macs_skipped", "w_bytes",      "meta_bytes", "a_bytes",
};

/* ---- the ring of snapshots ------------------------------------------------ */

stc_status stc_window_init(stc_window *w, unsigned n, unsigned before, unsigned after)
{
    memset(w, 0, sizeof *w);
    if (n < 1 || n > STC_N_MAX)
        return STC_EPARAM;
    w->n = n;
    w->before = before;
    w->after = after;
    w->cap = (size_t)before + after + 1;
    w->ring = calloc(w->cap, sizeof *w->ring);
    return w->ring ? STC_OK : STC_ENOMEM;
}

void stc_window_free(stc_window *w)
{
    free(w->ring);
    w->ring = NULL;
    w->cap = w->count = w->next = 0;
}

static const stc_snap *window_at(const stc_window *w, size_t i)
{
    return &w->ring[(w->next + w->cap - w->count + i) % w->cap];
}

void stc_window_hook(void *ctx, uint64_t cycle, const stc_inputs *in, const stc_outputs *eo,
                     const stc_probes *ep, const stc_outputs *ao, const stc_probes *ap)
{
    stc_window *w = ctx;
    if (w->done)
        return;
    stc_snap *s = &w->ring[w->next];
    s->cycle = cycle;
    s->in = *in;
    s->eo = *eo;
    s->ao = *ao;
    s->ep = *ep;
    s->ap = *ap;
    w->next = (w->next + 1) % w->cap;
    if (w->count < w->cap)
        w->count++;
    if (!w->diverged) {
        /* Only what the run compares: at the ports level a probe that
         * differs (other internals) is no divergence. */
        unsigned count = stc_compare_cycle(w->n, eo, w->ports_only ? NULL : ep, ao,
                                           w->ports_only ? NULL : ap, w->top, STC_WINDOW_TOP_MAX);
        if (count) {
            w->diverged = true;
            w->first_bad = cycle;
            w->ntop = count < STC_WINDOW_TOP_MAX ? count : STC_WINDOW_TOP_MAX;
        }
    }
    if (w->diverged && cycle >= w->first_bad + w->after)
        w->done = true;
}

bool stc_window_span(const stc_window *w, uint64_t *first, uint64_t *last)
{
    if (w->count == 0)
        return false;
    *first = window_at(w, 0)->cycle;
    *last = window_at(w, w->count - 1)->cycle;
    return true;
}

uint64_t stc_window_marker_cycle(const stc_window *w)
{
    uint64_t first = 0, last = 0;
    if (w->diverged)
        return w->first_bad;
    stc_window_span(w, &first, &last);
    return last;
}

/* ---- elements -------------------------------------------------------------- */

typedef struct velem {
    const vfield *f;
    size_t index; /* element index into the field's array */
    char name[48];
} velem;

static size_t field_count(const vfield *f, unsigned n)
{
    switch (f->shape) {
    case SH_SCALAR:
        return 1;
    case SH_COL:
        return n;
    case SH_COL2:
        return 2 * (size_t)n;
    case SH_GRID:
        return (size_t)n * n;
    default:
        return STC_NUM_COUNTERS;
    }
}

/* Name and struct index of element i of a field. */
static size_t element_of(const vfield *f, unsigned n, size_t i, char *name, size_t len)
{
    switch (f->shape) {
    case SH_SCALAR:
        snprintf(name, len, "%s", f->name);
        return 0;
    case SH_GRID:
        snprintf(name, len, "%s_%zu_%zu", f->name, i / n, i % n);
        return (i / n) * STC_N_MAX + i % n;
    case SH_CNT:
        snprintf(name, len, "cnt_%s", cnt_names[i]);
        return i;
    default:
        snprintf(name, len, "%s_%zu", f->name, i);
        return i;
    }
}

static velem *expand(const vfield *t, size_t nt, unsigned n, size_t *count)
{
    size_t total = 0, k = 0;
    for (size_t i = 0; i < nt; i++)
        total += field_count(&t[i], n);
    velem *e = calloc(total, sizeof *e);
    if (!e)
        return NULL;
    for (size_t i = 0; i < nt; i++)
        for (size_t j = 0; j < field_count(&t[i], n); j++, k++) {
            e[k].f = &t[i];
            e[k].index = element_of(&t[i], n, j, e[k].name, sizeof e[k].name);
        }
    *count = total;
    return e;
}

static size_t kind_size(enum vkind k)
{
    if (k == K_BOOL)
        return sizeof(bool);
    return (k == K_I8 || k == K_U8) ? 1 : 4;
}

static int64_t load(const void *base, const velem *e)
{
    const char *p = (const char *)base + e->f->offset + e->index * kind_size(e->f->kind);
    switch (e->f->kind) {
    case K_BOOL:
        return *(const bool *)p;
    case K_I8:
        return *(const int8_t *)p;
    case K_U8:
        return *(const uint8_t *)p;
    case K_U32:
        return *(const uint32_t *)p;
    default:
        return *(const int32_t *)p;
    }
}

static const void *side_base(const stc_snap *s, enum vside side, bool expected)
{
    if (side == SIDE_IN)
        return &s->in;
    if (side == SIDE_OUT)
        return expected ? (const void *)&s->eo : (const void *)&s->ao;
    return expected ? (const void *)&s->ep : (const void *)&s->ap;
}

void stc_trace_element_name(const stc_diff *d, char *buf, size_t len)
{
    if (strcmp(d->signal, "cnt") == 0 && d->col >= 0 && d->col < STC_NUM_COUNTERS)
        snprintf(buf, len, "cnt_%s", cnt_names[d->col]);
    else if (d->row >= 0)
        snprintf(buf, len, "%s_%d_%d", d->signal, d->row, d->col);
    else if (d->col >= 0)
        snprintf(buf, len, "%s_%d", d->signal, d->col);
    else
        snprintf(buf, len, "%s", d->signal);
}

/* ---- VCD ------------------------------------------------------------------- */

/* Variable numbering: 0 clk, 1 cycle, 2 mismatch, then the inputs, then
 * three per compared element (rtl, ref, mismatch). */
enum { VAR_CLK, VAR_CYCLE, VAR_ANY, VAR_FIRST };

/* The trace being written: FST through the writer Verilator ships
 * (gtkwave/fstapi, in libverilated), one handle per variable. */
typedef struct fst_out {
    void *ctx;
    const velem *in;
    size_t nin;
    const velem *cmp;
    size_t ncmp;
    fstHandle *h;  /* per variable */
    int64_t *prev; /* last written value per variable */
    bool *seen;    /* written at least once */
    size_t nvars;
} fst_out;

static void fst_var(fst_out *o, size_t v, unsigned width, const char *prefix, const char *name)
{
    char full[96];
    snprintf(full, sizeof full, "%s%s", prefix, name);
    o->h[v] = fstWriterCreateVar(o->ctx, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, width, full, 0);
}

static void fst_header(fst_out *o, const char *title)
{
    /* A fixed date and version: the same run writes the same bytes. */
    fstWriterSetDate(o->ctx, "(not recorded)");
    fstWriterSetVersion(o->ctx, "stc_debug");
    fstWriterSetComment(o->ctx, title ? title : "stc failure trace");
    fstWriterSetTimescale(o->ctx, -9); /* 1 ns */
    fstWriterSetScope(o->ctx, FST_ST_VCD_MODULE, "lockstep", NULL);
    fst_var(o, VAR_CLK, 1, "", "clk");
    fst_var(o, VAR_CYCLE, 32, "", "cycle");
    fst_var(o, VAR_ANY, 1, "", "mismatch");
    for (size_t i = 0; i < o->nin; i++)
        fst_var(o, VAR_FIRST + i, o->in[i].f->width, "in_", o->in[i].name);
    for (size_t i = 0; i < o->ncmp; i++) {
        size_t v = VAR_FIRST + o->nin + 3 * i;
        fst_var(o, v, o->cmp[i].f->width, "rtl_", o->cmp[i].name);
        fst_var(o, v + 1, o->cmp[i].f->width, "ref_", o->cmp[i].name);
        fst_var(o, v + 2, 1, "mismatch_", o->cmp[i].name);
    }
    fstWriterSetUpscope(o->ctx);
}

/* Writes variable v's value when it changed (or was never written). */
static void fst_value(fst_out *o, size_t v, unsigned width, int64_t value)
{
    uint64_t u = width >= 64 ? (uint64_t)value : (uint64_t)value & ((1ull << width) - 1);
    if (o->seen[v] && o->prev[v] == (int64_t)u)
        return;
    o->seen[v] = true;
    o->prev[v] = (int64_t)u;
    fstWriterEmitValueChange64(o->ctx, o->h[v], width, u);
}

static void fst_cycle(fst_out *o, const stc_snap *s)
{
    bool any = false;
    fstWriterEmitTimeChange(o->ctx, 2 * s->cycle);
    fst_value(o, VAR_CLK, 1, 1);
    fst_value(o, VAR_CYCLE, 32, (int64_t)s->cycle);
    for (size_t i = 0; i < o->nin; i++)
        fst_value(o, VAR_FIRST + i, o->in[i].f->width, load(&s->in, &o->in[i]));
    for (size_t i = 0; i < o->ncmp; i++) {
        const velem *e = &o->cmp[i];
        size_t v = VAR_FIRST + o->nin + 3 * i;
        int64_t act = load(side_base(s, e->f->side, false), e);
        int64_t exp = load(side_base(s, e->f->side, true), e);
        fst_value(o, v, e->f->width, act);
        fst_value(o, v + 1, e->f->width, exp);
        fst_value(o, v + 2, 1, act != exp);
        any |= act != exp;
    }
    fst_value(o, VAR_ANY, 1, any);
    fstWriterEmitTimeChange(o->ctx, 2 * s->cycle + 1);
    fst_value(o, VAR_CLK, 1, 0);
}

static void fst_body(fst_out *o, const stc_window *w, const char *title)
{
    fst_header(o, title);
    for (size_t i = 0; i < w->count; i++)
        fst_cycle(o, window_at(w, i));
    if (w->count)
        fstWriterEmitTimeChange(o->ctx, 2 * (window_at(w, w->count - 1)->cycle + 1));
}

/* fstapi writes to a path and seeks in it: it writes the temporary of an
 * stc_out_open_named, renamed over PATH once closed. */
stc_status stc_window_write_fst(const stc_window *w, const char *path, const char *title)
{
    fst_out o;
    stc_out out;
    stc_status st = STC_ENOMEM;
    memset(&o, 0, sizeof o);
    o.in = expand(in_fields, NFIELDS(in_fields), w->n, &o.nin);
    o.cmp = expand(cmp_fields, NFIELDS(cmp_fields), w->n, &o.ncmp);
    if (o.in && o.cmp) {
        o.nvars = VAR_FIRST + o.nin + 3 * o.ncmp;
        o.prev = calloc(o.nvars, sizeof *o.prev);
        o.seen = calloc(o.nvars, sizeof *o.seen);
        o.h = calloc(o.nvars, sizeof *o.h);
    }
    if (o.prev && o.seen && o.h)
        st = stc_out_open_named(&out, path, NULL, 0);
    if (st == STC_OK) {
        o.ctx = fstWriterCreate(out.tmp, 1);
        if (o.ctx) {
            fst_body(&o, w, title);
            fstWriterClose(o.ctx);
        }
        st = stc_out_close(&out, o.ctx != NULL, NULL, 0) == STC_OK && o.ctx ? STC_OK : STC_EIO;
    }
    free(o.prev);
    free(o.seen);
    free(o.h);
    free((void *)o.in);
    free((void *)o.cmp);
    return st;
}

/* ---- GTKWave save file -------------------------------------------------------- */

static stc_gtkw_fmt gtkw_fmt(enum vfmt f)
{
    switch (f) {
    case FMT_BIN:
        return STC_GTKW_BIN;
    case FMT_DEC:
        return STC_GTKW_DEC;
    case FMT_SDEC:
        return STC_GTKW_SDEC;
    default:
        return STC_GTKW_HEX;
    }
}

static const vfield *find_field(const vfield *t, size_t nt, const char *name)
{
    for (size_t i = 0; i < nt; i++)
        if (strcmp(t[i].name, name) == 0)
            return &t[i];
    return NULL;
}

/* Field a diff belongs to (stc_compare's name, ports before probes). */
static const vfield *diff_field(const stc_diff *d)
{
    for (size_t i = 0; i < NFIELDS(cmp_fields); i++)
        if (strcmp(cmp_fields[i].cmp, d->signal) == 0)
            return &cmp_fields[i];
    return NULL;
}

static void gtkw_trace(FILE *f, const vfield *fd, const char *prefix, const char *name, int color)
{
    char full[128];
    if (fd->width == 1)
        snprintf(full, sizeof full, "lockstep.%s%s", prefix, name);
    else
        snprintf(full, sizeof full, "lockstep.%s%s[%u:0]", prefix, name, fd->width - 1);
    stc_gtkw_trace(f, full, NULL, gtkw_fmt(fd->fmt), color);
}

/* rtl_, ref_ (and, with flag, mismatch_) traces of one element. */
static void gtkw_pair(FILE *f, const vfield *fd, const char *name, bool flag)
{
    static const vfield bit = {"", "", SIDE_PRB, 0, K_BOOL, SH_SCALAR, 1, FMT_BIN};
    if (flag)
        gtkw_trace(f, &bit, "mismatch_", name, 1);
    gtkw_trace(f, fd, "ref_", name, 4);
    gtkw_trace(f, fd, "rtl_", name, 0);
}

static void gtkw_elem(FILE *f, const char *field, const char *name)
{
    const vfield *fd = find_field(cmp_fields, NFIELDS(cmp_fields), field);
    if (fd)
        gtkw_pair(f, fd, name, false);
}

static void gtkw_input(FILE *f, const char *field, const char *name)
{
    const vfield *fd = find_field(in_fields, NFIELDS(in_fields), field);
    if (fd)
        gtkw_trace(f, fd, "in_", name, 3);
}

static void gtkw_top(FILE *f, const stc_window *w)
{
    char title[96], name[64];
    snprintf(title, sizeof title, "first divergence: cycle %" PRIu64, w->first_bad);
    stc_gtkw_group(f, title, true);
    for (unsigned i = 0; i < w->ntop; i++) {
        const vfield *fd = diff_field(&w->top[i]);
        stc_trace_element_name(&w->top[i], name, sizeof name);
        if (fd)
            gtkw_pair(f, fd, name, true);
    }
    stc_gtkw_group(f, title, false);
}

static void gtkw_handshakes(FILE *f)
{
    static const char *const pairs[][2] = {
        {"cmd_valid", "cmd_ready"}, {"bias_valid", "bias_ready"}, {"w_valid", "w_ready"},
        {"a_valid", "a_ready"},     {"res_ready", "res_valid"},
    };
    stc_gtkw_group(f, "handshakes", true);
    gtkw_input(f, "rst_n", "rst_n");
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        gtkw_input(f, pairs[i][0], pairs[i][0]);
        gtkw_elem(f, pairs[i][1], pairs[i][1]);
    }
    gtkw_elem(f, "busy", "busy");
    gtkw_elem(f, "err", "err");
    stc_gtkw_group(f, "handshakes", false);
    stc_gtkw_group(f, "controller", true);
    gtkw_elem(f, "state", "state");
    gtkw_elem(f, "blk", "blk");
    gtkw_elem(f, "beat", "beat");
    stc_gtkw_group(f, "controller", false);
}

/* PEs worth watching: metadata groups 0 and 1 of column 0 (lo/hi rows). */
static void gtkw_pes(FILE *f, const stc_window *w, const char *title, const char *const *fields,
                     size_t nf)
{
    char name[48];
    unsigned rows = w->n < 4 ? w->n : 4;
    stc_gtkw_group(f, title, true);
    for (unsigned r = 0; r < rows; r++)
        for (size_t i = 0; i < nf; i++) {
            snprintf(name, sizeof name, "%s_%u_0", fields[i], r);
            gtkw_elem(f, fields[i], name);
        }
    stc_gtkw_group(f, title, false);
}

static void gtkw_columns(FILE *f, const stc_window *w)
{
    static const char *const fields[] = {"acc_we", "acc_row", "acc_wdata"};
    char name[48];
    unsigned cols = w->n < 4 ? w->n : 4;
    stc_gtkw_group(f, "accumulators (write port)", true);
    for (unsigned c = 0; c < cols; c++)
        for (size_t i = 0; i < 3; i++) {
            snprintf(name, sizeof name, "%s_%u", fields[i], c);
            gtkw_elem(f, fields[i], name);
        }
    stc_gtkw_group(f, "accumulators (write port)", false);
    stc_gtkw_group(f, "counters", true);
    for (unsigned j = 0; j < STC_NUM_COUNTERS; j++) {
        snprintf(name, sizeof name, "cnt_%s", cnt_names[j]);
        gtkw_elem(f, "cnt", name);
    }
    stc_gtkw_group(f, "counters", false);
}

static void gtkw_body(FILE *f, const stc_window *w, const char *dump_path)
{
    static const char *const decode[] = {"pe_w", "pe_idx", "pe_act", "pe_prod"};
    static const char *const gates[] = {"pe_v", "pe_en", "pe_en_q"};
    uint64_t first = 0, last = 0, marker = stc_window_marker_cycle(w);
    char name[48];
    stc_window_span(w, &first, &last);
    stc_gtkw_header(f, "STC failure trace: rtl_* (RTL), ref_* (golden model), mismatch_*",
                    dump_path, 2 * first, 2 * (last + 2) - 4, (int64_t)(2 * marker), NULL);
    if (w->diverged)
        gtkw_top(f, w);
    stc_gtkw_trace(f, "lockstep.cycle[31:0]", NULL, STC_GTKW_DEC, 0);
    stc_gtkw_trace(f, "lockstep.clk", NULL, STC_GTKW_BIN, STC_GTKW_NO_COLOR);
    stc_gtkw_trace(f, "lockstep.mismatch", NULL, STC_GTKW_BIN, 1);
    gtkw_handshakes(f);
    stc_gtkw_group(f, "decode mux and metadata", true);
    for (unsigned c = 0; c < (w->n < 4 ? w->n : 4); c++) {
        snprintf(name, sizeof name, "w_meta_%u", c);
        gtkw_input(f, "w_meta", name);
    }
    stc_gtkw_group(f, "decode mux and metadata", false);
    gtkw_pes(f, w, "PE decode (column 0)", decode, 4);
    gtkw_pes(f, w, "gate enables (column 0)", gates, 3);
    gtkw_columns(f, w);
}

stc_status stc_window_write_gtkw(const stc_window *w, const char *dump_path, const char *path)
{
    stc_out out;
    stc_status st = stc_out_open(&out, path, NULL, 0);
    if (st != STC_OK)
        return st;
    gtkw_body(out.f, w, dump_path);
    return stc_out_close(&out, true, NULL, 0);
}
