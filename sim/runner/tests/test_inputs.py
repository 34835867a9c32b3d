# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Inputs and outputs: VEC= values, bounded reads, atomic writes, JUnit
and the page."""

from __future__ import annotations

import locale
import os

import pytest

from stc_runner import html, junit, vecsel
from stc_runner.errors import SetupError
from stc_runner.fileio import read_text, write_text


def test_vec_values(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    d = tmp_path / "my vectors"
    d.mkdir()
    for n in ("b.vec", "a.vec", ".hidden.vec", "c.txt"):
        (d / n).write_text("// n 8\n")
    (tmp_path / "x y.vec").write_text("// mode dense\n")
    assert vecsel.files("my vectors") == ["my vectors/a.vec", "my vectors/b.vec"]
    assert vecsel.files("my*/*.vec") == ["my vectors/a.vec", "my vectors/b.vec"]
    assert vecsel.files("x y.vec") == ["x y.vec"]
    assert vecsel.array_size("my vectors/a.vec", 16) == 8
    assert vecsel.array_size("x y.vec", 16) == 16
    with pytest.raises(SetupError, match="no such vector file: 'nope.vec'"):
        vecsel.files("x y.vec nope.vec")
    with pytest.raises(SetupError, match="no \\*.vec files in directory"):
        (tmp_path / "empty").mkdir()
        vecsel.files("empty")


def test_devices_and_fifos_are_refused_before_reading(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SetupError, match="/dev/zero: the vector file is not a regular file"):
        vecsel.files("/dev/zero")
    fifo = tmp_path / "f.vec"
    os.mkfifo(fifo)
    with pytest.raises(SetupError, match="not a regular file \\(a FIFO or a device\\): refused"):
        vecsel.files(str(fifo))
    with pytest.raises(SetupError, match="not a regular file"):
        read_text(str(fifo))


def test_reads_are_bounded(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "big"
    p.write_bytes(b"x" * 100)
    with pytest.raises(SetupError, match="100 bytes, more than the 10"):
        read_text(str(p), limit=10)


def test_a_failed_write_keeps_the_old_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # A directory where the file goes (what a test can make as root too):
    # the write fails, names the file, and leaves no temporary behind.
    (tmp_path / "d").mkdir()
    with pytest.raises(SetupError, match="d: cannot write the verdict"):
        write_text(str(tmp_path / "d"), "0\n", "verdict")
    assert not [f for f in os.listdir(tmp_path) if ".tmp" in f]


JUNIT = """<?xml version="1.0"?>
<testsuite name="cosim.n4" tests="2"><testcase classname="c" name="a&lt;b.vec" time="17.628">
<properties><property name="seed" value="3"/><property name="macs_alg" value="200"/>
<property name="macs_saved" value="50"/><property name="stall_pct" value="20"/></properties>
<system-out>reproduce: run a</system-out></testcase>
<testcase classname="c" name="b.vec" time="0.5"><failure message="cycle 9: res_data_o &amp; x"/></testcase>
</testsuite>
"""


def test_junit_parsed_and_merged(tmp_path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "r.xml"
    j.write_text(JUNIT)
    cs = junit.cases(str(j))
    assert [(c.name, c.kind) for c in cs] == [("a<b.vec", "PASS"), ("b.vec", "FAIL")]
    assert cs[1].message == "cycle 9: res_data_o & x" and cs[0].reproduce == "run a"
    assert junit.summary([str(j)]) == (1, 1)
    junit.merge(str(tmp_path / "m.xml"), 4, [str(j)], [("icg-singles", "own RTL")])
    m = junit.parse(str(tmp_path / "m.xml"))
    assert [s.get("name") for s in m.iter("testsuite")] == ["cosim.n4", "cosim.n4.skipped"]
    bad = tmp_path / "bad.xml"
    bad.write_text("<testsuite><testcase>")
    with pytest.raises(SetupError, match="bad.xml: not a JUnit file"):
        junit.cases(str(bad))


def test_the_page_ignores_the_locale(tmp_path) -> None:  # type: ignore[no-untyped-def]
    d = tmp_path / "sim-n4"
    (d / "junit").mkdir(parents=True)
    (d / "junit" / "singles.xml").write_text(JUNIT)
    (d / "runs.txt").write_text("singles 1 2\n")
    (d / "shard.txt").write_text("n 4\n")
    for loc in ("de_DE.UTF-8", "tr_TR.UTF-8", "C"):
        try:
            locale.setlocale(locale.LC_ALL, loc)
        except locale.Error:
            continue
        html.page(str(tmp_path / "p.html"), "FAIL", [str(d)])
    locale.setlocale(locale.LC_ALL, "C")
    page = (tmp_path / "p.html").read_text()
    assert "<td>17.628</td>" in page and "<td>50 (25.0%)</td>" in page
    assert "a&lt;b.vec" in page and "res_data_o &amp; x" in page
    assert '<td class="bad">FAIL</td><td>2</td><td>1</td>' in page


def test_the_runner_drops_the_outer_job_server_from_makeflags() -> None:
    from stc_runner.sim import without_jobserver

    assert without_jobserver("s -j2 --jobserver-auth=3,4 -- X=a\\ b N=4") == "s -- X=a\\ b N=4"
    assert without_jobserver("k -j2 --jobserver-auth=3,4") == "k"
    assert without_jobserver("s") == "s"
