// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_run_report.c - the runners' per-file report (see stc_run_report.h).
 */
#include "stc_run_report.h"

#include <inttypes.h>

bool stc_run_report_file(unsigned i, unsigned total, const stc_file_outcome *r, bool quiet)
{
    const stc_run_result *res = &r->res;
    const uint32_t *c = res->cnt;
    if (r->error) {
        fprintf(stderr, "[%3u/%u] ERROR %s\n", i + 1, total, r->message);
        return true;
    }
    if (res->pass && quiet)
        return false;
    FILE *f = res->pass ? stdout : stderr;
    const char *verdict = res->pass ? "PASS" : "FAIL";
    if (r->ncmd > 1)
        fprintf(
            f, "[%3u/%u] %s %s  commands=%u/%u (%u with an illegal nibble) cycles=%" PRIu64 "\n",
            i + 1, total, verdict, r->path, res->cmds_done, r->ncmd, res->faults_seen, res->cycles);
    else if (res->counters)
        fprintf(f,
                "[%3u/%u] %s %s  cycles=%u stall=%u macs: alg=%u actual=%u gated=%u skipped=%u\n",
                i + 1, total, verdict, r->path, c[STC_CNT_CYCLES], c[STC_CNT_STALL_CYCLES],
                c[STC_CNT_MACS_ALG], c[STC_CNT_MACS_ACTUAL], c[STC_CNT_MACS_GATED],
                c[STC_CNT_MACS_SKIPPED]);
    else {
        /* An RTL without counters: nothing measured, the model's figures
         * (txn: its own run) beside, never a tied-off 0 read as a count. */
        const uint32_t *mc = res->model_cnt;
        fprintf(f,
                "[%3u/%u] %s %s  cycles=n/a stall=n/a macs: alg=n/a actual=n/a gated=n/a "
                "skipped=n/a (the RTL has no dbg_cnt_o",
                i + 1, total, verdict, r->path);
        if (res->model_cycles)
            fprintf(f, "; model: cycles=%u stall=%u macs: alg=%u actual=%u gated=%u skipped=%u",
                    mc[STC_CNT_CYCLES], mc[STC_CNT_STALL_CYCLES], mc[STC_CNT_MACS_ALG],
                    mc[STC_CNT_MACS_ACTUAL], mc[STC_CNT_MACS_GATED], mc[STC_CNT_MACS_SKIPPED]);
        fputs(")\n", f);
    }
    if (res->model_cycles)
        fprintf(f,
                "  txn: %u command(s) compared; RTL minus model completion cycle: min %" PRId64
                ", mean %.1f, max %" PRId64 " (negative: RTL ahead); RTL %" PRIu64
                " cycles, model %" PRIu64 "\n",
                res->txn_cmds, res->delta_min,
                res->txn_cmds ? (double)res->delta_sum / res->txn_cmds : 0.0, res->delta_max,
                res->cycles, res->model_cycles);
    fflush(f);
    if (res->pass)
        return false;
    if (res->first_signal[0] && r->ncmd > 1)
        fprintf(stderr, "  first divergence: cycle %" PRIu64 ", %s (command %d)\n",
                res->first_bad_cycle, res->first_signal, res->first_cmd);
    else if (res->first_signal[0])
        fprintf(stderr, "  first divergence: cycle %" PRIu64 ", %s\n", res->first_bad_cycle,
                res->first_signal);
    return true;
}
