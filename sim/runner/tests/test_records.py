# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""A run's exit code, JUnit, CSV and closing line must agree
(stc_runner/records.py): each record contradicting the exit code alone
makes the run 2, on the stand-in runner and record by record."""

from __future__ import annotations

import os
import stat

import pytest
from conftest import PLAN

from stc_runner import plan, records
from stc_runner.procs import Children
from stc_runner.suite import Config, Suite

PASSING_JUNIT = '<testsuite tests="2"><testcase name="a"/><testcase name="b"/></testsuite>'
FAILING_JUNIT = '<testsuite tests="2"><testcase name="a"><failure message="x"/></testcase><testcase name="b"/></testsuite>'
CSV_HEAD = "vector,pass\n"


def _files(tmp_path, junit: str, csv: str, line: str):  # type: ignore[no-untyped-def]
    j, c = tmp_path / "r.xml", tmp_path / "r.csv"
    j.write_text(junit)
    c.write_text(CSV_HEAD + csv)
    return str(j), str(c), line


@pytest.mark.parametrize("junit,csv,line,rc,why", [
    (PASSING_JUNIT, "a,1\nb,1\n", "cosim: 2 passed, 0 failed", 0, ""),
    (FAILING_JUNIT, "a,0\nb,1\n", "cosim: 1 passed, 1 failed", 1, ""),
    (FAILING_JUNIT, "a,1\nb,1\n", "cosim: 2 passed, 0 failed", 0, "its JUnit"),
    (PASSING_JUNIT, "a,0\nb,1\n", "cosim: 2 passed, 0 failed", 0, "its CSV"),
    (PASSING_JUNIT, "a,1\nb,1\n", "cosim: 1 passed, 1 failed", 0, "its closing line"),
    (PASSING_JUNIT, "a,1\n", "cosim: 2 passed, 0 failed", 0, "accounts for 1 file(s) of the 2"),
    (PASSING_JUNIT, "a,1\nb,1\n", "cosim: 2 passed, 0 failed", 1, "exited 1 (a mismatch), but its JUnit"),
    (FAILING_JUNIT, "a,0\nb,1\n", "cosim: 2 passed, 0 failed", 1, "exited 1 (a mismatch), but its closing line"),
    (PASSING_JUNIT, "a,1\nb,yes\n", "cosim: 2 passed, 0 failed", 0, "neither 0 nor 1"),
    (PASSING_JUNIT, "a,1\nb,1\n", "", 0, "closing line (in log) is missing"),
    ("<testsuite", "a,1\nb,1\n", "cosim: 2 passed, 0 failed", 0, "is not XML"),
])
def test_each_record_alone_contradicting_the_exit_code_is_2(tmp_path, junit, csv, line, rc, why) -> None:  # type: ignore[no-untyped-def]
    j, c, log = _files(tmp_path, junit, csv, line)
    got, text = records.cross_check("r", "stc_sim-n4", rc, 2, j, c, log + "\n", "log")
    if why:
        assert got == 2 and why in text and "the run's records disagree" in text
    else:
        assert (got, text) == (rc, "")


def test_missing_records_of_a_passing_run_are_2(tmp_path) -> None:  # type: ignore[no-untyped-def]
    got, text = records.cross_check("r", "sim", 0, 1, str(tmp_path / "no.xml"), str(tmp_path / "no.csv"),
                                    "cosim: 1 passed, 0 failed\n", "log")
    assert got == 2 and "is missing or unreadable" in text


def test_an_error_stays_an_error_whatever_the_records_say(tmp_path) -> None:  # type: ignore[no-untyped-def]
    j, c, log = _files(tmp_path, PASSING_JUNIT, "a,1\nb,1\n", "cosim: 2 passed, 0 failed")
    assert records.cross_check("r", "sim", 2, 2, j, c, log, "log") == (2, "")


def test_a_stand_in_that_exits_0_after_a_failing_file_is_2(fake, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The stand-in fails the first file of --seed 1 (singles) and exits
    1; the wrapper makes that 0, as a lying simulator would."""
    runner, vecgen, reg = fake
    liar = tmp_path / "liar"
    liar.write_text(f'#!/bin/sh\n"{runner}" "$@"\nexit 0\n')
    liar.chmod(liar.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("FAKE_RC", "1:1")
    out = str(tmp_path / "o")
    ex = plan.expand(plan.load(PLAN), plan.Options(n=4, regression_dir=reg, gen_dir=os.path.join(out, "gen"),
                                                   tests=("singles",)))
    cfg = Config(runner=str(liar), vecgen=vecgen, n=4, out=out)
    assert Suite(cfg, ex, Children()).run() == 2
    with open(os.path.join(out, "suite.txt")) as f:
        text = f.read()
    assert "liar exited 0, but its JUnit" in text and "has 1 failing file(s) of 2" in text
    with open(os.path.join(out, "runs.txt")) as f:
        assert f.read().split("\n")[0] == "singles 2 2"
