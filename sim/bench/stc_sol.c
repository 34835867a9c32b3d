// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_sol.c - stc_sol: the speed-of-light reference of make bench. A plain
 * C loop over the datapath of the N = 16 tile, written for the benchmark
 * from docs/architecture.md sections 1, 2 and 5 (not from the RTL, nor the
 * golden model): what simulating the array cycle by cycle costs when
 * nothing else is simulated.
 *
 *   stc_sol [--cycles C] [--reps R] VECTOR.vec
 *
 * Every simulated cycle is one step of the whole 16 x 16 array, as the
 * tile's array steps in every cycle whatever its state: activation lanes
 * shift one column right (row r's new lane enters column 0), and every PE
 * selects its operand from its 4-wide lane with its 2:4 index (the 4:1
 * mux), multiplies it by its INT8 weight when both are nonzero and adds the
 * INT32 partial sum of the PE above (wrapping); the bottom row's sums are
 * added into the accumulator rows. The C cycles of a run are spent as: per
 * loaded block, N cycles that write one weight row each (the array steps
 * on bubbles) and M + 2N - 2 cycles that inject the M activation beats,
 * skewed by row, until the last column has summed the last beat; then
 * bubble cycles up to C, which stand for the tile's reset, bias, drain and
 * longer flush (C is the lockstep's cycle count of the same vector, from
 * the runner). The bias is the accumulators' initial value. No protocol,
 * no state machine, no valid bits, no gated product register, no counters,
 * no probes: a lower bound for a cycle-by-cycle simulation of this tile.
 *
 * After each run the accumulators are checked against the vector's
 * expected C (itself checked first against the functional reference,
 * cmodel/stc_ref.h), so a broken loop is never timed as a fast one.
 *
 * Exit status: 0 the results match, 1 they do not, 2 bad input.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stc_cli.h"
#include "stc_ref.h"
#include "stc_vec.h"

#define SOL_N 16
#define SOL_LANE 4 /* activations a PE's mux chooses from (2:4: a group) */

/* The array's registers, flat. */
typedef struct sol_array {
    int8_t w[SOL_N][SOL_N];
    uint8_t idx[SOL_N][SOL_N];
    int8_t act[SOL_N][SOL_N][SOL_LANE];
    uint32_t psum[SOL_N][SOL_N];
} sol_array;

typedef struct sol_args {
    uint64_t cycles; /* 0: the loop's own minimum */
    uint64_t reps;
    const char *path;
} sol_args;

enum { OPT_CYCLES = 1, OPT_REPS };

static const stc_opt sol_opts[] = {
    {OPT_CYCLES, "cycles", 0, "C",
     "simulated cycles of one run (default: the fewest the loop needs);\n"
     "make bench gives the lockstep's count of the same vector"},
    {OPT_REPS, "reps", 0, "R", "run the vector R times in a row (default 1)"},
    {0, NULL, 0, NULL, NULL},
};

static const stc_cmd sol_cmd = {
    "stc_sol",
    "[--cycles C] [--reps R] VECTOR.vec",
    "Speed-of-light reference of make bench: the N=16 array's datapath alone (4:1 mux,\n"
    "INT8 multiply when nonzero, INT32 add, systolic shifts) as a plain C loop, C cycles\n"
    "per run on the vector's data; checks the result rows against the vector's C.",
    {sol_opts},
    "prints: sol N=16: R runs of C cycles, R*C cycles in T s CPU (X cycles/s)",
    "0 results match, 1 they do not, 2 bad input",
};

/* Applies one option (stc_cli_apply_fn). */
static int sol_option(void *ctx, int id, const char *val)
{
    sol_args *a = ctx;
    if (id == OPT_CYCLES)
        return stc_cli_number(&sol_cmd, "cycles", val, 1, UINT64_C(1) << 40, &a->cycles);
    return stc_cli_number(&sol_cmd, "reps", val, 1, 1000000, &a->reps);
}

/* Returns 0, STC_CLI_HELP or STC_CLI_ERROR. */
static int sol_parse(sol_args *a, int argc, char **argv)
{
    int first = argc;
    memset(a, 0, sizeof *a);
    a->reps = 1;
    int rc = stc_cli_parse(&sol_cmd, argc, argv, sol_option, a, &first);
    if (rc)
        return rc;
    if (first == argc)
        return stc_cli_error(&sol_cmd, "no vector file given");
    if (first + 1 < argc)
        return stc_cli_error(&sol_cmd, "more than one vector file");
    a->path = argv[first];
    return 0;
}

/* One clock cycle of the whole array. Rows are walked bottom-up so that
 * psum[r - 1] is still last cycle's when row r adds it. */
static void sol_cycle(sol_array *s, const int8_t lanes[SOL_N][SOL_LANE])
{
    for (unsigned r = 0; r < SOL_N; r++) {
        memmove(s->act[r][1], s->act[r][0], sizeof s->act[r] - sizeof s->act[r][0]);
        memcpy(s->act[r][0], lanes[r], sizeof s->act[r][0]);
    }
    for (unsigned r = SOL_N; r-- > 0;) {
#pragma GCC unroll 16
        for (unsigned n = 0; n < SOL_N; n++) {
            int w = s->w[r][n], a = s->act[r][n][s->idx[r][n]];
            uint32_t p = w != 0 && a != 0 ? (uint32_t)(w * a) : 0;
            s->psum[r][n] = (r ? s->psum[r - 1][n] : 0) + p;
        }
    }
}

/* Weight row r of block b into PE row r: values and, in 2:4, the index of
 * the lo (even r) or hi (odd r) kept value of group r/2. */
static void sol_load_row(sol_array *s, const stc_vec *v, unsigned b, unsigned r)
{
    for (unsigned n = 0; n < SOL_N; n++) {
        s->w[r][n] = v->w[(size_t)(b * SOL_N + r) * SOL_N + n];
        unsigned nib = v->mode24 ? (v->meta[b * SOL_N + n] >> (4 * (r / 2))) & 0xFu : 0;
        s->idx[r][n] = (uint8_t)((r % 2 ? nib >> 2 : nib) & 3u);
    }
}

/* The lanes entering column 0 in cycle c of block b's pass: row r takes
 * beat c - r (a bubble outside 0..M-1); dense: A[m][b*N + r] in slot 0,
 * 2:4: the group A[m][b*2N + 4*(r/2) + 0..3]. */
static void sol_lanes(const stc_vec *v, unsigned b, unsigned c, int8_t lanes[SOL_N][SOL_LANE])
{
    memset(lanes, 0, SOL_N * SOL_LANE);
    for (unsigned r = 0; r < SOL_N && r <= c; r++) {
        unsigned m = c - r;
        if (m >= v->m)
            continue;
        const int8_t *row = v->a + (size_t)m * v->k;
        if (v->mode24)
            memcpy(lanes[r], row + b * 2 * SOL_N + 4 * (r / 2), SOL_LANE);
        else
            lanes[r][0] = row[b * SOL_N + r];
    }
}

static unsigned sol_passes(const stc_vec *v)
{
    unsigned passes = 0;
    for (unsigned b = 0; b < stc_vec_nblk(v); b++)
        passes += !(v->skip >> b & 1);
    return passes;
}

/* The fewest cycles the loop needs: N + M + 2N - 2 per loaded block. */
static uint64_t sol_min_cycles(const stc_vec *v)
{
    return (uint64_t)sol_passes(v) * (3 * SOL_N + v->m - 2);
}

/* One run of the vector in exactly `cycles` array cycles (at least
 * sol_min_cycles), the result in acc (M x N). */
static void sol_run(sol_array *s, const stc_vec *v, uint64_t cycles, uint32_t *acc)
{
    static const int8_t bubble[SOL_N][SOL_LANE];
    int8_t lanes[SOL_N][SOL_LANE];
    uint64_t used = 0;
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < (size_t)v->m * SOL_N; i++)
        acc[i] = v->has_bias ? (uint32_t)v->bias[i] : 0;
    for (unsigned b = 0; b < stc_vec_nblk(v); b++) {
        if (v->skip >> b & 1)
            continue;
        for (unsigned r = 0; r < SOL_N; r++, used++) {
            sol_load_row(s, v, b, r);
            sol_cycle(s, bubble);
        }
        /* Beat m reaches the bottom of column n in cycle m + N - 1 + n. */
        for (unsigned c = 0; c < v->m + 2 * SOL_N - 2; c++, used++) {
            sol_lanes(v, b, c, lanes);
            sol_cycle(s, lanes);
            for (unsigned n = 0; n < SOL_N; n++) {
                unsigned m = c - (SOL_N - 1) - n; /* wraps high before the first beat */
                if (m < v->m)
                    acc[(size_t)m * SOL_N + n] += s->psum[SOL_N - 1][n];
            }
        }
    }
    for (; used < cycles; used++)
        sol_cycle(s, bubble);
}

/* 0 if acc is the vector's C, else 1 after naming the first difference. */
static int sol_check(const stc_vec *v, const uint32_t *acc, uint64_t rep)
{
    for (size_t i = 0; i < (size_t)v->m * SOL_N; i++) {
        if (stc_ref_wrap32(acc[i]) != v->c[i]) {
            fprintf(stderr,
                    "stc_sol: run %" PRIu64 ": C row %zu, column %zu is %" PRId32
                    ", expected %" PRId32 "\n",
                    rep + 1, i / SOL_N, i % SOL_N, stc_ref_wrap32(acc[i]), v->c[i]);
            return 1;
        }
    }
    return 0;
}

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Reads the vector and checks what the loop needs of it; 0 or 2. */
static int sol_open(sol_args *a, stc_vec *v)
{
    char err[STC_VEC_ERR_MAX];
    if (stc_vec_read(a->path, v, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_sol: %s\n", err);
        return 2;
    }
    int rc = 0;
    if (v->n != SOL_N) {
        fprintf(stderr, "stc_sol: %s: n is %u; this loop is the N=%d tile's\n", a->path, v->n,
                SOL_N);
        rc = 2;
    } else if (stc_vec_check_expected(v, err, sizeof err) != STC_OK) {
        fprintf(stderr, "stc_sol: %s: %s\n", a->path, err);
        rc = 2;
    } else if (a->cycles == 0) {
        a->cycles = sol_min_cycles(v);
    } else if (a->cycles < sol_min_cycles(v)) {
        fprintf(stderr,
                "stc_sol: --cycles %" PRIu64 ": the loop needs at least %" PRIu64
                " cycles for %s\n",
                a->cycles, sol_min_cycles(v), a->path);
        rc = 2;
    }
    if (rc)
        stc_vec_free(v);
    return rc;
}

int main(int argc, char **argv)
{
    sol_args a;
    stc_vec v;
    int rc = sol_parse(&a, argc, argv);
    if (rc)
        return rc == STC_CLI_HELP ? 0 : 2;
    if (sol_open(&a, &v) != 0)
        return 2;
    sol_array *s = malloc(sizeof *s);
    uint32_t *acc = malloc((size_t)v.m * SOL_N * sizeof *acc);
    if (!s || !acc) {
        fprintf(stderr, "stc_sol: out of memory\n");
        rc = 2;
    }
    double t0 = cpu_seconds();
    for (uint64_t i = 0; rc == 0 && i < a.reps; i++) {
        sol_run(s, &v, a.cycles, acc);
        rc = sol_check(&v, acc, i);
    }
    double t = cpu_seconds() - t0;
    if (rc == 0)
        printf("sol N=%d: %" PRIu64 " runs of %" PRIu64 " cycles, %" PRIu64
               " cycles in %.3f s CPU (%.0f cycles/s)\n",
               SOL_N, a.reps, a.cycles, a.reps * a.cycles, t,
               t > 0 ? (double)(a.reps * a.cycles) / t : 0.0);
    free(acc);
    free(s);
    stc_vec_free(&v);
    return rc;
}
