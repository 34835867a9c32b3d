# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# tb.mk - Criterion unit tests. Every tb/unit/test_*.c is one suite of the same
# binary; it runs from the repository root so vector paths are relative.
TB_SRCS := $(wildcard tb/unit/test_*.c)
TB_BIN  := $(BUILD)/stc_unit_tests
CRITERION_LIBS = $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)

.PHONY: unit
TB_OBJS := $(TB_SRCS:%.c=$(BUILD)/unit/%.o)
DEPFILES += $(TB_OBJS:.o=.d)

$(BUILD)/unit/tb/%.o: tb/%.c tb/tb.mk
	@$(DEPS) core
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itb $(DEPFLAGS) -c $< -o $@
	@$(DEP_SOURCE)

$(TB_BIN): $(TB_OBJS) $(VEC_LIB) $(CMODEL_LIB) $(COMMON_LIB)
	$(CC) $(CFLAGS) -o $@ $(TB_OBJS) $(VEC_LIB) $(CMODEL_LIB) $(COMMON_LIB) $(CRITERION_LIBS) $(LDFLAGS)

UNIT_FLAGS ?=
unit: $(TB_BIN)
	$(TB_BIN) --jobs=$(JOBS) $(UNIT_FLAGS)
