#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# sim_html.sh - one HTML page summarising a `make sim` run, written next to
# the JUnit files: per array size and run, then per file, the verdict,
# commands, cycles, MACs saved, CPU time, seed, stall, host policy, the
# reproduce command and, for failures, the message and the waveform kept by
# WAVES=1.
#
#   scripts/sim_html.sh OUT.html VERDICT SIMDIR...
#
# SIMDIR is a suite output directory (build/sim-nN: runs.txt lists its runs
# in order, junit/RUN.xml holds each). Written to OUT.html.tmp and renamed.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 OUT.html VERDICT SIMDIR..." >&2; exit 2; }
out=$1 verdict=$2
shift 2

esc() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }

# One JUnit file (stc_sim's own layout) as table rows.
rows() { # XML SIMDIR LABEL
    awk -v dir="$2" -v label="$3" '
        function attr(s, name,   r) {
            r = s
            if (!sub(".*" name "=\"", "", r)) return ""
            sub(/".*/, "", r)
            return r
        }
        /<testcase / { name = attr($0, "name"); t = attr($0, "time"); msg = ""; kind = "PASS"; rep = "" }
        /<properties>/ {
            seed = attr($0, "\"seed\" value"); stall = attr($0, "\"stall_pct\" value")
            pol = attr($0, "\"policy\" value"); cmds = attr($0, "\"commands\" value")
            cyc = attr($0, "\"cycles\" value"); alg = attr($0, "\"macs_alg\" value")
            saved = attr($0, "\"macs_saved\" value")
        }
        /<failure / { kind = "FAIL"; msg = attr($0, "message") }
        /<error / { kind = "ERROR"; msg = attr($0, "message") }
        /<system-out>/ { rep = $0; sub(/.*<system-out>reproduce: /, "", rep); sub(/<\/system-out>.*/, "", rep) }
        /<\/testcase>/ {
            base = name; sub(/.*\//, "", base); sub(/\.vec$/, "", base)
            wave = dir "/waves/" label "-" base ".fst"
            pct = alg > 0 ? sprintf(" (%.1f%%)", 100 * saved / alg) : ""
            printf "<tr class=\"%s\"><td>%s</td><td class=\"v\">%s</td><td>%s</td><td>%s</td><td>%s%s</td>", \
                tolower(kind), name, kind, cmds, cyc, saved, pct
            printf "<td>%.3f</td><td>%s</td><td>%s%%</td><td>%s</td><td><code>%s</code>", t, seed, stall, pol, rep
            if (msg != "") printf "<br><span class=\"msg\">%s</span>", msg
            if ((getline line < wave) > 0) { close(wave); printf "<br>waveform: <a href=\"%s\">%s</a>", wave, wave }
            printf "</td></tr>\n"
        }' "$1"
}

{
    cat <<HEAD
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>make sim: $verdict</title>
<style>
body { font-family: sans-serif; margin: 1.5em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 90%; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: left; vertical-align: top; }
th { background: #eee; }
tr.fail td.v, tr.error td.v, .bad { color: #fff; background: #c0392b; font-weight: bold; }
tr.pass td.v, .good { color: #fff; background: #27ae60; }
.msg { color: #c0392b; }
code { font-size: 85%; }
</style></head><body>
<h1 id="verdict">make sim: $verdict</h1>
HEAD
    for d in "$@"; do
        [ -f "$d/runs.txt" ] || continue
        n=${d##*-n}
        echo "<h2>N=$n</h2>"
        echo "<table class=\"runs\" id=\"runs-n$n\"><tr><th>run</th><th>verdict</th><th>files</th><th>failed</th></tr>"
        while read -r label rc nfiles; do
            v=PASS cls=good
            [ "$rc" = 0 ] || { v=$([ "$rc" = 1 ] && echo FAIL || echo ERROR); cls=bad; }
            nf=$(grep -c '<failure \|<error ' "$d/junit/$label.xml" 2>/dev/null || true)
            echo "<tr><td><a href=\"#$label-n$n\">$label</a></td><td class=\"$cls\">$v</td><td>$nfiles</td><td>$nf</td></tr>"
        done <"$d/runs.txt"
        if [ -s "$d/skipped.txt" ]; then
            while IFS=$'\t' read -r label why; do
                echo "<tr class=\"skipped\"><td>$label</td><td>SKIPPED</td><td colspan=\"2\">$why</td></tr>"
            done <"$d/skipped.txt"
        fi
        echo "</table>"
        while read -r label rc _; do
            echo "<h3 id=\"$label-n$n\">N=$n $label</h3>"
            echo "<table class=\"files\"><tr><th>file</th><th>verdict</th><th>commands</th><th>cycles</th><th>MACs saved (of the dense work)</th><th>time s</th><th>seed</th><th>stall</th><th>policy</th><th>reproduce</th></tr>"
            [ -f "$d/junit/$label.xml" ] && rows "$d/junit/$label.xml" "$d" "$label"
            echo "</table>"
        done <"$d/runs.txt"
    done
    echo "</body></html>"
} >"$out.tmp"
mv -f "$out.tmp" "$out"
echo "summary: $out"
