# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""act.csv: the activation-zeros section's table, from the lockstep runs of
one dense and one 2:4 W with a growing share of A set to zero
(``stc_vecgen --a-zeros``: the same W and the same other A values each time).

Inputs: the runner's --csv of each class, vector names ending in
``-azPCT.vec``. One line per run, in input order. a_zeros_req is the
requested share; frac_gated the share of the algorithmic MACs the tile gated
(its counter: a zero in A or in W); cycles_vs_0 and e_vs_0 compare with the
run of the same class at 0% requested.
"""
from __future__ import annotations

import re
from typing import Dict, List, Sequence

from .awkfmt import d, f6, num
from .csvio import ReportError, Table, basename
from .energy import gated_saved_pj, row_energy_pj

WHO = "report act"
NEED = ("vector class mode m k pass cycles macs_alg macs_actual macs_gated nblk skipped_blocks "
        "n w_bytes meta_bytes a_bytes bias").split()
HEADER = ("class,mode,a_zeros_req,m,k,cycles,macs_alg,macs_actual,macs_gated,frac_gated,"
          "cycles_vs_0,energy_nj,e_vs_0,e_gated_saved_nj")
_AZ = re.compile(r"-az([0-9]+)\.vec$")


def act(tables: Sequence[Table]) -> List[str]:
    """act.csv's lines from the runs of every class, in the tables' order."""
    rows = []
    for t in tables:
        t.require(NEED, WHO)
        for r in t.rows:
            v = basename(r["vector"])
            m = _AZ.search(v)
            if not m:
                raise ReportError("%s: %s: no -azPCT in the name" % (WHO, v))
            if num(r["pass"]) != 1:
                raise ReportError("%s: run %s did not pass" % (WHO, v))
            rows.append((num(m.group(1)), r, row_energy_pj(r)))
    base: Dict[str, int] = {}
    for i, (az, r, _) in enumerate(rows):
        if az == 0:
            base[r["class"]] = i
    out = [HEADER]
    for az, r, e in rows:
        if r["class"] not in base:
            raise ReportError("%s: no 0%% run of class %s" % (WHO, r["class"]))
        _, b, eb = rows[base[r["class"]]]
        cyc, alg, gat = num(r["cycles"]), num(r["macs_alg"]), num(r["macs_gated"])
        out.append(",".join([r["class"], r["mode"]] + ["%d" % d(x) for x in (
            az, r["m"], r["k"], cyc, alg, r["macs_actual"], gat)] + [
            f6(gat / alg), f6(cyc / num(b["cycles"])), f6(e / 1000), f6(e / eb),
            f6(gated_saved_pj(gat) / 1000)]))
    return out
