// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_ports.c - the port encoding (sim/core/stc_ports.c) against the
 * layout written in docs/architecture.md sections 3 and 8, encoded here
 * independently ("bit i of a port at bit i % 32 of word i / 32"; PE(r, n)
 * is element i = r*N + n): random signal values packed or unpacked must
 * come back field for field, inputs masked to their widths.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "rtl_double.h"
#include "stc_ports.h"
#include "stc_rng.h"

#define PN 4
#define PMW 10
#define PKBW 6

static const stc_port_shape shape = {PN, PMW, PKBW, 64};

/* A field of a port image, per the documented layout. */
static uint32_t get(const uint32_t *w, unsigned lsb, unsigned width)
{
    uint64_t v = 0;
    for (unsigned b = 0; b < width; b++)
        v |= (uint64_t)((w[(lsb + b) / 32] >> ((lsb + b) % 32)) & 1u) << b;
    return (uint32_t)v;
}

static void put(uint32_t *w, unsigned lsb, unsigned width, uint32_t v)
{
    for (unsigned b = 0; b < width; b++)
        if ((v >> b) & 1u)
            w[(lsb + b) / 32] |= 1u << ((lsb + b) % 32);
}

Test(ports, pack_inputs_per_the_documented_layout)
{
    stc_rng r;
    stc_rng_seed(&r, 11);
    for (int trial = 0; trial < 50; trial++) {
        stc_inputs in;
        stc_input_image img;
        memset(&in, 0, sizeof in);
        in.rst_n = 1;
        in.cmd_valid = stc_rng_below(&r, 2);
        in.cmd_mode = stc_rng_below(&r, 2);
        in.cmd_m = (uint32_t)stc_rng_next(&r); /* wider than MW: must be masked */
        in.cmd_nblk = (uint32_t)stc_rng_next(&r);
        in.cmd_skip = stc_rng_next(&r);
        in.cmd_bias = stc_rng_below(&r, 2);
        for (unsigned n = 0; n < PN; n++) {
            in.bias_data[n] = (int32_t)stc_rng_next(&r);
            in.w_data[n] = (int8_t)stc_rng_next(&r);
            in.w_meta[n] = (uint8_t)stc_rng_next(&r); /* high nibble must be dropped */
        }
        for (unsigned j = 0; j < 2 * PN; j++)
            in.a_data[j] = (int8_t)stc_rng_next(&r);
        stc_ports_pack_inputs(&shape, &in, &img);
        cr_assert_eq(img.cmd_m, in.cmd_m & ((1u << PMW) - 1));
        cr_assert_eq(img.cmd_nblk, in.cmd_nblk & ((1u << PKBW) - 1));
        cr_assert_eq(get(img.cmd_skip, 0, 32), (uint32_t)in.cmd_skip);
        cr_assert_eq(get(img.cmd_skip, 32, 32), (uint32_t)(in.cmd_skip >> 32));
        cr_assert_eq(img.cmd_mode, in.cmd_mode);
        for (unsigned n = 0; n < PN; n++) {
            cr_assert_eq(get(img.bias_data, 32 * n, 32), (uint32_t)in.bias_data[n]);
            cr_assert_eq(get(img.w_data, 8 * n, 8), (uint8_t)in.w_data[n]);
            cr_assert_eq(get(img.w_meta, 4 * n, 4), in.w_meta[n] & 0xfu);
        }
        cr_assert_eq(get(img.w_meta, 4 * PN, 32 - 4 * PN), 0, "bits above the port are clean");
        for (unsigned j = 0; j < 2 * PN; j++)
            cr_assert_eq(get(img.a_data, 8 * j, 8), (uint8_t)in.a_data[j]);
    }
}

/* Port words of a random probe view (PN x PN), built bit by bit with put()
 * from the values it also writes into *want (zero elsewhere). The words are
 * static: the view is good until the next call. */
static stc_probe_view random_probe_view(uint64_t seed, stc_probes *want)
{
    static struct {
        uint32_t v[1], en[1], enq[1], pv[1], w[PN * PN / 4], idx[2], act[PN * PN], prod[PN * PN],
            psum[PN * PN], bot[1], we[1], row[2], wdata[PN], cnt[STC_NUM_COUNTERS];
    } pw;
    stc_rng r;
    stc_rng_seed(&r, seed);
    memset(&pw, 0, sizeof pw); /* put() only sets bits */
    memset(want, 0, sizeof *want);
    want->state = (uint8_t)stc_rng_below(&r, 8);
    want->blk = stc_rng_below(&r, 1u << PKBW);
    want->beat = stc_rng_below(&r, 1u << PMW);
    want->err = stc_rng_below(&r, 2);
    for (unsigned row = 0; row < PN; row++)
        for (unsigned n = 0; n < PN; n++) {
            unsigned i = row * PN + n;
            want->pe_v[row][n] = stc_rng_below(&r, 2);
            want->pe_en[row][n] = stc_rng_below(&r, 2);
            want->pe_en_q[row][n] = stc_rng_below(&r, 2);
            want->pe_pv[row][n] = stc_rng_below(&r, 2);
            want->pe_w[row][n] = (int8_t)stc_rng_next(&r);
            want->pe_idx[row][n] = (uint8_t)stc_rng_below(&r, 4);
            want->pe_act[row][n] = (uint32_t)stc_rng_next(&r);
            want->pe_prod[row][n] = (int32_t)stc_rng_next(&r);
            want->pe_psum[row][n] = (int32_t)stc_rng_next(&r);
            put(pw.v, i, 1, want->pe_v[row][n]);
            put(pw.en, i, 1, want->pe_en[row][n]);
            put(pw.enq, i, 1, want->pe_en_q[row][n]);
            put(pw.pv, i, 1, want->pe_pv[row][n]);
            put(pw.w, 8 * i, 8, (uint8_t)want->pe_w[row][n]);
            put(pw.idx, 2 * i, 2, want->pe_idx[row][n]);
            put(pw.act, 32 * i, 32, want->pe_act[row][n]);
            put(pw.prod, 32 * i, 32, (uint32_t)want->pe_prod[row][n]);
            put(pw.psum, 32 * i, 32, (uint32_t)want->pe_psum[row][n]);
        }
    for (unsigned n = 0; n < PN; n++) {
        want->bot_v[n] = stc_rng_below(&r, 2);
        want->acc_we[n] = stc_rng_below(&r, 2);
        want->acc_row[n] = stc_rng_below(&r, 1u << PMW);
        want->acc_wdata[n] = (int32_t)stc_rng_next(&r);
        put(pw.bot, n, 1, want->bot_v[n]);
        put(pw.we, n, 1, want->acc_we[n]);
        put(pw.row, PMW * n, PMW, want->acc_row[n]);
        put(pw.wdata, 32 * n, 32, (uint32_t)want->acc_wdata[n]);
    }
    for (unsigned j = 0; j < STC_NUM_COUNTERS; j++) {
        want->cnt[j] = (uint32_t)stc_rng_next(&r);
        put(pw.cnt, 32 * j, 32, want->cnt[j]);
    }
    stc_probe_view v = {want->state, want->blk, want->beat, want->err, pw.v,     pw.en,
                        pw.enq,      pw.pv,     pw.w,       pw.idx,    pw.act,   pw.prod,
                        pw.psum,     pw.bot,    pw.we,      pw.row,    pw.wdata, pw.cnt};
    return v;
}

Test(ports, unpack_probes_per_the_documented_layout)
{
    stc_probes want, got;
    stc_probe_view v = random_probe_view(12, &want);
    memset(&got, 0xa5, sizeof got);
    stc_ports_unpack_probes(&shape, &v, &got);
    cr_assert_eq(got.state, want.state);
    cr_assert_eq(got.blk, want.blk);
    cr_assert_eq(got.beat, want.beat);
    cr_assert_eq(got.err, want.err);
    for (unsigned row = 0; row < PN; row++)
        for (unsigned n = 0; n < PN; n++) {
            cr_assert_eq(got.pe_v[row][n], want.pe_v[row][n], "pe_v[%u][%u]", row, n);
            cr_assert_eq(got.pe_en[row][n], want.pe_en[row][n]);
            cr_assert_eq(got.pe_en_q[row][n], want.pe_en_q[row][n]);
            cr_assert_eq(got.pe_pv[row][n], want.pe_pv[row][n]);
            cr_assert_eq(got.pe_w[row][n], want.pe_w[row][n], "pe_w[%u][%u]", row, n);
            cr_assert_eq(got.pe_idx[row][n], want.pe_idx[row][n], "pe_idx[%u][%u]", row, n);
            cr_assert_eq(got.pe_act[row][n], want.pe_act[row][n]);
            cr_assert_eq(got.pe_prod[row][n], want.pe_prod[row][n]);
            cr_assert_eq(got.pe_psum[row][n], want.pe_psum[row][n]);
        }
    for (unsigned n = 0; n < PN; n++) {
        cr_assert_eq(got.bot_v[n], want.bot_v[n]);
        cr_assert_eq(got.acc_we[n], want.acc_we[n]);
        cr_assert_eq(got.acc_row[n], want.acc_row[n], "acc_row[%u]", n);
        cr_assert_eq(got.acc_wdata[n], want.acc_wdata[n]);
    }
    for (unsigned j = 0; j < STC_NUM_COUNTERS; j++)
        cr_assert_eq(got.cnt[j], want.cnt[j]);
}

/* The lockstep's per-cycle read: updating one zeroed record with view X,
 * then view Y, gives exactly (memcmp, padding included) what unpacking Y
 * into a dirty record gives: no field of X survives, nothing outside the
 * array is written. */
Test(ports, update_probes_rewrites_every_field_of_a_zeroed_record)
{
    stc_probes want, upd, full;
    memset(&upd, 0, sizeof upd);
    stc_probe_view x = random_probe_view(21, &want);
    stc_ports_update_probes(&shape, &x, &upd);
    stc_probe_view y = random_probe_view(22, &want);
    stc_ports_update_probes(&shape, &y, &upd);
    memset(&full, 0xa5, sizeof full);
    stc_ports_unpack_probes(&shape, &y, &full);
    cr_assert_eq(memcmp(&upd, &full, sizeof upd), 0);
    cr_assert_eq(memcmp(&upd, &want, sizeof upd), 0, "and both hold the values put into the ports");

    /* Then an all-zero view: every value of Y is overwritten with 0. */
    static const uint32_t zero[PN * PN + STC_NUM_COUNTERS];
    stc_probe_view z = {0,    0,    0,    0,    zero, zero, zero, zero, zero,
                        zero, zero, zero, zero, zero, zero, zero, zero, zero};
    stc_probes none;
    memset(&none, 0, sizeof none);
    stc_ports_update_probes(&shape, &z, &upd);
    cr_assert_eq(memcmp(&upd, &none, sizeof upd), 0);
}

Test(ports, unpack_outputs_per_the_documented_layout)
{
    uint32_t res[PN];
    stc_outputs got;
    stc_rng r;
    stc_rng_seed(&r, 13);
    for (unsigned n = 0; n < PN; n++)
        res[n] = (uint32_t)stc_rng_next(&r);
    stc_output_view v = {1, 0, 1, 0, 1, 1, 0, res};
    memset(&got, 0xa5, sizeof got);
    stc_ports_unpack_outputs(&shape, &v, &got);
    cr_assert(got.cmd_ready && !got.bias_ready && got.w_ready && !got.a_ready);
    cr_assert(got.res_valid && got.busy && !got.err);
    for (unsigned n = 0; n < PN; n++)
        cr_assert_eq((uint32_t)got.res_data[n], res[n], "res_data[%u]", n);
}

/* The per-PE probes from the PE array's packed vectors (PE i = r*n + c,
 * docs/architecture.md section 8; stc_pe_grids), packed here by the
 * layout's definition: a flag at bit i % 8 of byte i / 8, a select at bits
 * 2*(i % 4) and 2*(i % 4) + 1 of byte i / 4, a weight in byte i, a word in
 * word i. At n = 4 and 6 row by row and at n = STC_N_MAX in one pass per
 * grid, every PE's nine values land in pr->pe_*[r][c]; nothing outside the
 * n x n array and no other probe is written (a record of 0xa5 keeps them);
 * no byte past a vector is read (exact-size copies, rtl_tight_grids). */
static void check_pe_arrays(unsigned n, uint64_t seed)
{
    static rtl_flat_grids a;
    static uint8_t v[STC_N_MAX * STC_N_MAX], en[STC_N_MAX * STC_N_MAX], enq[STC_N_MAX * STC_N_MAX],
        pv[STC_N_MAX * STC_N_MAX], idx[STC_N_MAX * STC_N_MAX];
    stc_rng r;
    stc_rng_seed(&r, seed);
    memset(&a, 0, sizeof a);
    for (unsigned i = 0; i < n * n; i++) {
        v[i] = (uint8_t)stc_rng_below(&r, 2);
        en[i] = (uint8_t)stc_rng_below(&r, 2);
        enq[i] = (uint8_t)stc_rng_below(&r, 2);
        pv[i] = (uint8_t)stc_rng_below(&r, 2);
        idx[i] = (uint8_t)stc_rng_below(&r, 4);
        a.v[i / 8] |= (uint8_t)(v[i] << (i % 8));
        a.en[i / 8] |= (uint8_t)(en[i] << (i % 8));
        a.en_q[i / 8] |= (uint8_t)(enq[i] << (i % 8));
        a.pv[i / 8] |= (uint8_t)(pv[i] << (i % 8));
        a.idx[i / 4] |= (uint8_t)(idx[i] << (2 * (i % 4)));
        a.w[i] = (uint8_t)stc_rng_next(&r);
        a.act[i] = (uint32_t)stc_rng_next(&r);
        a.prod[i] = (uint32_t)stc_rng_next(&r);
        a.psum[i] = (uint32_t)stc_rng_next(&r);
    }
    rtl_tight_grids g;
    rtl_tight_grids_make(&a, n, &g);
    stc_probes got, untouched;
    memset(&got, 0xa5, sizeof got);
    memset(&untouched, 0xa5, sizeof untouched);
    stc_ports_update_pe_arrays(n, &g.view, &got);
    rtl_tight_grids_free(&g);
    for (unsigned row = 0; row < STC_N_MAX; row++)
        for (unsigned c = 0; c < STC_N_MAX; c++) {
            if (row >= n || c >= n) {
                cr_assert_eq(memcmp(&got.pe_psum[row][c], &untouched.pe_psum[row][c], 4), 0);
                cr_assert_eq(memcmp(&got.pe_v[row][c], &untouched.pe_v[row][c], 1), 0);
                cr_assert_eq(memcmp(&got.pe_idx[row][c], &untouched.pe_idx[row][c], 1), 0);
                continue;
            }
            unsigned i = row * n + c;
            cr_assert_eq(got.pe_v[row][c], v[i] != 0, "n=%u PE(%u,%u) v", n, row, c);
            cr_assert_eq(got.pe_en[row][c], en[i] != 0);
            cr_assert_eq(got.pe_en_q[row][c], enq[i] != 0);
            cr_assert_eq(got.pe_pv[row][c], pv[i] != 0);
            cr_assert_eq(got.pe_w[row][c], (int8_t)a.w[i]);
            cr_assert_eq(got.pe_idx[row][c], idx[i], "n=%u PE(%u,%u) idx", n, row, c);
            cr_assert_eq(got.pe_act[row][c], a.act[i]);
            cr_assert_eq((uint32_t)got.pe_prod[row][c], a.prod[i]);
            cr_assert_eq((uint32_t)got.pe_psum[row][c], a.psum[i], "n=%u PE(%u,%u) psum", n, row,
                         c);
        }
    cr_assert_eq(got.state, untouched.state);
    cr_assert_eq(memcmp(got.cnt, untouched.cnt, sizeof got.cnt), 0);
    cr_assert_eq(memcmp(got.acc_wdata, untouched.acc_wdata, sizeof got.acc_wdata), 0);
}

Test(ports, update_pe_arrays_per_the_documented_element_order)
{
    check_pe_arrays(PN, 31);
    check_pe_arrays(6, 32);
    check_pe_arrays(STC_N_MAX, 33);
}

/* One field of one PE set alone in all-zero vectors, at the place the
 * layout gives PE i = r*n + c, each value set in the record it expects. */
typedef enum one_field {
    F_V,
    F_EN,
    F_EN_Q,
    F_PV,
    F_IDX0,
    F_IDX1,
    F_W,
    F_ACT,
    F_PROD,
    F_PSUM
} one_field;

static void set_one(rtl_flat_grids *a, stc_probes *want, one_field f, unsigned r, unsigned c,
                    unsigned n)
{
    const unsigned i = r * n + c;
    uint8_t *flags[] = {a->v, a->en, a->en_q, a->pv};
    bool *want_flags[] = {&want->pe_v[r][c], &want->pe_en[r][c], &want->pe_en_q[r][c],
                          &want->pe_pv[r][c]};
    switch (f) {
    case F_V:
    case F_EN:
    case F_EN_Q:
    case F_PV:
        flags[f][i / 8] = (uint8_t)(1u << (i % 8));
        *want_flags[f] = true;
        break;
    case F_IDX0:
    case F_IDX1:
        a->idx[i / 4] = (uint8_t)(1u << (2 * (i % 4) + (f == F_IDX1)));
        want->pe_idx[r][c] = f == F_IDX1 ? 2 : 1;
        break;
    case F_W:
        a->w[i] = 0x81;
        want->pe_w[r][c] = -127;
        break;
    case F_ACT:
        a->act[i] = 0x80000001u;
        want->pe_act[r][c] = 0x80000001u;
        break;
    case F_PROD:
        a->prod[i] = 0x80000001u;
        want->pe_prod[r][c] = INT32_MIN + 1;
        break;
    case F_PSUM:
        a->psum[i] = 0x80000001u;
        want->pe_psum[r][c] = INT32_MIN + 1;
        break;
    }
}

/* stc_ports_update_pe_arrays puts a field that one PE alone has set, at
 * the first and last PE, the ends of row 0 and the first of rows 1 and
 * n - 1, and one inside, at that PE's (r, c) of that field's grid and
 * nowhere else (the whole record compared), at n = 4 and 6 (row by row;
 * 6: rows across bytes), 10 and STC_N_MAX (one pass). */
Test(ports, update_pe_arrays_puts_one_pe_at_its_row_and_column)
{
    static const unsigned ns[] = {PN, 6, 10, STC_N_MAX};
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
        const unsigned n = ns[k];
        const unsigned places[][2] = {{0, 0},     {0, n - 1},    {1, 0}, {n / 2, n / 2 - 1},
                                      {n - 1, 0}, {n - 1, n - 1}};
        for (size_t p = 0; p < sizeof places / sizeof places[0]; p++)
            for (one_field f = F_V; f <= F_PSUM; f++) {
                static rtl_flat_grids a;
                stc_probes want, got;
                rtl_tight_grids g;
                memset(&a, 0, sizeof a);
                memset(&want, 0, sizeof want);
                memset(&got, 0, sizeof got);
                set_one(&a, &want, f, places[p][0], places[p][1], n);
                rtl_tight_grids_make(&a, n, &g);
                stc_ports_update_pe_arrays(n, &g.view, &got);
                rtl_tight_grids_free(&g);
                cr_assert_eq(memcmp(&got, &want, sizeof got), 0, "n=%u PE(%u,%u) field %d", n,
                             places[p][0], places[p][1], (int)f);
            }
    }
}
