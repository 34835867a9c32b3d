# verify.mk - verification hardening: functional + line/toggle coverage,
# X/reset robustness, fuzzing of the parser and tools, sanitizer builds and
# a long random soak. docs/verification-hardening.md has the figures.
#
#   make cov        Verilator line/toggle coverage (HTML) + functional coverage
#   make cov-ci     functional coverage against the floor (FCOV_FLOOR)
#   make xreset     random initial values (+verilator+seed+N) and mid-command resets
#   make fuzz       AFL++ on the vector reader and the tools (FUZZ_SECONDS per target)
#   make asan       unit tests + N=4 cosim under AddressSanitizer/UBSan
#   make soak       SOAK_CYCLES random cycles with stalls and resets
#   make verify-ci  the CI subset of all of the above (a few minutes on 2 cores)

VERIFY_N     ?= 4
VERIFY_DIR   := $(BUILD)/verify
VERIFY_VECS   = $(wildcard $(REGRESSION_DIR)/*-n$(VERIFY_N)-*.vec)
SOAK_CYCLES  ?= 1000000
SOAK_SEED    ?= 1
SOAK_SECONDS ?= 600
FUZZ_SECONDS ?= 90
FCOV_FLOOR   ?= 100

.PHONY: cov cov-ci xreset fuzz fuzz-build asan soak verify-ci verify-help

verify-help:
	@sed -n '4,12p' tb/verify.mk

# ---- runner variants ----------------------------------------------------------
# Line/toggle coverage and random initial values, N=4 (fast to build).
$(eval $(call SIM_RULES,$(VERIFY_N),-cov,--coverage,0))
$(eval $(call SIM_RULES,$(VERIFY_N),-x,--x-assign unique --x-initial unique,0))

# Programs of their own that link the runner's objects against one
# Verilator build: $(1) binary, $(2) main object, $(3) Verilator directory.
define VERIFY_LINK
$(1): $(2) $(SIM_C_OBJS) $(BUILD)/$(3)/stc_rtl_verilator.o $(VEC_LIB) $(CMODEL_LIB)
	$(CXX) -o $$@ $$^ $(BUILD)/$(3)/Vstc_tile__ALL.a $(BUILD)/$(3)/libverilated.a -lz -pthread $(LDFLAGS)
endef

SOAK_BIN := $(BUILD)/stc_soak-n$(VERIFY_N)
FCOV_BIN := $(BUILD)/stc_fcov-n$(VERIFY_N)-cov
$(eval $(call VERIFY_LINK,$(SOAK_BIN),$(BUILD)/sim/stc_soak.o,vl-n$(VERIFY_N)))
$(eval $(call VERIFY_LINK,$(FCOV_BIN),$(BUILD)/sim/stc_fcov.o,vl-n$(VERIFY_N)-cov))

# ---- soak ---------------------------------------------------------------------
soak: $(SOAK_BIN)
	@mkdir -p $(VERIFY_DIR)
	$(SOAK_BIN) --cycles $(SOAK_CYCLES) --seed $(SOAK_SEED) --max-seconds $(SOAK_SECONDS) \
	  --fail-dir $(VERIFY_DIR)

# ---- X and reset --------------------------------------------------------------
xreset: $(BUILD)/stc_sim-n$(VERIFY_N) $(BUILD)/stc_sim-n$(VERIFY_N)-x
	scripts/xreset.sh $(BUILD)/stc_sim-n$(VERIFY_N) $(BUILD)/stc_sim-n$(VERIFY_N)-x \
	  $(BUILD)/vl-n$(VERIFY_N)-x $(VERIFY_DIR)/xreset $(VERIFY_VECS)
