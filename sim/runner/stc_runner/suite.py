# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""One array size's suite: the plan's runs, JOBS at once, one slice of k
(SHARD=i/k), printed in the plan's order whatever the schedule, and the
verdict, fail-closed.

A run's record is OUTDIR/parts/LABEL.{spec,out,rc} (the replay options,
the lines it prints, its exit code) beside OUTDIR/LABEL.{log,csv} and
junit/LABEL.xml; a merge of shards reads the same records. What depends
on the runs before it (the first failure's details, FIRST_FAILURE, the
waveforms) is decided while rendering, in the plan's order, so any JOBS
and any sharding print and write the same."""

from __future__ import annotations

import csv
import hashlib
import io
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass, field

from . import junit, records
from .errors import Interrupted, SetupError
from .fileio import Tee, makedirs, read_text, remove, write_text
from .plan import Expansion, Run
from .procs import Children

VERDICTS = {0, 1, 2}
MAX_WAVES = 20


@dataclass
class Spec:
    """A run as recorded in parts/LABEL.spec: runner, verbose, options,
    files (one item per line, "--" between options and files)."""

    label: str
    bin: str
    verbose: bool
    args: list[str]
    files: list[str]

    def text(self) -> str:
        items = [self.bin, "1" if self.verbose else "0", *self.args, "--", *self.files]
        for s in items:
            if "\n" in s:
                raise SetupError(f"run {self.label}: {s!r}: a path or option with a line break cannot be recorded")
        return "\n".join(items) + "\n"

    @staticmethod
    def read(path: str, label: str) -> "Spec":
        lines = read_text(path, "run's record").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if len(lines) < 3 or lines[1] not in ("0", "1") or "--" not in lines[2:]:
            raise SetupError(f"{path}: not a run's record (runner, 0/1, options, --, files)")
        i = lines.index("--", 2)
        return Spec(label, lines[0], lines[1] == "1", lines[2:i], lines[i + 1 :])


def part_path(out: str, label: str, ext: str) -> str:
    """OUTDIR/parts/LABEL.EXT: a run's record (spec, out, rc, waves)."""
    return os.path.join(out, "parts", f"{label}.{ext}")


def read_rc(path: str, label: str) -> tuple[int, str]:
    """A run's recorded exit code: (code, "") or (2, why) when the record is
    missing, empty or not a verdict (a full disk, a killed run): fail
    closed, never a pass."""
    try:
        text = read_text(path, "run's result").strip()
    except SetupError as e:
        return 2, f"run {label}: its result {path} is missing or unreadable ({e}): counted as an error"
    if text not in ("0", "1", "2"):
        return 2, f"run {label}: its result {path} is missing or unreadable ('{text}'): counted as an error"
    return int(text), ""


def failed_files(csv_path: str) -> list[str]:
    """The vector files a run's CSV marks as failing (column pass = 0)."""
    try:
        text = read_text(csv_path, "run's CSV")
    except SetupError:
        return []
    rows = list(csv.DictReader(io.StringIO(text)))
    return [r["vector"] for r in rows if r.get("pass") == "0"]


def first_match(text: str, prefix: str) -> str | None:
    """What follows prefix on the first line that starts with it."""
    for line in text.split("\n"):
        if line.startswith(prefix):
            return line[len(prefix) :]
    return None


@dataclass
class Renderer:
    """The suite's lines and verdict, run by run in the plan's order."""

    out: str
    n: int
    tee: Tee
    first_failure_only: bool = False
    waves_bin: str = ""
    children: Children | None = None
    waves_exe: str = ""  # the file that runs for waves_bin (Config.exe)
    status: int = 0
    runs: int = 0
    failed_runs: int = 0
    first: str = ""
    kept: int = 0
    runs_txt: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)

    def part(self, label: str, ext: str) -> str:
        return part_path(self.out, label, ext)

    def drop(self, label: str) -> None:
        for p in (f"{label}.log", f"{label}.csv", f"junit/{label}.xml"):
            remove(os.path.join(self.out, p))
        for ext in ("spec", "out", "rc", "waves"):
            remove(self.part(label, ext))
        # A run stopped (SIGTERM) while it wrote its CSV or JUnit leaves the
        # atomic writer's temporary file (NAME.tmp.XXXXXX, common/stc_out.c).
        for d in (self.out, os.path.join(self.out, "junit")):
            names = os.listdir(d) if os.path.isdir(d) else []
            for name in names:
                if name.startswith(f"{label}.") and ".tmp." in name:
                    remove(os.path.join(d, name))

    def render(self, spec: Spec, rc: int, why: str, out_text: str, printed: bool, mode: str) -> None:
        """One run: its lines (unless printed as it ran), the details if it
        is the first failing run, runs.txt, the waveforms, the verdict."""
        label = spec.label
        if self.first_failure_only and self.first:
            self.drop(label)
            return
        if why:
            sys.stderr.write(why + "\n")
        if not printed:
            self.tee.write(out_text)
        log = _read_or_empty(os.path.join(self.out, f"{label}.log"))
        if not spec.verbose and rc != 0 and not self.first:
            lines = log.split("\n")
            if lines and lines[-1] == "":
                lines.pop()
            keep = [ln for ln in lines if not re.match(r"^(cosim|\[ *[0-9]+/[0-9]+\] PASS)", ln)]
            self.tee.write("".join(ln + "\n" for ln in keep[:16]))
        self.runs_txt.append(f"{label} {rc} {len(spec.files)}")
        self.labels.append(label)
        self.runs += 1
        waves_path = self.part(label, "waves")
        if mode == "suite":
            remove(waves_path)
            if rc == 1 and self.waves_bin and not label.startswith("icg-"):
                lines = self.keep_waves(label, spec.args)
                write_text(waves_path, lines, "run's waveform list")
                self.tee.write(lines)
        elif os.path.exists(waves_path):
            self.tee.write(read_text(waves_path, "run's waveform list"))
        if rc != 0:
            self.failed_runs += 1
            if rc == 1 and self.status != 2:
                self.status = 1
            if rc != 1:
                self.status = 2
            if not self.first and rc == 1:
                repro = first_match(log, "  reproduce: ") or ""
                ff = failed_files(os.path.join(self.out, f"{label}.csv"))
                file = ff[0] if ff else ""
                if not label.startswith("icg-"):
                    write_text(
                        os.path.join(self.out, "first-failure.args"),
                        "".join(a + "\n" for a in spec.args) + file + "\n",
                        "first failure's options",
                    )
                div = first_match(log, "  first divergence: ")
                div = "" if div is None else "first divergence: " + div
                self.first = f"{label} {file}\n  {div}\n  reproduce: {repro}"

    def keep_waves(self, label: str, args: list[str]) -> str:
        """An FST of every failing file of the run (at most MAX_WAVES in
        all, in the plan's order), from the tracing build (WAVES=1)."""
        makedirs(os.path.join(self.out, "waves"))
        lines = ""
        for f in failed_files(os.path.join(self.out, f"{label}.csv")):
            if self.kept >= MAX_WAVES:
                break
            name = os.path.basename(f)
            name = name[: -len(".vec")] if name.endswith(".vec") else name
            fst = os.path.join(self.out, "waves", f"{label}-{name}.fst")
            assert self.children is not None
            self.children.run(
                [self.waves_bin, "--quiet", *args, "--trace", fst, f],
                executable=self.waves_exe or self.waves_bin,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            lines += f"   waveform: {fst}\n"
            self.kept += 1
        return lines

    def finish(self, skipped: list[tuple[str, str]], shard: str) -> int:
        """The closing lines, runs.txt and suite.xml; the verdict."""
        write_text(os.path.join(self.out, "runs.txt"), "".join(r + "\n" for r in self.runs_txt), "list of runs")
        junits = [os.path.join(self.out, "junit", f"{lb}.xml") for lb in self.labels]
        try:
            junit.merge(os.path.join(self.out, "suite.xml"), self.n, [j for j in junits if os.path.exists(j)], skipped)
        except SetupError as e:
            sys.stderr.write(f"{e}\n")
            self.status = 2
        for label, why in skipped:
            self.tee.write(f"== {label}: skipped: {why}\n")
        self.tee.write(f"== N={self.n}{f' (shard {shard})' if shard else ''}: "
                       f"{self.runs - self.failed_runs} of {self.runs} runs passed\n")
        if self.runs == 0 and not shard:
            # Every run TESTS= selected was skipped (the opt-in hold run, or
            # the ICG runs of a tile of your own): nothing was compared, which
            # must not read as a pass. A shard may be empty; its merge may not.
            self.tee.write(f"== N={self.n}: no run ran, so nothing was checked: an error (verdict 2)\n")
            self.status = 2
        if self.first:
            self.tee.write(f"first failure: {self.first}\n")
        return self.status


def _read_or_empty(path: str) -> str:
    try:
        return read_text(path, "run's log")
    except SetupError:
        return ""


def shard_select(runs: list[Run], k: int, i: int) -> list[int]:
    """The indices of slice i of k: longest first (plan order among
    equals), each to the least loaded slice (the lowest among equals)."""
    load = [0] * (k + 1)
    sel = []
    for idx in sorted(range(len(runs)), key=lambda j: (-runs[j].cost, j)):
        best = min(range(1, k + 1), key=lambda s: (load[s], s))
        load[best] += runs[idx].cost
        if best == i:
            sel.append(idx)
    return sorted(sel)


def files_digest(files: list[str] | tuple[str, ...]) -> str:
    names = "".join(os.path.basename(f) + "\n" for f in files)
    return hashlib.sha256(names.encode()).hexdigest()[:12]


@dataclass
class Config:
    """One suite's configuration (make sim passes it; see cli.py)."""

    runner: str
    vecgen: str
    n: int
    out: str
    icg: str = ""
    jobs: int = 1
    shard_i: int = 1
    shard_k: int = 1
    first_failure: bool = False
    waves_bin: str = ""
    # Where the binaries this suite runs were linked when it was built
    # (sim.py's own_binaries): it runs those, whatever another make does
    # to BUILD meanwhile; "": the paths as given.
    exec_dir: str = ""

    def exe(self, path: str) -> str:
        return exec_path(self.exec_dir, path)


def exec_path(exec_dir: str, path: str) -> str:
    """The file that runs for a binary named path, taken into exec_dir
    ("": path itself); argv[0] stays path, so the reproduce lines name
    BUILD's binaries, as before."""
    return os.path.join(exec_dir, os.path.basename(path)) if exec_dir and path else path


OLD_FILES = ("first-failure.args", "runs.txt", "skipped.txt", "suite.xml", "plan.txt", "shard.txt", "schedule.txt")


class Suite:
    def __init__(self, cfg: Config, ex: Expansion, children: Children) -> None:
        self.cfg = cfg
        self.ex = ex
        self.children = children
        self.specs: list[Spec] = []

    # ---- set-up ------------------------------------------------------------
    def prepare(self) -> Tee:
        out = self.cfg.out
        for d in ("gen", "junit"):
            makedirs(os.path.join(out, d))
        for name in os.listdir(os.path.join(out, "junit")):
            if name.endswith(".xml"):
                remove(os.path.join(out, "junit", name))
        for name in os.listdir(out):
            if name.endswith((".log", ".csv")) or name in OLD_FILES:
                remove(os.path.join(out, name))
        for d in ("waves", "parts"):
            shutil.rmtree(os.path.join(out, d), ignore_errors=True)
            if os.path.exists(os.path.join(out, d)):
                raise SetupError(f"{os.path.join(out, d)}: cannot remove the previous run's directory")
        makedirs(os.path.join(out, "parts"))
        return Tee(os.path.join(out, "suite.txt"), sys.stdout)

    def generate(self, tee: Tee) -> None:
        if self.ex.preamble:
            tee.write(self.ex.preamble)
            write_text(os.path.join(self.cfg.out, "parts", "preamble.out"), self.ex.preamble, "preamble")
        for path, g in self.ex.generate:
            rc = self.children.run([self.cfg.vecgen, *g.args, "-o", path], executable=self.cfg.exe(self.cfg.vecgen))
            if rc != 0:
                raise SetupError(f"stc_vecgen {' '.join(g.args)} failed (exit {rc})")

    def record_specs(self) -> None:
        for r in self.ex.runs:
            binary = self.cfg.icg if r.build == "icg" else self.cfg.runner
            if r.build == "icg" and not (binary and os.access(binary, os.X_OK)):
                raise SetupError(f"no ICG runner {binary}")
            s = Spec(r.label, binary, r.verbose, list(r.args), list(r.files))
            write_text(self.part(r.label, "spec"), s.text(), "run's record")
            self.specs.append(s)
        plan = "".join(
            f"{r.label} {r.cost} {len(r.files)} {files_digest(r.files)} {' '.join(r.args)}\n" for r in self.ex.runs
        )
        write_text(os.path.join(self.cfg.out, "plan.txt"), plan, "suite's plan")
        write_text(
            os.path.join(self.cfg.out, "shard.txt"),
            f"shard {self.cfg.shard_i}/{self.cfg.shard_k}\noutdir {self.cfg.out}\n"
            f"first_failure {int(self.cfg.first_failure)}\nn {self.cfg.n}\n",
            "shard record",
        )
        skipped = "".join(f"{lb}\t{why}\n" for lb, why in self.ex.skipped)
        if skipped:
            write_text(os.path.join(self.cfg.out, "skipped.txt"), skipped, "list of skipped runs")

    def part(self, label: str, ext: str) -> str:
        return part_path(self.cfg.out, label, ext)

    # ---- one run -------------------------------------------------------------
    def exec_run(self, spec: Spec, live: Tee | None) -> tuple[int, str]:
        """Runs it; (exit code, the lines it prints). live: its lines go to
        the terminal as they come (the first run, which nothing precedes)."""
        out = self.cfg.out
        log = os.path.join(out, f"{spec.label}.log")
        outputs = ["--csv", os.path.join(out, f"{spec.label}.csv"), "--junit", os.path.join(out, "junit", f"{spec.label}.xml")]
        try:
            logf = open(log, "w", encoding="utf-8", errors="replace")
        except OSError as e:
            raise SetupError(f"{log}: cannot write the run's log: {e.strerror}") from e
        with logf:
            if spec.verbose:
                head = f"== {spec.label}: {len(spec.files)} file(s), N={self.cfg.n}, {' '.join(spec.args)}\n"
                text = head
                if live:
                    live.write(head)
                p = self.children.popen(
                    [spec.bin, *spec.args, *outputs, *spec.files],
                    executable=self.cfg.exe(spec.bin),
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    text=True,
                    errors="replace",
                )
                assert p.stdout is not None
                for line in p.stdout:
                    logf.write(line)
                    if not line.startswith("cosim N="):
                        text += line
                        if live:
                            live.write(line)
                rc = self.children.wait(p)
            else:
                p = self.children.popen(
                    [spec.bin, "--quiet", *spec.args, *outputs, *spec.files],
                    executable=self.cfg.exe(spec.bin), stdout=logf, stderr=subprocess.STDOUT
                )
                rc = self.children.wait(p)
                text = ""
        if self.children.stopping:
            raise Interrupted(self.children.stopping)
        if not spec.verbose:
            body = _read_or_empty(log)
            cmds = ""
            last = ""
            for line in body.split("\n"):
                m = re.match(r"^cosim N=.*: ([0-9]+(?: of [0-9]+)?) commands,", line)
                if m:
                    cmds = m.group(1)
                if line.startswith("cosim: "):
                    last = line
            text = "== %-14s %3d file(s) %5s commands %-44s %s\n" % (
                spec.label, len(spec.files), cmds, " ".join(spec.args), last)
        rc = 128 - rc if rc < 0 else rc
        note = ""
        if rc not in VERDICTS:
            note = f"run {spec.label}: {os.path.basename(spec.bin)} exited {rc} (a crash or a signal): an error\n"
            rc = 2
        rc, why = records.cross_check(spec.label, spec.bin, rc, len(spec.files), outputs[3], outputs[1],
                                      _read_or_empty(log), log)
        note += why + "\n" if why else ""
        text += note
        if live and note:  # a verbose run's lines went out as they came: its note too
            live.write(note)
        write_text(self.part(spec.label, "out"), text, "run's lines")
        write_text(self.part(spec.label, "rc"), f"{rc}\n", "run's result")
        return rc, text

    # ---- the suite -------------------------------------------------------------
    def run(self, shard_label: str = "") -> int:
        tee = self.prepare()
        try:
            return self._run(tee, shard_label)
        finally:
            tee.close()

    def _run(self, tee: Tee, shard_label: str) -> int:
        cfg = self.cfg
        self.generate(tee)
        self.record_specs()
        runs = self.ex.runs
        sel = shard_select(runs, cfg.shard_k, cfg.shard_i)
        rnd = Renderer(cfg.out, cfg.n, tee, cfg.first_failure, cfg.waves_bin, self.children, cfg.exe(cfg.waves_bin))
        if not sel:
            return rnd.finish(self.ex.skipped, shard_label)
        first_sel = sel[0]
        order = sel if cfg.jobs == 1 else sorted(sel, key=lambda j: (-runs[j].cost, j))
        results: dict[int, tuple[int, str]] = {}
        done: queue.Queue[tuple[int, tuple[int, str] | BaseException]] = queue.Queue()
        schedule: list[str] = []
        stop = len(runs)  # FIRST_FAILURE: nothing from this index on is started
        started: set[int] = set()
        running = 0
        li = 0

        def worker(idx: int) -> None:
            try:
                live = tee if idx == first_sel and self.specs[idx].verbose else None
                res: tuple[int, str] | BaseException = self.exec_run(self.specs[idx], live)
            except BaseException as e:  # noqa: BLE001 - handed to the main thread
                res = e
            done.put((idx, res))

        ci = 0
        while ci < len(sel):
            while running < cfg.jobs and li < len(order):
                idx = order[li]
                li += 1
                if idx >= stop:
                    continue
                threading.Thread(target=worker, args=(idx,), daemon=True).start()
                started.add(idx)
                running += 1
            idx = sel[ci]
            if idx in results or idx >= stop:
                if idx >= stop:
                    rnd.drop(runs[idx].label)
                else:
                    # The verdict as recorded, read back: what a merge reads.
                    rc, why = read_rc(self.part(runs[idx].label, "rc"), runs[idx].label)
                    # Only a verbose run prints as it goes (a shard whose
                    # first run is another printed nothing for it before).
                    live = idx == first_sel and self.specs[idx].verbose
                    rnd.render(self.specs[idx], rc, why, results[idx][1], live, "suite")
                ci += 1
                continue
            if running == 0:
                raise SetupError(f"internal: run {runs[idx].label} was never started")
            fin, res = self._await(done)
            running -= 1
            if isinstance(res, BaseException):
                self.children.stop_all(f"stopped: {res}")
                self._drain(running, done)
                raise res
            results[fin] = res
            schedule.append(runs[fin].label)
            if cfg.first_failure and res[0] == 1 and fin < stop:
                stop = fin + 1
        # Runs started before a FIRST_FAILURE stop was known: stopped, dropped.
        self._drain(running, done, drop=[runs[j].label for j in started if j >= stop], rnd=rnd)
        write_text(os.path.join(cfg.out, "schedule.txt"), "".join(s + "\n" for s in schedule), "schedule")
        return rnd.finish(self.ex.skipped, shard_label)

    def _await(self, done: "queue.Queue[tuple[int, tuple[int, str] | BaseException]]"):  # type: ignore[no-untyped-def]
        # A timeout keeps the main thread responsive to signals.
        while True:
            try:
                return done.get(timeout=0.2)
            except queue.Empty:
                continue

    def _drain(self, running: int, done, drop: list[str] | None = None, rnd: Renderer | None = None) -> None:  # type: ignore[no-untyped-def]
        if running and drop is not None:
            # Every run still going started after the stop (the ones before
            # it are rendered): SIGTERM to their process groups.
            self.children.terminate()
        while running > 0:
            self._await(done)
            running -= 1
        if drop and rnd:
            for label in drop:
                rnd.drop(label)
