// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_gen_moe.h - mixture-of-experts workloads for the tile (library side
 * of stc_moegen, behind `make report`'s MoE section).
 *
 * T tokens are routed to k of E experts under a seeded load distribution;
 * each expert's GEMM (its tokens' activation rows times one 16-column slice
 * of its weights) is then cut into tile commands by one of the dispatch
 * schemes a runtime uses to give the data-dependent n_e a static shape:
 *
 *   group    sort-and-group: one command per expert with M = n_e exactly
 *            (chunks of at most M_MAX rows), nothing padded, nothing dropped
 *   capPPP   capacity factor PPP/100: every expert runs M = C =
 *            ceil(PPP/100 * T*k/E) rows, empty or not; rows beyond C are
 *            dropped (the first C tokens in token order are kept), missing
 *            rows are zero padding
 *   bucket   shape bucketing: each chunk's M rounded up to the next of
 *            64, 128, 256, 512, 1024 (zero padding), nothing dropped
 *
 * Same options and seed -> the same routing, the same commands and the same
 * bytes. A token's activation row and an expert's weights depend only on
 * the seed and the token or expert index, so every scheme computes the same
 * products for the tokens it keeps.
 */
#ifndef STC_GEN_MOE_H
#define STC_GEN_MOE_H

#include <stddef.h>
#include <stdint.h>

#include "stc_vec.h"

#define STC_MOE_EXPERTS_MAX 256

typedef struct stc_moe_opts {
    const char *dist; /* balanced, uniform, zipf, hot2, hot5, hot10 (hotX: X in 2..E/k) */
    unsigned experts, tokens, topk;
    unsigned n, d; /* tile size N (columns of one slice) and hidden size d (the command's K) */
    uint64_t seed;
} stc_moe_opts;

/* The routing: for each expert the tokens routed to it, in token order. */
typedef struct stc_moe_routing {
    unsigned experts;
    unsigned *load;  /* n_e per expert */
    unsigned *first; /* expert e's tokens are tok[first[e] .. first[e] + load[e]) */
    uint32_t *tok;   /* tokens * topk token indices, grouped by expert */
} stc_moe_routing;

/* One tile command of a dispatch scheme. */
typedef struct stc_moe_cmd {
    unsigned expert, chunk; /* chunk: the command's index among its expert's */
    unsigned m;             /* rows the tile computes */
    unsigned useful;        /* of them, rows of routed tokens (the rest are padding) */
    unsigned tok0;          /* index in the expert's token list of the first useful row */
} stc_moe_cmd;

typedef struct stc_moe_plan {
    unsigned ncmd;
    stc_moe_cmd *cmd;
    unsigned *dropped; /* per expert: routed tokens the scheme dropped */
} stc_moe_plan;

/* Routes o->tokens tokens to o->topk distinct experts each. */
stc_status stc_moe_route(const stc_moe_opts *o, stc_moe_routing *r, char *err, size_t errlen);
void stc_moe_routing_free(stc_moe_routing *r);

/* Cuts the routed work into commands of a scheme (group, capPPP, bucket). */
stc_status stc_moe_plan_make(const stc_moe_opts *o, const stc_moe_routing *r, const char *scheme,
                             stc_moe_plan *p, char *err, size_t errlen);
void stc_moe_plan_free(stc_moe_plan *p);

/* The vector of command c: its tokens' activation rows (zero rows for the
 * padding), its expert's dense weights, C from the functional reference.
 * *v must be zeroed or freed. */
stc_status stc_moe_vector(const stc_moe_opts *o, const stc_moe_routing *r, const stc_moe_cmd *c,
                          stc_vec *v, char *err, size_t errlen);

/* Space-separated lists for usage messages. */
const char *stc_moe_dist_list(void);
const char *stc_moe_scheme_list(void);

#endif
