# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Tests of scripts/ci/sanitizer_retry.py: it reruns a command only when
the sanitizer runtime failed to start in it, at most once, and never
turns any other failure into a pass."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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


def flaky(tmp_path: Path, failures: int, rc: int, text: str) -> list[str]:
    """A command that prints text and exits rc on its first `failures`
    runs, then passes."""
    return script(tmp_path, [(rc, text)] * failures + [PASS])


def run(cmd: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *cmd], capture_output=True, text=True, check=False
    )


def runs(tmp_path: Path) -> int:
    return int((tmp_path / "runs").read_text())


def test_a_start_failure_reruns_once_and_the_rerun_decides(tmp_path: Path) -> None:
    proc = run(flaky(tmp_path, 1, 1, START_FAILURE))
    assert proc.returncode == 0
    assert runs(tmp_path) == 2
    assert "failed to start" in proc.stderr
    assert START_FAILURE in proc.stdout  # the first run's output is kept


def test_a_test_failure_is_not_rerun(tmp_path: Path) -> None:
    proc = run(flaky(tmp_path, 1, 1, "[FAIL] lockstep::x: counters differ"))
    assert proc.returncode == 1
    assert runs(tmp_path) == 1


def test_a_second_start_failure_is_an_error(tmp_path: Path) -> None:
    proc = run(flaky(tmp_path, 2, 1, START_FAILURE))
    assert proc.returncode == 2
    assert runs(tmp_path) == 2
    assert "failed to start again" in proc.stderr


def test_a_pass_that_mentions_the_signature_is_a_pass(tmp_path: Path) -> None:
    proc = run(flaky(tmp_path, 0, 0, START_FAILURE))
    assert proc.returncode == 0
    assert runs(tmp_path) == 1


def test_the_exit_status_passes_through(tmp_path: Path) -> None:
    proc = run(flaky(tmp_path, 1, 2, "bad vector file x.vec line 3"))
    assert proc.returncode == 2
    assert runs(tmp_path) == 1


def test_the_ci_transcript_that_motivated_it_is_rerun(tmp_path: Path) -> None:
    """The ASan unit run of CI on 2026-12-05 (make verify-ci), as printed."""
    transcript = "\n".join(
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
    proc = run(flaky(tmp_path, 1, 2, transcript))
    assert proc.returncode == 0
    assert runs(tmp_path) == 2


def test_a_real_failure_beside_a_start_failure_is_not_rerun(tmp_path: Path) -> None:
    text = START_FAILURE + "\n[FAIL] lockstep::x: counters differ"
    proc = run(flaky(tmp_path, 1, 1, text))
    assert proc.returncode == 1
    assert runs(tmp_path) == 1


def test_a_sanitizer_finding_beside_a_start_failure_is_not_rerun(tmp_path: Path) -> None:
    text = START_FAILURE + "\n==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1"
    proc = run(flaky(tmp_path, 1, 1, text))
    assert proc.returncode == 1
    assert runs(tmp_path) == 1


def test_a_start_failure_in_the_same_line_as_a_failure_is_not_rerun(tmp_path: Path) -> None:
    proc = run(flaky(tmp_path, 1, 1, "[FAIL] x: wrong row" + START_FAILURE))
    assert proc.returncode == 1
    assert runs(tmp_path) == 1


def test_a_rerun_that_fails_is_a_failure(tmp_path: Path) -> None:
    proc = run(script(tmp_path, [(1, START_FAILURE), (1, "[FAIL] lockstep::x: counters differ")]))
    assert proc.returncode == 1
    assert runs(tmp_path) == 2


def test_a_test_named_fail_is_no_failure(tmp_path: Path) -> None:
    text = START_FAILURE + "\n[----] Warning! The test `step_mode::wrong_sides_fail_the_run` crashed"
    proc = run(flaky(tmp_path, 1, 1, text))
    assert proc.returncode == 0
    assert runs(tmp_path) == 2


def test_a_command_killed_by_a_signal_is_an_error(tmp_path: Path) -> None:
    prog = "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"
    proc = run([sys.executable, "-c", prog])
    assert proc.returncode == 2
    assert "SIGSEGV" in proc.stderr


def test_a_command_that_cannot_start_is_an_error(tmp_path: Path) -> None:
    proc = run([str(tmp_path / "missing")])
    assert proc.returncode == 2
    assert "cannot run" in proc.stderr
