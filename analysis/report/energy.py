# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The report's one energy model: the tile's counters of a command in joules.

Every section that turns counters into energy uses it (the sparsity sweep's
summary.csv, moe.csv, act.csv, and analysis/accuracy's energy per
inference).

Per-event energies (45 nm, Horowitz, ISSCC 2014 "Computing's energy problem"):

- ``E_MUL8``  = 0.2  pJ, INT8 multiply;
- ``E_ADD8``  = 0.03 pJ, 8-bit add: stands for the per-PE zero detect that gates;
- ``E_ADD32`` = 0.1  pJ, 32-bit add: psum add of a MAC, accumulator add;
- ``E_SRAM``  = 1.25 pJ per byte of SRAM access (the issue's figure; an assumption).

Events:

- actual MAC: E_MUL8 + E_ADD32 + E_ADD8 (zero detect);
- gated MAC: E_ADD8 only (multiplier and adder idle: an ideal gate);
- skipped MAC: 0 (never issued);
- accumulator: E_ADD32 per column per streamed row per pass (passes x M x N);
- SRAM: E_SRAM x (w_bytes + meta_bytes + a_bytes + result bytes 4 M N
  + bias bytes 4 M N when bias).

Not modelled: register and wire energy of the systolic shifts, control,
clock tree, leakage (which would scale with cycles).

The parts are computed and summed in a fixed order (that of the awk model
this replaced), so the tables' last digits do not move.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Union

from .awkfmt import num

#: Where the model lives, as the pages name it.
SOURCE = "analysis/report/energy.py"


@dataclass(frozen=True)
class EnergyTable:
    """Per-event energies in pJ."""

    mul8: float
    add8: float
    add32: float
    sram: float


#: The report's energies (module docstring).
HOROWITZ_45NM = EnergyTable(mul8=0.2, add8=0.03, add32=0.1, sram=1.25)
E_MUL8 = HOROWITZ_45NM.mul8
E_ADD8 = HOROWITZ_45NM.add8
E_ADD32 = HOROWITZ_45NM.add32
E_SRAM = HOROWITZ_45NM.sram


@dataclass(frozen=True)
class Energy:
    """One command's energy in pJ, by part; ``result_bytes`` = 4 M N (1 + bias)."""

    mac: float
    zero: float
    acc: float
    sram_w: float
    sram_meta: float
    sram_a: float
    sram_c: float
    result_bytes: float

    @property
    def total(self) -> float:
        """The sum of the parts, in the model's order."""
        return (self.mac + self.zero + self.acc + self.sram_w + self.sram_meta
                + self.sram_a + self.sram_c)


Count = Union[int, float]


def energy(act: Count, gat: Count, passes: Count, m: Count, n: Count, wb: Count,
           mb: Count, ab: Count, bias: Count, t: EnergyTable = HOROWITZ_45NM) -> Energy:
    """Energy of one command from its counters: ACT actual and GAT gated MACs,
    PASSES loaded K-blocks, M rows, N columns, WB weight value, MB metadata
    and AB activation bytes, BIAS 1 when the command loads bias rows."""
    cb = 4 * m * n * (1 + bias)
    return Energy(mac=act * (t.mul8 + t.add32), zero=(act + gat) * t.add8,
                  acc=passes * m * n * t.add32, sram_w=wb * t.sram, sram_meta=mb * t.sram,
                  sram_a=ab * t.sram, sram_c=cb * t.sram, result_bytes=cb)


def energy_pj(act: Count, gat: Count, passes: Count, m: Count, n: Count, wb: Count,
              mb: Count, ab: Count, bias: Count, t: EnergyTable = HOROWITZ_45NM) -> float:
    """The total of :func:`energy`, in pJ."""
    return energy(act, gat, passes, m, n, wb, mb, ab, bias, t).total


def gated_saved_pj(gat: Count, t: EnergyTable = HOROWITZ_45NM) -> float:
    """What gating spared a command: its gated MACs' multiply and add, in pJ."""
    return gat * (t.mul8 + t.add32)


def row_energy(row: Mapping[str, object], t: EnergyTable = HOROWITZ_45NM) -> Energy:
    """:func:`energy` of one runner CSV row (``stc_sim --csv``), by column name."""
    def c(name: str) -> float:
        v = row[name]
        return float(v) if isinstance(v, (int, float)) else num(str(v))
    return energy(c("macs_actual"), c("macs_gated"), c("nblk") - c("skipped_blocks"), c("m"),
                  c("n"), c("w_bytes"), c("meta_bytes"), c("a_bytes"), c("bias"), t)


def row_energy_pj(row: Mapping[str, object], t: EnergyTable = HOROWITZ_45NM) -> float:
    """The total of :func:`row_energy`, in pJ."""
    return row_energy(row, t).total
