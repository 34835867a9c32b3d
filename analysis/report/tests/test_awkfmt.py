# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The awk (mawk) number conversions the tables' bytes depend on."""
from analysis.report.awkfmt import MAX_INT, d, num, num_str


def test_num_takes_the_leading_number():
    assert num("12abc") == 12
    assert num("") == 0
    assert num("abc") == 0
    assert num(" 3.5e2,") == 350
    assert num("-0.25") == -0.25


def test_percent_d_truncates_and_saturates():
    assert d(2.9) == 2
    assert d(-2.7) == -2
    assert d("7") == 7
    assert d(3e9) == MAX_INT == 2147483647
    assert d(-3e9) == -MAX_INT


def test_number_to_string_is_integer_or_percent_6g():
    assert num_str(5.0) == "5"
    assert num_str(99.9) == "99.9"
    assert num_str(87.5) == "87.5"
    assert num_str(0.1 + 0.2) == "0.3"
    assert num_str(100000.5) == "100000"
    assert num_str(2 ** 31 - 1) == "2147483647"
    assert num_str(2 ** 31) == "2.14748e+09"
