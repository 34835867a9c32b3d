# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Pruning masks (True = kept) for a K x out weight matrix.

Every selection is deterministic: magnitudes are ranked with a stable sort,
so ties go to the lower index (row, group position, or block number).
"""
from __future__ import annotations

from typing import List

import numpy as np

from .config import Pattern


def _ceil_to(x: int, m: int) -> int:
    return -(-x // m) * m


def mask_24(w: np.ndarray) -> np.ndarray:
    """2:4 along K: in every group of 4 consecutive rows (rows 4g..4g+3)
    of every column keep the two largest |w| (ties to the lower row).

    This is the tile's 2:4 (docs/architecture.md section 2) and the
    generator's ``prune24`` class. K must be a multiple of 4.
    """
    k, o = w.shape
    if k % 4:
        raise ValueError("2:4 needs K a multiple of 4, got %d" % k)
    g = np.abs(w).reshape(k // 4, 4, o)
    # Rank within each group: stable argsort of -|w| puts the lower index
    # first among equal magnitudes.
    order = np.argsort(-g, axis=1, kind="stable")
    keep = np.zeros_like(g, dtype=bool)
    np.put_along_axis(keep, order[:, :2, :], True, axis=1)
    return keep.reshape(k, o)


def block_norms(w: np.ndarray, kd: int, n: int) -> np.ndarray:
    """L2 norm of every (kd rows x n columns) block, shape (tiles, blocks).

    W is padded with zero columns up to a multiple of n (the last layer's
    10 logits become one 16-column tile). Block (t, b) covers rows
    b*kd .. b*kd+kd-1 of output columns t*n .. t*n+n-1: the K-block b of
    the command that computes column tile t.
    """
    k, o = w.shape
    if k % kd:
        raise ValueError("K = %d is not a multiple of the K-block %d" % (k, kd))
    wp = np.zeros((k, _ceil_to(o, n)))
    wp[:, :o] = w
    blk = wp.reshape(k // kd, kd, -1, n)  # (blocks, kd, tiles, n)
    return np.sqrt((blk ** 2).sum(axis=(1, 3))).T


def mask_block(w: np.ndarray, kd: int, n: int, fraction: float) -> np.ndarray:
    """Zero ``round(fraction * blocks)`` whole K-blocks of the layer.

    Blocks are those of :func:`block_norms`; the ones with the smallest L2
    norm go first, ranked over the whole layer (all column tiles
    together), ties to the lower index t * blocks_per_tile + b. Each
    column tile keeps its largest block (the first on ties): removing a
    tile's last block would zero its outputs, a layer cut rather than
    pruned. A layer of one K-block per tile (a first convolution with
    K = 9) is therefore never block-pruned, and such a pattern stays below
    its nominal sparsity; the report prints the zeros it reached.
    """
    k, o = w.shape
    norms = block_norms(w, kd, n)
    nt, nb = norms.shape
    best = np.argmax(norms, axis=1) + np.arange(nt) * nb
    drop = min(int(round(fraction * nt * nb)), nt * nb - nt)
    ranked = np.argsort(norms.ravel(), kind="stable")
    order = ranked[~np.isin(ranked, best)][:drop]
    keep_blk = np.ones(nt * nb, dtype=bool)
    keep_blk[order] = False
    keep_blk = keep_blk.reshape(nt, nb)
    # (tiles, blocks) -> (k, tiles*n): each block's flag over its kd x n
    full = np.repeat(np.repeat(keep_blk.T, kd, axis=0), n, axis=1)
    return full[:, :o]


def mask_unstructured(w: np.ndarray, fraction: float) -> np.ndarray:
    """Zero the ``round(fraction * size)`` smallest |w| of the layer
    (ties to the lower flat row-major index)."""
    drop = int(round(fraction * w.size))
    order = np.argsort(np.abs(w).ravel(), kind="stable")[:drop]
    keep = np.ones(w.size, dtype=bool)
    keep[order] = False
    return keep.reshape(w.shape)


def _pad_rows(w: np.ndarray, mult: int) -> np.ndarray:
    """W with zero rows appended up to a multiple of ``mult`` (as the tile
    pads K to whole K-blocks)."""
    k = w.shape[0]
    if k % mult == 0:
        return w
    out = np.zeros((_ceil_to(k, mult), w.shape[1]), dtype=w.dtype)
    out[:k] = w
    return out


def layer_mask(w: np.ndarray, pattern: Pattern, n: int) -> np.ndarray:
    """The mask of one layer for a pattern on a tile of N = n columns.

    Dense-mode K-blocks are n rows, 2:4 K-blocks 2n rows; a K that is not
    a whole number of them is padded with zero rows (which the tile
    streams as zeros), the mask computed and cut back to K. ``24block``
    applies 2:4 first, then zeroes ``fraction`` of the 2:4 K-blocks by the
    L2 norm of what 2:4 kept.
    """
    k = w.shape[0]
    if pattern.kind == "dense":
        return np.ones(w.shape, dtype=bool)
    if pattern.kind == "24":
        return mask_24(_pad_rows(w, 4))[:k]
    if pattern.kind == "block":
        return mask_block(_pad_rows(w, n), n, n, pattern.fraction)[:k]
    if pattern.kind == "unstructured":
        return mask_unstructured(w, pattern.fraction)
    if pattern.kind == "24block":
        wp = _pad_rows(w, 2 * n)
        m24 = mask_24(wp)
        return (m24 & mask_block(wp * m24, 2 * n, n, pattern.fraction))[:k]
    raise ValueError("unknown pattern kind %r" % pattern.kind)


def masks_for(ws: List[np.ndarray], pattern: Pattern, n: int) -> List[np.ndarray]:
    """One mask per layer; every layer is pruned the same way."""
    return [layer_mask(w, pattern, n) for w in ws]
