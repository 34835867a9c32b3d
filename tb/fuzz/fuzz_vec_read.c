// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * fuzz_vec_read.c - AFL++ harness for the vector reader and the tools'
 * argument handling.
 *
 *   fuzz_vec_read read FILE      FILE is a vector or a stream: stc_stream_read
 *                                (and stc_vec_read for a one-command file),
 *                                then on success validate / dense W /
 *                                expected C of every command
 *   fuzz_vec_read vecgen FILE    FILE holds arguments (one per line or NUL-
 *   fuzz_vec_read vecdump FILE   separated) for stc_vecgen / stc_vecdump,
 *                                run in the sandbox $STC_FUZZ_SANDBOX
 *
 * Besides crashes and sanitizer reports, the harness turns these broken
 * contracts into aborts (which AFL++ records as crashes):
 *   - a rejected vector whose message does not start with "FILE:LINE: "
 *     (or "FILE: " for an I/O error), or an accepted one that does not
 *     validate;
 *   - stc_vecgen failing but leaving good.vec changed or a temporary file
 *     behind; stc_vecgen succeeding with an output the reader rejects, or
 *     succeeding without writing a vector or printing its help (whatever
 *     the option spelling: "-o F", "-oF", "--out=F", a prefix of --out);
 *   - a tool exit status other than 0 or 2.
 * Arguments with a '/' and --regression are dropped, so the tools only ever
 * touch the sandbox (which must hold good.vec and bad.vec).
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz_mains.h"
#include "stc_vec.h"

#define FUZZ_MAX_ARGS 24
#define FUZZ_MAX_INPUT 4096
#define FUZZ_MAX_GOOD (1u << 20) /* the sandbox's good.vec is a few hundred bytes */
#define FUZZ_GOOD "good.vec"
#define FUZZ_STDOUT "stdout.txt" /* what the tool printed, in the sandbox */

typedef struct fuzz_buf {
    char *data;
    size_t len;
} fuzz_buf;

static void fuzz_fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_vec_read: contract broken: %s%s%s\n", what, detail ? ": " : "",
            detail ? detail : "");
    abort();
}

static int fuzz_slurp(const char *path, size_t max, fuzz_buf *b)
{
    FILE *f = fopen(path, "rb");
    b->data = NULL;
    b->len = 0;
    if (!f)
        return -1;
    b->data = malloc(max + 1);
    if (b->data)
        b->len = fread(b->data, 1, max, f);
    fclose(f);
    if (!b->data)
        return -1;
    b->data[b->len] = '\0';
    return 0;
}

/* "path:LINE: msg" for format errors, "path: msg" for I/O errors. */
static void fuzz_check_message(const char *path, stc_status st, const char *err)
{
    size_t n = strlen(path);
    if (strncmp(err, path, n) != 0 || err[n] != ':')
        fuzz_fail("error message does not name the file", err);
    const char *p = err + n + 1;
    if (st == STC_EIO && *p == ' ')
        return;
    if (*p < '1' || *p > '9')
        fuzz_fail("error message has no line number", err);
    while (*p >= '0' && *p <= '9')
        p++;
    if (p[0] != ':' || p[1] != ' ' || p[2] == '\0')
        fuzz_fail("error message is not FILE:LINE: message", err);
}

static void fuzz_check_command(const stc_vec *v)
{
    char err[STC_VEC_ERR_MAX] = "";
    if (stc_vec_validate(v, err, sizeof err) != STC_OK)
        fuzz_fail("accepted vector does not validate", err);
    int8_t *wd = malloc((size_t)v->k * v->n);
    if (!wd || stc_vec_dense_w(v, wd, err, sizeof err) != STC_OK)
        fuzz_fail("accepted vector has no dense W", err);
    free(wd);
    (void)stc_vec_check_expected(v, err, sizeof err);
}

static int fuzz_read(const char *path)
{
    stc_stream s = {0, NULL};
    stc_vec v;
    char err[STC_VEC_ERR_MAX] = "", err1[STC_VEC_ERR_MAX] = "";
    stc_status st = stc_stream_read(path, &s, err, sizeof err);
    stc_status st1 = stc_vec_read(path, &v, err1, sizeof err1);
    if (st1 == STC_OK)
        stc_vec_free(&v);
    else
        fuzz_check_message(path, st1, err1);
    if (st != STC_OK) {
        fuzz_check_message(path, st, err);
        if (st1 == STC_OK)
            fuzz_fail("the version-1 reader accepts what the stream reader rejects", err);
        return 0;
    }
    if (s.ncmd < 1 || s.ncmd > STC_STREAM_CMDS_MAX)
        fuzz_fail("accepted stream has no commands or too many", NULL);
    for (unsigned i = 0; i < s.ncmd; i++) {
        if (s.cmd[i].n != s.cmd[0].n)
            fuzz_fail("accepted stream mixes array sizes", NULL);
        fuzz_check_command(&s.cmd[i]);
    }
    stc_stream_free(&s);
    return 0;
}

/* Splits the input into arguments (newline or NUL separated), dropping
 * anything that could leave the sandbox or take seconds. */
static int fuzz_split_args(char *data, size_t len, const char *prog, char **argv)
{
    int argc = 0;
    argv[argc++] = (char *)prog;
    size_t i = 0;
    while (i < len && argc < FUZZ_MAX_ARGS) {
        char *a = data + i;
        size_t l = 0;
        while (i + l < len && data[i + l] != '\n' && data[i + l] != '\0')
            l++;
        a[l] = '\0';
        i += l + 1;
        if (strchr(a, '/') || strcmp(a, "--regression") == 0)
            continue;
        argv[argc++] = a;
    }
    argv[argc] = NULL;
    return argc;
}

/* Calls fn(name, ctx) for every entry of the sandbox but ".", ".." and
 * bad.vec (the input, which stays). */
static void fuzz_sandbox_each(void (*fn)(const char *name, void *ctx), void *ctx)
{
    DIR *d = opendir(".");
    struct dirent *e;
    if (!d)
        fuzz_fail("cannot open the sandbox", NULL);
    while ((e = readdir(d)) != NULL) {
        const char *n = e->d_name;
        if (strcmp(n, ".") != 0 && strcmp(n, "..") != 0 && strcmp(n, "bad.vec") != 0)
            fn(n, ctx);
    }
    closedir(d);
}

static void fuzz_clean_one(const char *n, void *ctx)
{
    int *temps = ctx;
    if (strcmp(n, FUZZ_GOOD) == 0)
        return;
    *temps += strstr(n, ".tmp.") != NULL;
    unlink(n);
}

/* Leftover temporary files and stray outputs: the former break the
 * writer's contract; both are removed so every run starts the same. */
static int fuzz_clean_sandbox(void)
{
    int temps = 0;
    fuzz_sandbox_each(fuzz_clean_one, &temps);
    return temps;
}

static void fuzz_restore_good(const fuzz_buf *good)
{
    FILE *f = fopen(FUZZ_GOOD, "wb");
    if (!f || fwrite(good->data, 1, good->len, f) != good->len || fclose(f) != 0)
        fuzz_fail("cannot restore " FUZZ_GOOD, NULL);
}

/* Runs stc_vecgen with its standard output captured in FUZZ_STDOUT;
 * returns its exit status and whether it printed its help. */
static int fuzz_vecgen_captured(int argc, char **argv, bool *help)
{
    char head[32] = "";
    fflush(stdout);
    int saved = dup(1);
    int fd = open(FUZZ_STDOUT, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (saved < 0 || fd < 0 || dup2(fd, 1) < 0)
        fuzz_fail("cannot capture the standard output", NULL);
    close(fd);
    int rc = stc_vecgen_main(argc, argv);
    fflush(stdout);
    if (dup2(saved, 1) < 0)
        fuzz_fail("cannot restore the standard output", NULL);
    close(saved);
    FILE *f = fopen(FUZZ_STDOUT, "rb");
    if (f) {
        size_t n = fread(head, 1, sizeof head - 1, f);
        head[n] = '\0';
        fclose(f);
    }
    *help = strncmp(head, "usage: stc_vecgen ", 18) == 0;
    return rc;
}

typedef struct fuzz_written {
    ino_t good_ino; /* good.vec's inode before the run */
    int count;
} fuzz_written;

static void fuzz_check_one(const char *n, void *ctx)
{
    fuzz_written *w = ctx;
    char err[STC_VEC_ERR_MAX];
    struct stat st;
    if (strcmp(n, FUZZ_STDOUT) == 0 || stat(n, &st) != 0 || !S_ISREG(st.st_mode))
        return;
    if (strcmp(n, FUZZ_GOOD) == 0 && st.st_ino == w->good_ino)
        return;
    w->count++;
    stc_vec v;
    if (stc_vec_read(n, &v, err, sizeof err) != STC_OK)
        fuzz_fail("stc_vecgen wrote a vector the reader rejects", err);
    stc_vec_free(&v);
}

/* After a successful stc_vecgen that did not print its help: it wrote a
 * vector (a new file, or good.vec replaced: a new inode) and every file it
 * may have written reads back. The option spelling does not matter. */
static void fuzz_check_outputs(ino_t good_ino)
{
    fuzz_written w = {good_ino, 0};
    fuzz_sandbox_each(fuzz_check_one, &w);
    if (w.count == 0)
        fuzz_fail("stc_vecgen exited 0 without writing a vector or printing its help", NULL);
}

static int fuzz_vecgen(int argc, char **argv, const fuzz_buf *good)
{
    fuzz_buf after;
    struct stat st;
    bool help = false;
    if (stat(FUZZ_GOOD, &st) != 0)
        fuzz_fail("no " FUZZ_GOOD " in the sandbox", NULL);
    int rc = fuzz_vecgen_captured(argc, argv, &help);
    if (rc != 0 && rc != 2)
        fuzz_fail("stc_vecgen exit status is neither 0 nor 2", NULL);
    if (rc == 0 && !help)
        fuzz_check_outputs(st.st_ino);
    if (rc != 0) {
        if (fuzz_slurp(FUZZ_GOOD, good->len + 1, &after) != 0 || after.len != good->len ||
            memcmp(after.data, good->data, good->len) != 0)
            fuzz_fail("failed stc_vecgen changed " FUZZ_GOOD, NULL);
        free(after.data);
    }
    if (fuzz_clean_sandbox() && rc != 0)
        fuzz_fail("failed stc_vecgen left a temporary file", NULL);
    fuzz_restore_good(good);
    return 0;
}

static int fuzz_tool(const char *tool, const char *path)
{
    fuzz_buf in, good;
    char *argv[FUZZ_MAX_ARGS + 1];
    const char *box = getenv("STC_FUZZ_SANDBOX");
    /* The input path may be relative to where we started: read it first. */
    if (fuzz_slurp(path, FUZZ_MAX_INPUT, &in) != 0) {
        fprintf(stderr, "fuzz_vec_read: cannot read %s\n", path);
        return 2;
    }
    if (!box || chdir(box) != 0 || fuzz_slurp(FUZZ_GOOD, FUZZ_MAX_GOOD, &good) != 0) {
        fprintf(stderr, "fuzz_vec_read: set STC_FUZZ_SANDBOX to a directory with %s\n", FUZZ_GOOD);
        free(in.data);
        return 2;
    }
    int argc = fuzz_split_args(in.data, in.len, tool, argv);
    int rc = 0;
    if (strcmp(tool, "vecgen") == 0) {
        rc = fuzz_vecgen(argc, argv, &good);
    } else {
        rc = stc_vecdump_main(argc, argv);
        if (rc != 0 && rc != 2)
            fuzz_fail("stc_vecdump exit status is neither 0 nor 2", NULL);
        rc = 0;
    }
    free(in.data);
    free(good.data);
    return rc;
}

static int fuzz_one(const char *target, const char *path)
{
    if (strcmp(target, "read") == 0)
        return fuzz_read(path);
    return fuzz_tool(target, path);
}

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "read") != 0 && strcmp(argv[1], "vecgen") != 0 &&
                      strcmp(argv[1], "vecdump") != 0)) {
        fprintf(stderr, "usage: fuzz_vec_read read|vecgen|vecdump FILE\n");
        return 2;
    }
#ifdef __AFL_HAVE_MANUAL_CONTROL
    /* Persistent mode: AFL++ rewrites FILE between iterations; the harness
     * keeps no state across them (the sandbox is restored every time). */
    __AFL_INIT();
    int rc = 0;
    while (__AFL_LOOP(1000))
        rc = fuzz_one(argv[1], argv[2]);
    return rc;
#else
    return fuzz_one(argv[1], argv[2]);
#endif
}
