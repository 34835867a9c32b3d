// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_step.h - one cycle of the lockstep, as the runners share it: the
 * inputs (reset or host), the check of the RTL's outputs and probes
 * against the golden model (the compare, the host's model-free rules, the
 * per-cycle hook), the clock edge. It knows nothing of how the RTL is
 * simulated: the C runner clocks the Verilated model through stc_rtl.h
 * (stc_lockstep.h), the SystemC cosim through an sc_clock.
 */
#ifndef STC_STEP_H
#define STC_STEP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "stc_compare.h"
#include "stc_host.h"
#include "stc_vec.h"

/* Called once per compared cycle with both sides' signals (for traces of
 * the reference beside the RTL, coverage collection, ...). */
typedef void (*stc_cycle_hook)(void *ctx, uint64_t cycle, const stc_inputs *in,
                               const stc_outputs *eo, const stc_probes *ep, const stc_outputs *ao,
                               const stc_probes *ap);

/* What the host drives: read by stc_step into its host (stc_host_cfg) and reset schedule. */
typedef struct stc_stim_opts {
    uint64_t seed;      /* stall pattern seed */
    unsigned stall_pct; /* 0..90 */
    stc_policy policy;  /* when the host offers each next command */
    bool no_reset;      /* start from the tile's current state (a live tile, as
                           behind the TLM socket) instead of STC_RESET_CYCLES of
                           reset */
    uint64_t reset_at;  /* > 0: assert reset at this cycle (mid-command), then run the
                           interrupted command again and go on; 0: no extra reset */
    uint64_t hold;      /* > 0: withhold the first command's weights this many
                           cycles (one very long command: counter widths) */
    bool meta_fault;    /* inject an illegal metadata nibble into every 2:4 command
                           (code 0x0, column 0 of its first loaded block): the run
                           passes when model and RTL agree every cycle and err_o
                           rises when the nibble is loaded; C is not checked */
    /* S of the host's traffic counts (0: STC_SECTOR_DEFAULT) */
    unsigned sector_bytes;
    uint64_t hang_cycles; /* quiet cycles that make a hang (stc_host_hung; 0: the
                             default, STC_HANG_CYCLES_DEFAULT) */
} stc_stim_opts;

/* What is compared and how strictly: read by stc_step and stc_run_model_params (--uarch). */
typedef struct stc_check_opts {
    stc_level level;        /* how strictly the RTL is compared (stc_compare.h) */
    unsigned max_errors;    /* mismatching cycles to report before stopping (>= 1) */
    uint64_t latency_bound; /* txn: > 0: a command may complete at most this many
                               cycles after the model's (0: any latency) */
    bool err_latency_set;   /* txn: err_o may rise err_latency cycles late (else */
    uint64_t err_latency;   /* STC_ERR_LATENCY_TXN; cycle and ports: 0) */
    bool uarch_set;         /* the model runs `uarch` instead of the RTL's own
                               micro-architecture (stc_params.uarch of the RTL) */
    stc_uarch uarch;
    bool bare;        /* RTL only, no model, no compare: the benchmark baseline */
    bool no_counters; /* the RTL has no counters (stc_rtl_has_counters): their
                         rules are not checked, the report says n/a */
} stc_check_opts;

/* Where failures and per-cycle hooks go: read by stc_step's reports and the batch runners. */
typedef struct stc_report_opts {
    bool quiet; /* the batch runner prints only failing files and the summary */
    const char *vec_path;
    FILE *log;               /* mismatch reports; NULL for silence */
    stc_cycle_hook on_cycle; /* optional, not called in bare runs */
    void *hook_ctx;
} stc_report_opts;

/* A run's options by concern, as the runners parse them (stc_run_cli.h). */
typedef struct stc_run_opts {
    stc_stim_opts stim;
    stc_check_opts check;
    stc_report_opts report;
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
    bool first_cmd_fault;  /* that command loads an illegal nibble (the vector's or
                              --meta-fault's) */
    unsigned cmds_done;    /* commands whose results all came back */
    unsigned faults_seen;  /* of them, commands with an illegal nibble */
    uint32_t cnt[STC_NUM_COUNTERS];
    bool counters; /* cnt holds the RTL's counters (false: it has none) */
    /* txn level: RTL completion cycle minus the model's, per command */
    unsigned txn_cmds; /* commands compared */
    int64_t delta_min, delta_max, delta_sum;
    uint64_t model_cycles;                /* cycles of the model's own run */
    uint32_t model_cnt[STC_NUM_COUNTERS]; /* the model's counters at its end */
    /* The host's traffic over the whole run (stc_host.h): S, and the
     * S-byte sectors its weight, metadata and activation beats took in the
     * DMA memory image of docs/architecture.md section 10. */
    unsigned sector_bytes;
    uint64_t w_sectors, meta_sectors, a_sectors;
} stc_run_result;

/* The golden model's parameters for a run checked as o on an RTL of
 * parameters p: p, in the micro-architecture o asks for (--uarch). */
stc_params stc_run_model_params(const stc_params *p, const stc_check_opts *o);

/* What a step checks, and where the golden model's side comes from: fixed
 * when the step opens, and the sides stc_step_check takes each cycle. */
typedef enum stc_step_mode {
    /* The RTL (ao, ap) against a golden model the step owns and clocks:
     * the C runner. At the txn level the step runs that model ahead on a
     * host of its own and keeps a scoreboard. */
    STC_STEP_OWN_MODEL,
    /* The RTL (ao, ap) against a golden model the caller clocks and passes
     * each cycle (eo, ep): the SystemC cosim's model module. Not at txn. */
    STC_STEP_CALLER_MODEL,
    /* The design (ao) alone under the host: no model, no compare, no host
     * rules; its result rows are collected. The benchmark baseline
     * (stc_sim --bare, with o->check.bare set) and the TLM tile. */
    STC_STEP_BARE,
    /* The step's own model is the design under the host, with every host
     * rule checked: no RTL, no sides (the txn scoreboard's reference run). */
    STC_STEP_MODEL_IS_DUT,
} stc_step_mode;

/* One cycle as three calls, shared by every runner - the C loop of
 * stc_lockstep.c (which also clocks the Verilated RTL through stc_rtl.h)
 * and the SystemC cosim (whose sc_clock clocks the RTL and a model
 * module). Per cycle:
 *
 *   while (stc_step_inputs(st, &in)) {         inputs of this cycle (reset or host)
 *       ... read the RTL's outputs and probes ...
 *       if (stc_step_check(st, &in, &ao, &ap, NULL, NULL))  compare, host rules
 *           break;                                       the run is over
 *       stc_step_edge(st, &in);                  host and owned model take the edge
 *       ... drive in into the RTL, clock it ...
 *   }
 *   stc_step_close(st, &ap, &res);
 */
typedef struct stc_step stc_step;

/* Opens a run of stream s on a tile of parameters p in the given mode.
 * STC_EPARAM when the mode and the options disagree: o->check.bare without
 * STC_STEP_BARE or the reverse, or the txn level in a mode other than
 * STC_STEP_OWN_MODEL (the scoreboard runs the model itself). On an error
 * *out may still need closing (stc_step_close accepts it and NULL). */
stc_status stc_step_open(stc_step **out, const stc_stream *s, const stc_params *p,
                         const stc_run_opts *o, stc_step_mode mode);
/* The RTL's per-PE probes where its model keeps them (stc_rtl_pe_grids),
 * for a step of mode STC_STEP_OWN_MODEL: from then on the ap given to
 * stc_step_check need hold only the other probes (stc_rtl_probe_scalars),
 * and the compare reads both sides' grids in place; the two probe records
 * are built whole only to name a difference and for the per-cycle hook.
 * STC_EPARAM in any other mode. */
stc_status stc_step_grids(stc_step *st, const stc_pe_grids *g);
/* The inputs of the current cycle; false once the run is hung (no transfer
 * and no change of busy_o for the hang limit, stc_host_hung: stc_step_close
 * reports a timeout). */
bool stc_step_inputs(stc_step *st, stc_inputs *in);
/* Checks the current cycle against the model: the per-cycle hook, the
 * compare (from cycle 1), the host's rules and result rows, then the
 * host's record of the transfers. True when the run is over: done, or as
 * many failures as max_errors. The sides the step's mode takes are given,
 * the others NULL: ao and ap (STC_STEP_OWN_MODEL), ao, ap, eo and ep
 * (STC_STEP_CALLER_MODEL), ao (STC_STEP_BARE), none
 * (STC_STEP_MODEL_IS_DUT); other sides are a failure of the run, never
 * a pass. The signals are read where they are, not copied: the compare's
 * memcmp sees their padding, so the caller keeps them zeroed once before
 * the run. */
bool stc_step_check(stc_step *st, const stc_inputs *in, const stc_outputs *ao, const stc_probes *ap,
                    const stc_outputs *eo, const stc_probes *ep);
/* The host of the run: its record of the result rows (host->res) of the
 * command being drained, for a caller that serves them (the TLM tile). */
const stc_host *stc_step_host(const stc_step *st);

/* The probes of the model the step owns, of the current cycle: once the
 * run is over, the counters a step of mode STC_STEP_MODEL_IS_DUT ends
 * with, which stc_step_close takes as final_ap (in that mode only the
 * probes other than the per-PE grids are kept, stc_tile_probe_scalars:
 * nothing compares them). NULL when the step owns no model. */
const stc_probes *stc_step_model_probes(const stc_step *st);

/* Told by stc_step_run_model of each command whose last result row the
 * host has just received (its rows in h->res, the cycle of each in
 * h->res_at); a status other than STC_OK stops the run with it. */
typedef stc_status (*stc_step_done_fn)(void *ctx, const stc_host *h, unsigned cmd);

/* Runs a step of mode STC_STEP_MODEL_IS_DUT to its end, one cycle at a
 * time as every runner does (stc_step_inputs, stc_step_check,
 * stc_step_edge), the model being the design: the txn scoreboard's
 * reference run, and the golden model alone on a layer (stc_gemm). done
 * (may be NULL) is told of each command as it completes. STC_EPARAM in
 * another mode. The verdict is the close's: stc_step_close(st,
 * stc_step_model_probes(st), &res). */
stc_status stc_step_run_model(stc_step *st, stc_step_done_fn done, void *ctx);

/* The clock edge of the current cycle (the owned model steps). */
void stc_step_edge(stc_step *st, const stc_inputs *in);

/* The RTL's own assertions failed at the edge just clocked: a failed check,
 * reported at this cycle (the simulator printed which one). */
void stc_step_rtl_assert(stc_step *st);

/* The RTL's outputs of the cycle just clocked read `before` at its start
 * and `settled` once its inputs were applied, before the edge
 * (stc_rtl_settled_outputs): any difference is an input-to-output path,
 * reported at that cycle. True when the run is over (as many failures as
 * max_errors). */
bool stc_step_settled(stc_step *st, const stc_outputs *before, const stc_outputs *settled);

/* Ends the run: the result (counters from final_ap, the RTL's last probes;
 * zero when NULL) into *res (may be NULL), and frees the step. */
void stc_step_close(stc_step *st, const stc_probes *final_ap, stc_run_result *res);

#endif
