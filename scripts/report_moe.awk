# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_moe.awk - the mixture-of-experts section's table, from the plans of
# stc_moegen and the lockstep runs of their commands.
#
# usage: awk -F, -v experts=E -v tokens=T -v topk=K -v d=D \
#            -f scripts/report_energy.awk -f scripts/report_moe.awk \
#            PLAN.csv... RUNS.csv... > moe.csv
#   A file whose header starts with "dist,scheme,expert" is a plan (one line
#   per tile command, and one per expert without a command), one starting
#   with "vector," the runner's --csv of those commands, and
#   "dist,scheme,stream_cycles" the cycles of each scheme's commands run
#   again as one stream, back to back on one tile (reset included).
#
# One output line per (distribution, scheme), in the order the plans list
# them. Cycles, MACs and energy are the tile's counters, read at the end of
# each verified lockstep run; the plan only says which rows were tokens
# (useful) and which padding, and which tokens were dropped. Each command's
# macs_alg counter must equal its plan's M x d x N (the plan and the run
# describe the same command) and every run must have passed.
#   cycles_serial  sum of the commands' cycles: one tile runs every expert
#   stream_cycles  the same commands as one verified stream (the handshakes
#                  between commands and the reset included)
#   cycles_step    max over experts of the expert's cycles: E tiles, one per
#                  expert, in parallel (the step's latency)
#   step_vs_ideal  cycles_step / the balanced distribution's sort-and-group step
#   util_step      useful MACs / (cycles_step x E x N^2)
#   waste_pad      padded MACs / all MACs the tile computed
#   dropped_frac   dropped token-expert assignments / T x k
BEGIN { OFS = "," }

FNR == 1 {
    kind = ($1 == "dist" && $3 == "expert") ? "plan" : ($1 == "vector") ? "runs" : ($3 == "stream_cycles") ? "stream" : ""
    if (kind == "") { print "report_moe: " FILENAME ": neither a plan nor a runs CSV" > "/dev/stderr"; bad = 1; exit 2 }
    delete ix
    for (i = 1; i <= NF; i++) ix[$i] = i
    next
}
function col(name) { return $(ix[name]) }

kind == "plan" {
    key = col("dist") SUBSEP col("scheme")
    if (!(key in seen)) { seen[key] = 1; order[++nkey] = key }
    e = col("expert") + 0
    LOAD[key, e] = col("load") + 0
    if (col("load") + 0 > MAXLOAD[key]) MAXLOAD[key] = col("load") + 0
    DROP[key] += col("dropped")
    if (col("vector") == "-") next
    v = col("vector")
    PKEY[v] = key; PEXP[v] = e; PM[v] = col("m") + 0
    USE[key] += col("useful"); PAD[key] += col("pad"); NCMD[key]++
    next
}

kind == "runs" {
    v = col("vector"); sub(/.*\//, "", v)
    if (!(v in PKEY)) { print "report_moe: " FILENAME ": run " v " is in no plan" > "/dev/stderr"; bad = 1; exit 2 }
    if (col("pass") != 1) { print "report_moe: run " v " did not pass" > "/dev/stderr"; bad = 1; exit 2 }
    n = col("n") + 0; N = n
    if (col("macs_alg") + 0 != PM[v] * d * n) {
        print "report_moe: run " v ": macs_alg " col("macs_alg") " is not M x d x N = " PM[v] " x " d " x " n > "/dev/stderr"
        bad = 1; exit 2
    }
    key = PKEY[v]; RAN[v] = 1
    cyc = col("cycles") + 0
    CYS[key] += cyc; CYE[key, PEXP[v]] += cyc
    ALG[key] += col("macs_alg"); ACT[key] += col("macs_actual"); GAT[key] += col("macs_gated")
    EN[key] += energy_pj(col("macs_actual"), col("macs_gated"), col("nblk") - col("skipped_blocks"), \
                         col("m"), n, col("w_bytes"), col("meta_bytes"), col("a_bytes"), col("bias"))
    next
}

kind == "stream" {
    STREAM[col("dist") SUBSEP col("scheme")] = col("stream_cycles")
    next
}

function label(s) {
    if (s == "group") return "sort-and-group"
    if (s ~ /^cap/) return sprintf("capacity %.2f", substr(s, 4) / 100)
    if (s == "bucket") return "bucketing"
    return s
}

END {
    if (bad) exit 2
    for (v in PKEY) if (!(v in RAN)) { print "report_moe: command " v " of the plan has no run" > "/dev/stderr"; exit 2 }
    for (j = 1; j <= nkey; j++)
        if (!(order[j] in STREAM)) { split(order[j], p, SUBSEP); print "report_moe: no stream run for " p[1] " " p[2] > "/dev/stderr"; exit 2 }
    ideal = ""
    for (j = 1; j <= nkey; j++) {
        split(order[j], p, SUBSEP)
        step = 0
        for (e = 0; e < experts; e++) if (CYE[order[j], e] > step) step = CYE[order[j], e]
        STEP[order[j]] = step
        if (p[1] == "balanced" && p[2] == "group") ideal = step
    }
    print "dist,scheme,label,experts,tokens,topk,d,n,load_mean,load_max,imbalance,commands," \
          "rows_useful,rows_padded,dropped,dropped_frac,macs_useful,macs_padded,macs_alg,macs_actual,macs_gated," \
          "cycles_serial,stream_cycles,cycles_step,step_vs_ideal,util_serial,util_step,waste_pad,energy_nj,pj_per_useful_mac"
    mean = tokens * topk / experts
    for (j = 1; j <= nkey; j++) {
        k = order[j]; split(k, p, SUBSEP)
        mu = USE[k] * d * N; mp = PAD[k] * d * N
        printf "%s,%s,%s,%d,%d,%d,%d,%d,%.6f,%d,%.6f,%d,", p[1], p[2], label(p[2]), experts, tokens, topk, d, N, \
            mean, MAXLOAD[k], MAXLOAD[k] / mean, NCMD[k]
        printf "%d,%d,%d,%.6f,%d,%d,%d,%d,%d,", USE[k], PAD[k], DROP[k], DROP[k] / (tokens * topk), mu, mp, ALG[k], ACT[k], GAT[k]
        printf "%d,%d,%d,%s,%.6f,%.6f,%.6f,%.6f,%.6f\n", CYS[k], STREAM[k], STEP[k], (ideal == "" ? "" : sprintf("%.6f", STEP[k] / ideal)), \
            mu / (CYS[k] * N * N), mu / (STEP[k] * experts * N * N), (ALG[k] ? mp / ALG[k] : 0), EN[k] / 1000, \
            (mu ? EN[k] / mu : 0)
    }
}
