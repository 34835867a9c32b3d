# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The page's activation-zeros section, from act.csv."""
from __future__ import annotations

from typing import Dict, List, Optional

from ..awkfmt import d, num
from ..csvio import Row, Table
from ..energy import gated_saved_pj
from .md import Out, pc

#: The accuracy study's networks whose real activations the section shows:
#: dense W, so that every gated MAC is a zero in A (or a rare zero weight).
RELU_ROWS = (("dense", "one-shot"), ("dense", "fine-tuned"))


def relu_md(acc: Table) -> List[str]:
    """Real ReLU activations: the networks of docs/accuracy.md on the
    tile (first seed), their measured zeros in A per layer and what gating
    saved."""
    seed = acc.rows[0]["seed"] if acc.rows else ""
    rows = [r for r in acc.rows for p, tr in RELU_ROWS
            if r["pattern"] == p and r["training"] == tr and r["seed"] == seed]
    o = Out()
    if not rows:
        return o.parts
    o.p()
    o.p("### Real activations: the accuracy study's networks on the tile")
    o.p()
    o.f("The accuracy study (docs/accuracy.md) runs an MLP and a CNN on %d Fashion-MNIST test "
        "images through the tile. With dense W, the zeros its layers feed the tile are the "
        "ReLU's own (and the image's background in the first layer), measured on those images, "
        "and every gated MAC is one of them (or one of W's few zeros); seed %s:\n",
        d(rows[0]["test_images"]), seed)
    o.p()
    o.p("| network | zeros in A, layer by layer | MACs gated (of algorithmic) | "
        "energy per inference (nJ) | saved by gating per inference (nJ) |")
    o.p("|---|---:|---:|---:|---:|")
    for r in rows:
        images = num(r["test_images"])
        saved = gated_saved_pj(num(r["macs_gated"])) / 1000.0 / images
        o.f("| %s dense, %s | %s%% | %s | %.3f | %.3f |\n", r["network"].upper(), r["training"],
            r["a_zeros_layers_pct"].replace(" / ", "% / "),
            pc(num(r["macs_gated"]) / num(r["macs_alg"])),
            num(r["energy_nj_per_inference"]), saved)
    o.p()
    o.f("The first layer's input is the image itself; the later layers read the ReLU outputs "
        "of the layer before. \"Saved by gating\" is the multiply and add of every gated MAC at "
        "the energies of the model below, per image.\n")
    return o.parts


def act_md(t: Table, accuracy: Optional[Table] = None) -> List[str]:
    """The section's text."""
    rows = t.rows
    moved = sum(1 for r in rows if num(r["cycles_vs_0"]) != 1)
    last: Dict[str, Row] = {}
    for r in rows:
        last[r["class"]] = r
    first: Row = rows[0] if rows else {}
    final: Row = rows[-1] if rows else {}
    o = Out()
    o.p()
    o.p("## Activation zeros: gating pays in energy, never in cycles")
    o.p()
    o.f("ReLU-like zeros in A, from 0 to %d%% of its elements, with the same W (dense, and 2:4) and "
        "the same other A values at every step (`stc_vecgen --a-zeros`, M = %d, K = %d). The tile "
        "cannot skip a zero activation (it streams A in lockstep with the weights), but each PE "
        "gates its multiplier when either operand is zero.\n", d(final.get("a_zeros_req")),
        d(first.get("m")), d(first.get("k")))
    o.p()
    o.p("| W | zeros in A | cycles | vs 0% | MACs gated (of algorithmic) | energy (nJ) | vs 0% | saved "
        "by gating (nJ) |")
    o.p("|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        o.f("| %s | %d%% | %d | %.3f | %s | %.1f | %s | %.1f |\n",
            "2:4" if r["class"] == "sp24" else r["class"], d(r["a_zeros_req"]), d(r["cycles"]),
            num(r["cycles_vs_0"]), pc(num(r["frac_gated"])), num(r["energy_nj"]),
            pc(num(r["e_vs_0"])), num(r["e_gated_saved_nj"]))
    o.p()
    dn, sp = last.get("dense", {}), last.get("sp24", {})
    if moved == 0:
        o.f("**No run changed its cycle count** (every `vs 0%%` is exactly 1). Energy fell to %s of "
            "the zero-free run for dense W and %s for 2:4 W at %d%% zeros in A: the multiplies and "
            "adds of gated MACs are not spent, only their zero detect. This is the rule \"always "
            "gate\": it costs a comparator per PE and pays at any zero fraction, but it saves "
            "joules, not time.\n", pc(num(dn.get("e_vs_0"))), pc(num(sp.get("e_vs_0"))),
            d(dn.get("a_zeros_req")))
    else:
        o.f("**%d run(s) changed their cycle count with zeros in A**, which section 9 of the "
            "architecture does not allow: see `docs/report/act.csv`.\n", moved)
    o.p()
    o.f("![Energy against activation zeros](report/act_energy.png)\n\n*Energy relative to the same W "
        "with no zeros in A, against the share of zeros in A; the cycle count (right axis) does not "
        "move.* [SVG](report/act_energy.svg)\n")
    return o.parts + (relu_md(accuracy) if accuracy is not None else [])
