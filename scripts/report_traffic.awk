# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_traffic.awk - the tile's measured memory traffic, from the sparsity
# sweep's runs.csv: the sectors the host's DMA counted for every weight,
# metadata and activation beat it transferred (docs/architecture.md section
# 10, the memory image), against the bytes the beats carried.
#
# usage: awk -F, -f scripts/report_traffic.awk runs.csv > traffic_tile.csv
#
# One line per run (single-command vectors, no reset: the tile's byte
# counters and the host's sector counts cover the same transfers).
#   w_eff, meta_eff, a_eff   bytes carried / (sectors x S)
#   w_moved_over_dense       (W and metadata sectors x S) / the dense W footprint
BEGIN { OFS = "," }
NR == 1 {
    for (i = 1; i <= NF; i++) ix[$i] = i
    nn = split("vector class mode m w_zeros w_elems pass w_bytes meta_bytes a_bytes sector_bytes w_sectors meta_sectors a_sectors", need, " ")
    for (i = 1; i <= nn; i++)
        if (!(need[i] in ix)) { print "report_traffic: column " need[i] " missing" > "/dev/stderr"; bad = 1; exit 2 }
    print "config,class,mode,m,w_zero_frac,sector_bytes,w_bytes,w_moved,w_eff,meta_bytes,meta_moved,meta_eff," \
          "a_bytes,a_moved,a_eff,w_dense_bytes,w_moved_over_dense"
    next
}
function col(name) { return $(ix[name]) }
function eff(used, moved) { return moved ? used / moved : 1 }
{
    if (col("pass") != 1) { print "report_traffic: run " col("vector") " did not pass" > "/dev/stderr"; bad = 1; exit 2 }
    id = col("vector"); sub(/.*\//, "", id); sub(/-m[0-9]+\.vec$/, "", id)
    s = col("sector_bytes")
    wm = col("w_sectors") * s; mm = col("meta_sectors") * s; am = col("a_sectors") * s
    printf "%s,%s,%s,%d,%.6f,%d,%d,%d,%.6f,%d,%d,%.6f,%d,%d,%.6f,%d,%.6f\n", id, col("class"), col("mode"), col("m"), \
        col("w_zeros") / col("w_elems"), s, col("w_bytes"), wm, eff(col("w_bytes"), wm), col("meta_bytes"), mm, \
        eff(col("meta_bytes"), mm), col("a_bytes"), am, eff(col("a_bytes"), am), col("w_elems"), (wm + mm) / col("w_elems")
}
END { if (bad) exit 2 }
