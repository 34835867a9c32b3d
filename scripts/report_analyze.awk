# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_analyze.awk - derived columns of the sparsity report.
#
# usage: awk -F, -f scripts/report_energy.awk -f scripts/report_analyze.awk runs.csv > summary.csv
#
# Input: the lockstep runner's --csv lines (one per run, counters read from
# the tile at the end of the run; model and RTL agree on them every cycle).
# Output: one line per run, same order, with everything the report and the
# plots use. Every value is a counter from the run or arithmetic on counters;
# the only constants are the per-event energies below and the array size N
# taken from the run itself.
#
# Definitions (also stated in docs/report.md):
#   passes          nblk - skipped_blocks (loaded K-blocks)
#   speedup         dense cycles / cycles, dense = the dense run of the same M and K
#   ideal_speedup   what the zeros would give if every zero cost nothing:
#                   dense 1; 2:4 2; block 1/(1-s) with s = skipped/nblk;
#                   2:4+block 2/(1-s); unstructured 1/(1-z), z = zero fraction of W
#   util_actual     macs_actual / (cycles * N^2): multiplier-cycles doing a product
#   util_busy       (macs_actual + macs_gated) / (cycles * N^2): with a valid operand
#                   pair (gated or not)
#   dense_equiv     macs_alg / (cycles * N^2): dense-equivalent MACs per multiplier
#                   per cycle (above 1 only when skipping beats the dense array)
#   w_moved_*       (weight value bytes + metadata bytes) / dense W footprint
#   meta_per_kept_* metadata bytes / kept value bytes
#   meta_per_dense_* metadata bytes / dense W footprint
#   FP16 columns    the same runs with 2-byte values: values x2, metadata unchanged
#
# Energy: scripts/report_energy.awk (loaded first), the one model of the report.
BEGIN {
    OFS = ","
}

function col(name) { return $(ix[name]) }

NR == 1 {
    for (i = 1; i <= NF; i++) ix[$i] = i
    need = "vector class n mode m k nblk skipped_blocks bias w_zeros w_elems pass cycles " \
           "macs_alg macs_actual macs_gated macs_skipped w_bytes meta_bytes a_bytes"
    nn = split(need, nl, " ")
    for (i = 1; i <= nn; i++)
        if (!(nl[i] in ix)) { print "report_analyze: column " nl[i] " missing" > "/dev/stderr"; bad = 1; exit 2 }
    next
}

{
    r = NR - 1
    nrow = r
    id = col("vector"); sub(/-m[0-9]+\.vec$/, "", id)
    ID[r] = id
    if (!(id in CIDX)) CIDX[id] = ++ncfg
    CLS[r] = col("class"); MODE[r] = col("mode")
    NN[r] = col("n") + 0; M[r] = col("m") + 0; K[r] = col("k") + 0
    NBLK[r] = col("nblk") + 0; SKB[r] = col("skipped_blocks") + 0; BIAS[r] = col("bias") + 0
    WZ[r] = col("w_zeros") + 0; WE[r] = col("w_elems") + 0
    CYC[r] = col("cycles") + 0
    ALG[r] = col("macs_alg") + 0; ACT[r] = col("macs_actual") + 0
    GAT[r] = col("macs_gated") + 0; SKP[r] = col("macs_skipped") + 0
    WB[r] = col("w_bytes") + 0; MB[r] = col("meta_bytes") + 0; AB[r] = col("a_bytes") + 0
    if (col("pass") != 1) { print "report_analyze: run " col("vector") " did not pass" > "/dev/stderr"; bad = 1 }
    REQ[r] = (match(id, /[0-9]+$/) && CLS[r] != "sp24" && CLS[r] != "dense") ? substr(id, RSTART) + 0 : 0
    if (CLS[r] == "dense") DENSE[M[r] "," K[r]] = r
}

function label(r) {
    if (CLS[r] == "dense") return "dense"
    if (CLS[r] == "sp24") return "2:4"
    if (CLS[r] == "block") return "block " REQ[r] "%"
    if (CLS[r] == "sp24-block") return "2:4+block " REQ[r] "%"
    if (CLS[r] == "unstructured") return "unstructured " REQ[r] "%"
    return CLS[r]
}

function energy(r) {
    ETOT[r] = energy_pj(ACT[r], GAT[r], NBLK[r] - SKB[r], M[r], NN[r], WB[r], MB[r], AB[r], BIAS[r])
    EMAC[r] = EN_MAC; EZ[r] = EN_ZERO; EACC[r] = EN_ACC; CB[r] = EN_CB
    ESW[r] = EN_SW; ESM[r] = EN_SM; ESA[r] = EN_SA; ESC[r] = EN_SC
}

END {
    if (bad) exit 2
    print "config,cfg_idx,label,class,mode,req_sparsity,n,m,k,nblk,passes,block_sparsity,w_zero_frac," \
          "cycles,dense_cycles,speedup,ideal_speedup,speedup_of_ideal," \
          "macs_alg,macs_actual,macs_gated,macs_skipped,frac_actual,frac_gated,frac_skipped," \
          "util_actual,util_busy,dense_equiv," \
          "w_bytes,meta_bytes,a_bytes,c_bytes,w_dense_bytes," \
          "meta_per_kept_int8,meta_per_dense_int8,w_moved_per_dense_int8," \
          "meta_per_kept_fp16,meta_per_dense_fp16,w_moved_per_dense_fp16," \
          "e_mac_nj,e_zero_nj,e_acc_nj,e_sram_w_nj,e_sram_meta_nj,e_sram_a_nj,e_sram_c_nj," \
          "e_total_nj,e_vs_dense,pj_per_alg_mac,e_gated_saved_nj"
    for (r = 1; r <= nrow; r++) energy(r)
    for (r = 1; r <= nrow; r++) {
        key = M[r] "," K[r]
        if (!(key in DENSE)) { print "report_analyze: no dense run with M=" M[r] " K=" K[r] > "/dev/stderr"; exit 2 }
        d = DENSE[key]
        n = NN[r]; slots = CYC[r] * n * n
        passes = NBLK[r] - SKB[r]
        s = SKB[r] / NBLK[r]
        z = WZ[r] / WE[r]
        if (CLS[r] == "sp24") ideal = 2
        else if (CLS[r] == "block") ideal = 1 / (1 - s)
        else if (CLS[r] == "sp24-block") ideal = 2 / (1 - s)
        else if (CLS[r] == "unstructured") ideal = (z < 1) ? 1 / (1 - z) : 0
        else ideal = 1
        sp = CYC[d] / CYC[r]
        printf "%s,%d,%s,%s,%s,%d,%d,%d,%d,%d,%d,%.6f,%.6f,", \
            ID[r], CIDX[ID[r]], label(r), CLS[r], MODE[r], REQ[r], n, M[r], K[r], NBLK[r], passes, s, z
        printf "%d,%d,%.6f,%.6f,%.6f,", CYC[r], CYC[d], sp, ideal, (ideal > 0 ? sp / ideal : 0)
        printf "%d,%d,%d,%d,%.6f,%.6f,%.6f,", ALG[r], ACT[r], GAT[r], SKP[r], \
            ACT[r] / ALG[r], GAT[r] / ALG[r], SKP[r] / ALG[r]
        printf "%.6f,%.6f,%.6f,", ACT[r] / slots, (ACT[r] + GAT[r]) / slots, ALG[r] / slots
        printf "%d,%d,%d,%d,%d,", WB[r], MB[r], AB[r], CB[r], WE[r]
        printf "%.6f,%.6f,%.6f,", (WB[r] ? MB[r] / WB[r] : 0), MB[r] / WE[r], (WB[r] + MB[r]) / WE[r]
        printf "%.6f,%.6f,%.6f,", (WB[r] ? MB[r] / (2 * WB[r]) : 0), MB[r] / (2 * WE[r]), \
            (2 * WB[r] + MB[r]) / (2 * WE[r])
        printf "%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,", EMAC[r] / 1000, EZ[r] / 1000, EACC[r] / 1000, \
            ESW[r] / 1000, ESM[r] / 1000, ESA[r] / 1000, ESC[r] / 1000
        printf "%.6f,%.6f,%.6f,%.6f\n", ETOT[r] / 1000, ETOT[r] / ETOT[d], ETOT[r] / ALG[r], \
            energy_gated_saved_pj(GAT[r]) / 1000
    }
}
