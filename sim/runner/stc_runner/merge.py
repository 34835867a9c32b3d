# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The k shards of one suite (SHARD=1/k .. k/k, same N, SEED and options)
merged into what one unsharded run writes: the per-run files, the lines in
the plan's order (suite.txt), runs.txt, suite.xml, first-failure.args and
the verdict. Paths under a shard's directory are rewritten to the merged
directory's, so a merge into the directory an unsharded run would use is
that run's output byte for byte (JUnit and log timings aside)."""

from __future__ import annotations

import os
import re
import shutil
import sys

from .errors import SetupError
from .fileio import Tee, makedirs, read_text, write_text
from .suite import Renderer, Spec, part_path, read_rc


def _fields(path: str) -> dict[str, str]:
    out = {}
    for line in read_text(path, "shard record").split("\n"):
        if " " in line:
            k, v = line.split(" ", 1)
            out[k] = v
    return out


def shard_set(slices: list[tuple[str, str]]) -> int:
    """The k of the slices i/k given (each directory with its slice);
    SetupError unless they are 1/k .. k/k of one k, each once."""
    k = None
    seen: dict[int, str] = {}
    for d, s in slices:
        m = re.fullmatch(r"([1-9][0-9]*)/([1-9][0-9]*)", s)
        if not m:
            raise SetupError(f"{d} names no slice i/k (it says '{s}')")
        i, kk = int(m.group(1)), int(m.group(2))
        if k is not None and kk != k:
            raise SetupError(f"{d} is shard {s}, the others are of {k}")
        k = kk
        if i in seen:
            raise SetupError(f"{d} and {seen[i]} are both shard {s}")
        seen[i] = d
    assert k is not None
    for i in range(1, k + 1):
        if i not in seen:
            raise SetupError(f"shard {i}/{k} is missing (given: {' '.join(d for d, _ in slices)})")
    return k


def _copy_text(src: str, dst: str, old: str, new: str) -> None:
    write_text(dst, read_text(src, "shard's file").replace(old + "/", new + "/"), "merged file")


def merge(out: str, shards: list[str]) -> int:
    if not shards:
        raise SetupError("give the shards' directories")
    slices = []
    plan0 = None
    for d in shards:
        if not (os.path.isfile(f"{d}/shard.txt") and os.path.isfile(f"{d}/plan.txt")):
            raise SetupError(f"{d}: not a suite output directory (no shard.txt/plan.txt: run make sim, or SHARD=i/k, into it)")
        if os.path.realpath(d) == os.path.realpath(out):
            raise SetupError(f"{d}: the output directory cannot be a shard")
        f = _fields(f"{d}/shard.txt")
        if f.get("first_failure") == "1":
            raise SetupError(f"{d}: run with FIRST_FAILURE=1, not mergeable")
        plan = read_text(f"{d}/plan.txt", "suite's plan")
        if plan0 is None:
            plan0 = plan
        elif plan != plan0:
            raise SetupError(f"{d} and {shards[0]} ran different suites (plan.txt differs: N, vectors or options)")
        slices.append((d, f.get("shard", "")))
    shard_set(slices)
    first = _fields(f"{shards[0]}/shard.txt")
    if not re.fullmatch(r"[0-9]+", first.get("n", "")):
        raise SetupError(f"{shards[0]}/shard.txt names no array size")
    n = int(first["n"])
    assert plan0 is not None
    labels = [line.split(" ", 1)[0] for line in plan0.split("\n") if line]
    dir_of: dict[str, str] = {}
    for label in labels:
        for d in shards:
            if os.path.exists(part_path(d, label, "rc")):
                if label in dir_of:
                    raise SetupError(f"run {label} is in both {dir_of[label]} and {d}")
                dir_of[label] = d
        if label not in dir_of:
            raise SetupError(f"run {label} has no verdict in any shard (a shard failed to run?)")

    shutil.rmtree(out, ignore_errors=True)
    for sub in ("parts", "junit", "gen"):
        makedirs(os.path.join(out, sub))
    d0 = shards[0]
    for name in sorted(os.listdir(f"{d0}/gen")):
        shutil.copy2(f"{d0}/gen/{name}", f"{out}/gen/{name}")
    write_text(f"{out}/plan.txt", plan0, "suite's plan")
    out0 = first.get("outdir", d0)
    for extra in ("parts/preamble.out", "skipped.txt"):
        if os.path.exists(f"{d0}/{extra}"):
            _copy_text(f"{d0}/{extra}", f"{out}/{extra}", out0, out)
    for label in labels:
        d = dir_of[label]
        frm = _fields(f"{d}/shard.txt").get("outdir", d)
        for name in sorted(os.listdir(f"{d}/parts")):
            if name.startswith(label + ".") and "." not in name[len(label) + 1 :]:
                _copy_text(f"{d}/parts/{name}", f"{out}/parts/{name}", frm, out)
        for rel in (f"{label}.log", f"{label}.csv", f"junit/{label}.xml"):
            if os.path.exists(f"{d}/{rel}"):
                _copy_text(f"{d}/{rel}", f"{out}/{rel}", frm, out)
        if os.path.isdir(f"{d}/waves"):
            makedirs(f"{out}/waves")
            for name in sorted(os.listdir(f"{d}/waves")):
                if name.startswith(label + "-"):
                    shutil.copy2(f"{d}/waves/{name}", f"{out}/waves/{name}")
    write_text(f"{out}/shard.txt", f"shard 1/1\noutdir {out}\nfirst_failure 0\nn {n}\nmerged {' '.join(shards)}\n",
               "shard record")

    tee = Tee(f"{out}/suite.txt", sys.stdout)
    try:
        if os.path.exists(f"{out}/parts/preamble.out"):
            tee.write(read_text(f"{out}/parts/preamble.out"))
        rnd = Renderer(out, n, tee)
        for label in labels:
            spec = Spec.read(part_path(out, label, "spec"), label)
            rc, why = read_rc(part_path(out, label, "rc"), label)
            lines = part_path(out, label, "out")
            text = read_text(lines, "run's lines") if os.path.exists(lines) else ""
            rnd.render(spec, rc, why, text, False, "merge")
        skipped = []
        if os.path.exists(f"{out}/skipped.txt"):
            for line in read_text(f"{out}/skipped.txt").split("\n"):
                if "\t" in line:
                    skipped.append(tuple(line.split("\t", 1)))
        return rnd.finish(skipped, "")  # type: ignore[arg-type]
    finally:
        tee.close()
