#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# vec_files.sh - the vector files a VEC= value names, one per line, for
# `make sim VEC=...`.
#
# VEC= is a list of files, directories (every *.vec in them, in name order)
# and globs, separated by spaces. A value that as a whole names an existing
# file or directory, or a glob that matches, is one item: that is how a
# path with spaces is given (VEC="my vectors/a b.vec").
# Exit 2, naming the item, when one names nothing.
set -u
if [ $# -ne 1 ] || [ -z "$1" ]; then
    echo "usage: $0 VEC-VALUE" >&2
    exit 2
fi
LC_ALL=C
export LC_ALL
shopt -s nullglob

# Prints the files of one item; returns 1 when it names none.
expand_item() {
    local item=$1 f found=1
    if [ -d "$item" ]; then
        for f in "${item%/}"/*.vec; do
            [ -f "$f" ] && printf '%s\n' "$f" && found=0
        done
        [ $found -eq 0 ] || echo "make sim: no *.vec files in directory '$item'" >&2
        return $found
    fi
    if [ -e "$item" ]; then
        printf '%s\n' "$item"
        return 0
    fi
    # A glob: the shell expands the unquoted pattern (sorted, C locale).
    for f in $item; do
        [ -f "$f" ] || continue
        printf '%s\n' "$f"
        found=0
    done
    [ $found -eq 0 ] || echo "make sim: no such vector file: '$item' (VEC= takes files, globs and directories)" >&2
    return $found
}

whole_matches() {
    local f
    [ -e "$1" ] && return 0
    for f in $1; do [ -e "$f" ] && return 0; done
    return 1
}

vec=$1
if [[ $vec == *[[:space:]]* ]] && IFS= whole_matches "$vec"; then
    IFS= expand_item "$vec" || exit 2
    exit 0
fi
status=0
read -r -a items <<<"$vec"
for item in "${items[@]}"; do
    expand_item "$item" || status=2
done
exit $status
