// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_layer.c - the binary layer file reader (vectors/stc_layer.c): a
 * small 2:4 layer cut into commands as analysis/accuracy/tilecmd.py cuts
 * it (batches of m_max rows, then N-column tiles; the tile's W
 * compressed, its skip bits, bias and C), every kind of bad file refused
 * naming the file and the offset or header field, and a command on the
 * golden model alone under the host (stc_step_run_model, stc_gemm's
 * run): its counters, and a wrong element of C named by its position.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scratch.h"
#include "stc_gen.h"
#include "stc_layer.h"
#include "stc_step.h"
#include "stc_vec.h"

/* The layer: N = 4, 2:4, M = 5, K = 16 (two K-blocks of 8), out = 8 (two
 * tiles), bias, m_max = 2: three batches (2, 2, 1 rows), six commands. */
enum { TL_N = 4, TL_M = 5, TL_K = 16, TL_OUT = 8, TL_M_MAX = 2 };
#define TL_W_AT (40 + TL_M * TL_K)
#define TL_BIAS_AT (TL_W_AT + TL_K * TL_OUT)
#define TL_C_AT (TL_BIAS_AT + 4 * TL_OUT)
#define TL_SIZE (TL_C_AT + 4 * TL_M * TL_OUT)

typedef struct tl_layer {
    int8_t a[TL_M][TL_K], w[TL_K][TL_OUT];
    int32_t bias[TL_OUT], c[TL_M][TL_OUT];
    unsigned char bytes[TL_SIZE];
} tl_layer;

static void tl_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* A, a 2:4 W (positions 1 and 2 of every group kept, K-block 1 of tile 0
 * all zero), a bias that makes C wrap, C, and the file's bytes. */
static void tl_make(tl_layer *l)
{
    memset(l, 0, sizeof *l);
    for (int m = 0; m < TL_M; m++)
        for (int k = 0; k < TL_K; k++)
            l->a[m][k] = (int8_t)((m * 37 + k * 11) % 256 - 128);
    for (int k = 0; k < TL_K; k++)
        for (int o = 0; o < TL_OUT; o++)
            if ((k % 4 == 1 || k % 4 == 2) && !(k >= 8 && o < TL_N))
                l->w[k][o] = (int8_t)((k * 13 + o * 7) % 255 - 127);
    for (int o = 0; o < TL_OUT; o++)
        l->bias[o] = o % 2 ? INT32_MAX - o : INT32_MIN + o;
    for (int m = 0; m < TL_M; m++)
        for (int o = 0; o < TL_OUT; o++) {
            uint32_t acc = (uint32_t)l->bias[o];
            for (int k = 0; k < TL_K; k++)
                acc += (uint32_t)(l->a[m][k] * l->w[k][o]);
            l->c[m][o] = (int32_t)acc;
        }
    unsigned char *b = l->bytes;
    memcpy(b, "STCGEMM1", 8);
    uint32_t head[8] = {TL_N, 1, TL_M, TL_K, TL_OUT, 1, TL_M_MAX, 0};
    for (int i = 0; i < 8; i++)
        tl_u32(b + 8 + 4 * i, head[i]);
    memcpy(b + 40, l->a, sizeof l->a);
    memcpy(b + TL_W_AT, l->w, sizeof l->w);
    for (int o = 0; o < TL_OUT; o++)
        tl_u32(b + TL_BIAS_AT + 4 * o, (uint32_t)l->bias[o]);
    for (int m = 0; m < TL_M; m++)
        for (int o = 0; o < TL_OUT; o++)
            tl_u32(b + TL_C_AT + 4 * (m * TL_OUT + o), (uint32_t)l->c[m][o]);
}

/* Writes len bytes to dir/name (path receives it) and reads it back. */
static stc_status tl_read(const char *dir, const char *name, const unsigned char *bytes, size_t len,
                          char *path, stc_layer *l, char *err, size_t errlen)
{
    snprintf(path, 512, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "%s", path);
    cr_assert_eq(fwrite(bytes, 1, len, f), len);
    cr_assert_eq(fclose(f), 0);
    return stc_layer_read(path, l, err, errlen);
}

Test(layer, commands_cut_in_batches_then_tiles)
{
    static tl_layer t;
    char dir[256], path[512], err[512];
    stc_layer l;
    tl_make(&t);
    tu_tmpdir(dir, sizeof dir, "layer");
    cr_assert_eq(tl_read(dir, "l.bin", t.bytes, TL_SIZE, path, &l, err, sizeof err), STC_OK, "%s",
                 err);
    cr_assert_eq(stc_layer_ncmd(&l), 6);
    for (uint64_t i = 0; i < 6; i++) {
        stc_vec v;
        int8_t wd[TL_K * TL_N];
        stc_layer_span s = stc_layer_span_of(&l, i);
        cr_assert_eq(s.row0, (unsigned)(i / 2) * TL_M_MAX);
        cr_assert_eq(s.rows, i < 4 ? 2u : 1u);
        cr_assert_eq(s.col0, (unsigned)(i % 2) * TL_N);
        cr_assert_eq(stc_layer_command(&l, i, &v), STC_OK);
        cr_assert_str_eq(v.cls, STC_LAYER_CLASS);
        cr_assert(v.mode24 && v.has_bias && v.n == TL_N && v.k == TL_K && v.m == s.rows);
        cr_assert_eq(v.skip, s.col0 == 0 ? 0x2u : 0u, "command %u", (unsigned)i);
        cr_assert_eq(stc_vec_validate(&v, err, sizeof err), STC_OK, "%s", err);
        cr_assert_eq(stc_vec_check_expected(&v, err, sizeof err), STC_OK, "%s", err);
        cr_assert_eq(stc_vec_dense_w(&v, wd, err, sizeof err), STC_OK);
        for (unsigned k = 0; k < TL_K; k++)
            for (unsigned c = 0; c < TL_N; c++)
                cr_assert_eq(wd[k * TL_N + c], t.w[k][s.col0 + c]);
        for (unsigned r = 0; r < s.rows; r++) {
            cr_assert_eq(memcmp(v.a + r * TL_K, t.a[s.row0 + r], TL_K), 0);
            for (unsigned c = 0; c < TL_N; c++) {
                cr_assert_eq(v.bias[r * TL_N + c], t.bias[s.col0 + c]);
                cr_assert_eq(v.c[r * TL_N + c], t.c[s.row0 + r][s.col0 + c]);
            }
        }
        stc_vec_free(&v);
    }
    stc_vec v;
    cr_assert_eq(stc_layer_command(&l, 6, &v), STC_EPARAM);
    stc_layer_free(&l);
    tu_rmdir(dir);
}

/* The header's uint32 field at byte off set to val: refused with want in
 * the message. */
static void tl_bad_field(const char *dir, unsigned off, uint32_t val, const char *want)
{
    static tl_layer t;
    char path[512], err[512];
    stc_layer l;
    tl_make(&t);
    tl_u32(t.bytes + off, val);
    cr_assert_eq(tl_read(dir, "f.bin", t.bytes, TL_SIZE, path, &l, err, sizeof err), STC_EFORMAT,
                 "%s", want);
    cr_assert_not_null(strstr(err, want), "'%s' lacks '%s'", err, want);
    cr_assert_eq(strncmp(err, path, strlen(path)), 0, "%s", err);
}

Test(layer, bad_header_fields_named)
{
    char dir[256];
    tu_tmpdir(dir, sizeof dir, "layerhdr");
    tl_bad_field(dir, 8, 5, ": header field n = 5: not an array size");
    tl_bad_field(dir, 12, 2, ": header field mode = 2: 0 (dense) or 1 (2:4)");
    tl_bad_field(dir, 16, 0, ": header field m = 0: ");
    tl_bad_field(dir, 20, 12, ": header field k = 12: not a positive multiple of the 2:4 K-block");
    tl_bad_field(dir, 20, 8 * 65, ": header field k = 520: 65 K-blocks of 8 rows");
    tl_bad_field(dir, 24, 6, ": header field out = 6: not a positive multiple of N = 4");
    tl_bad_field(dir, 28, 2, ": header field has_bias = 2: 0 or 1");
    tl_bad_field(dir, 32, 0, ": header field m_max = 0: ");
    tl_bad_field(dir, 32, 1025, ": header field m_max = 1025: ");
    tl_bad_field(dir, 36, 1, ": header field reserved = 1: must be 0");
    tl_bad_field(dir, 16, 0xffffffffu, ": offset 440: the file ends here");
    tu_rmdir(dir);
}

Test(layer, bad_bytes_named_by_offset)
{
    static tl_layer t;
    char dir[256], path[512], err[512], want[600];
    stc_layer l;
    tu_tmpdir(dir, sizeof dir, "layerbytes");
    tl_make(&t);
    cr_assert_eq(tl_read(dir, "short.bin", t.bytes, TL_SIZE - 1, path, &l, err, sizeof err),
                 STC_EFORMAT);
    snprintf(want, sizeof want, "%s: offset %d: the file ends here", path, TL_SIZE - 1);
    cr_assert_eq(strncmp(err, want, strlen(want)), 0, "%s", err);
    cr_assert_eq(tl_read(dir, "hdr.bin", t.bytes, 39, path, &l, err, sizeof err), STC_EFORMAT);
    cr_assert_not_null(strstr(err, ": offset 39: the file ends inside the 40-byte header"), "%s",
                       err);
    t.bytes[3] = 'X';
    cr_assert_eq(tl_read(dir, "magic.bin", t.bytes, TL_SIZE, path, &l, err, sizeof err),
                 STC_EFORMAT);
    cr_assert_not_null(strstr(err, ": offset 3: bad magic"), "%s", err);
    /* Group 1 of K-block 0 (rows 4..7), column 6: a third nonzero at row 7. */
    tl_make(&t);
    t.bytes[TL_W_AT + 7 * TL_OUT + 6] = 3;
    cr_assert_eq(tl_read(dir, "g.bin", t.bytes, TL_SIZE, path, &l, err, sizeof err), STC_ESPARSITY);
    snprintf(want, sizeof want,
             "%s: offset %d: W block 0, group 1, column 6 (rows 4..7): more than two nonzeros",
             path, TL_W_AT + 7 * TL_OUT + 6);
    cr_assert_eq(strncmp(err, want, strlen(want)), 0, "%s", err);
    cr_assert_eq(stc_layer_read("/nonexistent/l.bin", &l, err, sizeof err), STC_EIO);
    cr_assert_not_null(strstr(err, "/nonexistent/l.bin: cannot open"), "%s", err);
    tu_rmdir(dir);
}

/* Command i of l alone on the model, as stc_gemm runs it: the result,
 * and the host's first violation. */
static stc_run_result tl_model_run(const stc_layer *l, uint64_t i, stc_host_violation *first)
{
    stc_vec v;
    stc_stream s = {1, &v};
    stc_step *st;
    stc_run_opts o;
    stc_run_result res;
    stc_params p = {TL_N, STC_VEC_M_MAX, STC_VEC_NBLK_MAX, STC_UARCH_BASE};
    memset(&o, 0, sizeof o);
    o.stim.seed = 1;
    o.check.max_errors = 1;
    cr_assert_eq(stc_layer_command(l, i, &v), STC_OK);
    cr_assert_eq(stc_step_open(&st, &s, &p, &o, STC_STEP_MODEL_IS_DUT), STC_OK);
    cr_assert_eq(stc_step_run_model(st, NULL, NULL), STC_OK);
    *first = stc_step_host(st)->first;
    stc_step_close(st, stc_step_model_probes(st), &res);
    if (res.pass) {
        cr_assert_eq(res.cnt[STC_CNT_CYCLES], stc_gen_cycles(&v), "command %u", (unsigned)i);
        cr_assert_eq(res.cnt[STC_CNT_MACS_ALG], 2u * v.m * 2 * TL_N * TL_N);
        cr_assert_eq(res.cnt[STC_CNT_MACS_ALG], res.cnt[STC_CNT_MACS_ACTUAL] +
                                                    res.cnt[STC_CNT_MACS_GATED] +
                                                    res.cnt[STC_CNT_MACS_SKIPPED]);
    }
    stc_vec_free(&v);
    return res;
}

Test(layer, model_alone_checks_every_element)
{
    static tl_layer t;
    char dir[256], path[512], err[512];
    stc_layer l;
    stc_host_violation first;
    tl_make(&t);
    /* C[3][5]: batch 1 (rows 2..3), tile 1 (columns 4..7): command 3, its
     * row 1, column 1. */
    int32_t good = t.c[3][5];
    tl_u32(t.bytes + TL_C_AT + 4 * (3 * TL_OUT + 5), (uint32_t)good ^ 0x100u);
    tu_tmpdir(dir, sizeof dir, "layermodel");
    cr_assert_eq(tl_read(dir, "l.bin", t.bytes, TL_SIZE, path, &l, err, sizeof err), STC_OK, "%s",
                 err);
    for (uint64_t i = 0; i < 3; i++)
        cr_assert(tl_model_run(&l, i, &first).pass, "command %u", (unsigned)i);
    stc_run_result r = tl_model_run(&l, 3, &first);
    cr_assert(!r.pass && r.result_mismatch && first.result);
    cr_assert_eq(first.row, 1u);
    cr_assert_eq(first.col, 1u);
    cr_assert_eq(first.got, good);
    cr_assert_eq(first.want, (int32_t)((uint32_t)good ^ 0x100u));
    stc_layer_free(&l);
    tu_rmdir(dir);
}

Test(layer, run_model_takes_only_a_model_run)
{
    stc_vec v;
    stc_stream s = {1, &v};
    stc_step *st;
    stc_run_opts o;
    stc_params p = {TL_N, STC_VEC_M_MAX, STC_VEC_NBLK_MAX, STC_UARCH_BASE};
    char err[512];
    stc_gen_opts g;
    stc_gen_opts_init(&g);
    g.cls = "dense";
    g.n = TL_N;
    g.m = 3;
    g.k = 8;
    g.seed = 1;
    cr_assert_eq(stc_gen_vector(&g, &v, err, sizeof err), STC_OK, "%s", err);
    memset(&o, 0, sizeof o);
    o.check.bare = true;
    cr_assert_eq(stc_step_open(&st, &s, &p, &o, STC_STEP_BARE), STC_OK);
    cr_assert_null(stc_step_model_probes(st));
    cr_assert_eq(stc_step_run_model(st, NULL, NULL), STC_EPARAM);
    stc_step_close(st, NULL, NULL);
    stc_vec_free(&v);
}
