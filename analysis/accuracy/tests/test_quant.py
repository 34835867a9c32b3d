# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Quantization math: INT32 wrap, rounding, requantization, weight scales."""
from fractions import Fraction

import numpy as np
import pytest

from analysis.accuracy import quant


def test_wrap_int32_edges():
    x = np.array([2**31 - 1, 2**31, 2**32, -2**31, -2**31 - 1, -1, 0, 3 * 2**32 + 5])
    assert quant.wrap_int32(x).tolist() == [2**31 - 1, -2**31, 0, -2**31, 2**31 - 1, -1, 0, 5]


def test_wrap_int32_matches_uint32_arithmetic():
    rng = np.random.RandomState(3)
    a = rng.randint(-2**62, 2**62, size=1000, dtype=np.int64)
    want = (a.astype(np.uint64) & np.uint64(0xFFFFFFFF)).astype(np.uint32).view(np.int32)
    assert np.array_equal(quant.wrap_int32(a), want.astype(np.int64))


def test_round_half_away_from_zero():
    x = np.array([0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999, -0.49999, 126.5, 3.0])
    assert quant.round_half_away(x).tolist() == [1, -1, 2, -2, 3, -3, 0, 0, 127, 3]


def test_gemm_wraps_like_the_tile():
    a = np.full((1, 64), -128)
    w = np.full((64, 1), -128)
    # 64 * 16384 = 2^20, plus a bias near INT32_MAX wraps negative
    c = quant.gemm_int32(a, w, np.array([2**31 - 2**20 + 7]))
    assert c.tolist() == [[-2**31 + 7]]


@pytest.mark.parametrize("real", [1e-6, 0.0003, 0.01234, 0.5, 0.99999, 1.0, 3.7, 1000.0])
def test_requant_multiplier(real):
    m0, shift = quant.requant_multiplier(real)
    assert 2**14 <= m0 < 2**15
    assert 1 <= shift <= 62
    assert abs(m0 / 2.0**shift - real) <= real * 2.0**-14


def test_requant_multiplier_zero():
    assert quant.requant_multiplier(0.0) == (0, 1)
    with pytest.raises(ValueError):
        quant.requant_multiplier(-1.0)


def test_requantize_rounds_half_up_relu_and_clamps():
    m0 = np.array([2**14, 2**14, 2**14, 2**14])  # times 2^14 / 2^15 = 0.5
    sh = np.array([15, 15, 15, 15])
    acc = np.array([[1, 3, -7, 1000], [2, 5, 0, 255]])
    # 0.5 -> 1, 1.5 -> 2, negative -> 0, 500 -> 127; 1, 2.5 -> 3, 0, 127.5 -> 127
    assert quant.requantize(acc, m0, sh).tolist() == [[1, 2, 0, 127], [1, 3, 0, 127]]


def test_requantize_matches_exact_rational():
    rng = np.random.RandomState(5)
    for _ in range(20):
        real = float(rng.uniform(1e-5, 0.2))
        m0, sh = quant.requant_multiplier(real)
        acc = rng.randint(-2**20, 2**31 - 1, size=(50, 1), dtype=np.int64)
        got = quant.requantize(acc, np.array([m0]), np.array([sh]))[:, 0]
        for v, g in zip(acc[:, 0].tolist(), got.tolist()):
            exact = Fraction(max(v, 0) * m0, 2**sh)
            want = min(127, int(exact + Fraction(1, 2)))  # floor(x + 1/2): half up
            assert g == want


def test_quantize_weights_per_column():
    w = np.array([[0.5, -2.0, 0.0], [-0.25, 1.0, 0.0], [0.125, 0.0, 0.0]])
    q, s = quant.quantize_weights(w)
    assert s.tolist() == [0.5 / 127, 2.0 / 127, 1.0]
    assert q[:, 0].tolist() == [127, -64, 32]   # -63.5 -> -64, 31.75 -> 32
    assert q[:, 1].tolist() == [-127, 64, 0]    # 63.5 -> 64
    assert q[:, 2].tolist() == [0, 0, 0]
    assert np.abs(q).max() <= 127
