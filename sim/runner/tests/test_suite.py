# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""One array size's suite on a stand-in runner: lines and files in the
plan's order at any JOBS and sharding, and fail-closed verdicts."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import PLAN

from stc_runner import merge, plan
from stc_runner.errors import SetupError
from stc_runner.procs import Children
from stc_runner.sim import RunConfig, write_verdicts
from stc_runner.suite import Config, Renderer, Suite, read_rc

SIMRUN = os.path.join(os.path.dirname(__file__), "..", "stc_simrun")


def run_suite(fake, out, monkeypatch, jobs=1, shard=(1, 1), first_failure=False, rc="", sleep="", tests=(), icg=True):  # type: ignore[no-untyped-def]
    runner, vecgen, reg = fake
    monkeypatch.setenv("FAKE_RC", rc)
    monkeypatch.setenv("FAKE_SLEEP", sleep)
    ex = plan.expand(plan.load(PLAN), plan.Options(n=4, regression_dir=reg, gen_dir=os.path.join(out, "gen"),
                                                   icg=icg, tests=tests))
    cfg = Config(runner=runner, vecgen=vecgen, n=4, out=out, icg=runner if icg else "", jobs=jobs,
                 shard_i=shard[0], shard_k=shard[1], first_failure=first_failure)
    return Suite(cfg, ex, Children()).run(f"{shard[0]}/{shard[1]}" if shard[1] > 1 else "")


def read(out, name):  # type: ignore[no-untyped-def]
    with open(os.path.join(out, name)) as f:
        return f.read()


def test_all_pass(fake, tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    out = str(tmp_path / "o")
    assert run_suite(fake, out, monkeypatch) == 0
    text = read(out, "suite.txt")
    assert text == capsys.readouterr().out
    assert text.startswith("== singles: 2 file(s), N=4, --seed 1 --stall 0\n[  1/2] PASS ")
    assert "== streams-b2b      1 file(s)     1 commands --seed 3 --stall 0 --policy b2b" in text
    # the long hold run is opt-in: listed as skipped, with the reason
    assert text.endswith("== hold: skipped: 2^24 cycles, about 10 s of CPU, out of the edit loop: "
                         "make sim TESTS=all runs it (make test, make ci and make bugs do)\n"
                         "== N=4: 14 of 14 runs passed\n")
    assert read(out, "runs.txt").split("\n")[0] == "singles 0 2"
    assert "first failure" not in text and not os.path.exists(os.path.join(out, "first-failure.args"))
    xml = read(out, "suite.xml")
    assert xml.count("<testsuite ") == 15


def test_a_mismatch_is_1_and_the_first_is_detailed(fake, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    out = str(tmp_path / "o")
    # singles-stall (seed 2) and faults (seed 9) fail
    assert run_suite(fake, out, monkeypatch, rc="2:1,9:1") == 1
    text = read(out, "suite.txt")
    assert "== N=4: 12 of 14 runs passed\n" in text
    reg = fake[2]
    assert text.endswith(
        f"first failure: singles-stall {reg}/dense-n4-a-s1.vec\n  first divergence: cycle 7, res_data_o\n"
        f"  reproduce: fake --seed 2 {reg}/dense-n4-a-s1.vec\n")
    assert read(out, "first-failure.args") == f"--seed\n2\n--stall\n30\n{reg}/dense-n4-a-s1.vec\n"
    # the failing run's details once, the second failing run's line only
    assert text.count("MISMATCH") == 1


@pytest.mark.parametrize("rc, why", [("3:2", "2"), ("3:139", "crash")])
def test_an_error_or_a_crash_is_2(fake, tmp_path, monkeypatch, rc, why) -> None:  # type: ignore[no-untyped-def]
    out = str(tmp_path / "o")
    assert run_suite(fake, out, monkeypatch, rc=rc) == 2
    assert "streams-b2b 2 1" in read(out, "runs.txt")
    if why == "crash":
        assert "exited 139 (a crash or a signal): an error" in read(out, "suite.txt")


def test_no_run_ran_is_2(fake, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # Every run dropped but the opt-in hold run, which is skipped: the suite
    # compared nothing, and said PASS for it (verdict 0) before.
    out = str(tmp_path / "o")
    drop = tuple("-" + r["name"] for r in plan.load(PLAN)["runs"] if r["name"] != "hold")
    assert run_suite(fake, out, monkeypatch, tests=drop) == 2
    assert read(out, "suite.txt").endswith(
        "== N=4: 0 of 0 runs passed\n== N=4: no run ran, so nothing was checked: an error (verdict 2)\n")
    # A shard may be empty (more slices than runs); the merge of the
    # shards may not, and the unsharded suite with its runs passes.
    empty = str(tmp_path / "e")
    assert run_suite(fake, empty, monkeypatch, shard=(15, 15)) == 0
    text = read(empty, "suite.txt")
    assert "== N=4 (shard 15/15): 0 of 0 runs passed\n" in text and "no run ran" not in text


def test_jobs_and_order(fake, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    # the first failing run held back: later failing runs end before it
    assert run_suite(fake, a, monkeypatch, jobs=1, rc="2:1,9:1") == 1
    assert run_suite(fake, b, monkeypatch, jobs=3, rc="2:1,9:1", sleep="2:1.5") == 1
    for f in ("suite.txt", "runs.txt", "first-failure.args"):
        assert read(a, f).replace(a, "X") == read(b, f).replace(b, "X"), f
    sched = read(b, "schedule.txt").split()
    assert sched.index("faults") < sched.index("singles-stall")


def test_shards_merged_are_the_unsharded_run(fake, tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    whole = str(tmp_path / "whole")
    assert run_suite(fake, whole, monkeypatch, rc="9:1") == 1
    s1, s2 = str(tmp_path / "s1"), str(tmp_path / "s2")
    assert run_suite(fake, s1, monkeypatch, shard=(1, 2), rc="9:1", jobs=2) in (0, 1)
    assert run_suite(fake, s2, monkeypatch, shard=(2, 2), rc="9:1") in (0, 1)
    m = str(tmp_path / "m")
    assert merge.merge(m, [s1, s2]) == 1
    for f in ("suite.txt", "runs.txt", "first-failure.args"):
        assert read(m, f).replace(m, "X") == read(whole, f).replace(whole, "X"), f
    with pytest.raises(SetupError, match="shard 1/2 is missing"):
        merge.merge(str(tmp_path / "m2"), [s2])
    with pytest.raises(SetupError, match="are both shard 2/2"):
        merge.merge(str(tmp_path / "m2"), [s2, s2])


def test_merge_fails_closed_on_a_lost_result(fake, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    s1, s2 = str(tmp_path / "s1"), str(tmp_path / "s2")
    run_suite(fake, s1, monkeypatch, shard=(1, 2))
    run_suite(fake, s2, monkeypatch, shard=(2, 2))
    label = read(s2, "runs.txt").split()[0]
    with open(os.path.join(s2, "parts", label + ".rc"), "w") as f:
        f.write("")  # a full disk, a killed run
    assert merge.merge(str(tmp_path / "m"), [s1, s2]) == 2
    os.unlink(os.path.join(s2, "parts", label + ".rc"))
    with pytest.raises(SetupError, match=f"run {label} has no verdict in any shard"):
        merge.merge(str(tmp_path / "m"), [s1, s2])


def test_first_failure_counts_nothing_after_it(fake, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    for jobs in (1, 3):
        out = str(tmp_path / f"o{jobs}")
        assert run_suite(fake, out, monkeypatch, jobs=jobs, first_failure=True, rc="3:1,4:1") == 1
        assert read(out, "runs.txt") == "singles 0 2\nsingles-stall 0 2\nstreams-b2b 1 1\n"
        assert not os.path.exists(os.path.join(out, "streams-gap.log"))


def test_read_rc_fails_closed(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "x.rc"
    assert read_rc(str(p), "x")[0] == 2
    for text in ("", "0 1", "7", "ok"):
        p.write_text(text)
        rc, why = read_rc(str(p), "x")
        assert rc == 2 and "counted as an error" in why
    p.write_text("1\n")
    assert read_rc(str(p), "x") == (1, "")


def test_an_unwritable_result_is_an_error(fake, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "o"
    (out / "runs.txt").mkdir(parents=True)
    (out / "runs.txt" / "x").write_text("")
    with pytest.raises(SetupError, match="runs.txt"):
        run_suite(fake, str(out), monkeypatch, rc="2:1")


def test_an_unwritable_verdict_makes_2(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "sim.verdict").mkdir()
    cfg = RunConfig(sim_dir=str(tmp_path), verdict_files=[str(tmp_path / "mine")])
    assert write_verdicts(cfg, 0) == 2
    assert (tmp_path / "mine").read_text() == "2\n"
    assert "cannot write the verdict" in capsys.readouterr().err


def test_sigint_stops_every_run_within_2s(fake, tmp_path) -> None:  # type: ignore[no-untyped-def]
    runner, vecgen, reg = fake
    env = dict(os.environ, FAKE_SLEEP="1:30,2:30,3:30")
    out = str(tmp_path / "o")
    p = subprocess.Popen([sys.executable, SIMRUN, "suite", "--plan", PLAN, "--runner", runner, "--vecgen", vecgen,
                          "--n", "4", "--out", out, "--regression-dir", reg, "--jobs", "3"],
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    p.send_signal(signal.SIGINT)
    t0 = time.monotonic()
    _, err = p.communicate(timeout=10)
    assert time.monotonic() - t0 < 2.0
    assert p.returncode == 2 and "SIGINT" in err
    left = [pid for pid in os.listdir("/proc") if pid.isdigit() and _cmd(pid).find(runner) >= 0]
    assert left == []


def _cmd(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().decode(errors="replace")
    except OSError:
        return ""


def test_a_stopped_run_is_dropped_with_its_writers_temporaries(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """FIRST_FAILURE=1 stops the runs started after the first failing one
    (SIGTERM): one stopped while it wrote its CSV or JUnit leaves the
    atomic writer's NAME.tmp.XXXXXX, which must go with the run's files;
    another run's files stay."""
    out = tmp_path / "o"
    (out / "junit").mkdir(parents=True)
    (out / "parts").mkdir()
    mine = ["corners.log", "corners.csv", "corners.csv.tmp.qU63v7", "junit/corners.xml",
            "junit/corners.xml.tmp.a1b2c3"]
    other = ["corners-b.csv.tmp.zzzzzz", "fresh.csv", "junit/fresh.xml"]
    for f in mine + other:
        (out / f).write_text("x")
    Renderer(str(out), 4, None, True).drop("corners")  # type: ignore[arg-type]
    assert [f for f in mine + other if (out / f).exists()] == other
