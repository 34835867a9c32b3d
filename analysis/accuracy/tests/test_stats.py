# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The intervals: limits derived by hand, and coverage by simulation."""
import math

import numpy as np
import pytest

from analysis.accuracy import stats


def test_wilson_limits_derived_by_hand():
    # p = 0: the upper limit is z^2 / (n + z^2); p = 1 mirrors it.
    z2 = stats.Z95 ** 2
    assert stats.wilson(0, 10) == pytest.approx((0.0, z2 / (10 + z2)))
    assert stats.wilson(10, 10) == pytest.approx((10 / (10 + z2), 1.0))
    # p = 1/2: centred on 1/2, half-width z sqrt(1/(4n) + z^2/(4n^2)) / (1 + z^2/n)
    half = stats.Z95 * math.sqrt(1 / 400 + z2 / 40000) / (1 + z2 / 100)
    assert stats.wilson(50, 100) == pytest.approx((0.5 - half, 0.5 + half))
    with pytest.raises(ValueError):
        stats.wilson(11, 10)


def test_paired_counts_and_drop():
    a = np.array([1, 1, 0, 0, 1], dtype=bool)
    b = np.array([1, 0, 1, 0, 0], dtype=bool)
    c = stats.paired(a, b)
    assert (c.both, c.first_only, c.second_only, c.neither) == (1, 2, 1, 1)
    assert c.drop == pytest.approx(0.2) and c.first == 3 and c.second == 2


def test_newcombe_symmetric_and_contains_the_estimate():
    lo, hi = stats.newcombe_paired(stats.Paired(800, 50, 50, 100))
    assert lo == pytest.approx(-hi) and lo < 0 < hi
    c = stats.Paired(8500, 300, 100, 1100)
    lo, hi = stats.newcombe_paired(c)
    assert lo < c.drop < hi and lo > 0  # 200 more errors in 10,000: a real loss


def _coverage(interval, trials, seed):
    """Fraction of simulated paired samples whose interval holds the true drop."""
    rng = np.random.RandomState(seed)
    p = np.array([0.80, 0.06, 0.04, 0.10])  # true drop 0.02
    hit = 0
    for _ in range(trials):
        k = rng.multinomial(500, p)
        lo, hi = interval(stats.Paired(*[int(v) for v in k]))
        hit += lo <= 0.02 <= hi
    return hit / trials


def test_newcombe_covers_95_percent():
    cov = _coverage(stats.newcombe_paired, 2000, 1)
    assert 0.93 <= cov <= 0.975, cov


def test_an_interval_too_narrow_fails_the_coverage_check():
    # The check above can fail: a Wald interval at z = 1 covers about 68 %.
    def narrow(c):
        d = c.drop
        se = math.sqrt(((c.first_only + c.second_only) / c.n - d * d) / c.n)
        return d - se, d + se
    assert _coverage(narrow, 2000, 1) < 0.8


def test_seed_bootstrap_is_deterministic_and_widens_with_seed_spread():
    same = [stats.Paired(8500, 200, 100, 1200)] * 3
    spread = [stats.Paired(8500, 100, 200, 1200), stats.Paired(8500, 200, 100, 1200),
              stats.Paired(8500, 400, 0, 1100)]
    a = stats.seed_bootstrap(same, reps=500)
    assert a == stats.seed_bootstrap(same, reps=500)
    assert a[2] < 0.01 < a[3] and a[2] > 0
    b = stats.seed_bootstrap(spread, reps=500)
    assert b[3] - b[2] > 2 * (a[3] - a[2])


def test_verdict_words():
    assert stats.verdict(0.001, 0.02) == "a real loss"
    assert stats.verdict(-0.02, -0.001) == "a real gain"
    assert stats.verdict(-0.01, 0.02) == "not distinguishable from zero"
