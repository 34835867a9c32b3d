# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""INT8 quantization and the NumPy integer reference of the network.

Scheme (docs/accuracy.md, "Quantization"):

- weights: per output column symmetric, ``s_w[j] = max|W[:, j]| / 127``,
  ``q = clamp(round(W / s_w), -127, 127)``; an all-zero column gets
  ``s_w = 1``;
- activations: per tensor, non-negative (inputs and ReLU outputs),
  0..127; the input is 7 * pixel (exact); a hidden layer's scale is the
  largest float ReLU output over the training set / 127;
- bias: INT32, ``round(b / (s_in * s_w[j]))``, added by the tile as BIAS;
- accumulation: INT32, wrapping (two's complement), exactly the tile's
  ``C = A * W + BIAS``;
- requantization (host, between layers): ReLU, then the fixed-point
  multiplier ``m0 / 2^shift`` (m0 in [2^14, 2^15)) that approximates
  ``s_in * s_w[j] / s_out``, rounding half up, clamped to 127;
- logits: the last layer's INT32 result times ``s_in * s_w[j]`` (float64),
  top-1 over the 10 real columns (lowest index on ties).

``round`` is round half away from zero everywhere.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, List, Optional, Tuple

import numpy as np

from . import config
from .net import LayerSpec, Net, forward, layer_input, layer_output

#: Bits of the requantization multiplier's mantissa (m0 in [2^14, 2^15)).
MULT_BITS: int = 15


def round_half_away(x: np.ndarray) -> np.ndarray:
    """Round to the nearest integer, halves away from zero, as int64."""
    x = np.asarray(x, dtype=np.float64)
    return (np.sign(x) * np.floor(np.abs(x) + 0.5)).astype(np.int64)


def wrap_int32(x: np.ndarray) -> np.ndarray:
    """Two's-complement wrap of int64 values to int32's range (kept int64)."""
    x = np.asarray(x, dtype=np.int64)
    return ((x + (1 << 31)) & 0xFFFFFFFF) - (1 << 31)


def gemm_int32(a: np.ndarray, w: np.ndarray, bias: Optional[np.ndarray] = None) -> np.ndarray:
    """``C = A * W (+ bias per column)``, INT32 wrapping, as the tile.

    The product runs in float64 BLAS, which is exact here: every operand
    is an integer of at most 8 bits, so every partial sum is an integer of
    magnitude below 2^15 * K < 2^53 (checked), and float64 represents
    it exactly whatever the summation order. NumPy's integer matmul gives
    the same numbers tens of times slower. The wrap is applied once to
    the sum, which equals wrapping every partial sum (arithmetic modulo
    2^32).
    """
    a = np.asarray(a)
    w = np.asarray(w)
    if a.shape[1] >= 1 << 37:
        raise ValueError("gemm_int32: K = %d is too large for an exact float64 sum" % a.shape[1])
    if a.size and (a.min() < -128 or a.max() > 255):
        raise ValueError("gemm_int32: A is not 8-bit")
    if w.size and (w.min() < -128 or w.max() > 255):
        raise ValueError("gemm_int32: W is not 8-bit")
    c = np.rint(a.astype(np.float64) @ w.astype(np.float64)).astype(np.int64)
    if bias is not None:
        c = c + np.asarray(bias, dtype=np.int64)[None, :]
    return wrap_int32(c)


def quantize_weights(w: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """Per-column symmetric INT8: (q int64 in -127..127, scale per column)."""
    amax = np.abs(w).max(axis=0)
    s = np.where(amax > 0, amax / config.W_QMAX, 1.0)
    q = np.clip(round_half_away(w / s[None, :]), -config.W_QMAX, config.W_QMAX)
    return q, s


def requant_multiplier(real: float) -> Tuple[int, int]:
    """(m0, shift) with ``m0 / 2^shift ~= real``, m0 in [2^14, 2^15).

    ``real == 0`` gives (0, 1): every output 0.
    """
    if real < 0 or not math.isfinite(real):
        raise ValueError("requantization multiplier %r" % real)
    if real == 0.0:
        return 0, 1
    f, e = math.frexp(real)  # real = f * 2^e, f in [0.5, 1)
    m0 = int(round_half_away(f * (1 << MULT_BITS)))
    if m0 == 1 << MULT_BITS:
        m0 //= 2
        e += 1
    shift = MULT_BITS - e
    if not 1 <= shift <= 62:
        raise ValueError("requantization multiplier %r out of range" % real)
    return m0, shift


def requantize(acc: np.ndarray, m0: np.ndarray, shift: np.ndarray) -> np.ndarray:
    """ReLU, ``(acc * m0 + 2^(shift-1)) >> shift`` per column, clamp to 127.

    After ReLU acc is in 0..2^31-1 and m0 < 2^15, so the product fits int64;
    the shift of a non-negative value rounds half up.
    """
    acc = np.maximum(np.asarray(acc, dtype=np.int64), 0)
    m0 = np.asarray(m0, dtype=np.int64)[None, :]
    shift = np.asarray(shift, dtype=np.int64)[None, :]
    out = (acc * m0 + (np.int64(1) << (shift - 1))) >> shift
    return np.minimum(out, config.A_QMAX)


@dataclass
class QLayer:
    """One INT8 layer. ``w_q`` is K x out_pad (zero columns beyond ``out``)."""

    w_q: np.ndarray
    b_q: np.ndarray
    s_in: float
    s_w: np.ndarray
    out: int
    s_out: Optional[float]  # None for the logits
    m0: Optional[np.ndarray]
    shift: Optional[np.ndarray]


@dataclass
class QModel:
    """The INT8 network; ``layers[0].s_in`` is the input scale and
    ``specs`` say how each layer's A is formed (im2col for a convolution)."""

    layers: List[QLayer]
    specs: Tuple[LayerSpec, ...]


def _pad_cols(x: np.ndarray, cols: int) -> np.ndarray:
    out = np.zeros((x.shape[0], cols) if x.ndim == 2 else (cols,), dtype=x.dtype)
    out[..., : x.shape[-1]] = x
    return out


def _calib_max(net: Net, calib_x: np.ndarray, batch: int = 1000) -> List[float]:
    """The largest float output of every hidden layer over ``calib_x``."""
    top = [0.0] * (len(net.specs) - 1)
    for i in range(0, calib_x.shape[0], batch):
        outs = forward(net, calib_x[i:i + batch])
        for j in range(len(top)):
            top[j] = max(top[j], float(outs[j + 1].max()))
    return top


def quantize_net(net: Net, calib_x: np.ndarray, in_scale: float, pad_to: int) -> QModel:
    """Quantize ``net``; activation scales from its float run on ``calib_x``.

    ``in_scale`` is the float value of one INT8 input level. Output widths
    are padded with zero columns to a multiple of ``pad_to`` (the tile's
    N): the padded columns compute exactly 0 and are dropped before the
    next layer.
    """
    amax = _calib_max(net, calib_x)
    s_in = in_scale
    layers: List[QLayer] = []
    last_i = len(net.w) - 1
    for i, (w, b) in enumerate(zip(net.w, net.b)):
        w = np.asarray(w, dtype=np.float64)
        b = np.asarray(b, dtype=np.float64)
        q, s_w = quantize_weights(w)
        out = w.shape[1]
        cols = -(-out // pad_to) * pad_to
        b_q = wrap_int32(round_half_away(b / (s_in * s_w)))
        s_out = m0 = shift = None
        if i != last_i:
            s_out = amax[i] / config.A_QMAX if amax[i] > 0 else 1.0
            ms = [requant_multiplier(s_in * float(s) / s_out) for s in s_w]
            m0 = _pad_cols(np.array([x[0] for x in ms], dtype=np.int64), cols)
            shift = _pad_cols(np.array([x[1] for x in ms], dtype=np.int64), cols)
            shift[out:] = 1
        layers.append(QLayer(_pad_cols(q, cols), _pad_cols(b_q, cols), s_in,
                             _pad_cols(s_w, cols), out, s_out, m0, shift))
        if i != last_i:
            s_in = s_out
    return QModel(layers, tuple(net.specs))


Gemm = Callable[[int, np.ndarray, np.ndarray, np.ndarray], np.ndarray]


def int8_forward(qm: QModel, a0: np.ndarray, gemm: Optional[Gemm] = None):
    """Run the INT8 network on the INT8 input images ``a0`` (one per row).

    Each layer's A is formed from the previous layer's INT8 output as its
    spec says (im2col for a convolution), ``gemm(layer_index, A, W, bias)``
    computes its INT32 result (default :func:`gemm_int32`; the tile path
    passes one that runs it on the tile and returns the result it
    checked), and the host requantizes it (ReLU, fixed-point multiplier)
    into the next layer's input, padded columns dropped.
    Returns ``(inputs, acc)``: every layer's INT8 A (as the tile got it)
    and the last layer's INT32 result (all padded columns).
    """
    h = np.asarray(a0, dtype=np.int64)
    n = h.shape[0]
    inputs: List[np.ndarray] = []
    acc = h
    for i, (layer, spec) in enumerate(zip(qm.layers, qm.specs)):
        a = layer_input(h, spec)
        inputs.append(a)
        acc = gemm(i, a, layer.w_q, layer.b_q) if gemm else gemm_int32(a, layer.w_q, layer.b_q)
        if layer.m0 is not None:
            q = requantize(acc, layer.m0, layer.shift)[:, : layer.out]
            h = layer_output(np.ascontiguousarray(q), spec, n)
    return inputs, acc


def logits(qm: QModel, acc: np.ndarray) -> np.ndarray:
    """Dequantized logits of the real columns."""
    last = qm.layers[-1]
    return acc[:, : last.out].astype(np.float64) * (last.s_in * last.s_w[: last.out])[None, :]


def predict(qm: QModel, acc: np.ndarray) -> np.ndarray:
    """Top-1 class from the last layer's INT32 result."""
    return np.argmax(logits(qm, acc), axis=1)
