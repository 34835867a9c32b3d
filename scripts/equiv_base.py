#!/usr/bin/env python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""equiv_base.py - the base case of proof equiv (scripts/formal.sh).

Yosys's equiv_induct proves only the induction step: once every paired
signal of the RTL (gold) and the netlist (gate) is equal in a cycle, it
stays equal in the next. That they are equal in the first cycle is the
base case, which nothing else checks. This script rewrites the module
that equiv_make wrote (RTLIL, its $equiv cells pairing gold and gate bit
by bit) into one that Yosys's sat can check in one frame from the
all-zero state:

  every $equiv cell (A = gold bit, B = gate bit, Y = the paired signal)
  becomes Y = A and one bit of the vector \\stc_base_ok, A == B;
  one $assert of the AND of \\stc_base_ok.

It also writes the list of the pairs, one per line in the bit order of
\\stc_base_ok (bit 0 first); `names` reads a failed check's log (sat
-show \\stc_base_ok) and prints the paired signals whose bit is 0.

  scripts/equiv_base.py rewrite PAIRED.il BASE.il PAIRS.txt
  scripts/equiv_base.py names PAIRS.txt SAT.log

Exit 0: written (printed); 2: an input has no $equiv cells, no value of
\\stc_base_ok, or cannot be read.
"""

import os
import re
import sys

CELL = re.compile(r"^(\s*)cell \$equiv (\S+)$")
CONNECT = re.compile(r"^\s*connect \\([ABY]) (.+)$")


def die(msg: str) -> None:
    print("equiv_base.py: %s" % msg, file=sys.stderr)
    sys.exit(2)


def rewrite(lines: list) -> tuple:
    """The module's lines with each $equiv cell replaced, and the pairs
    (the Y signal of each, in bit order)."""
    out, pairs, i = [], [], 0
    while i < len(lines):
        m = CELL.match(lines[i])
        if not m:
            out.append(lines[i])
            i += 1
            continue
        ports, i = {}, i + 1
        while lines[i].strip() != "end":
            c = CONNECT.match(lines[i])
            if not c:
                die("line %d: an $equiv cell with more than A, B and Y: %r" % (i + 1, lines[i]))
            ports[c.group(1)] = c.group(2)
            i += 1
        i += 1
        if sorted(ports) != ["A", "B", "Y"]:
            die("line %d: an $equiv cell without A, B and Y" % i)
        n, ind = len(pairs), m.group(1)
        pairs.append(ports["Y"])
        out += ["%scell $eq $stc_base_eq$%d" % (ind, n),
                "%s  parameter \\A_SIGNED 0" % ind, "%s  parameter \\A_WIDTH 1" % ind,
                "%s  parameter \\B_SIGNED 0" % ind, "%s  parameter \\B_WIDTH 1" % ind,
                "%s  parameter \\Y_WIDTH 1" % ind,
                "%s  connect \\A %s" % (ind, ports["A"]), "%s  connect \\B %s" % (ind, ports["B"]),
                "%s  connect \\Y \\stc_base_ok [%d]" % (ind, n), "%send" % ind,
                "%sconnect %s %s" % (ind, ports["Y"], ports["A"])]
    return out, pairs


def close_module(out: list, npairs: int) -> list:
    """The module with the vector and its AND declared after its `module`
    line (RTLIL wants a wire declared before it is used) and the assertion
    added before its `end`; one module only, as equiv_make writes it."""
    first = [i for i, l in enumerate(out) if l.startswith("module ")]
    if len(first) != 1:
        die("%d modules: want the one module equiv_make wrote (hierarchy -top equiv)" % len(first))
    last = max(i for i, l in enumerate(out) if l == "end")
    wires = ["  wire width %d \\stc_base_ok" % npairs, "  wire \\stc_base_all"]
    cells = ["  cell $reduce_and $stc_base_and", "    parameter \\A_SIGNED 0",
             "    parameter \\A_WIDTH %d" % npairs, "    parameter \\Y_WIDTH 1",
             "    connect \\A \\stc_base_ok", "    connect \\Y \\stc_base_all", "  end",
             "  cell $assert $stc_base_assert", "    connect \\A \\stc_base_all",
             "    connect \\EN 1'1", "  end"]
    f = first[0] + 1
    return out[:f] + wires + out[f:last] + cells + out[last:]


def read(path: str) -> str:
    try:
        with open(path) as f:
            return f.read()
    except OSError as e:
        die("cannot read %s: %s" % (path, e))
    return ""


def rewrite_file(src: str, dst: str, pairs_out: str) -> None:
    out, pairs = rewrite(read(src).split("\n"))
    if not pairs:
        die("%s: no $equiv cells (not the output of equiv_make?)" % src)
    out = close_module(out, len(pairs))
    for path, text in ((dst, "\n".join(out)), (pairs_out, "\n".join(pairs) + "\n")):
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.replace(path + ".tmp", path)


def names(pairs_path: str, log: str) -> None:
    """The pairs whose bit of \\stc_base_ok is 0 in the counterexample
    (the log's value is written most significant bit first)."""
    pairs = read(pairs_path).split("\n")[:-1]
    m = re.search(r"\\stc_base_ok\s+\S+\s+\S+\s+([01x]+)\s*$", read(log), re.M)
    if not m or len(m.group(1)) != len(pairs):
        die("%s: no value of \\stc_base_ok with %d bits" % (log, len(pairs)))
    bits = m.group(1)[::-1]
    for i, b in enumerate(bits):
        if b != "1":
            print(pairs[i])


def main() -> int:
    if len(sys.argv) == 5 and sys.argv[1] == "rewrite":
        rewrite_file(*sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "names":
        names(*sys.argv[2:])
    else:
        die("usage: equiv_base.py rewrite PAIRED.il BASE.il PAIRS.txt | names PAIRS.txt SAT.log")
    return 0


if __name__ == "__main__":
    sys.exit(main())
