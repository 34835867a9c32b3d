# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The figures of the mixture-of-experts and activation-zeros sections,
from moe.csv and act.csv."""
from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple

from ..awkfmt import d, num
from ..csvio import Row, Table
from . import pyplot, save

#: A colour per dispatch scheme.
SCHEME_COLOR: Dict[str, str] = {"group": "#1f77b4", "cap100": "#fdae6b", "cap125": "#f16913",
                                "cap150": "#a63603", "bucket": "#31a354"}
#: A colour per W of the activation section.
ACT_COLOR: Dict[str, str] = {"dense": "#1f77b4", "sp24": "#31a354"}


def by_x(rows: Sequence[Row], x: str, y: str, scale: float = 1.0) -> Tuple[List[float], List[float]]:
    """Points (x, y) of ROWS sorted by x, the y of equal x averaged (one
    point per distance from balance: gnuplot's smooth unique)."""
    acc: Dict[float, List[float]] = {}
    for r in rows:
        acc.setdefault(num(r[x]), []).append(scale * num(r[y]))
    xs = sorted(acc)
    return xs, [sum(acc[v]) / len(acc[v]) for v in xs]


def _schemes(t: Table) -> List[Tuple[str, str, List[Row]]]:
    """(scheme, its label, its rows) in the table's order."""
    out: List[Tuple[str, str, List[Row]]] = []
    for r in t.rows:
        if r["scheme"] not in [s for s, _, _ in out]:
            out.append((r["scheme"], r["label"], []))
        next(rs for s, _, rs in out if s == r["scheme"]).append(r)
    return out


def _imbalance_axis(ax: Any) -> None:
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_formatter(_plain())
    ax.set_xlabel("hottest expert's load / mean load")
    ax.grid(which="major", linewidth=0.5, alpha=0.6)


def _plain() -> Any:
    from matplotlib.ticker import FuncFormatter
    return FuncFormatter(lambda v, _: "%g" % v)


def moe_step(plt: Any, t: Table, outdir: str) -> List[str]:
    fig, ax = plt.subplots(figsize=(9.0, 5.2))
    first = t.rows[0] if t.rows else {}
    for s, label, rows in _schemes(t):
        xs, ys = by_x(rows, "imbalance", "step_vs_ideal")
        ax.plot(xs, ys, "-o", lw=2, ms=5, color=SCHEME_COLOR.get(s, "#7f7f7f"), label=label)
    ax.set_title("MoE step on one tile per expert, relative to balanced routing (E=%d, T=%d, k=%d; "
                 "lockstep runs)" % (d(first.get("experts")), d(first.get("tokens")),
                                     d(first.get("topk"))))
    _imbalance_axis(ax)
    ax.set_yscale("log", base=2)
    ax.yaxis.set_major_formatter(_plain())
    ax.set_ylabel("step cycles / balanced sort-and-group step")
    ax.margins(x=0.04, y=0.08)
    ax.legend(loc="upper left")
    fig.tight_layout()
    return save(fig, outdir, "moe_step")


def moe_waste(plt: Any, t: Table, outdir: str) -> List[str]:
    fig, ax = plt.subplots(figsize=(9.0, 5.2))
    for s, label, rows in _schemes(t):
        c = SCHEME_COLOR.get(s, "#7f7f7f")
        xs, ys = by_x(rows, "imbalance", "waste_pad", 100)
        ax.plot(xs, ys, "-o", lw=2, ms=5, color=c, label=label + " padded")
        xs, ys = by_x(rows, "imbalance", "dropped_frac", 100)
        ax.plot(xs, ys, "--o", lw=2, ms=5, color=c, markerfacecolor="white",
                label=label + " dropped")
    ax.set_title("What the static shapes cost: padded MACs (solid) and dropped assignments (dashed)")
    _imbalance_axis(ax)
    ax.set_ylabel("percent")
    ax.set_ylim(bottom=0)
    ax.legend(loc="upper left", ncol=2, fontsize=7.5)
    fig.tight_layout()
    return save(fig, outdir, "moe_waste")


def act_energy(plt: Any, t: Table, outdir: str) -> List[str]:
    fig, ax = plt.subplots(figsize=(9.0, 5.2))
    ax2 = ax.twinx()
    classes: List[str] = []
    for r in t.rows:
        if r["class"] not in classes:
            classes.append(r["class"])
    for c in classes:
        rows = sorted((r for r in t.rows if r["class"] == c), key=lambda r: num(r["a_zeros_req"]))
        name = "2:4" if c == "sp24" else c
        x = [num(r["a_zeros_req"]) for r in rows]
        col = ACT_COLOR.get(c, "#7f7f7f")
        ax.plot(x, [num(r["e_vs_0"]) for r in rows], "-o", lw=2, ms=5, color=col,
                label="energy, %s W" % name)
        ax2.plot(x, [num(r["cycles_vs_0"]) for r in rows], "--", lw=2, color=col,
                 label="cycles, %s W" % name)
    ax.set_title("Zeros in A: energy against the zero-free run (left) and cycles (right), same W")
    ax.set_xlabel("zeros in A (percent)")
    ax.set_ylabel("energy / energy at 0% (model)")
    ax2.set_ylabel("cycles / cycles at 0%")
    ax.set_ylim(0, 1.1)
    ax2.set_ylim(0, 1.1)
    ax.grid(linewidth=0.5, alpha=0.6)
    h1, l1 = ax.get_legend_handles_labels()
    h2, l2 = ax2.get_legend_handles_labels()
    ax.legend(h1 + h2, l1 + l2, loc="lower left")
    fig.tight_layout()
    return save(fig, outdir, "act_energy")


def plot(moe: Table, act: Table, outdir: str) -> List[str]:
    """The three figures into OUTDIR; the paths written."""
    plt = pyplot()
    return moe_step(plt, moe, outdir) + moe_waste(plt, moe, outdir) + act_energy(plt, act, outdir)
