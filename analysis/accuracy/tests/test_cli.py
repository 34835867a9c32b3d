# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The command line's exit codes and the byte-for-byte check."""
import os
import subprocess
import sys

from analysis.accuracy import cli

from conftest import ROOT

RUN = os.path.join(ROOT, "analysis", "accuracy", "run.py")


def _run(*args):
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, RUN] + list(args), cwd=ROOT, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)


def test_missing_runner_exits_2(tmp_path):
    r = _run("--quick", "--out", str(tmp_path / "o"), "--runner", str(tmp_path / "none"),
             "--work", str(tmp_path / "w"))
    assert r.returncode == 2
    assert "not found" in r.stderr
    assert not (tmp_path / "o").exists()


def test_bad_option_exits_2():
    assert _run("--no-such-option").returncode == 2


def test_help_exits_0():
    r = _run("--help")
    assert r.returncode == 0 and "--check" in r.stdout


def test_check_names_missing_and_different_files(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (a / "x").write_text("1\n")
    (b / "x").write_text("2\n")
    (a / "y").write_text("same\n")
    (b / "y").write_text("same\n")
    (b / "z").write_text("new\n")
    bad = cli.check([str(a / "x"), str(a / "y"), str(a / "z")],
                    [str(b / "x"), str(b / "y"), str(b / "z")])
    assert len(bad) == 2
    assert bad[0].startswith(str(a / "x")) and "differs" in bad[0]
    assert bad[1].startswith(str(a / "z")) and "missing" in bad[1]
