// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_fcov.h - functional coverage of the STC tile, collected in C from the
 * lockstep runner's per-cycle hook (stc_run_opts.report.on_cycle), on the
 * golden model's side of the compare (equal to the RTL's on a passing run).
 *
 * Bin groups (N is the array size):
 *   meta    each of the six legal metadata codes at each PE row pair g and
 *           column n, as the idx pair of a loaded 2:4 pass: 6 * N/2 * N
 *   group   kinds of loaded 2:4 groups: all zero, a single nonzero at each
 *           of the four positions, two nonzeros: 6
 *   skip    skip-list pattern of a command: none, all, some, first, last,
 *           interior only, single block, alternating, adjacent run: 9
 *   gate    a valid PE gated because its weight is zero (activation not),
 *           because its activation is zero (weight not), per PE; and
 *           both zero: 2 * N * N + 1
 *   stall   valid low while ready high (cmd, bias, w, a), ready low while
 *           valid high (res): 5
 *   wrap    an accumulator write that wraps past INT32_MAX / INT32_MIN,
 *           per column: 2 * N
 *   cmd     dense / 2:4 x bias / no bias, M = 1, one block, 64 blocks: 7
 *
 * Cross-command groups (command streams: commands back to back without a
 * reset in between; a reset forgets the previous command):
 *   trans    previous command kind -> next command kind, kinds dense, dense
 *            with >= 1 skipped block, 2:4, 2:4 with >= 1 skipped block,
 *            every block skipped (mode, nblk and skip from the command
 *            transfer's inputs): 5 * 5 = 25
 *   errclean a command that ended with err_o = 1 followed by one that ended
 *            with err_o = 0, and by one that ended with err_o = 1: 2
 *   accept   how a command transfer happened: back to back (first idle
 *            cycle after the previous results), after a gap (idle with
 *            cmd_valid low), cmd_valid held high while busy, first command
 *            after a reset: 4
 *   fault    each of the ten illegal metadata codes at each group g and
 *            column n, as driven on an accepted even LOAD beat of a 2:4
 *            command: 10 * N/2 * N
 *   skipcnt  skipped blocks of a command (skip masked to nblk): 0, 1, 2-3,
 *            4-15, 16-62, 63, 64: 7
 */
#ifndef STC_FCOV_H
#define STC_FCOV_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "stc_status.h"
#include "stc_tile.h"

typedef struct stc_fcov stc_fcov;

stc_status stc_fcov_create(unsigned n, stc_fcov **out);
void stc_fcov_destroy(stc_fcov *f);

/* Starts a new lockstep run (forgets the per-run tracking state). */
void stc_fcov_begin_run(stc_fcov *f);

/* The stc_cycle_hook: ctx is the stc_fcov. */
void stc_fcov_cycle(void *ctx, uint64_t cycle, const stc_inputs *in, const stc_outputs *eo,
                    const stc_probes *ep, const stc_outputs *ao, const stc_probes *ap);

/* Bins hit and bins in total. */
void stc_fcov_totals(const stc_fcov *f, unsigned *hit, unsigned *total);

/* Per-group table and, when list_misses, every bin never hit. */
void stc_fcov_report(const stc_fcov *f, FILE *out, bool list_misses);

#endif
