/*
 * stc_vecgen - deterministic STC test-vector generator.
 *
 *   stc_vecgen --class CLASS --n N --m M (--k K | --blocks B) --seed S
 *              [--sparsity PCT]
 *              [--bias] [--mode dense|2:4] -o out.vec
 *   stc_vecgen --stream KIND --n N --seed S [--len L] -o out.vec
 *   stc_vecgen --regression DIR
 *
 * Exit status: 0 ok, 2 usage or generation error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stc_gen.h"
#include "stc_gen_stream.h"

typedef struct stc_cli {
    stc_gen_opts o;
    const char *out;
    const char *regression;
    const char *stream;
    unsigned len;
    unsigned blocks;
    bool have_n, have_m, have_k, have_seed;
} stc_cli;

static void stc_usage(FILE *f)
{
    fprintf(f,
            "usage: stc_vecgen --class CLASS --n N --m M (--k K | --blocks B) --seed S\n"
            "                  [--sparsity PCT] [--bias] [--mode dense|2:4] -o out.vec\n"
            "       stc_vecgen --stream KIND --n N --seed S [--len L] -o out.vec\n"
            "       stc_vecgen --regression DIR\n"
            "classes: %s\n"
            "stream kinds: %s\n",
            stc_gen_class_list(), stc_gen_stream_kinds());
}

static int stc_usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "stc_vecgen: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
    stc_usage(stderr);
    return 2;
}

static bool stc_parse_ull(const char *s, unsigned long long max, unsigned long long *out)
{
    char *end = NULL;
    if (!s || *s < '0' || *s > '9')
        return false;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0' || x > max)
        return false;
    *out = x;
    return true;
}

static bool stc_parse_unsigned(const char *s, unsigned *out)
{
    unsigned long long x = 0;
    if (!stc_parse_ull(s, 1u << 20, &x))
        return false;
    *out = (unsigned)x;
    return true;
}

/* Options that take a value; returns 0 ok, 2 usage error. */
static int stc_cli_value(stc_cli *c, const char *opt, const char *val)
{
    unsigned long long x = 0;
    bool ok = true;
    if (strcmp(opt, "--class") == 0)
        c->o.cls = val;
    else if (strcmp(opt, "--n") == 0)
        ok = c->have_n = stc_parse_unsigned(val, &c->o.n);
    else if (strcmp(opt, "--m") == 0)
        ok = c->have_m = stc_parse_unsigned(val, &c->o.m);
    else if (strcmp(opt, "--k") == 0)
        ok = c->have_k = stc_parse_unsigned(val, &c->o.k);
    else if (strcmp(opt, "--blocks") == 0)
        ok = stc_parse_unsigned(val, &c->blocks) && c->blocks >= 1;
    else if (strcmp(opt, "--seed") == 0)
        ok = c->have_seed = stc_parse_ull(val, UINT64_MAX, &x);
    else if (strcmp(opt, "--sparsity") == 0)
        ok = stc_parse_ull(val, 100, &x);
    else if (strcmp(opt, "--mode") == 0)
        ok = strcmp(val, "dense") == 0 || strcmp(val, "2:4") == 0;
    else if (strcmp(opt, "-o") == 0)
        c->out = val;
    else if (strcmp(opt, "--regression") == 0)
        c->regression = val;
    else if (strcmp(opt, "--stream") == 0)
        c->stream = val;
    else if (strcmp(opt, "--len") == 0)
        ok = stc_parse_unsigned(val, &c->len) && c->len >= 1;
    else
        return stc_usage_error("unknown option", opt);
    if (!ok)
        return stc_usage_error("bad value for option", opt);
    if (strcmp(opt, "--seed") == 0)
        c->o.seed = (uint64_t)x;
    if (strcmp(opt, "--sparsity") == 0)
        c->o.sparsity = (int)x;
    if (strcmp(opt, "--mode") == 0)
        c->o.mode = strcmp(val, "2:4") == 0;
    return 0;
}

static int stc_cli_parse(stc_cli *c, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--bias") == 0) {
            c->o.bias = true;
            continue;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            stc_usage(stdout);
            exit(0);
        }
        if (i + 1 >= argc)
            return stc_usage_error("missing value for option", a);
        int rc = stc_cli_value(c, a, argv[++i]);
        if (rc != 0)
            return rc;
    }
    return 0;
}

static int stc_run_regression(const char *dir)
{
    char err[STC_VEC_ERR_MAX];
    unsigned count = 0;
    uint64_t bytes = 0, cycles = 0;
    if (stc_gen_regression(dir, &count, &bytes, &cycles, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_vecgen: %s\n", err);
        return 2;
    }
    printf("stc_vecgen: %u vectors, %llu bytes, %llu cycles without stalls, in %s\n", count,
           (unsigned long long)bytes, (unsigned long long)cycles, dir);
    return 0;
}

static int stc_run_one(const stc_cli *c)
{
    char err[STC_VEC_ERR_MAX];
    stc_vec v;
    if (stc_gen_vector(&c->o, &v, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_vecgen: %s\n", err);
        return 2;
    }
    stc_status st = stc_vec_write(c->out, &v, err, sizeof err);
    stc_vec_free(&v);
    if (st != STC_OK) {
        fprintf(stderr, "stc_vecgen: %s\n", err);
        return 2;
    }
    return 0;
}

static int stc_run_stream(const stc_cli *c)
{
    char err[STC_VEC_ERR_MAX];
    stc_stream s = {0, NULL};
    stc_stream_opts o = {c->stream, c->o.n, c->o.seed, c->len};
    if (stc_gen_stream(&o, &s, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_vecgen: %s\n", err);
        return 2;
    }
    stc_status st = stc_stream_write(c->out, &s, err, sizeof err);
    stc_stream_free(&s);
    if (st != STC_OK) {
        fprintf(stderr, "stc_vecgen: %s\n", err);
        return 2;
    }
    return 0;
}

int main(int argc, char **argv)
{
    stc_cli c;
    memset(&c, 0, sizeof c);
    stc_gen_opts_init(&c.o);
    int rc = stc_cli_parse(&c, argc, argv);
    if (rc != 0)
        return rc;
    if (c.regression) {
        if (argc != 3)
            return stc_usage_error("--regression takes no other option", NULL);
        return stc_run_regression(c.regression);
    }
    if (c.stream) {
        if (c.o.cls || c.have_m || c.have_k || c.blocks || !c.have_n || !c.have_seed || !c.out)
            return stc_usage_error(
                "--stream needs --n, --seed and -o (and no --class, --m, --k, --blocks)", NULL);
        return stc_run_stream(&c);
    }
    if (c.len)
        return stc_usage_error("--len needs --stream", NULL);
    /* --blocks B: K of B blocks of the class's mode, so that one command
     * line serves every array size and mode. */
    if (c.blocks && c.have_k)
        return stc_usage_error("give --k or --blocks, not both", NULL);
    if (c.blocks && c.o.cls && c.have_n) {
        c.o.k = stc_gen_blocks_k(&c.o, c.blocks);
        c.have_k = true;
    }
    if (!c.o.cls || !c.have_n || !c.have_m || !c.have_k || !c.have_seed || !c.out)
        return stc_usage_error("--class, --n, --m, --k (or --blocks), --seed and -o are required",
                               NULL);
    return stc_run_one(&c);
}
