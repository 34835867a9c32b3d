#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# fuzz.sh - AFL++ on the fuzz harness, or a replay of corpus and findings.
#
# usage: scripts/fuzz.sh fuzz|replay HARNESS OUTDIR SECONDS TARGET...
#   fuzz    afl-fuzz for SECONDS per target (read, vecgen, vecdump), seed
#           corpus tb/fuzz/corpus/TARGET, findings in OUTDIR/TARGET; fails on
#           any crash or hang (they include sanitizer reports and the
#           harness's contract aborts) and prints execs and time per target;
#           JOBS targets at once (default 1; afl-fuzz is single-threaded),
#           printed in the given order
#   replay  runs HARNESS (a plain ASan build) on every corpus file and every
#           finding under OUTDIR; fails on a crash, a sanitizer report, or an
#           exit status other than 0
# Exit: 0 clean, 1 crash/hang/report, 2 set-up error.
set -euo pipefail

die() { echo "fuzz.sh: $*" >&2; exit 2; }
# shellcheck source=scripts/campaign_lib.sh
. "$(dirname "$0")/campaign_lib.sh"

if [ $# -lt 5 ]; then
    sed -n '4,16p' "$0" >&2
    exit 2
fi
mode=$1 harness=$2 out=$3 seconds=$4
shift 4
corpus=tb/fuzz/corpus
[ -x "$harness" ] || { echo "fuzz.sh: no harness $harness" >&2; exit 2; }
mkdir -p "$out"
good_src=vectors/regression/sp24-n4-2of4-m2-k16-s1.vec
bad_src=tb/bad_vectors/illegal-nibble.vec

# The tools run in a sandbox holding good.vec and bad.vec (the harness
# drops any argument with a '/').
make_sandbox() {
    local box
    box=$(mktemp -d "${TMPDIR:-/tmp}/stc-fuzz-box.XXXXXX")
    cp "$good_src" "$box/good.vec"
    cp "$bad_src" "$box/bad.vec"
    echo "$box"
}

stat_of() { # file key
    sed -n "s/^$2 *: *//p" "$1" | head -n 1
}

fuzz_one() {
    local t=$1 box dir
    dir=$out/$t
    box=$(make_sandbox)
    rm -rf "$dir"
    echo "== afl-fuzz $t: ${seconds}s, corpus $corpus/$t ($(find "$corpus/$t" -type f | wc -l) files)"
    # -t: a large vecgen output plus fsync can take a while on a busy machine.
    if ! AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 \
        AFL_NO_AFFINITY=1 AFL_SKIP_CRASHES=0 AFL_QUIET=1 STC_FUZZ_SANDBOX="$box" \
        afl-fuzz -V "$seconds" -t 5000 -m none -i "$corpus/$t" -o "$dir" \
        -- "$harness" "$t" @@ >"$out/$t.log" 2>&1; then
        echo "fuzz.sh: afl-fuzz failed for $t (log $out/$t.log):" >&2
        tail -n 25 "$out/$t.log" >&2
        rm -rf "$box"
        return 2
    fi
    rm -rf "$box"
    local st=$dir/default/fuzzer_stats
    [ -f "$st" ] || { echo "fuzz.sh: no $st" >&2; return 2; }
    local execs crashes hangs rt paths
    execs=$(stat_of "$st" execs_done)
    crashes=$(stat_of "$st" saved_crashes)
    crashes=${crashes:-$(stat_of "$st" unique_crashes)}
    hangs=$(stat_of "$st" saved_hangs)
    hangs=${hangs:-$(stat_of "$st" unique_hangs)}
    rt=$(stat_of "$st" run_time)
    paths=$(stat_of "$st" corpus_count)
    printf 'fuzz %-8s %6ss %10s execs %5s corpus %3s crashes %3s hangs\n' \
        "$t" "$rt" "$execs" "$paths" "$crashes" "$hangs" | tee "$out/$t.summary"
    if [ "${crashes:-1}" != 0 ] || [ "${hangs:-1}" != 0 ]; then
        echo "fuzz.sh: $t: findings in $dir/default/crashes and hangs" >&2
        ls "$dir"/default/crashes "$dir"/default/hangs >&2 || true
        return 1
    fi
}

replay_one() {
    local t=$1 box n=0 bad=0 f rc
    box=$(make_sandbox)
    shopt -s nullglob
    for f in "$corpus/$t"/* "$out/$t"/default/crashes/id* "$out/$t"/default/hangs/id* \
        "$out/$t"/default/queue/id*; do
        n=$((n + 1))
        rc=0
        STC_FUZZ_SANDBOX="$box" ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 \
            UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
            timeout 20 "$harness" "$t" "$(realpath "$f")" >/dev/null 2>"$out/replay.err" || rc=$?
        if [ "$rc" -ne 0 ]; then
            echo "REPLAY FAIL $t $f (exit $rc):" >&2
            tail -n 15 "$out/replay.err" >&2
            bad=$((bad + 1))
        fi
    done
    rm -rf "$box"
    echo "replay $t: $n inputs, $bad failures"
    [ "$bad" -eq 0 ]
}

status=0
case "$mode" in
fuzz)
    command -v afl-fuzz >/dev/null || { echo "fuzz.sh: afl-fuzz not installed" >&2; exit 2; }
    rm -f "$out/summary.txt"
    parse_jobs targets
    task() { fuzz_one "$1"; }
    task_done() { # target, its status (empty: lost, a set-up error): the worst wins
        if [ -z "$2" ]; then status=2; elif [ "$2" -gt "$status" ]; then status=$2; fi
    }
    run_in_order "$out" "$jobs" "$@"
    for t in "$@"; do
        cat "$out/$t.summary" >>"$out/summary.txt" 2>/dev/null || status=2
    done
    ;;
replay)
    for t in "$@"; do replay_one "$t" || status=1; done
    ;;
*)
    echo "fuzz.sh: unknown mode $mode" >&2
    exit 2
    ;;
esac
exit "$status"
