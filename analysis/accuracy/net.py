# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""A float network whose every layer is one GEMM, as the tile runs it.

A layer is either dense (``x @ W + b``) or a 2-D convolution lowered to a
GEMM by im2col: each output pixel is one row of A, its receptive field
(kernel rows, kernel columns, input channels, in that order) one row of K,
so ``W`` is ``K x out`` for both kinds, the tile's W (docs/architecture.md
section 1). Images are NHWC. A convolutional network hands the tile the
shapes a real CNN gives it: many rows (one per output pixel) and a small K
in the first layer.

Training is Adam on the mean softmax cross-entropy in float32 (half the
memory traffic of float64, and the same bits on every run: one BLAS
thread, see ``__init__``); every random draw comes from a seeded
``numpy.random.RandomState``. With masks the pruned weights stay zero.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

import numpy as np

DTYPE = np.float32


@dataclass(frozen=True)
class LayerSpec:
    """One GEMM layer. ``kind`` is ``dense`` or ``conv``.

    Dense: ``k_in`` inputs, ``out`` outputs. Conv: ``kernel`` x ``kernel``
    window, ``stride``, zero padding ``pad``, ``cin`` -> ``out`` channels
    over an input of ``hw`` x ``hw`` pixels.
    """

    kind: str
    out: int
    k_in: int = 0
    cin: int = 0
    hw: int = 0
    kernel: int = 3
    stride: int = 1
    pad: int = 1

    @property
    def k(self) -> int:
        """Rows of W: the GEMM's K."""
        return self.kernel * self.kernel * self.cin if self.kind == "conv" else self.k_in

    @property
    def out_hw(self) -> int:
        """Output pixels per side (conv)."""
        return (self.hw + 2 * self.pad - self.kernel) // self.stride + 1

    @property
    def rows_per_image(self) -> int:
        """Rows of A (and of C) one image contributes: its output pixels."""
        return self.out_hw * self.out_hw if self.kind == "conv" else 1

    @property
    def outputs_per_image(self) -> int:
        """Values of the layer's output per image (the next layer's input)."""
        return self.rows_per_image * self.out


def mlp_specs(widths: Sequence[int]) -> Tuple[LayerSpec, ...]:
    """Dense layers ``widths[0] -> widths[1] -> ...``."""
    return tuple(LayerSpec("dense", o, k_in=k) for k, o in zip(widths[:-1], widths[1:]))


def check_specs(specs: Sequence[LayerSpec], input_size: int) -> None:
    """Raise ValueError unless each layer takes what the one before gives."""
    size = input_size
    for i, s in enumerate(specs):
        want = s.hw * s.hw * s.cin if s.kind == "conv" else s.k_in
        if s.kind not in ("dense", "conv") or want != size:
            raise ValueError("layer %d (%s) takes %d values, the layer before gives %d"
                             % (i + 1, s.kind, want, size))
        size = s.outputs_per_image


def im2col(x: np.ndarray, s: LayerSpec) -> np.ndarray:
    """NHWC images (N, hw*hw*cin) -> A (N*out_hw*out_hw, kernel*kernel*cin).

    Rows go image by image, then output row, then output column; a row's
    values go kernel row, kernel column, input channel. Works for any
    numeric dtype (the INT8 path uses it on integers).
    """
    n = x.shape[0]
    img = x.reshape(n, s.hw, s.hw, s.cin)
    if s.pad:
        img = np.pad(img, ((0, 0), (s.pad, s.pad), (s.pad, s.pad), (0, 0)))
    o, kk, st = s.out_hw, s.kernel, s.stride
    cols = np.empty((n, o, o, kk, kk, s.cin), dtype=x.dtype)
    for i in range(kk):
        for j in range(kk):
            cols[:, :, :, i, j, :] = img[:, i:i + st * o:st, j:j + st * o:st, :]
    return cols.reshape(n * o * o, kk * kk * s.cin)


def col2im(d: np.ndarray, s: LayerSpec, n: int) -> np.ndarray:
    """The adjoint of :func:`im2col`: gradients of A -> gradients of x."""
    o, kk, st, p = s.out_hw, s.kernel, s.stride, s.pad
    cols = d.reshape(n, o, o, kk, kk, s.cin)
    img = np.zeros((n, s.hw + 2 * p, s.hw + 2 * p, s.cin), dtype=d.dtype)
    for i in range(kk):
        for j in range(kk):
            img[:, i:i + st * o:st, j:j + st * o:st, :] += cols[:, :, :, i, j, :]
    return img[:, p:p + s.hw, p:p + s.hw, :].reshape(n, -1)


def layer_input(h: np.ndarray, s: LayerSpec) -> np.ndarray:
    """A of a layer from the previous layer's output (N, values per image)."""
    return im2col(h, s) if s.kind == "conv" else h


def layer_output(c: np.ndarray, s: LayerSpec, n: int) -> np.ndarray:
    """The GEMM's C (rows, out) back to one row of values per image."""
    return c.reshape(n, s.outputs_per_image)


@dataclass
class Net:
    """Layer specs, weights ``w[l]`` (K_l x out_l) and biases ``b[l]``."""

    specs: Tuple[LayerSpec, ...]
    w: List[np.ndarray]
    b: List[np.ndarray]

    def copy(self) -> "Net":
        return Net(self.specs, [x.copy() for x in self.w], [x.copy() for x in self.b])


def init_net(specs: Sequence[LayerSpec], seed: int) -> Net:
    """He-normal weights (std sqrt(2 / K)), zero biases."""
    rng = np.random.RandomState(seed)
    w = [(rng.standard_normal((s.k, s.out)) * np.sqrt(2.0 / s.k)).astype(DTYPE) for s in specs]
    b = [np.zeros(s.out, dtype=DTYPE) for s in specs]
    return Net(tuple(specs), w, b)


def forward(net: Net, x: np.ndarray) -> List[np.ndarray]:
    """Every layer's output, one row per image: ``[x, h1, ..., logits]``
    (ReLU after every layer but the last)."""
    outs = [x]
    h = x
    last = len(net.specs) - 1
    for i, (s, w, b) in enumerate(zip(net.specs, net.w, net.b)):
        z = layer_output(layer_input(h, s) @ w + b, s, h.shape[0])
        h = z if i == last else np.maximum(z, 0)
        outs.append(h)
    return outs


def predict(net: Net, x: np.ndarray, batch: int = 1000) -> np.ndarray:
    """Top-1 class (lowest index on ties), in batches of ``batch`` images."""
    return np.concatenate([np.argmax(forward(net, x[i:i + batch])[-1], axis=1)
                           for i in range(0, x.shape[0], batch)])


def accuracy(net: Net, x: np.ndarray, y: np.ndarray) -> float:
    """Fraction of images whose top-1 class is the label."""
    return float(np.mean(predict(net, x) == y))


def grads(net: Net, x: np.ndarray, y: np.ndarray) -> Tuple[List[np.ndarray], List[np.ndarray]]:
    """Gradients of the mean softmax cross-entropy over the batch."""
    n = x.shape[0]
    ins, outs = [], []
    h = x
    last = len(net.specs) - 1
    for i, (s, w, b) in enumerate(zip(net.specs, net.w, net.b)):
        a = layer_input(h, s)
        z = layer_output(a @ w + b, s, n)
        ins.append(a)
        h = z if i == last else np.maximum(z, 0)
        outs.append(h)
    z = outs[-1] - outs[-1].max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    p[np.arange(n), y] -= 1
    d = p / n
    gw: List[np.ndarray] = [np.empty(0)] * len(net.w)
    gb: List[np.ndarray] = [np.empty(0)] * len(net.w)
    for i in range(last, -1, -1):
        s = net.specs[i]
        dc = d.reshape(-1, s.out)
        gw[i] = ins[i].T @ dc
        gb[i] = dc.sum(axis=0)
        if i:
            da = dc @ net.w[i].T
            dh = col2im(da, s, n) if s.kind == "conv" else da
            d = dh * (outs[i - 1] > 0)
    return gw, gb


@dataclass
class Adam:
    """Adam (Kingma & Ba) with the usual constants."""

    lr: float
    beta1: float = 0.9
    beta2: float = 0.999
    eps: float = 1e-8
    t: int = 0
    m: List[np.ndarray] = field(default_factory=list)
    v: List[np.ndarray] = field(default_factory=list)

    def step(self, params: List[np.ndarray], g: List[np.ndarray]) -> None:
        if not self.m:
            self.m = [np.zeros_like(p) for p in params]
            self.v = [np.zeros_like(p) for p in params]
        self.t += 1
        c1 = 1.0 - self.beta1 ** self.t
        c2 = 1.0 - self.beta2 ** self.t
        for p, gi, m, v in zip(params, g, self.m, self.v):
            m *= self.beta1
            m += (1.0 - self.beta1) * gi
            v *= self.beta2
            v += (1.0 - self.beta2) * gi * gi
            p -= (self.lr * (m / c1) / (np.sqrt(v / c2) + self.eps)).astype(p.dtype)


def train(net: Net, x: np.ndarray, y: np.ndarray, epochs: int, lr: float, batch: int,
          seed: int, masks: Optional[List[np.ndarray]] = None) -> Net:
    """Train a copy of ``net``; return it.

    Each epoch visits the images in an order drawn from
    ``RandomState(seed)`` (one generator for the whole run), in
    mini-batches of ``batch`` (the last one smaller). With ``masks`` (one
    boolean array per weight matrix) the masked weights start at zero,
    their gradients are zeroed and they are set to zero after every step,
    so the sparsity pattern stays fixed; biases are never masked.
    """
    net = net.copy()
    keep = None if masks is None else [k.astype(DTYPE) for k in masks]
    if keep is not None:
        for w, k in zip(net.w, keep):
            w *= k
    rng = np.random.RandomState(seed)
    opt = Adam(lr)
    for _ in range(epochs):
        order = rng.permutation(y.size)
        for s in range(0, y.size, batch):
            idx = order[s:s + batch]
            gw, gb = grads(net, x[idx], y[idx])
            if keep is not None:
                gw = [g * k for g, k in zip(gw, keep)]
            opt.step(net.w + net.b, gw + gb)
            if keep is not None:
                for w, k in zip(net.w, keep):
                    w *= k
    return net
