// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_meta.h - the 2:4 metadata codec (docs/architecture.md section 2).
 *
 * A group is 4 consecutive dense K rows of one W column. Its nibble is
 * idx_lo | idx_hi << 2 with idx_lo < idx_hi; only six codes are legal.
 * Matrix functions work on row-major int8 matrices: dense W is K x N, kept
 * W is K/2 x N, metadata is one uint32_t word per (block, column) holding
 * N/2 nibbles, nibble g at bits [4g+3:4g]. A block is 2N dense rows.
 */
#ifndef STC_META_H
#define STC_META_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stc_status.h"

#define STC_META_LEGAL_CODES 6
#define STC_META_GROUP 4 /* dense rows per group */

/* Where a matrix codec error was found; every field is filled. */
typedef struct stc_meta_pos {
    unsigned row;   /* dense row of the offending value, or first row of the group */
    unsigned col;   /* W column */
    unsigned block; /* K-block (2N dense rows) */
    unsigned group; /* group inside the block, 0..N/2-1 */
} stc_meta_pos;

/* True iff nib (low 4 bits; higher bits make it illegal) is one of the six
 * legal codes 0x4 0x8 0xC 0x9 0xD 0xE. */
bool stc_meta_nibble_legal(unsigned nib);

/* The ten illegal codes, i = 0..STC_META_ILLEGAL_CODES-1 in increasing
 * order (0x0 0x1 0x2 0x3 0x5 0x6 0x7 0xA 0xB 0xF): what fault injection
 * drives and fault coverage counts. */
#define STC_META_ILLEGAL_CODES 10
unsigned stc_meta_illegal_code(unsigned i);

/* Splits a legal nibble into its two kept positions; STC_EMETA if illegal
 * (outputs untouched). */
stc_status stc_meta_decode(unsigned nib, unsigned *idx_lo, unsigned *idx_hi);

/* Canonical encoding of one group g[0..3]: kept set = nonzero positions,
 * filled up to two with the lowest-indexed zero positions, ascending.
 * Writes the nibble and the lo/hi kept values. STC_ESPARSITY with
 * *bad_pos = position of the third nonzero if more than two are nonzero. */
stc_status stc_meta_encode_group(const int8_t g[STC_META_GROUP], unsigned *nib, int8_t *lo,
                                 int8_t *hi, unsigned *bad_pos);

/* Nibble g of a metadata word. */
unsigned stc_meta_word_nibble(uint32_t word, unsigned g);

/* Checks a (block, column) metadata word for an N-wide tile: every nibble
 * legal and no bits set above nibble N/2-1. STC_EMETA with *group set (the
 * first bad group, or N/2 for stray high bits). */
stc_status stc_meta_word_check(uint32_t word, unsigned n, unsigned *group);

/* Compresses dense W (k x n) into kept W (k/2 x n) and meta (nblk x n,
 * nblk = k / 2n). n even 4..16 and k a positive multiple of 2n, else
 * STC_EPARAM. A group with more than two nonzeros gives STC_ESPARSITY,
 * its position in *pos (may be NULL) and a message in err (may be NULL). */
stc_status stc_meta_compress(unsigned n, unsigned k, const int8_t *wdense, int8_t *wkept,
                             uint32_t *meta, stc_meta_pos *pos, char *err, size_t errlen);

/* Inverse of stc_meta_compress: scatters kept values to their positions,
 * zero elsewhere. Any metadata word failing stc_meta_word_check gives
 * STC_EMETA with its position (row = first kept row of the group). */
stc_status stc_meta_decompress(unsigned n, unsigned k, const int8_t *wkept, const uint32_t *meta,
                               int8_t *wdense, stc_meta_pos *pos, char *err, size_t errlen);

/* Magnitude pruning to 2:4 in place on dense W (k x n, k % 4 == 0): in each
 * group keep the two largest |w|, ties to the lower index, zero the rest. */
void stc_meta_prune24(unsigned n, unsigned k, int8_t *wdense);

#endif
