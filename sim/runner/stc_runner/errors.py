# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The runner's errors: every one is a verdict of 2, never a pass."""

from __future__ import annotations


class SetupError(Exception):
    """Bad input or a failure to run, read or write: verdict 2."""


class Interrupted(SetupError):
    """SIGINT or SIGTERM: every child stopped, verdict 2."""
