// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_gtkw.h - the one GTKWave save-file writer: the failure trace's save
 * file (stc_trace.c) and the tile trace's (`make wave`, stc_gtkw) are both
 * written through it. A save file names its dump, the visible time span,
 * the marker, and groups of traces with a display format and a colour.
 */
#ifndef STC_GTKW_H
#define STC_GTKW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef enum stc_gtkw_fmt { STC_GTKW_BIN, STC_GTKW_DEC, STC_GTKW_SDEC, STC_GTKW_HEX } stc_gtkw_fmt;

#define STC_GTKW_NO_COLOR (-1)

/* The header: a comment line, the dump, the span [start, end) in trace
 * time units zoomed to fit a 1600-pixel window, the marker (or none when
 * marker < 0), and the scopes to open in the tree (NULL-terminated, may be
 * NULL). */
void stc_gtkw_header(FILE *f, const char *comment, const char *dump_path, uint64_t start,
                     uint64_t end, int64_t marker, const char *const *treeopen);

/* Opens or closes a named group of traces. */
void stc_gtkw_group(FILE *f, const char *name, bool begin);

/* One trace: its full name (with [msb:0] for a vector), an alias shown
 * instead (or NULL), its format and colour (or STC_GTKW_NO_COLOR). */
void stc_gtkw_trace(FILE *f, const char *name, const char *alias, stc_gtkw_fmt fmt, int color);

#endif
