# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""build/stc_gemm (the golden model alone on a binary layer file) against
the lockstep runner (RTL and model, every cycle) on the same layer written
as text vectors: every CSV column of every command equal. A C with one
value changed exits 1 naming the command, row and column; a truncated
file, a bad magic, a bad header field and an illegal 2:4 group exit 2
naming the file."""
import csv
import os
import struct
import subprocess
from typing import Dict, List, Optional, Tuple

import numpy as np
import pytest

from analysis.accuracy import layerfile, quant, runner, tilecmd, vecfile

from conftest import need

M = 300       # rows of the layer
M_MAX = 128   # rows per command: three batches, the last one short
Layer = Tuple[np.ndarray, np.ndarray, Optional[np.ndarray], np.ndarray]


def _sparse24(w: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Two of every group of four rows zeroed, per column, at random."""
    k, out = w.shape
    keep = rng.random((k // 4, 4, out)).argsort(axis=1) < 2
    return (w.reshape(k // 4, 4, out) * keep).reshape(k, out)


def _layer(n: int, mode: str, tiles: int, bias: bool, seed: int = 4) -> Layer:
    """A random layer of 4 K-blocks and ``tiles`` output tiles: ReLU-like A
    (a third zeros), W with K-block 1 all zero in every tile and K-block 3
    in tile 0 only (skipped blocks), a bias near INT32's ends so that C
    wraps, C from the NumPy reference."""
    rng = np.random.default_rng(seed)
    kd = tilecmd.kd_of(mode, n)
    k, out = 4 * kd, tiles * n
    a = rng.integers(-128, 128, (M, k))
    a[rng.random((M, k)) < 1 / 3] = 0
    w = rng.integers(-128, 128, (k, out))
    if mode == "2:4":
        w = _sparse24(w, rng)
    w[kd:2 * kd] = 0
    w[3 * kd:4 * kd, :n] = 0
    b = None
    if bias:
        b = rng.choice([2 ** 31 - 100, -2 ** 31 + 100], out) + rng.integers(-50, 50, out)
    return a, w, b, quant.gemm_int32(a, w, b)


def _write(path: str, layer: Layer, n: int, mode: str) -> None:
    a, w, b, c = layer
    layerfile.write_layer(path, a, w, b, c, n, mode, M_MAX)


def _vectors(tmp, layer: Layer, n: int, mode: str) -> List[str]:
    """The layer as version-1 vectors, one per command, in stc_gemm's order:
    each batch of M_MAX rows cut by tilecmd.layer_commands."""
    a, w, b, _ = layer
    cmds = [cmd for r in range(0, M, M_MAX)
            for cmd in tilecmd.layer_commands(a[r:r + M_MAX], w, b, n, mode)]
    paths = [str(tmp / ("cmd%03d.vec" % i)) for i in range(len(cmds))]
    vecfile.write_vectors(paths, cmds, "layer", 0)
    return paths


def _rows(path: str) -> Tuple[List[str], List[Dict[str, str]]]:
    with open(path, newline="", encoding="utf-8") as f:
        r = csv.DictReader(f)
        return list(r.fieldnames or []), list(r)


def _gemm(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([need("stc_gemm")] + list(args), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True, check=False)


@pytest.mark.parametrize("n,mode,tiles,bias", [(16, "dense", 3, True), (16, "2:4", 3, True),
                                               (4, "dense", 3, False), (4, "2:4", 2, True)])
def test_every_counter_is_the_locksteps(tmp_path, n, mode, tiles, bias):
    gemm, sim = need("stc_gemm"), need("stc_sim-n%d" % n)
    layer = _layer(n, mode, tiles, bias)
    lf = str(tmp_path / "layer.bin")
    _write(lf, layer, n, mode)
    vecs = _vectors(tmp_path, layer, n, mode)
    assert len(vecs) == 3 * tiles == layerfile.read_header(lf).commands
    g = layerfile.run_model(gemm, [lf], str(tmp_path / "gemm.csv"))
    s = runner.run_sim(sim, vecs, str(tmp_path / "sim.csv"))
    assert (g.rc, s.rc) == (0, 0), g.log + s.log
    assert g.rows == s.rows
    head_g, rows_g = _rows(str(tmp_path / "gemm.csv"))
    head_s, rows_s = _rows(str(tmp_path / "sim.csv"))
    assert head_g == head_s
    assert len(rows_g) == len(rows_s) == len(vecs)
    for i, (rg, rs) in enumerate(zip(rows_g, rows_s)):
        assert rg.pop("vector") == "%s#%d" % (lf, i)
        rs.pop("vector")
        assert rg == rs, "command %d" % i
    # The layer is what it should exercise: short last batch, skipped blocks.
    assert [r["m"] for r in rows_g[::tiles]] == ["128", "128", "44"]
    assert {r["skipped_blocks"] for r in rows_g} == {"1", "2"}
    assert all(r["bias"] == str(int(bias)) and r["pass"] == "1" for r in rows_g)


def test_summary_line_and_quiet(tmp_path):
    lf = str(tmp_path / "layer.bin")
    _write(lf, _layer(4, "2:4", 2, True), 4, "2:4")
    p = _gemm(lf)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("PASS %s: N=4 2:4, M=300 K=32 out=8 bias m_max=128: 6 of 6 "
                               "commands, " % lf), p.stdout
    assert "600 result rows checked" in p.stdout and "model cycles/s" in p.stdout
    q = _gemm("--quiet", lf)
    assert (q.returncode, q.stdout, q.stderr) == (0, "", "")


def test_one_wrong_value_of_c_is_named(tmp_path):
    """C[200][21] off by one: batch 1 (rows 128..255), tile 1 (columns
    16..31), so command 1 * 3 + 1 = 4 of the N = 16 dense layer."""
    a, w, b, c = _layer(16, "dense", 3, True)
    c = c.copy()
    good = int(c[200, 21])
    c[200, 21] = good + 1 if good < 2 ** 31 - 1 else good - 1
    lf = str(tmp_path / "layer.bin")
    _write(lf, (a, w, b, c), 16, "dense")
    p = _gemm("--csv", str(tmp_path / "g.csv"), lf)
    assert p.returncode == 1, p.stdout + p.stderr
    want = ("%s: command 4 (rows 128..255, columns 16..31), row 200, column 21: model %d, "
            "expected %d" % (lf, good, int(c[200, 21])))
    assert want in p.stderr, p.stderr
    assert p.stdout.startswith("FAIL %s" % lf) and "4 of 9 commands" in p.stdout
    r = layerfile.run_model(need("stc_gemm"), [lf], str(tmp_path / "g2.csv"))
    assert r.rc == 1
    assert [row["pass"] for row in r.rows] == [1, 1, 1, 1, 0]


def _bad(tmp_path, name: str, data: bytes) -> Tuple[int, str]:
    """stc_gemm on a file of these bytes: exit code, stderr; no CSV written."""
    f = str(tmp_path / name)
    with open(f, "wb") as out:
        out.write(data)
    out_csv = str(tmp_path / (name + ".csv"))
    p = _gemm("--csv", out_csv, f)
    rows = _rows(out_csv)[1] if os.path.exists(out_csv) else []
    assert rows == []
    return p.returncode, p.stderr


def test_bad_files_exit_2_naming_the_file(tmp_path):
    a, w, b, c = _layer(16, "2:4", 2, True)
    good = layerfile.layer_bytes(a, w, b, c, 16, "2:4", M_MAX)
    rc, err = _bad(tmp_path, "short.bin", good[:-1])
    assert rc == 2 and err.startswith("%s: offset %d: the file ends here"
                                      % (tmp_path / "short.bin", len(good) - 1)), err
    rc, err = _bad(tmp_path, "long.bin", good + b"\0")
    want = "long.bin: offset %d: 1 trailing byte(s) after the end of C" % len(good)
    assert rc == 2 and want in err, err
    rc, err = _bad(tmp_path, "magic.bin", b"STCGEMM2" + good[8:])
    assert rc == 2 and "magic.bin: offset 7: bad magic" in err, err
    rc, err = _bad(tmp_path, "header.bin", good[:8] + struct.pack("<I", 5) + good[12:])
    assert rc == 2 and "header.bin: header field n = 5: " in err, err
    rc, err = _bad(tmp_path, "mmax.bin", good[:32] + struct.pack("<I", 1025) + good[36:])
    assert rc == 2 and "mmax.bin: header field m_max = 1025: " in err, err
    rc, err = _bad(tmp_path, "tiny.bin", good[:20])
    assert rc == 2 and "tiny.bin: offset 20: the file ends inside the 40-byte header" in err, err


def test_illegal_24_group_is_named(tmp_path):
    """Rows 36..39 (K-block 1 of 32 rows, group 1) of column 21 (tile 1)
    with three nonzeros: the third, row 38, is the offset named."""
    a, w, b, _ = _layer(16, "2:4", 2, True)
    w = w.copy()
    w[36:39, 21] = [5, -7, 9]
    c = quant.gemm_int32(a, w, b)
    lf = str(tmp_path / "bad24.bin")
    _write(lf, (a, w, b, c), 16, "2:4")
    k, out = w.shape
    p = _gemm(lf)
    assert p.returncode == 2
    offset = 40 + M * k + 38 * out + 21
    assert p.stderr.startswith("%s: offset %d: W block 1, group 1, column 21 (rows 36..39): "
                               "more than two nonzeros" % (lf, offset)), p.stderr
    with pytest.raises(runner.SetupError, match="bad24.bin"):
        layerfile.run_model(need("stc_gemm"), [lf], str(tmp_path / "x.csv"))


def test_writer_refuses_what_does_not_fit():
    a, w, b, c = _layer(4, "dense", 2, True)
    with pytest.raises(ValueError, match="A"):
        layerfile.layer_bytes(a + 200, w, b, c, 4, "dense", M_MAX)
    with pytest.raises(ValueError, match="m_max"):
        layerfile.layer_bytes(a, w, b, c, 4, "dense", 2000)
    with pytest.raises(ValueError, match="fit"):
        layerfile.layer_bytes(a, w, b, c[:, :4], 4, "dense", M_MAX)
