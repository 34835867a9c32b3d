// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_gtkw.c - GTKWave save files (see stc_gtkw.h).
 */
#include "stc_gtkw.h"

#include <inttypes.h>

/* GTKWave trace flags: 0x20 right-justify | 0x8 bin, 0x4 dec, 0x2 hex,
 * 0x400 signed. */
static const char *gtkw_flags(stc_gtkw_fmt fmt)
{
    switch (fmt) {
    case STC_GTKW_BIN:
        return "@28";
    case STC_GTKW_DEC:
        return "@24";
    case STC_GTKW_SDEC:
        return "@420";
    default:
        return "@22";
    }
}

void stc_gtkw_header(FILE *f, const char *comment, const char *dump_path, uint64_t start,
                     uint64_t end, int64_t marker, const char *const *treeopen)
{
    int zoom = 0;
    /* About 5 * 2^-zoom time units fit the 1600-pixel window. */
    for (uint64_t span = 5; span < end - start + 4; span *= 2)
        zoom--;
    fprintf(f, "[*] %s\n[dumpfile] \"%s\"\n[timestart] %" PRIu64 "\n", comment, dump_path, start);
    fprintf(f, "[size] 1600 1000\n[pos] -1 -1\n*%d.000000 %" PRId64, zoom,
            marker < 0 ? -1 : marker);
    for (int i = 0; i < 26; i++)
        fprintf(f, " -1");
    fputc('\n', f);
    for (const char *const *t = treeopen; t && *t; t++)
        fprintf(f, "[treeopen] %s\n", *t);
    fprintf(f, "[sst_expanded] 0\n[signals_width] 330\n[sst_vpaned_height] 300\n");
}

void stc_gtkw_group(FILE *f, const char *name, bool begin)
{
    fprintf(f, "%s\n-%s\n", begin ? "@800200" : "@1000200", name);
}

void stc_gtkw_trace(FILE *f, const char *name, const char *alias, stc_gtkw_fmt fmt, int color)
{
    if (color != STC_GTKW_NO_COLOR)
        fprintf(f, "[color] %d\n", color);
    fprintf(f, "%s\n", gtkw_flags(fmt));
    if (alias)
        fprintf(f, "+{%s} %s\n", alias, name);
    else
        fprintf(f, "%s\n", name);
}
