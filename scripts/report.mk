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
# it; the same checks on the committed docs/report/runs.csv; and that the
# committed M = 16 rows equal the fresh ones (same seeds, so a difference
# means the model, RTL or generator changed and `make report` is due), the
# same for the MoE rows of the balanced and hot5 distributions and the
# activation rows at 0, 50 and 90% zeros, stc_traffic's tables byte for
# byte, traffic_tile.csv from runs.csv, and
# that summary.csv and report.md follow from runs.csv with today's scripts,
# and that every published file is whole (scripts/report_files_check.sh,
# itself shown to reject a truncated PNG). `make report` writes into
# BUILD/report/publish and moves files into docs/ only when all are whole.
REPORT_DOCS ?= docs
REPORT_JOBS ?= $(SIM_JOBS)
# The double-buffered tile's runner (docs/architecture.md section 11) is
# make sim UARCH=dbuf's, in its own BUILD.
REPORT_SIM_DBUF   := $(DBUF_BUILD)/stc_sim-n16
REPORT_ENV = JOBS=$(REPORT_JOBS) VECGEN=$(BUILD)/stc_vecgen MOEGEN=$(MOEGEN) TRAFFIC=$(STC_TRAFFIC) SIM=$(BUILD)/stc_sim-n16 SIM_DBUF=$(REPORT_SIM_DBUF)

.PHONY: report report-check report-dbuf-build
report-dbuf-build:
	@$(DBUF_MAKE) $(REPORT_SIM_DBUF)

# What make parallel-test's report part runs (sim/sim.mk).
parallel-test: $(MOEGEN) $(STC_TRAFFIC) report-dbuf-build

report: $(BUILD)/stc_vecgen $(MOEGEN) $(STC_TRAFFIC) $(BUILD)/stc_sim-n16 report-dbuf-build
	@$(DEPS) report
	@$(REPORT_ENV) scripts/report.sh $(BUILD) $(REPORT_DOCS)

report-check: $(BUILD)/stc_vecgen $(MOEGEN) $(STC_TRAFFIC) $(BUILD)/stc_sim-n16 report-dbuf-build
	@$(REPORT_ENV) scripts/report.sh --quick $(BUILD)
	@scripts/report_check.sh --self-test $(BUILD)/report-quick/runs.csv
	@scripts/report_check.sh $(REPORT_DOCS)/report/runs.csv
	@grep -e '-m16\.vec,' $(REPORT_DOCS)/report/runs.csv >$(BUILD)/report-quick/committed-m16.csv
	@grep -e '-m16\.vec,' $(BUILD)/report-quick/runs.csv | diff -u $(BUILD)/report-quick/committed-m16.csv - \
	  || { echo "report-check: $(REPORT_DOCS)/report/runs.csv is stale against this model/RTL/generator: run make report" >&2; exit 1; }
	@awk -F, '$$4 == 16' $(REPORT_DOCS)/report/uarch.csv >$(BUILD)/report-quick/committed-uarch-m16.csv
	@awk -F, '$$4 == 16' $(BUILD)/report-quick/uarch.csv | diff -u $(BUILD)/report-quick/committed-uarch-m16.csv - \
	  || { echo "report-check: $(REPORT_DOCS)/report/uarch.csv is stale against this model/RTL (dbuf): run make report" >&2; exit 1; }
	@awk -F, 'NR > 1 && $$13 != 1 { print "report-check: $(REPORT_DOCS)/report/uarch.csv: " $$1 " M=" $$4 ": cycles differ from the closed forms of sections 6 and 11" > "/dev/stderr"; bad = 1 } END { exit bad }' \
	  $(REPORT_DOCS)/report/uarch.csv
	@awk -F, 'NR == FNR { want[$$1 "," $$2] = 1; next } FNR == 1 || ($$1 "," $$2) in want' \
	  $(BUILD)/report-quick/moe.csv $(REPORT_DOCS)/report/moe.csv | diff -u - $(BUILD)/report-quick/moe.csv \
	  || { echo "report-check: $(REPORT_DOCS)/report/moe.csv is stale against this model/RTL/generator (MoE): run make report" >&2; exit 1; }
	@awk -F, 'NR == FNR { want[$$1 "," $$3] = 1; next } FNR == 1 || ($$1 "," $$3) in want' \
	  $(BUILD)/report-quick/act.csv $(REPORT_DOCS)/report/act.csv | diff -u - $(BUILD)/report-quick/act.csv \
	  || { echo "report-check: $(REPORT_DOCS)/report/act.csv is stale against this model/RTL/generator (activation zeros): run make report" >&2; exit 1; }
	@for f in traffic breakeven; do cmp -s $(BUILD)/report-quick/$$f.csv $(REPORT_DOCS)/report/$$f.csv \
	  || { echo "report-check: $(REPORT_DOCS)/report/$$f.csv differs from stc_traffic's output: run make report" >&2; exit 1; }; done
	@awk -F, -f scripts/report_sparseloop.awk $(REPORT_DOCS)/report/runs.csv | cmp -s - $(REPORT_DOCS)/report/sparseloop.csv \
	  || { echo "report-check: $(REPORT_DOCS)/report/sparseloop.csv does not follow from runs.csv with scripts/report_sparseloop.awk: run make report" >&2; exit 1; }
	@awk -F, -f scripts/report_traffic.awk $(REPORT_DOCS)/report/runs.csv | cmp -s - $(REPORT_DOCS)/report/traffic_tile.csv \
	  || { echo "report-check: $(REPORT_DOCS)/report/traffic_tile.csv does not follow from runs.csv with scripts/report_traffic.awk: run make report" >&2; exit 1; }
	@awk -F, -f scripts/report_energy.awk -f scripts/report_analyze.awk $(REPORT_DOCS)/report/runs.csv | diff -q - $(REPORT_DOCS)/report/summary.csv >/dev/null \
	  || { echo "report-check: $(REPORT_DOCS)/report/summary.csv does not follow from runs.csv with scripts/report_analyze.awk: run make report" >&2; exit 1; }
	@scripts/report_render.sh $(REPORT_DOCS)/report | diff -q - $(REPORT_DOCS)/report.md >/dev/null \
	  || { echo "report-check: $(REPORT_DOCS)/report.md does not follow from its CSVs with scripts/report_render.sh: run make report" >&2; exit 1; }
	@scripts/report_files_check.sh $(REPORT_DOCS) 55
	@rm -rf $(BUILD)/report-cut && mkdir -p $(BUILD)/report-cut/report && cp $(REPORT_DOCS)/report.md $(BUILD)/report-cut/ \
	  && cp $(REPORT_DOCS)/report/* $(BUILD)/report-cut/report/ && f=$$(ls $(BUILD)/report-cut/report/*.png | head -n 1) \
	  && head -c 2000 $(REPORT_DOCS)/report/$${f##*/} >$$f; \
	  if scripts/report_files_check.sh $(BUILD)/report-cut 55 >/dev/null 2>&1; then \
	    echo "report-check: a truncated PNG was not detected" >&2; exit 1; fi
	@echo "report-check: committed report matches a fresh run at M=16, follows from its CSV, and its files are whole"
