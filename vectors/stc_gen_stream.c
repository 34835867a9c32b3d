// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_gen_stream.c - command-stream generator (see stc_gen_stream.h).
 *
 * Each command is an ordinary generated vector (stc_gen_vector, with its
 * own seed derived from the stream's seed and its index), so the streams
 * reuse every class of the single-command generator; this file only picks
 * the sequence, the sizes and the faults.
 */
#include "stc_gen_stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stc_gen.h"
#include "stc_meta.h"

enum { K_DENSE, K_DENSE_BIAS, K_DENSE_SKIP, K_SP24, K_SP24_SKIP_BIAS, K_ZERO, K_FAULT, K_COUNT };

/* One command to generate. */
typedef struct cmd_spec {
    const char *cls;
    int mode; /* 0 dense, 1 2:4 */
    unsigned m, nblk;
    int sparsity;
    bool bias;
    bool fault;
    int fault_code, fault_block, fault_group, fault_col; /* -1: random */
    bool last_only; /* every block but the last all zero (and skipped) */
} cmd_spec;

typedef struct gen {
    const stc_stream_opts *o;
    stc_rng rng;
    stc_stream *s;
    unsigned next; /* commands generated so far */
} gen;

static unsigned pick(gen *g, unsigned bound)
{
    return stc_rng_below(&g->rng, bound);
}

/* Small M, with the edges around N and a few longer ones. */
static unsigned pick_m(gen *g)
{
    unsigned n = g->o->n;
    switch (pick(g, 8)) {
    case 0:
        return 1;
    case 1:
        return n - 1;
    case 2:
        return n;
    case 3:
        return n + 1;
    case 4:
        return 2 + pick(g, 40);
    default:
        return 1 + pick(g, 6);
    }
}

static cmd_spec spec_of_kind(gen *g, int kind)
{
    cmd_spec c = {"dense", 0, pick_m(g), 1 + pick(g, 3), -1, false, false, -1, -1, -1, -1, false};
    switch (kind) {
    case K_DENSE_BIAS:
        c.bias = true;
        break;
    case K_DENSE_SKIP:
        c.cls = "block";
        c.nblk = 2 + pick(g, 4);
        c.sparsity = 50;
        break;
    case K_SP24:
        c.cls = pick(g, 2) ? "sp24" : "prune24";
        c.mode = 1;
        break;
    case K_SP24_SKIP_BIAS:
        c.cls = "sp24-block";
        c.mode = 1;
        c.nblk = 2 + pick(g, 4);
        c.sparsity = 50;
        c.bias = true;
        break;
    case K_ZERO:
        c.cls = "corner-zero-tile";
        c.mode = (int)pick(g, 2);
        c.bias = pick(g, 4) != 0;
        break;
    case K_FAULT:
        c.cls = "sp24";
        c.mode = 1;
        c.fault = true;
        break;
    default:
        break;
    }
    return c;
}

/* Zeroes W in every block but the last and marks them skipped: the skip
 * mask with the most set bits that still loads a block. */
static stc_status keep_last_block(stc_vec *v, char *err, size_t errlen)
{
    unsigned nblk = stc_vec_nblk(v), n = v->n;
    uint32_t zero_word = 0;
    for (unsigned g = 0; g < n / 2; g++)
        zero_word |= 0x4u << (4 * g); /* canonical code of an all-zero group */
    memset(v->w, 0, (size_t)(nblk - 1) * n * n);
    for (unsigned b = 0; v->mode24 && b + 1 < nblk; b++)
        for (unsigned c = 0; c < n; c++)
            v->meta[(size_t)b * n + c] = zero_word;
    v->skip = stc_vec_skip_mask(nblk - 1);
    return stc_vec_fill_expected(v, err, errlen);
}

/* Generates command g->next from c. */
static stc_status add_cmd(gen *g, const cmd_spec *c, char *err, size_t errlen)
{
    stc_gen_opts go;
    stc_vec *v = &g->s->cmd[g->next];
    unsigned n = g->o->n;
    stc_gen_opts_init(&go);
    go.cls = c->cls;
    go.n = n;
    go.m = c->m;
    go.mode = c->mode;
    go.k = stc_gen_blocks_k(&go, c->nblk);
    go.seed = g->o->seed * 1000003u + g->next;
    go.sparsity = c->sparsity;
    go.bias = c->bias;
    stc_status st = stc_gen_vector(&go, v, err, errlen);
    if (st == STC_OK && c->last_only)
        st = keep_last_block(v, err, errlen);
    if (st != STC_OK)
        return st;
    if (c->fault) {
        unsigned nblk = stc_vec_nblk(v), loaded[64], np = 0;
        for (unsigned b = 0; b < nblk; b++)
            if (!((v->skip >> b) & 1u))
                loaded[np++] = b;
        if (np == 0) {
            stc_errf(err, errlen, "command %u: a fault needs a loaded block", g->next);
            return STC_EPARAM;
        }
        v->fault.on = true;
        v->fault.code = c->fault_code >= 0 ? (unsigned)c->fault_code
                                           : stc_meta_illegal_code(pick(g, STC_META_ILLEGAL_CODES));
        v->fault.block = c->fault_block >= 0 ? loaded[c->fault_block % np] : loaded[pick(g, np)];
        v->fault.group = c->fault_group >= 0 ? (unsigned)c->fault_group : pick(g, n / 2);
        v->fault.col = c->fault_col >= 0 ? (unsigned)c->fault_col : pick(g, n);
    }
    g->next++;
    return stc_vec_validate(v, err, errlen);
}

/* ---- kinds ---------------------------------------------------------------- */

/* An Eulerian circuit of the complete digraph with loops on K_COUNT nodes
 * (Hierholzer): K^2 edges, K^2 + 1 commands, every ordered pair once. */
static unsigned euler_circuit(unsigned *seq)
{
    bool used[K_COUNT][K_COUNT] = {{false}};
    unsigned stack[K_COUNT * K_COUNT + 1], sp = 0, len = 0;
    stack[sp++] = 0;
    while (sp > 0) {
        unsigned u = stack[sp - 1], v = 0;
        while (v < K_COUNT && used[u][v])
            v++;
        if (v < K_COUNT) {
            used[u][v] = true;
            stack[sp++] = v;
        } else {
            seq[len++] = stack[--sp];
        }
    }
    return len;
}

static stc_status gen_pairs(gen *g, char *err, size_t errlen)
{
    unsigned seq[K_COUNT * K_COUNT + 1];
    unsigned len = euler_circuit(seq);
    stc_status st = stc_stream_alloc(g->s, len);
    for (unsigned i = 0; st == STC_OK && i < len; i++) {
        cmd_spec c = spec_of_kind(g, (int)seq[i]);
        st = add_cmd(g, &c, err, errlen);
    }
    return st;
}

static stc_status gen_mix(gen *g, char *err, size_t errlen)
{
    unsigned len = g->o->len ? g->o->len : 40;
    stc_status st = stc_stream_alloc(g->s, len);
    for (unsigned i = 0; st == STC_OK && i < len; i++) {
        cmd_spec c = spec_of_kind(g, (int)pick(g, K_COUNT));
        if (pick(g, 8) == 0)
            c.m = 1 + pick(g, 256);
        st = add_cmd(g, &c, err, errlen);
    }
    return st;
}

/* A small clean command of any kind but fault. */
static cmd_spec small_clean(gen *g)
{
    cmd_spec c = spec_of_kind(g, (int)pick(g, K_FAULT));
    c.m = 1 + pick(g, 3);
    c.nblk = 1 + pick(g, 2);
    return c;
}

static stc_status gen_faults(gen *g, char *err, size_t errlen)
{
    unsigned n = g->o->n, len = 2 * STC_META_ILLEGAL_CODES * (n / 2) * n;
    stc_status st = stc_stream_alloc(g->s, len);
    for (unsigned code = 0; code < STC_META_ILLEGAL_CODES; code++)
        for (unsigned grp = 0; grp < n / 2; grp++)
            for (unsigned col = 0; st == STC_OK && col < n; col++) {
                cmd_spec f = spec_of_kind(g, K_FAULT);
                f.m = 1 + pick(g, 3);
                f.nblk = 1 + pick(g, 2);
                f.bias = pick(g, 4) == 0;
                f.fault_code = (int)stc_meta_illegal_code(code);
                f.fault_group = (int)grp;
                f.fault_col = (int)col;
                st = add_cmd(g, &f, err, errlen);
                cmd_spec c = small_clean(g);
                if (st == STC_OK)
                    st = add_cmd(g, &c, err, errlen);
            }
    return st;
}

static stc_status gen_corners(gen *g, char *err, size_t errlen)
{
    const unsigned M = STC_VEC_M_MAX, B = STC_VEC_NBLK_MAX;
    /* cls, mode, m, nblk, sparsity, bias, fault, code, block, group, col */
    cmd_spec big[] = {
        {"dense", 0, M, 1, -1, false, false, -1, -1, -1, -1, false},
        {"corner-zero-tile", 1, 64, B, -1, true, false, -1, -1, -1, -1, false},
        {"block", 0, 4, B, 50, false, false, -1, -1, -1, -1, false},
        {"sp24-block", 1, 8, B, 90, true, false, -1, -1, -1, -1, false},
        {"corner-zero-tile", 0, 16, B, -1, false, false, -1, -1, -1, -1, false},
        {"sp24", 1, M, B, -1, false, false, -1, -1, -1, -1, false},
        {"sp24", 1, 2, B, -1, false, true, -1, B - 1, -1, -1, false},
        {"dense", 0, M, 2, -1, true, false, -1, -1, -1, -1, false},
        {"corner-zero-tile", 0, M, 3, -1, true, false, -1, -1, -1, -1, false},
        {"sp24", 1, 3, B, -1, false, false, -1, -1, -1, -1, true},
        {"dense", 0, 5, B, -1, true, false, -1, -1, -1, -1, true},
    };
    unsigned nbig = sizeof big / sizeof big[0];
    stc_status st = stc_stream_alloc(g->s, 2 * nbig);
    for (unsigned i = 0; st == STC_OK && i < nbig; i++) {
        if (big[i].fault) {
            big[i].fault_code = (int)stc_meta_illegal_code(STC_META_ILLEGAL_CODES - 1);
            big[i].fault_group = (int)(g->o->n / 2 - 1);
            big[i].fault_col = (int)(g->o->n - 1);
        }
        st = add_cmd(g, &big[i], err, errlen);
        cmd_spec c = small_clean(g);
        if (st == STC_OK)
            st = add_cmd(g, &c, err, errlen);
    }
    return st;
}

typedef struct kind_entry {
    const char *name;
    stc_status (*fn)(gen *g, char *err, size_t errlen);
} kind_entry;

static const kind_entry kinds[] = {
    {"pairs", gen_pairs}, {"mix", gen_mix}, {"faults", gen_faults}, {"corners", gen_corners}};

const char *stc_gen_stream_kinds(void)
{
    return "pairs mix faults corners";
}

const char *stc_gen_stream_kind_name(const char *name)
{
    for (size_t i = 0; name && i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(kinds[i].name, name) == 0)
            return kinds[i].name;
    }
    return NULL;
}

stc_status stc_gen_stream(const stc_stream_opts *o, stc_stream *s, char *err, size_t errlen)
{
    gen g = {o, {{0}}, s, 0};
    memset(s, 0, sizeof *s);
    if (o->n < STC_VEC_N_MIN || o->n > STC_VEC_N_MAX || o->n % 2) {
        stc_errf(err, errlen, "n = %u: must be even, %d..%d", o->n, STC_VEC_N_MIN, STC_VEC_N_MAX);
        return STC_EPARAM;
    }
    if (o->len > STC_GEN_STREAM_LEN_MAX) {
        stc_errf(err, errlen, "--len %u: at most %d", o->len, STC_GEN_STREAM_LEN_MAX);
        return STC_EPARAM;
    }
    stc_rng_seed(&g.rng, o->seed ^ 0x5743a3e1u);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (!o->kind || strcmp(o->kind, kinds[i].name) != 0)
            continue;
        if (o->len && kinds[i].fn != gen_mix) {
            stc_errf(err, errlen, "--len only applies to the mix kind");
            return STC_EPARAM;
        }
        stc_status st = kinds[i].fn(&g, err, errlen);
        if (st != STC_OK)
            stc_stream_free(s);
        return st;
    }
    stc_errf(err, errlen, "unknown stream kind '%s' (one of: %s)", o->kind ? o->kind : "(none)",
             stc_gen_stream_kinds());
    return STC_EPARAM;
}

void stc_gen_stream_name(const stc_stream_opts *o, char *out, size_t outlen)
{
    if (o->len)
        snprintf(out, outlen, "stream-%s-n%u-l%u-s%llu.vec", o->kind, o->n, o->len,
                 (unsigned long long)o->seed);
    else
        snprintf(out, outlen, "stream-%s-n%u-s%llu.vec", o->kind, o->n,
                 (unsigned long long)o->seed);
}
