# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""make sim under the faults users and CI machines meet, on the real RTL,
builds and make: each ends with verdict 1 or 2 as it should, never a
false 0 (`make runner-faults-test`, in make test; BUILD= names the build
with stc_sim-n4, stc_sim-n4-bug and stc_vecgen built).

Every run goes through scripts/verdict.sh as a designer's would, each in
its own SIM_DIR under BUILD/runner-faults."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import time

import pytest
import yaml

BUILD = os.environ.get("BUILD", "build")
ROOT = os.environ.get("STC_ROOT", os.getcwd())
WORK = os.path.join(BUILD, "runner-faults")
GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
QUICK = "TESTS=singles,streams-b2b"  # three runs (singles is a tag too), a few seconds


def verdict(*args: str, env: dict[str, str] | None = None, timeout: float = 300) -> tuple[int, str, str]:
    p = subprocess.run(["scripts/verdict.sh", "--no-print-directory", f"BUILD={BUILD}", *args],
                       capture_output=True, text=True, env=env, timeout=timeout, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def sim_dir(name: str) -> str:
    d = os.path.join(WORK, name)
    shutil.rmtree(d, ignore_errors=True)
    return d


def procs_with(text: str) -> list[str]:
    out = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if text in f.read().decode(errors="replace"):
                    out.append(pid)
        except OSError:
            pass
    return out


def _cmdline(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().decode(errors="replace").replace("\0", " ")[:200]
    except OSError:
        return "(gone)"


def test_run_lines_and_verdicts_as_before() -> None:
    """make sim's lines for SEED=1 (the last make sim in BUILD: make test
    runs cosim-ci first) are the ones the bash runner printed before it
    was replaced, kept in tests/golden/. A change of the plan or of the
    vectors changes them on purpose: copy the new lines there then."""
    for n in (16, 4):
        with open(os.path.join(BUILD, f"sim-n{n}", "suite.txt")) as f:
            got = [ln for ln in f.read().split("\n") if ln.startswith(("== ", "first failure"))]
        with open(os.path.join(GOLDEN, f"sim-n{n}-seed1.txt")) as f:
            want = f.read().split("\n")[:-1]
        assert got == want, f"N={n}: the run lines differ from {GOLDEN}/sim-n{n}-seed1.txt"


def test_a_run_added_to_the_plan_runs_with_tests(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with open(os.path.join(ROOT, "sim/plan.yaml")) as f:
        doc = yaml.safe_load(f)
    doc["runs"].append({"name": "streams-crawl", "tags": ["mine"], "files": ["streams"], "seed": 40, "stall": 85,
                        "policy": "gap"})
    plan = tmp_path / "plan.yaml"
    plan.write_text(yaml.safe_dump(doc))
    d = sim_dir("added")
    rc, out, _ = verdict("sim", "N=4", "SIM_DEBUG=0", f"SIM_DIR={d}", f"SIM_PLAN={plan}", "TESTS=mine")
    assert rc == 0
    assert "== streams-crawl    4 file(s)   204 commands --seed 41 --stall 85 --policy gap" in out
    with open(os.path.join(d, "sim-n4", "runs.txt")) as f:
        assert f.read() == "streams-crawl 0 4\n"


def test_an_unwritable_verdict_is_2_not_the_runs_verdict() -> None:
    """A directory in the verdict file's place: the previous run's verdict
    cannot be removed, so no run starts (docs/runner.md, "No earlier
    result survives a run"); 2 on a passing and on a failing RTL. A verdict
    that becomes unwritable during the run (test_trust.py's frozen run
    directory) is 2 too."""
    for variant in ("SIM_VARIANT=-bug", "SIM_VARIANT="):
        d = sim_dir("verdict-dir")
        os.makedirs(os.path.join(d, "sim.verdict"))
        rc, out, err = verdict("sim", "N=4", "SIM_DEBUG=0", f"SIM_DIR={d}", variant, QUICK)
        assert rc == 2, (variant, out[-300:], err[-300:])
        assert "sim.verdict: cannot remove the previous run's file" in err and "make sim: ERROR" in out
        assert "cannot write the verdict" in err
        assert not os.path.exists(os.path.join(d, "sim-n4", "runs.txt"))


def test_a_full_disk_is_2() -> None:
    d = sim_dir("full-disk")
    os.makedirs(d)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=48k", "tmpfs", d], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here (not root): the full-disk case is untested on this machine")
    try:
        rc, out, err = verdict("sim", "N=4", "SIM_DEBUG=0", f"SIM_DIR={d}", "SIM_VARIANT=-bug", QUICK)
        assert rc == 2, (out[-400:], err[-400:])
        assert "No space left on device" in err
    finally:
        subprocess.run(["umount", d], check=True)


def test_two_runs_in_one_directory_take_turns() -> None:
    """A long good run, and a broken RTL's run started while it runs:
    the second waits for the first (saying so), each gets its own
    verdict."""
    d = sim_dir("concurrent")
    args = ["scripts/verdict.sh", "--no-print-directory", f"BUILD={BUILD}", "sim", "N=4", "SIM_DEBUG=0",
            f"SIM_DIR={d}"]
    good = subprocess.Popen([*args, "TESTS=singles,hold"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT)
    time.sleep(1.5)
    bad = subprocess.Popen([*args, QUICK, "SIM_VARIANT=-bug"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, cwd=ROOT)
    go, _ = good.communicate(timeout=300)
    bo, be = bad.communicate(timeout=300)
    assert (good.returncode, bad.returncode) == (0, 1)
    assert "make sim: PASS" in go and "make sim: FAIL" in bo
    assert f"the run directory {d} is in use by make sim (pid" in be
    with open(os.path.join(d, "sim-n4", "runs.txt")) as f:
        assert f.read() == "singles 1 20\nsingles-stall 1 20\nstreams-b2b 1 4\n"


def test_sigint_stops_everything_and_a_rerun_is_clean() -> None:
    d = sim_dir("sigint")
    # TESTS=all: the opt-in hold run, long enough to be interrupted.
    p = subprocess.Popen(["make", "--no-print-directory", f"BUILD={BUILD}", "sim", "N=4", "SIM_DEBUG=0",
                          f"SIM_DIR={d}", "TESTS=all"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, start_new_session=True, cwd=ROOT)
    hold = os.path.join(d, "sim-n4", "hold.log")
    end = time.monotonic() + 120
    while not os.path.exists(hold) and time.monotonic() < end:
        time.sleep(0.1)
    assert os.path.exists(hold), "the hold run never started"
    time.sleep(0.5)
    os.killpg(p.pid, signal.SIGINT)  # what Ctrl-C sends to the terminal's job
    t0 = time.monotonic()
    while procs_with(d) and time.monotonic() - t0 < 2.0:
        time.sleep(0.05)
    left = {pid: _cmdline(pid) for pid in procs_with(d)}
    assert left == {}, "processes of the run outlived Ctrl-C by 2 s"
    out, _ = p.communicate(timeout=30)
    with open(os.path.join(d, "sim.verdict")) as f:
        assert f.read() == "2\n"
    assert "SIGINT" in out and "make sim: ERROR" in out
    rc, out, _ = verdict("sim", "N=4", "SIM_DEBUG=0", f"SIM_DIR={d}", "TESTS=streams-b2b,corners")
    assert rc == 0
    time.sleep(2)
    with open(os.path.join(d, "sim-n4", "runs.txt")) as f:
        assert [ln.split()[0] for ln in f.read().split("\n") if ln] == ["streams-b2b", "corners"]


def test_a_killed_link_or_archive_never_leaves_a_file_make_trusts() -> None:
    binary, lib = os.path.join(BUILD, "stc_sim-n4"), os.path.join(BUILD, "libstc_common.a")
    objs = [os.path.join(BUILD, "sim/apps/stc_sim_main.o")]
    objs += [os.path.join(BUILD, "common", f) for f in os.listdir(os.path.join(BUILD, "common")) if f.endswith(".o")]
    for delay in (0.0, 0.02, 0.05, 0.1, 0.2, 0.4):
        for o in objs:
            os.utime(o)  # newer than the archive and the program: both are remade
        p = subprocess.Popen(["make", "-s", f"BUILD={BUILD}", binary], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True, cwd=ROOT)
        time.sleep(delay)
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        for f in (binary, lib):
            assert not os.path.exists(f) or os.path.getsize(f) > 1000, f"{f}: a truncated file after a kill"
        assert subprocess.run(["make", "-s", f"BUILD={BUILD}", binary], cwd=ROOT).returncode == 0
        assert subprocess.run([binary, "--help"], capture_output=True, cwd=ROOT).returncode == 0
    # The Verilated model, built in a build directory of its own (ccache
    # makes it quick) and killed during the C++ compile: its archive is
    # not there, and make knows the model is to be built.
    scratch = os.path.abspath(os.path.join(WORK, "kill-build"))
    shutil.rmtree(scratch, ignore_errors=True)
    model = os.path.join(scratch, "vl-n4", "Vstc_tile__ALL.a")
    p = subprocess.Popen(["make", "-s", f"BUILD={scratch}", model], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True, cwd=ROOT)
    tmp = os.path.join(scratch, "vl-n4.tmp")
    end = time.monotonic() + 120
    while time.monotonic() < end and p.poll() is None:
        if os.path.isdir(tmp) and any(f.endswith(".o") for f in os.listdir(tmp)):
            break
        time.sleep(0.02)
    assert p.poll() is None, "the model's build ended before it could be killed"
    os.killpg(p.pid, signal.SIGKILL)
    p.wait()
    assert not os.path.exists(model)
    assert subprocess.run(["make", "-q", f"BUILD={scratch}", model], cwd=ROOT).returncode == 1
    shutil.rmtree(scratch, ignore_errors=True)


@pytest.mark.parametrize("what", ["/dev/zero", "fifo"])
def test_devices_and_fifos_as_vec_are_2_at_once(tmp_path, what) -> None:  # type: ignore[no-untyped-def]
    path = what
    if what == "fifo":
        path = str(tmp_path / "f.vec")
        os.mkfifo(path)
    t0 = time.monotonic()
    rc, out, err = verdict("sim", f"VEC={path}", "SIM_DEBUG=0", f"SIM_DIR={sim_dir('vec-' + what[-4:])}",
                           timeout=60)
    assert rc == 2 and "not a regular file" in err and time.monotonic() - t0 < 20
    assert "make sim: ERROR" in out


def test_the_locale_changes_nothing(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Under a decimal-comma locale (built here with localedef from
    Debian's locales sources, so no root is needed), the lines, files and
    the page's numbers are the C locale's: the page once showed 17,000
    for 17.628 s."""
    locpath = tmp_path / "locales"
    locpath.mkdir()
    made = subprocess.run(["localedef", "-i", "de_DE", "-f", "UTF-8", str(locpath / "de_DE.UTF-8")],
                          capture_output=True, text=True)
    assert made.returncode in (0, 1), made.stderr  # 1: warnings only
    comma = dict(os.environ, LOCPATH=str(locpath), LC_ALL="de_DE.UTF-8", LANG="de_DE.UTF-8")
    shown = subprocess.run(["bash", "-c", "printf '%.3f' 1"], capture_output=True, text=True, env=comma)
    assert shown.stdout == "1,000", "the comma locale is not in effect: the test would prove nothing"
    texts = []
    for name, env in (("C", dict(os.environ, LC_ALL="C")), ("de", comma)):
        d = sim_dir("locale-" + name)
        rc, _, _ = verdict("sim", "N=4", "SIM_DEBUG=0", f"SIM_DIR={d}", QUICK, env=env)
        assert rc == 0
        with open(os.path.join(d, "sim-n4", "suite.txt")) as f:
            texts.append(f.read().replace(d, "D"))
        with open(os.path.join(d, "sim-n4", "singles.csv")) as f:
            texts.append(f.read().replace(d, "D"))
        with open(os.path.join(d, "sim-report.html")) as f:
            html = f.read()
        times = re.findall(r"<td>(\d+[.,]\d{3})</td><td>\d+</td><td>\d+%</td>", html)
        assert times and all("," not in t for t in times), times[:3]
    assert texts[0] == texts[2] and texts[1] == texts[3]


def test_a_read_only_home_falls_back_to_the_plain_compiler() -> None:
    if not shutil.which("ccache"):
        pytest.skip("ccache is not installed")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CCACHE", "XDG_"))}
    show = ["make", "-s", "--no-print-directory", "--eval", "show-ccache: ; @echo '[$(VL_CCACHE)]'", "show-ccache"]
    ro = subprocess.run(show, capture_output=True, text=True, env=dict(env, HOME="/proc/self"), cwd=ROOT).stdout
    rw = subprocess.run(show, capture_output=True, text=True, env=env, cwd=ROOT).stdout
    assert ro.strip() == "[]" and rw.strip() == f"[{shutil.which('ccache')}]"


def test_a_missing_verilator_is_a_clear_error() -> None:
    dry = subprocess.run(["make", "-n", "BUILD=/tmp/stc-deps-order", "/tmp/stc-deps-order/pe-arrays/wrap-n4.v"],
                         capture_output=True, text=True, cwd=ROOT).stdout.split("\n")
    deps = next(i for i, ln in enumerate(dry) if "deps.sh core sim" in ln)
    ports = next(i for i, ln in enumerate(dry) if "rtl_ports.py" in ln)
    assert deps < ports
    p = subprocess.run(["scripts/rtl_ports.py", "--top", "stc_tile", "--n", "4", "--m-max", "1024", "--kb-max", "64",
                        "--verilator", "/nonexistent/verilator", "--wrap", "/tmp/stc-w.v", "rtl/stc_tile.v"],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 2 and "cannot run Verilator '/nonexistent/verilator'" in p.stderr
    assert "Traceback" not in p.stderr


def test_the_models_take_verilated_h_precompiled() -> None:
    """The model's generated files compile with clang and the precompiled
    verilated.h of their own optimisation level (sim/core/verilator.mk
    VL_CXX, VL_PCH): the hot files at VL_OPT, the cold ones at VL_OPT_SLOW.
    Each compile line of the N=16 model's generated makefile, given the
    recipe's variables, names its level's header, and clang accepts it
    (it refuses a header built with other predefined macros)."""
    show = ["make", "-s", "--no-print-directory", f"BUILD={BUILD}", "--eval",
            "show-vl: ; $(info $(VL_CXX)|$(call vl_pch_on,)|$(VL_OPT)|$(VL_OPT_SLOW)|$(call vl_make_vars,))@:",
            "show-vl"]
    cxx, on, opt, opt_slow, make_vars = subprocess.run(show, capture_output=True, text=True, cwd=ROOT,
                                                       check=True).stdout.strip().split("|")
    assert "clang" in cxx and on == "1", (cxx, on)
    model = os.path.join(ROOT, BUILD, "vl-n16")
    assert os.path.isfile(os.path.join(model, "Vstc_tile.mk")), f"{model}: build the N=16 model first (make sim)"
    dry = subprocess.run(["make", "-n", "-B", "-f", "Vstc_tile.mk", *shlex.split(make_vars), "Vstc_tile__ALL.a"],
                         capture_output=True, text=True, cwd=model, check=True).stdout.split("\n")
    for level, suffix in ((opt, ".o"), (opt_slow, "__Slow.o")):
        pat = r" -c -o Vstc_tile___024root__DepSet_\w+__0" + re.escape(suffix) + " "
        lines = [ln for ln in dry if re.search(pat, ln)]
        assert lines, f"no compile line of a file at {level}"
        pch = os.path.realpath(os.path.join(ROOT, BUILD, "vlrt", "c", "pch",
                                            f"stc_verilated-{level.replace('-', '').replace(' ', '')}.pch"))
        assert f"{level} -include-pch '{pch}' " in lines[0], (level, lines[0][-400:])
        check = re.sub(r" -c -o \S+ ", " -fsyntax-only ", lines[0])
        r = subprocess.run(check, shell=True, capture_output=True, text=True, cwd=model)
        assert r.returncode == 0, f"clang refused the {level} header: {r.stderr[-600:]}"
