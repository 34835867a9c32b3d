// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * fuzz_mains.h - prototypes of the command-line tools' mains, compiled into
 * the fuzz harness under other names (-Dmain=stc_vecgen_main, ...).
 */
#ifndef FUZZ_MAINS_H
#define FUZZ_MAINS_H

int stc_vecgen_main(int argc, char **argv);
int stc_vecdump_main(int argc, char **argv);

#endif
