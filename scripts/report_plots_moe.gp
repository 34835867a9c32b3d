# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_plots_moe.gp - the figures of the report's mixture-of-experts and
# activation-zeros sections, PNG (cairo) and SVG.
#
# usage: gnuplot -e "moe='docs/report/moe.csv'; act='docs/report/act.csv'; outdir='docs/report'" \
#            scripts/report_plots_moe.gp
# Reads only moe.csv and act.csv (the lockstep runs through report_moe.awk
# and report_act.awk).
if (!exists("moe")) moe = 'docs/report/moe.csv'
if (!exists("act")) act = 'docs/report/act.csv'
if (!exists("outdir")) outdir = 'docs/report'

schemes = "group cap100 cap125 cap150 bucket"
sname(i) = (i == 1 ? "sort-and-group" : i == 2 ? "capacity 1.00" : i == 3 ? "capacity 1.25" : \
            i == 4 ? "capacity 1.50" : "bucketing")
scol(i) = (i == 1 ? 0x1f77b4 : i == 2 ? 0xfdae6b : i == 3 ? 0xf16913 : i == 4 ? 0xa63603 : 0x31a354)
# moe.csv lists the five schemes for each distribution in this order, so
# scheme i is every fifth row from row i-1 (a NaN filter would break the lines)
nsch = words(schemes)

do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 900,520 font "DejaVu Sans,10" noenhanced
    } else {
        set terminal svg size 900,520 font "DejaVu Sans,10" noenhanced
    }

    # ---- step latency against imbalance --------------------------------------
    set output outdir."/moe_step.".fmt
    reset
    set datafile separator ","
    set datafile columnheaders
    set title "MoE step on one tile per expert, relative to balanced routing (E=64, T=8192, k=2; lockstep runs)"
    set xlabel "hottest expert's load / mean load"
    set ylabel "step cycles / balanced sort-and-group step"
    set logscale x 2
    set logscale y 2
    set grid
    set key top left
    plot for [i=1:5] moe every nsch::(i-1) using (column("imbalance")):(column("step_vs_ideal")) \
        smooth unique with linespoints lw 2 pt 7 lc rgb scol(i) title sname(i)

    # ---- waste against imbalance -------------------------------------------------
    set output outdir."/moe_waste.".fmt
    reset
    set datafile separator ","
    set datafile columnheaders
    set title "What the static shapes cost: padded MACs (solid) and dropped assignments (dashed)"
    set xlabel "hottest expert's load / mean load"
    set ylabel "percent"
    set logscale x 2
    set yrange [0:*]
    set grid
    set key top left
    plot for [i=1:5] moe every nsch::(i-1) using (column("imbalance")):(100 * column("waste_pad")) \
        smooth unique with linespoints lw 2 pt 7 lc rgb scol(i) title sname(i)." padded", \
         for [i=1:5] moe every nsch::(i-1) using (column("imbalance")):(100 * column("dropped_frac")) \
        smooth unique with linespoints lw 2 dt 2 pt 6 lc rgb scol(i) title sname(i)." dropped"

    # ---- activation zeros: energy falls, cycles do not move -----------------------
    set output outdir."/act_energy.".fmt
    reset
    set datafile separator ","
    set datafile columnheaders
    set title "Zeros in A: energy against the zero-free run (left) and cycles (right), same W"
    set xlabel "zeros in A (percent)"
    set ylabel "energy / energy at 0% (model)"
    set y2label "cycles / cycles at 0%"
    set yrange [0:1.1]
    set y2range [0:1.1]
    set ytics nomirror
    set y2tics
    set grid
    set key bottom left
    plot act using (strcol("class") eq "dense" ? column("a_zeros_req") : NaN):(column("e_vs_0")) \
           with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "energy, dense W", \
         act using (strcol("class") eq "sp24" ? column("a_zeros_req") : NaN):(column("e_vs_0")) \
           with linespoints lw 2 pt 7 lc rgb "#31a354" title "energy, 2:4 W", \
         act using (strcol("class") eq "dense" ? column("a_zeros_req") : NaN):(column("cycles_vs_0")) \
           axes x1y2 with lines lw 2 dt 2 lc rgb "#1f77b4" title "cycles, dense W", \
         act using (strcol("class") eq "sp24" ? column("a_zeros_req") : NaN):(column("cycles_vs_0")) \
           axes x1y2 with lines lw 2 dt 2 lc rgb "#31a354" title "cycles, 2:4 W"
}
