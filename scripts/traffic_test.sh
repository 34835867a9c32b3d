#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# traffic_test.sh - stc_traffic (analysis/stc_traffic.h) against facts
# worked out by hand from each format's layout, at K = N = 1024, S = 32:
#
#   csr32, INT8: d*(1 + 4) bytes an element, plus 4*(K+1) bytes of row
#     pointers (0.4 % of the dense K*N): below dense once d < 20 %, i.e.
#     sparsity just above 80 %;
#   csr16, INT8: d*(1 + 2) < 1 -> sparsity above 66.7 % (66.8 with pointers);
#   bitmap, INT8: 1/8 + d < 1 -> sparsity above 12.5 %;
#   gather: every 4-byte value its own 32-byte sector, 12.5 % efficient;
#     at 90 % sparsity 0.1 * 32/4 = 0.8 of dense; break-even at d = 4/32,
#     sparsity 87.5 %. Coalesced (row-major trace), a sector of 8 FP32
#     values is fetched once if any is nonzero: 1 - 0.9^8 = 0.5695 of dense;
#   dense: reads every byte it asks for (fetch efficiency 1), and its
#     useful share is the density.
#
# The masks are random, so the break-evens are checked within a band that
# holds the bisection step (0.01 %) and the row pointers, not to the digit.
# Usage: scripts/traffic_test.sh PATH/TO/stc_traffic. Run by make
# traffic-test and make cli-test.
set -u
prog=${1:-build/stc_traffic}
fail=0
say() { echo "traffic-test: $*"; }
bad() { echo "traffic-test: FAIL: $*" >&2; fail=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$prog" --out-sweep "$tmp/s1.csv" --out-breakeven "$tmp/b1.csv" || bad "default run: exit $?"
"$prog" --out-sweep="$tmp/s2.csv" --out-breakeven="$tmp/b2.csv" --seed=1 || bad "second run: exit $?"
cmp -s "$tmp/s1.csv" "$tmp/s2.csv" && cmp -s "$tmp/b1.csv" "$tmp/b2.csv" ||
    bad "two runs with the same seed differ"
"$prog" --seed 2 --out-sweep "$tmp/s3.csv" || bad "--seed 2: exit $?"
cmp -s "$tmp/s1.csv" "$tmp/s3.csv" && bad "--seed 2 writes the same sweep as seed 1"
say "deterministic: the same seed writes the same bytes, another seed other masks"

[ "$(head -n 1 "$tmp/s1.csv")" = "format,elem_bytes,sparsity_pct,k,n,sector_bytes,seed,nnz,value_bytes,index_bytes,useful_bytes,moved_bytes,sector_eff,fetch_eff,moved_over_dense" ] ||
    bad "sweep header: $(head -n 1 "$tmp/s1.csv")"
[ "$(head -n 1 "$tmp/b1.csv")" = "format,elem_bytes,k,n,sector_bytes,seed,status,breakeven_pct,nnz,moved_over_dense" ] ||
    bad "break-even header: $(head -n 1 "$tmp/b1.csv")"
# 7 formats x 3 element sizes x 12 sparsities, and 7 x 3 break-evens.
[ "$(($(wc -l <"$tmp/s1.csv") - 1))" -eq 252 ] || bad "sweep: $(wc -l <"$tmp/s1.csv") lines, expected 1 + 252"
[ "$(($(wc -l <"$tmp/b1.csv") - 1))" -eq 21 ] || bad "break-even: $(wc -l <"$tmp/b1.csv") lines, expected 1 + 21"

# field FILE COLUMN FORMAT ELEM [SPARSITY]: one value, by header name.
field() {
    awk -F, -v c="$2" -v f="$3" -v e="$4" -v s="${5:-}" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        $col["format"] == f && $col["elem_bytes"] == e && (s == "" || $col["sparsity_pct"] == s) {
            print $col[c] }' "$1"
}
# within VALUE LO HI NAME
within() {
    awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v != "" && v + 0 >= lo && v + 0 <= hi) }' ||
        bad "$4 = '$1', expected $2..$3"
}
b=$tmp/b1.csv
within "$(field "$b" breakeven_pct csr32 1)" 79.95 80.20 "csr32 INT8 break-even"
within "$(field "$b" breakeven_pct csr16 1)" 66.60 66.95 "csr16 INT8 break-even"
within "$(field "$b" breakeven_pct bitmap 1)" 12.45 12.55 "bitmap INT8 break-even"
within "$(field "$b" breakeven_pct gather 4)" 87.45 87.55 "gather FP32 break-even"
within "$(field "$b" breakeven_pct gather 1)" 96.85 96.90 "gather INT8 break-even (1/32)"
[ "$(field "$b" status dense 1)" = never ] || bad "dense has a break-even against itself"
say "break-even: csr32 80 %, csr16 66.7 %, bitmap 12.5 %, gather 87.5 % (FP32) and 96.9 % (INT8)"

s=$tmp/s1.csv
within "$(field "$s" moved_over_dense gather 4 90.00)" 0.78 0.82 "gather FP32 at 90 %: moved/dense"
within "$(field "$s" sector_eff gather 4 90.00)" 0.125 0.125 "gather FP32 sector efficiency"
within "$(field "$s" moved_over_dense gather-coalesced 4 90.00)" 0.555 0.585 "coalesced gather FP32 at 90 %"
within "$(field "$s" fetch_eff dense 1 50.00)" 1 1 "dense INT8 fetch efficiency"
within "$(field "$s" sector_eff dense 4 90.00)" 0.1 0.1 "dense FP32 useful share at 90 %"
"$prog" --sparsities 0,90 --elem-bytes 4 --sector-bytes 64 --out-sweep "$tmp/s64.csv" || bad "S=64 run"
within "$(field "$tmp/s64.csv" sector_eff dense 4 0.00)" 1 1 "dense sector efficiency at 0 %"
within "$(field "$tmp/s64.csv" sector_eff gather 4 90.00)" 0.0625 0.0625 "gather FP32 efficiency at S=64"
within "$(field "$tmp/s64.csv" moved_over_dense gather 4 90.00)" 1.58 1.62 "gather FP32 at 90 %, S=64"
say "gather FP32 at 90 %: 0.8 of dense (12.5 % efficient), coalesced 0.57; dense efficiency 1"

# Bad options: exit 2 with a message naming the option.
for args in "--sector-bytes 48" "--sector-bytes 2" "--elem-bytes 3" "--elem-bytes 1,,2" \
    "--sparsities 100" "--sparsities 50.123" "--k 0" "--k 65536 --n 65536" ""; do
    rc=0
    # shellcheck disable=SC2086 # the cases are lists of words
    err=$("$prog" $args ${args:+--out-sweep "$tmp/x.csv"} 2>&1) || rc=$?
    [ $rc -eq 2 ] && [[ $err == "stc_traffic: "* ]] || bad "stc_traffic $args: exit $rc, '$err'"
done
[ -e "$tmp/x.csv" ] && bad "a refused run wrote its output"
say "bad options exit 2 naming what is wrong"
exit $fail
