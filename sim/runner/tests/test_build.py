# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""make sim's overlapped build (Sim.build_overlapped) on a stand-in make:
one make for every size, a later size's suite started when make says its
builds are done and not before, and every way that make can fail or stay
silent is an error (2), never a suite run on a stale build."""

from __future__ import annotations

import os
import stat
import textwrap
import time

import pytest

from stc_runner.errors import SetupError
from stc_runner.procs import Children
from conftest import PLAN
from stc_runner.sim import LONG_RUN_MS, RunConfig, Sim

# The stand-in make: records its command line, says "N" on the runner's
# descriptor for each N in FAKE_SAY (after FAKE_DELAY seconds), then sleeps
# FAKE_AFTER seconds and exits FAKE_RC.
FAKE_MAKE = textwrap.dedent(
    '''\
    #!/usr/bin/python3
    import os, sys, time
    args = dict(a.split("=", 1) for a in sys.argv[1:] if "=" in a)
    with open(os.environ["FAKE_LOG"], "w") as f:
        f.write("\\n".join(sys.argv[1:]) + "\\n")
    time.sleep(float(os.environ.get("FAKE_DELAY", "0")))
    for n in os.environ.get("FAKE_SAY", "").split():
        with open("/dev/fd/" + args["SIM_READY_FD"], "w") as f:
            f.write(n + "\\n")
    time.sleep(float(os.environ.get("FAKE_AFTER", "0")))
    sys.exit(int(os.environ.get("FAKE_RC", "0")))
    '''
)


@pytest.fixture
def fake_make(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    path = tmp_path / "make"
    path.write_text(FAKE_MAKE)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("FAKE_LOG", str(tmp_path / "argv.txt"))
    return str(path)


def overlapped(fake_make, tmp_path, monkeypatch, later_first=False, **env):  # type: ignore[no-untyped-def]
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    cfg = RunConfig(make=fake_make, build=str(tmp_path / "build"), sim_dir=str(tmp_path / "build"), ns=[16, 4],
                    jobs=2, extra_targets=["build/stc_vecgen"])
    started: list[tuple[int, float]] = []
    t0 = time.monotonic()
    Sim(cfg, Children()).build_overlapped(16, [4], lambda n: started.append((n, time.monotonic() - t0)),
                                          later_first)
    return started, time.monotonic() - t0


def test_one_make_builds_the_first_size_first_and_says_when_a_later_one_is_built(fake_make, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    started, took = overlapped(fake_make, tmp_path, monkeypatch, FAKE_SAY="4", FAKE_AFTER="1.0")
    # N=4's suite starts when make says so, not when make ends
    assert [n for n, _ in started] == [4] and started[0][1] < took - 0.8
    with open(tmp_path / "argv.txt") as f:
        argv = f.read().split("\n")
    bins = next(a for a in argv if a.startswith("SIM_BINS="))
    b = str(tmp_path / "build")
    assert bins == f"SIM_BINS={b}/stc_sim-n16 build/stc_vecgen sim-ready-4"
    assert f"SIM_READY_4={b}/stc_sim-n4 {b}/stc_sim-n4-icg build/stc_vecgen" in argv
    assert "SIM_READY_NS=4" in argv and any(a.startswith("SIM_READY_FD=") for a in argv)


def test_a_failed_build_is_2_even_after_a_size_was_said_built(fake_make, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SetupError, match="make exited 2"):
        overlapped(fake_make, tmp_path, monkeypatch, FAKE_SAY="4", FAKE_RC="2")


def test_make_saying_a_size_not_asked_for_is_2(fake_make, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SetupError, match="N=8"):
        overlapped(fake_make, tmp_path, monkeypatch, FAKE_SAY="8")


def test_make_saying_a_size_twice_is_2(fake_make, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SetupError, match="said twice"):
        overlapped(fake_make, tmp_path, monkeypatch, FAKE_SAY="4 4")


def test_make_silent_on_a_size_starts_no_suite(fake_make, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    started, _ = overlapped(fake_make, tmp_path, monkeypatch, FAKE_SAY="")
    assert started == []  # Sim.suites then refuses the run (2): no suite on an unannounced build


def test_the_pipe_is_closed_after_the_build(fake_make, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    before = len(os.listdir("/proc/self/fd"))
    overlapped(fake_make, tmp_path, monkeypatch, FAKE_SAY="4")
    with pytest.raises(SetupError):
        overlapped(fake_make, tmp_path, monkeypatch, FAKE_SAY="4", FAKE_RC="1")
    assert len(os.listdir("/proc/self/fd")) == before


def test_a_later_size_with_a_long_run_is_built_first(fake_make, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    overlapped(fake_make, tmp_path, monkeypatch, later_first=True, FAKE_SAY="4")
    with open(tmp_path / "argv.txt") as f:
        bins = next(a for a in f.read().split("\n") if a.startswith("SIM_BINS="))
    assert bins == f"SIM_BINS=sim-ready-4 {tmp_path / 'build'}/stc_sim-n16 build/stc_vecgen"


def test_only_the_opt_in_hold_run_makes_n4_long() -> None:
    """The build order's input: N=4's longest planned run, from the plan's
    costs: the hold run only when TESTS= selects it."""
    def longest(tests: str, n: int = 4) -> int:
        return Sim(RunConfig(plan=PLAN, tests=tests), Children()).longest_run(n)

    assert longest("") < LONG_RUN_MS and longest("-long") < LONG_RUN_MS and longest("streams") < LONG_RUN_MS
    assert longest("all") >= LONG_RUN_MS and longest("hold") >= LONG_RUN_MS
    assert longest("all", 16) < LONG_RUN_MS
    assert Sim(RunConfig(plan=PLAN, tests="all", vec="x.vec"), Children()).longest_run(4) == 0
