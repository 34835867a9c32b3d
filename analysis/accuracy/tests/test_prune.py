# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Pruning masks and the 2:4 compression (docs/architecture.md section 2)."""
import itertools

import numpy as np
import pytest

from analysis.accuracy import config, prune, tilecmd


def _w(k=64, o=48, seed=1):
    return np.random.RandomState(seed).standard_normal((k, o))


def test_24_keeps_exactly_two_of_every_four_along_k():
    w = _w()
    m = prune.mask_24(w)
    assert m.shape == w.shape
    assert (m.reshape(16, 4, 48).sum(axis=1) == 2).all()
    # the two kept are the two largest |w| of the group
    g = np.abs(w).reshape(16, 4, 48)
    kept = np.where(m.reshape(16, 4, 48), g, np.inf).min(axis=1)
    dropped = np.where(m.reshape(16, 4, 48), -np.inf, g).max(axis=1)
    assert (kept >= dropped).all()


def test_24_ties_go_to_the_lower_index():
    w = np.array([[1.0], [1.0], [1.0], [1.0], [0.0], [-3.0], [3.0], [0.0]])
    assert prune.mask_24(w)[:, 0].tolist() == [True, True, False, False,
                                               False, True, True, False]


def test_block_prune_zeroes_whole_blocks():
    w = _w(64, 40)  # 4 K-blocks x 3 column tiles (the last one 8 real columns)
    for frac in (0.5, 0.75, 0.9):
        m = prune.mask_block(w, 16, 16, frac)
        dropped = 0
        for b in range(4):
            for t in range(3):
                blk = m[b * 16:(b + 1) * 16, t * 16:min(40, (t + 1) * 16)]
                assert blk.all() or not blk.any()  # whole blocks only
                dropped += not blk.any()
        assert dropped == min(round(frac * 12), 12 - 3)  # each tile keeps one block


def test_block_prune_keeps_each_tiles_largest_block():
    w = np.full((64, 32), 0.01)
    w[:, 16:] = 5.0  # tile 1 dominates: a global ranking alone would empty tile 0
    w[32:48, :16] = 0.02  # tile 0's largest block is block 2
    m = prune.mask_block(w, 16, 16, 0.75)
    assert m[32:48, :16].all() and not m[:32, :16].any() and not m[48:, :16].any()
    # 6 of 8 dropped: tile 0's three small ones, then tile 1's blocks 1..3
    # (its block 0 is its largest, first on ties)
    assert m[:16, 16:].all() and not m[16:, 16:].any()


def test_a_layer_of_one_k_block_is_never_block_pruned_and_k_is_padded():
    w = _w(9, 16)  # a 3x3 convolution on one input channel: K = 9
    for kind, frac in (("block", 0.9), ("24block", 0.5)):
        pat = config.Pattern("x", "x", kind, frac, "dense")
        m = prune.layer_mask(w, pat, 16)
        assert m.shape == (9, 16)
        assert m.all() if kind == "block" else m.sum() == prune.mask_24(
            np.vstack([w, np.zeros((3, 16))]))[:9].sum()
    m24 = prune.layer_mask(w, config.Pattern("2:4", "sp24", "24", 0.5, "2:4"), 16)
    assert m24[8].all()  # row 8's group (rows 8..11) has one real row: it is kept


def test_block_prune_removes_the_smallest_norms():
    w = np.ones((32, 16))
    w[16:, :] = 0.1  # block 1 is smaller
    m = prune.mask_block(w, 16, 16, 0.5)
    assert m[:16].all() and not m[16:].any()


def test_unstructured_count():
    w = _w(64, 32)
    for frac in (0.5, 0.75, 0.9):
        m = prune.mask_unstructured(w, frac)
        assert (~m).sum() == round(frac * w.size)
        assert np.abs(w[~m]).max() <= np.abs(w[m]).min()


def test_24block_is_24_with_whole_2x_blocks_zeroed():
    p = config.pattern_by_slug("sp24block50")
    w = _w(128, 32)
    m = prune.layer_mask(w, p, 16)
    assert (m.reshape(32, 4, 32).sum(axis=1) <= 2).all()
    alive = m.reshape(4, 32, 2, 16).any(axis=(1, 3))
    assert alive.sum() == 4  # half of the 8 blocks of 32 rows x 16 columns
    assert abs((~m).mean() - 0.75) < 1e-12


def test_legal_codes_are_the_documents_table():
    want = {(0, 1): 0x4, (0, 2): 0x8, (0, 3): 0xC, (1, 2): 0x9, (1, 3): 0xD, (2, 3): 0xE}
    assert tilecmd.LEGAL_CODES == want
    for (lo, hi), code in want.items():
        assert code == lo | hi << 2
        g = np.zeros(4, dtype=np.int64)
        g[lo], g[hi] = 5, -7
        assert tilecmd.group_code(g) == (code, 5, -7)


@pytest.mark.parametrize("pos,code", [(None, 0x4), (0, 0x4), (1, 0x4), (2, 0x8), (3, 0xC)])
def test_canonical_codes_of_sparse_groups(pos, code):
    g = np.zeros(4, dtype=np.int64)
    if pos is not None:
        g[pos] = 9
    c, lo, hi = tilecmd.group_code(g)
    assert c == code
    assert sorted([lo, hi]) == sorted([9 if pos is not None else 0, 0])


def test_three_nonzeros_are_refused():
    with pytest.raises(ValueError):
        tilecmd.group_code(np.array([1, 2, 3, 0]))
    w = np.zeros((32, 16), dtype=np.int64)
    w[4:7, 3] = 1
    with pytest.raises(ValueError, match="block 0, group 1, column 3"):
        tilecmd.compress_24(w, 16)


def test_compress_round_trip_and_packing():
    rng = np.random.RandomState(7)
    n = 16
    w = rng.randint(-127, 128, size=(64, n))
    w = w * prune.mask_24(w.astype(float))
    kept, meta = tilecmd.compress_24(w, n)
    assert kept.shape == (32, n) and meta.shape == (2, n)
    assert np.array_equal(tilecmd.decompress_24(kept, meta, n), w)
    for b, g, c in itertools.product(range(2), range(n // 2), range(n)):
        nib = (int(meta[b, c]) >> (4 * g)) & 0xF
        lo, hi = nib & 3, nib >> 2
        rows = w[b * 2 * n + 4 * g: b * 2 * n + 4 * g + 4, c]
        assert kept[b * n + 2 * g, c] == rows[lo]
        assert kept[b * n + 2 * g + 1, c] == rows[hi]
        assert nib in tilecmd.LEGAL_CODES.values()
