# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""make sim VEC=...: the vector files a value names, and the array size
they were written for.

VEC= is a list of files, directories (every *.vec in them, in name order)
and globs, separated by spaces. A value that as a whole names an existing
file or directory, or a glob that matches, is one item: that is how a path
with spaces is given (VEC="my vectors/a b.vec"). Every file must be a
regular file: a FIFO or a device (VEC=/dev/zero) is refused before
anything reads it."""

from __future__ import annotations

import glob
import os
import re

from .errors import SetupError
from .fileio import check_regular, read_head

# The header lines a vector file starts with fit in this (the N line is
# among the first few).
HEADER_BYTES = 1 << 16


def _expand_item(item: str) -> list[str]:
    if os.path.isdir(item):
        files = sorted(
            os.path.join(item.rstrip("/") or "/", f)
            for f in os.listdir(item)
            if f.endswith(".vec") and not f.startswith(".") and os.path.isfile(os.path.join(item, f))
        )
        if not files:
            raise SetupError(f"make sim: no *.vec files in directory '{item}'")
        return files
    if os.path.lexists(item):
        return [item]
    files = sorted(f for f in glob.glob(item) if os.path.isfile(f))
    if not files:
        raise SetupError(f"make sim: no such vector file: '{item}' (VEC= takes files, globs and directories)")
    return files


def _whole_matches(v: str) -> bool:
    return os.path.lexists(v) or any(os.path.lexists(f) for f in glob.glob(v))


def files(vec: str) -> list[str]:
    """The files VEC= names, in order; SetupError naming an item that
    names none, or a file that is not a regular file."""
    if not vec.strip():
        raise SetupError("make sim: VEC= is empty")
    if any(c.isspace() for c in vec) and _whole_matches(vec):
        items = [vec]
    else:
        items = vec.split()
    out: list[str] = []
    errors = []
    for item in items:
        try:
            out += _expand_item(item)
        except SetupError as e:
            errors.append(str(e))
    if errors:
        raise SetupError("\n".join(errors))
    for f in out:
        check_regular(f, "vector file")
        if "\n" in f:
            raise SetupError(f"make sim: {f!r}: a vector path with a line break is refused")
    return out


def array_size(path: str, default: int) -> int:
    """The N of a vector file's "// n N" header line; default without one."""
    head = read_head(path, HEADER_BYTES, "vector file").decode("utf-8", errors="replace")
    for line in head.split("\n"):
        m = re.fullmatch(r"// n ([0-9]+)", line)
        if m:
            return int(m.group(1))
    return default
