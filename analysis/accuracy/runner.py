# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Running files through the lockstep runner (build/stc_sim-nN).

``stc_sim --seed S --stall P --quiet --csv OUT FILE...`` runs each vector
or stream on the Verilated RTL and the golden model, compared every cycle,
and checks every command's result rows against the file's C. Exit 0 pass,
1 mismatch, 2 bad input or set-up error. Its CSV columns are read by name.
"""
from __future__ import annotations

import csv
import os
import subprocess
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence

from . import config

#: CSV columns this package reads (all present in stc_sim's header), integers.
COLUMNS = ("n", "m", "k", "nblk", "skipped_blocks", "bias", "pass",
           "cycles", "stall_cycles", "macs_alg", "macs_actual", "macs_gated", "macs_skipped",
           "w_bytes", "meta_bytes", "a_bytes", "sector_bytes", "w_sectors", "meta_sectors",
           "a_sectors")

#: One CSV line: column name -> value.
CsvRow = Dict[str, Optional[int]]


class SetupError(Exception):
    """A missing runner, a runner that says bad input (exit 2), an
    unreadable CSV: exit code 2 of the command line."""


@dataclass
class SimResult:
    """Exit code, the runner's console output and one row per file."""

    rc: int
    log: str
    rows: List[CsvRow]


def check_runner(path: str) -> None:
    """Raise SetupError unless ``path`` is an executable file."""
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise SetupError("runner %s not found or not executable (build it: make %s)" % (path, path))


def read_csv(path: str) -> List[CsvRow]:
    """stc_sim's CSV: the columns of :data:`COLUMNS`, by name."""
    with open(path, newline="", encoding="utf-8") as f:
        r = csv.DictReader(f)
        missing = [c for c in COLUMNS if c not in (r.fieldnames or [])]
        if missing:
            raise SetupError("%s: no column(s) %s in the header" % (path, ", ".join(missing)))
        rows = []
        for line in r:
            try:
                # A stream's row leaves the per-command counters empty.
                rows.append({c: int(line[c]) if line[c] != "" else None for c in COLUMNS})
            except (TypeError, ValueError):
                raise SetupError("%s: a line that is not integers: %r" % (path, line)) from None
    return rows


def run_sim(runner: str, files: Sequence[str], csv_path: str) -> SimResult:
    """Run ``files`` in one invocation; return its verdict and CSV rows.

    Exit 2 (bad input: a file this package wrote is wrong) raises
    SetupError with the runner's message. On exit 1 the rows are those the
    runner wrote (failed files have ``pass`` = 0).
    """
    cmd = [runner, "--seed", str(config.SIM_SEED), "--stall", str(config.SIM_STALL), "--quiet",
           "--csv", csv_path] + list(files)
    return run_csv_tool(cmd, csv_path, len(files))


def run_csv_tool(cmd: List[str], csv_path: str, want_rows: int, unit: str = "files") -> SimResult:
    """Run a tool of the tile that writes ``--csv csv_path`` (stc_sim,
    stc_gemm): exit 2 or a crash raises SetupError with its output; on
    exit 0 the CSV must have ``want_rows`` rows (one per file or command:
    ``unit`` names them in the error)."""
    check_runner(cmd[0])
    if os.path.exists(csv_path):
        os.unlink(csv_path)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, check=False)
    if p.returncode == 2:
        raise SetupError("%s exited 2 (bad input or set-up error):\n%s" % (" ".join(cmd), p.stdout))
    if p.returncode not in (0, 1):
        raise SetupError("%s exited %d:\n%s" % (" ".join(cmd), p.returncode, p.stdout))
    rows = read_csv(csv_path) if os.path.exists(csv_path) else []
    if p.returncode == 0 and len(rows) != want_rows:
        raise SetupError("%s: %d CSV rows for %d %s" % (csv_path, len(rows), want_rows, unit))
    return SimResult(p.returncode, p.stdout, rows)
