#!/usr/bin/env python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""sanitizer_retry.py - run a command built with ASan once more, and only
once, when the sanitizer runtime itself failed to start in it.

    scripts/ci/sanitizer_retry.py CMD [ARG...]

Runs CMD with its standard output and error merged and passed through
line by line. If CMD exits non-zero and its output holds the runtime's
own start-up failure (it could not reserve its shadow memory, before any
code under test ran: CI saw one Criterion worker of 214 die so, once, on a
machine with memory to spare), CMD runs again from the start and its exit
status is the verdict. Any other failure is CMD's verdict as it stands,
and a second start-up failure is an error: a retry never turns a failing
test into a pass, it only reruns a run whose tests did not all start.

Exit status: CMD's (0 pass, 1 failure, 2 set-up error), 2 when CMD cannot
be started.
"""

from __future__ import annotations

import subprocess
import sys

# What the runtime prints when mapping its shadow fails (compiler-rt's
# ReserveShadowMemoryRange; GCC's libasan is the same code).
START_FAILURES = (
    "ReserveShadowMemoryRange failed",
    "Shadow memory range interleaves with an existing memory mapping",
)


def run_once(cmd: list[str]) -> tuple[int, bool]:
    """Run cmd, echo its output, and say whether the runtime failed to start."""
    seen = False
    try:
        proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0
        )
    except OSError as err:
        print(f"sanitizer_retry: cannot run {cmd[0]}: {err.strerror}", file=sys.stderr)
        return 2, False
    assert proc.stdout is not None
    out = sys.stdout.buffer
    for line in proc.stdout:
        out.write(line)
        out.flush()
        if not seen:
            text = line.decode("utf-8", "replace")
            seen = any(s in text for s in START_FAILURES)
    return proc.wait(), seen


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: scripts/ci/sanitizer_retry.py CMD [ARG...]", file=sys.stderr)
        return 2
    rc, start_failed = run_once(argv)
    if rc == 0 or not start_failed:
        return rc
    print(
        f"sanitizer_retry: the sanitizer runtime failed to start in {argv[0]} "
        f"(exit {rc}); running it once more from the start",
        file=sys.stderr,
    )
    rc, start_failed = run_once(argv)
    if rc != 0 and start_failed:
        print(
            f"sanitizer_retry: the sanitizer runtime failed to start again in {argv[0]}",
            file=sys.stderr,
        )
        return 2
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
