# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The verdict is about what ships (docs/runner.md, "What a verdict is
about"): a build known by its content, whatever the sources' times; every
output written whole; a run that executes the binaries it resolved at its
start, whatever another make does to BUILD; a runner that believes no
single record of a run; no earlier result left saying PASS.

Each test failed on the main of 1adce9c: the patched copy with an older
time passed (0), the clean tile whose BUILD another make rebuilt failed
(1), the truncated object stopped every later build (2 for good), the
lying simulator passed (0), the page in the way passed (0)."""

from __future__ import annotations

import glob
import os
import re
import shutil
import signal
import subprocess
import sys
import time

import pytest

from test_faults import BUILD, QUICK, ROOT, WORK, sim_dir, verdict

sys.path.insert(0, os.path.join(ROOT, "scripts"))
from src_stamps import whole  # noqa: E402

RTL = sorted(glob.glob(os.path.join(ROOT, "rtl", "*.v")))
BUG = os.path.join(ROOT, "tb", "bugs", "01-swapped-mux.patch")


def tile_copy(where: str, bug: str = "") -> list[str]:
    """A copy of rtl/ (times kept, as cp -p, rsync -a or tar keep them),
    with a bug patch applied if given; its source list, in rtl/'s order."""
    d = os.path.join(where, "rtl")
    os.makedirs(d, exist_ok=True)
    for f in RTL:
        shutil.copy2(f, d)
    if bug:
        subprocess.run(["patch", "-s", "-p1", "-d", where, "-i", bug], check=True)
    order = subprocess.run(["sed", "-e", "s://.*$::", os.path.join(ROOT, "rtl", "stc_tile.f")], check=True,
                           capture_output=True, text=True).stdout.split()
    return [os.path.join(where, "rtl", os.path.basename(f)) for f in order]


def own(srcs: list[str], build: str) -> list[str]:
    return [f"RTL_SRCS={' '.join(srcs)}", "RTL_TOP=stc_tile", f"BUILD={build}"]


def test_a_patch_with_an_older_time_is_rebuilt() -> None:
    """Bug 01 patched into the stock tile of a copy of this checkout, with
    a time older than its model (a patch, cp -p, a restored CI cache of
    build/): make sim must see the bug. (On a tile of your own the old
    make rebuilt every time, so the copy is of the whole checkout.)"""
    work = os.path.abspath(sim_dir("stale-mtime"))
    tree = os.path.join(work, "tree")
    shutil.copytree(ROOT, tree, symlinks=True, ignore=shutil.ignore_patterns("build", ".git", "__pycache__"))

    def sim() -> tuple[int, str, str]:
        p = subprocess.run(["scripts/verdict.sh", "--no-print-directory", "sim", "N=4", "SIM_DEBUG=0",
                            "TESTS=singles"], capture_output=True, text=True, cwd=tree, timeout=600)
        return p.returncode, p.stdout, p.stderr

    rc, out, err = sim()
    assert rc == 0, (out[-400:], err[-400:])
    pe = os.path.join(tree, "rtl", "stc_pe_array.v")
    old = os.stat(os.path.join(tree, "build", "vl-n4", "Vstc_tile__ALL.a")).st_mtime - 3600
    subprocess.run(["patch", "-s", "-p1", "-d", tree, "-i", BUG], check=True)
    os.utime(pe, (old, old))  # older than everything built from it
    rc, out, err = sim()
    assert rc == 1, ("the patched tile was not rebuilt", out[-400:], err[-400:])
    shutil.rmtree(work, ignore_errors=True)


def _tree(pid: int) -> list[int]:
    """pid and every process below it (the runner starts each child in a
    session of its own, so a process group is not the whole run)."""
    kids: dict[int, list[int]] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            kids.setdefault(ppid, []).append(int(d))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo += kids.get(p, [])
    return out


def _signal_tree(pids: list[int], sig: int) -> None:
    for p in pids:
        try:
            os.kill(p, sig)
        except ProcessLookupError:
            pass


def test_a_run_executes_its_own_binaries_while_another_rebuilds_them() -> None:
    """A clean tile's run (A) and, while A's suite runs, a broken tile's
    make sim into another SIM_DIR with the same BUILD (B), which rebuilds
    BUILD/stc_sim-n4: each gets its own tile's verdict. A's whole process
    tree is frozen (SIGSTOP) from the start of its first run until B has
    rebuilt and finished, so the order is certain; A's later runs start
    after B's rebuild."""
    work = os.path.abspath(sim_dir("shared-build"))
    build = os.path.join(work, "build")
    clean = tile_copy(os.path.join(work, "clean"))
    broken = tile_copy(os.path.join(work, "broken"), BUG)
    assert broken != clean
    a_dir = os.path.join(work, "a")
    a = subprocess.Popen(["scripts/verdict.sh", "--no-print-directory", "sim", "N=4", "SIM_DEBUG=0", "JOBS=1",
                          "TESTS=singles,fresh", f"SIM_DIR={a_dir}", *own(clean, build)],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
                         start_new_session=True)
    first = os.path.join(a_dir, "sim-n4", "singles.log")
    end = time.monotonic() + 240
    while not os.path.exists(first) and a.poll() is None and time.monotonic() < end:
        time.sleep(0.02)
    assert os.path.exists(first), "A's first run never started"
    frozen = _tree(a.pid)
    _signal_tree(frozen, signal.SIGSTOP)
    try:
        rc, out, err = verdict("sim", "N=4", "SIM_DEBUG=0", "TESTS=singles", f"SIM_DIR={work}/b", *own(broken, build))
        assert rc == 1, ("B: the broken tile", out[-400:], err[-400:])
    finally:
        _signal_tree(frozen, signal.SIGCONT)
    a_out, _ = a.communicate(timeout=300)
    assert a.returncode == 0, ("A ran B's binaries", a_out[-600:])
    assert re.search(r"== N=4: ([0-9]+) of \1 runs passed", a_out), a_out[-600:]
    shutil.rmtree(work, ignore_errors=True)


def _objects() -> list[str]:
    return sorted(glob.glob(os.path.join(BUILD, "sim", "core", "*.o")) +
                  glob.glob(os.path.join(BUILD, "common", "*.o")) +
                  glob.glob(os.path.join(BUILD, "vl-n4", "core", "*.o")))


def test_a_truncated_or_empty_object_is_built_again() -> None:
    """What a kill before outputs were renamed into place left (GNU as
    creates its output empty and fills it at the end): an object newer
    than its source that make took as up to date, and every later link
    failed until BUILD was wiped."""
    obj = os.path.join(BUILD, "sim", "core", "stc_run_cli.o")
    for cut in (0, os.path.getsize(obj) // 2):
        with open(obj, "r+b") as f:
            f.truncate(cut)
        os.utime(obj)  # newer than everything it is made from
        d = sim_dir("truncated")
        rc, out, err = verdict("sim", "N=4", "SIM_DEBUG=0", f"SIM_DIR={d}", QUICK)
        assert rc == 0, (cut, out[-400:], err[-400:])
        assert "is not whole" in err and whole(obj)


def test_a_kill_while_compiling_leaves_no_object_make_trusts() -> None:
    """SIGKILL of the build at any point of a C or C++ compile (the golden
    model's and the harness's objects, the model's C++ shim): no object
    under its final name is partial, and the next make builds a runner
    that runs."""
    binary = os.path.join(BUILD, "stc_sim-n4")
    sources = ["sim/core/stc_host.c", "sim/core/stc_run_cli.c", "common/stc_cli.c", "sim/core/stc_rtl_verilator.cpp"]
    for delay in (0.05, 0.15, 0.3, 0.6, 1.0):
        for s in sources:
            os.utime(os.path.join(ROOT, s))  # newer: recompiled
        p = subprocess.Popen(["make", "-s", f"BUILD={BUILD}", f"VL_CCACHE=", binary], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True, cwd=ROOT)
        time.sleep(delay)
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        broken = [o for o in _objects() if not whole(o)]
        assert broken == [], f"partial objects under their final names after a kill at {delay} s: {broken}"
        assert subprocess.run(["make", "-s", f"BUILD={BUILD}", binary], cwd=ROOT).returncode == 0
        assert subprocess.run([binary, "--help"], capture_output=True, cwd=ROOT).returncode == 0


def test_a_runner_whose_records_disagree_is_2() -> None:
    """A simulator that fails files and exits 0 (a wrapper here; a crash
    after its records were written, a changed exit code, a sanitizer
    runtime for real): its JUnit, CSV and closing line say FAIL."""
    liar = os.path.join(BUILD, "stc_sim-n4-liar")
    with open(liar, "w") as f:
        f.write(f'#!/bin/sh\n"{os.path.abspath(os.path.join(BUILD, "stc_sim-n4-bug"))}" "$@"\nexit 0\n')
    os.chmod(liar, 0o755)
    try:
        d = sim_dir("liar")
        rc, out, err = verdict("sim", "N=4", "SIM_DEBUG=0", f"SIM_DIR={d}", "SIM_VARIANT=-liar", "TESTS=singles")
        assert rc == 2, (out[-400:], err[-400:])
        assert "exited 0, but its JUnit" in out and "the run's records disagree" in out
        with open(os.path.join(d, "sim.verdict")) as f:
            assert f.read() == "2\n"
    finally:
        os.unlink(liar)


def _page(d: str) -> str:
    with open(os.path.join(d, "sim-report.html")) as f:
        return f.read()


def test_no_earlier_pass_survives_a_run_that_cannot_write_its_results() -> None:
    d = sim_dir("stale-page")
    os.makedirs(os.path.join(d, "sim-report.html"))  # a directory in the page's place
    rc, out, err = verdict("sim", "N=4", "SIM_DEBUG=0", f"SIM_DIR={d}", QUICK)
    assert rc == 2 and "sim-report.html" in err, (out[-300:], err[-300:])
    os.rmdir(os.path.join(d, "sim-report.html"))
    rc, out, err = verdict("sim", "N=4", "SIM_DEBUG=0", f"SIM_DIR={d}", QUICK)
    assert rc == 0 and "make sim: PASS" in _page(d)
    # An immutable page (chattr +i) cannot be removed or replaced: the run
    # after it is 2, and its verdict file says so.
    page = os.path.join(d, "sim-report.html")
    if subprocess.run(["chattr", "+i", page], capture_output=True).returncode == 0:
        try:
            rc, out, err = verdict("sim", "N=4", "SIM_DEBUG=0", f"SIM_DIR={d}", QUICK, "SIM_VARIANT=-bug")
            assert rc == 2 and "sim-report.html" in err, (out[-300:], err[-300:])
            with open(os.path.join(d, "sim.verdict")) as f:
                assert f.read() == "2\n"
        finally:
            subprocess.run(["chattr", "-i", page], check=True)
    # A run directory frozen after a good run (chattr +i on the directory:
    # no file can be created, renamed or removed in it): the verdict file is
    # overwritten in place, so it does not say 0 after a failing run.
    rc, _, _ = verdict("sim", "N=4", "SIM_DEBUG=0", f"SIM_DIR={d}", QUICK)
    assert rc == 0
    if subprocess.run(["chattr", "+i", d], capture_output=True).returncode == 0:
        try:
            rc, out, err = verdict("sim", "N=4", "SIM_DEBUG=0", f"SIM_DIR={d}", QUICK, "SIM_VARIANT=-bug")
            assert rc == 2, (out[-300:], err[-300:])
        finally:
            subprocess.run(["chattr", "-i", d], check=True)
        with open(os.path.join(d, "sim.verdict")) as f:
            assert f.read() == "2\n"
        assert "make sim: PASS" not in _page(d)


@pytest.mark.parametrize("out", ["/dev/full", "closed pipe"])
def test_standard_output_that_cannot_be_written_is_a_message_and_2(out: str) -> None:
    d = sim_dir("stdout")
    argv = ["make", "--no-print-directory", f"BUILD={BUILD}", "sim", "N=4", "SIM_DEBUG=0", f"SIM_DIR={d}", QUICK]
    if out == "/dev/full":
        with open("/dev/full", "w") as full:
            p = subprocess.run(argv, stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=300)
        err = p.stderr
    else:
        q = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        assert q.stdout is not None
        q.stdout.close()
        err = q.stderr.read() if q.stderr else ""
        q.wait(timeout=300)
        p = q  # type: ignore[assignment]
    assert p.returncode != 0 and "Traceback" not in err, err[-600:]
    assert "cannot write to standard output" in err, err[-600:]
