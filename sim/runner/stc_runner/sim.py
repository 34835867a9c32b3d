# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""`make sim` from its configuration: the builds it needs (asked of make),
one suite per array size (the later sizes' suites run while the first
size's model compiles), the debugger on the first failure, the page, the
verdict file and the closing line.

Fail-closed: the verdict is 0 only when every suite exited 0 and every
file it writes was written; anything else that goes wrong is 2, said with
what and why. Two make sims in one directory take turns (a lock), and
SIGINT or SIGTERM stops every child (procs.py)."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import IO, Callable

from . import html, plan
from .errors import Interrupted, SetupError
from .fileio import makedirs, read_text, remove, write_text
from .procs import Children

# The niceness of the later sizes' suites while the first size builds.
BACKGROUND_NICE = 10
# A later size whose suite holds a run of at least this estimated cost
# (the plan's cost, ms: the opt-in hold run's 19,000 at N=4) is built
# before the first size's model, so that its long run starts at once;
# otherwise the first size's model (N=16's, the longest build and so the
# run's longest path) goes first and the later sizes fill the other job
# slots. Measured on make bench's edit without the hold run: 8.7 s
# against 10.4 (docs/performance.md); with it, the previous round measured
# N=4 first as the faster order (22.2 s against 25.0).
LONG_RUN_MS = 5000

CLOSING = {
    0: "make sim: PASS (verdict 0)",
    1: "make sim: FAIL, the RTL and the golden model disagree (verdict 1; make itself exits 2, "
    "scripts/verdict.sh make sim ... exits 1)",
    2: "make sim: ERROR, bad input or set-up (verdict 2)",
}


@dataclass
class RunConfig:
    """One make sim, as make passes it: what the builds, the suites, the
    debugger and every printed command line are made from."""

    make: str = "make"
    build: str = "build"
    sim_dir: str = "build"
    ns: list[int] = field(default_factory=lambda: [16, 4])
    variant: str = ""
    waves: bool = False
    icg_n: int = 4  # 0: no ICG build (a tile of your own)
    icg_skipped: str = ""
    own_rtl: bool = False
    debug: bool = True
    dbg_out: str = ""
    seed: int = 1
    stall: int = 0
    compare: str = "cycle"
    model_uarch: str = ""
    jobs: int = 1
    shard: str = ""
    overlap: bool = True
    regression_dir: str = "vectors/regression"
    plan: str = "sim/plan.yaml"
    vecgen: str = "build/stc_vecgen"
    extra_targets: list[str] = field(default_factory=list)
    vec: str = ""
    vec_n: int = 16  # N= when the VEC files say none
    sim_flags: str = ""
    tests: str = ""
    verdict_files: list[str] = field(default_factory=list)
    build_only: bool = False

    def runner(self, n: int) -> str:
        return f"{self.build}/stc_sim-n{n}{self.variant}"

    def trace(self, n: int) -> str:
        return f"{self.build}/stc_sim-n{n}-trace" if self.waves and not self.variant else ""

    def icg(self, n: int) -> str:
        return f"{self.build}/stc_sim-n{n}-icg" if n == self.icg_n and not self.variant else ""

    def debugger(self, n: int) -> str:
        return f"{self.build}/stc_debug-n{n}{self.variant}"

    def bins(self, ns: list[int]) -> list[str]:
        out = []
        for n in ns:
            out += [b for b in (self.runner(n), self.trace(n), self.icg(n)) if b]
        return out

    def suite_argv(self, n: int, out: str, listed: str = "") -> list[str]:
        """The runner's own command line for one array size's suite."""
        # --flag=value throughout: a value may start with "-" (SIM_FLAGS=--quiet).
        opts = [("--runner", self.runner(n)), ("--vecgen", self.vecgen), ("--n", str(n)), ("--out", out),
                ("--plan", self.plan), ("--seed", str(self.seed)), ("--stall", str(self.stall)),
                ("--compare", self.compare), ("--jobs", str(self.jobs)),
                ("--regression-dir", self.regression_dir), ("--model-uarch", self.model_uarch),
                ("--shard", self.shard), ("--icg", self.icg(n)), ("--waves-bin", self.trace(n)),
                ("--icg-skipped", self.icg_skipped), ("--tests", self.tests), ("--vec-list", listed),
                ("--sim-flags", self.sim_flags), ("--exec-dir", bin_dir(out))]
        return [sys.executable, os.path.abspath(sys.argv[0]), "suite"] + [f"{f}={v}" for f, v in opts if v]


def bin_dir(out: str) -> str:
    """Where the suite writing OUT (SIM_DIR/sim-nN) runs its binaries
    from: SIM_DIR/.bin/sim-nN, beside the results rather than among them
    (a merge of shards writes the same results and runs nothing)."""
    return os.path.join(os.path.dirname(out), ".bin", os.path.basename(out))


def suite_verdict(rc: int, which: str) -> int:
    """A suite's exit status as a verdict: anything but 0, 1 or 2 (a
    crash, a signal) is an error, never a pass."""
    if rc in (0, 1, 2):
        return rc
    sys.stderr.write(f"make sim: {which}the suite exited {rc} (killed?): an error, never a pass\n")
    return 2


def built(rc: int) -> None:
    """make's exit status of a build: anything but 0 is an error."""
    if rc != 0:
        raise SetupError(f"the build failed (make exited {rc}): see above")


class Lock:
    """An exclusive lock on a directory's lock file; waits, saying who
    holds it, rather than letting two runs share one directory."""

    def __init__(self, directory: str, name: str, what: str) -> None:
        makedirs(directory)
        self.path = os.path.join(directory, name)
        self.what = what
        self.f: IO[str] | None = None

    def __enter__(self) -> "Lock":
        try:
            self.f = open(self.path, "a+", encoding="utf-8")
        except OSError as e:
            raise SetupError(f"{self.path}: cannot open the lock file: {e.strerror}") from e
        try:
            fcntl.flock(self.f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.f.seek(0)
            holder = self.f.read().strip() or "another process"
            sys.stderr.write(f"make sim: {self.what} is in use by {holder}: waiting for it to finish "
                             f"(or give another BUILD= or SIM_DIR=)\n")
            while True:
                try:
                    fcntl.flock(self.f, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    time.sleep(0.2)  # not a blocking flock: signals stay deliverable
        try:
            self.f.seek(0)
            self.f.truncate()
            self.f.write(f"make sim (pid {os.getpid()})\n")
            self.f.flush()
        except OSError as e:
            self.f.close()
            raise SetupError(f"{self.path}: cannot write the lock file: {e.strerror}") from e
        return self

    def __exit__(self, *exc: object) -> None:
        if self.f:
            self.f.close()


def without_jobserver(makeflags: str) -> str:
    """MAKEFLAGS without -jN and the job server's descriptors: the runner's
    own make calls say -j themselves (the outer make's descriptors are not
    theirs, and make warns "-jN forced in submake")."""
    head, sep, tail = makeflags.partition(" -- ")
    words = [w for w in head.split(" ") if not w.startswith("--jobserver") and not re.fullmatch(r"-j[0-9]*", w)]
    return " ".join(words) + sep + tail


class Sim:
    def __init__(self, cfg: RunConfig, children: Children) -> None:
        self.cfg = cfg
        self.children = children
        self.env = dict(os.environ, LC_ALL="C")
        if "MAKEFLAGS" in self.env:
            self.env["MAKEFLAGS"] = without_jobserver(self.env["MAKEFLAGS"])

    def make_argv(self, targets: list[str], quiet: bool = False, n: int | None = None) -> list[str]:
        argv = [self.cfg.make, "--no-print-directory", f"-j{self.cfg.jobs}"]
        if quiet:
            argv.append("-s")
        if n is not None:
            argv.append(f"N={n}")
        return argv + targets

    def make(self, targets: list[str], quiet: bool = False, n: int | None = None) -> int:
        out = subprocess.DEVNULL if quiet else None
        return self.children.run(self.make_argv(targets, quiet, n), env=self.env, stdout=out)

    def targets(self, ns: list[int]) -> list[str]:
        return (["own-rtl-check"] if self.cfg.own_rtl else []) + self.cfg.bins(ns) + self.cfg.extra_targets

    def build(self, ns: list[int], n_arg: int | None = None, own: list[tuple[int, str]] | None = None) -> None:
        """The builds of sizes ns, and (own) each suite's binaries taken
        under the same lock."""
        with Lock(self.cfg.build, ".build.lock", f"the build directory {self.cfg.build}"):
            built(self.make(["sim-bins", "SIM_BINS=" + " ".join(self.targets(ns))], n=n_arg))
            for n, out in own or []:
                self.own_binaries(n, out)

    def own_binaries(self, n: int, out: str) -> None:
        """Size n's programs (the runner, its ICG and tracing builds, the
        vector generator) hard-linked into bin_dir(OUT), called holding the
        build lock right after they were built: the suite runs these
        (suite.Config.exec_dir). Every program is linked under a temporary
        name and renamed into place, so another make sharing this BUILD (a
        make sim into another SIM_DIR, a Slurm shard, another tile) that
        rebuilds one gives it a new file and leaves this run's alone: a
        suite executes the binaries it resolved at its start. A copy where
        a link cannot be made (another file system)."""
        d = bin_dir(out)
        shutil.rmtree(d, ignore_errors=True)
        makedirs(d)
        for b in [*self.cfg.bins([n]), self.cfg.vecgen]:
            dst = os.path.join(d, os.path.basename(b))
            try:
                os.link(b, dst)
                continue
            except FileNotFoundError as e:
                raise SetupError(f"{b}: not built (make {b})") from e
            except OSError:
                pass
            try:
                shutil.copy2(b, dst + ".tmp")
                os.replace(dst + ".tmp", dst)
            except OSError as e:
                raise SetupError(f"{dst}: cannot take this run's copy of {b}: {e.strerror}") from e

    def longest_run(self, n: int) -> int:
        """The plan's cost estimate (ms) of the longest run size n's suite
        will run (0 for VEC= files)."""
        cfg = self.cfg
        if cfg.vec:
            return 0
        opt = plan.Options(n=n, regression_dir=cfg.regression_dir, icg=bool(cfg.icg(n)),
                           icg_skipped=cfg.icg_skipped, tests=plan.parse_tests(cfg.tests))
        return max((r.cost for r in plan.expand(plan.load(cfg.plan), opt).runs), default=0)

    def build_overlapped(self, first: int, later: list[int], start: Callable[[int], None],
                         later_first: bool = False, built_first: Callable[[], None] = lambda: None) -> None:
        """Every size's builds in one make: the first size's model (N=16's,
        the longest build) first and the later sizes' (N=4's, seconds) in
        the other job slots, or, later_first, the later sizes' first (when
        their suite holds a long run: LONG_RUN_MS). make says on a pipe when
        a later size's builds are done (sim/sim.mk's sim-ready-N), and
        start(n) starts that size's suite there and then, below the build in
        priority. One make, so that no two makes build the objects every
        runner shares. built_first() runs when make is done, still under
        the build lock (the first size's binaries taken: own_binaries)."""
        ready_goals = [f"sim-ready-{n}" for n in later]
        targets = ready_goals + self.targets([first]) if later_first else self.targets([first]) + ready_goals
        ready = [f"SIM_READY_{n}={' '.join(self.targets([n]))}" for n in later]
        r, w = os.pipe()
        try:
            with Lock(self.cfg.build, ".build.lock", f"the build directory {self.cfg.build}"):
                argv = self.make_argv(["sim-bins", "SIM_BINS=" + " ".join(targets),
                                       "SIM_READY_NS=" + " ".join(map(str, later)), f"SIM_READY_FD={w}", *ready])
                p = self.children.popen(argv, env=self.env, pass_fds=(w,))
                os.close(w)
                w = -1
                with os.fdopen(r, encoding="utf-8") as f:
                    r = -1
                    said: set[int] = set()
                    for line in f:
                        n = int(line)
                        if n not in later or n in said:
                            raise SetupError(f"make said N={n} was built, which was not asked for (or said twice)")
                        said.add(n)
                        start(n)
                built(self.children.finish(p))
                built_first()
        finally:
            for fd in (r, w):
                if fd >= 0:
                    os.close(fd)

    def debug_first_failure(self, n: int, args_path: str) -> None:
        """The suite's first failing run, replayed by the debugger."""
        if not self.cfg.debug or not os.path.isfile(args_path) or os.path.getsize(args_path) == 0:
            return
        lines = read_text(args_path, "first failure's options").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        sys.stdout.write(f"== debugging the first failing run: {' '.join(lines)} \n")
        sys.stdout.flush()
        dbg = self.cfg.debugger(n)
        if self.make([dbg], quiet=True) != 0:
            return
        argv = [dbg, "--out", self.cfg.dbg_out] if self.cfg.dbg_out else [dbg]
        self.children.run(argv + lines, env=self.env)

    def suites(self) -> int:
        cfg = self.cfg
        ns = cfg.ns
        status = 0
        for n in ns:
            remove(os.path.join(cfg.sim_dir, f"sim-n{n}.out"))
        at_once = cfg.jobs if cfg.overlap else 1
        background: list[tuple[int, subprocess.Popen[bytes], str]] = []
        first = ns[0]
        if at_once > 1 and len(ns) > 1:

            def start(n: int) -> None:
                path = os.path.join(cfg.sim_dir, f"sim-n{n}.out")
                self.own_binaries(n, os.path.join(cfg.sim_dir, f"sim-n{n}"))
                try:
                    f = open(path, "w", encoding="utf-8")
                except OSError as e:
                    raise SetupError(f"{path}: cannot write the suite's output: {e.strerror}") from e
                with f:
                    p = self.children.popen(cfg.suite_argv(n, os.path.join(cfg.sim_dir, f"sim-n{n}")),
                                            stdout=f, stderr=subprocess.STDOUT, env=self.env)
                # Below the first size's build in priority: that model's
                # compile is the run's longest path, and this suite (the
                # N=4 hold run) has time to spare until it is done.
                try:
                    os.setpriority(os.PRIO_PGRP, p.pid, BACKGROUND_NICE)
                except OSError:
                    pass
                background.append((n, p, path))

            try:
                later_first = any(self.longest_run(n) >= LONG_RUN_MS for n in ns[1:])
                self.build_overlapped(first, ns[1:], start, later_first,
                                      lambda: self.own_binaries(first, os.path.join(cfg.sim_dir, f"sim-n{first}")))
            except SetupError:
                # The later sizes' suites are not waited for: their verdict
                # would not change the run's (2).
                self.children.terminate()
                raise
            if len(background) != len(ns) - 1:
                raise SetupError("make built every size but did not say so of "
                                 + ", ".join(f"N={n}" for n in ns[1:] if n not in [b[0] for b in background]))
        else:
            self.build(ns, own=[(n, os.path.join(cfg.sim_dir, f"sim-n{n}")) for n in ns])
        for n in ns:
            if n == first or not background:
                rc = self.children.run(cfg.suite_argv(n, os.path.join(cfg.sim_dir, f"sim-n{n}")), env=self.env)
            else:
                _, p, path = next(b for b in background if b[0] == n)
                rc = self.children.wait(p)
                if self.children.stopping:
                    raise Interrupted(self.children.stopping)
                sys.stdout.write(read_text(path, "suite's output"))
                sys.stdout.flush()
                remove(path)
            rc = suite_verdict(rc, f"N={n}: ")
            status = max(status, rc)
            if rc == 1:
                self.debug_first_failure(n, os.path.join(cfg.sim_dir, f"sim-n{n}", "first-failure.args"))
        return status

    def vec_suite(self) -> int:
        from . import vecsel  # noqa: PLC0415 - only VEC= needs it

        cfg = self.cfg
        out = os.path.join(cfg.sim_dir, "sim-vec")
        makedirs(out)
        files = vecsel.files(cfg.vec)
        n = vecsel.array_size(files[0], cfg.vec_n)
        listed = os.path.join(out, "files.txt")
        write_text(listed, "".join(f + "\n" for f in files), "list of vector files")
        self.build([n], n_arg=n, own=[(n, out)])
        rc = suite_verdict(self.children.run(cfg.suite_argv(n, out, listed), env=self.env), "")
        if rc == 1:
            self.debug_first_failure(n, os.path.join(out, "first-failure.args"))
        return rc

    def run(self) -> int:
        cfg = self.cfg
        if cfg.build_only:
            self.build(cfg.ns)
            return 0
        makedirs(cfg.sim_dir)
        with Lock(cfg.sim_dir, ".sim.lock", f"the run directory {cfg.sim_dir}"):
            try:
                forget_results(cfg)
                status = self.vec_suite() if cfg.vec else self.suites()
                dirs = [os.path.join(cfg.sim_dir, "sim-vec")] if cfg.vec else [
                    os.path.join(cfg.sim_dir, f"sim-n{n}") for n in cfg.ns]
            except Interrupted:
                raise
            except SetupError as e:
                sys.stderr.write(f"make sim: {e}\n")
                status, dirs = 2, []
            return close(cfg, status, dirs)


def result_files(cfg: RunConfig) -> list[str]:
    """What a make sim leaves for others to read: its page and verdict."""
    return [os.path.join(cfg.sim_dir, "sim-report.html"), os.path.join(cfg.sim_dir, "sim.verdict")]


def forget_results(cfg: RunConfig) -> None:
    """The previous run's page and verdict file removed before this run
    starts (under the run directory's lock): whatever stops this run, no
    file of an earlier one is left saying PASS. One that cannot be removed
    (a directory in its place, an immutable file or directory) is an
    error; where the file itself can still be written, it is first made to
    say ERROR in place, so that even then no earlier PASS is left."""
    page, verdict = result_files(cfg)
    failed = []
    for path, text in ((page, "<!DOCTYPE html>\n<title>make sim: ERROR</title><h1>make sim: ERROR</h1>\n"
                        "<p>This page could not be removed before a run: see that run's messages.</p>\n"),
                       (verdict, "2\n")):
        try:
            remove(path)
        except SetupError as e:
            failed.append(str(e))
            try:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
            except OSError:
                pass
    if failed:
        raise SetupError(f"{'; '.join(failed)}: it would outlive this run, whose verdict is therefore an error")


def close(cfg: RunConfig, status: int, dirs: list[str]) -> int:
    """The page, the verdict files and the closing line; the verdict. A
    page that cannot be written makes it 2, as a verdict file does."""
    if status not in (0, 1, 2):
        status = 2
    summary = os.path.join(cfg.sim_dir, "sim-report.html")
    try:
        if dirs:
            html.page(summary, ("PASS", "FAIL", "ERROR")[status], dirs)
        else:
            summary = ""
    except SetupError as e:
        sys.stderr.write(f"make sim: cannot write the summary page: {e}: an error (verdict 2)\n")
        summary = ""
        status = 2
    status = write_verdicts(cfg, status)
    line = CLOSING[status] + (f"; summary: {summary}" if summary else "")
    sys.stdout.write(line + "\n")
    sys.stdout.flush()
    return status


def write_verdicts(cfg: RunConfig, status: int) -> int:
    """The verdict into every verdict file; one that cannot be written
    makes it 2 (and is said)."""
    written = status
    for path in [os.path.join(cfg.sim_dir, "sim.verdict"), *cfg.verdict_files]:
        try:
            makedirs(os.path.dirname(path) or ".")
            write_text(path, f"{status}\n", "verdict")
        except SetupError as e:
            sys.stderr.write(f"make sim: cannot write the verdict {path}: {e}: an error (verdict 2)\n")
            written = 2
    if written != status:
        for path in [os.path.join(cfg.sim_dir, "sim.verdict"), *cfg.verdict_files]:
            try:
                write_text(path, "2\n", "verdict")
            except SetupError:
                pass
    return written
