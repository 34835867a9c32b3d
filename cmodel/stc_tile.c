// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_tile.c - golden cycle-accurate model of the STC tile.
 *
 * Implements docs/architecture.md. The state is split like the RTL:
 *
 *   - the controller (section 4, 7): small, updated by computing a full
 *     next-state copy from the current one (the RTL's _d from _q);
 *   - the PE array and the skew buffer (section 5), laid out so that an
 *     edge copies no grid:
 *       - act_q, v_q and the skew delay lines shift one PE right every
 *         edge, which in a row-major grid is a shift of the whole grid by
 *         one word. Each is a window sliding down a longer buffer
 *         (stc_slide): the shift moves the window's start, and only the
 *         new column 0 is written;
 *       - prod_q and psum_q: two copies; the next is computed from the
 *         current into the other, so no update reads a value already
 *         updated in the same edge;
 *       - pv_q and en_q load v_q and en of the cycle before: the copy of
 *         v_q is written where v_q is read anyway (the gate-enable loop),
 *         and en lives in two buffers, the one written at an edge becoming
 *         en, the other en_q;
 *   - the stationary w_q / idx_q: one copy, written only by the weight
 *     port (base) or by the swap from the shadow ws_q / is_q (dbuf,
 *     section 11); nothing reads their current value during an edge (see
 *     below);
 *   - the accumulator bank: a memory with one write port per column. Each
 *     port reads the entry it writes (read-modify-write of the same row), so
 *     updating it in place is exact, as in the RTL. The clear at a command
 *     transfer only touches the rows written since the last clear, which
 *     gives the same bank as clearing all of it.
 *
 * Two things are caches, not registers, kept only for speed:
 *
 *   - the gate enable en (combinational in the RTL) and the candidate
 *     product w * sel of every PE are computed once, when the array state
 *     they depend on is produced, and reused by probe() and step();
 *   - `live` counts the edges that can still change the array after the
 *     last activation injection. Once it is 0 the array holds only bubbles
 *     and zero partial sums, so its next state equals its current state
 *     (except for weight loads) and the edge skips the array update.
 */
#include "stc_tile.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define N_MAX STC_N_MAX

/*
 * The array's per-edge loops (stc_array_edge, stc_array_comb) are written
 * for the vectoriser: one element type, whole rows (trip counts that are
 * multiples of N_MAX), masks instead of branches. The
 * x86-64 baseline (SSE2) has no per-lane variable shift and no 32-bit
 * multiply, which the 4:1 mux and w * sel need; AVX2 has both and twice
 * the lanes. So on x86-64 the compiler builds these two functions twice,
 * for the baseline and for AVX2, and the loader picks the one this CPU
 * runs (an ifunc): the same C, the same integer results, about 45% fewer
 * instructions in the model's edge at N=16 (docs/performance.md). GCC
 * only: Clang 14 with AFL's coverage pass (make fuzz) aborts on the
 * clones' resolver, and Clang builds here are only the fuzz targets'.
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define STC_HOT_LOOPS __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef STC_HOT_LOOPS
#define STC_HOT_LOOPS
#endif
/* Hand-written AVX2 where the vectoriser does badly (GCC on x86-64). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>
#define STC_AVX2_FLAGS 1
#else
#define STC_AVX2_FLAGS 0
#endif
/* The row loops the edge calls, inlined so that they are built for the
 * edge's target (a call would run the baseline build). */
#if defined(__GNUC__)
#define STC_ROW_LOOP static inline __attribute__((always_inline))
#else
#define STC_ROW_LOOP static inline
#endif

/* Edges a sliding grid moves before its window goes back to the top of
 * its buffer (a copy of 1 KB every 1,024 edges). */
#define STC_SLIDE_ROOM 1024

/*
 * A grid that shifts one element right every edge, flattened: element
 * [r][col] takes [r][col - 1] and [r][0] takes [r - 1][N_MAX - 1] (the
 * caller then writes column 0 of the rows in use). The grid is a window
 * of buf, and the shift moves the window one word down.
 */
typedef struct stc_slide {
    uint32_t (*g)[N_MAX];
    uint32_t buf[STC_SLIDE_ROOM + N_MAX * N_MAX];
} stc_slide;

/*
 * Per-PE registers that move every cycle, the skew buffer and the column
 * bottoms. Flags are kept as 32-bit words (0/1, or 0/~0 masks for en and
 * en_q) so that every loop over the grids has one element type and runs
 * over whole rows of N_MAX, which compilers vectorise. The grids are reached
 * through the pointers, which every edge moves (see the top of the file);
 * the storage behind them is at the end.
 */
typedef struct stc_array {
    uint32_t (*act)[N_MAX];  /* act_q: 4 slots of 8 bits */
    uint32_t (*v)[N_MAX];    /* v_q, 0 or 1 */
    uint32_t (*pv)[N_MAX];   /* pv_q, 0 or 1 */
    uint32_t (*en_q)[N_MAX]; /* en_q, as a mask 0 or ~0 */
    int32_t (*prod)[N_MAX];  /* prod_q (clock-gated) */
    uint32_t (*psum)[N_MAX]; /* psum_q, unsigned so the add wraps */

    /* Skew delay lines d[r][0..r-1]; entries j >= r are scratch, never read. */
    uint32_t (*dact)[N_MAX];
    uint32_t (*dv)[N_MAX];

    bool bot_v[N_MAX]; /* bot_v_q */

    /* Cache of combinational values of this state (not registers). */
    uint32_t (*en)[N_MAX];      /* gate enable, as a mask 0 or ~0 */
    int32_t cand[N_MAX][N_MAX]; /* w_q * sel, what prod_q loads when en */
    uint32_t n_en;              /* popcount of en */
    uint32_t n_v;               /* popcount of v_q */

    /* Storage. Of each pair, [phase] holds the state's en, prod_q and
     * psum_q, and the copy of v_q that the next edge makes pv_q;
     * [phase ^ 1] holds en_q and pv_q. */
    unsigned phase;
    stc_slide s_act, s_v, s_dact, s_dv;
    uint32_t pv_buf[2][N_MAX][N_MAX];
    uint32_t en_buf[2][N_MAX][N_MAX];
    int32_t prod_buf[2][N_MAX][N_MAX];
    uint32_t psum_buf[2][N_MAX][N_MAX];
} stc_array;

/*
 * Stationary registers w_q and idx_q. Only the weight port writes them, and
 * within an edge nothing reads their current value (en and cand of the
 * current state are cached), so one copy is exact. The 32-bit copies feed
 * the vectorised gate-enable loop.
 */
typedef struct stc_weights {
    int8_t w[N_MAX][N_MAX];      /* w_q */
    uint8_t idx[N_MAX][N_MAX];   /* idx_q */
    int32_t w32[N_MAX][N_MAX];   /* w_q, sign-extended */
    uint32_t sh32[N_MAX][N_MAX]; /* 24 - 8 * idx_q (stc_slot_shift) */
    int8_t ws[N_MAX][N_MAX];     /* dbuf: shadow ws_q, what the weight port writes */
    uint8_t is[N_MAX][N_MAX];    /* dbuf: shadow is_q */
} stc_weights;

/* Controller registers (section 4) and counters (section 7). */
typedef struct stc_ctl {
    uint8_t state;
    bool mode;     /* 0 dense, 1 2:4 */
    uint32_t m;    /* m_q = M - 1 */
    uint32_t nblk; /* nblk_q = nblk - 1 */
    uint64_t skip;
    bool bias;
    uint32_t blk;
    uint32_t beat;
    bool err;
    uint32_t cnt[STC_NUM_COUNTERS];
    uint32_t wr_row[N_MAX];
    /* dbuf's load engine (section 11); always 0 in base */
    bool ld;          /* ld_q: a block to load, or loaded and waiting */
    uint32_t ld_blk;  /* ld_blk_q */
    uint32_t ld_beat; /* ld_beat_q: next shadow row */
    bool full;        /* full_q: the shadow holds all N rows of ld_blk */
} stc_ctl;

struct stc_tile {
    stc_params p;
    uint32_t m_mask;  /* 2^MW - 1: width of cmd_m_i */
    uint32_t kb_mask; /* 2^KBW - 1: width of cmd_nblk_i */
    stc_ctl ctl;
    stc_weights wt;
    stc_array arr;
    unsigned live;     /* edges the array may still change without injection */
    uint32_t *bank;    /* acc[n][row] at bank[row * n + col] */
    size_t bank_dirty; /* rows 0..bank_dirty-1 may be nonzero; the rest are 0 */
    uint64_t grid_gen; /* bumped by every edge that may change a per-PE probe
                          (stc_tile_probe_since); never 0 */
};

/* Per-edge port activity, decided from the current state and inputs. */
typedef struct stc_xfer {
    bool cmd, bias, w, a, res;
} stc_xfer;

/* The shift that moves slot idx of an activation lane into its top byte. */
static uint32_t stc_slot_shift(uint8_t idx)
{
    return 24u - 8u * idx;
}

static const char *const stc_uarch_names[STC_UARCH_COUNT] = {"base", "dbuf"};

const char *stc_uarch_name(stc_uarch u)
{
    return (unsigned)u < STC_UARCH_COUNT ? stc_uarch_names[u] : NULL;
}

stc_status stc_uarch_parse(const char *name, stc_uarch *out)
{
    for (unsigned u = 0; name != NULL && u < STC_UARCH_COUNT; u++) {
        if (strcmp(name, stc_uarch_names[u]) == 0) {
            *out = (stc_uarch)u;
            return STC_OK;
        }
    }
    return STC_EPARAM;
}

static bool stc_dbuf(const stc_tile *t)
{
    return t->p.uarch == STC_UARCH_DBUF;
}

/* w_ready_o: LOAD in base; in dbuf whenever the load engine has rows to
 * take, in any state (section 11). */
static bool stc_w_ready(const stc_tile *t, const stc_ctl *c)
{
    return stc_dbuf(t) ? c->ld && !c->full : c->state == STC_ST_LOAD;
}

/* The row the next weight beat writes: beat_q in base, ld_beat_q in dbuf. */
static uint32_t stc_w_beat(const stc_tile *t, const stc_ctl *c)
{
    return stc_dbuf(t) ? c->ld_beat : c->beat;
}

/* ---- parameters ---------------------------------------------------------- */

static bool stc_is_pow2(unsigned x)
{
    return x != 0 && (x & (x - 1)) == 0;
}

stc_status stc_params_check(const stc_params *p)
{
    if (p == NULL)
        return STC_EPARAM;
    if (p->n < 4 || p->n > STC_N_MAX || (p->n & 1) != 0)
        return STC_EPARAM;
    if (!stc_is_pow2(p->m_max) || p->m_max < p->n || p->m_max > 65536)
        return STC_EPARAM;
    if (!stc_is_pow2(p->kb_max) || p->kb_max < 2 || p->kb_max > STC_KB_MAX_MAX)
        return STC_EPARAM;
    if ((unsigned)p->uarch >= STC_UARCH_COUNT)
        return STC_EPARAM;
    return STC_OK;
}

/* ---- life cycle ---------------------------------------------------------- */

stc_status stc_tile_create(const stc_params *p, stc_tile **out)
{
    stc_tile *t;
    stc_status st;

    if (out == NULL)
        return STC_EPARAM;
    *out = NULL;
    st = stc_params_check(p);
    if (st != STC_OK)
        return st;
    t = calloc(1, sizeof(*t));
    if (t == NULL)
        return STC_ENOMEM;
    t->bank = calloc((size_t)p->n * p->m_max, sizeof(*t->bank));
    if (t->bank == NULL) {
        free(t);
        return STC_ENOMEM;
    }
    t->p = *p;
    t->m_mask = p->m_max - 1;
    t->kb_mask = p->kb_max - 1;
    stc_tile_reset(t);
    *out = t;
    return STC_OK;
}

void stc_tile_destroy(stc_tile *t)
{
    if (t == NULL)
        return;
    free(t->bank);
    free(t);
}

const stc_params *stc_tile_params(const stc_tile *t)
{
    return &t->p;
}

/* A sliding grid at the top of its buffer, all zero. */
static void stc_slide_reset(stc_slide *s)
{
    memset(s->buf, 0, sizeof(s->buf));
    s->g = (uint32_t(*)[N_MAX])(void *)(s->buf + STC_SLIDE_ROOM);
}

/* The grid one edge on (its elements one place right), at the top of its
 * buffer again when it has reached the bottom. */
static void stc_slide_shift(stc_slide *s)
{
    uint32_t *g = s->g[0];

    if (g == s->buf) {
        memcpy(s->buf + STC_SLIDE_ROOM, s->buf, N_MAX * N_MAX * sizeof(s->buf[0]));
        g = s->buf + STC_SLIDE_ROOM;
    }
    s->g = (uint32_t(*)[N_MAX])(void *)(g - 1);
}

/* Points the array's grids at the buffers of its phase. */
static void stc_array_bind(stc_array *a)
{
    unsigned ph = a->phase;

    a->act = a->s_act.g;
    a->v = a->s_v.g;
    a->dact = a->s_dact.g;
    a->dv = a->s_dv.g;
    a->pv = a->pv_buf[ph ^ 1];
    a->en_q = a->en_buf[ph ^ 1];
    a->en = a->en_buf[ph];
    a->prod = a->prod_buf[ph];
    a->psum = a->psum_buf[ph];
}

static void stc_array_reset(stc_array *a)
{
    memset(a, 0, sizeof(*a));
    stc_slide_reset(&a->s_act);
    stc_slide_reset(&a->s_v);
    stc_slide_reset(&a->s_dact);
    stc_slide_reset(&a->s_dv);
    stc_array_bind(a);
}

void stc_tile_reset(stc_tile *t)
{
    memset(&t->ctl, 0, sizeof(t->ctl));
    memset(&t->wt, 0, sizeof(t->wt));
    for (unsigned r = 0; r < N_MAX; r++)
        for (unsigned col = 0; col < N_MAX; col++)
            t->wt.sh32[r][col] = stc_slot_shift(0);
    stc_array_reset(&t->arr);
    t->live = 0;
    memset(t->bank, 0, (size_t)t->p.n * t->p.m_max * sizeof(*t->bank));
    t->bank_dirty = 0;
    t->grid_gen++;
}

/* ---- outputs and probes -------------------------------------------------- */

void stc_tile_eval(const stc_tile *t, stc_outputs *out)
{
    const stc_ctl *c = &t->ctl;
    unsigned n = t->p.n;

    memset(out, 0, sizeof(*out));
    out->cmd_ready = c->state == STC_ST_IDLE;
    out->bias_ready = c->state == STC_ST_BIAS;
    out->w_ready = stc_w_ready(t, c);
    out->a_ready = c->state == STC_ST_STREAM;
    out->res_valid = c->state == STC_ST_DRAIN;
    out->busy = c->state != STC_ST_IDLE;
    out->err = c->err;
    if (c->state == STC_ST_DRAIN)
        memcpy(out->res_data, &t->bank[(size_t)c->beat * n], n * sizeof(out->res_data[0]));
}

/* The sum column n writes at the end of this cycle (acc_wdata). */
static uint32_t stc_acc_wdata(const stc_tile *t, const stc_array *a, unsigned col)
{
    unsigned n = t->p.n;
    uint32_t old = t->bank[(size_t)t->ctl.wr_row[col] * n + col];

    return old + a->psum[n - 1][col];
}

/* Converts an N_MAX x N_MAX array of flag words to bools. Flags are 0/1 or
 * 0/~0 (bit 0 tells). This runs four times a cycle in the lockstep at N=16:
 * with SSE2 (every x86-64) sixteen words narrow to sixteen bytes in two
 * saturating packs (0, 1 and ~0 = -1 survive them) and a mask, 1,024 flags
 * in about 600 instructions instead of 1,950; elsewhere four become four
 * bools in one store. */
static void stc_flags_to_bool(bool *restrict dst, const uint32_t *restrict src)
{
#if defined(__SSE2__)
    const __m128i one = _mm_set1_epi8(1);
    for (unsigned i = 0; i < N_MAX * N_MAX; i += 16) {
        __m128i w0 = _mm_loadu_si128((const __m128i *)(const void *)(src + i));
        __m128i w1 = _mm_loadu_si128((const __m128i *)(const void *)(src + i + 4));
        __m128i w2 = _mm_loadu_si128((const __m128i *)(const void *)(src + i + 8));
        __m128i w3 = _mm_loadu_si128((const __m128i *)(const void *)(src + i + 12));
        __m128i h = _mm_packs_epi16(_mm_packs_epi32(w0, w1), _mm_packs_epi32(w2, w3));
        _mm_storeu_si128((__m128i *)(void *)(dst + i), _mm_and_si128(h, one));
    }
#else
    for (unsigned i = 0; i < N_MAX * N_MAX; i += 4) {
        uint32_t packed = (src[i] & 1u) | (src[i + 1] & 1u) << 8 | (src[i + 2] & 1u) << 16 |
                          (src[i + 3] & 1u) << 24;
        memcpy(dst + i, &packed, sizeof packed);
    }
#endif
}

/* The first n flag words of a row (0 / nonzero; bit 0 tells) as bools. */
static void stc_flags_row(bool *restrict dst, const uint32_t *restrict src, unsigned n)
{
    for (unsigned c = 0; c < n; c++)
        dst[c] = src[c] & 1u;
}

/* Zeroes the per-PE grids of a probe record. */
static void stc_probe_grids_clear(stc_probes *pr)
{
    memset(pr->pe_v, 0, sizeof(pr->pe_v));
    memset(pr->pe_en, 0, sizeof(pr->pe_en));
    memset(pr->pe_en_q, 0, sizeof(pr->pe_en_q));
    memset(pr->pe_pv, 0, sizeof(pr->pe_pv));
    memset(pr->pe_w, 0, sizeof(pr->pe_w));
    memset(pr->pe_idx, 0, sizeof(pr->pe_idx));
    memset(pr->pe_act, 0, sizeof(pr->pe_act));
    memset(pr->pe_prod, 0, sizeof(pr->pe_prod));
    memset(pr->pe_psum, 0, sizeof(pr->pe_psum));
}

/* The per-PE grids of the probes: the n x n corner, the rest left as it
 * is (zero). */
static void stc_probe_grids(const stc_tile *t, stc_probes *pr)
{
    const stc_array *a = &t->arr;
    unsigned n = t->p.n;

    if (n == N_MAX) {
        /* The whole grids. */
        stc_flags_to_bool(pr->pe_v[0], a->v[0]);
        stc_flags_to_bool(pr->pe_en[0], a->en[0]);
        stc_flags_to_bool(pr->pe_en_q[0], a->en_q[0]);
        stc_flags_to_bool(pr->pe_pv[0], a->pv[0]);
        memcpy(pr->pe_w, t->wt.w, sizeof(pr->pe_w));
        memcpy(pr->pe_idx, t->wt.idx, sizeof(pr->pe_idx));
        memcpy(pr->pe_act, a->act, sizeof(pr->pe_act));
        memcpy(pr->pe_prod, a->prod, sizeof(pr->pe_prod));
        memcpy(pr->pe_psum, a->psum, sizeof(pr->pe_psum));
        return;
    }
    /* Only the n x n corner: at N=4 converting the whole 16 x 16 grids was
     * most of the lockstep's per-cycle cost outside the RTL. */
    for (unsigned r = 0; r < n; r++) {
        stc_flags_row(pr->pe_v[r], a->v[r], n);
        stc_flags_row(pr->pe_en[r], a->en[r], n);
        stc_flags_row(pr->pe_en_q[r], a->en_q[r], n);
        stc_flags_row(pr->pe_pv[r], a->pv[r], n);
        memcpy(pr->pe_w[r], t->wt.w[r], n * sizeof(pr->pe_w[r][0]));
        memcpy(pr->pe_idx[r], t->wt.idx[r], n * sizeof(pr->pe_idx[r][0]));
        memcpy(pr->pe_act[r], a->act[r], n * sizeof(pr->pe_act[r][0]));
        memcpy(pr->pe_prod[r], a->prod[r], n * sizeof(pr->pe_prod[r][0]));
        memcpy(pr->pe_psum[r], a->psum[r], n * sizeof(pr->pe_psum[r][0]));
    }
}

void stc_tile_probe_scalars(const stc_tile *t, stc_probes *pr)
{
    const stc_ctl *c = &t->ctl;
    const stc_array *a = &t->arr;
    unsigned n = t->p.n;

    pr->state = c->state;
    pr->blk = c->blk;
    pr->beat = c->beat;
    pr->err = c->err;
    for (unsigned col = 0; col < n; col++) {
        pr->bot_v[col] = a->bot_v[col];
        pr->acc_we[col] = a->bot_v[col];
        pr->acc_row[col] = c->wr_row[col];
        pr->acc_wdata[col] = a->bot_v[col] ? (int32_t)stc_acc_wdata(t, a, col) : 0;
    }
    memcpy(pr->cnt, c->cnt, sizeof(pr->cnt));
}

/*
 * The per-PE probes against the RTL's, where they lie (stc_tile_grids_equal):
 * packed vectors, PE i = r*n + c at bits [W*i +: W] (stc_pe_grids). The
 * model's side is packed the same way and compared word for word, never
 * the RTL's unpacked: the flag words to bits, the mux selects to bit
 * pairs. No early exit (a passing run compares everything anyway), and no
 * byte past a vector's last PE is read (its storage may end there).
 */

/* The 2 or 4 bytes at p as a little-endian number, whatever the host's
 * byte order: one load on a little-endian one (GCC does not always merge
 * the byte loads of the portable form into one; in a loop it vectorises
 * it into far more). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
STC_ROW_LOOP uint32_t stc_le16(const uint8_t *p)
{
    uint16_t x;
    memcpy(&x, p, sizeof x);
    return x;
}

STC_ROW_LOOP uint32_t stc_le32(const uint8_t *p)
{
    uint32_t x;
    memcpy(&x, p, sizeof x);
    return x;
}
#else
STC_ROW_LOOP uint32_t stc_le16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

STC_ROW_LOOP uint32_t stc_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
#endif

/* Any even n, PE by PE, each bit read where the layout puts it: the path
 * of n = 6, 10 and 14, whose rows do not fall on the quads below. */
STC_ROW_LOOP bool stc_grids_equal_pes(const stc_tile *t, const stc_pe_grids *g)
{
    const stc_array *a = &t->arr;
    const unsigned n = t->p.n;
    uint32_t diff = 0;
    for (unsigned r = 0; r < n; r++)
        for (unsigned c = 0; c < n; c++) {
            const unsigned i = r * n + c, bit = i % 8;
            diff |= ((a->v[r][c] ^ (uint32_t)g->v[i / 8] >> bit) |
                     (a->en[r][c] ^ (uint32_t)g->en[i / 8] >> bit) |
                     (a->en_q[r][c] ^ (uint32_t)g->en_q[i / 8] >> bit) |
                     (a->pv[r][c] ^ (uint32_t)g->pv[i / 8] >> bit)) &
                    1u;
            diff |= (t->wt.idx[r][c] ^ (uint32_t)g->idx[i / 4] >> (2 * (i % 4))) & 3u;
            diff |= (uint8_t)t->wt.w[r][c] ^ g->w[i];
            diff |= (a->act[r][c] ^ g->act[i]) | ((uint32_t)a->prod[r][c] ^ g->prod[i]) |
                    (a->psum[r][c] ^ g->psum[i]);
        }
    return diff == 0;
}

/* Bit 0 of 16 flag words (0/1 or 0/~0), four at each of m + off[0..3], as
 * bits 0..15 in that order. With SSE2 (every x86-64): packed to bytes
 * with signed saturation (0, 1 and ~0 survive), bit 0 of each byte
 * shifted to bit 7, gathered by one movemask. */
STC_ROW_LOOP uint32_t stc_flags16(const uint32_t *m, const unsigned off[4])
{
#if defined(__SSE2__)
    __m128i q[4];
    for (unsigned k = 0; k < 4; k++)
        q[k] = _mm_loadu_si128((const __m128i *)(const void *)(m + off[k]));
    __m128i b = _mm_packs_epi16(_mm_packs_epi32(q[0], q[1]), _mm_packs_epi32(q[2], q[3]));
    return (uint32_t)_mm_movemask_epi8(_mm_slli_epi16(b, 7));
#else
    uint32_t bits = 0;
    for (unsigned k = 0; k < 16; k++)
        bits |= (m[off[k / 4] + k % 4] & 1u) << k;
    return bits;
#endif
}

/* Four mux selects b0..b3 (0..3 each) as one byte of bit pairs,
 * b0 | b1 << 2 | b2 << 4 | b3 << 6: b1 moved 6 bits down, then b2 and b3
 * together 12. */
STC_ROW_LOOP uint32_t stc_idx_quad(const uint8_t *q)
{
    uint32_t x = stc_le32(q);
    x |= x >> 6;
    x |= x >> 12;
    return x & 0xffu;
}

/* n a multiple of 4 (the N=4 runs; N_MAX without AVX2): PEs i .. i + 3,
 * i a multiple of 4, lie in one row of the model's grids (a quad) and
 * fill one nibble of a flag vector and one byte of the selects; 16 PEs
 * (n * n is a multiple of 16) fill two bytes of a flag vector. In make
 * sim's N=4 hold run 188 instructions a cycle, where stc_grids_equal_pes
 * took 868 (the run: 5,413 a cycle against 6,093). */
STC_ROW_LOOP bool stc_grids_equal_quads(const stc_tile *t, const stc_pe_grids *g, unsigned n)
{
    const stc_array *a = &t->arr;
    const uint32_t *act = a->act[0], *prod = (const uint32_t *)a->prod[0], *psum = a->psum[0];
    const uint8_t *w = (const uint8_t *)t->wt.w[0], *idx = t->wt.idx[0];
    unsigned r = 0, c = 0;
    uint32_t diff = 0;
#if defined(__SSE2__)
    __m128i dw = _mm_setzero_si128();
#endif
    for (unsigned i = 0; i < n * n; i += 16) {
        unsigned off[4]; /* quad k of these 16 PEs: row r, columns c..c+3 */
        for (unsigned k = 0; k < 4; k++) {
            off[k] = r * N_MAX + c;
            c += 4;
            if (c == n) {
                c = 0;
                r++;
            }
        }
        diff |= stc_flags16(a->v[0], off) ^ stc_le16(g->v + i / 8);
        diff |= stc_flags16(a->en[0], off) ^ stc_le16(g->en + i / 8);
        diff |= stc_flags16(a->en_q[0], off) ^ stc_le16(g->en_q + i / 8);
        diff |= stc_flags16(a->pv[0], off) ^ stc_le16(g->pv + i / 8);
        for (unsigned k = 0; k < 4; k++) {
            const unsigned j = i + 4 * k, o = off[k];
            diff |= stc_idx_quad(idx + o) ^ g->idx[j / 4];
            diff |= stc_le32(w + o) ^ stc_le32(g->w + j);
#if defined(__SSE2__)
#define STC_QUAD_DIFF(m, r)                                                                        \
    _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(m)),                             \
                  _mm_loadu_si128((const __m128i *)(const void *)(r)))
            dw = _mm_or_si128(dw, _mm_or_si128(STC_QUAD_DIFF(act + o, g->act + j),
                                               STC_QUAD_DIFF(prod + o, g->prod + j)));
            dw = _mm_or_si128(dw, STC_QUAD_DIFF(psum + o, g->psum + j));
#undef STC_QUAD_DIFF
#else
            for (unsigned e = 0; e < 4; e++)
                diff |= (act[o + e] ^ g->act[j + e]) | (prod[o + e] ^ g->prod[j + e]) |
                        (psum[o + e] ^ g->psum[j + e]);
#endif
        }
    }
#if defined(__SSE2__)
    diff |= (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(dw, _mm_setzero_si128())) ^ 0xffffu;
#endif
    return diff == 0;
}

#if STC_AVX2_FLAGS
/* 32 flag words as 32 bits, word k at bit k: packed to bytes with signed
 * saturation (0, 1 and ~0 survive), put back in order (the packs work per
 * 128-bit lane), gathered by one movemask of the bytes' bit 7. Words 0/1
 * (v, pv) have their bit 0 shifted there first; masks 0/~0 (en, en_q:
 * mask) have it set already, which saves the shift. */
__attribute__((target("avx2"))) static inline uint32_t stc_flags32_avx2(const uint32_t *m,
                                                                        bool mask)
{
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    const __m256i *w = (const __m256i *)(const void *)m;
    __m256i lo = _mm256_packs_epi32(_mm256_loadu_si256(w), _mm256_loadu_si256(w + 1));
    __m256i hi = _mm256_packs_epi32(_mm256_loadu_si256(w + 2), _mm256_loadu_si256(w + 3));
    __m256i bytes = _mm256_permutevar8x32_epi32(_mm256_packs_epi16(lo, hi), order);
    return (uint32_t)_mm256_movemask_epi8(mask ? bytes : _mm256_slli_epi16(bytes, 7));
}

/* 128 mux selects (bytes 0..3) as 32 bytes of bit pairs, select k at bits
 * 2(k % 4) of byte k / 4: each four bytes b0..b3 of a 32-bit lane summed
 * as b0 + 4 b1 + 16 b2 + 64 b3 by two multiply-adds, the lanes' low bytes
 * gathered by packs (unsigned at the last: up to 255) and put in order. */
__attribute__((target("avx2"))) static inline __m256i stc_idx128_avx2(const uint8_t *m)
{
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    const __m256i pairs = _mm256_set1_epi16(1 | 4 << 8), quads = _mm256_set1_epi32(1 | 16 << 16);
    __m256i q[4];
    for (unsigned k = 0; k < 4; k++) {
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(m + 32 * k));
        q[k] = _mm256_madd_epi16(_mm256_maddubs_epi16(b, pairs), quads);
    }
    __m256i packed =
        _mm256_packus_epi16(_mm256_packs_epi32(q[0], q[1]), _mm256_packs_epi32(q[2], q[3]));
    return _mm256_permutevar8x32_epi32(packed, order);
}

/* d OR the XOR of the len bytes (a multiple of 32) at x and y, unrolled:
 * three instructions per 32 bytes. For the 3.3 KB of word grids at N=16
 * that is about 220 instructions a cycle fewer than four memcmp calls
 * (about 630), and 300 fewer than the same loop not unrolled. */
__attribute__((target("avx2"))) static inline __m256i stc_diff_avx2(__m256i d, const void *x,
                                                                    const void *y, unsigned len)
{
    const __m256i *a = (const __m256i *)x, *b = (const __m256i *)y;
#pragma GCC unroll 32
    for (unsigned k = 0; k < len / 32; k++)
        d = _mm256_or_si256(d,
                            _mm256_xor_si256(_mm256_loadu_si256(a + k), _mm256_loadu_si256(b + k)));
    return d;
}

/* n = N_MAX on a CPU with AVX2: the rows line up, each grid in one pass:
 * about 690 instructions a cycle (the compare of the unpacked arrays the
 * RTL had before, about 1,000). Not inlined, so that the caller's other
 * paths do not pay its set-up. */
__attribute__((target("avx2"), noinline)) static bool stc_grids_equal_avx2(const stc_tile *t,
                                                                           const stc_pe_grids *g)
{
    const stc_array *a = &t->arr;
    const unsigned len = N_MAX * N_MAX;
    _Static_assert(N_MAX * N_MAX % 128 == 0, "the AVX2 compare takes 32 flags, 128 selects");
    uint32_t d = 0;
#pragma GCC unroll 8
    for (unsigned k = 0; k < len / 32; k++) {
        d |= stc_flags32_avx2(a->v[0] + 32 * k, false) ^ stc_le32(g->v + 4 * k);
        d |= stc_flags32_avx2(a->en[0] + 32 * k, true) ^ stc_le32(g->en + 4 * k);
        d |= stc_flags32_avx2(a->en_q[0] + 32 * k, true) ^ stc_le32(g->en_q + 4 * k);
        d |= stc_flags32_avx2(a->pv[0] + 32 * k, false) ^ stc_le32(g->pv + 4 * k);
    }
    __m256i di = _mm256_setzero_si256();
    for (unsigned k = 0; k < len / 128; k++)
        di = _mm256_or_si256(
            di,
            _mm256_xor_si256(stc_idx128_avx2(t->wt.idx[0] + 128 * k),
                             _mm256_loadu_si256((const __m256i *)(const void *)(g->idx + 32 * k))));
    di = stc_diff_avx2(di, t->wt.w, g->w, len);
    di = stc_diff_avx2(di, a->act, g->act, sizeof a->act[0] * N_MAX);
    di = stc_diff_avx2(di, a->prod, g->prod, sizeof a->prod[0] * N_MAX);
    di = stc_diff_avx2(di, a->psum, g->psum, sizeof a->psum[0] * N_MAX);
    return d == 0 && _mm256_testz_si256(di, di);
}
#endif

STC_HOT_LOOPS bool stc_tile_grids_equal(const stc_tile *t, const stc_pe_grids *g)
{
#if STC_AVX2_FLAGS
    if (t->p.n == N_MAX && __builtin_cpu_supports("avx2"))
        return stc_grids_equal_avx2(t, g);
#endif
    /* n = 4 spelled out: the quads' positions become constants (188
     * instructions a cycle, 335 with n a variable). */
    if (t->p.n == 4)
        return stc_grids_equal_quads(t, g, 4);
    return t->p.n % 4 == 0 ? stc_grids_equal_quads(t, g, t->p.n) : stc_grids_equal_pes(t, g);
}

void stc_tile_probe_update(const stc_tile *t, stc_probes *pr)
{
    stc_probe_grids(t, pr);
    stc_tile_probe_scalars(t, pr);
}

uint64_t stc_tile_probe_since(const stc_tile *t, stc_probes *pr, uint64_t gen)
{
    if (gen != t->grid_gen)
        stc_probe_grids(t, pr);
    stc_tile_probe_scalars(t, pr);
    return t->grid_gen;
}

void stc_tile_probe(const stc_tile *t, stc_probes *pr)
{
    if (t->p.n < N_MAX)
        stc_probe_grids_clear(pr);
    memset(pr->bot_v, 0, sizeof(pr->bot_v));
    memset(pr->acc_we, 0, sizeof(pr->acc_we));
    memset(pr->acc_row, 0, sizeof(pr->acc_row));
    memset(pr->acc_wdata, 0, sizeof(pr->acc_wdata));
    stc_tile_probe_update(t, pr);
}

int32_t stc_tile_acc(const stc_tile *t, unsigned n, unsigned m)
{
    if (n >= t->p.n || m >= t->p.m_max)
        return 0;
    return (int32_t)t->bank[(size_t)m * t->p.n + n];
}

/* ---- controller helpers -------------------------------------------------- */

static unsigned stc_popcount64(uint64_t x)
{
    unsigned c = 0;

    while (x != 0) {
        x &= x - 1;
        c++;
    }
    return c;
}

/* Mask of the blocks 0..nblk_q, i.e. nblk_q + 1 low bits. */
static uint64_t stc_blk_mask(uint32_t nblk_q)
{
    return nblk_q >= 63 ? ~(uint64_t)0 : ((uint64_t)1 << (nblk_q + 1)) - 1;
}

/* next_blk(x) of section 4: -1 for "none". x may be nblk_q + 1 (past the
 * end): it is a plain integer here, not a KBW-bit value that could wrap. */
static int stc_next_blk(uint32_t x, uint32_t nblk_q, uint64_t skip)
{
    for (uint32_t b = x; b <= nblk_q; b++) {
        if (((skip >> b) & 1) == 0)
            return (int)b;
    }
    return -1;
}

/* "Go to next_blk(x)". blk holds when there is no next block. */
static void stc_goto_next_blk(stc_ctl *x, uint32_t from, uint32_t nblk_q, uint64_t skip)
{
    int b = stc_next_blk(from, nblk_q, skip);

    x->beat = 0;
    if (b < 0) {
        x->state = STC_ST_DRAIN;
    } else {
        x->state = STC_ST_LOAD;
        x->blk = (uint32_t)b;
    }
}

/* dbuf: gives the load engine next_blk(from), or nothing when there is
 * none; its shadow starts empty (section 11). */
static void stc_ld_assign(stc_ctl *x, uint32_t from, uint32_t nblk_q, uint64_t skip)
{
    int b = stc_next_blk(from, nblk_q, skip);

    x->ld = b >= 0;
    if (b >= 0)
        x->ld_blk = (uint32_t)b;
    x->ld_beat = 0;
    x->full = false;
}

/* dbuf: "start a pass" of section 11. wfull: the shadow holds a whole block
 * at the end of this cycle. Returns true when this edge swaps the shadow
 * into the active weights. */
static bool stc_dbuf_start_pass(stc_ctl *x, const stc_ctl *c, bool wfull)
{
    x->beat = 0;
    if (wfull) {
        x->state = STC_ST_STREAM;
        x->blk = c->ld_blk;
        stc_ld_assign(x, c->ld_blk + 1, c->nblk, c->skip);
        return true;
    }
    x->state = c->ld ? STC_ST_LOAD : STC_ST_DRAIN;
    return false;
}

/* The next pass from block `from` on (base: go to next_blk(from); dbuf:
 * the load engine already knows the block). True when the edge swaps. */
static bool stc_next_pass(const stc_tile *t, stc_ctl *x, const stc_ctl *c, uint32_t from,
                          bool wfull)
{
    if (stc_dbuf(t))
        return stc_dbuf_start_pass(x, c, wfull);
    stc_goto_next_blk(x, from, c->nblk, c->skip);
    return false;
}

/* Legal 2:4 nibble: idx_lo < idx_hi (the six codes of section 2). */
static bool stc_nibble_legal(uint8_t nib)
{
    return (nib & 3u) < ((nib >> 2) & 3u);
}

/* Command transfer in IDLE: latch, clear, set macs_alg / macs_skipped. */
static void stc_ctl_command(const stc_tile *t, stc_ctl *x, const stc_inputs *in)
{
    uint32_t n = t->p.n;
    uint32_t m1, kd, nskip, npass;

    x->mode = in->cmd_mode;
    x->m = in->cmd_m & t->m_mask;
    x->nblk = in->cmd_nblk & t->kb_mask;
    x->skip = in->cmd_skip & stc_blk_mask(x->nblk);
    x->bias = in->cmd_bias;
    x->err = false;
    memset(x->cnt, 0, sizeof(x->cnt));
    memset(x->wr_row, 0, sizeof(x->wr_row));

    m1 = x->m + 1;
    kd = x->mode ? 2 * n : n;
    nskip = stc_popcount64(x->skip);
    npass = x->nblk + 1 - nskip;
    /* uint32_t products wrap like the RTL's 32-bit counters. */
    x->cnt[STC_CNT_MACS_ALG] = (x->nblk + 1) * m1 * kd * n;
    x->cnt[STC_CNT_MACS_SKIPPED] = nskip * m1 * kd * n;
    if (x->mode)
        x->cnt[STC_CNT_MACS_SKIPPED] += npass * m1 * n * n;

    if (stc_dbuf(t)) {
        /* The load engine starts on the first block at once, even while
         * the bias rows arrive; blk_q waits for the swap. */
        stc_ld_assign(x, 0, x->nblk, x->skip);
        x->beat = 0;
        x->state = x->bias ? STC_ST_BIAS : x->ld ? STC_ST_LOAD : STC_ST_DRAIN;
    } else if (x->bias) {
        x->state = STC_ST_BIAS;
        x->beat = 0;
    } else {
        stc_goto_next_blk(x, 0, x->nblk, x->skip);
    }
}

/* Which port transfers this cycle: ready (from the state) and valid. */
static stc_xfer stc_ports(const stc_tile *t, const stc_ctl *c, const stc_inputs *in)
{
    stc_xfer xf;

    xf.cmd = c->state == STC_ST_IDLE && in->cmd_valid;
    xf.bias = c->state == STC_ST_BIAS && in->bias_valid;
    xf.w = stc_w_ready(t, c) && in->w_valid;
    xf.a = c->state == STC_ST_STREAM && in->a_valid;
    xf.res = c->state == STC_ST_DRAIN && in->res_ready;
    return xf;
}

/* Counters that tick every cycle (section 7); the command transfer
 * overrides them afterwards. */
static void stc_ctl_count(const stc_tile *t, stc_ctl *x, const stc_ctl *c, const stc_xfer *xf)
{
    const stc_array *a = &t->arr;
    uint32_t n = t->p.n;
    bool stall = false;

    if (c->state != STC_ST_IDLE)
        x->cnt[STC_CNT_CYCLES]++;
    switch (c->state) {
    case STC_ST_BIAS:
        stall = !xf->bias;
        break;
    case STC_ST_LOAD:
        stall = !xf->w;
        break;
    case STC_ST_STREAM:
        stall = !xf->a;
        break;
    case STC_ST_DRAIN:
        stall = !xf->res;
        break;
    default:
        break;
    }
    if (stall)
        x->cnt[STC_CNT_STALL_CYCLES]++;
    x->cnt[STC_CNT_MACS_ACTUAL] += a->n_en;
    x->cnt[STC_CNT_MACS_GATED] += a->n_v - a->n_en;
    if (xf->w) {
        x->cnt[STC_CNT_W_BYTES] += n;
        if (c->mode && (stc_w_beat(t, c) & 1) == 0)
            x->cnt[STC_CNT_META_BYTES] += n / 2;
    }
    if (xf->a)
        x->cnt[STC_CNT_A_BYTES] += c->mode ? 2 * n : n;
}

/* Sets w_q of PE (r, col): the active copies in base, the shadow in dbuf. */
static void stc_set_w(const stc_tile *t, stc_weights *wt, unsigned r, unsigned col, int8_t w)
{
    if (stc_dbuf(t)) {
        wt->ws[r][col] = w;
        return;
    }
    wt->w[r][col] = w;
    wt->w32[r][col] = w;
}

/* Sets idx_q of PE (r, col), as stc_set_w. */
static void stc_set_idx(const stc_tile *t, stc_weights *wt, unsigned r, unsigned col, uint8_t idx)
{
    if (stc_dbuf(t)) {
        wt->is[r][col] = idx;
        return;
    }
    wt->idx[r][col] = idx;
    wt->sh32[r][col] = stc_slot_shift(idx);
}

/* Weight transfer: writes w/idx of PE row beat_q (base) or of shadow row
 * ld_beat_q (dbuf), sets err (sections 4 and 11). */
static void stc_load_row(stc_tile *t, stc_ctl *x, const stc_ctl *c, const stc_inputs *in)
{
    stc_weights *wt = &t->wt;
    unsigned n = t->p.n;
    unsigned r = stc_w_beat(t, c);

    for (unsigned col = 0; col < n; col++)
        stc_set_w(t, wt, r, col, in->w_data[col]);
    if (!c->mode) {
        for (unsigned col = 0; col < n; col++)
            stc_set_idx(t, wt, r, col, 0);
        return;
    }
    if ((r & 1) != 0)
        return;
    for (unsigned col = 0; col < n; col++) {
        uint8_t nib = in->w_meta[col] & 0xF;

        stc_set_idx(t, wt, r, col, nib & 3);
        stc_set_idx(t, wt, r + 1, col, (nib >> 2) & 3);
        if (!stc_nibble_legal(nib))
            x->err = true;
    }
}

/* dbuf swap: every PE's active weight and mux select take the shadow's
 * (after this edge's weight transfer wrote it, section 11). */
static void stc_swap_weights(stc_tile *t)
{
    stc_weights *wt = &t->wt;

    for (unsigned r = 0; r < t->p.n; r++) {
        for (unsigned col = 0; col < t->p.n; col++) {
            wt->w[r][col] = wt->ws[r][col];
            wt->w32[r][col] = wt->ws[r][col];
            wt->idx[r][col] = wt->is[r][col];
            wt->sh32[r][col] = stc_slot_shift(wt->is[r][col]);
        }
    }
}

/* Weight port and swap of this edge, in that order. */
static void stc_weights_edge(stc_tile *t, stc_ctl *x, const stc_ctl *c, const stc_xfer *xf,
                             const stc_inputs *in, bool swap)
{
    if (xf->w)
        stc_load_row(t, x, c, in);
    if (swap)
        stc_swap_weights(t);
    if (xf->w || swap)
        t->grid_gen++;
}

/* dbuf's load engine on a weight transfer (section 11); a swap in the
 * same edge overrides it. */
static void stc_ld_advance(const stc_tile *t, stc_ctl *x, const stc_ctl *c, const stc_xfer *xf)
{
    if (!stc_dbuf(t) || !xf->w)
        return;
    if (c->ld_beat == t->p.n - 1) {
        x->ld_beat = 0;
        x->full = true;
    } else {
        x->ld_beat = c->ld_beat + 1;
    }
}

/* State transitions of sections 4 and 11 (except the weight writes, see
 * stc_weights_edge, and the bank writes, see stc_bank_edge). Returns true
 * when the edge swaps the shadow weights in (dbuf). */
static bool stc_ctl_fsm(const stc_tile *t, stc_ctl *x, const stc_ctl *c, const stc_xfer *xf,
                        const stc_inputs *in)
{
    const stc_array *a = &t->arr;
    unsigned n = t->p.n;
    bool wfull = c->full || (xf->w && c->ld_beat == n - 1);
    bool swap = false;

    stc_ld_advance(t, x, c, xf);
    switch (c->state) {
    case STC_ST_IDLE:
        if (xf->cmd)
            stc_ctl_command(t, x, in);
        break;
    case STC_ST_BIAS:
        if (!xf->bias)
            break;
        if (c->beat == c->m)
            swap = stc_next_pass(t, x, c, 0, wfull);
        else
            x->beat = c->beat + 1;
        break;
    case STC_ST_LOAD:
        if (stc_dbuf(t)) {
            if (wfull)
                swap = stc_dbuf_start_pass(x, c, true);
            break;
        }
        if (!xf->w)
            break;
        if (c->beat == n - 1) {
            x->state = STC_ST_STREAM;
            x->beat = 0;
        } else {
            x->beat = c->beat + 1;
        }
        break;
    case STC_ST_STREAM:
        if (!xf->a)
            break;
        if (c->beat == c->m) {
            x->state = STC_ST_FLUSH;
            x->beat = 0;
        } else {
            x->beat = c->beat + 1;
        }
        break;
    case STC_ST_FLUSH:
        if (a->bot_v[n - 1] && c->wr_row[n - 1] == c->m)
            swap = stc_next_pass(t, x, c, c->blk + 1, wfull);
        break;
    case STC_ST_DRAIN:
        if (!xf->res)
            break;
        if (c->beat == c->m) {
            x->state = STC_ST_IDLE;
            x->beat = 0;
        } else {
            x->beat = c->beat + 1;
        }
        break;
    default:
        break;
    }
    return swap;
}

/* ---- array --------------------------------------------------------------- */

/* Injected lanes of section 5 for this edge (a bubble without transfer). */
static void stc_inject(const stc_tile *t, const stc_inputs *in, bool xfer, bool mode,
                       uint32_t lane[N_MAX])
{
    unsigned n = t->p.n;

    if (!xfer) {
        memset(lane, 0, N_MAX * sizeof(lane[0]));
        return;
    }
    if (!mode) {
        for (unsigned r = 0; r < n; r++)
            lane[r] = (uint8_t)in->a_data[r];
        return;
    }
    /* 2:4: rows 2g and 2g + 1 both take the 4 values of group g. */
    for (unsigned r = 0; r < n; r += 2) {
        lane[r] = stc_le32((const uint8_t *)&in->a_data[2 * r]);
        lane[r + 1] = lane[r];
    }
}

/* Column 0 of the n rows in use after the shift (stc_shift_edge), inlined
 * where n is a constant so that the loops unroll. */
STC_ROW_LOOP void stc_shift_col0(unsigned n, uint32_t (*act)[N_MAX], uint32_t (*v)[N_MAX],
                                 uint32_t (*dact)[N_MAX], uint32_t (*dv)[N_MAX],
                                 const uint32_t lane[N_MAX], uint32_t lane_v)
{
    /* skew_out[r]: row 0 has no delay, row r the last of r registers. */
    act[0][0] = lane[0];
    v[0][0] = lane_v;
    for (unsigned r = 1; r < n; r++) {
        act[r][0] = dact[r][r];
        v[r][0] = dv[r][r];
    }
    for (unsigned r = 0; r < n; r++) {
        dact[r][0] = lane[r];
        dv[r][0] = lane_v;
    }
    for (unsigned r = 0; n < N_MAX && r < n; r++) {
        act[r][n] = 0;
        v[r][n] = 0;
    }
}

/* Skew buffers and activation/valid shift of every row: the grids one
 * element right (stc_slide_shift), then column 0 of the rows in use
 * written. Column n (when n < N_MAX) receives column n-1 from the flat
 * shift and is cleared so the unused columns stay 0. Each new column 0
 * lies where the last column of the row above was, which nothing reads
 * after the shift; the skew lines' taps [r][r - 1] are now at [r][r]. */
static void stc_shift_edge(unsigned n, stc_array *a, const uint32_t lane[N_MAX], uint32_t lane_v)
{
    stc_slide_shift(&a->s_act);
    stc_slide_shift(&a->s_v);
    stc_slide_shift(&a->s_dact);
    stc_slide_shift(&a->s_dv);
    if (n == N_MAX)
        stc_shift_col0(N_MAX, a->s_act.g, a->s_v.g, a->s_dact.g, a->s_dv.g, lane, lane_v);
    else
        stc_shift_col0(n, a->s_act.g, a->s_v.g, a->s_dact.g, a->s_dv.g, lane, lane_v);
}

/* prod_q and psum_q of len / N_MAX PE rows, flattened (element i of the
 * rows, row i / N_MAX): prod_q loads w*sel only when en (clock gate);
 * psum_q adds the product registered last cycle when en_q to the partial
 * sum from the row above, above[i] (a row of zeros for row 0). */
STC_ROW_LOOP void stc_mac_flat(int32_t *restrict prod_d, uint32_t *restrict psum_d,
                               const int32_t *restrict prod, const int32_t *restrict cand,
                               const uint32_t *restrict en, const uint32_t *restrict en_q,
                               const uint32_t *restrict above, unsigned len)
{
    for (unsigned i = 0; i < len; i++) {
        uint32_t p = (uint32_t)prod[i];

        prod_d[i] = (int32_t)(((uint32_t)cand[i] & en[i]) | (p & ~en[i]));
        psum_d[i] = above[i] + (p & en_q[i]);
    }
}

/* Gate enable and candidate product of the PEs of rows 0 .. n - 1,
 * flattened (len = n * N_MAX), and the copy of v_q that becomes pv_q
 * (section 5): sel = act.slot[idx], en = v && w != 0 && sel != 0. The slot
 * is shifted into the top byte and back down arithmetically (>> of a
 * negative int is arithmetic in GCC and Clang), which sign-extends it: two
 * shifts per PE by a per-lane amount (sh = 24 - 8 * idx), one instruction
 * for eight PEs each in AVX2 (STC_HOT_LOOPS). Returns popcount(en) and
 * popcount(v), whose sums the loop keeps in vector lanes to the end. */
STC_ROW_LOOP void stc_comb_flat(uint32_t *restrict en, int32_t *restrict cand,
                                uint32_t *restrict pv_next, const uint32_t *restrict act,
                                const uint32_t *restrict v, const int32_t *restrict w,
                                const uint32_t *restrict sh, unsigned len, uint32_t *n_en,
                                uint32_t *n_v)
{
    uint32_t ne = 0, nv = 0;

    for (unsigned i = 0; i < len; i++) {
        int32_t sel = (int32_t)(act[i] << sh[i]) >> 24, prod = w[i] * sel;
        /* w and sel are 8-bit: their product is 0 only when one is. */
        uint32_t e = v[i] & (prod != 0);

        cand[i] = prod;
        en[i] = 0u - e;
        pv_next[i] = v[i];
        ne += e;
        nv += v[i];
    }
    *n_en = ne;
    *n_v = nv;
}

/* Fills the combinational cache of the array's state for the rows in use. */
STC_HOT_LOOPS static void stc_array_comb(const stc_tile *t, stc_array *a)
{
    const stc_weights *wt = &t->wt;

    stc_comb_flat(a->en[0], a->cand[0], a->pv_buf[a->phase][0], a->act[0], a->v[0], wt->w32[0],
                  wt->sh32[0], t->p.n * N_MAX, &a->n_en, &a->n_v);
}

/* Full array edge: the next state of every moving array register, each
 * from the current state (the MAC's into the other buffers of its pair,
 * before the shift, which overwrites); then the phase turns. The weight
 * write of this edge, if any, happens first, so the next combinational
 * cache sees it. */
STC_HOT_LOOPS static void stc_array_edge(stc_tile *t, stc_ctl *x, const stc_ctl *c,
                                         const stc_xfer *xf, const stc_inputs *in, bool swap)
{
    unsigned n = t->p.n, ph = t->arr.phase ^ 1;
    stc_array *a = &t->arr;
    uint32_t lane[N_MAX];

    stc_weights_edge(t, x, c, xf, in, swap);
    stc_inject(t, in, xf->a, c->mode, lane);
    for (unsigned col = 0; col < n; col++)
        a->bot_v[col] = a->pv[n - 1][col] != 0;
    /* Row 0 takes nothing from above: its psum_q is its product. */
    static const uint32_t zero_row[N_MAX];
    stc_mac_flat(a->prod_buf[ph][0], a->psum_buf[ph][0], a->prod[0], a->cand[0], a->en[0],
                 a->en_q[0], zero_row, N_MAX);
    stc_mac_flat(a->prod_buf[ph][1], a->psum_buf[ph][1], a->prod[1], a->cand[1], a->en[1],
                 a->en_q[1], a->psum[0], (n - 1) * N_MAX);
    stc_shift_edge(n, a, lane, xf->a);
    a->phase = ph;
    stc_array_bind(a);
    stc_array_comb(t, a);
    t->grid_gen++;
}

/* Edges after the last injection that can still change the array: a beat
 * injected at the end of cycle t leaves the bottom (bot_v, psum) at
 * t + 2N + 1, so every register is back to its idle value from t + 2N + 2
 * on. A margin keeps this obviously safe. */
static unsigned stc_live_edges(unsigned n)
{
    return 2 * n + 4;
}

/* Array part of the edge, skipping the work when the array is idle. */
static void stc_array_step(stc_tile *t, stc_ctl *x, const stc_ctl *c, const stc_xfer *xf,
                           const stc_inputs *in, bool swap)
{
    if (xf->a) {
        t->live = stc_live_edges(t->p.n);
    } else if (t->live == 0) {
        /* Idle array: every register holds (bubbles in, zero sums out).
         * Only a weight load or swap changes state; v is 0 everywhere, so
         * en stays 0 and the stale cand is never used before the next full
         * edge recomputes it. */
        stc_weights_edge(t, x, c, xf, in, swap);
        return;
    } else {
        t->live--;
    }
    stc_array_edge(t, x, c, xf, in, swap);
}

/* ---- accumulator bank ---------------------------------------------------- */

/* Clears the whole bank for a command of m_q = m. Only rows written since
 * the last clear can be nonzero, and a command writes rows 0..m_q only, so
 * clearing those rows is the same as clearing the whole bank, and cheap
 * when M_MAX is large and M small. */
static void stc_bank_clear(stc_tile *t, uint32_t m)
{
    memset(t->bank, 0, t->bank_dirty * t->p.n * sizeof(*t->bank));
    t->bank_dirty = (size_t)m + 1;
}

/* Bank writes of this edge, all computed from the current state: the
 * accumulate port of each column, the bias row, and the clear on a command
 * transfer. These never coincide in a legal flow (the array is empty in
 * IDLE and BIAS); if they did, the later one here wins. */
static void stc_bank_edge(stc_tile *t, stc_ctl *x, const stc_ctl *c, const stc_xfer *xf,
                          const stc_inputs *in)
{
    const stc_array *a = &t->arr;
    unsigned n = t->p.n;

    for (unsigned col = 0; col < n; col++) {
        if (!a->bot_v[col])
            continue;
        t->bank[(size_t)c->wr_row[col] * n + col] = stc_acc_wdata(t, a, col);
        x->wr_row[col] = c->wr_row[col] == c->m ? 0 : c->wr_row[col] + 1;
    }
    if (xf->bias) {
        for (unsigned col = 0; col < n; col++)
            t->bank[(size_t)c->beat * n + col] = (uint32_t)in->bias_data[col];
    }
    if (xf->cmd)
        stc_bank_clear(t, in->cmd_m & t->m_mask);
}

/* ---- the edge ------------------------------------------------------------ */

void stc_tile_step(stc_tile *t, const stc_inputs *in)
{
    stc_ctl c, x;
    stc_xfer xf;
    bool swap;

    if (!in->rst_n) {
        stc_tile_reset(t);
        return;
    }
    c = t->ctl;
    x = c;
    xf = stc_ports(t, &c, in);

    /* Bank and counters read the current array, so they go first. */
    stc_bank_edge(t, &x, &c, &xf, in);
    stc_ctl_count(t, &x, &c, &xf);
    swap = stc_ctl_fsm(t, &x, &c, &xf, in);
    stc_array_step(t, &x, &c, &xf, in, swap);
    t->ctl = x;
}
