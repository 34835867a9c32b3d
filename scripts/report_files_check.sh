#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_files_check.sh - are the report's published files whole?
#
# usage: scripts/report_files_check.sh DOCS_DIR [RUNS]
#   DOCS_DIR/report/*.png: PNG signature, an IHDR first and an IEND chunk as
#   the last 12 bytes (a write cut short loses it); *.svg: one closing
#   </svg> as the last tag; every CSV of the report: ends with a newline,
#   every row has the header's column count, and runs.csv has RUNS data
#   rows when RUNS is given; DOCS_DIR/report.md ends with a newline.
# Exit 1 naming every broken file, 0 when all are whole.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 DOCS_DIR [RUNS]" >&2; exit 2; }
docs=$1 runs=${2:-}
bad=0
broken() { echo "report_files_check: $1: $2" >&2; bad=1; }
ends_with_newline() { [ -s "$1" ] && [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ]; }

shopt -s nullglob
pngs=("$docs"/report/*.png) svgs=("$docs"/report/*.svg)
[ ${#pngs[@]} -gt 0 ] || broken "$docs/report" "no PNG plots"
for f in "${pngs[@]}"; do
    sig=$(head -c 16 "$f" | od -An -tx1 | tr -d ' \n')
    [ "${sig:0:16}" = 89504e470d0a1a0a ] && [ "${sig:24:8}" = 49484452 ] || { broken "$f" "not a PNG (bad signature or no IHDR)"; continue; }
    tail=$(tail -c 12 "$f" | od -An -tx1 | tr -d ' \n')
    [ "$tail" = 0000000049454e44ae426082 ] || broken "$f" "truncated PNG (no IEND chunk at the end)"
done
for f in "${svgs[@]}"; do
    [ "$(tr -d ' \t\n' <"$f" | tail -c 6)" = '</svg>' ] || broken "$f" "truncated SVG (no closing </svg>)"
done
for f in "$docs"/report/{runs,summary,uarch,moe,act,traffic_tile,traffic,breakeven,area,sparseloop}.csv; do
    [ -f "$f" ] || { broken "$f" "missing"; continue; }
    ends_with_newline "$f" || broken "$f" "does not end with a newline (truncated?)"
    awk -F, 'NR == 1 { n = NF } NF != n { bad = 1; print FILENAME ":" NR ": " NF " columns, header has " n > "/dev/stderr" }
             END { exit bad }' "$f" || broken "$f" "rows with the wrong column count"
done
if [ -n "$runs" ] && [ -f "$docs/report/runs.csv" ]; then
    got=$(($(wc -l <"$docs/report/runs.csv") - 1))
    [ "$got" -eq "$runs" ] || broken "$docs/report/runs.csv" "$got runs, expected $runs"
fi
ends_with_newline "$docs/report.md" || broken "$docs/report.md" "missing, empty or truncated"
[ $bad -eq 0 ] && echo "report_files_check: $docs/report: ${#pngs[@]} PNG, ${#svgs[@]} SVG, CSV and report.md whole"
exit $bad
