# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The test plan (sim/plan.yaml): read, checked, and expanded into the
runs of one array size.

Expansion is pure: it names the vectors to generate and the runs, with
their options and files, and does not touch the disk beyond listing the
checked-in regression. Everything that is wrong with the plan is a
PlanError naming the file and the entry (exit 2)."""

from __future__ import annotations

import fnmatch
import os
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from .errors import SetupError

RUN_KEYS = {"name", "tags", "files", "seed", "stall", "policy", "options", "build", "only_n", "verbose", "cost"}
POLICIES = {"b2b", "gap", "early", "random"}
BUILDS = {"sim", "icg"}
DEFAULT_COST = (50, 120)


class PlanError(SetupError):
    """The plan file is malformed."""


@dataclass(frozen=True)
class GenFile:
    """One generated vector: build/sim-nN/gen/NAME from stc_vecgen ARGS."""

    name: str
    args: tuple[str, ...]
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Run:
    """One run of the suite: a runner over files with options. args are
    the options that replay it (reproduce lines, the debugger, WAVES=1);
    the outputs are added when it runs."""

    label: str
    build: str  # "sim" or "icg"
    verbose: bool
    args: tuple[str, ...]
    files: tuple[str, ...]
    cost: int
    tags: tuple[str, ...] = ()


@dataclass
class Expansion:
    """A plan expanded for one array size."""

    n: int
    generate: list[tuple[str, GenFile]] = field(default_factory=list)  # (path, what)
    runs: list[Run] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (label, why)
    preamble: str = ""


@dataclass(frozen=True)
class Options:
    """What make sim passes to the expansion."""

    n: int
    seed: int = 1
    stall: int = 0
    regression_dir: str = "vectors/regression"
    gen_dir: str = "gen"
    compare: str = "cycle"
    model_uarch: str = ""
    icg: bool = False  # an ICG build is given
    icg_skipped: str = ""  # why not, when it is not
    tests: tuple[str, ...] = ()  # TESTS=: names or tags; empty: all but the opt-in runs
    listed: tuple[str, ...] = ()  # VEC=: the files, one run
    sim_flags: tuple[str, ...] = ()


def _err(path: str, where: str, msg: str) -> PlanError:
    return PlanError(f"{path}: {where}: {msg}")


def load(path: str) -> dict[str, Any]:
    """The plan file, parsed and checked."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
    except OSError as e:
        raise PlanError(f"{path}: cannot read the test plan: {e.strerror}") from e
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        at = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "?"
        raise PlanError(f"{path}: {at}: not valid YAML: {getattr(e, 'problem', e)}") from e
    check(doc, path)
    return doc


def _str_list(v: Any, path: str, where: str) -> list[str]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise _err(path, where, "must be a list of strings")
    return v


def _check_run(r: Any, path: str, where: str, sets: set[str]) -> None:
    if not isinstance(r, dict):
        raise _err(path, where, "a run is a mapping (name, files, seed, stall, ...)")
    unknown = set(r) - RUN_KEYS
    if unknown:
        raise _err(path, where, f"unknown key(s) {', '.join(sorted(unknown))} (known: {', '.join(sorted(RUN_KEYS))})")
    for k in ("name", "files", "seed", "stall"):
        if k not in r:
            raise _err(path, where, f"missing '{k}'")
    if not isinstance(r["name"], str) or not r["name"] or not all(c.isalnum() or c in "-_" for c in r["name"]):
        raise _err(path, where, f"name {r['name']!r}: letters, digits, - and _ only")
    for s in _str_list(r["files"], path, f"{where}.files"):
        if s not in sets:
            raise _err(path, f"{where}.files", f"no vector set '{s}' (sets: {', '.join(sorted(sets))})")
    if not isinstance(r["seed"], int) or isinstance(r["seed"], bool) or r["seed"] < 0:
        raise _err(path, f"{where}.seed", "a whole number >= 0, the offset from SEED")
    st = r["stall"]
    if st != "STALL" and (not isinstance(st, int) or isinstance(st, bool) or not 0 <= st <= 90):
        raise _err(path, f"{where}.stall", "a percentage 0..90, or STALL")
    if "policy" in r and r["policy"] not in POLICIES:
        raise _err(path, f"{where}.policy", f"one of {', '.join(sorted(POLICIES))}")
    if "build" in r and r["build"] not in BUILDS:
        raise _err(path, f"{where}.build", f"one of {', '.join(sorted(BUILDS))}")
    for k in ("tags", "options"):
        if k in r:
            _str_list(r[k], path, f"{where}.{k}")
    if "only_n" in r and (not isinstance(r["only_n"], list) or not all(isinstance(x, int) for x in r["only_n"])):
        raise _err(path, f"{where}.only_n", "a list of array sizes")
    if "verbose" in r and not isinstance(r["verbose"], bool):
        raise _err(path, f"{where}.verbose", "true or false")
    c = r.get("cost", list(DEFAULT_COST))
    if not isinstance(c, list) or len(c) != 2 or not all(isinstance(x, int) and x > 0 for x in c):
        raise _err(path, f"{where}.cost", "[ms at N <= 6, ms at N > 6]")


def check(doc: Any, path: str) -> None:
    """Raises PlanError on anything the expansion could trip over."""
    if not isinstance(doc, dict):
        raise _err(path, "top level", "a mapping with version, sets, generate, runs")
    if doc.get("version") != 1:
        raise _err(path, "version", f"this runner reads version 1, the file says {doc.get('version')!r}")
    for k in ("sets", "generate", "runs", "vec_run"):
        if k not in doc:
            raise _err(path, "top level", f"missing '{k}'")
    gen = doc["generate"]
    if not isinstance(gen, dict):
        raise _err(path, "generate", "a mapping of group name to {seed, files}")
    for g, spec in gen.items():
        w = f"generate.{g}"
        if not isinstance(spec, dict) or not isinstance(spec.get("files"), list) or not spec["files"]:
            raise _err(path, w, "needs files: a list of {file, args}")
        if not isinstance(spec.get("seed", 0), int):
            raise _err(path, f"{w}.seed", "a whole number, the offset from SEED")
        for i, f in enumerate(spec["files"]):
            if not isinstance(f, dict) or not isinstance(f.get("file"), str) or not isinstance(f.get("args"), str):
                raise _err(path, f"{w}.files[{i}]", "needs file (a name) and args (stc_vecgen options)")
            if "/" in f["file"] or not f["file"].endswith(".vec"):
                raise _err(path, f"{w}.files[{i}].file", f"{f['file']!r}: a file name ending in .vec, no directory")
    sets = doc["sets"]
    if not isinstance(sets, dict):
        raise _err(path, "sets", "a mapping of set name to its definition")
    for s, spec in sets.items():
        w = f"sets.{s}"
        if not isinstance(spec, dict) or ("checked_in" in spec) == ("subset_of" in spec):
            raise _err(path, w, "either checked_in (with otherwise) or subset_of")
        if "otherwise" in spec and spec["otherwise"] not in gen:
            raise _err(path, f"{w}.otherwise", f"no generated group '{spec['otherwise']}'")
        if "subset_of" in spec and spec["subset_of"] not in sets:
            raise _err(path, f"{w}.subset_of", f"no set '{spec['subset_of']}'")
    names = set(sets) | set(gen) | {"generated", "listed"}
    runs = doc["runs"]
    if not isinstance(runs, list) or not runs:
        raise _err(path, "runs", "a list of runs")
    seen: set[str] = set()
    for i, r in enumerate(runs):
        _check_run(r, path, f"runs[{i}]", names)
        if r["name"] in seen:
            raise _err(path, f"runs[{i}]", f"a second run named {r['name']}")
        seen.add(r["name"])
        if r.get("verbose") and i != 0:
            raise _err(path, f"runs[{i}]", "only the first run may be verbose")
    _check_run(doc["vec_run"], path, "vec_run", names)
    opt_in = doc.get("opt_in", {})
    if not isinstance(opt_in, dict) or not all(isinstance(k, str) and isinstance(v, str) and v
                                               for k, v in opt_in.items()):
        raise _err(path, "opt_in", "a mapping of tag to why its runs are left out of a plain make sim")
    tags = {t for r in runs for t in r.get("tags", [])}
    for t in opt_in:
        if t not in tags:
            raise _err(path, f"opt_in.{t}", "no run has this tag")
    for i, r in enumerate(runs):
        if ALL in (r["name"], *r.get("tags", [])):
            raise _err(path, f"runs[{i}]", f"'{ALL}' is TESTS=all (every run): not a name or tag")


def _fmt(s: str, **kw: Any) -> str:
    return s.replace("{n}", str(kw["n"])).replace("{seed}", str(kw.get("seed", ""))).replace(
        "{dir}", str(kw.get("dir", ""))
    )


def _matches(name: str, include: list[str], exclude: list[str]) -> bool:
    if include and not any(fnmatch.fnmatchcase(name, p) for p in include):
        return False
    return not any(fnmatch.fnmatchcase(name, p) for p in exclude)


def _cost(r: dict[str, Any], n: int) -> int:
    c = r.get("cost", DEFAULT_COST)
    return int(c[0] if n <= 6 else c[1])


ALL = "all"  # TESTS=all: every run, the opt-in ones too


def parse_tests(v: str) -> tuple[str, ...]:
    """TESTS= as make passes it: words separated by commas or spaces."""
    return tuple(t for t in re.split(r"[,\s]+", v) if t)


def opted_out(r: dict[str, Any], tests: tuple[str, ...], opt_in: dict[str, str]) -> str:
    """Why a run with an opt-in tag (the plan's opt_in) is left out of a
    make sim whose TESTS= names no run (empty, or only -words); "" when it
    is not. Naming the run or a tag of it, or TESTS=all, opts in."""
    if ALL in tests or any(not t.startswith("-") for t in tests):
        return ""
    return next((opt_in[t] for t in r.get("tags", []) if t in opt_in), "")


def selected(r: dict[str, Any], tests: tuple[str, ...]) -> bool:
    """TESTS=: a run is selected by its name or any of its tags; a word
    -NAME drops the runs so named or tagged (TESTS=streams,-reset: the
    streams without the resets); all is every run."""
    names = {r["name"], *r.get("tags", [])}
    want = {t for t in tests if not t.startswith("-") and t != ALL}
    drop = {t[1:] for t in tests if t.startswith("-")}
    return (not want or bool(names & want)) and not names & drop


def check_tests(doc: dict[str, Any], tests: tuple[str, ...]) -> None:
    """Every word of TESTS= names a run or a tag of the plan (at some
    array size), or is all: a misspelt word, or -all, would otherwise
    select the default runs in silence."""
    known = {ALL} | {x for r in doc["runs"] for x in (r["name"], *r.get("tags", []))}
    for t in tests:
        if t == "-" + ALL:
            raise SetupError(f"TESTS={','.join(tests)}: -{ALL} would drop every run; give the runs to drop (-NAME)")
        if t.lstrip("-") not in known:
            raise SetupError(f"TESTS={','.join(tests)}: {t.lstrip('-')!r} is no run or tag of the plan "
                             f"(runs: {', '.join(r['name'] for r in doc['runs'])})")


def expand(doc: dict[str, Any], opt: Options) -> Expansion:
    """The vectors to generate and the runs of array size opt.n."""
    ex = Expansion(n=opt.n)
    if not opt.listed:
        check_tests(doc, opt.tests)
    groups: dict[str, list[tuple[str, GenFile]]] = {}

    def group(name: str) -> list[tuple[str, GenFile]]:
        if name not in groups:
            spec = doc["generate"][name]
            if opt.n not in spec.get("only_n", [opt.n]):
                groups[name] = []
                return groups[name]
            seed = opt.seed + int(spec.get("seed", 0))
            files = []
            for f in spec["files"]:
                fname = _fmt(f["file"], n=opt.n, seed=seed)
                args = tuple(_fmt(f["args"], n=opt.n, seed=seed).split()) + ("--n", str(opt.n), "--seed", str(seed))
                files.append((os.path.join(opt.gen_dir, fname), GenFile(fname, args, tuple(f.get("tags", [])))))
            groups[name] = files
            ex.generate.extend(files)
            if spec.get("preamble"):
                ex.preamble += (
                    _fmt(spec["preamble"], n=opt.n, seed=seed, dir=opt.regression_dir) + "\n"
                )
        return groups[name]

    try:
        names = sorted(os.listdir(opt.regression_dir))
    except FileNotFoundError as e:
        # A size without checked-in vectors falls back to generated ones
        # (the plan's "otherwise"); a directory that is not there at all is
        # a mistake (REGRESSION_DIR= misspelt), not that.
        raise SetupError(f"REGRESSION_DIR={opt.regression_dir}: no such directory of regression vectors") from e
    except OSError as e:
        raise SetupError(f"{opt.regression_dir}: cannot list the regression's vectors: {e.strerror}") from e
    cache: dict[str, list[str]] = {}
    tagged: dict[str, set[str]] = {}

    def vset(name: str) -> list[str]:
        if name in cache:
            return cache[name]
        if name == "listed":
            cache[name] = list(opt.listed)
        elif name in doc["generate"]:
            cache[name] = [p for p, _ in group(name)]
        elif name == "generated":
            for g, spec in doc["generate"].items():
                if spec.get("in_generated"):
                    group(g)
            cache[name] = [p for g, spec in doc["generate"].items() if spec.get("in_generated") for p, _ in group(g)]
        else:
            spec = doc["sets"][name]
            if "checked_in" in spec:
                ci = spec["checked_in"]
                pat = _fmt(ci["glob"], n=opt.n)
                files = [
                    os.path.join(opt.regression_dir, f)
                    for f in names
                    if fnmatch.fnmatchcase(f, pat) and _matches(f, ci.get("include", []), ci.get("exclude", []))
                ]
                if not files and "otherwise" in spec:
                    gfiles = group(spec["otherwise"])
                    files = [p for p, _ in gfiles]
                    for p, g in gfiles:
                        tagged.setdefault(p, set()).update(g.tags)
                cache[name] = files
            else:
                base = vset(spec["subset_of"])
                tag = spec.get("tag")
                cache[name] = [
                    p
                    for p in base
                    if (tag and tag in tagged.get(p, set()))
                    or (
                        p not in tagged
                        and _matches(os.path.basename(p), spec.get("include", []), spec.get("exclude", []))
                    )
                ]
        return cache[name]

    runs = [doc["vec_run"]] if opt.listed else doc["runs"]
    for r in runs:
        if opt.n not in r.get("only_n", [opt.n]):
            continue
        if not opt.listed and not selected(r, opt.tests):
            continue
        why = "" if opt.listed else opted_out(r, opt.tests, doc.get("opt_in", {}))
        if why:
            ex.skipped.append((r["name"], why))
            continue
        build = r.get("build", "sim")
        if build == "icg" and not opt.icg:
            if opt.icg_skipped:
                ex.skipped.append((r["name"], opt.icg_skipped))
            continue
        files: list[str] = []
        for s in r["files"]:
            files += vset(s)
        if not files:
            continue
        args = ["--seed", str(opt.seed + r["seed"]), "--stall", str(opt.stall if r["stall"] == "STALL" else r["stall"])]
        if "policy" in r:
            args += ["--policy", r["policy"]]
        args += r.get("options", [])
        if opt.listed:
            args += list(opt.sim_flags)
        if opt.compare != "cycle":
            args += ["--compare", opt.compare]
        if opt.model_uarch:
            args += ["--uarch", opt.model_uarch]
        ex.runs.append(
            Run(
                label=r["name"],
                build=build,
                verbose=bool(r.get("verbose")) and not ex.runs,
                args=tuple(args),
                files=tuple(files),
                cost=_cost(r, opt.n),
                tags=tuple(r.get("tags", [])),
            )
        )
    if opt.tests and not opt.listed and not ex.runs and not ex.skipped:
        known = ", ".join(r["name"] for r in doc["runs"])
        raise SetupError(f"TESTS={','.join(opt.tests)}: no run of N={opt.n} has that name or tag (runs: {known})")
    return ex
