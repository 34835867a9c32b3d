// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_ports.h - the tile's ports as word images: the one encoding of
 * docs/architecture.md sections 3 and 8 between the golden model's signal
 * structs and the RTL's port bits, shared by the Verilator shim and the
 * SystemC pins.
 *
 * A port image is an array of little-endian 32-bit words, bit i of the port
 * at bit i % 32 of word i / 32: the layout of Verilator's wide ports, and of
 * its narrow ones once widened to two words.
 */
#ifndef STC_PORTS_H
#define STC_PORTS_H

#include <stdint.h>

#include "stc_tile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The RTL parameters the encoding depends on. */
typedef struct stc_port_shape {
    unsigned n;      /* N */
    unsigned mw;     /* clog2(M_MAX) */
    unsigned kbw;    /* clog2(KB_MAX) */
    unsigned kb_max; /* KB_MAX, width of cmd_skip_i */
} stc_port_shape;

/* Every input port, masked to its width (the simulators expect the unused
 * bits of a port's C type to be clean). One-bit ports are 0 or 1. */
typedef struct stc_input_image {
    uint32_t rst_n, cmd_valid, cmd_mode, cmd_m, cmd_nblk, cmd_bias;
    uint32_t cmd_skip[2];
    uint32_t bias_valid, bias_data[STC_N_MAX];
    uint32_t w_valid, w_data[STC_N_MAX / 4], w_meta[STC_N_MAX / 8];
    uint32_t a_valid, a_data[STC_N_MAX / 2];
    uint32_t res_ready;
} stc_input_image;

void stc_ports_pack_inputs(const stc_port_shape *s, const stc_inputs *in, stc_input_image *img);

/* Read-only views of the output and debug ports, each pointing at the
 * port's words (at least two words for ports of 64 bits or less). */
typedef struct stc_output_view {
    uint32_t cmd_ready, bias_ready, w_ready, a_ready, res_valid, busy, err;
    const uint32_t *res_data;
} stc_output_view;

/* The per-PE probe ports' words; pe_v == NULL: no per-PE ports (the model
 * has them as vectors, stc_pe_grids), the update leaves those probes be. */
typedef struct stc_probe_view {
    uint32_t state, blk, beat, err;
    const uint32_t *pe_v, *pe_en, *pe_en_q, *pe_pv, *pe_w, *pe_idx;
    const uint32_t *pe_act, *pe_prod, *pe_psum;
    const uint32_t *bot_v, *acc_we, *acc_row, *acc_wdata, *cnt;
} stc_probe_view;

/* Fill every field for an n x n tile and zero the rest. */
void stc_ports_unpack_outputs(const stc_port_shape *s, const stc_output_view *v, stc_outputs *out);
void stc_ports_unpack_probes(const stc_port_shape *s, const stc_probe_view *v, stc_probes *pr);

/* stc_ports_unpack_probes for a record that already holds zeros outside the
 * n x n array and in its padding (zeroed once, then only ever updated by
 * this call): the per-cycle probe read of the lockstep, which then clears
 * nothing (at N=16 clearing the 4.6 KB record was a fifth of the unpack). */
void stc_ports_update_probes(const stc_port_shape *s, const stc_probe_view *v, stc_probes *pr);

/* The n x n per-PE probes of pr from the packed vectors a (the layout of
 * stc_pe_grids, which the dbg_pe_* ports share), in a record zeroed once as
 * for stc_ports_update_probes: the flags and mux selects unpacked to a byte
 * per PE, the rest copied a row at a time. The lockstep calls it only when
 * a cycle differs, to name the difference. */
void stc_ports_update_pe_arrays(unsigned n, const stc_pe_grids *a, stc_probes *pr);

#ifdef __cplusplus
}
#endif

#endif
