# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""End to end on the tile: a small network's test batch through the
lockstep runner agrees with the INT8 reference; a broken RTL does not."""
import numpy as np
import pytest

from analysis.accuracy import config, dataset, energy, mlp, pipeline, prune, quant, runner
from analysis.accuracy import tilecmd, vecfile

from conftest import need

M = 12  # test images: the batch


@pytest.fixture(scope="module")
def split():
    return dataset.load_split()


@pytest.fixture(scope="module")
def table():
    return energy.load_table()


def _small(split, widths, seed=5):
    m = mlp.init_mlp(widths, seed)
    return mlp.train(m, split.x_train, split.y_train, 3, 1e-3, 64, seed)


@pytest.mark.parametrize("slug", ["dense", "sp24", "block50", "sp24block50"])
def test_tile_agrees_with_the_reference_n16(tmp_path, split, table, slug):
    sim = need("stc_sim-n16")
    p = config.pattern_by_slug(slug)
    base = _small(split, (64, 32, 32, 10))
    masks = prune.masks_for(base.w, p, 16)
    net = base.copy()
    for w, k in zip(net.w, masks):
        w *= k
    o = pipeline.evaluate(net, p, "one-shot", split, M, 16, sim, str(tmp_path), table, keep=True)
    assert o.failure == ""
    assert o.correct_tile == o.correct_int8
    assert o.streams == 3 and o.commands == 2 + 2 + 1
    c = o.counters
    assert c["macs_alg"] == c["macs_actual"] + c["macs_gated"] + c["macs_skipped"]
    if p.mode == "2:4":
        assert c["meta_bytes"] > 0
    work = tmp_path / ("%s-one-shot" % slug)
    assert (work / "l1.vec").exists() and (work / "l3-t00.vec").exists()


def _n4_layer(split):
    """A 2:4 layer of a small network on an N = 4 tile: A = the first M
    images (INT8), W = the first layer pruned 2:4 and quantized."""
    base = _small(split, (64, 16, 8, 10))
    p = config.pattern_by_slug("sp24")
    net = base.copy()
    for w, k in zip(net.w, prune.masks_for(base.w, p, 4)):
        w *= k
    return net, p


def test_n4_pipeline_passes_on_the_good_tile(tmp_path, split, table):
    sim = need("stc_sim-n4")
    net, p = _n4_layer(split)
    o = pipeline.evaluate(net, p, "one-shot", split, M, 4, sim, str(tmp_path), table)
    assert o.failure == ""
    assert o.correct_tile == o.correct_int8
    assert o.commands == 4 + 2 + 3  # 16/4, 8/4, 10 padded to 12 over 4


def test_n4_broken_rtl_is_caught(tmp_path, split, table):
    """tb/bugs/01 (swapped 2:4 mux inputs): the lockstep runner exits 1 on
    the layer's stream, so the accuracy path reports FAIL, not a number."""
    good, bug = need("stc_sim-n4"), need("stc_sim-n4-bug")
    net, p = _n4_layer(split)
    qm = quant.quantize_mlp(net, split.x_train, 4)
    layer = qm.layers[0]
    cmds = tilecmd.layer_commands(split.q_test[:M], layer.w_q, layer.b_q, 4, "2:4")
    f = str(tmp_path / "l1.vec")
    vecfile.write_stream(f, cmds, "acc-n4", 1)
    assert runner.run_sim(good, [f], str(tmp_path / "g.csv")).rc == 0
    r = runner.run_sim(bug, [f], str(tmp_path / "b.csv"))
    assert r.rc == 1, r.log
    assert "MISMATCH" in r.log or "FAIL" in r.log
    o = pipeline.evaluate(net, p, "one-shot", split, M, 4, bug, str(tmp_path / "w"), table)
    assert o.correct_tile is None
    assert "layer 1" in o.failure and "exit 1" in o.failure


def test_missing_runner_is_a_setup_error(tmp_path, split, table):
    net, p = _n4_layer(split)
    with pytest.raises(runner.SetupError):
        pipeline.evaluate(net, p, "one-shot", split, M, 4, str(tmp_path / "nope"),
                          str(tmp_path), table)


def test_energy_table_is_the_reports():
    t = energy.load_table()
    assert (t.mul8, t.add8, t.add32, t.sram) == (0.2, 0.03, 0.1, 1.25)
    row = {"macs_actual": 10, "macs_gated": 4, "m": 2, "n": 16, "bias": 1, "nblk": 3,
           "skipped_blocks": 1, "w_bytes": 100, "meta_bytes": 8, "a_bytes": 64}
    want = 10 * 0.3 + 14 * 0.03 + 2 * 2 * 16 * 0.1 + (100 + 8 + 64 + 4 * 2 * 16 * 2) * 1.25
    assert abs(energy.command_energy_pj(t, row) - want) < 1e-9
    assert np.isclose(want, 3.0 + 0.42 + 6.4 + 535.0)
