# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""``python3 -m analysis.report``: see :mod:`analysis.report.cli`."""
import sys

sys.dont_write_bytecode = True

from analysis.report.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
