#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# sim_merge.sh - merges the output directories of the k shards of one
# suite (scripts/sim_suite.sh with SHARD=1/k .. k/k, same N, SEED and
# options) into what one unsharded run writes: the per-run files, the
# printed lines in canonical order (OUTDIR/suite.txt), runs.txt, the
# merged JUnit (suite.xml), first-failure.args, and the verdict as exit
# code. Paths under a shard's directory (the generated vectors, the
# waveforms) are rewritten to OUTDIR's, so that a merge into the directory
# an unsharded run would use is byte for byte that run's output (JUnit and
# log timings aside).
#
#   scripts/sim_merge.sh OUTDIR SHARDDIR...
#
# Exit: 0 all pass, 1 a mismatch, 2 bad input (a shard missing or twice,
# shards of different suites, a run without a verdict) or set-up.
set -euo pipefail

die() { echo "sim_merge.sh: $*" >&2; exit 2; }
[ $# -ge 2 ] || die "usage: sim_merge.sh OUTDIR SHARDDIR..."
out=$1
shift
shards=("$@")

# field FILE KEY: the value of "KEY value" in a shard.txt.
field() { sed -n "s/^$2 //p" "$1"; }

# shellcheck source=scripts/shard_lib.sh
. "$(dirname "$0")/shard_lib.sh"
declare -A dir_of=()
slices=()
for d in "${shards[@]}"; do
    { [ -f "$d/shard.txt" ] && [ -f "$d/plan.txt" ]; } ||
        die "$d: not a suite output directory (no shard.txt/plan.txt: run make sim, or SHARD=i/k, into it)"
    [ "$(realpath -m "$d")" != "$(realpath -m "$out")" ] || die "$d: the output directory cannot be a shard"
    [ "$(field "$d/shard.txt" first_failure)" != 1 ] || die "$d: run with FIRST_FAILURE=1, not mergeable"
    cmp -s "$d/plan.txt" "${shards[0]}/plan.txt" ||
        die "$d and ${shards[0]} ran different suites (plan.txt differs: N, vectors or options)"
    slices+=("$d:$(field "$d/shard.txt" shard)")
done
shard_set "${slices[@]}"
n=$(field "${shards[0]}/shard.txt" n)
[[ $n =~ ^[0-9]+$ ]] || die "${shards[0]}/shard.txt names no array size"

# Which shard ran which run: exactly one.
mapfile -t labels < <(cut -d' ' -f1 "${shards[0]}/plan.txt")
for label in "${labels[@]}"; do
    for d in "${shards[@]}"; do
        [ -f "$d/parts/$label.rc" ] || continue
        [ -z "${dir_of[$label]:-}" ] || die "run $label is in both ${dir_of[$label]} and $d"
        dir_of[$label]=$d
    done
    [ -n "${dir_of[$label]:-}" ] || die "run $label has no verdict in any shard (a shard failed to run?)"
done

# rewrite FROM TO <IN >OUT: every FROM replaced by TO, literally.
rewrite() {
    awk -v a="$1" -v b="$2" '{
        s = $0; r = ""
        while ((i = index(s, a)) > 0) { r = r substr(s, 1, i - 1) b; s = substr(s, i + length(a)) }
        print r s
    }'
}
# copy SRC DST FROM: a text file with its shard's paths made OUTDIR's.
copy() { rewrite "$3/" "$out/" <"$1" >"$2"; }

rm -rf "$out"
mkdir -p "$out/parts" "$out/junit" "$out/gen" || die "cannot create $out"
first_dir=${shards[0]}
first_out=$(field "$first_dir/shard.txt" outdir)
# The generated vectors: every shard writes them all, the same bytes.
cp -p "$first_dir"/gen/* "$out/gen/" 2>/dev/null || true
cp "$first_dir/plan.txt" "$out/plan.txt"
[ ! -f "$first_dir/parts/preamble.out" ] || copy "$first_dir/parts/preamble.out" "$out/parts/preamble.out" "$first_out"
for label in "${labels[@]}"; do
    d=${dir_of[$label]}
    from=$(field "$d/shard.txt" outdir)
    for f in "$d/parts/$label".*; do copy "$f" "$out/parts/${f##*/}" "$from"; done
    for f in "$d/$label.log" "$d/$label.csv"; do [ ! -f "$f" ] || copy "$f" "$out/${f##*/}" "$from"; done
    [ ! -f "$d/junit/$label.xml" ] || copy "$d/junit/$label.xml" "$out/junit/$label.xml" "$from"
    if [ -d "$d/waves" ]; then
        mkdir -p "$out/waves"
        for f in "$d/waves/$label"-*; do [ ! -e "$f" ] || cp -p "$f" "$out/waves/"; done
    fi
done
printf 'shard 1/1\noutdir %s\nfirst_failure 0\nn %s\nmerged %s\n' "$out" "$n" "${shards[*]}" >"$out/shard.txt"

exec > >(tee "$out/suite.txt")
# shellcheck source=scripts/sim_lib.sh
. "$(dirname "$0")/sim_lib.sh"
set +e
[ ! -f "$out/parts/preamble.out" ] || cat "$out/parts/preamble.out"
for label in "${labels[@]}"; do
    render_run "$label" 0 merge || die "cannot render run $label"
done
render_finish ""
