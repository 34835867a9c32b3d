# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# analysis.mk - models beside the tile (issue 15): stc_traffic, the sector
# traffic of sparse formats the tile cannot execute. A thin main over
# analysis/stc_traffic.c, linked with libstc_common.a (the RNG, the sector
# tracker, the option parser, the atomic writer).
TRAFFIC_OBJS := $(BUILD)/analysis/stc_traffic.o
TRAFFIC_MAIN := $(BUILD)/analysis/stc_traffic_main.o
STC_TRAFFIC  := $(BUILD)/stc_traffic
TRAFFIC_DIR  := $(BUILD)/traffic

$(BUILD)/analysis/%.o: analysis/%.c analysis/analysis.mk
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Ianalysis $(DEPFLAGS) -c $< -o $@
	@$(DEP_SOURCE)
DEPFILES += $(TRAFFIC_OBJS:.o=.d) $(TRAFFIC_MAIN:.o=.d)

$(STC_TRAFFIC): $(TRAFFIC_MAIN) $(TRAFFIC_OBJS) $(COMMON_LIB)
	$(CC) $(CFLAGS) -o $@ $^ -lm $(LDFLAGS)

# `make traffic`: the default sweep and break-even table in $(TRAFFIC_DIR);
# `make traffic-test`: scripts/traffic_test.sh (hand-derived break-evens,
# the gather figure, determinism, option errors), also run by cli-test.
.PHONY: traffic traffic-test
traffic: $(STC_TRAFFIC)
	@mkdir -p $(TRAFFIC_DIR)
	$(STC_TRAFFIC) --out-sweep $(TRAFFIC_DIR)/traffic.csv --out-breakeven $(TRAFFIC_DIR)/breakeven.csv
traffic-test: $(STC_TRAFFIC)
	scripts/traffic_test.sh $(STC_TRAFFIC)
