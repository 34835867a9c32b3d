# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The memory-traffic section's figure, from traffic.csv (stc_traffic's
modelled formats, INT8: lines) and traffic_tile.csv (the tile's measured
formats at M = 256: points)."""
from __future__ import annotations

import math
from typing import List

from ..awkfmt import d, num
from ..csvio import Table
from . import pyplot, save

#: The modelled formats drawn, and their colours.
FORMATS = (("csr32", "#d62728"), ("csr16", "#ff9896"), ("bitmap", "#9467bd"),
           ("coo32", "#8c564b"), ("gather", "#7f7f7f"), ("gather-coalesced", "#bcbd22"))
#: The tile's configurations drawn (those whose zeros it can skip or compress).
TILES = ("dense", "sp24", "block50", "block75", "block90", "sp24block50", "sp24block75",
         "sp24block90")
TICKS = (0, 50, 75, 90, 95, 99, 99.9)


def nines(p: float) -> float:
    """The x axis: "nines" of sparsity, -log10(1 - p/100): 50% 0.3, 90% 1, 99% 2."""
    return -math.log10(1 - p / 100.0)


def plot(sweep: Table, tile: Table, outdir: str, m: float = 256) -> List[str]:
    """The figure into OUTDIR; the paths written."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(9.0, 5.6))
    sector = ""
    for f, color in FORMATS:
        pts = {}
        for r in sweep.rows:
            if r["format"] == f and num(r["elem_bytes"]) == 1:
                pts[nines(num(r["sparsity_pct"]))] = num(r["moved_over_dense"])
                sector = r["sector_bytes"]
        xs = sorted(pts)
        ax.plot(xs, [pts[x] for x in xs], "-o", lw=2, ms=3.5, color=color, label=f)
    first = True
    for c in TILES:
        for r in tile.rows:
            if r["config"] == c and num(r["m"]) == m:
                x, y = nines(100 * num(r["w_zero_frac"])), num(r["w_moved_over_dense"])
                ax.plot([x], [y], "s", ms=8, color="#1f77b4",
                        label="the tile, measured (M = %d)" % d(m) if first else None)
                ax.annotate(c, (x, y), textcoords="offset points", xytext=(0, 8), ha="center",
                            fontsize=7)
                first = False
    ax.set_title("W bytes moved in %s-byte sectors / dense W (INT8): modelled formats (lines), the "
                 "tile measured in lockstep (points)" % (sector or "32"))
    ax.set_xlabel("zeros in W")
    ax.set_ylabel("bytes moved / dense W bytes")
    ax.set_xticks([nines(p) for p in TICKS])
    ax.set_xticklabels(["%g%%" % p for p in TICKS])
    ax.set_xlim(-0.05, 3.1)
    ax.set_yscale("log", base=2)
    ax.set_ylim(0.004, 20)
    from matplotlib.ticker import FuncFormatter
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: "%g" % v))
    ax.grid(linewidth=0.5, alpha=0.6)
    ax.legend(loc="lower left", framealpha=1)
    fig.tight_layout()
    return save(fig, outdir, "traffic")
