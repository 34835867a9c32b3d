# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_sparseloop.awk - the sweep's counters under Sparseloop's names, so
# that a user with Timeloop/Sparseloop can model the same workloads on
# docs/sparseloop/stc_tile.arch.yaml and stc_tile.sparse.yaml and compare
# action for action (the tools themselves are not needed here).
#
# usage: awk -F, -f scripts/report_sparseloop.awk runs.csv > sparseloop.csv
#
# One line per (run, component, data space, action), long form:
#   run,component,dataspace,action,count,unit
# Compute (component MAC): algorithmic_computes = macs_alg; random_compute
# (Sparseloop's actual computes) = macs_actual; gated_compute = macs_gated;
# skipped_compute = macs_skipped; cycles.
# Storage (component GlobalBuffer, the host's SRAM behind the DMA), counted
# in words of the data space:
#   Weights  random_read = the value words loaded (w_bytes, INT8);
#            skipped_read = the dense W words never read (skipped blocks and,
#            in 2:4, the compressed-away half): K x N - w_bytes;
#            random_metadata_read = 2-bit position words (meta_bytes x 4)
#   Inputs   random_read = a_bytes; skipped_read = the activations of
#            skipped blocks, never streamed: M x K - a_bytes
#   Outputs  random_update = M x N result words (INT32)
BEGIN { OFS = "," }
NR == 1 {
    for (i = 1; i <= NF; i++) ix[$i] = i
    print "run,component,dataspace,action,count,unit"
    next
}
function col(name) { return $(ix[name]) }
function out(comp, ds, act, cnt, unit) { print run, comp, ds, act, cnt, unit }
{
    run = col("vector"); sub(/.*\//, "", run); sub(/\.vec$/, "", run)
    if (col("pass") != 1) { print "report_sparseloop: run " run " did not pass" > "/dev/stderr"; bad = 1; exit 2 }
    m = col("m"); k = col("k"); n = col("n")
    out("MAC", "-", "algorithmic_computes", col("macs_alg"), "MACs")
    out("MAC", "-", "random_compute", col("macs_actual"), "MACs")
    out("MAC", "-", "gated_compute", col("macs_gated"), "MACs")
    out("MAC", "-", "skipped_compute", col("macs_skipped"), "MACs")
    out("MAC", "-", "cycles", col("cycles"), "cycles")
    out("GlobalBuffer", "Weights", "random_read", col("w_bytes"), "INT8 words")
    out("GlobalBuffer", "Weights", "skipped_read", k * n - col("w_bytes"), "INT8 words")
    out("GlobalBuffer", "Weights", "random_metadata_read", col("meta_bytes") * 4, "2-bit words")
    out("GlobalBuffer", "Inputs", "random_read", col("a_bytes"), "INT8 words")
    out("GlobalBuffer", "Inputs", "skipped_read", m * k - col("a_bytes"), "INT8 words")
    out("GlobalBuffer", "Outputs", "random_update", m * n, "INT32 words")
}
END { if (bad) exit 2 }
