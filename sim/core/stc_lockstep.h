// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_lockstep.h - runs a vector or a command stream through the golden
 * model and the Verilated RTL (stc_rtl.h) in lockstep, one stc_step
 * (stc_step.h) per clock cycle: every output port and probe compared every
 * cycle, the host's rules checked, the results against the vector's
 * expected C (the functional reference).
 */
#ifndef STC_LOCKSTEP_H
#define STC_LOCKSTEP_H

#include "stc_rtl.h"
#include "stc_run_cli.h"
#include "stc_step.h"

/* Runs a stream on an existing RTL instance (it is reset first). The
 * stream's n must equal the RTL's. Returns STC_OK whether or not the run
 * passed (see res->pass); another status means the run could not happen. */
stc_status stc_lockstep_stream(stc_rtl *rtl, const stc_stream *s, const stc_run_opts *o,
                               stc_run_result *res);

/* What selects the build of the runner at argv0, for the make lines it
 * prints (stc_run_cli_print_make): this model's make variables and
 * micro-architecture, and the runner's directory (into dir). */
stc_run_build stc_lockstep_build(const char *argv0, char *dir, size_t len);

/* The same for one vector (a stream of one command). */
stc_status stc_lockstep_run(stc_rtl *rtl, const stc_vec *v, const stc_run_opts *o,
                            stc_run_result *res);

#endif
