// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_fcov.c - functional coverage collector (see stc_fcov.h) and the
 * stc_fcov program: runs vectors and command streams (version 1 or 2
 * files) in lockstep (like stc_sim) with the collector on the per-cycle
 * hook, prints the coverage table, checks it against a floor, and in a
 * Verilator --coverage build writes the line and toggle coverage too.
 *
 *   stc_fcov [--stall P]... [--seed S] [--policy P] [--reset-at C]
 *            [--floor PCT] [--report F.txt] [--vl-cov F.dat] [--quiet] VEC...
 *   stc_fcov --make-extra DIR      writes the directed extra vectors
 *
 * Exit: 0 pass (and coverage >= floor), 1 mismatch or coverage below the
 * floor, 2 bad input or set-up error. Build with -DSTC_FCOV_NO_MAIN to use
 * the collector in another program.
 */
#include "stc_fcov.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "stc_meta.h"
#include "stc_vec.h"

#define FCOV_NAME_MAX 48
#define FCOV_CODES 6

enum fcov_group {
    G_META,
    G_GROUP,
    G_SKIP,
    G_GATE,
    G_STALL,
    G_WRAP,
    G_CMD,
    G_TRANS,
    G_ERRCLEAN,
    G_ACCEPT,
    G_FAULT,
    G_SKIPCNT,
    G_COUNT
};

static const char *const fcov_group_names[G_COUNT] = {"meta",     "group",  "skip",  "gate",
                                                      "stall",    "wrap",   "cmd",   "trans",
                                                      "errclean", "accept", "fault", "skipcnt"};
static const uint8_t fcov_codes[FCOV_CODES] = {0x4, 0x8, 0xC, 0x9, 0xD, 0xE};
static const char *const fcov_kinds[] = {"all-zero", "single@0", "single@1",
                                         "single@2", "single@3", "two-nonzero"};
enum { K_ZERO = 0, K_SINGLE = 1, K_TWO = 5, K_COUNT = 6 };
static const char *const fcov_skips[] = {"none",         "all",         "some",
                                         "first",        "last",        "interior-only",
                                         "single-block", "alternating", "adjacent-run"};
enum { S_NONE, S_ALL, S_SOME, S_FIRST, S_LAST, S_INTERIOR, S_SINGLE, S_ALT, S_ADJ, S_COUNT };
static const char *const fcov_stalls[] = {"cmd", "bias", "w", "a", "res"};
enum { ST_CMD, ST_BIAS, ST_W, ST_A, ST_RES, ST_COUNT };
static const char *const fcov_cmds[] = {"dense", "dense+bias", "2:4",    "2:4+bias",
                                        "m=1",   "nblk=1",     "nblk=64"};
enum { C_SHAPES = 4, C_M1 = 4, C_NBLK1 = 5, C_NBLK64 = 6, C_COUNT = 7 };
/* Command kinds of the trans group; the order makes dense/2:4 x skipped
 * or not computable as mode * 2 + (skip != 0). */
static const char *const fcov_cmd_kinds[] = {"dense", "dense+skip", "2:4", "2:4+skip", "all-skip"};
enum { KD_ALL_SKIP = 4, KD_COUNT = 5 };
static const char *const fcov_errcleans[] = {"err->clean", "err->err"};
enum { EC_CLEAN, EC_ERR, EC_COUNT };
static const char *const fcov_accepts[] = {"back-to-back", "gap", "held-valid", "first"};
enum { AC_B2B, AC_GAP, AC_HELD, AC_FIRST, AC_COUNT };
static const char *const fcov_skipcnts[] = {"0", "1", "2-3", "4-15", "16-62", "63", "64"};
enum { SC_COUNT = 7 };

struct stc_fcov {
    unsigned n;
    unsigned first[G_COUNT + 1]; /* first bin of each group; first[G_COUNT] = total */
    uint64_t *hits;
    /* per-run tracking, forgotten at a reset */
    bool cmd_sent;
    bool mode24;
    uint8_t prev_state;
    int prev_kind;   /* kind of the last command transferred, -1 none */
    bool ended;      /* a command has finished (its results are all out) */
    bool prev_err;   /* err_o at the end of the last finished command */
    bool valid_busy; /* cmd_valid seen high while busy since the last transfer */
};

static unsigned fcov_group_size(unsigned n, enum fcov_group g)
{
    switch (g) {
    case G_META:
        return FCOV_CODES * (n / 2) * n;
    case G_GROUP:
        return K_COUNT;
    case G_SKIP:
        return S_COUNT;
    case G_GATE:
        return 2 * n * n + 1;
    case G_STALL:
        return ST_COUNT;
    case G_WRAP:
        return 2 * n;
    case G_CMD:
        return C_COUNT;
    case G_TRANS:
        return KD_COUNT * KD_COUNT;
    case G_ERRCLEAN:
        return EC_COUNT;
    case G_ACCEPT:
        return AC_COUNT;
    case G_FAULT:
        return STC_META_ILLEGAL_CODES * (n / 2) * n;
    case G_SKIPCNT:
        return SC_COUNT;
    default:
        return 0;
    }
}

stc_status stc_fcov_create(unsigned n, stc_fcov **out)
{
    *out = NULL;
    if (n < 4 || n > STC_N_MAX || n % 2)
        return STC_EPARAM;
    stc_fcov *f = calloc(1, sizeof *f);
    if (!f)
        return STC_ENOMEM;
    f->n = n;
    for (int g = 0; g < G_COUNT; g++)
        f->first[g + 1] = f->first[g] + fcov_group_size(n, (enum fcov_group)g);
    f->hits = calloc(f->first[G_COUNT], sizeof *f->hits);
    if (!f->hits) {
        free(f);
        return STC_ENOMEM;
    }
    *out = f;
    return STC_OK;
}

void stc_fcov_destroy(stc_fcov *f)
{
    if (!f)
        return;
    free(f->hits);
    free(f);
}

void stc_fcov_begin_run(stc_fcov *f)
{
    f->cmd_sent = false;
    f->mode24 = false;
    f->prev_state = STC_ST_IDLE;
    f->prev_kind = -1;
    f->ended = false;
    f->prev_err = false;
    f->valid_busy = false;
}

static void fcov_hit(stc_fcov *f, enum fcov_group g, unsigned i)
{
    f->hits[f->first[g] + i]++;
}

/* Name of bin j of a cross-command group. */
static void fcov_cross_name(const stc_fcov *f, enum fcov_group g, unsigned j, char *buf, size_t len)
{
    unsigned n = f->n;
    switch (g) {
    case G_TRANS:
        snprintf(buf, len, "trans %s -> %s", fcov_cmd_kinds[j / KD_COUNT],
                 fcov_cmd_kinds[j % KD_COUNT]);
        break;
    case G_ERRCLEAN:
        snprintf(buf, len, "errclean %s", fcov_errcleans[j]);
        break;
    case G_ACCEPT:
        snprintf(buf, len, "accept %s", fcov_accepts[j]);
        break;
    case G_FAULT:
        snprintf(buf, len, "fault code=0x%X group=%u col=%u",
                 stc_meta_illegal_code(j / (n / 2 * n)), j % (n / 2 * n) / n, j % n);
        break;
    default:
        snprintf(buf, len, "skipcnt %s", fcov_skipcnts[j]);
        break;
    }
}

/* Name of bin i (global index). */
static void fcov_bin_name(const stc_fcov *f, unsigned i, char *buf, size_t len)
{
    enum fcov_group g = G_META;
    while (i >= f->first[g + 1])
        g++;
    unsigned j = i - f->first[g], n = f->n;
    if (g >= G_TRANS) {
        fcov_cross_name(f, g, j, buf, len);
        return;
    }
    switch (g) {
    case G_META:
        snprintf(buf, len, "meta code=0x%X rows=%u,%u col=%u", fcov_codes[j / (n / 2 * n)],
                 2 * (j % (n / 2 * n) / n), 2 * (j % (n / 2 * n) / n) + 1, j % n);
        break;
    case G_GROUP:
        snprintf(buf, len, "group %s", fcov_kinds[j]);
        break;
    case G_SKIP:
        snprintf(buf, len, "skip %s", fcov_skips[j]);
        break;
    case G_GATE:
        if (j == 2 * n * n)
            snprintf(buf, len, "gate both-zero");
        else
            snprintf(buf, len, "gate %s-zero pe=%u,%u", j < n * n ? "w" : "a", j % (n * n) / n,
                     j % n);
        break;
    case G_STALL:
        snprintf(buf, len, "stall %s", fcov_stalls[j]);
        break;
    case G_WRAP:
        snprintf(buf, len, "wrap %s col=%u", j < n ? "past-max" : "past-min", j % n);
        break;
    default:
        snprintf(buf, len, "cmd %s", fcov_cmds[j]);
        break;
    }
}

/* ---- sampling ------------------------------------------------------------------ */

static unsigned fcov_code_index(unsigned lo, unsigned hi)
{
    uint8_t code = (uint8_t)(lo | hi << 2);
    for (unsigned i = 0; i < FCOV_CODES; i++)
        if (fcov_codes[i] == code)
            return i;
    return FCOV_CODES;
}

/* A 2:4 pass has just been loaded: its idx pairs and kept weights. */
static void fcov_sample_pass(stc_fcov *f, const stc_probes *ep)
{
    unsigned n = f->n;
    for (unsigned g = 0; g < n / 2; g++) {
        for (unsigned c = 0; c < n; c++) {
            unsigned lo = ep->pe_idx[2 * g][c], hi = ep->pe_idx[2 * g + 1][c];
            unsigned code = fcov_code_index(lo, hi);
            if (code < FCOV_CODES)
                fcov_hit(f, G_META, code * (n / 2 * n) + g * n + c);
            bool zl = ep->pe_w[2 * g][c] == 0, zh = ep->pe_w[2 * g + 1][c] == 0;
            if (zl && zh)
                fcov_hit(f, G_GROUP, K_ZERO);
            else if (zl != zh)
                fcov_hit(f, G_GROUP, K_SINGLE + (zl ? hi : lo));
            else
                fcov_hit(f, G_GROUP, K_TWO);
        }
    }
}

static unsigned fcov_popcount(uint64_t x)
{
    unsigned c = 0;
    for (; x; x &= x - 1)
        c++;
    return c;
}

/* The skip list of a command, masked to its blocks. */
static void fcov_sample_skip(stc_fcov *f, uint64_t skip, unsigned nblk)
{
    uint64_t mask = stc_vec_skip_mask(nblk), s = skip & mask;
    uint64_t alt = 0x5555555555555555ull & mask;
    bool first = s & 1u, last = (s >> (nblk - 1)) & 1u;
    if (s == 0) {
        fcov_hit(f, G_SKIP, S_NONE);
        return;
    }
    if (s == mask) {
        fcov_hit(f, G_SKIP, S_ALL);
        return;
    }
    fcov_hit(f, G_SKIP, S_SOME);
    if (first)
        fcov_hit(f, G_SKIP, S_FIRST);
    if (last)
        fcov_hit(f, G_SKIP, S_LAST);
    if (!first && !last)
        fcov_hit(f, G_SKIP, S_INTERIOR);
    if (fcov_popcount(s) == 1)
        fcov_hit(f, G_SKIP, S_SINGLE);
    if (nblk >= 3 && (s == alt || s == (~alt & mask)))
        fcov_hit(f, G_SKIP, S_ALT);
    if (s & (s >> 1))
        fcov_hit(f, G_SKIP, S_ADJ);
}

/* Skipped blocks of a command, in the skipcnt group's ranges. */
static void fcov_sample_skipcnt(stc_fcov *f, uint64_t skip, unsigned nblk)
{
    uint64_t mask = stc_vec_skip_mask(nblk);
    unsigned c = fcov_popcount(skip & mask), bin;
    if (c <= 1)
        bin = c;
    else if (c <= 3)
        bin = 2;
    else if (c <= 15)
        bin = 3;
    else if (c <= 62)
        bin = 4;
    else
        bin = c - 58; /* 63 -> 5, 64 -> 6 */
    fcov_hit(f, G_SKIPCNT, bin);
}

/* The kind of the command on the command port, for the trans group. */
static unsigned fcov_cmd_kind(const stc_inputs *in, unsigned nblk)
{
    uint64_t mask = stc_vec_skip_mask(nblk), s = in->cmd_skip & mask;
    if (s == mask)
        return KD_ALL_SKIP;
    return (unsigned)in->cmd_mode * 2 + (s != 0);
}

/* How the command transfer of this cycle came about. ended_now: this is
 * the first idle cycle after the previous command's last result. Checked
 * in this order: held valid would also look back-to-back when the tile
 * takes it in its first idle cycle. */
static void fcov_sample_accept(stc_fcov *f, bool ended_now)
{
    unsigned bin;
    if (!f->cmd_sent)
        bin = AC_FIRST;
    else if (f->valid_busy)
        bin = AC_HELD;
    else if (ended_now)
        bin = AC_B2B;
    else
        bin = AC_GAP; /* cmd_ready was high before with cmd_valid low */
    fcov_hit(f, G_ACCEPT, bin);
    f->valid_busy = false;
}

static void fcov_sample_cmd(stc_fcov *f, const stc_inputs *in)
{
    unsigned nblk = in->cmd_nblk + 1, kind = fcov_cmd_kind(in, nblk);
    if (f->prev_kind >= 0)
        fcov_hit(f, G_TRANS, (unsigned)f->prev_kind * KD_COUNT + kind);
    f->prev_kind = (int)kind;
    fcov_sample_skipcnt(f, in->cmd_skip, nblk);
    f->cmd_sent = true;
    f->mode24 = in->cmd_mode;
    fcov_hit(f, G_CMD, (unsigned)in->cmd_mode * 2 + in->cmd_bias);
    if (in->cmd_m == 0)
        fcov_hit(f, G_CMD, C_M1);
    if (nblk == 1)
        fcov_hit(f, G_CMD, C_NBLK1);
    if (nblk == 64)
        fcov_hit(f, G_CMD, C_NBLK64);
    fcov_sample_skip(f, in->cmd_skip, nblk);
}

/* A command's results are all out (first idle cycle after it): pair its
 * err_o, final until the next command transfer, with the previous one's. */
static void fcov_sample_end(stc_fcov *f, bool err)
{
    if (f->ended && f->prev_err)
        fcov_hit(f, G_ERRCLEAN, err ? EC_ERR : EC_CLEAN);
    f->ended = true;
    f->prev_err = err;
}

/* Illegal nibbles on an accepted weight beat that the tile decodes: even
 * LOAD beats of a 2:4 command (the host drives 0x0 on odd beats, which the
 * tile ignores, so those must not count). */
static void fcov_sample_fault(stc_fcov *f, const stc_inputs *in, const stc_outputs *eo,
                              const stc_probes *ep)
{
    unsigned n = f->n;
    if (!in->w_valid || !eo->w_ready || ep->state != STC_ST_LOAD || !f->mode24 || ep->beat % 2)
        return;
    for (unsigned c = 0; c < n; c++) {
        for (unsigned i = 0; i < STC_META_ILLEGAL_CODES; i++) {
            if ((in->w_meta[c] & 0xfu) == stc_meta_illegal_code(i))
                fcov_hit(f, G_FAULT, i * (n / 2 * n) + ep->beat / 2 * n + c);
        }
    }
}

/* Why each valid PE was gated: zero weight, zero activation, or both. */
static void fcov_sample_gates(stc_fcov *f, const stc_probes *ep)
{
    unsigned n = f->n;
    for (unsigned r = 0; r < n; r++) {
        for (unsigned c = 0; c < n; c++) {
            if (!ep->pe_v[r][c] || ep->pe_en[r][c])
                continue;
            bool wz = ep->pe_w[r][c] == 0;
            bool az = ((ep->pe_act[r][c] >> (8 * ep->pe_idx[r][c])) & 0xffu) == 0;
            if (wz && az)
                fcov_hit(f, G_GATE, 2 * n * n);
            else if (wz)
                fcov_hit(f, G_GATE, r * n + c);
            else if (az)
                fcov_hit(f, G_GATE, n * n + r * n + c);
        }
    }
}

static void fcov_sample_stalls(stc_fcov *f, const stc_inputs *in, const stc_outputs *eo)
{
    if (eo->cmd_ready && !in->cmd_valid && !f->cmd_sent)
        fcov_hit(f, G_STALL, ST_CMD);
    if (eo->bias_ready && !in->bias_valid)
        fcov_hit(f, G_STALL, ST_BIAS);
    if (eo->w_ready && !in->w_valid)
        fcov_hit(f, G_STALL, ST_W);
    if (eo->a_ready && !in->a_valid)
        fcov_hit(f, G_STALL, ST_A);
    if (eo->res_valid && !in->res_ready)
        fcov_hit(f, G_STALL, ST_RES);
}

/* acc_wdata = old + psum (mod 2^32); a wrap is old and psum of one sign
 * and the sum of the other. */
static void fcov_sample_wraps(stc_fcov *f, const stc_probes *ep)
{
    unsigned n = f->n;
    for (unsigned c = 0; c < n; c++) {
        if (!ep->acc_we[c])
            continue;
        uint32_t sum = (uint32_t)ep->acc_wdata[c], add = (uint32_t)ep->pe_psum[n - 1][c];
        int32_t old = (int32_t)(sum - add), p = (int32_t)add, s = (int32_t)sum;
        if (old >= 0 && p >= 0 && s < 0)
            fcov_hit(f, G_WRAP, c);
        if (old < 0 && p < 0 && s >= 0)
            fcov_hit(f, G_WRAP, n + c);
    }
}

void stc_fcov_cycle(void *ctx, uint64_t cycle, const stc_inputs *in, const stc_outputs *eo,
                    const stc_probes *ep, const stc_outputs *ao, const stc_probes *ap)
{
    stc_fcov *f = ctx;
    (void)cycle;
    (void)ao;
    (void)ap;
    if (!in->rst_n) {
        stc_fcov_begin_run(f);
        return;
    }
    if (f->prev_state == STC_ST_LOAD && ep->state == STC_ST_STREAM && f->mode24)
        fcov_sample_pass(f, ep);
    bool ended_now = f->prev_state != STC_ST_IDLE && ep->state == STC_ST_IDLE;
    if (ended_now)
        fcov_sample_end(f, eo->err);
    f->prev_state = ep->state;
    fcov_sample_stalls(f, in, eo);
    if (in->cmd_valid && eo->busy)
        f->valid_busy = true;
    fcov_sample_fault(f, in, eo, ep);
    if (in->cmd_valid && eo->cmd_ready) {
        fcov_sample_accept(f, ended_now);
        fcov_sample_cmd(f, in);
    }
    fcov_sample_gates(f, ep);
    fcov_sample_wraps(f, ep);
}

/* ---- report ---------------------------------------------------------------------- */

void stc_fcov_totals(const stc_fcov *f, unsigned *hit, unsigned *total)
{
    *hit = 0;
    *total = f->first[G_COUNT];
    for (unsigned i = 0; i < *total; i++)
        *hit += f->hits[i] != 0;
}

void stc_fcov_report(const stc_fcov *f, FILE *out, bool list_misses)
{
    unsigned hit, total;
    char name[FCOV_NAME_MAX];
    fprintf(out, "functional coverage, N=%u\n%-8s %7s %7s %8s %14s\n", f->n, "group", "hit", "bins",
            "percent", "samples");
    for (int g = 0; g < G_COUNT; g++) {
        unsigned h = 0, t = f->first[g + 1] - f->first[g];
        uint64_t samples = 0;
        for (unsigned i = f->first[g]; i < f->first[g + 1]; i++) {
            h += f->hits[i] != 0;
            samples += f->hits[i];
        }
        fprintf(out, "%-8s %7u %7u %7.2f%% %14" PRIu64 "\n", fcov_group_names[g], h, t,
                100.0 * h / t, samples);
    }
    stc_fcov_totals(f, &hit, &total);
    fprintf(out, "%-8s %7u %7u %7.2f%%\n", "total", hit, total, 100.0 * hit / total);
    if (!list_misses)
        return;
    for (unsigned i = 0; i < total; i++) {
        if (f->hits[i])
            continue;
        fcov_bin_name(f, i, name, sizeof name);
        fprintf(out, "  not hit: %s\n", name);
    }
}

#ifndef STC_FCOV_NO_MAIN
/* ---- the stc_fcov program ---------------------------------------------------------- */

#include "stc_gen.h"
#include "stc_lockstep.h"
#include "stc_run_cli.h"
#include "stc_out.h"

#define FCOV_MAX_STALLS 8
#define FCOV_EXTRA_NBLK 6

typedef struct fcov_args {
    unsigned stalls[FCOV_MAX_STALLS];
    unsigned nstalls;
    stc_run_opts run; /* the replay options; stall and seed vary per run */
    double floor_pct;
    const char *report;
    const char *vl_cov;
    const char *extra_dir;
    bool quiet;
    char **vecs;
    int nvecs;
} fcov_args;

enum {
    OPT_FLOOR = 1,
    OPT_REPORT,
    OPT_VL_COV,
    OPT_MAKE_EXTRA,
    OPT_QUIET,
};

static const stc_opt fcov_opt_table[] = {
    {OPT_FLOOR, "floor", 0, "PCT", "fail (exit 1) below PCT percent of the bins (default 0)"},
    {OPT_REPORT, "report", 0, "F.txt", "write the bin report"},
    {OPT_VL_COV, "vl-cov", 0, "F.dat", "write Verilator's line/toggle coverage (coverage build)"},
    {OPT_MAKE_EXTRA, "make-extra", 0, "DIR", "write the directed vectors that close the bins"},
    {OPT_QUIET, "quiet", 0, NULL, "only the summary"},
    {0, NULL, 0, NULL, NULL},
};

static const stc_cmd fcov_cmd = {
    "stc_fcov",
    "[options] VEC...\n--make-extra DIR",
    "Functional coverage: runs vectors and streams in lockstep and counts the bins of\n"
    "docs/verification.md that they hit.",
    {stc_run_cli_stalls, stc_run_cli_streams, fcov_opt_table, NULL},
    "--stall may be given up to 8 times: one pass over the vectors per value (the\n"
    "accept bins need the b2b, gap and early policies).",
    "0 pass, 1 mismatch or coverage below the floor, 2 error",
};

/* Applies one option (stc_cli_apply_fn); returns 0, or STC_CLI_ERROR. */
static int fcov_option(void *ctx, int id, const char *val)
{
    fcov_args *a = ctx;
    const stc_cmd *c = &fcov_cmd;
    switch (id) {
    case OPT_QUIET:
        a->quiet = true;
        return 0;
    case OPT_REPORT:
        a->report = val;
        return 0;
    case OPT_VL_COV:
        a->vl_cov = val;
        return 0;
    case OPT_MAKE_EXTRA:
        a->extra_dir = val;
        return 0;
    case OPT_FLOOR:
        return stc_cli_decimal(c, "floor", val, 0, 100, &a->floor_pct);
    case STC_RUN_OPT_STALL:
        if (a->nstalls >= FCOV_MAX_STALLS)
            return stc_cli_error(c, "--stall: at most %d passes", FCOV_MAX_STALLS);
        if (stc_run_cli_apply(c, &a->run, id, val))
            return STC_CLI_ERROR;
        a->stalls[a->nstalls++] = a->run.stall_pct;
        return 0;
    default:
        return stc_run_cli_apply(c, &a->run, id, val);
    }
}

/* Returns 0, STC_CLI_HELP or STC_CLI_ERROR. */
static int fcov_parse_args(fcov_args *a, int argc, char **argv)
{
    int first = argc;
    memset(a, 0, sizeof *a);
    a->run.seed = 1;
    a->run.policy = STC_POLICY_B2B;
    int rc = stc_cli_parse(&fcov_cmd, argc, argv, fcov_option, a, &first);
    if (rc)
        return rc;
    a->vecs = argv + first;
    a->nvecs = argc - first;
    if (a->nstalls == 0)
        a->stalls[a->nstalls++] = 0;
    if (!a->extra_dir && a->nvecs == 0)
        return stc_cli_error(&fcov_cmd, "no vector files given");
    return 0;
}

/* ---- directed extra vectors: skip-list patterns the generator's random
 * block classes do not reach reliably. A block or sp24-block vector with
 * no zero block gets the pattern's blocks zeroed and marked skipped, and
 * its expected C recomputed by the functional reference. */
static const unsigned fcov_extra_skips[] = {0x15, 0x2a, 0x08, 0x1e, 0x21, 0x01, 0x20, 0x0c};
/* skipcnt 63: no generator class or stream skips exactly 63 of 64 blocks
 * (corners has 64, half and 90 %); the one loaded block is the last, so
 * next_blk also jumps across all 63 skipped ones. */
#define FCOV_EXTRA_SKIP63 0x7fffffffffffffffull
#define FCOV_EXTRA_NBLK63 64

static stc_status fcov_extra_one(const char *dir, unsigned n, bool mode24, unsigned nblk,
                                 uint64_t skip, char *err, size_t errlen)
{
    stc_gen_opts o;
    stc_vec v;
    char path[4096];
    stc_gen_opts_init(&o);
    o.cls = mode24 ? "sp24-block" : "block";
    o.n = n;
    o.m = 8;
    o.k = nblk * (mode24 ? 2 * n : n);
    o.seed = skip;
    o.sparsity = 0;
    o.bias = skip & 1u;
    stc_status st = stc_gen_vector(&o, &v, err, errlen);
    if (st != STC_OK)
        return st;
    /* Stored W has n rows per block in both modes (2:4 keeps n of 2n). */
    for (unsigned b = 0; b < nblk; b++)
        if ((skip >> b) & 1u)
            memset(v.w + (size_t)b * n * n, 0, (size_t)n * n);
    v.skip = skip;
    snprintf(v.cls, sizeof v.cls, "extra-skip");
    st = stc_vec_fill_expected(&v, err, errlen);
    snprintf(path, sizeof path, "%s/extra-skip-n%u-%s-m8-k%u-x%02" PRIx64 ".vec", dir, n,
             mode24 ? "2of4" : "dense", o.k, skip);
    if (st == STC_OK)
        st = stc_vec_write(path, &v, err, errlen);
    stc_vec_free(&v);
    return st;
}

/* corner-wrap puts the positive wraps in even columns and the negative in
 * odd ones; the same vector with its columns rotated by one wraps the
 * other way in every column. */
static stc_status fcov_extra_wrap(const char *dir, unsigned n, char *err, size_t errlen)
{
    stc_gen_opts o;
    stc_vec v;
    char path[4096];
    int8_t w0[STC_N_MAX];
    int32_t b0[STC_N_MAX];
    stc_gen_opts_init(&o);
    o.cls = "corner-wrap";
    o.n = n;
    o.m = 4;
    o.k = 2 * n;
    o.seed = 1;
    o.mode = 0;
    stc_status st = stc_gen_vector(&o, &v, err, errlen);
    if (st != STC_OK)
        return st;
    for (unsigned r = 0; r < v.k; r++) {
        memcpy(w0, v.w + (size_t)r * n, n);
        for (unsigned c = 0; c < n; c++)
            v.w[(size_t)r * n + c] = w0[(c + 1) % n];
    }
    for (unsigned r = 0; r < v.m; r++) {
        memcpy(b0, v.bias + (size_t)r * n, n * sizeof *b0);
        for (unsigned c = 0; c < n; c++)
            v.bias[(size_t)r * n + c] = b0[(c + 1) % n];
    }
    snprintf(v.cls, sizeof v.cls, "extra-wrap");
    st = stc_vec_fill_expected(&v, err, errlen);
    snprintf(path, sizeof path, "%s/extra-wrap-n%u-dense-m4-k%u-rot1.vec", dir, n, o.k);
    if (st == STC_OK)
        st = stc_vec_write(path, &v, err, errlen);
    stc_vec_free(&v);
    return st;
}

static int fcov_make_extra(const char *dir)
{
    char err[STC_VEC_ERR_MAX];
    stc_params p;
    unsigned count = 0;
    stc_rtl_params(&p);
    for (unsigned i = 0; i < sizeof fcov_extra_skips / sizeof fcov_extra_skips[0]; i++) {
        for (int m24 = 0; m24 < 2; m24++) {
            if (fcov_extra_one(dir, p.n, m24, FCOV_EXTRA_NBLK, fcov_extra_skips[i], err,
                               sizeof err) != STC_OK) {
                fprintf(stderr, "stc_fcov: extra vector: %s\n", err);
                return 2;
            }
            count++;
        }
    }
    if (fcov_extra_one(dir, p.n, true, FCOV_EXTRA_NBLK63, FCOV_EXTRA_SKIP63, err, sizeof err) !=
            STC_OK ||
        fcov_extra_wrap(dir, p.n, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_fcov: extra vector: %s\n", err);
        return 2;
    }
    count += 2;
    printf("stc_fcov: %u directed vectors for N=%u in %s\n", count, p.n, dir);
    return 0;
}

/* Runs one vector or stream at one stall setting; 0 pass, 1 mismatch, 2
 * error. */
static int fcov_run_one(const fcov_args *a, stc_rtl *rtl, stc_fcov *f, const char *path,
                        unsigned stall, uint64_t seed)
{
    stc_stream s;
    stc_run_result res;
    char err[STC_VEC_ERR_MAX];
    if (stc_stream_read(path, &s, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_fcov: %s\n", err);
        return 2;
    }
    stc_run_opts o = a->run;
    o.seed = seed;
    o.stall_pct = stall;
    o.max_errors = 1;
    o.vec_path = path;
    o.log = stderr;
    o.on_cycle = stc_fcov_cycle;
    o.hook_ctx = f;
    stc_fcov_begin_run(f);
    stc_status st = stc_lockstep_stream(rtl, &s, &o, &res);
    unsigned ncmd = s.ncmd;
    stc_stream_free(&s);
    if (st != STC_OK) {
        fprintf(stderr, "stc_fcov: %s: cannot run: %s\n", path, stc_status_str(st));
        return 2;
    }
    if (!res.pass)
        fprintf(stderr, "FAIL %s stall=%u seed=%" PRIu64 " policy=%s (command %d of %u)\n", path,
                stall, seed, stc_policy_name(a->run.policy), res.first_cmd, ncmd);
    else if (!a->quiet)
        printf("PASS %s stall=%u policy=%s commands=%u cycles=%" PRIu64 "\n", path, stall,
               stc_policy_name(a->run.policy), ncmd, res.cycles);
    return res.pass ? 0 : 1;
}

static int fcov_write_report(const char *path, const stc_fcov *f)
{
    char err[STC_VEC_ERR_MAX];
    stc_out o;
    if (stc_out_open(&o, path, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_fcov: %s\n", err);
        return 2;
    }
    stc_fcov_report(f, o.f, true);
    if (stc_out_close(&o, true, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_fcov: %s\n", err);
        return 2;
    }
    return 0;
}

/* Runs everything; returns the worst run status. */
static int fcov_run_all(const fcov_args *a, stc_rtl *rtl, stc_fcov *f)
{
    int worst = 0;
    for (unsigned s = 0; s < a->nstalls; s++) {
        for (int i = 0; i < a->nvecs; i++) {
            /* A different stall seed per vector: with one seed every
             * vector would see the same stall pattern at its start. */
            int rc = fcov_run_one(a, rtl, f, a->vecs[i], a->stalls[s], a->run.seed + (uint64_t)i);
            worst = rc > worst ? rc : worst;
        }
    }
    if (a->vl_cov && stc_rtl_coverage_write(rtl, a->vl_cov) != STC_OK) {
        fprintf(stderr, "stc_fcov: --vl-cov needs the Verilator --coverage build\n");
        worst = 2;
    }
    return worst;
}

int main(int argc, char **argv)
{
    fcov_args a;
    stc_rtl *rtl;
    stc_fcov *f;
    stc_params p;
    unsigned hit, total;

    int parsed = fcov_parse_args(&a, argc, argv);
    if (parsed != 0)
        return parsed == STC_CLI_HELP ? 0 : 2;
    if (a.extra_dir)
        return fcov_make_extra(a.extra_dir);
    stc_rtl_params(&p);
    if (stc_fcov_create(p.n, &f) != STC_OK || stc_rtl_create(0, NULL, &rtl) != STC_OK) {
        fprintf(stderr, "stc_fcov: set-up failed\n");
        return 2;
    }
    int rc = fcov_run_all(&a, rtl, f);
    stc_rtl_destroy(rtl);
    stc_fcov_report(f, stdout, true);
    if (a.report && fcov_write_report(a.report, f) != 0)
        rc = 2;
    stc_fcov_totals(f, &hit, &total);
    double pct = 100.0 * hit / total;
    stc_fcov_destroy(f);
    if (rc == 0 && pct < a.floor_pct) {
        fprintf(stderr, "stc_fcov: functional coverage %.2f%% is below the floor of %.2f%%\n", pct,
                a.floor_pct);
        rc = 1;
    }
    printf("fcov: %u vector runs, policy %s, functional coverage %.2f%% (%u/%u bins), floor "
           "%.2f%%: %s\n",
           (unsigned)a.nvecs * a.nstalls, stc_policy_name(a.run.policy), pct, hit, total,
           a.floor_pct,
           rc == 0   ? "PASS"
           : rc == 1 ? "FAIL"
                     : "ERROR");
    return rc;
}
#endif
