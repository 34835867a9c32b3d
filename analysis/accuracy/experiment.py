# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The Fashion-MNIST experiment (issue 45), one configuration at a time.

A configuration is (network, pattern, training, seed). For each seed the
dense network is trained from scratch; each pattern's one-shot network is
it with the pattern's masks applied, its fine-tuned network continues
from it with the masks fixed. Each configuration is quantized to INT8 and
checked on the tile in two ways:

- the whole test set on the golden model alone: every layer's GEMM is
  written as a binary layer file with its NumPy INT8 result as the
  expected C, and ``build/stc_gemm`` runs every command through the
  cycle-accurate model and checks every row (exit 0: the model computed
  the reference, bit for bit, on all 10,000 images); its per-command
  counters give the cycles, MACs and bytes;
- a lockstep sample: the first ``LOCKSTEP_SAMPLE`` test images through
  the lockstep runner (the Verilated RTL against the model, every cycle,
  every row against the reference); ``lockstep_all`` configurations run
  the whole test set that way.
"""
from __future__ import annotations

import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from typing import Dict, List, Sequence, TextIO, Tuple

import numpy as np

from . import config, layerfile, net
from .config import Network, Pattern
from .dataset import ImageSplit
from .energy import command_energy_pj, load_table
from .lockstep import SUM_COLUMNS, TileGemm, TileMismatch
from .prune import layer_mask, masks_for
from .quant import QModel, gemm_int32, int8_forward, predict, quantize_net
from .runner import CsvRow, SetupError
from .tilecmd import kd_of, pad_k

Key = Tuple[str, str]  # (pattern slug, training)


def seed_triple(seed: int) -> Tuple[int, int, int]:
    """The initialisation, training-order and fine-tuning seeds of a
    training seed (documented in docs/accuracy.md)."""
    return 1000 * seed + 1, 1000 * seed + 2, 1000 * seed + 3


def train_family(split: ImageSplit, nw: Network, patterns: Sequence[Pattern], seed: int, n: int,
                 log: TextIO = sys.stderr) -> Dict[Key, net.Net]:
    """Dense trained from scratch, then every pattern one-shot and
    fine-tuned (dense "fine-tuned" is dense trained the same extra epochs,
    the control of the training budget)."""
    init_seed, train_seed, ft_seed = seed_triple(seed)
    x, y = split.x_train, split.y_train
    base = net.train(net.init_net(nw.specs, init_seed), x, y, nw.epochs, nw.lr, nw.batch,
                     train_seed)
    print("accuracy: %s seed %d: dense trained, %d epochs" % (nw.slug, seed, nw.epochs),
          file=log, flush=True)
    out: Dict[Key, net.Net] = {}
    for p in patterns:
        masks = None if p.kind == "dense" else masks_for(base.w, p, n)
        one = base.copy()
        if masks is not None:
            for w, k in zip(one.w, masks):
                w *= k
        out[(p.slug, "one-shot")] = one
        out[(p.slug, "fine-tuned")] = net.train(base, x, y, nw.ft_epochs, nw.lr, nw.batch,
                                                ft_seed, masks)
    return out


def sensitivity_nets(split: ImageSplit, base: net.Net, nw: Network, pattern: Pattern, seed: int,
                     n: int) -> List[net.Net]:
    """For each layer, ``base`` with that layer alone pruned by
    ``pattern`` and fine-tuned with the masks fixed."""
    _, _, ft_seed = seed_triple(seed)
    outs = []
    for li in range(len(base.w)):
        masks = [np.ones(w.shape, dtype=bool) for w in base.w]
        masks[li] = layer_mask(base.w[li], pattern, n)
        outs.append(net.train(base, split.x_train, split.y_train, nw.ft_epochs, nw.lr, nw.batch,
                              ft_seed, masks))
    return outs


@dataclass
class LayerGemm:
    """One layer's GEMM as the reference computed it."""

    a: np.ndarray
    w: np.ndarray
    bias: np.ndarray
    c: np.ndarray


class RecordingGemm:
    """The NumPy reference gemm, keeping every layer's operands."""

    def __init__(self) -> None:
        self.layers: List[LayerGemm] = []

    def __call__(self, layer: int, a: np.ndarray, w: np.ndarray, bias: np.ndarray) -> np.ndarray:
        c = gemm_int32(a, w, bias)
        self.layers.append(LayerGemm(a, w, bias, c))
        return c


@dataclass
class ModelRun:
    """What the model-alone run of the whole test set gave."""

    acc: np.ndarray            # the last layer's INT32 result, every image
    inputs: List[np.ndarray]   # every layer's INT8 A
    counters: Dict[str, int] = field(default_factory=dict)
    commands: int = 0
    energy_pj: float = 0.0


def run_on_model(qm: QModel, q: np.ndarray, modes: Sequence[str], n: int, stc_gemm: str,
                 workdir: str) -> ModelRun:
    """Every layer of the INT8 network on ``q`` through ``stc_gemm``.

    The reference is computed first (NumPy); each layer's A, W, bias and
    its reference C go into a binary layer file (K padded to whole
    K-blocks); stc_gemm must pass all of them (exit 1: TileMismatch).
    """
    rec = RecordingGemm()
    inputs, acc = int8_forward(qm, q, rec)
    os.makedirs(workdir, exist_ok=True)
    paths = []
    for i, lg in enumerate(rec.layers):
        a, w = pad_k(lg.a, lg.w, kd_of(modes[i], n))
        p = os.path.join(workdir, "l%d.bin" % (i + 1))
        layerfile.write_layer(p, a, w, lg.bias, lg.c, n, modes[i], config.M_MAX)
        paths.append(p)
    res = layerfile.run_model(stc_gemm, paths, os.path.join(workdir, "model.csv"))
    if res.rc != 0:
        raise TileMismatch("stc_gemm exit %d on %s\n%s" % (res.rc, workdir, res.log))
    energy = sum(command_energy_pj(load_table(), r) for r in res.rows)
    return ModelRun(acc, inputs, counters_of(res.rows), len(res.rows), energy)


def run_in_lockstep(qm: QModel, q: np.ndarray, modes: Sequence[str], n: int, runner: str,
                    workdir: str, cls: str) -> np.ndarray:
    """The INT8 network on ``q`` with every layer a stream through the
    lockstep runner (exit 1: TileMismatch); returns the last layer's
    result, which exit 0 makes the reference's."""
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    gemm = TileGemm(modes, n, runner, workdir, cls)
    _, acc = int8_forward(qm, q, gemm)
    return acc


@dataclass
class Config:
    """One configuration's outcome on the whole test set."""

    network: str
    pattern: Pattern
    training: str
    seed: int
    n_test: int
    correct_float: int
    ok: np.ndarray              # per image: the INT8 network on the tile is right
    w_zeros: float              # of the real weights, INT8
    layer_w_zeros: List[float]  # per layer
    a_zeros: List[float]        # per layer: zeros in the INT8 A the tile got
    counters: Dict[str, int]
    commands: int
    lockstep_images: int        # images run in lockstep (the rest on the model alone)
    energy_pj: float = 0.0
    seconds_model: float = 0.0
    seconds_lockstep: float = 0.0

    @property
    def correct(self) -> int:
        return int(np.sum(self.ok))


def layer_modes(pattern: Pattern, training: str, layers: int) -> Tuple[str, ...]:
    """The tile mode of each layer: the pattern's, except for a layer
    pruned alone (training "layer L"): that one in the pattern's mode, the
    others dense."""
    if training.startswith("layer "):
        li = int(training.split()[-1]) - 1
        return tuple(pattern.mode if i == li else "dense" for i in range(layers))
    return (pattern.mode,) * layers


def evaluate(model: net.Net, nw: Network, pattern: Pattern, training: str, seed: int,
             split: ImageSplit, n: int, stc_gemm: str, runner: str, workroot: str,
             lockstep_images: int) -> Config:
    """Quantize ``model``, run the test set on the model alone and the
    first ``lockstep_images`` in lockstep; both must equal the reference."""
    qm = quantize_net(model, split.x_train[:config.CALIB_IMAGES], split.in_scale, n)
    modes = layer_modes(pattern, training, len(qm.layers))
    tag = {"fine-tuned": "ft", "one-shot": "os"}.get(training, training.replace("layer ", "l"))
    name = "%s-%s-%s-s%d" % (nw.slug, pattern.slug, tag, seed)
    work = os.path.join(workroot, name)
    t0 = time.time()
    mr = run_on_model(qm, split.q_test, modes, n, stc_gemm, os.path.join(work, "model"))
    t1 = time.time()
    if lockstep_images:
        acc_ls = run_in_lockstep(qm, split.q_test[:lockstep_images], modes, n, runner,
                                 os.path.join(work, "lockstep"), "acc-" + name[:40])
        if not np.array_equal(acc_ls, mr.acc[:lockstep_images]):
            raise SetupError("internal: %s: the lockstep result differs from the reference" % name)
    t2 = time.time()
    shutil.rmtree(work, ignore_errors=True)
    ok = predict(qm, mr.acc) == split.y_test
    correct_float = int(np.sum(net.predict(model, split.x_test) == split.y_test))
    real = [q.w_q[:, : q.out] for q in qm.layers]
    w_zeros = sum(int(np.count_nonzero(w == 0)) for w in real) / sum(w.size for w in real)
    return Config(nw.slug, pattern, training, seed, int(split.y_test.size), correct_float, ok,
                  w_zeros, [_zeros(w) for w in real], [_zeros(a) for a in mr.inputs],
                  mr.counters, mr.commands, lockstep_images, mr.energy_pj, t1 - t0, t2 - t1)


def _zeros(x: np.ndarray) -> float:
    return float(np.count_nonzero(x == 0)) / x.size


def counters_of(rows: Sequence[CsvRow]) -> Dict[str, int]:
    """Per-command CSV rows summed over :data:`lockstep.SUM_COLUMNS`."""
    return {c: sum(int(r[c] or 0) for r in rows) for c in SUM_COLUMNS}


def lockstep_for(pattern: Pattern, training: str, seed: int, n_test: int) -> int:
    """Images run in lockstep: the whole test set for dense and 2:4
    fine-tuned of the first seed, ``LOCKSTEP_SAMPLE`` otherwise."""
    if pattern.slug in ("dense", "sp24") and training == "fine-tuned" and seed == config.SEEDS[0]:
        return n_test
    return min(config.LOCKSTEP_SAMPLE, n_test)
