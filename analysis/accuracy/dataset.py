# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The data: scikit-learn's 8x8 digits (shipped with python3-sklearn, no
download) and a fixed, seeded, stratified train/test split."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import config


@dataclass(frozen=True)
class Split:
    """Pixels (integers 0..16, one image of 64 per row) and labels 0..9.

    ``x_*`` are the float network inputs, pixel / 16 in [0, 1];
    ``q_*`` the INT8 inputs of the tile, 7 * pixel in 0..112.
    """

    pix_train: np.ndarray
    y_train: np.ndarray
    pix_test: np.ndarray
    y_test: np.ndarray

    @property
    def x_train(self) -> np.ndarray:
        return self.pix_train.astype(np.float64) / config.PIXEL_MAX

    @property
    def x_test(self) -> np.ndarray:
        return self.pix_test.astype(np.float64) / config.PIXEL_MAX

    @property
    def q_test(self) -> np.ndarray:
        return self.pix_test.astype(np.int64) * config.PIXEL_Q


def stratified_indices(y: np.ndarray, test_fraction: float, seed: int):
    """Train and test indices, each sorted ascending.

    For each class c (in increasing order) its indices are permuted by one
    ``RandomState(seed)`` (NumPy's legacy generator, whose stream is frozen
    across NumPy versions) and the first ``round(test_fraction * n_c)``
    go to test.
    """
    rng = np.random.RandomState(seed)
    test = []
    for c in np.unique(y):
        idx = np.flatnonzero(y == c)
        perm = idx[rng.permutation(idx.size)]
        test.extend(perm[: int(round(test_fraction * idx.size))].tolist())
    test_idx = np.array(sorted(test), dtype=np.int64)
    train_mask = np.ones(y.size, dtype=bool)
    train_mask[test_idx] = False
    return np.flatnonzero(train_mask), test_idx


def load_split(seed: int = config.SPLIT_SEED,
               test_fraction: float = config.TEST_FRACTION) -> Split:
    """Digits (1797 images), split as :func:`stratified_indices` says."""
    from sklearn.datasets import load_digits

    d = load_digits()
    pix = np.asarray(d.data).astype(np.int64)
    y = np.asarray(d.target).astype(np.int64)
    if pix.shape[1] != config.WIDTHS[0] or pix.min() < 0 or pix.max() > config.PIXEL_MAX:
        raise ValueError("load_digits returned unexpected data %r" % (pix.shape,))
    tr, te = stratified_indices(y, test_fraction, seed)
    return Split(pix[tr], y[tr], pix[te], y[te])
