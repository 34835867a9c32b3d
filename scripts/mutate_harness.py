#!/usr/bin/env python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""mutate_harness.py - mutation testing of the harness itself (make mutate-harness).

The RTL's mutation campaign (make mutate) asks whether the harness catches
a broken tile. This one asks whether the harness's own checks are needed:
it plants one small, realistic mistake at a time in the harness's C
(sim/core: the host's rules, the step, the compare, the lockstep loop, the
per-file layer and report with its JUnit and CSV writers;
sim/apps/stc_sim_main.c: the verdict and the reports' exit status) and sees
whether anything notices:

  1. the unit tests (build/stc_unit_tests relinked with the mutant), which
     plant each rule's violation in the model-backed double;
  2. the bug judges: every hand-written bug of tb/bugs (stock tile, make
     bugs) and tb/rowpar/bugs (second tile at txn, make own-rtl-test),
     each rerun on the whole run that caught it with its runner relinked:
     it must still fail with verdict 1, a FAIL line and a JUnit <failure>
     whose message says what the console said (the cycle and signal, or
     a time-out); a malformed vector, and a run that cannot start, must
     still be an error (verdict 2, a JUnit <error> saying why);
  3. the judge of the dbuf tile's cycle range (tb/compare/stall-counted-
     twice.patch on the dbuf tile at --compare ports: only that rule sees
     it, and it must still fail);
  4. the clean judges: the stock tile and tb/rowpar on streams with
     stalls, resets and faults, the stock tile on the corners stream (M =
     1024, 64 blocks: counters past 16 bits), the dbuf tile with stalls
     (its cycle count has a range), the tracing build with --trace (which
     must leave its trace): they must still pass (a mutant that fails
     everything is caught here).

A mutant that none of them notices survives; a survivor is either
equivalent (listed with its reason in scripts/mutate_harness_equivalent.txt)
or a missing test. Mutation operators: relational operators (< <= > >= ==
!=), && / ||, compound assignment to plain (+= |= -> =), an off-by-one in
an added or subtracted 1, a dropped if condition (if (0 && (c))), a
narrowed integer type (uint32_t -> uint16_t, int32_t -> int16_t, uint64_t
-> uint32_t), a flipped boolean return. Sites are numbered in file order;
by default every one is judged (--jobs at once); --shard I/K judges every
K-th from the I-th (a campaign split across machines or sessions, its
results files merged by --merge into every site's table), --rotate SEED
the shard SEED % K + 1 of --shards K (the CI subset: successive seeds walk
through every site), --count N draws N with --seed. Mutants that do not
compile are stillborn and not counted. Each verdict is appended to
OUT/results.tsv.partial as it comes; --resume keeps those of a stopped
run of the same selection and judges the rest.

  scripts/mutate_harness.py [--shard I/K | --rotate SEED [--shards K] |
                             --count N [--seed S] | --key KEY...] [--jobs J] [--out DIR] [--resume]
                            [--build DIR] [--own-rtl-dir DIR] [--doc FILE] [--list]
  scripts/mutate_harness.py --merge RESULTS... [--partial] [--out DIR] [--doc FILE]
  scripts/mutate_harness.py --rejudge RESULTS [--jobs J] [--out DIR]

Needs make bugs and make own-rtl-test to have run (their binaries and
first-failure.args) and make unit. Exit 0: every non-equivalent mutant
killed and the score at least --min-score; 1: an unexplained survivor or a
lower score; 2: set-up error.
"""

import argparse
import concurrent.futures
import hashlib
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile
import time
import signal
import xml.etree.ElementTree as ET

# The files mutated, and of stc_sim_main.c only the functions that decide
# or record a verdict (its option parsing and traces are the CLI's, tested
# by cli-test, not judged here).
FILES = ["sim/core/stc_host.c", "sim/core/stc_step.c", "sim/core/stc_compare.c",
         "sim/core/stc_lockstep.c", "sim/core/stc_run_report.c", "sim/core/stc_run_file.c",
         "sim/apps/stc_sim_main.c"]
FUNCTIONS = {"sim/apps/stc_sim_main.c": {"run_one", "run_checked", "print_outcome",
                                         "write_reports", "main"}}
EQUIV = "scripts/mutate_harness_equivalent.txt"
# Stands for the judged mutant's own temporary directory in a judge's args.
TMP = "@TMP@"


def run_bounded(args, seconds):
    """Runs args in a process group of its own; past `seconds` the whole
    group is killed (a mutant that loops forever, and the test runner's
    workers with it). Returns (returncode or None on a time-out, output)."""
    return run_bounded_env(args, seconds, None)


def run_bounded_env(args, seconds, env):
    """run_bounded with the environment env (None: this one's)."""
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         start_new_session=True, env=env)
    try:
        out, _ = p.communicate(timeout=seconds)
        return p.returncode, out
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return None, ""


def die(msg):
    print("mutate-harness: %s" % msg, file=sys.stderr)
    sys.exit(2)


# ---- mutation sites ----------------------------------------------------------

def code_mask(line):
    """The line with string and char literals and // comments blanked, so
    that operators inside them are never mutated."""
    out, i, n = [], 0, len(line)
    while i < n:
        c = line[i]
        if c in "\"'":
            j = i + 1
            while j < n and line[j] != c:
                j += 2 if line[j] == "\\" else 1
            out.append(" " * (min(j, n - 1) - i + 1))
            i = j + 1
        elif line.startswith("//", i) or line.startswith("/*", i):
            out.append(" " * (n - i))
            break
        else:
            out.append(c)
            i += 1
    return "".join(out)[:n]


# (regex on the masked line, replacement, operator name)
OPERATORS = [
    (r"(?<![<>=!&|+\-*/%^])<(?![<=])", "<=", "rel"),
    (r"(?<![<>])<=", "<", "rel"),
    (r"(?<![<>=\-])>(?![>=])", ">=", "rel"),
    (r"(?<![<>])>=", ">", "rel"),
    (r"==", "!=", "rel"),
    (r"!=", "==", "rel"),
    (r"&&", "||", "logic"),
    (r"\|\|", "&&", "logic"),
    (r"\+=", "=", "assign"),
    (r"\|=", "=", "assign"),
    (r"(?<=[+-] )1(?![0-9xXuU.])", "2", "off-by-one"),
    (r"\buint32_t\b", "uint16_t", "narrow"),
    (r"\bint32_t\b", "int16_t", "narrow"),
    (r"\buint64_t\b", "uint32_t", "narrow"),
    (r"\breturn true;", "return false;", "return"),
    (r"\breturn false;", "return true;", "return"),
]


def sites(path):
    """Every mutation site of a file: (line index, start, end, new, op)."""
    out = []
    in_block = False
    only = FUNCTIONS.get(path)
    func = None
    lines = open(path).read().split("\n")
    for li, line in enumerate(lines):
        s = line.strip()
        fm = re.match(r"^[a-z][\w ]*[ *](\w+)\(", line)
        if fm and not s.endswith(";"):
            func = fm.group(1)
        elif line.startswith("}"):
            func = None
        if only is not None and func not in only:
            continue
        # Skip block comments, preprocessor lines and declarations of
        # tables and prototypes' parameter lists are kept (they are code).
        if in_block:
            if "*/" in line:
                in_block = False
            continue
        if s.startswith("/*") or s.startswith("*"):
            in_block = s.startswith("/*") and "*/" not in s
            continue
        if s.startswith("#"):
            continue
        m = code_mask(line)
        # A comment that opens here and runs on: the rest is not code.
        if "/*" in m:
            m = m[:m.index("/*")]
        for rx, new, op in OPERATORS:
            for mo in re.finditer(rx, m):
                # "->" is not a relational operator; "#include <x>" was skipped.
                if op == "rel" and mo.group(0) == ">" and mo.start() > 0 and m[mo.start() - 1] == "-":
                    continue
                out.append((li, mo.start(), mo.end(), new, op))
        ifm = re.search(r"\bif \(", m)
        if ifm:
            out.append((li, ifm.end(), ifm.end(), "0 && ", "drop-if"))
    return lines, out


def mutant_key(path, line, start, op, new, nth):
    """A key that survives edits elsewhere in the file: the file, the
    stripped text of the line, the column, the replacement, and which of
    the file's identical lines it is (nth: 0 for the first)."""
    h = hashlib.sha1(("%s|%s|%d|%s|%s|%d" % (path, line.strip(), start, op, new, nth)).encode())
    return h.hexdigest()[:12]


def all_mutants():
    muts = []
    for path in FILES:
        lines, ss = sites(path)
        for li, a, b, new, op in ss:
            line = lines[li]
            nth = sum(1 for l in lines[:li] if l.strip() == line.strip())
            text = line[:a] + new + line[b:]
            if op == "drop-if":
                # if (c) -> if (0 && (c)): wrap the whole condition.
                close = matching_paren(line, a - 1)
                if close < 0:
                    continue
                text = line[:a] + "0 && (" + line[a:close] + ")" + line[close:]
            muts.append({"file": path, "line": li + 1, "op": op, "old": line.strip(),
                         "new": text.strip(), "text": text,
                         "key": mutant_key(path, line, a, op, new, nth)})
    return muts


def matching_paren(line, i):
    depth = 0
    for j in range(i, len(line)):
        if line[j] == "(":
            depth += 1
        elif line[j] == ")":
            depth -= 1
            if depth == 0:
                return j
    return -1


# ---- building ----------------------------------------------------------------

def make_dry(target, src, extra):
    """make -n's recipe lines for target with src pretended new (-W)."""
    cmd = ["make", "--no-print-directory", "-n", "-W", src, target] + extra
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        die("cannot plan %s: %s" % (target, r.stderr.strip()[-400:]))
    return r.stdout.replace("\\\n", " ").split("\n")


def link_line(target, extra):
    """The link command of target, as make -n plans it: the linker's own
    words (a recipe that links to target.tmp and renames it, the Makefile's
    LINKED, is cut at its &&; the caller sets -o)."""
    for l in make_dry(target, FILES[0], extra):
        if re.match(r"^\S*g\+\+ -o %s(\.tmp)?( |$)" % re.escape(target), l.strip()):
            args = shlex.split(l)
            return args[:args.index("&&")] if "&&" in args else args
    die("no link line for %s in make -n" % target)


def compile_line(path, build, extra=()):
    obj = "%s/%s.o" % (build, os.path.splitext(path)[0])
    for l in make_dry(obj, path, list(extra)):
        if " -c %s " % path in l and l.split()[0] in ("cc", "gcc", "clang"):
            args = shlex.split(l)
            # A mutant may warn (a narrowed type); it is still a mutant. No
            # dependency file (-MF/-MT without -MMD is a compiler error).
            out, skip = [], False
            for a in args:
                if skip:
                    skip = False
                elif a in ("-MF", "-MT", "-MQ"):
                    skip = True
                elif a not in ("-Werror", "-MMD", "-MP"):
                    out.append(a)
            return out
    die("no compile line for %s" % obj)


def compile_copy(path, text, src, build, extra=()):
    """text, written to src, compiled as make compiles path (its own
    directory first: the copy's includes are the file's); the object's
    path and the compiler's result."""
    with open(src, "w") as f:
        f.write(text)
    obj = src[:-2] + ".o"
    args = compile_line(path, build, extra)
    args[args.index("-c") + 1] = src
    args[args.index("-o") + 1] = obj
    args.insert(1, "-I" + os.path.dirname(path))
    return obj, subprocess.run(args, capture_output=True, text=True)


def check_compiles(files, build, tmp):
    """Each file, unmutated, through the mutants' compile: a line that
    cannot compile the file itself would make every mutant stillborn and
    the campaign a silent 100% (it did, after the build's compile lines
    gained -MF: 15 of 15 stillborn, and the CI subset passed)."""
    for path in files:
        src = os.path.join(tmp, "unmutated-" + os.path.basename(path))
        _, r = compile_copy(path, open(path).read(), src, build)
        if r.returncode != 0:
            die("%s does not compile unmutated with the campaign's compile line %s: %s"
                % (path, " ".join(r.args), r.stderr.strip()[-400:]))


def build_mutant(m, build, tmp, extra=(), tag=""):
    """Compiles the mutant's object (as make compiles it with the variables
    extra; tag names the copy); returns its path or None (stillborn)."""
    lines = open(m["file"]).read().split("\n")
    lines[m["line"] - 1] = m["text"]
    src = os.path.join(tmp, tag + os.path.basename(m["file"]))
    obj, r = compile_copy(m["file"], "\n".join(lines), src, build, extra)
    return obj if r.returncode == 0 else None


class Sanitized:
    """The unit tests as make asan builds and runs them (ASan and UBSan,
    any report fatal): the last judge, of a mutant every other judge let
    through. An index one past an array that no value shows (a loop bound
    <= for <, reading or writing the next object) is seen only here."""

    def __init__(self, build):
        lines = make_dry("asan", FILES[0], ["BUILD=" + build])
        first = shlex.split(lines[0]) if lines else []
        self.vars = [a for a in first if re.match(r"^(BUILD|EXTRA_CFLAGS|EXTRA_LDFLAGS)=", a)]
        env = next((l for l in lines if l.startswith("ASAN_OPTIONS=")), "")
        self.env = dict(os.environ, **dict(a.split("=", 1) for a in shlex.split(env)
                                            if re.match(r"^[AU][A-Z]*SAN_OPTIONS=", a)))
        sbuild = next((v.split("=", 1)[1] for v in self.vars if v.startswith("BUILD=")), "")
        if len(self.vars) != 3 or "ASAN_OPTIONS" not in self.env or not sbuild:
            die("cannot read make asan's build (make -n asan: %r)" % lines[:3])
        self.build = sbuild
        self.binary = sbuild + "/stc_unit_tests"
        if not os.access(self.binary, os.X_OK):
            die("no %s: build it first (make mutate-harness-prep does)" % self.binary)
        self.link = link_line(self.binary, self.vars)

    def holds(self, m, tmp):
        """False if the mutant fails the sanitized unit tests (None: the
        unmutated tree, which must pass them)."""
        orig, obj = "/%s.o" % os.path.splitext(FILES[0] if m is None else m["file"])[0], None
        if m is not None:
            obj = build_mutant(m, self.build, tmp, self.vars, "asan-")
            if obj is None:
                return True  # compiles plainly but not here: nothing to judge
        exe = os.path.join(tmp, "unit-asan")
        args = list(self.link)
        args[args.index("-o") + 1] = exe
        if obj is not None:
            if not relink(self.link, orig, obj, exe):
                return True
        elif subprocess.run(args, capture_output=True).returncode != 0:
            return False
        rc, _ = run_bounded_env([exe, "--jobs=2"], 300, self.env)
        return rc == 0


def relink(line, orig_obj, obj, out):
    args = list(line)
    args[args.index("-o") + 1] = out
    hit = [i for i, a in enumerate(args) if a.endswith(orig_obj)]
    if not hit:
        return False  # this binary does not link that file
    for i in hit:
        args[i] = obj
    return subprocess.run(args, capture_output=True).returncode == 0


# ---- judges ------------------------------------------------------------------

class Judge:
    """One run a mutant must not change: a bug that must still fail with
    verdict 1 (and a FAIL line and a JUnit failure), or a clean run that
    must still pass."""

    def __init__(self, name, binary, args, want, make_target, make_extra, error_says=None,
                 closing_says=None, fail_says=None, writes=None):
        self.name, self.binary, self.args, self.want = name, binary, args, want
        self.error_says = error_says  # want 2: what the JUnit <error> must say
        self.fail_says = fail_says  # want 1: what the console must say too
        self.closing_says = closing_says  # want 0: what the closing line must say
        self.writes = writes  # want 0: a file the run must write (not empty)
        self.link = link_line(make_target, make_extra)

    def holds(self, exe, tmp):
        # A file the run writes goes into the mutant's own directory (@TMP@
        # in args and writes), so that mutants judged at once never share one.
        args = [x.replace(TMP, tmp) for x in self.args]
        writes = self.writes.replace(TMP, tmp) if self.writes is not None else None
        junit = os.path.join(tmp, "j.xml")
        for f in (junit, writes):
            if f is not None and os.path.exists(f):
                os.remove(f)
        cut = args.index("--")
        rc, out = run_bounded([exe] + args[:cut] + ["--junit", junit] + args[cut:], 300)
        if rc != self.want:
            return False
        # The file is there, not empty, and the run says it wrote it.
        if writes is not None and not (os.path.isfile(writes) and os.path.getsize(writes) > 0
                                       and "written: " + writes in out):
            return False
        try:
            root = ET.parse(junit).getroot()
        except (OSError, ET.ParseError):
            return False
        failures = [f.get("message", "") for f in root.iter("failure")]
        errors = root.findall(".//error")
        if self.want == 2:  # bad input: an <error>, never a <failure>
            says = self.error_says is None or any(self.error_says in e.get("message", "")
                                                  for e in errors)
            return bool(errors) and not failures and "] ERROR " in out and says
        if self.want == 1:
            # The first failure's JUnit message says what the console said:
            # a hang as a time-out, anything else with its cycle and signal.
            m = re.search(r"^  first divergence: cycle (\d+), (.*?)( \(command -?\d+\))?$", out, re.M)
            if not failures or "] FAIL " not in out or errors or not m:
                return False
            if self.fail_says is not None and self.fail_says not in out:
                return False
            if "TIMEOUT " in out.split("first divergence")[0]:
                return failures[0].startswith("timeout: ")
            # Rows that differ with every cycle and rule right (the
            # scoreboard's or the file's C) are said as such; the rest
            # name the cycle and the signal or rule.
            if m.group(2) == "result" or m.group(2).startswith("txn: "):
                return failures[0].startswith("wrong result rows")
            return "cycle %s: %s" % (m.group(1), m.group(2)) in failures[0]
        # A passing file has nothing to reproduce.
        if failures or errors or "] PASS " not in out or "  reproduce: " in out:
            return False
        # A run of streams only: the closing line's commands and cycles are
        # the sums of the files' (each stream's line gives both).
        passes = re.findall(r"^\[ *\d+/\d+\] PASS .*$", out, re.M)
        streams = [(int(n), int(c)) for n, c in re.findall(
            r"^\[ *\d+/\d+\] PASS .* commands=(\d+)/\d+.* cycles=(\d+)$", out, re.M)]
        total = re.search(r"^cosim N=\d+ .*: (\d+) commands, (\d+) cycles in ", out, re.M)
        if self.closing_says is not None and (total is None or self.closing_says not in total.group(0)):
            return False
        if streams and len(streams) == len(passes):
            return total is not None and (int(total.group(1)), int(total.group(2))) == (
                sum(n for n, _ in streams), sum(c for _, c in streams))
        return True


class ExitJudge(Judge):
    """A command line the runner must refuse before it runs anything: exit
    want, no JUnit (nothing ran)."""

    def holds(self, exe, tmp):
        rc, _ = run_bounded([exe] + [a.replace(TMP, tmp) for a in self.args if a != "--"], 60)
        return rc == self.want


def failing_run(suite_dir):
    """The options and files of the suite's first failing run, as the
    suite ran it (its parts/LABEL.spec: runner, verbose flag, options, --,
    files): the whole run, since a file may fail only after the ones
    before it (a missing reset shows the previous file's state)."""
    try:
        with open(os.path.join(suite_dir, "runs.txt")) as f:
            label = next(l.split()[0] for l in f if l.split()[1:2] == ["1"])
        with open(os.path.join(suite_dir, "parts", label + ".spec")) as f:
            spec = [l for l in f.read().split("\n") if l != ""]
    except (OSError, StopIteration):
        return None, None
    return label, spec[2:]


def judges(build, own, tmpdir):
    js = []
    bugs = sorted(os.listdir("tb/bugs"))
    for p in bugs:
        bid = p[:-len(".patch")]
        label, run = failing_run("%s/bugs/%s" % (build, bid))
        binary = "%s/bugs/%s/stc_sim-n4" % (build, bid)
        if run is None:
            die("no failing run of tb/bugs/%s in %s/bugs/%s: run make bugs first" % (bid, build, bid))
        if label.startswith("icg-"):
            continue  # an ICG-only bug: its runner is the ICG build's
        js.append(Judge("tb/bugs/" + bid, binary, run, 1, binary, []))
    for p in sorted(os.listdir("tb/rowpar/bugs")):
        bid = p[:-len(".patch")]
        bdir = "%s/build-rowpar-%s" % (own, bid)
        _, run = failing_run(bdir + "/sim-n4")
        if run is None:
            die("no failing run of tb/rowpar/bugs/%s in %s: run make own-rtl-test first" % (bid, bdir))
        srcs = " ".join(sorted("%s/rowpar-src-%s/tb/rowpar/rtl/%s" % (own, bid, f)
                               for f in os.listdir("%s/rowpar-src-%s/tb/rowpar/rtl" % (own, bid))))
        extra = ["N=4", "COMPARE=txn", "RTL_TOP=stc_rowpar_tile", "RTL_SRCS=" + srcs, "BUILD=" + bdir]
        js.append(Judge("tb/rowpar/bugs/" + bid, bdir + "/stc_sim-n4", run, 1,
                        bdir + "/stc_sim-n4", extra))
    mix = "vectors/regression/stream-mix-n4-l40-s2.vec"
    # With --csv, as make sim runs it: a report written is no failure (the
    # bugs' reproduce lines name none).
    js.append(Judge("clean: stock tile, stream, 30% stalls, random policy, reset, --csv",
                    build + "/stc_sim-n4",
                    ["--seed", "7", "--stall", "30", "--policy", "random", "--reset-at", "700",
                     "--csv", TMP + "/clean.csv", "--", mix, mix],
                    0, build + "/stc_sim-n4", []))
    # The tracing build (make wave's) with --trace: the run passes and
    # leaves its trace.
    fst = TMP + "/clean.fst"
    js.append(Judge("clean: tracing build, --trace writes the trace", build + "/stc_sim-n4-trace",
                    ["--seed", "2", "--stall", "10", "--trace", fst, "--",
                     "vectors/regression/sp24-n4-2of4-m16-k64-s1.vec"],
                    0, build + "/stc_sim-n4-trace", [], writes=fst))
    # The malformed file first: a good file after it must not wash the
    # error out of the run's verdict.
    js.append(Judge("bad input: a malformed vector, then a good one, is an error, not a failure",
                    build + "/stc_sim-n4",
                    ["--seed", "1", "--stall", "0", "--", "tb/bad_vectors/non-hex.vec",
                     "vectors/regression/sp24-n4-2of4-m2-k16-s1.vec"], 2,
                    build + "/stc_sim-n4", []))
    # A file the run cannot start (here --meta-fault on a dense command,
    # which has no metadata to fault) is an error that says why, at the
    # txn level too, whose other reason is the golden model's own run.
    js.append(Judge("bad input: a run that cannot start is an error that says why",
                    build + "/stc_sim-n4",
                    ["--seed", "1", "--stall", "0", "--compare", "txn", "--meta-fault", "--",
                     "vectors/regression/dense-n4-dense-m16-k32-s1.vec"], 2, build + "/stc_sim-n4", [],
                    error_says="(--meta-fault needs a 2:4 command with a loaded block)"))
    # The golden model's own run failing (a hang limit under its FLUSH) is
    # a set-up error that says so, not the reasons of the other errors.
    js.append(Judge("bad input: a golden model that fails its own txn run is an error that says so",
                    build + "/stc_sim-n4",
                    ["--seed", "1", "--stall", "0", "--compare", "txn", "--hang-cycles", "1", "--",
                     "vectors/regression/sp24-n4-2of4-m16-k64-s1.vec"], 2, build + "/stc_sim-n4", [],
                    error_says="(the golden model fails its own run, see above)"))
    js.append(ExitJudge("bad input: an unknown option is refused", build + "/stc_sim-n4",
                        ["--no-such-option", "--", mix], 2, build + "/stc_sim-n4", []))
    js.append(Judge("clean: stock tile, metadata faults", build + "/stc_sim-n4",
                    ["--seed", "3", "--stall", "20", "--meta-fault", "--",
                     "vectors/regression/sp24-n4-2of4-m16-k64-s1.vec"], 0, build + "/stc_sim-n4", []))
    # The corners stream (M = 1024, 64 blocks: counters past 16 bits) and
    # the dbuf tile with stalls (its cycle count has a range, not a value).
    corners = os.path.join(tmpdir, "corners-n4.vec")
    if subprocess.run([build + "/stc_vecgen", "--stream", "corners", "--n", "4", "--seed", "1",
                       "-o", corners], capture_output=True).returncode != 0:
        die("cannot write the corners stream with %s/stc_vecgen" % build)
    js.append(Judge("clean: stock tile, the corners stream", build + "/stc_sim-n4",
                    ["--seed", "11", "--stall", "10", "--policy", "early", "--", corners], 0,
                    build + "/stc_sim-n4", []))
    dbuf = build + "/uarch-dbuf"
    js.append(Judge("clean: dbuf tile, 40% stalls, single passes and a stream", dbuf + "/stc_sim-n4",
                    ["--seed", "5", "--stall", "40", "--policy", "random", "--",
                     "vectors/regression/sp24-n4-2of4-m2-k16-s1.vec",
                     "vectors/regression/corner-m1-n4-2of4-m1-k32-s1.vec",
                     "vectors/regression/dense-n4-dense-m16-k32-s1.vec", mix], 0, dbuf + "/stc_sim-n4",
                    ["UARCH=dbuf", "BUILD=" + dbuf], closing_says=" rtl=dbuf:"))
    # The dbuf tile's cycle range (section 11), the one rule that sees a
    # stalled cycle counted twice at the ports level (make compare-test).
    stall2 = build + "/compare/dbuf-stall2/stc_sim-n4"
    js.append(Judge("tb/compare/stall-counted-twice: the dbuf tile's cycle range at ports", stall2,
                    ["--seed", "3", "--stall", "20", "--policy", "random", "--compare", "ports", "--", mix],
                    1, stall2, [], fail_says="  diagnosis: not timing: "))
    rp = "%s/build-rowpar-clean" % own
    srcs = " ".join(sorted("tb/rowpar/rtl/" + f for f in os.listdir("tb/rowpar/rtl")))
    js.append(Judge("clean: tb/rowpar at txn, stream, 30% stalls, reset", rp + "/stc_sim-n4",
                    ["--seed", "7", "--stall", "30", "--policy", "random", "--reset-at", "700",
                     "--compare", "txn", "--", mix], 0, rp + "/stc_sim-n4",
                    ["N=4", "COMPARE=txn", "RTL_TOP=stc_rowpar_tile", "RTL_SRCS=" + srcs, "BUILD=" + rp]))
    return js


def judge_mutant(m, build, unit_link, js, san, tmp):
    obj = build_mutant(m, build, tmp)
    if obj is None:
        return "stillborn", ""
    orig = "%s/%s.o" % (build, os.path.splitext(m["file"])[0])
    orig = orig[len(build):]  # match by the path below BUILD
    exe = os.path.join(tmp, "unit")
    if relink(unit_link, orig, obj, exe):
        rc, _ = run_bounded([exe, "--jobs=2"], 60)
        if rc != 0:
            return "killed", "unit tests" if rc is not None else "unit tests (a hang, killed after 60 s)"
    for j in js:
        exe = os.path.join(tmp, "runner")
        if not relink(j.link, orig, obj, exe):
            continue
        if not j.holds(exe, tmp):
            return "killed", j.name
    if san is not None and not san.holds(m, tmp):
        return "killed", "unit tests under ASan+UBSan"
    return "survived", ""


def read_equivalent():
    eq = {}
    if os.path.exists(EQUIV):
        for l in open(EQUIV):
            l = l.rstrip("\n")
            if l and not l.startswith("#"):
                key, _, why = l.partition("\t")
                eq[key.strip()] = why.strip()
    return eq


def parse_shard(text):
    """'I/K' -> (I, K) with 1 <= I <= K, or a set-up error."""
    m = re.fullmatch(r"(\d+)/(\d+)", text or "")
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        die("--shard %r: give I/K with 1 <= I <= K (every K-th site from the I-th)" % text)
    return int(m.group(1)), int(m.group(2))


def select(muts, a):
    """The mutants judged, and the selection in words (the console, the
    results file's first line, the docs)."""
    if a.rotate is not None:
        # The CI subset: one shard of the whole, chosen by the seed, so
        # that successive seeds (CI passes the commit's time) walk through
        # every site, and the same seed judges the same sites.
        i, k = a.rotate % a.shards + 1, a.shards
        return muts[i - 1::k], "shard %d/%d (chosen by --rotate %d)" % (i, k, a.rotate)
    if a.key:
        # Named mutants (a survivor judged again once its test is written).
        unknown = sorted(set(a.key) - {m["key"] for m in muts})
        if unknown:
            die("no mutation site has the key %s (keys: --list)" % ", ".join(unknown))
        return [m for m in muts if m["key"] in a.key], "the mutants %s" % ", ".join(a.key)
    if a.shard:
        i, k = parse_shard(a.shard)
        return muts[i - 1::k], "shard %d/%d" % (i, k)
    if a.count == 0 or a.count >= len(muts):
        return list(muts), "every site"
    rng = random.Random(a.seed)
    pick = sorted(rng.sample(range(len(muts)), a.count))
    return [muts[i] for i in pick], "%d drawn with seed %d" % (a.count, a.seed)


def judge_all(sample, build, unit_link, js, san, jobs):
    """Judges every mutant, jobs at once (each in its own directory);
    yields (mutant, verdict, by, seconds) in the sample's order."""
    def one(m):
        t0 = time.monotonic()
        with tempfile.TemporaryDirectory() as tmp:
            verdict, by = judge_mutant(m, build, unit_link, js, san, tmp)
        return verdict, by, time.monotonic() - t0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futures = [ex.submit(one, m) for m in sample]
        for m, f in zip(sample, futures):
            verdict, by, secs = f.result()
            yield m, verdict, by, secs


def apply_equivalent(verdict, by, key, eq):
    """A survivor listed in EQUIV is equivalent (with its reason); one no
    longer listed survives again."""
    if verdict in ("survived", "equivalent"):
        return ("equivalent", eq[key]) if key in eq else ("survived", "")
    return verdict, by


HEADER = "key\tfile\tline\top\tverdict\tby\tseconds\tmutant"


def head_line(selection, nsites):
    return "# mutate-harness: %s of %d sites" % (selection, nsites)


def row_line(m, v, by, secs):
    return "%s\t%s\t%d\t%s\t%s\t%s\t%.1f\t%s\n" % (m["key"], m["file"], m["line"], m["op"], v, by,
                                                   secs, m["new"])


def write_results(path, selection, nsites, rows):
    """The results, atomically: a first line naming the selection and the
    number of sites (the merge checks both), then one row per mutant."""
    with open(path + ".tmp", "w") as f:
        f.write("%s\n%s\n" % (head_line(selection, nsites), HEADER))
        for m, v, by, secs in rows:
            f.write(row_line(m, v, by, secs))
    os.replace(path + ".tmp", path)


VERDICTS = ("killed", "survived", "equivalent", "stillborn")


def parse_row(line):
    """(key, (verdict, by, seconds)) of one results row, None when the line
    is not one (a partial file's last line may be cut short)."""
    f = line.split("\t")
    if len(f) != 8 or f[4] not in VERDICTS:
        return None
    try:
        return f[0], (f[4], f[5], float(f[6]))
    except ValueError:
        return None


def judged_before(partial, head, sample):
    """{key: (verdict, by, seconds)} of the mutants a run of the same
    selection judged before it was stopped (its partial results file), so
    that --resume judges only the rest; {} when there is none."""
    try:
        lines = open(partial).read().split("\n")
    except OSError:
        return {}
    if lines[:2] != [head, HEADER]:
        return {}
    keys, done = {m["key"] for m in sample}, {}
    for l in lines[2:]:
        row = parse_row(l)
        if row is not None and row[0] in keys:
            done[row[0]] = row[1]
    return done


def read_shard(path, muts, eq):
    """One shard's results file: its (I, K) and rows, checked against the
    sites as they are now (a shard judged before a site was added, removed
    or moved between shards is stale and must be judged again)."""
    try:
        lines = open(path).read().split("\n")
    except OSError as e:
        die("cannot read %s: %s" % (path, e))
    m = re.fullmatch(r"# mutate-harness: shard (\d+/\d+) of (\d+) sites", lines[0])
    if not m or lines[1:2] != [HEADER]:
        die("%s:1: not a shard's results (want '# mutate-harness: shard I/K of N sites' and the "
            "header)" % path)
    i, k = parse_shard(m.group(1))
    want = muts[i - 1::k]
    by_key = {}
    for n, l in enumerate(lines[2:], start=3):
        if not l:
            continue
        row = parse_row(l)
        if row is None:
            die("%s:%d: malformed row" % (path, n))
        by_key[row[0]] = row[1]
    if int(m.group(2)) != len(muts) or sorted(by_key) != sorted(x["key"] for x in want):
        die("%s: stale: shard %d/%d of %s sites, the harness now has %d and the shard's sites "
            "differ; judge it again (make mutate-harness SHARD=%d/%d)"
            % (path, i, k, m.group(2), len(muts), i, k))
    rows = []
    for x in want:
        v, by, secs = by_key[x["key"]]
        v, by = apply_equivalent(v, by, x["key"], eq)
        rows.append((x, v, by, secs))
    return i, k, rows


def merge(paths, muts, eq, partial=False):
    """The shards 1/K .. K/K, each once, merged into every site's row (with
    partial, any of them: a campaign judged so far, said so)."""
    shards = {}
    for p in paths:
        i, k, rows = read_shard(p, muts, eq)
        if i in shards or (shards and k != next(iter(shards.values()))[0]):
            die("%s: shard %d/%d repeats a shard or mixes K with the others" % (p, i, k))
        shards[i] = (k, rows)
    k = next(iter(shards.values()))[0] if shards else 0
    if not shards or (not partial and sorted(shards) != list(range(1, k + 1))):
        die("the shards given (%s) are not 1/%d .. %d/%d" % (", ".join(
            "%d/%d" % (i, v[0]) for i, v in sorted(shards.items())), k, k, k))
    order = {m["key"]: n for n, m in enumerate(muts)}
    rows = sorted((r for _, (_, rs) in shards.items() for r in rs), key=lambda r: order[r[0]["key"]])
    if len(shards) < k:
        return rows, "shards %s merged (the campaign so far)" % (
            ", ".join("%d/%d" % (i, k) for i in sorted(shards)))
    return rows, "every site (%d shards merged)" % k


def report(a, rows, selection, nsites, secs_wall):
    """The closing lines, the results file and the docs table; the exit."""
    count = {v: sum(1 for r in rows if r[1] == v) for v in VERDICTS}
    scored = count["killed"] + count["survived"]
    score = 100.0 * count["killed"] / scored if scored else 100.0
    os.makedirs(a.out, exist_ok=True)
    tsv = os.path.join(a.out, "results.tsv")
    write_results(tsv, selection, nsites, rows)
    cpu = sum(r[3] for r in rows)
    print("mutate-harness: %d killed, %d equivalent, %d survived, %d stillborn: score %.1f%% of the "
          "non-equivalent mutants; %s of %d sites, %.0f s judging%s (results: %s)"
          % (count["killed"], count["equivalent"], count["survived"], count["stillborn"], score,
             selection, nsites, cpu, " (%.0f s wall)" % secs_wall if secs_wall else "", tsv))
    if count["survived"]:
        print("mutate-harness: survivors not explained in %s:" % EQUIV)
        for m, v, _, _ in rows:
            if v == "survived":
                print("  %s\t%s:%d %s: %s" % (m["key"], m["file"], m["line"], m["op"], m["new"]))
    if a.doc:
        write_doc(a.doc, rows, selection, nsites, count, score, cpu)
    return 0 if count["survived"] == 0 and score >= a.min_score else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=0, help="draw this many sites with --seed "
                    "(0, the default: every site)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shard", default="", help="I/K: every K-th site from the I-th")
    ap.add_argument("--rotate", type=int, default=None, metavar="SEED",
                    help="judge shard SEED %% K + 1 of --shards K (the CI subset)")
    ap.add_argument("--shards", type=int, default=48)
    ap.add_argument("--key", action="append", default=[], help="judge the mutant with this key "
                    "(repeatable; keys: --list)")
    ap.add_argument("--jobs", type=int, default=1, help="mutants judged at once")
    ap.add_argument("--merge", nargs="+", metavar="RESULTS", help="merge the results files of "
                    "shards 1/K .. K/K (judging nothing) and report them as every site's")
    ap.add_argument("--resume", action="store_true", help="keep the verdicts of a stopped run of "
                    "the same selection into the same --out (its results.tsv.partial)")
    ap.add_argument("--rejudge", metavar="RESULTS", help="a shard's results file: judge its "
                    "survivors and equivalents again, keep the rest, write the shard's results anew")
    ap.add_argument("--skip-listed", action="store_true", help="take the mutants listed "
                    "equivalent as they are, unjudged (the CI subset: each would survive every "
                    "judge, minutes for nothing; the whole campaign judges them)")
    ap.add_argument("--partial", action="store_true", help="with --merge: any of the shards 1/K .. "
                    "K/K (the campaign so far)")
    ap.add_argument("--out", default="build/mutate-harness")
    ap.add_argument("--build", default="build")
    ap.add_argument("--own-rtl-dir", default="build/own-rtl-test")
    ap.add_argument("--doc", default="", help="write the results into this file between the "
                    "<!--mutate-harness:begin--> and <!--mutate-harness:end--> markers")
    ap.add_argument("--min-score", type=float, default=90.0)
    ap.add_argument("--list", action="store_true", help="print the selected mutants and exit")
    a = ap.parse_args()
    if a.shards < 1 or a.jobs < 1 or a.count < 0:
        die("--shards and --jobs must be at least 1, --count at least 0")
    muts = all_mutants()
    eq = read_equivalent()
    if a.merge:
        rows, selection = merge(a.merge, muts, eq, a.partial)
        return report(a, rows, selection, len(muts), 0.0)
    kept = []
    if a.rejudge:
        # A slice's results with its survivors (and equivalents) judged
        # again, by the tests and judges as they are now; the rest kept.
        i, k, old = read_shard(a.rejudge, muts, eq)
        sample = [r[0] for r in old if r[1] in ("survived", "equivalent")]
        kept = [r for r in old if r[1] not in ("survived", "equivalent")]
        selection = "shard %d/%d" % (i, k)
    else:
        sample, selection = select(muts, a)
    if a.list:
        for m in sample:
            print("%s %s:%d %s: %s" % (m["key"], m["file"], m["line"], m["op"], m["new"]))
        return 0
    os.makedirs(a.out, exist_ok=True)
    unit_link = link_line(a.build + "/stc_unit_tests", [])
    js = judges(a.build, a.own_rtl_dir, a.out)
    san = Sanitized(a.build)
    # The unmutated harness, compiled and linked as the mutants are, must
    # satisfy every judge, or nothing means anything.
    with tempfile.TemporaryDirectory() as tmp:
        check_compiles(sorted({m["file"] for m in sample}), a.build, tmp)
        exe = os.path.join(tmp, "runner")
        for j in js:
            args = list(j.link)
            args[args.index("-o") + 1] = exe
            if subprocess.run(args, capture_output=True).returncode != 0 or not j.holds(exe, tmp):
                die("judge '%s' does not hold on the unmutated harness (%s %s)"
                    % (j.name, j.binary, " ".join(j.args)))
        if not san.holds(None, tmp):
            die("the unit tests under ASan+UBSan (%s) fail on the unmutated harness" % san.binary)
    # Each verdict is appended to a partial results file as it comes: a
    # run stopped (a session's end, a signal) resumes with --resume.
    partial, head = os.path.join(a.out, "results.tsv.partial"), head_line(selection, len(muts))
    done = judged_before(partial, head, sample) if a.resume else {}
    if a.skip_listed:
        done.update({m["key"]: ("equivalent", eq[m["key"]], 0.0) for m in sample
                     if m["key"] in eq and m["key"] not in done})
    todo = [m for m in sample if m["key"] not in done]
    rows = [(m,) + apply_equivalent(done[m["key"]][0], done[m["key"]][1], m["key"], eq)
            + (done[m["key"]][2],) for m in sample if m["key"] in done]
    with open(partial, "w") as f:
        f.write("%s\n%s\n" % (head, HEADER) + "".join(row_line(*r) for r in rows))
    print("mutate-harness: %s, %d of %d sites (%d judged before or listed equivalent), %d judges "
          "after the unit tests, %d at once" % (selection, len(sample), len(muts), len(done),
                                                len(js), a.jobs), flush=True)
    t0 = time.monotonic()
    for n, (m, verdict, by, secs) in enumerate(judge_all(todo, a.build, unit_link, js, san, a.jobs)):
        verdict, by = apply_equivalent(verdict, by, m["key"], eq)
        rows.append((m, verdict, by, secs))
        with open(partial, "a") as f:
            f.write(row_line(m, verdict, by, secs))
        print("[%3d/%d] %-10s %s %s:%d %s: %s%s" % (n + 1, len(todo), verdict, m["key"], m["file"],
                                                 m["line"], m["op"], m["new"][:90],
                                                 "  (%s)" % by if by else ""), flush=True)
    order = {m["key"]: n for n, m in enumerate(muts)}
    rows.sort(key=lambda r: order[r[0]["key"]])
    if kept:
        rows = sorted(kept + rows, key=lambda r: order[r[0]["key"]])
    status = report(a, rows, selection, len(muts), time.monotonic() - t0)
    os.remove(partial)
    return status


def write_doc(doc, rows, selection, nsites, count, score, cpu):
    """The campaign's table, between the markers of doc."""
    by_file = {}
    for m, v, _, _ in rows:
        f = by_file.setdefault(m["file"], [0, 0, 0, 0])
        f[["killed", "equivalent", "survived", "stillborn"].index(v)] += 1
    out = ["<!--mutate-harness:begin-->",
           "`make mutate-harness` (`scripts/mutate_harness.py`, %s): %d of the %d mutation sites of "
           "the harness's C, each judged by the unit tests, then by every bug patch's failing run "
           "and the clean and bad-input runs, last by the unit tests under ASan+UBSan; %.0f s of "
           "judging (one mutant at a time: the sum over mutants)."
           % (selection, len(rows), nsites, cpu),
           "",
           "**%d killed, %d equivalent, %d survived, %d stillborn: score %.1f%%** of the "
           "non-equivalent mutants." % (count["killed"], count["equivalent"], count["survived"],
                                       count["stillborn"], score),
           "", "| file | killed | equivalent | survived | stillborn |", "|---|---:|---:|---:|---:|"]
    for f in sorted(by_file):
        k, e, s, b = by_file[f]
        out.append("| `%s` | %d | %d | %d | %d |" % (f, k, e, s, b))
    out += ["", "Equivalent and surviving mutants, with the reason:", "",
            "| key | where | mutant | verdict |", "|---|---|---|---|"]
    for m, v, by, _ in rows:
        if v in ("equivalent", "survived"):
            out.append("| `%s` | `%s:%d` | `%s` | %s |" % (
                m["key"], m["file"], m["line"], m["new"].replace("|", "\\|"),
                by if v == "equivalent" else "**survived: not explained**"))
    out.append("<!--mutate-harness:end-->")
    text = open(doc).read()
    b, e = "<!--mutate-harness:begin-->", "<!--mutate-harness:end-->"
    if b not in text or e not in text:
        die("%s has no %s ... %s markers" % (doc, b, e))
    new = text[:text.index(b)] + "\n".join(out) + text[text.index(e) + len(e):]
    with open(doc + ".tmp", "w") as f:
        f.write(new)
    os.replace(doc + ".tmp", doc)
    print("mutate-harness: table written to %s" % doc)


if __name__ == "__main__":
    sys.exit(main())
