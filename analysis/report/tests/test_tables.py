# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Every table on a tiny synthetic sweep (conftest.sweep_rows: N = 4,
K = 16, M = 2), against values worked out by hand; and the same tables with
the input's columns reordered and one added (columns are read by name)."""
import csv

import pytest

from analysis.report import act, moe, sparseloop, summary, traffic, uarch
from analysis.report.csvio import ReportError, table_from_text
from conftest import RUNNER_COLUMNS, csv_text, run, shuffled, sweep_rows


def rows_of(lines):
    return list(csv.DictReader(lines))


def table(rows, columns=RUNNER_COLUMNS):
    return table_from_text(csv_text(rows, columns))


def check(got, want):
    """Integers and text exactly, fractions to the printed 6 decimals."""
    for k, v in want.items():
        if isinstance(v, float):
            assert float(got[k]) == pytest.approx(v, abs=6e-7), k
        else:
            assert got[k] == str(v), k


# ---------------------------------------------------------------- summary.csv
def test_summary_dense():
    s = rows_of(summary.summary(table(sweep_rows())))
    assert [r["config"] for r in s] == ["dense", "sp24", "block50"]
    check(s[0], {"cfg_idx": 1, "label": "dense", "req_sparsity": 0, "passes": 4,
                 "w_zero_frac": 3 / 64, "cycles": 62, "dense_cycles": 62, "speedup": 1.0,
                 "ideal_speedup": 1.0, "frac_actual": 120 / 128, "frac_gated": 8 / 128,
                 "util_actual": 120 / (62 * 16), "util_busy": 128 / (62 * 16),
                 "c_bytes": 32, "w_dense_bytes": 64, "w_moved_per_dense_int8": 1.0,
                 # multiply + add 120 x 0.3 = 36; zero detect (120 + 8) x 0.03 = 3.84;
                 # accumulator 4 x 2 x 4 x 0.1 = 3.2; W 64 B = 80, A 32 B = 40,
                 # results 4 x 2 x 4 = 32 B = 40 pJ: 203.04 pJ
                 "e_mac_nj": 0.036, "e_zero_nj": 0.00384, "e_acc_nj": 0.0032,
                 "e_sram_w_nj": 0.08, "e_sram_a_nj": 0.04, "e_sram_c_nj": 0.04,
                 "e_total_nj": 0.20304, "e_vs_dense": 1.0, "pj_per_alg_mac": 203.04 / 128,
                 "e_gated_saved_nj": 0.0024})


def test_summary_24_and_block():
    s = rows_of(summary.summary(table(sweep_rows())))
    check(s[1], {"cfg_idx": 2, "label": "2:4", "mode": "2:4", "passes": 2, "w_zero_frac": 0.5,
                 "cycles": 32, "dense_cycles": 62, "speedup": 1.9375, "ideal_speedup": 2.0,
                 "speedup_of_ideal": 0.96875, "frac_skipped": 0.5, "dense_equiv": 0.25,
                 "meta_per_kept_int8": 0.25, "meta_per_dense_int8": 0.125,
                 "w_moved_per_dense_int8": 0.625, "meta_per_kept_fp16": 0.125,
                 "meta_per_dense_fp16": 0.0625, "w_moved_per_dense_fp16": 0.5625,
                 # 60 x 0.3 + 64 x 0.03 + 2 x 2 x 4 x 0.1 + W 40 + metadata 10 + A 40
                 # + results 40 = 151.52 pJ
                 "e_sram_meta_nj": 0.01, "e_total_nj": 0.15152,
                 "e_vs_dense": 151.52 / 203.04, "e_gated_saved_nj": 0.0012})
    check(s[2], {"cfg_idx": 3, "label": "block 50%", "req_sparsity": 50, "passes": 2,
                 "block_sparsity": 0.5, "w_zero_frac": 33 / 64, "ideal_speedup": 2.0,
                 # A: only the 2 loaded passes stream, 16 B = 20 pJ
                 "e_sram_a_nj": 0.02, "e_total_nj": 0.12152})


def test_summary_needs_a_dense_run_and_passing_runs():
    with pytest.raises(ReportError, match="no dense run"):
        summary.summary(table(sweep_rows()[1:]))
    bad = sweep_rows()
    bad[1]["pass"] = 0
    with pytest.raises(ReportError, match="sp24-m2.vec did not pass"):
        summary.summary(table(bad))
    with pytest.raises(ReportError, match="column macs_gated missing"):
        summary.summary(table(sweep_rows(), [c for c in RUNNER_COLUMNS if c != "macs_gated"]))


# ---------------------------------------------------------------- uarch.csv
def dbuf_rows():
    """The dense and 2:4 vectors on the dbuf tile: N + passes (M + 2N + 1) + M
    = 4 + 4 x 11 + 2 = 50 and 4 + 2 x 11 + 2 = 28 cycles."""
    dense, sp24 = sweep_rows()[:2]
    return [dict(dense, cycles=50), dict(sp24, cycles=28)]


def test_uarch():
    u = rows_of(uarch.uarch(table(sweep_rows()), table(dbuf_rows())))
    check(u[0], {"config": "dense", "mode": "dense", "n": 4, "m": 2, "passes": 4,
                 "cycles_base": 62, "cycles_dbuf": 50, "saved_cycles": 12, "saved_frac": 12 / 62,
                 "speedup": 1.24, "stream_base": 8 / 62, "stream_dbuf": 0.16, "closed": 1})
    check(u[1], {"config": "sp24", "cycles_base": 32, "cycles_dbuf": 28, "closed": 1})
    off = dbuf_rows()
    off[1]["cycles"] = 29
    assert rows_of(uarch.uarch(table(sweep_rows()), table(off)))[1]["closed"] == "0"


def test_uarch_needs_the_base_run():
    with pytest.raises(ReportError, match="has no base run"):
        uarch.uarch(table(sweep_rows()[:1]), table(dbuf_rows()))


# ---------------------------------------------------------------- act.csv
def act_rows():
    """Dense W at 0 and 50% zeros in A (60 of the 120 actual MACs gated), 2:4 at 0%."""
    dense, sp24 = sweep_rows()[:2]
    return ([dict(dense, vector="/b/act/dense-az0.vec"),
             dict(dense, vector="/b/act/dense-az50.vec", macs_actual=60, macs_gated=68)],
            [dict(sp24, vector="/b/act/sp24-az0.vec")])


def test_act():
    d, s = act_rows()
    a = rows_of(act.act([table(d), table(s)]))
    assert [(r["class"], r["a_zeros_req"]) for r in a] == [("dense", "0"), ("dense", "50"),
                                                            ("sp24", "0")]
    check(a[0], {"cycles": 62, "frac_gated": 8 / 128, "cycles_vs_0": 1.0, "energy_nj": 0.20304,
                 "e_vs_0": 1.0})
    # 60 x 0.3 + 128 x 0.03 + 3.2 + 80 + 40 + 40 = 185.04 pJ; 68 x 0.3 = 20.4 pJ saved
    check(a[1], {"macs_actual": 60, "macs_gated": 68, "frac_gated": 68 / 128, "cycles_vs_0": 1.0,
                 "energy_nj": 0.18504, "e_vs_0": 185.04 / 203.04, "e_gated_saved_nj": 0.0204})
    check(a[2], {"mode": "2:4", "energy_nj": 0.15152, "e_vs_0": 1.0})


def test_act_needs_the_zero_run_and_the_name():
    d, s = act_rows()
    with pytest.raises(ReportError, match="no 0% run of class dense"):
        act.act([table(d[1:])])
    with pytest.raises(ReportError, match="no -azPCT"):
        act.act([table(sweep_rows())])


# ---------------------------------------------------------------- traffic_tile.csv
def test_traffic_tile():
    t = rows_of(traffic.traffic_tile(table(sweep_rows())))
    check(t[0], {"config": "dense", "m": 2, "w_zero_frac": 3 / 64, "sector_bytes": 32,
                 "w_bytes": 64, "w_moved": 64, "w_eff": 1.0, "meta_moved": 0, "meta_eff": 1.0,
                 "a_bytes": 32, "a_moved": 64, "a_eff": 0.5, "w_dense_bytes": 64,
                 "w_moved_over_dense": 1.0})
    # 2:4: 32 B of values in one sector, 8 B of metadata in another
    check(t[1], {"config": "sp24", "mode": "2:4", "w_moved": 32, "meta_bytes": 8, "meta_moved": 32,
                 "meta_eff": 0.25, "a_eff": 1.0, "w_moved_over_dense": 1.0})


# ---------------------------------------------------------------- sparseloop.csv
def test_sparseloop():
    lines = sparseloop.sparseloop(table(sweep_rows()))
    assert lines[0] == "run,component,dataspace,action,count,unit"
    assert len(lines) == 1 + 3 * 11
    sp24 = [ln for ln in lines if ln.startswith("sp24-m2,")]
    assert sp24 == [
        "sp24-m2,MAC,-,algorithmic_computes,128,MACs",
        "sp24-m2,MAC,-,random_compute,60,MACs",
        "sp24-m2,MAC,-,gated_compute,4,MACs",
        "sp24-m2,MAC,-,skipped_compute,64,MACs",
        "sp24-m2,MAC,-,cycles,32,cycles",
        "sp24-m2,GlobalBuffer,Weights,random_read,32,INT8 words",
        "sp24-m2,GlobalBuffer,Weights,skipped_read,32,INT8 words",        # 16 x 4 - 32
        "sp24-m2,GlobalBuffer,Weights,random_metadata_read,32,2-bit words",  # 8 x 4
        "sp24-m2,GlobalBuffer,Inputs,random_read,32,INT8 words",
        "sp24-m2,GlobalBuffer,Inputs,skipped_read,0,INT8 words",          # 2 x 16 - 32
        "sp24-m2,GlobalBuffer,Outputs,random_update,8,INT32 words",       # 2 x 4
    ]


# ---------------------------------------------------------------- moe.csv
PLAN = """dist,scheme,expert,chunk,load,m,useful,pad,dropped,vector
balanced,group,0,0,2,2,2,0,0,balanced-group-e0.vec
balanced,group,1,0,2,2,2,0,0,balanced-group-e1.vec
hot,group,0,0,3,3,3,0,0,hot-group-e0.vec
hot,group,1,0,1,1,1,0,0,hot-group-e1.vec
hot,cap100,0,0,3,2,2,0,1,hot-cap100-e0.vec
hot,cap100,1,0,1,2,1,1,0,hot-cap100-e1.vec
"""
STREAMS = "dist,scheme,stream_cycles\nbalanced,group,40\nhot,group,41\nhot,cap100,42\n"


def moe_runs():
    """2 experts, 4 tokens, top-1, d = 4 at N = 4: one K-block per command,
    macs_alg = M d N = 16 M, cycles (M + 13) + M."""
    out = []
    for name, m in (("balanced-group-e0", 2), ("balanced-group-e1", 2), ("hot-group-e0", 3),
                    ("hot-group-e1", 1), ("hot-cap100-e0", 2), ("hot-cap100-e1", 2)):
        out.append(run("/b/moe/%s.vec" % name, "moe", "dense", 1, 0, 0, 2 * m + 13, 16 * m, 0, 0,
                       16, 0, 4 * m, 1, 0, 1, m=m, k=4, alg=16 * m, we=16))
    return out


def moe_lines(runs_columns=RUNNER_COLUMNS, plan=PLAN):
    return moe.moe([table_from_text(plan)], [table(moe_runs(), runs_columns)],
                   [table_from_text(STREAMS)], 2, 4, 1, 4)


def test_moe():
    m = rows_of(moe_lines())
    assert [(r["dist"], r["scheme"], r["label"]) for r in m] == [
        ("balanced", "group", "sort-and-group"), ("hot", "group", "sort-and-group"),
        ("hot", "cap100", "capacity 1.00")]
    # per command of M = 2: 32 x 0.3 + 32 x 0.03 + 2 x 4 x 0.1 + W 20 + A 10 + results 40
    # = 81.36 pJ
    check(m[0], {"experts": 2, "tokens": 4, "topk": 1, "d": 4, "n": 4, "load_mean": 2.0,
                 "load_max": 2, "imbalance": 1.0, "commands": 2, "rows_useful": 4,
                 "macs_useful": 64, "macs_alg": 64, "cycles_serial": 34, "stream_cycles": 40,
                 "cycles_step": 17, "step_vs_ideal": 1.0, "util_serial": 64 / (34 * 16),
                 "util_step": 64 / (17 * 2 * 16), "waste_pad": 0.0, "energy_nj": 0.16272,
                 "pj_per_useful_mac": 162.72 / 64})
    check(m[1], {"load_max": 3, "imbalance": 1.5, "cycles_serial": 34, "stream_cycles": 41,
                 "cycles_step": 19, "step_vs_ideal": 19 / 17, "util_step": 64 / (19 * 32)})
    check(m[2], {"rows_useful": 3, "rows_padded": 1, "dropped": 1, "dropped_frac": 0.25,
                 "macs_useful": 48, "macs_padded": 16, "cycles_step": 17, "step_vs_ideal": 1.0,
                 "waste_pad": 0.25})


def test_moe_checks_plan_against_runs():
    with pytest.raises(ReportError, match="is in no plan"):
        moe_lines(plan=PLAN.replace("hot-cap100-e1.vec", "other.vec"))
    with pytest.raises(ReportError, match="macs_alg"):
        moe_lines(plan=PLAN.replace("hot,group,0,0,3,3,3", "hot,group,0,0,3,4,3"))


# ---------------------------------------------------------------- by name
def test_reordered_and_added_columns_change_nothing():
    cols = shuffled(RUNNER_COLUMNS)
    base, other = table(sweep_rows()), table(sweep_rows(), cols)
    assert other.header[3] == "an_added_column"
    for f in (summary.summary, traffic.traffic_tile, sparseloop.sparseloop):
        assert f(other) == f(base)
    assert uarch.uarch(other, table(dbuf_rows(), cols)) == uarch.uarch(base, table(dbuf_rows()))
    d, s = act_rows()
    assert act.act([table(d, cols), table(s)]) == act.act([table(d), table(s)])
    assert moe_lines(cols) == moe_lines()
