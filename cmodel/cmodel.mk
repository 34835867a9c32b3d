# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# cmodel.mk - the golden C model library.
CMODEL_SRCS := $(wildcard cmodel/*.c)
CMODEL_OBJS := $(CMODEL_SRCS:%.c=$(BUILD)/%.o)
CMODEL_LIB  := $(BUILD)/libstc_cmodel.a

$(BUILD)/cmodel/%.o: cmodel/%.c cmodel/cmodel.mk
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c $< -o $@
	@$(DEP_SOURCE)
DEPFILES += $(CMODEL_OBJS:.o=.d)

$(CMODEL_LIB): $(CMODEL_OBJS)
	@mkdir -p $(dir $@)
	$(ARCHIVE) $^
