# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_plots_traffic.gp - the figure of the report's memory-traffic
# section, PNG (cairo) and SVG.
#
# usage: gnuplot -e "sweep='docs/report/traffic.csv'; tile='docs/report/traffic_tile.csv'; outdir='docs/report'" \
#            scripts/report_plots_traffic.gp
# Lines: stc_traffic's modelled formats (INT8); points: the tile's measured
# formats at M = 256 (report_traffic.awk over the lockstep runs).
if (!exists("sweep")) sweep = 'docs/report/traffic.csv'
if (!exists("tile")) tile = 'docs/report/traffic_tile.csv'
if (!exists("outdir")) outdir = 'docs/report'

# x: "nines" of sparsity, -log10(1 - s): 50% 0.3, 90% 1, 99% 2, 99.9% 3
nines(p) = -log10(1 - p / 100.0)
fmts = "csr32 csr16 bitmap coo32 gather gather-coalesced"
fcol(i) = (i == 1 ? 0xd62728 : i == 2 ? 0xff9896 : i == 3 ? 0x9467bd : i == 4 ? 0x8c564b : \
           i == 5 ? 0x7f7f7f : 0xbcbd22)
isfmt(i) = (strcol("format") eq word(fmts, i)) && (column("elem_bytes") == 1)
istile(c) = (strcol("config") eq c) && (column("m") == 256)
tiles = "dense sp24 block50 block75 block90 sp24block50 sp24block75 sp24block90"

do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 900,560 font "DejaVu Sans,10" noenhanced
    } else {
        set terminal svg size 900,560 font "DejaVu Sans,10" noenhanced
    }
    set output outdir."/traffic.".fmt
    reset
    set datafile separator ","
    set datafile columnheaders
    set title "W bytes moved in 32-byte sectors / dense W (INT8): modelled formats (lines), the tile measured in lockstep (points)"
    set xlabel "zeros in W"
    set ylabel "bytes moved / dense W bytes"
    # a tic label is a format: a literal % is written %%
    set xtics ("0%%" 0, "50%%" nines(50), "75%%" nines(75), "90%%" nines(90), "95%%" nines(95), "99%%" nines(99), "99.9%%" nines(99.9))
    set xrange [-0.05:3.1]
    set logscale y 2
    set yrange [0.004:20]
    set grid
    set key inside bottom left box opaque
    plot for [i=1:6] sweep using (isfmt(i) ? nines(column("sparsity_pct")) : NaN):(column("moved_over_dense")) \
           smooth unique with linespoints lw 2 pt 7 ps 0.6 lc rgb fcol(i) title word(fmts, i), \
         for [j=1:8] tile using (istile(word(tiles, j)) ? nines(100 * column("w_zero_frac")) : NaN):(column("w_moved_over_dense")) \
           with points pt 5 ps 1.4 lc rgb "#1f77b4" title (j == 1 ? "the tile, measured (M = 256)" : ""), \
         for [j=1:8] tile using (istile(word(tiles, j)) ? nines(100 * column("w_zero_frac")) : NaN):(column("w_moved_over_dense")):(word(tiles, j)) \
           with labels offset 0,1 font ",8" notitle
}
