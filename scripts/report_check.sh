#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_check.sh - the report's test: do the tile's counters add up?
#
# usage: scripts/report_check.sh RUNS.csv...
#   RUNS.csv: the lockstep runner's --csv output (docs/report/runs.csv, or a
#   fresh sweep's BUILD/report*/runs.csv).
#
# Checks, for every run (docs/architecture.md sections 6 and 7):
#   - the run passed (model and RTL agreed every cycle, result correct);
#   - macs_alg == macs_actual + macs_gated + macs_skipped;
#   - macs_alg == nblk * M * KD * N (KD = N dense, 2N in 2:4);
#   - macs_actual + macs_gated == passes * M * N^2 (every streamed beat of a
#     loaded pass occupies every PE once), passes = nblk - skipped_blocks;
#   - macs_skipped == skipped * M * KD * N (+ passes * M * N^2 in 2:4);
#   - w_bytes == passes * N^2 (N weight beats of N bytes per pass), meta_bytes
#     == passes * N^2 / 4 in 2:4 and 0 in dense;
#   - with no stalls: stall_cycles == 0 and
#     cycles == (bias ? M : 0) + passes * (M + 3N + 1) + M;
# and for every dense run and 2:4 run (class sp24) of the same N, M and K:
#   - the 2:4 pass count is exactly half the dense one;
#   - the 2:4 run moved exactly half the weight value bytes (w_bytes counts
#     weight beats, so its LOAD share of the cycles is half);
#   - the cycles saved are exactly the halved passes' LOAD + STREAM + FLUSH:
#     cycles_dense - cycles_2:4 == (passes_dense - passes_2:4) * (M + 3N + 1).
# At least one such pair must exist. Exits 1 naming every failing run and
# check, 2 on unusable input, 0 when everything adds up.
#
# usage: scripts/report_check.sh --self-test RUNS.csv
#   tests the test: RUNS.csv must pass, and three broken copies of it (one
#   MAC miscounted, a 2:4 run's weight bytes off, the 2:4 runs missing) must
#   each be rejected.
set -euo pipefail

if [ "${1:-}" = "--self-test" ]; then
    [ $# -eq 2 ] || { echo "usage: $0 --self-test RUNS.csv" >&2; exit 2; }
    good=$2
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    "$0" "$good" >/dev/null || { echo "report_check: self-test: $good itself fails" >&2; exit 1; }
    # column numbers from the header
    colno() { awk -F, -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) print i; exit }' "$good"; }
    gc=$(colno macs_gated); wc=$(colno w_bytes); cc=$(colno class)
    awk -F, -v OFS=, -v g="$gc" 'NR == 2 { $g = $g + 1 } { print }' "$good" >"$tmp/mac.csv"
    awk -F, -v OFS=, -v w="$wc" -v c="$cc" '$c == "sp24" && !done { $w = $w + 16; done = 1 } { print }' "$good" >"$tmp/wbytes.csv"
    awk -F, -v c="$cc" '$c != "sp24"' "$good" >"$tmp/nopair.csv"
    for bad in mac wbytes nopair; do
        if "$0" "$tmp/$bad.csv" >/dev/null 2>&1; then
            echo "report_check: self-test: a broken CSV ($bad) was accepted" >&2
            exit 1
        fi
    done
    echo "report_check: self-test: 3 broken copies of $good rejected, the original accepted"
    exit 0
fi

[ $# -ge 1 ] || { echo "usage: $0 RUNS.csv..." >&2; exit 2; }
status=0
for csv in "$@"; do
    [ -r "$csv" ] || { echo "report_check: cannot read $csv" >&2; exit 2; }
    awk -F, -v file="$csv" '
    function col(name) { return $(ix[name]) + 0 }
    function fail(msg) { printf "report_check: %s: %s: %s\n", file, $(ix["vector"]), msg > "/dev/stderr"; bad++ }
    NR == 1 {
        for (i = 1; i <= NF; i++) ix[$i] = i
        nn = split("vector class n mode m k nblk skipped_blocks bias stall_pct pass cycles stall_cycles " \
                   "macs_alg macs_actual macs_gated macs_skipped w_bytes meta_bytes a_bytes", need, " ")
        for (i = 1; i <= nn; i++)
            if (!(need[i] in ix)) { printf "report_check: %s: column %s missing\n", file, need[i] > "/dev/stderr"; exit 2 }
        next
    }
    {
        rows++
        n = col("n"); m = col("m"); k = col("k"); nblk = col("nblk"); skb = col("skipped_blocks")
        is24 = ($(ix["mode"]) == "2:4"); kd = is24 ? 2 * n : n
        passes = nblk - skb
        alg = col("macs_alg"); act = col("macs_actual"); gat = col("macs_gated"); skp = col("macs_skipped")
        if (col("pass") != 1) fail("the lockstep run did not pass")
        if (alg != act + gat + skp)
            fail(sprintf("macs_alg %d != actual %d + gated %d + skipped %d = %d", alg, act, gat, skp, act + gat + skp))
        if (k != nblk * kd) fail(sprintf("k %d != nblk %d * KD %d", k, nblk, kd))
        if (alg != nblk * m * kd * n) fail(sprintf("macs_alg %d != nblk*M*KD*N = %d", alg, nblk * m * kd * n))
        if (act + gat != passes * m * n * n)
            fail(sprintf("actual+gated %d != passes*M*N^2 = %d", act + gat, passes * m * n * n))
        want = skb * m * kd * n + (is24 ? passes * m * n * n : 0)
        if (skp != want) fail(sprintf("macs_skipped %d != %d", skp, want))
        if (col("w_bytes") != passes * n * n) fail(sprintf("w_bytes %d != passes*N^2 = %d", col("w_bytes"), passes * n * n))
        want = is24 ? passes * n * n / 4 : 0
        if (col("meta_bytes") != want) fail(sprintf("meta_bytes %d != %d", col("meta_bytes"), want))
        if (col("stall_pct") == 0) {
            if (col("stall_cycles") != 0) fail(sprintf("stall_cycles %d with no stalls", col("stall_cycles")))
            want = (col("bias") ? m : 0) + passes * (m + 3 * n + 1) + m
            if (col("cycles") != want) fail(sprintf("cycles %d != (bias?M:0) + passes*(M+3N+1) + M = %d", col("cycles"), want))
        }
        key = n "," m "," k
        if ($(ix["class"]) == "dense") { dp[key] = passes; dw[key] = col("w_bytes"); dc[key] = col("cycles"); dv[key] = $(ix["vector"]) }
        if ($(ix["class"]) == "sp24") { sp[key] = passes; sw[key] = col("w_bytes"); sc[key] = col("cycles"); sv[key] = $(ix["vector"]) }
    }
    END {
        if (rows == 0) { printf "report_check: %s: no runs\n", file > "/dev/stderr"; exit 2 }
        for (key in sp) {
            if (!(key in dp)) continue
            pairs++
            split(key, f, ","); n = f[1]; m = f[2]
            who = sv[key] " vs " dv[key]
            if (2 * sp[key] != dp[key]) {
                printf "report_check: %s: %s: 2:4 passes %d are not half the dense %d at equal K\n", file, who, sp[key], dp[key] > "/dev/stderr"; bad++
            }
            if (2 * sw[key] != dw[key]) {
                printf "report_check: %s: %s: 2:4 w_bytes %d are not half the dense %d at equal K\n", file, who, sw[key], dw[key] > "/dev/stderr"; bad++
            }
            if (dc[key] - sc[key] != (dp[key] - sp[key]) * (m + 3 * n + 1)) {
                printf "report_check: %s: %s: cycles saved %d != halved passes * (M+3N+1) = %d\n", file, who, dc[key] - sc[key], (dp[key] - sp[key]) * (m + 3 * n + 1) > "/dev/stderr"; bad++
            }
        }
        if (pairs == 0) { printf "report_check: %s: no dense and 2:4 runs at equal N, M, K to compare\n", file > "/dev/stderr"; bad++ }
        if (bad) { printf "report_check: %s: FAILED, %d problem(s) in %d runs\n", file, bad, rows > "/dev/stderr"; exit 1 }
        printf "report_check: %s: %d runs, counters add up; %d dense/2:4 pairs: 2:4 passes and weight bytes exactly half\n", file, rows, pairs
    }' "$csv" || status=$?
    [ "$status" -eq 0 ] || exit "$status"
done
