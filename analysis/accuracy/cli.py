# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The command line: generate the accuracy report, or check a committed one.

    run.py [--out DIR] [--md FILE] [--quick] [--check DIR] [--runner PATH]
           [--gemm PATH] [--work DIR] [--jobs J]

Exit codes: 0 ok; 1 the tile differed from the reference, or ``--check``
found a file that differs; 2 set-up or bad input (a missing runner, a
missing Python package, a runner that rejects a file, bad options).
"""
from __future__ import annotations

import argparse
import difflib
import filecmp
import os
import shutil
import sys
import tempfile
import time
from typing import List, Optional, Sequence

EXIT_OK, EXIT_MISMATCH, EXIT_SETUP = 0, 1, 2
#: Lines of unified diff --check prints for a differing text file.
DIFF_LINES = 20

PACKAGES = ("numpy", "matplotlib")
APT = ("apt-get install -y python3-numpy python3-matplotlib python3-pytest "
       "dataset-fashion-mnist")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="analysis/accuracy/run.py",
        description="Train an MLP and a CNN on Fashion-MNIST with several seeds, prune "
                    "them (dense, 2:4, block, unstructured, 2:4 + block; one-shot and "
                    "fine-tuned), quantize them to INT8, run every configuration on the "
                    "golden model (whole test set, stc_gemm) and in lockstep (a sample, or "
                    "the whole set); write the CSVs, the plot with 95%% intervals and the "
                    "page.",
        epilog="exit: 0 ok, 1 the tile differed from the reference or --check found a "
               "difference, 2 set-up or bad input")
    p.add_argument("--out", default=None,
                   help="output directory (default docs/accuracy, with --quick "
                        "docs/accuracy/quick)")
    p.add_argument("--md", default=None,
                   help="the page (default OUT/accuracy.md; make accuracy writes "
                        "docs/accuracy.md)")
    p.add_argument("--quick", action="store_true",
                   help="the CI subset: dense and 2:4, one seed, one epoch on 6,000 training "
                        "images, 500 test images")
    p.add_argument("--check", metavar="DIR", default=None,
                   help="regenerate into a temporary directory and compare byte for byte "
                        "with DIR's files (and --md's page); exit 1 naming a difference")
    p.add_argument("--runner", default="build/stc_sim-n16",
                   help="the lockstep runner of the N = 16 tile (default %(default)s)")
    p.add_argument("--gemm", default="build/stc_gemm",
                   help="the golden model alone on binary layer files (default %(default)s)")
    p.add_argument("--work", default="build/accuracy/work",
                   help="where layer files and streams are written, one directory per "
                        "configuration, removed when it passes (default %(default)s)")
    p.add_argument("--from-results", metavar="PKL", default=None,
                   help="write the files from a run's saved results (BUILD/accuracy/results.pkl "
                        "or results-quick.pkl) instead of running the study: for changes to "
                        "the page or the plot")
    p.add_argument("--jobs", type=int, default=None,
                   help="worker processes (default: JOBS from the environment, else 2)")
    return p


def _missing_packages() -> List[str]:
    import importlib

    missing = []
    for name in PACKAGES:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    return missing


CSV_NAMES = ("accuracy.csv", "summary.csv")


def output_names(out_dir: str, md: str) -> List[str]:
    """The files one run writes."""
    return [os.path.join(out_dir, n) for n in
            CSV_NAMES + ("accuracy_vs_cycles.png", "accuracy_vs_cycles.svg")] + [md]


def _run_or_load(quick: bool, runner: str, gemm: str, work: str, jobs: int,
                 saved: Optional[str]):
    """The study's plan and results: run (and saved beside ``work``, in
    results-quick.pkl or results.pkl, for --from-results), or read back
    from ``saved``."""
    import pickle

    from . import study
    from .runner import check_runner
    from .vecfile import write_atomic

    if saved is not None:
        with open(saved, "rb") as f:
            plan, res = pickle.load(f)
        if (plan.test_images < 10000) != quick:
            raise ValueError("%s: results of the %s study, not the %s one" % (
                saved, "quick" if not quick else "full", "quick" if quick else "full"))
        return plan, res
    check_runner(runner)
    check_runner(gemm)
    plan = study.quick_plan(jobs) if quick else study.full_plan(jobs)
    os.makedirs(work, exist_ok=True)
    res = study.run(plan, gemm, runner, work)
    write_atomic(os.path.join(os.path.dirname(os.path.abspath(work)),
                              "results-quick.pkl" if quick else "results.pkl"),
                 pickle.dumps((plan, res)))
    return plan, res


def generate(out_dir: str, md: str, link_dir: str, link_md: str, quick: bool, runner: str,
             gemm: str, work: str, jobs: int, saved: Optional[str] = None) -> int:
    """Run the study (or read its saved results); write the CSVs and the
    figures into ``out_dir`` and the page to ``md``. Links in the page are
    relative from ``link_md`` to ``link_dir`` (the committed locations,
    also when writing elsewhere). Returns EXIT_OK; a tile that differs
    raises TileMismatch."""
    from . import page, plot, results
    from .vecfile import write_atomic

    t0 = time.time()
    plan, res = _run_or_load(quick, runner, gemm, work, jobs, saved)
    rows = results.config_rows(res)
    summary = results.summary_rows(rows)
    os.makedirs(out_dir, exist_ok=True)
    os.makedirs(os.path.dirname(md) or ".", exist_ok=True)
    rel = os.path.relpath(link_dir, os.path.dirname(link_md) or ".")
    rel = "" if rel == "." else rel.replace(os.sep, "/") + "/"
    write_atomic(os.path.join(out_dir, "accuracy.csv"), results.csv_text(
        results.CONFIG_COLUMNS, [results.config_line(c) for c in rows]))
    write_atomic(os.path.join(out_dir, "summary.csv"), results.csv_text(
        results.SUMMARY_COLUMNS, [results.summary_line(x) for x in summary]))
    title = "Fashion-MNIST on the verified tile: top-1 against cycles per inference%s" % (
        " (quick subset)" if quick else "")
    plot.plot(summary, plan.networks, out_dir, title)
    write_atomic(md, page.markdown(plan, rows, summary, quick, rel + "accuracy_vs_cycles.png",
                                   [rel + n for n in CSV_NAMES]))
    print("accuracy: wrote %s in %.1f s" % (", ".join(output_names(out_dir, md)),
                                             time.time() - t0), flush=True)
    return EXIT_OK


def check(committed: Sequence[str], fresh: Sequence[str]) -> List[str]:
    """The committed files that are missing or differ from the fresh ones
    (for a text file, with the first lines of a unified diff)."""
    bad = []
    for c, f in zip(committed, fresh):
        if not os.path.isfile(c):
            bad.append("%s: missing (run make accuracy / make accuracy-quick)" % c)
        elif not filecmp.cmp(c, f, shallow=False):
            msg = "%s: differs from a fresh run" % c
            if c.endswith((".csv", ".md")):
                with open(c, encoding="utf-8", errors="replace") as fc, \
                        open(f, encoding="utf-8", errors="replace") as ff:
                    diff = list(difflib.unified_diff(fc.read().splitlines(),
                                                     ff.read().splitlines(), c, "fresh",
                                                     lineterm="", n=0))
                msg += "\n" + "\n".join(diff[:DIFF_LINES])
                if len(diff) > DIFF_LINES:
                    msg += "\n... (%d more diff lines)" % (len(diff) - DIFF_LINES)
            bad.append(msg)
    return bad


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point; returns the exit code."""
    a = _parser().parse_args(argv)
    missing = _missing_packages()
    if missing:
        print("accuracy: missing Python package(s) %s for %s: %s (Debian's packages; "
              "run with /usr/bin/python3)" % (", ".join(missing), sys.executable, APT),
              file=sys.stderr)
        return EXIT_SETUP
    from .dataset import DataError
    from .lockstep import TileMismatch
    from .runner import SetupError

    if a.jobs is None:
        from .study import default_jobs
        a.jobs = default_jobs()
    if a.jobs < 1:
        print("accuracy: --jobs %d: at least 1" % a.jobs, file=sys.stderr)
        return EXIT_SETUP
    out = a.check or a.out or ("docs/accuracy/quick" if a.quick else "docs/accuracy")
    md = a.md or os.path.join(out, "accuracy.md")
    try:
        if a.check is None:
            return generate(out, md, out, md, a.quick, a.runner, a.gemm, a.work, a.jobs,
                            a.from_results)
        os.makedirs(a.work, exist_ok=True)
        tmp = tempfile.mkdtemp(prefix="check-", dir=os.path.dirname(os.path.abspath(a.work)))
        try:
            fresh_md = os.path.join(tmp, "page", os.path.basename(md))
            rc = generate(os.path.join(tmp, "out"), fresh_md, out, md, a.quick, a.runner,
                          a.gemm, a.work, a.jobs, a.from_results)
            bad = check(output_names(out, md), output_names(os.path.join(tmp, "out"), fresh_md))
            for b in bad:
                print("accuracy --check: %s" % b, file=sys.stderr)
            if bad:
                keep_dir = os.path.join(os.path.dirname(os.path.abspath(a.work)), "check-failed")
                shutil.rmtree(keep_dir, ignore_errors=True)
                shutil.copytree(tmp, keep_dir)
                print("accuracy --check: the fresh files are kept in %s" % keep_dir,
                      file=sys.stderr)
                return EXIT_MISMATCH
            if rc == EXIT_OK:
                print("accuracy --check: %s match a fresh run" % ", ".join(output_names(out, md)))
            return rc
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    except TileMismatch as e:
        print("accuracy: the tile differs from the reference: %s" % e, file=sys.stderr)
        return EXIT_MISMATCH
    except SetupError as e:
        print("accuracy: %s" % e, file=sys.stderr)
        return EXIT_SETUP
    except (OSError, ValueError, DataError) as e:
        print("accuracy: %s" % e, file=sys.stderr)
        return EXIT_SETUP
