# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Intervals that say whether an accuracy difference is larger than the noise.

Three sources of noise, three tools:

- one accuracy on n test images: the Wilson score interval (Wilson 1927;
  it stays inside [0, 1] and keeps its coverage near 0 and 1, where the
  normal approximation does not);
- one drop against dense on the *same* images (a paired difference): the
  interval of Newcombe (1998, "Improved confidence intervals for the
  difference between binomial proportions based on paired data", method
  10), built from the two Wilson intervals and the correlation of the
  pairs; a pattern that errs on the images dense errs on gets a narrow
  interval, one that trades errors a wide one;
- the mean over training seeds: a two-level bootstrap, seeds drawn with
  replacement, then each drawn seed's test images drawn with replacement
  (by a multinomial draw of its four paired counts, which is the same
  thing and cheap), so the interval holds both the seed's and the test
  set's noise. Deterministic: one seeded ``RandomState``.

Every function takes counts, never floats read back from a table.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence, Tuple

import numpy as np

#: Two-sided 95 %: the standard normal's 0.975 quantile.
Z95: float = 1.959963984540054
#: Bootstrap replicates and the RNG seed of :func:`seed_bootstrap`.
BOOT_REPS: int = 4000
BOOT_SEED: int = 45


def wilson(correct: int, n: int, z: float = Z95) -> Tuple[float, float]:
    """Wilson score interval of the proportion ``correct / n``."""
    if n <= 0 or not 0 <= correct <= n:
        raise ValueError("wilson: %d correct of %d" % (correct, n))
    p = correct / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Paired:
    """Counts of two classifiers on the same n images: ``both`` right,
    only the first (``first_only``), only the second, ``neither``."""

    both: int
    first_only: int
    second_only: int
    neither: int

    @property
    def n(self) -> int:
        return self.both + self.first_only + self.second_only + self.neither

    @property
    def first(self) -> int:
        return self.both + self.first_only

    @property
    def second(self) -> int:
        return self.both + self.second_only

    @property
    def drop(self) -> float:
        """Accuracy of the first minus the second (positive: the second lost)."""
        return (self.first_only - self.second_only) / self.n


def paired(first_ok: np.ndarray, second_ok: np.ndarray) -> Paired:
    """The paired counts of two boolean vectors (one entry per image)."""
    a = np.asarray(first_ok, dtype=bool)
    b = np.asarray(second_ok, dtype=bool)
    if a.shape != b.shape:
        raise ValueError("paired: %r against %r" % (a.shape, b.shape))
    return Paired(int(np.sum(a & b)), int(np.sum(a & ~b)), int(np.sum(~a & b)),
                  int(np.sum(~a & ~b)))


def newcombe_paired(c: Paired, z: float = Z95) -> Tuple[float, float]:
    """Newcombe's interval (method 10) of ``c.drop``, first minus second."""
    n = c.n
    if n <= 0:
        raise ValueError("newcombe_paired: no pairs")
    p1, p2 = c.first / n, c.second / n
    l1, u1 = wilson(c.first, n, z)
    l2, u2 = wilson(c.second, n, z)
    a, b, cc, d = c.both, c.first_only, c.second_only, c.neither
    den = (a + b) * (cc + d) * (a + cc) * (b + d)
    if den == 0:
        phi = 0.0
    else:
        num = a * d - b * cc
        # Newcombe's continuity correction of the correlation, for ad > bc.
        num = max(num - n / 2.0, 0.0) if num > 0 else float(num)
        phi = num / math.sqrt(den)
    theta = p1 - p2
    delta = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    eps = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return theta - delta, theta + eps


def seed_bootstrap(per_seed: Sequence[Paired], reps: int = BOOT_REPS,
                   seed: int = BOOT_SEED) -> Tuple[float, float, float, float]:
    """Two-level bootstrap over seeds and images of the mean over seeds.

    Returns ``(lo_second, hi_second, lo_drop, hi_drop)``: the 2.5 and 97.5
    percentiles of the mean accuracy of the second classifier and of the
    mean drop (first minus second).
    """
    if not per_seed:
        raise ValueError("seed_bootstrap: no seeds")
    rng = np.random.RandomState(seed)
    k = len(per_seed)
    probs = np.array([[c.both, c.first_only, c.second_only, c.neither] for c in per_seed],
                     dtype=np.float64)
    ns = probs.sum(axis=1)
    probs /= ns[:, None]
    acc = np.empty(reps)
    drop = np.empty(reps)
    for r in range(reps):
        pick = rng.randint(0, k, size=k)
        s_acc = s_drop = 0.0
        for i in pick:
            both, f_only, s_only, _ = rng.multinomial(int(ns[i]), probs[i])
            s_acc += (both + s_only) / ns[i]
            s_drop += (f_only - s_only) / ns[i]
        acc[r] = s_acc / k
        drop[r] = s_drop / k
    lo_a, hi_a = np.percentile(acc, [2.5, 97.5])
    lo_d, hi_d = np.percentile(drop, [2.5, 97.5])
    return float(lo_a), float(hi_a), float(lo_d), float(hi_d)


def verdict(lo: float, hi: float) -> str:
    """In words: whether a drop's interval excludes zero."""
    if lo > 0:
        return "a real loss"
    if hi < 0:
        return "a real gain"
    return "not distinguishable from zero"
