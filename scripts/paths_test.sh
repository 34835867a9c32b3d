#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# paths_test.sh - paths with spaces, in every target that takes one, and a
# checkout whose own path has a space (Verilator's makefiles refuse to
# build there: build/ becomes a link to a directory without spaces).
# Nothing may land in the repository outside build/.
# Usage: scripts/paths_test.sh BUILD. Driven by `make paths-test`; uses the
# deliberately broken N=4 build of sim/debug/debug.mk (SIM_VARIANT=-bug).
set -u
build=${1:-build}
fail=0
ok() { echo "paths-test: ok   $*"; }
bad() {
    echo "paths-test: FAIL $*" >&2
    fail=1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dir="$tmp/my vectors"
mkdir -p "$dir"
good=vectors/regression/dense-n4-dense-m16-k32-s1.vec
broken=vectors/regression/sp24-n4-2of4-m16-k64-s1.vec
cp "$good" "$dir/a b.vec"
cp vectors/regression/dense-n4-dense-m1-k4-s1.vec "$dir/c d.vec"
cp "$broken" "$dir/it's broken.vec"
before=$(git status --porcelain --untracked-files=all)

# expect WANT LABEL MAKE-ARGS...: the verdict through make (scripts/verdict.sh).
expect() {
    local want=$1 label=$2 rc=0
    shift 2
    scripts/verdict.sh --no-print-directory -s BUILD="$build" SIM_DEBUG=0 "$@" >"$tmp/out.txt" 2>&1 || rc=$?
    if [ $rc -eq "$want" ]; then
        ok "$label: exit $rc"
    else
        bad "$label: exit $rc, want $want"
        tail -n 8 "$tmp/out.txt" >&2
    fi
}
expect 0 "make sim VEC='<dir>/a b.vec'" sim VEC="$dir/a b.vec"
grep -q "PASS $dir/a b.vec " "$tmp/out.txt" || bad "the spaced file did not run as one file"
expect 0 "make sim VEC='<dir with a space>'" sim VEC="$dir"
[ "$(grep -c "\] PASS " "$tmp/out.txt")" = 3 ] || bad "the directory did not run its three files"
rm "$dir/it's broken.vec"
expect 0 "make sim VEC='<dir>/*.vec' (a glob with a space)" sim VEC="$dir/*.vec"
cp "$broken" "$dir/it's broken.vec"
expect 0 "make sim VEC='F1 F2' (a list)" sim VEC="$good vectors/regression/dense-n4-dense-m1-k4-s1.vec"
expect 2 "make sim VEC=no/such.vec" sim VEC="no/such.vec"

# A failure in a spaced file: the reproduce line must run as pasted.
expect 1 "make sim VEC='<dir>/it'\''s broken.vec' on the broken RTL" sim VEC="$dir/it's broken.vec" SIM_VARIANT=-bug
repro=$(sed -n 's/^  reproduce: //p' "$tmp/out.txt" | head -n 1)
rc=0
eval "$repro" >/dev/null 2>&1 || rc=$?
[ $rc -eq 1 ] && ok "the reproduce line runs as pasted: $repro" || bad "reproduce line '$repro' exit $rc, want 1"
[ "$(tail -n 1 "$build/sim-vec/first-failure.args")" = "$dir/it's broken.vec" ] &&
    ok "first-failure.args names the file on one line" || bad "first-failure.args: $(tail -n 1 "$build/sim-vec/first-failure.args")"

# The single-file targets.
out="$tmp/debug out"
expect 0 "make wave VEC='<dir>/a b.vec'" wave VEC="$dir/a b.vec" DISPLAY=
[ -s "$build/wave/a b-s1-p0.fst" ] && grep -qF 'wave/a b-s1-p0.fst"' "$build/wave/a b-s1-p0.gtkw" ||
    bad "make wave: no FST, or no save file naming it, for the spaced vector"
rc=0
scripts/verdict.sh --no-print-directory -s BUILD="$build" sim-debug VEC="$dir/a b.vec" DBG_OUT="$out" >"$tmp/out.txt" 2>&1 || rc=$?
[ $rc -eq 0 ] && grep -q "PASS $dir/a b.vec" "$tmp/out.txt" && ok "make sim-debug VEC='<dir>/a b.vec' DBG_OUT='<dir with a space>'" ||
    bad "make sim-debug with spaced paths: exit $rc"
expect 0 "make sim-sc VEC='<dir>/a b.vec'" sim-sc VEC="$dir/a b.vec"

# BUILD with a space: refused at once, before anything is built.
rc=0
msg=$(make --no-print-directory BUILD="$tmp/my build" sim 2>&1) || rc=$?
[ $rc -eq 2 ] && grep -q "must not contain spaces" <<<"$msg" && [ ! -e "$tmp/my build" ] &&
    ok "BUILD='<path with a space>' refused: exit 2" || bad "BUILD with a space: exit $rc, '$msg'"

# A checkout in a path with a space: build/ is a link, Verilator builds,
# make clean removes both.
clone="$tmp/my checkout/stc"
mkdir -p "$tmp/my checkout"
git clone -q . "$clone" || bad "cannot clone into '$clone'"
rc=0
(cd "$clone" && scripts/verdict.sh --no-print-directory -s sim VEC=vectors/regression/dense-n4-dense-m1-k4-s1.vec SIM_DEBUG=0) \
    >"$tmp/out.txt" 2>&1 || rc=$?
if [ $rc -eq 0 ] && [ -L "$clone/build" ]; then
    ok "make sim in a checkout under '$tmp/my checkout': exit 0, build -> $(readlink "$clone/build")"
else
    bad "make sim in a checkout with a space in its path: exit $rc"
    tail -n 8 "$tmp/out.txt" >&2
fi
target=$(readlink "$clone/build")
(cd "$clone" && make -s clean >/dev/null) && [ ! -e "$clone/build" ] && [ ! -e "$target" ] &&
    ok "make clean removed the link and $target" || bad "make clean left $clone/build or $target"
[ -z "$(cd "$clone" && git status --porcelain --untracked-files=all)" ] || bad "stray files in the spaced checkout"

after=$(git status --porcelain --untracked-files=all)
[ "$before" = "$after" ] && ok "no stray file in the repository" || bad "the repository changed: $(diff <(echo "$before") <(echo "$after") | tail -n 3)"
exit $fail
