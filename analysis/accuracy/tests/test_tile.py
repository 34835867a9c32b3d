# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""End to end on the tile: a small network's test images through the
model alone and the lockstep runner agree with the INT8 reference, each
pattern at N = 16 and N = 4; a broken RTL does not."""
import numpy as np
import pytest

from analysis.accuracy import config, energy, experiment, lockstep, net, prune, quant, runner
from analysis.accuracy import tilecmd, vecfile

from conftest import need, small_fashion

M = 12  # test images


@pytest.fixture(scope="module")
def split():
    return small_fashion(1000, M)


#: At N = 4 every layer must be at most 64 K-blocks of 4 (dense) or 8 (2:4).
N4_SPECS = (net.LayerSpec("conv", 4, cin=1, hw=28, stride=2),
            net.LayerSpec("conv", 4, cin=4, hw=14, stride=2),
            net.LayerSpec("dense", 10, k_in=196))


def _trained(split, specs, slug, n, seed=5):
    base = net.train(net.init_net(specs, seed), split.x_train, split.y_train, 1, 1e-3, 64, seed)
    p = config.pattern_by_slug(slug)
    m = base.copy()
    for w, k in zip(m.w, prune.masks_for(base.w, p, n)):
        w *= k
    return m, p


def _check(c, split, model, n):
    qm = quant.quantize_net(model, split.x_train[:config.CALIB_IMAGES], split.in_scale, n)
    _, acc = quant.int8_forward(qm, split.q_test)
    assert np.array_equal(c.ok, quant.predict(qm, acc) == split.y_test)
    k = c.counters
    assert k["macs_alg"] == k["macs_actual"] + k["macs_gated"] + k["macs_skipped"]
    assert c.lockstep_images == M


@pytest.mark.parametrize("slug", ["dense", "sp24", "block50", "unstr50", "sp24block50"])
def test_tile_agrees_with_the_reference_n16(tmp_path, split, slug):
    model, p = _trained(split, net.mlp_specs((784, 32, 32, 10)), slug, 16)
    nw = config.Network("test", "t", model.specs, 1, 1, 1e-3, 64)
    c = experiment.evaluate(model, nw, p, "one-shot", 1, split, 16, need("stc_gemm"),
                            need("stc_sim-n16"), str(tmp_path), M)
    _check(c, split, model, 16)
    assert c.commands == 2 + 2 + 1
    if p.mode == "2:4":
        assert c.counters["meta_bytes"] > 0
    if p.kind in ("block", "24block"):
        assert c.counters["skipped_blocks"] > 0


@pytest.mark.parametrize("slug", ["dense", "sp24"])
def test_tile_agrees_with_the_reference_n4_convolutions(tmp_path, split, slug):
    model, p = _trained(split, N4_SPECS, slug, 4)
    nw = config.Network("test", "t", model.specs, 1, 1, 1e-3, 64)
    c = experiment.evaluate(model, nw, p, "one-shot", 1, split, 4, need("stc_gemm"),
                            need("stc_sim-n4"), str(tmp_path), M)
    _check(c, split, model, 4)
    # rows: 12 x 196 (3 batches of up to 1024) and 12 x 49, one column tile each;
    # 10 logits padded to 12: 3 column tiles
    assert c.commands == 3 + 1 + 3


def test_n4_broken_rtl_is_caught(tmp_path, split):
    """tb/bugs/01 (swapped 2:4 mux inputs): the lockstep runner exits 1 on
    the layer's stream, so the study stops with TileMismatch (exit 1)."""
    good, bug = need("stc_sim-n4"), need("stc_sim-n4-bug")
    model, p = _trained(split, N4_SPECS, "sp24", 4)
    qm = quant.quantize_net(model, split.x_train, split.in_scale, 4)
    layer = qm.layers[1]
    a = quant.int8_forward(qm, split.q_test)[0][1]  # layer 2's A: a 2:4 convolution, K = 36
    ap, wp = tilecmd.pad_k(a, layer.w_q, 8)
    cmds = tilecmd.layer_commands(ap, wp, layer.b_q, 4, "2:4")
    f = str(tmp_path / "l2.vec")
    vecfile.write_stream(f, cmds, "acc-n4", 1)
    assert runner.run_sim(good, [f], str(tmp_path / "g.csv")).rc == 0
    r = runner.run_sim(bug, [f], str(tmp_path / "b.csv"))
    assert r.rc == 1, r.log
    assert "MISMATCH" in r.log or "FAIL" in r.log
    with pytest.raises(lockstep.TileMismatch, match="layer 1 stream"):
        experiment.run_in_lockstep(qm, split.q_test, ("2:4",) * 3, 4, bug, str(tmp_path / "w"), "acc-bug")


def test_missing_runner_is_a_setup_error(tmp_path, split):
    model, p = _trained(split, N4_SPECS, "dense", 4)
    nw = config.Network("test", "t", model.specs, 1, 1, 1e-3, 64)
    with pytest.raises(runner.SetupError, match="not found"):
        experiment.evaluate(model, nw, p, "one-shot", 1, split, 4, need("stc_gemm"),
                            str(tmp_path / "nope"), str(tmp_path), M)
    with pytest.raises(runner.SetupError, match="not found"):
        experiment.evaluate(model, nw, p, "one-shot", 1, split, 4, str(tmp_path / "nope"),
                            need("stc_sim-n4"), str(tmp_path), M)


def test_energy_table_is_the_reports():
    t = energy.load_table()
    assert (t.mul8, t.add8, t.add32, t.sram) == (0.2, 0.03, 0.1, 1.25)
    row = {"macs_actual": 10, "macs_gated": 4, "m": 2, "n": 16, "bias": 1, "nblk": 3,
           "skipped_blocks": 1, "w_bytes": 100, "meta_bytes": 8, "a_bytes": 64}
    want = 10 * 0.3 + 14 * 0.03 + 2 * 2 * 16 * 0.1 + (100 + 8 + 64 + 4 * 2 * 16 * 2) * 1.25
    assert abs(energy.command_energy_pj(t, row) - want) < 1e-9
    assert np.isclose(want, 3.0 + 0.42 + 6.4 + 535.0)
