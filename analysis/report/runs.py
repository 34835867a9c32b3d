# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The sweep's raw tables: runs.csv from the per-run CSVs, and the MoE
streams' cycles from the runner's log.

runs.csv is the runner's own --csv output, merged: the header once, then
the first data line of each run's file in the order given (scripts/report.sh
gives them in the canonical order: configuration, then M), the vector path
reduced to its file name so that the file does not depend on BUILD. Every
file must carry the same header.

The MoE streams are run without --csv: a command stream's CSV row sums
its commands' shapes and leaves the per-command counters empty, so the
stream's total cycles are read from its PASS line
(``[ i/n] PASS .../DIST-SCHEME.vec  commands=... cycles=C``).
"""
from __future__ import annotations

import re
from typing import List, Sequence

from .csvio import ReportError, basename, read_table

WHO = "report runs"
_PASS = re.compile(r"^\[ *[0-9]*/[0-9]*\] PASS .*/([^/]*)\.vec  commands=.* cycles=([0-9]*)$")


def _lines(path: str) -> List[str]:
    try:
        with open(path, encoding="utf-8", newline="") as f:
            return f.read().splitlines()
    except OSError as e:
        raise ReportError("%s: cannot read %s: %s" % (WHO, path, e.strerror)) from None


def merge(paths: Sequence[str], header: bool = True) -> List[str]:
    """runs.csv's lines from the per-run CSVs PATHS (each a header and one
    line per command; the first data line is taken): the vector column as a
    file name. Without HEADER only the data lines."""
    out: List[str] = []
    first: List[str] = []
    for p in paths:
        t = read_table(p)
        if not t.rows:
            raise ReportError("%s: %s: no data line" % (WHO, p))
        if "vector" not in t.header:
            raise ReportError("%s: %s: column vector missing" % (WHO, p))
        if not first:
            first = t.header
            if header:
                out.append(",".join(first))
        elif t.header != first:
            raise ReportError("%s: %s: its header differs from %s's" % (WHO, p, paths[0]))
        raw = _lines(p)[1].split(",")
        i = t.header.index("vector")
        raw[i] = basename(raw[i])
        out.append(",".join(raw))
    return out


def stream_cycles(dist: str, log: str) -> List[str]:
    """``dist,scheme,stream_cycles`` lines from the runner's log LOG of
    DIST's streams (files named DIST-SCHEME.vec), in the log's order."""
    out = ["dist,scheme,stream_cycles"]
    for line in _lines(log):
        m = _PASS.match(line)
        if not m:
            continue
        name = m.group(1)
        if name.startswith(dist + "-"):
            name = dist + "," + name[len(dist) + 1:]
        out.append("%s,%s" % (name, m.group(2)))
    return out


def field(path: str, name: str) -> str:
    """Column NAME of the first data line of the CSV at PATH."""
    t = read_table(path)
    t.require((name,), WHO)
    if not t.rows:
        raise ReportError("%s: %s: no data line" % (WHO, path))
    return t.rows[0][name]
