# report.mk - make report (owner: report).
#
# `make report`: the sparsity sweep (dense, 2:4, block-sparse, 2:4 inside
# block-sparse, unstructured; M = 1..1024) run in lockstep on the RTL and
# the golden model; writes docs/report.md, docs/report/*.csv and the plots
# (PNG + SVG). `make report-check`: a quick sweep (M = 16) whose counters
# must add up, plus the same checks on the committed docs/report/runs.csv.
REPORT_DOCS ?= docs
REPORT_JOBS ?= $(JOBS)

.PHONY: report report-check

report: $(BUILD)/stc_vecgen $(BUILD)/stc_sim-n16
	@$(DEPS) report
	@JOBS=$(REPORT_JOBS) VECGEN=$(BUILD)/stc_vecgen SIM=$(BUILD)/stc_sim-n16 \
	  scripts/report.sh $(BUILD) $(REPORT_DOCS)

report-check: $(BUILD)/stc_vecgen $(BUILD)/stc_sim-n16
	@JOBS=$(REPORT_JOBS) VECGEN=$(BUILD)/stc_vecgen SIM=$(BUILD)/stc_sim-n16 \
	  scripts/report.sh --quick $(BUILD)
	@scripts/report_check.sh $(REPORT_DOCS)/report/runs.csv
