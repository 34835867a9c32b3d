// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_fcov.c - the functional coverage collector (see stc_fcov.h): the bins,
 * their sampling from the per-cycle hook, and the report. The stc_fcov
 * program around it is sim/apps/stc_fcov_main.c.
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
