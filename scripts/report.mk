# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report.mk - make report (owner: report).
#
# `make report`: the sparsity sweep (dense, 2:4, block-sparse, 2:4 inside
# block-sparse, unstructured; M = 1..1024; 55 runs), the mixture-of-experts
# workloads (6 load distributions x 5 dispatch schemes, about 2,000 tile
# commands) and the activation-zeros sweep (20 runs), all in lockstep on the
# RTL and the golden model; writes docs/report.md, docs/report/*.csv and the
# plots (PNG + SVG). REPORT_JOBS runs at once (default: JOBS if given,
# else nproc, as make sim); the files are the same whatever the number
# (docs/parallel.md).
#
# `make report-check` (the report's test): a quick sweep of every
# configuration at M = 16 whose counters must add up (algorithmic = actual +
# gated + skipped, section 6/7 of the architecture, 2:4 passes and weight
# bytes exactly half of dense at equal K); the checker's own self-test on
# it; the same checks on the committed docs/report/runs.csv; then
# `python3 -m analysis.report check` (analysis/report/check.py): the
# committed M = 16 rows equal the fresh ones (same seeds, so a difference
# means the model, RTL or generator changed and `make report` is due), the
# same for the MoE rows of the balanced and hot5 distributions and the
# activation rows at 0, 50 and 90% zeros, stc_traffic's tables byte for
# byte, and sparseloop.csv, traffic_tile.csv, summary.csv and report.md
# follow from runs.csv (and docs/accuracy/accuracy.csv) with today's code;
# and that every published file is whole (scripts/report_files_check.sh,
# itself shown to reject a truncated PNG). `make report` writes into
# BUILD/report/publish and moves files into docs/ only when all are whole.
#
# `make report-test`: the unit tests of analysis/report (python3-pytest):
# the energy model on hand-computed values, every table on tiny synthetic
# runs, columns read by name, the page, plots byte-identical twice.
#
# The tables, the page and the plots are analysis/report's (Debian's
# Python: PY, with python3-matplotlib for the plots; nothing from pip).
REPORT_DOCS ?= docs
REPORT_JOBS ?= $(SIM_JOBS)
# The double-buffered tile's runner (docs/architecture.md section 11) is
# make sim UARCH=dbuf's, in its own BUILD.
REPORT_SIM_DBUF   := $(DBUF_BUILD)/stc_sim-n16
REPORT_ENV = JOBS=$(REPORT_JOBS) VECGEN=$(BUILD)/stc_vecgen MOEGEN=$(MOEGEN) TRAFFIC=$(STC_TRAFFIC) SIM=$(BUILD)/stc_sim-n16 SIM_DBUF=$(REPORT_SIM_DBUF) PY=$(PY)
REPORT_PY  = PYTHONDONTWRITEBYTECODE=1 $(PY) -m analysis.report

.PHONY: report report-check report-test report-dbuf-build
report-dbuf-build:
	@$(DBUF_MAKE) $(REPORT_SIM_DBUF)

# What make parallel-test's report part runs (sim/sim.mk).
parallel-test: $(MOEGEN) $(STC_TRAFFIC) report-dbuf-build

##@ Reports
report: $(BUILD)/stc_vecgen $(MOEGEN) $(STC_TRAFFIC) $(BUILD)/stc_sim-n16 report-dbuf-build ## sparsity sweep: zeros present against cycles, MACs, bytes and energy saved; MoE dispatch under skewed routing; zeros in activations; plots (docs/report.md)
	@$(DEPS) report
	@$(REPORT_ENV) scripts/report.sh $(BUILD) $(REPORT_DOCS)

##@ Tests before you push, and CI
report-check: $(BUILD)/stc_vecgen $(MOEGEN) $(STC_TRAFFIC) $(BUILD)/stc_sim-n16 report-dbuf-build ## the committed report against a quick sweep, its tables and page against its CSVs, every file whole
	@$(REPORT_ENV) scripts/report.sh --quick $(BUILD)
	@scripts/report_check.sh --self-test $(BUILD)/report-quick/runs.csv
	@scripts/report_check.sh $(REPORT_DOCS)/report/runs.csv
	@$(REPORT_PY) check --docs $(REPORT_DOCS) --quick $(BUILD)/report-quick \
	  --accuracy $(REPORT_DOCS)/accuracy/accuracy.csv
	@scripts/report_files_check.sh $(REPORT_DOCS) 55
	@rm -rf $(BUILD)/report-cut && mkdir -p $(BUILD)/report-cut/report && cp $(REPORT_DOCS)/report.md $(BUILD)/report-cut/ \
	  && cp $(REPORT_DOCS)/report/* $(BUILD)/report-cut/report/ && f=$$(ls $(BUILD)/report-cut/report/*.png | head -n 1) \
	  && head -c 2000 $(REPORT_DOCS)/report/$${f##*/} >$$f; \
	  if scripts/report_files_check.sh $(BUILD)/report-cut 55 >/dev/null 2>&1; then \
	    echo "report-check: a truncated PNG was not detected" >&2; exit 1; fi
	@echo "report-check: committed report matches a fresh run at M=16, follows from its CSV, and its files are whole"

report-test: ## the report's unit tests (analysis/report/tests: energy model, tables, page, plots)
	@$(DEPS) core report
	PYTHONDONTWRITEBYTECODE=1 $(PY) -m pytest -p no:cacheprovider -q analysis/report/tests
