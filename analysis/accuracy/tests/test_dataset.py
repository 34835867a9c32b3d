# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Fashion-MNIST from Debian's files, and clear errors on bad ones."""
import gzip
import os

import numpy as np
import pytest

from analysis.accuracy import dataset


def _write_idx(path, arr):
    head = b"\0\0\x08" + bytes([arr.ndim]) + b"".join(int(d).to_bytes(4, "big") for d in arr.shape)
    with gzip.open(path, "wb") as f:
        f.write(head + arr.astype(np.uint8).tobytes())


def _fake_root(tmp_path, n_train=6, n_test=4):
    rng = np.random.RandomState(1)
    for part, n in (("train", n_train), ("test", n_test)):
        img, lab = dataset.FASHION_FILES[part]
        _write_idx(str(tmp_path / img), rng.randint(0, 256, size=(n, 28, 28)))
        _write_idx(str(tmp_path / lab), rng.randint(0, 10, size=n))
    return str(tmp_path)


def test_levels_are_half_the_pixels_and_inputs_exact(tmp_path):
    root = _fake_root(tmp_path)
    d = dataset.load_fashion(root)
    with gzip.open(os.path.join(root, dataset.FASHION_FILES["test"][0])) as f:
        pix = np.frombuffer(f.read()[16:], dtype=np.uint8).reshape(4, 784)
    assert np.array_equal(d.q_test, pix.astype(np.int64) // 2)
    assert d.q_test.max() <= 127 and d.lv_train.shape == (6, 784)
    assert np.array_equal(np.rint(d.x_test * 127).astype(np.int64), d.q_test)


def test_truncated_file_names_file_and_offset(tmp_path):
    root = _fake_root(tmp_path)
    p = os.path.join(root, dataset.FASHION_FILES["train"][0])
    with gzip.open(p) as f:
        data = f.read()
    with gzip.open(p, "wb") as f:
        f.write(data[:-5])
    with pytest.raises(dataset.DataError, match=r"train-images-idx3-ubyte.gz: offset \d+: "):
        dataset.load_fashion(root)


def test_missing_or_wrong_files(tmp_path):
    with pytest.raises(dataset.DataError, match="cannot read .* dataset-fashion-mnist"):
        dataset.load_fashion(str(tmp_path))
    root = _fake_root(tmp_path)
    _write_idx(os.path.join(root, dataset.FASHION_FILES["test"][1]), np.zeros((4, 2)))
    with pytest.raises(dataset.DataError, match="offset 0: not an IDX file"):
        dataset.load_fashion(root)


@pytest.mark.skipif(not os.path.isdir(dataset.FASHION_DIR), reason="dataset-fashion-mnist absent")
def test_debian_files_are_the_whole_dataset():
    d = dataset.load_fashion()
    assert d.lv_train.shape == (60000, 784) and d.lv_test.shape == (10000, 784)
    assert np.bincount(d.y_test).tolist() == [1000] * 10
