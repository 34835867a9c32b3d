// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_rng.c - splitmix64 and xoshiro256** (see stc_rng.h).
 */
#include "stc_rng.h"

uint64_t stc_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void stc_rng_seed(stc_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (unsigned i = 0; i < 4; i++)
        r->s[i] = stc_splitmix64(&x);
}

static uint64_t stc_rotl(uint64_t x, unsigned k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t stc_rng_next(stc_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = stc_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = stc_rotl(s[3], 45);
    return result;
}

uint32_t stc_rng_below(stc_rng *r, uint32_t bound)
{
    /* Reject the top partial copy of [0, bound) so every value is equally
     * likely; bound 0 or 1 has a single answer. */
    if (bound <= 1)
        return 0;
    uint32_t limit = UINT32_MAX - UINT32_MAX % bound;
    for (;;) {
        uint32_t x = (uint32_t)(stc_rng_next(r) >> 32);
        if (x < limit)
            return x % bound;
    }
}

int8_t stc_rng_i8(stc_rng *r)
{
    return (int8_t)((int)stc_rng_below(r, 256) - 128);
}
