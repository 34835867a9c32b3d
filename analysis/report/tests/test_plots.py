# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The figures: every one written as PNG and SVG, byte-identical when drawn
twice from the same tables, without a date or a software name, and the
same when the tables' columns are reordered."""
import os

from analysis.report import plots
from analysis.report.plots import sweep
from analysis.report.csvio import read_table
from conftest import ROOT

REPORT = os.path.join(ROOT, "docs", "report")


def _bytes(d):
    out = {}
    for name in sorted(os.listdir(d)):
        with open(os.path.join(d, name), "rb") as f:
            out[name] = f.read()
    return out


def test_every_figure_twice_byte_identical(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    plots.plot_all(REPORT, str(a))
    plots.plot_all(REPORT, str(b))
    first, second = _bytes(a), _bytes(b)
    assert sorted(first) == sorted("%s.%s" % (n, e) for n in plots.NAMES for e in ("png", "svg"))
    assert first == second
    for name, data in first.items():
        if name.endswith(".png"):
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            assert data[-12:] == bytes.fromhex("0000000049454e44ae426082")
            assert b"tEXt" not in data  # no Software (nor any other text chunk)
        else:
            text = data.decode("utf-8")
            assert text.rstrip().endswith("</svg>")
            assert "<dc:date>" not in text and "Matplotlib" not in text


def test_figures_read_columns_by_name(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    with open(os.path.join(REPORT, "summary.csv"), encoding="utf-8") as f:
        rows = [ln.split(",") for ln in f.read().splitlines()]
    with open(src / "summary.csv", "w", encoding="utf-8") as f:
        f.write("".join(",".join(["x"] + list(reversed(r))) + "\n" for r in rows))
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    sweep.plot(read_table(os.path.join(REPORT, "summary.csv")), str(a))
    sweep.plot(read_table(str(src / "summary.csv")), str(b))
    assert _bytes(a) == _bytes(b)
