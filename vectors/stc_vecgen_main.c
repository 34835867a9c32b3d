// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_vecgen - deterministic STC test-vector generator.
 *
 *   stc_vecgen --class CLASS --n N --m M (--k K | --blocks B) --seed S
 *              [--sparsity PCT] [--a-zeros PCT]
 *              [--bias] [--mode dense|2:4] -o out.vec
 *   stc_vecgen --stream KIND --n N --seed S [--len L] -o out.vec
 *   stc_vecgen --regression DIR [--manifest FILE]
 *   stc_vecgen --directed DIR --n N
 *   stc_vecgen --fill-c FILE -o out.vec
 *
 * Exit status: 0 ok, 2 usage or generation error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stc_cli.h"
#include "stc_gen.h"
#include "stc_gen_directed.h"
#include "stc_gen_stream.h"
#include "stc_manifest.h"

typedef struct gen_cli {
    stc_gen_opts o;
    const char *out;
    const char *regression;
    const char *manifest;
    const char *directed;
    const char *fill_c;
    const char *stream;
    unsigned len;
    unsigned blocks;
    bool have_n, have_m, have_k, have_seed;
    int nopts; /* options given, for --regression's "no other option" */
} gen_cli;

enum {
    OPT_CLASS = 1,
    OPT_N,
    OPT_M,
    OPT_K,
    OPT_BLOCKS,
    OPT_SEED,
    OPT_SPARSITY,
    OPT_BIAS,
    OPT_MODE,
    OPT_STREAM,
    OPT_LEN,
    OPT_OUT,
    OPT_REGRESSION,
    OPT_DIRECTED,
    OPT_FILL_C,
    OPT_A_ZEROS,
    OPT_MANIFEST,
};

static const stc_opt stc_gen_opt_table[] = {
    {OPT_CLASS, "class", 0, "CLASS", "vector class (list below)"},
    {OPT_N, "n", 0, "N", "array size (even, 4..16)"},
    {OPT_M, "m", 0, "M", "rows of A, 1..1024"},
    {OPT_K, "k", 0, "K", "the shared dimension, a whole number of blocks"},
    {OPT_BLOCKS, "blocks", 0, "B", "K as B blocks of the class's own mode (instead of --k)"},
    {OPT_SEED, "seed", 0, "S", "seed: the same seed writes the same bytes"},
    {OPT_SPARSITY, "sparsity", 0, "PCT", "target share of zero weights, 0..100 (class default)"},
    {OPT_A_ZEROS, "a-zeros", 0, "PCT",
     "set this share of A to zero, 0..100 (ReLU-like activations)"},
    {OPT_BIAS, "bias", 0, NULL, "add a bias row"},
    {OPT_MODE, "mode", 0, "MODE", "dense or 2:4 (class default)"},
    {OPT_STREAM, "stream", 0, "KIND", "write a command stream of this kind (list below)"},
    {OPT_LEN, "len", 0, "L", "commands in a mix stream"},
    {OPT_OUT, "out", 'o', "FILE", "the vector or stream file to write (atomically)"},
    {OPT_REGRESSION, "regression", 0, "DIR",
     "write the regression set the manifest lists into DIR and\n"
     "remove the other *.vec files there"},
    {OPT_MANIFEST, "manifest", 0, "FILE",
     "with --regression: the list of vectors and streams\n"
     "(default " STC_MANIFEST_DEFAULT ", the checked-in set)"},
    {OPT_FILL_C, "fill-c", 0, "FILE",
     "read the vector FILE, set its C to the functional reference's\n"
     "result and write it to -o (for vectors written by other tools)"},
    {OPT_DIRECTED, "directed", 0, "DIR",
     "write the directed vectors that close the coverage bins\n"
     "random generation misses (with --n) into DIR"},
    {0, NULL, 0, NULL, NULL},
};

static stc_cmd stc_gen_cmd = {
    "stc_vecgen",
    "--class CLASS --n N --m M (--k K | --blocks B) --seed S [options] -o out.vec\n"
    "--stream KIND --n N --seed S [--len L] -o out.vec\n"
    "--regression DIR [--manifest FILE]\n"
    "--directed DIR --n N\n"
    "--fill-c FILE -o out.vec",
    "Writes deterministic test vectors and command streams (docs/vector-format.md).",
    {stc_gen_opt_table, NULL},
    NULL, /* the class and stream lists, filled in by main */
    "0 ok, 2 usage or generation error",
};

static int stc_usage_error(const char *what)
{
    stc_cli_error(&stc_gen_cmd, "%s", what);
    return 2;
}

static int stc_gen_size(const char *opt, const char *val, uint64_t lo, uint64_t hi, unsigned *out,
                        bool *have)
{
    uint64_t v = 0;
    if (stc_cli_number(&stc_gen_cmd, opt, val, lo, hi, &v))
        return STC_CLI_ERROR;
    *out = (unsigned)v;
    if (have)
        *have = true;
    return 0;
}

/* Applies one option (stc_cli_apply_fn); returns 0, or STC_CLI_ERROR. */
static int stc_gen_apply(void *ctx, int id, const char *val)
{
    gen_cli *c = ctx;
    uint64_t v = 0;
    c->nopts++;
    switch (id) {
    case OPT_CLASS:
        c->o.cls = val;
        return 0;
    case OPT_BIAS:
        c->o.bias = true;
        return 0;
    case OPT_OUT:
        c->out = val;
        return 0;
    case OPT_REGRESSION:
        c->regression = val;
        return 0;
    case OPT_MANIFEST:
        c->manifest = val;
        return 0;
    case OPT_DIRECTED:
        c->directed = val;
        return 0;
    case OPT_FILL_C:
        c->fill_c = val;
        return 0;
    case OPT_STREAM:
        c->stream = val;
        return 0;
    case OPT_MODE:
        if (strcmp(val, "dense") != 0 && strcmp(val, "2:4") != 0)
            return stc_cli_error(&stc_gen_cmd, "--mode: '%s' is not dense or 2:4", val);
        c->o.mode = strcmp(val, "2:4") == 0;
        return 0;
    case OPT_N:
        return stc_gen_size("n", val, 0, 1u << 20, &c->o.n, &c->have_n);
    case OPT_M:
        return stc_gen_size("m", val, 0, 1u << 20, &c->o.m, &c->have_m);
    case OPT_K:
        return stc_gen_size("k", val, 0, 1u << 20, &c->o.k, &c->have_k);
    case OPT_BLOCKS:
        return stc_gen_size("blocks", val, 1, 1u << 20, &c->blocks, NULL);
    case OPT_LEN:
        return stc_gen_size("len", val, 1, 1u << 20, &c->len, NULL);
    case OPT_SEED:
        c->have_seed = true;
        return stc_cli_number(&stc_gen_cmd, "seed", val, 0, UINT64_MAX, &c->o.seed);
    case OPT_SPARSITY:
        if (stc_cli_number(&stc_gen_cmd, "sparsity", val, 0, 100, &v))
            return STC_CLI_ERROR;
        c->o.sparsity = (int)v;
        return 0;
    case OPT_A_ZEROS:
        if (stc_cli_number(&stc_gen_cmd, "a-zeros", val, 0, 100, &v))
            return STC_CLI_ERROR;
        c->o.a_zeros = (int)v;
        return 0;
    default:
        return stc_cli_error(&stc_gen_cmd, "internal error: option %d", id);
    }
}

/* Returns 0, STC_CLI_HELP or STC_CLI_ERROR. */
static int stc_gen_parse(gen_cli *c, int argc, char **argv)
{
    int first = argc;
    int rc = stc_cli_parse(&stc_gen_cmd, argc, argv, stc_gen_apply, c, &first);
    if (rc == 0 && first < argc)
        rc = stc_cli_error(&stc_gen_cmd, "unexpected argument '%s'", argv[first]);
    return rc;
}

static int stc_run_regression(const char *dir, const char *manifest)
{
    char err[STC_VEC_ERR_MAX];
    unsigned count = 0;
    uint64_t bytes = 0, cycles = 0;
    if (stc_gen_regression(manifest, dir, &count, &bytes, &cycles, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_vecgen: %s\n", err);
        return 2;
    }
    printf("stc_vecgen: %u vectors, %llu bytes, %llu cycles without stalls, in %s\n", count,
           (unsigned long long)bytes, (unsigned long long)cycles, dir);
    return 0;
}

static int stc_run_directed(const char *dir, unsigned n)
{
    char err[STC_VEC_ERR_MAX];
    unsigned count = 0;
    if (stc_gen_directed(dir, n, &count, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_vecgen: %s\n", err);
        return 2;
    }
    printf("stc_vecgen: %u directed vectors for N=%u in %s\n", count, n, dir);
    return 0;
}

static int stc_run_one(const gen_cli *c)
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

/* --fill-c: a vector whose C another tool could not compute (the formal
 * proofs' counterexamples, scripts/formal_vec.py) gets the functional
 * reference's C, as every generated vector does. */
static int stc_run_fill_c(const char *in, const char *out)
{
    char err[STC_VEC_ERR_MAX];
    stc_vec v;
    stc_status st = stc_vec_read(in, &v, err, sizeof err);
    if (st == STC_OK) {
        st = stc_vec_fill_expected(&v, err, sizeof err);
        if (st == STC_OK)
            st = stc_vec_write(out, &v, err, sizeof err);
        stc_vec_free(&v);
    }
    if (st != STC_OK) {
        fprintf(stderr, "stc_vecgen: %s\n", err);
        return 2;
    }
    return 0;
}

static int stc_run_stream(const gen_cli *c)
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
    gen_cli c;
    char notes[1024];
    memset(&c, 0, sizeof c);
    stc_gen_opts_init(&c.o);
    snprintf(notes, sizeof notes, "classes: %s\nstream kinds: %s", stc_gen_class_list(),
             stc_gen_stream_kinds());
    stc_gen_cmd.notes = notes;
    int rc = stc_gen_parse(&c, argc, argv);
    if (rc != 0)
        return rc == STC_CLI_HELP ? 0 : 2;
    if (c.manifest && !c.regression)
        return stc_usage_error("--manifest needs --regression");
    if (c.regression) {
        if (c.nopts != (c.manifest ? 2 : 1))
            return stc_usage_error("--regression takes no other option but --manifest");
        return stc_run_regression(c.regression, c.manifest ? c.manifest : STC_MANIFEST_DEFAULT);
    }
    if (c.fill_c) {
        if (c.nopts != 2 || !c.out)
            return stc_usage_error("--fill-c takes -o and no other option");
        return stc_run_fill_c(c.fill_c, c.out);
    }
    if (c.directed) {
        if (c.nopts != 2 || !c.have_n)
            return stc_usage_error("--directed takes --n and no other option");
        return stc_run_directed(c.directed, c.o.n);
    }
    if (c.stream) {
        if (c.o.cls || c.have_m || c.have_k || c.blocks || !c.have_n || !c.have_seed || !c.out)
            return stc_usage_error(
                "--stream needs --n, --seed and -o (and no --class, --m, --k, --blocks)");
        return stc_run_stream(&c);
    }
    if (c.len)
        return stc_usage_error("--len needs --stream");
    /* --blocks B: K of B blocks of the class's mode, so that one command
     * line serves every array size and mode. */
    if (c.blocks && c.have_k)
        return stc_usage_error("give --k or --blocks, not both");
    if (c.blocks && c.o.cls && c.have_n) {
        c.o.k = stc_gen_blocks_k(&c.o, c.blocks);
        c.have_k = true;
    }
    if (!c.o.cls || !c.have_n || !c.have_m || !c.have_k || !c.have_seed || !c.out)
        return stc_usage_error("--class, --n, --m, --k (or --blocks), --seed and -o are required");
    return stc_run_one(&c);
}
