# sim/debug.mk - waveforms and failure debugging (included by the top
# Makefile after sim/sim.mk, whose SIM_C_OBJS, vec_n, clog2 and build rules
# it reuses).
#
#   make wave VEC=f.vec [SEED= STALL=]   FST trace + grouped GTKWave save file,
#                                        opens GTKWave when $DISPLAY is set
#   make wave-shot [VEC=] [WAVE_PNG=]    the same, screenshot on Xvfb (PNG)
#   make sim-debug VEC=f.vec [SEED= STALL=]
#                                        failing vector: windowed failure trace
#                                        (rtl_/ref_/mismatch_*), .gtkw with the
#                                        marker on the first divergence, shrunk
#                                        vector; see docs/debugging.md
#   make debug-test                      proves it on a deliberately broken RTL

WAVE_DIR     := $(BUILD)/wave
WAVE_MW      := $(call clog2,$(M_MAX))
WAVE_KBW     := $(call clog2,$(KB_MAX))
WAVE_SHOT_VEC ?= vectors/regression/corner-wrap-n4-2of4-m8-k32-bias-s1.vec
WAVE_PNG     ?=
# The vector's array size, from its header (N when it has none).
dbg_vec_n = $(or $(call vec_n,$(1)),$(N))

.PHONY: wave wave-shot sim-debug debug-test

define WAVE_RUN
	@test -f "$(1)" || { echo "make $@: no such vector file: '$(1)' (VEC=path/to.vec)" >&2; exit 2; }
	@$(MAKE) --no-print-directory $(BUILD)/stc_sim-n$(call dbg_vec_n,$(1))-trace
	@scripts/wave.sh $(BUILD)/stc_sim-n$(call dbg_vec_n,$(1))-trace $(call dbg_vec_n,$(1)) \
	  $(WAVE_MW) $(WAVE_KBW) $(1) $(SEED) $(STALL) $(WAVE_DIR) $(2)
endef

wave:
	$(call WAVE_RUN,$(VEC),open)

wave-shot:
	@$(DEPS) wave
	$(call WAVE_RUN,$(or $(VEC),$(WAVE_SHOT_VEC)),shot $(WAVE_PNG))
