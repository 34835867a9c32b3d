// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_status.c - human-readable names for stc_status values, and the one
 * formatter of error messages into caller buffers.
 */
#include "stc_status.h"

#include <stdarg.h>
#include <stdio.h>

const char *stc_status_str(stc_status s)
{
    switch (s) {
    case STC_OK:
        return "ok";
    case STC_EPARAM:
        return "parameter outside what the tile supports";
    case STC_ENOMEM:
        return "out of memory";
    case STC_EIO:
        return "I/O error";
    case STC_EFORMAT:
        return "malformed vector file";
    case STC_EMETA:
        return "illegal 2:4 metadata";
    case STC_ESPARSITY:
        return "sparsity violation";
    case STC_EMISMATCH:
        return "result mismatch";
    }
    /* Not a valid enumerator: callers may cast arbitrary ints. */
    return "unknown status";
}

void stc_verrf_at(char *err, size_t errlen, const char *path, unsigned line, const char *fmt,
                  va_list ap)
{
    if (!err || errlen == 0)
        return;
    int n = snprintf(err, errlen, "%s:%u: ", path, line);
    if (n >= 0 && (size_t)n < errlen)
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
}

void stc_errf(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    if (!err || errlen == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}
