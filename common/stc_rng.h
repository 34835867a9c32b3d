// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_rng.h - the one pseudo-random number generator of the project: all
 * randomness (vectors, stall patterns, don't-care lanes, soak shapes) comes
 * from an explicit state seeded from a seed, never from rand() or global
 * state, so the same seed gives the same bytes.
 */
#ifndef STC_RNG_H
#define STC_RNG_H

#include <stdint.h>

/* splitmix64 (Steele, Lea, Flood 2014): one word of state, for the host's
 * stall and don't-care streams and for seeding xoshiro256**. */
uint64_t stc_splitmix64(uint64_t *state);

/* xoshiro256** (Blackman, Vigna 2018) state, seeded by splitmix64. */
typedef struct stc_rng {
    uint64_t s[4];
} stc_rng;

void stc_rng_seed(stc_rng *r, uint64_t seed);
uint64_t stc_rng_next(stc_rng *r);
/* Uniform in [0, bound), bound >= 1, without modulo bias. */
uint32_t stc_rng_below(stc_rng *r, uint32_t bound);
/* Uniform INT8, -128..127 (the vector generators' operands). */
int8_t stc_rng_i8(stc_rng *r);

#endif
