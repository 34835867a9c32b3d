#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# bugs.sh - hand-written RTL bugs (tb/bugs/NN-name.patch) against the
# lockstep harness. Driven by tb/mutate.mk (`make bugs`).
#
#   scripts/bugs.sh apply ID DIR      copy rtl/ and cmodel/ to DIR/ and apply
#                                     tb/bugs/ID.patch there (DIR/rtl/.applied)
#   scripts/bugs.sh apply-files DIR PATCH...
#                                     the same with patch files, in order
#                                     (tb/compare.mk: a retimed tile, with
#                                     a bug on top)
#   scripts/bugs.sh check ID...       patch --dry-run of every bug on rtl/
#   scripts/bugs.sh report ID...      run make sim's suite (sim/runner, what make sim
#                                     TESTS=all runs at N=$MUT_N: ICG and opt-in
#                                     runs included)
#                                     on $BUILD/bugs/ID/stc_sim-n$MUT_N[-icg];
#                                     print the table, write it into $DOC
#                                     between the bugs markers; exit 1 if a
#                                     bug escapes, 2 on a set-up error
#
# Environment (report): BUILD (build), MUT_N (4), SEED (1), VECGEN, VECDIR,
# DOC (docs/verification.md; empty: do not touch the doc).
#
# A bug is caught when the suite exits 1 (a per-cycle mismatch, a broken
# protocol/err/counter rule, a result mismatch or a hang); exit 0 is an
# escape; exit 2 (cannot run) is a set-up error, never counted as caught.
set -euo pipefail

die() { echo "bugs.sh: $*" >&2; exit 2; }

# apply_patches DIR PATCH...: a copy of rtl/ and cmodel/ in DIR with the
# patches applied in order, each of which must apply and change something.
apply_patches() {
    local dir=$1 patch
    shift
    rm -rf "$dir/rtl" "$dir/cmodel"
    mkdir -p "$dir/rtl" "$dir/cmodel"
    cp rtl/*.v "$dir/rtl/"
    # A shared bug (the model and the RTL misread the spec the same way)
    # patches cmodel/ too; tb/mutate.mk then builds that model for it.
    cp cmodel/*.[ch] "$dir/cmodel/"
    for patch in "$@"; do
        [ -f "$patch" ] || die "no such patch: $patch"
        local before
        before=$(cat "$dir"/rtl/*.v "$dir"/cmodel/*.[ch] | cksum)
        if ! patch -s -p1 -d "$dir" --no-backup-if-mismatch -r - <"$patch" >"$dir/patch.log" 2>&1; then
            cat "$dir/patch.log" >&2
            die "$patch does not apply to the current rtl/ and cmodel/ (update the patch)"
        fi
        # Every patch must change something (a patch that became empty or
        # applied to the wrong place would be a silent no-op bug).
        [ "$(cat "$dir"/rtl/*.v "$dir"/cmodel/*.[ch] | cksum)" != "$before" ] ||
            die "$patch applied but changed nothing"
    done
    touch "$dir/rtl/.applied"
}

check_all() {
    local id bad=0 tmp
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' RETURN
    for id in "$@"; do
        rm -rf "$tmp/rtl" "$tmp/cmodel" && mkdir -p "$tmp/rtl" "$tmp/cmodel" &&
            cp rtl/*.v "$tmp/rtl/" && cp cmodel/*.[ch] "$tmp/cmodel/"
        if patch --dry-run -s -p1 -d "$tmp" -r - <"tb/bugs/$id.patch" >/dev/null 2>&1; then
            echo "applies: $id"
        else
            echo "DOES NOT APPLY: $id" >&2
            bad=1
        fi
    done
    return $bad
}

report() {
    local ids=("$@") id rc log n=0 escaped=0
    [ ${#ids[@]} -gt 0 ] || die "report: no bugs (tb/bugs/*.patch)"
    local build=${BUILD:-build} mutn=${MUT_N:-4} seed=${SEED:-1} vecgen=${VECGEN:-build/stc_vecgen}
    local doc=${DOC-docs/verification.md} out="$build/bugs"
    local table="$out/table.md"
    mkdir -p "$out"

    {
        echo "| bug | caught | first caught by | first detection: cycle, signal or rule | file | reproduce |"
        echo "|---|---|---|---|---|---|"
    } >"$table"
    printf '%-30s %-6s %-14s %-8s %-34s %s\n' bug caught run cycle "signal or rule" file
    for id in "${ids[@]}"; do
        local bin="$build/bugs/$id/stc_sim-n$mutn" icg="$build/bugs/$id/stc_sim-n$mutn-icg"
        [ -x "$bin" ] || die "$bin is missing (make bugs-build)"
        [ -x "$icg" ] || icg=$bin
        log="$out/$id.log"
        rc=0
        sim/runner/stc_simrun suite --runner "$bin" --vecgen "$vecgen" --n "$mutn" --out "$out/$id" --icg "$icg" \
            --seed "$seed" --stall 0 --tests all --first-failure --regression-dir "${VECDIR:-vectors/regression}" \
            >"$log" 2>&1 || rc=$?
        n=$((n + 1))
        local caught=yes run="-" vec="-" cyc="-" sig="-" repro="-" line
        case $rc in
        0)
            caught=NO
            escaped=$((escaped + 1))
            ;;
        1)
            line=$(grep -m 1 '^first failure: ' "$log") ||
                die "$id: the suite exited 1 but named no failure (log $log)"
            read -r _ _ run vec <<<"$line"
            line=$(grep -A1 -m 1 '^first failure: ' "$log" | sed -n '2s/^  first divergence: cycle //p')
            cyc=${line%%,*}
            sig=${line#*, }
            [ -n "$line" ] || { cyc="-"; sig="(no divergence line)"; }
            repro=$(grep -A2 -m 1 '^first failure: ' "$log" | sed -n '3s/^  reproduce: //p')
            ;;
        *) tail -n 20 "$log" >&2; die "$id: the suite exited $rc (log $log)" ;;
        esac
        printf '%-30s %-6s %-14s %-8s %-34s %s\n' "$id" "$caught" "$run" "$cyc" "$sig" "${vec##*/}"
        printf '| %s | %s | %s | %s, `%s` | `%s` | `%s` |\n' \
            "$id" "$caught" "$run" "$cyc" "$sig" "${vec##*/}" "$repro" >>"$table"
    done
    echo "bugs: $((n - escaped)) of $n caught by the make sim suite (TESTS=all: N=$mutn, its ICG build and the hold run, seed $seed)"
    echo "" >>"$table"
    echo "$((n - escaped)) of $n bugs caught by the \`make sim\` suite alone (every run of sim/plan.yaml at N=$mutn: its ICG runs and the opt-in hold run, \`make sim TESTS=all\` as make test runs it; seed $seed)." >>"$table"

    if [ -n "$doc" ]; then
        BUILD="$build" scripts/docs_sync.py --write --only bugs.table "$doc"
        echo "bugs: table written to $doc"
    fi
    if [ $escaped -gt 0 ]; then
        echo "bugs: $escaped bug(s) ESCAPED the harness" >&2
        return 1
    fi
}

[ $# -ge 1 ] || die "usage: bugs.sh apply ID DIR | apply-files DIR PATCH... | check ID... | report ID... -- VEC..."
cmd=$1
shift
case $cmd in
apply)
    [ $# -eq 2 ] || die "usage: bugs.sh apply ID DIR"
    apply_patches "$2" "tb/bugs/$1.patch"
    ;;
apply-files)
    [ $# -ge 2 ] || die "usage: bugs.sh apply-files DIR PATCH..."
    apply_patches "$@"
    ;;
check) check_all "$@" ;;
report) report "$@" ;;
*) die "unknown command '$cmd'" ;;
esac
