// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_run_report.h - the one per-file report of the runners (stc_sim and
 * the SystemC cosim print the same lines, which sim-sc-test diffs):
 *
 *   [  i/n] PASS|FAIL path  cycles=.. stall=.. macs: alg=.. actual=.. gated=.. skipped=..
 *   [  i/n] PASS|FAIL path  commands=d/n (f with an illegal nibble) cycles=..    (a stream)
 *   [  i/n] ERROR message                                                       (bad input)
 *
 * then, for a failure, its first divergence. Passes go to stdout (none
 * with quiet), failures and errors to stderr; the caller adds its
 * reproduce line.
 *
 * The same files once the run is over, as stc_sim's --junit and --csv:
 *
 *   <?xml version="1.0" encoding="UTF-8"?>
 *   <testsuite name="cosim.nN.stallP" tests=".." failures=".." errors=".." time="s">
 *     <testcase classname="cosim.nN.stallP" name="path" time="s">
 *       <properties> seed, stall_pct, policy, commands, cycles, macs_alg,
 *         macs_saved (gated + skipped) </properties>
 *       <error type="bad input" message=".."/>          (could not run)
 *       <failure type="mismatch" message=".."/>         (failed)
 *       <system-out>reproduce: argv0 options path</system-out>
 *     </testcase> ...
 *   </testsuite>
 *
 * with <, >, & and " escaped (a ' needs none between double quotes), and
 * one CSV row per file that ran, under the header docs/targets.md
 * ("stc_sim --csv") describes. Both are written through the atomic
 * writer (common/stc_out.h): a file that cannot be written whole is an
 * error, and nothing (or the old file) is left at its path.
 */
#ifndef STC_RUN_REPORT_H
#define STC_RUN_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "stc_host.h"
#include "stc_run_file.h"
#include "stc_status.h"
#include "stc_vec.h"

/* Prints file i (0-based) of total; returns true when it failed or could
 * not run (the caller then prints how to reproduce it). */
bool stc_run_report_file(unsigned i, unsigned total, const stc_file_outcome *r, bool quiet);

/* A file's facts for its CSV row: of its command, or for a stream the
 * sums over its commands (stc_file_facts_of). */
typedef struct stc_file_facts {
    char cls[STC_VEC_CLASS_MAX]; /* the generator's class, or "stream" */
    unsigned n, m, k, nblk, nskip, nbias;
    bool mode24, bias;         /* of the first command */
    bool mixed;                /* a stream with dense and 2:4 commands */
    uint64_t w_zeros, w_elems; /* zeros of the dense W, and its size */
} stc_file_facts;

/* The facts of s's commands: a single command's own; for a stream, the
 * sums of M, K, blocks, skipped blocks, biased commands and W's size and
 * zeros, so that one CSV row describes the whole file (class "stream",
 * mode "mixed" when it holds both). The zero count of a dense W: stored
 * zeros plus, in 2:4, the half of every group that compression removed
 * (those are zeros too). out is cleared first. */
void stc_file_facts_of(const stc_stream *s, stc_file_facts *out);

/* One file of a run, as its JUnit test case and CSV row tell it. */
typedef struct stc_file_record {
    stc_file_outcome f;
    double seconds;       /* its time= */
    stc_file_facts facts; /* stc_file_facts_of, when it ran */
} stc_file_record;

/* The run as a whole, as both files name it. */
typedef struct stc_run_info {
    unsigned n; /* the RTL's N */
    uint64_t seed;
    unsigned stall_pct;
    stc_policy policy;
    const char *argv0;   /* the runner, as its reproduce line names it */
    const char *options; /* the options that line repeats, each after a space */
    /* the testsuite's counts: failed files, and errors (files that could
     * not run and anything else of the run that failed, e.g. a trace) */
    unsigned failures, errors;
} stc_run_info;

/* Writes the JUnit report of files[0 .. nfiles - 1] to path. STC_EIO with
 * "path: why" in err when it cannot be written whole. */
stc_status stc_run_report_junit(const char *path, const stc_run_info *run,
                                const stc_file_record *files, unsigned nfiles, char *err,
                                size_t errlen);

/* Writes the CSV of files[0 .. nfiles - 1] to path: the header, then a
 * row for each file that ran (none for one that could not). Errors as
 * stc_run_report_junit. */
stc_status stc_run_report_csv(const char *path, const stc_run_info *run,
                              const stc_file_record *files, unsigned nfiles, char *err,
                              size_t errlen);

#endif
