// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_layer.h - binary layer files (docs/vector-format.md, "Binary layer
 * files (stc_gemm)"): a whole layer's GEMM, C = A * W (+ bias), with its
 * expected C, in a compact little-endian form, and the tile commands it
 * is cut into.
 *
 * The reader loads the whole file, checks the header, the file's size and
 * every 2:4 group, and prepares each N-column output tile's W once (2:4:
 * compressed with the canonical encoding of cmodel/stc_meta.h) with its
 * skip bits. Commands are then made one at a time, as
 * analysis/accuracy/tilecmd.py's layer_commands makes them for each batch
 * of up to m_max consecutive rows: command i is batch i / tiles, tile
 * i % tiles. Every error names the file and either the byte offset
 * ("path: offset X: ...") or the header field ("path: header field ...").
 */
#ifndef STC_LAYER_H
#define STC_LAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stc_status.h"
#include "stc_vec.h"

#define STC_LAYER_MAGIC "STCGEMM1"
#define STC_LAYER_HEADER_BYTES 40u
/* The class the commands' vectors carry (the CSV's class column). */
#define STC_LAYER_CLASS "layer"

/* One N-column output tile's W, as each of its commands stores it. */
typedef struct stc_layer_tile {
    int8_t *w;      /* dense: k x n; 2:4: the kept (k/2) x n */
    uint32_t *meta; /* 2:4: nblk x n words; else NULL */
    uint64_t skip;  /* bit b: K-block b of the tile's W is all zero */
} stc_layer_tile;

typedef struct stc_layer {
    unsigned n;          /* tile N */
    bool mode24;         /* false dense, true 2:4 */
    unsigned m, k;       /* A is m x k */
    unsigned out;        /* W is k x out, C m x out; a multiple of n */
    bool has_bias;       /* bias[out] present */
    unsigned m_max;      /* rows per command */
    unsigned char *data; /* the whole file */
    size_t size;
    const int8_t *a;           /* m x k, row-major, in data */
    const unsigned char *bias; /* out little-endian int32, in data, or NULL */
    const unsigned char *c;    /* m x out little-endian int32, in data */
    unsigned tiles;            /* out / n */
    stc_layer_tile *tile;      /* [tiles] */
} stc_layer;

/* Where command i of a layer reads and writes. */
typedef struct stc_layer_span {
    unsigned row0, rows; /* rows of A and C: row0 .. row0 + rows - 1 */
    unsigned tile;       /* output tile: columns tile*n .. tile*n + n - 1 */
    unsigned col0;       /* tile * n */
} stc_layer_span;

/* Reads and checks path. On error *l is left freed and err holds "path:
 * offset X: message" or "path: header field F = V: message": STC_EIO (cannot
 * be read), STC_EFORMAT (magic, header field, size), STC_ESPARSITY (a 2:4
 * group with more than two nonzeros: its block, group and column),
 * STC_ENOMEM. */
stc_status stc_layer_read(const char *path, stc_layer *l, char *err, size_t errlen);
void stc_layer_free(stc_layer *l);

/* Commands of the layer: ceil(m / m_max) batches times the tiles. */
uint64_t stc_layer_ncmd(const stc_layer *l);
/* The rows and columns of command i (< stc_layer_ncmd). */
stc_layer_span stc_layer_span_of(const stc_layer *l, uint64_t i);

/* Command i as a version-1 vector (class STC_LAYER_CLASS, seed 0): A = the
 * batch's rows, W = its tile's, the tile's bias on every row, C = the
 * file's C of those rows and columns. *v is overwritten; free it with
 * stc_vec_free. STC_ENOMEM, or STC_EPARAM for i out of range. */
stc_status stc_layer_command(const stc_layer *l, uint64_t i, stc_vec *v);

#endif
