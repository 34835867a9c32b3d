#!/usr/bin/env python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""mutate_runner.py - mutation testing of the Python runner's verdict path
(issue 48): one small mistake at a time in the modules that decide a
verdict (sim/runner/stc_runner/ suite, sim, merge, junit, procs, fileio),
each judged by the runner's unit tests (make runner-test's pytest, on a
copy of the tree), which must fail. Debian packages no Python mutation
tool, so this is a small one on the standard library's ast:

  cmp     a comparison operator flipped (== !=, < >=, <= >, in / not in, is / is not)
  bool    and <-> or
  not     a `not` dropped
  const   an integer constant + 1 (0 <-> 1), True <-> False
  return  a returned value replaced by 0 (the pass verdict) or, if it is 0, 1
  drop    a statement (assignment, call, raise, if, for, with) replaced by pass
  except  an exception handler's body replaced by pass (the error swallowed)

Usage: scripts/mutate_runner.py [--count N] [--seed S] [--jobs J] [--out DIR]
         [--timeout SECONDS] [--list] [FILE...]
--count draws N sites (seeded; 0: every site); --list prints the sites.
Writes DIR/results.tsv (site, verdict, seconds) and prints the score.
Exit 0 when every judged mutant was killed, 1 when one survived, 2 on a
set-up error. Driven by `make mutate-runner` (MR_COUNT, MR_SEED)."""

from __future__ import annotations

import argparse
import ast
import copy
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
PKG = "sim/runner/stc_runner"
FILES = [f"{PKG}/{m}.py" for m in ("suite", "sim", "merge", "junit", "procs", "fileio")]
# What the tests need of the tree, copied for each mutant.
COPY = ["sim/runner", "sim/plan.yaml", "scripts/verdict.sh", "vectors/regression"]

FLIP_CMP: dict[type, type] = {
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE,
    ast.LtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
DROPPABLE = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Raise, ast.If, ast.For, ast.While,
             ast.With, ast.Try, ast.Return)


@dataclass(frozen=True)
class Site:
    file: str
    index: int  # the index-th site of the file, in ast.walk order
    kind: str
    line: int
    what: str

    @property
    def key(self) -> str:
        return f"{self.file}:{self.index}"


def _doc_expr(node: ast.AST) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _sites_of(tree: ast.AST) -> list[tuple[ast.AST, str, str, int]]:
    """(node, kind, what, line) for every mutation of the tree, in a fixed order."""
    out: list[tuple[ast.AST, str, str, int]] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in FLIP_CMP:
                    out.append((node, f"cmp{i}", f"{type(op).__name__} -> {FLIP_CMP[type(op)].__name__}", line))
        elif isinstance(node, ast.BoolOp):
            out.append((node, "bool", "and -> or" if isinstance(node.op, ast.And) else "or -> and", line))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            out.append((node, "not", "not dropped", line))
        elif isinstance(node, ast.Constant) and type(node.value) in (int, bool):
            out.append((node, "const", f"{node.value!r} -> {_const(node.value)!r}", line))
        elif isinstance(node, ast.Return) and node.value is not None:
            zero = isinstance(node.value, ast.Constant) and node.value.value == 0
            out.append((node, "return", "return 1" if zero else "return 0", line))
        elif isinstance(node, ast.ExceptHandler):
            out.append((node, "except", "handler body -> pass", line))
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.If, ast.For, ast.While, ast.With, ast.Try,
                             ast.ExceptHandler)):
            for field in ("body", "orelse", "finalbody"):
                for j, st in enumerate(getattr(node, field, []) or []):
                    if isinstance(st, DROPPABLE) and not _doc_expr(st):
                        out.append((node, f"drop:{field}:{j}", f"{type(st).__name__} -> pass", st.lineno))
    return out


def _const(v: int | bool) -> int | bool:
    if isinstance(v, bool):
        return not v
    return 1 if v == 0 else 0 if v == 1 else v + 1


def _apply(node: ast.AST, kind: str) -> None:
    if kind.startswith("cmp"):
        i = int(kind[3:])
        node.ops[i] = FLIP_CMP[type(node.ops[i])]()  # type: ignore[attr-defined]
    elif kind == "bool":
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()  # type: ignore[attr-defined]
    elif kind == "not":
        node.operand = ast.UnaryOp(ast.Not(), node.operand)  # type: ignore[attr-defined]  # not not x: bool(x)
    elif kind == "const":
        node.value = _const(node.value)  # type: ignore[attr-defined]
    elif kind == "return":
        zero = isinstance(node.value, ast.Constant) and node.value.value == 0  # type: ignore[attr-defined]
        node.value = ast.Constant(1 if zero else 0)  # type: ignore[attr-defined]
    elif kind == "except":
        node.body = [ast.Pass()]  # type: ignore[attr-defined]
    elif kind.startswith("drop:"):
        _, field, j = kind.split(":")
        getattr(node, field)[int(j)] = ast.Pass()


def sites(rel: str) -> list[Site]:
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        tree = ast.parse(f.read(), rel)
    out = []
    for i, (_node, kind, what, line) in enumerate(_sites_of(tree)):
        out.append(Site(rel, i, kind, line, what))
    return out


def mutant_source(site: Site) -> str:
    with open(os.path.join(ROOT, site.file), encoding="utf-8") as f:
        tree = ast.parse(f.read(), site.file)
    tree = copy.deepcopy(tree)
    node, kind, _, _ = _sites_of(tree)[site.index]
    _apply(node, kind)
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def judge(site: Site | None, timeout: float) -> tuple[str, float]:
    """killed (the tests fail or hang), survived, or stillborn (no module);
    site None: the tree as it is (which must survive)."""
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="stc-mr-") as tmp:
        for rel in COPY:
            src, dst = os.path.join(ROOT, rel), os.path.join(tmp, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            if os.path.isdir(src):
                shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(src, dst)
        if site is not None:
            try:
                text = mutant_source(site)
                compile(text, site.file, "exec")
            except (SyntaxError, ValueError):
                return "stillborn", 0.0
            with open(os.path.join(tmp, site.file), "w", encoding="utf-8") as f:
                f.write(text)
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
        argv = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-x",
                "sim/runner/tests", "--ignore=sim/runner/tests/faults"]
        try:
            p = subprocess.run(argv, cwd=tmp, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               timeout=timeout, start_new_session=True)
            verdict = "survived" if p.returncode == 0 else "killed"
        except subprocess.TimeoutExpired:
            verdict = "killed"  # a hang is noticed: the suite's own time bound
    return verdict, time.monotonic() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*", default=FILES)
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--out", default="build/mutate-runner")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    try:
        every = [s for f in a.files for s in sites(f)]
    except (OSError, SyntaxError) as e:
        print(f"mutate_runner: {e}", file=sys.stderr)
        return 2
    drawn = every if a.count <= 0 or a.count >= len(every) else random.Random(a.seed).sample(every, a.count)
    drawn.sort(key=lambda s: (s.file, s.index))
    if a.list:
        for s in drawn:
            print(f"{s.key}\t{s.file}:{s.line}\t{s.kind}\t{s.what}")
        return 0
    os.makedirs(a.out, exist_ok=True)
    base, secs = judge(None, a.timeout)
    if base != "survived":
        print(f"mutate_runner: the runner's unit tests fail on the unmutated tree ({secs:.0f} s): "
              "make runner-test first", file=sys.stderr)
        return 2
    print(f"mutate-runner: {len(drawn)} of the {len(every)} sites of {' '.join(a.files)} "
          f"(seed {a.seed}), each judged by the runner's unit tests", flush=True)
    rows = []
    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        for s, (verdict, secs) in zip(drawn, pool.map(lambda s: judge(s, a.timeout), drawn)):
            print(f"  {verdict:9} {s.file}:{s.line} {s.what} ({secs:.0f} s)", flush=True)
            rows.append(f"{s.key}\t{s.file}:{s.line}\t{s.kind}\t{s.what}\t{verdict}\t{secs:.1f}\n")
    with open(os.path.join(a.out, "results.tsv"), "w", encoding="utf-8") as f:
        f.write("site\twhere\tkind\tmutant\tverdict\tseconds\n" + "".join(rows))
    n = {v: sum(1 for r in rows if f"\t{v}\t" in r) for v in ("killed", "survived", "stillborn")}
    judged = n["killed"] + n["survived"]
    score = 100.0 * n["killed"] / judged if judged else 0.0
    print(f"mutate-runner: {n['killed']} killed, {n['survived']} survived, {n['stillborn']} stillborn: "
          f"score {score:.1f}% (results: {a.out}/results.tsv)")
    return 1 if n["survived"] else 0


if __name__ == "__main__":
    sys.exit(main())
