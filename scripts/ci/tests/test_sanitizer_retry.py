# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Tests of scripts/ci/sanitizer_retry.py: it reruns a command only when
the sanitizer runtime failed to start in it, at most once, and never
turns any other failure into a pass."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "sanitizer_retry.py"
START_FAILURE = (
    "==28881==ReserveShadowMemoryRange failed while trying to map "
    "0x2000000000000000 bytes. Perhaps you're using ulimit -v"
)


def script(tmp_path: Path, runs: list[tuple[int, str]]) -> list[str]:
    """A command whose k-th run prints runs[k][1] and exits runs[k][0]
    (the last entry for any run beyond); it counts its runs in a file."""
    count = tmp_path / "runs"
    prog = (
        "import sys, pathlib\n"
        f"p = pathlib.Path({str(count)!r})\n"
        "n = int(p.read_text()) + 1 if p.exists() else 1\n"
        "p.write_text(str(n))\n"
        f"runs = {runs!r}\n"
        "rc, text = runs[min(n, len(runs)) - 1]\n"
        "print(text, file=sys.stderr)\n"
        "sys.exit(rc)\n"
    )
    return [sys.executable, "-c", prog]


PASS = (0, "[====] Synthesis: Tested: 3 | Passing: 3 | Failing: 0 | Crashing: 0")


def run(cmd: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *cmd], capture_output=True, text=True, check=False
    )


def runs(tmp_path: Path) -> int:
    return int((tmp_path / "runs").read_text())


# The ASan unit run of CI on 2026-12-05 (make verify-ci), as printed.
CI_TRANSCRIPT = "\n".join(
    [
        "==28881==ERROR: AddressSanitizer failed to allocate 0x2000000000000000 "
        "(2305843009213693952) bytes at address 7fff8000 (errno: 12)",
        START_FAILURE,
        "[----] Warning! The test `lockstep::counter_rules_bind_at_every_level_but_timing_"
        "at_txn` crashed during its setup or teardown.",
        "[====] Synthesis: Tested: 214 | Passing: 214 | Failing: 0 | Crashing: 0 ",
        "make[3]: *** [tb/tb.mk:36: unit] Error 1",
    ]
)
FAIL = (1, "[FAIL] lockstep::x: counters differ")

# What each run of the command prints and exits (the last for any run
# beyond), the wrapper's exit status and how many times it ran the command.
CASES = {
    "a start failure reruns once and the rerun decides": ([(1, START_FAILURE), PASS], 0, 2),
    "the CI transcript that motivated it is rerun": ([(2, CI_TRANSCRIPT), PASS], 0, 2),
    "a test named fail is no failure": (
        [(1, START_FAILURE + "\n[----] Warning! The test `step_mode::wrong_sides_fail_the_run` crashed"), PASS],
        0,
        2,
    ),
    "a test failure is not rerun": ([FAIL, PASS], 1, 1),
    "the exit status passes through": ([(2, "bad vector file x.vec line 3"), PASS], 2, 1),
    "a pass that mentions the signature is a pass": ([(0, START_FAILURE)], 0, 1),
    "a real failure beside a start failure is not rerun": (
        [(1, START_FAILURE + "\n" + FAIL[1]), PASS],
        1,
        1,
    ),
    "a sanitizer finding beside a start failure is not rerun": (
        [(1, START_FAILURE + "\n==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1"), PASS],
        1,
        1,
    ),
    "a start failure in the same line as a failure is not rerun": (
        [(1, "[FAIL] x: wrong row" + START_FAILURE), PASS],
        1,
        1,
    ),
    "a rerun that fails is a failure": ([(1, START_FAILURE), FAIL], 1, 2),
    "a second start failure is an error": ([(1, START_FAILURE)], 2, 2),
}


@pytest.mark.parametrize("outputs,want_rc,want_runs", list(CASES.values()), ids=list(CASES))
def test_reruns_only_a_start_failure_alone(
    tmp_path: Path, outputs: list[tuple[int, str]], want_rc: int, want_runs: int
) -> None:
    proc = run(script(tmp_path, outputs))
    assert proc.returncode == want_rc
    assert runs(tmp_path) == want_runs


def test_a_rerun_says_why_and_keeps_the_first_output(tmp_path: Path) -> None:
    proc = run(script(tmp_path, [(1, START_FAILURE), PASS]))
    assert "failed to start" in proc.stderr
    assert START_FAILURE in proc.stdout


def test_a_second_start_failure_says_so(tmp_path: Path) -> None:
    proc = run(script(tmp_path, [(1, START_FAILURE)]))
    assert "failed to start again" in proc.stderr


def test_a_command_killed_by_a_signal_is_an_error(tmp_path: Path) -> None:
    prog = "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"
    proc = run([sys.executable, "-c", prog])
    assert proc.returncode == 2
    assert "SIGSEGV" in proc.stderr


def test_a_command_that_cannot_start_is_an_error(tmp_path: Path) -> None:
    proc = run([str(tmp_path / "missing")])
    assert proc.returncode == 2
    assert "cannot run" in proc.stderr
