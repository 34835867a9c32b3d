/*
 * stc_vecdump - prints a vector's matrices as plain decimal text so any
 * other program can check it:
 *
 *   stc_vecdump FILE [--what a|w|c|all]
 *
 * Each matrix is a heading line "# NAME ROWS COLS" followed by ROWS lines
 * of COLS whitespace-separated decimal integers: A (M x K), dense W (K x N,
 * 2:4 decompressed) and expected C (M x N). Exit 2 on any error, with the
 * reader's "file:line: message".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stc_vec.h"

static int stc_dump_usage(const char *what)
{
    fprintf(stderr, "stc_vecdump: %s\nusage: stc_vecdump FILE [--what a|w|c|all]\n", what);
    return 2;
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
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--what") == 0 && i + 1 < argc)
            what = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1] != '\0')
            return stc_dump_usage("unknown option or missing value");
        else if (!path)
            path = argv[i];
        else
            return stc_dump_usage("more than one file");
    }
    if (!path)
        return stc_dump_usage("no file given");
    if (strcmp(what, "a") != 0 && strcmp(what, "w") != 0 && strcmp(what, "c") != 0 &&
        strcmp(what, "all") != 0)
        return stc_dump_usage("--what must be a, w, c or all");
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
