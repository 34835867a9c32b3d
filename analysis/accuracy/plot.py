# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""docs/accuracy/accuracy_vs_cycles.{png,svg}: top-1 accuracy on the tile
against its cycles per inference, one-shot and fine-tuned.

Left: every network against tile cycles (hollow one-shot, filled
fine-tuned, an arrow from one to the other). Right: the fine-tuned
networks alone, accuracy zoomed, against the modelled energy per inference
(which separates what the cycles cannot: unstructured runs at the dense
cycle count). Colour = pattern family, marker = sparsity.

Byte-identical across runs: the Agg backend, Matplotlib's built-in
defaults (no user matplotlibrc), a fixed ``svg.hashsalt``, and no date or
software name in the files' metadata.
"""
from __future__ import annotations

import os
from typing import Dict, Sequence, Tuple

from .config import Pattern
from .table import Row

#: Colour of each pattern family (Okabe-Ito, colour-blind safe).
_COLOR: Dict[str, str] = {"dense": "#000000", "24": "#0072B2", "block": "#D55E00",
                          "unstructured": "#009E73", "24block": "#CC79A7"}


def _marker(p: Pattern) -> str:
    """Marker by nominal sparsity: dense o, 50 % s, 75 % ^, 90 % D."""
    s = p.nominal_sparsity
    if s == 0:
        return "o"
    if s <= 0.5:
        return "s"
    if s <= 0.75:
        return "^"
    return "D"


def plot(rows: Sequence[Row], out_dir: str, title: str) -> Tuple[str, str]:
    """Write the PNG and SVG; return their paths."""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcdefaults()
    import matplotlib.pyplot as plt

    matplotlib.rcParams.update({"svg.hashsalt": "stc-accuracy", "svg.fonttype": "path",
                                "font.family": "DejaVu Sans", "font.size": 9})
    ok = [r for r in rows if r.ok]
    fig, (ax, az) = plt.subplots(1, 2, figsize=(10.0, 5.2), dpi=100)
    by = {(r.o.pattern.slug, r.o.training): r for r in ok}
    xmax = 1.1 * max([r.cycles_per_inf for r in ok] or [1.0])
    for r in ok:
        p = r.o.pattern
        color, marker = _COLOR[p.kind], _marker(p)
        ft = r.o.training == "fine-tuned"
        style = dict(linestyle="none", marker=marker, markersize=8, markeredgecolor=color,
                     markerfacecolor=color if ft else "white", markeredgewidth=1.5, zorder=3)
        ax.plot([r.cycles_per_inf], [r.acc_tile], **style)
        if ft:
            az.plot([r.energy_nj_per_inf], [r.acc_tile], label=p.name, **style)
        elif (p.slug, "fine-tuned") in by:
            f = by[(p.slug, "fine-tuned")]
            if abs(f.acc_tile - r.acc_tile) > 1e-9:
                ax.annotate("", xy=(f.cycles_per_inf, f.acc_tile),
                            xytext=(r.cycles_per_inf, r.acc_tile),
                            arrowprops={"arrowstyle": "->", "color": color, "lw": 0.8,
                                        "shrinkA": 5, "shrinkB": 5}, zorder=2)
    base = by.get(("dense", "one-shot"))
    emax = 1.1 * max([r.energy_nj_per_inf for r in ok] or [1.0])
    for a, lim in ((ax, xmax), (az, emax)):
        if base is not None:
            a.axhline(base.acc_tile, color="#777777", linestyle="--", linewidth=0.8, zorder=1)
        a.set_xlim(0, lim)
        a.grid(True, linewidth=0.4, color="#dddddd")
    ax.set_xlabel("tile cycles per inference (batch of %d, N = 16)" % rows[0].o.m)
    az.set_xlabel("energy per inference (nJ, model of analysis/report/energy.py)")
    ax.set_ylabel("top-1 accuracy on the tile (%)")
    ax.set_title("every network against cycles: hollow one-shot, filled fine-tuned",
                 fontsize=9)
    fts = [r.acc_tile for r in ok if r.o.training == "fine-tuned"]
    if fts:
        lo, hi = min(fts), max(fts)
        az.set_ylim(lo - 0.1 * (hi - lo + 1.0), hi + 0.1 * (hi - lo + 1.0))
    az.set_title("fine-tuned networks, accuracy zoomed; dashed: dense INT8", fontsize=9)
    handles, labels = az.get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=5, fontsize=8, frameon=False)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    png = os.path.join(out_dir, "accuracy_vs_cycles.png")
    svg = os.path.join(out_dir, "accuracy_vs_cycles.svg")
    fig.savefig(png, format="png", metadata={"Software": None})
    fig.savefig(svg, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    return png, svg
