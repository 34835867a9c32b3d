# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The whole Fashion-MNIST study, on two worker processes.

Stage 1 trains, per (network, seed), the dense network and every
pattern's fine-tuned one (and, for the first seed, the per-layer
sensitivity networks: each layer alone pruned 2:4 and fine-tuned).
Stage 2 evaluates every configuration (experiment.evaluate): the whole
test set on the golden model alone, a lockstep sample (or the whole test
set) through the RTL. Results are gathered and sorted, so the outputs do
not depend on which worker finished first; each stage's work is
deterministic (seeded, one BLAS thread per process).

Progress goes to stderr: configuration i of n, its accuracy, images per
second on the model and in lockstep.
"""
from __future__ import annotations

import multiprocessing
import os
import sys
import time
from dataclasses import dataclass, replace
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from . import config, dataset, experiment, net
from .config import Network, Pattern

#: Sensitivity: each layer alone pruned with this pattern, fine-tuned.
SENS_SLUG = "sp24"


@dataclass(frozen=True)
class Plan:
    """What one run covers (the whole study, or the --quick subset)."""

    networks: Tuple[Network, ...]
    patterns: Tuple[Pattern, ...]
    seeds: Tuple[int, ...]
    train_images: int           # the first ... of the 60,000 (all: 60000)
    test_images: int            # the first ... of the 10,000
    lockstep_sample: int
    lockstep_whole: Tuple[str, ...]  # pattern slugs run in lockstep on the whole test set
    sensitivity: bool
    jobs: int


def full_plan(jobs: int) -> Plan:
    return Plan(config.NETWORKS, tuple(config.pattern_by_slug(s) for s in config.FASHION_SLUGS),
                config.SEEDS, 60000, 10000, config.LOCKSTEP_SAMPLE, ("dense", "sp24"), True, jobs)


def quick_plan(jobs: int) -> Plan:
    """CI's subset: both networks, dense and 2:4, one seed, one epoch on
    the first 6,000 training images, 500 test images, 100 in lockstep."""
    nets = tuple(replace(n, epochs=1, ft_epochs=1) for n in config.NETWORKS)
    return Plan(nets, tuple(config.pattern_by_slug(s) for s in ("dense", "sp24")),
                config.SEEDS[:1], 6000, 500, 100, ("dense",), False, jobs)


@dataclass
class Result:
    """One configuration's outcome (picklable: crosses processes)."""

    network: str
    pattern: str
    training: str               # one-shot, fine-tuned, or "layer L" (sensitivity)
    seed: int
    mode: str
    n_test: int
    ok: np.ndarray
    correct_float: int
    w_zeros: float
    layer_w_zeros: List[float]
    a_zeros: List[float]
    counters: Dict[str, int]
    commands: int
    lockstep_images: int
    energy_pj: float
    seconds_model: float
    seconds_lockstep: float

    @property
    def correct(self) -> int:
        return int(np.sum(self.ok))


# One dataset per worker process, loaded by the pool's initializer (a
# process-local cache, not shared state: each worker reads its own copy).
_SPLIT: Optional[dataset.ImageSplit] = None


def _load(plan: Plan) -> dataset.ImageSplit:
    d = dataset.load_fashion()
    return dataset.ImageSplit(d.name, d.side, d.lv_train[:plan.train_images],
                              d.y_train[:plan.train_images], d.lv_test[:plan.test_images],
                              d.y_test[:plan.test_images], d.in_scale)


def _init(plan: Plan) -> None:
    global _SPLIT
    _SPLIT = _load(plan)


def _split() -> dataset.ImageSplit:
    if _SPLIT is None:
        raise RuntimeError("worker not initialised")
    return _SPLIT


TrainJob = Tuple[Plan, int, int]  # plan, network index, seed
Nets = Dict[Tuple[str, str], net.Net]


def _train(job: TrainJob) -> Tuple[int, int, Nets, float]:
    plan, ni, seed = job
    nw = plan.networks[ni]
    t0 = time.time()
    split = _split()
    fam = experiment.train_family(split, nw, plan.patterns, seed, config.TILE_N)
    if plan.sensitivity and seed == plan.seeds[0]:
        base = fam[("dense", "one-shot")]
        sens = experiment.sensitivity_nets(split, base, nw, config.pattern_by_slug(SENS_SLUG),
                                           seed, config.TILE_N)
        for li, m in enumerate(sens):
            fam[(SENS_SLUG, "layer %d" % (li + 1))] = m
    return ni, seed, fam, time.time() - t0


EvalJob = Tuple[Plan, int, int, str, str, net.Net, str, str, str]


def _evaluate(job: EvalJob) -> Result:
    plan, ni, seed, slug, training, model, stc_gemm, runner, work = job
    nw = plan.networks[ni]
    pat = config.pattern_by_slug(slug)
    split = _split()
    whole = slug in plan.lockstep_whole and training == "fine-tuned" and seed == plan.seeds[0]
    ls = split.y_test.size if whole else min(plan.lockstep_sample, split.y_test.size)
    c = experiment.evaluate(model, nw, pat, training, seed, split, config.TILE_N, stc_gemm,
                            runner, work, ls)
    modes = experiment.layer_modes(pat, training, len(nw.specs))
    mode = modes[0] if len(set(modes)) == 1 else "/".join(modes)
    return Result(nw.slug, slug, training, seed, mode, c.n_test, c.ok, c.correct_float,
                  c.w_zeros, c.layer_w_zeros, c.a_zeros, c.counters, c.commands, ls,
                  c.energy_pj, c.seconds_model, c.seconds_lockstep)


def _order(key: Tuple[str, str, str, int], plan: Plan) -> Tuple[int, int, int, int]:
    """Networks, patterns and seeds in the plan's order, one-shot before
    fine-tuned before the layers."""
    netw, slug, training, seed = key
    ni = [n.slug for n in plan.networks].index(netw)
    pi = [p.slug for p in plan.patterns].index(slug)
    if training in ("one-shot", "fine-tuned"):
        ti = 0 if training == "one-shot" else 1
    else:
        ti = 1 + int(training.split()[-1])
    return ni, pi, ti, seed


def run(plan: Plan, stc_gemm: str, runner: str, work: str, log=sys.stderr) -> List[Result]:
    """Train and evaluate everything in the plan; results in plan order."""
    t0 = time.time()
    ctx = multiprocessing.get_context("fork")
    train_jobs = [(plan, ni, s) for ni in range(len(plan.networks)) for s in plan.seeds]
    # The convolutional network trains longest: first, so both workers stay busy.
    train_jobs.sort(key=lambda j: (-(j[0].networks[j[1]].specs[0].kind == "conv"), j[1], j[2]))
    results: List[Result] = []
    with ctx.Pool(plan.jobs, initializer=_init, initargs=(plan,)) as pool:
        evals: List[EvalJob] = []
        for ni, seed, fam, secs in pool.imap_unordered(_train, train_jobs):
            print("accuracy: trained %s seed %d: %d networks in %.0f s"
                  % (plan.networks[ni].slug, seed, len(fam), secs), file=log, flush=True)
            for (slug, training), model in fam.items():
                evals.append((plan, ni, seed, slug, training, model, stc_gemm, runner, work))
        evals.sort(key=lambda j: -(j[0].networks[j[1]].specs[0].kind == "conv"))
        for i, r in enumerate(pool.imap_unordered(_evaluate, evals)):
            print("accuracy: configuration %d of %d: %s %s %s seed %d: %d of %d (%.2f%%); "
                  "model %.0f images/s, lockstep %d images at %.0f images/s; %.0f s elapsed"
                  % (i + 1, len(evals), r.network, r.pattern, r.training, r.seed, r.correct,
                     r.n_test, 100.0 * r.correct / r.n_test, r.n_test / max(r.seconds_model, 1e-9),
                     r.lockstep_images, r.lockstep_images / max(r.seconds_lockstep, 1e-9),
                     time.time() - t0), file=log, flush=True)
            results.append(r)
    results.sort(key=lambda r: _order((r.network, r.pattern, r.training, r.seed), plan))
    return results


def default_jobs() -> int:
    """Worker processes: JOBS from the environment (make's), else 2."""
    try:
        return max(1, int(os.environ.get("JOBS", "2")))
    except ValueError:
        return 2


def seeds_of(results: Sequence[Result]) -> List[int]:
    return sorted({r.seed for r in results})
