# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""traffic_tile.csv: the tile's measured memory traffic, from the sparsity
sweep's runs.csv: the sectors the host's DMA counted for every weight,
metadata and activation beat it transferred (docs/architecture.md section
10, the memory image), against the bytes the beats carried.

One line per run (single-command vectors, no reset: the tile's byte
counters and the host's sector counts cover the same transfers).

- w_eff, meta_eff, a_eff   bytes carried / (sectors x S)
- w_moved_over_dense       (W and metadata sectors x S) / the dense W footprint
"""
from __future__ import annotations

from typing import List

from .awkfmt import d, f6, num
from .csvio import ReportError, Table, basename
from .summary import config_id

WHO = "report traffic"
NEED = ("vector class mode m w_zeros w_elems pass w_bytes meta_bytes a_bytes sector_bytes "
        "w_sectors meta_sectors a_sectors").split()
HEADER = ("config,class,mode,m,w_zero_frac,sector_bytes,w_bytes,w_moved,w_eff,meta_bytes,"
          "meta_moved,meta_eff,a_bytes,a_moved,a_eff,w_dense_bytes,w_moved_over_dense")


def eff(used: float, moved: float) -> float:
    """The share of the moved bytes used (1 when nothing moved)."""
    return used / moved if moved else 1.0


def traffic_tile(t: Table) -> List[str]:
    """traffic_tile.csv's lines (header first) from runs.csv."""
    t.require(NEED, WHO)
    out = [HEADER]
    for r in t.rows:
        c = lambda name: num(r[name])  # noqa: E731
        if c("pass") != 1:
            raise ReportError("%s: run %s did not pass" % (WHO, r["vector"]))
        s = c("sector_bytes")
        wm, mm, am = c("w_sectors") * s, c("meta_sectors") * s, c("a_sectors") * s
        out.append(",".join([config_id(basename(r["vector"])), r["class"], r["mode"],
                             "%d" % d(c("m")), f6(c("w_zeros") / c("w_elems")), "%d" % d(s),
                             "%d" % d(c("w_bytes")), "%d" % d(wm), f6(eff(c("w_bytes"), wm)),
                             "%d" % d(c("meta_bytes")), "%d" % d(mm),
                             f6(eff(c("meta_bytes"), mm)), "%d" % d(c("a_bytes")),
                             "%d" % d(am), f6(eff(c("a_bytes"), am)), "%d" % d(c("w_elems")),
                             f6((wm + mm) / c("w_elems"))]))
    return out
