// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_tile.f - the sources of the tile (top module stc_tile), one path a
// line, from the repository root, in compile order: the file list for
// tools run from the root (verilator -f rtl/stc_tile.f, iverilog -c
// rtl/stc_tile.f, a commercial simulator's -f). rtl/rtl.mk reads its
// RTL_SRCS from here and scripts/area.sh its sources, so this is the one
// list. The benches' port list rtl/stc_tile_ports.svh is not a source.
rtl/stc_meta_decode.v
rtl/stc_clock_gate.v
rtl/stc_pe_array.v
rtl/stc_skew_buffer.v
rtl/stc_acc_bank.v
rtl/stc_ctrl.v
rtl/stc_tile.v
