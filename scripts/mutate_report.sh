#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# mutate_report.sh DIR DOC - summarise DIR/results.tsv of scripts/mutate.sh:
# killed / survived, the survivors against scripts/mutate_equivalent.txt
# (KEY<TAB>class<TAB>reason, class "equivalent" or "not-covered"), the
# mutation score; writes DIR/results.md (RESULTS=NAME.tsv: DIR/NAME.md)
# and, if DOC is not empty, puts it into DOC between the "mutate" markers.
# MUT_BIN is the runner its reproduce line names (default DIR/stc_sim-nN).
# Exit 1 when a survivor is not in the list (look at it: add a vector that
# kills it, or document it).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: mutate_report.sh DIR DOC" >&2; exit 2; }
dir=$1 doc=$2
res="$dir/${RESULTS:-results.tsv}"
equiv=${EQUIV:-scripts/mutate_equivalent.txt}
[ -f "$res" ] || { echo "mutate_report.sh: no $res (run the mutants first)" >&2; exit 2; }
[ -f "$equiv" ] || { echo "mutate_report.sh: no $equiv" >&2; exit 2; }
out="$dir/${RESULTS:-results.tsv}"; out="${out%.tsv}.md"

awk -F'\t' -v equiv="$equiv" -v count="${COUNT:-?}" -v seed="${SEED:-?}" -v stalls="${STALLS:-0 25}" \
    -v simseed="${SIM_SEED:-1}" -v xdir="${XDIR:-build/mut-vecs-n4}" -v bin="${MUT_BIN:-$dir/stc_sim-n${MUT_N:-4}}" -v mutn="${MUT_N:-4}" '
    BEGIN {
        gsub(/ /, "% and ", stalls)
        while ((getline l < equiv) > 0) {
            if (l ~ /^#/ || l == "") continue
            split(l, f, "\t"); cls[f[1]] = f[2]; why[f[1]] = f[3]
        }
    }
    function modname(key,   m) {
        m = "top"
        if (match(key, /\\u_[a-z]+/)) m = substr(key, RSTART + 1, RLENGTH - 1)
        return m
    }
    function sortkeys(a, o,   k, n, i, j, t) {
        n = 0
        for (k in a) o[++n] = k
        for (i = 2; i <= n; i++) for (j = i; j > 1 && o[j - 1] > o[j]; j--) { t = o[j]; o[j] = o[j - 1]; o[j - 1] = t }
        return n
    }
    function modeof(key,   a) { split(key, a, " "); return a[2] }
    {
        id = $1; r = $2; key = $4; m = modname(key); mo = modeof(key)
        n++; mods[m] = 1; modes[mo] = 1
        tot[m]++; totmo[mo]++
        if (r == "killed") { k++; kil[m]++; kilmo[mo]++; next }
        s++; sur[m]++; surmo[mo]++
        c = (key in cls) ? cls[key] : "UNEXPLAINED"
        if (c == "equivalent") eq++
        else if (c == "not-covered") nc++
        else un++
        sl[s] = sprintf("| %d | %s | `%s` | %s | %s |", id, m, key, c, (key in why) ? why[key] : "**not analysed**")
    }
    END {
        printf "%d mutants (Yosys `mutate -list %s -seed %s`, N=%s), each run over the N=%s regression plus the extra vectors, stalls %s%%, stall seed %s.\n\n", n, count, seed, mutn, mutn, stalls, simseed
        print "| result | mutants |"
        print "|---|---|"
        printf "| killed | %d |\n", k
        printf "| survived, equivalent (no input sequence can tell) | %d |\n", eq
        printf "| survived, not covered (reachable, never exercised; see below) | %d |\n", nc
        printf "| survived, not analysed | %d |\n", un
        printf "| **mutation score** killed / (all - equivalent) | **%.1f%%** (%d / %d) |\n", (n - eq) ? 100 * k / (n - eq) : 0, k, n - eq
        printf "| raw score killed / all | %.1f%% |\n\n", n ? 100 * k / n : 0
        print "| module | mutants | killed | survived |"
        print "|---|---|---|---|"
        nm = sortkeys(mods, om)
        for (i = 1; i <= nm; i++) { m = om[i]; printf "| %s | %d | %d | %d |\n", m, tot[m], kil[m] + 0, sur[m] + 0 }
        print ""
        print "| mutation | mutants | killed | survived |"
        print "|---|---|---|---|"
        nmo = sortkeys(modes, omo)
        for (i = 1; i <= nmo; i++) { mo = omo[i]; printf "| %s | %d | %d | %d |\n", mo, totmo[mo], kilmo[mo] + 0, surmo[mo] + 0 }
        print ""
        print "Survivors. Reproduce any mutant ID (killed or not): `make mutate-ci` (builds the runner and the extra vectors), then `" bin " --seed " simseed " --stall 0 --plusarg +mutsel=ID vectors/regression/*-n" mutn "-*.vec " xdir "/*.vec`."
        print ""
        print "| id | module | mutation | class | why |"
        print "|---|---|---|---|---|"
        for (i = 1; i <= s; i++) print sl[i]
        printf "\nSUMMARY %d %d %d %d %d\n", n, k, eq, nc, un
    }' "$res" >"$out.tmp"

read -r _ n k eq nc un < <(grep '^SUMMARY ' "$out.tmp")
grep -v '^SUMMARY ' "$out.tmp" >"$out"
rm -f "$out.tmp"
echo "mutate: $n mutants: $k killed, $eq equivalent, $nc not covered, $un not analysed;" \
    "score $(awk -v k="$k" -v n="$n" -v e="$eq" 'BEGIN { printf "%.1f%%", (n - e) ? 100 * k / (n - e) : 0 }')"
if [ -n "$doc" ]; then
    scripts/mutate_doc.sh "$doc" mutate "$out"
    echo "mutate: report written to $doc"
fi
if [ "$un" -gt 0 ]; then
    echo "mutate: $un survivor(s) not analysed (see $out): add a vector that kills them or document them in $equiv" >&2
    exit 1
fi
