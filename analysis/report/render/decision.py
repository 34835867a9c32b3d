# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The title of docs/report.md and the decision table at its top: for each
pattern, whether it keeps the tile's shape and what it saved in cycles,
bytes and energy, the accuracy a network pruned that way kept, what its
logic costs, and the verdict those numbers support. Every number comes from
the report's own tables and the accuracy experiment's
(docs/accuracy/accuracy.csv); the verdict's wording is chosen here from the
numbers."""
from __future__ import annotations

from typing import List, Optional

from ..awkfmt import d, num
from ..csvio import Table
from .md import Index, Out

#: The accuracy experiment's training whose top-1 the table shows.
ACC_TRAINING = "fine-tuned"
#: A network within this many points of a row's W zeros is the row's own sparsity.
NEAR_PP = 1.0


def pc(x: float) -> str:
    """A fraction as a percentage, -0.0% shown as 0.0%."""
    t = "%.1f%%" % (100 * x)
    return "0.0%" if t == "-0.0%" else t


def verdict(cyc: float, en: float) -> str:
    """The verdict of a row that saved the fraction CYC of cycles and EN of energy."""
    if cyc > 0.005 and en > 0.005:
        return "pays in cycles and energy"
    if cyc < -0.005:
        return "slower than dense"
    if en > 0.005:
        return "pays in energy only: no cycle saved"
    return "saves nothing here"


#: A sweep class as the accuracy note names it.
FAMILY_NAME = {"dense": "dense", "sp24": "2:4", "block": "block", "sp24-block": "2:4 + block",
               "unstructured": "unstructured"}


def family(pattern: str) -> str:
    """The sweep's class of an accuracy pattern ("2:4 + block 50%" is sp24-block)."""
    if pattern == "dense":
        return "dense"
    if pattern == "2:4":
        return "sp24"
    if pattern.startswith("2:4 + block"):
        return "sp24-block"
    if pattern.startswith("block"):
        return "block"
    if pattern.startswith("unstructured"):
        return "unstructured"
    return ""


class Accuracy:
    """The accuracy column, from the accuracy study's summary
    (docs/accuracy/summary.csv: means over training seeds on Fashion-MNIST's
    10,000 test images, with 95 % intervals): for each network, of the
    fine-tuned networks of the row's pattern family, the one whose W zeros
    are closest to the row's."""

    def __init__(self, t: Table) -> None:
        t.require(("network", "pattern", "training", "seeds", "test_images", "mean_acc_pct",
                   "mean_drop_pp", "drop_lo_pp", "drop_hi_pp", "drop_is", "w_zeros_pct"),
                  "report render")
        self.rows = [r for r in t.rows if r["training"] == ACC_TRAINING]
        self.networks: List[str] = []
        for r in self.rows:
            if r["network"] not in self.networks:
                self.networks.append(r["network"])
        self.images = num(t.rows[0]["test_images"]) if t.rows else 0.0
        self.seeds = num(t.rows[0]["seeds"]) if t.rows else 0.0
        #: The rows whose network is further than NEAR_PP from their sparsity,
        #: and the network that stands in.
        self.borrowed: List[str] = []

    def _best(self, network: str, cls: str, zeros_pct: float):
        best = None
        for r in self.rows:
            if r["network"] != network or family(r["pattern"]) != cls:
                continue
            if best is None or abs(num(r["w_zeros_pct"]) - zeros_pct) < \
                    abs(num(best["w_zeros_pct"]) - zeros_pct):
                best = r
        return best

    def cell(self, cls: str, zeros_pct: float) -> str:
        """The cell of a row of class CLS with ZEROS_PCT zeros in W."""
        parts = []
        for nw in self.networks:
            best = self._best(nw, cls, zeros_pct)
            if best is None:
                continue
            if abs(num(best["w_zeros_pct"]) - zeros_pct) > NEAR_PP:
                b = "%s at %.1f%% zeros: the %s network, %.2f%%" % (
                    FAMILY_NAME.get(cls, cls), zeros_pct, best["pattern"],
                    num(best["w_zeros_pct"]))
                if b not in self.borrowed:
                    self.borrowed.append(b)
            if best["drop_is"] == "the baseline":
                drop = "the baseline"
            else:
                drop = "%s pp [%s, %s]: %s" % (best["mean_drop_pp"], best["drop_lo_pp"],
                                              best["drop_hi_pp"], best["drop_is"])
            parts.append("%s %s: %s%% (%s)" % (nw.upper(), best["pattern"],
                                               best["mean_acc_pct"], drop))
        return "; ".join(parts) if parts else "not measured"


def decision(summary: Table, act: Table, moe: Table, tile: Table, sweep: Table, area: Table,
             accuracy: Optional[Table] = None) -> List[str]:
    """The title, the introduction and the decision table."""
    S, A, MO, TT, SW, AR = Index(), Index(), Index(), Index(), Index(), Index()
    for r in summary.rows:
        if num(r["m"]) == 256:
            S.add(r["config"], r)
    for r in act.rows:
        A.add((r["class"], num(r["a_zeros_req"])), r)
    for r in moe.rows:
        MO.add((r["dist"], r["scheme"]), r)
    for r in tile.rows:
        if num(r["m"]) == 256:
            TT.add(r["config"], r)
    for r in sweep.rows:
        if num(r["elem_bytes"]) == 1:
            SW.add((r["format"], num(r["sparsity_pct"])), r)
    an = ""
    for r in area.rows:
        AR.add(r["variant"], r)
        an = r["n"]
    acc = Accuracy(accuracy) if accuracy is not None else None

    def cost(v: str) -> str:
        """The cells a feature costs: the full tile minus the tile without it."""
        if "full" not in AR or "cells" not in AR.rows["full"]:
            return "(run make area)"
        dc = AR.n("full", "cells") - AR.n(v, "cells")
        if dc <= 0:
            # The tile without the feature mapped to as many cells or more:
            # the feature costs less than ABC's mapping varies (below).
            return "none measurable (%d cells, %s)" % (d(dc), pc(dc / AR.n("full", "cells")))
        return "%d cells, %s" % (d(dc), pc(dc / AR.n("full", "cells")))

    o = Out()

    def row(name: str, shape: str, cyc: str, by: str, en: str, accu: Optional[str], hw: str,
            why: str) -> None:
        if acc is None:
            o.f("| %s | %s | %s | %s | %s | %s | %s |\n", name, shape, cyc, by, en, hw, why)
        else:
            o.f("| %s | %s | %s | %s | %s | %s | %s | %s |\n", name, shape, cyc, by, en, accu,
                hw, why)

    def accu(cls: str, zeros_pct: float) -> Optional[str]:
        return acc.cell(cls, zeros_pct) if acc is not None else None

    def swrow(c: str, name: str, shape: str, hw: str) -> None:
        cyc = 1 - S.n(c, "cycles") / S.n(c, "dense_cycles")
        by = 1 - TT.n(c, "w_moved_over_dense")
        en = 1 - S.n(c, "e_vs_dense")
        why = verdict(cyc, en)
        if S.s(c, "class") == "unstructured":
            why = ("only the blocks that happen to be all zero save cycles and bytes; gating "
                   "saves energy") if cyc > 0.005 else why
        label = "%s (%s zeros in W)" % (name, pc(S.n(c, "w_zero_frac")))
        row(label, shape, pc(cyc), pc(by), pc(en),
            accu(S.s(c, "class"), 100 * S.n(c, "w_zero_frac")), hw, why)

    o.p("# Sparsity report: the zeros present against what they saved")
    o.p()
    o.p("<!-- Generated by `make report` (scripts/report.sh); do not edit by hand. -->")
    o.p()
    o.p("Sparsity pays only when the pattern keeps the tile's shape, the memory's granularity "
        "and the static schedule. Every figure below is measured on the verified tile (RTL and "
        "golden model in lockstep, every cycle compared), except where a row says *modelled*; "
        "the sections after the table give the runs, the definitions and the plots.")
    o.p()
    o.p("## The decision table")
    o.p()
    o.f("Savings against the dense run of the same problem (sparsity sweep: N = 16, K = 512, "
        "M = 256; activation zeros: M = 64; W bytes in 32-byte sectors as the host's DMA "
        "fetched them)%s; hardware = the cells the feature adds to the tile, by Yosys ablation "
        "(generic gates, N = %d, `make area`).\n\n",
        "" if acc is None else "; accuracy = the top-1 a network pruned with the row's pattern "
        "kept on this tile (below the table)", d(an))
    if acc is None:
        o.p("| pattern | keeps the tile's shape? | cycles saved | W bytes saved | energy saved "
            "| hardware | verdict |")
        o.p("|---|---|---:|---:|---:|---|---|")
    else:
        o.p("| pattern | keeps the tile's shape? | cycles saved | W bytes saved | energy saved "
            "| accuracy, fine-tuned (drop vs dense fine-tuned [95%]) | hardware | verdict |")
        o.p("|---|---|---:|---:|---:|---|---|---|")
    swrow("sp24", "2:4", "yes: 2 of every 4, fixed positions", cost("no-2of4"))
    swrow("block90", "block skip", "yes: whole 16-row blocks", cost("no-skip"))
    swrow("sp24block90", "2:4 + block skip", "yes", "both of the above")
    g = 1 - A.n(("dense", 50.0), "cycles_vs_0")
    e = 1 - A.n(("dense", 50.0), "e_vs_0")
    row("gating (50% zeros in A, dense W)", "yes: nothing moves", pc(g), "0.0%", pc(e),
        accu("dense", 100 * S.n("dense", "w_zero_frac")), cost("no-gating"), verdict(g, e))
    swrow("unstr90", "unstructured, executed dense", "no: zeros anywhere", "none")
    swrow("unstr99", "unstructured, executed dense", "no: only whole zero blocks skip", "none")
    for p in (90, 99):
        best, bv = "", 1e9
        for fmt in ("csr32", "csr16", "bitmap", "coo32"):
            if SW.n((fmt, float(p)), "moved_over_dense") < bv:
                bv, best = SW.n((fmt, float(p)), "moved_over_dense"), fmt
        label = "unstructured %d%%, best index format (%s), *modelled*" % (p, best)
        row(label, "no: a gather engine, not this tile", "—", pc(1 - bv), "—",
            accu("unstructured", float(p)), "not built",
            "saves bytes only with an engine this tile lacks" if bv < 1 else "moves more than dense")
    bal = MO.n(("balanced", "group"), "pj_per_useful_mac")
    for s in ("group", "cap100", "cap125", "bucket"):
        step = MO.n(("hot10", s), "step_vs_ideal")
        dr = MO.n(("hot10", s), "dropped_frac")
        en = 1 - MO.n(("hot10", s), "pj_per_useful_mac") / bal
        shape = ("no: M = n_e per expert" if s == "group" else
                 "5 fixed M" if s == "bucket" else "yes: M = C for every expert")
        if s.startswith("cap"):
            why = "every expert padded to C lengthens the step" if step > 1.005 else "balanced step"
        else:
            why = "the hot expert sets the step" if step > 1.005 else "balanced step"
        if dr > 0:
            why += ", but drops %s of the token-expert assignments" % pc(dr)
        else:
            why += ", every token kept"
        row("MoE, one expert at 10x the mean: %s" % MO.s(("hot10", s), "label"), shape,
            "step %.2fx longer" % step if step > 1.005 else "same step", "—",
            "%s per useful MAC" % pc(en), "—", "none (host schedule)", why)
    o.p()
    o.p("Negative savings are losses. The MoE rows compare the step (one tile per expert, the "
        "longest expert's cycles) and the energy per useful MAC with the balanced routing under "
        "sort-and-group. \"Keeps the tile's shape\" means every command the tile runs has a shape "
        "fixed before the data is seen. The hardware column is the logic of the base tile at "
        "N = " + an + " (the per-PE 2:4 mux and zero detect grow with N squared, the skip logic "
        "does not), with probes and performance counters left out. \"None measurable\" means "
        "the tile without the feature mapped to as many cells or more: ABC maps the same logic "
        "up to 2% apart when only the RTL's structure changes (docs/performance.md, "
        "\"The PE array as flat vectors\"), more than the feature's own gates.")
    if acc is not None:
        o.p()
        o.f("The accuracy column is the accuracy study's (docs/accuracy.md, "
            "`docs/accuracy/summary.csv`), not the sweep's: for each network (an MLP and a "
            "CNN on Fashion-MNIST), the mean top-1 over %d training seeds on %d test images "
            "of the network pruned with the row's pattern, fine-tuned with its mask fixed, "
            "quantized to INT8 and run on this tile; in parentheses its mean drop against "
            "dense fine-tuned (the same training budget) with the 95%% interval, and whether "
            "the drop is larger than the noise; of the pattern's fine-tuned networks, the one "
            "whose W zeros are closest to the row's.", d(acc.seeds), d(acc.images))
        if acc.borrowed:
            o.f(" Where no network is within %.1f point of the row's zeros the nearest stands in "
                "(%s).", NEAR_PP, "; ".join(acc.borrowed))
        o.f(" The MoE rows change the routing, not W.\n")
    return o.parts
