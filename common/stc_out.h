// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_out.h - the one way every tool writes an output file (vectors,
 * JUnit, CSV, traces, reports): a regular file is written beside its
 * destination as PATH.tmp.XXXXXX, flushed to disk and renamed over PATH
 * only when complete, so an interrupted or failed write never leaves a
 * half-written file nor clobbers the good one; anything that is not a
 * regular file (a FIFO, /dev/stdout, a terminal) is written through in
 * place, never replaced, also through a symbolic link (/dev/stdout); a
 * symbolic link to a regular file (or to nothing) is refused, never
 * replaced by a file. Tools that write a file by name (FST traces) get
 * the same temporary through stc_out_open_named.
 */
#ifndef STC_OUT_H
#define STC_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "stc_status.h"

typedef struct stc_out {
    FILE *f;    /* write here between open and close */
    char *path; /* destination */
    char *tmp;  /* temporary file, NULL when writing through */
} stc_out;

/* Opens path for writing. STC_EIO with "path: why" in err (may be NULL)
 * when it cannot, when path is a directory, or when it is a symbolic link
 * to a regular file or to nothing. */
stc_status stc_out_open(stc_out *o, const char *path, char *err, size_t errlen);

/* For a writer that takes a file name and opens (and may seek in) the file
 * itself: fstapi, Verilator's FST trace, fst2vcd. Same checks as
 * stc_out_open, and path must be (or become) a regular file; o->f stays
 * NULL and the writer writes o->tmp, which stc_out_close syncs and renames
 * over path (or removes). */
stc_status stc_out_open_named(stc_out *o, const char *path, char *err, size_t errlen);

/* Finishes the write. commit false (or any write error) discards a
 * temporary file and leaves path as it was; commit true renames it over
 * path. STC_EIO with a message when the data did not all reach path. */
stc_status stc_out_close(stc_out *o, bool commit, char *err, size_t errlen);

#endif
