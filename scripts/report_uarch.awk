# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_uarch.awk - the base tile beside the double-buffered one
# (docs/architecture.md section 11), run by run.
#
# usage: awk -F, -f report_uarch.awk runs.csv runs-dbuf.csv > uarch.csv
#   runs.csv: the sweep's lockstep CSV (header, base tile); runs-dbuf.csv:
#   the runner's CSV lines (no header) of the same vectors on the dbuf tile.
# One line per dbuf run, in its order: cycles of each micro-architecture,
# what dbuf saves, and the share of cycles the array streams new
# activations (passes x M / cycles: what fill and drain leave). `closed`
# is 1 when both cycle counts equal the closed forms of sections 6 and 11
# (no bias, no stalls), computed here from the run's shape, not the tile's.
BEGIN { OFS = "," }
FNR == 1 && NR == 1 { next }
NR == FNR { base[$1] = $15; next }
{
    vec = $1; n = $3; m = $5; passes = $7 - $8; dbuf = $15
    if (!(vec in base)) {
        print "report_uarch.awk: " vec " has no base run" > "/dev/stderr"
        exit 2
    }
    if ($14 != 1) {
        print "report_uarch.awk: " vec " failed on the dbuf tile" > "/dev/stderr"
        exit 2
    }
    cfg = vec; sub(/-m[0-9]+\.vec$/, "", cfg)
    b = base[vec]
    want_b = passes * (m + 3 * n + 1) + m
    want_d = passes > 0 ? n + passes * (m + 2 * n + 1) + m : m
    if (!header++)
        print "config,mode,n,m,passes,cycles_base,cycles_dbuf,saved_cycles,saved_frac,speedup,stream_base,stream_dbuf,closed"
    printf "%s,%s,%d,%d,%d,%d,%d,%d,%.6f,%.6f,%.6f,%.6f,%d\n", cfg, $4, n, m, passes, b, dbuf, b - dbuf,
        (b - dbuf) / b, b / dbuf, passes * m / b, passes * m / dbuf, (b == want_b && dbuf == want_d)
}
