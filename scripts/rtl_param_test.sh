#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# rtl_param_test.sh - the RTL's parameter checks stop elaboration in every
# tool the project uses (Verilator, Icarus, Yosys) on an illegal N, M_MAX,
# KB_MAX, WBUF or an overridden derived width, and let the legal corners
# through (docs/architecture.md sections 1 and 11). Run by `make lint`.
#
#   scripts/rtl_param_test.sh SRC...
# Exit 0 all as expected, 1 a check missing or a legal set refused, 2 set-up.
set -uo pipefail

VERILATOR=${VERILATOR:-verilator}
IVERILOG=${IVERILOG:-iverilog}
YOSYS=${YOSYS:-yosys}
TOP=stc_tile
[ $# -gt 0 ] || { echo "rtl_param_test.sh: no sources" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# name:N:M_MAX:KB_MAX[:MW[:WBUF]] (empty field: the default). Yosys's
# $fatal drops the message, so its refusal is recognised by "ERROR: FATAL"
# (the checks are the RTL's only $fatal).
LEGAL="n4:4:16:2 n16:16:16:64 n6:6:8:4 m-largest:4:65536:2 dbuf-n4:4:16:2::2 dbuf-n16:16:16:64::2"
ILLEGAL="n-odd:5:16:2 n-small:2:16:2 n-large:18:32:2 m-not-pow2:4:12:2 m-below-n:8:4:2 \
m-too-big:4:131072:2 kb-not-pow2:4:16:3 kb-small:4:16:1 kb-too-big:4:16:128 wbuf-0:4:16:2::0 \
wbuf-3:4:16:2::3 mw-overridden:4:16:2:5"

# One elaboration; prints nothing, returns the tool's status.
elab() { # tool N M_MAX KB_MAX MW WBUF
    local tool=$1 n=$2 m=$3 kb=$4 mw=$5 wbuf=$6 vl=() iv=() ys=""
    for kv in "N=$n" "M_MAX=$m" "KB_MAX=$kb" "MW=$mw" "WBUF=$wbuf"; do
        [ -n "${kv#*=}" ] || continue
        vl+=("-G$kv"); iv+=("-P$TOP.$kv"); ys="$ys -chparam ${kv%%=*} ${kv#*=}"
    done
    case $tool in
        verilator) "$VERILATOR" --lint-only -Wno-fatal -Werror-USERFATAL --top-module "$TOP" \
                       "${vl[@]}" "${SRCS[@]}" ;;
        iverilog) "$IVERILOG" -g2012 -s "$TOP" "${iv[@]}" -o "$tmp/a.vvp" "${SRCS[@]}" ;;
        yosys) "$YOSYS" -q -p "read_verilog ${SRCS[*]}; hierarchy -check -top $TOP$ys" ;;
    esac >"$tmp/log" 2>&1
}

SRCS=("$@")
fail=0
# Verilator (fast) runs every set: it checks the conditions. Icarus and
# Yosys run a legal and two illegal sets: they check that the mechanism
# (a $fatal, or for Icarus an unknown module, in a generate branch) stops
# them; Yosys takes 5-15 s per elaboration.
for tool in verilator iverilog yosys; do
    legal=$LEGAL illegal=$ILLEGAL
    if [ "$tool" != verilator ]; then
        legal=${LEGAL%% *}
        illegal="${ILLEGAL%% *} wbuf-3:4:16:2::3 ${ILLEGAL##* }"
    fi
    case $tool in verilator) exe=$VERILATOR ;; iverilog) exe=$IVERILOG ;; *) exe=$YOSYS ;; esac
    command -v "$exe" >/dev/null || { echo "rtl_param_test.sh: $exe not found" >&2; exit 2; }
    for spec in $legal; do
        IFS=: read -r name n m kb mw wbuf <<<"$spec"
        if ! elab "$tool" "$n" "$m" "$kb" "${mw:-}" "${wbuf:-}"; then
            echo "FAIL $tool refuses the legal set $name (N=$n M_MAX=$m KB_MAX=$kb):"; cat "$tmp/log"; fail=1
        fi
    done
    for spec in $illegal; do
        IFS=: read -r name n m kb mw wbuf <<<"$spec"
        if elab "$tool" "$n" "$m" "$kb" "${mw:-}" "${wbuf:-}"; then
            echo "FAIL $tool elaborates the illegal set $name (N=$n M_MAX=${m:-default} KB_MAX=${kb:-default} MW=${mw:-derived} WBUF=${wbuf:-1})"; fail=1
        elif ! grep -q -E "illegal_parameters|need (N|WBUF)|ERROR: FATAL" "$tmp/log"; then
            echo "FAIL $tool refuses $name, but not through the parameter check:"; cat "$tmp/log"; fail=1
        fi
    done
done
[ "$fail" = 0 ] && echo "rtl-param-test: OK ($(wc -w <<<"$LEGAL") legal parameter sets elaborate and $(wc -w <<<"$ILLEGAL") illegal ones stop in Verilator; Icarus and Yosys stop on the check too)"
exit "$fail"
