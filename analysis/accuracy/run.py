#!/usr/bin/python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Command-line entry: ``/usr/bin/python3 analysis/accuracy/run.py --help``.

Runs from any directory: the repository root (two levels up) is put on
``sys.path`` so that the package imports as ``analysis.accuracy``.
"""
import os
import sys

sys.dont_write_bytecode = True
_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from analysis.accuracy.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
