# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# sim/debug/debug.mk - waveforms and failure debugging (included by the top
# Makefile after sim/sim.mk, whose SIM_C_OBJS, clog2 and build rules
# it reuses).
#
#   make wave VEC=f.vec [SEED= STALL=]   FST trace + grouped GTKWave save file,
#     [COMPARE= SIM_FLAGS= MARK=]        opens GTKWave when $DISPLAY is set
#   make wave-shot [VEC=] [WAVE_PNG=]    the same, screenshot on Xvfb (PNG)
#   make sim-debug VEC=f.vec [SEED= STALL=]
#                                        failing vector: windowed failure trace
#                                        (rtl_/ref_/mismatch_*), .gtkw with the
#                                        marker on the first divergence, shrunk
#                                        vector; see docs/debugging.md
#   make debug-test                      proves it on a deliberately broken RTL

# The run a make wave or make sim-debug line replays: the runner options of
# make sim's COMPARE= and MODEL_UARCH=, and SIM_FLAGS= (--policy, --reset-at,
# ...), as the lines the runners print set them (stc_run_cli_print_make);
# MARK=C puts the save file's marker on cycle C.
RUN_FLAGS     = $(if $(filter-out cycle,$(COMPARE)),--compare $(COMPARE)) $(if $(SUITE_UARCH),--uarch $(SUITE_UARCH)) $(SIM_FLAGS)
MARK         ?=
WAVE_DIR     := $(BUILD)/wave
STC_GTKW     := $(BUILD)/stc_gtkw
WAVE_SHOT_VEC ?= vectors/regression/corner-wrap-n4-2of4-m8-k32-bias-s1.vec
WAVE_PNG     ?=

.PHONY: wave wave-shot sim-debug debug-test

# $(1) = the vector (one file, spaces allowed), $(2) = wave.sh's mode words.
define WAVE_RUN
	@test -f $(call shq,$(1)) || { echo "make $@: no such vector file: $(call shq,$(1)) (VEC=path/to.vec)" >&2; exit 2; }
	@n=$$($(SIM_RUNNER) vec-n $(call shq,$(1)) $(N)); \
	$(MAKE) --no-print-directory N=$$n $(BUILD)/stc_sim-n$$n-trace $(STC_GTKW) || exit 2; \
	RUN_FLAGS=$(call shq,$(RUN_FLAGS)) MARK=$(MARK) \
	  scripts/wave.sh $(BUILD)/stc_sim-n$$n-trace $(STC_GTKW) $(call shq,$(1)) $(SEED) $(STALL) \
	  $(call shq,$(WAVE_DIR)) $(2)
endef

##@ Run and debug
wave: ## re-run one vector with FST tracing and open GTKWave (VEC=f.vec; MARK=cycle)
wave:
	$(call WAVE_RUN,$(VEC),open)

wave-shot: ## the same, a headless PNG (Xvfb)
wave-shot:
	@$(DEPS) wave
	$(call WAVE_RUN,$(or $(VEC),$(WAVE_SHOT_VEC)),shot $(call shq,$(WAVE_PNG)))

# ---- the debug program: build/stc_debug-nN --------------------------------
# Same objects as the runner (sim.mk's SIM_C_OBJS, shim, libraries) with its
# own main, the window tracer and the shrinker.
DBG_C_OBJS := $(BUILD)/sim/apps/stc_debug_main.o $(BUILD)/sim/debug/stc_trace.o $(BUILD)/sim/debug/stc_gtkw.o \
              $(BUILD)/sim/debug/stc_shrink.o
DBG_OUT    ?= $(BUILD)/fail
DBG_FLAGS  ?=

DEPFILES += $(DBG_C_OBJS:.o=.d) $(BUILD)/sim/apps/stc_gtkw_main.d

# stc_gtkw: the save file of a tile trace (make wave), through the same
# writer as the debugger's (sim/debug/stc_gtkw.c), reading the trace with
# the fstapi library of Verilator's runtime.
$(BUILD)/sim/apps/stc_gtkw_main.o: CFLAGS += -isystem $(VERILATOR_ROOT_INC)
$(STC_GTKW): $(BUILD)/sim/apps/stc_gtkw_main.o $(BUILD)/sim/debug/stc_gtkw.o $(COMMON_LIB) $(VLRT_C)
	$(CXX) -o $@.tmp $^ -lz -pthread $(LDFLAGS) $(LINKED)
# The trace writer uses the fstapi library Verilator ships (and links into
# every program with its runtime, $(VLRT_C)).
$(BUILD)/sim/debug/stc_trace.o: CFLAGS += -isystem $(VERILATOR_ROOT_INC)

# $(1) = N, $(2) = Verilator build suffix ("" is sim.mk's build, "-bug" ours)
define DBG_LINK_RULES
$(call VL_PROGRAM,$(BUILD)/stc_debug-n$(1)$(2),$(DBG_C_OBJS) $(SIM_C_OBJS),$(BUILD)/vl-n$(1)$(2))
endef
$(foreach n,$(sort $(SIM_NS) $(N)),$(eval $(call DBG_LINK_RULES,$(n),)))

# `make sim-debug VEC=f.vec SEED=S STALL=P`: what `make sim` calls on the
# first failing vector. Exit 1 means "it fails, files written".
sim-debug: ## the failure trace of VEC=f.vec: ref_* beside rtl_*, save file at the divergence, shrunk vector
sim-debug:
	@test -f $(call shq,$(VEC)) || { echo "make sim-debug: no such vector file: $(call shq,$(VEC))" >&2; exit 2; }
	@n=$$($(SIM_RUNNER) vec-n $(call shq,$(VEC)) $(N)); \
	$(MAKE) --no-print-directory N=$$n $(BUILD)/stc_debug-n$$n || exit 2; \
	$(BUILD)/stc_debug-n$$n --seed $(SEED) --stall $(STALL) $(RUN_FLAGS) --out $(call shq,$(DBG_OUT)) $(DBG_FLAGS) -- $(call shq,$(VEC))

# ---- a deliberately broken RTL, for the tests --------------------------------
# A copy of rtl/ under $(BUILD)/debug-test/rtl with one file patched by
# sim/debug/break_rtl.sh, verilated like sim.mk's builds (suffix -bug).
DBG_BUG      ?= mux-swap
DBG_BUG_FILE ?= stc_pe_array.v
DBG_TEST_N   := 4
DBG_BUG_DIR  := $(BUILD)/debug-test
DBG_BUG_RTL  := $(patsubst $(RTL_DIR)/%,$(DBG_BUG_DIR)/rtl/%,$(RTL_SRCS))

$(DBG_BUG_DIR)/rtl/%.v: $(RTL_DIR)/%.v sim/debug/break_rtl.sh $(STAMP_DIR)/$(RTL_DIR)/%.v $(call src,$(RTL_SRCS) sim/debug/break_rtl.sh)
	@mkdir -p $(dir $@)
	@if [ "$*.v" = "$(DBG_BUG_FILE)" ]; then sim/debug/break_rtl.sh $(DBG_BUG) $< $@; \
	 else cp $< $@; fi

define DBG_BUG_RULES
$(call VL_MODEL,$(BUILD)/vl-n$(1)-bug,$(1),$(DBG_BUG_RTL),,)
$(call VL_PROGRAM,$(BUILD)/stc_sim-n$(1)-bug,$(SIM_MAIN_OBJ) $(SIM_C_OBJS),$(BUILD)/vl-n$(1)-bug)
endef
$(eval $(call DBG_BUG_RULES,$(DBG_TEST_N)))
$(eval $(call DBG_LINK_RULES,$(DBG_TEST_N),-bug))

# `make verdict-test`: exit codes through make (scripts/verdict_test.sh).
.PHONY: verdict-test
verdict-test: ## exit codes through make: 0 pass, 1 mismatch, 2 bad input
verdict-test: $(BUILD)/stc_sim-n$(DBG_TEST_N) $(BUILD)/stc_sim-n$(DBG_TEST_N)-bug
	@scripts/verdict_test.sh $(BUILD)

# `make debug-test`: the tools above on the broken N=4 build (see
# sim/debug/debug_test.sh for what it checks).
##@ Tests before you push, and CI
debug-test: ## the debugger on a broken RTL, at every compare level
debug-test: $(BUILD)/stc_sim-n$(DBG_TEST_N) $(BUILD)/stc_debug-n$(DBG_TEST_N) $(STC_GTKW) \
            $(BUILD)/stc_sim-n$(DBG_TEST_N)-bug $(BUILD)/stc_debug-n$(DBG_TEST_N)-bug
	@$(DEPS) wave
	@sim/debug/debug_test.sh $(BUILD)
