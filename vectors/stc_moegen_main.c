// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_moegen - mixture-of-experts command vectors for the tile.
 *
 *   stc_moegen --dist DIST --schemes S[,S...] --seed S --out-dir DIR --plan F.csv
 *              [--stream-dir DIR2] [--experts E] [--tokens T] [--topk K] [--n N] [--d D]
 *
 * Routes the tokens once (stc_gen_moe.h), then for every scheme writes one
 * vector per tile command into DIR (DIST-SCHEME-eEEE-cC.vec) and one line
 * per command into the plan: which expert, how many rows are tokens and
 * how many padding, how many of the expert's tokens the scheme dropped.
 * With --stream-dir, each scheme's commands are also written as one
 * command stream, DIR2/DIST-SCHEME.vec: the whole step on one tile, back
 * to back.
 *
 * Exit status: 0 ok, 2 usage or generation error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "stc_cli.h"
#include "stc_gen_moe.h"
#include "stc_out.h"

#define STC_MOEGEN_SCHEMES_MAX 8

typedef struct moegen_cli {
    stc_moe_opts o;
    const char *schemes;
    const char *out_dir;
    const char *plan;
    const char *stream_dir;
    bool have_seed;
} moegen_cli;

enum {
    OPT_DIST = 1,
    OPT_SCHEMES,
    OPT_EXPERTS,
    OPT_TOKENS,
    OPT_TOPK,
    OPT_N,
    OPT_D,
    OPT_SEED,
    OPT_OUT_DIR,
    OPT_PLAN,
    OPT_STREAM_DIR,
};

static const stc_opt stc_moegen_opts[] = {
    {OPT_DIST, "dist", 0, "DIST", "load distribution over the experts (list below)"},
    {OPT_SCHEMES, "schemes", 0, "S,S...", "dispatch schemes, comma-separated (list below)"},
    {OPT_EXPERTS, "experts", 0, "E", "experts (default 64)"},
    {OPT_TOKENS, "tokens", 0, "T", "tokens (default 8192)"},
    {OPT_TOPK, "topk", 0, "K", "experts per token (default 2)"},
    {OPT_N, "n", 0, "N", "tile size: columns of the weight slice (default 16)"},
    {OPT_D, "d", 0, "D", "hidden size, the commands' K (default 64)"},
    {OPT_SEED, "seed", 0, "S", "seed: the same seed writes the same bytes"},
    {OPT_OUT_DIR, "out-dir", 0, "DIR", "directory for the vectors (created if missing)"},
    {OPT_PLAN, "plan", 0, "F.csv", "the commands, one line each (written atomically)"},
    {OPT_STREAM_DIR, "stream-dir", 0, "DIR",
     "also write each scheme's commands as one stream, DIR/DIST-SCHEME.vec"},
    {0, NULL, 0, NULL, NULL},
};

static stc_cmd stc_moegen_cmd = {
    "stc_moegen",
    "--dist DIST --schemes S[,S...] --seed S --out-dir DIR --plan F.csv [options]",
    "Routes tokens to experts and writes each expert's GEMM as tile commands\n"
    "under dispatch schemes that give its data-dependent M a static shape.",
    {stc_moegen_opts, NULL},
    NULL,
    "0 ok, 2 usage or generation error",
};

static int stc_moegen_num(const char *opt, const char *val, uint64_t lo, uint64_t hi, unsigned *out)
{
    uint64_t v = 0;
    if (stc_cli_number(&stc_moegen_cmd, opt, val, lo, hi, &v))
        return STC_CLI_ERROR;
    *out = (unsigned)v;
    return 0;
}

static int stc_moegen_apply(void *ctx, int id, const char *val)
{
    moegen_cli *c = ctx;
    switch (id) {
    case OPT_DIST:
        c->o.dist = val;
        return 0;
    case OPT_SCHEMES:
        c->schemes = val;
        return 0;
    case OPT_OUT_DIR:
        c->out_dir = val;
        return 0;
    case OPT_PLAN:
        c->plan = val;
        return 0;
    case OPT_STREAM_DIR:
        c->stream_dir = val;
        return 0;
    case OPT_EXPERTS:
        return stc_moegen_num("experts", val, 2, STC_MOE_EXPERTS_MAX, &c->o.experts);
    case OPT_TOKENS:
        return stc_moegen_num("tokens", val, 1, 1u << 20, &c->o.tokens);
    case OPT_TOPK:
        return stc_moegen_num("topk", val, 1, STC_MOE_EXPERTS_MAX, &c->o.topk);
    case OPT_N:
        return stc_moegen_num("n", val, 1, 1u << 20, &c->o.n);
    case OPT_D:
        return stc_moegen_num("d", val, 1, 1u << 20, &c->o.d);
    case OPT_SEED:
        c->have_seed = true;
        return stc_cli_number(&stc_moegen_cmd, "seed", val, 0, UINT64_MAX, &c->o.seed);
    default:
        return stc_cli_error(&stc_moegen_cmd, "internal error: option %d", id);
    }
}

/* Splits "a,b,c" into at most STC_MOEGEN_SCHEMES_MAX names in buf. */
static int stc_moegen_split(const char *list, char *buf, size_t len, char **names)
{
    int count = 0;
    snprintf(buf, len, "%s", list);
    for (char *save = NULL, *s = strtok_r(buf, ",", &save); s; s = strtok_r(NULL, ",", &save)) {
        if (count == STC_MOEGEN_SCHEMES_MAX)
            return -1;
        names[count++] = s;
    }
    return count;
}

static int stc_moegen_mkdir(const char *dir)
{
    if (mkdir(dir, 0777) == 0 || errno == EEXIST) {
        struct stat sb;
        if (stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode))
            return 0;
    }
    fprintf(stderr, "stc_moegen: %s: cannot create the directory: %s\n", dir,
            errno == EEXIST ? "a file of that name exists" : strerror(errno));
    return 2;
}

/* Writes the vectors of one scheme and appends its lines to the plan. */
static int stc_moegen_scheme(const moegen_cli *c, const stc_moe_routing *r, const char *scheme,
                             FILE *plan)
{
    char err[STC_VEC_ERR_MAX];
    stc_moe_plan p;
    if (stc_moe_plan_make(&c->o, r, scheme, &p, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_moegen: %s\n", err);
        return 2;
    }
    int rc = 0;
    /* The scheme's commands as one stream (only with --stream-dir). */
    stc_stream all = {0, NULL};
    if (c->stream_dir && stc_stream_alloc(&all, p.ncmd) != STC_OK) {
        fprintf(stderr, "stc_moegen: out of memory\n");
        stc_moe_plan_free(&p);
        return 2;
    }
    for (unsigned i = 0; i < p.ncmd && rc == 0; i++) {
        const stc_moe_cmd *cmd = &p.cmd[i];
        char name[128], path[4096];
        snprintf(name, sizeof name, "%s-%s-e%03u-c%u.vec", c->o.dist, scheme, cmd->expert,
                 cmd->chunk);
        snprintf(path, sizeof path, "%s/%s", c->out_dir, name);
        stc_vec v;
        stc_status st = stc_moe_vector(&c->o, r, cmd, &v, err, sizeof err);
        if (st == STC_OK) {
            st = stc_vec_write(path, &v, err, sizeof err);
            if (all.cmd)
                all.cmd[i] = v; /* the stream owns it now */
            else
                stc_vec_free(&v);
        }
        if (st != STC_OK) {
            fprintf(stderr, "stc_moegen: %s\n", err);
            rc = 2;
            break;
        }
        fprintf(plan, "%s,%s,%u,%u,%u,%u,%u,%u,%u,%s\n", c->o.dist, scheme, cmd->expert, cmd->chunk,
                r->load[cmd->expert], cmd->m, cmd->useful, cmd->m - cmd->useful,
                cmd->chunk == 0 ? p.dropped[cmd->expert] : 0, name);
    }
    /* An expert without a command (no tokens under group or bucket) still
     * gets its line, so the plan holds every expert's load. */
    for (unsigned e = 0, i = 0; e < r->experts && rc == 0; e++) {
        while (i < p.ncmd && p.cmd[i].expert < e)
            i++;
        if (i == p.ncmd || p.cmd[i].expert != e)
            fprintf(plan, "%s,%s,%u,0,%u,0,0,0,%u,-\n", c->o.dist, scheme, e, r->load[e],
                    p.dropped[e]);
    }
    if (rc == 0 && all.cmd) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s-%s.vec", c->stream_dir, c->o.dist, scheme);
        if (stc_stream_write(path, &all, err, sizeof err) != STC_OK) {
            fprintf(stderr, "stc_moegen: %s\n", err);
            rc = 2;
        }
    }
    stc_stream_free(&all);
    stc_moe_plan_free(&p);
    return rc;
}

static int stc_moegen_run(const moegen_cli *c)
{
    char err[STC_VEC_ERR_MAX], buf[256];
    char *names[STC_MOEGEN_SCHEMES_MAX];
    int nsch = stc_moegen_split(c->schemes, buf, sizeof buf, names);
    if (nsch <= 0) {
        stc_cli_error(&stc_moegen_cmd, "--schemes: 1 to %d names, comma-separated",
                      STC_MOEGEN_SCHEMES_MAX);
        return 2;
    }
    stc_moe_routing r;
    if (stc_moe_route(&c->o, &r, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_moegen: %s\n", err);
        return 2;
    }
    int rc = stc_moegen_mkdir(c->out_dir);
    if (rc == 0 && c->stream_dir)
        rc = stc_moegen_mkdir(c->stream_dir);
    if (rc) {
        stc_moe_routing_free(&r);
        return rc;
    }
    stc_out out;
    if (stc_out_open(&out, c->plan, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_moegen: %s\n", err);
        stc_moe_routing_free(&r);
        return 2;
    }
    fprintf(out.f, "dist,scheme,expert,chunk,load,m,useful,pad,dropped,vector\n");
    for (int i = 0; i < nsch && rc == 0; i++)
        rc = stc_moegen_scheme(c, &r, names[i], out.f);
    if (stc_out_close(&out, rc == 0, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_moegen: %s\n", err);
        rc = 2;
    }
    stc_moe_routing_free(&r);
    return rc;
}

int main(int argc, char **argv)
{
    moegen_cli c;
    char notes[512];
    memset(&c, 0, sizeof c);
    c.o.experts = 64;
    c.o.tokens = 8192;
    c.o.topk = 2;
    c.o.n = 16;
    c.o.d = 64;
    snprintf(notes, sizeof notes, "distributions: %s\nschemes: %s", stc_moe_dist_list(),
             stc_moe_scheme_list());
    stc_moegen_cmd.notes = notes;
    int first = argc;
    int rc = stc_cli_parse(&stc_moegen_cmd, argc, argv, stc_moegen_apply, &c, &first);
    if (rc == 0 && first < argc)
        rc = stc_cli_error(&stc_moegen_cmd, "unexpected argument '%s'", argv[first]);
    if (rc != 0)
        return rc == STC_CLI_HELP ? 0 : 2;
    if (!c.o.dist || !c.schemes || !c.have_seed || !c.out_dir || !c.plan) {
        stc_cli_error(&stc_moegen_cmd,
                      "--dist, --schemes, --seed, --out-dir and --plan are required");
        return 2;
    }
    return stc_moegen_run(&c);
}
