# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""What the page's sections share: an output buffer with awk's print and
printf, the percentage and ratio formats, and a table indexed by key."""
from __future__ import annotations

from typing import Callable, Dict, Hashable, Iterable, List

from ..awkfmt import num
from ..csvio import Row


class Out:
    """The text of one section: ``p`` is awk's print (a line), ``f`` its printf."""

    def __init__(self) -> None:
        self.parts: List[str] = []

    def p(self, s: str = "") -> None:
        self.parts.append(s + "\n")

    def f(self, fmt: str, *args: object) -> None:
        self.parts.append(fmt % args)


def pc(x: float) -> str:
    """A fraction as a percentage with one decimal."""
    return "%.1f%%" % (100 * x)


def x3(x: float) -> str:
    """A ratio as "1.234x"."""
    return "%.3fx" % x


def x2(x: float) -> str:
    """A ratio as "1.23x"."""
    return "%.2fx" % x


class Index:
    """Rows kept by a key (a later row with the same key replaces the
    earlier one); a missing row or column reads as "" (0 as a number)."""

    def __init__(self) -> None:
        self.rows: Dict[Hashable, Row] = {}

    def add(self, key: Hashable, row: Row) -> None:
        self.rows[key] = row

    def s(self, key: Hashable, name: str) -> str:
        return self.rows.get(key, {}).get(name, "")

    def n(self, key: Hashable, name: str) -> float:
        return num(self.s(key, name))

    def __contains__(self, key: Hashable) -> bool:
        return key in self.rows


def ordered(rows: Iterable[Row], key: Callable[[Row], Hashable]) -> List[Hashable]:
    """The distinct keys of ROWS in the order they first appear."""
    seen: Dict[Hashable, None] = {}
    for r in rows:
        seen.setdefault(key(r), None)
    return list(seen)
