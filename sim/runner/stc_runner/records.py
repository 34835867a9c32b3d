# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""A run's verdict as each of its records says it, and whether they agree.

stc_sim says how a run went four times: its exit status, its JUnit file
(one test case a vector file, failing ones with a <failure> or <error>),
its CSV (one row a file, column pass), and its closing line
("cosim: P passed, F failed"). The runner believes none of them alone: a
run is 0 only when all four say every file passed, and 1 only when all
four say some file failed. Any disagreement (a simulator that exits 0
after failing files, a crash after its records were written, a JUnit
writer that lost a failure) is an error, verdict 2, naming both sides:
never a pass. A run that exits 2 (bad input, set-up) stays 2 whatever its
records say."""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from .errors import SetupError
from .fileio import read_text

CLOSING = re.compile(r"^cosim: ([0-9]+) passed, ([0-9]+) failed$")


@dataclass
class Said:
    """One record's account: how many files, how many failed; or why it
    gives none (missing, unreadable, malformed)."""

    what: str
    total: int = -1
    failed: int = -1
    why: str = ""


def junit_says(path: str) -> Said:
    what = f"its JUnit {path}"
    try:
        root = ET.fromstring(read_text(path, "run's JUnit"))
    except SetupError as e:
        return Said(what, why=f"is missing or unreadable ({e})")
    except ET.ParseError as e:
        return Said(what, why=f"is not XML ({e})")
    cases = list(root.iter("testcase"))
    failed = sum(1 for c in cases if c.find("failure") is not None or c.find("error") is not None)
    return Said(what, len(cases), failed)


def csv_says(path: str) -> Said:
    what = f"its CSV {path}"
    try:
        rows = list(csv.DictReader(io.StringIO(read_text(path, "run's CSV"))))
    except SetupError as e:
        return Said(what, why=f"is missing or unreadable ({e})")
    except csv.Error as e:
        return Said(what, why=f"is not CSV ({e})")
    if any(r.get("pass") not in ("0", "1") for r in rows):
        return Said(what, why="has a row whose pass column is neither 0 nor 1")
    return Said(what, len(rows), sum(1 for r in rows if r["pass"] == "0"))


def line_says(log: str, log_path: str) -> Said:
    what = f"its closing line (in {log_path})"
    last = None
    for line in log.split("\n"):
        m = CLOSING.match(line)
        if m:
            last = m
    if last is None:
        return Said(what, why='is missing ("cosim: P passed, F failed")')
    passed, failed = int(last.group(1)), int(last.group(2))
    return Said(what, passed + failed, failed)


def disagreement(rc: int, files: int, records: list[Said]) -> str:
    """What contradicts exit status rc (0 or 1) of a run of `files` vector
    files; "" when every record agrees."""
    for s in records:
        if s.why:
            return f"exited {rc}, but {s.what} {s.why}"
        if rc == 0 and s.failed != 0:
            return f"exited 0, but {s.what} has {s.failed} failing file(s) of {s.total}"
        if rc == 0 and s.total != files:
            return f"exited 0, but {s.what} accounts for {s.total} file(s) of the {files} it was given"
        if rc == 1 and s.failed < 1:
            return f"exited 1 (a mismatch), but {s.what} has no failing file ({s.total} passed)"
    return ""


def cross_check(label: str, binary: str, rc: int, files: int, junit: str, csv_path: str,
                log: str, log_path: str) -> tuple[int, str]:
    """The run's verdict from all its records: (rc, "") when they agree or
    rc is not 0 or 1; (2, why) when they do not."""
    if rc not in (0, 1):
        return rc, ""
    why = disagreement(rc, files, [junit_says(junit), csv_says(csv_path), line_says(log, log_path)])
    if not why:
        return rc, ""
    return 2, (f"run {label}: {binary} {why}: the run's records disagree, an error (verdict 2), never a "
               f"{'pass' if rc == 0 else 'mismatch'}")
