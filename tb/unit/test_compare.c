// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_compare.c - the one comparison (sim/core/stc_compare.c): equal
 * cycles give no difference (padding included); one flipped element of
 * each signal class (scalar port, column port, grid probe, column probe,
 * counter) gives exactly that element with its coordinates and both
 * values; several differences come out ports first, in signal order, and
 * the count includes those beyond the stored maximum; elements outside
 * the N x N array are not compared.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "capture.h"
#include "stc_compare.h"

#define CN 4

typedef struct cmp_pair {
    stc_outputs eo, ao;
    stc_probes ep, ap;
} cmp_pair;

static void cmp_init(cmp_pair *c)
{
    memset(c, 0, sizeof *c);
    c->eo.res_valid = c->ao.res_valid = true;
    for (unsigned i = 0; i < CN; i++)
        c->eo.res_data[i] = c->ao.res_data[i] = (int32_t)(1000 * i - 7);
    c->ep.state = c->ap.state = 3;
    for (unsigned r = 0; r < CN; r++)
        for (unsigned k = 0; k < CN; k++)
            c->ep.pe_prod[r][k] = c->ap.pe_prod[r][k] = (int32_t)(r * 16 + k);
}

static unsigned cmp_run(const cmp_pair *c, stc_diff *d, unsigned max)
{
    return stc_compare_cycle(CN, &c->eo, &c->ep, &c->ao, &c->ap, d, max);
}

static void cmp_expect_one(const cmp_pair *c, const char *name, int64_t exp, int64_t act)
{
    stc_diff d[4];
    char buf[64];
    cr_assert_eq(cmp_run(c, d, 4), 1, "%s", name);
    stc_diff_name(&d[0], buf, sizeof buf);
    cr_assert_str_eq(buf, name);
    cr_assert_eq(d[0].expected, exp, "%s expected", name);
    cr_assert_eq(d[0].actual, act, "%s actual", name);
}

Test(compare, equal_cycles_have_no_difference)
{
    cmp_pair c;
    stc_diff d[1];
    cmp_init(&c);
    cr_assert_eq(cmp_run(&c, d, 1), 0);
}

Test(compare, each_signal_class_named_with_coordinates)
{
    cmp_pair c;
    cmp_init(&c);
    c.ao.busy = true;
    cmp_expect_one(&c, "busy", 0, 1);
    cmp_init(&c);
    c.ao.res_data[2] ^= 0x100;
    cmp_expect_one(&c, "res_data[2]", c.eo.res_data[2], c.ao.res_data[2]);
    cmp_init(&c);
    c.ap.pe_prod[3][1] = -5;
    cmp_expect_one(&c, "pe_prod[3][1]", 49, -5);
    cmp_init(&c);
    c.ap.pe_w[0][3] = -128;
    cmp_expect_one(&c, "pe_w[0][3]", 0, -128);
    cmp_init(&c);
    c.ap.acc_wdata[1] = 77;
    cmp_expect_one(&c, "acc_wdata[1]", 0, 77);
    cmp_init(&c);
    c.ap.cnt[STC_CNT_W_BYTES] = 9;
    cmp_expect_one(&c, "cnt.w_bytes", 0, 9);
    cmp_init(&c);
    c.ap.state = 5;
    cmp_expect_one(&c, "state", 3, 5);
    /* Coordinate 0 is a coordinate: lane 0 and PE [0][0] are named with
     * theirs (kills mutate-harness's 2ec5a86ce995, "res_data" for
     * res_data[0]). */
    cmp_init(&c);
    c.ao.res_data[0] ^= 1;
    cmp_expect_one(&c, "res_data[0]", c.eo.res_data[0], c.ao.res_data[0]);
    cmp_init(&c);
    c.ap.pe_prod[0][0] = 3;
    cmp_expect_one(&c, "pe_prod[0][0]", 0, 3);
}

/* Each counter has its name and nothing outside them does. Kills
 * mutate-harness's f4db5253ad13 (the name read one past the table). */
Test(compare, counter_names_and_none_outside)
{
    cr_assert_str_eq(stc_counter_name(STC_CNT_CYCLES), "cycles");
    cr_assert_str_eq(stc_counter_name(STC_NUM_COUNTERS - 1), "a_bytes");
    cr_assert_str_eq(stc_counter_name(-1), "?");
    cr_assert_str_eq(stc_counter_name(STC_NUM_COUNTERS), "?");
}

Test(compare, ports_before_probes_and_all_counted)
{
    cmp_pair c;
    stc_diff d[2];
    char a[64], b[64];
    cmp_init(&c);
    c.ap.pe_psum[0][0] = 1; /* probe */
    c.ap.pe_prod[1][1] = 0; /* probe, earlier in the signal order */
    c.ao.res_data[3] ^= 1;  /* port */
    c.ao.err = true;        /* port, after res_data */
    cr_assert_eq(cmp_run(&c, d, 2), 4, "the count includes the unstored differences");
    stc_diff_name(&d[0], a, sizeof a);
    stc_diff_name(&d[1], b, sizeof b);
    cr_assert_str_eq(a, "res_data[3]");
    cr_assert_str_eq(b, "err");
}

/* With either side's probes NULL only the ports are compared (the ports
 * level; stc_compare.h): probes that differ are not counted, a port that
 * differs is. Kills mutate-harness's 3fe0fb744e6e (probes compared when
 * only one side was NULL: a NULL read). */
Test(compare, probes_of_one_side_only_compare_the_ports)
{
    cmp_pair c;
    stc_diff d[2];
    char buf[64];
    cmp_init(&c);
    c.ap.pe_prod[2][2] = -1;
    cr_assert_eq(stc_compare_cycle(CN, &c.eo, &c.ep, &c.ao, NULL, d, 2), 0);
    cr_assert_eq(stc_compare_cycle(CN, &c.eo, NULL, &c.ao, &c.ap, d, 2), 0);
    c.ao.err = true;
    cr_assert_eq(stc_compare_cycle(CN, &c.eo, &c.ep, &c.ao, NULL, d, 2), 1);
    stc_diff_name(&d[0], buf, sizeof buf);
    cr_assert_str_eq(buf, "err");
    cr_assert_eq(stc_compare_cycle(CN, &c.eo, NULL, &c.ao, &c.ap, d, 2), 1);
}

Test(compare, outside_the_array_is_not_compared)
{
    cmp_pair c;
    stc_diff d[1];
    cmp_init(&c);
    c.ap.pe_prod[CN][0] = 123; /* row N: not part of an N x N tile */
    c.ap.pe_prod[0][CN] = 123;
    c.ao.res_data[CN] = 123;
    cr_assert_eq(cmp_run(&c, d, 1), 0);
}

/* A mismatch line shows both values in decimal and as their 32-bit hex
 * (a partial sum's upper bits are where a wrong product usually shows). */
Test(compare, diff_line_shows_both_values_in_decimal_and_32_bit_hex)
{
    stc_diff d = {"pe_psum", 2, 1, 0x12345678, -2};
    t_capture cap = t_capture_begin(stdout);
    stc_diff_print(stdout, &d);
    const char *text = t_captured(&cap);
    cr_assert_str_eq(text,
                     "  pe_psum[2][1]          expected   305419896 (0x12345678)  actual          "
                     "-2 (0xfffffffe)\n");
}
