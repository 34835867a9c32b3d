# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# tb.mk - Criterion unit tests. Every tb/unit/test_*.c is one suite of the same
# binary; it runs from the repository root so vector paths are relative.
# The harness modules (lockstep, host, compare, coverage, trace writer) are
# tested against tb/unit/rtl_double.c, the golden model behind the stc_rtl
# interface, instead of the Verilated RTL; the trace writer's fstapi comes
# with Verilator's runtime ($(VLRT_C)). The model's own tests (test_tile,
# test_accounting) drive it through tb/unit/tile_driver.c, their host.
TB_SRCS := $(wildcard tb/unit/test_*.c) tb/unit/rtl_double.c tb/unit/tile_driver.c tb/unit/capture.c tb/unit/scratch.c
TB_HARNESS_OBJS = $(filter-out $(BUILD)/sim/core/stc_run_cli.o,$(SIM_C_OBJS)) \
                  $(BUILD)/sim/cov/stc_fcov.o $(BUILD)/sim/debug/stc_trace.o $(BUILD)/sim/debug/stc_gtkw.o \
                  $(BUILD)/sim/debug/stc_shrink.o
TB_BIN  := $(BUILD)/stc_unit_tests
CRITERION_LIBS = $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)

.PHONY: unit
TB_OBJS := $(TB_SRCS:%.c=$(BUILD)/unit/%.o)
DEPFILES += $(TB_OBJS:.o=.d)

$(BUILD)/unit/tb/%.o: tb/%.c tb/tb.mk
	@$(DEPS) core
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itb -Itb/unit -isystem $(VERILATOR_ROOT_INC) $(DEPFLAGS) -c $< $(OBJ_OUT)
	@$(OBJ_DONE)

$(TB_BIN): $(TB_OBJS) $(TB_HARNESS_OBJS) $(VEC_LIB) $(CMODEL_LIB) $(COMMON_LIB) $(VLRT_C)
	@$(DEPS) core sim
	$(CXX) -o $@.tmp $(TB_OBJS) $(TB_HARNESS_OBJS) $(VEC_LIB) $(CMODEL_LIB) $(COMMON_LIB) $(VLRT_C) \
	  $(CRITERION_LIBS) -lz -pthread $(LDFLAGS) $(LINKED)

UNIT_FLAGS ?=
##@ Tests before you push, and CI
unit: ## the Criterion unit tests (UNIT_FLAGS=--xml=f)
unit: $(TB_BIN)
	$(TB_BIN) --jobs=$(JOBS) $(UNIT_FLAGS)
