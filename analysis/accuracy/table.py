# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The outcomes as rows: derived figures and docs/accuracy/accuracy.csv.

Every number is formatted with ``%`` (locale-independent) at a fixed
precision, so the same outcomes always give the same bytes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Sequence

from .pipeline import Outcome


@dataclass
class Row:
    """One (pattern, training) with every derived figure."""

    o: Outcome
    acc_float: float        # %
    acc_int8: float         # %
    acc_tile: float         # % (nan when the tile run failed)
    drop_float: float       # pp: dense float (one-shot) - this tile accuracy
    drop_int8: float        # pp: dense INT8 (one-shot) - this tile accuracy
    speedup: float          # dense cycles / cycles
    energy_rel: float       # energy / dense energy

    @property
    def ok(self) -> bool:
        return self.o.correct_tile is not None

    @property
    def cycles_per_inf(self) -> float:
        return self.o.counters.get("cycles", 0) / self.o.m

    @property
    def energy_nj_per_inf(self) -> float:
        return self.o.energy_pj / self.o.m / 1000.0

    @property
    def operand_bytes(self) -> int:
        c = self.o.counters
        return c.get("w_bytes", 0) + c.get("meta_bytes", 0) + c.get("a_bytes", 0)


def _pct(k: int, m: int) -> float:
    return 100.0 * k / m


def derive(outcomes: Sequence[Outcome]) -> List[Row]:
    """Rows in the order given; the baseline is dense one-shot (the
    network as trained), which must be among the outcomes."""
    base = next(o for o in outcomes if o.pattern.slug == "dense" and o.training == "one-shot")
    bf = _pct(base.correct_float, base.m)
    bi = _pct(base.correct_int8, base.m)
    bc = base.counters.get("cycles", 0)
    be = base.energy_pj
    rows = []
    for o in outcomes:
        tile = _pct(o.correct_tile, o.m) if o.correct_tile is not None else float("nan")
        cyc = o.counters.get("cycles", 0)
        rows.append(Row(o, _pct(o.correct_float, o.m), _pct(o.correct_int8, o.m), tile,
                        bf - tile, bi - tile, bc / cyc if cyc and bc else float("nan"),
                        o.energy_pj / be if be else float("nan")))
    return rows


CSV_COLUMNS = (
    "pattern", "training", "tile_mode", "test_images",
    "w_zeros_pct", "w_zeros_l1_pct", "w_zeros_l2_pct", "w_zeros_l3_pct",
    "a_zeros_l1_pct", "a_zeros_l2_pct", "a_zeros_l3_pct",
    "correct_float", "correct_int8", "correct_tile",
    "acc_float_pct", "acc_int8_pct", "acc_tile_pct", "tile_equals_int8",
    "drop_vs_dense_float_pp", "drop_vs_dense_int8_pp",
    "cycles", "cycles_per_inference", "speedup_vs_dense",
    "macs_alg", "macs_actual", "macs_gated", "macs_skipped",
    "passes", "skipped_blocks",
    "w_bytes", "meta_bytes", "a_bytes", "operand_bytes", "sector_bytes_moved",
    "energy_nj_per_inference", "energy_vs_dense",
)


def _f(x: float, digits: int) -> str:
    return "nan" if x != x else "%.*f" % (digits, x)


def csv_line(r: Row) -> Dict[str, str]:
    """One CSV record, every value already text."""
    o, c = r.o, r.o.counters
    d = {
        "pattern": o.pattern.name, "training": o.training, "tile_mode": o.pattern.mode,
        "test_images": str(o.m),
        "w_zeros_pct": _f(100 * o.w_zero_total, 2),
        "correct_float": str(o.correct_float), "correct_int8": str(o.correct_int8),
        "correct_tile": "FAIL" if o.correct_tile is None else str(o.correct_tile),
        "acc_float_pct": _f(r.acc_float, 2), "acc_int8_pct": _f(r.acc_int8, 2),
        "acc_tile_pct": "FAIL" if not r.ok else _f(r.acc_tile, 2),
        "tile_equals_int8": "yes" if r.ok and o.correct_tile == o.correct_int8 else "no",
        "drop_vs_dense_float_pp": _f(r.drop_float, 2), "drop_vs_dense_int8_pp": _f(r.drop_int8, 2),
        "cycles": str(c.get("cycles", 0)), "cycles_per_inference": _f(r.cycles_per_inf, 2),
        "speedup_vs_dense": _f(r.speedup, 3),
        "passes": str(c.get("nblk", 0) - c.get("skipped_blocks", 0)),
        "operand_bytes": str(r.operand_bytes), "sector_bytes_moved": str(o.sector_bytes_moved),
        "energy_nj_per_inference": _f(r.energy_nj_per_inf, 3),
        "energy_vs_dense": _f(r.energy_rel, 3),
    }
    for i in range(3):
        d["w_zeros_l%d_pct" % (i + 1)] = _f(100 * o.w_zeros[i], 2) if i < len(o.w_zeros) else ""
        d["a_zeros_l%d_pct" % (i + 1)] = _f(100 * o.a_zeros[i], 2) if i < len(o.a_zeros) else ""
    for k in ("macs_alg", "macs_actual", "macs_gated", "macs_skipped", "skipped_blocks",
              "w_bytes", "meta_bytes", "a_bytes"):
        d[k] = str(c.get(k, 0))
    return d


def csv_text(rows: Sequence[Row]) -> str:
    """The whole CSV (LF line ends; no field needs quoting)."""
    out = [",".join(CSV_COLUMNS)]
    for r in rows:
        d = csv_line(r)
        vals = [d[c] for c in CSV_COLUMNS]
        assert not any("," in v or '"' in v for v in vals)
        out.append(",".join(vals))
    return "\n".join(out) + "\n"
