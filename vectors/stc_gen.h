// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_gen.h - deterministic test-vector generator (library side of
 * stc_vecgen). Same options -> same vector, bit for bit: all randomness
 * comes from an explicit stc_rng state (common/stc_rng.h) seeded from the
 * seed.
 */
#ifndef STC_GEN_H
#define STC_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stc_rng.h"
#include "stc_vec.h"

#define STC_GEN_MODE_DEFAULT (-1) /* the class's natural mode */
#define STC_GEN_SPARSITY_DEFAULT (-1)

typedef struct stc_gen_opts {
    const char *cls;
    unsigned n, m, k;
    uint64_t seed;
    int sparsity; /* percent, or STC_GEN_SPARSITY_DEFAULT */
    bool bias;
    int mode;    /* 0 dense, 1 2:4, or STC_GEN_MODE_DEFAULT */
    int a_zeros; /* percent of A set to zero after the class filled it (ReLU-like
                    activations), or STC_GEN_SPARSITY_DEFAULT for none */
} stc_gen_opts;

/* Fills an opts struct with "unset" values (cls NULL, no bias, defaults). */
void stc_gen_opts_init(stc_gen_opts *o);

/* Generates one vector; *v must be zeroed or freed. STC_EPARAM with a
 * message for options the class does not accept. The expected C comes
 * from the functional reference (stc_ref), never from the cycle model. */
stc_status stc_gen_vector(const stc_gen_opts *o, stc_vec *v, char *err, size_t errlen);

/* Dense K of `blocks` K-blocks for o's class, mode and n (a block is n
 * dense rows, 2n in 2:4); 0 for an unknown class. */
unsigned stc_gen_blocks_k(const stc_gen_opts *o, unsigned blocks);

/* Canonical file name of a vector generated with o, e.g.
 * "sp24-n16-2of4-m64-k256-s3.vec" ("-p50" for a sparsity, "-bias"). */
void stc_gen_name(const stc_gen_opts *o, char *out, size_t outlen);

/* Space-separated list of the class names, for usage messages. */
const char *stc_gen_class_list(void);

/* The class's name as the generator holds it (static storage), or NULL
 * when name is not a class. */
const char *stc_gen_class_name(const char *name);

/* Regenerates the regression set that the manifest file lists
 * (vectors/stc_manifest.h; STC_MANIFEST_DEFAULT is the checked-in one)
 * into dir (which must exist), in the manifest's order, and removes the
 * other *.vec files there. *count and *bytes (may be NULL) receive the
 * number of files and their total size; *cycles the no-stall cycle
 * estimate of docs/architecture.md section 6. A bad manifest, or an entry
 * the generator refuses, is an error naming the manifest's file and line. */
stc_status stc_gen_regression(const char *manifest, const char *dir, unsigned *count,
                              uint64_t *bytes, uint64_t *cycles, char *err, size_t errlen);

/* Cycles of one vector with no stalls (architecture section 6). */
uint64_t stc_gen_cycles(const stc_vec *v);
/* The same on the double-buffered micro-architecture (section 11), with a
 * host that offers every channel's beats as soon as it can. */
uint64_t stc_gen_cycles_dbuf(const stc_vec *v);

#endif
