# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""One Fashion configuration end to end, small: trained, pruned,
quantized, the test images on the model alone (stc_gemm) and in lockstep
(stc_sim), both equal to the NumPy reference."""
import dataclasses

import numpy as np
import pytest

from analysis.accuracy import config, dataset, experiment, pipeline, quant
from conftest import need


def _small(n_train=1500, n_test=48):
    try:
        d = dataset.load_fashion()
    except dataset.DataError as e:
        pytest.skip(str(e))
    return dataset.ImageSplit(d.name, 28, d.lv_train[:n_train], d.y_train[:n_train],
                              d.lv_test[:n_test], d.y_test[:n_test], d.in_scale)


@pytest.mark.parametrize("slug", ["mlp", "cnn"])
def test_configuration_on_model_and_lockstep_equals_reference(tmp_path, slug):
    gemm, sim = need("stc_gemm"), need("stc_sim-n16")
    split = _small()
    nw = dataclasses.replace(config.network_by_slug(slug), epochs=1, ft_epochs=1)
    pats = [config.pattern_by_slug(s) for s in ("dense", "sp24")]
    fam = experiment.train_family(split, nw, pats, 1, 16)
    for (p_slug, training), model in fam.items():
        pat = config.pattern_by_slug(p_slug)
        c = experiment.evaluate(model, nw, pat, training, 1, split, 16, gemm, sim,
                                str(tmp_path), 16)
        qm = quant.quantize_net(model, split.x_train[:config.CALIB_IMAGES], split.in_scale, 16)
        _, acc = quant.int8_forward(qm, split.q_test)
        assert np.array_equal(c.ok, quant.predict(qm, acc) == split.y_test)
        assert c.counters["cycles"] > 0 and c.commands > 0
        if p_slug == "sp24":
            # The CNN's K = 9 leaves a group of one real weight (kept): just under 1/2.
            assert c.w_zeros >= (0.5 if slug == "mlp" else 0.49)
    # 2:4 takes fewer cycles than dense on the MLP; on the CNN too, but
    # less: its first layer (K = 9) is one K-block either way.


def test_a_broken_rtl_fails_the_lockstep_of_a_convolution(tmp_path):
    bug = need("stc_sim-n4-bug")
    split = _small(n_train=500, n_test=4)
    nw = config.network_by_slug("cnn")
    model = experiment.net.init_net(nw.specs, 5)
    # tb/bugs/01 swaps the 2:4 activation mux: the layer runs in 2:4
    model.w[0] *= experiment.layer_mask(model.w[0], config.pattern_by_slug("sp24"), 4)
    qm = quant.quantize_net(model, split.x_train, split.in_scale, 4)
    a = experiment.net.im2col(split.q_test, nw.specs[0])  # the first convolution, K = 9
    gemm = pipeline.TileGemm("2:4", 4, bug, str(tmp_path), "acc-bug", singles=False)
    with pytest.raises(pipeline.TileMismatch, match="layer 1 stream"):
        gemm(0, a, qm.layers[0].w_q, qm.layers[0].b_q)
    good = pipeline.TileGemm("2:4", 4, need("stc_sim-n4"), str(tmp_path), "acc-ok", singles=False)
    c = good(0, a, qm.layers[0].w_q, qm.layers[0].b_q)
    assert np.array_equal(c, quant.gemm_int32(a, qm.layers[0].w_q, qm.layers[0].b_q))
