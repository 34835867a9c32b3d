# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The data: Fashion-MNIST's IDX files as Debian's dataset-fashion-mnist
installs them (nothing downloaded), read and checked here."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: Where Debian's dataset-fashion-mnist installs the four IDX files.
FASHION_DIR: str = "/usr/share/datasets/fashion-mnist"
FASHION_FILES = {"train": ("train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz"),
                 "test": ("t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz")}
#: Fashion-MNIST's classes, by label.
FASHION_CLASSES = ("T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt",
                   "Sneaker", "Bag", "Ankle boot")


@dataclass(frozen=True)
class ImageSplit:
    """Images as INT8 input levels (0..127, one image per row, NHWC for a
    convolution) and labels, the float input being ``level * in_scale``:
    the float network trains on exactly the values the tile gets, so the
    input costs no quantization."""

    name: str
    side: int
    lv_train: np.ndarray
    y_train: np.ndarray
    lv_test: np.ndarray
    y_test: np.ndarray
    in_scale: float

    @property
    def x_train(self) -> np.ndarray:
        return (self.lv_train * self.in_scale).astype(np.float32)

    @property
    def x_test(self) -> np.ndarray:
        return (self.lv_test * self.in_scale).astype(np.float32)

    @property
    def q_test(self) -> np.ndarray:
        return self.lv_test.astype(np.int64)


class DataError(Exception):
    """A missing or malformed dataset file (exit 2, naming the file)."""


def read_idx(path: str, ndim: int) -> np.ndarray:
    """An IDX file (gzip'd) of unsigned bytes with ``ndim`` dimensions."""
    import gzip

    try:
        with gzip.open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise DataError("%s: cannot read (%s); install Debian's dataset-fashion-mnist "
                        "(make deps, or scripts/deps.sh accuracy)" % (path, e)) from None
    head = 4 + 4 * ndim
    if len(data) < head or data[:3] != b"\0\0\x08" or data[3] != ndim:
        raise DataError("%s: offset 0: not an IDX file of unsigned bytes with %d dimensions"
                        % (path, ndim))
    dims = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(ndim)]
    want = head + int(np.prod(dims))
    if len(data) != want:
        raise DataError("%s: offset %d: %d bytes, the header's dimensions %r need %d"
                        % (path, min(len(data), want), len(data), dims, want))
    return np.frombuffer(data, dtype=np.uint8, offset=head).reshape(dims)


def load_fashion(root: str = FASHION_DIR) -> ImageSplit:
    """Fashion-MNIST's 60,000 training and 10,000 test images, 28 x 28.

    A pixel p (0..255) is the INT8 level p >> 1 (0..127; the tile's
    operands are signed), the float input level / 127.
    """
    import os

    parts = {}
    for part, (img_name, lab_name) in FASHION_FILES.items():
        img = read_idx(os.path.join(root, img_name), 3)
        lab = read_idx(os.path.join(root, lab_name), 1)
        if img.shape[0] != lab.shape[0] or img.shape[1:] != (28, 28) or lab.max() > 9:
            raise DataError("%s: %r images for %r labels (want 28 x 28, labels 0..9)"
                            % (os.path.join(root, img_name), img.shape, lab.shape))
        parts[part] = (img.reshape(img.shape[0], -1).astype(np.int64) >> 1,
                       lab.astype(np.int64))
    return ImageSplit("fashion-mnist", 28, parts["train"][0], parts["train"][1],
                      parts["test"][0], parts["test"][1], 1.0 / 127)
