# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""JUnit XML, read and written with xml.etree: each run's file (written
by stc_sim) parsed, never pattern-matched; the suite's merged file; the
closing count over a CI directory."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from .errors import SetupError
from .fileio import read_text, write_text


@dataclass
class Case:
    """One <testcase>: a vector file of a run."""

    name: str
    time: float
    kind: str  # PASS, FAIL, ERROR, SKIPPED
    message: str = ""
    reproduce: str = ""
    props: dict[str, str] = field(default_factory=dict)


def parse(path: str) -> ET.Element:
    """A JUnit file's root; SetupError naming the file when it is not XML."""
    text = read_text(path, "JUnit file")
    try:
        return ET.fromstring(text)
    except ET.ParseError as e:
        raise SetupError(f"{path}: not a JUnit file: {e}") from e


def suites(root: ET.Element) -> list[ET.Element]:
    return [root] if root.tag == "testsuite" else list(root.iter("testsuite"))


def cases(path: str) -> list[Case]:
    out = []
    for tc in parse(path).iter("testcase"):
        kind, msg = "PASS", ""
        for k, tag in (("FAIL", "failure"), ("ERROR", "error"), ("SKIPPED", "skipped")):
            el = tc.find(tag)
            if el is not None:
                kind, msg = k, el.get("message", "")
                break
        rep = tc.findtext("system-out") or ""
        rep = rep[len("reproduce: ") :] if rep.startswith("reproduce: ") else ""
        props = {p.get("name", ""): p.get("value", "") for p in tc.iter("property")}
        out.append(Case(tc.get("name", ""), float(tc.get("time", "0") or 0), kind, msg, rep, props))
    return out


def failures(path: str) -> int:
    """How many test cases of the file failed or erred."""
    return sum(1 for c in cases(path) if c.kind in ("FAIL", "ERROR"))


def merge(out_path: str, n: int, files: list[str], skipped: list[tuple[str, str]]) -> None:
    """Every run's test suite in one file, in the order given, and the
    runs the plan skipped as <skipped> test cases."""
    top = ET.Element("testsuites", name=f"cosim.n{n}")
    for f in files:
        top.extend(suites(parse(f)))
    if skipped:
        ts = ET.SubElement(
            top, "testsuite", name=f"cosim.n{n}.skipped", tests=str(len(skipped)), skipped=str(len(skipped))
        )
        for label, why in skipped:
            tc = ET.SubElement(ts, "testcase", classname=f"cosim.n{n}", name=label)
            ET.SubElement(tc, "skipped", message=why)
    ET.indent(top)
    write_text(out_path, '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(top, encoding="unicode") + "\n",
               "merged JUnit")


def summary(files: list[str]) -> tuple[int, int]:
    """(passed, failed or erred) over the test cases of the files."""
    total = failed = 0
    for f in files:
        for c in cases(f):
            if c.kind == "SKIPPED":
                continue
            total += 1
            failed += c.kind in ("FAIL", "ERROR")
    return total - failed, failed
