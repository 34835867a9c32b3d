// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_shrink.h - test-case reduction of a failing vector.
 *
 * Given a vector that fails in lockstep (at a seed and stall rate), searches
 * greedily and deterministically for a smaller vector that still fails the
 * same way: no stalls, no bias, fewer K blocks, fewer rows (M), then fewer
 * nonzero W, A and bias values, in chunks halving down to single elements,
 * repeated until nothing more can go or the run budget is spent. Every
 * candidate gets its expected C recomputed (stc_vec_fill_expected) and is
 * validated like a file; it runs in-process on the caller's RTL instance.
 *
 * "The same way": the candidate fails and, unless any_failure is set, its
 * first divergent signal has the original's name without coordinates
 * (pe_prod[0][3] matches pe_prod[2][1]); a run that fails only on the
 * final result matches a run that did the same, and a hang one that hangs
 * on the same handshake ("timeout (hang: w_valid_i waits for w_ready_o)"). Every run is
 * at the failing run's compare level and against its model configuration
 * (level, uarch): at txn the signature is the scoreboard's verdict ("txn:
 * result", "txn: err_o verdict", "txn: latency").
 */
#ifndef STC_SHRINK_H
#define STC_SHRINK_H

#include <stdbool.h>
#include <stddef.h>

#include "stc_lockstep.h"

#define STC_SHRINK_DEFAULT_RUNS 400

typedef struct stc_shrink_opts {
    stc_run_opts run;  /* the failing run's options (seed, stall, level, model): a plain
                          run of one vector; every candidate runs with them, its own
                          stall rate, no log and no hook */
    unsigned max_runs; /* candidate runs at most (0: STC_SHRINK_DEFAULT_RUNS) */
    bool any_failure;  /* accept candidates that fail on another signal */
} stc_shrink_opts;

typedef struct stc_shrink_result {
    bool failed;        /* the original failed (else nothing was shrunk) */
    stc_vec vec;        /* smallest failing vector found (caller frees) */
    unsigned stall_pct; /* stall rate it fails at (same seed) */
    unsigned runs;      /* lockstep runs spent */
    unsigned accepted;  /* candidates kept */
    stc_run_result res; /* the minimal vector's run */
    char signature[64]; /* failure kind: first signal's name, "result" or "timeout (hang: ...)" */
} stc_shrink_result;

/* Shrinks `orig` on `rtl`. STC_OK whether or not the original failed (see
 * out->failed); another status when a run or an allocation failed. */
stc_status stc_shrink(stc_rtl *rtl, const stc_vec *orig, const stc_shrink_opts *o,
                      stc_shrink_result *out);

/* Nonzero values of A, stored W and bias: the size measure besides M, K. */
size_t stc_shrink_nonzeros(const stc_vec *v);

/* Deep copy of a vector. */
stc_status stc_shrink_vec_copy(const stc_vec *src, stc_vec *dst);

#endif
