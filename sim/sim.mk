# sim.mk - Verilator build of the RTL and the lockstep runner.
#
# One runner binary per array size: $(BUILD)/stc_sim-n$(N), and a tracing
# variant $(BUILD)/stc_sim-n$(N)-trace for `make wave` (tracing compiled out
# of the normal build so it costs nothing there).

M_MAX  ?= 1024
KB_MAX ?= 64
SIM_NS ?= 16 4
REGRESSION_DIR ?= vectors/regression
VERILATOR_ROOT_INC ?= /usr/share/verilator/include

SIM_C_SRCS := sim/stc_host.c sim/stc_compare.c sim/stc_lockstep.c sim/stc_cli.c sim/stc_ports.c
SIM_C_OBJS := $(SIM_C_SRCS:%.c=$(BUILD)/%.o)
SIM_MAIN_OBJ := $(BUILD)/sim/stc_sim_main.o

clog2 = $(shell v=1; b=0; while [ $$v -lt $(1) ]; do v=$$((v*2)); b=$$((b+1)); done; echo $$b)
VL_DEFS = -DSTC_RTL_N=$(1) -DSTC_RTL_M_MAX=$(M_MAX) -DSTC_RTL_KB_MAX=$(KB_MAX) \
          -DSTC_RTL_MW=$(call clog2,$(M_MAX)) -DSTC_RTL_KBW=$(call clog2,$(KB_MAX))
VL_FLAGS := --cc --top-module $(RTL_TOP) -O3 --x-assign fast --x-initial fast \
            -GM_MAX=$(M_MAX) -GKB_MAX=$(KB_MAX) -Wno-fatal --build -j $(JOBS) \
            -CFLAGS -O2 $(VL_EXTRA)

$(BUILD)/sim/%.o: sim/%.c $(wildcard sim/*.h cmodel/*.h vectors/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# $(1) = N, $(2) = suffix ("" or "-trace"), $(3) = extra verilator flags, $(4) = VM_TRACE.
# Other fragments add variants the same way, e.g. a coverage build:
#   $(eval $(call SIM_RULES,16,-cov,--coverage,0))  ->  $(BUILD)/stc_sim-n16-cov
define SIM_RULES
$(BUILD)/vl-n$(1)$(2)/Vstc_tile__ALL.a: $(RTL_SRCS)
	@$(DEPS) core sim
	@mkdir -p $(BUILD)/vl-n$(1)$(2)
	$(VERILATOR) $(VL_FLAGS) $(3) -GN=$(1) --Mdir $(BUILD)/vl-n$(1)$(2) $(RTL_SRCS) >$(BUILD)/vl-n$(1)$(2).log 2>&1 \
	  || { tail -n 40 $(BUILD)/vl-n$(1)$(2).log; exit 1; }
	$(MAKE) --no-print-directory -s -C $(BUILD)/vl-n$(1)$(2) -f Vstc_tile.mk OPT_FAST=-O2 \
	  verilated.o verilated_threads.o $(if $(filter 1,$(4)),verilated_fst_c.o) $(if $(findstring --coverage,$(3)),verilated_cov.o) >>$(BUILD)/vl-n$(1)$(2).log 2>&1 \
	  || { tail -n 40 $(BUILD)/vl-n$(1)$(2).log; exit 1; }
	cd $(BUILD)/vl-n$(1)$(2) && ar rcs libverilated.a verilated.o verilated_threads.o $(if $(filter 1,$(4)),verilated_fst_c.o) $(if $(findstring --coverage,$(3)),verilated_cov.o)

$(BUILD)/vl-n$(1)$(2)/stc_rtl_verilator.o: sim/stc_rtl_verilator.cpp sim/stc_rtl.h cmodel/stc_tile.h sim/sim.mk $(BUILD)/vl-n$(1)$(2)/Vstc_tile__ALL.a
	$(CXX) -std=c++17 -O2 -Wall -Wextra -Werror -DVM_TRACE=$(4) -DVM_TRACE_FST=$(4) -DVM_COVERAGE=$(if $(findstring --coverage,$(3)),1,0) $(call VL_DEFS,$(1)) \
	  -Icmodel -Isim -isystem $(BUILD)/vl-n$(1)$(2) -isystem $(VERILATOR_ROOT_INC) -isystem $(VERILATOR_ROOT_INC)/vltstd \
	  -c $$< -o $$@

$(BUILD)/stc_sim-n$(1)$(2): $(SIM_MAIN_OBJ) $(SIM_C_OBJS) $(BUILD)/vl-n$(1)$(2)/stc_rtl_verilator.o $(VEC_LIB) $(CMODEL_LIB)
	$(CXX) -o $$@ $$^ $(BUILD)/vl-n$(1)$(2)/Vstc_tile__ALL.a $(BUILD)/vl-n$(1)$(2)/libverilated.a -lz -pthread $(LDFLAGS)
endef

$(foreach n,$(sort $(SIM_NS) $(N)),$(eval $(call SIM_RULES,$(n),,,0)))
$(foreach n,$(sort $(SIM_NS) $(N)),$(eval $(call SIM_RULES,$(n),-trace,--trace-fst,1)))
# The real clock-gate cell instead of the enable flop (docs/architecture.md
# section 9): same cycle contract, checked by make ci at N=4.
$(eval $(call SIM_RULES,4,-icg,+define+STC_USE_ICG,0))

# The array size a vector file was written for, from its header.
vec_n = $(shell sed -n 's#^// n \([0-9]*\)$$#\1#p' $(1) 2>/dev/null | head -n 1)

# `make sim`: both array sizes over the regression, unless N= is given.
ifeq ($(origin N),command line)
SIM_RUN_NS := $(N)
else
SIM_RUN_NS := $(SIM_NS)
endif
SIM_OPTS = --seed $(SEED) --stall $(STALL) $(SIM_FLAGS)

.PHONY: sim sim-build wave
# The ICG build rides along at N=4: it is part of what a user tapes out.
SIM_ICG_N := 4
# SIM_VARIANT=-bug runs another build of the RTL (sim/debug.mk's broken one,
# for the tests of the verdicts); the ICG runs are then skipped.
SIM_VARIANT ?=
sim-build: $(foreach n,$(SIM_RUN_NS),$(BUILD)/stc_sim-n$(n)$(SIM_VARIANT)) $(VECGEN) \
           $(if $(SIM_VARIANT),,$(if $(filter $(SIM_ICG_N),$(SIM_RUN_NS)),$(BUILD)/stc_sim-n$(SIM_ICG_N)-icg))

# The verdict, in one closing line and in $(SIM_VERDICT) for
# scripts/verdict.sh: GNU make exits 2 whatever a failing recipe returned.
SIM_VERDICT := $(BUILD)/sim.verdict
define SIM_CLOSE
mkdir -p $(BUILD); echo $$status >$(SIM_VERDICT); \
case $$status in \
  0) echo "make sim: PASS (verdict 0)" ;; \
  1) echo "make sim: FAIL, the RTL and the golden model disagree (verdict 1; make itself exits 2, scripts/verdict.sh make sim ... exits 1)" ;; \
  *) echo "make sim: ERROR, bad input or set-up (verdict 2)" ;; \
esac; exit $$status
endef

# On a failure, `make sim` re-runs the first failing vector through the
# debugger (sim/debug.mk): windowed FST with ref_* signals, .gtkw opening at
# the divergence, and a shrunk vector. SIM_DEBUG=0 turns that off.
SIM_DEBUG ?= 1
define SIM_ON_FAIL
first=$$(awk -F, 'NR > 1 && $$14 == 0 { print $$1; exit }' $(1) 2>/dev/null); \
[ -z "$$first" ] || printf '%s\n' --seed $(SEED) --stall $(STALL) "$$first" >$(BUILD)/sim-one.args; \
$(call SIM_ON_FAIL_RUN,$(VEC_N),$(BUILD)/sim-one.args)
endef
# The suite's first failing run, replayed by the debugger with its options.
define SIM_ON_FAIL_RUN
if [ -s $(2) ] && [ "$(SIM_DEBUG)" = 1 ]; then \
  echo "== debugging the first failing run: $$(tr '\n' ' ' <$(2))"; \
  $(MAKE) --no-print-directory -s $(BUILD)/stc_debug-n$(1)$(SIM_VARIANT) >/dev/null && \
  xargs -d '\n' $(BUILD)/stc_debug-n$(1)$(SIM_VARIANT) --out $(DBG_OUT) <$(2) || true; \
fi
endef

ifneq ($(VEC),)
VEC_N = $(or $(call vec_n,$(VEC)),$(N))
sim:
	@test -f "$(VEC)" || { status=2; echo "make sim: no such vector file: $(VEC)" >&2; $(SIM_CLOSE); }
	@$(MAKE) --no-print-directory $(BUILD)/stc_sim-n$(VEC_N)$(SIM_VARIANT) || { status=2; $(SIM_CLOSE); }
	@status=0; rm -f $(BUILD)/sim-one.args; \
	$(BUILD)/stc_sim-n$(VEC_N)$(SIM_VARIANT) $(SIM_OPTS) --csv $(BUILD)/sim-one.csv $(VEC) || { status=$$?; \
	  [ $$status -ne 1 ] || $(call SIM_ON_FAIL,$(BUILD)/sim-one.csv); }; $(SIM_CLOSE)
else
# The whole suite per array size (scripts/sim_suite.sh): single commands,
# streams under every host policy, resets, the fault space, the corners, a
# fresh sample, and at N=4 the ICG build.
sim:
	@$(MAKE) --no-print-directory sim-build || { status=2; $(SIM_CLOSE); }
	@status=0; for n in $(SIM_RUN_NS); do \
	  icg=; [ $$n != $(SIM_ICG_N) ] || [ -n "$(SIM_VARIANT)" ] || icg=$(BUILD)/stc_sim-n$$n-icg; \
	  SEED=$(SEED) STALL=$(STALL) VECDIR=$(REGRESSION_DIR) scripts/sim_suite.sh \
	    $(BUILD)/stc_sim-n$$n$(SIM_VARIANT) $(VECGEN) $$n $(BUILD)/sim-n$$n $$icg || { rc=$$?; \
	    [ $$rc -le $$status ] || status=$$rc; \
	    [ $$rc -ne 1 ] || $(call SIM_ON_FAIL_RUN,$$n,$(BUILD)/sim-n$$n/first-failure.args); }; \
	done; $(SIM_CLOSE)
endif

# `make bench`: lockstep against bare RTL speed, written into docs/.
BENCH_REPS ?= 3
.PHONY: bench
bench: $(BUILD)/stc_sim-n16 $(BUILD)/stc_vecgen
	scripts/bench.sh $(BUILD) $(BUILD)/bench/table.md $(BENCH_REPS)
	scripts/perf_doc.sh $(BUILD)/bench/table.md docs/performance.md
