// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_gtkw_main.c - the stc_gtkw program: the GTKWave save file of a tile
 * trace (`make wave`), grouped as a designer reads the tile: clock and
 * reset, handshakes, controller, decode mux and metadata, gate enables,
 * the accumulator write port, the counters. The signals and their widths
 * are looked up in the trace itself (fstapi's reader), so the save file
 * never names a signal the RTL does not have: a signal the table lists and
 * the trace lacks is an error. A trace without the stock tile's hierarchy
 * (a tile of your own, make wave RTL_SRCS=... RTL_TOP=...) gets the ports
 * of docs/architecture.md section 3 and whatever dbg_* probes it has.
 *
 * Exit: 0 written, 2 bad input (unreadable trace, missing signal) or
 * set-up error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gtkwave/fstapi.h>

#include "stc_cli.h"
#include "stc_gtkw.h"
#include "stc_out.h"

#define T "TOP.stc_tile"
#define MAX_SIGNALS 8192

/* The trace's signals: full dotted name (without the bit range) and width. */
typedef struct sig_list {
    char **name;
    unsigned *width;
    size_t count;
} sig_list;

typedef struct gtkw_args {
    const char *fst;
    const char *out;
    uint64_t cycles;
    uint64_t marker; /* cycle of the marker (0: none) */
    bool missing;    /* a listed signal is not in the trace */
} gtkw_args;

enum { OPT_CYCLES = 1, OPT_MARKER };

static const stc_opt gtkw_opts[] = {
    {OPT_CYCLES, "cycles", 0, "C", "length of the run, to zoom so that it fits (default 60)"},
    {OPT_MARKER, "marker", 0, "C", "put the marker on cycle C (make wave MARK=C)"},
    {0, NULL, 0, NULL, NULL},
};

static const stc_cmd gtkw_cmd = {
    "stc_gtkw",
    "[--cycles C] [--marker C] TRACE.fst OUT.gtkw",
    "Writes the GTKWave save file of a tile trace (make wave): signals grouped as a\n"
    "designer reads the tile, each looked up in the trace (a missing one is an error).",
    {gtkw_opts, NULL},
    NULL,
    "0 written, 2 bad input or set-up error",
};

static int gtkw_apply(void *ctx, int id, const char *val)
{
    gtkw_args *a = ctx;
    if (id == OPT_MARKER)
        return stc_cli_number(&gtkw_cmd, "marker", val, 1, 1ull << 40, &a->marker);
    return stc_cli_number(&gtkw_cmd, "cycles", val, 1, 1ull << 40, &a->cycles);
}

/* Reads every variable of the trace into l; returns 0 or -1. */
static int sig_list_read(const char *path, sig_list *l)
{
    char scope[512] = "";
    size_t depth[64], level = 0;
    struct fstHier *h;
    void *ctx = fstReaderOpen(path);
    memset(l, 0, sizeof *l);
    if (!ctx)
        return -1;
    l->name = calloc(MAX_SIGNALS, sizeof *l->name);
    l->width = calloc(MAX_SIGNALS, sizeof *l->width);
    while (l->name && l->width && (h = fstReaderIterateHier(ctx)) != NULL) {
        if (h->htyp == FST_HT_SCOPE && level < 64) {
            size_t len = strlen(scope);
            depth[level++] = len;
            snprintf(scope + len, sizeof scope - len, "%s%s", len ? "." : "", h->u.scope.name);
        } else if (h->htyp == FST_HT_UPSCOPE && level > 0) {
            scope[depth[--level]] = '\0';
        } else if (h->htyp == FST_HT_VAR && l->count < MAX_SIGNALS) {
            /* Verilator names a vector "name [msb:lsb]": keep the name. */
            size_t n = strcspn(h->u.var.name, " [");
            size_t len = strlen(scope) + 1 + n + 1;
            char *full = malloc(len);
            if (!full)
                break;
            snprintf(full, len, "%s.%.*s", scope, (int)n, h->u.var.name);
            l->name[l->count] = full;
            l->width[l->count++] = h->u.var.length;
        }
    }
    fstReaderClose(ctx);
    return l->name && l->width ? 0 : -1;
}

static void sig_list_free(sig_list *l)
{
    for (size_t i = 0; i < l->count; i++)
        free(l->name[i]);
    free(l->name);
    free(l->width);
}

/* Width of a signal of the trace, or 0 when it has none of that name. */
static unsigned sig_width(const sig_list *l, const char *name)
{
    for (size_t i = 0; i < l->count; i++)
        if (strcmp(l->name[i], name) == 0)
            return l->width[i];
    return 0;
}

/* One trace of the save file, its width from the trace; a signal the
 * trace lacks is reported and marks the run failed. */
static void sig(FILE *f, const sig_list *l, gtkw_args *a, stc_gtkw_fmt fmt, const char *name,
                const char *alias)
{
    char full[256];
    unsigned w = sig_width(l, name);
    if (w == 0) {
        fprintf(stderr, "stc_gtkw: %s: no signal %s (renamed in the RTL?)\n", a->fst, name);
        a->missing = true;
        return;
    }
    if (w == 1)
        snprintf(full, sizeof full, "%s", name);
    else
        snprintf(full, sizeof full, "%s[%u:0]", name, w - 1);
    stc_gtkw_trace(f, full, alias, fmt, STC_GTKW_NO_COLOR);
}

/* A register of PE (r, c), shown as pe[r][c]:reg. */
static void pe_sig(FILE *f, const sig_list *l, gtkw_args *a, stc_gtkw_fmt fmt, unsigned r,
                   unsigned c, const char *reg)
{
    char name[160], alias[64];
    snprintf(name, sizeof name, T ".u_array.g_row[%u].g_col[%u].u_pe.%s", r, c, reg);
    snprintf(alias, sizeof alias, "pe[%u][%u]:%s", r, c, reg);
    sig(f, l, a, fmt, name, alias);
}

/* A tile of your own: the ports, and the probes it has (a probe the
 * wrapper tied to 0 reads 0 in the trace too, so only the design's own
 * dbg_* ports are shown: those of the top below the wrapper). */
static void port_groups(FILE *f, const sig_list *l, gtkw_args *a)
{
    static const char *const hs[] = {
        "clk_i",       "rst_ni",      "cmd_valid_i", "cmd_ready_o",  "cmd_mode_i",   "cmd_m_i",
        "cmd_nblk_i",  "cmd_skip_i",  "cmd_bias_i",  "bias_valid_i", "bias_ready_o", "w_valid_i",
        "w_ready_o",   "w_data_i",    "w_meta_i",    "a_valid_i",    "a_ready_o",    "a_data_i",
        "res_valid_o", "res_ready_i", "res_data_o",  "busy_o",       "err_o"};
    char name[96];
    stc_gtkw_group(f, "ports (docs/architecture.md section 3)", true);
    for (size_t i = 0; i < sizeof hs / sizeof hs[0]; i++) {
        snprintf(name, sizeof name, "TOP.%s", hs[i]);
        sig(f, l, a,
            strstr(hs[i], "data") || strstr(hs[i], "meta") || strstr(hs[i], "skip") ? STC_GTKW_HEX
                                                                                    : STC_GTKW_BIN,
            name, NULL);
    }
    stc_gtkw_group(f, "ports (docs/architecture.md section 3)", false);
    stc_gtkw_group(f, "the design's own probes", true);
    for (size_t i = 0; i < l->count; i++) {
        /* TOP.stc_own_wrap.u_dut.dbg_*: a port of the design itself. */
        const char *dot = strrchr(l->name[i], '.');
        if (dot && strncmp(dot + 1, "dbg_", 4) == 0 && strstr(l->name[i], ".u_dut."))
            sig(f, l, a, STC_GTKW_HEX, l->name[i], NULL);
    }
    stc_gtkw_group(f, "the design's own probes", false);
}

static void groups(FILE *f, const sig_list *l, gtkw_args *a, unsigned n)
{
    static const char *const hs[] = {"cmd_valid_i", "cmd_ready_o", "bias_valid_i", "bias_ready_o",
                                     "w_valid_i",   "w_ready_o",   "a_valid_i",    "a_ready_o",
                                     "res_valid_o", "res_ready_i", "busy_o",       "err_o"};
    static const char *const ctrl[] = {"state_q", "blk_q", "beat_q", "m_q", "nblk_q"};
    static const char *const cnt[] = {"cycles",      "stall",      "macs_alg",
                                      "macs_actual", "macs_gated", "macs_skipped",
                                      "w_bytes",     "meta_bytes", "a_bytes"};
    /* PEs worth watching: the two rows of metadata groups 0 and 1 in
     * column 0 (lo/hi mux selects), and the far corner. */
    const unsigned pes[][2] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {n - 1, n - 1}};
    char name[96];
    stc_gtkw_group(f, "clock and reset", true);
    sig(f, l, a, STC_GTKW_BIN, "TOP.clk_i", NULL);
    sig(f, l, a, STC_GTKW_BIN, "TOP.rst_ni", NULL);
    stc_gtkw_group(f, "clock and reset", false);
    stc_gtkw_group(f, "handshakes", true);
    for (size_t i = 0; i < sizeof hs / sizeof hs[0]; i++) {
        snprintf(name, sizeof name, "TOP.%s", hs[i]);
        sig(f, l, a, STC_GTKW_BIN, name, NULL);
    }
    stc_gtkw_group(f, "handshakes", false);
    stc_gtkw_group(f, "controller", true);
    for (size_t i = 0; i < sizeof ctrl / sizeof ctrl[0]; i++) {
        snprintf(name, sizeof name, T ".u_ctrl.%s", ctrl[i]);
        sig(f, l, a, STC_GTKW_DEC, name, NULL);
    }
    sig(f, l, a, STC_GTKW_BIN, T ".u_ctrl.mode_q", NULL);
    sig(f, l, a, STC_GTKW_BIN, T ".u_ctrl.err_q", NULL);
    stc_gtkw_group(f, "controller", false);
    stc_gtkw_group(f, "decode mux and metadata", true);
    sig(f, l, a, STC_GTKW_HEX, "TOP.w_meta_i", NULL);
    sig(f, l, a, STC_GTKW_HEX, "TOP.w_data_i", NULL);
    sig(f, l, a, STC_GTKW_HEX, T ".idx_lo", NULL);
    sig(f, l, a, STC_GTKW_HEX, T ".idx_hi", NULL);
    sig(f, l, a, STC_GTKW_HEX, T ".meta_legal", NULL);
    for (size_t i = 0; i < sizeof pes / sizeof pes[0]; i++) {
        pe_sig(f, l, a, STC_GTKW_SDEC, pes[i][0], pes[i][1], "w_q");
        pe_sig(f, l, a, STC_GTKW_DEC, pes[i][0], pes[i][1], "idx_q");
        pe_sig(f, l, a, STC_GTKW_HEX, pes[i][0], pes[i][1], "act_q");
        pe_sig(f, l, a, STC_GTKW_SDEC, pes[i][0], pes[i][1], "sel");
    }
    stc_gtkw_group(f, "decode mux and metadata", false);
    stc_gtkw_group(f, "gate enables", true);
    for (size_t i = 0; i < sizeof pes / sizeof pes[0]; i++) {
        pe_sig(f, l, a, STC_GTKW_BIN, pes[i][0], pes[i][1], "v_q");
        pe_sig(f, l, a, STC_GTKW_BIN, pes[i][0], pes[i][1], "en");
        pe_sig(f, l, a, STC_GTKW_BIN, pes[i][0], pes[i][1], "en_q");
        pe_sig(f, l, a, STC_GTKW_SDEC, pes[i][0], pes[i][1], "prod_q");
    }
    sig(f, l, a, STC_GTKW_HEX, "TOP.dbg_pe_en_o", NULL);
    stc_gtkw_group(f, "gate enables", false);
    stc_gtkw_group(f, "accumulators (write port)", true);
    sig(f, l, a, STC_GTKW_BIN, "TOP.dbg_acc_we_o", NULL);
    sig(f, l, a, STC_GTKW_HEX, "TOP.dbg_acc_row_o", NULL);
    pe_sig(f, l, a, STC_GTKW_SDEC, n - 1, 0, "psum_q");
    pe_sig(f, l, a, STC_GTKW_SDEC, n - 1, n - 1, "psum_q");
    sig(f, l, a, STC_GTKW_HEX, "TOP.dbg_acc_wdata_o", NULL);
    sig(f, l, a, STC_GTKW_HEX, "TOP.res_data_o", NULL);
    stc_gtkw_group(f, "accumulators (write port)", false);
    stc_gtkw_group(f, "counters", true);
    for (size_t i = 0; i < sizeof cnt / sizeof cnt[0]; i++) {
        snprintf(name, sizeof name, T ".u_ctrl.cnt_%s_q", cnt[i]);
        sig(f, l, a, STC_GTKW_DEC, name, NULL);
    }
    stc_gtkw_group(f, "counters", false);
}

int main(int argc, char **argv)
{
    gtkw_args a = {NULL, NULL, 60, 0, false};
    sig_list l;
    stc_out out;
    char err[512];
    int first = argc;
    int rc = stc_cli_parse(&gtkw_cmd, argc, argv, gtkw_apply, &a, &first);
    if (rc)
        return rc == STC_CLI_HELP ? 0 : 2;
    if (argc - first != 2) {
        stc_cli_error(&gtkw_cmd, "give the trace and the save file to write");
        return 2;
    }
    a.fst = argv[first];
    a.out = argv[first + 1];
    if (sig_list_read(a.fst, &l) != 0) {
        fprintf(stderr, "stc_gtkw: %s: not a readable FST trace\n", a.fst);
        sig_list_free(&l);
        return 2;
    }
    unsigned n = sig_width(&l, "TOP.w_meta_i") / 4; /* 4 metadata bits per column */
    if (n < 2) {
        fprintf(stderr, "stc_gtkw: %s: no TOP.w_meta_i: not a trace of the tile\n", a.fst);
        sig_list_free(&l);
        return 2;
    }
    static const char *const open[] = {"TOP.", T ".", NULL};
    if (stc_out_open(&out, a.out, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_gtkw: %s\n", err);
        sig_list_free(&l);
        return 2;
    }
    char comment[64];
    snprintf(comment, sizeof comment, "STC tile, N=%u: written by stc_gtkw", n);
    stc_gtkw_header(out.f, comment, a.fst, 0, 2 * a.cycles + 4,
                    a.marker ? (int64_t)(2 * a.marker) : -1, open);
    if (sig_width(&l, T ".u_ctrl.state_q"))
        groups(out.f, &l, &a, n);
    else
        port_groups(out.f, &l, &a);
    sig_list_free(&l);
    if (stc_out_close(&out, !a.missing, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_gtkw: %s\n", err);
        return 2;
    }
    return a.missing ? 2 : 0;
}
