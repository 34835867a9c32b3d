// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_tile.c - unit tests of the cycle model (cmodel/stc_tile.c) against
 * docs/architecture.md.
 *
 * Expected values are computed here, independently of the model: a plain
 * triple-loop GEMM on the dense W, the closed-form cycle count of section 6,
 * the section 5 timing formulas, and MAC counts derived from the zeros of A
 * and W. The host of section 10 (tile_driver.h) drives the tile with
 * optional seeded stalls and counts the stall cycles it injects.
 */
#include <criterion/criterion.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rtl_double.h"
#include "stc_tile.h"
#include "tile_driver.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* ---- expected values ------------------------------------------------------- */

/* Expected C = A * W (+ bias), a plain triple loop with uint32 wrap. */
static void job_expect(const td_job *j, int32_t *c)
{
    for (unsigned m = 0; m < j->m; m++) {
        for (unsigned col = 0; col < j->n; col++) {
            uint32_t acc = j->bias ? (uint32_t)j->biasv[m * j->n + col] : 0;

            for (unsigned kk = 0; kk < j->k; kk++)
                acc += (uint32_t)((int32_t)j->a[m * j->k + kk] * j->wd[kk * j->n + col]);
            c[m * j->n + col] = (int32_t)acc;
        }
    }
}

/* Section 6 closed form. */
static unsigned job_cycles(const td_job *j)
{
    return (j->bias ? j->m : 0) + td_job_passes(j) * (j->m + 3 * j->n + 1) + j->m;
}

/* MACs that must be done (neither operand zero), from the dense operands. */
static uint32_t job_macs_actual(const td_job *j)
{
    uint32_t c = 0;

    for (unsigned m = 0; m < j->m; m++)
        for (unsigned kk = 0; kk < j->k; kk++)
            for (unsigned col = 0; col < j->n; col++)
                c += j->a[m * j->k + kk] != 0 && j->wd[kk * j->n + col] != 0;
    return c;
}

/* ---- one command on a fresh tile --------------------------------------------- */

static stc_tile *tile_new_uarch(unsigned n, unsigned m_max, unsigned kb_max, stc_uarch u)
{
    stc_params p = {.n = n, .m_max = m_max, .kb_max = kb_max, .uarch = u};
    stc_tile *t = NULL;

    cr_assert_eq(stc_tile_create(&p, &t), STC_OK);
    cr_assert_not_null(t);
    return t;
}

static stc_tile *tile_new(unsigned n, unsigned m_max, unsigned kb_max)
{
    stc_params p = {.n = n, .m_max = m_max, .kb_max = kb_max};
    stc_tile *t = NULL;

    cr_assert_eq(stc_tile_create(&p, &t), STC_OK);
    cr_assert_not_null(t);
    return t;
}

static void step_idle(stc_tile *t, bool rst_n)
{
    stc_inputs in;

    memset(&in, 0, sizeof(in));
    in.rst_n = rst_n;
    stc_tile_step(t, &in);
}

/* A command's operands, what the host saw of it, and the tile it ran on. */
typedef struct tcase {
    td_job j;
    td_obs ob;
    stc_tile *t;
    unsigned cycles; /* driven by the last tcase_drive() */
} tcase;

static void tcase_open(tcase *c, const td_spec *s, unsigned m_max, unsigned kb_max)
{
    c->t = tile_new(s->n, m_max, kb_max);
    td_job_make(&c->j, s);
    td_obs_init(&c->ob, &c->j);
    c->cycles = 0;
}

static void tcase_drive(tcase *c, const td_opts *op)
{
    c->cycles = td_drive(c->t, &c->j, &c->ob, 1, op);
}

static void tcase_close(tcase *c)
{
    free(c->ob.c);
    td_job_free(&c->j);
    stc_tile_destroy(c->t);
}

static void assert_results(const td_job *j, const int32_t *got)
{
    int32_t *exp = calloc((size_t)j->m * j->n, sizeof(int32_t));

    cr_assert_not_null(exp);
    job_expect(j, exp);
    for (unsigned m = 0; m < j->m; m++)
        for (unsigned col = 0; col < j->n; col++)
            cr_assert_eq(got[m * j->n + col], exp[m * j->n + col],
                         "C[%u][%u] = %d, expected %d (n=%u sparse=%d m=%u nblk=%u)", m, col,
                         got[m * j->n + col], exp[m * j->n + col], j->n, j->sparse, j->m, j->nblk);
    free(exp);
}

/* Counters of a command that ran alone on a fresh tile: sections 6 and 7,
 * the host's stalls added to the cycles. */
static void assert_counters(const td_job *j, const td_obs *ob, const stc_probes *pr)
{
    unsigned n = j->n;
    unsigned passes = td_job_passes(j);
    unsigned nskip = j->nblk - passes;
    uint32_t alg = j->nblk * j->m * j->kd * n;
    uint32_t skipped = nskip * j->m * j->kd * n + (j->sparse ? passes * j->m * n * n : 0);
    uint32_t actual = job_macs_actual(j);

    cr_assert_eq(pr->cnt[STC_CNT_CYCLES], job_cycles(j) + ob->stalls, "cycles %u, expected %u+%u",
                 pr->cnt[STC_CNT_CYCLES], job_cycles(j), ob->stalls);
    cr_assert_eq(pr->cnt[STC_CNT_STALL_CYCLES], ob->stalls);
    cr_assert_eq(pr->cnt[STC_CNT_MACS_ALG], alg);
    cr_assert_eq(pr->cnt[STC_CNT_MACS_SKIPPED], skipped);
    cr_assert_eq(pr->cnt[STC_CNT_MACS_ACTUAL], actual);
    cr_assert_eq(pr->cnt[STC_CNT_MACS_GATED], passes * j->m * n * n - actual);
    cr_assert_eq(pr->cnt[STC_CNT_MACS_ALG], pr->cnt[STC_CNT_MACS_ACTUAL] +
                                                pr->cnt[STC_CNT_MACS_GATED] +
                                                pr->cnt[STC_CNT_MACS_SKIPPED]);
    cr_assert_eq(pr->cnt[STC_CNT_W_BYTES], passes * n * n);
    cr_assert_eq(pr->cnt[STC_CNT_META_BYTES], j->sparse ? passes * (n / 2) * (n / 2) : 0);
    cr_assert_eq(pr->cnt[STC_CNT_A_BYTES], passes * j->m * j->kd);
}

/* Runs a job on a fresh tile and checks results and counters. */
static void run_checked(const td_spec *s, unsigned stall_pct, bool noise)
{
    tcase c;
    td_opts op = {.stall_pct = stall_pct, .seed = s->seed, .noise = noise};
    stc_probes pr;

    tcase_open(&c, s, 64, 8);
    tcase_drive(&c, &op);
    cr_assert(c.ob.done);
    assert_results(&c.j, c.ob.c);
    stc_tile_probe(c.t, &pr);
    cr_assert_eq(pr.state, STC_ST_IDLE);
    assert_counters(&c.j, &c.ob, &pr);
    cr_assert_not(pr.err);
    cr_assert_not(c.ob.err_seen);
    tcase_close(&c);
}

/* Which commands of a grid have a bias: by the index of M in the grid's
 * list, or by the block count. */
enum grid_bias { BIAS_ODD_INDEX, BIAS_EVEN_INDEX, BIAS_NBLK_1, BIAS_NBLK_2 };

/* Every M of ms[] (0-terminated) with every block count 1..base.nblk; the
 * command of (ms[i], nblk) is seeded base.seed + 10 i + nblk. */
typedef struct gemm_grid {
    td_spec base;
    unsigned ms[8];
    enum grid_bias bias;
} gemm_grid;

static bool grid_has_bias(enum grid_bias b, unsigned i, unsigned nblk)
{
    switch (b) {
    case BIAS_ODD_INDEX:
        return (i & 1) != 0;
    case BIAS_EVEN_INDEX:
        return (i & 1) == 0;
    case BIAS_NBLK_1:
        return nblk == 1;
    default:
        return nblk == 2;
    }
}

static void run_grid(const gemm_grid *g)
{
    for (unsigned i = 0; i < NELEM(g->ms) && g->ms[i] != 0; i++) {
        for (unsigned nblk = 1; nblk <= g->base.nblk; nblk++) {
            td_spec s = g->base;

            s.m = g->ms[i];
            s.nblk = nblk;
            s.bias = grid_has_bias(g->bias, i, nblk);
            s.seed = g->base.seed + 10 * i + nblk;
            run_checked(&s, 0, false);
        }
    }
}

/* What a sweep sets in each command. */
enum sweep_field { SWEEP_N, SWEEP_SKIP, SWEEP_CODE, SWEEP_STALL };

/* Values of one parameter, and the stall percent when that is not it. */
typedef struct sweep {
    enum sweep_field field;
    uint64_t v[8];
    unsigned nv;
    unsigned stall;
} sweep;

static void sweep_set(const sweep *sw, uint64_t v, td_spec *s, unsigned *stall)
{
    *stall = sw->stall;
    switch (sw->field) {
    case SWEEP_N:
        s->n = (unsigned)v;
        break;
    case SWEEP_SKIP:
        s->skip = v;
        break;
    case SWEEP_CODE:
        s->code = (uint8_t)v;
        break;
    case SWEEP_STALL:
        *stall = (unsigned)v;
        break;
    }
}

/* Runs every command of cmds[] once per value of the sweep: value i goes
 * into the swept field and i into the seed, so each run has its own
 * operands. */
static void run_sweep(const td_spec *cmds, size_t ncmd, const sweep *sw)
{
    cr_assert_leq(sw->nv, NELEM(sw->v));
    for (unsigned i = 0; i < sw->nv; i++) {
        for (size_t c = 0; c < ncmd; c++) {
            td_spec s = cmds[c];
            unsigned stall;

            sweep_set(sw, sw->v[i], &s, &stall);
            s.seed += i;
            run_checked(&s, stall, false);
        }
    }
}

/* ---- parameters ------------------------------------------------------------ */

Test(tile_params, rejects_bad)
{
    static const stc_params bad[] = {
        {3, 64, 8, STC_UARCH_BASE},    {5, 64, 8, STC_UARCH_BASE}, {2, 64, 8, STC_UARCH_BASE},
        {18, 64, 8, STC_UARCH_BASE},   {0, 64, 8, STC_UARCH_BASE}, {4, 48, 8, STC_UARCH_BASE},
        {8, 4, 8, STC_UARCH_BASE},     {16, 8, 8, STC_UARCH_BASE}, {4, 131072, 8, STC_UARCH_BASE},
        {4, 0, 8, STC_UARCH_BASE},     {4, 64, 1, STC_UARCH_BASE}, {4, 64, 3, STC_UARCH_BASE},
        {4, 64, 128, STC_UARCH_BASE},  {4, 64, 0, STC_UARCH_BASE}, {4, 64, 12, STC_UARCH_BASE},
        {16, 100, 64, STC_UARCH_BASE},
    };
    static const stc_params good[] = {
        {4, 4, 2, STC_UARCH_BASE},      {16, 16, 64, STC_UARCH_BASE},
        {16, 1024, 64, STC_UARCH_BASE}, {16, 65536, 64, STC_UARCH_BASE},
        {6, 8, 4, STC_UARCH_BASE},      {14, 16, 32, STC_UARCH_BASE},
    };

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        stc_tile *t = (stc_tile *)&i;

        cr_assert_eq(stc_params_check(&bad[i]), STC_EPARAM, "bad[%zu] accepted", i);
        cr_assert_eq(stc_tile_create(&bad[i], &t), STC_EPARAM);
        cr_assert_null(t);
    }
    for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
        cr_assert_eq(stc_params_check(&good[i]), STC_OK, "good[%zu] rejected", i);
    cr_assert_eq(stc_params_check(NULL), STC_EPARAM);
}

Test(tile_params, create_reset_state)
{
    stc_tile *t = tile_new(16, 1024, 64);
    stc_outputs o;

    cr_assert_eq(stc_tile_params(t)->n, 16);
    cr_assert_eq(stc_tile_params(t)->m_max, 1024);
    stc_tile_eval(t, &o);
    cr_assert(o.cmd_ready);
    cr_assert_not(o.busy || o.bias_ready || o.w_ready || o.a_ready || o.res_valid || o.err);
    stc_tile_destroy(t);
    stc_tile_destroy(NULL);
}

/* ---- the waveform of section 5 --------------------------------------------- */

Test(tile_timing, doc_waveform)
{
    /* N = 4, M = 2, one block, no bias, no stalls, command in cycle 0. */
    static const uint8_t st[19] = {0, 2, 2, 2, 2, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 0};
    static const uint8_t beat[19] = {0, 0, 1, 2, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0};
    static const uint8_t cyc[19] = {0, 0,  1,  2,  3,  4,  5,  6,  7, 8,
                                    9, 10, 11, 12, 13, 14, 15, 16, 17};
    td_spec s = {.n = 4, .m = 2, .nblk = 1, .seed = 5};
    tcase c;
    stc_probes tr[24];
    unsigned acyc[2];
    td_opts op = {.trace = tr, .trace_cap = 24};

    tcase_open(&c, &s, 16, 4);
    c.ob.a_cycle = acyc;
    tcase_drive(&c, &op);
    cr_assert_eq(c.cycles, 18);
    cr_assert_eq(acyc[0], 5);
    cr_assert_eq(acyc[1], 6);
    for (unsigned k = 0; k <= 18; k++) {
        cr_assert_eq(tr[k].state, st[k], "cycle %u state %u", k, tr[k].state);
        cr_assert_eq(tr[k].beat, beat[k], "cycle %u beat %u", k, tr[k].beat);
        cr_assert_eq(tr[k].cnt[STC_CNT_CYCLES], cyc[k], "cycle %u cycles %u", k,
                     tr[k].cnt[STC_CNT_CYCLES]);
        cr_assert_eq(tr[k].bot_v[0], k == 11 || k == 12, "cycle %u bot_v[0]", k);
        cr_assert_eq(tr[k].bot_v[3], k == 14 || k == 15, "cycle %u bot_v[3]", k);
        cr_assert_eq(tr[k].pe_v[0][0], k == 6 || k == 7, "cycle %u v[0][0]", k);
        cr_assert_eq(tr[k].pe_v[3][3], k == 12 || k == 13, "cycle %u v[3][3]", k);
    }
    cr_assert_eq(tr[15].acc_row[3], 1);
    cr_assert(tr[15].acc_we[3]);
    assert_results(&c.j, c.ob.c);
    tcase_close(&c);
}

/* Section 5 timing of every beat at every PE, optionally with stalls: the
 * beat transferred at the end of cycle t is in act_q[r][n] during
 * t+1+r+n, its product in prod_q during t+2+r+n, and the column sum at the
 * bottom (bot_v, psum_q[N-1][n], acc write of row i) during t+2+N+n. */
static void check_beat_timing(const td_job *j, const stc_probes *tr, unsigned ntr,
                              const unsigned *acyc)
{
    unsigned n = j->n, pass = 0;

    for (unsigned b = 0; b < j->nblk; b++) {
        if (td_job_skipped(j, b))
            continue;
        for (unsigned i = 0; i < j->m; i++) {
            unsigned t0 = acyc[pass * j->m + i];
            const int8_t *arow = &j->a[i * j->k + b * j->kd];

            for (unsigned r = 0; r < n; r++) {
                for (unsigned col = 0; col < n; col++) {
                    unsigned c = t0 + 1 + r + col;
                    uint32_t lane = 0;

                    cr_assert_lt(c + 1, ntr);
                    for (unsigned s = 0; s < 4; s++) {
                        int8_t v = j->sparse ? arow[4 * (r / 2) + s] : (s == 0 ? arow[r] : 0);

                        lane |= (uint32_t)(uint8_t)v << (8 * s);
                    }
                    cr_assert(tr[c].pe_v[r][col], "beat %u r %u n %u cycle %u", i, r, col, c);
                    cr_assert_eq(tr[c].pe_act[r][col], lane, "beat %u r %u n %u", i, r, col);
                    if (tr[c].pe_en[r][col]) {
                        int8_t sel = (int8_t)(lane >> (8 * tr[c].pe_idx[r][col]));

                        cr_assert_eq(tr[c + 1].pe_prod[r][col], tr[c].pe_w[r][col] * sel);
                    }
                }
            }
            for (unsigned col = 0; col < n; col++) {
                unsigned c = t0 + 2 + n + col;
                uint32_t sum = 0;

                for (unsigned kk = 0; kk < j->kd; kk++)
                    sum += (uint32_t)(arow[kk] * j->wd[(b * j->kd + kk) * n + col]);
                cr_assert_lt(c, ntr);
                cr_assert(tr[c].bot_v[col], "bottom beat %u n %u cycle %u", i, col, c);
                cr_assert(tr[c].acc_we[col]);
                cr_assert_eq(tr[c].acc_row[col], i);
                cr_assert_eq((uint32_t)tr[c].pe_psum[n - 1][col], sum);
                cr_assert_not(tr[c - 1].bot_v[col] && tr[c - 1].acc_row[col] == i);
            }
        }
        pass++;
    }
}

static void timing_case(unsigned n, bool sparse, unsigned m, unsigned nblk, uint64_t skip,
                        unsigned stall)
{
    td_spec s = {.n = n, .sparse = sparse, .m = m, .nblk = nblk, .skip = skip, .pz = {20, 20}};
    tcase c;
    unsigned cap = 4000;
    stc_probes *tr = calloc(cap, sizeof(*tr));
    unsigned *acyc = calloc((size_t)m * nblk, sizeof(unsigned));
    td_opts op = {.stall_pct = stall, .seed = s.seed, .trace = tr, .trace_cap = cap};

    cr_assert(tr && acyc);
    s.seed = 100 + n + m + stall;
    tcase_open(&c, &s, 64, 8);
    c.ob.a_cycle = acyc;
    tcase_drive(&c, &op);
    cr_assert(c.ob.done);
    cr_assert_lt(c.cycles, cap);
    check_beat_timing(&c.j, tr, c.cycles + 1, acyc);
    assert_results(&c.j, c.ob.c);
    free(tr);
    free(acyc);
    tcase_close(&c);
}

Test(tile_timing, beats_dense_n4)
{
    timing_case(4, false, 5, 2, 0, 0);
}

Test(tile_timing, beats_sparse_n8_stalls)
{
    timing_case(8, true, 7, 3, 0x2, 35);
}

Test(tile_timing, beats_dense_n16_stalls)
{
    timing_case(16, false, 20, 2, 0, 25);
}

/* ---- results and counters -------------------------------------------------- */

/* The M x nblk grids of tile_gemm. */
enum { GRID_DENSE_N4, GRID_DENSE_N16, GRID_SPARSE_N4, GRID_SPARSE_N16 };

static const gemm_grid gemm_grids[] = {
    [GRID_DENSE_N4] = {{.n = 4, .nblk = 3, .pz = {10, 30}, .seed = 1000},
                       {1, 2, 3, 7, 16, 33},
                       BIAS_ODD_INDEX},
    [GRID_DENSE_N16] = {{.n = 16, .nblk = 3, .pz = {10, 30}, .seed = 2000},
                        {1, 5, 16, 40},
                        BIAS_NBLK_2},
    [GRID_SPARSE_N4] = {{.n = 4, .sparse = true, .nblk = 3, .pz = {15, 25}, .seed = 3000},
                        {1, 2, 9, 33},
                        BIAS_EVEN_INDEX},
    [GRID_SPARSE_N16] = {{.n = 16, .sparse = true, .nblk = 2, .pz = {15, 25}, .seed = 4000},
                         {1, 6, 17, 40},
                         BIAS_NBLK_1},
};

Test(tile_gemm, dense_n4)
{
    run_grid(&gemm_grids[GRID_DENSE_N4]);
}

Test(tile_gemm, dense_n16)
{
    run_grid(&gemm_grids[GRID_DENSE_N16]);
}

Test(tile_gemm, sparse_n4)
{
    run_grid(&gemm_grids[GRID_SPARSE_N4]);
}

Test(tile_gemm, sparse_n16)
{
    run_grid(&gemm_grids[GRID_SPARSE_N16]);
}

Test(tile_gemm, other_sizes)
{
    static const td_spec cmds[] = {
        {.m = 5, .nblk = 2, .bias = true, .pz = {10, 10}, .seed = 4500},
        {.sparse = true, .m = 4, .nblk = 2, .pz = {10, 10}, .seed = 4600},
    };
    static const sweep sizes = {.field = SWEEP_N, .v = {6, 8, 10, 12, 14}, .nv = 5};

    run_sweep(cmds, NELEM(cmds), &sizes);
}

Test(tile_gemm, stalls_grow_cycles_one_for_one)
{
    static const td_spec cmds[] = {
        {.n = 8, .m = 9, .nblk = 3, .skip = 0x2, .bias = true, .pz = {10, 10}, .seed = 5000},
        {.n = 16, .sparse = true, .m = 12, .nblk = 2, .bias = true, .pz = {10, 10}, .seed = 5100},
    };
    static const sweep stalls = {.field = SWEEP_STALL, .v = {10, 40, 80}, .nv = 3};

    run_sweep(cmds, NELEM(cmds), &stalls);
}

Test(tile_gemm, ignores_ports_not_ready)
{
    /* Random valid and data on every port the tile is not ready on. */
    td_spec d = {.n = 8, .m = 6, .nblk = 2, .bias = true, .pz = {10, 10}, .seed = 6000};
    td_spec s = {
        .n = 4, .sparse = true, .m = 6, .nblk = 3, .skip = 0x1, .bias = true, .seed = 6001};

    s.pz[0] = s.pz[1] = 10;
    run_checked(&d, 20, true);
    run_checked(&s, 20, true);
}

/* ---- 2:4 metadata ------------------------------------------------------------ */

Test(tile_meta, six_legal_codes_everywhere)
{
    static const td_spec cmds[] = {
        {.n = 4, .sparse = true, .m = 3, .nblk = 2, .seed = 7000},
        {.n = 16, .sparse = true, .m = 3, .nblk = 1, .seed = 7100},
    };
    static const sweep codes = {.field = SWEEP_CODE, .v = {0x4, 0x8, 0xC, 0x9, 0xD, 0xE}, .nv = 6};

    run_sweep(cmds, NELEM(cmds), &codes);
}

/* Single nonzero column at group g of column col, code `code`: exactly one
 * activation lane slot must be picked. */
Test(tile_meta, mux_selects_kept_position)
{
    for (unsigned k = 0; k < 6; k++) {
        for (unsigned g = 0; g < 2; g++) {
            td_spec s = {.n = 4,
                         .sparse = true,
                         .m = 2,
                         .nblk = 1,
                         .pz = {0, 100},
                         .code = td_legal_codes[k],
                         .seed = 7200 + k};
            tcase c;

            tcase_open(&c, &s, 16, 4);
            /* lo value 3 at kept row 2g, hi value -2 at kept row 2g+1. */
            td_set_group(&c.j, 0, g, (k + g) % 4, td_legal_codes[k], 3, -2);
            tcase_drive(&c, NULL);
            assert_results(&c.j, c.ob.c);
            tcase_close(&c);
        }
    }
}

/* Runs a 2:4 command whose group gbad of column cbad has nibble `code`;
 * returns err_o after the command and checks when err rose. */
static bool run_with_nibble(stc_tile *t, uint8_t code, unsigned gbad, unsigned cbad)
{
    td_spec s = {.n = 8, .sparse = true, .m = 2, .nblk = 2, .seed = 8000 + code};
    td_job j;
    td_obs ob;
    stc_probes *tr = calloc(400, sizeof(*tr));
    td_opts op = {.trace = tr, .trace_cap = 400};
    unsigned cycles;
    stc_outputs o;
    bool legal =
        code == 0x4 || code == 0x8 || code == 0xC || code == 0x9 || code == 0xD || code == 0xE;
    size_t kept = ((size_t)1 * 8 + 2 * gbad) * 8 + cbad; /* block 1, kept row 2 gbad */

    cr_assert_not_null(tr);
    td_job_make(&j, &s);
    td_obs_init(&ob, &j);
    if (legal) /* the kept values move to the code's positions */
        td_set_group(&j, 1, gbad, cbad, code, j.wk[kept], j.wk[kept + 8]);
    else
        j.nib[(1 * 4 + gbad) * 8 + cbad] = code;
    cycles = td_drive(t, &j, &ob, 1, &op);
    cr_assert(ob.done);
    stc_tile_eval(t, &o);
    cr_assert_eq(o.err, !legal, "code 0x%x", code);
    /* err rises right after the even beat 2*gbad of block 1's load. */
    for (unsigned c = 1; c <= cycles; c++) {
        bool loaded = tr[c - 1].state == STC_ST_LOAD && tr[c - 1].blk == 1 &&
                      tr[c - 1].beat == 2 * gbad && tr[c].beat == 2 * gbad + 1;

        if (loaded && !legal) {
            cr_assert_not(tr[c - 1].err);
            cr_assert(tr[c].err);
        }
    }
    if (legal)
        assert_results(&j, ob.c);
    free(tr);
    free(ob.c);
    td_job_free(&j);
    return o.err;
}

Test(tile_meta, illegal_codes_set_err)
{
    stc_tile *t = tile_new(8, 64, 8);

    for (unsigned code = 0; code < 16; code++) {
        bool err = run_with_nibble(t, (uint8_t)code, code % 4, (code * 3) % 8);
        bool legal = (code & 3) < (code >> 2);

        cr_assert_eq(err, !legal, "code 0x%x", code);
    }
    stc_tile_destroy(t);
}

Test(tile_meta, err_cleared_by_command_and_reset)
{
    stc_tile *t = tile_new(8, 64, 8);
    stc_outputs o;
    td_spec s = {.n = 8, .m = 2, .nblk = 1, .seed = 8100};
    td_job j;
    td_obs ob;
    td_run d;

    cr_assert(run_with_nibble(t, 0x0, 0, 0));
    /* Sticky in IDLE; the next command transfer clears it. */
    step_idle(t, true);
    stc_tile_eval(t, &o);
    cr_assert(o.err);
    td_job_make(&j, &s);
    td_obs_init(&ob, &j);
    td_begin(&d, t, &j, &ob, 1, NULL);
    cr_assert(td_cycle(&d));
    stc_tile_eval(t, &o);
    cr_assert(o.busy);
    cr_assert_not(o.err);
    while (td_cycle(&d))
        ;
    td_end(&d);
    cr_assert(ob.done);
    free(ob.c);
    td_job_free(&j);

    cr_assert(run_with_nibble(t, 0xF, 3, 7));
    stc_tile_eval(t, &o);
    cr_assert(o.err);
    step_idle(t, false);
    stc_tile_eval(t, &o);
    cr_assert_not(o.err);
    stc_tile_destroy(t);
}

/* ---- block skip -------------------------------------------------------------- */

Test(tile_skip, skipped_blocks_cost_nothing)
{
    static const td_spec cmds[] = {
        {.n = 4, .m = 6, .nblk = 4, .bias = true, .pz = {10, 10}, .seed = 9000},
        {.n = 16, .sparse = true, .m = 3, .nblk = 4, .pz = {10, 10}, .seed = 9100},
    };
    sweep skips = {.field = SWEEP_SKIP, .v = {0x0, 0x1, 0x5, 0xA, 0x8, 0x6}, .nv = 6};

    run_sweep(cmds, NELEM(cmds), &skips);
    /* The 2:4 commands again, with stalls. */
    skips.stall = 30;
    run_sweep(&cmds[1], 1, &skips);
}

Test(tile_skip, all_blocks_skipped)
{
    td_spec d = {.n = 4, .m = 5, .nblk = 3, .skip = 0x7, .bias = true, .seed = 9200};
    td_spec s = {.n = 8, .sparse = true, .m = 2, .nblk = 2, .skip = 0x3, .seed = 9201};

    run_checked(&d, 0, false); /* 2M cycles, C = bias */
    run_checked(&s, 0, false); /* M cycles, C = 0 */
}

Test(tile_skip, bits_above_nblk_ignored)
{
    /* Bits 2..63 set but nblk = 2: both blocks run. The host sends cmd_skip
     * as given, and the job's blocks are bits 0 and 1 only. */
    td_spec d = {.n = 4, .m = 4, .nblk = 2, .skip = ~(uint64_t)0 << 2, .seed = 9300};
    tcase c;
    stc_probes pr;

    tcase_open(&c, &d, 64, 64);
    tcase_drive(&c, NULL);
    cr_assert(c.ob.done);
    assert_results(&c.j, c.ob.c);
    stc_tile_probe(c.t, &pr);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_SKIPPED], 0);
    cr_assert_eq(pr.cnt[STC_CNT_CYCLES], 2 * (4 + 13) + 4);
    tcase_close(&c);
}

/* ---- gating and counters ----------------------------------------------------- */

/* Probe entries of rows / columns >= n must read 0. */
static void assert_outside_zero(const stc_probes *p, unsigned n)
{
    for (unsigned r = 0; r < STC_N_MAX; r++) {
        for (unsigned c = 0; c < STC_N_MAX; c++) {
            if (r < n && c < n)
                continue;
            cr_assert_not(p->pe_v[r][c] || p->pe_en[r][c] || p->pe_en_q[r][c] || p->pe_pv[r][c]);
            cr_assert(p->pe_w[r][c] == 0 && p->pe_idx[r][c] == 0 && p->pe_act[r][c] == 0 &&
                          p->pe_prod[r][c] == 0 && p->pe_psum[r][c] == 0,
                      "pe %u,%u", r, c);
        }
        if (r >= n)
            cr_assert(!p->bot_v[r] && !p->acc_we[r] && p->acc_row[r] == 0 && p->acc_wdata[r] == 0);
    }
}

/* Every cycle: en is v && w != 0 && sel != 0; prod loads w*sel only when en;
 * en_q, pv and psum follow section 5; MAC counters add popcounts. */
static void check_gating_trace(const stc_probes *tr, unsigned ncyc, unsigned n)
{
    for (unsigned c = 0; c + 1 < ncyc; c++) {
        const stc_probes *p = &tr[c], *q = &tr[c + 1];
        uint32_t ne = 0, ng = 0;

        assert_outside_zero(p, n);
        for (unsigned r = 0; r < n; r++) {
            for (unsigned col = 0; col < n; col++) {
                int8_t sel = (int8_t)(p->pe_act[r][col] >> (8 * p->pe_idx[r][col]));
                bool en = p->pe_v[r][col] && p->pe_w[r][col] != 0 && sel != 0;
                uint32_t above = r == 0 ? 0 : (uint32_t)p->pe_psum[r - 1][col];

                cr_assert_eq(p->pe_en[r][col], en, "cycle %u pe %u,%u", c, r, col);
                cr_assert_eq(q->pe_prod[r][col], en ? p->pe_w[r][col] * sel : p->pe_prod[r][col]);
                cr_assert_eq(q->pe_en_q[r][col], en);
                cr_assert_eq(q->pe_pv[r][col], p->pe_v[r][col]);
                cr_assert_eq((uint32_t)q->pe_psum[r][col],
                             above + (p->pe_en_q[r][col] ? (uint32_t)p->pe_prod[r][col] : 0));
                ne += en;
                ng += p->pe_v[r][col] && !en;
            }
        }
        for (unsigned col = 0; col < n; col++)
            cr_assert_eq(q->bot_v[col], p->pe_pv[n - 1][col]);
        if (p->state != STC_ST_IDLE) {
            cr_assert_eq(q->cnt[STC_CNT_MACS_ACTUAL] - p->cnt[STC_CNT_MACS_ACTUAL], ne);
            cr_assert_eq(q->cnt[STC_CNT_MACS_GATED] - p->cnt[STC_CNT_MACS_GATED], ng);
        }
    }
}

Test(tile_gating, per_cycle_rules)
{
    static const bool sp[] = {false, true};

    for (unsigned i = 0; i < 2; i++) {
        td_spec s = {.n = 8, .sparse = sp[i], .m = 6, .nblk = 2, .pz = {30, 30}, .seed = 10000 + i};
        tcase c;
        unsigned cap = 600;
        stc_probes *tr = calloc(cap, sizeof(*tr));
        td_opts op = {.stall_pct = 20, .seed = 3, .trace = tr, .trace_cap = cap};

        cr_assert_not_null(tr);
        tcase_open(&c, &s, 64, 8);
        tcase_drive(&c, &op);
        cr_assert(c.ob.done);
        check_gating_trace(tr, c.cycles + 1, 8);
        assert_results(&c.j, c.ob.c);
        free(tr);
        tcase_close(&c);
    }
}

Test(tile_gating, hand_counts)
{
    /* N = 4 dense, M = 3, one block. W: 5 zeros of 16. A all nonzero except
     * A[1][2] = 0 (gates the 4 PEs of row 2 for beat 1: 3 of them have a
     * nonzero weight since W row 2 has one zero). */
    static const int8_t w[16] = {1, 0, 2, 3, 0, 4, 5, 0, 6, 7, 0, 8, 9, 1, 2, 0};
    td_spec s = {.n = 4, .m = 3, .nblk = 1, .seed = 11000};
    tcase c;
    stc_probes pr;

    tcase_open(&c, &s, 16, 4);
    memcpy(c.j.wd, w, 16);
    memcpy(c.j.wk, w, 16);
    for (unsigned i = 0; i < 12; i++)
        c.j.a[i] = (int8_t)(i + 1);
    c.j.a[1 * 4 + 2] = 0;
    tcase_drive(&c, NULL);
    assert_results(&c.j, c.ob.c);
    stc_tile_probe(c.t, &pr);
    /* 3 beats x 11 nonzero weights = 33, minus 3 for A[1][2]. */
    cr_assert_eq(pr.cnt[STC_CNT_MACS_ACTUAL], 30);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_GATED], 18);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_SKIPPED], 0);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_ALG], 48);
    cr_assert_eq(pr.cnt[STC_CNT_W_BYTES], 16);
    cr_assert_eq(pr.cnt[STC_CNT_A_BYTES], 12);
    cr_assert_eq(pr.cnt[STC_CNT_META_BYTES], 0);
    tcase_close(&c);
}

Test(tile_gating, hand_counts_sparse)
{
    /* N = 4, 2:4, M = 2, nblk = 2, block 0 skipped. All kept values of block
     * 1 are 1 except two explicit zeros; A all 1. Loaded PEs: 16 per beat,
     * 14 with a nonzero weight. */
    td_spec s = {
        .n = 4, .sparse = true, .m = 2, .nblk = 2, .skip = 0x1, .code = 0x4, .seed = 11100};
    tcase c;
    stc_probes pr;

    tcase_open(&c, &s, 16, 4);
    memset(c.j.a, 1, (size_t)c.j.m * c.j.k);
    memset(c.j.wd, 0, (size_t)c.j.k * 4);
    for (unsigned r = 0; r < 4; r++) {
        for (unsigned col = 0; col < 4; col++) {
            int8_t v = (r == 1 && col == 2) || (r == 2 && col == 0) ? 0 : 1;

            c.j.wk[(4 + r) * 4 + col] = v; /* block 1, kept row r */
            c.j.wd[(8 + 4 * (r / 2) + (r & 1)) * 4 + col] = v;
        }
    }
    tcase_drive(&c, NULL);
    assert_results(&c.j, c.ob.c);
    stc_tile_probe(c.t, &pr);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_ALG], 2 * 2 * 8 * 4);                  /* 128 */
    cr_assert_eq(pr.cnt[STC_CNT_MACS_SKIPPED], 1 * 2 * 8 * 4 + 1 * 2 * 16); /* 64 + 32 */
    cr_assert_eq(pr.cnt[STC_CNT_MACS_ACTUAL], 2 * 14);
    cr_assert_eq(pr.cnt[STC_CNT_MACS_GATED], 2 * 2);
    cr_assert_eq(pr.cnt[STC_CNT_META_BYTES], 2 * 2);
    cr_assert_eq(pr.cnt[STC_CNT_A_BYTES], 2 * 8);
    cr_assert_eq(pr.cnt[STC_CNT_CYCLES], 1 * (2 + 13) + 2);
    tcase_close(&c);
}

/* ---- wrap, reset, instances ------------------------------------------------- */

Test(tile_acc, wraps_like_uint32)
{
    td_spec s = {.n = 4, .m = 3, .nblk = 2, .bias = true, .seed = 12000};
    tcase c;

    tcase_open(&c, &s, 16, 4);
    for (unsigned i = 0; i < c.j.m * c.j.k; i++)
        c.j.a[i] = 127;
    for (unsigned i = 0; i < c.j.k * 4; i++)
        c.j.wd[i] = c.j.wk[i] = 127;
    for (unsigned i = 0; i < 12; i++)
        c.j.biasv[i] = INT32_MAX - (int32_t)i;
    tcase_drive(&c, NULL);
    assert_results(&c.j, c.ob.c);
    for (unsigned i = 0; i < 12; i++) {
        uint32_t e = (uint32_t)INT32_MAX - i + 8u * 127u * 127u;

        cr_assert_eq(c.ob.c[i], (int32_t)e);
        cr_assert_lt(c.ob.c[i], 0);
    }
    tcase_close(&c);
}

static void assert_probes_zero(const stc_probes *p)
{
    cr_assert_eq(p->state, 0);
    cr_assert_eq(p->blk, 0);
    cr_assert_eq(p->beat, 0);
    cr_assert_not(p->err);
    for (unsigned r = 0; r < STC_N_MAX; r++) {
        for (unsigned c = 0; c < STC_N_MAX; c++) {
            cr_assert_not(p->pe_v[r][c] || p->pe_en[r][c] || p->pe_en_q[r][c] || p->pe_pv[r][c]);
            cr_assert_eq(p->pe_w[r][c], 0);
            cr_assert_eq(p->pe_idx[r][c], 0);
            cr_assert_eq(p->pe_act[r][c], 0);
            cr_assert_eq(p->pe_prod[r][c], 0);
            cr_assert_eq(p->pe_psum[r][c], 0);
        }
        cr_assert_not(p->bot_v[r] || p->acc_we[r]);
        cr_assert_eq(p->acc_row[r], 0);
        cr_assert_eq(p->acc_wdata[r], 0);
    }
    for (unsigned i = 0; i < STC_NUM_COUNTERS; i++)
        cr_assert_eq(p->cnt[i], 0);
}

Test(tile_reset, mid_command_then_correct)
{
    static const unsigned stops[] = {1, 3, 9, 14, 22, 30, 45};

    for (unsigned i = 0; i < NELEM(stops); i++) {
        td_spec s = {.n = 4,
                     .sparse = (i & 1) != 0,
                     .m = 5,
                     .nblk = 2,
                     .bias = true,
                     .pz = {10, 10},
                     .seed = 13000 + i};
        tcase c;
        td_opts stop = {.max_cycles = stops[i]};
        td_opts op = {.stall_pct = 10, .seed = i};
        stc_probes pr;
        stc_outputs o;

        tcase_open(&c, &s, 16, 4);
        tcase_drive(&c, &stop);
        cr_assert_not(c.ob.done);
        step_idle(c.t, false);
        stc_tile_probe(c.t, &pr);
        assert_probes_zero(&pr);
        stc_tile_eval(c.t, &o);
        cr_assert(o.cmd_ready && !o.busy && !o.err);
        for (unsigned m = 0; m < 16; m++)
            for (unsigned col = 0; col < 4; col++)
                cr_assert_eq(stc_tile_acc(c.t, col, m), 0);
        tcase_drive(&c, &op);
        cr_assert(c.ob.done);
        assert_results(&c.j, c.ob.c);
        tcase_close(&c);
    }
}

Test(tile_reset, idle_after_command_only_weights_and_products_remain)
{
    /* After a command the array holds bubbles: everything but w, idx, prod
     * is back to 0 (the model may skip work on an idle array). */
    td_spec s = {.n = 16, .sparse = true, .m = 4, .nblk = 1, .seed = 14000};
    tcase c;
    stc_probes pr;

    tcase_open(&c, &s, 64, 8);
    tcase_drive(&c, NULL);
    for (unsigned k = 0; k < 3; k++)
        step_idle(c.t, true);
    stc_tile_probe(c.t, &pr);
    for (unsigned r = 0; r < 16; r++) {
        for (unsigned col = 0; col < 16; col++) {
            cr_assert_not(pr.pe_v[r][col] || pr.pe_en[r][col] || pr.pe_en_q[r][col] ||
                          pr.pe_pv[r][col]);
            cr_assert_eq(pr.pe_act[r][col], 0);
            cr_assert_eq(pr.pe_psum[r][col], 0);
        }
        cr_assert_not(pr.bot_v[r]);
    }
    /* A second command on the same tile still computes correctly. */
    tcase_drive(&c, NULL);
    assert_results(&c.j, c.ob.c);
    tcase_close(&c);
}

Test(tile_acc, command_clears_whole_bank)
{
    /* A large command, then a small one: rows the small one never writes
     * must read 0 (the bank is cleared at the command transfer). */
    td_spec big = {.n = 4, .m = 30, .nblk = 1, .bias = true, .seed = 12100};
    td_spec small = {.n = 4, .m = 3, .nblk = 1, .seed = 12101};
    tcase c;
    td_job js;
    td_obs os;

    tcase_open(&c, &big, 32, 4);
    td_job_make(&js, &small);
    td_obs_init(&os, &js);
    tcase_drive(&c, NULL);
    assert_results(&c.j, c.ob.c);
    cr_assert_neq(stc_tile_acc(c.t, 2, 29), 0);
    td_drive(c.t, &js, &os, 1, NULL);
    assert_results(&js, os.c);
    for (unsigned m = 3; m < 32; m++)
        for (unsigned col = 0; col < 4; col++)
            cr_assert_eq(stc_tile_acc(c.t, col, m), 0, "acc[%u][%u]", col, m);
    cr_assert_eq(stc_tile_acc(c.t, 4, 0), 0);
    cr_assert_eq(stc_tile_acc(c.t, 0, 32), 0);
    free(os.c);
    td_job_free(&js);
    tcase_close(&c);
}

Test(tile_instances, two_do_not_interfere)
{
    /* Two tiles of different sizes stepped alternately, cycle by cycle,
     * with different stall patterns; one is reset mid-way and restarted. */
    td_spec sa = {
        .n = 4, .m = 7, .nblk = 3, .skip = 0x2, .bias = true, .pz = {10, 10}, .seed = 15000};
    td_spec sb = {.n = 16, .sparse = true, .m = 5, .nblk = 2, .pz = {10, 10}, .seed = 15001};
    tcase a, b;
    td_opts oa = {.stall_pct = 15, .seed = 1}, ob = {.stall_pct = 30, .seed = 2};
    td_run da, db;
    bool more_a = true, more_b = true;

    tcase_open(&a, &sa, 16, 4);
    tcase_open(&b, &sb, 64, 8);
    td_begin(&db, b.t, &b.j, &b.ob, 1, &ob);
    for (unsigned k = 0; k < 25; k++)
        td_cycle(&db);
    step_idle(b.t, false); /* reset b only */
    td_begin(&da, a.t, &a.j, &a.ob, 1, &oa);
    td_begin(&db, b.t, &b.j, &b.ob, 1, &ob);
    while (more_a || more_b) {
        more_a = more_a && td_cycle(&da);
        more_b = more_b && td_cycle(&db);
    }
    td_end(&da);
    td_end(&db);
    cr_assert(a.ob.done && b.ob.done);
    assert_results(&a.j, a.ob.c);
    assert_results(&b.j, b.ob.c);
    tcase_close(&a);
    tcase_close(&b);
}

/* ---- micro-architecture dbuf (section 11) ------------------------------------ */

/* Section 11 closed form with an ideal host that offers every channel's
 * next beat at once (the bias rows and the first block's weights arrive
 * together). */
static unsigned dbuf_cycles(const td_job *j)
{
    unsigned p = td_job_passes(j), first = j->bias ? (j->m > j->n ? j->m : j->n) : j->n;

    if (p == 0)
        return (j->bias ? j->m : 0) + j->m;
    return first + p * (j->m + 2 * j->n + 1) + j->m;
}

Test(tile_params, uarch_names)
{
    stc_uarch u = STC_UARCH_BASE;
    stc_params p = {.n = 4, .m_max = 16, .kb_max = 4, .uarch = STC_UARCH_COUNT};

    cr_assert_eq(stc_uarch_parse("dbuf", &u), STC_OK);
    cr_assert_eq(u, STC_UARCH_DBUF);
    cr_assert_eq(stc_uarch_parse("base", &u), STC_OK);
    cr_assert_eq(u, STC_UARCH_BASE);
    cr_assert_eq(stc_uarch_parse("DBUF", &u), STC_EPARAM);
    cr_assert_eq(stc_uarch_parse(NULL, &u), STC_EPARAM);
    cr_assert_str_eq(stc_uarch_name(STC_UARCH_DBUF), "dbuf");
    cr_assert_null(stc_uarch_name(STC_UARCH_COUNT));
    cr_assert_eq(stc_params_check(&p), STC_EPARAM);
}

/* One job through a host with one queue per channel (what the lockstep's
 * host does, section 10): every channel offers its next beat as soon as the
 * previous one transferred. Results into c; returns the cycles counter. */
static unsigned drive_queues(stc_tile *t, const td_job *j, int32_t *c)
{
    unsigned n = j->n, sent[3] = {0, 0, 0}, rows = 0, nw = 0, na = 0;
    unsigned blk_w[64], blk_a[64];
    stc_probes pr;

    for (unsigned b = 0; b < j->nblk; b++)
        if (!td_job_skipped(j, b))
            blk_w[nw++] = blk_a[na++] = b;
    for (unsigned cycle = 0; rows < j->m; cycle++) {
        stc_inputs in;
        stc_outputs o;

        cr_assert_lt(cycle, 100000u, "the tile hung");
        memset(&in, 0, sizeof in);
        in.rst_n = true;
        in.res_ready = true;
        stc_tile_eval(t, &o);
        in.cmd_valid = cycle == 0;
        in.cmd_mode = j->sparse;
        in.cmd_m = j->m - 1;
        in.cmd_nblk = j->nblk - 1;
        in.cmd_skip = j->skip;
        in.cmd_bias = j->bias;
        if (cycle > 0 && j->bias && sent[0] < j->m) {
            in.bias_valid = true;
            memcpy(in.bias_data, &j->biasv[(size_t)sent[0] * n], n * sizeof(int32_t));
        }
        if (cycle > 0 && sent[1] < nw * n) {
            unsigned b = blk_w[sent[1] / n], r = sent[1] % n;

            in.w_valid = true;
            memcpy(in.w_data, &j->wk[((size_t)b * n + r) * n], n);
            if (j->sparse)
                memcpy(in.w_meta, &j->nib[((size_t)b * (n / 2) + r / 2) * n], n);
        }
        if (cycle > 0 && sent[2] < na * j->m) {
            unsigned b = blk_a[sent[2] / j->m], m = sent[2] % j->m;

            in.a_valid = true;
            for (unsigned x = 0; x < j->kd; x++)
                in.a_data[x] = j->a[(size_t)m * j->k + b * j->kd + x];
        }
        if (o.res_valid)
            memcpy(&c[(size_t)rows++ * n], o.res_data, n * sizeof(int32_t));
        sent[0] += in.bias_valid && o.bias_ready;
        sent[1] += in.w_valid && o.w_ready;
        sent[2] += in.a_valid && o.a_ready;
        stc_tile_step(t, &in);
    }
    stc_tile_probe(t, &pr);
    cr_assert_eq(pr.state, STC_ST_IDLE);
    cr_assert_eq(pr.cnt[STC_CNT_STALL_CYCLES], 0);
    return pr.cnt[STC_CNT_CYCLES];
}

/* Both micro-architectures through the queue host: the same (correct) C,
 * base in section 6's cycles, dbuf in section 11's, which save
 * (passes - 1) N + (bias ? min(M, N) : 0). */
Test(tile_dbuf, queue_host_cycles_and_results)
{
    static const td_spec specs[] = {
        {.n = 4, .m = 2, .nblk = 1, .bias = true, .pz = {10, 10}, .seed = 9000},
        {.n = 4, .m = 6, .nblk = 2, .bias = true, .pz = {10, 10}, .seed = 9001},
        {.n = 4, .m = 1, .nblk = 3, .pz = {10, 10}, .seed = 9002},
        {.n = 8, .sparse = true, .m = 5, .nblk = 3, .skip = 0x2, .bias = true, .seed = 9003},
        {.n = 16, .m = 16, .nblk = 4, .skip = 0x1, .pz = {30, 30}, .seed = 9004},
        {.n = 16, .sparse = true, .m = 40, .nblk = 2, .bias = true, .seed = 9005},
        {.n = 4, .m = 3, .nblk = 2, .skip = 0x3, .bias = true, .seed = 9006},
    };

    for (size_t i = 0; i < NELEM(specs); i++) {
        td_job j;
        int32_t *c = calloc(256 * 16, sizeof(int32_t));
        int32_t *exp = calloc(256 * 16, sizeof(int32_t));

        cr_assert(c && exp);
        td_job_make(&j, &specs[i]);
        job_expect(&j, exp);
        for (unsigned u = 0; u < STC_UARCH_COUNT; u++) {
            stc_tile *t = tile_new_uarch(j.n, 64, 8, (stc_uarch)u);
            unsigned want = u == STC_UARCH_DBUF ? dbuf_cycles(&j) : job_cycles(&j);
            unsigned got;

            memset(c, 0, 256 * 16 * sizeof(int32_t));
            step_idle(t, false);
            got = drive_queues(t, &j, c);
            cr_assert_eq(got, want, "spec %zu, %s: %u cycles, section %s gives %u", i,
                         stc_uarch_name((stc_uarch)u), got, u ? "11" : "6", want);
            cr_assert_arr_eq(c, exp, (size_t)j.m * j.n * sizeof(int32_t), "spec %zu, %s: C", i,
                             stc_uarch_name((stc_uarch)u));
            stc_tile_destroy(t);
        }
        td_job_free(&j);
        free(c);
        free(exp);
    }
    /* The saving of section 11 on the first two, worked by hand: N = 4. */
    {
        td_job a, b;

        td_job_make(&a, &specs[0]);
        td_job_make(&b, &specs[1]);
        cr_assert_eq(job_cycles(&a) - dbuf_cycles(&a), 2u);     /* min(M, N) = 2 */
        cr_assert_eq(job_cycles(&b) - dbuf_cycles(&b), 4u + 4); /* one later pass + min(6, 4) */
        td_job_free(&a);
        td_job_free(&b);
    }
}

/* Through the harness's other host (phases in order: bias, then each
 * block's weights and activations): the later blocks' weights still load
 * during the previous FLUSH; results and every counter, with and without
 * stalls (which may make a block wait in LOAD). */
Test(tile_dbuf, phase_host_results_and_counters)
{
    static const td_spec specs[] = {
        {.n = 4, .m = 7, .nblk = 3, .pz = {10, 30}, .seed = 9100},
        {.n = 16, .m = 3, .nblk = 3, .skip = 0x2, .pz = {10, 30}, .seed = 9101},
        {.n = 4, .sparse = true, .m = 9, .nblk = 3, .pz = {15, 25}, .seed = 9102},
        {.n = 16, .sparse = true, .m = 17, .nblk = 2, .pz = {15, 25}, .seed = 9103},
        {.n = 8, .m = 4, .nblk = 2, .bias = true, .pz = {10, 10}, .seed = 9104},
    };

    for (size_t i = 0; i < NELEM(specs); i++) {
        for (unsigned stall = 0; stall <= 40; stall += 40) {
            tcase c;
            td_opts op = {.stall_pct = stall, .seed = specs[i].seed, .noise = stall > 0};
            stc_probes pr;
            unsigned base, busy;

            c.t = tile_new_uarch(specs[i].n, 64, 8, STC_UARCH_DBUF);
            td_job_make(&c.j, &specs[i]);
            td_obs_init(&c.ob, &c.j);
            tcase_drive(&c, &op);
            cr_assert(c.ob.done);
            assert_results(&c.j, c.ob.c);
            stc_tile_probe(c.t, &pr);
            cr_assert_not(pr.err);
            /* A weight beat withheld while the tile is in FLUSH or STREAM
             * waits, but is no stall of the tile's (section 11). */
            cr_assert_leq(pr.cnt[STC_CNT_STALL_CYCLES], c.ob.stalls);
            if (stall == 0)
                cr_assert_eq(pr.cnt[STC_CNT_STALL_CYCLES], 0);
            /* This host sends the bias rows before any weight: no overlap. */
            base = job_cycles(&c.j);
            busy = pr.cnt[STC_CNT_CYCLES] - pr.cnt[STC_CNT_STALL_CYCLES];
            if (stall == 0 && !c.j.bias)
                cr_assert_eq(busy, dbuf_cycles(&c.j), "spec %zu: %u cycles", i, busy);
            /* Section 11's bounds with stalls: weights that waited in LOAD. */
            cr_assert_leq(busy, base);
            cr_assert_geq(busy, base - td_job_passes(&c.j) * c.j.n);
            /* The counters other than cycles and stalls are those of
             * section 7. */
            pr.cnt[STC_CNT_CYCLES] = job_cycles(&c.j) + c.ob.stalls;
            pr.cnt[STC_CNT_STALL_CYCLES] = c.ob.stalls;
            assert_counters(&c.j, &c.ob, &pr);
            tcase_close(&c);
        }
    }
}

/* The registers section 11 names, cycle by cycle, N = 4, M = 2, two blocks,
 * no bias, ideal phase host: LOAD keeps beat_q at 0, w_ready stays up in
 * STREAM and FLUSH while the second block's weights load, blk_q moves at
 * the swap (the FLUSH -> STREAM edge, no second LOAD), and the array then
 * holds the second block's weights. */
Test(tile_dbuf, swap_timeline)
{
    td_spec s = {.n = 4, .m = 2, .nblk = 2, .pz = {0, 0}, .seed = 9200};
    stc_probes tr[64];
    td_opts op = {.trace = tr, .trace_cap = 64};
    tcase c;
    unsigned load = 0, flush_end = 0;

    c.t = tile_new_uarch(4, 16, 4, STC_UARCH_DBUF);
    td_job_make(&c.j, &s);
    td_obs_init(&c.ob, &c.j);
    tcase_drive(&c, &op);
    /* The command cycle, then the busy ones. */
    cr_assert_eq(c.cycles, 1 + dbuf_cycles(&c.j), "driven %u", c.cycles);
    for (unsigned k = 0; k < c.cycles && k < 64; k++) {
        if (tr[k].state == STC_ST_LOAD) {
            load++;
            cr_assert_eq(tr[k].beat, 0, "cycle %u", k);
            cr_assert_eq(tr[k].blk, 0, "cycle %u", k);
        }
        if (k > 0 && tr[k - 1].state == STC_ST_FLUSH && tr[k].state == STC_ST_STREAM)
            flush_end = k;
    }
    cr_assert_eq(load, 4u, "one LOAD phase of N cycles");
    cr_assert_neq(flush_end, 0u, "FLUSH goes straight to STREAM");
    cr_assert_eq(tr[flush_end - 1].blk, 0);
    cr_assert_eq(tr[flush_end].blk, 1);
    for (unsigned r = 0; r < 4; r++)
        for (unsigned col = 0; col < 4; col++) {
            cr_assert_eq(tr[flush_end - 1].pe_w[r][col], c.j.wk[(0 * 4 + r) * 4 + col]);
            cr_assert_eq(tr[flush_end].pe_w[r][col], c.j.wk[(1 * 4 + r) * 4 + col]);
        }
    assert_results(&c.j, c.ob.c);
    tcase_close(&c);
}

/* The lockstep's per-cycle probe: one record, zeroed once and updated every
 * cycle of stalled 2:4 and dense commands at N=4 (the corner path) and N=16
 * (the whole grids), is byte for byte (padding included, which the compare's
 * memcmp sees) what the full probe writes into a fresh zeroed record in that
 * cycle: no value of an earlier cycle survives. */
Test(tile, probe_update_of_a_zeroed_record_equals_the_full_probe)
{
    static const td_spec specs[] = {
        {.n = 4, .sparse = true, .m = 5, .nblk = 3, .skip = 0x2, .pz = {20, 30}, .seed = 9300},
        {.n = 16, .m = 3, .nblk = 2, .bias = true, .pz = {10, 30}, .seed = 9301},
    };

    for (size_t i = 0; i < NELEM(specs); i++) {
        stc_tile *t = tile_new(specs[i].n, 64, 8);
        td_opts op = {.stall_pct = 30, .seed = specs[i].seed, .noise = true};
        stc_probes upd, full;
        unsigned cycles = 0;
        td_job j;
        td_obs ob;
        td_run d;

        memset(&upd, 0, sizeof upd);
        td_job_make(&j, &specs[i]);
        td_obs_init(&ob, &j);
        td_begin(&d, t, &j, &ob, 1, &op);
        do {
            stc_tile_probe_update(t, &upd);
            memset(&full, 0, sizeof full);
            stc_tile_probe(t, &full);
            cr_assert_eq(memcmp(&upd, &full, sizeof upd), 0, "spec %zu, cycle %u", i, cycles);
            cycles++;
        } while (td_cycle(&d));
        td_end(&d);
        cr_assert(ob.done);
        cr_assert_gt(cycles, 20);
        free(ob.c);
        td_job_free(&j);
        stc_tile_destroy(t);
    }
}

/* One check of probe_since_a_generation_equals_the_full_probe. */
static uint64_t since_check(stc_tile *t, stc_probes *since, uint64_t gen, const char *at,
                            unsigned cycle)
{
    stc_probes full;
    uint64_t now = stc_tile_probe_since(t, since, gen);

    cr_assert_neq(now, 0);
    memset(&full, 0, sizeof full);
    stc_tile_probe(t, &full);
    cr_assert_eq(memcmp(since, &full, sizeof full), 0, "%s, cycle %u", at, cycle);
    return now;
}

/* The lockstep's probe of an idle array: a record updated by
 * stc_tile_probe_since, which rewrites the per-PE grids only when the grid
 * generation moved, is byte for byte the full probe in every cycle of
 * stalled commands with bubbles and weight loads, in both
 * micro-architectures (dbuf swaps its weights), then across a reset and
 * idle cycles after it (a generation that missed an edge leaves a stale
 * grid), and the generation does hold through idle cycles (else nothing
 * is saved). */
Test(tile, probe_since_a_generation_equals_the_full_probe)
{
    static const td_spec specs[] = {
        {.n = 4, .sparse = true, .m = 5, .nblk = 3, .skip = 0x2, .pz = {20, 30}, .seed = 9310},
        {.n = 16, .m = 3, .nblk = 2, .bias = true, .pz = {10, 30}, .seed = 9311},
    };
    static const stc_uarch uarchs[] = {STC_UARCH_BASE, STC_UARCH_DBUF};

    for (size_t u = 0; u < NELEM(uarchs); u++)
        for (size_t i = 0; i < NELEM(specs); i++) {
            stc_tile *t = tile_new_uarch(specs[i].n, 64, 8, uarchs[u]);
            td_opts op = {.stall_pct = 30, .seed = specs[i].seed, .noise = true};
            const char *name = stc_uarch_name(uarchs[u]);
            stc_probes since;
            uint64_t gen = 0, last = 0;
            unsigned cycles = 0, held = 0;
            td_job j;
            td_obs ob;
            td_run d;

            memset(&since, 0, sizeof since);
            td_job_make(&j, &specs[i]);
            td_obs_init(&ob, &j);
            td_begin(&d, t, &j, &ob, 1, &op);
            do {
                gen = since_check(t, &since, gen, name, cycles++);
                held += gen == last;
                last = gen;
            } while (td_cycle(&d));
            td_end(&d);
            cr_assert(ob.done);
            step_idle(t, false); /* the weights and the array back to zero */
            gen = since_check(t, &since, gen, name, cycles++);
            for (unsigned k = 0; k < 3; k++) {
                step_idle(t, true);
                gen = since_check(t, &since, gen, name, cycles++);
            }
            cr_assert_gt(cycles, 20);
            cr_assert_gt(held, 5, "%s: the generation never held", name);
            free(ob.c);
            td_job_free(&j);
            stc_tile_destroy(t);
        }
}

/* One check of grids_equal_in_place_agrees_with_the_probe_record: equal to
 * the model's own grids, and unequal with any one field of one PE off by
 * one bit (the PE and the bit drawn from the cycle), in each of the nine.
 * The grids are packed by hand (rtl_flat_grids_of) and read from copies
 * of their exact sizes (a read past one crashes). */
static void in_place_check(const stc_tile *t, unsigned n, unsigned cycle)
{
    stc_probes pr;
    rtl_flat_grids a;
    rtl_tight_grids g;
    stc_tile_probe(t, &pr);
    rtl_flat_grids_of(&pr, n, &a);
    rtl_tight_grids_make(&a, n, &g);
    cr_assert(stc_tile_grids_equal(t, &g.view), "n=%u cycle %u", n, cycle);
    unsigned i = (cycle * 7u) % (n * n), bit = cycle % 8;
    /* PE i in each byte vector: a flag at bit i % 8 of byte i / 8, the
     * weight in byte i, the select at bits 2*(i % 4) and 2*(i % 4) + 1 of
     * byte i / 4. */
    struct {
        uint8_t *byte, flip;
    } bytes[] = {
        {&g.v[i / 8], (uint8_t)(1u << (i % 8))},
        {&g.en[i / 8], (uint8_t)(1u << (i % 8))},
        {&g.en_q[i / 8], (uint8_t)(1u << (i % 8))},
        {&g.pv[i / 8], (uint8_t)(1u << (i % 8))},
        {&g.w[i], (uint8_t)(1u << bit)},
        {&g.idx[i / 4], (uint8_t)(1u << (2 * (i % 4) + bit % 2))},
    };
    uint32_t *words[] = {g.act, g.prod, g.psum};
    for (size_t f = 0; f < NELEM(bytes); f++) {
        *bytes[f].byte ^= bytes[f].flip;
        cr_assert_not(stc_tile_grids_equal(t, &g.view), "n=%u cycle %u byte grid %zu", n, cycle, f);
        *bytes[f].byte ^= bytes[f].flip;
    }
    for (size_t f = 0; f < NELEM(words); f++) {
        words[f][i] ^= 1u << (bit * 4);
        cr_assert_not(stc_tile_grids_equal(t, &g.view), "n=%u cycle %u word grid %zu", n, cycle, f);
        words[f][i] ^= 1u << (bit * 4);
    }
    rtl_tight_grids_free(&g);
}

/* The lockstep's in-place compare of the per-PE probes (stc_tile_grids_equal
 * against the arrays a Verilated model keeps) agrees with the probe record
 * in every cycle of stalled commands, at n = 4 (row by row) and n = 16
 * (whole grids), in both micro-architectures, and sees a one-bit change of
 * any field of any PE. */
Test(tile, grids_equal_in_place_agrees_with_the_probe_record)
{
    static const td_spec specs[] = {
        {.n = 4, .sparse = true, .m = 5, .nblk = 3, .skip = 0x2, .pz = {20, 30}, .seed = 9320},
        {.n = 16, .m = 3, .nblk = 2, .bias = true, .pz = {10, 30}, .seed = 9321},
    };
    static const stc_uarch uarchs[] = {STC_UARCH_BASE, STC_UARCH_DBUF};

    for (size_t u = 0; u < NELEM(uarchs); u++)
        for (size_t i = 0; i < NELEM(specs); i++) {
            stc_tile *t = tile_new_uarch(specs[i].n, 64, 8, uarchs[u]);
            td_opts op = {.stall_pct = 30, .seed = specs[i].seed, .noise = true};
            unsigned cycles = 0;
            td_job j;
            td_obs ob;
            td_run d;

            td_job_make(&j, &specs[i]);
            td_obs_init(&ob, &j);
            td_begin(&d, t, &j, &ob, 1, &op);
            do
                in_place_check(t, specs[i].n, cycles++);
            while (td_cycle(&d));
            td_end(&d);
            cr_assert(ob.done);
            cr_assert_gt(cycles, 20);
            free(ob.c);
            td_job_free(&j);
            stc_tile_destroy(t);
        }
}

/* The cycles in which each of the four flag grids, and the selects, held
 * two different values (a layout error could hide in a grid of one). */
typedef struct mixed_grids {
    unsigned flags[4]; /* cycles with a PE at 0 and one at 1 */
    unsigned idx;      /* cycles with two PEs' selects different */
} mixed_grids;

static void note_mixed(const stc_probes *pr, unsigned n, mixed_grids *m)
{
    bool seen[4][2] = {{false}}, idx_seen = false;
    for (unsigned r = 0; r < n; r++)
        for (unsigned c = 0; c < n; c++) {
            seen[0][pr->pe_v[r][c]] = seen[1][pr->pe_en[r][c]] = true;
            seen[2][pr->pe_en_q[r][c]] = seen[3][pr->pe_pv[r][c]] = true;
            idx_seen |= pr->pe_idx[r][c] != pr->pe_idx[0][0];
        }
    for (unsigned f = 0; f < 4; f++)
        m->flags[f] += seen[f][0] && seen[f][1];
    m->idx += idx_seen;
}

/* One cycle of grids_equal_sees_each_bit_of_a_pe_where_the_layout_puts_it:
 * the model's grids packed by hand equal, then every bit of the flags, the
 * select and the weight of PE (r, c) flipped alone at the place the layout
 * of stc_pe_grids gives (i = r*n + c: a flag bit i % 8 of byte i / 8, the
 * select bits 2*(i % 4) and 2*(i % 4) + 1 of byte i / 4, the weight byte
 * i) unequal, for the four corners and two PEs inside; the bits of the
 * flags' last byte past the last PE (n*n not a multiple of 8) are no PE's
 * and change nothing. */
static void place_check(const stc_tile *t, unsigned n, unsigned cycle, mixed_grids *m)
{
    const unsigned places[][2] = {{0, 0},     {0, n - 1},    {1, 0}, {n / 2, n / 2 - 1},
                                  {n - 1, 0}, {n - 1, n - 1}};
    stc_probes pr;
    rtl_flat_grids a;
    rtl_tight_grids g;
    stc_tile_probe(t, &pr);
    note_mixed(&pr, n, m);
    rtl_flat_grids_of(&pr, n, &a);
    rtl_tight_grids_make(&a, n, &g);
    uint8_t *flags[] = {g.v, g.en, g.en_q, g.pv};
    cr_assert(stc_tile_grids_equal(t, &g.view), "n=%u cycle %u", n, cycle);
    for (size_t p = 0; p < NELEM(places); p++) {
        const unsigned r = places[p][0], c = places[p][1], i = r * n + c;
        for (size_t f = 0; f < NELEM(flags); f++) {
            flags[f][i / 8] ^= (uint8_t)(1u << (i % 8));
            cr_assert_not(stc_tile_grids_equal(t, &g.view), "n=%u cycle %u flag %zu PE(%u,%u)", n,
                          cycle, f, r, c);
            flags[f][i / 8] ^= (uint8_t)(1u << (i % 8));
        }
        for (unsigned bit = 0; bit < 2; bit++) {
            g.idx[i / 4] ^= (uint8_t)(1u << (2 * (i % 4) + bit));
            cr_assert_not(stc_tile_grids_equal(t, &g.view), "n=%u cycle %u idx bit %u PE(%u,%u)", n,
                          cycle, bit, r, c);
            g.idx[i / 4] ^= (uint8_t)(1u << (2 * (i % 4) + bit));
        }
        for (unsigned bit = 0; bit < 8; bit++) {
            g.w[i] ^= (uint8_t)(1u << bit);
            cr_assert_not(stc_tile_grids_equal(t, &g.view), "n=%u cycle %u w bit %u PE(%u,%u)", n,
                          cycle, bit, r, c);
            g.w[i] ^= (uint8_t)(1u << bit);
        }
    }
    for (unsigned bit = n * n % 8; n * n % 8 != 0 && bit < 8; bit++)
        for (size_t f = 0; f < NELEM(flags); f++) {
            flags[f][n * n / 8] ^= (uint8_t)(1u << bit);
            cr_assert(stc_tile_grids_equal(t, &g.view), "n=%u cycle %u flag %zu pad bit %u", n,
                      cycle, f, bit);
            flags[f][n * n / 8] ^= (uint8_t)(1u << bit);
        }
    rtl_tight_grids_free(&g);
}

/* The in-place compare reads each PE's flags, select and weight where the
 * packed layout puts them, at N_MAX (the whole-array path), at n = 4, 8
 * and 12 (four PEs of a row at a time: one, four and nine times 16 PEs,
 * n = 12's quads of 16 across rows) and at n = 6, 10 and 14 (PE by PE:
 * rows across bytes, a last byte part padding): in every cycle of a 2:4
 * command with stalls, each of those bits of six PEs counts, the padding
 * does not, no byte past a vector is read, and the grids showed both
 * values while it ran. */
Test(tile, grids_equal_sees_each_bit_of_a_pe_where_the_layout_puts_it)
{
    static const unsigned ns[] = {STC_N_MAX, 4, 8, 12, 6, 10, 14};
    for (size_t k = 0; k < NELEM(ns); k++) {
        const td_spec spec = {
            .n = ns[k], .sparse = true, .m = 6, .nblk = 2, .pz = {30, 30}, .seed = 9330 + k};
        stc_tile *t = tile_new_uarch(ns[k], 64, 8, STC_UARCH_BASE);
        td_opts op = {.stall_pct = 20, .seed = spec.seed, .noise = true};
        mixed_grids m = {{0}, 0};
        unsigned cycles = 0;
        td_job j;
        td_obs ob;
        td_run d;

        td_job_make(&j, &spec);
        td_obs_init(&ob, &j);
        td_begin(&d, t, &j, &ob, 1, &op);
        do
            place_check(t, ns[k], cycles++, &m);
        while (td_cycle(&d));
        td_end(&d);
        cr_assert(ob.done);
        for (unsigned f = 0; f < 4; f++)
            cr_assert_gt(m.flags[f], 0, "n=%u: flag grid %u never mixed", ns[k], f);
        cr_assert_gt(m.idx, 0, "n=%u: the selects never differed", ns[k]);
        free(ob.c);
        td_job_free(&j);
        stc_tile_destroy(t);
    }
}
