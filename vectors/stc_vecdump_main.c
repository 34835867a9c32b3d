// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_vecdump - prints a vector's matrices as plain decimal text so any
 * other program can check it:
 *
 *   stc_vecdump [--what a|w|c|all] FILE
 *
 * Each matrix is a heading line "# NAME ROWS COLS" followed by ROWS lines
 * of COLS whitespace-separated decimal integers: A (M x K), dense W (K x N,
 * 2:4 decompressed) and expected C (M x N). Exit 2 on any error, with the
 * reader's "file:line: message".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stc_cli.h"
#include "stc_vec.h"

enum { OPT_WHAT = 1 };

static const stc_opt stc_dump_opts[] = {
    {OPT_WHAT, "what", 0, "WHAT", "a, w, c or all (default all)"},
    {0, NULL, 0, NULL, NULL},
};

static const stc_cmd stc_dump_cmd = {
    "stc_vecdump",
    "[--what a|w|c|all] FILE",
    "Prints a vector's matrices as plain decimal text: A (M x K), the dense W (K x N,\n"
    "2:4 decompressed) and the expected C (M x N), each after a line \"# NAME ROWS COLS\".",
    {stc_dump_opts, NULL},
    NULL,
    "0 ok, 2 bad input (the reader's \"file:line: message\")",
};

/* The one option, --what (stc_cli_apply_fn). */
static int stc_dump_what(void *ctx, int id, const char *val)
{
    (void)id;
    *(const char **)ctx = val;
    return 0;
}

/* Returns 0, STC_CLI_HELP or STC_CLI_ERROR. */
static int stc_dump_args(int argc, char **argv, const char **path, const char **what)
{
    int first = argc;
    int rc = stc_cli_parse(&stc_dump_cmd, argc, argv, stc_dump_what, (void *)what, &first);
    if (rc)
        return rc;
    if (strcmp(*what, "a") != 0 && strcmp(*what, "w") != 0 && strcmp(*what, "c") != 0 &&
        strcmp(*what, "all") != 0)
        return stc_cli_error(&stc_dump_cmd, "--what: '%s' is not a, w, c or all", *what);
    if (first == argc)
        return stc_cli_error(&stc_dump_cmd, "no file given");
    if (first + 1 < argc)
        return stc_cli_error(&stc_dump_cmd, "more than one file");
    *path = argv[first];
    return 0;
}

static void stc_dump_i8(const char *name, const int8_t *x, unsigned rows, unsigned cols)
{
    printf("# %s %u %u\n", name, rows, cols);
    for (unsigned r = 0; r < rows; r++) {
        for (unsigned c = 0; c < cols; c++)
            printf(c ? " %d" : "%d", x[(size_t)r * cols + c]);
        putchar('\n');
    }
}

static void stc_dump_i32(const char *name, const int32_t *x, unsigned rows, unsigned cols)
{
    printf("# %s %u %u\n", name, rows, cols);
    for (unsigned r = 0; r < rows; r++) {
        for (unsigned c = 0; c < cols; c++)
            printf(c ? " %ld" : "%ld", (long)x[(size_t)r * cols + c]);
        putchar('\n');
    }
}

static int stc_dump(const stc_vec *v, const char *what)
{
    char err[STC_VEC_ERR_MAX];
    bool all = strcmp(what, "all") == 0;
    if (all || strcmp(what, "a") == 0)
        stc_dump_i8("A", v->a, v->m, v->k);
    if (all || strcmp(what, "w") == 0) {
        int8_t *wd = malloc((size_t)v->k * v->n);
        if (!wd || stc_vec_dense_w(v, wd, err, sizeof err) != STC_OK) {
            fprintf(stderr, "stc_vecdump: %s\n", wd ? err : "out of memory");
            free(wd);
            return 2;
        }
        stc_dump_i8("W", wd, v->k, v->n);
        free(wd);
    }
    if (all || strcmp(what, "c") == 0)
        stc_dump_i32("C", v->c, v->m, v->n);
    return fflush(stdout) == 0 ? 0 : 2;
}

int main(int argc, char **argv)
{
    const char *path = NULL, *what = "all";
    int parsed = stc_dump_args(argc, argv, &path, &what);
    if (parsed != 0)
        return parsed == STC_CLI_HELP ? 0 : 2;
    stc_vec v;
    char err[STC_VEC_ERR_MAX];
    if (stc_vec_read(path, &v, err, sizeof err) != STC_OK) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    int rc = stc_dump(&v, what);
    stc_vec_free(&v);
    return rc;
}
