# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Shared set-up of the report's tests: the package on sys.path, no byte
code, and tiny synthetic runs (the runner's --csv columns) whose values are
worked out by hand in the tests."""
import csv
import io
import os
import sys
from typing import Dict, List, Optional, Sequence

sys.dont_write_bytecode = True
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

#: The runner's --csv header (stc_sim --csv), in its order.
RUNNER_COLUMNS = ("vector,class,n,mode,m,k,nblk,skipped_blocks,bias,w_zeros,w_elems,seed,"
                  "stall_pct,pass,cycles,stall_cycles,macs_alg,macs_actual,macs_gated,"
                  "macs_skipped,w_bytes,meta_bytes,a_bytes,sector_bytes,w_sectors,meta_sectors,"
                  "a_sectors").split(",")


def run(vector: str, cls: str, mode: str, nblk: int, skb: int, wz: int, cycles: int, act: int,
        gat: int, skp: int, wb: int, mb: int, ab: int, ws: int, ms: int, as_: int, n: int = 4,
        m: int = 2, k: int = 16, alg: int = 128, bias: int = 0, passed: int = 1,
        we: int = 64) -> Dict[str, object]:
    """One runner CSV row."""
    return {"vector": vector, "class": cls, "n": n, "mode": mode, "m": m, "k": k, "nblk": nblk,
            "skipped_blocks": skb, "bias": bias, "w_zeros": wz, "w_elems": we, "seed": 1,
            "stall_pct": 0, "pass": passed, "cycles": cycles, "stall_cycles": 0,
            "macs_alg": alg, "macs_actual": act, "macs_gated": gat, "macs_skipped": skp,
            "w_bytes": wb, "meta_bytes": mb, "a_bytes": ab, "sector_bytes": 32, "w_sectors": ws,
            "meta_sectors": ms, "a_sectors": as_}


def sweep_rows() -> List[Dict[str, object]]:
    """A sweep at N = 4, K = 16, M = 2 (dense: 4 K-blocks of 4 rows; 2:4: 2 of 8).

    Cycles are the closed form passes (M + 3N + 1) + M: dense 4 x 15 + 2 = 62,
    2:4 and block 50% 2 x 15 + 2 = 32. macs_alg = nblk M KD N = 128; actual +
    gated = passes M N^2 (64 per pass pair); w_bytes = passes N^2, 2:4
    metadata a quarter of that, a_bytes passes M N (2:4: passes M 2N). The
    vectors are file names, as in runs.csv (runs.merge strips the path)."""
    return [
        run("dense-m2.vec", "dense", "dense", 4, 0, 3, 62, 120, 8, 0, 64, 0, 32, 2, 0, 2),
        run("sp24-m2.vec", "sp24", "2:4", 2, 0, 32, 32, 60, 4, 64, 32, 8, 32, 1, 1, 1),
        run("block50-m2.vec", "block", "dense", 4, 2, 33, 32, 60, 4, 64, 32, 0, 16, 1, 0, 1),
    ]


def csv_text(rows: Sequence[Dict[str, object]], columns: Optional[Sequence[str]] = None) -> str:
    """ROWS as CSV text (header first), the columns in the order COLUMNS."""
    cols = list(columns or rows[0].keys())
    f = io.StringIO()
    w = csv.writer(f, lineterminator="\n")
    w.writerow(cols)
    for r in rows:
        w.writerow([r.get(c, "") for c in cols])
    return f.getvalue()


def write_csv(path: str, rows: Sequence[Dict[str, object]],
              columns: Optional[Sequence[str]] = None) -> str:
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(csv_text(rows, columns))
    return path


def shuffled(columns: Sequence[str]) -> List[str]:
    """The columns reversed, with one the code does not know added in the middle."""
    cols = list(reversed(columns))
    return cols[:3] + ["an_added_column"] + cols[3:]
