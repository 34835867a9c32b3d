/*
 * stc_cli.h - argument parsing shared by the harness's command-line tools.
 */
#ifndef STC_CLI_H
#define STC_CLI_H

#include <stdint.h>

/* Parses an unsigned decimal, hex (0x) or octal number that fills the whole
 * string and starts with a digit. Returns 0, or -1 for anything else (empty,
 * sign, leading space, junk, overflow). */
int stc_cli_u64(const char *s, uint64_t *out);

/* Runs argv (searched in PATH) with its output discarded; returns its exit
 * status, or -1 if it could not run. For the GTKWave converters. */
int stc_cli_run_tool(char *const argv[]);

#endif
