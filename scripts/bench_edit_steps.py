#!/usr/bin/env python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""bench_edit_steps.py - where the wait of one `make sim` after an RTL edit
goes: when each step of the build and each suite finished, in seconds
after the edit, read from the modification times of what `make sim`
wrote (scripts/bench_edit.sh runs it after its edit; docs/performance.md,
"Edit to verdict").

usage: bench_edit_steps.py BUILD T0 T1 OUT.md
  BUILD  the build directory of the make sim that followed the edit
  T0     the edit's time, T1 the verdict's (seconds since the epoch)

Per Verilated model: verilated (its generated makefile written), compiled
(its archive written), runner linked. Per array size: the first and the
last suite to finish after the edit (their logs' last write), the hold
run apart. A step
older than the edit was not redone and says so. Exit 2 when BUILD holds
no suite logs (the make sim did not run there).
"""
from __future__ import annotations

import sys
from pathlib import Path

# The runner's one atomic writer (a temporary file renamed into place).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "sim" / "runner"))
from stc_runner.errors import SetupError  # noqa: E402
from stc_runner.fileio import write_text  # noqa: E402

# (label, model directory, runner) of the variants make sim builds.
MODELS = [
    ("N=16", "vl-n16", "stc_sim-n16"),
    ("N=4", "vl-n4", "stc_sim-n4"),
    ("N=4 ICG", "vl-n4-icg", "stc_sim-n4-icg"),
]


def mtime(path: Path) -> float | None:
    try:
        return path.stat().st_mtime
    except FileNotFoundError:
        return None


def when(t: float | None, t0: float) -> str:
    if t is None:
        return "missing"
    if t < t0:
        return "not redone"
    return f"{t - t0:.1f}"


def model_rows(build: Path, t0: float) -> list[tuple[str, str]]:
    rows = []
    for label, vdir, runner in MODELS:
        rows.append((f"{label} model verilated", when(mtime(build / vdir / "Vstc_tile.mk"), t0)))
        rows.append((f"{label} model compiled (C++)",
                     when(mtime(build / vdir / "Vstc_tile__ALL.a"), t0)))
        rows.append((f"{label} runner linked", when(mtime(build / runner), t0)))
    return rows


def suite_rows(build: Path, t0: float) -> list[tuple[str, str]]:
    rows = []
    for n in (16, 4):
        logs = sorted((mtime(p), p.stem) for p in (build / f"sim-n{n}").glob("*.log"))
        logs = [(t, name) for t, name in logs if t is not None and t >= t0]
        if not logs:
            continue
        rows.append((f"N={n}: first suite done ({logs[0][1]})", when(logs[0][0], t0)))
        rows.append((f"N={n}: last suite done ({logs[-1][1]})", when(logs[-1][0], t0)))
        hold = [t for t, name in logs if name == "hold"]
        if hold and logs[-1][1] != "hold":
            rows.append((f"N={n}: the hold run done", when(hold[0], t0)))
    return rows


def main(argv: list[str]) -> int:
    if len(argv) != 5:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    build, out = Path(argv[1]), Path(argv[4])
    try:
        t0, t1 = float(argv[2]), float(argv[3])
    except ValueError:
        print(f"bench_edit_steps.py: T0 and T1 must be seconds: {argv[2]!r} {argv[3]!r}",
              file=sys.stderr)
        return 2
    suites = suite_rows(build, t0)
    if not suites:
        print(f"bench_edit_steps.py: {build}/sim-n*/ holds no suite logs: did make sim run there?",
              file=sys.stderr)
        return 2
    rows = model_rows(build, t0) + suites + [("make sim's verdict", f"{t1 - t0:.1f}")]
    text = "| step after the edit | done at (s) |\n|---|---:|\n"
    text += "".join(f"| {step} | {at} |\n" for step, at in rows)
    try:
        write_text(str(out), text, "step table")
    except SetupError as e:
        print(f"bench_edit_steps.py: {e}", file=sys.stderr)
        return 2
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
