# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""uarch.csv: the base tile beside the double-buffered one
(docs/architecture.md section 11), run by run.

Inputs: the sweep's runs.csv (base tile) and runs-dbuf.csv (the runner's
CSV lines of the same vectors on the dbuf tile, with their header). One
line per dbuf run, in its order: cycles of each micro-architecture, what
dbuf saves, and the share of cycles the array streams new activations
(passes x M / cycles: what fill and drain leave). ``closed`` is 1 when
both cycle counts equal the closed forms of sections 6 and 11 (no bias, no
stalls), computed here from the run's shape, not the tile's:

    base  passes (M + 3N + 1) + M
    dbuf  N + passes (M + 2N + 1) + M   (M when no pass is loaded)
"""
from __future__ import annotations

from typing import Dict, List

from .awkfmt import d, f6, num
from .csvio import ReportError, Table, basename
from .summary import config_id

WHO = "report uarch"
HEADER = ("config,mode,n,m,passes,cycles_base,cycles_dbuf,saved_cycles,saved_frac,speedup,"
          "stream_base,stream_dbuf,closed")


def closed_base(passes: float, m: float, n: float) -> float:
    """Section 6: the base tile's cycles of a command without bias or stalls."""
    return passes * (m + 3 * n + 1) + m


def closed_dbuf(passes: float, m: float, n: float) -> float:
    """Section 11: the dbuf tile's cycles of the same command."""
    return n + passes * (m + 2 * n + 1) + m if passes > 0 else m


def uarch(base: Table, dbuf: Table) -> List[str]:
    """uarch.csv's lines; no line at all (not even the header) without dbuf runs."""
    base.require(("vector", "cycles"), WHO)
    dbuf.require(("vector", "n", "mode", "m", "nblk", "skipped_blocks", "pass", "cycles"), WHO)
    cyc: Dict[str, float] = {basename(r["vector"]): num(r["cycles"]) for r in base.rows}
    out: List[str] = []
    for r in dbuf.rows:
        vec = basename(r["vector"])
        n, m = num(r["n"]), num(r["m"])
        passes = num(r["nblk"]) - num(r["skipped_blocks"])
        cd = num(r["cycles"])
        if vec not in cyc:
            raise ReportError("%s: %s has no base run" % (WHO, vec))
        if num(r["pass"]) != 1:
            raise ReportError("%s: %s failed on the dbuf tile" % (WHO, vec))
        cb = cyc[vec]
        closed = cb == closed_base(passes, m, n) and cd == closed_dbuf(passes, m, n)
        if not out:
            out.append(HEADER)
        out.append(",".join([config_id(vec), r["mode"]] + ["%d" % d(x) for x in (
            n, m, passes, cb, cd, cb - cd)] + [f6((cb - cd) / cb), f6(cb / cd), f6(passes * m / cb),
                                               f6(passes * m / cd), "%d" % closed]))
    return out
