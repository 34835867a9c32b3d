// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_tile.h - golden cycle-accurate model of the STC sparse tensor tile.
 *
 * The model implements docs/architecture.md and nothing else. It is stepped
 * one clock at a time with the same input signals the RTL sees, so the two
 * can run in lockstep. All outputs are Moore outputs: stc_tile_eval() reads
 * registered state only, stc_tile_step() is the rising clock edge.
 *
 * Signal names mirror the RTL ports (without the _i/_o suffixes); encodings
 * are the RTL's too (cmd_m is M - 1, cmd_nblk is nblk - 1).
 */
#ifndef STC_TILE_H
#define STC_TILE_H

#include <stdbool.h>
#include <stdint.h>

#include "stc_status.h"

#define STC_N_MAX 16      /* largest supported array size */
#define STC_KB_MAX_MAX 64 /* largest supported KB_MAX (skip bitmap is 64 bits) */
#define STC_NUM_COUNTERS 9

/* Controller states, encoded as in the RTL's state_q. */
enum stc_state {
    STC_ST_IDLE = 0,
    STC_ST_BIAS = 1,
    STC_ST_LOAD = 2,
    STC_ST_STREAM = 3,
    STC_ST_FLUSH = 4,
    STC_ST_DRAIN = 5
};

/* Counter indices, in the order of docs/architecture.md section 7 and of
 * the RTL's dbg_cnt_o. */
enum stc_counter {
    STC_CNT_CYCLES = 0,
    STC_CNT_STALL_CYCLES,
    STC_CNT_MACS_ALG,
    STC_CNT_MACS_ACTUAL,
    STC_CNT_MACS_GATED,
    STC_CNT_MACS_SKIPPED,
    STC_CNT_W_BYTES,
    STC_CNT_META_BYTES,
    STC_CNT_A_BYTES
};

/* Micro-architectures (docs/architecture.md section 11): the same ports
 * and transactions, other timing. The value is the RTL's WBUF - 1. */
typedef enum stc_uarch {
    STC_UARCH_BASE = 0, /* one weight buffer: LOAD, STREAM, FLUSH per pass */
    STC_UARCH_DBUF = 1, /* double-buffered weights: the next pass loads meanwhile */
    STC_UARCH_COUNT
} stc_uarch;

/* Compile-time parameters of the RTL, chosen at model creation. */
typedef struct stc_params {
    unsigned n;      /* array size, even, 4..STC_N_MAX */
    unsigned m_max;  /* accumulator rows, power of two, >= n */
    unsigned kb_max; /* skip bitmap width, power of two, 2..64 */
    stc_uarch uarch; /* micro-architecture (0, base, when left out) */
} stc_params;

/* "base", "dbuf"; NULL for a value out of range. */
const char *stc_uarch_name(stc_uarch u);
/* The micro-architecture called name; STC_EPARAM for an unknown name. */
stc_status stc_uarch_parse(const char *name, stc_uarch *out);

/* Input signals of one clock cycle. */
typedef struct stc_inputs {
    bool rst_n;

    bool cmd_valid;
    bool cmd_mode;     /* 0 dense, 1 2:4 */
    uint32_t cmd_m;    /* M - 1 */
    uint32_t cmd_nblk; /* nblk - 1 */
    uint64_t cmd_skip;
    bool cmd_bias;

    bool bias_valid;
    int32_t bias_data[STC_N_MAX];

    bool w_valid;
    int8_t w_data[STC_N_MAX];
    uint8_t w_meta[STC_N_MAX]; /* one nibble per column, low 4 bits used */

    bool a_valid;
    int8_t a_data[2 * STC_N_MAX];

    bool res_ready;
} stc_inputs;

/* Output ports of one clock cycle (functions of registered state only). */
typedef struct stc_outputs {
    bool cmd_ready;
    bool bias_ready;
    bool w_ready;
    bool a_ready;
    bool res_valid;
    int32_t res_data[STC_N_MAX];
    bool busy;
    bool err;
} stc_outputs;

/* Internal probes, the RTL's dbg_*_o ports. Arrays are [row][column]. */
typedef struct stc_probes {
    uint8_t state;
    uint32_t blk;
    uint32_t beat;
    bool err;

    bool pe_v[STC_N_MAX][STC_N_MAX];
    bool pe_en[STC_N_MAX][STC_N_MAX]; /* combinational gate enable */
    bool pe_en_q[STC_N_MAX][STC_N_MAX];
    bool pe_pv[STC_N_MAX][STC_N_MAX];
    int8_t pe_w[STC_N_MAX][STC_N_MAX];
    uint8_t pe_idx[STC_N_MAX][STC_N_MAX];
    uint32_t pe_act[STC_N_MAX][STC_N_MAX]; /* slot s at bits [8s+7:8s] */
    int32_t pe_prod[STC_N_MAX][STC_N_MAX];
    int32_t pe_psum[STC_N_MAX][STC_N_MAX];

    bool bot_v[STC_N_MAX];
    bool acc_we[STC_N_MAX];
    uint32_t acc_row[STC_N_MAX];
    int32_t acc_wdata[STC_N_MAX];

    uint32_t cnt[STC_NUM_COUNTERS];
} stc_probes;

typedef struct stc_tile stc_tile;

/* Checks a parameter set; STC_OK or STC_EPARAM. */
stc_status stc_params_check(const stc_params *p);

/* Creates a model in its reset state. *out is NULL on error. */
stc_status stc_tile_create(const stc_params *p, stc_tile **out);
void stc_tile_destroy(stc_tile *t);

const stc_params *stc_tile_params(const stc_tile *t);

/* Puts every state element to its reset value (same as an edge with
 * rst_n == 0). */
void stc_tile_reset(stc_tile *t);

/* Output ports for the current cycle. */
void stc_tile_eval(const stc_tile *t, stc_outputs *out);

/* Internal probes for the current cycle: every field, the entries outside
 * the n x n array zero. */
void stc_tile_probe(const stc_tile *t, stc_probes *pr);

/* The same for a record that already holds zeros outside the n x n array
 * and in its padding (zeroed once, then only ever updated by this call): it
 * writes the array's entries and the other fields and leaves the rest, which
 * saves clearing the 16 x 16 grids every cycle when n < 16. The lockstep's
 * per-cycle probe. */
void stc_tile_probe_update(const stc_tile *t, stc_probes *pr);

/* stc_tile_probe_update for a record whose per-PE grids last showed this
 * tile at grid generation gen (0: never; the value an earlier call
 * returned). The generation changes with every edge that may change a
 * per-PE probe (an array edge, a weight write or swap, a reset), so while
 * it holds, as through a long hold with the array idle, the grids are
 * left as they are and only the other probes are written. Returns the
 * current generation, never 0. */
uint64_t stc_tile_probe_since(const stc_tile *t, stc_probes *pr, uint64_t gen);

/* The probes other than the per-PE grids (controller, column bottoms,
 * accumulator write ports, counters), written into pr; its grids are left
 * as they are. */
void stc_tile_probe_scalars(const stc_tile *t, stc_probes *pr);

/* The per-PE probes of an n x n tile as one packed vector each, PE (r, c)
 * being PE i = r*n + c: Verilator's layout of the PE array's registers
 * (sim/core/stc_pe_probes.vlt: a packed vector of N*N fields, field i at
 * bits [W*i +: W], stored little-endian whatever its C type, so bit b of
 * the vector is bit b % 8 of byte b / 8), which is also the layout of the
 * dbg_pe_* ports:
 *   v, en, en_q, pv  one bit per PE: PE i at bit i % 8 of byte i / 8;
 *   idx              two bits per PE: PE i at bits 2*(i % 4) and
 *                    2*(i % 4) + 1 of byte i / 4;
 *   w                a byte per PE (its two's complement): byte i;
 *   act, prod, psum  a 32-bit word per PE: word i.
 * A vector holds ceil(n*n*W / 8) bytes or more; the bits past the last
 * PE's are not read as probes. */
typedef struct stc_pe_grids {
    const uint8_t *v, *en, *en_q, *pv, *w, *idx;
    const uint32_t *act, *prod, *psum;
} stc_pe_grids;

/* Whether the tile's per-PE probes of the current cycle equal g's, read
 * where both lie: what the lockstep's compare needs every cycle, without
 * building either side's probe record (stc_tile_probe_since builds the
 * model's when a difference is to be named). */
bool stc_tile_grids_equal(const stc_tile *t, const stc_pe_grids *g);

/* Rising clock edge with the inputs held during the current cycle. */
void stc_tile_step(stc_tile *t, const stc_inputs *in);

/* Reads accumulator bank entry (column n, row m); for tests and debug. */
int32_t stc_tile_acc(const stc_tile *t, unsigned n, unsigned m);

#endif
