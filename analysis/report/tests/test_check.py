# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""make report-check's comparisons (analysis/report/check.py) on a quick
sweep made from the committed files: it passes, and each kind of staleness
is named."""
import os
import shutil

import pytest

from analysis.report import check
from conftest import ROOT

DOCS = os.path.join(ROOT, "docs")


@pytest.fixture
def dirs(tmp_path):
    """(docs, quick): a copy of the committed docs, and the quick sweep's
    files as they would be for this model: the committed M = 16 runs, the
    uarch rows, the balanced and hot5 MoE rows, the 0/50/90% activation rows."""
    docs = tmp_path / "docs"
    shutil.copytree(os.path.join(DOCS, "report"), docs / "report")
    shutil.copy(os.path.join(DOCS, "report.md"), docs / "report.md")
    (docs / "accuracy").mkdir()
    for name in ("accuracy.csv", "summary.csv"):
        shutil.copy(os.path.join(DOCS, "accuracy", name), docs / "accuracy" / name)
    quick = tmp_path / "quick"
    quick.mkdir()
    rep = docs / "report"

    def keep(name, test):
        lines = (rep / name).read_text().splitlines()
        (quick / name).write_text("\n".join([lines[0]] + [ln for ln in lines[1:] if test(ln)]) + "\n")
    keep("runs.csv", lambda ln: "-m16.vec," in ln)
    keep("uarch.csv", lambda ln: ln.split(",")[3] == "16")
    keep("moe.csv", lambda ln: ln.split(",")[0] in ("balanced", "hot5"))
    keep("act.csv", lambda ln: ln.split(",")[2] in ("0", "50", "90"))
    for name in ("traffic.csv", "breakeven.csv"):
        shutil.copy(rep / name, quick / name)
    return str(docs), str(quick)


def _acc(docs):
    return os.path.join(docs, "accuracy", "accuracy.csv")


def _edit(path, old, new):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert old in text
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1))


def test_the_committed_report_passes(dirs):
    docs, quick = dirs
    # the page as it follows from the committed tables (report.md itself is
    # rewritten by make report, and tested by test_render)
    from analysis.report.render import render
    with open(os.path.join(docs, "report.md"), "w", encoding="utf-8") as f:
        f.write(render(os.path.join(docs, "report"), _acc(docs)))
    assert check.check(docs, quick, _acc(docs)).startswith("report-check:")


@pytest.mark.parametrize("name, old, new, what", [
    ("quick/runs.csv", "dense-m16.vec,dense,16", "dense-m16.vec,dense,17", "runs.csv is stale"),
    ("quick/moe.csv", "hot5,group,sort-and-group,64", "hot5,group,sort-and-group,65",
     "moe.csv is stale"),
    ("quick/traffic.csv", "dense,1,50.00", "dense,1,50.01", "traffic.csv differs"),
    ("docs/report/summary.csv", "dense,1,dense", "dense,1,dens", "summary.csv does not follow"),
    ("docs/report/uarch.csv", ",1\n", ",0\n", "closed forms"),
])
def test_a_difference_is_named(dirs, name, old, new, what, capsys):
    docs, quick = dirs
    base = os.path.dirname(docs)
    _edit(os.path.join(base, name), old, new)
    assert check.main(docs, quick, _acc(docs)) == 1
    assert what in capsys.readouterr().err
