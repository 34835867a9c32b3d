# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""summary.csv: the derived columns of the sparsity sweep, one line per run.

Input: the lockstep runner's --csv lines (runs.csv; one per run, counters
read from the tile at the end of the run, model and RTL agreeing on them
every cycle). Every value is a counter from the run or arithmetic on
counters; the only constants are the energy model's (:mod:`.energy`) and
the array size N, taken from the run itself.

Definitions (also stated in docs/report.md):

- passes           nblk - skipped_blocks (loaded K-blocks)
- speedup          dense cycles / cycles, dense = the dense run of the same M and K
- ideal_speedup    what the zeros would give if every zero cost nothing:
                   dense 1; 2:4 2; block 1/(1-s), s = skipped/nblk;
                   2:4+block 2/(1-s); unstructured 1/(1-z), z = zero fraction of W
- util_actual      macs_actual / (cycles N^2): multiplier-cycles doing a product
- util_busy        (macs_actual + macs_gated) / (cycles N^2)
- dense_equiv      macs_alg / (cycles N^2): dense-equivalent MACs per multiplier
                   per cycle (above 1 only when skipping beats the dense array)
- w_moved_*        (weight value bytes + metadata bytes) / dense W footprint
- meta_per_kept_*  metadata bytes / kept value bytes
- meta_per_dense_* metadata bytes / dense W footprint
- FP16 columns     the same runs with 2-byte values: values x2, metadata unchanged
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, Tuple

from .awkfmt import d, f6, num, num_str
from .csvio import ReportError, Table
from .energy import Energy, energy, gated_saved_pj

WHO = "report summary"
NEED = ("vector class n mode m k nblk skipped_blocks bias w_zeros w_elems pass cycles "
        "macs_alg macs_actual macs_gated macs_skipped w_bytes meta_bytes a_bytes").split()
HEADER = ("config,cfg_idx,label,class,mode,req_sparsity,n,m,k,nblk,passes,block_sparsity,"
          "w_zero_frac,cycles,dense_cycles,speedup,ideal_speedup,speedup_of_ideal,"
          "macs_alg,macs_actual,macs_gated,macs_skipped,frac_actual,frac_gated,frac_skipped,"
          "util_actual,util_busy,dense_equiv,"
          "w_bytes,meta_bytes,a_bytes,c_bytes,w_dense_bytes,"
          "meta_per_kept_int8,meta_per_dense_int8,w_moved_per_dense_int8,"
          "meta_per_kept_fp16,meta_per_dense_fp16,w_moved_per_dense_fp16,"
          "e_mac_nj,e_zero_nj,e_acc_nj,e_sram_w_nj,e_sram_meta_nj,e_sram_a_nj,e_sram_c_nj,"
          "e_total_nj,e_vs_dense,pj_per_alg_mac,e_gated_saved_nj")

_M_SUFFIX = re.compile(r"-m[0-9]+\.vec$")
_DIGITS = re.compile(r"[0-9]+$")


def config_id(vector: str) -> str:
    """A run's configuration: its vector name without "-mM.vec"."""
    return _M_SUFFIX.sub("", vector, count=1)


@dataclass
class Run:
    """One run's counters (numbers as awk read them: floats)."""

    id: str
    cls: str
    mode: str
    n: float
    m: float
    k: float
    nblk: float
    skb: float
    bias: float
    wz: float
    we: float
    cyc: float
    alg: float
    act: float
    gat: float
    skp: float
    wb: float
    mb: float
    ab: float
    req: float

    @property
    def label(self) -> str:
        """The configuration's name in the tables."""
        req = num_str(self.req)
        return {"dense": "dense", "sp24": "2:4", "block": "block %s%%" % req,
                "sp24-block": "2:4+block %s%%" % req,
                "unstructured": "unstructured %s%%" % req}.get(self.cls, self.cls)

    def energy(self) -> Energy:
        return energy(self.act, self.gat, self.nblk - self.skb, self.m, self.n, self.wb,
                      self.mb, self.ab, self.bias)


def read_runs(t: Table) -> List[Run]:
    """The runs of runs.csv, in order; every run must have passed."""
    t.require(NEED, WHO)
    runs: List[Run] = []
    failed: List[str] = []
    for row in t.rows:
        c = lambda name: num(row[name])  # noqa: E731
        cid = config_id(row["vector"])
        cls = row["class"]
        if num(row["pass"]) != 1:
            failed.append("%s: run %s did not pass" % (WHO, row["vector"]))
        mreq = _DIGITS.search(cid)
        req = num(mreq.group(0)) if (mreq and cls != "sp24" and cls != "dense") else 0.0
        runs.append(Run(cid, cls, row["mode"], c("n"), c("m"), c("k"), c("nblk"),
                        c("skipped_blocks"), c("bias"), c("w_zeros"), c("w_elems"), c("cycles"),
                        c("macs_alg"), c("macs_actual"), c("macs_gated"), c("macs_skipped"),
                        c("w_bytes"), c("meta_bytes"), c("a_bytes"), req))
    if failed:
        raise ReportError("\n".join(failed))
    return runs


def ideal_speedup(r: Run) -> float:
    """What the run's zeros would give if every zero cost nothing."""
    s = r.skb / r.nblk
    z = r.wz / r.we
    if r.cls == "sp24":
        return 2.0
    if r.cls == "block":
        return 1 / (1 - s)
    if r.cls == "sp24-block":
        return 2 / (1 - s)
    if r.cls == "unstructured":
        return 1 / (1 - z) if z < 1 else 0.0
    return 1.0


def summary(t: Table) -> List[str]:
    """summary.csv's lines (header first) from runs.csv."""
    runs = read_runs(t)
    cidx: Dict[str, int] = {}
    dense: Dict[Tuple[float, float], int] = {}
    for i, r in enumerate(runs):
        cidx.setdefault(r.id, len(cidx) + 1)
        if r.cls == "dense":
            dense[(r.m, r.k)] = i
    en = [r.energy() for r in runs]
    out = [HEADER]
    for i, r in enumerate(runs):
        if (r.m, r.k) not in dense:
            raise ReportError("%s: no dense run with M=%s K=%s" % (WHO, num_str(r.m), num_str(r.k)))
        dr, de = runs[dense[(r.m, r.k)]], en[dense[(r.m, r.k)]]
        e = en[i]
        n = r.n
        slots = r.cyc * n * n
        passes = r.nblk - r.skb
        ideal = ideal_speedup(r)
        sp = dr.cyc / r.cyc
        wb, mb, we = r.wb, r.mb, r.we
        f = [r.id, "%d" % cidx[r.id], r.label, r.cls, r.mode]
        f += ["%d" % d(x) for x in (r.req, n, r.m, r.k, r.nblk, passes)]
        f += [f6(r.skb / r.nblk), f6(r.wz / r.we)]
        f += ["%d" % d(r.cyc), "%d" % d(dr.cyc), f6(sp), f6(ideal), f6(sp / ideal if ideal > 0 else 0)]
        f += ["%d" % d(x) for x in (r.alg, r.act, r.gat, r.skp)]
        f += [f6(r.act / r.alg), f6(r.gat / r.alg), f6(r.skp / r.alg)]
        f += [f6(r.act / slots), f6((r.act + r.gat) / slots), f6(r.alg / slots)]
        f += ["%d" % d(x) for x in (wb, mb, r.ab, e.result_bytes, we)]
        f += [f6(mb / wb if wb else 0), f6(mb / we), f6((wb + mb) / we)]
        f += [f6(mb / (2 * wb) if wb else 0), f6(mb / (2 * we)), f6((2 * wb + mb) / (2 * we))]
        f += [f6(x / 1000) for x in (e.mac, e.zero, e.acc, e.sram_w, e.sram_meta, e.sram_a,
                                     e.sram_c)]
        f += [f6(e.total / 1000), f6(e.total / de.total), f6(e.total / r.alg),
              f6(gated_saved_pj(r.gat) / 1000)]
        out.append(",".join(f))
    return out
