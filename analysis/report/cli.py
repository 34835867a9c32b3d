# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The command line of the report: ``python3 -m analysis.report COMMAND ...``.

What scripts/report.sh and scripts/report.mk run (every table, the page,
the plots, the check); each writes its output whole (a temporary name,
renamed) to ``-o FILE``, or to standard output without it.

    merge [--no-header] [-o OUT] CSV...       runs.csv from the per-run CSVs
    streams --dist DIST [-o OUT] LOG          a distribution's MoE stream cycles
    field CSV COLUMN                          a column of the first data line
    summary [-o OUT] RUNS                     summary.csv
    uarch [-o OUT] RUNS RUNS_DBUF             uarch.csv
    moe --experts E --tokens T --topk K --d D --plans P... --runs R...
        --streams S... [-o OUT]               moe.csv
    act [-o OUT] RUNS...                      act.csv (the classes in order)
    traffic [-o OUT] RUNS                     traffic_tile.csv
    sparseloop [-o OUT] RUNS                  sparseloop.csv
    render [--accuracy CSV] [-o OUT] DIR      report.md from DIR's CSVs
    plots [--out OUTDIR] DIR                  the PNG and SVG figures
    check --docs DOCS --quick DIR [--accuracy CSV]   make report-check's comparisons

Exit codes: 0 ok; 1 ``check`` found a difference; 2 bad or inconsistent
input (a missing column, a run that did not pass, an unreadable file).
"""
from __future__ import annotations

import argparse
import sys
from typing import List, Optional, Sequence

from .csvio import ReportError, lines_text, read_table, write_text

EXIT_OK, EXIT_STALE, EXIT_INPUT = 0, 1, 2


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python3 -m analysis.report",
                                description="The sparsity report's tables, page and plots.",
                                epilog="exit: 0 ok, 1 check found a difference, 2 bad input")
    sub = p.add_subparsers(dest="cmd", required=True, metavar="COMMAND")

    def cmd(name: str, help: str) -> argparse.ArgumentParser:
        s = sub.add_parser(name, help=help, description=help)
        return s

    def out(s: argparse.ArgumentParser) -> None:
        s.add_argument("-o", "--output", metavar="OUT", default=None,
                       help="write here (whole, or not at all) instead of standard output")

    s = cmd("merge", "runs.csv: the header once, then the first data line of each CSV, the "
                     "vector column reduced to a file name")
    s.add_argument("--no-header", action="store_true", help="the data lines only")
    out(s)
    s.add_argument("csv", nargs="+")
    s = cmd("streams", "dist,scheme,stream_cycles from the runner's log of a distribution's "
                       "streams (their PASS lines)")
    s.add_argument("--dist", required=True)
    out(s)
    s.add_argument("log")
    s = cmd("field", "print column COLUMN of the first data line of CSV")
    s.add_argument("csv")
    s.add_argument("column")
    for name, help in (("summary", "summary.csv from runs.csv"),
                       ("traffic", "traffic_tile.csv from runs.csv"),
                       ("sparseloop", "sparseloop.csv from runs.csv")):
        s = cmd(name, help)
        out(s)
        s.add_argument("runs")
    s = cmd("uarch", "uarch.csv from runs.csv and the dbuf runs' CSV")
    out(s)
    s.add_argument("runs")
    s.add_argument("runs_dbuf")
    s = cmd("moe", "moe.csv from stc_moegen's plans, the commands' runs and the streams' cycles")
    for a in ("experts", "tokens", "topk", "d"):
        s.add_argument("--" + a, type=float, required=True)
    for a in ("plans", "runs", "streams"):
        s.add_argument("--" + a, nargs="+", required=True, metavar="CSV")
    out(s)
    s = cmd("act", "act.csv from the activation-zeros runs of each class")
    out(s)
    s.add_argument("runs", nargs="+")
    s = cmd("render", "docs/report.md from a directory of the report's CSVs")
    s.add_argument("--accuracy", metavar="CSV", default=None,
                   help="docs/accuracy/accuracy.csv: the decision table's accuracy column")
    out(s)
    s.add_argument("dir")
    s = cmd("plots", "the figures (PNG and SVG) from a directory of the report's CSVs")
    s.add_argument("--out", metavar="OUTDIR", default=None, help="default: DIR")
    s.add_argument("dir")
    s = cmd("check", "make report-check's comparisons of the committed report with a quick sweep")
    s.add_argument("--docs", required=True, help="the docs directory (report.md, report/)")
    s.add_argument("--quick", required=True, help="the quick sweep's directory")
    s.add_argument("--accuracy", metavar="CSV", default=None)
    return p


def run(argv: Optional[Sequence[str]] = None) -> int:
    """Parse ARGV and run the command (ReportError propagates)."""
    a = _parser().parse_args(argv)
    lines: List[str]
    if a.cmd == "merge":
        from .runs import merge
        lines = merge(a.csv, header=not a.no_header)
    elif a.cmd == "streams":
        from .runs import stream_cycles
        lines = stream_cycles(a.dist, a.log)
    elif a.cmd == "field":
        from .runs import field
        print(field(a.csv, a.column))
        return EXIT_OK
    elif a.cmd == "summary":
        from .summary import summary
        lines = summary(read_table(a.runs))
    elif a.cmd == "traffic":
        from .traffic import traffic_tile
        lines = traffic_tile(read_table(a.runs))
    elif a.cmd == "sparseloop":
        from .sparseloop import sparseloop
        lines = sparseloop(read_table(a.runs))
    elif a.cmd == "uarch":
        from .uarch import uarch
        lines = uarch(read_table(a.runs), read_table(a.runs_dbuf))
    elif a.cmd == "moe":
        from .moe import moe
        lines = moe([read_table(p) for p in a.plans], [read_table(p) for p in a.runs],
                    [read_table(p) for p in a.streams], a.experts, a.tokens, a.topk, a.d)
    elif a.cmd == "act":
        from .act import act
        lines = act([read_table(p) for p in a.runs])
    elif a.cmd == "render":
        from .render import render
        write_text(a.output, render(a.dir, a.accuracy))
        return EXIT_OK
    elif a.cmd == "plots":
        from .plots import plot_all
        plot_all(a.dir, a.out or a.dir)
        return EXIT_OK
    else:  # check
        from .check import main as check_main
        return check_main(a.docs, a.quick, a.accuracy)
    write_text(a.output, lines_text(lines))
    return EXIT_OK


def main(argv: Optional[Sequence[str]] = None) -> int:
    """:func:`run` with errors reported as ``report: MESSAGE`` and exit 2."""
    try:
        return run(argv)
    except ReportError as e:
        print("report: %s" % e, file=sys.stderr)
        return EXIT_INPUT
    except ZeroDivisionError:
        print("report: division by zero: an input table lacks a run another one needs "
              "(a dense run, a 0% run, the balanced routing) or has an empty count",
              file=sys.stderr)
        return EXIT_INPUT
