# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The report's energy model against values worked out by hand from its
per-event energies (45 nm, Horowitz ISSCC 2014): INT8 multiply 0.2 pJ,
8-bit add (zero detect) 0.03 pJ, 32-bit add 0.1 pJ, SRAM 1.25 pJ per byte."""
import pytest

from analysis.report import energy as en


def test_constants():
    assert (en.E_MUL8, en.E_ADD8, en.E_ADD32, en.E_SRAM) == (0.2, 0.03, 0.1, 1.25)


def test_one_actual_mac_is_multiply_add_and_zero_detect():
    # 0.2 + 0.1 + 0.03; nothing else (no pass, no bytes, M = N = 0)
    assert en.energy_pj(1, 0, 0, 0, 0, 0, 0, 0, 0) == pytest.approx(0.33)


def test_a_gated_mac_pays_only_its_zero_detect():
    assert en.energy_pj(0, 1, 0, 0, 0, 0, 0, 0, 0) == pytest.approx(0.03)
    assert en.gated_saved_pj(1) == pytest.approx(0.3)


def test_accumulator_and_result_bytes():
    # 2 passes x M 3 x N 4 = 24 accumulator adds x 0.1 = 2.4 pJ;
    # results 4 M N = 48 bytes x 1.25 = 60 pJ
    e = en.energy(0, 0, 2, 3, 4, 0, 0, 0, 0)
    assert e.acc == pytest.approx(2.4)
    assert e.result_bytes == 48
    assert e.sram_c == pytest.approx(60.0)
    assert e.total == pytest.approx(62.4)


def test_bias_doubles_the_result_bytes():
    # bias rows: another 4 M N = 48 bytes -> 96 bytes x 1.25 = 120 pJ
    assert en.energy(0, 0, 0, 3, 4, 0, 0, 0, 1).sram_c == pytest.approx(120.0)


def test_every_part():
    # act 10 x 0.3 = 3.0; (10 + 6) x 0.03 = 0.48; 2 x 3 x 4 x 0.1 = 2.4;
    # W 32 B = 40, metadata 8 B = 10, A 24 B = 30, results 48 B = 60 pJ
    e = en.energy(10, 6, 2, 3, 4, 32, 8, 24, 0)
    assert (e.mac, e.zero, e.acc) == pytest.approx((3.0, 0.48, 2.4))
    assert (e.sram_w, e.sram_meta, e.sram_a, e.sram_c) == pytest.approx((40.0, 10.0, 30.0, 60.0))
    assert e.total == pytest.approx(145.88)
    assert en.gated_saved_pj(6) == pytest.approx(1.8)


def test_a_dense_command_with_no_zeros():
    # M 256, K 512, N 16: 32 passes, 2 097 152 MACs all actual (x 0.33 =
    # 692 060.16 pJ); 32 x 256 x 16 = 131 072 accumulator adds (13 107.2 pJ);
    # SRAM: W 8192 + A 131 072 + results 16 384 = 155 648 B (194 560 pJ)
    e = en.energy(2097152, 0, 32, 256, 16, 8192, 0, 131072, 0)
    assert e.total == pytest.approx(692060.16 + 13107.2 + 194560.0)


def test_row_energy_reads_columns_by_name():
    row = {"macs_actual": "10", "macs_gated": "6", "nblk": "3", "skipped_blocks": "1", "m": "3",
           "n": "4", "w_bytes": "32", "meta_bytes": "8", "a_bytes": "24", "bias": "0",
           "cycles": "999", "unrelated": "x"}
    assert en.row_energy_pj(row) == pytest.approx(145.88)
    assert en.row_energy_pj(dict(reversed(list(row.items())))) == en.row_energy_pj(row)


def test_the_accuracy_pages_use_the_same_model():
    from analysis.accuracy import energy as acc
    row = {"macs_actual": 10, "macs_gated": 4, "m": 2, "n": 16, "bias": 1, "nblk": 3,
           "skipped_blocks": 1, "w_bytes": 100, "meta_bytes": 8, "a_bytes": 64}
    # 10 x 0.3 + 14 x 0.03 + 2 x 2 x 16 x 0.1 + (100 + 8 + 64 + 4 x 2 x 16 x 2) x 1.25
    want = 3.0 + 0.42 + 6.4 + 535.0
    assert acc.command_energy_pj(acc.load_table(), row) == pytest.approx(want)
    assert acc.ENERGY_MODEL == "analysis/report/energy.py"
