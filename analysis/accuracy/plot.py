# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""docs/accuracy/accuracy_vs_cycles.{png,svg}: top-1 accuracy on the tile,
with its 95 % interval, against the tile's cycles per inference, one
panel per network.

Each point is a pattern's mean over the training seeds; its bar the
two-level bootstrap interval of that mean (seeds and test images).
Filled: fine-tuned with the mask fixed; hollow: one-shot (only where it
falls inside the panel's range, which is set by the fine-tuned points:
a collapsed one-shot network is in the tables, not the plot). The band is
dense's interval. Colour = pattern family, marker = sparsity.

Byte-identical across runs: the Agg backend, Matplotlib's built-in
defaults (no user matplotlibrc), a fixed ``svg.hashsalt``, and no date or
software name in the files' metadata.
"""
from __future__ import annotations

import os
from typing import Dict, Sequence, Tuple

from . import config
from .results import SummaryRow, find

#: Colour of each pattern family (Okabe-Ito, colour-blind safe).
_COLOR: Dict[str, str] = {"dense": "#000000", "24": "#0072B2", "block": "#D55E00",
                          "unstructured": "#009E73", "24block": "#CC79A7"}


def _marker(slug: str) -> str:
    """Marker by nominal sparsity: dense o, 50 % s, 75 % ^, 90 % D."""
    s = config.pattern_by_slug(slug).nominal_sparsity
    if s == 0:
        return "o"
    if s <= 0.5:
        return "s"
    if s <= 0.75:
        return "^"
    return "D"


def _panel(ax, summary: Sequence[SummaryRow], network: config.Network, legend: bool) -> None:
    ft = [s for s in summary if s.network == network.slug and s.training == "fine-tuned"]
    if not ft:
        return
    dense = find(summary, network.slug, "dense", "one-shot")
    shown = ft + ([dense] if dense is not None else [])
    lo = min(100 * s.acc_lo for s in shown)
    hi = max(100 * s.acc_hi for s in shown)
    pad = 0.15 * (hi - lo + 0.5)
    ymin, ymax = lo - pad, hi + pad
    if dense is not None:
        ax.axhspan(100 * dense.acc_lo, 100 * dense.acc_hi, color="#dddddd", zorder=0,
                   label="dense as trained: 95 % interval" if legend else None)
    for s in summary:
        if s.network != network.slug:
            continue
        p = config.pattern_by_slug(s.pattern)
        y = 100 * s.mean_acc
        filled = s.training == "fine-tuned"
        if not filled and not ymin <= y <= ymax:
            continue
        color = _COLOR[p.kind]
        ax.errorbar([s.cycles_per_inf], [y],
                    yerr=[[y - 100 * s.acc_lo], [100 * s.acc_hi - y]], fmt=_marker(s.pattern),
                    markersize=7, color=color, markeredgecolor=color,
                    markerfacecolor=color if filled else "white", markeredgewidth=1.3,
                    elinewidth=1.0, capsize=3, zorder=3,
                    label=(p.name if legend and filled else None))
    ax.set_ylim(ymin, ymax)
    ax.set_xlim(0, 1.1 * max(s.cycles_per_inf for s in summary if s.network == network.slug))
    ax.grid(True, linewidth=0.4, color="#eeeeee")
    ax.set_xlabel("tile cycles per inference (N = 16, batches of up to %d rows)" % config.M_MAX)
    ax.set_ylabel("top-1 on the tile, mean of %d seed%s (%%)"
                  % (ft[0].seeds, "" if ft[0].seeds == 1 else "s"))
    ax.set_title(network.name, fontsize=9)


def plot(summary: Sequence[SummaryRow], networks: Sequence[config.Network], out_dir: str,
         title: str) -> Tuple[str, str]:
    """Write the PNG and SVG; return their paths."""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcdefaults()
    import matplotlib.pyplot as plt

    matplotlib.rcParams.update({"svg.hashsalt": "stc-accuracy", "svg.fonttype": "path",
                                "font.family": "DejaVu Sans", "font.size": 9})
    fig, axes = plt.subplots(1, len(networks), figsize=(5.2 * len(networks), 5.0), dpi=100,
                             squeeze=False)
    for i, nw in enumerate(networks):
        _panel(axes[0][i], summary, nw, i == 0)
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=4, fontsize=8, frameon=False)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    png = os.path.join(out_dir, "accuracy_vs_cycles.png")
    svg = os.path.join(out_dir, "accuracy_vs_cycles.svg")
    fig.savefig(png, format="png", metadata={"Software": None})
    fig.savefig(svg, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    return png, svg
