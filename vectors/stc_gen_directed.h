// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_gen_directed.h - directed vectors for the functional coverage bins
 * that random generation does not reach reliably (docs/verification-
 * hardening.md, section 1): eight skip-list patterns in dense and 2:4,
 * 63 of 64 blocks skipped, and corner-wrap with its columns rotated so
 * that every column wraps the other way. Written by stc_vecgen --directed.
 */
#ifndef STC_GEN_DIRECTED_H
#define STC_GEN_DIRECTED_H

#include <stddef.h>

#include "stc_status.h"

/* Writes the directed vectors for array size n into dir (named
 * extra-skip-*.vec and extra-wrap-*.vec), through the atomic writer; sets
 * *count to the number written. Returns STC_OK or an error in err. */
stc_status stc_gen_directed(const char *dir, unsigned n, unsigned *count, char *err, size_t errlen);

#endif
