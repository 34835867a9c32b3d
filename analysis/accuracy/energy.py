# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The report's energy model, read from scripts/report_energy.awk.

The per-event energies (45 nm, Horowitz, ISSCC 2014; SRAM 1.25 pJ per
byte, an assumption) are parsed from that file's BEGIN block, so this
section uses the same numbers as the rest of the report; the formula is
its ``energy_pj``:

- actual MAC: E_MUL8 + E_ADD32, plus E_ADD8 of zero detect;
- gated MAC: E_ADD8 (zero detect only); skipped MAC: 0;
- accumulator: E_ADD32 per column per streamed row per pass;
- SRAM: E_SRAM per byte of W, metadata, A, result (4 M N) and bias
  (4 M N when present).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Mapping

from .runner import SetupError

ENERGY_AWK = os.path.join("scripts", "report_energy.awk")
_NAMES = ("E_MUL8", "E_ADD8", "E_ADD32", "E_SRAM")


@dataclass(frozen=True)
class EnergyTable:
    """Per-event energies in pJ."""

    mul8: float
    add8: float
    add32: float
    sram: float


def load_table(path: str) -> EnergyTable:
    """Parse ``E_MUL8 = ...; E_ADD8 = ...; ...`` from the awk file's BEGIN."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise SetupError("energy table %s: %s" % (path, e.strerror)) from None
    m = re.search(r"BEGIN\s*\{([^}]*)\}", text)
    vals = {}
    for name in _NAMES:
        v = re.search(r"\b%s\s*=\s*([0-9.eE+-]+)" % name, m.group(1)) if m else None
        if not v:
            raise SetupError("%s: no %s in its BEGIN block" % (path, name))
        vals[name] = float(v.group(1))
    return EnergyTable(vals["E_MUL8"], vals["E_ADD8"], vals["E_ADD32"], vals["E_SRAM"])


def command_energy_pj(t: EnergyTable, row: Mapping[str, int]) -> float:
    """Energy of one command from its stc_sim CSV row (report_energy.awk's
    ``energy_pj``)."""
    act, gat = row["macs_actual"], row["macs_gated"]
    m, n, bias = row["m"], row["n"], row["bias"]
    passes = row["nblk"] - row["skipped_blocks"]
    sram_bytes = row["w_bytes"] + row["meta_bytes"] + row["a_bytes"] + 4 * m * n * (1 + bias)
    return (act * (t.mul8 + t.add32) + (act + gat) * t.add8 + passes * m * n * t.add32
            + sram_bytes * t.sram)
