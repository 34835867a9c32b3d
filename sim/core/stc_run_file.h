// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_run_file.h - the runners' per-file layer, one for stc_sim and the
 * SystemC cosim: read a vector or command stream, refuse it as bad input
 * when it is for another N or its stored C is wrong (never an RTL
 * failure), then hand it to the runner's own run.
 */
#ifndef STC_RUN_FILE_H
#define STC_RUN_FILE_H

#include <stdbool.h>

#include "stc_step.h"
#include "stc_vec.h"

typedef struct stc_file_outcome {
    const char *path;
    bool pass;
    bool error;                    /* could not run: bad input or set-up */
    char message[STC_VEC_ERR_MAX]; /* what, when error */
    unsigned ncmd;                 /* commands in the file */
    stc_run_result res;
} stc_file_outcome;

/* A runner's run of one checked file: fills out->res and out->pass, or
 * sets out->error with a message naming the file. */
typedef void (*stc_file_run_fn)(void *ctx, const stc_stream *s, stc_file_outcome *out);

/* Reads path into a stream and, when it is for this build's N (build_n)
 * and its stored C is the golden model's, calls run(ctx, stream, out).
 * Otherwise out->error, with a message naming the file and, for another
 * N, the make target that builds a runner for it (make_target: "sim" or
 * "sim-sc"). out is cleared first. */
void stc_run_file(const char *path, unsigned build_n, const char *make_target, stc_file_run_fn run,
                  void *ctx, stc_file_outcome *out);

#endif
