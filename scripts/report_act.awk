# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_act.awk - the activation-zeros section's table, from the lockstep
# runs of one dense and one 2:4 W with a growing share of A set to zero
# (stc_vecgen --a-zeros: the same W and the same other A values each time).
#
# usage: awk -F, -f scripts/report_energy.awk -f scripts/report_act.awk runs.csv > act.csv
#   runs.csv: the runner's --csv, vector names ending in -azPCT.vec
#
# One line per run, in input order. a_zeros_req is the requested share;
# frac_gated the share of the algorithmic MACs the tile gated (its counter:
# a zero in A or in W); cycles_vs_0 and e_vs_0 compare with the run of the
# same class at 0% requested.
BEGIN { OFS = "," }
NR == 1 { for (i = 1; i <= NF; i++) ix[$i] = i; next }
function col(name) { return $(ix[name]) }
{
    r = ++nrow
    v = col("vector"); sub(/.*\//, "", v)
    if (!match(v, /-az[0-9]+\.vec$/)) { print "report_act: " v ": no -azPCT in the name" > "/dev/stderr"; bad = 1; exit 2 }
    if (col("pass") != 1) { print "report_act: run " v " did not pass" > "/dev/stderr"; bad = 1; exit 2 }
    AZ[r] = substr(v, RSTART + 3, RLENGTH - 7) + 0
    CLS[r] = col("class"); MODE[r] = col("mode"); M[r] = col("m"); K[r] = col("k")
    CYC[r] = col("cycles") + 0; ALG[r] = col("macs_alg") + 0
    ACT[r] = col("macs_actual") + 0; GAT[r] = col("macs_gated") + 0
    E[r] = energy_pj(ACT[r], GAT[r], col("nblk") - col("skipped_blocks"), M[r], col("n"), \
                     col("w_bytes"), col("meta_bytes"), col("a_bytes"), col("bias"))
    if (AZ[r] == 0) BASE[CLS[r]] = r
}
END {
    if (bad) exit 2
    print "class,mode,a_zeros_req,m,k,cycles,macs_alg,macs_actual,macs_gated,frac_gated," \
          "cycles_vs_0,energy_nj,e_vs_0,e_gated_saved_nj"
    for (r = 1; r <= nrow; r++) {
        if (!(CLS[r] in BASE)) { print "report_act: no 0% run of class " CLS[r] > "/dev/stderr"; exit 2 }
        b = BASE[CLS[r]]
        printf "%s,%s,%d,%d,%d,%d,%d,%d,%d,%.6f,%.6f,%.6f,%.6f,%.6f\n", CLS[r], MODE[r], AZ[r], M[r], K[r], \
            CYC[r], ALG[r], ACT[r], GAT[r], GAT[r] / ALG[r], CYC[r] / CYC[b], E[r] / 1000, E[r] / E[b], \
            energy_gated_saved_pj(GAT[r]) / 1000
    }
}
