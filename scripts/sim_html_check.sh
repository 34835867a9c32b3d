#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# sim_html_check.sh - opens the make sim summary in headless Chromium (a
# real browser: the page must load and render), checks the DOM it built
# against the JUnit files (one row per test case, the verdict heading) and
# optionally takes a screenshot.
#
#   scripts/sim_html_check.sh PAGE.html SIMDIR... [-- SHOT.png]
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 PAGE.html SIMDIR... [-- SHOT.png]" >&2; exit 2; }
page=$1
shift
dirs=() shot=""
while [ $# -gt 0 ]; do
    if [ "$1" = "--" ]; then shot=${2:-}; break; fi
    dirs+=("$1")
    shift
done
chrome=${CHROMIUM:-chromium}
command -v "$chrome" >/dev/null || { echo "sim_html_check: $chrome missing (scripts/deps.sh html)" >&2; exit 2; }
url="file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
    --disable-background-networking --disable-component-update --disable-sync
    --user-data-dir="$profile")
dom=$(timeout 120 "$chrome" "${flags[@]}" --dump-dom "$url" 2>/dev/null) ||
    { echo "sim_html_check: chromium could not load $url" >&2; exit 1; }
want=0
for d in "${dirs[@]}"; do
    for x in "$d"/junit/*.xml; do
        [ -e "$x" ] && want=$((want + $(grep -c '<testcase ' "$x")))
    done
done
got=$(grep -o '<tr class="\(pass\|fail\|error\)">' <<<"$dom" | wc -l)
head=$(grep -o '<h1 id="verdict">[^<]*</h1>' <<<"$dom" || true)
[ "$got" -eq "$want" ] && [ "$want" -gt 0 ] ||
    { echo "sim_html_check: the rendered page has $got test case rows, the JUnit files $want" >&2; exit 1; }
[ -n "$head" ] || { echo "sim_html_check: no verdict heading in the rendered page" >&2; exit 1; }
if [ -n "$shot" ]; then
    timeout 120 "$chrome" "${flags[@]}" --window-size=1400,1000 --screenshot="$shot" "$url" >/dev/null 2>&1 ||
        { echo "sim_html_check: screenshot failed" >&2; exit 1; }
fi
echo "sim_html_check: Chromium rendered $page: $got test case rows (as in the JUnit files), ${head//<*([^>])>/}"
