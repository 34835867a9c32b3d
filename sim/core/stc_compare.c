// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_compare.c - per-cycle comparison of model and RTL signals.
 *
 * The signals are described once, in a table of offsets into the signal
 * structs, so that adding a probe is one line and the report always names
 * the signal the way the architecture document does.
 */
#include "stc_compare.h"

#include <inttypes.h>
#include <stddef.h>
#include <string.h>

enum field_kind { F_BOOL, F_I8, F_U8, F_U32, F_I32 };
enum field_shape { S_SCALAR, S_COL, S_GRID, S_CNT };

typedef struct field {
    const char *name;
    size_t offset;
    enum field_kind kind;
    enum field_shape shape;
} field;

#define OUT(f, k, s)                                                                               \
    {                                                                                              \
#f, offsetof(stc_outputs, f), k, s                                                         \
    }
#define PRB(f, k, s)                                                                               \
    {                                                                                              \
#f, offsetof(stc_probes, f), k, s                                                          \
    }

static const field out_fields[] = {
    OUT(cmd_ready, F_BOOL, S_SCALAR), OUT(bias_ready, F_BOOL, S_SCALAR),
    OUT(w_ready, F_BOOL, S_SCALAR),   OUT(a_ready, F_BOOL, S_SCALAR),
    OUT(res_valid, F_BOOL, S_SCALAR), OUT(res_data, F_I32, S_COL),
    OUT(busy, F_BOOL, S_SCALAR),      OUT(err, F_BOOL, S_SCALAR),
};

static const field probe_fields[] = {
    PRB(state, F_U8, S_SCALAR),   PRB(blk, F_U32, S_SCALAR),    PRB(beat, F_U32, S_SCALAR),
    PRB(err, F_BOOL, S_SCALAR),   PRB(pe_v, F_BOOL, S_GRID),    PRB(pe_en, F_BOOL, S_GRID),
    PRB(pe_en_q, F_BOOL, S_GRID), PRB(pe_pv, F_BOOL, S_GRID),   PRB(pe_w, F_I8, S_GRID),
    PRB(pe_idx, F_U8, S_GRID),    PRB(pe_act, F_U32, S_GRID),   PRB(pe_prod, F_I32, S_GRID),
    PRB(pe_psum, F_I32, S_GRID),  PRB(bot_v, F_BOOL, S_COL),    PRB(acc_we, F_BOOL, S_COL),
    PRB(acc_row, F_U32, S_COL),   PRB(acc_wdata, F_I32, S_COL), PRB(cnt, F_U32, S_CNT),
};

static size_t kind_size(enum field_kind k)
{
    switch (k) {
    case F_BOOL:
        return sizeof(bool);
    case F_I8:
    case F_U8:
        return 1;
    default:
        return 4;
    }
}

static int64_t load(const void *p, enum field_kind k)
{
    switch (k) {
    case F_BOOL:
        return *(const bool *)p;
    case F_I8:
        return *(const int8_t *)p;
    case F_U8:
        return *(const uint8_t *)p;
    case F_U32:
        return *(const uint32_t *)p;
    default:
        return *(const int32_t *)p;
    }
}

typedef struct diff_sink {
    stc_diff *diffs;
    unsigned max;
    unsigned count;
} diff_sink;

static void record(diff_sink *s, const field *f, int row, int col, int64_t e, int64_t a)
{
    if (s->count < s->max) {
        stc_diff *d = &s->diffs[s->count];
        d->signal = f->name;
        d->row = row;
        d->col = col;
        d->expected = e;
        d->actual = a;
    }
    s->count++;
}

static void compare_element(diff_sink *s, const field *f, const char *eb, const char *ab,
                            size_t index, int row, int col)
{
    size_t off = f->offset + index * kind_size(f->kind);
    int64_t e = load(eb + off, f->kind), a = load(ab + off, f->kind);
    if (e != a)
        record(s, f, row, col, e, a);
}

static void compare_field(diff_sink *s, unsigned n, const field *f, const void *e, const void *a)
{
    const char *eb = e, *ab = a;
    switch (f->shape) {
    case S_SCALAR:
        compare_element(s, f, eb, ab, 0, -1, -1);
        break;
    case S_COL:
        for (unsigned c = 0; c < n; c++)
            compare_element(s, f, eb, ab, c, -1, (int)c);
        break;
    case S_CNT:
        for (unsigned c = 0; c < STC_NUM_COUNTERS; c++)
            compare_element(s, f, eb, ab, c, -1, (int)c);
        break;
    case S_GRID:
        for (unsigned r = 0; r < n; r++)
            for (unsigned c = 0; c < n; c++)
                compare_element(s, f, eb, ab, (size_t)r * STC_N_MAX + c, (int)r, (int)c);
        break;
    }
}

/* Whether two probe records are equal in every field but the per-PE
 * grids (the controller's, the columns' and the counters'). */
static bool scalars_equal(const stc_probes *e, const stc_probes *a)
{
    return memcmp(e, a, offsetof(stc_probes, pe_v)) == 0 &&
           memcmp(&e->bot_v, &a->bot_v, sizeof *e - offsetof(stc_probes, bot_v)) == 0;
}

/* Whether two probe records are equal in every byte an n x n tile can
 * set: the fast path of the compare. At n < N_MAX the per-PE grids are
 * compared over their first n rows only: the walk below never looks
 * further, and at N=4 the whole 4.6 KB record was most of the compare's
 * cost in a long hold. */
static bool probes_equal(unsigned n, const stc_probes *e, const stc_probes *a)
{
    if (n >= STC_N_MAX)
        return memcmp(e, a, sizeof *e) == 0;
#define STC_ROWS_EQUAL(g) (memcmp(e->g, a->g, n * sizeof e->g[0]) == 0)
    return scalars_equal(e, a) && STC_ROWS_EQUAL(pe_v) && STC_ROWS_EQUAL(pe_en) &&
           STC_ROWS_EQUAL(pe_en_q) && STC_ROWS_EQUAL(pe_pv) && STC_ROWS_EQUAL(pe_w) &&
           STC_ROWS_EQUAL(pe_idx) && STC_ROWS_EQUAL(pe_act) && STC_ROWS_EQUAL(pe_prod) &&
           STC_ROWS_EQUAL(pe_psum);
#undef STC_ROWS_EQUAL
}

bool stc_compare_equal_but_grids(const stc_outputs *eo, const stc_probes *ep, const stc_outputs *ao,
                                 const stc_probes *ap)
{
    return memcmp(eo, ao, sizeof *eo) == 0 && scalars_equal(ep, ap);
}

unsigned stc_compare_cycle(unsigned n, const stc_outputs *eo, const stc_probes *ep,
                           const stc_outputs *ao, const stc_probes *ap, stc_diff *diffs,
                           unsigned max)
{
    diff_sink s = {diffs, max, 0};
    bool probes = ep != NULL && ap != NULL;
    /* Fast path: both sides zero-fill what they do not drive, so equal
     * structs mean equal signals; the per-field walk runs only on a
     * difference, to name it. */
    if (memcmp(eo, ao, sizeof *eo) == 0 && (!probes || probes_equal(n, ep, ap)))
        return 0;
    for (size_t i = 0; i < sizeof out_fields / sizeof out_fields[0]; i++)
        compare_field(&s, n, &out_fields[i], eo, ao);
    for (size_t i = 0; probes && i < sizeof probe_fields / sizeof probe_fields[0]; i++)
        compare_field(&s, n, &probe_fields[i], ep, ap);
    return s.count;
}

static const char *const level_names[] = {"cycle", "ports", "txn"};

int stc_level_parse(const char *s)
{
    for (int l = 0; l < (int)(sizeof level_names / sizeof level_names[0]); l++)
        if (strcmp(s, level_names[l]) == 0)
            return l;
    return -1;
}

const char *stc_level_name(stc_level l)
{
    return (unsigned)l < sizeof level_names / sizeof level_names[0] ? level_names[l] : "?";
}

static const char *const counter_names[STC_NUM_COUNTERS] = {
    "cycles",       "stall_cycles", "macs_alg",   "macs_actual", "macs_gated",
    "macs_skipped", "w_bytes",      "meta_bytes", "a_bytes",
};

const char *stc_counter_name(int j)
{
    return j >= 0 && j < STC_NUM_COUNTERS ? counter_names[j] : "?";
}

void stc_diff_name(const stc_diff *d, char *buf, size_t len)
{
    if (strcmp(d->signal, "cnt") == 0)
        snprintf(buf, len, "cnt.%s", counter_names[d->col]);
    else if (d->row >= 0)
        snprintf(buf, len, "%s[%d][%d]", d->signal, d->row, d->col);
    else if (d->col >= 0)
        snprintf(buf, len, "%s[%d]", d->signal, d->col);
    else
        snprintf(buf, len, "%s", d->signal);
}

void stc_diff_print(FILE *f, const stc_diff *d)
{
    char name[64];
    stc_diff_name(d, name, sizeof name);
    fprintf(f, "  %-22s expected %11lld (0x%08llx)  actual %11lld (0x%08llx)\n", name,
            (long long)d->expected, (unsigned long long)(uint32_t)d->expected, (long long)d->actual,
            (unsigned long long)(uint32_t)d->actual);
}

void stc_report_mismatch(FILE *f, const char *path, uint64_t cycle, const stc_diff *d,
                         unsigned count)
{
    fprintf(f, "MISMATCH %s at cycle %" PRIu64 ": %u signal element(s) differ\n",
            path ? path : "(vector)", cycle, count);
    unsigned shown = count < STC_REPORT_DIFFS ? count : STC_REPORT_DIFFS;
    for (unsigned i = 0; i < shown; i++)
        stc_diff_print(f, &d[i]);
    if (count > shown)
        fprintf(f, "  ... %u more\n", count - shown);
}
