# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_md.awk - writes docs/report.md from docs/report/summary.csv.
#
# usage: awk -F, -f scripts/report_energy.awk -f scripts/report_md.awk docs/report/summary.csv
# (scripts/report_render.sh: after report_decision_md.awk's title and
# decision table; the energy constants it states are report_energy.awk's)
#
# Every number printed comes from summary.csv (the lockstep runs through
# report_analyze.awk). The findings are sentences whose direction (faster,
# slower, none, some) is decided here from the numbers, not written in advance.

NR == 1 { for (i = 1; i <= NF; i++) { ix[$i] = i; hdr[i] = $i }; ncol = NF; next }
{
    c = $(ix["config"]); m = $(ix["m"]) + 0
    if (!(c in seen)) { seen[c] = 1; cfg[++ncfg] = c }
    if (!(m in seenm)) { seenm[m] = 1; ms[++nm] = m }
    for (i = 1; i <= ncol; i++) V[c, m, hdr[i]] = $i
    rows++
}

function v(c, m, name) { return V[c, m, name] }
function n(c, m, name) { return V[c, m, name] + 0 }
function pc(x) { return sprintf("%.1f%%", 100 * x) }
function x2(x) { return sprintf("%.3fx", x) }
function mmin() { return ms[1] }
function mmax() { return ms[nm] }
function lab(c) { return v(c, mmin(), "label") }
# speedup range of a configuration over M, as "a (M=..) .. b (M=..)"
function range(c,   j, lo, hi, mlo, mhi, s) {
    lo = 1e9; hi = -1
    for (j = 1; j <= nm; j++) {
        s = n(c, ms[j], "speedup")
        if (s < lo) { lo = s; mlo = ms[j] }
        if (s > hi) { hi = s; mhi = ms[j] }
    }
    RLO = lo; RHI = hi; RMLO = mlo; RMHI = mhi
}
function has(c) { return (c in seen) }

END {
    MB = 256
    if (!(("dense", MB, "m") in V)) MB = ms[nm]
    N = n("dense", mmin(), "n"); K = n("dense", mmin(), "k")

    print ""
    print "## The sparsity sweep: dense, 2:4, block and unstructured W"
    print ""
    printf "A sparse format is worth what it saves on this tile, not how many zeros it holds. "
    printf "This section runs %d commands on the %dx%d tile (%d multipliers), each once through the ", rows, N, N, N * N
    printf "Verilator RTL and the golden C model in lockstep (every probe compared every cycle, no stalls, "
    printf "results checked against the functional reference), and reads the tile's own counters at the end "
    printf "(docs/architecture.md section 7). Every configuration computes the same problem, "
    printf "C[M x %d] = A[M x %d] W[%d x %d], at M = ", N, K, K, N
    for (j = 1; j <= nm; j++) printf "%s%d", (j > 1 ? ", " : ""), ms[j]
    printf "; \"speedup\" is the dense run's cycles at the same M and K divided by the run's cycles.\n"
    print ""

    # ---------------------------------------------------------------- findings
    print "### Findings"
    print ""
    f = 0
    if (has("sp24")) {
        range("sp24")
        if (n("sp24", mmin(), "speedup") > n("sp24", mmax(), "speedup")) printf "%d. **2:4 comes closest to 2x at small M, not at large M.** Its speedup", ++f
        else printf "%d. **2:4 approaches 2x as M grows.** Its speedup", ++f
        printf " is %s at M=%d and %s at M=%d ", \
            x2(n("sp24", mmin(), "speedup")), mmin(), x2(n("sp24", mmax(), "speedup")), mmax()
        if (n("sp24", mmin(), "speedup") > n("sp24", mmax(), "speedup"))
            printf "(it falls as M grows). "
        else
            printf "(it rises as M grows). "
        printf "Halving K halves the passes (%d instead of %d), and with them the per-pass load and flush (3N+1 = %d cycles) ", \
            n("sp24", mmin(), "passes"), n("dense", mmin(), "passes"), 3 * N + 1
        printf "that a small M cannot hide; what it does not halve is the result drain, M cycles once per command. "
        exact = 1
        for (j = 1; j <= nm; j++) if (2 * n("sp24", ms[j], "cycles") - n("dense", ms[j], "cycles") != ms[j]) exact = 0
        if (exact) printf "At every M, twice the 2:4 cycles exceed the dense cycles by exactly M: the drain is the whole gap to 2x, and it weighs most at large M: "
        else printf "The drain weighs most at large M: "
        printf "at M=%d, %d of the %d cycles of the 2:4 run are drain (%s).\n", mmax(), mmax(), \
            n("sp24", mmax(), "cycles"), pc(mmax() / n("sp24", mmax(), "cycles"))
    }
    if (has("unstr90")) {
        printf "%d. **Unstructured sparsity saved no cycles.** ", ++f
        for (q = 1; q <= 2; q++) {
            c = (q == 1) ? "unstr50" : "unstr90"
            if (!has(c)) continue
            range(c)
            printf "%s (W %s zeros at M=%d) ", lab(c), pc(n(c, MB, "w_zero_frac")), MB
            if (RLO == 1 && RHI == 1) printf "took exactly the dense cycle count at every M (speedup 1.000x)"
            else printf "ran at %s to %s of dense speed", x2(RLO), x2(RHI)
            printf "%s", (q == 1 ? "; " : ". ")
        }
        printf "Executed dense, its zeros only turn multiplies into gated MACs: %s of the algorithmic MACs were gated at %s, %s at %s (M=%d), which the energy model counts (findings below) but the cycle counter does not.\n", \
            pc(n("unstr90", MB, "frac_gated")), lab("unstr90"), pc(n("unstr50", MB, "frac_gated")), lab("unstr50"), MB
    }
    if (has("unstr99")) {
        range("unstr99")
        printf "%d. **At 99%% unstructured, only whole zero blocks helped.** With %s of W zero, some 16-row K-blocks happen to be entirely zero; ", \
            ++f, pc(n("unstr99", MB, "w_zero_frac"))
        printf "the generator marks those in the command's skip list like any zero block (the tile never loads them), and that is all the tile can skip: "
        for (j = 1; j <= nm; j++)
            printf "%sM=%d: %d of %d blocks skipped, %s", (j > 1 ? "; " : ""), ms[j], \
                n("unstr99", ms[j], "nblk") - n("unstr99", ms[j], "passes"), n("unstr99", ms[j], "nblk"), x2(n("unstr99", ms[j], "speedup"))
        printf " (the W of each M is a different random draw). An engine that skipped every zero would reach %s.\n", \
            x2(n("unstr99", MB, "ideal_speedup"))
    }
    if (has("block90")) {
        printf "%d. **Block sparsity approaches but never reaches 1/(1-s).** ", ++f
        for (q = 1; q <= 3; q++) {
            c = (q == 1) ? "block50" : (q == 2) ? "block75" : "block90"
            if (!has(c)) continue
            printf "%s%s (s = %d/%d skipped): ideal %s, measured %s at M=%d and %s at M=%d", (q > 1 ? "; " : ""), lab(c), \
                n(c, MB, "nblk") - n(c, MB, "passes"), n(c, MB, "nblk"), x2(n(c, MB, "ideal_speedup")), \
                x2(n(c, mmin(), "speedup")), mmin(), x2(n(c, mmax(), "speedup")), mmax()
        }
        # does the share of the ideal fall with M (for each s) and with s (at the largest M)?
        fallm = 1; falls = 1; prev = 2
        split("block50 block75 block90", BL, " ")
        for (q = 1; q <= 3; q++) if (has(BL[q])) {
            if (n(BL[q], mmax(), "speedup_of_ideal") >= n(BL[q], mmin(), "speedup_of_ideal")) fallm = 0
            if (n(BL[q], mmax(), "speedup_of_ideal") >= prev) falls = 0
            prev = n(BL[q], mmax(), "speedup_of_ideal")
        }
        printf ". At M=%d that is ", mmax()
        for (q = 1; q <= 3; q++) if (has(BL[q])) printf "%s%s", (q > 1 ? ", " : ""), pc(n(BL[q], mmax(), "speedup_of_ideal"))
        printf " of the ideal"
        if (fallm && falls) printf "; the share falls with M and with s, because the M-cycle drain per command does not shrink with the passes, and the fewer passes remain, the larger its share"
        else if (fallm) printf "; the share falls with M: the M-cycle drain per command does not shrink with the passes"
        printf ".\n"
    }
    if (has("sp24block90")) {
        c = "sp24block90"
        printf "%d. **2:4 inside block sparsity multiplies.** %s keeps %d of %d 2:4 blocks and runs %s at M=%d and %s at M=%d (ideal %s), the fastest configuration here; ", \
            ++f, lab(c), n(c, MB, "passes"), n(c, MB, "nblk"), x2(n(c, mmin(), "speedup")), mmin(), x2(n(c, mmax(), "speedup")), mmax(), x2(n(c, MB, "ideal_speedup"))
        printf "its W is %s zeros.\n", pc(n(c, MB, "w_zero_frac"))
    }
    if (has("sp24")) {
        c = "sp24"
        printf "%d. **2:4 metadata is not free.** Per kept INT8 value byte the tile reads %s more as metadata (%d metadata bytes for %d value bytes); against the dense W that is %s, so 2:4 moves %s of the dense W bytes, not 50%%. ", \
            ++f, pc(n(c, MB, "meta_per_kept_int8")), n(c, MB, "meta_bytes"), n(c, MB, "w_bytes"), pc(n(c, MB, "meta_per_dense_int8")), pc(n(c, MB, "w_moved_per_dense_int8"))
        printf "With FP16 values (computed from the same runs: values x2, metadata unchanged) the overhead is %s of the kept values and %s of the dense footprint, %s moved. ", \
            pc(n(c, MB, "meta_per_kept_fp16")), pc(n(c, MB, "meta_per_dense_fp16")), pc(n(c, MB, "w_moved_per_dense_fp16"))
        printf "Block sparsity needs no per-value metadata in this tile: its skip list is one %d-bit field of the command.\n", 64
    }
    if (has("sp24")) {
        printf "%d. **The %d multipliers are %s at small M.** Dense utilization (actual MACs / (cycles x %d)) is %s at M=%d and %s at M=%d; ", \
            ++f, N * N, (n("dense", mmin(), "util_actual") < 0.5 ? "mostly idle" : "mostly busy"), N * N, pc(n("dense", mmin(), "util_actual")), mmin(), pc(n("dense", mmax(), "util_actual")), mmax()
        printf "2:4 does the dense-equivalent work of %s of the array per cycle at M=%d (%s of its multiplier-cycles doing a nonzero product).\n", \
            pc(n("sp24", mmax(), "dense_equiv")), mmax(), pc(n("sp24", mmax(), "util_actual"))
    }
    if (has("sp24") && has("unstr90")) {
        ear = n("dense", MB, "e_mac_nj") + n("dense", MB, "e_zero_nj") + n("dense", MB, "e_acc_nj")
        esr = n("dense", MB, "e_sram_w_nj") + n("dense", MB, "e_sram_meta_nj") + n("dense", MB, "e_sram_a_nj") + n("dense", MB, "e_sram_c_nj")
        printf "%d. **In joules (model below), gating saves without saving cycles.** At M=%d, relative to dense: ", ++f, MB
        split("sp24 block90 sp24block90 unstr50 unstr90 unstr99", L, " ")
        for (q = 1; q <= 6; q++) if (has(L[q]))
            printf "%s%s %s", (q > 1 ? ", " : ""), lab(L[q]), pc(n(L[q], MB, "e_vs_dense"))
        printf ". In the dense run arithmetic (MACs, zero detect, accumulator) is %s of the energy and SRAM traffic %s, ", \
            pc(ear / n("dense", MB, "e_total_nj")), pc(esr / n("dense", MB, "e_total_nj"))
        printf "so at this SRAM cost the MACs %s. ", (ear > esr ? "dominate and gating them pays" : "do not dominate and skipping data movement pays more than gating")
        printf "The gate spared %s %.1f nJ of multiplies and adds, %s of what the run would cost without it, with no cycle saved; ", \
            lab("unstr90"), n("unstr90", MB, "e_gated_saved_nj"), \
            pc(n("unstr90", MB, "e_gated_saved_nj") / (n("unstr90", MB, "e_total_nj") + n("unstr90", MB, "e_gated_saved_nj")))
        if (n("unstr90", MB, "e_zero_nj") >= n("unstr90", MB, "e_mac_nj"))
            printf "but a gated MAC still pays its zero detect, and at 90%% zeros that (%.1f nJ) already exceeds the remaining multiply+add energy (%.1f nJ). ", \
                n("unstr90", MB, "e_zero_nj"), n("unstr90", MB, "e_mac_nj")
        else
            printf "a gated MAC still pays its zero detect (%.1f nJ in total). ", n("unstr90", MB, "e_zero_nj")
        if (n("sp24", MB, "a_bytes") == n("dense", MB, "a_bytes"))
            printf "2:4 saves less energy (%s) than cycles (%s) because it streams the same activation bytes as dense (%d: each 2:4 beat carries 2N activations) and drains the same results. ", \
                pc(1 - n("sp24", MB, "e_vs_dense")), pc(1 - 1 / n("sp24", MB, "speedup")), n("sp24", MB, "a_bytes")
        printf "Skipping removes the zero detect, the accumulator adds and, for skipped blocks, the activation bytes too: %s costs %s of dense for %s zeros, %s %s for %s zeros.\n", \
            lab("block90"), pc(n("block90", MB, "e_vs_dense")), pc(n("block90", MB, "w_zero_frac")), \
            lab("unstr90"), pc(n("unstr90", MB, "e_vs_dense")), pc(n("unstr90", MB, "w_zero_frac"))
    }
    if (has("unstr90") && has("sp24")) {
        printf "%d. **Zeros present are not zeros saved.** %s holds %s zeros and saved %s of the cycles; %s holds %s and saved %s (M=%d).\n", ++f, \
            lab("unstr90"), pc(n("unstr90", MB, "w_zero_frac")), pc(1 - 1 / n("unstr90", MB, "speedup")), \
            lab("sp24"), pc(n("sp24", MB, "w_zero_frac")), pc(1 - 1 / n("sp24", MB, "speedup")), MB
    }
    print ""
    print "Checked on every run by `scripts/report_check.sh` (also `make report-check`): algorithmic = actual + gated + skipped MACs, the counters match section 6 and 7 of the architecture, and at equal K the 2:4 run has exactly half the dense passes and weight bytes."
    print ""

    # ---------------------------------------------------------------- figures
    print "### Figures"
    print ""
    print "All figures are drawn by `scripts/report_plots.gp` from `docs/report/summary.csv`. The whole chain (vectors, lockstep runs, CSV, plots, this page) is `make report`; the plots alone, from the committed CSV:"
    print ""
    print "    gnuplot -e \"csv='docs/report/summary.csv'; outdir='docs/report'\" scripts/report_plots.gp"
    print ""
    print "One run of the sweep by hand (any row of the tables; configuration ids and classes in the CSV):"
    print ""
    printf "    make build/stc_vecgen build/stc_sim-n16\n"
    printf "    build/stc_vecgen --class sp24 --n %d --m %d --k %d --seed 1 -o sp24.vec\n", N, MB, K
    printf "    build/stc_sim-n16 --seed 1 --stall 0 --csv sp24.csv sp24.vec\n"
    print ""
    fig("zeros_vs_saved", sprintf("Zeros in W against the cycles and the (modelled) energy they saved, M=%d.", MB))
    fig("speedup_vs_m", "Speedup against M: 2:4 (left) and block-sparse, 2:4 inside block-sparse and unstructured (right); dashed: the ideal of each.")
    fig("block_speedup", "Block sparsity: measured speedup per M against the ideal 1/(1-s).")
    fig("macs", sprintf("Where the algorithmic MACs went (actual, gated, skipped; M=%d), and the utilization of the 256 multipliers against M.", MB))
    fig("energy", sprintf("Energy per run relative to dense, by component (M=%d, model below).", MB))
    fig("weight_bytes", "Bytes of W moved, values and metadata, relative to the dense footprint, INT8 and FP16.")

    # ---------------------------------------------------------------- tables
    print "### Cycles and speedup (all runs)"
    print ""
    print "| configuration | M | zeros in W | passes | cycles | dense cycles | speedup | ideal | of ideal | utilization |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    for (q = 1; q <= ncfg; q++) for (j = 1; j <= nm; j++) {
        c = cfg[q]; m = ms[j]
        printf "| %s | %d | %s | %d/%d | %d | %d | %s | %s | %s | %s |\n", lab(c), m, pc(n(c, m, "w_zero_frac")), \
            n(c, m, "passes"), n(c, m, "nblk"), n(c, m, "cycles"), n(c, m, "dense_cycles"), x2(n(c, m, "speedup")), \
            x2(n(c, m, "ideal_speedup")), pc(n(c, m, "speedup_of_ideal")), pc(n(c, m, "util_actual"))
    }
    print ""
    printf "### MACs (Sparseloop counter names), M=%d\n\n", MB
    print "| configuration | algorithmic | actual | gated | skipped | actual+gated+skipped | utilization (actual) | busy (actual+gated) | dense-equivalent |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    for (q = 1; q <= ncfg; q++) {
        c = cfg[q]
        printf "| %s | %d | %d | %d | %d | %d | %s | %s | %s |\n", lab(c), n(c, MB, "macs_alg"), n(c, MB, "macs_actual"), \
            n(c, MB, "macs_gated"), n(c, MB, "macs_skipped"), \
            n(c, MB, "macs_actual") + n(c, MB, "macs_gated") + n(c, MB, "macs_skipped"), \
            pc(n(c, MB, "util_actual")), pc(n(c, MB, "util_busy")), pc(n(c, MB, "dense_equiv"))
    }
    print ""
    printf "### Bytes of W moved, M=%d (W bytes do not depend on M, except where a zero block was skipped)\n\n", MB
    print "| configuration | value bytes | metadata bytes | dense W bytes | INT8: meta / kept | INT8: meta / dense | INT8: moved / dense | FP16: meta / kept | FP16: meta / dense | FP16: moved / dense | A bytes |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    for (q = 1; q <= ncfg; q++) {
        c = cfg[q]
        printf "| %s | %d | %d | %d | %s | %s | %s | %s | %s | %s | %d |\n", lab(c), n(c, MB, "w_bytes"), n(c, MB, "meta_bytes"), \
            n(c, MB, "w_dense_bytes"), pc(n(c, MB, "meta_per_kept_int8")), pc(n(c, MB, "meta_per_dense_int8")), \
            pc(n(c, MB, "w_moved_per_dense_int8")), pc(n(c, MB, "meta_per_kept_fp16")), pc(n(c, MB, "meta_per_dense_fp16")), \
            pc(n(c, MB, "w_moved_per_dense_fp16")), n(c, MB, "a_bytes")
    }
    print ""
    printf "### Energy estimate, M=%d (nJ per run)\n\n", MB
    print "| configuration | MACs | zero detect | accumulator | SRAM W values | SRAM metadata | SRAM A | SRAM results | total | vs dense | pJ per algorithmic MAC | saved by gating |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    for (q = 1; q <= ncfg; q++) {
        c = cfg[q]
        printf "| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %s | %.3f | %.1f |\n", lab(c), \
            n(c, MB, "e_mac_nj"), n(c, MB, "e_zero_nj"), n(c, MB, "e_acc_nj"), n(c, MB, "e_sram_w_nj"), n(c, MB, "e_sram_meta_nj"), \
            n(c, MB, "e_sram_a_nj"), n(c, MB, "e_sram_c_nj"), n(c, MB, "e_total_nj"), pc(n(c, MB, "e_vs_dense")), \
            n(c, MB, "pj_per_alg_mac"), n(c, MB, "e_gated_saved_nj")
    }
    print ""
    print "Every M is in `docs/report/summary.csv`; the raw counters of every run in `docs/report/runs.csv`."
    print ""

    # ---------------------------------------------------------------- method
    print "### Method and definitions"
    print ""
    printf "- **Runs.** N = %d, K = %d for every configuration (%d dense K-blocks of %d rows, or %d 2:4 blocks of %d), generator seed 1, ", \
        N, K, K / N, N, K / (2 * N), 2 * N
    print "`stc_sim-n16 --stall 0`. Classes of `stc_vecgen`: `dense`; `sp24` (2:4 mode); `block` (dense mode, the given percentage of K-blocks all zero and skipped); `sp24-block` (2:4 mode, the same for 2:4 blocks); `unstructured` (dense mode, the given percentage of elementwise zeros, executed dense; a block that happens to be all zero is skipped like any zero block). The percentage is the generator's target; the tables show the zeros and skipped blocks actually present."
    print "- **Counters** (docs/architecture.md section 7, Sparseloop/Timeloop names): `macs_alg` the dense work nblk x M x KD x N; `macs_actual` PE-cycles with a valid activation and both operands nonzero; `macs_gated` valid PE-cycles with a zero operand (the product register's clock is gated); `macs_skipped` the MACs of skipped blocks and, in 2:4, the compressed-away half. `w_bytes` weight value bytes loaded, `meta_bytes` 2:4 metadata bytes, `a_bytes` activation bytes streamed."
    print "- **Speedup** = dense cycles / cycles, the dense run of the same M and K. **Ideal**: 2 for 2:4; 1/(1-s) for block sparsity with s = skipped blocks / all blocks; 2/(1-s) for 2:4 inside block sparsity; 1/(1-z) for unstructured, z = zero fraction of W (what skipping every zero would give). **Of ideal** = speedup / ideal."
    printf "- **Utilization** = macs_actual / (cycles x N^2): the share of the %d multiplier-cycles that computed a nonzero product. **Busy** adds the gated MACs (a valid operand pair, product gated). **Dense-equivalent** = macs_alg / (cycles x N^2), the dense work retired per multiplier per cycle; above 100%% only through skipping.\n", N * N
    print "- **Metadata overhead**: metadata bytes / kept value bytes, and metadata bytes / dense W bytes (K x N). FP16 is computed from the same runs with 2-byte values (value bytes x2, the 4-bit-per-group metadata unchanged); the tile itself is INT8."
    printf "- **Energy** (an estimate, not a measurement): per-event costs at 45 nm from M. Horowitz, \"Computing's energy problem (and what we can do about it)\", ISSCC 2014: INT8 multiply %g pJ, 8-bit add %g pJ, 32-bit add %g pJ; SRAM access %g pJ per byte is an assumption (the issue's figure; it equals Horowitz's 10 pJ per 64-bit read of an 8 KB SRAM, and his 1 MB SRAM costs about ten times more per access, so larger buffers would weigh data movement more). Events, all from the counters:\n", E_MUL8, E_ADD8, E_ADD32, E_SRAM
    printf "  - an actual MAC: multiply + 32-bit add + zero detect = %g + %g + %g pJ;\n", E_MUL8, E_ADD32, E_ADD8
    printf "  - a gated MAC: the zero detect only, %g pJ (an 8-bit add stands for the comparator; the gate is taken as ideal: the multiplier and the adder do not toggle);\n", E_ADD8
    print "  - a skipped MAC: 0 (never issued);"
    printf "  - accumulator: one 32-bit add per column per streamed row per pass (passes x M x N x %g pJ);\n", E_ADD32
    printf "  - SRAM: (w_bytes + meta_bytes + a_bytes + 4 x M x N result bytes) x %g pJ.\n", E_SRAM
    print "  - Not modelled: the systolic registers and wires, the 2:4 activation muxes, control, clock tree and leakage (leakage would scale with cycles and favour every configuration that saves them)."
    printf "  - **Saved by gating** = gated MACs x (%g + %g) pJ: the multiply and add a gate-less array would have spent on them.\n", E_MUL8, E_ADD32
    print ""
    print "### Files"
    print ""
    print "- `docs/report/runs.csv`: the lockstep runner's `--csv` line of every run (counters as read from the tile)."
    print "- `docs/report/summary.csv`: the derived columns above, one line per run (`scripts/report_analyze.awk`)."
    print "- `docs/report/uarch.csv`: the same vectors' cycles on the base and the double-buffered tile (`scripts/report_uarch.awk`; section below)."
    print "- `docs/report/moe.csv`: the mixture-of-experts workloads, one line per load distribution and dispatch scheme (`scripts/report_moe.awk`; section below)."
    print "- `docs/report/act.csv`: the activation-zeros runs (`scripts/report_act.awk`; section below)."
    print "- `docs/report/traffic_tile.csv`, `traffic.csv`, `breakeven.csv`: memory traffic, measured and modelled (section below)."
    print "- `docs/report/area.csv`: the Yosys ablations behind the decision table's hardware column (`make area`, `scripts/area.sh`)."
    print "- `docs/report/sparseloop.csv`: every run's counters under Timeloop/Sparseloop's action names (`scripts/report_sparseloop.awk`), for the architecture and sparse optimizations of `docs/sparseloop/stc_tile.arch.yaml` and `stc_tile.sparse.yaml` (written from docs/architecture.md, not run here: the tools are not part of the harness)."
    print "- The energy model of every section: `scripts/report_energy.awk`."
    print "- `docs/report/*.png`, `docs/report/*.svg`: the figures."
}

function fig(name, caption) {
    printf "![%s](report/%s.png)\n\n", caption, name
    printf "*%s* [SVG](report/%s.svg)\n\n", caption, name
}
