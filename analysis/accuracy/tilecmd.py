# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""A layer's GEMM as tile commands (docs/architecture.md sections 1, 2, 10).

``C[M x out] = A[M x K] * W[K x out] + bias`` becomes one command per
N-column output tile: the same A (every image of the batch, M <= M_MAX),
that tile's W columns, its bias as BIAS rows, the expected C from the
integer reference. A K-block whose W is all zero is marked in ``skip``
(the tile never loads it). In 2:4 mode W is stored compressed: per block
(2N dense rows) N kept rows and one metadata word per column.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

import numpy as np

from . import config
from .quant import gemm_int32

#: The six legal nibbles, by kept positions (docs/architecture.md section 2).
LEGAL_CODES = {(0, 1): 0x4, (0, 2): 0x8, (0, 3): 0xC, (1, 2): 0x9, (1, 3): 0xD, (2, 3): 0xE}


def kd_of(mode: str, n: int) -> int:
    """Dense rows of W per K-block: N dense, 2N in 2:4."""
    if mode == "dense":
        return n
    if mode == "2:4":
        return 2 * n
    raise ValueError("mode %r" % mode)


def group_code(vals: np.ndarray) -> Tuple[int, int, int]:
    """(nibble, lo value, hi value) of one group of 4, canonical encoding.

    Kept set: the nonzero positions, filled up to two with the lowest zero
    positions, ascending; ``nibble = idx_lo | idx_hi << 2``. More than two
    nonzeros raise ValueError.
    """
    nz = [i for i in range(4) if vals[i] != 0]
    if len(nz) > 2:
        raise ValueError("group with %d nonzeros cannot be 2:4 compressed" % len(nz))
    kept = sorted(nz + [i for i in range(4) if vals[i] == 0][: 2 - len(nz)])
    lo, hi = kept
    return lo | hi << 2, int(vals[lo]), int(vals[hi])


def compress_24(w: np.ndarray, n: int) -> Tuple[np.ndarray, np.ndarray]:
    """2:4-compress a K x n W: (kept K/2 x n, meta nblk x n).

    Kept row ``b*n + 2g`` is group g's lo value, ``+1`` its hi value;
    ``meta[b, c]`` holds nibble g of block b, column c at bits 4g+3..4g.
    """
    k, cols = w.shape
    if cols != n or k % (2 * n):
        raise ValueError("2:4 W must be K x %d with K a multiple of %d, got %r"
                         % (n, 2 * n, w.shape))
    nblk = k // (2 * n)
    kept = np.zeros((k // 2, n), dtype=np.int64)
    meta = np.zeros((nblk, n), dtype=np.int64)
    for b in range(nblk):
        for g in range(n // 2):
            rows = b * 2 * n + 4 * g
            for c in range(n):
                try:
                    code, lo, hi = group_code(w[rows:rows + 4, c])
                except ValueError as e:
                    raise ValueError("%s (block %d, group %d, column %d)" % (e, b, g, c)) from None
                kept[b * n + 2 * g, c] = lo
                kept[b * n + 2 * g + 1, c] = hi
                meta[b, c] |= code << (4 * g)
    return kept, meta


def decompress_24(kept: np.ndarray, meta: np.ndarray, n: int) -> np.ndarray:
    """The dense K x n W of a compressed one (inverse of :func:`compress_24`)."""
    nblk = meta.shape[0]
    w = np.zeros((nblk * 2 * n, n), dtype=np.int64)
    for b in range(nblk):
        for g in range(n // 2):
            for c in range(n):
                nib = (int(meta[b, c]) >> (4 * g)) & 0xF
                lo, hi = nib & 3, nib >> 2
                if nib not in LEGAL_CODES.values():
                    raise ValueError("illegal nibble 0x%x" % nib)
                w[b * 2 * n + 4 * g + lo, c] = kept[b * n + 2 * g, c]
                w[b * 2 * n + 4 * g + hi, c] = kept[b * n + 2 * g + 1, c]
    return w


@dataclass
class TileCommand:
    """One command: ``C = A * W + BIAS`` on an N-column tile."""

    n: int
    mode: str
    a: np.ndarray               # M x K int8 values
    w: np.ndarray               # K x N dense int8 values
    bias: Optional[np.ndarray]  # N int32 values (repeated on every row), or None
    c: np.ndarray               # M x N int32 values (the integer reference)
    skip: int                   # bit b: K-block b is all zero
    kept: Optional[np.ndarray] = None  # 2:4: K/2 x N
    meta: Optional[np.ndarray] = None  # 2:4: nblk x N

    @property
    def m(self) -> int:
        return int(self.a.shape[0])

    @property
    def k(self) -> int:
        return int(self.a.shape[1])

    @property
    def nblk(self) -> int:
        return self.k // kd_of(self.mode, self.n)


def skip_bits(w: np.ndarray, kd: int) -> int:
    """Bitmap of the all-zero K-blocks of a K x N W."""
    bits = 0
    for b in range(w.shape[0] // kd):
        if not np.any(w[b * kd:(b + 1) * kd]):
            bits |= 1 << b
    return bits


def pad_k(a: np.ndarray, w: np.ndarray, kd: int) -> Tuple[np.ndarray, np.ndarray]:
    """A and W with K padded by zeros (columns of A, rows of W) to a whole
    number of K-blocks of ``kd`` rows: C does not change, and the tile
    streams the padding like any zero (a first convolution's K = 9 becomes
    one K-block of 16 dense, of 32 in 2:4)."""
    k = a.shape[1]
    kp = -(-k // kd) * kd
    if kp == k:
        return a, w
    ap = np.zeros((a.shape[0], kp), dtype=a.dtype)
    ap[:, :k] = a
    wp = np.zeros((kp, w.shape[1]), dtype=w.dtype)
    wp[:k] = w
    return ap, wp


def layer_commands(a: np.ndarray, w: np.ndarray, bias: Optional[np.ndarray], n: int,
                   mode: str, m_max: int = config.M_MAX) -> List[TileCommand]:
    """Cut ``A (M x K) * W (K x out) + bias`` into commands: for each batch
    of up to ``m_max`` consecutive rows, one command per N columns.

    ``out`` must be a multiple of n, K a multiple of the mode's K-block
    (:func:`pad_k`) and at most 64 K-blocks, 1 <= m_max <= M_MAX. This is
    the order and the cut of stc_gemm (docs/vector-format.md).
    """
    m, k = a.shape
    kd = kd_of(mode, n)
    if w.shape[0] != k or w.shape[1] % n:
        raise ValueError("W %r does not fit A %r on N = %d" % (w.shape, a.shape, n))
    if k % kd or not 1 <= k // kd <= 64:
        raise ValueError("K = %d: not 1..64 K-blocks of %d" % (k, kd))
    if m < 1 or not 1 <= m_max <= config.M_MAX:
        raise ValueError("M = %d, m_max = %d: need M >= 1 and m_max in 1..%d"
                         % (m, m_max, config.M_MAX))
    if np.any(a < -128) or np.any(a > 127) or np.any(w < -128) or np.any(w > 127):
        raise ValueError("operand out of INT8 range")
    tiles = []
    for t in range(w.shape[1] // n):
        wt = np.ascontiguousarray(w[:, t * n:(t + 1) * n], dtype=np.int64)
        bt = None if bias is None else np.asarray(bias[t * n:(t + 1) * n], dtype=np.int64)
        kept = meta = None
        if mode == "2:4":
            kept, meta = compress_24(wt, n)
        tiles.append((wt, bt, kept, meta, skip_bits(wt, kd)))
    cmds = []
    for r in range(0, m, m_max):
        ab = np.asarray(a[r:r + m_max], dtype=np.int64)
        for wt, bt, kept, meta, skip in tiles:
            cmd = TileCommand(n, mode, ab, wt, bt, gemm_int32(ab, wt, bt), skip)
            cmd.kept, cmd.meta = kept, meta
            cmds.append(cmd)
    return cmds
