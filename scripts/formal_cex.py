#!/usr/bin/env python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""formal_cex.py - reads a counterexample of make formal (a VCD written by
Yosys sat, yosys-smtbmc or Yosys sim), prints the named signals in its last
two steps (an assertion fails in the last) and writes a GTKWave save file
for it. read_vcd and write_atomic serve the other formal scripts too
(aiger_tie.py, formal_vec.py).

usage: scripts/formal_cex.py VCD GTKW [--differ PREFIX] SIGNAL...
  SIGNAL: top-level signals of the harness to show, in order (those the
  VCD does not hold are left out).
  --differ PREFIX: first lists the signals <name> whose top-level wire
  PREFIX<name> is 0 in some step (the gating miter's cmp_<signal>, 1 when
  the two tiles agree), and adds <name> and <name>_gate (the other tile's
  copy) to the save file.
Exit status: 0 written, 2 the VCD cannot be read.
"""
import os
import re
import sys

def die(msg):
    print("formal_cex.py: " + msg, file=sys.stderr)
    sys.exit(2)


def write_atomic(path, data):
    """Writes bytes to path through a temporary file beside it, renamed over
    it: an existing file is never half-written. Raises OSError."""
    tmp = "%s.tmp.%d" % (path, os.getpid())
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def read_vcd(path):
    """Returns (top scope, {id: name}, {id: [(time, value)]})."""
    names, changes, scopes = {}, {}, []
    top, now = None, 0
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                tok = line.split()
                if not tok:
                    continue
                if tok[0] == "$scope" and len(tok) >= 3:
                    scopes.append(tok[2])
                    top = top or tok[2]
                elif tok[0] == "$upscope":
                    scopes.pop() if scopes else None
                elif tok[0] == "$var" and len(tok) >= 5:
                    names.setdefault(tok[3], ".".join(scopes + [tok[4]]))
                elif tok[0].startswith("#"):
                    now = int(tok[0][1:])
                elif tok[0][0] in "01xz" and len(tok) == 1:
                    changes.setdefault(tok[0][1:], []).append((now, tok[0][0]))
                elif tok[0][0] == "b" and len(tok) == 2:
                    changes.setdefault(tok[1], []).append((now, tok[0][1:]))
    except OSError as e:
        die("%s: %s" % (path, e.strerror))
    if top is None:
        die("%s: no $scope, not a VCD" % path)
    return top, names, changes


def value_at(changes, ident, t):
    v = None
    for time, val in changes.get(ident, []):
        if time > t:
            break
        v = val
    return v


def differing(top, names, changes, prefix):
    """The signals <name> whose wire PREFIX<name> (an equality: 1 when the
    two tiles agree) is 0 in some step, bit selects dropped, sorted; prints
    at most 12 and returns them."""
    plain_top = top.replace("\\", "")
    hits = set()
    for ident, name in names.items():
        plain = name.replace("\\", "")
        if not plain.startswith(plain_top + "." + prefix):
            continue
        if any("0" in v for _, v in changes.get(ident, [])):
            hits.add(re.sub(r"\[[0-9]+\]$", "", plain[len(plain_top) + 1 + len(prefix):]))
    shown = sorted(hits)
    for s in shown[:12]:
        print("    " + s)
    if len(shown) > 12:
        print("    ... and %d more" % (len(shown) - 12))
    if not shown:
        print("    (none named: see the trace)")
    return shown[:12]


def main():
    if len(sys.argv) < 3:
        die("usage: scripts/formal_cex.py VCD GTKW SIGNAL...")
    vcd, gtkw, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]
    differ, extra = None, []
    if wanted[:1] == ["--differ"]:
        if len(wanted) < 2:
            die("--differ needs a PREFIX")
        differ, wanted = wanted[1], wanted[2:]
    top, names, changes = read_vcd(vcd)
    if differ is not None:
        # each differing signal and its copy in the other tile (<name>_gate)
        extra = [n + sfx for n in differing(top, names, changes, differ) for sfx in ("", "_gate")]
    times = sorted({t for ch in changes.values() for t, _ in ch})
    # Yosys writes escaped names (\rst_ni): match the signals without the
    # backslashes, write them as the VCD has them.
    full = {name.replace("\\", ""): name for name in names.values()}
    plain_top = top.replace("\\", "")
    # the shown signals in the last two steps: a counterexample ends where
    # an assertion fails, and an assertion of a clocked block (sat) checks
    # the values of the step before
    for at in times[-2:]:
        shown = []
        for s in wanted:
            name = full.get(plain_top + "." + s)
            ident = next((i for i, n in names.items() if n == name), None) if name else None
            if ident is None:
                continue
            v = value_at(changes, ident, at)
            if v is not None and set(v) <= set("01"):
                v = "0x%x" % int(v, 2)
            shown.append("%s=%s" % (s, v))
        if shown:
            print("  time %d: %s" % (at, " ".join(shown)))
    text = '[dumpfile] "%s"\n[timestart] 0\n' % os.path.abspath(vcd)
    text += "".join("%s\n" % full[plain_top + "." + s] for s in wanted + extra if plain_top + "." + s in full)
    try:
        write_atomic(gtkw, text.encode("utf-8"))
    except OSError as e:
        die("%s: %s" % (gtkw, e.strerror))
    print("  counterexample: %s (gtkwave %s)" % (vcd, gtkw))


if __name__ == "__main__":
    main()
