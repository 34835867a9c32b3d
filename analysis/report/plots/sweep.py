# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The sparsity sweep's figures, from summary.csv."""
from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple

from ..awkfmt import d, num
from ..csvio import Row, Table
from . import pyplot, save

#: Colours: 2:4 blue, block oranges, 2:4+block greens, unstructured greys/red.
COLOR: Dict[str, str] = {
    "dense": "#000000", "sp24": "#1f77b4", "block50": "#fdae6b", "block75": "#f16913",
    "block90": "#a63603", "sp24block50": "#74c476", "sp24block75": "#31a354",
    "sp24block90": "#006d2c", "unstr50": "#bdbdbd", "unstr90": "#969696", "unstr99": "#d62728"}
#: The M of the scatter of block_speedup, light to dark.
M_COLOR = ("#9e9ac8", "#807dba", "#6a51a3", "#54278f", "#3f007d")


class Summary:
    """summary.csv by configuration, in its order; MBAR the M of the bar charts."""

    def __init__(self, t: Table, mbar: float = 256) -> None:
        self.rows = t.rows
        self.cfgs: List[str] = []
        for r in t.rows:
            if r["config"] not in self.cfgs:
                self.cfgs.append(r["config"])
        ms = sorted({num(r["m"]) for r in t.rows})
        self.mbar = mbar if mbar in ms else (ms[-1] if ms else mbar)
        first = t.rows[0] if t.rows else {}
        self.n, self.k = d(first.get("n", "")), d(first.get("k", ""))

    def of(self, c: str) -> List[Row]:
        """C's rows, ascending M."""
        return sorted((r for r in self.rows if r["config"] == c), key=lambda r: num(r["m"]))

    def bars(self) -> List[Row]:
        """One row per configuration at the bar charts' M, by cfg_idx."""
        return sorted((r for r in self.rows if num(r["m"]) == self.mbar),
                      key=lambda r: num(r["cfg_idx"]))

    def color(self, c: str) -> str:
        return COLOR.get(c, "#7f7f7f")


def _bar_axes(ax: Any, rows: Sequence[Row], rotation: float = 25, size: float = 9) -> None:
    ax.set_xticks([num(r["cfg_idx"]) for r in rows])
    ax.set_xticklabels([r["label"] for r in rows], rotation=rotation, ha="right",
                       rotation_mode="anchor", fontsize=size)
    if rows:
        ax.set_xlim(min(num(r["cfg_idx"]) for r in rows) - 0.7,
                    max(num(r["cfg_idx"]) for r in rows) + 0.7)


def _m_axis(ax: Any, ms: Sequence[float]) -> None:
    ax.set_xscale("log", base=2)
    ax.set_xticks(list(ms))
    ax.set_xticklabels(["%d" % d(m) for m in ms])
    ax.minorticks_off()
    ax.set_xlim(0.7, 1500)


def zeros_vs_saved(plt: Any, s: Summary, outdir: str) -> List[str]:
    rows = s.bars()
    x = [num(r["cfg_idx"]) for r in rows]
    fig, ax = plt.subplots(figsize=(9.0, 5.2))
    w = 0.26
    ax.bar([v - 0.28 for v in x], [100 * num(r["w_zero_frac"]) for r in rows], w,
           color="#999999", edgecolor="black", linewidth=0.5, label="zeros in W")
    ax.bar(x, [100 * (1 - num(r["cycles"]) / num(r["dense_cycles"])) for r in rows], w,
           color="#1f77b4", edgecolor="black", linewidth=0.5, label="cycles saved")
    ax.bar([v + 0.28 for v in x], [100 * (1 - num(r["e_vs_dense"])) for r in rows], w,
           color="#31a354", edgecolor="black", linewidth=0.5, label="energy saved (model)")
    ax.set_title("Zeros present in W against what they saved (N=%d, K=%d, M=%d; cycle-exact "
                 "lockstep runs)" % (s.n, s.k, d(s.mbar)))
    ax.set_ylabel("percent")
    ax.set_ylim(0, 118)
    ax.set_yticks(range(0, 101, 20))
    ax.grid(axis="y", linewidth=0.5, alpha=0.6)
    ax.set_axisbelow(True)
    _bar_axes(ax, rows)
    ax.legend(loc="upper center", ncol=3, frameon=False)
    fig.tight_layout()
    return save(fig, outdir, "zeros_vs_saved")


def speedup_vs_m(plt: Any, s: Summary, outdir: str) -> List[str]:
    fig, (a, b) = plt.subplots(1, 2, figsize=(9.0, 5.2))
    fig.suptitle("Speedup against the dense run of the same M and K (solid: measured; dashed: "
                 "ideal; unstructured ideals in the tables)")
    sp = s.of("sp24")
    ms = [num(r["m"]) for r in sp]
    a.plot(ms, [num(r["speedup"]) for r in sp], "-o", lw=2, ms=5, color=s.color("sp24"),
           label="2:4 measured")
    a.plot(ms, [num(r["ideal_speedup"]) for r in sp], "--", lw=2, color=s.color("sp24"),
           label="2:4 ideal (2x)")
    a.set_title("2:4 (%s)" % ("%d passes instead of %d" % (d(sp[0]["passes"]), d(s.of("dense")[0]["passes"]))
                              if sp and s.of("dense") else "no 2:4 runs"))
    a.set_ylabel("speedup")
    a.set_ylim(1.9, 2.01)
    a.legend(loc="lower left")
    b.set_title("block-sparse and 2:4 inside block-sparse (log y)")
    others = [c for c in s.cfgs if c not in ("dense", "sp24")]
    for c in others:
        rs = s.of(c)
        b.plot([num(r["m"]) for r in rs], [num(r["speedup"]) for r in rs], "-o", lw=2, ms=3.5,
               color=s.color(c), label=rs[0]["label"])
    for c in others:
        rs = s.of(c)
        if rs[0]["class"] in ("block", "sp24-block"):
            b.plot([num(r["m"]) for r in rs], [num(r["ideal_speedup"]) for r in rs], "--", lw=1,
                   color=s.color(c))
    b.set_yscale("log")
    b.set_ylim(0.8, 40)
    b.set_yticks([1, 2, 4, 8, 16, 32])
    b.set_yticklabels(["1", "2", "4", "8", "16", "32"])
    b.yaxis.set_minor_locator(plt.NullLocator())
    b.legend(loc="upper left", fontsize=7, ncol=2)
    allm = sorted({num(r["m"]) for r in s.rows})
    for ax in (a, b):
        _m_axis(ax, allm)
        ax.set_xlabel("M (rows streamed per pass)")
        ax.grid(linewidth=0.5, alpha=0.6)
    fig.tight_layout()
    return save(fig, outdir, "speedup_vs_m")


def block_speedup(plt: Any, s: Summary, outdir: str) -> List[str]:
    fig, ax = plt.subplots(figsize=(9.0, 5.2))
    xs = [0.92 * i / 399 for i in range(400)]
    ax.plot(xs, [1 / (1 - x) for x in xs], "--", lw=2, color="black", label="ideal 1/(1-s)")
    rows = [r for r in s.rows if r["class"] in ("block", "dense")]
    nblk = d(rows[0]["nblk"]) if rows else 0
    for j, m in enumerate(sorted({num(r["m"]) for r in rows})):
        rs = [r for r in rows if num(r["m"]) == m]
        ax.plot([num(r["block_sparsity"]) for r in rs], [num(r["speedup"]) for r in rs], "o",
                ms=7, color=M_COLOR[min(j, len(M_COLOR) - 1)], label="measured, M=%d" % d(m))
    ax.set_title("Block sparsity: measured speedup against the ideal 1/(1-s), s = skipped K-blocks "
                 "/ all")
    ax.set_xlabel("block sparsity s (skipped blocks / %d)" % nblk)
    ax.set_ylabel("speedup vs dense")
    ax.set_xlim(-0.02, 1)
    ax.set_ylim(0, 12)
    ax.grid(linewidth=0.5, alpha=0.6)
    ax.legend(loc="upper left")
    fig.tight_layout()
    return save(fig, outdir, "block_speedup")


def macs(plt: Any, s: Summary, outdir: str) -> List[str]:
    fig, (a, b) = plt.subplots(1, 2, figsize=(9.0, 5.2))
    nn = s.n * s.n
    fig.suptitle("Where the algorithmic (dense) MACs went, and what the %d multipliers did" % nn)
    rows = s.bars()
    x = [num(r["cfg_idx"]) for r in rows]
    act = [num(r["frac_actual"]) for r in rows]
    gat = [num(r["frac_gated"]) for r in rows]
    skp = [num(r["frac_skipped"]) for r in rows]
    kw = dict(width=0.7, edgecolor="black", linewidth=0.5)
    a.bar(x, act, color="#1f77b4", label="actual", **kw)
    a.bar(x, gat, bottom=act, color="#fdae6b", label="gated", **kw)
    a.bar(x, skp, bottom=[p + q for p, q in zip(act, gat)], color="#cccccc", label="skipped", **kw)
    a.set_title("share of algorithmic MACs, M=%d" % d(s.mbar))
    a.set_ylim(0, 1.15)
    a.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    _bar_axes(a, rows, rotation=35, size=7.5)
    a.legend(loc="upper center", ncol=3, fontsize=7.5, frameon=False)
    b.set_title("utilization: actual MACs / (cycles x %d)" % nn)
    for c in s.cfgs:
        rs = s.of(c)
        b.plot([num(r["m"]) for r in rs], [num(r["util_actual"]) for r in rs], "-o", lw=2, ms=3,
               color=s.color(c), label=rs[0]["label"])
    _m_axis(b, sorted({num(r["m"]) for r in s.rows}))
    b.set_xlabel("M")
    b.set_ylim(0, 1)
    b.grid(linewidth=0.5, alpha=0.6)
    b.legend(loc="upper left", fontsize=7, ncol=1, labelspacing=0.25)
    fig.tight_layout()
    return save(fig, outdir, "macs")


#: The energy parts, bottom to top: column, label, colour.
ENERGY_PARTS: Tuple[Tuple[str, str, str], ...] = (
    ("e_mac_nj", "multiply + add (actual MACs)", "#31a354"),
    ("e_zero_nj", "zero detect (gate)", "#a1d99b"),
    ("e_acc_nj", "accumulator adds", "#fdae6b"),
    ("e_sram_w_nj", "SRAM: weight values", "#08306b"),
    ("e_sram_meta_nj", "SRAM: 2:4 metadata", "#d62728"),
    ("e_sram_a_nj", "SRAM: activations", "#4292c6"),
    ("e_sram_c_nj", "SRAM: results", "#9ecae1"),
)


def energy(plt: Any, s: Summary, outdir: str) -> List[str]:
    fig, ax = plt.subplots(figsize=(9.0, 5.2))
    rows = s.bars()
    x = [num(r["cfg_idx"]) for r in rows]
    bottom = [0.0] * len(rows)
    for col, label, color in ENERGY_PARTS:
        h = [num(r[col]) / num(r["e_total_nj"]) * num(r["e_vs_dense"]) for r in rows]
        ax.bar(x, h, 0.7, bottom=bottom, color=color, edgecolor="black", linewidth=0.5, label=label)
        bottom = [p + q for p, q in zip(bottom, h)]
    ax.set_title("Energy per run relative to dense, M=%d (45 nm per-event costs, Horowitz ISSCC "
                 "2014; SRAM 1.25 pJ/B assumed)" % d(s.mbar))
    ax.set_ylabel("energy / dense energy")
    ax.set_ylim(0, 1.15)
    ax.grid(axis="y", linewidth=0.5, alpha=0.6)
    ax.set_axisbelow(True)
    _bar_axes(ax, rows)
    h, lab = ax.get_legend_handles_labels()
    ax.legend(h[::-1], lab[::-1], loc="upper right", fontsize=7.5)
    fig.tight_layout()
    return save(fig, outdir, "energy")


def weight_bytes(plt: Any, s: Summary, outdir: str) -> List[str]:
    fig, ax = plt.subplots(figsize=(9.0, 5.2))
    rows = s.bars()
    x = [num(r["cfg_idx"]) for r in rows]
    kw = dict(width=0.36, edgecolor="black", linewidth=0.5)
    for dx, kind, color, label in ((-0.19, "int8", "#08306b", "values, INT8"),
                                   (0.19, "fp16", "#6baed6", "values, FP16")):
        moved = [num(r["w_moved_per_dense_" + kind]) for r in rows]
        meta = [num(r["meta_per_dense_" + kind]) for r in rows]
        vals = [p - q for p, q in zip(moved, meta)]
        xs = [v + dx for v in x]
        ax.bar(xs, vals, color=color, label=label, **kw)
        ax.bar(xs, meta, bottom=vals, color="#d62728", label="metadata" if kind == "int8" else None,
               **kw)
    ax.set_title("Bytes of W moved (values + metadata) relative to the dense footprint, INT8 (left) "
                 "and FP16 (right), M=%d" % d(s.mbar))
    ax.set_ylabel("bytes moved / dense W bytes")
    ax.set_ylim(0, 1.15)
    ax.grid(axis="y", linewidth=0.5, alpha=0.6)
    ax.set_axisbelow(True)
    _bar_axes(ax, rows)
    ax.legend(loc="upper right")
    fig.tight_layout()
    return save(fig, outdir, "weight_bytes")


def plot(t: Table, outdir: str, mbar: float = 256) -> List[str]:
    """The sweep's six figures into OUTDIR; the paths written."""
    plt = pyplot()
    s = Summary(t, mbar)
    out: List[str] = []
    for f in (zeros_vs_saved, speedup_vs_m, block_speedup, macs, energy, weight_bytes):
        out += f(plt, s, outdir)
    return out
