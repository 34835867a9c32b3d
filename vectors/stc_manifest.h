// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_manifest.h - reader of a regression manifest: the list of vectors
 * and streams a regression set holds (vectors/regression.manifest, whose
 * header comment specifies the format), as the generator's own options.
 *
 * The reader checks everything that is a property of the text: entry
 * types, keys, duplicate keys, missing keys, decimal syntax, each value's
 * range, class and stream kind names, duplicate files. What only the
 * generator knows (K a whole number of blocks, a class that takes no
 * sparsity) it reports when it generates the entry; stc_gen_regression
 * names the manifest's line then too. Errors are "FILE:LINE: message";
 * the reader never aborts.
 */
#ifndef STC_MANIFEST_H
#define STC_MANIFEST_H

#include <stddef.h>

#include "stc_gen.h"
#include "stc_gen_stream.h"
#include "stc_status.h"

#define STC_MANIFEST_DEFAULT "vectors/regression.manifest"
#define STC_MANIFEST_LINE_MAX 256     /* characters of a line, without its LF */
#define STC_MANIFEST_ENTRIES_MAX 4096 /* entries of one manifest */
#define STC_MANIFEST_NAME_MAX 128     /* an entry's file name, with its NUL */

typedef enum stc_manifest_type {
    STC_MANIFEST_VECTOR, /* one command: vec */
    STC_MANIFEST_STREAM, /* a command stream: stream */
} stc_manifest_type;

typedef struct stc_manifest_entry {
    stc_manifest_type type;
    unsigned line;                    /* its line in the manifest, from 1 */
    stc_gen_opts vec;                 /* STC_MANIFEST_VECTOR */
    stc_stream_opts stream;           /* STC_MANIFEST_STREAM */
    char name[STC_MANIFEST_NAME_MAX]; /* the file it writes (stc_gen_name) */
} stc_manifest_entry;

typedef struct stc_manifest {
    char *path; /* as given, for messages */
    stc_manifest_entry *entry;
    unsigned count;
} stc_manifest;

/* Reads and checks the manifest at path: at least one entry, in the
 * file's order. STC_EIO if it cannot be read, STC_EFORMAT for bad text
 * ("path:line: message" naming the field), STC_ENOMEM; on error *mf is
 * left freed. */
stc_status stc_manifest_read(const char *path, stc_manifest *mf, char *err, size_t errlen);

void stc_manifest_free(stc_manifest *mf);

/* The entry whose file name is name, or NULL. */
const stc_manifest_entry *stc_manifest_find(const stc_manifest *mf, const char *name);

#endif
