// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_lockstep.h - runs one vector through the golden model and the RTL in
 * lockstep, comparing every output port and probe every clock cycle, then
 * the results against the vector's expected C (the functional reference).
 */
#ifndef STC_LOCKSTEP_H
#define STC_LOCKSTEP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "stc_compare.h"
#include "stc_host.h"
#include "stc_rtl.h"
#include "stc_vec.h"

/* Called once per compared cycle with both sides' signals (for traces of
 * the reference beside the RTL, coverage collection, ...). */
typedef void (*stc_cycle_hook)(void *ctx, uint64_t cycle, const stc_inputs *in,
                               const stc_outputs *eo, const stc_probes *ep, const stc_outputs *ao,
                               const stc_probes *ap);

typedef struct stc_run_opts {
    uint64_t seed;       /* stall pattern seed */
    unsigned stall_pct;  /* 0..90 */
    stc_policy policy;   /* when the host offers each next command */
    unsigned max_errors; /* mismatching cycles to report before stopping (>= 1) */
    bool bare;           /* RTL only, no model, no compare: the benchmark baseline */
    uint64_t reset_at;   /* > 0: assert reset at this cycle (mid-command), then run the
                            interrupted command again and go on; 0: no extra reset */
    uint64_t hold;       /* > 0: withhold the first command's weights this many
                            cycles (one very long command: counter widths) */
    bool meta_fault;     /* inject an illegal metadata nibble into every 2:4 command
                            (code 0x0, column 0 of its first loaded block): the run
                            passes when model and RTL agree every cycle and err_o
                            rises when the nibble is loaded; C is not checked */
    const char *vec_path;
    FILE *log;               /* mismatch reports; NULL for silence */
    stc_cycle_hook on_cycle; /* optional, not called in bare runs */
    void *hook_ctx;
} stc_run_opts;

typedef struct stc_run_result {
    bool pass;
    uint64_t cycles;          /* clock cycles simulated, reset included */
    uint64_t first_bad_cycle; /* valid when !pass and mismatch_cycles > 0 */
    unsigned mismatch_cycles;
    bool timeout;
    bool result_mismatch;  /* a command's rows differ from its expected C */
    bool check_failed;     /* a rule of stc_host.h broke (protocol, err_o, counters) */
    char first_signal[64]; /* first divergent signal or broken rule, for summaries */
    int first_cmd;         /* command executing at the first failure, -1 if none */
    unsigned cmds_done;    /* commands whose results all came back */
    unsigned faults_seen;  /* of them, commands with an illegal nibble */
    uint32_t cnt[STC_NUM_COUNTERS];
} stc_run_result;

/* Runs a stream on an existing RTL instance (it is reset first). The
 * stream's n must equal the RTL's. Returns STC_OK whether or not the run
 * passed (see res->pass); another status means the run could not happen. */
stc_status stc_lockstep_stream(stc_rtl *rtl, const stc_stream *s, const stc_run_opts *o,
                               stc_run_result *res);

/* The same for one vector (a stream of one command). */
stc_status stc_lockstep_run(stc_rtl *rtl, const stc_vec *v, const stc_run_opts *o,
                            stc_run_result *res);

#endif
