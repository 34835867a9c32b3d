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
    RTL_FAULT_RES_VALID, /* output res_valid forced low while high */
    RTL_FAULT_PROD_SEEN, /* probe pe_prod[row][col], bit `bit`, flipped whenever that
                            product is nonzero: a fault that follows the data, so a
                            smaller vector keeps it as long as that PE multiplies */
} rtl_fault_kind;

typedef struct rtl_fault {
    rtl_fault_kind kind;
    unsigned row, col, bit;
    uint64_t from_tick; /* the fault shows from this many clock edges on */
} rtl_fault;

#define RTL_DOUBLE_N 4

void rtl_double_plant(stc_rtl *r, const rtl_fault *f);

#endif
