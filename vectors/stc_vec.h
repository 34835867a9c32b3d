// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_vec.h - the STC test vector: in-memory form, reader and writer.
 *
 * The file format is specified in docs/vector-format.md. The reader
 * validates everything it can (header, sizes, hex syntax, value ranges,
 * metadata legality, skip-list consistency) and reports the first problem
 * as "file:line: message" in the caller's buffer; it never aborts.
 * The writer replaces its output atomically (temporary file + rename), so
 * a failed write never leaves a half-written vector over a good one.
 */
#ifndef STC_VEC_H
#define STC_VEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stc_status.h"

#define STC_VEC_VERSION 1    /* one command */
#define STC_STREAM_VERSION 2 /* a stream of commands */
#define STC_VEC_CLASS_MAX 48
#define STC_VEC_ERR_MAX 512

/* An illegal metadata nibble driven on the wire instead of the file's legal
 * one (docs/vector-format.md, version 2): the error path of a command. */
typedef struct stc_fault {
    bool on;
    unsigned code;  /* one of the ten illegal nibble values */
    unsigned block; /* a loaded (non-skipped) block of the command */
    unsigned group; /* 0..n/2-1: rides on weight beat 2*group of that block */
    unsigned col;   /* 0..n-1 */
} stc_fault;

typedef struct stc_vec {
    char cls[STC_VEC_CLASS_MAX]; /* generator class, e.g. "sp24-block" */
    uint64_t seed;
    unsigned n;    /* array size the vector is written for */
    bool mode24;   /* false dense, true 2:4 */
    unsigned m;    /* rows of A and C */
    unsigned k;    /* dense K; a multiple of kd = n (dense) or 2n (2:4) */
    uint64_t skip; /* bit b: block b is all zero and skipped */
    bool has_bias;
    int8_t *a;       /* m x k, row-major */
    int8_t *w;       /* stored W: dense k x n; 2:4 (k/2) x n kept values */
    uint32_t *meta;  /* 2:4 only: nblk x n words, N/2 nibbles each; else NULL */
    int32_t *bias;   /* m x n when has_bias, else NULL */
    int32_t *c;      /* m x n expected result */
    stc_fault fault; /* version 2 only: C is then not checked, err_o must rise */
} stc_vec;

/* A stream: commands executed one after the other without reset. A
 * version-1 file is a stream of one command. */
typedef struct stc_stream {
    unsigned ncmd;
    stc_vec *cmd;
} stc_stream;

#define STC_STREAM_CMDS_MAX 65536

/* Dense rows per K-block: n (dense) or 2n (2:4). */
unsigned stc_vec_kd(const stc_vec *v);
/* Number of K-blocks, k / kd. */
unsigned stc_vec_nblk(const stc_vec *v);
/* Skip bits that count for nblk blocks (bits 0..nblk-1 set; nblk <= 64). */
uint64_t stc_vec_skip_mask(unsigned nblk);

/* Allocates a, w, meta, bias and c for the header fields already set. */
stc_status stc_vec_alloc(stc_vec *v);
void stc_vec_free(stc_vec *v);

/* Reads and validates a vector file. On error *v is left freed and err
 * holds "path:line: message". */
stc_status stc_vec_read(const char *path, stc_vec *v, char *err, size_t errlen);

/* Writes a vector file atomically. */
stc_status stc_vec_write(const char *path, const stc_vec *v, char *err, size_t errlen);

/* Reads a version-1 file (one command) or a version-2 stream. On error *s
 * is left freed and err holds "path:line: message". */
stc_status stc_stream_read(const char *path, stc_stream *s, char *err, size_t errlen);

/* Writes a version-2 stream atomically; every command must pass
 * stc_vec_validate and all must share one n. */
stc_status stc_stream_write(const char *path, const stc_stream *s, char *err, size_t errlen);

/* Allocates ncmd zeroed commands. */
stc_status stc_stream_alloc(stc_stream *s, unsigned ncmd);
void stc_stream_free(stc_stream *s);

/* Dense W (k x n) of a vector, decompressing 2:4 storage. */
stc_status stc_vec_dense_w(const stc_vec *v, int8_t *wdense, char *err, size_t errlen);

/* Largest vector file the reader accepts (a legal vector is at most about
 * 7 MB); bigger files are rejected with STC_EFORMAT, never truncated. */
#define STC_VEC_FILE_MAX (64u << 20)

/* Reads the whole file at path into a malloc'd *out (*outlen bytes): the
 * one loader of the vector and layer readers. A file over max bytes is
 * STC_EFORMAT ("file larger than the N MiB limit"), unreadable STC_EIO,
 * with the path in err. */
stc_status stc_file_load(const char *path, size_t max, void **out, size_t *outlen, char *err,
                         size_t errlen);

/* Header limits of format version 1. */
#define STC_VEC_N_MIN 4
#define STC_VEC_N_MAX 16
#define STC_VEC_M_MAX 1024
#define STC_VEC_NBLK_MAX 64

/* Checks an in-memory vector the way the reader checks a file: header
 * ranges (STC_EFORMAT), buffers present (STC_EPARAM), metadata legality
 * (STC_EMETA) and skip consistency (STC_ESPARSITY). It does not check C;
 * see stc_vec_check_expected. The writer refuses what this rejects. */
stc_status stc_vec_validate(const stc_vec *v, char *err, size_t errlen);

/* Recomputes C with the functional reference (cmodel/stc_ref.h) and
 * compares it with v->c: STC_EMISMATCH naming the first differing element
 * (row, column, both values). The reader never does this itself. */
stc_status stc_vec_check_expected(const stc_vec *v, char *err, size_t errlen);

/* stc_vec_check_expected for every command of a stream but those with a
 * fault (their C is not compared): STC_EMISMATCH with "path: [command i: ]
 * the vector's expected result is wrong: C row r, column n: ...". A
 * runner calls this before blaming the RTL. */
stc_status stc_stream_check_expected(const stc_stream *s, const char *path, char *err,
                                     size_t errlen);

/* Sets v->c to the functional reference's result (what generators use). */
stc_status stc_vec_fill_expected(stc_vec *v, char *err, size_t errlen);

#endif
