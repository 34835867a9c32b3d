// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_manifest.c - regression manifest reader (see stc_manifest.h; the
 * format is the header comment of vectors/regression.manifest).
 *
 * One line at a time: its bytes are checked (length, control
 * characters), the comment cut off, the words split in place; the first
 * word picks the entry type and its key table, each KEY=VALUE field is
 * set through the key's own setter, and the entry, complete, is checked
 * against the ones before it (one file, one line).
 */
#include "stc_manifest.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stc_vec.h"

/* Where the parse is, for messages. */
typedef struct stc_mf {
    const char *path;
    unsigned line;
    char *err;
    size_t errlen;
} stc_mf;

static stc_status stc_mf_fail(const stc_mf *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* STC_EFORMAT with "path:line: " and the message. */
static stc_status stc_mf_fail(const stc_mf *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    stc_verrf_at(p->err, p->errlen, p->path, p->line, fmt, ap);
    va_end(ap);
    return STC_EFORMAT;
}

/* ---- values ------------------------------------------------------------------ */

/* A decimal number in lo..hi: digits only, no leading zero but in "0". */
static stc_status stc_mf_uint(const stc_mf *p, const char *key, const char *val, uint64_t lo,
                              uint64_t hi, uint64_t *out)
{
    uint64_t x = 0;
    bool big = false;
    for (const char *c = val; *c; c++) {
        if (*c < '0' || *c > '9')
            return stc_mf_fail(p, "%s: '%s' is not a decimal number (digits only)", key, val);
        unsigned d = (unsigned)(*c - '0');
        big = big || x > (UINT64_MAX - d) / 10;
        x = x * 10 + d;
    }
    if (val[0] == '0' && val[1] != '\0')
        return stc_mf_fail(p, "%s: '%s' has a leading zero (write decimals without one)", key, val);
    if (big || x < lo || x > hi)
        return stc_mf_fail(p, "%s: %s is out of range %" PRIu64 "..%" PRIu64, key, val, lo, hi);
    *out = x;
    return STC_OK;
}

/* The same into an unsigned or an int (every range here fits both). */
static stc_status stc_mf_unsigned(const stc_mf *p, const char *key, const char *val, unsigned lo,
                                  unsigned hi, unsigned *out)
{
    uint64_t x = 0;
    stc_status st = stc_mf_uint(p, key, val, lo, hi, &x);
    if (st == STC_OK)
        *out = (unsigned)x;
    return st;
}

static stc_status stc_mf_int(const stc_mf *p, const char *key, const char *val, unsigned lo,
                             unsigned hi, int *out)
{
    unsigned x = 0;
    stc_status st = stc_mf_unsigned(p, key, val, lo, hi, &x);
    if (st == STC_OK)
        *out = (int)x;
    return st;
}

/* ---- keys -------------------------------------------------------------------- */

typedef stc_status (*stc_mf_set_fn)(const stc_mf *p, stc_manifest_entry *e, const char *key,
                                    const char *val);

typedef struct stc_mf_key {
    const char *name;
    bool required;
    stc_mf_set_fn set;
} stc_mf_key;

static stc_status stc_mf_set_class(const stc_mf *p, stc_manifest_entry *e, const char *key,
                                   const char *val)
{
    e->vec.cls = stc_gen_class_name(val);
    if (!e->vec.cls)
        return stc_mf_fail(p, "%s: unknown class '%s' (one of: %s)", key, val,
                           stc_gen_class_list());
    return STC_OK;
}

static stc_status stc_mf_set_kind(const stc_mf *p, stc_manifest_entry *e, const char *key,
                                  const char *val)
{
    e->stream.kind = stc_gen_stream_kind_name(val);
    if (!e->stream.kind)
        return stc_mf_fail(p, "%s: unknown stream kind '%s' (one of: %s)", key, val,
                           stc_gen_stream_kinds());
    return STC_OK;
}

/* The array size, even, of either type. */
static stc_status stc_mf_set_n(const stc_mf *p, stc_manifest_entry *e, const char *key,
                               const char *val)
{
    unsigned *n = e->type == STC_MANIFEST_VECTOR ? &e->vec.n : &e->stream.n;
    stc_status st = stc_mf_unsigned(p, key, val, STC_VEC_N_MIN, STC_VEC_N_MAX, n);
    if (st == STC_OK && *n % 2 != 0)
        return stc_mf_fail(p, "%s: %s is not even", key, val);
    return st;
}

static stc_status stc_mf_set_seed(const stc_mf *p, stc_manifest_entry *e, const char *key,
                                  const char *val)
{
    uint64_t *seed = e->type == STC_MANIFEST_VECTOR ? &e->vec.seed : &e->stream.seed;
    return stc_mf_uint(p, key, val, 0, UINT64_MAX, seed);
}

static stc_status stc_mf_set_m(const stc_mf *p, stc_manifest_entry *e, const char *key,
                               const char *val)
{
    return stc_mf_unsigned(p, key, val, 1, STC_VEC_M_MAX, &e->vec.m);
}

/* Up to 64 blocks of 2N rows (2:4) at the largest N; whether K is a whole
 * number of the class's blocks is the generator's check. */
static stc_status stc_mf_set_k(const stc_mf *p, stc_manifest_entry *e, const char *key,
                               const char *val)
{
    return stc_mf_unsigned(p, key, val, 1, STC_VEC_NBLK_MAX * 2 * STC_VEC_N_MAX, &e->vec.k);
}

static stc_status stc_mf_set_mode(const stc_mf *p, stc_manifest_entry *e, const char *key,
                                  const char *val)
{
    if (strcmp(val, "dense") == 0)
        e->vec.mode = 0;
    else if (strcmp(val, "2of4") == 0)
        e->vec.mode = 1;
    else
        return stc_mf_fail(p, "%s: '%s' is not dense or 2of4", key, val);
    return STC_OK;
}

static stc_status stc_mf_set_sparsity(const stc_mf *p, stc_manifest_entry *e, const char *key,
                                      const char *val)
{
    return stc_mf_int(p, key, val, 0, 100, &e->vec.sparsity);
}

static stc_status stc_mf_set_a_zeros(const stc_mf *p, stc_manifest_entry *e, const char *key,
                                     const char *val)
{
    return stc_mf_int(p, key, val, 0, 100, &e->vec.a_zeros);
}

static stc_status stc_mf_set_bias(const stc_mf *p, stc_manifest_entry *e, const char *key,
                                  const char *val)
{
    unsigned b = 0;
    stc_status st = stc_mf_unsigned(p, key, val, 0, 1, &b);
    e->vec.bias = b != 0;
    return st;
}

static stc_status stc_mf_set_len(const stc_mf *p, stc_manifest_entry *e, const char *key,
                                 const char *val)
{
    if (e->stream.kind && strcmp(e->stream.kind, "mix") != 0)
        return stc_mf_fail(p, "%s: only a mix stream has a length", key);
    return stc_mf_unsigned(p, key, val, 1, STC_GEN_STREAM_LEN_MAX, &e->stream.len);
}

#define STC_MF_KEYS_MAX 9 /* keys of an entry type, at most */

static const stc_mf_key stc_mf_vector_keys[] = {
    {"class", true, stc_mf_set_class},
    {"n", true, stc_mf_set_n},
    {"m", true, stc_mf_set_m},
    {"k", true, stc_mf_set_k},
    {"seed", true, stc_mf_set_seed},
    {"mode", false, stc_mf_set_mode},
    {"sparsity", false, stc_mf_set_sparsity},
    {"a-zeros", false, stc_mf_set_a_zeros},
    {"bias", false, stc_mf_set_bias},
    {NULL, false, NULL},
};

/* A line may give len before kind, so stc_mf_complete checks len's kind
 * again once the line is read. */
static const stc_mf_key stc_mf_stream_keys[] = {
    {"kind", true, stc_mf_set_kind}, {"n", true, stc_mf_set_n}, {"seed", true, stc_mf_set_seed},
    {"len", false, stc_mf_set_len},  {NULL, false, NULL},
};
_Static_assert(sizeof stc_mf_vector_keys / sizeof stc_mf_vector_keys[0] <= STC_MF_KEYS_MAX + 1 &&
                   sizeof stc_mf_stream_keys / sizeof stc_mf_stream_keys[0] <= STC_MF_KEYS_MAX + 1,
               "seen[] of stc_mf_parse_line holds every key");

typedef struct stc_mf_type {
    const char *word;
    stc_manifest_type type;
    const stc_mf_key *keys;
} stc_mf_type;

static const stc_mf_type stc_mf_types[] = {
    {"vector", STC_MANIFEST_VECTOR, stc_mf_vector_keys},
    {"stream", STC_MANIFEST_STREAM, stc_mf_stream_keys},
};

static const stc_mf_type *stc_mf_find_type(const char *word)
{
    for (size_t i = 0; i < sizeof stc_mf_types / sizeof stc_mf_types[0]; i++) {
        if (strcmp(stc_mf_types[i].word, word) == 0)
            return &stc_mf_types[i];
    }
    return NULL;
}

static int stc_mf_find_key(const stc_mf_key *keys, const char *name)
{
    for (int i = 0; keys[i].name; i++) {
        if (strcmp(keys[i].name, name) == 0)
            return i;
    }
    return -1;
}

/* "class n m ..." for messages. */
static void stc_mf_key_list(const stc_mf_key *keys, char *out, size_t outlen)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; keys[i].name && used < outlen; i++) {
        int n = snprintf(out + used, outlen - used, "%s%s", i ? " " : "", keys[i].name);
        used += n > 0 ? (size_t)n : 0;
    }
}

/* ---- lines ------------------------------------------------------------------- */

/* The line's bytes, before anything is split: length, NUL and control
 * characters (tab is a separator; CR is a CR LF file). */
static stc_status stc_mf_check_bytes(const stc_mf *p, const char *text, size_t len)
{
    if (len > STC_MANIFEST_LINE_MAX)
        return stc_mf_fail(p, "line is longer than %d characters", STC_MANIFEST_LINE_MAX);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\r')
            return stc_mf_fail(p, "carriage return in column %zu (lines end with LF only)", i + 1);
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return stc_mf_fail(p, "control character 0x%02x in column %zu", c, i + 1);
    }
    return STC_OK;
}

/* The next blank-separated word of *s, NUL-terminated in place, or NULL. */
static char *stc_mf_word(char **s)
{
    char *w = *s + strspn(*s, " \t");
    if (*w == '\0')
        return NULL;
    char *end = w + strcspn(w, " \t");
    *s = *end ? end + 1 : end;
    *end = '\0';
    return w;
}

/* One KEY=VALUE field into e; seen[] marks the keys given so far. */
static stc_status stc_mf_field(const stc_mf *p, const stc_mf_type *t, char *word, bool *seen,
                               stc_manifest_entry *e)
{
    char *eq = strchr(word, '=');
    char keys[128];
    if (!eq || eq == word)
        return stc_mf_fail(p, "'%s' is not KEY=VALUE", word);
    *eq = '\0';
    const char *val = eq + 1;
    int k = stc_mf_find_key(t->keys, word);
    if (k < 0) {
        stc_mf_key_list(t->keys, keys, sizeof keys);
        return stc_mf_fail(p, "unknown key '%s' in a %s entry (keys: %s)", word, t->word, keys);
    }
    if (seen[k])
        return stc_mf_fail(p, "%s: key given twice", word);
    seen[k] = true;
    if (*val == '\0')
        return stc_mf_fail(p, "%s: no value after '='", word);
    return t->keys[k].set(p, e, word, val);
}

/* The entry's checks that need the whole line: required keys, len after
 * kind, and its file name. */
static stc_status stc_mf_complete(const stc_mf *p, const stc_mf_type *t, const bool *seen,
                                  stc_manifest_entry *e)
{
    for (int i = 0; t->keys[i].name; i++) {
        if (t->keys[i].required && !seen[i])
            return stc_mf_fail(p, "missing key '%s' (a %s entry needs it)", t->keys[i].name,
                               t->word);
    }
    if (e->type == STC_MANIFEST_STREAM) {
        if (e->stream.len && strcmp(e->stream.kind, "mix") != 0)
            return stc_mf_fail(p, "len: only a mix stream has a length");
        stc_gen_stream_name(&e->stream, e->name, sizeof e->name);
    } else {
        stc_gen_name(&e->vec, e->name, sizeof e->name);
    }
    return STC_OK;
}

/* Parses one line (without its LF) into *e; *have says whether it holds an
 * entry (false for a blank or comment line). */
static stc_status stc_mf_parse_line(const stc_mf *p, char *text, stc_manifest_entry *e, bool *have)
{
    bool seen[STC_MF_KEYS_MAX] = {false};
    char *hash = strchr(text, '#');
    if (hash)
        *hash = '\0';
    char *rest = text, *word = stc_mf_word(&rest);
    *have = word != NULL;
    if (!word)
        return STC_OK;
    const stc_mf_type *t = stc_mf_find_type(word);
    if (!t)
        return stc_mf_fail(p, "unknown entry type '%s' (vector or stream)", word);
    memset(e, 0, sizeof *e);
    stc_gen_opts_init(&e->vec);
    e->type = t->type;
    e->line = p->line;
    stc_status st = STC_OK;
    while (st == STC_OK && (word = stc_mf_word(&rest)) != NULL)
        st = stc_mf_field(p, t, word, seen, e);
    if (st == STC_OK)
        st = stc_mf_complete(p, t, seen, e);
    return st;
}

/* ---- the file ---------------------------------------------------------------- */

const stc_manifest_entry *stc_manifest_find(const stc_manifest *mf, const char *name)
{
    for (unsigned i = 0; i < mf->count; i++) {
        if (strcmp(mf->entry[i].name, name) == 0)
            return &mf->entry[i];
    }
    return NULL;
}

/* Appends e unless an earlier entry writes the same file. */
static stc_status stc_mf_add(const stc_mf *p, stc_manifest *mf, unsigned *cap,
                             const stc_manifest_entry *e)
{
    const stc_manifest_entry *dup = stc_manifest_find(mf, e->name);
    if (dup)
        return stc_mf_fail(p, "%s: the same file as line %u", e->name, dup->line);
    if (mf->count == STC_MANIFEST_ENTRIES_MAX)
        return stc_mf_fail(p, "more than %d entries", STC_MANIFEST_ENTRIES_MAX);
    if (mf->count == *cap) {
        unsigned ncap = *cap ? 2 * *cap : 64;
        stc_manifest_entry *n = realloc(mf->entry, ncap * sizeof *n);
        if (!n) {
            stc_errf(p->err, p->errlen, "out of memory");
            return STC_ENOMEM;
        }
        mf->entry = n;
        *cap = ncap;
    }
    mf->entry[mf->count++] = *e;
    return STC_OK;
}

/* One line as getline returned it (len bytes, maybe ending with LF). */
static stc_status stc_mf_line(const stc_mf *p, char *text, size_t len, stc_manifest *mf,
                              unsigned *cap)
{
    stc_manifest_entry e;
    bool have = false;
    if (len > 0 && text[len - 1] == '\n')
        text[--len] = '\0';
    if (strlen(text) != len)
        return stc_mf_fail(p, "NUL byte in column %zu", strlen(text) + 1);
    stc_status st = stc_mf_check_bytes(p, text, len);
    if (st == STC_OK)
        st = stc_mf_parse_line(p, text, &e, &have);
    if (st == STC_OK && have)
        st = stc_mf_add(p, mf, cap, &e);
    return st;
}

static stc_status stc_mf_read_lines(FILE *f, stc_mf *p, stc_manifest *mf)
{
    char *buf = NULL;
    size_t bufcap = 0;
    unsigned cap = 0;
    ssize_t n;
    stc_status st = STC_OK;
    errno = 0;
    while (st == STC_OK && (n = getline(&buf, &bufcap, f)) >= 0) {
        p->line++;
        st = stc_mf_line(p, buf, (size_t)n, mf, &cap);
    }
    if (st == STC_OK && ferror(f)) {
        stc_errf(p->err, p->errlen, "%s: cannot read: %s", p->path, strerror(errno));
        st = STC_EIO;
    }
    free(buf);
    return st;
}

void stc_manifest_free(stc_manifest *mf)
{
    free(mf->path);
    free(mf->entry);
    memset(mf, 0, sizeof *mf);
}

stc_status stc_manifest_read(const char *path, stc_manifest *mf, char *err, size_t errlen)
{
    stc_mf p = {path, 0, err, errlen};
    memset(mf, 0, sizeof *mf);
    FILE *f = fopen(path, "r");
    if (!f) {
        stc_errf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return STC_EIO;
    }
    stc_status st = STC_OK;
    mf->path = strdup(path);
    if (!mf->path) {
        stc_errf(err, errlen, "out of memory");
        st = STC_ENOMEM;
    }
    if (st == STC_OK)
        st = stc_mf_read_lines(f, &p, mf);
    fclose(f);
    if (st == STC_OK && mf->count == 0) {
        stc_errf(err, errlen, "%s: no entries (a regression set of no files)", path);
        st = STC_EFORMAT;
    }
    if (st != STC_OK)
        stc_manifest_free(mf);
    return st;
}
