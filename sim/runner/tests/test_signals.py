# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""SIGINT while children start (issue 48): the handler of procs.on_signals
runs in the main thread, between two bytecodes of whatever the main thread
does, and that may be Children.popen holding the children's lock. Before
the fix the handler took the same (non-reentrant) lock in stop_all and the
runner hung for good. Here a program starts and waits for children in its
main thread, as the suite's generate() and make sim's builds do, and is
sent SIGINT many times; every one must end in Interrupted at once."""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import textwrap
import time

RUNNER = os.path.join(os.path.dirname(__file__), "..")

# Starts /bin/true children in a loop in the main thread (and in a worker
# thread, as the suite's runs do); on Interrupted says "stopped N" and
# begins again with a fresh Children. The handler is installed once and
# the thread started once, before the first signal, as in the runner (an
# exception raised inside threading.Thread.start breaks the threading
# module's books, and signal.signal runs pending handlers itself: neither
# is this test's subject).
LOOP = textwrap.dedent(
    """\
    import os, sys, threading, time
    sys.path.insert(0, sys.argv[1])
    from stc_runner.errors import Interrupted
    from stc_runner.procs import Children, on_signals

    now = {"ch": Children()}

    class Current:  # the handler's Children: the round's, whichever it is
        def __getattr__(self, name):
            return getattr(now["ch"], name)

    def worker():
        while True:
            try:
                now["ch"].run(["/bin/true"])
            except Interrupted:
                time.sleep(0.001)

    on_signals(Current())
    threading.Thread(target=worker, daemon=True).start()
    rounds = 0
    while True:
        try:
            # Said inside the try: the next signal, sent when this line is
            # read, can only come while a round runs.
            print("stopped %d" % rounds if rounds else "ready", flush=True)
            ch = Children()
            now["ch"] = ch
            while True:
                p = ch.popen(["/bin/true"])
                ch.wait(p)
        except Interrupted:
            rounds += 1
    """
)


def _line(p: subprocess.Popen[str], timeout: float) -> str:
    assert p.stdout is not None
    r, _, _ = select.select([p.stdout], [], [], timeout)
    return p.stdout.readline() if r else ""


def test_sigint_while_children_start_never_hangs() -> None:
    p = subprocess.Popen([sys.executable, "-c", LOOP, RUNNER], stdout=subprocess.PIPE, text=True)
    try:
        assert _line(p, 10) == "ready\n"
        rng = random.Random(48)
        for i in range(1, 101):
            time.sleep(rng.uniform(0.005, 0.05))
            p.send_signal(signal.SIGINT)
            got = _line(p, 5)
            assert got == f"stopped {i}\n", f"SIGINT {i}: no Interrupted within 5 s (a hang: the handler deadlocked?)"
    finally:
        p.kill()
        p.wait()


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # Still there: a zombie (reparented to init, not yet reaped) is gone too.
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_stop_all_kills_a_group_whose_leader_exited_on_sigterm(tmp_path: "os.PathLike[str]") -> None:
    """A leader that dies of SIGTERM (a shell) leaves a member of its group
    that ignores SIGTERM (a compiler, a simulator it started): stop_all must
    still SIGKILL the group. Before, it sent SIGKILL only to groups whose
    leader was still alive, and the member ran on (make mutate-runner's
    survivor at procs.py's stop_all)."""
    sys.path.insert(0, RUNNER)
    from stc_runner.procs import Children

    pidfile = os.path.join(tmp_path, "member.pid")
    ch = Children()
    # The member ignores SIGTERM across exec; the leader waits, with
    # SIGTERM's default action, and dies of it.
    p = ch.popen(["sh", "-c", f"(trap '' TERM; exec sleep 60) & echo $! >{pidfile}; wait"])
    end = time.monotonic() + 10
    while time.monotonic() < end and not (os.path.exists(pidfile) and open(pidfile).read().strip()):
        time.sleep(0.01)
    member = int(open(pidfile).read())
    time.sleep(0.1)  # the member's exec done, SIGTERM ignored
    t0 = time.monotonic()
    ch.stop_all("test")
    p.wait(timeout=5)
    assert p.returncode == -signal.SIGTERM, "the leader must die of SIGTERM (the case under test)"
    end = time.monotonic() + 5
    while time.monotonic() < end and not _gone(member):
        time.sleep(0.02)
    assert _gone(member), "the SIGTERM-proof member of the group still runs after stop_all"
    assert time.monotonic() - t0 < 4, "stop_all took longer than its two grace periods"
