# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_energy.awk - the report's one energy model, shared by every section
# that turns the tile's counters into joules (report_analyze.awk for the
# sparsity sweep, report_moe.awk, report_act.awk). Load it first:
#   awk -F, -f scripts/report_energy.awk -f scripts/report_analyze.awk ...
#
# Per-event energies (45 nm, Horowitz, ISSCC 2014 "Computing's energy problem"):
#   E_MUL8  = 0.2  pJ, INT8 multiply
#   E_ADD8  = 0.03 pJ, 8-bit add: stands for the per-PE zero detect that gates
#   E_ADD32 = 0.1  pJ, 32-bit add: psum add of a MAC, accumulator add
#   E_SRAM  = 1.25 pJ per byte of SRAM access (the issue's figure; an assumption)
#   actual MAC     E_MUL8 + E_ADD32 + E_ADD8 (zero detect)
#   gated MAC      E_ADD8 only (multiplier and adder idle: an ideal gate)
#   skipped MAC    0 (never issued)
#   accumulator    E_ADD32 per column per streamed row per pass (passes*M*N)
#   SRAM           E_SRAM x (w_bytes + meta_bytes + a_bytes + result bytes 4*M*N
#                  + bias bytes 4*M*N when bias)
#   Not modelled: register and wire energy of the systolic shifts, control,
#   clock tree, leakage (which would scale with cycles).
BEGIN {
    E_MUL8 = 0.2; E_ADD8 = 0.03; E_ADD32 = 0.1; E_SRAM = 1.25
}

# Energy in pJ of one command from its counters; also sets the parts:
# EN_MAC, EN_ZERO, EN_ACC, EN_SW, EN_SM, EN_SA, EN_SC (pJ) and EN_CB (result
# and bias bytes).
function energy_pj(act, gat, passes, m, n, wb, mb, ab, bias) {
    EN_MAC = act * (E_MUL8 + E_ADD32)
    EN_ZERO = (act + gat) * E_ADD8
    EN_ACC = passes * m * n * E_ADD32
    EN_CB = 4 * m * n * (1 + bias)
    EN_SW = wb * E_SRAM; EN_SM = mb * E_SRAM
    EN_SA = ab * E_SRAM; EN_SC = EN_CB * E_SRAM
    return EN_MAC + EN_ZERO + EN_ACC + EN_SW + EN_SM + EN_SA + EN_SC
}

# What gating spared a command: its gated MACs' multiply and add, in pJ.
function energy_gated_saved_pj(gat) { return gat * (E_MUL8 + E_ADD32) }
