// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * rtl_double.h - a test double of the Verilated RTL (sim/core/stc_rtl.h)
 * for the unit tests of the harness: a second instance of the golden model
 * behind the stc_rtl interface, at N=4, with one fault that a test can
 * plant (a flipped bit of one probe or output from a given clock edge on).
 * It lets the lockstep loop, the host, the compare, the coverage hook and
 * the trace writer run without Verilator, and proves they see a planted
 * difference where it is.
 */
#ifndef RTL_DOUBLE_H
#define RTL_DOUBLE_H

#include <stdint.h>

#include "stc_rtl.h"

typedef enum rtl_fault_kind {
    RTL_FAULT_NONE,
    RTL_FAULT_PE_PROD,   /* probe pe_prod[row][col], bit `bit` */
    RTL_FAULT_RES_DATA,  /* output res_data[col] while res_valid, bit `bit` */
    RTL_FAULT_CNT,       /* probe cnt[row], bit `bit` */
    RTL_FAULT_RES_VALID, /* output res_valid forced low while high (res_data 0) */
    RTL_FAULT_PROD_SEEN, /* probe pe_prod[row][col], bit `bit`, flipped whenever that
                            product is nonzero: a fault that follows the data, so a
                            smaller vector keeps it as long as that PE multiplies */
    /* err_o against the rule table of docs/architecture.md (`bit` is a
     * number of cycles here): */
    RTL_FAULT_ERR_LATE,       /* err_o rises `bit` cycles after the model's, falls with it */
    RTL_FAULT_ERR_DROP,       /* err_o falls after `bit` cycles high (not sticky) */
    RTL_FAULT_ERR_HOLD,       /* err_o stays 1 `bit` cycles after the model's falls
                                 (not cleared by a command transfer or a reset) */
    RTL_FAULT_ERR_SPURIOUS,   /* err_o 1 for one cycle with no fault: the first one
                                 from from_tick on, two cycles into a busy stretch
                                 of the model with err_o 0 */
    RTL_FAULT_RES_DATA_IDLE,  /* res_data[col] = 1 << bit while res_valid is 0 */
    RTL_FAULT_RES_DATA_WAIT,  /* res_data[col] bit `bit` flipped while a row waits for
                                 res_ready (res_valid held after a cycle without
                                 ready): the payload moves under backpressure */
    RTL_FAULT_RES_VALID_WAIT, /* res_valid 0 (res_data 0) while a row waits for res_ready:
                                 it falls before the row is taken */
    RTL_FAULT_RES_SPURIOUS,   /* a result row (res_valid 1, res_data[0] = 0x55) for one
                                 cycle while idle: the first idle cycle from from_tick */
    RTL_FAULT_ASSERT,         /* the RTL's own assertion fails at the edge of from_tick */
    RTL_FAULT_W_PAUSE,        /* w_ready 0 (the model sees no weight) from from_tick for
                                 `bit` cycles: the tile is that much later, nothing else */
    RTL_FAULT_W_STUCK,        /* w_ready never 1 (the model never sees a weight: a hang) */
    RTL_FAULT_NO_CNT,         /* no counters: cnt reads 0, stc_rtl_has_counters false */
    RTL_FAULT_READY_COMB,     /* w_ready follows w_valid of the same cycle (an
                                 input-to-output path; needs the settled outputs) */
    RTL_FAULT_PE_FLAG,        /* probe pe_v, pe_en, pe_en_q or pe_pv (`bit` 0..3) [row][col] */
    RTL_FAULT_PE_IDX,         /* probe pe_idx[row][col], bit `bit` (0 or 1) */
    RTL_FAULT_PE_W,           /* probe pe_w[row][col], bit `bit` */
    RTL_FAULT_ERR_IDLE_DROP,  /* err_o 1 only while busy_o: it falls once a faulty
                                 command's last row is taken, before the next command
                                 transfer (not sticky while idle) */
    RTL_FAULT_ERR_LAST_ROW,   /* res_data[col] bit `bit` flipped in the last result row
                                 of a command while err_o is 1 (a faulty command's) */
    RTL_FAULT_CYCLES_KEEP,    /* the cycles counter is not cleared by a command transfer:
                                 it reads the model's plus every earlier command's */
    RTL_FAULT_CYCLES_IDLE,    /* the cycles counter counts on in IDLE after a command */
    RTL_FAULT_SLOW,           /* bias_ready, w_ready and a_ready 1 only every `bit`-th
                                 cycle (the model sees no beat in the others): a tile
                                 `bit` times slower per row, correct at txn */
    RTL_FAULT_STALL_ALL,      /* stall_cycles reads cycles: every busy cycle counted as a
                                 stall, the bound of the txn rule stall_cycles <= cycles */
} rtl_fault_kind;

typedef struct rtl_fault {
    rtl_fault_kind kind;
    unsigned row, col, bit;
    uint64_t from_tick; /* the fault shows from this many clock edges on */
} rtl_fault;

#define RTL_DOUBLE_N 4

void rtl_double_plant(stc_rtl *r, const rtl_fault *f);

/* A probe record's n x n per-PE probes laid out as a Verilated model of
 * the stock tile keeps them (stc_pe_grids: packed vectors, PE i = r*n + c;
 * the four flags at bit i % 8 of byte i / 8, the mux select at bits
 * 2*(i % 4) and 2*(i % 4) + 1 of byte i / 4, the weight in byte i, the
 * rest in word i): what the double offers as its grids, and what the
 * tests compare the golden model's with. */
typedef struct rtl_flat_grids {
    uint8_t v[STC_N_MAX * STC_N_MAX / 8], en[STC_N_MAX * STC_N_MAX / 8];
    uint8_t en_q[STC_N_MAX * STC_N_MAX / 8], pv[STC_N_MAX * STC_N_MAX / 8];
    uint8_t w[STC_N_MAX * STC_N_MAX], idx[STC_N_MAX * STC_N_MAX / 4];
    uint32_t act[STC_N_MAX * STC_N_MAX], prod[STC_N_MAX * STC_N_MAX];
    uint32_t psum[STC_N_MAX * STC_N_MAX];
} rtl_flat_grids;

/* Fills g from pr's n x n per-PE probes (the rest of g zero). */
void rtl_flat_grids_of(const stc_probes *pr, unsigned n, rtl_flat_grids *g);
stc_pe_grids rtl_flat_grids_view(const rtl_flat_grids *g);

/* The vectors of g for an n x n tile each copied to the end of a page of
 * its own, the page after it unreadable: ceil(n*n*W / 8) bytes for W bits
 * a PE, the least a Verilated model's storage holds, so a compare or an
 * unpack that reads a byte past a vector's last PE crashes the test. */
typedef struct rtl_tight_grids {
    stc_pe_grids view;                     /* the copies */
    uint8_t *v, *en, *en_q, *pv, *w, *idx; /* the same, writable */
    uint32_t *act, *prod, *psum;
    void *pages[9];
} rtl_tight_grids;

void rtl_tight_grids_make(const rtl_flat_grids *g, unsigned n, rtl_tight_grids *t);
void rtl_tight_grids_free(rtl_tight_grids *t);

/* Whether the double offers its per-PE probes as grids (stc_rtl_pe_grids,
 * compared in place by the lockstep, as a Verilated model of the stock
 * tile does; the default) or only through stc_rtl_probe (as a build with
 * dbg_pe_* ports does). */
void rtl_double_grids(stc_rtl *r, bool on);

#endif
