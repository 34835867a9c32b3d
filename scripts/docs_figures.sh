#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
#
# docs_figures.sh - the catalogue of the figures the README and docs quote,
# each computed from the output of the run that produces it.
#
#   scripts/docs_figures.sh NAME    prints figure NAME (exit 2 if its source
#                                   is missing, naming the run that makes it)
#   scripts/docs_figures.sh --list  NAME and source of every figure
#
# The documents mark each figure: inline as <!--fig:NAME-->TEXT<!--/fig-->,
# a block as a line <!--fig:NAME:begin-->, the text, a line
# <!--fig:NAME:end-->. scripts/docs_sync.py checks them (make docs-check,
# in CI after the runs) or rewrites them (make docs). Environment: BUILD
# (default build).
set -euo pipefail
build=${BUILD:-build}

# Every figure: NAME<TAB>source<TAB>the make target that writes the source.
catalogue() {
    cat <<EOF2
sim.sample	$build/sim-n16/suite.txt	make sim
sim.mismatch	$build/bugs/01-swapped-mux/singles.log	make bugs
sim.runs16	$build/sim-n16/runs.txt	make sim
perf.cpu	docs/performance.md	make bench
perf.instr	docs/performance.md	make bench
report.sp24_saved	docs/report/summary.csv	make report
accuracy.mlp_sp24	docs/accuracy/summary.csv	make accuracy
accuracy.cnn_sp24	docs/accuracy/summary.csv	make accuracy
accuracy.mlp_sp24_speedup	docs/accuracy/summary.csv	make accuracy
accuracy.cnn_sp24_speedup	docs/accuracy/summary.csv	make accuracy
report.block_of_ideal	docs/report/summary.csv	make report
report.moe_hot10_step	docs/report/moe.csv	make report
report.moe_hot10_dropped	docs/report/moe.csv	make report
report.moe_uniform_bucket	docs/report/moe.csv	make report
report.act_dense90	docs/report/act.csv	make report
report.csr32_int8_be	docs/report/breakeven.csv	make report
report.area_2of4	docs/report/area.csv	make area
report.area_gating	docs/report/area.csv	make area
report.gather_fp32_90	docs/report/traffic.csv	make report
report.gather_fp32_90_coalesced	docs/report/traffic.csv	make report
bugs.count	tb/bugs	(the patches)
formal.asserts	rtl/stc_tile.v	(the STC_ASSERT block)
bugs.caught	$build/bugs/table.md	make bugs
bugs.table	$build/bugs/table.md	make bugs
mut.summary	docs/verification.md	make mutate
mut.total	docs/verification.md	make mutate
fcov.n4	$build/verify/fcov-ci/fcov.log	make cov-ci
fcov.n4.regression	$build/verify/fcov-ci/fcov-regression-only.txt	make cov-ci
fcov.n16	$build/verify/fcov-n16/fcov.log	make cov-n16
fcov.n16.regression	$build/verify/fcov-n16/fcov-regression-only.txt	make cov-n16
fcov.n4.group.GROUP	$build/verify/fcov-ci/fcov.txt	make cov-ci
fcov.n16.group.GROUP	$build/verify/fcov-n16/fcov.txt	make cov-n16
soak.n4	$build/verify/soak-n4.txt	make soak (SOAK_CYCLES=1000000)
soak.n16	$build/verify/soak-n16.txt	make soak SOAK_N=16 (SOAK_CYCLES=1000000)
xreset.summary	$build/verify/xreset/summary.txt	make xreset
debug.runner	$build/debug-test/out/runner.log	make debug-test
debug.sample	$build/debug-test/out/debug.log	make debug-test
vlcov.line	$build/cov/vlcov.txt	make cov
vlcov.branch	$build/cov/vlcov.txt	make cov
vlcov.toggle	$build/cov/vlcov.txt	make cov
EOF2
}

die() {
    echo "docs_figures.sh: $*" >&2
    exit 2
}

# need FILE TARGET: the source must exist.
need() { [ -e "$1" ] || die "$1 is missing: run $2 first"; }

# A summary.csv column of one configuration at one M.
report_col() { # CONFIG M COLUMN
    awk -F, -v c="$1" -v m="$2" -v col="$3" '
        NR == 1 { for (i = 1; i <= NF; i++) ix[$i] = i; next }
        $ix["config"] == c && $ix["m"] == m { print $ix[col]; exit }' docs/report/summary.csv
}

# A column of a CSV with a header, on the row whose first two columns are
# KEY1 and KEY2.
csv_col() { # FILE KEY1 KEY2 COLUMN
    awk -F, -v a="$2" -v b="$3" -v col="$4" '
        NR == 1 { for (i = 1; i <= NF; i++) ix[$i] = i; next }
        $1 == a && $2 == b { print $ix[col]; exit }' "$1"
}

# A column of the accuracy study's summary (network, pattern, training).
acc_col() { # NETWORK PATTERN TRAINING COLUMN
    awk -F, -v a="$1" -v b="$2" -v t="$3" -v col="$4" '
        NR == 1 { for (i = 1; i <= NF; i++) ix[$i] = i; next }
        $ix["network"] == a && $ix["pattern"] == b && $ix["training"] == t { print $ix[col]; exit }' \
        docs/accuracy/summary.csv
}

# "hit/total" from an stc_fcov summary line "... (234/234 bins) ...".
fcov_bins() { sed -n 's/^fcov: .*coverage [0-9.]*% (\([0-9]*\/[0-9]*\) bins).*/\1/p' "$1" | tail -n 1; }

figure() {
    local name=$1 src target
    # fcov.nN.group.G: one row of the catalogue, GROUP standing for G.
    local key=$name
    case $name in fcov.n4.group.* | fcov.n16.group.*) key=${name%.group.*}.group.GROUP ;; esac
    src=$(catalogue | awk -F'\t' -v n="$key" '$1 == n { print $2 }')
    target=$(catalogue | awk -F'\t' -v n="$key" '$1 == n { print $3 }')
    [ -n "$src" ] || die "no figure named '$name' (--list shows them)"
    need "$src" "$target"
    case $name in
    sim.sample)
        # The opening of the N=16 suite: the first single vector, the
        # singles total, the stall and stream runs, the fault space, the end.
        echo '```'
        grep -m 1 '^== singles: ' "$src"
        grep -m 1 '^\[ *1/[0-9]*\] ' "$src"
        echo '...'
        grep -m 1 '^cosim: ' "$src"
        grep -m 1 '^== singles-stall ' "$src"
        grep -m 1 '^== streams-b2b ' "$src"
        echo '...'
        grep -m 1 '^== faults ' "$src"
        echo '...'
        grep -m 1 '^== N=16: ' "$src"
        echo '```'
        ;;
    sim.mismatch)
        # The first failure of a deliberately swapped mux (bug 01), as the
        # runner printed it.
        echo '```'
        awk '/^MISMATCH / { on = 1 } on { print } on && /^  waveform: / { exit }' "$src"
        echo '```'
        ;;
    sim.runs16) wc -l <"$src" | tr -d ' ' ;;
    perf.cpu) sed -n 's/^Overhead of the model.*CPU time: +\([0-9.]*%\).*/\1/p' "$src" ;;
    perf.instr) sed -n 's/^In executed instructions.*: +\([0-9.]*%\)\.$/\1/p' "$src" ;;
    report.sp24_saved)
        awk -v c="$(report_col sp24 256 cycles)" -v d="$(report_col sp24 256 dense_cycles)" \
            'BEGIN { printf "%.1f%%\n", 100 * (1 - c / d) }'
        ;;
    report.block_of_ideal)
        # Block sparsity's speedup as a share of 1/(1-s), lowest to highest
        # over every block configuration and M (whole percent, truncated).
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) ix[$i] = i; next }
            $ix["class"] == "block" { v = $ix["speedup_of_ideal"]; if (!n++ || v < lo) lo = v; if (v > hi) hi = v }
            END { printf "%d-%d%%\n", int(100 * lo), int(100 * hi) }' "$src"
        ;;
    accuracy.mlp_sp24 | accuracy.cnn_sp24)
        # 2:4 fine-tuned against dense fine-tuned: mean drop over the seeds,
        # its 95% interval, and what the interval says.
        local nw=${name#accuracy.}
        nw=${nw%_sp24}
        printf '%s pp [%s, %s], %s\n' "$(acc_col "$nw" 2:4 fine-tuned mean_drop_pp)" \
            "$(acc_col "$nw" 2:4 fine-tuned drop_lo_pp)" "$(acc_col "$nw" 2:4 fine-tuned drop_hi_pp)" \
            "$(acc_col "$nw" 2:4 fine-tuned drop_is)"
        ;;
    accuracy.mlp_sp24_speedup | accuracy.cnn_sp24_speedup)
        local nw=${name#accuracy.}
        nw=${nw%_sp24_speedup}
        printf '%sx\n' "$(acc_col "$nw" 2:4 fine-tuned speedup_vs_dense)"
        ;;
    report.moe_hot10_step) printf '%.2fx\n' "$(csv_col "$src" hot10 group step_vs_ideal)" ;;
    report.moe_hot10_dropped) awk -v x="$(csv_col "$src" hot10 cap100 dropped_frac)" 'BEGIN { printf "%.1f%%\n", 100 * x }' ;;
    report.moe_uniform_bucket) printf '%.2fx\n' "$(csv_col "$src" uniform bucket step_vs_ideal)" ;;
    report.act_dense90)
        # act.csv: class, mode, a_zeros_req first; the dense run at 90%
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) ix[$i] = i; next }
            $1 == "dense" && $3 == 90 { printf "%.1f%%\n", 100 * $ix["e_vs_0"]; exit }' "$src"
        ;;
    report.area_2of4 | report.area_gating)
        local v=no-2of4
        [ "$name" = report.area_2of4 ] || v=no-gating
        awk -F, -v v="$v" '$1 == "full" { full = $5 } $1 == v { x = $5 }
            END { printf "%.1f%%\n", 100 * (full - x) / full }' "$src"
        ;;
    report.csr32_int8_be) printf '%s%%\n' "$(csv_col "$src" csr32 1 breakeven_pct)" ;;
    report.gather_fp32_90 | report.gather_fp32_90_coalesced)
        local f=gather
        [ "$name" = report.gather_fp32_90 ] || f=gather-coalesced
        awk -F, -v f="$f" '$1 == f && $2 == 4 && $3 == "90.00" { printf "%.1f%%\n", 100 * $15; exit }' "$src"
        ;;
    bugs.count) ls tb/bugs/*.patch | wc -l | tr -d ' ' ;;
    formal.asserts) grep -c '^ *assert (' "$src" ;;
    bugs.caught) sed -n 's/^\([0-9]* of [0-9]*\) bugs caught .*/\1/p' "$src" ;;
    bugs.table) cat "$src" ;;
    mut.summary)
        local killed eq nc score
        killed=$(sed -n '/<!-- mutate:begin -->/,/<!-- mutate:end -->/s/^| killed | \([0-9]*\) |$/\1/p' "$src" | head -n 1)
        eq=$(sed -n '/<!-- mutate:begin -->/,/<!-- mutate:end -->/s/^| survived, equivalent[^|]* | \([0-9]*\) |$/\1/p' "$src" | head -n 1)
        nc=$(sed -n '/<!-- mutate:begin -->/,/<!-- mutate:end -->/s/^| survived, not covered[^|]* | \([0-9]*\) |$/\1/p' "$src" | head -n 1)
        score=$(sed -n '/<!-- mutate:begin -->/,/<!-- mutate:end -->/s/^| \*\*mutation score\*\*.* | \*\*\([0-9.]*%\)\*\*.*/\1/p' "$src" | head -n 1)
        [ -n "$killed" ] && [ -n "$eq" ] && [ -n "$nc" ] && [ -n "$score" ] ||
            die "$src: the mutate table has no killed/equivalent/not covered/score rows"
        echo "$killed killed, $eq equivalent, $nc not covered: score $score"
        ;;
    mut.total)
        sed -n '/<!-- mutate:begin -->/,/<!-- mutate:end -->/s/^\([0-9]*\) mutants (Yosys .*/\1/p' "$src" | head -n 1
        ;;
    fcov.n4 | fcov.n16 | fcov.n4.regression | fcov.n16.regression) fcov_bins "$src" ;;
    fcov.n4.group.* | fcov.n16.group.*)
        awk -v g="${name#*.group.}" '$1 == g { print $2 "/" $3; found = 1 } END { exit !found }' "$src" ||
            die "$src has no group '${name#*.group.}'"
        ;;
    soak.*)
        # The deterministic part of the summary (cycles, vectors, classes,
        # stalls, resets); the time and rate vary with the machine.
        sed -n 's/^soak N=[0-9]* seed=[0-9]*: \(.*reset)\), .*/\1/p' "$src"
        ;;
    xreset.summary) sed -n 's/^xreset: \([0-9]* runs x [0-9]* vectors\) clean.*/\1/p' "$src" ;;
    debug.runner)
        echo '```'
        grep -m 1 '^MISMATCH ' "$src"
        grep -m 1 '^  first divergence: ' "$src"
        grep -m 1 '^  reproduce: ' "$src"
        echo '```'
        ;;
    debug.sample)
        echo '```'
        cat "$src"
        echo '```'
        ;;
    vlcov.*)
        # "hit/points (percent)" of one Verilator coverage type.
        awk -v t="${name#vlcov.}" '$1 == t { printf "%d/%d (%s)\n", $2, $4, $7 }' "$src"
        ;;
    *) die "no rule for figure '$name'" ;;
    esac
}

case ${1:-} in
--list) catalogue | awk -F'\t' '{ printf "%-30s %-50s %s\n", $1, $2, $3 }' ;;
"" | -*) die "usage: docs_figures.sh NAME | --list" ;;
*)
    out=$(figure "$1")
    [ -n "$out" ] || die "figure '$1' came out empty: its source changed format"
    printf '%s\n' "$out"
    ;;
esac
