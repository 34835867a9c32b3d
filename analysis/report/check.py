# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""make report-check's comparisons: the committed report (DOCS/report.md,
DOCS/report/*.csv) against a quick sweep of the same model, RTL and
generator (BUILD/report-quick, scripts/report.sh --quick), and against
itself (every derived table and the page follow from their inputs with
today's code).

In order, the first failure ending the check (exit 1, naming the file and
what to run):

1. the committed runs of M = 16 equal the fresh ones, line for line (same
   seeds, so a difference means the model, RTL or generator changed);
2. the same for uarch.csv's rows of M = 16 (the dbuf tile);
3. every committed uarch.csv row matches the closed forms (closed = 1);
4. the committed MoE rows of the distributions and schemes the quick sweep
   ran equal the fresh ones, and 5. the activation rows of its zero shares;
6. traffic.csv and breakeven.csv equal stc_traffic's output byte for byte;
7. sparseloop.csv, traffic_tile.csv and summary.csv follow from runs.csv,
   and 8. report.md from the CSVs (and docs/accuracy/accuracy.csv).
"""
from __future__ import annotations

import csv
import difflib
import os
import sys
from typing import Callable, List, Optional, Sequence, Set, Tuple

from .awkfmt import num
from .csvio import ReportError, basename, lines_text, read_table
from . import render, sparseloop, summary, traffic

#: Lines of unified diff shown for a difference.
DIFF_LINES = 40


class Stale(Exception):
    """A committed file does not match: the message, and a diff to show."""

    def __init__(self, message: str, diff: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.diff = list(diff)


def _raw(path: str) -> List[Tuple[List[str], str]]:
    """The data lines of the CSV at PATH: (fields, the line's text)."""
    try:
        with open(path, encoding="utf-8", newline="") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise ReportError("cannot read %s: %s" % (path, e.strerror)) from None
    return [(next(csv.reader([s])), s) for s in lines]


def _select(path: str, keep: Callable[[dict], bool], header: bool = False) -> List[str]:
    """The lines of PATH whose row (by header name) KEEP accepts; with
    HEADER the header line first."""
    rows = _raw(path)
    if not rows:
        return []
    names = rows[0][0]
    out = [rows[0][1]] if header else []
    for fields, text in rows[1:]:
        if keep(dict(zip(names, fields))):
            out.append(text)
    return out


def _diff(a: Sequence[str], b: Sequence[str], an: str, bn: str) -> List[str]:
    return list(difflib.unified_diff(list(a), list(b), an, bn, lineterm=""))[:DIFF_LINES]


def _same(want: Sequence[str], got: Sequence[str], an: str, bn: str, message: str) -> None:
    if list(want) != list(got):
        raise Stale(message, _diff(want, got, an, bn))


def _text(path: str) -> List[str]:
    try:
        with open(path, encoding="utf-8", newline="") as f:
            return f.read().split("\n")
    except OSError as e:
        raise ReportError("cannot read %s: %s" % (path, e.strerror)) from None


def check(docs: str, quick: str, accuracy: Optional[str] = None) -> str:
    """Run every comparison; the success line. Raises Stale on the first difference."""
    rep = os.path.join(docs, "report")
    c = lambda name: os.path.join(rep, name)  # noqa: E731
    q = lambda name: os.path.join(quick, name)  # noqa: E731
    m16 = lambda r: basename(r.get("vector", "")).endswith("-m16.vec")  # noqa: E731
    _same(_select(c("runs.csv"), m16), _select(q("runs.csv"), m16), c("runs.csv"), q("runs.csv"),
          "%s is stale against this model/RTL/generator: run make report" % c("runs.csv"))
    um16 = lambda r: num(r.get("m")) == 16  # noqa: E731
    _same(_select(c("uarch.csv"), um16), _select(q("uarch.csv"), um16), c("uarch.csv"),
          q("uarch.csv"), "%s is stale against this model/RTL (dbuf): run make report" % c("uarch.csv"))
    bad = [r for r in read_table(c("uarch.csv")).rows if num(r["closed"]) != 1]
    if bad:
        raise Stale("\n".join("%s: %s M=%s: cycles differ from the closed forms of sections 6 and 11"
                              % (c("uarch.csv"), r["config"], r["m"]) for r in bad))
    for name, cols, what in (("moe.csv", ("dist", "scheme"), "MoE"),
                             ("act.csv", ("class", "a_zeros_req"), "activation zeros")):
        fresh = read_table(q(name))
        want: Set[Tuple[str, ...]] = {tuple(r[k] for k in cols) for r in fresh.rows}
        _same(_select(c(name), lambda r: tuple(r.get(k, "") for k in cols) in want, header=True),
              _select(q(name), lambda r: True, header=True), c(name), q(name),
              "%s is stale against this model/RTL/generator (%s): run make report" % (c(name), what))
    for name in ("traffic.csv", "breakeven.csv"):
        _same(_text(q(name)), _text(c(name)), q(name), c(name),
              "%s differs from stc_traffic's output: run make report" % c(name))
    runs = read_table(c("runs.csv"))
    for name, make in (("sparseloop.csv", sparseloop.sparseloop),
                       ("traffic_tile.csv", traffic.traffic_tile),
                       ("summary.csv", summary.summary)):
        _same(lines_text(make(runs)).split("\n"), _text(c(name)), "%s from runs.csv" % name, c(name),
              "%s does not follow from runs.csv with analysis/report: run make report" % c(name))
    md = os.path.join(docs, "report.md")
    _same(render.render(rep, accuracy).split("\n"), _text(md), "report.md from the CSVs", md,
          "%s does not follow from its CSVs with analysis/report: run make report" % md)
    return "report-check: the committed report matches a fresh run at M=16 and follows from its CSVs"


def main(docs: str, quick: str, accuracy: Optional[str]) -> int:
    """The check as a command: 0 when everything matches, 1 naming the first difference."""
    try:
        print(check(docs, quick, accuracy))
    except Stale as e:
        for line in e.diff:
            print(line, file=sys.stderr)
        for line in str(e).split("\n"):
            print("report-check: %s" % line, file=sys.stderr)
        return 1
    return 0
