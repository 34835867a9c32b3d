# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""A layer's GEMM through the lockstep runner (the Verilated RTL against
the golden model, every cycle), as the gemm of quant.int8_forward.

Each layer is written as version-2 command streams (every batch of up to
M_MAX rows, one command per N columns, back to back, at most
at most STREAM_BYTES a file) and run by ``build/stc_sim-nN``; only
when every stream passes (each row equal to the integer reference) does
the host requantize the result into the next layer's A. The counters of
the study come from the model-alone run (stc_gemm), whose per-command CSV
tests/test_stc_gemm.py checks against this runner's.
"""
from __future__ import annotations

import os
from typing import Sequence

import numpy as np

from . import config
from .runner import run_sim
from .tilecmd import kd_of, layer_commands, pad_k
from .vecfile import write_stream

#: Counters summed over a configuration's commands (stc_sim CSV names).
SUM_COLUMNS = ("cycles", "macs_alg", "macs_actual", "macs_gated", "macs_skipped", "w_bytes",
               "meta_bytes", "a_bytes", "nblk", "skipped_blocks")

#: Bytes of text a stream file may hold: the readers refuse a file over
#: 64 MiB (vectors/stc_vec.c), and a convolution over thousands of images
#: is thousands of commands.
STREAM_BYTES = 48 << 20


def command_bytes(m: int, k: int, n: int, mode: str, bias: bool) -> int:
    """An upper bound of one command's text: A (3 characters a value), W
    or its kept half with metadata, BIAS and C (9 a value), headers."""
    w = (k // 2 * n * 3 + k // (2 * n) * n * (n // 2 + 1)) if mode == "2:4" else k * n * 3
    return m * k * 3 + w + (2 if bias else 1) * m * n * 9 + 512


def stream_commands(m: int, k: int, n: int, mode: str, bias: bool) -> int:
    """Commands per stream file, so that none exceeds STREAM_BYTES."""
    return max(1, STREAM_BYTES // command_bytes(m, k, n, mode, bias))


class TileMismatch(Exception):
    """The runner exited 1: the RTL and the model (or the reference) disagree."""


class TileGemm:
    """The gemm of :func:`quant.int8_forward` that runs on the tile, each
    layer in its own mode (``modes[layer]``: "dense" or "2:4"); K is padded
    to whole K-blocks (:func:`tilecmd.pad_k`)."""

    def __init__(self, modes: Sequence[str], n: int, runner: str, workdir: str, cls: str):
        if isinstance(modes, str):
            raise TypeError("TileGemm: one mode per layer, not %r" % modes)
        self.modes, self.n, self.runner, self.workdir, self.cls = modes, n, runner, workdir, cls
        self.streams = 0
        self.commands = 0

    def __call__(self, layer: int, a: np.ndarray, w: np.ndarray, bias: np.ndarray) -> np.ndarray:
        mode = self.modes[layer]
        a, w = pad_k(a, w, kd_of(mode, self.n))
        cmds = layer_commands(a, w, bias, self.n, mode)
        base = os.path.join(self.workdir, "l%d" % (layer + 1))
        per = stream_commands(min(a.shape[0], config.M_MAX), a.shape[1], self.n, mode,
                              bias is not None)
        for i in range(0, len(cmds), per):
            stream = base + (".vec" if len(cmds) <= per else "-%04d.vec" % (i // per))
            write_stream(stream, cmds[i:i + per], self.cls, config.SEED)
            rs = run_sim(self.runner, [stream], stream[:-len(".vec")] + ".csv")
            if rs.rc != 0:
                raise TileMismatch("layer %d stream %s: runner exit %d\n%s"
                                   % (layer + 1, stream, rs.rc, rs.log))
            self.streams += 1
        self.commands += len(cmds)
        # Exit 0: the tile's rows equal every command's C, so the tile's
        # result is the reference's, bit for bit. Commands go batch by
        # batch, and within a batch column tile by column tile.
        tiles = w.shape[1] // self.n
        return np.concatenate([np.concatenate([c.c for c in cmds[i:i + tiles]], axis=1)
                               for i in range(0, len(cmds), tiles)], axis=0)
