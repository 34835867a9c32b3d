# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""One Fashion configuration end to end, small: trained, pruned,
quantized, the test images on the model alone (stc_gemm) and in lockstep
(stc_sim), both equal to the NumPy reference."""
import dataclasses

import numpy as np
import pytest

from analysis.accuracy import config, experiment, lockstep, quant, tilecmd, vecfile
from conftest import need, small_fashion


@pytest.mark.parametrize("slug", ["mlp", "cnn"])
def test_configuration_on_model_and_lockstep_equals_reference(tmp_path, slug):
    gemm, sim = need("stc_gemm"), need("stc_sim-n16")
    split = small_fashion()
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
    split = small_fashion(n_train=500, n_test=4)
    nw = config.network_by_slug("cnn")
    model = experiment.net.init_net(nw.specs, 5)
    # tb/bugs/01 swaps the 2:4 activation mux: the layer runs in 2:4
    model.w[0] *= experiment.layer_mask(model.w[0], config.pattern_by_slug("sp24"), 4)
    qm = quant.quantize_net(model, split.x_train, split.in_scale, 4)
    a = experiment.net.im2col(split.q_test, nw.specs[0])  # the first convolution, K = 9
    gemm = lockstep.TileGemm(("2:4",), 4, bug, str(tmp_path), "acc-bug")
    with pytest.raises(lockstep.TileMismatch, match="layer 1 stream"):
        gemm(0, a, qm.layers[0].w_q, qm.layers[0].b_q)
    good = lockstep.TileGemm(("2:4",), 4, need("stc_sim-n4"), str(tmp_path), "acc-ok")
    c = good(0, a, qm.layers[0].w_q, qm.layers[0].b_q)
    assert np.array_equal(c, quant.gemm_int32(a, qm.layers[0].w_q, qm.layers[0].b_q))


def test_a_layer_pruned_alone_runs_in_2of4_and_the_others_dense(tmp_path):
    """Sensitivity networks: only the pruned layer is 2:4 (the others
    would be refused by stc_gemm in 2:4 mode: more than two nonzeros)."""
    gemm, sim = need("stc_gemm"), need("stc_sim-n16")
    split = small_fashion(n_train=500, n_test=8)
    nw = dataclasses.replace(config.network_by_slug("cnn"), epochs=1, ft_epochs=1)
    pat = config.pattern_by_slug("sp24")
    assert experiment.layer_modes(pat, "layer 2", 3) == ("dense", "2:4", "dense")
    assert experiment.layer_modes(pat, "fine-tuned", 3) == ("2:4",) * 3
    base = experiment.net.init_net(nw.specs, 2)
    (model,) = experiment.sensitivity_nets(split, base, nw, pat, 1, 16)[1:2]
    c = experiment.evaluate(model, nw, pat, "layer 2", 1, split, 16, gemm, sim, str(tmp_path), 8)
    assert c.layer_w_zeros[1] >= 0.5 and c.layer_w_zeros[0] < 0.1 and c.layer_w_zeros[2] < 0.1
    assert c.counters["meta_bytes"] > 0
    with pytest.raises(experiment.SetupError, match="not 2:4"):
        experiment.run_on_model(quant.quantize_net(model, split.x_train, split.in_scale, 16),
                                split.q_test, ("2:4",) * 3, 16, gemm, str(tmp_path / "all24"))


def test_stream_files_stay_under_the_readers_limit(tmp_path):
    """A whole-test-set layer of the MLP (K = 784, 10,000 rows) is cut into
    streams that stc_sim reads (it refuses a file over 64 MiB)."""
    k, n = 784, 16
    for mode in ("dense", "2:4"):
        per = lockstep.stream_commands(1024, k + (16 if mode == "2:4" else 0), n, mode, True)
        assert per >= 1
        a = np.zeros((1024, 800), dtype=np.int64)
        w = np.zeros((800, 16), dtype=np.int64)
        cmds = tilecmd.layer_commands(a, w, np.zeros(16, dtype=np.int64), n, mode)
        text = vecfile.stream_text(cmds * per, "acc-size", 1)
        assert len(text) <= lockstep.STREAM_BYTES < 64 << 20
        assert len(vecfile.stream_text(cmds * (per + 2), "acc-size", 1)) > \
            0.9 * lockstep.STREAM_BYTES
