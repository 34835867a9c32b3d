# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The sparsity report behind ``make report`` (docs/report.md, docs/report/).

scripts/report.sh runs the sweep (vectors, lockstep runs); this package
turns the runner's CSV lines into the report's tables, the page and the
plots, reading every input column by its header name:

- :mod:`.energy`      the report's one energy model (every section, and
                      analysis/accuracy, use it);
- :mod:`.runs`        runs.csv merged from the per-run CSVs, and the MoE
                      streams' cycles from the runner's log;
- :mod:`.summary`     summary.csv, the sparsity sweep's derived columns;
- :mod:`.uarch`       uarch.csv, the base tile beside the double-buffered one;
- :mod:`.moe`         moe.csv, the mixture-of-experts workloads;
- :mod:`.act`         act.csv, the activation-zeros runs;
- :mod:`.traffic`     traffic_tile.csv, the measured sector traffic;
- :mod:`.sparseloop`  sparseloop.csv, the counters under Sparseloop's names;
- :mod:`.render`      docs/report.md (the decision table, then one section
                      per table);
- :mod:`.plots`       the figures (Matplotlib, PNG and SVG, byte-identical
                      from the same inputs);
- :mod:`.check`       make report-check's comparisons of the committed
                      files with a quick sweep.

Number formatting follows the awk scripts this package replaced, byte for
byte (:mod:`.awkfmt`). Entry point: ``python3 -m analysis.report`` (see
:mod:`.cli`).
"""
