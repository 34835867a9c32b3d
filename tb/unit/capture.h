// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * capture.h - what the code under test writes to stdout or stderr, for
 * the unit tests of programs' and reports' output: the stream's file
 * descriptor is pointed at a temporary file until t_captured reads it back
 * and restores the stream.
 */
#ifndef CAPTURE_H
#define CAPTURE_H

#include <stdio.h>

#include "rtl_double.h"
#include "stc_step.h"

typedef struct t_capture {
    FILE *file;
    FILE *stream;
    int saved;
} t_capture;

t_capture t_capture_begin(FILE *stream);
/* The text written since t_capture_begin (up to 4 KiB; a static buffer,
 * valid until the next call). */
const char *t_captured(t_capture *c);

/* Runs s on a new model-backed double with fault f planted, at `level`,
 * stopping at the first failure, with the run's log (o.log) captured:
 * the result into *r; returns the log text (the caller frees it). */
char *t_logged_run(const stc_stream *s, rtl_fault f, stc_level level, stc_run_result *r);
/* The same with the run's options (its log set here). */
char *t_logged_run_opts(const stc_stream *s, rtl_fault f, const stc_run_opts *opts,
                        stc_run_result *r);

#endif
