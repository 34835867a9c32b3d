# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Child processes that cannot outlive the runner.

Every child starts in its own process group (a session), so that a run's
whole tree (make, Verilator's sub-makes, the compilers, xargs) is stopped
as one; on SIGINT or SIGTERM the runner sends SIGTERM to every group,
SIGKILL to what is left after a grace period, and fails with Interrupted
(verdict 2). Children are also asked to die with the runner
(PR_SET_PDEATHSIG) should it be killed outright."""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import threading
import time
from typing import Any

from .errors import Interrupted

GRACE_S = 1.0
_PR_SET_PDEATHSIG = 1


def _child_setup() -> None:
    os.setsid()
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


def _alive(p: subprocess.Popen[Any]) -> bool:
    """Whether the child still runs, without reaping it: Popen.poll()
    cannot answer while this very thread waits for it (a signal handler
    that interrupted Popen.wait holds its lock), and would block stop_all
    for the whole grace period."""
    if p.returncode is not None:
        return False
    try:
        return os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None
    except ChildProcessError:
        return False


class Children:
    """The runner's children: started, waited for, stopped together.

    The signal handler (on_signals) runs in the main thread between any two
    of its bytecodes, possibly while the main thread holds the lock below
    (starting a child: fork and exec take a while); taking the lock there
    would wait for itself for good. So the main thread marks where it
    holds or waits for the lock (_held), the handler only leaves its
    reason (_deferred) while it does, and the main thread acts on it when
    it lets go (_leave). Blocking the signals around the lock would not
    do: the runner's worker threads take a process-wide signal as well,
    and the main thread still runs the Python handler at its next bytecode."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._procs: set[subprocess.Popen[Any]] = set()
        self.stopping = ""
        self._held = 0  # the main thread's sections in or awaiting the lock
        self._deferred = ""  # a signal's reason, arrived in such a section

    def _enter(self) -> None:
        if threading.current_thread() is threading.main_thread():
            self._held += 1  # before the lock: a signal from here on is deferred
        try:
            self._lock.acquire()
        except BaseException:
            if threading.current_thread() is threading.main_thread():
                self._held -= 1
            raise

    def _leave(self) -> None:
        self._lock.release()
        if threading.current_thread() is threading.main_thread():
            self._held -= 1
            if not self._held and self._deferred:
                why, self._deferred = self._deferred, ""
                self.stop_all(why)
                raise Interrupted(why)

    def in_main_section(self) -> bool:
        """Whether the main thread holds or awaits the lock (the handler,
        which runs in the main thread, then only defers)."""
        return self._held > 0

    def defer(self, why: str) -> None:
        self._deferred = self._deferred or why

    def popen(self, argv: list[str], **kw: Any) -> subprocess.Popen[Any]:
        self._enter()
        try:
            if self.stopping:
                raise Interrupted(self.stopping)
            p = subprocess.Popen(argv, preexec_fn=_child_setup, **kw)  # noqa: PLW1509
            self._procs.add(p)
        finally:
            self._leave()
        return p

    def wait(self, p: subprocess.Popen[Any]) -> int:
        rc = p.wait()
        self._enter()
        try:
            self._procs.discard(p)
        finally:
            self._leave()
        return rc

    def finish(self, p: subprocess.Popen[Any]) -> int:
        """p to its end; its exit status (a signal: 128 + its number)."""
        rc = self.wait(p)
        if self.stopping:
            raise Interrupted(self.stopping)
        return 128 - rc if rc < 0 else rc

    def run(self, argv: list[str], **kw: Any) -> int:
        """argv to its end; its exit status (a signal: 128 + its number)."""
        return self.finish(self.popen(argv, **kw))

    def _snapshot(self, why: str = "") -> list[subprocess.Popen[Any]]:
        self._enter()
        try:
            if why:
                self.stopping = self.stopping or why
            return list(self._procs)
        finally:
            self._leave()

    def terminate(self) -> None:
        """SIGTERM to every child's group, the runner carrying on (runs a
        FIRST_FAILURE stop made pointless); see stop_all for a stop."""
        self._signal(self._snapshot(), signal.SIGTERM)

    @staticmethod
    def _signal(procs: list[subprocess.Popen[Any]], sig: int) -> None:
        for p in procs:
            try:
                os.killpg(p.pid, sig)
            except (ProcessLookupError, PermissionError):
                pass

    def stop_all(self, why: str) -> None:
        """SIGTERM to every child's group; SIGKILL to every group once its
        leader is gone or GRACE_S has passed."""
        procs = self._snapshot(why)
        self._signal(procs, signal.SIGTERM)
        end = time.monotonic() + GRACE_S
        while time.monotonic() < end and any(_alive(p) for p in procs):
            time.sleep(0.02)
        # To every group, its leader gone or not: a leader that exits on
        # SIGTERM (a shell, make) can leave members of its group that
        # ignore it, and only their group still names them.
        self._signal(procs, signal.SIGKILL)
        end = time.monotonic() + GRACE_S
        while time.monotonic() < end and any(_alive(p) for p in procs):
            time.sleep(0.02)


def on_signals(children: Children) -> None:
    """SIGINT, SIGTERM and SIGHUP stop every child and raise Interrupted in
    the main thread (called from it): at once, or, when the signal comes
    while the main thread holds the children's lock, as it lets go."""

    def handler(signum: int, _frame: Any) -> None:
        name = signal.Signals(signum).name
        why = f"{name}: the run was interrupted, every child stopped"
        if children.in_main_section():
            # The main thread is starting or reaping a child under the
            # lock: it stops everything when it lets go (Children._leave).
            children.defer(why)
            return
        children.stop_all(why)
        raise Interrupted(why)

    signal.signal(signal.SIGINT, handler)
    signal.signal(signal.SIGTERM, handler)
    # A SIGINT a shell set to ignored (a background job) would otherwise
    # be ignored here too: that is how a Ctrl-C used to leave suites running.
    signal.signal(signal.SIGHUP, handler)
