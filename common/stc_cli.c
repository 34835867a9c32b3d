// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_cli.c - the one command-line parser of the harness's programs, over
 * getopt_long (see stc_cli.h).
 */
#include "stc_cli.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

/* getopt_long returns LONG_BASE + i for the table's option i, so that any
 * id a program chooses, and any short letter, stay apart. */
#define LONG_BASE 256
#define HELP_COLUMN 24

/* Parser state of one run: the option tables flattened, getopt_long's
 * short and long option lists built from them. */
typedef struct cli_state {
    const stc_cmd *cmd;
    int argc;
    char **argv;
    const stc_opt *flat[STC_CLI_MAX_OPTS];
    size_t nflat;
    char shorts[2 * STC_CLI_MAX_OPTS + 4];
    struct option longs[STC_CLI_MAX_OPTS + 2];
} cli_state;

static int cli_init(cli_state *p, const stc_cmd *cmd, int argc, char **argv)
{
    size_t s = 0;
    memset(p, 0, sizeof *p);
    p->cmd = cmd;
    p->argc = argc;
    p->argv = argv;
    for (int t = 0; t < STC_CLI_MAX_TABLES && cmd->opts[t]; t++)
        for (const stc_opt *o = cmd->opts[t]; o->name; o++) {
            if (p->nflat == STC_CLI_MAX_OPTS)
                return stc_cli_error(cmd, "internal error: more than %d options", STC_CLI_MAX_OPTS);
            p->flat[p->nflat++] = o;
        }
    /* ':' first: a missing value is reported as ':' rather than '?'. */
    p->shorts[s++] = ':';
    for (size_t i = 0; i < p->nflat; i++) {
        const stc_opt *o = p->flat[i];
        p->longs[i].name = o->name;
        p->longs[i].has_arg = o->arg ? required_argument : no_argument;
        p->longs[i].val = LONG_BASE + (int)i;
        if (o->letter) {
            p->shorts[s++] = o->letter;
            if (o->arg)
                p->shorts[s++] = ':';
        }
    }
    p->longs[p->nflat].name = "help";
    p->longs[p->nflat].val = 'h';
    p->shorts[s++] = 'h';
    p->shorts[s] = '\0';
    /* glibc: 0 (not 1) also resets the scan state of an earlier parse. */
    optind = 0;
    opterr = 0;
    return 0;
}

static const stc_opt *opt_by_code(const cli_state *p, int code)
{
    if (code >= LONG_BASE && (size_t)(code - LONG_BASE) < p->nflat)
        return p->flat[code - LONG_BASE];
    for (size_t i = 0; i < p->nflat; i++)
        if (code > 0 && p->flat[i]->letter == code)
            return p->flat[i];
    return NULL;
}

static int report_getopt_error(const cli_state *p, int c)
{
    const stc_opt *o = opt_by_code(p, optopt);
    const char *arg = optind > 0 && optind <= p->argc ? p->argv[optind - 1] : "?";
    if (c == ':' && o)
        return stc_cli_error(p->cmd, "--%s needs a value (%s)", o->name, o->arg);
    if (o && !o->arg)
        return stc_cli_error(p->cmd, "--%s takes no value", o->name);
    if (optopt > 0 && optopt < LONG_BASE && !o)
        return stc_cli_error(p->cmd, "unknown option '-%c'", optopt);
    return stc_cli_error(p->cmd, "unknown or ambiguous option '%s'", arg);
}

int stc_cli_parse(const stc_cmd *cmd, int argc, char **argv, stc_cli_apply_fn apply, void *ctx,
                  int *first)
{
    cli_state p;
    int c;
    if (cli_init(&p, cmd, argc, argv))
        return STC_CLI_ERROR;
    while ((c = getopt_long(argc, argv, p.shorts, p.longs, NULL)) != -1) {
        if (c == 'h') {
            stc_cli_help(stdout, cmd);
            return STC_CLI_HELP;
        }
        if (c == '?' || c == ':')
            return report_getopt_error(&p, c);
        const stc_opt *o = opt_by_code(&p, c);
        if (!o)
            return stc_cli_error(cmd, "internal error: option code %d", c);
        if (apply(ctx, o->id, o->arg ? optarg : NULL) != 0)
            return STC_CLI_ERROR;
    }
    *first = optind;
    return 0;
}

/* Prints text with every line after the first indented to `col`. */
static void print_indented(FILE *f, const char *text, int col)
{
    for (const char *s = text; *s; s++) {
        fputc(*s, f);
        if (*s == '\n' && s[1])
            fprintf(f, "%*s", col, "");
    }
    fputc('\n', f);
}

static void print_opt(FILE *f, const stc_opt *o)
{
    char left[96];
    int len;
    if (o->letter)
        len = snprintf(left, sizeof left, "  -%c, --%s%s%s", o->letter, o->name, o->arg ? " " : "",
                       o->arg ? o->arg : "");
    else
        len = snprintf(left, sizeof left, "      --%s%s%s", o->name, o->arg ? " " : "",
                       o->arg ? o->arg : "");
    if (len + 2 > HELP_COLUMN)
        fprintf(f, "%s\n%*s", left, HELP_COLUMN, "");
    else
        fprintf(f, "%-*s", HELP_COLUMN, left);
    print_indented(f, o->help, HELP_COLUMN);
}

void stc_cli_help(FILE *f, const stc_cmd *cmd)
{
    const char *u = cmd->usage;
    const char *head = "usage: ";
    while (*u) {
        const char *nl = strchr(u, '\n');
        int n = nl ? (int)(nl - u) : (int)strlen(u);
        fprintf(f, "%s%s %.*s\n", head, cmd->prog, n, u);
        head = "       ";
        u += n + (nl != NULL);
    }
    print_indented(f, cmd->about, 0);
    fprintf(f, "\noptions:\n");
    for (int t = 0; t < STC_CLI_MAX_TABLES && cmd->opts[t]; t++)
        for (const stc_opt *o = cmd->opts[t]; o->name; o++)
            print_opt(f, o);
    static const stc_opt help = {0, "help", 'h', NULL, "print this help and exit 0"};
    print_opt(f, &help);
    if (cmd->notes) {
        fputc('\n', f);
        print_indented(f, cmd->notes, 0);
    }
    fprintf(f, "\nexit: %s\n", cmd->exits);
}

int stc_cli_error(const stc_cmd *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", cmd->prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\ntry '%s --help'\n", cmd->prog);
    return STC_CLI_ERROR;
}

int stc_cli_u64(const char *s, uint64_t *out)
{
    char *end;
    /* strtoull would skip blanks and accept a sign (negating on '-'): a
     * number must start with a digit. */
    if (!s || s[0] < '0' || s[0] > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

int stc_cli_number(const stc_cmd *cmd, const char *opt, const char *val, uint64_t lo, uint64_t hi,
                   uint64_t *out)
{
    uint64_t v;
    if (stc_cli_u64(val, &v) == 0 && v >= lo && v <= hi) {
        *out = v;
        return 0;
    }
    if (hi == UINT64_MAX && lo == 0)
        return stc_cli_error(cmd, "--%s: '%s' is not an unsigned number", opt, val);
    return stc_cli_error(cmd, "--%s: '%s' is not a number in %llu..%llu", opt, val,
                         (unsigned long long)lo, (unsigned long long)hi);
}

int stc_cli_decimal(const stc_cmd *cmd, const char *opt, const char *val, double lo, double hi,
                    double *out)
{
    char *end;
    if (val && val[0] >= '0' && val[0] <= '9') {
        errno = 0;
        double v = strtod(val, &end);
        if (!errno && !*end && isfinite(v) && v >= lo && v <= hi) {
            *out = v;
            return 0;
        }
    }
    return stc_cli_error(cmd, "--%s: '%s' is not a decimal number in %g..%g", opt, val, lo, hi);
}

const char *stc_cli_quote(const char *s, char *buf, size_t len)
{
    static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "0123456789_./:=+,@%-";
    size_t n = 0;
    if (*s && strspn(s, safe) == strlen(s))
        return s;
    if (len < 3)
        return s;
    buf[n++] = '\'';
    for (const char *c = s; *c; c++) {
        const char *piece = *c == '\'' ? "'\\''" : NULL;
        size_t plen = piece ? 4 : 1;
        if (n + plen + 2 > len)
            return s;
        if (piece)
            memcpy(buf + n, piece, plen);
        else
            buf[n] = *c;
        n += plen;
    }
    buf[n++] = '\'';
    buf[n] = '\0';
    return buf;
}

int stc_cli_run_tool(char *const argv[])
{
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int status;
    if (posix_spawn_file_actions_init(&fa) != 0)
        return -1;
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0 || waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
