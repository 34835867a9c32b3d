// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_manifest.c - the regression manifest reader (vectors/stc_manifest.c)
 * and stc_gen_regression over a manifest: a good manifest into the
 * generator's options, every kind of bad line rejected naming the file
 * and line, the shipped manifest against vectors/regression/. Runs from
 * the repository root.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stc_gen.h"
#include "stc_manifest.h"
#include "stc_vec.h"
#include "scratch.h"

#define TM_REG_DIR "vectors/regression"

/* ---- helpers ------------------------------------------------------------------ */

/* Writes len bytes of text (NULs included) to dir/name; path receives it. */
static void tm_write(const char *dir, const char *name, const char *text, size_t len, char *path,
                     size_t pathlen)
{
    snprintf(path, pathlen, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "%s", path);
    cr_assert_eq(fwrite(text, 1, len, f), len);
    cr_assert_eq(fclose(f), 0);
}

static bool tm_exists(const char *dir, const char *name)
{
    char path[600];
    struct stat sb;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &sb) == 0;
}

/* Files of dir whose names start with prefix and end with suffix. */
static unsigned tm_count(const char *dir, const char *prefix, const char *suffix)
{
    DIR *d = opendir(dir);
    unsigned n = 0;
    cr_assert_not_null(d, "%s", dir);
    for (struct dirent *de = readdir(d); de; de = readdir(d)) {
        size_t l = strlen(de->d_name), ls = strlen(suffix);
        n += strncmp(de->d_name, prefix, strlen(prefix)) == 0 && l >= ls &&
             strcmp(de->d_name + l - ls, suffix) == 0;
    }
    closedir(d);
    return n;
}

/* The error must start with "path:line: " and contain what. */
static void tm_expect_at(const char *err, const char *path, unsigned line, const char *what)
{
    char want[600];
    snprintf(want, sizeof want, "%s:%u: ", path, line);
    cr_expect(strncmp(err, want, strlen(want)) == 0, "'%s' does not start with '%s'", err, want);
    cr_expect_not_null(strstr(err, what), "'%s' does not say '%s'", err, what);
}

/* ---- a good manifest ------------------------------------------------------------ */

/* Comments, blank lines, tabs, keys in any order, every optional key. */
static const char tm_good[] =
    "# Copyright line, then a comment block\n"
    "\n"
    "vector class=dense n=16 m=1 k=16 seed=1\n"
    "\tvector  seed=3 bias=1 sparsity=75 mode=2of4 k=256\tm=64 n=16 class=sp24-block  # note\n"
    "vector class=corner-extremes n=4 m=8 k=32 seed=18446744073709551615 mode=dense a-zeros=0\n"
    "   \t \n"
    "stream kind=pairs n=4 seed=2\n"
    "stream len=64 seed=0 n=16 kind=mix";

Test(manifest, good_manifest_into_the_generators_options)
{
    char dir[64], path[600], err[STC_VEC_ERR_MAX] = "";
    stc_manifest mf;
    tu_tmpdir(dir, sizeof dir, "manifest");
    tm_write(dir, "good.manifest", tm_good, sizeof tm_good - 1, path, sizeof path);
    cr_assert_eq(stc_manifest_read(path, &mf, err, sizeof err), STC_OK, "%s", err);
    cr_assert_eq(mf.count, 5);
    cr_expect_str_eq(mf.path, path);

    const stc_manifest_entry *e = &mf.entry[0];
    cr_expect_eq(e->type, STC_MANIFEST_VECTOR);
    cr_expect_eq(e->line, 3);
    cr_expect_str_eq(e->vec.cls, "dense");
    cr_expect_eq(e->vec.n, 16);
    cr_expect_eq(e->vec.m, 1);
    cr_expect_eq(e->vec.k, 16);
    cr_expect_eq(e->vec.seed, 1);
    cr_expect_eq(e->vec.mode, STC_GEN_MODE_DEFAULT);
    cr_expect_eq(e->vec.sparsity, STC_GEN_SPARSITY_DEFAULT);
    cr_expect_eq(e->vec.a_zeros, STC_GEN_SPARSITY_DEFAULT);
    cr_expect_not(e->vec.bias);
    cr_expect_str_eq(e->name, "dense-n16-dense-m1-k16-s1.vec");

    e = &mf.entry[1];
    cr_expect_eq(e->type, STC_MANIFEST_VECTOR);
    cr_expect_eq(e->line, 4);
    cr_expect_str_eq(e->vec.cls, "sp24-block");
    cr_expect_eq(e->vec.n, 16);
    cr_expect_eq(e->vec.m, 64);
    cr_expect_eq(e->vec.k, 256);
    cr_expect_eq(e->vec.seed, 3);
    cr_expect_eq(e->vec.mode, 1);
    cr_expect_eq(e->vec.sparsity, 75);
    cr_expect_eq(e->vec.a_zeros, STC_GEN_SPARSITY_DEFAULT);
    cr_expect(e->vec.bias);
    cr_expect_str_eq(e->name, "sp24-block-n16-2of4-m64-k256-p75-bias-s3.vec");

    e = &mf.entry[2];
    cr_expect_eq(e->line, 5);
    cr_expect_str_eq(e->vec.cls, "corner-extremes");
    cr_expect_eq(e->vec.n, 4);
    cr_expect_eq(e->vec.seed, UINT64_MAX);
    cr_expect_eq(e->vec.mode, 0);
    cr_expect_eq(e->vec.a_zeros, 0);
    cr_expect_str_eq(e->name, "corner-extremes-n4-dense-m8-k32-az0-s18446744073709551615.vec");

    e = &mf.entry[3];
    cr_expect_eq(e->type, STC_MANIFEST_STREAM);
    cr_expect_eq(e->line, 7);
    cr_expect_str_eq(e->stream.kind, "pairs");
    cr_expect_eq(e->stream.n, 4);
    cr_expect_eq(e->stream.seed, 2);
    cr_expect_eq(e->stream.len, 0);
    cr_expect_str_eq(e->name, "stream-pairs-n4-s2.vec");

    e = &mf.entry[4]; /* the last line has no LF */
    cr_expect_eq(e->type, STC_MANIFEST_STREAM);
    cr_expect_eq(e->line, 8);
    cr_expect_str_eq(e->stream.kind, "mix");
    cr_expect_eq(e->stream.n, 16);
    cr_expect_eq(e->stream.seed, 0);
    cr_expect_eq(e->stream.len, 64);
    cr_expect_str_eq(e->name, "stream-mix-n16-l64-s0.vec");

    cr_expect_eq(stc_manifest_find(&mf, "stream-pairs-n4-s2.vec"), &mf.entry[3]);
    cr_expect_null(stc_manifest_find(&mf, "stream-pairs-n4-s3.vec"));
    stc_manifest_free(&mf);
    cr_expect_eq(mf.count, 0);
    cr_expect_null(mf.entry);
    tu_rmdir(dir);
}

/* A line of exactly STC_MANIFEST_LINE_MAX characters is read; one more is
 * not. */
Test(manifest, line_length_limit)
{
    char dir[64], path[600], err[STC_VEC_ERR_MAX] = "", text[STC_MANIFEST_LINE_MAX + 64];
    stc_manifest mf;
    const char *entry = "vector class=dense n=4 m=1 k=4 seed=1 #";
    tu_tmpdir(dir, sizeof dir, "manifest");
    size_t len = strlen(entry);
    memcpy(text, entry, len);
    memset(text + len, 'x', STC_MANIFEST_LINE_MAX - len);
    text[STC_MANIFEST_LINE_MAX] = '\n';
    tm_write(dir, "max.manifest", text, STC_MANIFEST_LINE_MAX + 1, path, sizeof path);
    cr_assert_eq(stc_manifest_read(path, &mf, err, sizeof err), STC_OK, "%s", err);
    cr_expect_eq(mf.count, 1);
    stc_manifest_free(&mf);

    text[STC_MANIFEST_LINE_MAX] = 'x';
    text[STC_MANIFEST_LINE_MAX + 1] = '\n';
    tm_write(dir, "long.manifest", text, STC_MANIFEST_LINE_MAX + 2, path, sizeof path);
    cr_assert_eq(stc_manifest_read(path, &mf, err, sizeof err), STC_EFORMAT);
    tm_expect_at(err, path, 1, "longer than 256 characters");
    cr_expect_eq(mf.count, 0);
    tu_rmdir(dir);
}

/* ---- bad lines ------------------------------------------------------------------ */

typedef struct tm_bad {
    const char *text;
    size_t len;
    unsigned line;    /* the line the message must name */
    const char *what; /* words it must contain */
} tm_bad;

#define TM_OK "vector class=dense n=4 m=1 k=4 seed=1\n"
#define TM_TEXT(s) s, sizeof(s) - 1

/* Each after one good line (and a comment), so that the line is not 1. */
static const tm_bad tm_bad_set[] = {
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed=1 colour=red\n"), 3,
     "unknown key 'colour' in a vector entry"},
    {TM_TEXT("# c\n" TM_OK "stream kind=mix n=4 seed=1 m=3\n"), 3,
     "unknown key 'm' in a stream entry"},
    {TM_TEXT("# c\n" TM_OK "vector class=sparse n=16 m=1 k=16 seed=1\n"), 3,
     "class: unknown class 'sparse'"},
    {TM_TEXT("# c\n" TM_OK "stream kind=pair n=4 seed=1\n"), 3, "kind: unknown stream kind 'pair'"},
    {TM_TEXT("# c\n" TM_OK "vectors class=dense n=16 m=1 k=16 seed=1\n"), 3,
     "unknown entry type 'vectors'"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed=1 seed=2\n"), 3,
     "seed: key given twice"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense class=dense n=16 m=1 k=16 seed=1\n"), 3,
     "class: key given twice"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 seed=1\n"), 3, "missing key 'k'"},
    {TM_TEXT("# c\n" TM_OK "vector n=16 m=1 k=16 seed=1\n"), 3, "missing key 'class'"},
    {TM_TEXT("# c\n" TM_OK "stream kind=pairs n=4\n"), 3, "missing key 'seed'"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=12a k=16 seed=1\n"), 3,
     "m: '12a' is not a decimal number"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed=-1\n"), 3,
     "seed: '-1' is not a decimal number"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed=0x10\n"), 3,
     "seed: '0x10' is not a decimal number"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed=+1\n"), 3,
     "seed: '+1' is not a decimal number"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=064 seed=1\n"), 3,
     "k: '064' has a leading zero"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed=00\n"), 3,
     "seed: '00' has a leading zero"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=0 k=16 seed=1\n"), 3,
     "m: 0 is out of range 1..1024"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1025 k=16 seed=1\n"), 3,
     "m: 1025 is out of range 1..1024"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=18 m=1 k=16 seed=1\n"), 3,
     "n: 18 is out of range 4..16"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=2 m=1 k=16 seed=1\n"), 3,
     "n: 2 is out of range 4..16"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=5 m=1 k=16 seed=1\n"), 3, "n: 5 is not even"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=2049 seed=1\n"), 3,
     "k: 2049 is out of range 1..2048"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed=18446744073709551616\n"), 3,
     "seed: 18446744073709551616 is out of range 0..18446744073709551615"},
    {TM_TEXT("# c\n" TM_OK "vector class=block n=16 m=1 k=16 seed=1 sparsity=101\n"), 3,
     "sparsity: 101 is out of range 0..100"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed=1 a-zeros=200\n"), 3,
     "a-zeros: 200 is out of range 0..100"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed=1 bias=2\n"), 3,
     "bias: 2 is out of range 0..1"},
    {TM_TEXT("# c\n" TM_OK "stream kind=mix n=4 seed=1 len=0\n"), 3,
     "len: 0 is out of range 1..4096"},
    {TM_TEXT("# c\n" TM_OK "stream kind=mix n=4 seed=1 len=4097\n"), 3,
     "len: 4097 is out of range 1..4096"},
    {TM_TEXT("# c\n" TM_OK "stream kind=pairs n=4 seed=1 len=40\n"), 3,
     "len: only a mix stream has a length"},
    {TM_TEXT("# c\n" TM_OK "stream len=40 kind=pairs n=4 seed=1\n"), 3,
     "len: only a mix stream has a length"},
    {TM_TEXT("# c\n" TM_OK "vector class=corner-wrap n=16 m=1 k=16 seed=1 mode=2:4\n"), 3,
     "mode: '2:4' is not dense or 2of4"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed=1 mode=\n"), 3,
     "mode: no value after '='"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed=1 bias\n"), 3,
     "'bias' is not KEY=VALUE"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed=1 =1\n"), 3,
     "'=1' is not KEY=VALUE"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed = 1\n"), 3,
     "'seed' is not KEY=VALUE"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=4 m=1 k=4 seed=1 # the same\n"), 3,
     "dense-n4-dense-m1-k4-s1.vec: the same file as line 2"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1 k=16 seed=1\r\n"), 3,
     "carriage return in column 40"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1\x01 k=16 seed=1\n"), 3,
     "control character 0x01 in column 28"},
    {TM_TEXT("# c\n" TM_OK "vector class=dense n=16 m=1\0 k=16 seed=1\n"), 3,
     "NUL byte in column 28"},
};

Test(manifest, bad_lines_rejected_naming_file_line_and_field)
{
    char dir[64], path[600], err[STC_VEC_ERR_MAX];
    stc_manifest mf;
    tu_tmpdir(dir, sizeof dir, "manifest");
    for (size_t i = 0; i < sizeof tm_bad_set / sizeof tm_bad_set[0]; i++) {
        const tm_bad *b = &tm_bad_set[i];
        char name[32];
        snprintf(name, sizeof name, "bad%zu.manifest", i);
        tm_write(dir, name, b->text, b->len, path, sizeof path);
        err[0] = '\0';
        mf.count = 99;
        cr_expect_eq(stc_manifest_read(path, &mf, err, sizeof err), STC_EFORMAT, "case %zu: %s", i,
                     err);
        tm_expect_at(err, path, b->line, b->what);
        cr_expect_eq(mf.count, 0, "case %zu: entries left after an error", i);
        cr_expect_null(mf.entry);
    }
    tu_rmdir(dir);
}

Test(manifest, no_entries_and_missing_file)
{
    char dir[64], path[600], err[STC_VEC_ERR_MAX] = "";
    stc_manifest mf;
    tu_tmpdir(dir, sizeof dir, "manifest");
    tm_write(dir, "empty.manifest", TM_TEXT("# only a comment\n\n"), path, sizeof path);
    cr_expect_eq(stc_manifest_read(path, &mf, err, sizeof err), STC_EFORMAT);
    cr_expect_not_null(strstr(err, path), "%s", err);
    cr_expect_not_null(strstr(err, "no entries"), "%s", err);
    snprintf(path, sizeof path, "%s/missing.manifest", dir);
    cr_expect_eq(stc_manifest_read(path, &mf, err, sizeof err), STC_EIO);
    cr_expect_not_null(strstr(err, path), "%s", err);
    cr_expect_not_null(strstr(err, "cannot open"), "%s", err);
    tu_rmdir(dir);
}

/* ---- stc_gen_regression over a manifest ----------------------------------------- */

/* Writes the listed files, removes the other *.vec files, keeps the rest. */
Test(manifest, regression_writes_the_list_and_prunes_the_rest)
{
    char dir[64], out[128], path[600], err[STC_VEC_ERR_MAX] = "";
    unsigned count = 0;
    uint64_t bytes = 0, cycles = 0;
    tu_tmpdir(dir, sizeof dir, "manifest");
    snprintf(out, sizeof out, "%s/out", dir);
    cr_assert_eq(mkdir(out, 0700), 0);
    tm_write(out, "stale.vec", TM_TEXT("x\n"), path, sizeof path);
    tm_write(out, "notes.txt", TM_TEXT("x\n"), path, sizeof path);
    tm_write(dir, "small.manifest",
             TM_TEXT("vector class=sp24 n=4 m=2 k=16 seed=5 bias=1\n"
                     "stream kind=mix n=4 seed=3 len=2\n"),
             path, sizeof path);
    cr_assert_eq(stc_gen_regression(path, out, &count, &bytes, &cycles, err, sizeof err), STC_OK,
                 "%s", err);
    cr_expect_eq(count, 2);
    cr_expect_gt(bytes, 0);
    cr_expect_gt(cycles, 0);
    cr_expect(tm_exists(out, "sp24-n4-2of4-m2-k16-bias-s5.vec"));
    cr_expect(tm_exists(out, "stream-mix-n4-l2-s3.vec"));
    cr_expect_not(tm_exists(out, "stale.vec"), "a file the manifest does not list was kept");
    cr_expect(tm_exists(out, "notes.txt"), "a file that is not a vector was removed");
    tu_rmdir(out);
    tu_rmdir(dir);
}

/* What only the generator knows is reported with the manifest's line;
 * nothing is pruned. */
Test(manifest, generator_refusal_names_the_manifest_line)
{
    char dir[64], out[128], path[600], err[STC_VEC_ERR_MAX] = "";
    tu_tmpdir(dir, sizeof dir, "manifest");
    snprintf(out, sizeof out, "%s/out", dir);
    cr_assert_eq(mkdir(out, 0700), 0);
    tm_write(out, "stale.vec", TM_TEXT("x\n"), path, sizeof path);
    tm_write(dir, "refused.manifest",
             TM_TEXT("vector class=dense n=4 m=1 k=4 seed=1\n"
                     "\n"
                     "vector class=dense n=16 m=1 k=17 seed=1\n"),
             path, sizeof path);
    cr_expect_eq(stc_gen_regression(path, out, NULL, NULL, NULL, err, sizeof err), STC_EPARAM);
    tm_expect_at(err, path, 3, "dense-n16-dense-m1-k17-s1.vec: k = 17");
    cr_expect(tm_exists(out, "stale.vec"), "pruned after a failed regeneration");
    tu_rmdir(out);
    tu_rmdir(dir);
}

/* ---- the shipped manifest -------------------------------------------------------- */

Test(manifest, shipped_manifest_lists_exactly_the_checked_in_files)
{
    char err[STC_VEC_ERR_MAX] = "";
    stc_manifest mf;
    unsigned streams = 0;
    cr_assert_eq(stc_manifest_read(STC_MANIFEST_DEFAULT, &mf, err, sizeof err), STC_OK, "%s", err);
    cr_expect_eq(mf.count, tm_count(TM_REG_DIR, "", ".vec"));
    for (unsigned i = 0; i < mf.count; i++) {
        streams += mf.entry[i].type == STC_MANIFEST_STREAM;
        cr_expect(tm_exists(TM_REG_DIR, mf.entry[i].name), "line %u: %s is not checked in",
                  mf.entry[i].line, mf.entry[i].name);
    }
    cr_expect_eq(streams, tm_count(TM_REG_DIR, "stream-", ".vec"));
    cr_expect_gt(streams, 0);
    cr_expect_gt(mf.count, streams);
    stc_manifest_free(&mf);
}
