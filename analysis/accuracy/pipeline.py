# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The experiment: train, prune, fine-tune, quantize, run on the tile.

For every pattern and training regime the INT8 network's test batch is
run layer by layer: each layer's commands are written as one version-2
stream (and, for per-command counters, as version-1 vectors), both are run
through the lockstep runner, and only when the runner passes (the tile's
rows equal the integer reference, every command) does the host
requantize that result into the next layer's A.
"""
from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, TextIO

import numpy as np

from . import config
from .config import Pattern
from .dataset import Split
from .energy import EnergyTable, command_energy_pj
from .mlp import MLP, accuracy, forward, init_mlp, train
from .prune import masks_for
from .quant import int8_forward, predict, quantize_mlp
from .runner import CsvRow, SetupError, run_sim
from .tilecmd import TileCommand, kd_of, layer_commands, pad_k
from .vecfile import write_stream, write_vectors

#: Counters summed over a configuration's commands (stc_sim CSV names).
SUM_COLUMNS = ("cycles", "macs_alg", "macs_actual", "macs_gated", "macs_skipped", "w_bytes",
               "meta_bytes", "a_bytes", "nblk", "skipped_blocks")


@dataclass
class Training:
    """Training hyper-parameters (defaults: :mod:`config`)."""

    widths: Sequence[int] = config.WIDTHS
    epochs: int = config.EPOCHS
    ft_epochs: int = config.FT_EPOCHS
    lr: float = config.LR
    ft_lr: float = config.FT_LR
    batch: int = config.BATCH
    init_seed: int = config.INIT_SEED
    train_seed: int = config.TRAIN_SEED
    ft_seed: int = config.FT_SEED


class TileMismatch(Exception):
    """The runner exited 1: the RTL and the model (or the reference) disagree."""


@dataclass
class Outcome:
    """Everything the report says about one (pattern, training)."""

    pattern: Pattern
    training: str
    m: int
    correct_float: int
    correct_int8: int
    correct_tile: Optional[int]          # None: the tile run failed
    w_zeros: List[float]                 # per layer, real columns, INT8 W
    w_zero_total: float
    a_zeros: List[float]                 # per layer, the INT8 A the tile got
    counters: Dict[str, int] = field(default_factory=dict)
    sector_bytes_moved: int = 0
    energy_pj: float = 0.0
    streams: int = 0                     # layer streams run (and passed)
    commands: int = 0                    # commands in them
    failure: str = ""


def train_models(split: Split, patterns: Sequence[Pattern], n: int,
                 tr: Training = Training(), log: TextIO = sys.stdout) -> Dict[tuple, MLP]:
    """The float networks: ``{(pattern slug, training): MLP}``.

    Dense is trained from scratch; each pattern's one-shot network is
    dense with its masks applied (no retraining); its fine-tuned network
    continues from dense for ``ft_epochs`` with the masks fixed. Dense
    "fine-tuned" is dense trained the same extra epochs without a mask
    (the control: the same training budget).
    """
    x, y = split.x_train, split.y_train
    base = train(init_mlp(tr.widths, tr.init_seed), x, y, tr.epochs, tr.lr, tr.batch, tr.train_seed)
    print("trained dense: %d epochs, train accuracy %.4f" % (tr.epochs, accuracy(base, x, y)),
          file=log, flush=True)
    out: Dict[tuple, MLP] = {}
    for p in patterns:
        masks = None if p.kind == "dense" else masks_for(base.w, p, n)
        one = base.copy()
        if masks is not None:
            for w, k in zip(one.w, masks):
                w *= k
        out[(p.slug, "one-shot")] = one
        out[(p.slug, "fine-tuned")] = train(base, x, y, tr.ft_epochs, tr.ft_lr, tr.batch,
                                            tr.ft_seed, masks)
    return out


def _zeros(x: np.ndarray) -> float:
    return float(np.count_nonzero(x == 0)) / x.size


class TileGemm:
    """The gemm of :func:`quant.int8_forward` that runs on the tile.

    Each layer is one version-2 stream (every batch of up to M_MAX rows,
    one command per N columns, back to back) run through the lockstep
    runner; with ``singles`` also each command as its own vector, for the
    per-command counters a stream's CSV row leaves empty. K is padded to
    whole K-blocks (:func:`tilecmd.pad_k`).
    """

    def __init__(self, mode: str, n: int, runner: str, workdir: str, cls: str,
                 singles: bool = True):
        self.mode, self.n, self.runner, self.workdir, self.cls = mode, n, runner, workdir, cls
        self.singles = singles
        self.rows: List[CsvRow] = []
        self.streams = 0
        self.commands = 0

    def __call__(self, layer: int, a: np.ndarray, w: np.ndarray, bias: np.ndarray) -> np.ndarray:
        a, w = pad_k(a, w, kd_of(self.mode, self.n))
        cmds = layer_commands(a, w, bias, self.n, self.mode)
        base = os.path.join(self.workdir, "l%d" % (layer + 1))
        stream = base + ".vec"
        write_stream(stream, cmds, self.cls, config.SEED)
        # The layer as one stream, back to back, without a reset ...
        rs = run_sim(self.runner, [stream], base + "-stream.csv")
        if rs.rc != 0:
            raise TileMismatch("layer %d stream %s: runner exit %d\n%s"
                               % (layer + 1, stream, rs.rc, rs.log))
        if self.singles:
            self._run_singles(layer, base, cmds, rs.rows)
        self.streams += 1
        self.commands += len(cmds)
        # Exit 0: the tile's rows equal every command's C, so the tile's
        # result is the reference's, bit for bit.
        tiles = w.shape[1] // self.n
        return np.concatenate([np.concatenate([c.c for c in cmds[i:i + tiles]], axis=1)
                               for i in range(0, len(cmds), tiles)], axis=0)

    def _run_singles(self, layer: int, base: str, cmds: List[TileCommand],
                     stream_rows: List[CsvRow]) -> None:
        """Each command alone, for its own counters."""
        singles = ["%s-t%02d.vec" % (base, t) for t in range(len(cmds))]
        write_vectors(singles, cmds, self.cls, config.SEED)
        rc = run_sim(self.runner, singles, base + "-cmds.csv")
        if rc.rc != 0:
            raise TileMismatch("layer %d commands: runner exit %d\n%s" % (layer + 1, rc.rc, rc.log))
        # The stream's sector transactions (whole run, docs/architecture.md
        # section 10) must be its commands' sum: the same beats were read.
        for col in ("w_sectors", "meta_sectors", "a_sectors"):
            tot = sum(r[col] for r in rc.rows)
            got = sum(r[col] for r in stream_rows)
            if tot != got:
                raise SetupError("layer %d: %s of the stream (%d) != sum over its commands (%d)"
                                 % (layer + 1, col, got, tot))
        self.rows.extend(rc.rows)


def evaluate(model: MLP, pattern: Pattern, training: str, split: Split, m: int, n: int,
             runner: str, workroot: str, energy: EnergyTable, keep: bool = False) -> Outcome:
    """Quantize ``model``, run the first ``m`` test images on the tile."""
    qm = quantize_mlp(model, split.x_train, n)
    x, q, y = split.x_test[:m], split.q_test[:m], split.y_test[:m]
    correct_float = int(np.sum(np.argmax(forward(model, x)[-1], axis=1) == y))
    inputs, acc = int8_forward(qm, q)
    correct_int8 = int(np.sum(predict(qm, acc) == y))
    w_zeros = [_zeros(layer.w_q[:, : layer.out]) for layer in qm.layers]
    sizes = [layer.w_q[:, : layer.out].size for layer in qm.layers]
    o = Outcome(pattern, training, m, correct_float, correct_int8, None, w_zeros,
                sum(z * s for z, s in zip(w_zeros, sizes)) / sum(sizes),
                [_zeros(a) for a in inputs])
    workdir = os.path.join(workroot, "%s-%s" % (pattern.slug, training))
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    cls = "acc-%s-%s" % (pattern.slug, "ft" if training == "fine-tuned" else "os")
    gemm = TileGemm(pattern.mode, n, runner, workdir, cls)
    try:
        _, acc_tile = int8_forward(qm, q, gemm)
    except TileMismatch as e:
        o.failure = str(e)
        return o
    if not np.array_equal(acc_tile, acc):
        raise SetupError("internal: the tile path's reference differs from the NumPy reference")
    o.correct_tile = int(np.sum(predict(qm, acc_tile) == y))
    o.counters = {c: sum(r[c] for r in gemm.rows) for c in SUM_COLUMNS}
    o.sector_bytes_moved = sum((r["w_sectors"] + r["meta_sectors"] + r["a_sectors"])
                               * r["sector_bytes"] for r in gemm.rows)
    o.energy_pj = sum(command_energy_pj(energy, r) for r in gemm.rows)
    o.streams, o.commands = gemm.streams, gemm.commands
    if not keep:
        shutil.rmtree(workdir, ignore_errors=True)
    return o

