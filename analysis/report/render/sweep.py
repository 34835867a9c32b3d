# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The page's sparsity-sweep section, from summary.csv: the findings, the
figures, the tables of every run, the method with the energy model's
constants, and the list of files."""
from __future__ import annotations

from typing import Dict, List, Tuple

from ..awkfmt import d, num
from ..csvio import Table
from ..energy import E_ADD8, E_ADD32, E_MUL8, E_SRAM
from .md import Out, pc, x3

#: Where the page says its pieces come from.
CODE = "analysis/report"


class Sweep:
    """summary.csv by (configuration, M): configurations and M in the
    order they first appear; a missing value reads as "" (0)."""

    def __init__(self, t: Table) -> None:
        self.v: Dict[Tuple[str, float], Dict[str, str]] = {}
        self.cfg: List[str] = []
        self.ms: List[float] = []
        self.rows = 0
        for r in t.rows:
            c, m = r["config"], num(r["m"])
            if c not in self.cfg:
                self.cfg.append(c)
            if m not in self.ms:
                self.ms.append(m)
            self.v[(c, m)] = r
            self.rows += 1

    def s(self, c: str, m: float, name: str) -> str:
        return self.v.get((c, m), {}).get(name, "")

    def n(self, c: str, m: float, name: str) -> float:
        return num(self.s(c, m, name))

    def has(self, c: str) -> bool:
        return c in self.cfg

    @property
    def mmin(self) -> float:
        """The first M of the table (the sweep lists M ascending)."""
        return self.ms[0]

    @property
    def mmax(self) -> float:
        """The last M of the table."""
        return self.ms[-1]

    def lab(self, c: str) -> str:
        return self.s(c, self.mmin, "label")

    def range(self, c: str) -> Tuple[float, float]:
        """The lowest and highest speedup of C over M."""
        lo, hi = 1e9, -1.0
        for m in self.ms:
            s = self.n(c, m, "speedup")
            if s < lo:
                lo = s
            if s > hi:
                hi = s
        return lo, hi


def _fig(o: Out, name: str, caption: str) -> None:
    o.f("![%s](report/%s.png)\n\n", caption, name)
    o.f("*%s* [SVG](report/%s.svg)\n\n", caption, name)


def sweep(t: Table) -> List[str]:
    """The section's text."""
    w = Sweep(t)
    n, has, lab = w.n, w.has, w.lab
    mmin, mmax = w.mmin, w.mmax
    MB = 256.0
    if (("dense", MB) not in w.v) or "m" not in w.v[("dense", MB)]:
        MB = w.ms[-1]
    N, K = n("dense", mmin, "n"), n("dense", mmin, "k")
    o = Out()
    o.p()
    o.p("## The sparsity sweep: dense, 2:4, block and unstructured W")
    o.p()
    o.f("A sparse format is worth what it saves on this tile, not how many zeros it holds. ")
    o.f("This section runs %d commands on the %dx%d tile (%d multipliers), each once through the ",
        w.rows, d(N), d(N), d(N * N))
    o.f("Verilator RTL and the golden C model in lockstep (every probe compared every cycle, no "
        "stalls, ")
    o.f("results checked against the functional reference), and reads the tile's own counters at "
        "the end ")
    o.f("(docs/architecture.md section 7). Every configuration computes the same problem, ")
    o.f("C[M x %d] = A[M x %d] W[%d x %d], at M = ", d(N), d(K), d(K), d(N))
    for j, m in enumerate(w.ms):
        o.f("%s%d", ", " if j > 0 else "", d(m))
    o.f("; \"speedup\" is the dense run's cycles at the same M and K divided by the run's cycles.\n")
    o.p()

    # ---------------------------------------------------------------- findings
    o.p("### Findings")
    o.p()
    f = 0
    if has("sp24"):
        falls = n("sp24", mmin, "speedup") > n("sp24", mmax, "speedup")
        f += 1
        if falls:
            o.f("%d. **2:4 comes closest to 2x at small M, not at large M.** Its speedup", f)
        else:
            o.f("%d. **2:4 approaches 2x as M grows.** Its speedup", f)
        o.f(" is %s at M=%d and %s at M=%d ", x3(n("sp24", mmin, "speedup")), d(mmin),
            x3(n("sp24", mmax, "speedup")), d(mmax))
        o.f("(it falls as M grows). " if falls else "(it rises as M grows). ")
        o.f("Halving K halves the passes (%d instead of %d), and with them the per-pass load and "
            "flush (3N+1 = %d cycles) ", d(n("sp24", mmin, "passes")), d(n("dense", mmin, "passes")),
            d(3 * N + 1))
        o.f("that a small M cannot hide; what it does not halve is the result drain, M cycles once "
            "per command. ")
        exact = all(2 * n("sp24", m, "cycles") - n("dense", m, "cycles") == m for m in w.ms)
        if exact:
            o.f("At every M, twice the 2:4 cycles exceed the dense cycles by exactly M: the drain is "
                "the whole gap to 2x, and it weighs most at large M: ")
        else:
            o.f("The drain weighs most at large M: ")
        o.f("at M=%d, %d of the %d cycles of the 2:4 run are drain (%s).\n", d(mmax), d(mmax),
            d(n("sp24", mmax, "cycles")), pc(mmax / n("sp24", mmax, "cycles")))
    if has("unstr90"):
        f += 1
        o.f("%d. **Unstructured sparsity saved no cycles.** ", f)
        for q, c in ((1, "unstr50"), (2, "unstr90")):
            if not has(c):
                continue
            lo, hi = w.range(c)
            o.f("%s (W %s zeros at M=%d) ", lab(c), pc(n(c, MB, "w_zero_frac")), d(MB))
            if lo == 1 and hi == 1:
                o.f("took exactly the dense cycle count at every M (speedup 1.000x)")
            else:
                o.f("ran at %s to %s of dense speed", x3(lo), x3(hi))
            o.f("%s", "; " if q == 1 else ". ")
        o.f("Executed dense, its zeros only turn multiplies into gated MACs: %s of the algorithmic "
            "MACs were gated at %s, %s at %s (M=%d), which the energy model counts (findings below) "
            "but the cycle counter does not.\n", pc(n("unstr90", MB, "frac_gated")), lab("unstr90"),
            pc(n("unstr50", MB, "frac_gated")), lab("unstr50"), d(MB))
    if has("unstr99"):
        f += 1
        o.f("%d. **At 99%% unstructured, only whole zero blocks helped.** With %s of W zero, some "
            "16-row K-blocks happen to be entirely zero; ", f, pc(n("unstr99", MB, "w_zero_frac")))
        o.f("the generator marks those in the command's skip list like any zero block (the tile "
            "never loads them), and that is all the tile can skip: ")
        for j, m in enumerate(w.ms):
            o.f("%sM=%d: %d of %d blocks skipped, %s", "; " if j > 0 else "", d(m),
                d(n("unstr99", m, "nblk") - n("unstr99", m, "passes")), d(n("unstr99", m, "nblk")),
                x3(n("unstr99", m, "speedup")))
        o.f(" (the W of each M is a different random draw). An engine that skipped every zero "
            "would reach %s.\n", x3(n("unstr99", MB, "ideal_speedup")))
    if has("block90"):
        f += 1
        o.f("%d. **Block sparsity approaches but never reaches 1/(1-s).** ", f)
        for q, c in ((1, "block50"), (2, "block75"), (3, "block90")):
            if not has(c):
                continue
            o.f("%s%s (s = %d/%d skipped): ideal %s, measured %s at M=%d and %s at M=%d",
                "; " if q > 1 else "", lab(c), d(n(c, MB, "nblk") - n(c, MB, "passes")),
                d(n(c, MB, "nblk")), x3(n(c, MB, "ideal_speedup")), x3(n(c, mmin, "speedup")),
                d(mmin), x3(n(c, mmax, "speedup")), d(mmax))
        # does the share of the ideal fall with M (for each s) and with s (at the largest M)?
        fallm, falls_s, prev = True, True, 2.0
        bl = ("block50", "block75", "block90")
        for c in bl:
            if has(c):
                if n(c, mmax, "speedup_of_ideal") >= n(c, mmin, "speedup_of_ideal"):
                    fallm = False
                if n(c, mmax, "speedup_of_ideal") >= prev:
                    falls_s = False
                prev = n(c, mmax, "speedup_of_ideal")
        o.f(". At M=%d that is ", d(mmax))
        for q, c in enumerate(bl, 1):
            if has(c):
                o.f("%s%s", ", " if q > 1 else "", pc(n(c, mmax, "speedup_of_ideal")))
        o.f(" of the ideal")
        if fallm and falls_s:
            o.f("; the share falls with M and with s, because the M-cycle drain per command does "
                "not shrink with the passes, and the fewer passes remain, the larger its share")
        elif fallm:
            o.f("; the share falls with M: the M-cycle drain per command does not shrink with the "
                "passes")
        o.f(".\n")
    if has("sp24block90"):
        c = "sp24block90"
        f += 1
        o.f("%d. **2:4 inside block sparsity multiplies.** %s keeps %d of %d 2:4 blocks and runs %s "
            "at M=%d and %s at M=%d (ideal %s), the fastest configuration here; ", f, lab(c),
            d(n(c, MB, "passes")), d(n(c, MB, "nblk")), x3(n(c, mmin, "speedup")), d(mmin),
            x3(n(c, mmax, "speedup")), d(mmax), x3(n(c, MB, "ideal_speedup")))
        o.f("its W is %s zeros.\n", pc(n(c, MB, "w_zero_frac")))
    if has("sp24"):
        c = "sp24"
        f += 1
        o.f("%d. **2:4 metadata is not free.** Per kept INT8 value byte the tile reads %s more as "
            "metadata (%d metadata bytes for %d value bytes); against the dense W that is %s, so 2:4 "
            "moves %s of the dense W bytes, not 50%%. ", f, pc(n(c, MB, "meta_per_kept_int8")),
            d(n(c, MB, "meta_bytes")), d(n(c, MB, "w_bytes")), pc(n(c, MB, "meta_per_dense_int8")),
            pc(n(c, MB, "w_moved_per_dense_int8")))
        o.f("With FP16 values (computed from the same runs: values x2, metadata unchanged) the "
            "overhead is %s of the kept values and %s of the dense footprint, %s moved. ",
            pc(n(c, MB, "meta_per_kept_fp16")), pc(n(c, MB, "meta_per_dense_fp16")),
            pc(n(c, MB, "w_moved_per_dense_fp16")))
        o.f("Block sparsity needs no per-value metadata in this tile: its skip list is one %d-bit "
            "field of the command.\n", 64)
    if has("sp24"):
        f += 1
        o.f("%d. **The %d multipliers are %s at small M.** Dense utilization (actual MACs / "
            "(cycles x %d)) is %s at M=%d and %s at M=%d; ", f, d(N * N),
            "mostly idle" if n("dense", mmin, "util_actual") < 0.5 else "mostly busy", d(N * N),
            pc(n("dense", mmin, "util_actual")), d(mmin), pc(n("dense", mmax, "util_actual")),
            d(mmax))
        o.f("2:4 does the dense-equivalent work of %s of the array per cycle at M=%d (%s of its "
            "multiplier-cycles doing a nonzero product).\n", pc(n("sp24", mmax, "dense_equiv")),
            d(mmax), pc(n("sp24", mmax, "util_actual")))
    if has("sp24") and has("unstr90"):
        ear = n("dense", MB, "e_mac_nj") + n("dense", MB, "e_zero_nj") + n("dense", MB, "e_acc_nj")
        esr = (n("dense", MB, "e_sram_w_nj") + n("dense", MB, "e_sram_meta_nj")
               + n("dense", MB, "e_sram_a_nj") + n("dense", MB, "e_sram_c_nj"))
        f += 1
        o.f("%d. **In joules (model below), gating saves without saving cycles.** At M=%d, relative "
            "to dense: ", f, d(MB))
        for q, c in enumerate(("sp24", "block90", "sp24block90", "unstr50", "unstr90", "unstr99"), 1):
            if has(c):
                o.f("%s%s %s", ", " if q > 1 else "", lab(c), pc(n(c, MB, "e_vs_dense")))
        o.f(". In the dense run arithmetic (MACs, zero detect, accumulator) is %s of the energy and "
            "SRAM traffic %s, ", pc(ear / n("dense", MB, "e_total_nj")),
            pc(esr / n("dense", MB, "e_total_nj")))
        o.f("so at this SRAM cost the MACs %s. ", "dominate and gating them pays" if ear > esr else
            "do not dominate and skipping data movement pays more than gating")
        o.f("The gate spared %s %.1f nJ of multiplies and adds, %s of what the run would cost "
            "without it, with no cycle saved; ", lab("unstr90"), n("unstr90", MB, "e_gated_saved_nj"),
            pc(n("unstr90", MB, "e_gated_saved_nj")
               / (n("unstr90", MB, "e_total_nj") + n("unstr90", MB, "e_gated_saved_nj"))))
        if n("unstr90", MB, "e_zero_nj") >= n("unstr90", MB, "e_mac_nj"):
            o.f("but a gated MAC still pays its zero detect, and at 90%% zeros that (%.1f nJ) "
                "already exceeds the remaining multiply+add energy (%.1f nJ). ",
                n("unstr90", MB, "e_zero_nj"), n("unstr90", MB, "e_mac_nj"))
        else:
            o.f("a gated MAC still pays its zero detect (%.1f nJ in total). ",
                n("unstr90", MB, "e_zero_nj"))
        if n("sp24", MB, "a_bytes") == n("dense", MB, "a_bytes"):
            o.f("2:4 saves less energy (%s) than cycles (%s) because it streams the same activation "
                "bytes as dense (%d: each 2:4 beat carries 2N activations) and drains the same "
                "results. ", pc(1 - n("sp24", MB, "e_vs_dense")), pc(1 - 1 / n("sp24", MB, "speedup")),
                d(n("sp24", MB, "a_bytes")))
        o.f("Skipping removes the zero detect, the accumulator adds and, for skipped blocks, the "
            "activation bytes too: %s costs %s of dense for %s zeros, %s %s for %s zeros.\n",
            lab("block90"), pc(n("block90", MB, "e_vs_dense")), pc(n("block90", MB, "w_zero_frac")),
            lab("unstr90"), pc(n("unstr90", MB, "e_vs_dense")), pc(n("unstr90", MB, "w_zero_frac")))
    if has("unstr90") and has("sp24"):
        f += 1
        o.f("%d. **Zeros present are not zeros saved.** %s holds %s zeros and saved %s of the cycles; "
            "%s holds %s and saved %s (M=%d).\n", f, lab("unstr90"), pc(n("unstr90", MB, "w_zero_frac")),
            pc(1 - 1 / n("unstr90", MB, "speedup")), lab("sp24"), pc(n("sp24", MB, "w_zero_frac")),
            pc(1 - 1 / n("sp24", MB, "speedup")), d(MB))
    o.p()
    o.p("Checked on every run by `scripts/report_check.sh` (also `make report-check`): algorithmic "
        "= actual + gated + skipped MACs, the counters match section 6 and 7 of the architecture, "
        "and at equal K the 2:4 run has exactly half the dense passes and weight bytes.")
    o.p()

    # ---------------------------------------------------------------- figures
    o.p("### Figures")
    o.p()
    o.p("All figures are drawn by `%s/plots/` (Matplotlib) from `docs/report/summary.csv`, "
        "`moe.csv`, `act.csv`, `traffic.csv` and `traffic_tile.csv`. The whole chain (vectors, "
        "lockstep runs, CSV, plots, this page) is `make report`; the plots alone, from the "
        "committed CSVs:" % CODE)
    o.p()
    o.p("    /usr/bin/python3 -m analysis.report plots docs/report")
    o.p()
    o.p("One run of the sweep by hand (any row of the tables; configuration ids and classes in the "
        "CSV):")
    o.p()
    o.f("    make build/stc_vecgen build/stc_sim-n16\n")
    o.f("    build/stc_vecgen --class sp24 --n %d --m %d --k %d --seed 1 -o sp24.vec\n", d(N), d(MB),
        d(K))
    o.f("    build/stc_sim-n16 --seed 1 --stall 0 --csv sp24.csv sp24.vec\n")
    o.p()
    _fig(o, "zeros_vs_saved", "Zeros in W against the cycles and the (modelled) energy they saved, "
         "M=%d." % d(MB))
    _fig(o, "speedup_vs_m", "Speedup against M: 2:4 (left) and block-sparse, 2:4 inside "
         "block-sparse and unstructured (right); dashed: the ideal of each.")
    _fig(o, "block_speedup", "Block sparsity: measured speedup per M against the ideal 1/(1-s).")
    _fig(o, "macs", "Where the algorithmic MACs went (actual, gated, skipped; M=%d), and the "
         "utilization of the 256 multipliers against M." % d(MB))
    _fig(o, "energy", "Energy per run relative to dense, by component (M=%d, model below)." % d(MB))
    _fig(o, "weight_bytes", "Bytes of W moved, values and metadata, relative to the dense "
         "footprint, INT8 and FP16.")

    # ---------------------------------------------------------------- tables
    o.p("### Cycles and speedup (all runs)")
    o.p()
    o.p("| configuration | M | zeros in W | passes | cycles | dense cycles | speedup | ideal | of "
        "ideal | utilization |")
    o.p("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for c in w.cfg:
        for m in w.ms:
            o.f("| %s | %d | %s | %d/%d | %d | %d | %s | %s | %s | %s |\n", lab(c), d(m),
                pc(n(c, m, "w_zero_frac")), d(n(c, m, "passes")), d(n(c, m, "nblk")),
                d(n(c, m, "cycles")), d(n(c, m, "dense_cycles")), x3(n(c, m, "speedup")),
                x3(n(c, m, "ideal_speedup")), pc(n(c, m, "speedup_of_ideal")),
                pc(n(c, m, "util_actual")))
    o.p()
    o.f("### MACs (Sparseloop counter names), M=%d\n\n", d(MB))
    o.p("| configuration | algorithmic | actual | gated | skipped | actual+gated+skipped | "
        "utilization (actual) | busy (actual+gated) | dense-equivalent |")
    o.p("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for c in w.cfg:
        o.f("| %s | %d | %d | %d | %d | %d | %s | %s | %s |\n", lab(c), d(n(c, MB, "macs_alg")),
            d(n(c, MB, "macs_actual")), d(n(c, MB, "macs_gated")), d(n(c, MB, "macs_skipped")),
            d(n(c, MB, "macs_actual") + n(c, MB, "macs_gated") + n(c, MB, "macs_skipped")),
            pc(n(c, MB, "util_actual")), pc(n(c, MB, "util_busy")), pc(n(c, MB, "dense_equiv")))
    o.p()
    o.f("### Bytes of W moved, M=%d (W bytes do not depend on M, except where a zero block was "
        "skipped)\n\n", d(MB))
    o.p("| configuration | value bytes | metadata bytes | dense W bytes | INT8: meta / kept | INT8: "
        "meta / dense | INT8: moved / dense | FP16: meta / kept | FP16: meta / dense | FP16: moved "
        "/ dense | A bytes |")
    o.p("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for c in w.cfg:
        o.f("| %s | %d | %d | %d | %s | %s | %s | %s | %s | %s | %d |\n", lab(c),
            d(n(c, MB, "w_bytes")), d(n(c, MB, "meta_bytes")), d(n(c, MB, "w_dense_bytes")),
            pc(n(c, MB, "meta_per_kept_int8")), pc(n(c, MB, "meta_per_dense_int8")),
            pc(n(c, MB, "w_moved_per_dense_int8")), pc(n(c, MB, "meta_per_kept_fp16")),
            pc(n(c, MB, "meta_per_dense_fp16")), pc(n(c, MB, "w_moved_per_dense_fp16")),
            d(n(c, MB, "a_bytes")))
    o.p()
    o.f("### Energy estimate, M=%d (nJ per run)\n\n", d(MB))
    o.p("| configuration | MACs | zero detect | accumulator | SRAM W values | SRAM metadata | SRAM A "
        "| SRAM results | total | vs dense | pJ per algorithmic MAC | saved by gating |")
    o.p("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for c in w.cfg:
        o.f("| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %s | %.3f | %.1f |\n",
            lab(c), n(c, MB, "e_mac_nj"), n(c, MB, "e_zero_nj"), n(c, MB, "e_acc_nj"),
            n(c, MB, "e_sram_w_nj"), n(c, MB, "e_sram_meta_nj"), n(c, MB, "e_sram_a_nj"),
            n(c, MB, "e_sram_c_nj"), n(c, MB, "e_total_nj"), pc(n(c, MB, "e_vs_dense")),
            n(c, MB, "pj_per_alg_mac"), n(c, MB, "e_gated_saved_nj"))
    o.p()
    o.p("Every M is in `docs/report/summary.csv`; the raw counters of every run in "
        "`docs/report/runs.csv`.")
    o.p()

    # ---------------------------------------------------------------- method
    o.p("### Method and definitions")
    o.p()
    o.f("- **Runs.** N = %d, K = %d for every configuration (%d dense K-blocks of %d rows, or %d 2:4 "
        "blocks of %d), generator seed 1, ", d(N), d(K), d(K / N), d(N), d(K / (2 * N)), d(2 * N))
    o.p("`stc_sim-n16 --stall 0`. Classes of `stc_vecgen`: `dense`; `sp24` (2:4 mode); `block` "
        "(dense mode, the given percentage of K-blocks all zero and skipped); `sp24-block` (2:4 "
        "mode, the same for 2:4 blocks); `unstructured` (dense mode, the given percentage of "
        "elementwise zeros, executed dense; a block that happens to be all zero is skipped like any "
        "zero block). The percentage is the generator's target; the tables show the zeros and "
        "skipped blocks actually present.")
    o.p("- **Counters** (docs/architecture.md section 7, Sparseloop/Timeloop names): `macs_alg` the "
        "dense work nblk x M x KD x N; `macs_actual` PE-cycles with a valid activation and both "
        "operands nonzero; `macs_gated` valid PE-cycles with a zero operand (the product register's "
        "clock is gated); `macs_skipped` the MACs of skipped blocks and, in 2:4, the "
        "compressed-away half. `w_bytes` weight value bytes loaded, `meta_bytes` 2:4 metadata "
        "bytes, `a_bytes` activation bytes streamed.")
    o.p("- **Speedup** = dense cycles / cycles, the dense run of the same M and K. **Ideal**: 2 for "
        "2:4; 1/(1-s) for block sparsity with s = skipped blocks / all blocks; 2/(1-s) for 2:4 "
        "inside block sparsity; 1/(1-z) for unstructured, z = zero fraction of W (what skipping "
        "every zero would give). **Of ideal** = speedup / ideal.")
    o.f("- **Utilization** = macs_actual / (cycles x N^2): the share of the %d multiplier-cycles that "
        "computed a nonzero product. **Busy** adds the gated MACs (a valid operand pair, product "
        "gated). **Dense-equivalent** = macs_alg / (cycles x N^2), the dense work retired per "
        "multiplier per cycle; above 100%% only through skipping.\n", d(N * N))
    o.p("- **Metadata overhead**: metadata bytes / kept value bytes, and metadata bytes / dense W "
        "bytes (K x N). FP16 is computed from the same runs with 2-byte values (value bytes x2, the "
        "4-bit-per-group metadata unchanged); the tile itself is INT8.")
    o.f("- **Energy** (an estimate, not a measurement): per-event costs at 45 nm from M. Horowitz, "
        "\"Computing's energy problem (and what we can do about it)\", ISSCC 2014: INT8 multiply %g "
        "pJ, 8-bit add %g pJ, 32-bit add %g pJ; SRAM access %g pJ per byte is an assumption (the "
        "issue's figure; it equals Horowitz's 10 pJ per 64-bit read of an 8 KB SRAM, and his 1 MB "
        "SRAM costs about ten times more per access, so larger buffers would weigh data movement "
        "more). Events, all from the counters:\n", E_MUL8, E_ADD8, E_ADD32, E_SRAM)
    o.f("  - an actual MAC: multiply + 32-bit add + zero detect = %g + %g + %g pJ;\n", E_MUL8,
        E_ADD32, E_ADD8)
    o.f("  - a gated MAC: the zero detect only, %g pJ (an 8-bit add stands for the comparator; the "
        "gate is taken as ideal: the multiplier and the adder do not toggle);\n", E_ADD8)
    o.p("  - a skipped MAC: 0 (never issued);")
    o.f("  - accumulator: one 32-bit add per column per streamed row per pass (passes x M x N x %g "
        "pJ);\n", E_ADD32)
    o.f("  - SRAM: (w_bytes + meta_bytes + a_bytes + 4 x M x N result bytes) x %g pJ.\n", E_SRAM)
    o.p("  - Not modelled: the systolic registers and wires, the 2:4 activation muxes, control, "
        "clock tree and leakage (leakage would scale with cycles and favour every configuration "
        "that saves them).")
    o.f("  - **Saved by gating** = gated MACs x (%g + %g) pJ: the multiply and add a gate-less array "
        "would have spent on them.\n", E_MUL8, E_ADD32)
    o.p()
    o.p("### Files")
    o.p()
    o.p("- `docs/report/runs.csv`: the lockstep runner's `--csv` line of every run (counters as read "
        "from the tile).")
    o.p("- `docs/report/summary.csv`: the derived columns above, one line per run "
        "(`%s/summary.py`)." % CODE)
    o.p("- `docs/report/uarch.csv`: the same vectors' cycles on the base and the double-buffered "
        "tile (`%s/uarch.py`; section below)." % CODE)
    o.p("- `docs/report/moe.csv`: the mixture-of-experts workloads, one line per load distribution "
        "and dispatch scheme (`%s/moe.py`; section below)." % CODE)
    o.p("- `docs/report/act.csv`: the activation-zeros runs (`%s/act.py`; section below)." % CODE)
    o.p("- `docs/report/traffic_tile.csv`, `traffic.csv`, `breakeven.csv`: memory traffic, measured "
        "and modelled (section below).")
    o.p("- `docs/report/area.csv`: the Yosys ablations behind the decision table's hardware column "
        "(`make area`, `scripts/area.sh`).")
    o.p("- `docs/report/sparseloop.csv`: every run's counters under Timeloop/Sparseloop's action "
        "names (`%s/sparseloop.py`), for the architecture and sparse optimizations of "
        "`docs/sparseloop/stc_tile.arch.yaml` and `stc_tile.sparse.yaml` (written from "
        "docs/architecture.md, not run here: the tools are not part of the harness)." % CODE)
    o.p("- The energy model of every section: `%s/energy.py`." % CODE)
    o.p("- `docs/report/*.png`, `docs/report/*.svg`: the figures.")
    return o.parts
