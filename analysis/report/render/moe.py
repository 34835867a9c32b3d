# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The page's mixture-of-experts section, from moe.csv. The direction of
each finding (longer, shorter, none) is decided here from the numbers."""
from __future__ import annotations

from typing import List

from ..awkfmt import d
from ..csvio import Table
from .md import Index, Out, ordered, pc, x2


def moe_md(t: Table) -> List[str]:
    """The section's text."""
    V = Index()
    for r in t.rows:
        V.add((r["dist"], r["scheme"]), r)
    dists = ordered(t.rows, lambda r: r["dist"])
    schemes = ordered(t.rows, lambda r: r["scheme"])
    d0 = dists[0] if dists else ""
    s0 = schemes[0] if schemes else ""

    def n(dist: object, s: str, name: str) -> float:
        return V.n((dist, s), name)

    E, T = n(d0, s0, "experts"), n(d0, s0, "tokens")
    K, D, N = n(d0, s0, "topk"), n(d0, s0, "d"), n(d0, s0, "n")
    mean = n(d0, s0, "load_mean")
    # the most imbalanced distribution
    worst = d0
    for dist in dists:
        if n(dist, "group", "imbalance") > n(worst, "group", "imbalance"):
            worst = dist
    o = Out()
    o.p()
    o.p("## Mixture of experts: dynamic shapes on a static tile")
    o.p()
    o.f("%d tokens are routed to %d of %d experts (a mean of %d tokens per expert, the design "
        "notes' shape); each expert's GEMM, its tokens' activation rows times its weights, runs on "
        "the tile as C[n_e x %d] = A[n_e x %d] W[%d x %d]: d scaled to %d and one %d-column slice "
        "of h, which keeps the distribution of M = n_e and the fill, flush and drain the tile pays "
        "per command. ", d(T), d(K), d(E), d(mean), d(N), d(D), d(D), d(N), d(D), d(N))
    o.f("Each distribution's routing is cut into tile commands by each dispatch scheme, and every "
        "command runs once in lockstep (RTL and golden model compared every cycle, results "
        "checked). **Step** = the longest expert's cycles when each expert has a tile of its own "
        "(%d tiles in parallel: the step's latency); **serial** = all the commands run again as "
        "one command stream, back to back on one tile, verified like the rest (reset included). "
        "**vs balanced** = step / the balanced routing's sort-and-group step.\n", d(E))
    o.p()
    o.p("| distribution | max/mean load | scheme | commands | step cycles | vs balanced | serial "
        "cycles | utilization (step) | padded MACs | dropped | pJ per useful MAC |")
    o.p("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for dist in dists:
        for s in schemes:
            o.f("| %s | %.2f | %s | %d | %d | %s | %d | %s | %s | %d (%s) | %.3f |\n", dist,
                n(dist, s, "imbalance"), V.s((dist, s), "label"), d(n(dist, s, "commands")),
                d(n(dist, s, "cycles_step")), x2(n(dist, s, "step_vs_ideal")),
                d(n(dist, s, "stream_cycles")), pc(n(dist, s, "util_step")),
                pc(n(dist, s, "waste_pad")), d(n(dist, s, "dropped")), pc(n(dist, s, "dropped_frac")),
                n(dist, s, "pj_per_useful_mac"))
    o.p()
    o.p("### Findings")
    o.p()
    g = "group"
    o.f("1. **The hottest expert sets the step.** Under sort-and-group (exact shapes, nothing padded "
        "or dropped) the step takes %s the balanced one at %s (max/mean load %.2f)",
        x2(n(worst, g, "step_vs_ideal")), worst, n(worst, g, "imbalance"))
    if "uniform" in dists:
        o.f(", and already %s with uniform random routing (%.2f)", x2(n("uniform", g, "step_vs_ideal")),
            n("uniform", g, "imbalance"))
    o.f("; utilization of the %d tiles falls from %s to %s. ", d(E), pc(n("balanced", g, "util_step")),
        pc(n(worst, g, "util_step")))
    o.f("The serial cycles hardly move (%d balanced, %d at %s): the work is the same, its shape is "
        "not. ", d(n("balanced", g, "stream_cycles")), d(n(worst, g, "stream_cycles")), worst)
    o.f("Run back to back, a stream costs %d cycles more than its %d commands measured one by one "
        "(%d): the handshake between commands and the reset, nothing that grows with M.\n",
        d(n("balanced", g, "stream_cycles") - n("balanced", g, "cycles_serial")),
        d(n("balanced", g, "commands")), d(n("balanced", g, "cycles_serial")))
    c1, c15 = "cap100", "cap150"
    lo, hi = 1e9, 0.0
    for dist in dists:
        x = n(dist, c1, "step_vs_ideal")
        if x < lo:
            lo = x
        if x > hi:
            hi = x
    o.f("2. **A capacity factor restores the static step by dropping tokens.** Capacity 1.00 gives "
        "every expert the balanced shape (step %s of balanced at every distribution) and drops %s "
        "of the token-expert assignments at %s; capacity 1.50 still drops %s there, and pads %s of "
        "the balanced routing's MACs with zero rows (step %s). ",
        x2(lo) if lo == hi else x2(lo) + " to " + x2(hi), pc(n(worst, c1, "dropped_frac")), worst,
        pc(n(worst, c15, "dropped_frac")), pc(n("balanced", c15, "waste_pad")),
        x2(n("balanced", c15, "step_vs_ideal")))
    o.f("Padding is paid in cycles and, less, in energy (%.3f pJ per useful MAC at capacity 1.50 "
        "against %.3f sorted, balanced routing): a padded row's MACs are gated, not skipped.\n",
        n("balanced", c15, "pj_per_useful_mac"), n("balanced", g, "pj_per_useful_mac"))
    b = "bucket"
    o.f("3. **Bucketing keeps every token but pays twice.** Rounding each command's M up to 64, 128, "
        "256, 512 or 1024 drops nothing, pads %s of the MACs at %s, and its step (%s of balanced) "
        "is %s than sort-and-group's (%s): the hot expert's last chunk is rounded up too.\n",
        pc(n(worst, b, "waste_pad")), worst, x2(n(worst, b, "step_vs_ideal")),
        "longer" if n(worst, b, "cycles_step") > n(worst, g, "cycles_step") else "no longer",
        x2(n(worst, g, "step_vs_ideal")))
    o.f("4. **No scheme is free under imbalance.** At %s: sort-and-group is exact and %s slower per "
        "step; capacity 1.00 is fast and loses %s of the assignments; bucketing loses nothing and is "
        "%s slower. The imbalance is a cost no zero pattern in W recovers: a W-sparsity speedup "
        "shortens every expert's commands alike and leaves the step's ratio to the balanced step "
        "where it was. What pays is supporting dynamic M (one command per expert, no padding) and "
        "balancing the load in the router.\n", worst, x2(n(worst, g, "step_vs_ideal")),
        pc(n(worst, c1, "dropped_frac")), x2(n(worst, b, "step_vs_ideal")))
    o.p()
    o.p("Distributions: `balanced` token t to experts (2t, 2t+1) mod E, every n_e equal; `uniform` k "
        "distinct experts drawn uniformly (seeded); `zipf` drawn with weights 1/rank; `hotX` one "
        "expert chosen by a token with probability X k/E (X times the mean load), the others "
        "uniformly. Schemes: `sort-and-group` one command per expert with M = n_e (chunks of at "
        "most 1024 rows, the tile's M_MAX); `capacity F` every expert M = ceil(F T k / E), tokens "
        "beyond it dropped in token order, empty rows zero; `bucketing` each chunk's M rounded up "
        "to the next of 64, 128, 256, 512, 1024. Generated by `stc_moegen` (seed 1); the table is "
        "`docs/report/moe.csv` (`analysis/report/moe.py`: every command's `macs_alg` counter is "
        "checked against the plan's M x d x N). Energy uses the model of the sparsity section; idle "
        "tiles cost nothing in it (no leakage), which flatters the imbalanced steps.")
    o.p()
    o.f("![MoE step latency against imbalance](report/moe_step.png)\n\n*Step cycles (one tile per "
        "expert) relative to the balanced routing, against the hottest expert's load / mean.* "
        "[SVG](report/moe_step.svg)\n\n")
    o.f("![MoE waste against imbalance](report/moe_waste.png)\n\n*Padded MACs and dropped "
        "assignments against imbalance, per scheme.* [SVG](report/moe_waste.svg)\n")
    return o.parts
