# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The GEMM-layer network: im2col against a direct convolution, the
gradients against finite differences, masks held through training."""
import numpy as np
import pytest

from analysis.accuracy import net

CONV = net.LayerSpec("conv", 3, cin=2, hw=5, kernel=3, stride=2, pad=1)


def direct_conv(x, w, s):
    """The convolution as four nested loops over NHWC images."""
    n = x.shape[0]
    img = x.reshape(n, s.hw, s.hw, s.cin)
    wk = w.reshape(s.kernel, s.kernel, s.cin, s.out)
    o = s.out_hw
    out = np.zeros((n, o, o, s.out))
    for b in range(n):
        for r in range(o):
            for c in range(o):
                for i in range(s.kernel):
                    for j in range(s.kernel):
                        y, xx = r * s.stride + i - s.pad, c * s.stride + j - s.pad
                        if 0 <= y < s.hw and 0 <= xx < s.hw:
                            out[b, r, c] += img[b, y, xx] @ wk[i, j]
    return out.reshape(n, -1)


def test_im2col_gemm_is_the_convolution():
    rng = np.random.RandomState(1)
    x = rng.standard_normal((2, 5 * 5 * 2))
    w = rng.standard_normal((CONV.k, CONV.out))
    got = net.layer_output(net.im2col(x, CONV) @ w, CONV, 2)
    assert CONV.out_hw == 3 and CONV.k == 18
    assert np.allclose(got, direct_conv(x, w, CONV))


def test_col2im_is_the_adjoint_of_im2col():
    rng = np.random.RandomState(2)
    x = rng.standard_normal((2, 50))
    d = rng.standard_normal((2 * 9, 18))
    # <im2col(x), d> == <x, col2im(d)> for every x and d
    assert np.isclose(np.sum(net.im2col(x, CONV) * d), np.sum(x * net.col2im(d, CONV, 2)))


def test_check_specs_names_the_layer_that_does_not_fit():
    specs = (CONV, net.LayerSpec("dense", 4, k_in=26))
    with pytest.raises(ValueError, match="layer 2 .* takes 26 values, the layer before gives 27"):
        net.check_specs(specs, 50)
    net.check_specs((CONV, net.LayerSpec("dense", 4, k_in=27)), 50)


def _loss(m, x, y):
    z = net.forward(m, x)[-1].astype(np.float64)
    z = z - z.max(axis=1, keepdims=True)
    return float(np.mean(np.log(np.exp(z).sum(axis=1)) - z[np.arange(y.size), y]))


def test_gradients_match_finite_differences():
    specs = (CONV, net.LayerSpec("conv", 2, cin=3, hw=3, stride=1), net.LayerSpec("dense", 4, k_in=18))
    m = net.init_net(specs, 3)
    m.w = [w.astype(np.float64) for w in m.w]
    m.b = [b.astype(np.float64) + 0.1 for b in m.b]
    rng = np.random.RandomState(4)
    x = rng.standard_normal((3, 50))
    y = np.array([0, 3, 1])
    gw, gb = net.grads(m, x, y)
    h = 1e-6
    for li in range(3):
        for idx in [(0, 0), (1, 1), (m.w[li].shape[0] - 1, m.w[li].shape[1] - 1)]:
            p = m.copy()
            p.w[li][idx] += h
            q = m.copy()
            q.w[li][idx] -= h
            num = (_loss(p, x, y) - _loss(q, x, y)) / (2 * h)
            assert gw[li][idx] == pytest.approx(num, rel=1e-4, abs=1e-7), (li, idx)
        p = m.copy()
        p.b[li][0] += h
        q = m.copy()
        q.b[li][0] -= h
        assert gb[li][0] == pytest.approx((_loss(p, x, y) - _loss(q, x, y)) / (2 * h), rel=1e-4,
                                          abs=1e-7)


def test_training_learns_keeps_masks_and_repeats_bit_for_bit():
    rng = np.random.RandomState(5)
    x = rng.standard_normal((200, 50)).astype(np.float32)
    y = (x[:, 0] > 0).astype(np.int64)
    specs = (CONV, net.LayerSpec("dense", 2, k_in=27))
    m0 = net.init_net(specs, 6)
    masks = [np.abs(w) > np.median(np.abs(w)) for w in m0.w]
    a = net.train(m0, x, y, 5, 1e-2, 20, 7, masks)
    b = net.train(m0, x, y, 5, 1e-2, 20, 7, masks)
    assert net.accuracy(a, x, y) > 0.85
    for wa, wb, k in zip(a.w, b.w, masks):
        assert np.array_equal(wa, wb)
        assert not np.any(wa[~k])
        assert np.count_nonzero(wa[k]) == np.count_nonzero(k)
