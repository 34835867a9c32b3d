# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""docs/report.md from the report's tables: the title and the decision
table, then one section per table. The one list of sections, used by
``make report`` (on the staged tables) and by ``make report-check`` (on the
committed ones, which must give the committed page).

Every number printed comes from the tables; the findings are sentences whose
direction (faster, slower, none, some) is decided from the numbers, not
written in advance.
"""
from __future__ import annotations

import os
from typing import List, Optional

from ..csvio import Table, read_table
from . import act, decision, moe, sweep, traffic, uarch


def render(report_dir: str, accuracy: Optional[str] = None) -> str:
    """The page from REPORT_DIR's CSVs (summary, uarch, moe, act,
    traffic_tile, traffic, breakeven, area) and, for the decision table's
    accuracy column, the accuracy study's table ACCURACY
    (docs/accuracy/accuracy.csv, one line per configuration) and the
    summary beside it (summary.csv, means over seeds with intervals);
    without them the column is left out)."""
    def t(name: str) -> Table:
        return read_table(os.path.join(report_dir, name + ".csv"))
    summary, act_t, moe_t = t("summary"), t("act"), t("moe")
    tile, sweep_t, breakeven, area = t("traffic_tile"), t("traffic"), t("breakeven"), t("area")
    acc = read_table(accuracy) if accuracy else None
    acc_sum = read_table(os.path.join(os.path.dirname(accuracy), "summary.csv")) \
        if accuracy else None
    out: List[str] = []
    out += decision.decision(summary, act_t, moe_t, tile, sweep_t, area, acc_sum)
    out += sweep.sweep(summary)
    out += uarch.uarch_md(t("uarch"))
    out += moe.moe_md(moe_t)
    out += act.act_md(act_t, acc)
    out += traffic.traffic_md(tile, sweep_t, breakeven)
    return "".join(out)
