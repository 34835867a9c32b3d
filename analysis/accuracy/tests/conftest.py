# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Shared set-up of the accuracy tests: the package on sys.path, the
repository's binaries (tests that need one are skipped when it is absent;
build them with make)."""
import importlib
import os
import sys

import pytest

sys.dont_write_bytecode = True
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# The package first: it sets one BLAS thread before NumPy is loaded.
importlib.import_module("analysis.accuracy")

BUILD = os.environ.get("BUILD", "build")


def binary(name: str) -> str:
    """Absolute path of build/NAME (BUILD from the environment)."""
    return os.path.join(ROOT, BUILD, name)


def need(name: str) -> str:
    """The binary, or skip the test naming the make target."""
    p = binary(name)
    if not (os.path.isfile(p) and os.access(p, os.X_OK)):
        pytest.skip("%s absent (make %s)" % (p, os.path.join(BUILD, name)))
    return p


def small_fashion(n_train: int = 1500, n_test: int = 48):
    """The first images of Fashion-MNIST (skip the test when the Debian
    package is absent: make deps installs it)."""
    from analysis.accuracy import dataset

    try:
        d = dataset.load_fashion()
    except dataset.DataError as e:
        pytest.skip(str(e))
    return dataset.ImageSplit(d.name, d.side, d.lv_train[:n_train], d.y_train[:n_train],
                              d.lv_test[:n_test], d.y_test[:n_test], d.in_scale)
