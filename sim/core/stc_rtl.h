// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_rtl.h - C API to the Verilator-compiled RTL of the STC tile.
 *
 * The only C++ in the harness sits behind this header (stc_rtl_verilator.cpp).
 * It speaks the golden model's signal structs, so the runner drives both
 * implementations with one stc_inputs and compares one pair of
 * stc_outputs / stc_probes. The array size N is fixed when Verilator builds
 * the model; stc_rtl_params() tells which one this binary has.
 */
#ifndef STC_RTL_H
#define STC_RTL_H

#include "stc_tile.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct stc_rtl stc_rtl;

/* Parameters the RTL was verilated with. */
void stc_rtl_params(stc_params *p);

/* True when this build can write FST traces. */
int stc_rtl_can_trace(void);

/* Creates the model with its clock low. argv-style plusargs (for
 * +verilator+seed+ and friends) may be NULL. */
stc_status stc_rtl_create(int argc, const char **argv, stc_rtl **out);
void stc_rtl_destroy(stc_rtl *r);

/* Opens an FST trace (STC_EPARAM when the build has no tracing). */
stc_status stc_rtl_trace_open(stc_rtl *r, const char *path);

/* Writes Verilator line/toggle coverage collected so far (coverage build
 * only, else STC_EPARAM). */
stc_status stc_rtl_coverage_write(stc_rtl *r, const char *path);

/* Drives the input ports for the current cycle. */
void stc_rtl_set_inputs(stc_rtl *r, const stc_inputs *in);

/* Output ports and debug ports of the current cycle. The probes go into a
 * record that holds zeros outside the n x n array and in its padding
 * (zeroed once before the first call; stc_ports_update_probes). */
void stc_rtl_outputs(const stc_rtl *r, stc_outputs *out);
void stc_rtl_probe(const stc_rtl *r, stc_probes *pr);

/* The per-PE probes where the model keeps them, or NULL when the build
 * reads them from the dbg_pe_* ports (waves, coverage, a tile of your own:
 * sim/core/verilator.mk VL_PE_ARRAYS). While not NULL they show the
 * current cycle, and stc_rtl_probe_scalars reads the other probes: the
 * lockstep compares the grids in place (stc_step_grids). */
const stc_pe_grids *stc_rtl_pe_grids(const stc_rtl *r);
void stc_rtl_probe_scalars(const stc_rtl *r, stc_probes *pr);

/* One rising edge followed by the falling edge; the trace, when open,
 * gets both. */
void stc_rtl_tick(stc_rtl *r);

/* The output ports as they read after the last stc_rtl_tick applied its
 * inputs with the clock still low, before the rising edge. A tile whose
 * outputs are functions of registered state only (docs/architecture.md
 * section 3) shows the same values as before that tick's inputs; the
 * lockstep flags any difference (an input-to-output path: a ready that
 * follows its valid). False when the build has no such evaluation (the
 * stock tile's one-eval builds, STC_RTL_EDGE_ONLY) or reset was asserted. */
bool stc_rtl_settled_outputs(const stc_rtl *r, stc_outputs *out);

/* The make variables that rebuild this model, for the make lines the
 * runners print: "RTL_SRCS='...' RTL_TOP=... [PROBE_MAP=...]" for a tile
 * of your own (scripts/rtl_ports.py writes them beside its wrapper), ""
 * for the stock tile. */
const char *stc_rtl_make_vars(void);

/* False when the RTL has no counters: a tile of your own without
 * dbg_cnt_o, which the generated wrapper ties to 0 (scripts/rtl_ports.py
 * writes STC_RTL_HAS_CNT beside it). Its counters are then neither checked
 * nor reported (n/a). */
bool stc_rtl_has_counters(const stc_rtl *r);

/* How many of the RTL's own assertions have failed so far (the protocol
 * assertions of rtl/stc_tile.v under STC_ASSERT, checked by Verilator's
 * --assert; each failure prints its file and line). */
unsigned stc_rtl_assert_failures(const stc_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
