# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_plots.gp - the sparsity report's figures, PNG (cairo) and SVG.
#
# usage: gnuplot -e "csv='docs/report/summary.csv'; outdir='docs/report'" scripts/report_plots.gp
#   optional: mbar=256 (the M of the bar charts)
#
# Reads only summary.csv (scripts/report_analyze.awk over the lockstep runs);
# nothing here is computed from a formula except the ideal 1/(1-s) curve,
# drawn for comparison and labelled as such.
if (!exists("csv")) csv = 'docs/report/summary.csv'
if (!exists("outdir")) outdir = 'docs/report'
if (!exists("mbar")) mbar = 256

set datafile separator ","
set datafile columnheaders
set encoding utf8

# ---- row filters --------------------------------------------------------------
is(c) = strcol("config") eq c
atm(v) = (column("m") == mbar) ? v : NaN
cfgs = "sp24 block50 block75 block90 sp24block50 sp24block75 sp24block90 unstr50 unstr90 unstr99"
names = "2:4|block 50%|block 75%|block 90%|2:4+block 50%|2:4+block 75%|2:4+block 90%|unstructured 50%|unstructured 90%|unstructured 99%"
cname(i) = (i == 1 ? "2:4" : i == 2 ? "block 50%" : i == 3 ? "block 75%" : i == 4 ? "block 90%" : \
            i == 5 ? "2:4+block 50%" : i == 6 ? "2:4+block 75%" : i == 7 ? "2:4+block 90%" : \
            i == 8 ? "unstructured 50%" : i == 9 ? "unstructured 90%" : "unstructured 99%")
# colours: 2:4 blue, block oranges, 2:4+block greens, unstructured greys/reds
ccol(i) = (i == 1 ? 0x1f77b4 : i == 2 ? 0xfdae6b : i == 3 ? 0xf16913 : i == 4 ? 0xa63603 : \
           i == 5 ? 0x74c476 : i == 6 ? 0x31a354 : i == 7 ? 0x006d2c : \
           i == 8 ? 0xbdbdbd : i == 9 ? 0x969696 : 0xd62728)
mcol(j) = (j == 1 ? 0x9e9ac8 : j == 2 ? 0x807dba : j == 3 ? 0x6a51a3 : j == 4 ? 0x54278f : 0x3f007d)
mlist = "1 16 64 256 1024"
# x tics of the bar charts: cfg_idx 1 is dense, 2.. the configurations above
# a tic label is a format: a literal % is written %%
pct(s) = (s[strlen(s):strlen(s)] eq "%") ? s."%" : s
bartics = "set xtics (\"dense\" 1"
do for [i=1:10] { bartics = bartics . sprintf(", \"%s\" %d", pct(cname(i)), i + 1) }
bartics = bartics . ")"

do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 900,520 font "DejaVu Sans,10" noenhanced
    } else {
        set terminal svg size 900,520 font "DejaVu Sans,10" noenhanced
    }

    # ---- 1. zeros present against what they saved (the headline) ------------
    set output outdir."/zeros_vs_saved.".fmt
    reset
    set datafile separator ","
    set datafile columnheaders
    set title sprintf("Zeros present in W against what they saved (N=16, K=512, M=%d; cycle-exact lockstep runs)", mbar)
    set ylabel "percent"
    set yrange [0:118]
    set ytics 0, 20, 100
    set xrange [0.3:11.7]
    set style fill solid 0.85 border -1
    set boxwidth 0.26
    set grid ytics
    set key top center horizontal maxcols 3 width 1
    set xtics rotate by 25 right nomirror
    eval bartics
    plot csv using (atm(column("cfg_idx") - 0.28)):(100 * column("w_zero_frac")) \
           with boxes lc rgb "#999999" title "zeros in W", \
         csv using (atm(column("cfg_idx"))):(100 * (1 - column("cycles") / column("dense_cycles"))) \
           with boxes lc rgb "#1f77b4" title "cycles saved", \
         csv using (atm(column("cfg_idx") + 0.28)):(100 * (1 - column("e_vs_dense"))) \
           with boxes lc rgb "#31a354" title "energy saved (model)"

    # ---- 2. speedup against M ----------------------------------------------------
    set output outdir."/speedup_vs_m.".fmt
    reset
    set datafile separator ","
    set datafile columnheaders
    set multiplot layout 1,2 title "Speedup against the dense run of the same M and K (solid: measured; dashed: ideal; unstructured ideals in the tables)"
    set logscale x 2
    set xrange [0.7:1500]
    set xtics ("1" 1, "16" 16, "64" 64, "256" 256, "1024" 1024)
    set xlabel "M (rows streamed per pass)"
    set grid
    set title "2:4 (16 passes instead of 32)"
    set ylabel "speedup"
    set yrange [1.9:2.01]
    set key bottom left
    plot csv using (is("sp24") ? column("m") : NaN):(column("speedup")) with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "2:4 measured", \
         csv using (is("sp24") ? column("m") : NaN):(column("ideal_speedup")) with lines dt 2 lw 2 lc rgb "#1f77b4" title "2:4 ideal (2x)"
    set title "block-sparse and 2:4 inside block-sparse (log y)"
    set logscale y
    set yrange [0.8:40]
    set ytics (1, 2, 4, 8, 16, 32)
    set key top left font ",8" maxrows 5
    plot for [i=2:10] csv using (is(word(cfgs, i)) ? column("m") : NaN):(column("speedup")) \
           with linespoints lw 2 pt 7 ps 0.7 lc rgb ccol(i) title cname(i), \
         for [i=2:7] csv using (is(word(cfgs, i)) ? column("m") : NaN):(column("ideal_speedup")) \
           with lines dt 2 lw 1 lc rgb ccol(i) notitle
    unset multiplot

    # ---- 3. block sparsity against the ideal 1/(1-s) ----------------------------
    set output outdir."/block_speedup.".fmt
    reset
    set datafile separator ","
    set datafile columnheaders
    set title "Block sparsity: measured speedup against the ideal 1/(1-s), s = skipped K-blocks / all"
    set xlabel "block sparsity s (skipped blocks / 32)"
    set ylabel "speedup vs dense"
    set xrange [-0.02:1]
    set yrange [0:12]
    set grid
    set key top left
    set samples 400
    plot [0:0.92] 1 / (1 - x) with lines dt 2 lw 2 lc rgb "black" title "ideal 1/(1-s)", \
         for [j=1:5] csv using ((strcol("class") eq "block" || strcol("class") eq "dense") && column("m") == word(mlist, j) + 0 ? column("block_sparsity") : NaN):(column("speedup")) \
           with points pt 7 ps 1.3 lc rgb mcol(j) title "measured, M=".word(mlist, j)

    # ---- 4. MAC accounting and utilization ---------------------------------------
    set output outdir."/macs.".fmt
    reset
    set datafile separator ","
    set datafile columnheaders
    set multiplot layout 1,2 title "Where the algorithmic (dense) MACs went, and what the 256 multipliers did"
    set title sprintf("share of algorithmic MACs, M=%d", mbar)
    set yrange [0:1.15]
    set ytics 0, 0.2, 1
    set xrange [0.3:11.7]
    set style fill solid 0.85 border -1
    set boxwidth 0.7
    set xtics rotate by 35 right nomirror font ",8"
    eval bartics
    set key top center horizontal maxrows 1 font ",8"
    plot csv using (atm(column("cfg_idx"))):(column("frac_actual") + column("frac_gated") + column("frac_skipped")) \
           with boxes lc rgb "#cccccc" title "skipped", \
         csv using (atm(column("cfg_idx"))):(column("frac_actual") + column("frac_gated")) with boxes lc rgb "#fdae6b" title "gated", \
         csv using (atm(column("cfg_idx"))):(column("frac_actual")) with boxes lc rgb "#1f77b4" title "actual"
    set title "utilization: actual MACs / (cycles x 256)"
    set logscale x 2
    set xrange [0.7:1500]
    set xtics ("1" 1, "16" 16, "64" 64, "256" 256, "1024" 1024) norotate font ",10"
    set xlabel "M"
    set yrange [0:1]
    set grid
    set key top left vertical font ",8" maxrows 11 spacing 0.9
    plot csv using (is("dense") ? column("m") : NaN):(column("util_actual")) with linespoints lw 2 pt 7 ps 0.6 lc rgb "black" title "dense", \
         for [i=1:10] csv using (is(word(cfgs, i)) ? column("m") : NaN):(column("util_actual")) \
           with linespoints lw 2 pt 7 ps 0.6 lc rgb ccol(i) title cname(i)
    unset multiplot

    # ---- 5. energy ----------------------------------------------------------------
    set output outdir."/energy.".fmt
    reset
    set datafile separator ","
    set datafile columnheaders
    set title sprintf("Energy per run relative to dense, M=%d (45 nm per-event costs, Horowitz ISSCC 2014; SRAM 1.25 pJ/B assumed)", mbar)
    set ylabel "energy / dense energy"
    set yrange [0:1.15]
    set xrange [0.3:11.7]
    set style fill solid 0.85 border -1
    set boxwidth 0.7
    set grid ytics
    set xtics rotate by 25 right nomirror
    eval bartics
    set key top right font ",9"
    e(c) = column(c) / column("e_total_nj") * column("e_vs_dense")
    plot csv using (atm(column("cfg_idx"))):(e("e_sram_c_nj") + e("e_sram_a_nj") + e("e_sram_meta_nj") + e("e_sram_w_nj") + e("e_acc_nj") + e("e_zero_nj") + e("e_mac_nj")) \
           with boxes lc rgb "#9ecae1" title "SRAM: results", \
         csv using (atm(column("cfg_idx"))):(e("e_sram_a_nj") + e("e_sram_meta_nj") + e("e_sram_w_nj") + e("e_acc_nj") + e("e_zero_nj") + e("e_mac_nj")) \
           with boxes lc rgb "#4292c6" title "SRAM: activations", \
         csv using (atm(column("cfg_idx"))):(e("e_sram_meta_nj") + e("e_sram_w_nj") + e("e_acc_nj") + e("e_zero_nj") + e("e_mac_nj")) \
           with boxes lc rgb "#d62728" title "SRAM: 2:4 metadata", \
         csv using (atm(column("cfg_idx"))):(e("e_sram_w_nj") + e("e_acc_nj") + e("e_zero_nj") + e("e_mac_nj")) \
           with boxes lc rgb "#08306b" title "SRAM: weight values", \
         csv using (atm(column("cfg_idx"))):(e("e_acc_nj") + e("e_zero_nj") + e("e_mac_nj")) \
           with boxes lc rgb "#fdae6b" title "accumulator adds", \
         csv using (atm(column("cfg_idx"))):(e("e_zero_nj") + e("e_mac_nj")) \
           with boxes lc rgb "#a1d99b" title "zero detect (gate)", \
         csv using (atm(column("cfg_idx"))):(e("e_mac_nj")) \
           with boxes lc rgb "#31a354" title "multiply + add (actual MACs)"

    # ---- 6. weight bytes moved -------------------------------------------------
    set output outdir."/weight_bytes.".fmt
    reset
    set datafile separator ","
    set datafile columnheaders
    set title sprintf("Bytes of W moved (values + metadata) relative to the dense footprint, INT8 (left) and FP16 (right), M=%d", mbar)
    set ylabel "bytes moved / dense W bytes"
    set yrange [0:1.15]
    set xrange [0.3:11.7]
    set style fill solid 0.85 border -1
    set boxwidth 0.36
    set grid ytics
    set xtics rotate by 25 right nomirror
    eval bartics
    set key top right
    plot csv using (atm(column("cfg_idx") - 0.19)):(column("w_moved_per_dense_int8")) \
           with boxes lc rgb "#d62728" title "metadata", \
         csv using (atm(column("cfg_idx") - 0.19)):(column("w_moved_per_dense_int8") - column("meta_per_dense_int8")) \
           with boxes lc rgb "#08306b" title "values, INT8", \
         csv using (atm(column("cfg_idx") + 0.19)):(column("w_moved_per_dense_fp16")) \
           with boxes lc rgb "#d62728" notitle, \
         csv using (atm(column("cfg_idx") + 0.19)):(column("w_moved_per_dense_fp16") - column("meta_per_dense_fp16")) \
           with boxes lc rgb "#6baed6" title "values, FP16"
}
