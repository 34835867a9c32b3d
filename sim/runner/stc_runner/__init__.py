# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""stc_runner: what `make sim` runs (docs/runner.md). The test plan
(sim/plan.yaml) as data, one fail-closed runner for the suites, shards,
merges, JUnit and the summary page."""
