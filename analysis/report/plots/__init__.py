# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The report's figures, PNG and SVG, drawn with Matplotlib from its CSVs.

- :mod:`.sweep`   from summary.csv: zeros_vs_saved, speedup_vs_m,
                  block_speedup, macs, energy, weight_bytes;
- :mod:`.moe`     from moe.csv and act.csv: moe_step, moe_waste, act_energy;
- :mod:`.traffic` from traffic.csv and traffic_tile.csv: traffic.

Nothing is computed from a formula except the ideal curves drawn for
comparison, labelled as such. Byte-identical from the same inputs: the Agg
backend, Matplotlib's built-in defaults (no user matplotlibrc), a fixed
``svg.hashsalt``, and no date or software name in the files' metadata.
"""
from __future__ import annotations

import os
from typing import Any, List

#: Every figure, in the order they are written (each as NAME.png and NAME.svg).
NAMES = ("zeros_vs_saved", "speedup_vs_m", "block_speedup", "macs", "energy", "weight_bytes",
         "moe_step", "moe_waste", "act_energy", "traffic")

#: Pixels of a figure at DPI (gnuplot's 900 x 520 before).
DPI = 100


def pyplot() -> Any:
    """matplotlib.pyplot on Agg with the built-in defaults and the report's style."""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcdefaults()
    import matplotlib.pyplot as plt

    matplotlib.rcParams.update({
        "svg.hashsalt": "stc-report", "svg.fonttype": "path", "font.family": "DejaVu Sans",
        "font.size": 9, "axes.titlesize": 9.5, "figure.titlesize": 10, "legend.fontsize": 8,
        "path.simplify": False, "figure.dpi": DPI, "savefig.dpi": DPI})
    return plt


def save(fig: Any, outdir: str, name: str) -> List[str]:
    """Write FIG as OUTDIR/NAME.png and .svg (each under a temporary name,
    then renamed); close it; return the paths."""
    import matplotlib.pyplot as plt

    paths = []
    for fmt, meta in (("png", {"Software": None}),
                      ("svg", {"Date": None, "Creator": None})):
        path = os.path.join(outdir, "%s.%s" % (name, fmt))
        tmp = os.path.join(outdir, ".%s.%s.tmp" % (name, fmt))
        fig.savefig(tmp, format=fmt, metadata=meta)
        os.replace(tmp, path)
        paths.append(path)
    plt.close(fig)
    return paths


def plot_all(report_dir: str, outdir: str) -> List[str]:
    """Every figure from REPORT_DIR's CSVs into OUTDIR; the paths written."""
    from ..csvio import Table, read_table
    from . import moe, sweep, traffic

    def t(name: str) -> Table:
        return read_table(os.path.join(report_dir, name + ".csv"))
    out: List[str] = []
    out += sweep.plot(t("summary"), outdir)
    out += moe.plot(t("moe"), t("act"), outdir)
    out += traffic.plot(t("traffic"), t("traffic_tile"), outdir)
    return out
