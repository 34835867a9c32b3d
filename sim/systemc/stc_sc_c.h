// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_sc_c.h - the C headers of cmodel/, vectors/ and sim/ that the SystemC
// sources use, all with C linkage (most of them have no extern "C" guard of
// their own). Include this before any other project header.
#ifndef STC_SC_C_H
#define STC_SC_C_H

extern "C" {
#include "stc_cli.h"
#include "stc_compare.h"
#include "stc_gen.h"
#include "stc_host.h"
#include "stc_step.h"
#include "stc_ports.h"
#include "stc_run_cli.h"
#include "stc_run_file.h"
#include "stc_run_report.h"
#include "stc_tile.h"
#include "stc_vec.h"
}

#endif
