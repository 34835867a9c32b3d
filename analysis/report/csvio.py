# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Reading the report's CSVs by column name, and writing its outputs whole."""
from __future__ import annotations

import csv
import os
import sys
import tempfile
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence

Row = Dict[str, str]


class ReportError(Exception):
    """Bad or inconsistent input: the command exits 2 with this message."""


@dataclass
class Table:
    """A CSV read by name: its header and its rows (header name -> text).

    A short row's missing cells read as "" (as an awk field past NF did)."""

    path: str
    header: List[str]
    rows: List[Row] = field(default_factory=list)

    def require(self, names: Iterable[str], who: str) -> None:
        """Fail naming the first column of NAMES the header lacks."""
        for n in names:
            if n not in self.header:
                raise ReportError("%s: %s: column %s missing" % (who, self.path, n))


def read_table(path: str) -> Table:
    """Read PATH (a header line, then rows) with csv.DictReader."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            r = csv.DictReader(f, restval="")
            rows = [{k: v for k, v in row.items() if k is not None} for row in r]
            header = list(r.fieldnames or [])
    except OSError as e:
        raise ReportError("cannot read %s: %s" % (path, e.strerror)) from None
    return Table(path, header, rows)


def table_from_text(text: str, path: str = "<text>") -> Table:
    """A Table from CSV text (the tests' synthetic inputs)."""
    r = csv.DictReader(text.splitlines(), restval="")
    rows = [{k: v for k, v in row.items() if k is not None} for row in r]
    return Table(path, list(r.fieldnames or []), rows)


def basename(path: str) -> str:
    """The file name of a vector path (what awk's sub(/.*\\//, "") left)."""
    return path.rsplit("/", 1)[-1]


def write_text(path: Optional[str], text: str) -> None:
    """Write TEXT to PATH whole (a temporary name in the same directory,
    renamed), or to standard output when PATH is None or "-"."""
    if path is None or path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    d = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=d)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def lines_text(lines: Sequence[str]) -> str:
    """LINES as a file: each ended by a newline."""
    return "".join(s + "\n" for s in lines)
