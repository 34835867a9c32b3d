// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_moe.c - the mixture-of-experts generator (vectors/stc_gen_moe.h) and
 * the generator's --a-zeros option: routing, dispatch schemes and command
 * vectors against figures worked out by hand from their definitions.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "stc_gen.h"
#include "stc_gen_moe.h"

/* The design notes' shape: 64 experts, 8192 tokens, top-2 (mean 256). */
static stc_moe_opts tm_opts(const char *dist, uint64_t seed)
{
    stc_moe_opts o = {dist, 64, 8192, 2, 16, 64, seed};
    return o;
}

static void tm_route(const stc_moe_opts *o, stc_moe_routing *r)
{
    char err[256] = "";
    cr_assert_eq(stc_moe_route(o, r, err, sizeof err), STC_OK, "%s", err);
}

static void tm_plan(const stc_moe_opts *o, const stc_moe_routing *r, const char *scheme,
                    stc_moe_plan *p)
{
    char err[256] = "";
    cr_assert_eq(stc_moe_plan_make(o, r, scheme, p, err, sizeof err), STC_OK, "%s", err);
}

Test(moe, balanced_routing_gives_every_expert_the_mean)
{
    stc_moe_opts o = tm_opts("balanced", 1);
    stc_moe_routing r;
    tm_route(&o, &r);
    for (unsigned e = 0; e < 64; e++)
        cr_expect_eq(r.load[e], 256u, "expert %u has %u tokens", e, r.load[e]);
    /* token t goes to experts 2t mod 64 and 2t+1 mod 64: expert 0 gets
     * tokens 0, 32, 64, ... in order */
    cr_expect_eq(r.tok[r.first[0]], 0u);
    cr_expect_eq(r.tok[r.first[0] + 1], 32u);
    cr_expect_eq(r.tok[r.first[1] + 1], 32u);
    stc_moe_routing_free(&r);
}

/* Every token is routed to exactly k distinct experts, whatever the
 * distribution, and each expert's list is in token order. */
Test(moe, every_token_goes_to_k_distinct_experts)
{
    static const char *const dists[] = {"uniform", "zipf", "hot2", "hot10"};
    for (size_t i = 0; i < sizeof dists / sizeof dists[0]; i++) {
        stc_moe_opts o = tm_opts(dists[i], 7);
        stc_moe_routing r;
        tm_route(&o, &r);
        unsigned *count = calloc(o.tokens, sizeof *count);
        unsigned total = 0;
        for (unsigned e = 0; e < 64; e++) {
            total += r.load[e];
            for (unsigned j = 0; j < r.load[e]; j++) {
                uint32_t t = r.tok[r.first[e] + j];
                count[t]++;
                if (j > 0)
                    cr_expect_lt(r.tok[r.first[e] + j - 1], t, "%s: expert %u not in token order",
                                 dists[i], e);
            }
        }
        cr_expect_eq(total, 8192u * 2u, "%s", dists[i]);
        for (unsigned t = 0; t < o.tokens; t++)
            cr_expect_eq(count[t], 2u, "%s: token %u routed %u times", dists[i], t, count[t]);
        free(count);
        stc_moe_routing_free(&r);
    }
}

/* hotX: expert 0 is picked with probability X k / E per token, so its load
 * is Binomial(8192, 0.3125) for hot10: mean 2560, standard deviation 42. */
Test(moe, hot_expert_carries_x_times_the_mean)
{
    stc_moe_opts o = tm_opts("hot10", 3);
    stc_moe_routing r;
    tm_route(&o, &r);
    cr_expect(r.load[0] > 2560 - 5 * 42 && r.load[0] < 2560 + 5 * 42, "hot expert load %u",
              r.load[0]);
    stc_moe_routing_free(&r);
}

Test(moe, same_seed_same_routing_other_seed_other)
{
    stc_moe_opts a = tm_opts("uniform", 5), b = tm_opts("uniform", 6);
    stc_moe_routing r1, r2, r3;
    tm_route(&a, &r1);
    tm_route(&a, &r2);
    tm_route(&b, &r3);
    cr_expect_eq(memcmp(r1.tok, r2.tok, 8192 * 2 * sizeof *r1.tok), 0);
    cr_expect_neq(memcmp(r1.tok, r3.tok, 8192 * 2 * sizeof *r1.tok), 0);
    stc_moe_routing_free(&r1);
    stc_moe_routing_free(&r2);
    stc_moe_routing_free(&r3);
}

Test(moe, bad_options_are_errors_not_crashes)
{
    char err[256] = "";
    stc_moe_routing r;
    stc_moe_opts o = tm_opts("hot33", 1); /* 33 x 2 > 64 experts */
    cr_expect_eq(stc_moe_route(&o, &r, err, sizeof err), STC_EPARAM);
    cr_expect(strstr(err, "hot33") != NULL, "%s", err);
    o = tm_opts("lognormal", 1);
    cr_expect_eq(stc_moe_route(&o, &r, err, sizeof err), STC_EPARAM);
    o = tm_opts("uniform", 1);
    o.topk = 65;
    cr_expect_eq(stc_moe_route(&o, &r, err, sizeof err), STC_EPARAM);
    o = tm_opts("balanced", 1);
    tm_route(&o, &r);
    stc_moe_plan p;
    cr_expect_eq(stc_moe_plan_make(&o, &r, "cap99", &p, err, sizeof err), STC_EPARAM);
    cr_expect_eq(stc_moe_plan_make(&o, &r, "capx", &p, err, sizeof err), STC_EPARAM);
    /* capacity 4.00 x 256 = 1024 rows is the tile's M_MAX; 4.01 is more */
    cr_expect_eq(stc_moe_plan_make(&o, &r, "cap400", &p, err, sizeof err), STC_OK);
    stc_moe_plan_free(&p);
    o.tokens = 8224; /* mean 257: capacity 4.00 is 1028 rows */
    stc_moe_routing_free(&r);
    tm_route(&o, &r);
    cr_expect_eq(stc_moe_plan_make(&o, &r, "cap400", &p, err, sizeof err), STC_EPARAM);
    stc_moe_routing_free(&r);
}

/* Sort-and-group: M = n_e in chunks of at most 1024; nothing padded. */
Test(moe, group_cuts_the_hot_expert_into_m_max_chunks)
{
    stc_moe_opts o = tm_opts("hot10", 1);
    stc_moe_routing r;
    tm_route(&o, &r);
    stc_moe_plan p;
    tm_plan(&o, &r, "group", &p);
    unsigned load0 = r.load[0], rows0 = 0, useful = 0, chunks0 = 0;
    for (unsigned i = 0; i < p.ncmd; i++) {
        cr_expect_eq(p.cmd[i].m, p.cmd[i].useful, "command %u padded", i);
        cr_expect_leq(p.cmd[i].m, 1024u);
        useful += p.cmd[i].useful;
        if (p.cmd[i].expert == 0) {
            cr_expect_eq(p.cmd[i].tok0, rows0);
            rows0 += p.cmd[i].m;
            chunks0++;
        }
    }
    cr_expect_eq(useful, 8192u * 2u);
    cr_expect_eq(rows0, load0);
    cr_expect_eq(chunks0, (load0 + 1023) / 1024, "load %u in %u chunks", load0, chunks0);
    for (unsigned e = 0; e < 64; e++)
        cr_expect_eq(p.dropped[e], 0u);
    stc_moe_plan_free(&p);
    stc_moe_routing_free(&r);
}

/* Capacity 1.25 at mean 256: C = 320 rows for every expert; an expert
 * with more drops the rest, one with fewer is padded to 320. */
Test(moe, capacity_gives_every_expert_c_rows)
{
    stc_moe_opts o = tm_opts("hot5", 2);
    stc_moe_routing r;
    tm_route(&o, &r);
    stc_moe_plan p;
    tm_plan(&o, &r, "cap125", &p);
    cr_expect_eq(p.ncmd, 64u);
    for (unsigned i = 0; i < p.ncmd; i++) {
        unsigned e = p.cmd[i].expert, load = r.load[e];
        cr_expect_eq(p.cmd[i].m, 320u);
        cr_expect_eq(p.cmd[i].useful, load < 320 ? load : 320u);
        cr_expect_eq(p.dropped[e], load > 320 ? load - 320 : 0u);
    }
    cr_expect_gt(p.dropped[0], 0u, "the hot expert (load %u) drops nothing", r.load[0]);
    stc_moe_plan_free(&p);
    stc_moe_routing_free(&r);
}

/* Bucketing: M is the next of 64..1024 at or above each chunk's rows. */
Test(moe, bucket_rounds_up_to_the_next_bucket)
{
    stc_moe_opts o = tm_opts("uniform", 4);
    stc_moe_routing r;
    tm_route(&o, &r);
    stc_moe_plan p;
    tm_plan(&o, &r, "bucket", &p);
    for (unsigned i = 0; i < p.ncmd; i++) {
        unsigned u = p.cmd[i].useful;
        unsigned want = u <= 64 ? 64 : u <= 128 ? 128 : u <= 256 ? 256 : u <= 512 ? 512 : 1024;
        cr_expect_eq(p.cmd[i].m, want, "%u rows in a bucket of %u", u, p.cmd[i].m);
    }
    stc_moe_plan_free(&p);
    stc_moe_routing_free(&r);
}

/* A command's rows are its tokens' activations then zero padding; the same
 * token's row is the same under every scheme. */
Test(moe, vectors_hold_token_rows_and_zero_padding)
{
    char err[256] = "";
    stc_moe_opts o = tm_opts("hot2", 9);
    stc_moe_routing r;
    tm_route(&o, &r);
    stc_moe_plan pg, pc;
    tm_plan(&o, &r, "group", &pg);
    tm_plan(&o, &r, "cap150", &pc);
    /* expert 5's first command under both schemes */
    const stc_moe_cmd *cg = NULL, *cc = NULL;
    for (unsigned i = 0; i < pg.ncmd && !cg; i++)
        cg = pg.cmd[i].expert == 5 ? &pg.cmd[i] : NULL;
    for (unsigned i = 0; i < pc.ncmd && !cc; i++)
        cc = pc.cmd[i].expert == 5 ? &pc.cmd[i] : NULL;
    cr_assert(cg && cc);
    cr_assert_lt(cc->useful, cc->m, "expert 5 fills capacity 1.5 (%u of %u)", cc->useful, cc->m);
    stc_vec vg, vc;
    cr_assert_eq(stc_moe_vector(&o, &r, cg, &vg, err, sizeof err), STC_OK, "%s", err);
    cr_assert_eq(stc_moe_vector(&o, &r, cc, &vc, err, sizeof err), STC_OK, "%s", err);
    cr_expect_eq(vc.m, 384u); /* ceil(1.5 x 256) */
    cr_expect_eq(memcmp(vg.a, vc.a, (size_t)cg->useful * o.d), 0);
    cr_expect_eq(memcmp(vg.w, vc.w, (size_t)o.d * o.n), 0);
    for (size_t i = (size_t)cc->useful * o.d; i < (size_t)vc.m * o.d; i++)
        cr_expect_eq(vc.a[i], 0, "padding element %zu is %d", i, vc.a[i]);
    /* a padded row's results are zero */
    for (size_t i = (size_t)cc->useful * o.n; i < (size_t)vc.m * o.n; i++)
        cr_expect_eq(vc.c[i], 0);
    stc_vec_free(&vg);
    stc_vec_free(&vc);
    stc_moe_plan_free(&pg);
    stc_moe_plan_free(&pc);
    stc_moe_routing_free(&r);
}

/* --a-zeros: exactly round(m k p / 100) positions of A zeroed on top of
 * the class's own A, nested across percentages, W untouched. */
static void tm_gen_az(int az, stc_vec *v)
{
    char err[256] = "";
    stc_gen_opts o;
    stc_gen_opts_init(&o);
    o.cls = "dense";
    o.n = 16;
    o.m = 20;
    o.k = 64;
    o.seed = 11;
    o.a_zeros = az;
    cr_assert_eq(stc_gen_vector(&o, v, err, sizeof err), STC_OK, "%s", err);
}

Test(moe, a_zeros_sets_an_exact_nested_share_of_a)
{
    stc_vec v0, v30, v50;
    tm_gen_az(STC_GEN_SPARSITY_DEFAULT, &v0);
    tm_gen_az(30, &v30);
    tm_gen_az(50, &v50);
    size_t total = 20 * 64, newly30 = 0, newly50 = 0;
    for (size_t i = 0; i < total; i++) {
        if (v30.a[i] != v0.a[i])
            cr_expect_eq(v30.a[i], 0);
        if (v50.a[i] != v0.a[i])
            cr_expect_eq(v50.a[i], 0);
        cr_expect(v30.a[i] != 0 || v50.a[i] == 0, "a zero at 30%% is not one at 50%% (%zu)", i);
        newly30 += v30.a[i] == 0 && v0.a[i] != 0;
        newly50 += v50.a[i] == 0 && v0.a[i] != 0;
    }
    size_t zeros0 = 0;
    for (size_t i = 0; i < total; i++)
        zeros0 += v0.a[i] == 0;
    /* 384 = round(1280 x 0.30) positions chosen, some already zero */
    cr_expect(newly30 <= 384 && newly30 + zeros0 >= 384, "%zu new zeros at 30%%", newly30);
    cr_expect(newly50 <= 640 && newly50 + zeros0 >= 640, "%zu new zeros at 50%%", newly50);
    cr_expect_eq(memcmp(v0.w, v50.w, 64 * 16), 0, "--a-zeros moved W");
    stc_vec_free(&v0);
    stc_vec_free(&v30);
    stc_vec_free(&v50);
}
