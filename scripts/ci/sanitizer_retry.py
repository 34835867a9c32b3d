#!/usr/bin/env python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""sanitizer_retry.py - run a command built with ASan once more, and only
once, when the sanitizer runtime itself failed to start in it and nothing
else failed.

    scripts/ci/sanitizer_retry.py CMD [ARG...]

Runs CMD with its standard output and error merged and passed through
line by line. CMD runs again from the start when all of these hold: it
exited non-zero; its output holds the runtime's own start-up failure (it
could not reserve its shadow memory, before any code under test ran: CI
saw one Criterion worker of 214 die so, once, on a machine with memory to
spare); and its output holds no sign of any other failure (a failed or
crashed test, a mismatch, a time-out, a sanitizer finding: FAILURES
below). The rerun's exit status is then the verdict. Anything else is
CMD's verdict as it stands: a run with a real failure beside a start-up
failure is never rerun, so a failure that does not recur cannot be
washed out. A second start-up failure is an error.

Exit status: CMD's (0 pass, 1 failure, 2 set-up error); 2 when CMD cannot
be started, is killed by a signal, or fails to start twice.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys

# What the runtime prints when mapping its shadow fails (compiler-rt's
# ReserveShadowMemoryRange; GCC's libasan is the same code).
START_FAILURES = (
    "ReserveShadowMemoryRange failed",
    "Shadow memory range interleaves with an existing memory mapping",
)

# Any other failure a run can report: Criterion's failed or crashed tests,
# the runner's FAIL lines, mismatches and time-outs, sanitizer findings
# (the start-up failure reads "AddressSanitizer failed to", never
# "AddressSanitizer:"). Case-sensitive words, so a test named
# wrong_sides_fail_the_run is no failure.
FAILURES = re.compile(
    r"\bFAIL\b|\bFAILED\b|Failing: [1-9]|Crashing: [1-9]|\bMISMATCH\b|\bTIMEOUT\b"
    r"|AddressSanitizer:|LeakSanitizer|runtime error:|UndefinedBehaviorSanitizer"
)


def run_once(cmd: list[str]) -> tuple[int, bool, bool]:
    """Run cmd and echo its output; return its exit status, whether the
    runtime failed to start in it, and whether anything else failed."""
    start_failed = other_failed = False
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    except OSError as err:
        print(f"sanitizer_retry: cannot run {cmd[0]}: {err.strerror}", file=sys.stderr)
        return 2, False, False
    assert proc.stdout is not None
    out = sys.stdout.buffer
    for line in iter(proc.stdout.readline, b""):
        out.write(line)
        out.flush()
        text = line.decode("utf-8", "replace")
        # Both tests on every line: two workers' output can share one.
        if any(s in text for s in START_FAILURES):
            start_failed = True
        if FAILURES.search(text):
            other_failed = True
    rc = proc.wait()
    if rc < 0:
        name = signal.Signals(-rc).name if -rc in signal.valid_signals() else str(-rc)
        print(f"sanitizer_retry: {cmd[0]} was killed by {name}", file=sys.stderr)
        return 2, start_failed, True
    return rc, start_failed, other_failed


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: scripts/ci/sanitizer_retry.py CMD [ARG...]", file=sys.stderr)
        return 2
    rc, start_failed, other_failed = run_once(argv)
    if rc == 0 or not start_failed or other_failed:
        return rc
    print(
        f"sanitizer_retry: the sanitizer runtime failed to start in {argv[0]} "
        f"(exit {rc}) and nothing else failed; running it once more from the start",
        file=sys.stderr,
    )
    rc, start_failed, _ = run_once(argv)
    if rc != 0 and start_failed:
        print(
            f"sanitizer_retry: the sanitizer runtime failed to start again in {argv[0]}",
            file=sys.stderr,
        )
        return 2
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
