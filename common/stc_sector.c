// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_sector.c - sector-transaction tracker (see stc_sector.h).
 */
#include "stc_sector.h"

#include <string.h>

bool stc_sector_size_ok(uint64_t s)
{
    return s >= STC_SECTOR_MIN && s <= STC_SECTOR_MAX && (s & (s - 1)) == 0;
}

stc_status stc_sector_init(stc_sector *t, uint64_t s)
{
    if (!stc_sector_size_ok(s))
        return STC_EPARAM;
    memset(t, 0, sizeof *t);
    t->size = s;
    return STC_OK;
}

void stc_sector_read(stc_sector *t, uint64_t addr, uint64_t len)
{
    if (len == 0)
        return;
    uint64_t first = addr / t->size, last = (addr + len - 1) / t->size;
    /* A read fetches its sectors in ascending order through the one
     * buffer, so only its first sector can still be there: each later one
     * follows a sector of the same read. */
    t->sectors += last - first + 1 - (t->held && t->last == first);
    t->useful += len;
    t->last = last;
    t->held = true;
}

void stc_sector_forget(stc_sector *t)
{
    t->held = false;
}

uint64_t stc_sector_moved(const stc_sector *t)
{
    return t->sectors * t->size;
}
