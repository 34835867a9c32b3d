#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# perf_doc.sh - put a generated table between the bench markers of a doc.
# usage: scripts/perf_doc.sh TABLE.md DOC.md
# The text outside <!-- bench:begin --> ... <!-- bench:end --> is kept; the
# doc is replaced atomically.
set -euo pipefail
table=${1:?usage: perf_doc.sh TABLE.md DOC.md}
doc=${2:?usage: perf_doc.sh TABLE.md DOC.md}
[ -f "$table" ] || { echo "perf_doc.sh: no such file: $table" >&2; exit 2; }
grep -q '<!-- bench:begin -->' "$doc" && grep -q '<!-- bench:end -->' "$doc" ||
    { echo "perf_doc.sh: $doc has no bench markers" >&2; exit 2; }
tmp=$(mktemp "$doc.tmp.XXXXXX")
awk -v table="$table" '
/<!-- bench:begin -->/ { print; while ((getline line < table) > 0) print line; skip = 1; next }
/<!-- bench:end -->/ { skip = 0 }
!skip { print }' "$doc" >"$tmp"
mv "$tmp" "$doc"
