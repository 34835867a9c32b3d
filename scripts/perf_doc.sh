#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# perf_doc.sh - put a generated table between the markers of a doc.
# usage: scripts/perf_doc.sh TABLE.md DOC.md [NAME]
# The text outside <!-- NAME:begin --> ... <!-- NAME:end --> (NAME: bench
# unless given) is kept; the doc is replaced atomically.
set -euo pipefail
table=${1:?usage: perf_doc.sh TABLE.md DOC.md [NAME]}
doc=${2:?usage: perf_doc.sh TABLE.md DOC.md [NAME]}
name=${3:-bench}
[ -f "$table" ] || { echo "perf_doc.sh: no such file: $table" >&2; exit 2; }
grep -q "<!-- $name:begin -->" "$doc" && grep -q "<!-- $name:end -->" "$doc" ||
    { echo "perf_doc.sh: $doc has no $name markers" >&2; exit 2; }
tmp=$(mktemp "$doc.tmp.XXXXXX")
awk -v table="$table" -v b="<!-- $name:begin -->" -v e="<!-- $name:end -->" '
index($0, b) { print; while ((getline line < table) > 0) print line; skip = 1; next }
index($0, e) { skip = 0 }
!skip { print }' "$doc" >"$tmp"
mv "$tmp" "$doc"
