// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_run_file.c - the runners' per-file layer (see stc_run_file.h).
 */
#include "stc_run_file.h"

#include <stdio.h>
#include <string.h>

void stc_run_file(const char *path, unsigned build_n, const char *make_target, stc_file_run_fn run,
                  void *ctx, stc_file_outcome *out)
{
    stc_stream s = {0, NULL};

    memset(out, 0, sizeof *out);
    out->path = path;
    if (stc_stream_read(path, &s, out->message, sizeof out->message) != STC_OK) {
        out->error = true;
        return;
    }
    out->ncmd = s.ncmd;
    if (s.cmd[0].n != build_n) {
        snprintf(out->message, sizeof out->message,
                 "%s: vector is for n=%u but this runner was built for N=%u (make %s N=%u)", path,
                 s.cmd[0].n, build_n, make_target, s.cmd[0].n);
        out->error = true;
    } else if (stc_stream_check_expected(&s, path, out->message, sizeof out->message) != STC_OK) {
        /* A wrong stored C is bad input, never an RTL failure. */
        out->error = true;
    } else {
        run(ctx, &s, out);
    }
    stc_stream_free(&s);
}
