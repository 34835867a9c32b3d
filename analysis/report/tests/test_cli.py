# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The command line: runs.csv merged from per-run files, the MoE streams'
cycles from a log, a column by name, outputs written whole, exit codes."""
import os

from analysis.report.cli import main
from conftest import RUNNER_COLUMNS, csv_text, sweep_rows, write_csv


def _per_run(tmp_path, columns=RUNNER_COLUMNS):
    paths = []
    for r in sweep_rows():
        p = tmp_path / ("run-" + r["vector"].replace(".vec", ".csv"))
        write_csv(str(p), [dict(r, vector="/some/build/" + r["vector"])], columns)
        paths.append(str(p))
    return paths


def _read(p):
    with open(p, encoding="utf-8") as f:
        return f.read()


def test_merge_strips_the_path_and_keeps_the_order(tmp_path):
    out = tmp_path / "runs.csv"
    assert main(["merge", "-o", str(out)] + _per_run(tmp_path)) == 0
    assert _read(out) == csv_text(sweep_rows(), RUNNER_COLUMNS)
    assert main(["merge", "--no-header", "-o", str(out)] + _per_run(tmp_path)) == 0
    assert _read(out) == csv_text(sweep_rows(), RUNNER_COLUMNS).split("\n", 1)[1]


def test_merge_refuses_files_of_different_headers(tmp_path, capsys):
    a = _per_run(tmp_path)
    b = tmp_path / "b"
    b.mkdir()
    other = _per_run(b, list(reversed(RUNNER_COLUMNS)))
    assert main(["merge", a[0], other[1]]) == 2
    assert "header differs" in capsys.readouterr().err


def test_stream_cycles_from_the_log(tmp_path):
    log = tmp_path / "hot5.streams.log"
    log.write_text("[  1/2] PASS /b/moe/hot5-streams/hot5-bucket.vec  commands=65/65 (0 with an "
                   "illegal nibble) cycles=111367\n"
                   "some other line\n"
                   "[  2/2] PASS /b/moe/hot5-streams/hot5-cap100.vec  commands=64/64 (0 with an "
                   "illegal nibble) cycles=94530\n")
    out = tmp_path / "s.csv"
    assert main(["streams", "--dist", "hot5", "-o", str(out), str(log)]) == 0
    assert _read(out) == "dist,scheme,stream_cycles\nhot5,bucket,111367\nhot5,cap100,94530\n"


def test_field_by_name(tmp_path, capsys):
    p = _per_run(tmp_path, list(reversed(RUNNER_COLUMNS)))[1]
    assert main(["field", p, "cycles"]) == 0
    assert capsys.readouterr().out == "32\n"


def test_bad_input_exits_2_and_writes_nothing(tmp_path, capsys):
    bad = sweep_rows()
    bad[0]["pass"] = 0
    runs = write_csv(str(tmp_path / "runs.csv"), bad)
    out = tmp_path / "summary.csv"
    assert main(["summary", "-o", str(out), runs]) == 2
    assert "did not pass" in capsys.readouterr().err
    assert not out.exists()
    assert os.listdir(tmp_path) == ["runs.csv"]
    assert main(["traffic", str(tmp_path / "missing.csv")]) == 2
