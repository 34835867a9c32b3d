# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Writers of the tile's text formats (docs/vector-format.md).

Version 1 (one command) and version 2 (a command stream), written as
``stc_vec_write`` / ``stc_stream_write`` do: lower-case hex, one space
between tokens, no blank lines, a final LF, atomically (a temporary in the
same directory renamed over the path).
"""
from __future__ import annotations

import os
import tempfile
from typing import Iterable, List, Sequence, Union

import numpy as np

from .tilecmd import TileCommand

_HEXDIGITS = np.frombuffer(b"0123456789abcdef", dtype=np.uint8)
#: Byte b -> its two lower-case hex digits, as ASCII codes (256 x 2).
_HEX2 = np.stack([_HEXDIGITS[np.arange(256) >> 4], _HEXDIGITS[np.arange(256) & 15]], axis=1)
_CLASS_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")
_SPACE, _LF = ord(" "), ord("\n")


def _hex_block(digits: np.ndarray) -> str:
    """Rows of tokens (rows x tokens x digits, ASCII codes) as text: one
    space between tokens, rows separated by LF, no final LF (the caller
    joins blocks with LF). Built as one byte array: a layer of a
    convolution is millions of rows."""
    r, t, d = digits.shape
    if r == 0 or t == 0:
        return ""
    out = np.empty((r, t, d + 1), dtype=np.uint8)
    out[:, :, :d] = digits
    out[:, :, d] = _SPACE
    out[:, -1, d] = _LF
    return out.tobytes()[:-1].decode("ascii")


def _hex8_rows(x: np.ndarray) -> str:
    """INT8 values as rows of two-digit two's-complement tokens."""
    return _hex_block(_HEX2[np.asarray(x, dtype=np.int64) & 0xFF])


def _hex32_rows(x: np.ndarray) -> str:
    """INT32 values as rows of eight-digit two's-complement tokens."""
    u = (np.asarray(x, dtype=np.int64) & 0xFFFFFFFF).astype(">u4")
    b = u.view(np.uint8).reshape(u.shape + (4,))  # big-endian bytes: most significant first
    return _hex_block(_HEX2[b].reshape(u.shape + (8,)))


def check_class(cls: str) -> None:
    """The header's class: ``[a-z0-9-]``, 1..47 characters."""
    if not 1 <= len(cls) <= 47 or not set(cls) <= _CLASS_CHARS:
        raise ValueError("class %r: [a-z0-9-], at most 47 characters" % cls)


def command_lines(cmd: TileCommand, cls: str, seed: int, version: int) -> List[str]:
    """The header and sections of one command (without ``// end``): lines,
    a section's rows as one multi-line block."""
    check_class(cls)
    lines = [
        "// class " + cls,
        "// seed %d" % seed,
        "// n %d" % cmd.n,
        "// mode " + cmd.mode,
        "// m %d" % cmd.m,
        "// k %d" % cmd.k,
        "// skip 0x%016x" % cmd.skip,
        "// bias %d" % (cmd.bias is not None),
    ]
    if version == 2:
        lines.append("// fault none")
    lines.append("// section A")
    lines.append(_hex8_rows(cmd.a))
    lines.append("// section W")
    if cmd.mode == "2:4":
        assert cmd.kept is not None and cmd.meta is not None
        lines.append(_hex8_rows(cmd.kept))
        lines.append("// section META")
        digits = cmd.n // 2
        lines += [" ".join("%0*x" % (digits, v) for v in r) for r in cmd.meta.tolist()]
    else:
        lines.append(_hex8_rows(cmd.w))
    if cmd.bias is not None:
        lines.append("// section BIAS")
        lines.append(_hex32_rows(np.broadcast_to(cmd.bias, (cmd.m, cmd.n))))
    lines.append("// section C")
    lines.append(_hex32_rows(cmd.c))
    return lines


def vector_text(cmd: TileCommand, cls: str, seed: int) -> str:
    """A version-1 vector: one command."""
    return "\n".join(["// stc-vector 1"] + command_lines(cmd, cls, seed, 1) + ["// end"]) + "\n"


def stream_text(cmds: Sequence[TileCommand], cls: str, seed: int) -> str:
    """A version-2 stream of ``cmds`` (1 .. 65536, all of the same N)."""
    if not 1 <= len(cmds) <= 65536 or len({c.n for c in cmds}) != 1:
        raise ValueError("a stream holds 1..65536 commands of one N")
    lines = ["// stc-vector 2", "// commands %d" % len(cmds)]
    for i, c in enumerate(cmds):
        lines.append("// command %d" % i)
        lines += command_lines(c, cls, seed, 2)
    lines.append("// end")
    return "\n".join(lines) + "\n"


def write_atomic(path: str, text: Union[str, bytes]) -> None:
    """Write ``text`` (ASCII, or bytes as they are) to a temporary beside
    ``path``, fsync, rename."""
    data = text.encode("ascii") if isinstance(text, str) else text
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".tmp.", dir=d)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_stream(path: str, cmds: Sequence[TileCommand], cls: str, seed: int) -> None:
    """Write a version-2 stream file."""
    write_atomic(path, stream_text(cmds, cls, seed))


def write_vectors(paths: Iterable[str], cmds: Sequence[TileCommand], cls: str, seed: int) -> None:
    """Write each command as a version-1 vector file."""
    for p, c in zip(paths, cmds):
        write_atomic(p, vector_text(c, cls, seed))
