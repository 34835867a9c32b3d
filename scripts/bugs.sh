#!/usr/bin/env bash
# bugs.sh - hand-written RTL bugs (tb/bugs/NN-name.patch) against the
# lockstep harness. Driven by tb/mutate.mk (`make bugs`).
#
#   scripts/bugs.sh apply ID DIR      copy rtl/*.v to DIR/rtl/ and apply
#                                     tb/bugs/ID.patch there (DIR/rtl/.applied)
#   scripts/bugs.sh check ID...       patch --dry-run of every bug on rtl/
#   scripts/bugs.sh report ID... -- VEC...
#                                     run $BUILD/bugs/ID/stc_sim-n$MUT_N over
#                                     the vectors at each stall in $STALLS;
#                                     print the table, write it into $DOC
#                                     between the bugs markers; exit 1 if a
#                                     bug escapes, 2 on a set-up error
#
# Environment (report): BUILD (build), MUT_N (4), SEED (1), STALLS ("0 25"),
# DOC (docs/verification.md; empty: do not touch the doc).
#
# A bug is caught when the runner exits 1 (a per-cycle mismatch, a result
# mismatch or a hang) on at least one stall setting; exit 0 everywhere is
# an escape; exit 2 (cannot run) is a set-up error, never counted as caught.
set -euo pipefail

die() { echo "bugs.sh: $*" >&2; exit 2; }

apply_one() {
    local id=$1 dir=$2 patch="tb/bugs/$1.patch"
    [ -f "$patch" ] || die "no such bug patch: $patch"
    rm -rf "$dir/rtl"
    mkdir -p "$dir/rtl"
    cp rtl/*.v "$dir/rtl/"
    if ! patch -s -p1 -d "$dir" --no-backup-if-mismatch -r - <"$patch" >"$dir/patch.log" 2>&1; then
        cat "$dir/patch.log" >&2
        die "$patch does not apply to the current rtl/ (update the patch)"
    fi
    # Every patch must change something (a patch that became empty or
    # applied to the wrong place would be a silent no-op bug).
    local f changed=0
    for f in rtl/*.v; do
        cmp -s "$f" "$dir/rtl/${f##*/}" || changed=1
    done
    [ $changed -eq 1 ] || die "$patch applied but changed nothing"
    touch "$dir/rtl/.applied"
}

check_all() {
    local id bad=0 tmp
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' RETURN
    for id in "$@"; do
        rm -rf "$tmp/rtl" && mkdir -p "$tmp/rtl" && cp rtl/*.v "$tmp/rtl/"
        if patch --dry-run -s -p1 -d "$tmp" -r - <"tb/bugs/$id.patch" >/dev/null 2>&1; then
            echo "applies: $id"
        else
            echo "DOES NOT APPLY: $id" >&2
            bad=1
        fi
    done
    return $bad
}

# First failing vector of one runner log: "vector<TAB>cycle<TAB>signal".
# Per-cycle mismatches name the cycle and signal; a hang or a wrong result
# row without a per-cycle mismatch is reported as such.
first_failure() {
    awk '
        /^\[ *[0-9]+\/[0-9]+\] FAIL / && vec == "" {
            s = $0; sub(/^\[[^]]*\] FAIL /, "", s); split(s, w, " "); vec = w[1]; next
        }
        vec != "" && sig == "" && /^  first divergence: cycle / {
            s = $0; sub(/^  first divergence: cycle /, "", s)
            cyc = s; sub(/,.*/, "", cyc); sig = s; sub(/^[0-9]+, /, "", sig)
        }
        /^TIMEOUT / && vec == "" { tmo = 1 }
        END {
            if (vec == "") exit 1
            if (sig == "") { cyc = "-"; sig = tmo ? "(hang: no completion)" : "(result rows)" }
            printf "%s\t%s\t%s\n", vec, cyc, sig
        }' "$1"
}

# The shortest vector list that reproduces a failure on its own: the
# failing vector alone, else the vector before it too (state carried over a
# reset, e.g. a register without reset), else every vector up to it.
repro_vecs() {
    local bin=$1 seed=$2 stall=$3 vec=$4 prev="" v rc
    shift 4
    local upto=()
    for v in "$@"; do
        upto+=("$v")
        [ "$v" = "$vec" ] && break
        prev=$v
    done
    rc=0; "$bin" --quiet --seed "$seed" --stall "$stall" "$vec" >/dev/null 2>&1 || rc=$?
    if [ $rc -eq 1 ]; then echo "$vec"; return; fi
    if [ -n "$prev" ]; then
        rc=0; "$bin" --quiet --seed "$seed" --stall "$stall" "$prev" "$vec" >/dev/null 2>&1 || rc=$?
        if [ $rc -eq 1 ]; then echo "$prev $vec"; return; fi
    fi
    echo "${upto[*]}"
}

report() {
    local ids=() vecs=() id s rc log n=0 escaped=0
    local -A res=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do ids+=("$1"); shift; done
    [ $# -gt 0 ] || die "report: missing -- before the vector list"
    shift
    vecs=("$@")
    [ ${#ids[@]} -gt 0 ] || die "report: no bugs (tb/bugs/*.patch)"
    [ ${#vecs[@]} -gt 0 ] || die "report: no vectors"
    local build=${BUILD:-build} mutn=${MUT_N:-4} seed=${SEED:-1} stalls=${STALLS:-0 25}
    local doc=${DOC-docs/verification.md} out="$build/bugs"
    local table="$out/table.md"
    mkdir -p "$out"

    {
        echo "| bug | caught | stall 0% | stall 25% | first detection: cycle, signal | vector | reproduce |"
        echo "|---|---|---|---|---|---|---|"
    } >"$table"
    printf '%-32s %-6s %-9s %-9s %-7s %-22s %s\n' bug caught "stall 0%" "stall 25%" cycle signal vector
    for id in "${ids[@]}"; do
        local bin="$build/bugs/$id/stc_sim-n$mutn"
        [ -x "$bin" ] || die "$bin is missing (make bugs-build)"
        res=()
        local first="" fstall=""
        for s in $stalls; do
            log="$out/$id.stall$s.log"
            rc=0
            "$bin" --quiet --seed "$seed" --stall "$s" "${vecs[@]}" >"$log" 2>&1 || rc=$?
            case $rc in
            0) res[$s]="no" ;;
            1)
                res[$s]="yes"
                if [ -z "$first" ]; then
                    first=$(first_failure "$log") || die "$id: runner exited 1 but no FAIL line in $log"
                    fstall=$s
                fi
                ;;
            *) tail -n 20 "$log" >&2; die "$id: runner exited $rc at stall $s% (log $log)" ;;
            esac
        done
        n=$((n + 1))
        local r0=${res[0]:-n/a} r25=${res[25]:-n/a} caught=yes vec="-" cyc="-" sig="-" repro="-"
        if [ -z "$first" ]; then
            caught=NO
            escaped=$((escaped + 1))
        else
            IFS=$'\t' read -r vec cyc sig <<<"$first"
            repro="\`make $bin && $bin --seed $seed --stall $fstall $(repro_vecs "$bin" "$seed" "$fstall" "$vec" "${vecs[@]}")\`"
        fi
        printf '%-32s %-6s %-9s %-9s %-7s %-22s %s\n' "$id" "$caught" "$r0" "$r25" "$cyc" "$sig" "$vec"
        printf '| %s | %s | %s | %s | %s, `%s` | `%s` | %s |\n' \
            "$id" "$caught" "$r0" "$r25" "$cyc" "$sig" "${vec##*/}" "$repro" >>"$table"
    done
    echo "bugs: $((n - escaped)) of $n caught (seed $seed, stalls: $stalls)"
    echo "" >>"$table"
    echo "$((n - escaped)) of $n bugs caught (N=$mutn, ${#vecs[@]} vectors, stall seed $seed, stalls: ${stalls// /% and }%)." >>"$table"

    if [ -n "$doc" ]; then
        scripts/mutate_doc.sh "$doc" bugs "$table"
        echo "bugs: table written to $doc"
    fi
    if [ $escaped -gt 0 ]; then
        echo "bugs: $escaped bug(s) ESCAPED the harness" >&2
        return 1
    fi
}

[ $# -ge 1 ] || die "usage: bugs.sh apply ID DIR | check ID... | report ID... -- VEC..."
cmd=$1
shift
case $cmd in
apply)
    [ $# -eq 2 ] || die "usage: bugs.sh apply ID DIR"
    apply_one "$1" "$2"
    ;;
check) check_all "$@" ;;
report) report "$@" ;;
*) die "unknown command '$cmd'" ;;
esac
