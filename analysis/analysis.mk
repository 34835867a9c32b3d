# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# analysis.mk - models and measurements beside the tile (issue 15):
#   stc_traffic, the sector traffic of sparse formats the tile cannot
#   execute: a thin main over analysis/stc_traffic.c, linked with
#   libstc_common.a (the RNG, the sector tracker, the option parser, the
#   atomic writer);
#   the hardware cost of each sparsity feature: scripts/area.sh synthesizes
#   analysis/stc_area_top.v (the tile without probes, features tied off)
#   with Yosys, into docs/report/area.csv, which make report's decision
#   table reads.
TRAFFIC_OBJS := $(BUILD)/analysis/stc_traffic.o
TRAFFIC_MAIN := $(BUILD)/analysis/stc_traffic_main.o
STC_TRAFFIC  := $(BUILD)/stc_traffic
TRAFFIC_DIR  := $(BUILD)/traffic

$(BUILD)/analysis/%.o: analysis/%.c analysis/analysis.mk
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Ianalysis $(DEPFLAGS) -c $< $(OBJ_OUT)
	@$(OBJ_DONE)
DEPFILES += $(TRAFFIC_OBJS:.o=.d) $(TRAFFIC_MAIN:.o=.d)

$(STC_TRAFFIC): $(TRAFFIC_MAIN) $(TRAFFIC_OBJS) $(COMMON_LIB)
	$(CC) $(CFLAGS) -o $@.tmp $^ -lm $(LDFLAGS) $(LINKED)

# `make traffic`: the default sweep and break-even table in $(TRAFFIC_DIR);
# `make traffic-test`: scripts/traffic_test.sh (hand-derived break-evens,
# the gather figure, determinism, option errors), also run by cli-test.
.PHONY: traffic traffic-test
traffic: ## modelled sector traffic of unstructured formats (CSR, bitmap, COO, gather) against dense
traffic: $(STC_TRAFFIC)
	@mkdir -p $(TRAFFIC_DIR)
	$(STC_TRAFFIC) --out-sweep $(TRAFFIC_DIR)/traffic.csv --out-breakeven $(TRAFFIC_DIR)/breakeven.csv
traffic-test: ## stc_traffic's tables and break-even sparsities
traffic-test: $(STC_TRAFFIC)
	scripts/traffic_test.sh $(STC_TRAFFIC)

# `make area`: the ablation syntheses (about 2 minutes on 2 cores) into
# $(AREA_CSV); `make area-check` (CI): the same into BUILD, which must equal
# the committed table (an RTL change that moves the cost needs make area).
AREA_CSV := docs/report/area.csv
.PHONY: area area-check
##@ Reports
area: ## what each sparsity feature costs in logic: Yosys ablations of the tile into docs/report/area.csv
area:
	@$(DEPS) synth
	@JOBS=$(JOBS) scripts/area.sh $(BUILD) $(AREA_CSV) $(RTL_SRCS)
##@ Tests before you push, and CI
area-check: ## the report's hardware cost against a fresh Yosys synthesis
area-check:
	@$(DEPS) synth
	@JOBS=$(JOBS) scripts/area.sh $(BUILD) $(BUILD)/area.csv $(RTL_SRCS)
	@cmp -s $(BUILD)/area.csv $(AREA_CSV) || { diff -u $(AREA_CSV) $(BUILD)/area.csv; \
	  echo "area-check: $(AREA_CSV) differs from a fresh synthesis of the RTL: run make area" >&2; exit 1; }
	@echo "area-check: $(AREA_CSV) matches a fresh synthesis"
