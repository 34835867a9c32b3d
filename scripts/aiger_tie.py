#!/usr/bin/env python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""aiger_tie.py - tie named inputs of an ASCII AIGER file to constants.

    scripts/aiger_tie.py IN.aag IN.aim OUT.aig [NAME=VALUE...]
    scripts/aiger_tie.py --witness IN.aag IN.aim CEX OUT.aiw [NAME=VALUE...]

IN.aim is the map Yosys' `write_aiger -ascii -map` writes beside IN.aag
("input <index> <bit> <name>"). Every use of the named inputs' literals
(AND gates, latch next states, bad states, constraints) is replaced by the
value's bits; the inputs themselves stay declared, unused, so the file
keeps its numbering. OUT.aig is binary AIGER (what ABC reads); with no
NAME=VALUE it is IN.aag in binary.
With --witness, CEX is ABC's counterexample on OUT.aig (`write_cex -a`:
the initial latches, then the inputs of each frame); OUT.aiw is the same
trace as an AIGER witness of IN.aag, the tied inputs set to their values
in every frame, which Yosys `sim -r OUT.aiw -map IN.aim` replays. The skip proof of make formal (scripts/formal.sh)
builds the miter once with the command's shape as inputs and ties them
per shape here: with the control constant, ABC's structural hashing folds
the two tiles' datapaths together. Exit 2 on bad input, naming the file.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from formal_cex import write_atomic  # noqa: E402


def die(msg):
    print(f"aiger_tie.py: {msg}", file=sys.stderr)
    sys.exit(2)


def read_map(path):
    """{name: {bit: input index}} from a Yosys AIGER map file."""
    inputs = {}
    try:
        with open(path, encoding="ascii") as f:
            for n, line in enumerate(f, 1):
                w = line.split()
                if len(w) == 4 and w[0] == "input":
                    try:
                        inputs.setdefault(w[3], {})[int(w[2])] = int(w[1])
                    except ValueError:
                        die(f"{path}:{n}: bad input line")
    except OSError as e:
        die(f"{path}: {e.strerror}")
    return inputs


def ties(args, inputs, path):
    """{input index: 0/1} from NAME=VALUE arguments."""
    out = {}
    for a in args:
        name, sep, value = a.partition("=")
        if not sep or name not in inputs:
            die(f"'{a}': no input '{name}' in {path}")
        try:
            v = int(value, 0)
        except ValueError:
            die(f"'{a}': value is not an integer")
        bits = inputs[name]
        if v < 0 or v >> len(bits):
            die(f"'{a}': {v} does not fit the {len(bits)} bits of {name}")
        for b, idx in bits.items():
            out[idx] = (v >> b) & 1
    return out


def read_aag(path, header_only=False):
    """The lines of an ASCII AIGER file (only the first with header_only)
    and its header counts M I L O A B C."""
    try:
        with open(path, encoding="ascii") as f:
            lines = [f.readline()] if header_only else f.read().split("\n")
    except OSError as e:
        die(f"{path}: {e.strerror}")
    head = lines[0].split()
    if len(head) < 6 or head[0] != "aag":
        die(f"{path}:1: not an ASCII AIGER header")
    try:
        counts = [int(x) for x in head[1:8]] + [0] * (8 - len(head))
    except ValueError:
        die(f"{path}:1: bad header counts")
    return lines, counts


def write(path, data):
    """write_atomic, or exit 2 naming the file."""
    try:
        write_atomic(path, data)
    except OSError as e:
        die(f"{path}: {e.strerror}")


def witness(argv):
    """--witness IN.aag IN.aim CEX OUT.aiw NAME=VALUE..."""
    if len(argv) < 4:
        die("usage: scripts/aiger_tie.py --witness IN.aag IN.aim CEX OUT.aiw [NAME=VALUE...]")
    src, amap, cex, dst = argv[:4]
    _, (_, i, l, *_) = read_aag(src, header_only=True)
    tied = ties(argv[4:], read_map(amap), amap)
    try:
        with open(cex, encoding="ascii") as f:
            rows = [r.strip() for r in f if r.strip()]
    except OSError as e:
        die(f"{cex}: {e.strerror}")
    frames = rows[1:]  # rows[0]: the initial latches (ABC's, after fold)
    if not frames or any(len(r) < i or set(r[:i]) - set("01x") for r in frames):
        die(f"{cex}: not ABC's AIGER counterexample of {src} ({i} inputs a frame)")
    out = ["1", "b0", "0" * l]
    for r in frames:
        bits = list(r[:i].replace("x", "0"))
        for idx, v in tied.items():
            bits[idx] = str(v)
        out.append("".join(bits))
    # one more frame, the last repeated: Yosys sim checks the assertions of
    # a frame when it steps past it
    out.append(out[-1])
    out.append(".")
    write(dst, ("\n".join(out) + "\n").encode("ascii"))


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--witness":
        witness(sys.argv[2:])
        return
    if len(sys.argv) < 4:
        die("usage: scripts/aiger_tie.py IN.aag IN.aim OUT.aig [NAME=VALUE...]")
    src, amap, dst = sys.argv[1:4]
    lines, (m, i, l, o, a, b, c) = read_aag(src)
    if len(lines) < 1 + i + l + o + b + c + a:
        die(f"{src}: shorter than its header says")
    tied = ties(sys.argv[4:], read_map(amap), amap)
    lit = {}  # literal -> constant literal
    for idx, v in tied.items():
        x = int(lines[1 + idx])
        lit[x] = v
        lit[x ^ 1] = v ^ 1

    def sub(tok):
        t = int(tok)
        return lit.get(t, t)

    first = 1 + i
    if any(int(lines[1 + k]) != 2 * (k + 1) for k in range(i)):
        die(f"{src}: inputs not numbered 1..I (not written by Yosys write_aiger?)")
    body = [f"aig {m} {i} {l} {o} {a} {b} {c}"]
    for n in range(first, first + l):  # latches: lhs next [init]
        w = lines[n].split()
        body.append(" ".join([str(sub(w[1]))] + w[2:]))
    for n in range(first + l, first + l + o + b + c):  # outputs, bad, constraints
        body.append(str(sub(lines[n])))
    ands = bytearray()
    for k, n in enumerate(range(first + l + o + b + c, first + l + o + b + c + a)):
        lhs, r0, r1 = (int(x) for x in lines[n].split())
        r0, r1 = sub(r0), sub(r1)
        if r0 < r1:
            r0, r1 = r1, r0
        if lhs != 2 * (i + l + 1 + k) or r0 >= lhs:
            die(f"{src}:{n + 1}: AND gate out of order (not written by Yosys write_aiger?)")
        for d in (lhs - r0, r0 - r1):  # binary AIGER: 7-bit groups, low first
            while d >= 0x80:
                ands.append((d & 0x7F) | 0x80)
                d >>= 7
            ands.append(d)
    write(dst, ("\n".join(body) + "\n").encode("ascii") + bytes(ands))


if __name__ == "__main__":
    main()
