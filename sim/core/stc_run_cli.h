// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_run_cli.h - the command-line options every lockstep runner shares
 * (stc_sim, stc_debug, stc_fcov, stc_sim_sc): how a run is replayed. One
 * table and one reader, so that a reproduce line printed by one program
 * means the same in every other.
 */
#ifndef STC_RUN_CLI_H
#define STC_RUN_CLI_H

#include "stc_cli.h"
#include "stc_step.h"

/* Option ids, apart from any program's own (which start at 1). */
enum {
    STC_RUN_OPT_SEED = 1000,
    STC_RUN_OPT_STALL,
    STC_RUN_OPT_POLICY,
    STC_RUN_OPT_RESET_AT,
    STC_RUN_OPT_META_FAULT,
    STC_RUN_OPT_MAX_ERRORS,
    STC_RUN_OPT_QUIET,
    STC_RUN_OPT_COMPARE,
    STC_RUN_OPT_LATENCY_BOUND,
    STC_RUN_OPT_UARCH,
    STC_RUN_OPT_ERR_LATENCY,
    STC_RUN_OPT_HANG_CYCLES,
    STC_RUN_OPT_SECTOR_BYTES,
};

/* --seed, --stall: every runner. */
extern const stc_opt stc_run_cli_stalls[];
/* --policy, --reset-at, --meta-fault, --hang-cycles: the runners with stream hosts. */
extern const stc_opt stc_run_cli_streams[];
/* --max-errors, --quiet: the batch runners (stc_sim, stc_sim_sc). */
extern const stc_opt stc_run_cli_batch[];
/* --compare, --latency-bound, --err-latency, --uarch: how strictly, against which
 * model (stc_compare.h, stc_level; stc_tile.h, stc_uarch). */
extern const stc_opt stc_run_cli_compare[];

/* --sector-bytes: S of the host's traffic counts, the CSV's *_sectors
 * columns (stc_sim, stc_gemm). */
extern const stc_opt stc_run_cli_traffic[];

/* Applies one of the options above to *ro; returns 0, or STC_CLI_ERROR
 * after saying what is wrong (as `cmd`). */
int stc_run_cli_apply(const stc_cmd *cmd, stc_run_opts *ro, int id, const char *val);

/* Prints the options above that replay a run (" --seed S --stall P" and
 * the stream options that differ from the defaults), for reproduce lines. */
void stc_run_cli_print(FILE *f, const stc_run_opts *ro);

/* What selects the build a runner was made from, for the make lines it
 * prints: the make variables of a tile of your own (stc_rtl_make_vars:
 * RTL_SRCS=... RTL_TOP=... [PROBE_MAP=...], "" for the stock tile), the
 * micro-architecture it was built as, and its build directory (the
 * runner's own; printed as BUILD= for a tile of your own or dbuf). */
typedef struct stc_run_build {
    const char *make_vars;
    stc_uarch uarch;
    const char *dir;
} stc_run_build;

/* Prints "make TARGET VEC=... SEED=S STALL=P" and every variable that
 * makes it the same run on the same RTL: COMPARE=, SIM_FLAGS='...' (the
 * other options above that differ from the defaults), HANG=, UARCH=, the own
 * tile's variables and BUILD=; then MARK=C when mark > 0 (the save file's
 * marker). One line, without the newline. Pasted as printed it rebuilds
 * what changed and runs the same thing (docs/debugging.md). */
void stc_run_cli_print_make(FILE *f, const char *target, const char *vec, const stc_run_opts *ro,
                            const stc_run_build *b, uint64_t mark);

#endif
