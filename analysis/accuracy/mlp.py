# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The float network: a ReLU MLP in NumPy float64, trained with Adam.

Deterministic: every random draw comes from a seeded
``numpy.random.RandomState``; BLAS runs one thread (see ``__init__``).
Weights are stored K x out (inputs along rows), as the tile's W.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence

import numpy as np

from .net import Adam


@dataclass
class MLP:
    """Weights ``w[l]`` (K_l x out_l) and biases ``b[l]`` (out_l,)."""

    w: List[np.ndarray]
    b: List[np.ndarray]

    def copy(self) -> "MLP":
        return MLP([x.copy() for x in self.w], [x.copy() for x in self.b])

    @property
    def widths(self) -> List[int]:
        return [self.w[0].shape[0]] + [x.shape[1] for x in self.w]


def init_mlp(widths: Sequence[int], seed: int) -> MLP:
    """He-normal weights (std sqrt(2 / K)), zero biases."""
    rng = np.random.RandomState(seed)
    w = [rng.standard_normal((k, o)) * np.sqrt(2.0 / k) for k, o in zip(widths[:-1], widths[1:])]
    b = [np.zeros(o) for o in widths[1:]]
    return MLP(w, b)


def forward(m: MLP, x: np.ndarray) -> List[np.ndarray]:
    """Layer inputs and logits: ``[x, relu(h1), relu(h2), ..., logits]``."""
    acts = [x]
    h = x
    for i, (w, b) in enumerate(zip(m.w, m.b)):
        z = h @ w + b
        h = z if i == len(m.w) - 1 else np.maximum(z, 0.0)
        acts.append(h)
    return acts


def predict(m: MLP, x: np.ndarray) -> np.ndarray:
    """Top-1 class (lowest index on ties)."""
    return np.argmax(forward(m, x)[-1], axis=1)


def accuracy(m: MLP, x: np.ndarray, y: np.ndarray) -> float:
    """Fraction of rows whose top-1 class is the label."""
    return float(np.mean(predict(m, x) == y))


def _grads(m: MLP, x: np.ndarray, y: np.ndarray):
    """Gradients of the mean softmax cross-entropy."""
    acts = forward(m, x)
    z = acts[-1]
    z = z - z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    p[np.arange(y.size), y] -= 1.0
    d = p / y.size
    gw: List[np.ndarray] = [np.empty(0)] * len(m.w)
    gb: List[np.ndarray] = [np.empty(0)] * len(m.w)
    for i in range(len(m.w) - 1, -1, -1):
        gw[i] = acts[i].T @ d
        gb[i] = d.sum(axis=0)
        if i:
            d = (d @ m.w[i].T) * (acts[i] > 0)
    return gw, gb


def train(m: MLP, x: np.ndarray, y: np.ndarray, epochs: int, lr: float, batch: int,
          seed: int, masks: Optional[List[np.ndarray]] = None) -> MLP:
    """Train a copy of ``m``; return it.

    Each epoch visits the rows in an order drawn from ``RandomState(seed)``
    (one generator for the whole run), in mini-batches of ``batch`` (the
    last one smaller). With ``masks`` (one boolean array per weight
    matrix), the masked weights start at zero, their gradients are zeroed
    and they are set to zero again after every step, so the sparsity
    pattern stays fixed; biases are never masked.
    """
    m = m.copy()
    if masks is not None:
        for w, k in zip(m.w, masks):
            w *= k
    rng = np.random.RandomState(seed)
    opt = Adam(lr)
    for _ in range(epochs):
        order = rng.permutation(y.size)
        for s in range(0, y.size, batch):
            idx = order[s:s + batch]
            gw, gb = _grads(m, x[idx], y[idx])
            if masks is not None:
                gw = [g * k for g, k in zip(gw, masks)]
            opt.step(m.w + m.b, gw + gb)
            if masks is not None:
                for w, k in zip(m.w, masks):
                    w *= k
    return m
