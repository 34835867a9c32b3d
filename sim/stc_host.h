/*
 * stc_host.h - the host side of one command: it plays the DMA engine of
 * docs/architecture.md section 10 for a vector, offering every stream
 * (command, bias, weights with metadata, activations) and taking results,
 * each with its own seeded stall pattern.
 *
 * Each cycle the runner calls stc_host_drive() to get the inputs, lets the
 * tile produce its outputs, then stc_host_advance() to record which
 * transfers happened. Valid never depends on ready; stalls are drawn from
 * a seeded generator, so a (vector, seed, stall) triple replays exactly.
 */
#ifndef STC_HOST_H
#define STC_HOST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "stc_tile.h"
#include "stc_vec.h"

typedef struct stc_host {
    const stc_vec *v;
    unsigned kd;
    unsigned stall_pct; /* percent of cycles a source drops valid / the sink drops ready */
    uint64_t rng;       /* stall pattern */
    uint64_t junk;      /* payloads driven while valid is low, a separate stream so
                           that they do not move the stall pattern */

    unsigned blocks[STC_KB_MAX_MAX]; /* non-skipped blocks, in order */
    unsigned npass;

    bool meta_fault; /* drive an illegal nibble (0x0) on column 0 of the first
                        weight beat: the error path, not a valid command */
    bool cmd_sent;
    unsigned bias_sent, w_sent, a_sent, res_got; /* beats transferred so far */
    int32_t *res;                                /* m x n rows received */
} stc_host;

stc_status stc_host_init(stc_host *h, const stc_vec *v, unsigned stall_pct, uint64_t seed);
void stc_host_free(stc_host *h);

/* Inputs for the current cycle (rst_n = 1). */
void stc_host_drive(stc_host *h, stc_inputs *in);

/* Records the transfers of the current cycle, given the tile's outputs. */
void stc_host_advance(stc_host *h, const stc_inputs *in, const stc_outputs *out);

/* All M result rows received. */
bool stc_host_done(const stc_host *h);

/* Cycles of reset every run starts with. */
#define STC_RESET_CYCLES 2

/* Upper bound on the cycles a vector may take at a stall rate (reset
 * included), past which a run is declared hung. */
uint64_t stc_host_cycle_budget(const stc_vec *v, unsigned stall_pct);

/* Compares the received rows with the vector's expected C (the functional
 * reference); reports the first difference on log (may be NULL). */
bool stc_host_results_ok(const stc_host *h, FILE *log, const char *path);

/* Inputs with every valid and ready low (reset cycles, idle). */
void stc_host_idle_inputs(stc_inputs *in, bool rst_n);

#endif
