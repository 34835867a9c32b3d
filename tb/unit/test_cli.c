// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_cli.c - the one command-line parser (common/stc_cli.h): both value
 * forms, operands mixed with options, "--", short options, the errors
 * (missing value, unknown option, a value given to a flag, ambiguous
 * prefix), --help, and the number readers' ranges.
 */
#include <criterion/criterion.h>

#include "capture.h"
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "capture.h"
#include "stc_cli.h"

enum { T_SEED = 1, T_STALL, T_QUIET, T_OUT, T_MORE = 100 };

static const stc_opt t_opts[] = {
    {T_SEED, "seed", 0, "S", "the seed"},
    {T_STALL, "stall", 0, "P", "stall percent\nsecond line"},
    {T_QUIET, "quiet", 0, NULL, "be quiet"},
    {T_OUT, "out", 'o', "FILE", "output"},
    {0, NULL, 0, NULL, NULL},
};

static const stc_opt t_more[] = {
    {T_MORE, "more", 0, NULL, "from a second table"},
    {0, NULL, 0, NULL, NULL},
};

static const stc_cmd t_cmd = {"tprog",        "[options] FILE...\n--other",
                              "Does a test.", {t_opts, t_more, NULL, NULL},
                              "a note",       "0 ok, 2 usage"};

/* What one parse produced: the options seen in order, their values, the
 * operands, and the final code (STC_CLI_END, _HELP or _ERROR). */
typedef struct t_parse {
    int ids[8];
    const char *vals[8];
    int nids;
    const char *operands[8];
    int noperands;
    int end;
} t_parse;

/* Records one option (stc_cli_apply_fn); --stall=bad is refused. */
static int t_apply(void *ctx, int id, const char *val)
{
    t_parse *r = ctx;
    if (id == T_STALL && strcmp(val, "bad") == 0)
        return stc_cli_error(&t_cmd, "--stall: bad");
    cr_assert_lt(r->nids, 8);
    r->vals[r->nids] = val;
    r->ids[r->nids++] = id;
    return 0;
}

static t_parse t_run(int argc, const char **args)
{
    char *argv[16];
    t_parse r;
    int first = -1;
    memset(&r, 0, sizeof r);
    cr_assert_lt(argc, 16);
    for (int i = 0; i < argc; i++)
        argv[i] = (char *)args[i];
    argv[argc] = NULL;
    r.end = stc_cli_parse(&t_cmd, argc, argv, t_apply, &r, &first);
    if (r.end != 0)
        return r;
    cr_assert_geq(first, 1);
    for (int i = first; i < argc && r.noperands < 8; i++)
        r.operands[r.noperands++] = argv[i];
    return r;
}

Test(cli, both_value_forms_and_mixed_operands)
{
    const char *args[] = {"tprog", "a.vec", "--seed=3", "--stall",
                          "20",    "b.vec", "--quiet",  "--more"};
    t_parse r = t_run(8, args);
    cr_assert_eq(r.end, 0);
    cr_assert_eq(r.nids, 4);
    cr_assert_eq(r.ids[3], T_MORE);
    cr_assert_eq(r.ids[0], T_SEED);
    cr_assert_str_eq(r.vals[0], "3");
    cr_assert_eq(r.ids[1], T_STALL);
    cr_assert_str_eq(r.vals[1], "20");
    cr_assert_eq(r.ids[2], T_QUIET);
    cr_assert_null(r.vals[2]);
    cr_assert_eq(r.noperands, 2);
    cr_assert_str_eq(r.operands[0], "a.vec");
    cr_assert_str_eq(r.operands[1], "b.vec");
}

Test(cli, double_dash_ends_options)
{
    const char *args[] = {"tprog", "--seed", "4", "--", "--quiet", "-o"};
    t_parse r = t_run(6, args);
    cr_assert_eq(r.end, 0);
    cr_assert_eq(r.nids, 1);
    cr_assert_eq(r.noperands, 2);
    cr_assert_str_eq(r.operands[0], "--quiet");
    cr_assert_str_eq(r.operands[1], "-o");
}

Test(cli, short_option_both_forms)
{
    const char *args[] = {"tprog", "-o", "x.vec", "-oy.vec", "--out=z.vec"};
    t_parse r = t_run(5, args);
    cr_assert_eq(r.end, 0);
    cr_assert_eq(r.nids, 3);
    cr_assert_str_eq(r.vals[0], "x.vec");
    cr_assert_str_eq(r.vals[1], "y.vec");
    cr_assert_str_eq(r.vals[2], "z.vec");
    for (int i = 0; i < 3; i++)
        cr_assert_eq(r.ids[i], T_OUT);
}

Test(cli, missing_value)
{
    t_capture cap = t_capture_begin(stderr);
    const char *args[] = {"tprog", "f.vec", "--seed"};
    t_parse r = t_run(3, args);
    cr_assert_eq(r.end, STC_CLI_ERROR);
    cr_assert_str_eq(t_captured(&cap), "tprog: --seed needs a value (S)\ntry 'tprog --help'\n");
}

Test(cli, unknown_option)
{
    t_capture cap = t_capture_begin(stderr);
    const char *args[] = {"tprog", "--bogus", "f.vec"};
    t_parse r = t_run(3, args);
    cr_assert_eq(r.end, STC_CLI_ERROR);
    cr_assert_str_eq(t_captured(&cap),
                     "tprog: unknown or ambiguous option '--bogus'\ntry 'tprog --help'\n");
}

Test(cli, unknown_short_option)
{
    t_capture cap = t_capture_begin(stderr);
    const char *args[] = {"tprog", "-x"};
    t_parse r = t_run(2, args);
    cr_assert_eq(r.end, STC_CLI_ERROR);
    cr_assert_str_eq(t_captured(&cap), "tprog: unknown option '-x'\ntry 'tprog --help'\n");
}

Test(cli, flag_given_a_value)
{
    t_capture cap = t_capture_begin(stderr);
    const char *args[] = {"tprog", "--quiet=1"};
    t_parse r = t_run(2, args);
    cr_assert_eq(r.end, STC_CLI_ERROR);
    cr_assert_str_eq(t_captured(&cap), "tprog: --quiet takes no value\ntry 'tprog --help'\n");
}

Test(cli, unique_prefix_and_ambiguous_prefix)
{
    t_capture cap = t_capture_begin(stderr);
    const char *a1[] = {"tprog", "--se=5"};
    t_parse r = t_run(2, a1);
    cr_assert_eq(r.end, 0);
    cr_assert_eq(r.ids[0], T_SEED);
    const char *a2[] = {"tprog", "--s=5"};
    r = t_run(2, a2);
    cr_assert_eq(r.end, STC_CLI_ERROR);
    t_captured(&cap);
}

Test(cli, help_layout)
{
    t_capture cap = t_capture_begin(stdout);
    const char *args[] = {"tprog", "f.vec", "--help"};
    t_parse r = t_run(3, args);
    cr_assert_eq(r.end, STC_CLI_HELP);
    cr_assert_str_eq(t_captured(&cap), "usage: tprog [options] FILE...\n"
                                       "       tprog --other\n"
                                       "Does a test.\n"
                                       "\n"
                                       "options:\n"
                                       "      --seed S          the seed\n"
                                       "      --stall P         stall percent\n"
                                       "                        second line\n"
                                       "      --quiet           be quiet\n"
                                       "  -o, --out FILE        output\n"
                                       "      --more            from a second table\n"
                                       "  -h, --help            print this help and exit 0\n"
                                       "\n"
                                       "a note\n"
                                       "\n"
                                       "exit: 0 ok, 2 usage\n");
}

Test(cli, number_ranges_and_forms)
{
    t_capture cap = t_capture_begin(stderr);
    uint64_t v = 7;
    cr_assert_eq(stc_cli_number(&t_cmd, "stall", "90", 0, 90, &v), 0);
    cr_assert_eq(v, 90);
    cr_assert_eq(stc_cli_number(&t_cmd, "seed", "0x10", 0, UINT64_MAX, &v), 0);
    cr_assert_eq(v, 16);
    cr_assert_eq(stc_cli_number(&t_cmd, "seed", "18446744073709551615", 0, UINT64_MAX, &v), 0);
    cr_assert_eq(v, UINT64_MAX);
    const char *bad[] = {"91", "-1", " 1", "1x", "", "18446744073709551616", "+3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        v = 7;
        cr_assert_eq(stc_cli_number(&t_cmd, "stall", bad[i], 0, 90, &v), STC_CLI_ERROR, "'%s'",
                     bad[i]);
        cr_assert_eq(v, 7, "'%s' changed the value", bad[i]);
    }
    cr_assert_eq(stc_cli_number(&t_cmd, "reset-at", "0", 1, 10, &v), STC_CLI_ERROR);
    t_captured(&cap);
}

Test(cli, decimal_ranges)
{
    t_capture cap = t_capture_begin(stderr);
    double d = -1;
    cr_assert_eq(stc_cli_decimal(&t_cmd, "floor", "99.5", 0, 100, &d), 0);
    cr_assert_float_eq(d, 99.5, 1e-12);
    const char *bad[] = {"100.01", "1e3", "nan", "inf", "-0", "5%", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert_eq(stc_cli_decimal(&t_cmd, "floor", bad[i], 0, 100, &d), STC_CLI_ERROR, "'%s'",
                     bad[i]);
    t_captured(&cap);
}

Test(cli, error_message_names_program_option_and_range)
{
    t_capture cap = t_capture_begin(stderr);
    uint64_t v;
    cr_assert_eq(stc_cli_number(&t_cmd, "stall", "95", 0, 90, &v), STC_CLI_ERROR);
    cr_assert_str_eq(t_captured(&cap),
                     "tprog: --stall: '95' is not a number in 0..90\ntry 'tprog --help'\n");
}

Test(cli, apply_error_stops_the_parse)
{
    t_capture cap = t_capture_begin(stderr);
    const char *args[] = {"tprog", "--seed", "1", "--stall=bad", "--quiet"};
    t_parse r = t_run(5, args);
    cr_assert_eq(r.end, STC_CLI_ERROR);
    cr_assert_eq(r.nids, 1, "options after the bad one were applied");
    cr_assert_str_eq(t_captured(&cap), "tprog: --stall: bad\ntry 'tprog --help'\n");
}

Test(cli, quote_for_the_shell)
{
    char buf[64];
    cr_assert_str_eq(stc_cli_quote("build/stc_sim-n4", buf, sizeof buf), "build/stc_sim-n4");
    cr_assert_str_eq(stc_cli_quote("+verilator+seed+7", buf, sizeof buf), "+verilator+seed+7");
    cr_assert_str_eq(stc_cli_quote("my dir/a b.vec", buf, sizeof buf), "'my dir/a b.vec'");
    cr_assert_str_eq(stc_cli_quote("it's", buf, sizeof buf), "'it'\\''s'");
    cr_assert_str_eq(stc_cli_quote("$HOME;rm", buf, sizeof buf), "'$HOME;rm'");
    cr_assert_str_eq(stc_cli_quote("", buf, sizeof buf), "''");
    char small[6];
    cr_assert_str_eq(stc_cli_quote("a b c d", small, sizeof small), "a b c d");
}
