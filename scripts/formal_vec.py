#!/usr/bin/env python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""formal_vec.py - the command of a skip counterexample as a vector file.

    scripts/formal_vec.py VCD OUT N M_MAX KB_MAX MODE M NBLK B BIAS

VCD is the replayed counterexample of the skip proof (scripts/formal.sh,
formal/stc_skip_miter.sv): its free operands a_all, w_all, meta_all and
bias_all, fixed from the first cycle, are written as the vector of the
command the skipping tile ran (docs/vector-format.md, version 1): skip bit
B set, block B's weights zero and its metadata the legal code 0x4, class
"formal-skip". C is left zero: `stc_vecgen --fill-c` sets it from the
functional reference. The lockstep runner then replays the command against
the golden model. A counterexample whose loaded blocks carry an illegal
metadata nibble (on an even beat, where the tile samples it) does not fit
a vector file, which holds legal metadata only: exit 1, saying so.
Exit 2 on bad input.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from formal_cex import read_vcd, write_atomic  # noqa: E402

CODES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "formal", "stc_meta_codes.hex")


def die(msg, code=2):
    print("formal_vec.py: " + msg, file=sys.stderr)
    sys.exit(code)


def final_value(vcd, trace, signal):
    """The last value of a top-level signal of the VCD (read_vcd's trace),
    as an integer."""
    top, names, changes = trace
    want = top.replace("\\", "") + "." + signal
    for ident, name in names.items():
        if name.replace("\\", "") == want and changes.get(ident):
            bits = changes[ident][-1][1]
            if not set(bits) <= set("01"):
                die("%s: %s is not a constant 0/1 value" % (vcd, signal))
            return int(bits, 2)
    die("%s: no signal %s" % (vcd, signal))
    return 0


def legal_codes():
    """The legal nibbles of the spec's truth table (formal/stc_meta_codes.hex)."""
    try:
        with open(CODES, encoding="ascii") as f:
            rows = [ln.split("//")[0].strip() for ln in f]
    except OSError as e:
        die("%s: %s" % (CODES, e.strerror))
    rows = [r for r in rows if r]
    if len(rows) != 16:
        die("%s: %d codes, not 16" % (CODES, len(rows)))
    return {nib for nib, r in enumerate(rows) if r[0] == "1"}


def field(x, width, index):
    return (x >> (width * index)) & ((1 << width) - 1)


def main():
    if len(sys.argv) != 11:
        die("usage: scripts/formal_vec.py VCD OUT N M_MAX KB_MAX MODE M NBLK B BIAS")
    vcd, out = sys.argv[1:3]
    try:
        n, m_max, kb_max, mode, m, nblk, b, bias = (int(x) for x in sys.argv[3:])
    except ValueError:
        die("N M_MAX KB_MAX MODE M NBLK B BIAS must be integers")
    if not (0 < m <= m_max and 0 < nblk <= kb_max and 0 <= b < nblk and n % 2 == 0):
        die("shape out of range")
    trace = read_vcd(vcd)
    a_all, w_all, meta_all, bias_all = (
        final_value(vcd, trace, s) for s in ("a_all", "w_all", "meta_all", "bias_all"))
    legal = legal_codes()
    kd = 2 * n if mode else n
    lines = ["// stc-vector 1", "// class formal-skip", "// seed 0", "// n %d" % n,
             "// mode %s" % ("2:4" if mode else "dense"), "// m %d" % m, "// k %d" % (nblk * kd),
             "// skip 0x%016x" % (1 << b), "// bias %d" % bias, "// section A"]
    for r in range(m):  # A beat (row r, block blk) = a_all[16N*(r*KB_MAX + blk) +: 16N]
        row = []
        for blk in range(nblk):
            beat = field(a_all, 16 * n, r * kb_max + blk)
            row += ["%02x" % field(beat, 8, j) for j in range(kd)]
        lines.append(" ".join(row))
    lines.append("// section W")
    metas = []
    for blk in range(nblk):  # W beat (block blk, row j) = w_all[8N*(blk*N + j) +: 8N]
        words = [0] * n
        for j in range(n):
            beat = 0 if blk == b else field(w_all, 8 * n, blk * n + j)
            lines.append(" ".join("%02x" % field(beat, 8, c) for c in range(n)))
            if j % 2 == 0:  # metadata: sampled on even beats, group j/2
                mb = field(meta_all, 4 * n, blk * n + j)
                for c in range(n):
                    nib = 0x4 if blk == b else field(mb, 4, c)
                    if mode and nib not in legal:
                        die("the counterexample drives the illegal metadata nibble 0x%x (block %d, "
                            "group %d, column %d): it does not fit a vector file" % (nib, blk, j // 2, c), 1)
                    words[c] |= nib << (4 * (j // 2))
        metas.append(words)
    if mode:
        lines.append("// section META")
        for words in metas:
            lines.append(" ".join("%0*x" % (n // 2, w) for w in words))
    if bias:
        lines.append("// section BIAS")
        for r in range(m):
            lines.append(" ".join("%08x" % field(bias_all, 32, r * n + c) for c in range(n)))
    lines.append("// section C")
    lines += [" ".join(["00000000"] * n) for _ in range(m)]
    lines.append("// end")
    try:
        write_atomic(out, ("\n".join(lines) + "\n").encode("ascii"))
    except OSError as e:
        die("%s: %s" % (out, e.strerror))


if __name__ == "__main__":
    main()
