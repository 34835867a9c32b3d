// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_vec.c - reader, validator and atomic writer of STC vector files
 * (docs/vector-format.md, version 1).
 *
 * The reader loads the whole file into memory and walks it line by line
 * with explicit lengths, so there is no line-length limit and a NUL byte is
 * just another bad character. Every error names path and line.
 */
#include "stc_vec.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stc_meta.h"
#include "stc_out.h"
#include "stc_ref.h"

/* ---- shape helpers ------------------------------------------------------ */

unsigned stc_vec_kd(const stc_vec *v)
{
    return v->mode24 ? 2 * v->n : v->n;
}

unsigned stc_vec_nblk(const stc_vec *v)
{
    unsigned kd = stc_vec_kd(v);
    return kd ? v->k / kd : 0;
}

/* Rows of the stored W section: kept rows in 2:4 mode. */
static unsigned stc_vec_w_rows(const stc_vec *v)
{
    return v->mode24 ? v->k / 2 : v->k;
}

uint64_t stc_vec_skip_mask(unsigned nblk)
{
    return nblk >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << nblk) - 1);
}

static bool stc_vec_blk_skipped(const stc_vec *v, unsigned b)
{
    return b < 64 && ((v->skip >> b) & 1u);
}

static bool stc_vec_class_ok(const char *cls)
{
    size_t len = strnlen(cls, STC_VEC_CLASS_MAX);
    if (len == 0 || len >= STC_VEC_CLASS_MAX)
        return false;
    for (size_t i = 0; i < len; i++) {
        char c = cls[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
            return false;
    }
    return true;
}

/* Header ranges of the format, shared by the reader, validator and alloc. */
static stc_status stc_vec_shape_check(const stc_vec *v, char *err, size_t errlen)
{
    if (v->n < STC_VEC_N_MIN || v->n > STC_VEC_N_MAX || v->n % 2 != 0) {
        stc_errf(err, errlen, "n = %u: must be even, %d..%d", v->n, STC_VEC_N_MIN, STC_VEC_N_MAX);
        return STC_EFORMAT;
    }
    if (v->m < 1 || v->m > STC_VEC_M_MAX) {
        stc_errf(err, errlen, "m = %u: must be 1..%d", v->m, STC_VEC_M_MAX);
        return STC_EFORMAT;
    }
    unsigned kd = stc_vec_kd(v);
    if (v->k == 0 || v->k % kd != 0) {
        stc_errf(err, errlen, "k = %u: must be a positive multiple of kd = %u", v->k, kd);
        return STC_EFORMAT;
    }
    if (v->k / kd > STC_VEC_NBLK_MAX) {
        stc_errf(err, errlen, "k = %u: %u blocks of %u rows, at most %d allowed", v->k, v->k / kd,
                 kd, STC_VEC_NBLK_MAX);
        return STC_EFORMAT;
    }
    if (v->skip & ~stc_vec_skip_mask(stc_vec_nblk(v))) {
        stc_errf(err, errlen, "skip = 0x%016" PRIx64 ": bits at or above nblk = %u must be 0",
                 v->skip, stc_vec_nblk(v));
        return STC_EFORMAT;
    }
    return STC_OK;
}

/* ---- allocation ---------------------------------------------------------- */

stc_status stc_vec_alloc(stc_vec *v)
{
    if (stc_vec_shape_check(v, NULL, 0) != STC_OK)
        return STC_EPARAM;
    size_t mn = (size_t)v->m * v->n;
    v->a = calloc((size_t)v->m * v->k, 1);
    v->w = calloc((size_t)stc_vec_w_rows(v) * v->n, 1);
    v->meta = v->mode24 ? calloc((size_t)stc_vec_nblk(v) * v->n, sizeof *v->meta) : NULL;
    v->bias = v->has_bias ? calloc(mn, sizeof *v->bias) : NULL;
    v->c = calloc(mn, sizeof *v->c);
    if (!v->a || !v->w || (v->mode24 && !v->meta) || (v->has_bias && !v->bias) || !v->c) {
        stc_vec_free(v);
        return STC_ENOMEM;
    }
    return STC_OK;
}

void stc_vec_free(stc_vec *v)
{
    free(v->a);
    free(v->w);
    free(v->meta);
    free(v->bias);
    free(v->c);
    v->a = NULL;
    v->w = NULL;
    v->meta = NULL;
    v->bias = NULL;
    v->c = NULL;
}

/* ---- semantic checks shared by reader and writer ------------------------ */

static stc_status stc_vec_check_meta_word(const stc_vec *v, unsigned b, unsigned col, char *err,
                                          size_t errlen)
{
    uint32_t word = v->meta[(size_t)b * v->n + col];
    unsigned g = 0;
    if (stc_meta_word_check(word, v->n, &g) == STC_OK)
        return STC_OK;
    if (g >= v->n / 2)
        stc_errf(err, errlen,
                 "metadata word 0x%" PRIx32 " of block %u, column %u has bits "
                 "above group %u",
                 word, b, col, v->n / 2 - 1);
    else
        stc_errf(err, errlen, "illegal metadata nibble 0x%x at block %u, column %u, group %u",
                 stc_meta_word_nibble(word, g), b, col, g);
    return STC_EMETA;
}

static stc_status stc_vec_check_w_value(const stc_vec *v, unsigned row, unsigned col, char *err,
                                        size_t errlen)
{
    unsigned b = row / v->n; /* n stored rows per block in both modes */
    int8_t x = v->w[(size_t)row * v->n + col];
    if (x == 0 || !stc_vec_blk_skipped(v, b))
        return STC_OK;
    stc_errf(err, errlen, "nonzero W value %d at W row %u, column %u in skipped block %u", x, row,
             col, b);
    return STC_ESPARSITY;
}

/* A fault must name an illegal code at a position the host will drive: a
 * loaded block's even weight beat, a real column. */
static stc_status stc_vec_check_fault(const stc_vec *v, char *err, size_t errlen)
{
    const stc_fault *f = &v->fault;
    if (!f->on)
        return STC_OK;
    if (!v->mode24) {
        stc_errf(err, errlen, "fault: metadata faults need mode 2:4");
        return STC_EFORMAT;
    }
    if (f->code > 0xf || stc_meta_nibble_legal(f->code)) {
        stc_errf(err, errlen, "fault: code 0x%x is not one of the ten illegal nibbles", f->code);
        return STC_EFORMAT;
    }
    if (f->block >= stc_vec_nblk(v) || stc_vec_blk_skipped(v, f->block)) {
        stc_errf(err, errlen,
                 "fault: block %u is not a loaded block (nblk %u, skip 0x%016" PRIx64 ")", f->block,
                 stc_vec_nblk(v), v->skip);
        return STC_EFORMAT;
    }
    if (f->group >= v->n / 2 || f->col >= v->n) {
        stc_errf(err, errlen, "fault: group %u / column %u outside an N=%u tile (group < %u)",
                 f->group, f->col, v->n, v->n / 2);
        return STC_EFORMAT;
    }
    return STC_OK;
}

stc_status stc_vec_validate(const stc_vec *v, char *err, size_t errlen)
{
    stc_status st = stc_vec_shape_check(v, err, errlen);
    if (st != STC_OK)
        return st;
    if (!stc_vec_class_ok(v->cls)) {
        stc_errf(err, errlen, "class must be 1..%d characters of [a-z0-9-]", STC_VEC_CLASS_MAX - 1);
        return STC_EFORMAT;
    }
    if (!v->a || !v->w || !v->c || (v->mode24 && !v->meta) || (v->has_bias && !v->bias)) {
        stc_errf(err, errlen, "vector buffers not allocated");
        return STC_EPARAM;
    }
    for (unsigned b = 0; v->mode24 && b < stc_vec_nblk(v); b++) {
        for (unsigned col = 0; col < v->n; col++) {
            st = stc_vec_check_meta_word(v, b, col, err, errlen);
            if (st != STC_OK)
                return st;
        }
    }
    for (unsigned row = 0; row < stc_vec_w_rows(v); row++) {
        for (unsigned col = 0; col < v->n; col++) {
            st = stc_vec_check_w_value(v, row, col, err, errlen);
            if (st != STC_OK)
                return st;
        }
    }
    return stc_vec_check_fault(v, err, errlen);
}

stc_status stc_vec_dense_w(const stc_vec *v, int8_t *wdense, char *err, size_t errlen)
{
    if (!v->mode24) {
        memcpy(wdense, v->w, (size_t)v->k * v->n);
        return STC_OK;
    }
    return stc_meta_decompress(v->n, v->k, v->w, v->meta, wdense, NULL, err, errlen);
}

/* Reference C of v into c (m x n). */
static stc_status stc_vec_reference(const stc_vec *v, int32_t *c, char *err, size_t errlen)
{
    int8_t *wd = malloc((size_t)v->k * v->n);
    if (!wd) {
        stc_errf(err, errlen, "out of memory");
        return STC_ENOMEM;
    }
    stc_status st = stc_vec_dense_w(v, wd, err, errlen);
    if (st == STC_OK)
        stc_ref_gemm(v->m, v->n, v->k, v->a, wd, v->has_bias ? v->bias : NULL, c);
    free(wd);
    return st;
}

stc_status stc_vec_fill_expected(stc_vec *v, char *err, size_t errlen)
{
    return stc_vec_reference(v, v->c, err, errlen);
}

stc_status stc_vec_check_expected(const stc_vec *v, char *err, size_t errlen)
{
    int32_t *ref = malloc((size_t)v->m * v->n * sizeof *ref);
    if (!ref) {
        stc_errf(err, errlen, "out of memory");
        return STC_ENOMEM;
    }
    stc_status st = stc_vec_reference(v, ref, err, errlen);
    for (size_t i = 0; st == STC_OK && i < (size_t)v->m * v->n; i++) {
        if (ref[i] != v->c[i]) {
            stc_errf(err, errlen,
                     "C row %zu, column %zu: file has %" PRId32 ", reference gives %" PRId32,
                     i / v->n, i % v->n, v->c[i], ref[i]);
            st = STC_EMISMATCH;
        }
    }
    free(ref);
    return st;
}

stc_status stc_stream_check_expected(const stc_stream *s, const char *path, char *err,
                                     size_t errlen)
{
    char msg[STC_VEC_ERR_MAX];
    /* A command with a fault too: its C is not compared with the tile's
     * rows, but the file's C must still be the reference's result for the
     * legal data it holds (docs/vector-format.md). */
    for (unsigned i = 0; i < s->ncmd; i++) {
        stc_status st = stc_vec_check_expected(&s->cmd[i], msg, sizeof msg);
        if (st == STC_OK)
            continue;
        if (s->ncmd > 1)
            stc_errf(err, errlen, "%s: command %u: the vector's expected result is wrong: %s", path,
                     i, msg);
        else
            stc_errf(err, errlen, "%s: the vector's expected result is wrong: %s", path, msg);
        return st;
    }
    return STC_OK;
}

/* ---- reader: file buffer and lines --------------------------------------- */

typedef struct stc_vp {
    const char *path;
    const char *buf;
    size_t len;
    size_t pos;     /* start of the next unread line */
    unsigned line;  /* 1-based number of the current line, 0 before the first */
    const char *ls; /* current line, without its newline */
    size_t ll;      /* its length */
    char *err;
    size_t errlen;
} stc_vp;

static stc_status stc_vp_fail(stc_vp *p, stc_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static stc_status stc_vp_fail(stc_vp *p, stc_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    stc_verrf_at(p->err, p->errlen, p->path, p->line, fmt, ap);
    va_end(ap);
    return st;
}

stc_status stc_file_load(const char *path, size_t max, void **out, size_t *outlen, char *err,
                         size_t errlen)
{
    struct stat sb;
    FILE *f = fopen(path, "rb");
    if (!f) {
        stc_errf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return STC_EIO;
    }
    /* The size as a first guess, one byte more so that the end is seen
     * without growing (a pipe says 0); past max is refused, not read. */
    size_t cap = 1 << 16;
    if (fstat(fileno(f), &sb) == 0 && sb.st_size > 0)
        cap = (uintmax_t)sb.st_size < max ? (size_t)sb.st_size + 1 : max + 1;
    size_t len = 0;
    char *buf = malloc(cap);
    stc_status st = buf ? STC_OK : STC_ENOMEM;
    while (st == STC_OK) {
        if (len == cap) {
            char *nb = cap > max || cap > SIZE_MAX / 2 ? NULL : realloc(buf, cap * 2);
            if (!nb) {
                st = cap > max ? STC_EFORMAT : STC_ENOMEM;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    if (st == STC_OK && ferror(f))
        st = STC_EIO;
    if (st == STC_OK && len > max)
        st = STC_EFORMAT;
    fclose(f);
    if (st != STC_OK) {
        free(buf);
        if (st == STC_EFORMAT)
            stc_errf(err, errlen, "%s: file larger than the %zu MiB limit", path, max >> 20);
        else
            stc_errf(err, errlen, "%s: %s", path, st == STC_EIO ? "read error" : "out of memory");
        return st;
    }
    *out = buf;
    *outlen = len;
    return STC_OK;
}

/* Advances to the next line; false at end of file (line then counts the
 * position just after the last line, where missing content would be). */
static bool stc_vp_next(stc_vp *p)
{
    p->line++;
    if (p->pos >= p->len) {
        p->ls = p->buf + p->len;
        p->ll = 0;
        return false;
    }
    const char *s = p->buf + p->pos;
    const char *nl = memchr(s, '\n', p->len - p->pos);
    size_t n = nl ? (size_t)(nl - s) : p->len - p->pos;
    p->ls = s;
    p->ll = n;
    p->pos += n + (nl ? 1 : 0);
    return true;
}

static bool stc_is_blank_char(char c)
{
    return c == ' ' || c == '\t';
}

static bool stc_vp_blank(const stc_vp *p)
{
    for (size_t i = 0; i < p->ll; i++) {
        if (!stc_is_blank_char(p->ls[i]))
            return false;
    }
    return true;
}

/* Next line that is not blank; false at end of file. */
static bool stc_vp_next_content(stc_vp *p)
{
    while (stc_vp_next(p)) {
        if (!stc_vp_blank(p))
            return true;
    }
    return false;
}

static bool stc_vp_is_comment(const stc_vp *p)
{
    return p->ll >= 2 && p->ls[0] == '/' && p->ls[1] == '/';
}

/* Printable, bounded copy of untrusted text for messages. */
static void stc_quote(const char *s, size_t n, char *out, size_t outlen)
{
    size_t o = 0, max = 40;
    for (size_t i = 0; i < n && o + 5 < outlen; i++) {
        unsigned char c = (unsigned char)s[i];
        if (i == max) {
            memcpy(out + o, "...", 3);
            o += 3;
            break;
        }
        if (c >= 0x20 && c < 0x7F) {
            out[o++] = (char)c;
        } else {
            snprintf(out + o, outlen - o, "\\x%02x", c);
            o += 4;
        }
    }
    out[o < outlen ? o : outlen - 1] = '\0';
}

/* Splits the current line into at most max whitespace-separated words;
 * returns the number of words found (max + 1 means "more than max"). */
static unsigned stc_vp_words(const stc_vp *p, size_t from, const char **w, size_t *wl, unsigned max)
{
    unsigned nw = 0;
    size_t i = from;
    while (i < p->ll) {
        while (i < p->ll && stc_is_blank_char(p->ls[i]))
            i++;
        if (i == p->ll)
            break;
        size_t s = i;
        while (i < p->ll && !stc_is_blank_char(p->ls[i]))
            i++;
        if (nw == max)
            return max + 1;
        w[nw] = p->ls + s;
        wl[nw] = i - s;
        nw++;
    }
    return nw;
}

static bool stc_word_is(const char *w, size_t wl, const char *lit)
{
    return wl == strlen(lit) && memcmp(w, lit, wl) == 0;
}

/* ---- reader: header -------------------------------------------------------- */

static const char *const stc_vec_keys[] = {"class", "seed", "n", "mode", "m", "k", "skip", "bias"};
enum { STC_VEC_NKEYS = sizeof stc_vec_keys / sizeof stc_vec_keys[0] };

static int stc_vec_key_index(const char *w, size_t wl)
{
    for (int i = 0; i < STC_VEC_NKEYS; i++) {
        if (stc_word_is(w, wl, stc_vec_keys[i]))
            return i;
    }
    return -1;
}

static bool stc_parse_u64(const char *s, size_t n, uint64_t *out)
{
    uint64_t x = 0;
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        unsigned d = (unsigned)(s[i] - '0');
        if (x > (UINT64_MAX - d) / 10)
            return false;
        x = x * 10 + d;
    }
    *out = x;
    return true;
}

/* A hex digit's value plus one, 0 for any other byte: one table load a
 * character, since the data lines (every byte of every vector, a few MB a
 * regression) go through here. */
static const uint8_t stc_hex_plus1[256] = {
    ['0'] = 1,  ['1'] = 2,  ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,  ['6'] = 7,  ['7'] = 8,
    ['8'] = 9,  ['9'] = 10, ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
    ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

static int stc_hex_digit(char c)
{
    return (int)stc_hex_plus1[(unsigned char)c] - 1;
}

/* Decimal value in [lo, hi], or an error naming the key. */
static stc_status stc_vp_uint(stc_vp *p, const char *key, const char *w, size_t wl, uint64_t lo,
                              uint64_t hi, uint64_t *out)
{
    char q[200];
    /* One spelling per number, as the writer's and "// command I": a
     * leading zero would read as octal to a C or shell reader of the
     * same text (docs/vector-format.md, lexical rules). */
    if (wl > 1 && w[0] == '0') {
        stc_quote(w, wl, q, sizeof q);
        return stc_vp_fail(p, STC_EFORMAT,
                           "%s: '%s' has a leading zero (decimal %" PRIu64 "..%" PRIu64 ")", key, q,
                           lo, hi);
    }
    if (!stc_parse_u64(w, wl, out) || *out < lo || *out > hi) {
        stc_quote(w, wl, q, sizeof q);
        return stc_vp_fail(p, STC_EFORMAT, "%s: bad value '%s' (decimal %" PRIu64 "..%" PRIu64 ")",
                           key, q, lo, hi);
    }
    return STC_OK;
}

static stc_status stc_vp_set_class(stc_vp *p, stc_vec *v, const char *w, size_t wl)
{
    char q[200];
    if (wl >= STC_VEC_CLASS_MAX) {
        stc_quote(w, wl, q, sizeof q);
        return stc_vp_fail(p, STC_EFORMAT, "class '%s' longer than %d characters", q,
                           STC_VEC_CLASS_MAX - 1);
    }
    memcpy(v->cls, w, wl);
    v->cls[wl] = '\0';
    if (!stc_vec_class_ok(v->cls)) {
        stc_quote(w, wl, q, sizeof q);
        return stc_vp_fail(p, STC_EFORMAT, "class '%s': only [a-z0-9-] allowed", q);
    }
    return STC_OK;
}

static stc_status stc_vp_set_skip(stc_vp *p, stc_vec *v, const char *w, size_t wl)
{
    char q[200];
    uint64_t x = 0;
    bool ok = wl == 18 && w[0] == '0' && w[1] == 'x';
    for (size_t i = 2; ok && i < wl; i++) {
        int d = stc_hex_digit(w[i]);
        ok = d >= 0;
        x = x << 4 | (uint64_t)(d < 0 ? 0 : d);
    }
    if (!ok) {
        stc_quote(w, wl, q, sizeof q);
        return stc_vp_fail(p, STC_EFORMAT, "skip: bad value '%s' (0x and 16 hex digits)", q);
    }
    v->skip = x;
    return STC_OK;
}

/* Sets one header field; range checks that need other keys come later. */
static stc_status stc_vp_set_key(stc_vp *p, stc_vec *v, int key, const char *w, size_t wl)
{
    uint64_t x = 0;
    stc_status st = STC_OK;
    char q[200];
    switch (key) {
    case 0:
        return stc_vp_set_class(p, v, w, wl);
    case 1:
        return stc_vp_uint(p, "seed", w, wl, 0, UINT64_MAX, &v->seed);
    case 2:
        st = stc_vp_uint(p, "n", w, wl, STC_VEC_N_MIN, STC_VEC_N_MAX, &x);
        if (st == STC_OK && x % 2 != 0)
            return stc_vp_fail(p, STC_EFORMAT, "n = %" PRIu64 ": must be even", x);
        v->n = (unsigned)x;
        return st;
    case 3:
        if (stc_word_is(w, wl, "dense") || stc_word_is(w, wl, "2:4")) {
            v->mode24 = wl == 3;
            return STC_OK;
        }
        stc_quote(w, wl, q, sizeof q);
        return stc_vp_fail(p, STC_EFORMAT, "mode: bad value '%s' (dense or 2:4)", q);
    case 4:
        st = stc_vp_uint(p, "m", w, wl, 1, STC_VEC_M_MAX, &x);
        v->m = (unsigned)x;
        return st;
    case 5:
        st = stc_vp_uint(p, "k", w, wl, 1, 1u << 20, &x);
        v->k = (unsigned)x;
        return st;
    case 6:
        return stc_vp_set_skip(p, v, w, wl);
    default:
        st = stc_vp_uint(p, "bias", w, wl, 0, 1, &x);
        v->has_bias = x == 1;
        return st;
    }
}

/* The first line: "// stc-vector 1" or "// stc-vector 2"; *version set. */
static stc_status stc_vp_magic(stc_vp *p, int *version)
{
    static const char magic[] = "// stc-vector ";
    char q[200];
    if (!stc_vp_next(p))
        return stc_vp_fail(p, STC_EFORMAT, "empty file, expected '%s1' or '%s2'", magic, magic);
    for (int ver = STC_VEC_VERSION; ver <= STC_STREAM_VERSION; ver++) {
        char want[32];
        snprintf(want, sizeof want, "%s%d", magic, ver);
        if (stc_word_is(p->ls, p->ll, want)) {
            *version = ver;
            return STC_OK;
        }
    }
    if (p->ll > 0 && p->ls[p->ll - 1] == '\r')
        return stc_vp_fail(p, STC_EFORMAT, "CR LF line ending: vector files use LF only");
    stc_quote(p->ls, p->ll, q, sizeof q);
    if (p->ll > 14 && memcmp(p->ls, magic, 14) == 0)
        return stc_vp_fail(p, STC_EFORMAT, "unsupported format version in '%s' (1 and 2 are)", q);
    return stc_vp_fail(p, STC_EFORMAT, "bad magic '%s', expected '%s1' or '%s2'", q, magic, magic);
}

/* One "// key value" line, expected to be key number want. */
static stc_status stc_vp_header_line(stc_vp *p, stc_vec *v, int want)
{
    const char *w[3];
    size_t wl[3];
    char q[200];
    if (!stc_vp_next_content(p))
        return stc_vp_fail(p, STC_EFORMAT, "unexpected end of file, expected header key '%s'",
                           stc_vec_keys[want]);
    unsigned nw = stc_vp_is_comment(p) ? stc_vp_words(p, 2, w, wl, 2) : 0;
    if (nw >= 1 && stc_word_is(w[0], wl[0], "section"))
        return stc_vp_fail(p, STC_EFORMAT, "missing header key '%s'", stc_vec_keys[want]);
    if (nw != 2 || p->ls[2] != ' ') {
        stc_quote(p->ls, p->ll, q, sizeof q);
        return stc_vp_fail(p, STC_EFORMAT, "expected '// %s VALUE', got '%s'", stc_vec_keys[want],
                           q);
    }
    /* The spec's form exactly: one space after "//", one between key and
     * value, nothing after the value (no tabs, no doubled or trailing
     * blanks). */
    if (w[0] != p->ls + 3 || w[1] != w[0] + wl[0] + 1 || w[0][wl[0]] != ' ' ||
        w[1] + wl[1] != p->ls + p->ll) {
        stc_quote(p->ls, p->ll, q, sizeof q);
        return stc_vp_fail(p, STC_EFORMAT,
                           "header line '%s' is not exactly '// KEY VALUE' (single spaces, no "
                           "tabs or trailing blanks)",
                           q);
    }
    int key = stc_vec_key_index(w[0], wl[0]);
    if (key != want) {
        stc_quote(w[0], wl[0], q, sizeof q);
        if (key < 0)
            return stc_vp_fail(p, STC_EFORMAT, "unknown header key '%s'", q);
        if (key > want)
            return stc_vp_fail(p, STC_EFORMAT, "missing header key '%s' (found '%s')",
                               stc_vec_keys[want], q);
        return stc_vp_fail(p, STC_EFORMAT, "header key '%s' duplicated or out of order", q);
    }
    return stc_vp_set_key(p, v, key, w[1], wl[1]);
}

/* The eight keys of one command's header; n must equal want_n unless 0. */
static stc_status stc_vp_keys(stc_vp *p, stc_vec *v, unsigned want_n)
{
    stc_status st = STC_OK;
    for (int key = 0; st == STC_OK && key < STC_VEC_NKEYS; key++) {
        st = stc_vp_header_line(p, v, key);
        if (st == STC_OK && key == 2 && want_n && v->n != want_n)
            return stc_vp_fail(p, STC_EFORMAT, "n = %u differs from command 0's n = %u", v->n,
                               want_n);
        /* k and skip are checked against the keys before them as soon as
         * they are read, so the error points at their own line. */
        if (st == STC_OK && (key == 5 || key == 6)) {
            char msg[STC_VEC_ERR_MAX];
            if (key == 5)
                v->skip = 0;
            st = stc_vec_shape_check(v, msg, sizeof msg);
            if (st != STC_OK)
                return stc_vp_fail(p, st, "%s", msg);
        }
    }
    return st;
}

/* The next content line must be exactly lit; false otherwise (p stays on
 * the line, for the caller's message). */
static bool stc_vp_literal(stc_vp *p, const char *lit)
{
    return stc_vp_next_content(p) && stc_word_is(p->ls, p->ll, lit);
}

static stc_status stc_vp_expected(stc_vp *p, const char *lit)
{
    char q[200];
    if (p->pos >= p->len && p->ll == 0)
        return stc_vp_fail(p, STC_EFORMAT, "unexpected end of file, expected '%s'", lit);
    stc_quote(p->ls, p->ll, q, sizeof q);
    return stc_vp_fail(p, STC_EFORMAT, "expected '%s', got '%s'", lit, q);
}

/* Value of a "// key N" line with a decimal in [lo, hi]. */
static stc_status stc_vp_counted(stc_vp *p, const char *key, uint64_t lo, uint64_t hi, uint64_t *x)
{
    const char *w[3];
    size_t wl[3];
    char want[64];
    snprintf(want, sizeof want, "// %s N", key);
    if (!stc_vp_next_content(p))
        return stc_vp_expected(p, want);
    unsigned nw = stc_vp_is_comment(p) ? stc_vp_words(p, 2, w, wl, 2) : 0;
    if (nw != 2 || p->ls[2] != ' ' || w[0] != p->ls + 3 || !stc_word_is(w[0], wl[0], key) ||
        w[1] != w[0] + wl[0] + 1 || w[0][wl[0]] != ' ' || w[1] + wl[1] != p->ls + p->ll)
        return stc_vp_expected(p, want);
    return stc_vp_uint(p, key, w[1], wl[1], lo, hi, x);
}

/* "// fault none" or "// fault code=0xC block=B group=G column=L". */
static stc_status stc_vp_fault(stc_vp *p, stc_vec *v)
{
    static const char form[] = "// fault none' or '// fault code=0xC block=B group=G column=L";
    char line[128];
    unsigned code, blk, grp, col;
    int used = -1;
    if (!stc_vp_next_content(p))
        return stc_vp_expected(p, form);
    if (stc_word_is(p->ls, p->ll, "// fault none"))
        return STC_OK;
    if (p->ll >= sizeof line)
        return stc_vp_expected(p, form);
    memcpy(line, p->ls, p->ll);
    line[p->ll] = '\0';
    /* sscanf is lenient about blanks and signs: the line is accepted only
     * if printing the parsed values gives it back byte for byte. */
    if (sscanf(line, "// fault code=0x%1x block=%2u group=%1u column=%2u%n", &code, &blk, &grp,
               &col, &used) != 4 ||
        used != (int)p->ll)
        return stc_vp_expected(p, form);
    char again[128];
    snprintf(again, sizeof again, "// fault code=0x%x block=%u group=%u column=%u", code, blk, grp,
             col);
    if (strcmp(again, line) != 0)
        return stc_vp_expected(p, form);
    v->fault = (stc_fault){true, code, blk, grp, col};
    return STC_OK;
}

/* ---- reader: sections ---------------------------------------------------- */

enum stc_sec_kind { STC_SEC_A, STC_SEC_W, STC_SEC_META, STC_SEC_BIAS, STC_SEC_C };

static const char *const stc_sec_names[] = {"A", "W", "META", "BIAS", "C"};

typedef struct stc_sec {
    enum stc_sec_kind kind;
    unsigned lines, tokens, width; /* width in hex digits */
} stc_sec;

static int8_t stc_i8(uint32_t u)
{
    return u < 128 ? (int8_t)u : (int8_t)((int)u - 256);
}

/* Stores token (row, col) of a section and runs the checks that belong to
 * a single value: metadata legality, zero W in skipped blocks. */
static stc_status stc_vp_store(stc_vp *p, stc_vec *v, const stc_sec *s, unsigned row, unsigned col,
                               uint32_t x)
{
    char msg[STC_VEC_ERR_MAX];
    stc_status st = STC_OK;
    size_t i = (size_t)row * s->tokens + col;
    switch (s->kind) {
    case STC_SEC_A:
        v->a[i] = stc_i8(x);
        break;
    case STC_SEC_W:
        v->w[i] = stc_i8(x);
        st = stc_vec_check_w_value(v, row, col, msg, sizeof msg);
        break;
    case STC_SEC_META:
        v->meta[i] = x;
        st = stc_vec_check_meta_word(v, row, col, msg, sizeof msg);
        break;
    case STC_SEC_BIAS:
        v->bias[i] = stc_ref_wrap32(x);
        break;
    case STC_SEC_C:
        v->c[i] = stc_ref_wrap32(x);
        break;
    }
    return st == STC_OK ? STC_OK : stc_vp_fail(p, st, "%s", msg);
}

/* Parses the hex token at t (up to the next blank or the room left on the
 * line) in one pass, since every byte of every vector comes through here;
 * it must be all hex digits of the section's width. Sets *tl to its length;
 * reports its column. */
static stc_status stc_vp_token(stc_vp *p, const stc_sec *s, unsigned col, const char *t,
                               size_t room, uint32_t *out, size_t *tl)
{
    char q[200];
    size_t column = (size_t)(t - p->ls) + 1;
    uint32_t x = 0;
    size_t i = 0;
    for (; i < room && !stc_is_blank_char(t[i]); i++) {
        int d = stc_hex_digit(t[i]);
        if (d < 0) {
            stc_quote(t + i, 1, q, sizeof q);
            return stc_vp_fail(p, STC_EFORMAT,
                               "section %s, token %u (column %zu): non-hex character '%s'",
                               stc_sec_names[s->kind], col + 1, column + i, q);
        }
        x = x << 4 | (uint32_t)d;
    }
    *tl = i;
    if (i != s->width) {
        stc_quote(t, i, q, sizeof q);
        return stc_vp_fail(p, STC_EFORMAT,
                           "section %s, token %u (column %zu): '%s' has %zu hex digits, "
                           "expected %u",
                           stc_sec_names[s->kind], col + 1, column, q, i, s->width);
    }
    *out = x;
    return STC_OK;
}

/* An A line as the generator writes it: its bytes as two hex digits each,
 * one space between them and nothing else. Decodes it into row `row` of A
 * and says so, or says no: a line with any other spacing, or with a bad
 * token, goes to the general loop below, which parses the whole row again
 * and reports it. A is nearly every byte of a vector (M x K
 * tokens against K x N of W), and this takes a third of the instructions
 * of the general loop. */
static bool stc_vp_a_line_plain(const stc_vp *p, stc_vec *v, const stc_sec *s, unsigned row)
{
    const unsigned char *t = (const unsigned char *)p->ls;
    int8_t *dst = v->a + (size_t)row * s->tokens;
    if (s->width != 2 || p->ll != 3 * (size_t)s->tokens - 1)
        return false;
    for (unsigned c = 0; c < s->tokens; c++, t += 3) {
        unsigned hi = stc_hex_plus1[t[0]], lo = stc_hex_plus1[t[1]];
        if (hi == 0 || lo == 0 || (c + 1 < s->tokens && t[2] != ' '))
            return false;
        dst[c] = stc_i8((hi - 1) << 4 | (lo - 1));
    }
    return true;
}

static stc_status stc_vp_data_line(stc_vp *p, stc_vec *v, const stc_sec *s, unsigned row)
{
    unsigned col = 0;
    if (s->kind == STC_SEC_A && stc_vp_a_line_plain(p, v, s, row))
        return STC_OK;
    size_t i = 0;
    while (i < p->ll) {
        while (i < p->ll && stc_is_blank_char(p->ls[i]))
            i++;
        if (i == p->ll)
            break;
        if (col == s->tokens)
            return stc_vp_fail(p, STC_EFORMAT,
                               "section %s: too many tokens (expected %u, extra at column %zu)",
                               stc_sec_names[s->kind], s->tokens, i + 1);
        uint32_t x = 0;
        size_t tl = 0;
        stc_status st = stc_vp_token(p, s, col, p->ls + i, p->ll - i, &x, &tl);
        i += tl;
        if (st == STC_OK)
            st = stc_vp_store(p, v, s, row, col, x);
        if (st != STC_OK)
            return st;
        col++;
    }
    if (col < s->tokens)
        return stc_vp_fail(p, STC_EFORMAT, "section %s: too few tokens (got %u, expected %u)",
                           stc_sec_names[s->kind], col, s->tokens);
    return STC_OK;
}

/* Name of the section a "// section NAME" line announces, or -1. */
static int stc_vp_section_name(const stc_vp *p, const char **name, size_t *nl)
{
    const char *w[3];
    size_t wl[3];
    if (!stc_vp_is_comment(p))
        return -1;
    unsigned nw = stc_vp_words(p, 2, w, wl, 2);
    if (nw != 2 || !stc_word_is(w[0], wl[0], "section"))
        return -1;
    *name = w[1];
    *nl = wl[1];
    for (int i = 0; i < 5; i++) {
        if (stc_word_is(w[1], wl[1], stc_sec_names[i]))
            return i;
    }
    return 5; /* a section line, but not a known name */
}

static stc_status stc_vp_section_head(stc_vp *p, const stc_sec *s)
{
    const char *name = NULL;
    size_t nl = 0;
    char q[200];
    const char *want = stc_sec_names[s->kind];
    if (!stc_vp_next_content(p))
        return stc_vp_fail(p, STC_EFORMAT, "unexpected end of file, expected '// section %s'",
                           want);
    int k = stc_vp_section_name(p, &name, &nl);
    if (k >= 0 && !(memcmp(p->ls, "// section ", 11) == 0 && name == p->ls + 11 &&
                    name + nl == p->ls + p->ll)) {
        stc_quote(p->ls, p->ll, q, sizeof q);
        return stc_vp_fail(p, STC_EFORMAT,
                           "section line '%s' is not exactly '// section NAME' (single spaces, no "
                           "tabs or trailing blanks)",
                           q);
    }
    if (k == (int)s->kind)
        return STC_OK;
    if (k == 5) {
        stc_quote(name, nl, q, sizeof q);
        return stc_vp_fail(p, STC_EFORMAT, "unknown section '%s', expected '%s'", q, want);
    }
    if (k >= 0)
        return stc_vp_fail(p, STC_EFORMAT, "missing section %s (found section %s)", want,
                           stc_sec_names[k]);
    if (stc_word_is(p->ls, p->ll, "// end"))
        return stc_vp_fail(p, STC_EFORMAT, "missing section %s before '// end'", want);
    stc_quote(p->ls, p->ll, q, sizeof q);
    return stc_vp_fail(p, STC_EFORMAT, "expected '// section %s', got '%s'", want, q);
}

static stc_status stc_vp_section(stc_vp *p, stc_vec *v, const stc_sec *s, const stc_sec *prev)
{
    stc_status st = stc_vp_section_head(p, s);
    /* A data line where a section head belongs means the previous section
     * ran long: say so instead of "expected section". */
    if (st != STC_OK && prev && !stc_vp_is_comment(p) && p->ll > 0 && !stc_vp_blank(p))
        return stc_vp_fail(p, STC_EFORMAT, "section %s: too many lines (expected %u)",
                           stc_sec_names[prev->kind], prev->lines);
    for (unsigned row = 0; st == STC_OK && row < s->lines; row++) {
        if (!stc_vp_next_content(p))
            return stc_vp_fail(p, STC_EFORMAT,
                               "unexpected end of file in section %s (%u of %u lines)",
                               stc_sec_names[s->kind], row, s->lines);
        if (stc_vp_is_comment(p))
            return stc_vp_fail(p, STC_EFORMAT, "section %s: too few lines (got %u, expected %u)",
                               stc_sec_names[s->kind], row, s->lines);
        st = stc_vp_data_line(p, v, s, row);
    }
    return st;
}

/* The sections this vector must contain, in file order. */
static unsigned stc_vec_sections(const stc_vec *v, stc_sec out[5])
{
    unsigned ns = 0;
    out[ns++] = (stc_sec){STC_SEC_A, v->m, v->k, 2};
    out[ns++] = (stc_sec){STC_SEC_W, stc_vec_w_rows(v), v->n, 2};
    if (v->mode24)
        out[ns++] = (stc_sec){STC_SEC_META, stc_vec_nblk(v), v->n, v->n / 2};
    if (v->has_bias)
        out[ns++] = (stc_sec){STC_SEC_BIAS, v->m, v->n, 8};
    out[ns++] = (stc_sec){STC_SEC_C, v->m, v->n, 8};
    return ns;
}

/* After the last section of a command: the line lit must follow ("// end"
 * or the next "// command I"). */
static stc_status stc_vp_after(stc_vp *p, const stc_sec *last, const char *lit)
{
    if (stc_vp_literal(p, lit))
        return STC_OK;
    if (p->ll > 0 && !stc_vp_is_comment(p))
        return stc_vp_fail(p, STC_EFORMAT, "section %s: too many lines (expected %u)",
                           stc_sec_names[last->kind], last->lines);
    return stc_vp_expected(p, lit);
}

static stc_status stc_vp_trailing(stc_vp *p)
{
    char q[200];
    if (stc_vp_next_content(p)) {
        stc_quote(p->ls, p->ll, q, sizeof q);
        return stc_vp_fail(p, STC_EFORMAT, "trailing content after '// end': '%s'", q);
    }
    return STC_OK;
}

/* Sections of one command, then the line lit. */
static stc_status stc_vp_body(stc_vp *p, stc_vec *v, const char *lit)
{
    stc_sec secs[5];
    unsigned ns = stc_vec_sections(v, secs);
    stc_status st = stc_vec_alloc(v);
    if (st != STC_OK)
        return stc_vp_fail(p, st, "cannot allocate the vector");
    for (unsigned i = 0; st == STC_OK && i < ns; i++)
        st = stc_vp_section(p, v, &secs[i], i > 0 ? &secs[i - 1] : NULL);
    return st == STC_OK ? stc_vp_after(p, &secs[ns - 1], lit) : st;
}

/* Version 1: header keys, sections, "// end". */
static stc_status stc_vp_v1(stc_vp *p, stc_vec *v)
{
    stc_status st = stc_vp_keys(p, v, 0);
    if (st == STC_OK)
        st = stc_vp_body(p, v, "// end");
    return st == STC_OK ? stc_vp_trailing(p) : st;
}

/* One command of a version-2 stream, after its "// command I" line. */
static stc_status stc_vp_command(stc_vp *p, stc_stream *s, unsigned i)
{
    char next[48], msg[STC_VEC_ERR_MAX];
    stc_vec *v = &s->cmd[i];
    stc_status st = stc_vp_keys(p, v, i > 0 ? s->cmd[0].n : 0);
    if (st == STC_OK)
        st = stc_vp_fault(p, v);
    if (st == STC_OK && stc_vec_check_fault(v, msg, sizeof msg) != STC_OK)
        return stc_vp_fail(p, STC_EFORMAT, "%s", msg);
    if (i + 1 < s->ncmd)
        snprintf(next, sizeof next, "// command %u", i + 1);
    else
        snprintf(next, sizeof next, "// end");
    return st == STC_OK ? stc_vp_body(p, v, next) : st;
}

/* Version 2: "// commands C", then C commands each opened by
 * "// command I", then "// end" (consumed by the last command). */
static stc_status stc_vp_v2(stc_vp *p, stc_stream *s)
{
    uint64_t count = 0;
    stc_status st = stc_vp_counted(p, "commands", 1, STC_STREAM_CMDS_MAX, &count);
    if (st == STC_OK && stc_stream_alloc(s, (unsigned)count) != STC_OK)
        return stc_vp_fail(p, STC_ENOMEM, "cannot allocate %" PRIu64 " commands", count);
    if (st == STC_OK && !stc_vp_literal(p, "// command 0"))
        st = stc_vp_expected(p, "// command 0");
    for (unsigned i = 0; st == STC_OK && i < s->ncmd; i++)
        st = stc_vp_command(p, s, i);
    return st == STC_OK ? stc_vp_trailing(p) : st;
}

/* Reads a whole file: version 1 into one command, version 2 into many. */
static stc_status stc_vp_file(const char *path, stc_stream *s, int max_version, char *err,
                              size_t errlen)
{
    char *buf = NULL;
    size_t len = 0;
    int version = 0;
    memset(s, 0, sizeof *s);
    if (err && errlen > 0)
        err[0] = '\0';
    stc_status st = stc_file_load(path, STC_VEC_FILE_MAX, (void **)&buf, &len, err, errlen);
    if (st != STC_OK)
        return st;
    stc_vp p = {path, buf, len, 0, 0, buf, 0, err, errlen};
    st = stc_vp_magic(&p, &version);
    if (st == STC_OK && version > max_version)
        st = stc_vp_fail(&p, STC_EFORMAT,
                         "a version-%d stream where one command (version 1) is expected", version);
    if (st == STC_OK && version == STC_VEC_VERSION) {
        st = stc_stream_alloc(s, 1);
        if (st == STC_OK)
            st = stc_vp_v1(&p, &s->cmd[0]);
    } else if (st == STC_OK) {
        st = stc_vp_v2(&p, s);
    }
    free(buf);
    if (st != STC_OK)
        stc_stream_free(s);
    return st;
}

stc_status stc_vec_read(const char *path, stc_vec *v, char *err, size_t errlen)
{
    stc_stream s;
    memset(v, 0, sizeof *v);
    stc_status st = stc_vp_file(path, &s, STC_VEC_VERSION, err, errlen);
    if (st != STC_OK)
        return st;
    *v = s.cmd[0];
    free(s.cmd);
    return STC_OK;
}

stc_status stc_stream_read(const char *path, stc_stream *s, char *err, size_t errlen)
{
    return stc_vp_file(path, s, STC_STREAM_VERSION, err, errlen);
}

stc_status stc_stream_alloc(stc_stream *s, unsigned ncmd)
{
    s->cmd = calloc(ncmd ? ncmd : 1, sizeof *s->cmd);
    s->ncmd = s->cmd ? ncmd : 0;
    return s->cmd ? STC_OK : STC_ENOMEM;
}

void stc_stream_free(stc_stream *s)
{
    for (unsigned i = 0; s->cmd && i < s->ncmd; i++)
        stc_vec_free(&s->cmd[i]);
    free(s->cmd);
    s->cmd = NULL;
    s->ncmd = 0;
}

/* ---- writer -------------------------------------------------------------- */

static void stc_emit_i8_rows(FILE *f, const int8_t *x, unsigned rows, unsigned cols)
{
    for (unsigned r = 0; r < rows; r++) {
        for (unsigned c = 0; c < cols; c++)
            fprintf(f, c ? " %02x" : "%02x", (unsigned)(uint8_t)x[(size_t)r * cols + c]);
        fputc('\n', f);
    }
}

static void stc_emit_i32_rows(FILE *f, const int32_t *x, unsigned rows, unsigned cols)
{
    for (unsigned r = 0; r < rows; r++) {
        for (unsigned c = 0; c < cols; c++)
            fprintf(f, c ? " %08" PRIx32 : "%08" PRIx32, (uint32_t)x[(size_t)r * cols + c]);
        fputc('\n', f);
    }
}

static void stc_emit_meta(FILE *f, const stc_vec *v)
{
    int width = (int)(v->n / 2);
    for (unsigned b = 0; b < stc_vec_nblk(v); b++) {
        for (unsigned c = 0; c < v->n; c++)
            fprintf(f, c ? " %0*" PRIx32 : "%0*" PRIx32, width, v->meta[(size_t)b * v->n + c]);
        fputc('\n', f);
    }
}

/* The eight header keys of one command. */
static void stc_emit_keys(FILE *f, const stc_vec *v)
{
    fprintf(f, "// class %s\n// seed %" PRIu64 "\n// n %u\n// mode %s\n", v->cls, v->seed, v->n,
            v->mode24 ? "2:4" : "dense");
    fprintf(f, "// m %u\n// k %u\n// skip 0x%016" PRIx64 "\n// bias %d\n", v->m, v->k, v->skip,
            v->has_bias ? 1 : 0);
}

static void stc_emit_sections(FILE *f, const stc_vec *v)
{
    fputs("// section A\n", f);
    stc_emit_i8_rows(f, v->a, v->m, v->k);
    fputs("// section W\n", f);
    stc_emit_i8_rows(f, v->w, stc_vec_w_rows(v), v->n);
    if (v->mode24) {
        fputs("// section META\n", f);
        stc_emit_meta(f, v);
    }
    if (v->has_bias) {
        fputs("// section BIAS\n", f);
        stc_emit_i32_rows(f, v->bias, v->m, v->n);
    }
    fputs("// section C\n", f);
    stc_emit_i32_rows(f, v->c, v->m, v->n);
}

static void stc_emit_vec(FILE *f, const void *ctx)
{
    const stc_vec *v = ctx;
    fprintf(f, "// stc-vector %d\n", STC_VEC_VERSION);
    stc_emit_keys(f, v);
    stc_emit_sections(f, v);
    fputs("// end\n", f);
}

static void stc_emit_stream(FILE *f, const void *ctx)
{
    const stc_stream *s = ctx;
    fprintf(f, "// stc-vector %d\n// commands %u\n", STC_STREAM_VERSION, s->ncmd);
    for (unsigned i = 0; i < s->ncmd; i++) {
        const stc_vec *v = &s->cmd[i];
        fprintf(f, "// command %u\n", i);
        stc_emit_keys(f, v);
        if (v->fault.on)
            fprintf(f, "// fault code=0x%x block=%u group=%u column=%u\n", v->fault.code,
                    v->fault.block, v->fault.group, v->fault.col);
        else
            fputs("// fault none\n", f);
        stc_emit_sections(f, v);
    }
    fputs("// end\n", f);
}

typedef void (*stc_emit_fn)(FILE *f, const void *ctx);

/* Emits through the project's one atomic writer (common/stc_out.h). */
static stc_status stc_write_atomic(const char *path, stc_emit_fn emit, const void *ctx, char *err,
                                   size_t errlen)
{
    stc_out o;
    stc_status st = stc_out_open(&o, path, err, errlen);
    if (st != STC_OK)
        return st;
    emit(o.f, ctx);
    return stc_out_close(&o, true, err, errlen);
}

stc_status stc_vec_write(const char *path, const stc_vec *v, char *err, size_t errlen)
{
    char msg[STC_VEC_ERR_MAX];
    stc_status st = stc_vec_validate(v, msg, sizeof msg);
    if (st == STC_OK && v->fault.on) {
        snprintf(msg, sizeof msg, "a fault needs a version-2 stream file");
        st = STC_EFORMAT;
    }
    if (st != STC_OK) {
        stc_errf(err, errlen, "%s: refusing to write an invalid vector: %s", path, msg);
        return st;
    }
    return stc_write_atomic(path, stc_emit_vec, v, err, errlen);
}

stc_status stc_stream_write(const char *path, const stc_stream *s, char *err, size_t errlen)
{
    char msg[STC_VEC_ERR_MAX];
    if (s->ncmd < 1 || s->ncmd > STC_STREAM_CMDS_MAX) {
        stc_errf(err, errlen, "%s: refusing to write a stream of %u commands (1..%d)", path,
                 s->ncmd, STC_STREAM_CMDS_MAX);
        return STC_EFORMAT;
    }
    for (unsigned i = 0; i < s->ncmd; i++) {
        stc_status st = stc_vec_validate(&s->cmd[i], msg, sizeof msg);
        if (st == STC_OK && s->cmd[i].n != s->cmd[0].n) {
            snprintf(msg, sizeof msg, "n = %u differs from command 0's", s->cmd[i].n);
            st = STC_EFORMAT;
        }
        if (st != STC_OK) {
            stc_errf(err, errlen, "%s: refusing to write an invalid stream: command %u: %s", path,
                     i, msg);
            return st;
        }
    }
    return stc_write_atomic(path, stc_emit_stream, s, err, errlen);
}
