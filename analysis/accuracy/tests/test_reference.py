# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The NumPy integer reference against a naive triple loop."""
import numpy as np

import pytest

from analysis.accuracy import config, net, quant, tilecmd

from conftest import small_fashion


def naive_gemm(a, w, bias):
    m, k = a.shape
    n = w.shape[1]
    c = [[0] * n for _ in range(m)]
    for i in range(m):
        for j in range(n):
            s = int(bias[j]) if bias is not None else 0
            for t in range(k):
                s += int(a[i, t]) * int(w[t, j])
            s &= 0xFFFFFFFF  # wrap, as the tile
            c[i][j] = s - (1 << 32) if s >= 1 << 31 else s
    return c


def test_gemm_equals_triple_loop():
    rng = np.random.RandomState(11)
    for m, k, n, bias in ((3, 16, 4, False), (5, 32, 16, True), (2, 64, 8, True)):
        a = rng.randint(-128, 128, size=(m, k))
        w = rng.randint(-128, 128, size=(k, n))
        b = rng.randint(-2**31, 2**31, size=n) if bias else None
        assert quant.gemm_int32(a, w, b).tolist() == naive_gemm(a, w, b)


def test_extremes_wrap_in_the_triple_loop_too():
    a = np.full((2, 64), -128)
    w = np.full((64, 3), -128)
    b = np.array([2**31 - 1, -2**31, 0])
    assert quant.gemm_int32(a, w, b).tolist() == naive_gemm(a, w, b)


@pytest.mark.parametrize("specs", [
    net.mlp_specs((784, 16, 16, 10)),
    (net.LayerSpec("conv", 4, cin=1, hw=28, stride=2), net.LayerSpec("dense", 10, k_in=784)),
])
def test_network_reference_equals_loops_and_commands(specs):
    """Every layer's A, C and requantized output against a triple loop and
    a per-element requantization written out here; the tile's commands of
    each layer (K padded, M batched) hold that C."""
    split = small_fashion(1000, 5)
    m = net.train(net.init_net(specs, 3), split.x_train, split.y_train, 1, 1e-3, 64, 4)
    qm = quant.quantize_net(m, split.x_train, split.in_scale, 16)
    inputs, acc = quant.int8_forward(qm, split.q_test)
    h = split.q_test
    for i, (layer, spec) in enumerate(zip(qm.layers, qm.specs)):
        a = net.layer_input(h, spec)
        assert np.array_equal(inputs[i], a)
        c = naive_gemm(a, layer.w_q, layer.b_q)
        ap, wp = tilecmd.pad_k(a, layer.w_q, 16)
        cmds = tilecmd.layer_commands(ap, wp, layer.b_q, 16, "dense", m_max=7)
        tiles = wp.shape[1] // 16
        got = np.concatenate([np.concatenate([x.c for x in cmds[j:j + tiles]], axis=1)
                              for j in range(0, len(cmds), tiles)], axis=0)
        assert got.tolist() == c
        if layer.m0 is not None:
            q = np.array([[min(127, (max(v, 0) * int(m0) + (1 << (int(s) - 1))) >> int(s))
                           for v, m0, s in zip(row, layer.m0, layer.shift)] for row in c])
            h = net.layer_output(q[:, : layer.out], spec, split.q_test.shape[0])
    assert acc.tolist() == c
    assert acc.shape == (5, 16)
    assert not acc[:, 10:].any()  # padded logits: zero weights, zero bias
    assert config.A_QMAX == 127
