# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""moe.csv: the mixture-of-experts section's table, from the plans of
stc_moegen and the lockstep runs of their commands.

Inputs: the plans (``dist,scheme,expert,...``: one line per tile command,
and one per expert without a command), the runner's --csv of those
commands, and each scheme's cycles as one stream (``dist,scheme,
stream_cycles``: the same commands back to back on one tile, reset
included).

One output line per (distribution, scheme), in the order the plans list
them. Cycles, MACs and energy are the tile's counters, read at the end of
each verified lockstep run; the plan only says which rows were tokens
(useful) and which padding, and which tokens were dropped. Each command's
macs_alg counter must equal its plan's M x d x N (the plan and the run
describe the same command) and every run must have passed.

- cycles_serial  sum of the commands' cycles: one tile runs every expert
- stream_cycles  the same commands as one verified stream (the handshakes
                 between commands and the reset included)
- cycles_step    max over experts of the expert's cycles: E tiles, one per
                 expert, in parallel (the step's latency)
- step_vs_ideal  cycles_step / the balanced distribution's sort-and-group step
- util_step      useful MACs / (cycles_step x E x N^2)
- waste_pad      padded MACs / all MACs the tile computed
- dropped_frac   dropped token-expert assignments / T x k
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import DefaultDict, Dict, List, Optional, Sequence, Tuple

from .awkfmt import d, f6, num
from .csvio import ReportError, Table, basename
from .energy import row_energy_pj

WHO = "report moe"
HEADER = ("dist,scheme,label,experts,tokens,topk,d,n,load_mean,load_max,imbalance,commands,"
          "rows_useful,rows_padded,dropped,dropped_frac,macs_useful,macs_padded,macs_alg,"
          "macs_actual,macs_gated,cycles_serial,stream_cycles,cycles_step,step_vs_ideal,"
          "util_serial,util_step,waste_pad,energy_nj,pj_per_useful_mac")
PLAN_NEED = ("dist scheme expert load dropped vector m useful pad").split()
RUN_NEED = ("vector pass n macs_alg cycles macs_actual macs_gated nblk skipped_blocks m "
            "w_bytes meta_bytes a_bytes bias").split()
STREAM_NEED = ("dist", "scheme", "stream_cycles")

Key = Tuple[str, str]


def label(scheme: str) -> str:
    """A dispatch scheme's name in the tables."""
    if scheme == "group":
        return "sort-and-group"
    if scheme.startswith("cap"):
        return "capacity %.2f" % (num(scheme[3:]) / 100)
    if scheme == "bucket":
        return "bucketing"
    return scheme


@dataclass
class _Acc:
    """One (distribution, scheme): the plan's rows and its runs' sums."""

    max_load: float = 0.0
    dropped: float = 0.0
    useful: float = 0.0
    pad: float = 0.0
    commands: int = 0
    cycles: float = 0.0
    alg: float = 0.0
    act: float = 0.0
    gat: float = 0.0
    energy_pj: float = 0.0
    expert_cycles: DefaultDict[float, float] = field(default_factory=lambda: defaultdict(float))
    stream: Optional[str] = None


def moe(plans: Sequence[Table], runs: Sequence[Table], streams: Sequence[Table],
        experts: float, tokens: float, topk: float, dd: float) -> List[str]:
    """moe.csv's lines: EXPERTS experts, TOKENS tokens routed to TOPK each,
    commands of K = DD (the model width d)."""
    acc: Dict[Key, _Acc] = {}
    cmd: Dict[str, Tuple[Key, float, float]] = {}  # vector -> (key, expert, M)
    for t in plans:
        t.require(PLAN_NEED, WHO)
        for r in t.rows:
            key = (r["dist"], r["scheme"])
            a = acc.setdefault(key, _Acc())
            if num(r["load"]) > a.max_load:
                a.max_load = num(r["load"])
            a.dropped += num(r["dropped"])
            if r["vector"] == "-":
                continue
            cmd[r["vector"]] = (key, num(r["expert"]), num(r["m"]))
            a.useful += num(r["useful"])
            a.pad += num(r["pad"])
            a.commands += 1
    ran = set()
    n = 0.0
    for t in runs:
        t.require(RUN_NEED, WHO)
        for r in t.rows:
            v = basename(r["vector"])
            if v not in cmd:
                raise ReportError("%s: %s: run %s is in no plan" % (WHO, t.path, v))
            if num(r["pass"]) != 1:
                raise ReportError("%s: run %s did not pass" % (WHO, v))
            n = num(r["n"])
            key, e, m = cmd[v]
            if num(r["macs_alg"]) != m * dd * n:
                raise ReportError("%s: run %s: macs_alg %s is not M x d x N = %d x %d x %d"
                                  % (WHO, v, r["macs_alg"], d(m), d(dd), d(n)))
            ran.add(v)
            a = acc[key]
            cyc = num(r["cycles"])
            a.cycles += cyc
            a.expert_cycles[e] += cyc
            a.alg += num(r["macs_alg"])
            a.act += num(r["macs_actual"])
            a.gat += num(r["macs_gated"])
            a.energy_pj += row_energy_pj(r)
    for t in streams:
        t.require(STREAM_NEED, WHO)
        for r in t.rows:
            key = (r["dist"], r["scheme"])
            if key in acc:
                acc[key].stream = r["stream_cycles"]
    for v in sorted(cmd):
        if v not in ran:
            raise ReportError("%s: command %s of the plan has no run" % (WHO, v))
    for key, a in acc.items():
        if a.stream is None:
            raise ReportError("%s: no stream run for %s %s" % (WHO, key[0], key[1]))
    step: Dict[Key, float] = {}
    ideal: Optional[float] = None
    for key, a in acc.items():
        step[key] = max([0.0] + [a.expert_cycles.get(float(e), 0.0) for e in range(d(experts))])
        if key == ("balanced", "group"):
            ideal = step[key]
    mean = tokens * topk / experts
    out = [HEADER]
    for key, a in acc.items():
        mu, mp = a.useful * dd * n, a.pad * dd * n
        s = step[key]
        out.append(",".join(
            [key[0], key[1], label(key[1])]
            + ["%d" % d(x) for x in (experts, tokens, topk, dd, n)]
            + [f6(mean), "%d" % d(a.max_load), f6(a.max_load / mean), "%d" % a.commands]
            + ["%d" % d(x) for x in (a.useful, a.pad, a.dropped)]
            + [f6(a.dropped / (tokens * topk))]
            + ["%d" % d(x) for x in (mu, mp, a.alg, a.act, a.gat, a.cycles, a.stream, s)]
            + ["" if ideal is None else f6(s / ideal), f6(mu / (a.cycles * n * n)),
               f6(mu / (s * experts * n * n)), f6(mp / a.alg if a.alg else 0),
               f6(a.energy_pj / 1000), f6(a.energy_pj / mu if mu else 0)]))
    return out
