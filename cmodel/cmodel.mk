# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# cmodel.mk - the golden C model library.
CMODEL_SRCS := $(wildcard cmodel/*.c)
CMODEL_OBJS := $(CMODEL_SRCS:%.c=$(BUILD)/%.o)
CMODEL_LIB  := $(BUILD)/libstc_cmodel.a
# The model's per-cycle loops run over rows of a fixed N_MAX elements so
# that the compiler vectorises them, which GCC 12 does at -O3 (its -O2 uses
# the "very cheap" cost model, which leaves them scalar): about 1.1k fewer
# instructions per simulated cycle at N=16 (make bench, docs/performance.md).
# Integer code only, so the model computes the same at any level;
# CMODEL_OPT= builds it with OPT alone.
CMODEL_OPT ?= -O3

$(BUILD)/cmodel/%.o: cmodel/%.c cmodel/cmodel.mk
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CMODEL_OPT) $(DEPFLAGS) -c $< $(OBJ_OUT)
	@$(OBJ_DONE)
DEPFILES += $(CMODEL_OBJS:.o=.d)

$(CMODEL_LIB): $(CMODEL_OBJS)
	@mkdir -p $(dir $@)
	$(ARCHIVE)
