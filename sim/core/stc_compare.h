// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_compare.h - the one comparison of golden model against RTL, used by
 * every runner (C lockstep, SystemC): output ports and internal probes of
 * one cycle, reported per signal with its array coordinates.
 */
#ifndef STC_COMPARE_H
#define STC_COMPARE_H

#include <stdio.h>

#include "stc_tile.h"

typedef struct stc_diff {
    const char *signal; /* port or probe name, as in docs/architecture.md */
    int row, col;       /* array coordinates, -1 where not an array */
    int64_t expected;   /* golden model */
    int64_t actual;     /* RTL */
} stc_diff;

/* How strictly a runner compares the RTL with the golden model:
 *   cycle  every output port and internal probe, every cycle (an RTL that
 *          mirrors the model register for register);
 *   ports  every output port every cycle, no probes (other internals, the
 *          same timing);
 *   txn    each command's result rows and err_o verdict, in order, at any
 *          latency: the model runs on its own host, the RTL on another,
 *          and a scoreboard compares their transactions (other timing). */
typedef enum stc_level { STC_LEVEL_CYCLE, STC_LEVEL_PORTS, STC_LEVEL_TXN } stc_level;

/* Parses "cycle", "ports", "txn"; -1 if none. */
int stc_level_parse(const char *s);
const char *stc_level_name(stc_level l);

/* Compares one cycle. Returns the number of differing elements and stores
 * the first max of them, in a fixed signal order (ports first). With ep or
 * ap NULL only the output ports are compared (the ports level). */
unsigned stc_compare_cycle(unsigned n, const stc_outputs *eo, const stc_probes *ep,
                           const stc_outputs *ao, const stc_probes *ap, stc_diff *diffs,
                           unsigned max);

/* True when the output ports and every probe but the per-PE grids are
 * equal: the fast path of a compare whose caller compares the grids where
 * they lie (stc_tile_grids_equal). */
bool stc_compare_equal_but_grids(const stc_outputs *eo, const stc_probes *ep, const stc_outputs *ao,
                                 const stc_probes *ap);

/* The name of counter j (docs/architecture.md section 7: "cycles",
 * "stall_cycles", ...), "?" out of range. */
const char *stc_counter_name(int j);

/* "pe_psum[3][5]" style name of a diff's signal and coordinates. */
void stc_diff_name(const stc_diff *d, char *buf, size_t len);

/* Prints one diff as "signal  expected X (0x..)  actual Y (0x..)". */
void stc_diff_print(FILE *f, const stc_diff *d);

/* Prints the report of one mismatching cycle: a MISMATCH line naming the
 * vector and the cycle, then up to STC_REPORT_DIFFS diffs. */
#define STC_REPORT_DIFFS 16
void stc_report_mismatch(FILE *f, const char *path, uint64_t cycle, const stc_diff *d,
                         unsigned count);

#endif
