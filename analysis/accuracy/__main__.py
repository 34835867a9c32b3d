# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""``python3 -m analysis.accuracy``: the same as analysis/accuracy/run.py."""
import sys

sys.dont_write_bytecode = True

from analysis.accuracy.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
