// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * tile_driver.h - the unit tests' own host of the golden model
 * (cmodel/stc_tile.h): one command's operands, made from a seed, and the
 * host of docs/architecture.md section 10 that offers them to the tile a
 * cycle at a time and records what it sees. test_tile.c and
 * test_accounting.c both drive the model through it.
 *
 * It is deliberately not sim/core/stc_host.c, the harness's host. The
 * unit tests check the model against values derived by hand or from the
 * closed forms of the document, written in the tests themselves; stc_host
 * carries its own closed forms and checks, and is itself under test
 * (test_lockstep.c). A test that drove the model through stc_host would
 * check one implementation of the document against another that shares
 * its assumptions. So this driver only moves data and observes: it knows
 * the order of beats (section 10) and asserts only the handshake rules it
 * relies on (busy while a command is in flight, no command taken then,
 * IDLE right after the last result), never an expected result, cycle count
 * or counter value: those stay in the tests.
 *
 * Prefix td_. Every run is explicit state (td_run); randomness comes from
 * common/stc_rng.h seeded by the caller.
 */
#ifndef TILE_DRIVER_H
#define TILE_DRIVER_H

#include <stdbool.h>
#include <stdint.h>

#include "stc_rng.h"
#include "stc_tile.h"

/* The six legal nibbles in the order of the table of section 2. */
extern const uint8_t td_legal_codes[6];

/* How to make one command's operands. */
typedef struct td_spec {
    unsigned n; /* array size */
    bool sparse;
    unsigned m, nblk;
    uint64_t skip; /* as sent on cmd_skip; bits >= nblk are not blocks */
    bool bias;
    unsigned pz[2]; /* chance of a zero in A [0] and W [1], percent */
    uint8_t code;   /* 2:4: this legal nibble in every group; 0: a random legal one each */
    uint64_t seed;
} td_spec;

/* One command's operands. Skipped blocks have an all-zero W (section 3). */
typedef struct td_job {
    unsigned n, m, nblk;
    unsigned kd, k; /* rows of dense W per block, in all */
    bool sparse, bias;
    uint64_t skip;  /* as sent on cmd_skip */
    int8_t *a;      /* m x k */
    int8_t *wd;     /* the dense W the tile computes with, k x n */
    int8_t *wk;     /* the weight rows the host sends, (nblk * n) x n */
    uint8_t *nib;   /* 2:4: nib[(b * n/2 + g) * n + col] */
    int32_t *biasv; /* m x n */
} td_job;

void td_job_make(td_job *j, const td_spec *s);
void td_job_free(td_job *j);

/* Whether block b (< nblk) is skipped, and how many blocks are not. */
bool td_job_skipped(const td_job *j, unsigned b);
unsigned td_job_passes(const td_job *j);

/* Group g of block b, column col gets nibble nib and kept values lo, hi.
 * The dense W follows the PE decode of section 2 (PE(2g) multiplies the
 * activation at nib[1:0], PE(2g+1) the one at nib[3:2]), which for an
 * illegal nibble with equal indices puts both values on one position. */
void td_set_group(td_job *j, unsigned b, unsigned g, unsigned col, uint8_t nib, int8_t lo,
                  int8_t hi);

/* How the host behaves. All zero: an ideal host, idle ports quiet. */
typedef struct td_opts {
    unsigned stall_pct;  /* chance of withholding valid / ready per cycle, percent */
    uint64_t seed;       /* stall and noise stream */
    bool noise;          /* random data on every idle port, random valid where the tile
                            is not ready, random res_ready outside the result phase */
    bool junk;           /* don't-care inputs carry junk: cmd_skip bits >= nblk set,
                            w_meta 0xF where not sampled, a_data lanes >= kd 0x5A,
                            res_ready high outside the result phase */
    bool hold;           /* cmd_valid with the next command stays high while busy */
    unsigned max_cycles; /* stop early (0: run to completion) */
    stc_probes *trace;   /* optional: probes of every cycle */
    unsigned trace_cap;
} td_opts;

#define TD_NONE 0xFFFFFFFFu /* no such cycle */

/* What the host saw of one command. td_begin() clears everything but c
 * and a_cycle, which the caller provides. */
typedef struct td_obs {
    int32_t *c;                     /* m x n results from res_data */
    unsigned *a_cycle;              /* optional: cycle of each activation transfer,
                                       [pass * m + row] */
    unsigned cmd_cycle;             /* cycle of the command transfer */
    unsigned idle_cycle;            /* the cycle after the last result transfer */
    unsigned err_rise;              /* first busy cycle with err_o = 1, or TD_NONE */
    unsigned stalls;                /* cycles the host withheld a beat the tile was ready for */
    bool done;                      /* all results taken */
    bool err_seen;                  /* err_o in some cycle up to the last result */
    bool err_start;                 /* err_o in the cycle after the command transfer */
    bool err_end;                   /* err_o in idle_cycle */
    uint32_t cnt[STC_NUM_COUNTERS]; /* counters in idle_cycle */
} td_obs;

/* Allocates ob->c for j's results (and nothing else). */
void td_obs_init(td_obs *ob, const td_job *j);

enum td_phase { TD_CMD, TD_BIAS, TD_W, TD_A, TD_RES };

/* One host driving one tile through jobs[0..njobs-1] back to back, a cycle
 * at a time (so that two can interleave). The fields are the driver's;
 * cycle is the number of cycles driven. */
typedef struct td_run {
    stc_tile *t;
    const td_job *jobs;
    td_obs *obs;
    unsigned njobs;
    const td_opts *op;
    stc_rng r;
    unsigned cycle;
    unsigned cur;     /* command in flight (or waiting to be sent) */
    enum td_phase ph; /* the host's phase for jobs[cur] */
    unsigned i, blk;  /* beat within the phase, current block */
    unsigned pass;    /* blocks of jobs[cur] done */
    bool ended;       /* jobs[cur] took its last result in the previous cycle */
} td_run;

/* The tile must be out of reset; op NULL is the ideal host. */
void td_begin(td_run *d, stc_tile *t, const td_job *jobs, td_obs *obs, unsigned njobs,
              const td_opts *op);
/* One cycle: outputs, checks, inputs, clock edge. False when finished. */
bool td_cycle(td_run *d);
/* Records the probes of the last cycle in the trace, if any. */
void td_end(td_run *d);
/* begin, every cycle, end; returns the number of cycles driven. */
unsigned td_drive(stc_tile *t, const td_job *jobs, td_obs *obs, unsigned njobs, const td_opts *op);

#endif
