# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Numbers as the report's former awk scripts (mawk 1.3.4) read and wrote them.

The tables and the page must stay byte-identical to what the awk wrote, so
the few places where awk's conversions differ from Python's are emulated
here:

- a field used as a number takes its leading numeric prefix ("12abc" is 12,
  "" and "abc" are 0): :func:`num`;
- ``printf "%d"`` truncates toward zero and saturates at +-(2^31 - 1)
  (mawk's int): :func:`d`;
- a number turned into a string without printf (concatenation, ``print``,
  an array subscript, ``printf "%s"``) is an integer when it is integral
  and within +-(2^31 - 1), else CONVFMT/OFMT ``"%.6g"``: :func:`num_str`.

``"%.6f"``, ``"%.1f"``, ``"%g"`` and the like format as C's printf in both
languages (correctly rounded), so they are used as they are.
"""
from __future__ import annotations

import math
import re
from typing import Union

#: mawk's largest int: %d saturates at it, integral numbers beyond it print with %.6g.
MAX_INT = 2 ** 31 - 1

_NUM = re.compile(r"[ \t\n]*([-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)")

Number = Union[int, float]


def num(s: Union[str, Number, None]) -> float:
    """awk's string-to-number: the leading numeric prefix, else 0."""
    if s is None:
        return 0.0
    if isinstance(s, (int, float)):
        return float(s)
    m = _NUM.match(s)
    return float(m.group(1)) if m else 0.0


def d(x: Union[str, Number, None]) -> int:
    """The value ``printf "%d"`` prints: truncated toward zero, saturated."""
    v = num(x)
    if math.isnan(v):
        return 0
    if v >= MAX_INT:
        return MAX_INT
    if v <= -MAX_INT:
        return -MAX_INT
    return int(v)


def num_str(x: Number) -> str:
    """awk's number-to-string (CONVFMT and OFMT ``"%.6g"``)."""
    v = float(x)
    if math.isfinite(v) and v == int(v) and -MAX_INT <= v <= MAX_INT:
        return "%d" % int(v)
    return "%.6g" % v


def f6(x: Number) -> str:
    """``printf "%.6f"``, the tables' fraction format."""
    return "%.6f" % x
