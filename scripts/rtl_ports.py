#!/usr/bin/env python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""rtl_ports.py - checks a designer's tile against the ports of
docs/architecture.md (section 3, and the probes of section 8) before the
harness builds it, and writes the wrapper the harness verilates in its place.

  scripts/rtl_ports.py --top T --n N --m-max M --kb-max K --level L \\
      --wrap OUT.v [--verilator BIN] [--probe-map FILE] [--module NAME]
      [--pe-arrays] SRC...

The top's ports come from Verilator itself (--xml-only at the given
parameters), so widths are the elaborated ones. Every functional port must
exist with its direction and width; the dbg_* probes too at the cycle level
(at ports and txn they are optional: a missing one is tied to 0 in the
wrapper, and nothing compares it). The wrapper (module stc_own_wrap, the
ports of stc_tile) instantiates T, passing N, M_MAX and KB_MAX where T has
them. Exit 0 ok, 2 with one line per problem, each naming the port.

With --pe-arrays (the stock tile's runner builds) the wrapper leaves out
the nine per-PE probe ports: the runner reads those from the PE array's
registers, one packed vector each (sim/core/stc_pe_probes.vlt), which
spares the model copying 256 PEs' state into wide ports every cycle.

A probe map (--probe-map, make sim PROBE_MAP=FILE) says which internal
signal of T is which probe, for a design without the dbg_* ports that
wants COMPARE=cycle. One line per probe, '#' comments:

  dbg_state_o = u_ctrl.state_q                       whole probe
  dbg_pe_w_o[r][c] = u_array.g_row[{r}].g_col[{c}].u_pe.w_q   per PE
  dbg_acc_row_o[n] = u_acc.wr_row_q[{n}*10 +: 10]    per column

The right-hand side is a hierarchical path inside T (an optional bit or
part select at its end); {r}, {c} and {n} are replaced by each PE's row and
column or each column. The wrapper assigns the probe from u_dut.PATH (a
Verilator cross-module reference); it is checked by a Verilator lint of
the wrapper before anything is built, and a path that does not exist or
has another width than the probe's element is an error naming the map's
file and line.

  scripts/rtl_ports.py --order SRC...

prints the sources in the order they are compiled (make sim, make wave,
every build of a tile of your own): globs expanded, then the files that
declare a SystemVerilog package first (a package that imports another
after it), then those that declare an interface, then the rest, each group
in the order given. Verilator needs a package before its first use
(PKGNODECL); a glob sorts by name, not by use.
"""
import glob
import argparse
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def die(msg):
    print(msg, file=sys.stderr)
    sys.exit(2)


def clog2(x):
    b = 0
    while (1 << b) < x:
        b += 1
    return b


def required(n, mw, kbw, kb_max):
    """(name, dir, width, probe) for every port of sections 3 and 8."""
    ports = [
        ("clk_i", "input", 1), ("rst_ni", "input", 1),
        ("cmd_valid_i", "input", 1), ("cmd_ready_o", "output", 1),
        ("cmd_mode_i", "input", 1), ("cmd_m_i", "input", mw),
        ("cmd_nblk_i", "input", kbw), ("cmd_skip_i", "input", kb_max),
        ("cmd_bias_i", "input", 1),
        ("bias_valid_i", "input", 1), ("bias_ready_o", "output", 1),
        ("bias_data_i", "input", 32 * n),
        ("w_valid_i", "input", 1), ("w_ready_o", "output", 1),
        ("w_data_i", "input", 8 * n), ("w_meta_i", "input", 4 * n),
        ("a_valid_i", "input", 1), ("a_ready_o", "output", 1),
        ("a_data_i", "input", 16 * n),
        ("res_valid_o", "output", 1), ("res_ready_i", "input", 1),
        ("res_data_o", "output", 32 * n),
        ("busy_o", "output", 1), ("err_o", "output", 1),
    ]
    probes = [
        ("dbg_state_o", 3), ("dbg_blk_o", kbw), ("dbg_beat_o", mw),
        ("dbg_pe_v_o", n * n), ("dbg_pe_en_o", n * n), ("dbg_pe_en_q_o", n * n),
        ("dbg_pe_pv_o", n * n), ("dbg_pe_w_o", 8 * n * n), ("dbg_pe_idx_o", 2 * n * n),
        ("dbg_pe_act_o", 32 * n * n), ("dbg_pe_prod_o", 32 * n * n),
        ("dbg_pe_psum_o", 32 * n * n), ("dbg_bot_v_o", n), ("dbg_acc_we_o", n),
        ("dbg_acc_row_o", mw * n), ("dbg_acc_wdata_o", 32 * n), ("dbg_cnt_o", 32 * 9),
    ]
    return [(p, d, w, False) for p, d, w in ports] + [(p, "output", w, True) for p, w in probes]


# Probe element widths: per PE (dbg_pe_*: element r*N + c), per column.
def probe_elems(n, mw):
    pe = {"dbg_pe_v_o": 1, "dbg_pe_en_o": 1, "dbg_pe_en_q_o": 1, "dbg_pe_pv_o": 1,
          "dbg_pe_w_o": 8, "dbg_pe_idx_o": 2, "dbg_pe_act_o": 32, "dbg_pe_prod_o": 32,
          "dbg_pe_psum_o": 32}
    col = {"dbg_bot_v_o": 1, "dbg_acc_we_o": 1, "dbg_acc_row_o": mw, "dbg_acc_wdata_o": 32}
    return pe, col


MAP_LINE = re.compile(r"^(dbg_\w+)\s*(\[r\]\[c\]|\[n\])?\s*=\s*([A-Za-z_][\w$]*(\[[^\]]*\])*"
                      r"(\.[A-Za-z_][\w$]*(\[[^\]]*\])*)*)\s*$")


def read_map(path, req, ports, n, mw):
    """{probe: (kind, path, line)}; kind '', 'pe' or 'col'. Exits 2 on a bad line."""
    pe, col = probe_elems(n, mw)
    probes = {r[0] for r in req if r[3]}
    out, bad = {}, []
    try:
        text = open(path).read().splitlines()
    except OSError as e:
        die("rtl-ports: PROBE_MAP: cannot read %s: %s" % (path, e.strerror))
    for i, raw in enumerate(text, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = MAP_LINE.match(line)
        where = "%s:%d" % (path, i)
        if not m:
            bad.append("%s: not 'PROBE = path', 'PROBE[r][c] = path' or 'PROBE[n] = path': %s"
                       % (where, raw.strip()))
            continue
        name, idx, rhs = m.group(1), m.group(2) or "", m.group(3)
        kind = {"": "", "[r][c]": "pe", "[n]": "col"}[idx.replace(" ", "")]
        if name not in probes:
            bad.append("%s: %s is not a probe of docs/architecture.md section 8" % (where, name))
        elif name in ports:
            bad.append("%s: %s is a port of the top already; map it or keep the port, not both"
                       % (where, name))
        elif name in out:
            bad.append("%s: %s is mapped twice (first at line %d)" % (where, name, out[name][2]))
        elif kind == "pe" and name not in pe:
            bad.append("%s: %s is not a per-PE probe: use %s = path" % (where, name, name))
        elif kind == "col" and name not in col:
            bad.append("%s: %s is not a per-column probe: use %s = path" % (where, name, name))
        else:
            out[name] = (kind, rhs, i)
    if bad:
        for b in bad:
            print("rtl-ports: %s" % b, file=sys.stderr)
        die("rtl-ports: the probe map %s has errors; nothing was built" % path)
    return out


def map_assigns(name, kind, rhs, n, mw):
    """The wrapper's assigns for one mapped probe."""
    pe, col = probe_elems(n, mw)
    if kind == "":
        return ["  assign %s = u_dut.%s;" % (name, rhs)]
    if kind == "pe":
        w = pe[name]
        return ["  assign %s[%d +: %d] = u_dut.%s;" % (
            name, w * (r * n + c), w, rhs.replace("{r}", str(r)).replace("{c}", str(c)))
            for r in range(n) for c in range(n)]
    w = col[name]
    return ["  assign %s[%d +: %d] = u_dut.%s;" % (name, w * c, w, rhs.replace("{n}", str(c)))
            for c in range(n)]


def run_verilator(cmd):
    """Verilator's run; a missing or unrunnable Verilator is a set-up
    error naming it, not a traceback."""
    try:
        return subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        die("rtl-ports: cannot run Verilator '%s': %s (make deps installs it)" % (cmd[0], e.strerror))


def top_ports(args):
    """{name: (dir, width)} and the set of parameter names of the top."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [args.verilator, "--xml-only", "-Wno-fatal", "--top-module", args.top,
               "--Mdir", tmp, "-GN=%d" % args.n, "-GM_MAX=%d" % args.m_max,
               "-GKB_MAX=%d" % args.kb_max] + args.srcs
        r = run_verilator(cmd)
        xml = [f for f in os.listdir(tmp) if f.endswith(".xml")]
        if r.returncode != 0 or not xml:
            err = "\n".join(l for l in r.stderr.splitlines() if l.startswith("%Error"))
            die("rtl-ports: Verilator cannot read top module '%s' from %s:\n%s"
                     % (args.top, " ".join(args.srcs), err or r.stderr.strip()))
        root = ET.parse(os.path.join(tmp, xml[0])).getroot()
    widths = {}
    for t in root.iter("basicdtype"):
        left, right = t.get("left"), t.get("right")
        widths[t.get("id")] = abs(int(left) - int(right)) + 1 if left is not None else 1
    mod = next((m for m in root.iter("module") if m.get("origName", m.get("name")) == args.top
                or m.get("name") == args.top), None)
    if mod is None:
        die("rtl-ports: no module '%s' in %s" % (args.top, " ".join(args.srcs)))
    ports, params = {}, set()
    for v in mod.findall("var"):
        if v.get("param") == "true":
            params.add(v.get("name"))
        elif v.get("dir") in ("input", "output", "inout"):
            ports[v.get("name")] = (v.get("dir"), widths.get(v.get("dtype_id")))
    return ports, params


def wrapper(args, req, ports, params, pmap):
    """The wrapper's text, and {wrapper line: map line} of the mapped probes."""
    # --pe-arrays: the nine per-PE probe ports, left open
    open_ports = [p for p in probe_elems(args.n, 1)[0] if p in ports] if args.pe_arrays else []
    if args.pe_arrays:
        req = [r for r in req if r[0] not in open_ports]
        head = ["// Generated by scripts/rtl_ports.py: the ports of stc_tile (docs/architecture.md",
                "// sections 3 and 8) around %s but the per-PE probes, which the C runner" % args.top,
                "// reads from the PE array's per-PE signals (sim/core/stc_pe_probes.vlt)."]
    else:
        head = ["// Generated by scripts/rtl_ports.py for `make sim RTL_TOP=%s`: the ports" % args.top,
                "// of stc_tile (docs/architecture.md sections 3 and 8) around %s;" % args.top,
                "// probes it does not have read 0 (compared only at --compare cycle).",
                # The model depends on this file: a source that changes (in
                # content, whatever its time stamp) or a different set of
                # sources changes it, so no build ever runs stale RTL.
                "// sources: %s" % sources_digest(args.srcs)]
    lines = head + ["`default_nettype none", "module %s #(" % args.module,
             "  parameter N = %d, parameter M_MAX = %d, parameter KB_MAX = %d%s" % (
                 args.n, args.m_max, args.kb_max,
                 # the micro-architecture (make sim UARCH=dbuf: -GWBUF=2) reaches a top that has it
                 ", parameter WBUF = 1" if "WBUF" in params else ""),
             ") ("]
    decl = []
    for name, d, w, _ in req:
        decl.append("  %-6s wire %-10s %s" % (d, "[%d:0]" % (w - 1) if w > 1 else "", name))
    lines.append(",\n".join(decl))
    lines.append(");")
    passed = [p for p in ("N", "M_MAX", "KB_MAX", "WBUF") if p in params]
    inst = "  %s%s u_dut (" % (args.top, " #(%s)" % ", ".join(".%s(%s)" % (p, p) for p in passed)
                                if passed else "")
    lines.append(inst)
    conns = ["    .%s(%s)" % (name, name) for name, _, _, _ in req if name in ports]
    conns += ["    .%s()" % name for name in open_ports]
    lines.append(",\n".join(conns))
    lines.append("  );")
    origin = {}
    mw = clog2(args.m_max)
    lines = "\n".join(lines).split("\n")  # one entry per line: origin counts them
    for name, _, w, probe in req:
        if probe and name in pmap:
            kind, rhs, at = pmap[name]
            for a in map_assigns(name, kind, rhs, args.n, mw):
                lines.append(a)
                origin[len(lines)] = at
        elif probe and name not in ports:
            lines.append("  assign %s = %d'd0;" % (name, w))
    lines += ["endmodule", "`default_nettype wire", ""]
    return "\n".join(lines), origin


def sources_digest(srcs):
    """SHA-256 over the sources' names and contents, in order."""
    h = hashlib.sha256()
    for s in srcs:
        with open(s, "rb") as f:
            data = f.read()
        h.update(b"%d:%s\0%d:" % (len(s), s.encode(), len(data)))
        h.update(data)
    return h.hexdigest()


def write_if_changed(path, text):
    """Writes text to path through a temporary name, unless path holds it
    already: an unchanged file keeps its time (no rebuild)."""
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def check_map(args, text, origin):
    """Lints the wrapper: every mapped path must exist with the probe's width."""
    with tempfile.TemporaryDirectory() as tmp:
        wrap = os.path.join(tmp, "stc_own_wrap.v")
        with open(wrap, "w") as f:
            f.write(text)
        cmd = [args.verilator, "--lint-only", "-Wno-fatal", "-Wno-PINMISSING", "--top-module",
               args.module, "--Mdir", tmp, wrap] + args.srcs
        r = run_verilator(cmd)
    bad = []
    for l in r.stderr.splitlines():
        m = re.match(r"^%(Error|Warning-WIDTH)[^:]*: " + re.escape(wrap) + r":(\d+):\d+: (.*)$", l)
        if m and int(m.group(2)) in origin:
            bad.append("%s:%d: %s" % (args.probe_map, origin[int(m.group(2))], m.group(3)))
    if bad or r.returncode != 0:
        for b in dict.fromkeys(bad):
            print("rtl-ports: %s" % b, file=sys.stderr)
        if not bad:
            print(r.stderr.strip(), file=sys.stderr)
        die("rtl-ports: the probe map %s does not fit %s; nothing was built"
            % (args.probe_map, args.top))


def _decls(path):
    """(packages declared, interfaces declared, packages used) of a file,
    comments and strings aside; empty when it cannot be read (the compiler
    will say why)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return set(), set(), set()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
    pkgs = set(re.findall(r"^\s*package\s+(?:automatic\s+|static\s+)?(\w+)", text, re.M))
    ifs = set(re.findall(r"^\s*interface\s+(?:automatic\s+|static\s+)?(\w+)", text, re.M))
    used = set(re.findall(r"\b(\w+)\s*::", text)) - pkgs
    return pkgs, ifs, used


def order_sources(srcs):
    """The compile order of --order (see the module's doc)."""
    files = []
    for s in srcs:
        hits = sorted(glob.glob(s)) if glob.has_magic(s) else []
        files.extend(hits or [s])
    decl = {f: _decls(f) for f in files}
    pkg_files = [f for f in files if decl[f][0]]
    owner = {p: f for f in pkg_files for p in decl[f][0]}
    ordered, done = [], set()

    def visit(f, path):
        if f in done or f in path:
            return  # a cycle is the compiler's to report
        for p in sorted(decl[f][2]):
            if p in owner and owner[p] != f:
                visit(owner[p], path | {f})
        done.add(f)
        ordered.append(f)

    for f in pkg_files:
        visit(f, frozenset())
    ordered += [f for f in files if f not in done and decl[f][1]]
    done.update(ordered)
    ordered += [f for f in files if f not in done]
    return ordered


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--order":
        print(" ".join(order_sources(sys.argv[2:])))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top", required=True)
    ap.add_argument("--n", type=int, required=True)
    ap.add_argument("--m-max", type=int, required=True)
    ap.add_argument("--kb-max", type=int, required=True)
    ap.add_argument("--level", default="cycle", choices=("cycle", "ports", "txn"))
    ap.add_argument("--wrap", required=True)
    ap.add_argument("--verilator", default="verilator")
    ap.add_argument("--probe-map", default="")
    ap.add_argument("--module", default="stc_own_wrap", help="the wrapper's module name")
    ap.add_argument("--pe-arrays", action="store_true",
                    help="leave the per-PE probes out of the wrapper: the runner reads the PE array")
    ap.add_argument("srcs", nargs="+")
    args = ap.parse_args()
    for s in args.srcs:
        if not os.path.isfile(s):
            die("rtl-ports: RTL_SRCS: no such file: %s" % s)
    req = required(args.n, clog2(args.m_max), clog2(args.kb_max), args.kb_max)
    ports, params = top_ports(args)
    pmap = read_map(args.probe_map, req, ports, args.n, clog2(args.m_max)) if args.probe_map else {}
    problems = []
    for name, d, w, probe in req:
        if name in pmap:
            continue
        if name not in ports:
            if not probe or args.level == "cycle":
                problems.append("missing %s port %s (%d bit%s)%s" % (
                    d, name, w, "s" if w > 1 else "",
                    " - a probe of section 8, needed at COMPARE=cycle (a port, or a line of "
                    "PROBE_MAP); COMPARE=ports or txn run without it" if probe else ""))
            continue
        gd, gw = ports[name]
        if gd != d:
            problems.append("port %s is an %s, docs/architecture.md wants an %s" % (name, gd, d))
        elif gw != w:
            problems.append("port %s is %s bits wide, docs/architecture.md wants %d at N=%d, "
                            "M_MAX=%d, KB_MAX=%d" % (name, gw, w, args.n, args.m_max, args.kb_max))
    extra = sorted(set(ports) - {r[0] for r in req})
    if problems:
        for p in problems:
            print("rtl-ports: %s: %s" % (args.top, p), file=sys.stderr)
        print("rtl-ports: %s does not have the tile's ports (docs/architecture.md sections 3 "
              "and 8); nothing was built" % args.top, file=sys.stderr)
        sys.exit(2)
    if extra:
        print("rtl-ports: %s: ports the harness does not drive (left open): %s"
              % (args.top, " ".join(extra)), file=sys.stderr)
    text, origin = wrapper(args, req, ports, params, pmap)
    if pmap:
        check_map(args, text, origin)
    missing = [r[0] for r in req if r[3] and r[0] not in ports and r[0] not in pmap]
    if not args.pe_arrays:
        # What the C shim must know of the wrapper: whether the counters
        # are the design's or tied to 0 (then nothing checks or reports them).
        # And the make variables that rebuild this model, which the
        # runners append to the make lines they print.
        make_vars = "RTL_SRCS=%s RTL_TOP=%s" % (shlex.quote(" ".join(args.srcs)), args.top)
        if args.probe_map:
            make_vars += " PROBE_MAP=%s" % shlex.quote(args.probe_map)
        write_if_changed(os.path.splitext(args.wrap)[0] + ".h", "\n".join([
            "// Generated by scripts/rtl_ports.py: what the wrapper of %s ties off," % args.top,
            "// and how make rebuilds it.",
            "#define STC_RTL_HAS_CNT %d" % (0 if "dbg_cnt_o" in missing else 1),
            "#define STC_RTL_MAKE_VARS %s" % json.dumps(make_vars, ensure_ascii=False), ""]))
    write_if_changed(args.wrap, text)
    print("rtl-ports: %s has the ports of docs/architecture.md at N=%d%s%s" % (
        args.top, args.n, "" if not pmap else
        "; %d probe(s) from the probe map %s" % (len(pmap), args.probe_map), "" if not missing else
        "; %d probe(s) missing, tied to 0 (COMPARE=%s)" % (len(missing), args.level)))


if __name__ == "__main__":
    main()
