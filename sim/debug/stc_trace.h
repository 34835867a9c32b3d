// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_trace.h - windowed failure trace: the golden model's expected signals
 * beside the RTL's, around the first divergent cycle.
 *
 * An stc_window is a per-cycle hook for stc_lockstep_run (stc_window_hook).
 * It keeps the last `before` cycles of both sides' compared signals and the
 * inputs in a ring, finds the first divergent cycle itself (with
 * stc_compare_cycle, the runner's own comparison) and keeps recording
 * `after` more cycles. stc_window_write_fst then dumps the window as an FST
 * with, for every compared signal element, rtl_<sig> (actual), ref_<sig>
 * (expected) and mismatch_<sig> (1 where they differ), plus the inputs
 * (in_*), a clock, the cycle number and an any-mismatch flag.
 * stc_window_write_gtkw writes a GTKWave save file that opens with the
 * marker on the first divergent cycle and the divergent signals at the top.
 *
 * Time axis: cycle c spans trace times [2c, 2c+2), the clock rises at 2c
 * (the values shown are the ones of the cycle that edge starts). The
 * marker of a divergence at cycle c is at time 2c.
 */
#ifndef STC_TRACE_H
#define STC_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stc_compare.h"

/* Largest number of divergent elements put at the top of the save file. */
#define STC_WINDOW_TOP_MAX 12

typedef struct stc_snap {
    uint64_t cycle;
    stc_inputs in;
    stc_outputs eo, ao; /* expected (model), actual (RTL) */
    stc_probes ep, ap;
} stc_snap;

typedef struct stc_window {
    unsigned n;             /* array size */
    unsigned before, after; /* cycles kept before / after the first divergence */
    stc_snap *ring;
    size_t cap, count, next; /* ring capacity, entries held, next slot */
    bool ports_only;         /* the run compares the ports only (--compare ports):
                                the window centres on the first port that differs */
    bool diverged;
    uint64_t first_bad; /* first divergent cycle, when diverged */
    bool done;          /* recorded `after` cycles past it: ignore the rest */
    stc_diff top[STC_WINDOW_TOP_MAX];
    unsigned ntop; /* divergent elements of the first bad cycle (up to the max) */
} stc_window;

/* Prepares an empty window for array size n. */
stc_status stc_window_init(stc_window *w, unsigned n, unsigned before, unsigned after);
void stc_window_free(stc_window *w);

/* The stc_cycle_hook: ctx is the stc_window. */
void stc_window_hook(void *ctx, uint64_t cycle, const stc_inputs *in, const stc_outputs *eo,
                     const stc_probes *ep, const stc_outputs *ao, const stc_probes *ap);

/* First and last cycle held (false when the window is empty). */
bool stc_window_span(const stc_window *w, uint64_t *first, uint64_t *last);

/* The cycle the save file's marker goes to: the first divergence, or the
 * last cycle held when the run failed without one (result, timeout). */
uint64_t stc_window_marker_cycle(const stc_window *w);

/* Trace name of a diff's signal element without prefix, e.g.
 * "pe_prod_3_5", "acc_we_2", "cnt_macs_actual", "state". */
void stc_trace_element_name(const stc_diff *d, char *buf, size_t len);

/* Writes the window as an FST (a temporary file renamed over path when
 * complete); `title` becomes the FST's comment. */
stc_status stc_window_write_fst(const stc_window *w, const char *path, const char *title);

/* Writes the GTKWave save file for `dump_path` (the FST). */
stc_status stc_window_write_gtkw(const stc_window *w, const char *dump_path, const char *path);

#endif
