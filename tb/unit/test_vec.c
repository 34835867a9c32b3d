// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_vec.c - vector reader, writer, generator and the checked-in sets
 * (vectors/regression, tb/bad_vectors). Runs from the repository root.
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stc_gen.h"
#include "stc_gen_stream.h"
#include "stc_manifest.h"
#include "stc_meta.h"
#include "stc_vec.h"
#include "scratch.h"

#define TV_BAD_DIR "tb/bad_vectors"
#define TV_REG_DIR "vectors/regression"

/* ---- helpers ------------------------------------------------------------------ */

/* Whole file into a malloc'd buffer; NULL if it cannot be read. */
static char *tv_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

static bool tv_same_file(const char *p, const char *q)
{
    size_t lp = 0, lq = 0;
    char *a = tv_slurp(p, &lp), *b = tv_slurp(q, &lq);
    bool same = a && b && lp == lq && memcmp(a, b, lp) == 0;
    free(a);
    free(b);
    return same;
}

/* Number of entries in dir other than . and .. */
static unsigned tv_count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    unsigned n = 0;
    cr_assert_not_null(d);
    for (struct dirent *de = readdir(d); de; de = readdir(d))
        n += strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void tv_opts(stc_gen_opts *o, const char *cls, unsigned n, unsigned m, unsigned k,
                    uint64_t seed, bool bias)
{
    stc_gen_opts_init(o);
    o->cls = cls;
    o->n = n;
    o->m = m;
    o->k = k;
    o->seed = seed;
    o->bias = bias;
}

static void tv_gen(const stc_gen_opts *o, stc_vec *v)
{
    char err[STC_VEC_ERR_MAX];
    stc_status st = stc_gen_vector(o, v, err, sizeof err);
    cr_assert_eq(st, STC_OK, "%s: %s", o->cls, err);
}

static void tv_gen_write(const stc_gen_opts *o, const char *path)
{
    stc_vec v;
    char err[STC_VEC_ERR_MAX];
    tv_gen(o, &v);
    stc_status st = stc_vec_write(path, &v, err, sizeof err);
    stc_vec_free(&v);
    cr_assert_eq(st, STC_OK, "%s", err);
}

static void tv_assert_same_vec(const stc_vec *x, const stc_vec *y)
{
    cr_assert_str_eq(x->cls, y->cls);
    cr_assert_eq(x->seed, y->seed);
    cr_assert_eq(x->n, y->n);
    cr_assert_eq(x->mode24, y->mode24);
    cr_assert_eq(x->m, y->m);
    cr_assert_eq(x->k, y->k);
    cr_assert_eq(x->skip, y->skip);
    cr_assert_eq(x->has_bias, y->has_bias);
    size_t wrows = x->mode24 ? x->k / 2 : x->k;
    cr_assert_arr_eq(x->a, y->a, (size_t)x->m * x->k);
    cr_assert_arr_eq(x->w, y->w, wrows * x->n);
    if (x->mode24)
        cr_assert_arr_eq(x->meta, y->meta, stc_vec_nblk(x) * x->n * sizeof *x->meta);
    if (x->has_bias)
        cr_assert_arr_eq(x->bias, y->bias, (size_t)x->m * x->n * sizeof *x->bias);
    cr_assert_arr_eq(x->c, y->c, (size_t)x->m * x->n * sizeof *x->c);
}

/* ---- round trip and determinism ---------------------------------------------------- */

Test(vec, write_read_round_trip)
{
    static const char *const classes[] = {"dense",
                                          "sp24",
                                          "block",
                                          "sp24-block",
                                          "unstructured",
                                          "prune24",
                                          "corner-extremes",
                                          "corner-zero-tile",
                                          "corner-zero-groups",
                                          "corner-single",
                                          "corner-wrap"};
    char dir[64], p1[128], p2[128], err[STC_VEC_ERR_MAX];
    tu_tmpdir(dir, sizeof dir, "vec");
    snprintf(p1, sizeof p1, "%s/a.vec", dir);
    snprintf(p2, sizeof p2, "%s/b.vec", dir);
    for (unsigned i = 0; i < sizeof classes / sizeof classes[0]; i++) {
        stc_gen_opts o;
        stc_vec v, back;
        tv_opts(&o, classes[i], i % 2 ? 4 : 16, 3 + i, 2 * 32 * (1 + i % 3), 7 + i, i % 3 == 0);
        tv_gen(&o, &v);
        cr_assert_eq(stc_vec_write(p1, &v, err, sizeof err), STC_OK, "%s", err);
        cr_assert_eq(stc_vec_read(p1, &back, err, sizeof err), STC_OK, "%s", err);
        tv_assert_same_vec(&v, &back);
        cr_assert_eq(stc_vec_write(p2, &back, err, sizeof err), STC_OK, "%s", err);
        cr_assert(tv_same_file(p1, p2), "%s: rewrite is not byte-identical", classes[i]);
        stc_vec_free(&v);
        stc_vec_free(&back);
    }
    tu_rmdir(dir);
}

Test(vec, same_seed_same_bytes_other_seed_differs)
{
    char dir[64], p1[128], p2[128], p3[128];
    stc_gen_opts o;
    tu_tmpdir(dir, sizeof dir, "vec");
    snprintf(p1, sizeof p1, "%s/1.vec", dir);
    snprintf(p2, sizeof p2, "%s/2.vec", dir);
    snprintf(p3, sizeof p3, "%s/3.vec", dir);
    tv_opts(&o, "sp24-block", 16, 16, 256, 3, true);
    tv_gen_write(&o, p1);
    tv_gen_write(&o, p2);
    o.seed = 4;
    tv_gen_write(&o, p3);
    cr_expect(tv_same_file(p1, p2), "same seed must give byte-identical files");
    cr_expect_not(tv_same_file(p1, p3), "different seeds must give different files");
    tu_rmdir(dir);
}

Test(vec, regression_set_regenerates_identically)
{
    char dir[64], name[300], a[600], b[600], err[STC_VEC_ERR_MAX];
    unsigned count = 0;
    uint64_t bytes = 0, cycles = 0;
    tu_tmpdir(dir, sizeof dir, "vec");
    cr_assert_eq(
        stc_gen_regression(STC_MANIFEST_DEFAULT, dir, &count, &bytes, &cycles, err, sizeof err),
        STC_OK, "%s", err);
    cr_expect_eq(tv_count_entries(dir), count);
    cr_expect_eq(tv_count_entries(TV_REG_DIR), count, "checked-in set has stale or missing files");
    DIR *d = opendir(dir);
    cr_assert_not_null(d);
    for (struct dirent *de = readdir(d); de; de = readdir(d)) {
        if (de->d_name[0] == '.')
            continue;
        snprintf(name, sizeof name, "%s", de->d_name);
        snprintf(a, sizeof a, "%s/%s", dir, name);
        snprintf(b, sizeof b, "%s/%s", TV_REG_DIR, name);
        cr_expect(tv_same_file(a, b), "%s differs from the checked-in copy (run make vectors)",
                  name);
    }
    closedir(d);
    /* Budgets of the brief: a few MB (5 with the checked-in streams) and
     * well under 2M cycles per setting. */
    cr_expect_leq(bytes, 5u << 20);
    cr_expect_lt(cycles, 1000000u);
    tu_rmdir(dir);
}

/* ---- malformed inputs ------------------------------------------------------------ */

typedef struct tv_bad {
    const char *file;
    stc_status st;
    unsigned line;    /* 0: no line (the file cannot be opened) */
    const char *what; /* a word the message must contain */
} tv_bad;

static const tv_bad tv_bad_set[] = {
    {"bad-magic.vec", STC_EFORMAT, 1, "magic"},
    {"missing-key.vec", STC_EFORMAT, 5, "missing header key 'mode'"},
    {"bad-mode.vec", STC_EFORMAT, 5, "mode"},
    {"n-odd.vec", STC_EFORMAT, 4, "even"},
    {"m-zero.vec", STC_EFORMAT, 6, "m:"},
    {"m-too-big.vec", STC_EFORMAT, 6, "1025"},
    {"k-not-multiple.vec", STC_EFORMAT, 7, "multiple"},
    {"too-many-blocks.vec", STC_EFORMAT, 7, "65 blocks"},
    {"non-hex.vec", STC_EFORMAT, 11, "non-hex character 'g'"},
    {"token-width.vec", STC_EFORMAT, 12, "3 hex digits"},
    {"too-few-tokens.vec", STC_EFORMAT, 15, "too few tokens"},
    {"too-many-tokens.vec", STC_EFORMAT, 16, "too many tokens"},
    {"too-many-lines.vec", STC_EFORMAT, 13, "too many lines"},
    {"too-few-lines.vec", STC_EFORMAT, 21, "too few lines"},
    {"missing-section.vec", STC_EFORMAT, 22, "missing section META"},
    {"unknown-section.vec", STC_EFORMAT, 22, "unknown section"},
    {"bias-section-missing.vec", STC_EFORMAT, 22, "missing section BIAS"},
    {"illegal-nibble.vec", STC_EMETA, 24, "block 1, column 2, group 0"},
    {"illegal-nibble-skipped.vec", STC_EMETA, 23, "block 0, column 3, group 0"},
    {"nonzero-skipped.vec", STC_ESPARSITY, 19, "W row 5, column 2"},
    {"nonzero-skipped-24.vec", STC_ESPARSITY, 16, "W row 2, column 1"},
    {"skip-beyond-nblk.vec", STC_EFORMAT, 8, "nblk"},
    {"bad-skip-syntax.vec", STC_EFORMAT, 8, "skip"},
    {"seed-overflow.vec", STC_EFORMAT, 3, "seed"},
    {"trailing-junk.vec", STC_EFORMAT, 26, "trailing content"},
    {"trailing-junk-same-line.vec", STC_EFORMAT, 25, "// end"},
    {"truncated.vec", STC_EFORMAT, 19, "end of file"},
    {"truncated-mid-line.vec", STC_EFORMAT, 17, "too few tokens"},
    {"empty.vec", STC_EFORMAT, 1, "empty"},
    {"nul-byte.vec", STC_EFORMAT, 14, "\\x00"},
    {"does-not-exist.vec", STC_EIO, 0, "cannot open"},
    {"header-tab.vec", STC_EFORMAT, 6, "not exactly '// KEY VALUE' (single spaces, no tabs"},
    {"header-leading-zero.vec", STC_EFORMAT, 9, "bias: '00' has a leading zero"},
    /* version 2: streams */
    {"stream-command-index.vec", STC_EFORMAT, 22, "expected '// command 1', got '// command 2'"},
    {"stream-commands-zero.vec", STC_EFORMAT, 2, "commands: bad value '0'"},
    {"stream-fault-column.vec", STC_EFORMAT, 12, "column 4 outside an N=4 tile"},
    {"stream-fault-dense.vec", STC_EFORMAT, 12, "need mode 2:4"},
    {"stream-fault-legal.vec", STC_EFORMAT, 12, "code 0x4 is not one of the ten illegal"},
    {"stream-fault-syntax.vec", STC_EFORMAT, 12, "expected '// fault none'"},
    {"stream-missing-fault.vec", STC_EFORMAT, 12, "got '// section A'"},
    {"stream-n-differs.vec", STC_EFORMAT, 25, "n = 6 differs from command 0's n = 4"},
    {"stream-too-few-commands.vec", STC_EFORMAT, 22, "expected '// command 1', got '// end'"},
    {"stream-too-many-commands.vec", STC_EFORMAT, 22, "expected '// end', got '// command 1'"},
};
enum { TV_NBAD = sizeof tv_bad_set / sizeof tv_bad_set[0] };

static void tv_check_bad(const tv_bad *b)
{
    char path[300], want[320], err[STC_VEC_ERR_MAX];
    stc_stream v;
    snprintf(path, sizeof path, "%s/%s", TV_BAD_DIR, b->file);
    memset(err, 0, sizeof err);
    stc_status st = stc_stream_read(path, &v, err, sizeof err);
    cr_expect_eq(st, b->st, "%s: status %s, expected %s (%s)", b->file, stc_status_str(st),
                 stc_status_str(b->st), err);
    if (b->line)
        snprintf(want, sizeof want, "%s:%u: ", path, b->line);
    else
        snprintf(want, sizeof want, "%s: ", path);
    cr_expect(strncmp(err, want, strlen(want)) == 0, "%s: message '%s' does not start '%s'",
              b->file, err, want);
    cr_expect(strstr(err, b->what) != NULL, "%s: message '%s' lacks '%s'", b->file, err, b->what);
    cr_expect_null(v.cmd, "%s: stream not freed on error", b->file);
    cr_expect_eq(v.ncmd, 0);
}

Test(vec, bad_vectors_rejected_with_line)
{
    for (unsigned i = 0; i < TV_NBAD; i++)
        tv_check_bad(&tv_bad_set[i]);
}

/* A fixture added to tb/bad_vectors without an expectation is a test gap. */
Test(vec, every_bad_vector_has_an_expectation)
{
    DIR *d = opendir(TV_BAD_DIR);
    unsigned seen = 0;
    cr_assert_not_null(d);
    for (struct dirent *de = readdir(d); de; de = readdir(d)) {
        size_t len = strlen(de->d_name);
        if (len < 4 || strcmp(de->d_name + len - 4, ".vec") != 0)
            continue;
        bool found = false;
        for (unsigned i = 0; i < TV_NBAD; i++)
            found = found || strcmp(tv_bad_set[i].file, de->d_name) == 0;
        cr_expect(found, "%s/%s has no entry in tv_bad_set", TV_BAD_DIR, de->d_name);
        seen++;
    }
    closedir(d);
    cr_expect_eq(seen, TV_NBAD - 1u, "fixtures missing (all but does-not-exist.vec are files)");
}

/* ---- the regression set against the functional reference --------------------- */

/* Skip bit b set iff block b of dense W is all zero (the generator's rule). */
static void tv_check_skip_rule(const char *name, const stc_vec *v)
{
    unsigned kd = stc_vec_kd(v);
    int8_t *wd = malloc((size_t)v->k * v->n);
    char err[STC_VEC_ERR_MAX];
    cr_assert_not_null(wd);
    cr_assert_eq(stc_vec_dense_w(v, wd, err, sizeof err), STC_OK, "%s", err);
    for (unsigned b = 0; b < stc_vec_nblk(v); b++) {
        bool zero = true;
        for (size_t i = (size_t)b * kd * v->n; i < (size_t)(b + 1) * kd * v->n; i++)
            zero = zero && wd[i] == 0;
        cr_expect_eq(zero, (bool)((v->skip >> b) & 1u), "%s: block %u", name, b);
    }
    free(wd);
}

Test(vec, regression_vectors_match_reference)
{
    DIR *d = opendir(TV_REG_DIR);
    char path[600], err[STC_VEC_ERR_MAX];
    unsigned n = 0, n4 = 0, n16 = 0;
    cr_assert_not_null(d, "run the tests from the repository root");
    for (struct dirent *de = readdir(d); de; de = readdir(d)) {
        size_t len = strlen(de->d_name);
        if (len < 4 || strcmp(de->d_name + len - 4, ".vec") != 0)
            continue;
        stc_stream s;
        snprintf(path, sizeof path, "%s/%s", TV_REG_DIR, de->d_name);
        cr_assert_eq(stc_stream_read(path, &s, err, sizeof err), STC_OK, "%s", err);
        for (unsigned i = 0; i < s.ncmd; i++) {
            const stc_vec *v = &s.cmd[i];
            cr_expect_eq(stc_vec_check_expected(v, err, sizeof err), STC_OK, "%s: %u: %s", path, i,
                         err);
            tv_check_skip_rule(path, v);
            n4 += v->n == 4;
            n16 += v->n == 16;
            n++;
        }
        stc_stream_free(&s);
    }
    closedir(d);
    cr_expect_geq(n, 100u);
    cr_expect_geq(n4, 10u);
    cr_expect_geq(n16, 80u);
}

Test(vec, check_expected_names_first_difference)
{
    stc_gen_opts o;
    stc_vec v;
    char err[STC_VEC_ERR_MAX];
    tv_opts(&o, "sp24", 8, 4, 32, 1, true);
    tv_gen(&o, &v);
    cr_expect_eq(stc_vec_check_expected(&v, err, sizeof err), STC_OK);
    v.c[2 * 8 + 5] ^= 1;
    v.c[3 * 8 + 1] ^= 1;
    cr_expect_eq(stc_vec_check_expected(&v, err, sizeof err), STC_EMISMATCH);
    cr_expect(strstr(err, "row 2, column 5") != NULL, "%s", err);
    stc_vec_free(&v);
}

/* A stream's expected C is checked in every command, a faulty one too:
 * its rows are not compared with the tile's, but a wrong C in the file is
 * bad input all the same (docs/vector-format.md). */
Test(vec, stream_check_expected_covers_faulty_commands)
{
    char err[STC_VEC_ERR_MAX];
    stc_stream s = {0, NULL};
    stc_stream_opts o = {"faults", 4, 3, 0};
    cr_assert_eq(stc_gen_stream(&o, &s, err, sizeof err), STC_OK, "%s", err);
    cr_assert(s.cmd[0].fault.on && !s.cmd[1].fault.on);
    cr_expect_eq(stc_stream_check_expected(&s, "f.vec", err, sizeof err), STC_OK, "%s", err);
    for (unsigned i = 0; i < 2; i++) {
        s.cmd[i].c[0] ^= 4;
        cr_expect_eq(stc_stream_check_expected(&s, "f.vec", err, sizeof err), STC_EMISMATCH,
                     "command %u", i);
        char want[64];
        snprintf(want, sizeof want, "f.vec: command %u: ", i);
        cr_expect(strstr(err, want) == err, "%s", err);
        s.cmd[i].c[0] ^= 4;
    }
    stc_stream_free(&s);
}

/* ---- writer atomicity ---------------------------------------------------------------- */

Test(vec, failed_write_keeps_old_file_and_no_temp)
{
    char dir[64], path[128], copy[128], err[STC_VEC_ERR_MAX];
    stc_gen_opts o;
    stc_vec v;
    tu_tmpdir(dir, sizeof dir, "vec");
    snprintf(path, sizeof path, "%s/good.vec", dir);
    snprintf(copy, sizeof copy, "%s/copy.vec", dir);
    tv_opts(&o, "sp24", 4, 2, 16, 5, false);
    tv_gen_write(&o, path);
    tv_gen_write(&o, copy);

    /* An illegal nibble makes the vector invalid: the writer must refuse. */
    tv_gen(&o, &v);
    v.meta[1] = 0x5;
    cr_expect_eq(stc_vec_write(path, &v, err, sizeof err), STC_EMETA);
    cr_expect(strstr(err, path) != NULL, "%s", err);
    /* A nonzero value in a skipped block is refused too. */
    v.meta[1] = 0x44;
    v.skip = 1;
    cr_expect_eq(stc_vec_write(path, &v, err, sizeof err), STC_ESPARSITY, "%s", err);
    stc_vec_free(&v);
    cr_expect(tv_same_file(path, copy), "good file changed by a failed write");
    cr_expect_eq(tv_count_entries(dir), 2u, "temporary file left behind");

    /* No such directory: I/O error and nothing created. */
    snprintf(path, sizeof path, "%s/no-such-dir/x.vec", dir);
    tv_gen(&o, &v);
    cr_expect_eq(stc_vec_write(path, &v, err, sizeof err), STC_EIO);
    stc_vec_free(&v);
    cr_expect_eq(tv_count_entries(dir), 2u);
    tu_rmdir(dir);
}

/* ---- generator options and classes ----------------------------------------------- */

Test(vec, generator_rejects_bad_options)
{
    stc_gen_opts o;
    stc_vec v;
    char err[STC_VEC_ERR_MAX];
    tv_opts(&o, "no-such-class", 16, 4, 64, 1, false);
    cr_expect_eq(stc_gen_vector(&o, &v, err, sizeof err), STC_EPARAM);
    tv_opts(&o, "corner-m1", 16, 2, 64, 1, false);
    cr_expect_eq(stc_gen_vector(&o, &v, err, sizeof err), STC_EPARAM);
    tv_opts(&o, "corner-kmax", 16, 2, 64, 1, false);
    cr_expect_eq(stc_gen_vector(&o, &v, err, sizeof err), STC_EPARAM);
    tv_opts(&o, "dense", 16, 2, 64, 1, false);
    o.sparsity = 50;
    cr_expect_eq(stc_gen_vector(&o, &v, err, sizeof err), STC_EPARAM);
    tv_opts(&o, "sp24", 16, 2, 48, 1, false); /* not a multiple of 2N = 32 */
    cr_expect_eq(stc_gen_vector(&o, &v, err, sizeof err), STC_EPARAM);
    cr_expect(strstr(err, "k = 48") != NULL, "%s", err);
    tv_opts(&o, "sp24", 16, 1025, 32, 1, false);
    cr_expect_eq(stc_gen_vector(&o, &v, err, sizeof err), STC_EPARAM);
    tv_opts(&o, "dense", 16, 2, 64, 1, false);
    o.mode = 1;
    cr_expect_eq(stc_gen_vector(&o, &v, err, sizeof err), STC_EPARAM);
}

Test(vec, corner_wrap_really_wraps)
{
    stc_gen_opts o;
    stc_vec v;
    tv_opts(&o, "corner-wrap", 16, 8, 128, 9, false);
    tv_gen(&o, &v);
    cr_assert(v.has_bias, "corner-wrap always has a bias");
    /* Bias near INT32_MAX in even columns plus a positive dot product wraps
     * to a negative result; odd columns the other way round. */
    for (unsigned i = 0; i < v.m * v.n; i++) {
        if (i % 2 == 0)
            cr_expect(v.bias[i] > 0 && v.c[i] < 0, "element %u: %d -> %d", i, v.bias[i], v.c[i]);
        else
            cr_expect(v.bias[i] < 0 && v.c[i] > 0, "element %u: %d -> %d", i, v.bias[i], v.c[i]);
    }
    stc_vec_free(&v);
}

Test(vec, block_class_skips_requested_fraction)
{
    stc_gen_opts o;
    stc_vec v;
    tv_opts(&o, "sp24-block", 16, 4, 512, 2, false); /* 16 blocks */
    o.sparsity = 75;
    tv_gen(&o, &v);
    unsigned nskip = 0;
    for (unsigned b = 0; b < 64; b++)
        nskip += (unsigned)(v.skip >> b) & 1u;
    cr_expect_eq(nskip, 12u);
    stc_vec_free(&v);
    tv_opts(&o, "corner-zero-tile", 4, 4, 64, 2, false);
    tv_gen(&o, &v);
    cr_expect_eq(v.skip, (1ull << 8) - 1, "every block of an all-zero W is skipped");
    stc_vec_free(&v);
}

Test(vec, prune24_output_is_24_sparse_and_canonical)
{
    stc_gen_opts o;
    stc_vec v;
    tv_opts(&o, "prune24", 16, 2, 256, 4, false);
    tv_gen(&o, &v);
    /* Random dense W almost never has a zero, so pruning leaves two
     * nonzeros per group and every nibble is legal. */
    for (unsigned i = 0; i < stc_vec_nblk(&v) * v.n; i++) {
        unsigned g = 0;
        cr_expect_eq(stc_meta_word_check(v.meta[i], v.n, &g), STC_OK);
    }
    stc_vec_free(&v);
}

/* ---- version 2: streams ---------------------------------------------------- */

static void tv_gen_stream(const char *kind, unsigned n, uint64_t seed, stc_stream *s)
{
    char err[STC_VEC_ERR_MAX];
    stc_stream_opts o = {kind, n, seed, 0};
    cr_assert_eq(stc_gen_stream(&o, s, err, sizeof err), STC_OK, "%s", err);
}

static void tv_same_vec(const stc_vec *a, const stc_vec *b, unsigned i)
{
    size_t mn = (size_t)a->m * a->n, wn = (size_t)(a->mode24 ? a->k / 2 : a->k) * a->n;
    cr_assert(strcmp(a->cls, b->cls) == 0 && a->seed == b->seed && a->n == b->n &&
                  a->mode24 == b->mode24 && a->m == b->m && a->k == b->k && a->skip == b->skip &&
                  a->has_bias == b->has_bias,
              "command %u: header differs", i);
    cr_assert(memcmp(&a->fault, &b->fault, sizeof a->fault) == 0, "command %u: fault differs", i);
    cr_assert(memcmp(a->a, b->a, (size_t)a->m * a->k) == 0, "command %u: A differs", i);
    cr_assert(memcmp(a->w, b->w, wn) == 0, "command %u: W differs", i);
    cr_assert(memcmp(a->c, b->c, mn * sizeof *a->c) == 0, "command %u: C differs", i);
    if (a->has_bias)
        cr_assert(memcmp(a->bias, b->bias, mn * sizeof *a->bias) == 0);
    if (a->mode24)
        cr_assert(memcmp(a->meta, b->meta, (size_t)stc_vec_nblk(a) * a->n * sizeof *a->meta) == 0);
}

/* Write, read back, write again: the same commands and the same bytes. */
Test(stream, write_read_roundtrip)
{
    char dir[256], p1[300], p2[300], err[STC_VEC_ERR_MAX];
    stc_stream s = {0, NULL}, back = {0, NULL};
    tu_tmpdir(dir, sizeof dir, "vec");
    snprintf(p1, sizeof p1, "%s/a.vec", dir);
    snprintf(p2, sizeof p2, "%s/b.vec", dir);
    tv_gen_stream("pairs", 4, 3, &s);
    cr_assert_eq(stc_stream_write(p1, &s, err, sizeof err), STC_OK, "%s", err);
    cr_assert_eq(stc_stream_read(p1, &back, err, sizeof err), STC_OK, "%s", err);
    cr_assert_eq(back.ncmd, s.ncmd);
    for (unsigned i = 0; i < s.ncmd; i++)
        tv_same_vec(&s.cmd[i], &back.cmd[i], i);
    cr_assert_eq(stc_stream_write(p2, &back, err, sizeof err), STC_OK, "%s", err);
    cr_expect(tv_same_file(p1, p2));
    /* A version-1 reader refuses a stream rather than reading command 0. */
    stc_vec v;
    cr_expect_eq(stc_vec_read(p1, &v, err, sizeof err), STC_EFORMAT);
    cr_expect(strstr(err, "version-2 stream") != NULL, "%s", err);
    stc_stream_free(&s);
    stc_stream_free(&back);
    tu_rmdir(dir);
}

/* A fault cannot be written to a version-1 file, nor an illegal code. */
Test(stream, writer_refuses_bad_faults)
{
    char err[STC_VEC_ERR_MAX];
    stc_stream s = {0, NULL};
    tv_gen_stream("faults", 4, 1, &s);
    cr_assert(s.cmd[0].fault.on);
    cr_expect_eq(stc_vec_write("/tmp/never-written.vec", &s.cmd[0], err, sizeof err), STC_EFORMAT);
    s.cmd[0].fault.code = 0x9; /* legal: not a fault */
    cr_expect_eq(stc_stream_write("/tmp/never-written.vec", &s, err, sizeof err), STC_EFORMAT);
    cr_expect(strstr(err, "command 0") != NULL, "%s", err);
    stc_stream_free(&s);
}

/* Label of a pairs command, from what the generator was asked for. */
static int tv_kind(const stc_vec *v)
{
    static const char *const names[] = {"dense",      "dense+bias",       "block", "sp24",
                                        "sp24-block", "corner-zero-tile", "fault"};
    const char *name = v->fault.on                      ? "fault"
                       : strcmp(v->cls, "dense") == 0   ? (v->has_bias ? "dense+bias" : "dense")
                       : strcmp(v->cls, "prune24") == 0 ? "sp24"
                                                        : v->cls;
    for (int i = 0; i < 7; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

/* pairs: every ordered pair of the seven command kinds follows once. */
Test(stream, pairs_covers_every_transition)
{
    stc_stream s = {0, NULL};
    bool seen[7][7] = {{false}};
    tv_gen_stream("pairs", 16, 1, &s);
    cr_assert_eq(s.ncmd, 50u);
    for (unsigned i = 0; i + 1 < s.ncmd; i++) {
        int a = tv_kind(&s.cmd[i]), b = tv_kind(&s.cmd[i + 1]);
        cr_assert(a >= 0 && b >= 0, "command %u: unknown kind %s", i, s.cmd[i].cls);
        cr_expect(!seen[a][b], "transition %d -> %d twice", a, b);
        seen[a][b] = true;
    }
    for (int a = 0; a < 7; a++)
        for (int b = 0; b < 7; b++)
            cr_expect(seen[a][b], "transition %d -> %d missing", a, b);
    stc_stream_free(&s);
}

/* faults: every (code, group, column) exactly once, each followed by a
 * clean command. */
Test(stream, faults_cover_the_fault_space)
{
    for (unsigned n = 4; n <= 16; n += 12) {
        stc_stream s = {0, NULL};
        unsigned hits[16][8][16] = {{{0}}}, faults = 0;
        tv_gen_stream("faults", n, 5, &s);
        cr_assert_eq(s.ncmd, 2 * 10 * (n / 2) * n);
        for (unsigned i = 0; i < s.ncmd; i++) {
            const stc_fault *f = &s.cmd[i].fault;
            cr_assert_eq(f->on, i % 2 == 0, "command %u", i);
            if (!f->on)
                continue;
            cr_assert(!stc_meta_nibble_legal(f->code));
            cr_assert(!((s.cmd[i].skip >> f->block) & 1u));
            hits[f->code][f->group][f->col]++;
            faults++;
        }
        for (unsigned code = 0; code < 16; code++)
            for (unsigned g = 0; g < n / 2; g++)
                for (unsigned c = 0; c < n; c++)
                    cr_expect_eq(hits[code][g][c], stc_meta_nibble_legal(code) ? 0u : 1u,
                                 "n=%u code %x group %u column %u", n, code, g, c);
        cr_expect_eq(faults, 10 * (n / 2) * n);
        stc_stream_free(&s);
    }
}

/* corners: the commands the single-vector regression lacks. */
Test(stream, corners_reach_the_limits)
{
    stc_stream s = {0, NULL};
    bool big24 = false, all64 = false, all64_bias = false, long_cmd = false, last_fault = false;
    unsigned skip63 = 0;
    tv_gen_stream("corners", 4, 1, &s);
    for (unsigned i = 0; i < s.ncmd; i++) {
        const stc_vec *v = &s.cmd[i];
        unsigned nblk = stc_vec_nblk(v);
        big24 = big24 || (v->mode24 && v->m == 1024 && nblk == 64 && v->skip == 0);
        all64 = all64 || (nblk == 64 && v->skip == ~0ull && !v->has_bias);
        all64_bias = all64_bias || (nblk == 64 && v->skip == ~0ull && v->has_bias);
        long_cmd = long_cmd || stc_gen_cycles(v) > 65535;
        skip63 += nblk == 64 && v->skip == ~0ull >> 1;
        last_fault = last_fault || (v->fault.on && v->fault.block == 63 && v->fault.group == 1 &&
                                    v->fault.col == 3);
    }
    cr_expect(big24 && all64 && all64_bias && long_cmd && last_fault);
    cr_expect_eq(skip63, 2u, "63 of 64 blocks skipped, dense and 2:4");
    stc_stream_free(&s);
}

Test(stream, same_seed_same_stream)
{
    stc_stream a = {0, NULL}, b = {0, NULL};
    tv_gen_stream("mix", 4, 9, &a);
    tv_gen_stream("mix", 4, 9, &b);
    cr_assert_eq(a.ncmd, b.ncmd);
    for (unsigned i = 0; i < a.ncmd; i++)
        tv_same_vec(&a.cmd[i], &b.cmd[i], i);
    stc_stream_free(&a);
    stc_stream_free(&b);
}

/* ---- strictness: the comment lines are exactly as the spec writes them -- */

/* Writes text with line `line` (1-based) replaced by repl. */
static void tv_write_variant(const char *path, const char *text, unsigned line, const char *repl)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    unsigned l = 1;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (l == line)
            fputs(repl, f);
        else
            fwrite(p, 1, n, f);
        fputc('\n', f);
        p += n + (nl ? 1 : 0);
        l++;
    }
    fclose(f);
}

/* Every header, section and stream line of a valid stream, each spoiled
 * five ways (doubled space after "//", doubled space inside, a tab, a
 * trailing blank, a trailing tab), must be rejected at its own line. */
Test(stream, comment_lines_are_exact)
{
    char dir[256], good[300], bad[300], err[STC_VEC_ERR_MAX], want[320], repl[256];
    stc_stream s = {0, NULL}, back = {0, NULL};
    size_t len = 0;
    tu_tmpdir(dir, sizeof dir, "vec");
    snprintf(good, sizeof good, "%s/good.vec", dir);
    snprintf(bad, sizeof bad, "%s/bad.vec", dir);
    tv_gen_stream("faults", 4, 2, &s);
    s.ncmd = 2; /* a fault command and a clean one */
    cr_assert_eq(stc_stream_write(good, &s, err, sizeof err), STC_OK, "%s", err);
    s.ncmd = 2 * 10 * 2 * 4;
    stc_stream_free(&s);
    char *text = tv_slurp(good, &len);
    cr_assert_not_null(text);
    text[len] = '\0'; /* tv_slurp leaves room: len < its buffer */
    unsigned line = 1, spoiled = 0;
    for (const char *p = text; *p; line++) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (n > 3 && n < 200 && p[0] == '/' && p[1] == '/' && strchr(p, ' ') < p + n &&
            strncmp(p, "// stc-vector", 13) != 0) {
            const char *sp = memchr(p + 3, ' ', n - 3); /* the space inside, if any */
            for (int k = 0; k < 5; k++) {
                if (k == 1 && !sp)
                    continue;
                if (k == 0)
                    snprintf(repl, sizeof repl, "//  %.*s", (int)(n - 3), p + 3);
                else if (k == 1)
                    snprintf(repl, sizeof repl, "%.*s  %.*s", (int)(sp - p), p,
                             (int)(n - (size_t)(sp - p) - 1), sp + 1);
                else if (k == 2)
                    snprintf(repl, sizeof repl, "//\t%.*s", (int)(n - 3), p + 3);
                else
                    snprintf(repl, sizeof repl, "%.*s%s", (int)n, p, k == 3 ? " " : "\t");
                tv_write_variant(bad, text, line, repl);
                stc_status st = stc_stream_read(bad, &back, err, sizeof err);
                snprintf(want, sizeof want, "%s:%u: ", bad, line);
                cr_expect_eq(st, STC_EFORMAT, "line %u spoiled as '%s' was accepted", line, repl);
                cr_expect(strncmp(err, want, strlen(want)) == 0, "line %u: '%s'", line, err);
                if (st == STC_OK)
                    stc_stream_free(&back);
                spoiled++;
            }
        }
        p += n + (nl ? 1 : 0);
    }
    cr_expect_geq(spoiled, 100u);
    free(text);
    tu_rmdir(dir);
}

/* ---- the A section's lines: the plain layout and every other spacing ---- */

/* The vector `text` with line `line` (a row of A) replaced by repl, read
 * back from path: the reader takes the plain "hh hh .. hh" line the
 * generator writes and every other legal spacing alike (A equal to the
 * generated one), and reports a bad token at its column whatever the
 * spacing. */
static void tv_a_line_reads_as(const char *text, const char *path, unsigned line, const char *repl,
                               const stc_vec *want)
{
    char err[STC_VEC_ERR_MAX];
    stc_vec back;
    tv_write_variant(path, text, line, repl);
    cr_assert_eq(stc_vec_read(path, &back, err, sizeof err), STC_OK, "'%s': %s", repl, err);
    tv_assert_same_vec(want, &back);
    stc_vec_free(&back);
}

static void tv_a_line_rejected(const char *text, const char *path, unsigned line, const char *repl,
                               const char *want_err)
{
    char err[STC_VEC_ERR_MAX];
    stc_vec back;
    tv_write_variant(path, text, line, repl);
    cr_assert_eq(stc_vec_read(path, &back, err, sizeof err), STC_EFORMAT, "'%s' read", repl);
    cr_assert(strstr(err, want_err) != NULL, "'%s': got '%s', want '%s'", repl, err, want_err);
}

Test(vec, a_lines_read_alike_in_every_spacing)
{
    char dir[64], path[128], err[STC_VEC_ERR_MAX];
    stc_gen_opts o;
    stc_vec v;
    size_t len = 0;
    tu_tmpdir(dir, sizeof dir, "vec");
    snprintf(path, sizeof path, "%s/a.vec", dir);
    tv_opts(&o, "dense", 4, 3, 8, 5, false); /* A: 3 lines of 8 tokens */
    tv_gen(&o, &v);
    cr_assert_eq(stc_vec_write(path, &v, err, sizeof err), STC_OK, "%s", err);
    char *text = tv_slurp(path, &len);
    cr_assert_not_null(text);
    char *grown = realloc(text, len + 1);
    cr_assert_not_null(grown);
    text = grown;
    text[len] = '\0';
    unsigned line = 1;
    const char *p = text;
    while (strncmp(p, "// section A", 12) != 0) {
        p = strchr(p, '\n');
        cr_assert_not_null(p, "no A section");
        p++;
        line++;
    }
    line++; /* the first row of A */

    char row[64], alt[96];
    for (unsigned c = 0; c < 8; c++)
        snprintf(row + 3 * c, sizeof row - 3 * c, "%02x%s", (unsigned)(uint8_t)v.a[c],
                 c < 7 ? " " : "");
    tv_a_line_reads_as(text, path, line, row, &v); /* the plain line itself */
    snprintf(alt, sizeof alt, " %s", row);
    tv_a_line_reads_as(text, path, line, alt, &v);
    snprintf(alt, sizeof alt, "%s\t", row);
    tv_a_line_reads_as(text, path, line, alt, &v);
    snprintf(alt, sizeof alt, "%.2s\t\t%s", row, row + 3);
    tv_a_line_reads_as(text, path, line, alt, &v);
    for (unsigned i = 0; row[i]; i++)
        alt[i] = (char)toupper((unsigned char)row[i]), alt[i + 1] = '\0';
    tv_a_line_reads_as(text, path, line, alt, &v);

    snprintf(alt, sizeof alt, "%.21sg0", row); /* token 8, column 22 */
    tv_a_line_rejected(text, path, line, alt,
                       "section A, token 8 (column 22): non-hex character 'g'");
    snprintf(alt, sizeof alt, "%.21s0", row);
    tv_a_line_rejected(text, path, line, alt,
                       "section A, token 8 (column 22): '0' has 1 hex digits");
    snprintf(alt, sizeof alt, "%s 00", row);
    tv_a_line_rejected(text, path, line, alt,
                       "section A: too many tokens (expected 8, extra at column 25)");
    snprintf(alt, sizeof alt, "%.20s", row);
    tv_a_line_rejected(text, path, line, alt, "section A: too few tokens (got 7, expected 8)");
    snprintf(alt, sizeof alt, "%.2s,%s", row, row + 3);
    tv_a_line_rejected(text, path, line, alt,
                       "section A, token 1 (column 3): non-hex character ','");
    free(text);
    stc_vec_free(&v);
    tu_rmdir(dir);
}
