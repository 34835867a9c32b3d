#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# mutate_doc.sh DOC NAME FILE - replace the lines between the markers
# "<!-- NAME:begin -->" and "<!-- NAME:end -->" of DOC by the contents of
# FILE (the markers stay). Atomic (temporary file + rename). Exit 2 if DOC
# or a marker is missing.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: mutate_doc.sh DOC NAME FILE" >&2; exit 2; }
doc=$1 name=$2 file=$3
[ -f "$doc" ] || { echo "mutate_doc.sh: no such document: $doc" >&2; exit 2; }
[ -f "$file" ] || { echo "mutate_doc.sh: no such file: $file" >&2; exit 2; }
b="<!-- $name:begin -->" e="<!-- $name:end -->"
grep -qxF "$b" "$doc" && grep -qxF "$e" "$doc" ||
    { echo "mutate_doc.sh: $doc lacks the markers '$b' / '$e'" >&2; exit 2; }
tmp="$doc.tmp.$$"
awk -v b="$b" -v e="$e" -v f="$file" '
    $0 == b { print; while ((getline l < f) > 0) print l; skip = 1; next }
    $0 == e { skip = 0 }
    !skip { print }' "$doc" >"$tmp"
mv "$tmp" "$doc"
