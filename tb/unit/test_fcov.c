// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_fcov.c - the functional coverage bins (sim/cov/stc_fcov.c), fed by
 * the lockstep loop over the RTL double: N=4 has 234 bins (the counts of
 * stc_fcov.h); a dense-mode single command (unstructured zeros) gates but
 * hits no 2:4 metadata bin and no
 * cross-command bin; the pairs stream (every ordered pair of command
 * kinds) hits all 25 transition bins and both err -> clean bins.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtl_double.h"
#include "stc_fcov.h"
#include "stc_gen.h"
#include "stc_gen_stream.h"
#include "stc_lockstep.h"

/* Hits of one group, from the report's "group hit bins ..." table. */
static unsigned fc_group_hits(const stc_fcov *f, const char *group)
{
    char *text = NULL, line[256], name[32];
    size_t len = 0;
    unsigned hit = 0, bins = 0;
    int found = 0;
    FILE *m = open_memstream(&text, &len);
    cr_assert_not_null(m);
    stc_fcov_report(f, m, false);
    fclose(m);
    FILE *r = fmemopen(text, len, "r");
    while (fgets(line, sizeof line, r))
        if (sscanf(line, "%31s %u %u", name, &hit, &bins) == 3 && strcmp(name, group) == 0) {
            found = 1;
            break;
        }
    fclose(r);
    free(text);
    cr_assert(found, "no group %s in the report", group);
    return hit;
}

static void fc_run(stc_fcov *f, const stc_stream *s)
{
    stc_rtl *rtl;
    stc_run_result res;
    stc_run_opts o;
    memset(&o, 0, sizeof o);
    o.stim.seed = 1;
    o.check.max_errors = 1;
    o.stim.policy = STC_POLICY_RANDOM;
    o.report.on_cycle = stc_fcov_cycle;
    o.report.hook_ctx = f;
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    stc_fcov_begin_run(f);
    cr_assert_eq(stc_lockstep_stream(rtl, s, &o, &res), STC_OK);
    cr_assert(res.pass, "%s", res.first_signal);
    stc_rtl_destroy(rtl);
}

Test(fcov, bin_count_at_n4)
{
    stc_fcov *f;
    unsigned hit, total;
    cr_assert_eq(stc_fcov_create(RTL_DOUBLE_N, &f), STC_OK);
    stc_fcov_totals(f, &hit, &total);
    cr_assert_eq(hit, 0);
    cr_assert_eq(total, 234);
    stc_fcov_destroy(f);
}

Test(fcov, dense_mode_single_command_hits_no_metadata_or_cross_command_bin)
{
    char err[STC_VEC_ERR_MAX];
    stc_fcov *f;
    stc_gen_opts g;
    stc_vec v;
    stc_gen_opts_init(&g);
    g.cls = "unstructured"; /* run dense, with zeros to gate */
    g.n = RTL_DOUBLE_N;
    g.m = 8;
    g.k = 3 * RTL_DOUBLE_N;
    g.seed = 5;
    cr_assert_eq(stc_gen_vector(&g, &v, err, sizeof err), STC_OK, "%s", err);
    stc_stream s = {1, &v};
    cr_assert_eq(stc_fcov_create(RTL_DOUBLE_N, &f), STC_OK);
    fc_run(f, &s);
    cr_assert_eq(fc_group_hits(f, "meta"), 0);
    cr_assert_eq(fc_group_hits(f, "trans"), 0);
    cr_assert_eq(fc_group_hits(f, "errclean"), 0);
    cr_assert_gt(fc_group_hits(f, "gate"), 0);
    cr_assert_gt(fc_group_hits(f, "cmd"), 0);
    stc_fcov_destroy(f);
    stc_vec_free(&v);
}

Test(fcov, pairs_stream_hits_every_transition)
{
    char err[STC_VEC_ERR_MAX];
    stc_fcov *f;
    stc_stream s = {0, NULL};
    stc_stream_opts so = {"pairs", RTL_DOUBLE_N, 1, 0};
    cr_assert_eq(stc_gen_stream(&so, &s, err, sizeof err), STC_OK, "%s", err);
    cr_assert_eq(stc_fcov_create(RTL_DOUBLE_N, &f), STC_OK);
    fc_run(f, &s);
    cr_assert_eq(fc_group_hits(f, "trans"), 25);
    cr_assert_eq(fc_group_hits(f, "errclean"), 2);
    cr_assert_gt(fc_group_hits(f, "meta"), 0);
    stc_fcov_destroy(f);
    stc_stream_free(&s);
}
