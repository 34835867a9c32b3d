#!/usr/bin/python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""make help, generated from the makefiles' `## ` comments.

  scripts/make_help.py MAKEFILE...            the help text
  scripts/make_help.py --check DOC... -- MAKEFILE...
      exit 1 naming every `make TARGET` a document names that make help
      does not list or that no makefile defines (make test's help-check)

The comments (docs/targets.md):
  ##@ Section                      entries below belong to Section (sections
                                   print in the order they first appear)
  target: prereqs ## text          the target, described
  ## target ARGS: text             a usage line of a target (ARGS optional)
  ##    more text                  (3+ spaces) continues the entry above
Exit: 0, 1 (check failed), 2 (bad use)."""

from __future__ import annotations

import re
import sys
import textwrap

RULE = re.compile(r"^([a-z][\w.-]*)\s*:(?!=)[^#]*##\s+(.*)$")
USAGE = re.compile(r"^## ([a-z][\w.-]*)((?: [^:]*)?): (.*)$")
MORE = re.compile(r"^##   +(.*)$")
SECTION = re.compile(r"^##@ (.*)$")
DEFINED = re.compile(r"^([a-z][\w.-]*(?: [a-z][\w.-]*)*)\s*:(?!=)")


def parse(files: list[str]) -> tuple[list[str], dict[str, list[tuple[str, str]]], set[str]]:
    order: list[str] = []
    entries: dict[str, list[tuple[str, str]]] = {}
    defined: set[str] = set()
    section = "Targets"
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
        except OSError as e:
            raise SystemExit(f"make_help: {path}: {e.strerror}")
        last: list[str] | None = None
        for line in lines:
            m = DEFINED.match(line)
            if m and not line.startswith(("\t", "#")):
                defined.update(m.group(1).split())
            if m := SECTION.match(line):
                section = m.group(1).strip()
                if section not in entries:
                    order.append(section)
                    entries[section] = []
                last = None
                continue
            usage = text = None
            if m := USAGE.match(line):
                usage, text = m.group(1) + m.group(2), m.group(3)
            elif m := RULE.match(line):
                usage, text = m.group(1), m.group(2)
            elif (m := MORE.match(line)) and last is not None:
                last[1] += " " + m.group(1).strip()
                continue
            else:
                if not line.startswith("##"):
                    last = None
                continue
            if section not in entries:
                order.append(section)
                entries[section] = []
            entry = [usage, text.strip()]
            entries[section].append(entry)  # type: ignore[arg-type]
            last = entry
    return order, entries, defined


def render(order: list[str], entries: dict[str, list[tuple[str, str]]]) -> str:
    out = ["STC co-simulation harness (README.md). Every target, from the ## comments of the makefiles:"]
    for s in order:
        if not entries[s]:
            continue
        out.append(f"{s}:")
        for usage, text in entries[s]:
            head = f"  make {usage}"
            body = textwrap.wrap(text.replace("$(BUILD)", "build"), 100 - 24, break_on_hyphens=False) or [""]
            if len(head) <= 21:
                out.append(f"{head:<22}{body[0]}")
            else:
                out.append(head)
                out.append(" " * 22 + body[0])
            out += [" " * 22 + b for b in body[1:]]
    return "\n".join(out) + "\n"


def check(docs: list[str], order: list[str], entries: dict[str, list[tuple[str, str]]], defined: set[str]) -> int:
    listed = {u.split()[0] for s in order for u, _ in entries[s]}
    bad = 0
    for target in sorted(listed - defined):
        print(f"help-check: make help lists '{target}', which no makefile defines", file=sys.stderr)
        bad = 1
    for doc in docs:
        with open(doc, encoding="utf-8") as f:
            text = f.read()
        for n, line in enumerate(text.split("\n"), 1):
            for m in re.finditer(r"`make ([a-z][\w.-]*)", line):
                t = m.group(1)
                if t not in listed or t not in defined:
                    why = "is not in make help" if t in defined else "is no target"
                    print(f"help-check: {doc}:{n}: make {t} {why}", file=sys.stderr)
                    bad = 1
    if not bad:
        print(f"help-check: make help lists {len(listed)} targets, each defined; every `make TARGET` of "
              f"{', '.join(docs)} among them")
    return bad


def main(argv: list[str]) -> int:
    if argv[:1] == ["--check"]:
        if "--" not in argv:
            print("usage: make_help.py --check DOC... -- MAKEFILE...", file=sys.stderr)
            return 2
        i = argv.index("--")
        docs, files = argv[1:i], argv[i + 1 :]
        order, entries, defined = parse(files)
        return check(docs, order, entries, defined)
    if not argv:
        print("usage: make_help.py MAKEFILE...", file=sys.stderr)
        return 2
    order, entries, _ = parse(argv)
    sys.stdout.write(render(order, entries))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
