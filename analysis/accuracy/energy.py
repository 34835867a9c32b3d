# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The report's energy model (analysis/report/energy.py), for the accuracy pages.

This section uses the same numbers and the same formula as the rest of the
report, imported from the one model (45 nm, Horowitz, ISSCC 2014; SRAM
1.25 pJ per byte, an assumption):

- actual MAC: E_MUL8 + E_ADD32, plus E_ADD8 of zero detect;
- gated MAC: E_ADD8 (zero detect only); skipped MAC: 0;
- accumulator: E_ADD32 per column per streamed row per pass;
- SRAM: E_SRAM per byte of W, metadata, A, result (4 M N) and bias
  (4 M N when present).
"""
from __future__ import annotations

from typing import Mapping

from ..report.energy import HOROWITZ_45NM, SOURCE, EnergyTable, row_energy_pj

#: Where the model lives, as the page names it.
ENERGY_MODEL = SOURCE

__all__ = ["ENERGY_MODEL", "EnergyTable", "load_table", "command_energy_pj"]


def load_table() -> EnergyTable:
    """The report's per-event energies."""
    return HOROWITZ_45NM


def command_energy_pj(t: EnergyTable, row: Mapping[str, int]) -> float:
    """Energy of one command from its stc_sim CSV row (the report's model)."""
    return row_energy_pj(row, t)
