# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The text writer against the repository's own tools."""
import os
import subprocess

import numpy as np
import pytest

from analysis.accuracy import prune, quant, runner, tilecmd, vecfile

from conftest import need


def parse_v1(text):
    """A minimal reader of the version-1 files stc_vecgen writes."""
    lines = text.split("\n")
    hdr = {}
    sec, data = None, {}
    for ln in lines[1:]:
        if ln.startswith("// section "):
            sec = ln.split()[2]
            data[sec] = []
        elif ln == "// end" or not ln:
            sec = None
        elif ln.startswith("// "):
            k, v = ln[3:].split(" ", 1)
            hdr[k] = v
        else:
            data[sec].append(ln.split())
    return hdr, data


def _i8(rows):
    return (np.array([[int(t, 16) for t in r] for r in rows], dtype=np.int64) ^ 0x80) - 0x80


def _i32(rows):
    v = np.array([[int(t, 16) for t in r] for r in rows], dtype=np.int64)
    return quant.wrap_int32(v)


@pytest.mark.parametrize("args", [
    ["--class", "dense", "--n", "16", "--m", "5", "--k", "64", "--mode", "dense"],
    ["--class", "block", "--n", "16", "--m", "3", "--k", "96", "--mode", "dense"],
    ["--class", "prune24", "--n", "16", "--m", "4", "--k", "128", "--mode", "2:4"],
    ["--class", "sp24-block", "--n", "4", "--m", "2", "--k", "24", "--mode", "2:4"],
])
def test_writer_is_byte_identical_to_stc_vecgen(tmp_path, args):
    gen = need("stc_vecgen")
    out = str(tmp_path / "g.vec")
    subprocess.run([gen] + args + ["--seed", "9", "-o", out], check=True)
    text = open(out).read()
    hdr, d = parse_v1(text)
    n, mode = int(hdr["n"]), hdr["mode"]
    a = _i8(d["A"])
    if mode == "2:4":
        meta = np.array([[int(t, 16) for t in r] for r in d["META"]], dtype=np.int64)
        w = tilecmd.decompress_24(_i8(d["W"]), meta, n)
    else:
        w = _i8(d["W"])
    (cmd,) = tilecmd.layer_commands(a, w, None, n, mode)
    assert cmd.c.tolist() == _i32(d["C"]).tolist()
    assert "0x%016x" % cmd.skip == hdr["skip"]
    assert vecfile.vector_text(cmd, hdr["class"], int(hdr["seed"])) == text


def test_stc_vecdump_reads_our_vectors(tmp_path):
    dump = need("stc_vecdump")
    rng = np.random.RandomState(2)
    a = rng.randint(0, 128, size=(7, 64))
    w = rng.randint(-127, 128, size=(64, 32)) * prune.mask_24(rng.standard_normal((64, 32)))
    w[:32, 16:] = 0  # an all-zero block: skipped
    bias = rng.randint(-1000, 1000, size=32)
    for mode in ("dense", "2:4"):
        cmds = tilecmd.layer_commands(a, w, bias, 16, mode)
        for t, c in enumerate(cmds):
            p = str(tmp_path / ("%s-%d.vec" % (mode.replace(":", ""), t)))
            vecfile.write_vectors([p], [c], "acc-test", 1)
            r = subprocess.run([dump, p], stdout=subprocess.PIPE, universal_newlines=True)
            assert r.returncode == 0, r.stdout
            blocks, cur = {}, None
            for ln in r.stdout.splitlines():
                if ln.startswith("# "):
                    cur = ln.split()[1]
                    blocks[cur] = []
                else:
                    blocks[cur].append([int(x) for x in ln.split()])
            assert blocks["A"] == a.tolist()
            assert blocks["W"] == w[:, t * 16:(t + 1) * 16].tolist()
            assert blocks["C"] == quant.gemm_int32(a, w, bias)[:, t * 16:(t + 1) * 16].tolist()
        assert cmds[1].skip == (0b11 if mode == "dense" else 0b1)


def test_streams_run_on_the_tile(tmp_path):
    sim = need("stc_sim-n16")
    rng = np.random.RandomState(4)
    a = rng.randint(0, 128, size=(9, 64))
    w = rng.randint(-127, 128, size=(64, 48)) * prune.mask_24(rng.standard_normal((64, 48)))
    bias = rng.randint(-5000, 5000, size=48)
    for mode in ("dense", "2:4"):
        cmds = tilecmd.layer_commands(a, w, bias, 16, mode)
        p = str(tmp_path / ("s-%s.vec" % mode.replace(":", "")))
        vecfile.write_stream(p, cmds, "acc-test", 1)
        assert open(p).read().startswith("// stc-vector 2\n// commands 3\n// command 0\n")
        res = runner.run_sim(sim, [p], str(tmp_path / "s.csv"))
        assert res.rc == 0, res.log
        assert len(res.rows) == 1 and res.rows[0]["pass"] == 1


def test_a_wrong_c_is_bad_input(tmp_path):
    sim = need("stc_sim-n16")
    a = np.ones((2, 16), dtype=np.int64)
    w = np.ones((16, 16), dtype=np.int64)
    (cmd,) = tilecmd.layer_commands(a, w, None, 16, "dense")
    cmd.c = cmd.c + 1
    p = str(tmp_path / "bad.vec")
    vecfile.write_stream(p, [cmd], "acc-test", 1)
    with pytest.raises(runner.SetupError):
        runner.run_sim(sim, [p], str(tmp_path / "bad.csv"))
    assert os.path.exists(p)


def test_class_names_are_checked():
    with pytest.raises(ValueError):
        vecfile.check_class("Acc_2:4")
    vecfile.check_class("acc-sp24block50-ft")
