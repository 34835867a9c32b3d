#!/usr/bin/env python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
#
# docs_sync.py - keeps the figures of the README and docs equal to the runs
# that produce them (scripts/docs_figures.sh is the catalogue).
#
#   scripts/docs_sync.py --check FILE...   exit 1 naming every figure whose
#                                          text differs from its run's
#   scripts/docs_sync.py --write FILE...   rewrite them (atomically)
#   --only NAME[,NAME...] before the files: only those figures (what a run
#   that produces one figure uses to write it, e.g. make bugs)
#
# Marks: inline <!--fig:NAME-->TEXT<!--/fig-->; a block is a line
# <!--fig:NAME:begin-->, its text, and a line <!--fig:NAME:end-->.
# Exit: 0 all figures agree (or were written), 1 a figure differs, 2 a
# source is missing or a mark is malformed.
import difflib
import os
import re
import subprocess
import sys

INLINE = re.compile(r"<!--fig:([a-z0-9_.]+)-->(.*?)<!--/fig-->", re.S)
BLOCK = re.compile(r"^<!-- ?fig:([a-z0-9_.]+):begin ?-->\n(.*?)^<!-- ?fig:\1:end ?-->$", re.S | re.M)
HERE = os.path.dirname(os.path.abspath(__file__))


def figure(name, cache):
    if name not in cache:
        r = subprocess.run([os.path.join(HERE, "docs_figures.sh"), name],
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stderr)
            raise SystemExit(2)
        cache[name] = r.stdout
    return cache[name]


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


def sync(path, write, cache, only):
    """Returns the number of figures that differ (or were rewritten)."""
    try:
        text = open(path, encoding="utf-8").read()
    except OSError as e:
        sys.stderr.write(f"docs_sync: {path}: {e.strerror}\n")
        raise SystemExit(2)
    differ = 0
    out, last = [], 0
    spans = [(m, True) for m in BLOCK.finditer(text)] + [(m, False) for m in INLINE.finditer(text)]
    spans.sort(key=lambda s: s[0].start())
    for m, block in spans:
        if m.start() < last:
            continue  # an inline mark inside a block is part of its text
        name, have = m.group(1), m.group(2)
        if only and name not in only:
            continue
        want = figure(name, cache)
        if not block:
            want = want.rstrip("\n")
            if "\n" in want:
                sys.stderr.write(f"docs_sync: {path}:{line_of(text, m.start())}: "
                                 f"figure {name} is a block: mark it with :begin/:end\n")
                raise SystemExit(2)
        if have != want:
            differ += 1
            if not write and block:
                sys.stderr.write(f"{path}:{line_of(text, m.start())}: figure {name} differs "
                                 "from its run:\n")
                sys.stderr.writelines(difflib.unified_diff(
                    have.splitlines(True), want.splitlines(True), "document", "run", n=1))
            elif not write:
                sys.stderr.write(f"{path}:{line_of(text, m.start())}: figure {name} says "
                                 f"'{have}', its run says '{want}'\n")
        start = m.start(2)
        out.append(text[last:start])
        out.append(want)
        last = m.end(2)
    out.append(text[last:])
    stray = re.search(r"<!-- ?/?fig[:>]", INLINE.sub("", BLOCK.sub("", text)))
    if stray:
        sys.stderr.write(f"docs_sync: {path}:{line_of(text, stray.start())}: a figure mark "
                         "without its partner\n")
        raise SystemExit(2)
    if write and differ:
        tmp = f"{path}.tmp.{os.getpid()}"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write("".join(out))
        os.replace(tmp, path)
    return differ


def main(argv):
    if len(argv) < 3 or argv[1] not in ("--check", "--write"):
        sys.stderr.write("usage: docs_sync.py --check|--write FILE...\n")
        return 2
    write = argv[1] == "--write"
    files, only = argv[2:], set()
    if len(files) >= 2 and files[0] == "--only":
        only = set(files[1].split(","))
        files = files[2:]
    if not files:
        sys.stderr.write("usage: docs_sync.py --check|--write [--only NAMES] FILE...\n")
        return 2
    cache, differ, marks = {}, 0, 0
    for path in files:
        differ += sync(path, write, cache, only)
    marks = len(cache)
    if write:
        print(f"docs: {differ} figure(s) rewritten, {marks} figure(s) from their runs")
        return 0
    if differ:
        print(f"docs-check: {differ} figure(s) differ from the runs that produce them "
              "(make docs rewrites them)", file=sys.stderr)
        return 1
    print(f"docs-check: {marks} figures in {len(files)} documents agree with their runs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
