// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_status.h - error values shared by the model, the vector tools and the
 * runner. Functions return these instead of aborting; the command-line
 * tools map them to exit codes (0 ok, 1 mismatch, 2 bad input or set-up).
 */
#ifndef STC_STATUS_H
#define STC_STATUS_H

#include <stdarg.h>
#include <stddef.h>

typedef enum stc_status {
    STC_OK = 0,
    STC_EPARAM,    /* parameter set outside what the tile supports */
    STC_ENOMEM,    /* allocation failed */
    STC_EIO,       /* file could not be opened, read or written */
    STC_EFORMAT,   /* malformed vector file */
    STC_EMETA,     /* illegal 2:4 metadata */
    STC_ESPARSITY, /* matrix violates the declared sparsity (2:4 or skip) */
    STC_EMISMATCH  /* results differ from the reference */
} stc_status;

const char *stc_status_str(stc_status s);

/* printf into a caller's error buffer; a NULL or empty buffer is allowed. */
void stc_errf(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The same, prefixed "path:line: ": a reader's error at a line of its
 * input (the vector reader's and the manifest reader's). */
void stc_verrf_at(char *err, size_t errlen, const char *path, unsigned line, const char *fmt,
                  va_list ap) __attribute__((format(printf, 5, 0)));

#endif
