// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_sector.c - the sector-transaction tracker (common/stc_sector.h).
 * Every expected count below is worked out by hand from the sector
 * boundaries (multiples of S), written next to the case.
 */
#include <criterion/criterion.h>

#include "stc_sector.h"

static stc_sector ts_new(uint64_t s)
{
    stc_sector t;
    cr_assert_eq(stc_sector_init(&t, s), STC_OK, "S=%llu", (unsigned long long)s);
    return t;
}

Test(sector, sizes_are_powers_of_two_from_4_to_4096)
{
    stc_sector t;
    cr_expect(stc_sector_size_ok(4));
    cr_expect(stc_sector_size_ok(32));
    cr_expect(stc_sector_size_ok(4096));
    cr_expect_not(stc_sector_size_ok(0));
    cr_expect_not(stc_sector_size_ok(2));
    cr_expect_not(stc_sector_size_ok(24));
    cr_expect_not(stc_sector_size_ok(8192));
    cr_expect_eq(stc_sector_init(&t, 48), STC_EPARAM);
}

/* Sector-aligned whole sectors: one transaction each, nothing wasted. */
Test(sector, aligned_reads_cost_one_sector_each)
{
    stc_sector t = ts_new(32);
    stc_sector_read(&t, 0, 32);  /* sector 0 */
    stc_sector_read(&t, 32, 32); /* sector 1 */
    stc_sector_read(&t, 96, 64); /* sectors 3, 4 */
    cr_expect_eq(t.sectors, 4u);
    cr_expect_eq(t.useful, 128u);
    cr_expect_eq(stc_sector_moved(&t), 128u);
}

/* 16 bytes at 24 touch bytes 24..39: sectors 0 and 1 (boundary at 32). */
Test(sector, straddling_read_costs_both_sectors)
{
    stc_sector t = ts_new(32);
    stc_sector_read(&t, 24, 16);
    cr_expect_eq(t.sectors, 2u);
    cr_expect_eq(t.useful, 16u);
    cr_expect_eq(stc_sector_moved(&t), 64u);
    /* bytes 40..47 are in sector 1, the buffered one: free */
    stc_sector_read(&t, 40, 8);
    cr_expect_eq(t.sectors, 2u);
    cr_expect_eq(t.useful, 24u);
}

/* Four 8-byte reads of sector 2 (bytes 64..95): one fetch. Leaving for
 * sector 0 and coming back costs again: the buffer holds one sector. */
Test(sector, repeated_reads_of_one_sector_merge_until_it_leaves)
{
    stc_sector t = ts_new(32);
    for (uint64_t a = 64; a < 96; a += 8)
        stc_sector_read(&t, a, 8);
    cr_expect_eq(t.sectors, 1u);
    stc_sector_read(&t, 0, 1);  /* sector 0 */
    stc_sector_read(&t, 95, 1); /* sector 2 again */
    cr_expect_eq(t.sectors, 3u);
    cr_expect_eq(t.useful, 34u);
    cr_expect_eq(stc_sector_moved(&t), 96u);
}

/* S=64: 16-byte rows 0..7 at 16k fill bytes 0..127, two sectors; the
 * same reads at S=32 take four. */
Test(sector, wider_sectors_merge_more)
{
    stc_sector t64 = ts_new(64), t32 = ts_new(32);
    for (uint64_t k = 0; k < 8; k++) {
        stc_sector_read(&t64, 16 * k, 16);
        stc_sector_read(&t32, 16 * k, 16);
    }
    cr_expect_eq(t64.sectors, 2u);
    cr_expect_eq(stc_sector_moved(&t64), 128u);
    cr_expect_eq(t32.sectors, 4u);
    /* 100 bytes at 60 (60..159) at S=64 touch sectors 0, 1, 2. The buffer
     * holds sector 1 (the last row, 112..127), but the read starts in
     * sector 0, which evicts it: all three are fetched. */
    stc_sector_read(&t64, 60, 100);
    cr_expect_eq(t64.sectors, 5u);
}

/* A read that starts in the buffered sector skips it only. */
Test(sector, read_starting_in_the_buffer_pays_for_the_rest)
{
    stc_sector t = ts_new(32);
    stc_sector_read(&t, 0, 4);   /* sector 0 */
    stc_sector_read(&t, 28, 40); /* bytes 28..67: sectors 0 (held), 1, 2 */
    cr_expect_eq(t.sectors, 3u);
    cr_expect_eq(t.useful, 44u);
}

/* forget: a new array at the same addresses starts a fresh sector. */
Test(sector, forget_empties_the_buffer_not_the_totals)
{
    stc_sector t = ts_new(32);
    stc_sector_read(&t, 0, 16);
    stc_sector_forget(&t);
    stc_sector_read(&t, 16, 16);
    cr_expect_eq(t.sectors, 2u);
    cr_expect_eq(t.useful, 32u);
    stc_sector_read(&t, 0, 0); /* nothing */
    cr_expect_eq(t.sectors, 2u);
}
