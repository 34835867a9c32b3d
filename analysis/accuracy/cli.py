# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The command line: generate the accuracy report, or check a committed one.

    run.py [--out DIR] [--md FILE] [--quick] [--check DIR] [--runner PATH]
           [--work DIR] [--keep]

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

PACKAGES = ("numpy", "sklearn", "matplotlib")
APT = "apt-get install -y python3-numpy python3-sklearn python3-matplotlib python3-pytest"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="analysis/accuracy/run.py",
        description="Train a small ReLU MLP on digits, prune it (dense, 2:4, block, "
                    "unstructured, 2:4 + block; one-shot and fine-tuned), quantize it to "
                    "INT8 and run every layer on the verified tile through the lockstep "
                    "runner; write the accuracy CSV, plot and page.",
        epilog="exit: 0 ok, 1 the tile differed from the reference or --check found a "
               "difference, 2 set-up or bad input")
    p.add_argument("--out", default=None,
                   help="output directory (default docs/accuracy, with --quick "
                        "docs/accuracy/quick)")
    p.add_argument("--md", default=None,
                   help="the page (default OUT/accuracy.md; make accuracy writes "
                        "docs/accuracy.md)")
    p.add_argument("--quick", action="store_true",
                   help="the CI subset: patterns dense and 2:4, the first 64 test images")
    p.add_argument("--check", metavar="DIR", default=None,
                   help="regenerate into a temporary directory and compare byte for byte "
                        "with DIR's files (and --md's page); exit 1 naming a difference")
    p.add_argument("--runner", default="build/stc_sim-n16",
                   help="the lockstep runner of the N = 16 tile (default %(default)s)")
    p.add_argument("--work", default="build/accuracy/work",
                   help="where streams and vectors are written (default %(default)s)")
    p.add_argument("--keep", action="store_true",
                   help="keep every stream and vector under --work")
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


def output_names(out_dir: str, md: str) -> List[str]:
    """The files one run writes."""
    return [os.path.join(out_dir, n) for n in
            ("accuracy.csv", "accuracy_vs_cycles.png", "accuracy_vs_cycles.svg")] + [md]


def generate(out_dir: str, md: str, link_dir: str, link_md: str, quick: bool, runner: str,
             work: str, keep: bool) -> int:
    """Run the experiment; write the CSV, the figures into ``out_dir`` and
    the page to ``md``. Links in the page are relative from ``link_md`` to
    ``link_dir`` (the committed locations, also when writing elsewhere).
    Returns EXIT_OK or EXIT_MISMATCH."""
    from . import config, dataset, energy, pipeline, plot, report, table
    from .runner import check_runner
    from .vecfile import write_atomic

    check_runner(runner)
    et = energy.load_table()
    split = dataset.load_split()
    if quick:
        pats = [config.pattern_by_slug(s) for s in config.QUICK_SLUGS]
        m = config.QUICK_M
    else:
        pats = list(config.PATTERNS)
        m = split.y_test.size
    patterns = [p for p in pats if p is not None]
    if m > config.M_MAX:
        raise ValueError("%d test images exceed M_MAX = %d" % (m, config.M_MAX))
    t0 = time.time()
    models = pipeline.train_models(split, patterns, config.TILE_N)
    print("accuracy: trained %d networks in %.1f s" % (len(models), time.time() - t0), flush=True)
    os.makedirs(work, exist_ok=True)
    outcomes = []
    for p in patterns:
        for tr in config.TRAININGS:
            t1 = time.time()
            o = pipeline.evaluate(models[(p.slug, tr)], p, tr, split, m, config.TILE_N, runner,
                                  work, et, keep)
            outcomes.append(o)
            tile = "FAIL" if o.correct_tile is None else "%d" % o.correct_tile
            print("accuracy: %-18s %-10s float %3d int8 %3d tile %4s of %d  cycles %7d  "
                  "%.1f s" % (p.name, tr, o.correct_float, o.correct_int8, tile, m,
                              o.counters.get("cycles", 0), time.time() - t1), flush=True)
            if o.failure:
                print("accuracy: %s %s: the tile differs from the reference:\n%s"
                      % (p.name, tr, o.failure), file=sys.stderr, flush=True)
    rows = table.derive(outcomes)
    os.makedirs(out_dir, exist_ok=True)
    md_dir = os.path.dirname(md) or "."
    os.makedirs(md_dir, exist_ok=True)
    rel = os.path.relpath(link_dir, os.path.dirname(link_md) or ".")
    rel = "" if rel == "." else rel.replace(os.sep, "/") + "/"
    write_atomic(os.path.join(out_dir, "accuracy.csv"), table.csv_text(rows))
    title = "Digits MLP %s on the verified tile: accuracy against cycles and energy%s" % (
        "-".join(str(x) for x in config.WIDTHS), " (quick subset)" if quick else "")
    plot.plot(rows, out_dir, title)
    page = report.markdown(rows, quick, rel + "accuracy_vs_cycles.png", rel + "accuracy.csv", et,
                           sum(o.streams for o in outcomes), sum(o.commands for o in outcomes))
    write_atomic(md, page)
    print("accuracy: wrote %s in %.1f s" % (", ".join(output_names(out_dir, md)),
                                             time.time() - t0), flush=True)
    return EXIT_MISMATCH if any(o.correct_tile is None for o in outcomes) else EXIT_OK


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
    from .runner import SetupError

    out = a.check or a.out or ("docs/accuracy/quick" if a.quick else "docs/accuracy")
    md = a.md or os.path.join(out, "accuracy.md")
    try:
        if a.check is None:
            return generate(out, md, out, md, a.quick, a.runner, a.work, a.keep)
        os.makedirs(a.work, exist_ok=True)
        tmp = tempfile.mkdtemp(prefix="check-", dir=os.path.dirname(os.path.abspath(a.work)))
        try:
            fresh_md = os.path.join(tmp, "page", os.path.basename(md))
            rc = generate(os.path.join(tmp, "out"), fresh_md, out, md, a.quick, a.runner,
                          a.work, a.keep)
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
    except SetupError as e:
        print("accuracy: %s" % e, file=sys.stderr)
        return EXIT_SETUP
    except (OSError, ValueError) as e:
        print("accuracy: %s" % e, file=sys.stderr)
        return EXIT_SETUP
