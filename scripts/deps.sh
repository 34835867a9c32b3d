#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# deps.sh - check (and, as root, install) the Debian packages a target needs.
#
# usage: scripts/deps.sh GROUP...   groups: core sim wave report synth formal systemc fuzz cov bench html slurm accuracy all
# Installs what is missing with apt-get when run as root; otherwise prints
# the exact command to run and exits 2. Quiet when everything is present.
set -eu

pkgs_for() {
    case "$1" in
    core) echo "gcc g++ make pkg-config libcriterion-dev clang-format cppcheck python3-yaml python3-pytest locales" ;;
    sim) echo "verilator clang iverilog ccache" ;;
    wave) echo "gtkwave xvfb imagemagick" ;;
    report) echo "python3-matplotlib python3-numpy" ;;
    synth) echo "yosys" ;;
    formal) echo "yosys z3" ;;
    systemc) echo "libsystemc-dev" ;;
    fuzz) echo "afl++" ;;
    cov) echo "lcov" ;;
    bench) echo "hyperfine valgrind" ;;
    html) echo "chromium" ;;
    slurm) echo "slurm-wlm munge" ;;
    accuracy) echo "python3-numpy python3-matplotlib python3-pytest dataset-fashion-mnist" ;;
    all) for g in core sim wave report synth formal systemc fuzz cov bench html slurm accuracy; do pkgs_for "$g"; done ;;
    *) echo "deps.sh: unknown group '$1'" >&2; exit 2 ;;
    esac
}

want=""
for g in "${@:-core}"; do want="$want $(pkgs_for "$g")"; done

# One dpkg-query for all of them: make runs this check at every make sim,
# before the build and in front of each model, and a query per package
# cost about a second each time.
# shellcheck disable=SC2086
installed=" $(dpkg-query -W -f='${Package} ${Status}\n' $want 2>/dev/null |
    awk '$NF == "installed" && $(NF - 1) == "ok" { printf "%s ", $1 }')"
missing=""
for p in $want; do
    case "$installed" in
    *" $p "*) ;;
    *) missing="$missing $p" ;;
    esac
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
    echo "missing Debian packages:$missing" >&2
    echo "install them with:  sudo apt-get install -y$missing" >&2
    exit 2
fi
echo "deps.sh: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -q $missing >/tmp/stc-deps.log 2>&1; then
    apt-get update -q >>/tmp/stc-deps.log 2>&1 || true
    if ! apt-get install -y -q $missing >>/tmp/stc-deps.log 2>&1; then
        echo "deps.sh: apt-get install failed for:$missing (log: /tmp/stc-deps.log)" >&2
        tail -n 20 /tmp/stc-deps.log >&2
        exit 2
    fi
fi
