# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The NumPy integer reference against a naive triple loop."""
import numpy as np

from analysis.accuracy import config, dataset, mlp, quant, tilecmd


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


def test_network_reference_equals_loops_and_commands():
    split = dataset.load_split()
    m = mlp.train(mlp.init_mlp((64, 16, 16, 10), 3), split.x_train, split.y_train, 1, 1e-3, 64, 4)
    qm = quant.quantize_mlp(m, split.x_train, 16)
    a0 = split.q_test[:6]
    inputs, acc = quant.int8_forward(qm, a0)
    a = a0
    for i, layer in enumerate(qm.layers):
        assert np.array_equal(inputs[i], a)
        c = naive_gemm(a, layer.w_q, layer.b_q)
        cmds = tilecmd.layer_commands(a, layer.w_q, layer.b_q, 16, "dense")
        assert np.concatenate([x.c for x in cmds], axis=1).tolist() == c
        if layer.m0 is not None:
            a = np.array([[min(127, (max(v, 0) * int(m0) + (1 << (int(s) - 1))) >> int(s))
                           for v, m0, s in zip(row, layer.m0, layer.shift)] for row in c])
    assert acc.tolist() == c
    assert acc.shape == (6, 16)
    assert not acc[:, 10:].any()  # padded logits: zero weights, zero bias
    assert config.A_QMAX == 127
