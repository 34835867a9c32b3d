# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The page's micro-architecture section, from uarch.csv."""
from __future__ import annotations

from typing import List

from ..awkfmt import d, num
from ..csvio import Table
from .md import Out


def uarch_md(t: Table) -> List[str]:
    """The section's text."""
    rows = t.rows
    n = 0.0
    best, bestrow = 0.0, None
    opened = 0
    for r in rows:
        n = num(r["n"])
        if num(r["closed"]) != 1:
            opened += 1
        if num(r["saved_frac"]) > best:
            best, bestrow = num(r["saved_frac"]), r
    b = bestrow or {}
    o = Out()
    o.p()
    o.p("## Micro-architecture: double-buffered weights")
    o.p()
    o.f("The same vectors on the second micro-architecture of the tile, `dbuf` (docs/architecture.md "
        "section 11: each PE has a shadow weight register that the weight port fills while the "
        "array streams and flushes the current block), verified in lockstep against the golden "
        "model's `dbuf` configuration every cycle. Per pass it saves the N = %d LOAD cycles of every "
        "block after the first, so the saving is largest where passes are many and M is small: up "
        "to %.1f%% (%s, M = %d, %d passes). It does not remove the flush (2N + 1 = %d cycles per "
        "pass), which still dominates small M: **streaming** is the share of cycles in which the "
        "array takes new activations (passes x M / cycles).\n", d(n), 100 * best,
        b.get("config", ""), d(b.get("m", "")), d(b.get("passes", "")), d(2 * n + 1))
    o.p()
    o.p("| configuration | mode | M | passes | base cycles | dbuf cycles | saved | dbuf speedup | "
        "streaming, base | streaming, dbuf |")
    o.p("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        o.f("| %s | %s | %d | %d | %d | %d | %d (%.1f%%) | %.3f | %.1f%% | %.1f%% |\n", r["config"],
            r["mode"], d(r["m"]), d(r["passes"]), d(r["cycles_base"]), d(r["cycles_dbuf"]),
            d(r["saved_cycles"]), 100 * num(r["saved_frac"]), num(r["speedup"]),
            100 * num(r["stream_base"]), 100 * num(r["stream_dbuf"]))
    o.p()
    if opened == 0:
        o.p("Every cycle count above equals the closed forms of sections 6 and 11 (no bias, no "
            "stalls), recomputed from each run's shape by `analysis/report/uarch.py`; the rows come "
            "from `docs/report/uarch.csv`.")
    else:
        o.f("**%d run(s) above do not match the closed forms of sections 6 and 11** (column `closed` "
            "of `docs/report/uarch.csv`).\n", opened)
    return o.parts
