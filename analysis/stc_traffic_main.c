// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_traffic_main.c - stc_traffic: the modelled sector traffic of sparse
 * weight formats the tile cannot execute (analysis/stc_traffic.h), as two
 * CSV files: a sweep over sparsities and element sizes, and each format's
 * break-even sparsity against dense.
 *
 * Exit status: 0 written, 2 bad option or an output that cannot be written.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stc_cli.h"
#include "stc_out.h"
#include "stc_sector.h"
#include "stc_traffic.h"

typedef struct traffic_args {
    stc_traffic_cfg cfg;
    const char *sweep;
    const char *breakeven;
} traffic_args;

enum {
    OPT_K = 1,
    OPT_N,
    OPT_SEED,
    OPT_SECTOR_BYTES,
    OPT_SPARSITIES,
    OPT_ELEM_BYTES,
    OPT_OUT_SWEEP,
    OPT_OUT_BREAKEVEN,
};

static const stc_opt traffic_opts[] = {
    {OPT_K, "k", 0, "K", "rows of the weight matrix (default 1024)"},
    {OPT_N, "n", 0, "N", "columns, at most 65536: csr16's indices (default 1024)"},
    {OPT_SEED, "seed", 0, "S", "seed of the masks: the same seed writes the same bytes"},
    {OPT_SECTOR_BYTES, "sector-bytes", 0, "S", "sector size: a power of two, 4..4096 (default 32)"},
    {OPT_SPARSITIES, "sparsities", 0, "P,P...",
     "the sweep's sparsities in percent, 0..99.99, two decimals\n"
     "at most (default 50,60,70,75,80,87.5,90,95,98,99,99.5,99.9)"},
    {OPT_ELEM_BYTES, "elem-bytes", 0, "E,E...", "element sizes: 1, 2 or 4 (default 1,2,4)"},
    {OPT_OUT_SWEEP, "out-sweep", 0, "F.csv", "write the sweep (atomically)"},
    {OPT_OUT_BREAKEVEN, "out-breakeven", 0, "F.csv",
     "write each format's break-even sparsity (atomically)"},
    {0, NULL, 0, NULL, NULL},
};

static const stc_cmd traffic_cmd = {
    "stc_traffic",
    "[options] --out-sweep F.csv --out-breakeven F.csv",
    "Models the bytes a memory of S-byte sectors moves to read a K x N weight matrix\n"
    "of seeded uniform-random unstructured sparsity in dense, CSR (32- and 16-bit\n"
    "indices), bitmap, COO and gathered (one sector per value, or coalesced) form.",
    {traffic_opts},
    "formats: dense csr32 csr16 bitmap coo32 gather gather-coalesced\n"
    "sweep columns: format,elem_bytes,sparsity_pct,k,n,sector_bytes,seed,nnz,value_bytes,\n"
    "  index_bytes,useful_bytes,moved_bytes,sector_eff,fetch_eff,moved_over_dense\n"
    "break-even columns: format,elem_bytes,k,n,sector_bytes,seed,status,breakeven_pct,\n"
    "  nnz,moved_over_dense",
    "0 written, 2 bad option or an output that cannot be written",
};

/* One item of --sparsities: a percentage with at most two decimals, as
 * basis points. */
static int parse_sparsity(const char *item, unsigned *out)
{
    double pct;
    if (stc_cli_decimal(&traffic_cmd, "sparsities", item, 0, 99.99, &pct) != 0)
        return STC_CLI_ERROR;
    double bp = pct * 100;
    if (fabs(bp - round(bp)) > 1e-6)
        return stc_cli_error(&traffic_cmd, "--sparsities: '%s' has more than two decimals", item);
    *out = (unsigned)lround(bp);
    return 0;
}

static int parse_elem(const char *item, unsigned *out)
{
    uint64_t e;
    if (stc_cli_number(&traffic_cmd, "elem-bytes", item, 1, 4, &e) != 0)
        return STC_CLI_ERROR;
    if (e == 3)
        return stc_cli_error(&traffic_cmd, "--elem-bytes: '%s' is not 1, 2 or 4", item);
    *out = (unsigned)e;
    return 0;
}

/* A comma-separated list, each item through parse; at most
 * STC_TRAFFIC_LIST_MAX, none empty. */
static int parse_list(const char *opt, const char *val, int (*parse)(const char *, unsigned *),
                      unsigned *items, unsigned *count)
{
    char buf[1024];
    if (strlen(val) >= sizeof buf)
        return stc_cli_error(&traffic_cmd, "--%s: the list is too long", opt);
    snprintf(buf, sizeof buf, "%s", val);
    *count = 0;
    for (char *p = buf, *next; p; p = next) {
        next = strchr(p, ',');
        if (next)
            *next++ = '\0';
        if (*count == STC_TRAFFIC_LIST_MAX)
            return stc_cli_error(&traffic_cmd, "--%s: more than %u items", opt,
                                 STC_TRAFFIC_LIST_MAX);
        if (parse(p, &items[(*count)++]) != 0)
            return STC_CLI_ERROR;
    }
    return 0;
}

static int apply_option(void *ctx, int id, const char *val)
{
    traffic_args *a = ctx;
    stc_traffic_cfg *c = &a->cfg;
    const stc_cmd *cmd = &traffic_cmd;
    uint64_t x;
    switch (id) {
    case OPT_K:
    case OPT_N:
        if (stc_cli_number(cmd, id == OPT_K ? "k" : "n", val, 1, 65536, &x) != 0)
            return STC_CLI_ERROR;
        *(id == OPT_K ? &c->k : &c->n) = (uint32_t)x;
        return 0;
    case OPT_SEED:
        return stc_cli_number(cmd, "seed", val, 0, UINT64_MAX, &c->seed);
    case OPT_SECTOR_BYTES:
        if (stc_cli_number(cmd, "sector-bytes", val, STC_SECTOR_MIN, STC_SECTOR_MAX, &x) != 0)
            return STC_CLI_ERROR;
        if (!stc_sector_size_ok(x))
            return stc_cli_error(cmd, "--sector-bytes: '%s' is not a power of two in %u..%u", val,
                                 STC_SECTOR_MIN, STC_SECTOR_MAX);
        c->sector = (unsigned)x;
        return 0;
    case OPT_SPARSITIES:
        return parse_list("sparsities", val, parse_sparsity, c->sp, &c->nsp);
    case OPT_ELEM_BYTES:
        return parse_list("elem-bytes", val, parse_elem, c->elem, &c->ne);
    case OPT_OUT_SWEEP:
        a->sweep = val;
        return 0;
    default:
        a->breakeven = val;
        return 0;
    }
}

static int parse_args(traffic_args *a, int argc, char **argv)
{
    int first = argc;
    memset(a, 0, sizeof *a);
    stc_traffic_defaults(&a->cfg);
    int rc = stc_cli_parse(&traffic_cmd, argc, argv, apply_option, a, &first);
    if (rc)
        return rc;
    if (first < argc)
        return stc_cli_error(&traffic_cmd, "unexpected operand '%s'", argv[first]);
    if (!a->sweep && !a->breakeven)
        return stc_cli_error(&traffic_cmd, "nothing to write: give --out-sweep, --out-breakeven "
                                           "or both");
    if ((uint64_t)a->cfg.k * a->cfg.n > STC_TRAFFIC_ELEMS_MAX)
        return stc_cli_error(&traffic_cmd, "--k %u --n %u: more than %u elements", a->cfg.k,
                             a->cfg.n, STC_TRAFFIC_ELEMS_MAX);
    return 0;
}

/* Writes one report through the atomic writer; 0, or -1 after saying why. */
static int write_report(const char *path, const traffic_args *a, const stc_traffic_mask *m,
                        void (*write)(FILE *, const stc_traffic_cfg *, const stc_traffic_mask *))
{
    char err[4200];
    stc_out out;
    if (!path)
        return 0;
    if (stc_out_open(&out, path, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_traffic: %s\n", err);
        return -1;
    }
    write(out.f, &a->cfg, m);
    if (stc_out_close(&out, true, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_traffic: %s\n", err);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    traffic_args a;
    stc_traffic_mask m;
    int parsed = parse_args(&a, argc, argv);
    if (parsed != 0)
        return parsed == STC_CLI_HELP ? 0 : 2;
    stc_status st = stc_traffic_mask_init(&m, a.cfg.k, a.cfg.n, a.cfg.seed);
    if (st != STC_OK) {
        fprintf(stderr, "stc_traffic: cannot make the masks: %s\n", stc_status_str(st));
        return 2;
    }
    int rc = write_report(a.sweep, &a, &m, stc_traffic_write_sweep) ||
             write_report(a.breakeven, &a, &m, stc_traffic_write_breakeven);
    stc_traffic_mask_free(&m);
    return rc ? 2 : 0;
}
