// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_run_report.c - the runners' per-file report (see stc_run_report.h).
 */
#include "stc_run_report.h"

#include <inttypes.h>
#include <string.h>

#include "stc_cli.h"
#include "stc_out.h"

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
    if (r->ncmd > 1 && !res->pass && res->first_cmd >= 0)
        /* Done: the commands whose rows all came back; the one that failed
         * is said apart, with whether it loads an illegal nibble. */
        fprintf(f,
                "[%3u/%u] %s %s  commands=%u/%u done (%u with an illegal nibble), failed in "
                "command %d (%s) cycles=%" PRIu64 "\n",
                i + 1, total, verdict, r->path, res->cmds_done, r->ncmd, res->faults_seen,
                res->first_cmd, res->first_cmd_fault ? "it loads an illegal nibble" : "legal",
                res->cycles);
    else if (r->ncmd > 1)
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

void stc_file_facts_of(const stc_stream *s, stc_file_facts *out)
{
    const stc_vec *v = s->cmd;
    memset(out, 0, sizeof *out);
    snprintf(out->cls, sizeof out->cls, "%s", s->ncmd > 1 ? "stream" : v[0].cls);
    out->n = v[0].n;
    out->mode24 = v[0].mode24;
    out->bias = v[0].has_bias;
    for (unsigned c = 0; c < s->ncmd; c++) {
        const stc_vec *x = &v[c];
        size_t stored = (size_t)(x->mode24 ? x->k / 2 : x->k) * x->n;
        unsigned nblk = stc_vec_nblk(x);
        out->m += x->m;
        out->k += x->k;
        out->nblk += nblk;
        for (unsigned b = 0; b < nblk; b++)
            out->nskip += (unsigned)((x->skip >> b) & 1u);
        out->nbias += x->has_bias;
        out->mixed = out->mixed || x->mode24 != v[0].mode24;
        out->w_elems += (uint64_t)x->k * x->n;
        out->w_zeros += (uint64_t)x->k * x->n - stored;
        for (size_t i = 0; i < stored; i++)
            out->w_zeros += x->w[i] == 0;
    }
}

/* ---- the JUnit report and the CSV ------------------------------------------- */

/* A file's writer: the whole content, to f. */
typedef void (*report_write_fn)(FILE *f, const stc_run_info *run, const stc_file_record *files,
                                unsigned nfiles);

/* Writes path through the atomic writer, so that a report cut short
 * never replaces a whole one. */
static stc_status report_write(const char *path, report_write_fn body, const stc_run_info *run,
                               const stc_file_record *files, unsigned nfiles, char *err,
                               size_t errlen)
{
    stc_out out;
    stc_status st = stc_out_open(&out, path, err, errlen);
    if (st != STC_OK)
        return st;
    body(out.f, run, files, nfiles);
    return stc_out_close(&out, true, err, errlen);
}

/* Text and attribute values alike: double quotes delimit the attributes,
 * so a ' can stay. */
static void xml_escape(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '&':
            fputs("&amp;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        default:
            fputc(*s, f);
        }
    }
}

/* What a failed file's <failure> says: the hang, the first divergence,
 * or result rows wrong while every cycle agreed. */
static void failure_message(const stc_run_result *res, char *msg, size_t len)
{
    if (res->timeout)
        snprintf(msg, len,
                 "timeout: hung at cycle %" PRIu64 ", %s: no transfer on any channel and busy_o "
                 "unchanged for the hang limit (--hang-cycles, make sim HANG=)",
                 res->first_bad_cycle, res->first_signal);
    else if (res->mismatch_cycles || res->check_failed)
        snprintf(msg, len, "first divergence at cycle %" PRIu64 ": %s (command %d)",
                 res->first_bad_cycle, res->first_signal, res->first_cmd);
    else
        snprintf(msg, len, "wrong result rows (model and RTL agreed every cycle)");
}

/* One testcase: bad input is an <error>, a mismatch a <failure>; the
 * options that replay it ride along as properties and the reproduce
 * command as system-out. */
static void junit_case(FILE *f, const stc_run_info *run, const stc_file_record *r)
{
    const stc_file_outcome *o = &r->f;
    char msg[STC_VEC_ERR_MAX + 128];
    fprintf(f, "  <testcase classname=\"cosim.n%u.stall%u\" name=\"", run->n, run->stall_pct);
    xml_escape(f, o->path);
    fprintf(f, "\" time=\"%.6f\">\n", r->seconds);
    fprintf(f,
            "    <properties><property name=\"seed\" value=\"%" PRIu64 "\"/>"
            "<property name=\"stall_pct\" value=\"%u\"/>"
            "<property name=\"policy\" value=\"%s\"/>"
            "<property name=\"commands\" value=\"%u\"/>"
            "<property name=\"cycles\" value=\"%" PRIu64 "\"/>"
            "<property name=\"macs_alg\" value=\"%u\"/>"
            "<property name=\"macs_saved\" value=\"%u\"/></properties>\n",
            run->seed, run->stall_pct, stc_policy_name(run->policy), o->ncmd, o->res.cycles,
            o->res.cnt[STC_CNT_MACS_ALG],
            o->res.cnt[STC_CNT_MACS_SKIPPED] + o->res.cnt[STC_CNT_MACS_GATED]);
    if (o->error) {
        fprintf(f, "    <error type=\"bad input\" message=\"");
        xml_escape(f, o->message);
        fprintf(f, "\"/>\n");
    } else if (!o->pass) {
        failure_message(&o->res, msg, sizeof msg);
        fprintf(f, "    <failure type=\"mismatch\" message=\"");
        xml_escape(f, msg);
        fprintf(f, "\"/>\n");
    }
    /* The console's reproduce line, XML-escaped (a plusarg may hold any
     * character). */
    char q[4096];
    fprintf(f, "    <system-out>reproduce: ");
    xml_escape(f, stc_cli_quote(run->argv0, q, sizeof q));
    xml_escape(f, run->options);
    fputc(' ', f);
    xml_escape(f, stc_cli_quote(o->path, q, sizeof q));
    fprintf(f, "</system-out>\n  </testcase>\n");
}

static void junit_write(FILE *f, const stc_run_info *run, const stc_file_record *files,
                        unsigned nfiles)
{
    double total = 0;
    for (unsigned i = 0; i < nfiles; i++)
        total += files[i].seconds;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f,
            "<testsuite name=\"cosim.n%u.stall%u\" tests=\"%u\" failures=\"%u\" errors=\"%u\" "
            "time=\"%.6f\">\n",
            run->n, run->stall_pct, nfiles, run->failures, run->errors, total);
    for (unsigned i = 0; i < nfiles; i++)
        junit_case(f, run, &files[i]);
    fprintf(f, "</testsuite>\n");
}

stc_status stc_run_report_junit(const char *path, const stc_run_info *run,
                                const stc_file_record *files, unsigned nfiles, char *err,
                                size_t errlen)
{
    return report_write(path, junit_write, run, files, nfiles, err, errlen);
}

/* One file's row (docs/targets.md, "stc_sim --csv"). */
static void csv_row(FILE *f, const stc_run_info *run, const stc_file_record *r)
{
    const stc_file_outcome *o = &r->f;
    const stc_file_facts *x = &r->facts;
    const uint32_t *c = o->res.cnt;
    bool stream = o->ncmd > 1;
    fprintf(f, "%s,%s,%u,%s,%u,%u,%u,%u,%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%u,%d", o->path,
            x->cls, x->n,
            x->mixed    ? "mixed"
            : x->mode24 ? "2:4"
                        : "dense",
            x->m, x->k, x->nblk, x->nskip, x->nbias, x->w_zeros, x->w_elems, run->seed,
            run->stall_pct, o->pass);
    /* The tile's counters are per command: a stream's row has its whole
     * run's clock cycles instead (reset included) and leaves the others
     * empty rather than mix its last command's with the sums above. */
    for (int j = 0; j < STC_NUM_COUNTERS; j++) {
        if (!stream)
            fprintf(f, ",%u", c[j]);
        else if (j == STC_CNT_CYCLES)
            fprintf(f, ",%" PRIu64, o->res.cycles);
        else
            fputc(',', f);
    }
    fprintf(f, ",%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", o->res.sector_bytes, o->res.w_sectors,
            o->res.meta_sectors, o->res.a_sectors);
}

static void csv_write(FILE *f, const stc_run_info *run, const stc_file_record *files,
                      unsigned nfiles)
{
    fprintf(f, "vector,class,n,mode,m,k,nblk,skipped_blocks,bias,w_zeros,w_elems,seed,stall_pct,"
               "pass,cycles,stall_cycles,macs_alg,macs_actual,macs_gated,macs_skipped,"
               "w_bytes,meta_bytes,a_bytes,sector_bytes,w_sectors,meta_sectors,a_sectors\n");
    for (unsigned i = 0; i < nfiles; i++)
        if (!files[i].f.error)
            csv_row(f, run, &files[i]);
}

stc_status stc_run_report_csv(const char *path, const stc_run_info *run,
                              const stc_file_record *files, unsigned nfiles, char *err,
                              size_t errlen)
{
    return report_write(path, csv_write, run, files, nfiles, err, errlen);
}
