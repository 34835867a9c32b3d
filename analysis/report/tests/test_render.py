# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""docs/report.md: the committed page follows from the committed tables,
and the decision table's accuracy column picks the right network."""
import os
import shutil

import pytest

from analysis.report.csvio import table_from_text
from analysis.report.render import act, decision, render
from conftest import ROOT

DOCS = os.path.join(ROOT, "docs")
REPORT = os.path.join(DOCS, "report")
ACCURACY = os.path.join(DOCS, "accuracy", "accuracy.csv")


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_the_committed_page_follows_from_the_committed_tables():
    assert render(REPORT, ACCURACY) == _read(os.path.join(DOCS, "report.md"))


def _table(text):
    """The decision table's rows (header and separator included)."""
    i = text.index("## The decision table")
    return [ln for ln in text[i:].split("\n\n")[2].split("\n") if ln.startswith("|")]


def test_without_the_accuracy_table_the_column_is_left_out():
    rows = _table(render(REPORT))
    assert all(r.count("|") == 8 for r in rows)
    assert "accuracy" not in rows[0]


def test_every_w_pattern_has_an_accuracy_and_moe_none():
    rows = _table(render(REPORT, ACCURACY))
    assert all(r.count("|") == 9 for r in rows)
    assert "accuracy, fine-tuned" in rows[0]
    cells = {r.split(" | ")[0][2:]: r.split(" | ")[5] for r in rows[2:]}
    assert all(("% (" in v) for k, v in cells.items() if not k.startswith("MoE"))
    assert all(v == "—" for k, v in cells.items() if k.startswith("MoE"))


ACC = """network,pattern,training,seeds,test_images,mean_acc_pct,mean_drop_pp,drop_lo_pp,drop_hi_pp,drop_is,w_zeros_pct
mlp,dense,one-shot,3,100,98.00,0.00,,,the baseline,1.00
mlp,dense,fine-tuned,3,100,97.00,-1.00,-2.00,0.50,not distinguishable from zero,1.00
mlp,2:4,fine-tuned,3,100,96.00,1.00,0.20,1.80,a real loss,50.00
mlp,block 50%,fine-tuned,3,100,95.00,2.00,1.00,3.00,a real loss,50.00
mlp,block 90%,one-shot,3,100,10.00,88.00,80.00,90.00,a real loss,90.00
mlp,block 90%,fine-tuned,3,100,90.00,7.00,6.00,8.00,a real loss,90.00
mlp,unstructured 50%,fine-tuned,3,100,99.00,-2.00,-3.00,-1.00,a real gain,50.00
mlp,2:4 + block 50%,fine-tuned,3,100,94.00,3.00,2.00,4.00,a real loss,75.00
cnn,2:4,fine-tuned,3,100,91.00,0.50,-0.50,1.50,not distinguishable from zero,49.90
"""


def test_accuracy_cell_is_the_nearest_fine_tuned_network_of_the_pattern():
    a = decision.Accuracy(table_from_text(ACC))
    assert a.networks == ["mlp", "cnn"] and a.seeds == 3 and a.images == 100
    # block at 88%: block 90% (fine-tuned, not one-shot), not block 50%
    assert a.cell("block", 88.0) == "MLP block 90%: 90.00% (7.00 pp [6.00, 8.00]: a real loss)"
    assert a.cell("block", 60.0) == "MLP block 50%: 95.00% (2.00 pp [1.00, 3.00]: a real loss)"
    assert a.cell("sp24", 50.0) == ("MLP 2:4: 96.00% (1.00 pp [0.20, 1.80]: a real loss); "
                                    "CNN 2:4: 91.00% (0.50 pp [-0.50, 1.50]: not "
                                    "distinguishable from zero)")
    assert a.cell("unstructured", 50.0) == ("MLP unstructured 50%: 99.00% (-2.00 pp "
                                            "[-3.00, -1.00]: a real gain)")
    assert a.cell("dense", 0.5) == ("MLP dense: 97.00% (-1.00 pp [-2.00, 0.50]: not "
                                    "distinguishable from zero)")
    assert a.borrowed == ["block at 88.0% zeros: the block 90% network, 90.00%",
                          "block at 60.0% zeros: the block 50% network, 50.00%"]


def test_a_missing_pattern_says_so():
    a = decision.Accuracy(table_from_text(ACC))
    assert a.cell("unknown", 50.0) == "not measured"


def test_the_page_reads_its_tables_by_name(tmp_path):
    """Every table with its columns reversed gives the same page."""
    d = tmp_path / "report"
    d.mkdir()
    for name in os.listdir(REPORT):
        if not name.endswith(".csv"):
            continue
        with open(os.path.join(REPORT, name), encoding="utf-8") as f:
            rows = [ln.split(",") for ln in f.read().splitlines()]
        with open(d / name, "w", encoding="utf-8") as f:
            f.write("".join(",".join(list(reversed(r)) + ["x"]) + "\n" for r in rows))
    assert render(str(d), ACCURACY) == render(REPORT, ACCURACY)


def test_a_table_missing_a_needed_run_is_an_error(tmp_path):
    d = tmp_path / "report"
    shutil.copytree(REPORT, d)
    with open(d / "summary.csv", encoding="utf-8") as f:
        lines = [ln for ln in f if ",256," not in ln]
    with open(d / "summary.csv", "w", encoding="utf-8") as f:
        f.writelines(lines)
    with pytest.raises(ZeroDivisionError):
        render(str(d), ACCURACY)


ACC_HEAD = ("network,pattern,training,seed,test_images,a_zeros_layers_pct,macs_alg,macs_gated,"
            "energy_nj_per_inference\n")


def test_real_activations_gated_energy_per_image():
    """2 images, 1000 gated MACs of 4000: 25.0%; each gated MAC spares an
    8-bit multiply (0.2 pJ) and a 32-bit add (0.1 pJ), so 0.3 nJ in all,
    0.150 nJ per image (the 45 nm table of the report, by hand). Only the
    first seed's dense networks are shown."""
    acc = table_from_text(ACC_HEAD + "mlp,dense,one-shot,1,2,50.0 / 20.0 / 10.0,4000,1000,3.5\n"
                          "mlp,2:4,one-shot,1,2,50.0 / 20.0 / 10.0,4000,1000,3.5\n"
                          "mlp,dense,one-shot,2,2,50.0 / 20.0 / 10.0,4000,2000,3.5\n")
    text = "".join(act.relu_md(acc))
    assert "| MLP dense, one-shot | 50.0% / 20.0% / 10.0% | 25.0% | 3.500 | 0.150 |" in text
    assert "2:4" not in text.split("|---|")[1]  # only the dense networks
    assert "50.0%" in text and "| 50.0% |" not in text and text.count("| MLP dense") == 1
    assert act.relu_md(table_from_text(ACC_HEAD)) == []
