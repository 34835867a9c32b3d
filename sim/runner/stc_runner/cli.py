# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""sim/runner/stc_simrun's command line (docs/runner.md).

  stc_simrun sim ...            make sim: builds, suites, debugger, page, verdict
  stc_simrun suite ...          one array size's suite (what make sim runs per N)
  stc_simrun merge ...          make sim-merge: shards into one run
  stc_simrun merge-suite OUT SHARD...  one array size's shards merged
  stc_simrun junit-summary F..  the closing count over JUnit files
  stc_simrun vec-files VALUE    the files a VEC= value names, one per line
  stc_simrun vec-n FILE [N]     the array size a vector file was written for
  stc_simrun plan [--n N]       the plan's runs for an array size (TESTS= helps)

Exit: 0 pass, 1 a mismatch, 2 bad input or set-up (every failure to run,
read or write)."""

from __future__ import annotations

import argparse
import os
import re
import sys
import traceback
from typing import Any, TextIO

from . import junit, plan, vecsel
from .errors import Interrupted, SetupError
from .procs import Children, on_signals
from .sim import Lock, RunConfig, Sim, close
from .suite import Config, Suite, exec_path


class ArgError(SetupError):
    pass


class Stdout:
    """Standard output whose failure is an error that names it: stdout to
    /dev/full or a closed pipe raised OSError from wherever the runner
    printed, and ended in a Python traceback."""

    def __init__(self, raw: TextIO) -> None:
        self.raw = raw
        self.failed = ""

    def write(self, text: str) -> int:
        try:
            return self.raw.write(text)
        except OSError as e:
            raise self._fail(e) from e

    def flush(self) -> None:
        try:
            self.raw.flush()
        except OSError as e:
            raise self._fail(e) from e

    def _fail(self, e: OSError) -> SetupError:
        self.failed = e.strerror or str(e)
        return SetupError(f"stc_simrun: cannot write to standard output: {self.failed}: an error (exit 2)")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)

    def disconnect(self) -> None:
        """After a failure: what is left in the buffer goes nowhere, so that
        the interpreter's last flush at exit fails no more."""
        if self.failed:
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, self.raw.fileno())
            os.close(fd)


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise ArgError(f"{self.prog}: {message}")


def _positive(what: str):  # type: ignore[no-untyped-def]
    def conv(v: str) -> int:
        if not re.fullmatch(r"[1-9][0-9]*", v):
            raise argparse.ArgumentTypeError(f"{what}={v}: give a whole number from 1")
        return int(v)

    return conv


def _shard(v: str) -> tuple[int, int]:
    m = re.fullmatch(r"([1-9][0-9]*)/([1-9][0-9]*)", v)
    if not m or int(m.group(1)) > int(m.group(2)):
        raise argparse.ArgumentTypeError(f"SHARD={v}: give i/k, the i-th of k slices, 1 <= i <= k (e.g. SHARD=1/2)")
    return int(m.group(1)), int(m.group(2))


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--plan", default="sim/plan.yaml")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--stall", type=int, default=0)
    p.add_argument("--compare", default="cycle", choices=["cycle", "ports", "txn"])
    p.add_argument("--model-uarch", default="")
    p.add_argument("--jobs", type=_positive("JOBS"), default=1)
    p.add_argument("--regression-dir", default="vectors/regression")
    p.add_argument("--tests", default="")
    p.add_argument("--sim-flags", default="")
    p.add_argument("--icg-skipped", default="")


def cmd_suite(a: argparse.Namespace, children: Children) -> int:
    shard_i, shard_k = _shard(a.shard) if a.shard else (1, 1)
    if a.shard and a.first_failure:
        raise SetupError(f"SHARD={a.shard} with FIRST_FAILURE=1: a slice cannot tell which run fails first")
    for what, path in (("runner", a.runner), ("generator", a.vecgen)):
        if not os.access(path, os.X_OK):
            raise SetupError(f"no {what} {path} (make {path})")
        exe = exec_path(a.exec_dir, path)
        if not os.access(exe, os.X_OK):
            raise SetupError(f"no {what} {exe}: the suite's own copy of {path} is missing")
    listed: tuple[str, ...] = ()
    if a.vec_list:
        from .fileio import read_text  # noqa: PLC0415

        listed = tuple(x for x in read_text(a.vec_list, "list of vector files").split("\n") if x)
        if not listed:
            raise SetupError(f"no vector files in {a.vec_list}")
    doc = plan.load(a.plan)
    opt = plan.Options(
        n=a.n, seed=a.seed, stall=a.stall, regression_dir=a.regression_dir,
        gen_dir=os.path.join(a.out, "gen"), compare=a.compare, model_uarch=a.model_uarch,
        icg=bool(a.icg), icg_skipped=a.icg_skipped, tests=plan.parse_tests(a.tests), listed=listed,
        sim_flags=tuple(a.sim_flags.split()),
    )
    ex = plan.expand(doc, opt)
    cfg = Config(runner=a.runner, vecgen=a.vecgen, n=a.n, out=a.out, icg=a.icg or "", jobs=a.jobs,
                 shard_i=shard_i, shard_k=shard_k, first_failure=a.first_failure, waves_bin=a.waves_bin or "",
                 exec_dir=a.exec_dir)
    return Suite(cfg, ex, children).run(a.shard if shard_k > 1 else "")


def _config(a: argparse.Namespace) -> RunConfig:
    if a.shard:
        _shard(a.shard)
    return RunConfig(
        make=a.make, build=a.build, sim_dir=a.sim_dir, ns=[int(x) for x in a.ns.split()], variant=a.variant,
        waves=a.waves == "1", icg_n=a.icg_n, icg_skipped=a.icg_skipped, own_rtl=a.own_rtl == "1",
        debug=a.debug == "1", dbg_out=a.dbg_out, seed=a.seed, stall=a.stall, compare=a.compare,
        model_uarch=a.model_uarch, jobs=a.jobs, shard=a.shard, overlap=a.overlap == "1",
        regression_dir=a.regression_dir, plan=a.plan, vecgen=a.vecgen, extra_targets=a.extra_targets.split(),
        vec=a.vec, vec_n=a.vec_n, sim_flags=a.sim_flags, tests=a.tests,
        verdict_files=[f for f in (os.environ.get("STC_VERDICT", ""),) if f],
        build_only=getattr(a, "build_only", False),
    )


def cmd_sim(a: argparse.Namespace, children: Children) -> int:
    cfg = _config(a)
    try:
        return Sim(cfg, children).run()
    except SetupError as e:
        sys.stderr.write(f"make sim: {e}\n")
    except Exception:  # noqa: BLE001 - a bug of the runner is an error, never a verdict
        sys.stderr.write("make sim: internal error of the runner (verdict 2):\n" + traceback.format_exc())
    return close(cfg, 2, [])


def cmd_merge(a: argparse.Namespace, _children: Children) -> int:
    from .merge import merge  # noqa: PLC0415

    cfg = _config(a)
    shards = a.shards.split()
    if not shards:
        sys.stderr.write('make sim-merge: give SHARDS="DIR1 DIR2 ..." (the SIM_DIRs of make sim SHARD=i/k)\n')
        return close(cfg, 2, [])
    status = 0
    with Lock(cfg.sim_dir, ".sim.lock", f"the run directory {cfg.sim_dir}"):
        for n in cfg.ns:
            try:
                rc = merge(os.path.join(cfg.sim_dir, f"sim-n{n}"), [os.path.join(d, f"sim-n{n}") for d in shards])
            except SetupError as e:
                sys.stderr.write(f"sim merge: {e}\n")
                rc = 2
            status = max(status, rc)
        return close(cfg, status, [os.path.join(cfg.sim_dir, f"sim-n{n}") for n in cfg.ns])


def cmd_merge_suite(a: argparse.Namespace, _children: Children) -> int:
    from .merge import merge  # noqa: PLC0415

    return merge(a.out, a.shards)


def cmd_junit_summary(a: argparse.Namespace, _children: Children) -> int:
    if not a.files:
        raise SetupError("junit-summary: no JUnit files")
    passed, failed = junit.summary(a.files)
    print(f"JUnit reports: {' '.join(a.files)}")
    print(f"ci: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def cmd_vec_files(a: argparse.Namespace, _children: Children) -> int:
    for f in vecsel.files(a.value):
        print(f)
    return 0


def cmd_vec_n(a: argparse.Namespace, _children: Children) -> int:
    default = int(a.default) if a.default else 0
    try:
        n = vecsel.array_size(a.file, default)
    except SetupError:
        n = default
    print(n if n else "")
    return 0


def cmd_plan(a: argparse.Namespace, _children: Children) -> int:
    doc = plan.load(a.plan)
    ex = plan.expand(doc, plan.Options(n=a.n, tests=plan.parse_tests(a.tests), regression_dir=a.regression_dir,
                                       icg=a.n == 4))
    for r in ex.runs:
        print(f"{r.label:<14} {len(r.files):3d} file(s) tags={','.join(r.tags) or '-'} {' '.join(r.args)}")
    for label, why in ex.skipped:
        print(f"{label:<14} skipped: {why}")
    return 0


def parser() -> Parser:
    p = Parser(prog="stc_simrun", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=Parser)

    s = sub.add_parser("suite", help="one array size's suite")
    _common(s)
    s.add_argument("--runner", required=True)
    s.add_argument("--vecgen", required=True)
    s.add_argument("--n", type=int, required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--icg", default="")
    s.add_argument("--waves-bin", default="")
    s.add_argument("--shard", default="")
    s.add_argument("--first-failure", action="store_true")
    s.add_argument("--vec-list", default="")
    s.add_argument("--exec-dir", default="")
    s.set_defaults(fn=cmd_suite)

    for name, fn in (("sim", cmd_sim), ("merge", cmd_merge)):
        m = sub.add_parser(name)
        _common(m)
        m.add_argument("--make", default=os.environ.get("MAKE", "make"))
        m.add_argument("--build", default="build")
        m.add_argument("--sim-dir", default="build")
        m.add_argument("--ns", default="16 4")
        m.add_argument("--variant", default="")
        m.add_argument("--waves", default="0")
        m.add_argument("--icg-n", type=int, default=4)
        m.add_argument("--own-rtl", default="0")
        m.add_argument("--debug", default="1")
        m.add_argument("--dbg-out", default="")
        m.add_argument("--shard", default="")
        m.add_argument("--overlap", default="1")
        m.add_argument("--vecgen", default="build/stc_vecgen")
        m.add_argument("--extra-targets", default="")
        m.add_argument("--vec", default="")
        m.add_argument("--vec-n", type=int, default=16)
        m.add_argument("--shards", default="")
        m.add_argument("--build-only", action="store_true")
        m.set_defaults(fn=fn)

    ms = sub.add_parser("merge-suite", help="one array size's shards merged")
    ms.add_argument("out")
    ms.add_argument("shards", nargs="+")
    ms.set_defaults(fn=cmd_merge_suite)
    j = sub.add_parser("junit-summary")
    j.add_argument("files", nargs="*")
    j.set_defaults(fn=cmd_junit_summary)
    v = sub.add_parser("vec-files")
    v.add_argument("value")
    v.set_defaults(fn=cmd_vec_files)
    vn = sub.add_parser("vec-n")
    vn.add_argument("file")
    vn.add_argument("default", nargs="?", default="")
    vn.set_defaults(fn=cmd_vec_n)
    pl = sub.add_parser("plan")
    pl.add_argument("--plan", default="sim/plan.yaml")
    pl.add_argument("--n", type=int, default=4)
    pl.add_argument("--tests", default="")
    pl.add_argument("--regression-dir", default="vectors/regression")
    pl.set_defaults(fn=cmd_plan)
    return p


def main(argv: list[str] | None = None) -> int:
    out = Stdout(sys.stdout)
    sys.stdout = out  # type: ignore[assignment]
    try:
        rc = _main(argv)
        out.flush()
        return rc
    except SetupError as e:
        sys.stderr.write(f"{e}\n")
        return 2
    finally:
        out.disconnect()


def _main(argv: list[str] | None) -> int:
    children = Children()
    on_signals(children)
    try:
        a = parser().parse_args(argv)
        return int(a.fn(a, children))
    except Interrupted as e:
        sys.stderr.write(f"stc_simrun: {e}\n")
        if a.cmd == "sim":  # type: ignore[possibly-undefined]
            try:
                close(_config(a), 2, [])
            except (SetupError, Interrupted):
                pass
        return 2
    except SetupError as e:
        sys.stderr.write(f"{e}\n" if str(e).startswith(("stc_simrun", "make sim")) else f"stc_simrun: {e}\n")
        return 2
    except Exception:  # noqa: BLE001 - a traceback's exit 1 would read as a mismatch
        sys.stderr.write("stc_simrun: internal error (exit 2):\n" + traceback.format_exc())
        return 2
