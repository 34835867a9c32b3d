// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_cli.h - the one command-line parser of the harness's programs.
 *
 * Every program describes its options in a table of stc_opt and reads them
 * with stc_cli_parse, a thin layer over getopt_long: "--seed 3" and
 * "--seed=3" both work, options and operands may be mixed, "--" ends the
 * options, and "-h"/"--help" prints the one help layout all programs share
 * (usage lines, what the program does, the options, the exit codes).
 * Errors name the program and the offending argument and return
 * STC_CLI_ERROR; the caller exits 2.
 */
#ifndef STC_CLI_H
#define STC_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One option. `arg` names its value in the help (NULL: a flag that takes
 * none); `help` may hold '\n' for continuation lines. `id` is the
 * program's own code for it, passed to its apply function. */
typedef struct stc_opt {
    int id;
    const char *name; /* long name, without "--" */
    char letter;      /* short form ('o' for -o), or 0 */
    const char *arg;
    const char *help;
} stc_opt;

/* A program's command line. `usage` holds the operand part of each usage
 * line ("[options] VECTOR.vec..."), several separated by '\n'; `notes` is
 * free text printed after the options (may be NULL); `exits` the exit
 * codes line without "exit: ". `opts` lists up to STC_CLI_MAX_TABLES
 * option tables (a program's own, and shared ones such as the runners'
 * seed and stall), each ending with an entry whose name is NULL; unused
 * slots are NULL. */
#define STC_CLI_MAX_TABLES 6
typedef struct stc_cmd {
    const char *prog;
    const char *usage;
    const char *about;
    const stc_opt *opts[STC_CLI_MAX_TABLES];
    const char *notes;
    const char *exits;
} stc_cmd;

#define STC_CLI_MAX_OPTS 32

enum {
    STC_CLI_HELP = -2,  /* --help printed to stdout: exit 0 */
    STC_CLI_ERROR = -3, /* message printed to stderr: exit 2 */
};

/* Applies one option (its id, and its value or NULL) to a program's
 * settings; returns 0, or STC_CLI_ERROR after saying what is wrong. */
typedef int (*stc_cli_apply_fn)(void *ctx, int id, const char *val);

/* Parses argv: calls apply for each option in order, then sets *first to
 * the index of the first operand (operands are argv[*first..argc), in
 * their order; getopt_long moves them after the options). Returns 0,
 * STC_CLI_HELP (help printed) or STC_CLI_ERROR (message printed). */
int stc_cli_parse(const stc_cmd *cmd, int argc, char **argv, stc_cli_apply_fn apply, void *ctx,
                  int *first);

/* Prints the help: usage lines, about, options, notes, exit codes. */
void stc_cli_help(FILE *f, const stc_cmd *cmd);

/* Prints "PROG: MESSAGE" and "try 'PROG --help'" to stderr; returns
 * STC_CLI_ERROR so a caller can `return stc_cli_error(...)`. */
int stc_cli_error(const stc_cmd *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Reads the value of option `opt` as an unsigned number (decimal, 0x hex
 * or 0 octal, starting with a digit, nothing after it) in lo..hi. On
 * anything else it says so, naming the option, the value and the range,
 * and returns STC_CLI_ERROR. */
int stc_cli_number(const stc_cmd *cmd, const char *opt, const char *val, uint64_t lo, uint64_t hi,
                   uint64_t *out);

/* Like stc_cli_number for a decimal fraction such as a percentage. */
int stc_cli_decimal(const stc_cmd *cmd, const char *opt, const char *val, double lo, double hi,
                    double *out);

/* Parses an unsigned number that fills the whole string and starts with a
 * digit. Returns 0, or -1 for anything else (empty, sign, leading space,
 * junk, overflow). */
int stc_cli_u64(const char *s, uint64_t *out);

/* A word as a shell reads it back: s itself when it holds only characters
 * no shell treats specially, else s in single quotes (with each ' written
 * as '\''), in buf. For the reproduce lines, which users paste. If buf
 * is too small, returns s unchanged. */
const char *stc_cli_quote(const char *s, char *buf, size_t len);

/* Runs argv (searched in PATH) with its output discarded; returns its exit
 * status, or -1 if it could not run. For the GTKWave converters. */
int stc_cli_run_tool(char *const argv[]);

#ifdef __cplusplus
}
#endif

#endif
