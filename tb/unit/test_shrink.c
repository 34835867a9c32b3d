// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_shrink.c - the shrinker (sim/debug/stc_shrink.c) on the RTL double
 * with a fault that follows the data (PE(1,2)'s product corrupted whenever
 * it is nonzero): the shrunk vector still fails on the same signal, is
 * smaller in M, K and nonzeros, is a valid vector whose stored C is the
 * functional reference's, passes on a clean double, and the shrink is
 * deterministic.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "rtl_double.h"
#include "stc_gen.h"
#include "stc_shrink.h"

static stc_vec sh_vector(void)
{
    char err[STC_VEC_ERR_MAX];
    stc_gen_opts g;
    stc_vec v;
    stc_gen_opts_init(&g);
    g.cls = "sp24";
    g.n = RTL_DOUBLE_N;
    g.m = 16;
    g.k = 8 * RTL_DOUBLE_N; /* four 2:4 blocks */
    g.seed = 3;
    g.bias = true;
    cr_assert_eq(stc_gen_vector(&g, &v, err, sizeof err), STC_OK, "%s", err);
    return v;
}

static stc_shrink_result sh_run(const stc_vec *v)
{
    stc_rtl *rtl;
    stc_shrink_result sr;
    stc_shrink_opts so = {.run = {.stim = {.seed = 1, .stall_pct = 20}}};
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_fault f = {RTL_FAULT_PROD_SEEN, 1, 2, 5, 0};
    rtl_double_plant(rtl, &f);
    cr_assert_eq(stc_shrink(rtl, v, &so, &sr), STC_OK);
    stc_rtl_destroy(rtl);
    return sr;
}

/* The double with fault kind planted, at txn (one failure), and so set to
 * shrink there: in lockstep a hang's w_ready_o differs from the model's
 * first. */
static stc_rtl *txn_double(rtl_fault_kind kind, unsigned col, unsigned bit, stc_shrink_opts *so)
{
    stc_rtl *rtl;
    *so = (stc_shrink_opts){.run = {.stim = {.seed = 1, .stall_pct = 20},
                                    .check = {.level = STC_LEVEL_TXN, .max_errors = 1}}};
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_fault f = {kind, 0, col, bit, 0};
    rtl_double_plant(rtl, &f);
    return rtl;
}

Test(shrink, smaller_still_failing_valid_and_deterministic)
{
    char err[STC_VEC_ERR_MAX];
    stc_vec v = sh_vector();
    stc_shrink_result a = sh_run(&v), b = sh_run(&v);
    cr_assert(a.failed, "the original must fail on the faulty double");
    cr_assert_not(a.res.pass);
    cr_assert_str_eq(a.signature, "pe_prod");
    cr_assert_lt(a.vec.m, v.m);
    cr_assert_leq(a.vec.k, v.k);
    cr_assert_lt(stc_shrink_nonzeros(&a.vec), stc_shrink_nonzeros(&v));
    cr_assert_eq(stc_vec_validate(&a.vec, err, sizeof err), STC_OK, "%s", err);
    cr_assert_eq(stc_vec_check_expected(&a.vec, err, sizeof err), STC_OK, "%s", err);
    /* Deterministic: the same vector, stall and run count both times. */
    cr_assert_eq(a.vec.m, b.vec.m);
    cr_assert_eq(a.vec.k, b.vec.k);
    cr_assert_eq(a.stall_pct, b.stall_pct);
    cr_assert_eq(a.runs, b.runs);
    cr_assert_eq(memcmp(a.vec.a, b.vec.a, (size_t)a.vec.m * a.vec.k), 0);
    /* The minimal vector passes on a clean double: the fault, not the
     * vector, is what fails. */
    stc_rtl *clean;
    stc_run_result r;
    stc_run_opts o;
    memset(&o, 0, sizeof o);
    o.stim.seed = 1;
    o.stim.stall_pct = a.stall_pct;
    cr_assert_eq(stc_rtl_create(0, NULL, &clean), STC_OK);
    cr_assert_eq(stc_lockstep_run(clean, &a.vec, &o, &r), STC_OK);
    cr_assert(r.pass, "%s", r.first_signal);
    stc_rtl_destroy(clean);
    stc_vec_free(&a.vec);
    stc_vec_free(&b.vec);
    stc_vec_free(&v);
}

/* A hang shrinks to a vector that still hangs on the same handshake: the
 * weight port that never becomes ready hangs every vector with a block to
 * load, so one block of one row remains, and the signature names the
 * handshake, not only "timeout". A pause the limit covers is no hang: the
 * candidates must hang, not only be slow. */
Test(shrink, a_hang_shrinks_to_a_vector_that_still_hangs)
{
    stc_shrink_result sr;
    stc_shrink_opts so;
    stc_vec v = sh_vector();
    stc_rtl *rtl = txn_double(RTL_FAULT_W_STUCK, 0, 0, &so);
    cr_assert_eq(stc_shrink(rtl, &v, &so, &sr), STC_OK);
    cr_assert(sr.failed);
    cr_assert(sr.res.timeout, "%s", sr.res.first_signal);
    cr_assert_str_eq(sr.signature, "timeout (hang: w_valid_i waits for w_ready_o)");
    cr_assert_eq(sr.vec.m, 1);
    cr_assert_eq(sr.vec.k, 2 * RTL_DOUBLE_N); /* one 2:4 block */
    cr_assert_eq(sr.stall_pct, 0);
    /* The minimal hang shrunk again: no candidate hangs on the same
     * handshake, none is kept, and it is the vector given (stc_debug then
     * says "the hang does not shrink"). */
    stc_shrink_result again;
    so.run.stim.stall_pct = 0;
    cr_assert_eq(stc_shrink(rtl, &sr.vec, &so, &again), STC_OK);
    cr_assert(again.failed && again.res.timeout);
    cr_assert_eq(again.accepted, 0, "%u candidates of a minimal hang kept", again.accepted);
    cr_assert_gt(again.runs, 1, "no candidate was tried");
    cr_assert_eq(again.vec.m, sr.vec.m);
    cr_assert_eq(again.vec.k, sr.vec.k);
    cr_assert_eq(stc_shrink_nonzeros(&again.vec), stc_shrink_nonzeros(&sr.vec));
    cr_assert_str_eq(again.signature, sr.signature);
    stc_vec_free(&again.vec);
    stc_vec_free(&sr.vec);
    stc_rtl_destroy(rtl);
    stc_vec_free(&v);
}

/* At txn a wrong result row shrinks like any failure: the shrinker
 * replays its candidates without a log (report.log NULL), so the
 * scoreboard and the host judge them without writing a line anywhere. */
Test(shrink, a_txn_result_mismatch_shrinks_without_a_log)
{
    stc_shrink_result sr;
    stc_shrink_opts so;
    stc_vec v = sh_vector();
    stc_rtl *rtl = txn_double(RTL_FAULT_RES_DATA, 1, 3, &so);
    cr_assert_eq(stc_shrink(rtl, &v, &so, &sr), STC_OK);
    cr_assert(sr.failed);
    cr_assert_not(sr.res.pass);
    cr_assert_str_eq(sr.signature, "txn: result");
    cr_assert_lt(sr.vec.m, v.m, "the mismatch did not shrink (m %u of %u)", sr.vec.m, v.m);
    stc_vec_free(&sr.vec);
    stc_rtl_destroy(rtl);
    stc_vec_free(&v);
}
