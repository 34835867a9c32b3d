#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# fuzz_tools_check.sh - hostile-input contract of the command-line tools:
#   1. every malformed vector (tb/bad_vectors, tb/fuzz/corpus/read/bad-*)
#      is rejected by stc_vecdump with exit 2 and one "FILE:LINE: message";
#   2. stc_vecgen with bad arguments exits 2 and leaves an existing good
#      output file byte-identical, with no temporary file left behind;
#   3. a write that cannot complete (read-only directory) also exits 2;
#   4. each RUNNER (stc_sim, stc_soak, stc_fcov builds) given hostile
#      arguments exits 2 with a message, never crashes or runs.
#
# usage: scripts/fuzz_tools_check.sh VECGEN VECDUMP WORKDIR [RUNNER...]
# Exit: 0 all contracts hold, 1 one is broken, 2 set-up error.
set -euo pipefail

if [ $# -lt 3 ]; then
    sed -n '4,14p' "$0" >&2
    exit 2
fi
vecgen=$1 vecdump=$2 work=$3
shift 3
for b in "$vecgen" "$vecdump"; do
    [ -x "$b" ] || { echo "fuzz_tools_check.sh: no tool $b" >&2; exit 2; }
done
rm -rf "$work"
mkdir -p "$work"
fail=0 n=0

# 1. malformed vectors: exit 2, message names the file and a line.
for f in tb/bad_vectors/*.vec tb/fuzz/corpus/read/bad-*.vec; do
    n=$((n + 1))
    rc=0
    "$vecdump" "$f" >/dev/null 2>"$work/err" || rc=$?
    msg=$(head -n 1 "$work/err")
    if [ "$rc" -ne 2 ]; then
        echo "FAIL: stc_vecdump $f exited $rc, want 2" >&2
        fail=1
    elif ! grep -qE "^$(printf '%s' "$f" | sed 's/[.[\*^$]/\\&/g'):[0-9]+: .+" <<<"$msg"; then
        echo "FAIL: stc_vecdump $f: message does not name FILE:LINE: $msg" >&2
        fail=1
    fi
done
rc=0
"$vecdump" "$work/does-not-exist.vec" >/dev/null 2>"$work/err" || rc=$?
if [ "$rc" -ne 2 ] || ! grep -q "^$work/does-not-exist.vec: " "$work/err"; then
    echo "FAIL: missing file: exit $rc, message $(cat "$work/err")" >&2
    fail=1
fi
echo "tools: $n malformed vectors and a missing file rejected with exit 2 and FILE:LINE messages"

# 2. vecgen over a good file with bad arguments.
good=$work/good.vec
"$vecgen" --class sp24 --n 4 --m 2 --k 16 --seed 1 -o "$good"
sum=$(sha256sum <"$good")
bad_args=(
    "--class bogus --n 4 --m 2 --k 16 --seed 1"
    "--class sp24 --n 5 --m 2 --k 16 --seed 1"
    "--class sp24 --n 4 --m 0 --k 16 --seed 1"
    "--class sp24 --n 4 --m 2000 --k 16 --seed 1"
    "--class sp24 --n 4 --m 2 --k 12 --seed 1"
    "--class sp24 --n 4 --m 2 --k 16 --seed -1"
    "--class sp24 --n 4 --m 2 --k 16 --seed 1 --sparsity 50"
    "--class sp24 --n 4 --m 2 --k 16 --seed 1 --mode dense"
    "--class corner-m1 --n 4 --m 2 --k 16 --seed 1"
    "--class corner-kmax --n 4 --m 2 --k 16 --seed 1"
    "--class corner-wrap --n 4 --m 2 --k 8 --seed 1 --mode dense --sparsity 3"
    "--class block --n 4 --m 2 --k 16 --seed 1 --sparsity 101"
    "--class sp24 --n 4 --m 2 --k 99999999999999999999 --seed 1"
    "--class sp24 --n 4 --m 2 --k 16 --seed 1 --bogus"
)
for a in "${bad_args[@]}"; do
    rc=0
    # shellcheck disable=SC2086
    "$vecgen" $a -o "$good" >/dev/null 2>"$work/err" || rc=$?
    if [ "$rc" -ne 2 ] || [ "$(sha256sum <"$good")" != "$sum" ] || ls "$work"/*.tmp.* >/dev/null 2>&1; then
        echo "FAIL: stc_vecgen $a -o good.vec: exit $rc, good.vec changed or temp left" >&2
        fail=1
    fi
done
echo "tools: stc_vecgen with ${#bad_args[@]} bad argument sets over good.vec checked (exit 2, file intact)"

# 3. output directory not writable (skipped as root, who can write anyway).
if [ "$(id -u)" -ne 0 ]; then
    mkdir -p "$work/ro" && cp "$good" "$work/ro/good.vec" && chmod a-w "$work/ro"
    rc=0
    "$vecgen" --class dense --n 4 --m 2 --k 8 --seed 2 -o "$work/ro/good.vec" 2>/dev/null || rc=$?
    chmod u+w "$work/ro"
    if [ "$rc" -ne 2 ] || [ "$(sha256sum <"$work/ro/good.vec")" != "$sum" ]; then
        echo "FAIL: write into a read-only directory: exit $rc or file changed" >&2
        fail=1
    fi
fi

# 4. runners with hostile arguments (each set is invalid for all of them).
n4=vectors/regression/dense-n4-dense-m1-k4-s1.vec
n16=vectors/regression/dense-n16-dense-m1-k16-s1.vec
runner_args=(
    "--stall 200 $n4"
    "--seed abc $n4"
    "--seed"
    "--seed 99999999999999999999999 $n4"
    "--reset-at 0 $n4"
    "--max-seconds -5 $n4"
    "--bogus 1 $n4"
    "$work/missing.vec"
    "tb/bad_vectors/truncated.vec"
    "tb/bad_vectors/illegal-nibble.vec"
    "$n16"
)
for r in "$@"; do
    [ -x "$r" ] || { echo "fuzz_tools_check.sh: no runner $r" >&2; exit 2; }
    for a in "${runner_args[@]}"; do
        rc=0
        # shellcheck disable=SC2086
        timeout 60 "$r" $a >/dev/null 2>"$work/err" || rc=$?
        if [ "$rc" -ne 2 ] || [ ! -s "$work/err" ]; then
            echo "FAIL: $r $a: exit $rc (want 2 and a message)" >&2
            head -n 5 "$work/err" >&2
            fail=1
        fi
    done
done
[ $# -eq 0 ] || echo "tools: $# runners x ${#runner_args[@]} hostile argument sets checked (exit 2 with a message)"

if [ "$fail" -ne 0 ]; then
    echo "tools check: FAILED" >&2
    exit 1
fi
echo "tools check: PASS"
