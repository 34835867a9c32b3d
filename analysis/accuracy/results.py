# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The study's tables: one row per configuration, one per (network,
pattern, training) over the seeds, one per sensitivity network.

Every accuracy carries its 95 % interval (stats.py): Wilson for one
configuration, Newcombe's paired interval for its drop against dense
(the same seed's dense network as trained, on the same images), and a
two-level bootstrap over seeds and images for the means over seeds.
Numbers are formatted here once; the page and the plot read these rows.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from . import config, stats
from .study import Result



def baseline_of(pattern: str, training: str) -> Tuple[str, str]:
    """The dense network a configuration's drop is measured against.

    One-shot networks and dense fine-tuned (the control: two more epochs
    without a mask) against dense as trained; a fine-tuned pattern, and a
    layer pruned alone and fine-tuned, against dense fine-tuned, which had
    the same training budget, so that the drop is the pattern's and not
    the extra epochs'.
    """
    if training == "one-shot" or pattern == "dense":
        return ("dense", "one-shot")
    return ("dense", "fine-tuned")


def _f(x: float, digits: int = 2) -> str:
    t = "%.*f" % (digits, x)
    return t[1:] if t.startswith("-") and float(t) == 0 else t


def _pp(x: float) -> str:
    return _f(100.0 * x)


def pattern_name(slug: str) -> str:
    p = config.pattern_by_slug(slug)
    return p.name if p else slug


def ran(r: Result) -> str:
    """How a configuration was checked on the tile, in words."""
    if r.lockstep_images >= r.n_test:
        return "lockstep, all %d images" % r.n_test
    return "model, %d images in lockstep" % r.lockstep_images


@dataclass
class ConfigRow:
    """One configuration with its intervals and per-inference figures."""

    r: Result
    lo: float
    hi: float
    drop: float
    drop_lo: float
    drop_hi: float
    cycles_per_inf: float
    speedup: float
    energy_nj: float
    base: Result

    @property
    def acc(self) -> float:
        return self.r.correct / self.r.n_test

    @property
    def is_baseline(self) -> bool:
        """Dense as trained: the drop against itself is 0 by definition."""
        return self.base is self.r


def _index(results: Sequence[Result]) -> Dict[Tuple[str, str, str, int], Result]:
    return {(r.network, r.pattern, r.training, r.seed): r for r in results}


def config_rows(results: Sequence[Result]) -> List[ConfigRow]:
    """Every configuration (sensitivity networks included), in order."""
    idx = _index(results)
    rows = []
    for r in results:
        base = idx[(r.network,) + baseline_of(r.pattern, r.training) + (r.seed,)]
        lo, hi = stats.wilson(r.correct, r.n_test)
        pc = stats.paired(base.ok, r.ok)
        d_lo, d_hi = stats.newcombe_paired(pc)
        cyc = r.counters["cycles"] / r.n_test
        rows.append(ConfigRow(r, lo, hi, pc.drop, d_lo, d_hi, cyc,
                              base.counters["cycles"] / r.counters["cycles"],
                              r.energy_pj / 1000.0 / r.n_test, base))
    return rows


CONFIG_COLUMNS = (
    "network", "pattern", "training", "seed", "tile_mode", "test_images", "correct", "acc_pct",
    "acc_lo_pct", "acc_hi_pct", "correct_float", "acc_float_pct", "drop_vs_dense_pp",
    "drop_lo_pp", "drop_hi_pp", "w_zeros_pct", "w_zeros_layers_pct", "a_zeros_layers_pct",
    "cycles_per_inference", "speedup_vs_dense", "macs_alg", "macs_actual", "macs_gated",
    "macs_skipped", "skipped_blocks", "w_bytes", "meta_bytes", "a_bytes", "commands",
    "energy_nj_per_inference", "ran")


def config_line(c: ConfigRow) -> Dict[str, str]:
    r = c.r
    k = r.counters
    return {
        "network": r.network, "pattern": pattern_name(r.pattern), "training": r.training,
        "seed": str(r.seed), "tile_mode": r.mode, "test_images": str(r.n_test),
        "correct": str(r.correct), "acc_pct": _pp(c.acc), "acc_lo_pct": _pp(c.lo),
        "acc_hi_pct": _pp(c.hi), "correct_float": str(r.correct_float),
        "acc_float_pct": _pp(r.correct_float / r.n_test), "drop_vs_dense_pp": _pp(c.drop),
        "drop_lo_pp": "" if c.is_baseline else _pp(c.drop_lo),
        "drop_hi_pp": "" if c.is_baseline else _pp(c.drop_hi),
        "w_zeros_pct": _pp(r.w_zeros),
        "w_zeros_layers_pct": " / ".join(_f(100 * z, 1) for z in r.layer_w_zeros),
        "a_zeros_layers_pct": " / ".join(_f(100 * z, 1) for z in r.a_zeros),
        "cycles_per_inference": _f(c.cycles_per_inf, 1), "speedup_vs_dense": _f(c.speedup, 3),
        "macs_alg": str(k["macs_alg"]), "macs_actual": str(k["macs_actual"]),
        "macs_gated": str(k["macs_gated"]), "macs_skipped": str(k["macs_skipped"]),
        "skipped_blocks": str(k["skipped_blocks"]), "w_bytes": str(k["w_bytes"]),
        "meta_bytes": str(k["meta_bytes"]), "a_bytes": str(k["a_bytes"]),
        "commands": str(r.commands), "energy_nj_per_inference": _f(c.energy_nj, 3), "ran": ran(r),
    }


@dataclass
class SummaryRow:
    """A (network, pattern, training) over its seeds."""

    network: str
    pattern: str
    training: str
    rows: List[ConfigRow]
    acc_lo: float
    acc_hi: float
    drop_lo: float
    drop_hi: float

    @property
    def seeds(self) -> int:
        return len(self.rows)

    @property
    def mean_acc(self) -> float:
        return sum(c.acc for c in self.rows) / len(self.rows)

    @property
    def mean_drop(self) -> float:
        return sum(c.drop for c in self.rows) / len(self.rows)

    @property
    def min_acc(self) -> float:
        return min(c.acc for c in self.rows)

    @property
    def max_acc(self) -> float:
        return max(c.acc for c in self.rows)

    @property
    def cycles_per_inf(self) -> float:
        return sum(c.cycles_per_inf for c in self.rows) / len(self.rows)

    @property
    def speedup(self) -> float:
        return sum(c.speedup for c in self.rows) / len(self.rows)

    @property
    def energy_nj(self) -> float:
        return sum(c.energy_nj for c in self.rows) / len(self.rows)

    @property
    def w_zeros(self) -> float:
        return sum(c.r.w_zeros for c in self.rows) / len(self.rows)

    @property
    def is_baseline(self) -> bool:
        return self.rows[0].is_baseline

    @property
    def baseline(self) -> str:
        """The dense network the drops are against, in words."""
        b = baseline_of(self.pattern, self.training)
        return "dense as trained" if b[1] == "one-shot" else "dense fine-tuned"

    @property
    def verdict(self) -> str:
        if self.is_baseline:
            return "the baseline"
        return stats.verdict(self.drop_lo, self.drop_hi)


def summary_rows(rows: Sequence[ConfigRow], reps: int = stats.BOOT_REPS) -> List[SummaryRow]:
    """One row per (network, pattern, one-shot / fine-tuned), over seeds."""
    groups: Dict[Tuple[str, str, str], List[ConfigRow]] = {}
    for c in rows:
        if c.r.training in ("one-shot", "fine-tuned"):
            groups.setdefault((c.r.network, c.r.pattern, c.r.training), []).append(c)
    out = []
    for (netw, pat, tr), cs in groups.items():
        pcs = [stats.paired(c.base.ok, c.r.ok) for c in cs]
        a_lo, a_hi, d_lo, d_hi = stats.seed_bootstrap(pcs, reps)
        out.append(SummaryRow(netw, pat, tr, cs, a_lo, a_hi, d_lo, d_hi))
    return out


SUMMARY_COLUMNS = (
    "network", "pattern", "training", "seeds", "test_images", "mean_acc_pct", "min_acc_pct",
    "max_acc_pct", "mean_acc_lo_pct", "mean_acc_hi_pct", "drop_against", "mean_drop_pp", "drop_lo_pp",
    "drop_hi_pp", "drop_is", "w_zeros_pct", "cycles_per_inference", "speedup_vs_dense",
    "energy_nj_per_inference")


def summary_line(s: SummaryRow) -> Dict[str, str]:
    return {
        "network": s.network, "pattern": pattern_name(s.pattern), "training": s.training,
        "seeds": str(s.seeds), "test_images": str(s.rows[0].r.n_test),
        "mean_acc_pct": _pp(s.mean_acc), "min_acc_pct": _pp(s.min_acc),
        "max_acc_pct": _pp(s.max_acc), "mean_acc_lo_pct": _pp(s.acc_lo),
        "mean_acc_hi_pct": _pp(s.acc_hi), "drop_against": s.baseline,
        "mean_drop_pp": _pp(s.mean_drop),
        "drop_lo_pp": "" if s.is_baseline else _pp(s.drop_lo),
        "drop_hi_pp": "" if s.is_baseline else _pp(s.drop_hi), "drop_is": s.verdict,
        "w_zeros_pct": _pp(s.w_zeros), "cycles_per_inference": _f(s.cycles_per_inf, 1),
        "speedup_vs_dense": _f(s.speedup, 3), "energy_nj_per_inference": _f(s.energy_nj, 3),
    }


def csv_text(columns: Sequence[str], lines: Sequence[Dict[str, str]]) -> str:
    """A CSV with LF line ends and minimal quoting."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(columns), lineterminator="\n")
    w.writeheader()
    for ln in lines:
        if set(ln) != set(columns):
            raise ValueError("internal: a CSV line's keys %s are not the columns"
                             % sorted(set(ln) ^ set(columns)))
        w.writerow(ln)
    return buf.getvalue()


def sensitivity_rows(rows: Sequence[ConfigRow]) -> List[ConfigRow]:
    """The per-layer networks (training "layer L")."""
    return [c for c in rows if c.r.training.startswith("layer ")]


def find(summary: Sequence[SummaryRow], network: str, pattern: str,
         training: str) -> Optional[SummaryRow]:
    for s in summary:
        if (s.network, s.pattern, s.training) == (network, pattern, training):
            return s
    return None
