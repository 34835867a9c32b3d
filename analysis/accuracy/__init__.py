# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Accuracy of a real network, pruned each way, run on the verified tile.

A small ReLU MLP is trained on scikit-learn's digits in NumPy, pruned
(dense, 2:4, block skip, unstructured, 2:4 + block), optionally fine-tuned
with its mask fixed, quantized to INT8, and every layer's GEMM is run as
version-2 command streams through the lockstep runner (RTL against the
golden model, every cycle). The report puts top-1 accuracy beside the
tile's cycles, MACs, bytes and energy.

Entry points: ``analysis/accuracy/run.py`` or ``python3 -m analysis.accuracy``
(see :mod:`analysis.accuracy.cli`); docs/accuracy.md explains the scheme.
"""

import os as _os

# One BLAS thread, set before NumPy is first imported: the float training
# must give the same bits on every run (a multi-threaded BLAS may split a
# sum differently), and the machine is shared.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS",
             "BLIS_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    _os.environ[_var] = "1"
