#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_render.sh - docs/report.md from the report's tables: the decision
# table, then one section per table, each written by its awk script. The one
# list of sections, used by `make report` (scripts/report.sh, on its staged
# tables) and by `make report-check` (on the committed ones, which must give
# the committed report.md).
#
# usage: scripts/report_render.sh REPORT_DIR   (the directory of the CSVs);
# writes the markdown to standard output.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 REPORT_DIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
r=$1
awk -F, -f "$here/report_decision_md.awk" "$r/summary.csv" "$r/act.csv" "$r/moe.csv" \
    "$r/traffic_tile.csv" "$r/traffic.csv" "$r/area.csv"
awk -F, -f "$here/report_energy.awk" -f "$here/report_md.awk" "$r/summary.csv"
awk -F, -f "$here/report_uarch_md.awk" "$r/uarch.csv"
awk -F, -f "$here/report_moe_md.awk" "$r/moe.csv"
awk -F, -f "$here/report_act_md.awk" "$r/act.csv"
awk -F, -f "$here/report_traffic_md.awk" "$r/traffic_tile.csv" "$r/traffic.csv" "$r/breakeven.csv"
