# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Binary layer files and build/stc_gemm, the golden model alone on them.

A layer file (docs/vector-format.md, "Binary layer files (stc_gemm)") holds
a whole layer's GEMM, ``C = A * W + bias`` with INT32 wrapping, and its
expected C, little-endian: a 40-byte header (magic ``STCGEMM1``, then the
uint32 fields n, mode, m, k, out, has_bias, m_max, reserved), then
int8 A[m][k], int8 W[k][out], int32 bias[out] (if has_bias), int32
C[m][out]. ``stc_gemm`` cuts it into the commands
:func:`analysis.accuracy.tilecmd.layer_commands` makes of each batch of up
to m_max rows, runs each on the cycle-accurate model under the lockstep's
host and checks every result row; its ``--csv`` is ``stc_sim --csv``'s,
one line per command, read by :func:`analysis.accuracy.runner.read_csv`.
Exit 0 pass, 1 mismatch, 2 bad input or set-up error.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from .runner import SetupError, SimResult, run_csv_tool
from .tilecmd import kd_of
from .vecfile import write_atomic

MAGIC = b"STCGEMM1"
#: magic, then n, mode, m, k, out, has_bias, m_max, reserved
HEADER = struct.Struct("<8s8I")
MODES = {"dense": 0, "2:4": 1}
#: The model's M_MAX and largest number of K-blocks (docs/architecture.md section 1).
M_MAX = 1024
KB_MAX = 64


@dataclass(frozen=True)
class LayerHeader:
    """The header's fields (mode as "dense" or "2:4")."""

    n: int
    mode: str
    m: int
    k: int
    out: int
    has_bias: bool
    m_max: int

    @property
    def commands(self) -> int:
        """Commands stc_gemm runs: ceil(m / m_max) batches times out / n tiles."""
        return -(-self.m // self.m_max) * (self.out // self.n)


def _int_array(x: np.ndarray, name: str, lo: int, hi: int, ndim: int) -> np.ndarray:
    """``x`` as int64, of ``ndim`` dimensions, every value in lo..hi."""
    a = np.asarray(x)
    if a.ndim != ndim or not np.issubdtype(a.dtype, np.integer):
        raise ValueError("%s: an integer array of %d dimension(s), got %s %r"
                         % (name, ndim, a.dtype, a.shape))
    a = a.astype(np.int64)
    if a.size and (a.min() < lo or a.max() > hi):
        raise ValueError("%s: values outside %d..%d" % (name, lo, hi))
    return a


def _check_header(h: LayerHeader) -> None:
    """The header's limits, as stc_gemm checks them."""
    kd = kd_of(h.mode, h.n)
    if h.n % 2 or not 4 <= h.n <= 16:
        raise ValueError("n = %d: an even N, 4..16" % h.n)
    if h.m < 1 or h.k < 1 or h.k % kd or not 1 <= h.k // kd <= KB_MAX:
        raise ValueError("A %d x %d: at least one row and 1..%d K-blocks of %d"
                         % (h.m, h.k, KB_MAX, kd))
    if h.out < 1 or h.out % h.n:
        raise ValueError("out = %d: a positive multiple of N = %d" % (h.out, h.n))
    if not 1 <= h.m_max <= M_MAX:
        raise ValueError("m_max = %d: 1..%d" % (h.m_max, M_MAX))


def layer_bytes(a: np.ndarray, w: np.ndarray, bias: Optional[np.ndarray], c: np.ndarray, n: int,
                mode: str, m_max: int) -> bytes:
    """The file's bytes. Shapes, value ranges and the header's limits are
    checked here; whether W is 2:4 and C right is stc_gemm's to say."""
    a8 = _int_array(a, "A", -128, 127, 2)
    w8 = _int_array(w, "W", -128, 127, 2)
    c32 = _int_array(c, "C", -2 ** 31, 2 ** 31 - 1, 2)
    m, k = a8.shape
    out = w8.shape[1]
    if w8.shape[0] != k or c32.shape != (m, out):
        raise ValueError("A %r, W %r, C %r do not fit" % (a8.shape, w8.shape, c32.shape))
    if mode not in MODES:
        raise ValueError("mode %r: dense or 2:4" % mode)
    h = LayerHeader(n, mode, m, k, out, bias is not None, m_max)
    _check_header(h)
    parts = [HEADER.pack(MAGIC, n, MODES[mode], m, k, out, int(h.has_bias), m_max, 0),
             a8.astype("<i1").tobytes(), w8.astype("<i1").tobytes()]
    if bias is not None:
        b32 = _int_array(bias, "bias", -2 ** 31, 2 ** 31 - 1, 1)
        if b32.shape != (out,):
            raise ValueError("bias %r: one value per output column (%d)" % (b32.shape, out))
        parts.append(b32.astype("<i4").tobytes())
    parts.append(c32.astype("<i4").tobytes())
    return b"".join(parts)


def write_layer(path: str, a: np.ndarray, w: np.ndarray, bias: Optional[np.ndarray],
                c: np.ndarray, n: int, mode: str, m_max: int) -> None:
    """Write a layer file: A (m x k), W (k x out), bias (out, or None), the
    expected C (m x out, INT32), tile N, mode "dense" or "2:4", rows per
    command."""
    write_atomic(path, layer_bytes(a, w, bias, c, n, mode, m_max))


def read_header(path: str) -> LayerHeader:
    """The header of a layer file (SetupError if it is not one)."""
    with open(path, "rb") as f:
        raw = f.read(HEADER.size)
    if len(raw) < HEADER.size:
        raise SetupError("%s: shorter than the %d-byte header" % (path, HEADER.size))
    magic, n, mode, m, k, out, has_bias, m_max, _ = HEADER.unpack(raw)
    if magic != MAGIC or mode not in (0, 1) or m_max < 1:
        raise SetupError("%s: not a binary layer file (magic, mode or m_max)" % path)
    return LayerHeader(n, "2:4" if mode else "dense", m, k, out, bool(has_bias), m_max)


def run_model(stc_gemm: str, paths: Sequence[str], csv_path: str) -> SimResult:
    """Run ``stc_gemm --quiet --csv csv_path paths...``: its verdict, its
    console output and one CSV row per command (failed ones ``pass`` = 0).

    Exit 2 raises SetupError with stc_gemm's message, as
    :func:`analysis.accuracy.runner.run_sim` does; on exit 0 every command
    of every file must have its row.
    """
    want = sum(read_header(f).commands for f in paths)
    return run_csv_tool([stc_gemm, "--quiet", "--csv", csv_path] + list(paths), csv_path, want,
                        "commands")
