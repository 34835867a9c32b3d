#!/usr/bin/env python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""tile_ports_check.py - checks the benches' port list of the tile
(rtl/stc_tile_ports.svh, hand-written) against the tile itself. Run by
`make lint`.

  scripts/tile_ports_check.py [--verilator BIN] [--top stc_tile] SVH SRC...

The tile's ports come from Verilator (--xml-only, scripts/rtl_ports.py's
reader), so names, order, directions and widths are the elaborated ones.
Every macro of SVH must list exactly its share of the ports, each once, in
the tile's order (the probes are the dbg_* ports, the functional ports the
others):

  STC_TILE_CONNECT(p)          every functional port, .<port> (p``<port>)
  STC_TILE_CONNECT_PROBES(p)   every probe, .<port> (p``<port>)
  STC_TILE_OPEN_PROBES         every probe, .<port> ()
  STC_TILE_PORTS(p)            every functional port, input/output wire [W-1:0] p``<port>
  STC_TILE_INPUT_PORTS(p)      every functional input, input wire [W-1:0] p``<port>
  STC_TILE_INPUT_REGS(p)       every functional input, reg [W-1:0] p``<port> = 0
  STC_TILE_OUTPUT_WIRES(p)     every functional output, wire [W-1:0] p``<port>
  STC_TILE_PROBE_WIRES(p)      every probe, wire [W-1:0] p``<port>

and every declared width W, an expression of N, KB_MAX, MW and KBW, must be
the port's width at two parameter sets (the tile's defaults, and N=4,
M_MAX=256, KB_MAX=2), in each of which the four differ, so that a width
written with the wrong parameter is caught. A macro the check does not
know is an error too: it would go unchecked. Exit 0 ok, 1 with one line
per problem, 2 on a set-up error (Verilator, a file).
"""
import argparse
import os
import re
import sys
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rtl_ports import clog2, top_ports  # noqa: E402

# (kind, which ports) per macro; kind says how one entry is written.
MACROS = {
    "STC_TILE_CONNECT": ("connect", "functional"),
    "STC_TILE_CONNECT_PROBES": ("connect", "probes"),
    "STC_TILE_OPEN_PROBES": ("open", "probes"),
    "STC_TILE_PORTS": ("port", "functional"),
    "STC_TILE_INPUT_PORTS": ("input", "inputs"),
    "STC_TILE_INPUT_REGS": ("reg", "inputs"),
    "STC_TILE_OUTPUT_WIRES": ("wire", "outputs"),
    "STC_TILE_PROBE_WIRES": ("wire", "probes"),
}
LABEL = {"functional": "functional ports", "probes": "probes", "inputs": "functional inputs",
         "outputs": "functional outputs"}
GUARD = "STC_TILE_PORTS_SVH"
RANGE = r"(?:\[\s*([^\]:]+?)\s*:\s*0\s*\])?"
ENTRY = {
    "connect": re.compile(r"^\.(\w+)\s*\(\s*p``(\w+)\s*\)$"),
    "open": re.compile(r"^\.(\w+)\s*\(\s*\)$"),
    "port": re.compile(r"^(input|output)\s+wire\s*" + RANGE + r"\s*p``(\w+)$"),
    "input": re.compile(r"^input\s+wire\s*" + RANGE + r"\s*p``(\w+)$"),
    "reg": re.compile(r"^reg\s*" + RANGE + r"\s*p``(\w+)\s*=\s*(?:0|1'b0)$"),
    "wire": re.compile(r"^wire\s*" + RANGE + r"\s*p``(\w+)$"),
}
# (N, M_MAX, KB_MAX) the widths are checked at: N, KB_MAX, MW and KBW all
# differ in each (16, 64, 10, 6 and 4, 2, 8, 1)
PARAM_SETS = [(16, 1024, 64), (4, 256, 2)]


def die(msg):
    print("tile-ports-check: " + msg, file=sys.stderr)
    sys.exit(2)


def read_macros(path):
    """{name: (formal args or None, body)} of every `define in path, its
    continuation lines joined."""
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except OSError as e:
        die("cannot read %s: %s" % (path, e.strerror))
    out, i = {}, 0
    while i < len(lines):
        m = re.match(r"^\s*`define\s+(\w+)(\(([^)]*)\))?(.*)$", lines[i])
        i += 1
        if not m:
            continue
        body = m.group(4)
        while body.rstrip().endswith("\\") and i < len(lines):
            body = body.rstrip()[:-1] + " " + lines[i]
            i += 1
        out[m.group(1)] = (m.group(3), body.strip())
    return out


def width_of(expr, env):
    """The width [expr:0] declares at the parameters env; None if expr is
    not a plain arithmetic expression of them."""
    if expr is None:
        return 1
    text = expr
    for name, value in env.items():
        text = re.sub(r"\b%s\b" % name, str(value), text)
    if not re.fullmatch(r"[0-9+\-*() ]+", text):
        return None
    return eval(text) + 1  # noqa: S307 - digits and + - * ( ) only, checked above


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--verilator", default="verilator")
    ap.add_argument("--top", default="stc_tile")
    ap.add_argument("svh")
    ap.add_argument("srcs", nargs="+")
    args = ap.parse_args()
    for s in args.srcs:
        if not os.path.isfile(s):
            die("no such source: %s" % s)

    # the ports at each parameter set: {name: (dir, width)}, in the tile's order
    elab = []
    for n, m_max, kb_max in PARAM_SETS:
        ns = types.SimpleNamespace(verilator=args.verilator, top=args.top, n=n, m_max=m_max,
                                   kb_max=kb_max, srcs=args.srcs)
        ports, _ = top_ports(ns)
        env = {"N": n, "KB_MAX": kb_max, "MW": clog2(m_max), "KBW": clog2(kb_max)}
        elab.append((env, ports))
    ports = elab[0][1]
    if [list(p) for _, p in elab[1:]] != [list(ports)] * (len(elab) - 1):
        die("%s has other ports at other parameters" % args.top)
    order = list(ports)
    probes = [p for p in order if p.startswith("dbg_")]
    functional = [p for p in order if p not in probes]
    share = {
        "functional": functional,
        "probes": probes,
        "inputs": [p for p in functional if ports[p][0] == "input"],
        "outputs": [p for p in functional if ports[p][0] == "output"],
    }
    if len(share["inputs"]) + len(share["outputs"]) != len(functional):
        die("%s has a port that is neither an input nor an output" % args.top)

    problems = []
    macros = read_macros(args.svh)
    for name in macros:
        if name != GUARD and name not in MACROS:
            problems.append("%s: macro %s is not one the check knows (scripts/tile_ports_check.py)"
                            % (args.svh, name))
    for name, (kind, which) in MACROS.items():
        if name not in macros:
            problems.append("%s: no macro %s" % (args.svh, name))
            continue
        formals, body = macros[name]
        want_formals = None if kind == "open" else "p"
        if (formals.strip() if formals is not None else None) != want_formals:
            problems.append("%s: %s takes %s, not (%s)" % (
                args.svh, name, "no argument" if want_formals is None else "(p)", formals))
        sep = ";" if kind in ("reg", "wire") else ","
        entries = [e.strip() for e in body.split(sep)]
        if sep == ";":
            if entries and entries[-1] == "":
                entries.pop()  # every declaration ends with ;
            else:
                problems.append("%s: %s: the last declaration has no ';'" % (args.svh, name))
        got = []
        for e in entries:
            m = ENTRY[kind].match(re.sub(r"\s+", " ", e))
            if not m:
                problems.append("%s: %s: not a %s entry: %s" % (args.svh, name, kind, e))
                continue
            if kind == "connect":
                if m.group(1) != m.group(2):
                    problems.append("%s: %s: port %s connected to p``%s" % (
                        args.svh, name, m.group(1), m.group(2)))
                got.append((m.group(1), None))
            elif kind == "open":
                got.append((m.group(1), None))
            elif kind == "port":
                got.append((m.group(3), m.group(2)))
                if m.group(3) in ports and m.group(1) != ports[m.group(3)][0]:
                    problems.append("%s: %s: %s is an %s, %s has an %s" % (
                        args.svh, name, m.group(3), m.group(1), args.top, ports[m.group(3)][0]))
            else:
                got.append((m.group(2), m.group(1)))
        want = share[which]
        names = [g[0] for g in got]
        missing = [p for p in want if p not in names]
        extra = [p for p in names if p not in want]
        twice = sorted({p for p in names if names.count(p) > 1})
        if missing:
            problems.append("%s: %s lacks %s" % (args.svh, name, " ".join(missing)))
        if extra:
            problems.append("%s: %s lists %s, not %s of %s" % (
                args.svh, name, " ".join(extra), LABEL[which], args.top))
        if twice:
            problems.append("%s: %s lists %s more than once" % (args.svh, name, " ".join(twice)))
        if not (missing or extra or twice) and names != want:
            problems.append("%s: %s is not in %s's order: %s" % (
                args.svh, name, args.top, " ".join(want)))
        for port, expr in got:
            if kind in ("connect", "open") or port not in ports:
                continue
            for env, elab_ports in elab:
                w = width_of(expr, env)
                if w != elab_ports[port][1]:
                    problems.append("%s: %s: %s is [%s:0], %s bits at %s; %s has %d" % (
                        args.svh, name, port, expr or "0", w if w is not None else "?",
                        ", ".join("%s=%d" % kv for kv in env.items()), args.top,
                        elab_ports[port][1]))
                    break
    if problems:
        for p in problems:
            print("tile-ports-check: " + p, file=sys.stderr)
        print("tile-ports-check: %s does not list the ports of %s (%s); fix the list"
              % (args.svh, args.top, " ".join(args.srcs)), file=sys.stderr)
        sys.exit(1)
    print("tile-ports-check: %s: %d macros list the %d ports of %s (%d functional, %d probes), "
          "widths checked at N=%s" % (args.svh, len(MACROS), len(order), args.top,
                                      len(functional), len(probes),
                                      " and N=".join(str(s[0]) for s in PARAM_SETS)))


if __name__ == "__main__":
    main()
