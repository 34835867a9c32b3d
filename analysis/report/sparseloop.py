# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""sparseloop.csv: the sweep's counters under Sparseloop's names, so that a
user with Timeloop/Sparseloop can model the same workloads on
docs/sparseloop/stc_tile.arch.yaml and stc_tile.sparse.yaml and compare
action for action (the tools themselves are not needed here).

One line per (run, component, data space, action), long form:
``run,component,dataspace,action,count,unit``.

- Compute (component MAC): algorithmic_computes = macs_alg; random_compute
  (Sparseloop's actual computes) = macs_actual; gated_compute = macs_gated;
  skipped_compute = macs_skipped; cycles.
- Storage (component GlobalBuffer, the host's SRAM behind the DMA), in words
  of the data space:
  Weights  random_read = the value words loaded (w_bytes, INT8);
           skipped_read = the dense W words never read (skipped blocks and,
           in 2:4, the compressed-away half): K x N - w_bytes;
           random_metadata_read = 2-bit position words (meta_bytes x 4);
  Inputs   random_read = a_bytes; skipped_read = the activations of skipped
           blocks, never streamed: M x K - a_bytes;
  Outputs  random_update = M x N result words (INT32).
"""
from __future__ import annotations

import re
from typing import List

from .awkfmt import num, num_str
from .csvio import ReportError, Table, basename

WHO = "report sparseloop"
NEED = ("vector pass m k n macs_alg macs_actual macs_gated macs_skipped cycles w_bytes "
        "meta_bytes a_bytes").split()
HEADER = "run,component,dataspace,action,count,unit"


def sparseloop(t: Table) -> List[str]:
    """sparseloop.csv's lines (header first) from runs.csv."""
    t.require(NEED, WHO)
    out = [HEADER]
    for r in t.rows:
        run = re.sub(r"\.vec$", "", basename(r["vector"]), count=1)
        if num(r["pass"]) != 1:
            raise ReportError("%s: run %s did not pass" % (WHO, run))
        m, k, n = num(r["m"]), num(r["k"]), num(r["n"])
        for comp, ds, action, count, unit in (
                ("MAC", "-", "algorithmic_computes", r["macs_alg"], "MACs"),
                ("MAC", "-", "random_compute", r["macs_actual"], "MACs"),
                ("MAC", "-", "gated_compute", r["macs_gated"], "MACs"),
                ("MAC", "-", "skipped_compute", r["macs_skipped"], "MACs"),
                ("MAC", "-", "cycles", r["cycles"], "cycles"),
                ("GlobalBuffer", "Weights", "random_read", r["w_bytes"], "INT8 words"),
                ("GlobalBuffer", "Weights", "skipped_read", num_str(k * n - num(r["w_bytes"])),
                 "INT8 words"),
                ("GlobalBuffer", "Weights", "random_metadata_read",
                 num_str(num(r["meta_bytes"]) * 4), "2-bit words"),
                ("GlobalBuffer", "Inputs", "random_read", r["a_bytes"], "INT8 words"),
                ("GlobalBuffer", "Inputs", "skipped_read", num_str(m * k - num(r["a_bytes"])),
                 "INT8 words"),
                ("GlobalBuffer", "Outputs", "random_update", num_str(m * n), "INT32 words")):
            out.append(",".join((run, comp, ds, action, count, unit)))
    return out
