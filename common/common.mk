# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# common.mk - what every program shares: error values, the command-line
# parser, the atomic file writer, the random number generator.
COMMON_SRCS := $(wildcard common/*.c)
COMMON_OBJS := $(COMMON_SRCS:%.c=$(BUILD)/%.o)
COMMON_LIB  := $(BUILD)/libstc_common.a

$(BUILD)/common/%.o: common/%.c common/common.mk
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c $< $(OBJ_OUT)
	@$(OBJ_DONE)
DEPFILES += $(COMMON_OBJS:.o=.d)

$(COMMON_LIB): $(COMMON_OBJS)
	@mkdir -p $(dir $@)
	$(ARCHIVE)
