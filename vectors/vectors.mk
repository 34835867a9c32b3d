# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# vectors.mk - vector library, generator and dump tools (owner: vectors).
#
# libstc_vec.a holds the reader/writer (stc_vec.c), the generator
# (stc_gen.c), the reader of the regression manifest (stc_manifest.c) and
# the reader of binary layer files (stc_layer.c, for stc_gemm);
# it needs $(CMODEL_LIB) for the metadata codec and the functional
# reference. The tools are thin mains over the library.
VEC_LIB      := $(BUILD)/libstc_vec.a
VEC_LIB_SRCS := vectors/stc_vec.c vectors/stc_gen.c vectors/stc_gen_stream.c vectors/stc_gen_directed.c \
                vectors/stc_gen_moe.c vectors/stc_manifest.c vectors/stc_layer.c
VEC_LIB_OBJS := $(VEC_LIB_SRCS:%.c=$(BUILD)/%.o)
VEC_HDRS     := $(wildcard common/*.h) $(wildcard vectors/*.h) $(wildcard cmodel/*.h)
VECGEN       := $(BUILD)/stc_vecgen
VECDUMP      := $(BUILD)/stc_vecdump
MOEGEN       := $(BUILD)/stc_moegen
VEC_REGDIR   := vectors/regression
# The list of files under $(VEC_REGDIR): data, read by stc_vecgen.
VEC_MANIFEST := vectors/regression.manifest

$(BUILD)/vectors/%.o: vectors/%.c vectors/vectors.mk
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c $< $(OBJ_OUT)
	@$(OBJ_DONE)
DEPFILES += $(VEC_LIB_OBJS:.o=.d) $(BUILD)/vectors/stc_vecgen_main.d $(BUILD)/vectors/stc_vecdump_main.d \
            $(BUILD)/vectors/stc_moegen_main.d

$(VEC_LIB): $(VEC_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(ARCHIVE)

$(VECGEN): $(BUILD)/vectors/stc_vecgen_main.o $(VEC_LIB) $(CMODEL_LIB) $(COMMON_LIB)
	$(CC) $(CFLAGS) -o $@.tmp $^ $(LDFLAGS) $(LINKED)

$(VECDUMP): $(BUILD)/vectors/stc_vecdump_main.o $(VEC_LIB) $(CMODEL_LIB) $(COMMON_LIB)
	$(CC) $(CFLAGS) -o $@.tmp $^ $(LDFLAGS) $(LINKED)

$(MOEGEN): $(BUILD)/vectors/stc_moegen_main.o $(VEC_LIB) $(CMODEL_LIB) $(COMMON_LIB)
	$(CC) $(CFLAGS) -o $@.tmp $^ $(LDFLAGS) $(LINKED)

.PHONY: vectors vectors-check vec-tools
vec-tools: $(VECGEN) $(VECDUMP) $(MOEGEN)

# Rewrites the checked-in regression set from the manifest (byte-identical
# for unchanged code and manifest) and removes the files it does not list.
##@ Housekeeping
vectors: ## rewrite vectors/regression/ from vectors/regression.manifest
vectors: $(VECGEN) $(VEC_MANIFEST)
	@mkdir -p $(VEC_REGDIR)
	$(VECGEN) --regression $(VEC_REGDIR) --manifest $(VEC_MANIFEST)

# Regenerates into $(BUILD) and fails if the checked-in set differs.
##@ Tests before you push, and CI
vectors-check: ## regenerate the manifest's set into $(BUILD)/ and diff with vectors/regression/
vectors-check: $(VECGEN) $(VEC_MANIFEST)
	@rm -rf $(BUILD)/regression-check && mkdir -p $(BUILD)/regression-check
	$(VECGEN) --regression $(BUILD)/regression-check --manifest $(VEC_MANIFEST)
	diff -r -q $(VEC_REGDIR) $(BUILD)/regression-check
