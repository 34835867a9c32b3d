// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_sector.h - the one sector-transaction tracker: how many whole
 * sectors a stream of byte-range reads costs a memory that serves only
 * aligned sectors of S bytes (a GPU's 32-byte L2 sector, a DRAM burst).
 *
 * Each stream keeps a one-sector coalescing buffer: a read costs one
 * transaction for every sector it touches that is not the sector most
 * recently fetched on that stream. So consecutive reads that stay in one
 * sector merge, and a read that straddles a boundary costs two. The
 * buffer models the smallest honest memory system, not a cache: a stream
 * that comes back to a sector after leaving it pays again.
 *
 * Used by the host (sim/core/stc_host.c: the tile's measured W, metadata
 * and A traffic) and by analysis/stc_traffic.c (the gather trace of
 * formats the tile cannot execute), so both count sectors the same way.
 */
#ifndef STC_SECTOR_H
#define STC_SECTOR_H

#include <stdbool.h>
#include <stdint.h>

#include "stc_status.h"

#define STC_SECTOR_DEFAULT 32u
/* Sizes a caller may ask for: powers of two in this range (a 4-byte word
 * up to a 4 KiB page). */
#define STC_SECTOR_MIN 4u
#define STC_SECTOR_MAX 4096u

typedef struct stc_sector {
    uint64_t size;    /* S, bytes per sector */
    uint64_t useful;  /* bytes asked for: the sum of every read's len */
    uint64_t sectors; /* transactions: sectors fetched */
    uint64_t last;    /* number (addr / S) of the buffered sector, if held */
    bool held;        /* the buffer holds a sector */
} stc_sector;

/* True if s is a power of two in STC_SECTOR_MIN..STC_SECTOR_MAX. */
bool stc_sector_size_ok(uint64_t s);

/* An empty tracker of sector size s; STC_EPARAM (and t untouched) unless
 * stc_sector_size_ok(s). */
stc_status stc_sector_init(stc_sector *t, uint64_t s);

/* Reads len bytes at addr: counts len useful bytes and one transaction per
 * touched sector, fetched in ascending order, except the first when it is
 * the buffered one; the buffer then holds the last sector touched. len 0
 * reads nothing. */
void stc_sector_read(stc_sector *t, uint64_t addr, uint64_t len);

/* Empties the buffer (the stream moves to another array, which begins a
 * fresh sector even if the addresses coincide); the totals stay. */
void stc_sector_forget(stc_sector *t);

/* Bytes the memory moved: transactions * S. */
uint64_t stc_sector_moved(const stc_sector *t);

#endif
