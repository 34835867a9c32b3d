# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""docs/accuracy.md: the scheme, the tables and the findings, in words
generated from the same numbers as docs/accuracy/accuracy.csv."""
from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

from . import config
from .energy import ENERGY_MODEL, EnergyTable
from .table import Row

#: A drop of at most this many points against dense counts as "kept".
KEEP_PP: float = 1.0

MISHRA = ("A. Mishra, J. Albericio Latorre, J. Pool, D. Stosic, D. Stosic, G. Venkatesh, "
          "C. Yu, P. Micikevicius, \"Accelerating Sparse Deep Neural Networks\", "
          "arXiv:2104.08378, 2021")


def _p(x: float) -> str:
    return "%.2f%%" % x


def _pp(x: float) -> str:
    """A drop in points; negative drops are gains."""
    if abs(x) < 0.005:
        return "0.00 pp"
    return "%.2f pp" % x if x > 0 else "%.2f pp better" % -x


def _x(x: float) -> str:
    return "%.3fx" % x


def _and(items) -> str:
    """"a, b and c"."""
    xs = list(items)
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]


def _acc(r: Row) -> str:
    return "FAIL" if not r.ok else _p(r.acc_tile)


class Report:
    """Builds the markdown from the derived rows."""

    def __init__(self, rows: Sequence[Row], quick: bool, plot_link: str, csv_link: str,
                 energy: EnergyTable, n_streams: int, n_commands: int):
        self.rows = list(rows)
        self.quick = quick
        self.plot_link = plot_link
        self.csv_link = csv_link
        self.energy = energy
        self.n_streams = n_streams
        self.n_commands = n_commands
        self.by: Dict[Tuple[str, str], Row] = {(r.o.pattern.slug, r.o.training): r for r in rows}
        self.base = self.by[("dense", "one-shot")]
        self.m = self.base.o.m

    # -- tables ------------------------------------------------------------
    def accuracy_table(self) -> List[str]:
        out = ["| pattern | training | W zeros | A zeros L1 / L2 / L3 | float | INT8 reference "
               "| tile | tile = reference | drop vs dense float | drop vs dense INT8 |",
               "|---|---|---:|---:|---:|---:|---:|---|---:|---:|"]
        for r in self.rows:
            o = r.o
            out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                o.pattern.name, o.training, _p(100 * o.w_zero_total),
                " / ".join("%.1f%%" % (100 * z) for z in o.a_zeros),
                _p(r.acc_float), _p(r.acc_int8), _acc(r),
                ("yes (%d = %d of %d)" % (o.correct_tile, o.correct_int8, o.m)) if r.ok
                and o.correct_tile == o.correct_int8 else "**no**",
                _pp(self.base.acc_float - r.acc_tile) if r.ok else "-",
                _pp(self.base.acc_int8 - r.acc_tile) if r.ok else "-"))
        return out

    def cost_table(self) -> List[str]:
        out = ["| pattern | training | tile mode | cycles / inference | speedup vs dense "
               "| MACs issued | MACs gated | MACs skipped | blocks skipped | bytes moved "
               "| energy / inference | vs dense |",
               "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for r in self.rows:
            c = r.o.counters
            if not r.ok:
                out.append("| %s | %s | %s | FAIL | | | | | | | | |"
                           % (r.o.pattern.name, r.o.training, r.o.pattern.mode))
                continue
            alg = c["macs_alg"]
            out.append("| %s | %s | %s | %.1f | %s | %d (%.1f%%) | %d (%.1f%%) | %d (%.1f%%) "
                       "| %d of %d | %d | %.2f nJ | %.3f |" % (
                           r.o.pattern.name, r.o.training, r.o.pattern.mode, r.cycles_per_inf,
                           _x(r.speedup), c["macs_actual"], 100.0 * c["macs_actual"] / alg,
                           c["macs_gated"], 100.0 * c["macs_gated"] / alg, c["macs_skipped"],
                           100.0 * c["macs_skipped"] / alg, c["skipped_blocks"], c["nblk"],
                           r.operand_bytes, r.energy_nj_per_inf, r.energy_rel))
        return out

    # -- findings ----------------------------------------------------------
    def _drop(self, r: Row) -> float:
        return self.base.acc_int8 - r.acc_tile

    def _name(self, r: Row) -> str:
        return "%s %s" % (r.o.pattern.name, r.o.training)

    def _verdict(self, os_: Row, ft: Row) -> str:
        d_os, d_ft = self._drop(os_), self._drop(ft)
        if d_os <= KEEP_PP and d_ft <= KEEP_PP:
            return "kept the dense accuracy without retraining (and after fine-tuning)"
        if d_os <= KEEP_PP:
            return "kept the dense accuracy one-shot, but fine-tuned it is %s below" % _pp(d_ft)
        if d_ft <= KEEP_PP:
            return ("lost %s one-shot; fine-tuning recovered it (%s against dense INT8)"
                    % (_pp(d_os), _pp(d_ft)))
        if d_ft < d_os - KEEP_PP:
            return ("lost %s one-shot; fine-tuning recovered %.2f of those points, not all: "
                    "it stays %s below dense" % (_pp(d_os), d_os - d_ft, _pp(d_ft)))
        return "lost %s one-shot and fine-tuning did not recover it (%s)" % (_pp(d_os), _pp(d_ft))

    def _pairs(self) -> List[Tuple[Row, Row]]:
        """(one-shot, fine-tuned) of every pruned pattern that ran on the tile."""
        out = []
        for p in config.PATTERNS:
            os_, ft = self.by.get((p.slug, "one-shot")), self.by.get((p.slug, "fine-tuned"))
            if p.kind != "dense" and os_ is not None and ft is not None and os_.ok and ft.ok:
                out.append((os_, ft))
        return out

    def findings(self) -> List[str]:
        f: List[str] = []
        bad = [r for r in self.rows if not r.ok]
        if not bad:
            f.append("**The tile computed the reference, bit for bit.** All %d configurations "
                     "ran on the verified tile: %d layer streams, %d commands, every one "
                     "exit 0 of the lockstep runner (RTL and golden model compared every "
                     "cycle, every result row checked against the NumPy integer reference). "
                     "So the tile's top-1 equals the INT8 reference's in every row of the "
                     "table, image for image." % (len(self.rows), self.n_streams,
                                                  self.n_commands))
        else:
            f.append("**The tile did not compute the reference in %d configuration(s):** %s. "
                     "Their tile accuracy is reported as FAIL." % (
                         len(bad), ", ".join(self._name(r) for r in bad)))
        b = self.base
        qd = [abs(r.acc_float - r.acc_int8) for r in self.rows]
        worst = max(self.rows, key=lambda r: abs(r.acc_float - r.acc_int8))
        f.append("**%s** Dense top-1 is %s in float64 and %s in INT8 (%d and %d of %d test "
                 "images); over all configurations INT8 and float differ by at most %.2f "
                 "points (%s: %s float, %s INT8)." % (
                     "INT8 costs (almost) nothing here." if max(qd) <= KEEP_PP else
                     "INT8 costs accuracy in some configurations.",
                     _p(b.acc_float), _p(b.acc_int8), b.o.correct_float, b.o.correct_int8,
                     self.m, max(qd), self._name(worst), _p(worst.acc_float),
                     _p(worst.acc_int8)))
        pairs = self._pairs()
        if pairs:
            f.append(self._lost(pairs))
        f.extend(self._matched())
        f.extend(self._cycles())
        f.extend(self._energy())
        f.extend(self._azeros())
        return f

    def _lost(self, pairs: Sequence[Tuple[Row, Row]]) -> str:
        kept = [o for o, _ in pairs if self._drop(o) <= KEEP_PP]
        collapsed = [o for o, _ in pairs if o.acc_tile < 50.0]
        lost = [o for o, _ in pairs if o not in kept and o not in collapsed]
        rec = [f for _, f in pairs if self._drop(f) <= KEEP_PP]
        notrec = [f for _, f in pairs if self._drop(f) > KEEP_PP]

        def names(rs: Sequence[Row]) -> str:
            return ", ".join(r.o.pattern.name for r in rs) if rs else "none"

        head = ("**Where accuracy was lost, and where fine-tuning recovered it** (top-1 on the "
                "tile against dense INT8 %s; \"kept\" means at most %.1f point below; %s). "
                "One-shot, %s kept the dense accuracy; %s lost some; %s collapsed below 50%%. "
                "Fine-tuned with the mask fixed, %s came back to within %.1f point of dense; "
                "%s did not." % (_p(self.base.acc_int8), KEEP_PP, self._resolution(),
                                 names(kept), names(lost), names(collapsed), names(rec),
                                 KEEP_PP, names(notrec)))
        dft = self.by.get(("dense", "fine-tuned"))
        if dft is not None and dft.ok:
            head += (" Dense trained the same extra epochs without a mask (the control) scores "
                     "%s, %d image(s) from dense as trained: a measure of this test set's noise." % (
                         _acc(dft), abs(dft.o.correct_tile - self.base.o.correct_tile)))
        lines = ["   - %s (%s zeros in W): one-shot %s, fine-tuned %s: %s." % (
            o.o.pattern.name, _p(100 * f.o.w_zero_total), _acc(o), _acc(f),
            self._verdict(o, f)) for o, f in pairs]
        return head + "\n" + "\n".join(lines)

    def _resolution(self) -> str:
        return "one test image is %.2f points" % (100.0 / self.m)

    def _matched(self) -> List[str]:
        groups = [("50%", ("sp24", "block50", "unstr50")),
                  ("75%", ("sp24block50", "block75", "unstr75")),
                  ("90%", ("block90", "unstr90"))]
        lines = []
        for label, slugs in groups:
            have = [s for s in slugs if (s, "fine-tuned") in self.by and (s, "one-shot") in self.by
                    and self.by[(s, "fine-tuned")].ok and self.by[(s, "one-shot")].ok]
            if len(have) < 2:
                continue
            items = []
            for s in have:
                os_, ft = self.by[(s, "one-shot")], self.by[(s, "fine-tuned")]
                items.append("%s %s / %s at %s" % (os_.o.pattern.name, _acc(os_), _acc(ft),
                                                   _x(ft.speedup)))
            fts = [self.by[(s, "fine-tuned")] for s in have]
            top = max(r.acc_tile for r in fts)
            best = [r for r in fts if r.acc_tile == top]
            vmax = max(r.speedup for r in fts)
            fastest = [r for r in fts if r.speedup == vmax]
            sent = "   - %s zeros: %s. Most accurate fine-tuned: %s; fastest: %s" % (
                label, "; ".join(items), " and ".join(r.o.pattern.name for r in best),
                " and ".join(r.o.pattern.name for r in fastest))
            slow = [r for r in fastest if r not in best]
            if slow:
                sent += " (%s)" % ", ".join("%s %d image(s) below the most accurate" % (
                    r.o.pattern.name, best[0].o.correct_tile - r.o.correct_tile) for r in slow)
            lines.append(sent + ".")
        if not lines:
            return []
        return ["**At matched sparsity** (top-1 on the tile one-shot / fine-tuned, at the "
                "tile's speedup over dense):\n" + "\n".join(lines)]

    def _cycles(self) -> List[str]:
        out = []
        bc = self.base.o.counters["cycles"]
        un = [r for r in self.rows if r.ok and r.o.pattern.kind == "unstructured"]
        if un:
            same = [r for r in un if r.o.counters["cycles"] == bc]
            diff = [r for r in un if r.o.counters["cycles"] != bc]
            s = "**Unstructured pruning is not faster on this tile.** Executed dense, "
            if same:
                s += ("%s took exactly the dense cycles (%d for the batch, speedup 1.000x): "
                      "the zeros only turn MACs into gated ones (%.1f..%.1f%% of the "
                      "algorithmic MACs gated, against %.1f%% for dense)" % (
                          "every unstructured network (%d of %d)" % (len(same), len(un))
                          if not diff else ", ".join(self._name(r) for r in same), bc,
                          min(100.0 * r.o.counters["macs_gated"] / r.o.counters["macs_alg"]
                              for r in same),
                          max(100.0 * r.o.counters["macs_gated"] / r.o.counters["macs_alg"]
                              for r in same),
                          100.0 * self.base.o.counters["macs_gated"]
                          / self.base.o.counters["macs_alg"]))
            if diff:
                s += ("%s%s skipped K-blocks that happened to be all zero (%s)" % (
                    "; " if same else "", ", ".join(self._name(r) for r in diff),
                    ", ".join("%d of %d blocks, %s" % (r.o.counters["skipped_blocks"],
                                                       r.o.counters["nblk"], _x(r.speedup))
                              for r in diff)))
            s += (". Its cycles and bytes are those of dense; only the modelled energy falls, "
                  "through gating.")
            out.append(s)
        st = [r for r in self.rows if r.ok and r.o.training == "fine-tuned"
              and r.o.pattern.kind in ("24", "block", "24block")]
        if st:
            fixed = 2 * self.m * (self.n_commands // len(self.rows))
            out.append("**Structured patterns pay in cycles.** Speedup against dense (the same "
                       "batch of %d images, all three layers): %s. Less than 1/(1 - zeros): "
                       "every command loads its M bias rows and drains its M result rows "
                       "whatever the pruning (docs/architecture.md section 6), %d of the "
                       "dense batch's %d cycles (%.1f%%) that no pattern removes; the passes "
                       "themselves (load, stream, flush) shrink with the blocks left: %s." % (
                           self.m, "; ".join("%s %s (%s zeros in W)" % (
                               r.o.pattern.name, _x(r.speedup), _p(100 * r.o.w_zero_total))
                               for r in st), fixed, bc, 100.0 * fixed / bc,
                           "; ".join("%s %d of %d passes, pass cycles %s fewer" % (
                               r.o.pattern.name,
                               r.o.counters["nblk"] - r.o.counters["skipped_blocks"],
                               self.base.o.counters["nblk"],
                               _x((bc - fixed) / (r.o.counters["cycles"] - fixed)))
                               for r in st)))
        s24, b50 = self.by.get(("sp24", "fine-tuned")), self.by.get(("block50", "fine-tuned"))
        o24, ob50 = self.by.get(("sp24", "one-shot")), self.by.get(("block50", "one-shot"))
        if s24 and b50 and o24 and ob50 and all(r.ok for r in (s24, b50, o24, ob50)):
            same = s24.o.counters["cycles"] == b50.o.counters["cycles"]
            out.append("**2:4 against block 50%%, the same zeros.** %s (%d and %d cycles): "
                       "both halve the passes. Block skip moves %d operand bytes to 2:4's %d "
                       "(a skipped block's activations are never sent, while 2:4 streams "
                       "every activation: half the passes, 2N activations a beat) and costs "
                       "%.2f nJ against %.2f nJ per inference (fine-tuned); 2:4 keeps more "
                       "accuracy one-shot (%s against %s) and fine-tuned (%s against %s, %d "
                       "image(s))." % (
                           "They take the same cycles" if same else "Their cycles differ",
                           s24.o.counters["cycles"], b50.o.counters["cycles"],
                           b50.operand_bytes, s24.operand_bytes, b50.energy_nj_per_inf,
                           s24.energy_nj_per_inf, _acc(o24), _acc(ob50), _acc(s24), _acc(b50),
                           s24.o.correct_tile - b50.o.correct_tile)
                       if o24.acc_tile >= ob50.acc_tile and s24.acc_tile >= b50.acc_tile else
                       "**2:4 against block 50%%, the same zeros.** 2:4 %s / %s, block 50%% "
                       "%s / %s (one-shot / fine-tuned), %d and %d cycles, %.2f and %.2f nJ "
                       "per inference fine-tuned." % (
                           _acc(o24), _acc(s24), _acc(ob50), _acc(b50),
                           s24.o.counters["cycles"], b50.o.counters["cycles"],
                           s24.energy_nj_per_inf, b50.energy_nj_per_inf))
        return out

    def _energy(self) -> List[str]:
        ft = [r for r in self.rows if r.ok and r.o.training == "fine-tuned"]
        if len(ft) < 2:
            return []
        base = self.by.get(("dense", "fine-tuned"), self.base)
        within = [r for r in ft if self._drop(r) <= KEEP_PP]
        s = ("**Energy per inference** (model of `%s`, fine-tuned networks): %s." % (
            ENERGY_MODEL, "; ".join("%s %.2f nJ" % (r.o.pattern.name, r.energy_nj_per_inf)
                                  for r in ft)))
        if within:
            cheapest = min(within, key=lambda r: r.o.energy_pj)
            cmin = min(r.o.counters["cycles"] for r in within)
            fastest = [r for r in within if r.o.counters["cycles"] == cmin]
            s += (" The cheapest fine-tuned network within %.1f point of dense INT8 is %s "
                  "(%.2f nJ, %.1f%% of dense's %.2f nJ); the fastest %s %s (%s)." % (
                      KEEP_PP, cheapest.o.pattern.name, cheapest.energy_nj_per_inf,
                      100.0 * cheapest.o.energy_pj / base.o.energy_pj, base.energy_nj_per_inf,
                      "are" if len(fastest) > 1 else "is",
                      " and ".join(r.o.pattern.name for r in fastest), _x(fastest[0].speedup)))
        return [s]

    def _azeros(self) -> List[str]:
        b = self.base.o
        rng = [(min(r.o.a_zeros[i] for r in self.rows), max(r.o.a_zeros[i] for r in self.rows))
               for i in range(len(b.a_zeros))]
        return ["**Activation zeros are real and gated, never skipped.** Layer 1's A is the "
                "image (%.1f%% zero pixels); layers 2 and 3 get ReLU outputs after "
                "requantization: %s zeros across the configurations (dense: %s). The tile "
                "gates the MACs of a zero activation (energy) but streams every activation "
                "row (cycles): no pattern's cycles depend on them." % (
                    100 * b.a_zeros[0], " and ".join("%.1f..%.1f%%" % (100 * lo, 100 * hi)
                                                     for lo, hi in rng[1:]),
                    " and ".join("%.1f%%" % (100 * z) for z in b.a_zeros[1:]))]

    def mishra(self) -> List[str]:
        os_, ft = self.by.get(("sp24", "one-shot")), self.by.get(("sp24", "fine-tuned"))
        text = ("Mishra et al. [1] describe the sparse tensor cores of NVIDIA's Ampere GPUs, "
                "which run 2:4 the way this tile does (two kept values of every four along "
                "K, two-bit indices), and a workflow to make a network 2:4: train it dense, "
                "prune it once by magnitude to 2:4, then repeat the training session with the "
                "sparsity pattern fixed and the original hyper-parameters. They report that "
                "networks pruned this way keep the dense accuracy over a wide range of "
                "vision and language tasks and architectures. This page does not restate "
                "their per-network figures.")
        if os_ is not None and ft is not None and os_.ok and ft.ok:
            d_os, d_ft = self._drop(os_), self._drop(ft)
            verdict = ("consistent with their result" if d_ft <= KEEP_PP else
                       "short of their result")
            text += ("\n\nHere, with the same recipe (magnitude 2:4 once, then the original "
                     "%d epochs again with the mask fixed, the same learning rate) on a far "
                     "smaller problem: one-shot 2:4 scores %s on the tile (%s against dense "
                     "INT8 %s), fine-tuned %s (%s): %s. The tile runs the fine-tuned 2:4 "
                     "network at %s the dense speed and %.1f%% of its modelled energy." % (
                         config.EPOCHS, _acc(os_), _pp(d_os), _p(self.base.acc_int8),
                         _acc(ft), _pp(d_ft), verdict, _x(ft.speedup),
                         100.0 * ft.o.energy_pj / self.base.o.energy_pj))
        return [text, "", "[1] " + MISHRA + "."]

    # -- the page ----------------------------------------------------------
    def markdown(self) -> str:
        e = self.energy
        L: List[str] = []
        w = config.WIDTHS
        L += ["# Accuracy: a real network, pruned each way, run on the verified tile", "",
              "<!-- Generated by `%s` (analysis/accuracy/run.py); do not edit by hand. -->"
              % ("make accuracy-check (--quick)" if self.quick else "make accuracy"), ""]
        if self.quick:
            L += ["**Quick subset** (`--quick`): %d patterns, the first %d test images. "
                  "`make accuracy-check` regenerates it and compares it byte for byte; the "
                  "full page is docs/accuracy.md." % (
                      len({r.o.pattern.slug for r in self.rows}), self.m), ""]
        L += ["The sparsity report (docs/report.md) measures zeros, cycles, MACs, bytes and "
              "energy on random operands. This page puts accuracy beside them: a small ReLU "
              "network (%s) trained on scikit-learn's 8x8 digits, pruned dense, 2:4, block "
              "skip, unstructured and 2:4 + block, one-shot and fine-tuned, quantized to INT8, "
              "and every layer of its test batch run as command streams through the lockstep "
              "runner (the Verilated RTL against the golden model, every cycle). Accuracy, "
              "cycles, MACs and bytes below are the tile's own; energy is the report's model "
              "applied to the tile's counters." % "-".join(str(x) for x in w), ""]
        L += ["## Results", "",
              "Top-1 on %d test images (%s). Drops are against dense one-shot, the network "
              "as trained (float %s, INT8 %s); \"better\" is a gain. W zeros: the INT8 "
              "weights of the real columns (the 6 padding columns of the logits left out); "
              "A zeros: the INT8 activations each layer's commands carried." % (
                  self.m, self._resolution(), _p(self.base.acc_float), _p(self.base.acc_int8)),
              ""]
        L += self.accuracy_table()
        L += ["", "On the tile (N = 16, the whole batch: M = %d rows per command, %d commands "
              "per configuration over the three layers). MACs as fractions of the algorithmic "
              "(dense) MACs; bytes moved = W value + metadata + activation bytes the host "
              "sent (the `w_bytes`, `meta_bytes`, `a_bytes` counters); energy per inference "
              "= the batch's energy / %d." % (self.m, self.n_commands // len(self.rows),
                                              self.m), ""]
        L += self.cost_table()
        L += ["", "![Top-1 accuracy on the tile against tile cycles per inference](%s)"
              % self.plot_link, "",
              "*Left: top-1 accuracy on the tile against its cycles per inference, hollow "
              "one-shot, filled fine-tuned, an arrow from one to the other (unstructured sits at "
              "the dense cycle count). Right: the fine-tuned networks against the modelled "
              "energy per inference, accuracy zoomed.* [SVG](%s); every number in "
              "[%s](%s)." % (self.plot_link[:-4] + ".svg", self.csv_link.split("/")[-1],
                             self.csv_link), ""]
        L += ["## Findings", ""]
        for i, s in enumerate(self.findings(), 1):
            L += ["%d. %s" % (i, s)]
        L += ["", "## Against a published 2:4 result", ""] + self.mishra()
        L += ["", "## The scheme", ""]
        L += self.scheme(e)
        L += ["", "## Limits", ""]
        L += ["- **A small problem.** One dataset (1797 images of 8x8 digits), one network, "
              "one seed, %d test images: %s, so differences of one or two images are noise. "
              "Digits is easy; a harder task would lose more to pruning." % (
                  self.m, self._resolution()),
              "- **Every layer pruned alike**, the first (pixels) and the last (logits) "
              "included, at the same fraction; practice often spares them, and this page "
              "does not measure what sparing them would change.",
              "- **Cycles at one batch size.** M = %d rows per command amortizes each pass's "
              "load and flush (3N + 1 cycles); at batch 1 the picture is that of the "
              "report's small-M rows (docs/report.md)." % self.m,
              "- **The tile's results are not read back.** The runner checks each command's "
              "result rows against the file's C and exits 1 on any difference; exit 0 is "
              "what makes the tile's top-1 the reference's. A broken RTL is caught: the "
              "tests run a 2:4 layer on `build/stc_sim-n4-bug` (tb/bugs/01, swapped mux) and "
              "expect exit 1.",
              "- **Byte-identical outputs on one machine and library build.** Training is "
              "float64 NumPy with one BLAS thread; another CPU or BLAS may round differently "
              "and so train a slightly different network (then `--check` reports the "
              "difference)."]
        L += ["", "## Reproduce", "",
              "    make accuracy            # this page and docs/accuracy/ (about 2 minutes on "
              "2 cores)",
              "    make accuracy-quick      # the --quick subset into docs/accuracy/quick/",
              "    make accuracy-check      # that subset regenerated and compared byte for "
              "byte, and the unit tests",
              "    make accuracy-check-full # the same for this page and docs/accuracy/",
              "    /usr/bin/python3 analysis/accuracy/run.py --out DIR [--md FILE] [--quick] "
              "[--check DIR] [--runner build/stc_sim-n16] [--keep]", "",
              "`--keep` leaves every stream and vector in `build/accuracy/work/PATTERN-TRAINING/`"
              " (`lL.vec` the layer's stream, `lL-tTT.vec` its commands one by one); any of "
              "them runs alone as `build/stc_sim-n16 --seed 1 --stall 0 --csv out.csv FILE`. "
              "Exit codes: 0 ok, 1 the tile differed from the reference (or `--check` found a "
              "difference), 2 set-up or bad input.", ""]
        L += ["## Files", "",
              "- `docs/accuracy/accuracy.csv`: one line per pattern and training, every column "
              "of the tables (counters summed over the commands of the three layers).",
              "- `docs/accuracy/accuracy_vs_cycles.png`, `.svg`: the figure.",
              "- `docs/accuracy/quick/`: the `--quick` subset, what `make accuracy-check` "
              "compares.",
              "- `analysis/accuracy/`: the code (data, training, pruning, quantization, "
              "commands, file writer, runner, energy, report) and its tests "
              "(`analysis/accuracy/tests/`); `analysis/accuracy/accuracy.mk`: the make "
              "targets."]
        return "\n".join(L) + "\n"

    def scheme(self, e: EnergyTable) -> List[str]:
        w = config.WIDTHS
        n = config.TILE_N
        tiles = [-(-o // n) for o in w[1:]]
        blocks = [t * (k // n) for t, k in zip(tiles, w[:-1])]
        return [
            "**Data.** `sklearn.datasets.load_digits` (shipped with python3-sklearn, no "
            "download): 1797 images of 8x8 pixels in 0..16, ten classes. Split stratified "
            "and seeded: for each class in turn, its indices permuted by "
            "`numpy.random.RandomState(%d)` (NumPy's legacy generator, frozen across "
            "versions), the first %.0f%% to test; both sets in dataset order. The float "
            "input is pixel / 16." % (config.SPLIT_SEED, 100 * config.TEST_FRACTION),
            "",
            "**Network and training.** %s: %d inputs, ReLU hidden layers of %s, %d logits, "
            "weights stored K x out as the tile's W. Float64 NumPy, He-normal initialization "
            "(seed %d), softmax cross-entropy, Adam (lr %g, betas 0.9/0.999), mini-batches "
            "of %d in an order drawn per epoch (seed %d), %d epochs, one BLAS thread. No "
            "scikit-learn estimator: every step of the training is written out here, fixed "
            "and seeded. The hidden widths are multiples of the tile (N = %d output columns, "
            "K-blocks of %d or %d rows) and give every layer enough K-blocks (%s of %d x %d) "
            "for block skip to reach 50, 75 and 90%%." % (
                "-".join(str(x) for x in w), w[0], " and ".join(str(x) for x in w[1:-1]),
                w[-1], config.INIT_SEED, config.LR, config.BATCH, config.TRAIN_SEED,
                config.EPOCHS, n, n, 2 * n, _and(str(b) for b in blocks), n, n),
            "",
            "**Pruning** (every layer, after training, magnitudes ranked by a stable sort: "
            "ties to the lower index):",
            "",
            "- *2:4*: in every group of 4 consecutive K rows of every output column, the two "
            "largest |w| kept (docs/architecture.md section 2; the generator's `prune24`). "
            "Runs in 2:4 mode: W compressed to the kept half, one metadata nibble per group "
            "(the canonical encoding of the vector format).",
            "- *block X%%*: the tile's K-blocks of one command: %d K rows x %d output columns "
            "(one column tile). round(X%% x blocks) blocks with the smallest L2 norm zeroed, "
            "ranked over the whole layer (%s blocks in the three layers). Runs in "
            "dense mode; every all-zero block is set in the command's `skip` bitmap and "
            "never loaded." % (n, n, _and(str(b) for b in blocks)),
            "- *unstructured X%*: the round(X% x weights) smallest |w| of each layer. Runs "
            "dense: the tile gates the MACs of a zero weight; only a K-block that happens to "
            "be all zero is skipped.",
            "- *2:4 + block 50%*: 2:4, then half of the 2:4 K-blocks (32 K rows x 16 "
            "columns) zeroed by the L2 norm of what 2:4 kept: 75% zeros. Runs in 2:4 mode "
            "with skips.",
            "",
            "**One-shot and fine-tuned.** One-shot: the trained dense network with the mask "
            "applied, no retraining. Fine-tuned: from the dense network, the mask applied "
            "and fixed (masked gradients zeroed, masked weights re-zeroed after every step), "
            "the training repeated: %d epochs, Adam restarted at lr %g, order seed %d (the "
            "same for every pattern). Dense fine-tuned is dense trained those epochs more "
            "without a mask: the same budget, the control." % (
                config.FT_EPOCHS, config.FT_LR, config.FT_SEED),
            "",
            "**Quantization** (after pruning and fine-tuning; zeros stay zeros, so the "
            "pattern survives, and rounding may add a few):",
            "",
            "- weights INT8, symmetric per output column: s_w = max|w| / 127, q = round(w / "
            "s_w) in -127..127;",
            "- activations INT8 per tensor, non-negative (0..127: the tile's operands are "
            "signed INT8, so a ReLU output has 7 bits): the input is 7 x pixel (0..112, "
            "exact); a hidden layer's scale is its largest float ReLU output over the "
            "training set / 127;",
            "- bias INT32 = round(b / (s_in x s_w)), sent as the command's BIAS rows: the "
            "tile computes C = A x W + BIAS in INT32, wrapping;",
            "- requantization in the host between layers: ReLU, then (acc x m0 + 2^(shift-1)) "
            ">> shift with m0 in [2^14, 2^15) and shift chosen so that m0 / 2^shift "
            "approximates s_in x s_w / s_out (per column), clamped to 127;",
            "- logits: the last layer's INT32 x s_in x s_w (float64), top-1 over the 10 real "
            "columns; round() is half away from zero throughout.",
            "",
            "**On the tile.** Each layer's GEMM, (batch x K) x (K x out), becomes one command "
            "per 16-column output tile (%s commands for the three layers): the whole test "
            "batch as A (M = %d <= M_MAX = %d), that tile's W, its bias as BIAS, the integer "
            "reference's C. The 10 logits are padded to 16 columns with zero weights and "
            "bias. The commands of a layer are written as one version-2 stream "
            "(docs/vector-format.md) and run back to back, `build/stc_sim-n16 --seed %d "
            "--stall %d`; each command is also written as a version-1 vector and the set is "
            "run in one more invocation, whose `--csv` gives every command's counters (a "
            "stream's CSV row has the whole run's cycles and sector totals, the latter checked "
            "against the commands' sum, and leaves the per-command counters empty). Only when "
            "both pass does "
            "the host requantize the result into the next layer's A." % (
                " + ".join(str(t) for t in tiles), self.m, config.M_MAX, config.SIM_SEED,
                config.SIM_STALL),
            "",
            "**Counters and energy.** Summed over every command of the three layers: "
            "`cycles`, `macs_alg` (dense work), `macs_actual` (MACs issued with both operands "
            "nonzero), `macs_gated` (a zero operand: the product register's clock gated), "
            "`macs_skipped` (skipped blocks and 2:4's compressed half), `w_bytes`, "
            "`meta_bytes`, `a_bytes` (docs/architecture.md section 7); the CSV adds the "
            "bytes of the 32-byte sectors the host's DMA read (`sector_bytes_moved`, section "
            "10). Energy is the report's model (`%s`): an issued MAC "
            "%g + %g pJ (INT8 multiply, 32-bit add) plus %g pJ zero detect; a gated MAC %g "
            "pJ; a skipped MAC 0; %g pJ per accumulator add (per column, row and pass); %g "
            "pJ per SRAM byte of W, metadata, A, results (4 M N) and bias (4 M N). An "
            "estimate (45 nm, Horowitz, ISSCC 2014; the SRAM figure an assumption), not a "
            "measurement." % (ENERGY_MODEL, e.mul8, e.add32, e.add8, e.add8, e.add32, e.sram),
        ]


def markdown(rows: Sequence[Row], quick: bool, plot_link: str, csv_link: str,
             energy: EnergyTable, n_streams: int, n_commands: int) -> str:
    """The page as text."""
    return Report(rows, quick, plot_link, csv_link, energy, n_streams, n_commands).markdown()
