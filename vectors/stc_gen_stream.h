// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_gen_stream.h - deterministic generator of command streams (version-2
 * vector files, docs/vector-format.md): several commands the tile executes
 * one after the other without reset. Same options -> same bytes.
 *
 * Kinds:
 *   pairs    every ordered pair of the command kinds below follows once
 *            (an Eulerian circuit of the complete digraph with loops): every
 *            from->to mode transition, err->clean, skip->no skip, ...
 *   mix      --len random commands of every kind and size (long streams)
 *   faults   every illegal nibble (ten codes) at every group and column,
 *            each in its own 2:4 command followed by a clean command
 *   corners  the largest M, every block skipped at the largest nblk (with
 *            and without bias), the largest nblk with some, with most and
 *            with all but the last block skipped, 2:4 at the largest M and nblk (longer than
 *            65,535 cycles), a fault in the last block, group and column;
 *            each followed by a small command
 *
 * Command kinds: dense, dense+bias, dense with skipped blocks, 2:4, 2:4 with
 * skipped blocks and bias, every block skipped (+bias), 2:4 with an illegal
 * nibble (fault).
 */
#ifndef STC_GEN_STREAM_H
#define STC_GEN_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "stc_vec.h"

typedef struct stc_stream_opts {
    const char *kind; /* pairs, mix, faults, corners */
    unsigned n;
    uint64_t seed;
    unsigned len; /* mix: number of commands (0: 40) */
} stc_stream_opts;

#define STC_GEN_STREAM_LEN_MAX 4096 /* the largest len */

/* Generates a stream; *s is allocated here (stc_stream_free). STC_EPARAM
 * with a message for options the kind does not accept. Every command's C
 * comes from the functional reference. */
stc_status stc_gen_stream(const stc_stream_opts *o, stc_stream *s, char *err, size_t errlen);

/* "stream-KIND-nN[-lLEN]-sSEED.vec" */
void stc_gen_stream_name(const stc_stream_opts *o, char *out, size_t outlen);

/* Space-separated list of the kinds, for usage messages. */
const char *stc_gen_stream_kinds(void);

/* The kind's name as the generator holds it (static storage), or NULL
 * when name is not a kind. */
const char *stc_gen_stream_kind_name(const char *name);

#endif
