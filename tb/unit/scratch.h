// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * scratch.h - private scratch directories for the unit tests (Criterion
 * runs the tests in parallel, so each takes its own).
 */
#ifndef STC_TB_SCRATCH_H
#define STC_TB_SCRATCH_H

#include <stddef.h>

/* A new directory /tmp/stc_test_TAG_XXXXXX, its path in dir. */
void tu_tmpdir(char *dir, size_t len, const char *tag);

/* Removes dir's files (it holds no subdirectories) and dir itself. */
void tu_rmdir(const char *dir);

#endif
