// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_run_report.h - the one per-file report of the runners (stc_sim and
 * the SystemC cosim print the same lines, which sim-sc-test diffs):
 *
 *   [  i/n] PASS|FAIL path  cycles=.. stall=.. macs: alg=.. actual=.. gated=.. skipped=..
 *   [  i/n] PASS|FAIL path  commands=d/n (f with an illegal nibble) cycles=..    (a stream)
 *   [  i/n] ERROR message                                                       (bad input)
 *
 * then, for a failure, its first divergence. Passes go to stdout (none
 * with quiet), failures and errors to stderr; the caller adds its
 * reproduce line.
 */
#ifndef STC_RUN_REPORT_H
#define STC_RUN_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "stc_run_file.h"

/* Prints file i (0-based) of total; returns true when it failed or could
 * not run (the caller then prints how to reproduce it). */
bool stc_run_report_file(unsigned i, unsigned total, const stc_file_outcome *r, bool quiet);

#endif
