# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# verify.mk - verification hardening: functional + line/toggle coverage,
# X/reset robustness, fuzzing of the parser and tools, sanitizer builds and
# a long random soak. docs/verification-hardening.md has the figures.
#
#   make cov          Verilator line/toggle coverage (HTML) + functional coverage
#   make cov-ci       functional coverage against the floor (FCOV_FLOOR)
#   make cov-n16      functional coverage of the N=16 regression + streams (no floor)
#   make xreset       random initial values (+verilator+seed+N) and mid-command resets
#   make fuzz         AFL++ on the vector reader and the tools (FUZZ_SECONDS per target)
#   make fuzz-replay  corpus and findings through the plain ASan harness (no AFL++)
#   make tools-check  error messages, no partial outputs, runners' bad arguments
#   make asan         unit tests + N=4 cosim + soak under AddressSanitizer/UBSan
#   make soak         SOAK_CYCLES random cycles with stalls and resets (SOAK_N=16)
#   make verify-ci    the CI subset of all of the above (about 4-5 min on 2 cores)

VERIFY_N     ?= 4
VERIFY_DIR   := $(BUILD)/verify
VERIFY_VECS   = $(wildcard $(REGRESSION_DIR)/*-n$(VERIFY_N)-*.vec)
SOAK_CYCLES  ?= 1000000
SOAK_SEED    ?= 1
SOAK_SECONDS ?= 600
FUZZ_SECONDS ?= 90
FCOV_FLOOR   ?= 100

.PHONY: cov cov-ci cov-n16 xreset fuzz fuzz-build fuzz-replay tools-check asan soak verify-ci verify-help

verify-help:
	@sed -n '5,14p' tb/verify.mk

# ---- runner variants ----------------------------------------------------------
# Line/toggle coverage and random initial values, N=4 (fast to build).
$(eval $(call SIM_RULES,$(VERIFY_N),-cov,--coverage))
$(eval $(call SIM_RULES,$(VERIFY_N),-x,--x-assign unique --x-initial unique))

# Programs of their own that link the runner's objects against one
# Verilator build: $(1) binary, $(2) main object, $(3) Verilator directory.
define VERIFY_LINK
$(call VL_PROGRAM,$(1),$(2) $(SIM_C_OBJS),$(BUILD)/$(3))
endef
DEPFILES += $(BUILD)/sim/apps/stc_soak_main.d $(BUILD)/sim/apps/stc_fcov_main.d $(BUILD)/sim/cov/stc_fcov.d

SOAK_N   ?= $(VERIFY_N)
$(if $(filter $(SOAK_N),$(SIM_NS) $(N)),,$(eval $(call SIM_RULES,$(SOAK_N),,$(call SIM_PE_ARRAYS,$(SOAK_N)))))
SOAK_BIN := $(BUILD)/stc_soak-n$(SOAK_N)
FCOV_BIN := $(BUILD)/stc_fcov-n$(VERIFY_N)
FCOV_COV_BIN := $(BUILD)/stc_fcov-n$(VERIFY_N)-cov
$(foreach n,$(sort $(SIM_NS) $(SOAK_N)),$(eval $(call VERIFY_LINK,$(BUILD)/stc_soak-n$(n),$(BUILD)/sim/apps/stc_soak_main.o,vl-n$(n))))
$(foreach n,$(sort $(SIM_NS) $(VERIFY_N)),$(eval $(call VERIFY_LINK,$(BUILD)/stc_fcov-n$(n),$(BUILD)/sim/apps/stc_fcov_main.o $(BUILD)/sim/cov/stc_fcov.o,vl-n$(n))))
$(eval $(call VERIFY_LINK,$(FCOV_COV_BIN),$(BUILD)/sim/apps/stc_fcov_main.o $(BUILD)/sim/cov/stc_fcov.o,vl-n$(VERIFY_N)-cov))

# ---- soak ---------------------------------------------------------------------
# The summary line also lands in $(VERIFY_DIR)/soak-nN.txt (docs quote it).
##@ Verifying the harness
soak: ## a 1M-cycle soak with stalls and resets
soak: $(SOAK_BIN)
	@mkdir -p $(VERIFY_DIR)
	@rm -f $(VERIFY_DIR)/soak-n$(SOAK_N).txt
	$(SOAK_BIN) --cycles $(SOAK_CYCLES) --seed $(SOAK_SEED) --max-seconds $(SOAK_SECONDS) \
	  --fail-dir $(VERIFY_DIR) >$(VERIFY_DIR)/soak-n$(SOAK_N).tmp; rc=$$?; \
	  cat $(VERIFY_DIR)/soak-n$(SOAK_N).tmp; mv $(VERIFY_DIR)/soak-n$(SOAK_N).tmp $(VERIFY_DIR)/soak-n$(SOAK_N).txt; exit $$rc

# ---- X and reset --------------------------------------------------------------
xreset: ## random X initial values and resets mid-command
xreset: $(BUILD)/stc_sim-n$(VERIFY_N) $(BUILD)/stc_sim-n$(VERIFY_N)-x
	@scripts/xreset.sh $(BUILD)/stc_sim-n$(VERIFY_N) $(BUILD)/stc_sim-n$(VERIFY_N)-x \
	  $(BUILD)/vl-n$(VERIFY_N)-x $(VERIFY_DIR)/xreset $(VERIFY_VECS)

# ---- sanitizers -----------------------------------------------------------------
# The C model, vector library, runner and unit tests built with ASan+UBSan in
# their own tree (any report is fatal); the Verilator objects stay
# uninstrumented. Then the unit tests, the N=4 cosim regression at 0% and
# 25% stalls, and a short soak.
ASAN_BUILD  ?= $(BUILD)/asan
ASAN_CFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
ASAN_ENV    := ASAN_OPTIONS=abort_on_error=0:halt_on_error=1:detect_leaks=1:strict_string_checks=1 \
               UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# Programs linking the Verilator shim run with every check on too (the shim
# is C++17, so the over-aligned VerilatedContext gets aligned new/delete).
ASAN_ENV_SIM := $(ASAN_ENV)
# A run in which the sanitizer runtime failed to start (no shadow memory)
# runs once more; any other failure stands (scripts/ci/sanitizer_retry.py).
ASAN_RETRY   := $(PY) scripts/ci/sanitizer_retry.py
ASAN_MAKE    = $(MAKE) --no-print-directory BUILD=$(ASAN_BUILD) EXTRA_CFLAGS="$(ASAN_CFLAGS)" \
               EXTRA_LDFLAGS="-fsanitize=address,undefined"
ASAN_SOAK_CYCLES ?= 100000

asan: ## the runner under ASan/UBSan
# make sim's suite without the opt-in hold run (a plain make sim): 2^24
# idle cycles under the sanitizers cost a minute and reach no code the
# other runs do not (make test runs it, without them).
asan:
	$(ASAN_MAKE) -j$(SIM_JOBS) $(ASAN_BUILD)/stc_unit_tests $(ASAN_BUILD)/stc_sim-n$(VERIFY_N) \
	  $(ASAN_BUILD)/stc_soak-n$(VERIFY_N) $(ASAN_BUILD)/stc_vecgen $(ASAN_BUILD)/stc_vecdump
	$(ASAN_ENV) $(ASAN_RETRY) $(ASAN_MAKE) unit
	$(ASAN_ENV_SIM) $(ASAN_RETRY) $(ASAN_MAKE) sim N=$(VERIFY_N)
	$(ASAN_ENV_SIM) $(ASAN_RETRY) $(ASAN_MAKE) sim N=$(VERIFY_N) STALL=25
	$(ASAN_ENV_SIM) $(ASAN_RETRY) $(ASAN_BUILD)/stc_soak-n$(VERIFY_N) --cycles $(ASAN_SOAK_CYCLES) --seed 3
	@for f in tb/bad_vectors/*.vec; do \
	  $(ASAN_ENV) $(ASAN_BUILD)/stc_vecdump $$f >/dev/null 2>&1; rc=$$?; \
	  [ $$rc -eq 2 ] || { echo "asan: stc_vecdump $$f exited $$rc, want 2" >&2; exit 1; }; \
	done; echo "asan: stc_vecdump rejects every tb/bad_vectors file cleanly (exit 2, no report)"
	@echo "asan: unit tests, N=$(VERIFY_N) cosim, soak and bad vectors clean under ASan+UBSan"

# ---- fuzzing --------------------------------------------------------------------
# One harness (tb/fuzz/fuzz_vec_read.c) with three targets: the vector reader
# and the argument handling of stc_vecgen and stc_vecdump, whose mains are
# compiled in under other names. Built with afl-clang-fast (or afl-gcc-fast)
# and ASan+UBSan; also a plain cc+ASan build that replays the corpus (and any
# crash files) without AFL.
FUZZ_CC      ?= $(or $(shell command -v afl-clang-fast 2>/dev/null),$(shell command -v afl-gcc-fast 2>/dev/null))
FUZZ_TARGETS ?= read vecgen vecdump
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_BIN     := $(FUZZ_DIR)/fuzz_vec_read
FUZZ_REPLAY  := $(FUZZ_DIR)/fuzz_vec_read-replay
FUZZ_SRCS    := tb/fuzz/fuzz_vec_read.c $(VEC_LIB_SRCS) $(CMODEL_SRCS) $(COMMON_SRCS)
FUZZ_TOOLS   := vectors/stc_vecgen_main.c vectors/stc_vecdump_main.c
FUZZ_DEPS    := $(FUZZ_SRCS) $(FUZZ_TOOLS) tb/fuzz/fuzz_mains.h $(VEC_HDRS)
FUZZ_CFLAGS   = $(CSTD) -O1 -g $(WARN) -Icommon -Icmodel -Ivectors -Itb/fuzz -fno-omit-frame-pointer

# $(1) compiler, $(2) output, $(3) extra flags
define FUZZ_COMPILE
	@mkdir -p $(dir $(2))
	$(1) $(FUZZ_CFLAGS) $(3) -Dmain=stc_vecgen_main -include tb/fuzz/fuzz_mains.h \
	  -c vectors/stc_vecgen_main.c -o $(2)-vecgen.o
	$(1) $(FUZZ_CFLAGS) $(3) -Dmain=stc_vecdump_main -include tb/fuzz/fuzz_mains.h \
	  -c vectors/stc_vecdump_main.c -o $(2)-vecdump.o
	$(1) $(FUZZ_CFLAGS) $(3) -o $(2) $(FUZZ_SRCS) $(2)-vecgen.o $(2)-vecdump.o
endef

$(FUZZ_BIN): $(FUZZ_DEPS)
	@test -n "$(FUZZ_CC)" || { echo "fuzz: no afl-clang-fast or afl-gcc-fast (scripts/deps.sh fuzz)" >&2; exit 2; }
	$(call FUZZ_COMPILE,AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1 $(FUZZ_CC),$@,)

$(FUZZ_REPLAY): $(FUZZ_DEPS)
	$(call FUZZ_COMPILE,$(CC),$@,$(ASAN_CFLAGS))

fuzz-build: $(FUZZ_BIN) $(FUZZ_REPLAY)

# Corpus replay under ASan without AFL (what CI runs when AFL++ is absent).
fuzz-replay: $(FUZZ_REPLAY)
	scripts/fuzz.sh replay $(FUZZ_REPLAY) $(FUZZ_DIR) 0 $(FUZZ_TARGETS)

# Runners whose argument handling tools-check also throws garbage at.
FUZZ_RUNNERS := $(BUILD)/stc_sim-n$(VERIFY_N) $(BUILD)/stc_soak-n$(VERIFY_N) $(FCOV_BIN)
tools-check: $(VECGEN) $(VECDUMP) $(FUZZ_RUNNERS)
	scripts/fuzz_tools_check.sh $(VECGEN) $(VECDUMP) $(FUZZ_DIR)/tools-check $(FUZZ_RUNNERS)

fuzz: ## AFL++ on the vector reader and the tools
fuzz: $(FUZZ_BIN) $(FUZZ_REPLAY)
	@$(DEPS) fuzz
	JOBS=$(SIM_JOBS) scripts/fuzz.sh fuzz $(FUZZ_BIN) $(FUZZ_DIR) $(FUZZ_SECONDS) $(FUZZ_TARGETS)
	scripts/fuzz.sh replay $(FUZZ_REPLAY) $(FUZZ_DIR) 0 $(FUZZ_TARGETS)
	$(MAKE) --no-print-directory tools-check

# ---- coverage -------------------------------------------------------------------
COV_DIR := $(BUILD)/cov

# Command streams the coverage runs add to the checked-in regression (which
# has the pairs and mix streams): they are generated, not checked in, since
# they are several MB at N=16. faults reaches every fault bin (every illegal
# code at every group and column), corners the skipcnt 64 bin.
FCOV_STREAM_KINDS := faults corners
FCOV_STREAM_DIR   := $(VERIFY_DIR)/streams
fcov_streams = $(foreach k,$(FCOV_STREAM_KINDS),$(FCOV_STREAM_DIR)/stream-$(k)-n$(1)-s1.vec)
define FCOV_STREAM_RULE
$(FCOV_STREAM_DIR)/stream-$(2)-n$(1)-s1.vec: $(VECGEN)
	@mkdir -p $$(dir $$@)
	$(VECGEN) --stream $(2) --n $(1) --seed 1 -o $$@
endef
$(foreach n,$(sort $(VERIFY_N) 16),$(foreach k,$(FCOV_STREAM_KINDS),\
  $(eval $(call FCOV_STREAM_RULE,$(n),$(k)))))
FCOV_VECS     = $(VERIFY_VECS) $(call fcov_streams,$(VERIFY_N))
FCOV_N16_VECS = $(wildcard $(REGRESSION_DIR)/*-n16-*.vec) $(call fcov_streams,16)

# Line/toggle (Verilator --coverage build, merged .dat -> lcov -> genhtml
# under $(COV_DIR)/html) and functional coverage with the floor.
cov: ## line/toggle (HTML) and functional coverage
cov: $(FCOV_COV_BIN) $(call fcov_streams,$(VERIFY_N))
	@$(DEPS) cov
	@FCOV_N=$(VERIFY_N) VECGEN=$(VECGEN) scripts/cov.sh $(FCOV_COV_BIN) $(COV_DIR) $(FCOV_FLOOR) $(FCOV_VECS)

# CI: the functional part only, on the plain (fast to build) N=4 runner.
cov-ci: ## the functional coverage floor
cov-ci: $(FCOV_BIN) $(call fcov_streams,$(VERIFY_N))
	@NO_VLCOV=1 FCOV_N=$(VERIFY_N) VECGEN=$(VECGEN) scripts/cov.sh $(FCOV_BIN) $(VERIFY_DIR)/fcov-ci $(FCOV_FLOOR) $(FCOV_VECS)

# Functional coverage of the N=16 regression and streams (informational, no floor).
cov-n16: $(BUILD)/stc_fcov-n16 $(call fcov_streams,16)
	@NO_VLCOV=1 FCOV_N=16 VECGEN=$(VECGEN) scripts/cov.sh $(BUILD)/stc_fcov-n16 $(VERIFY_DIR)/fcov-n16 0 $(FCOV_N16_VECS)

# ---- CI subset --------------------------------------------------------------------
VERIFY_CI_FUZZ_SECONDS ?= 20
VERIFY_CI_SOAK_CYCLES  ?= 1000000

verify-ci: ## the CI subset of the above
verify-ci:
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory cov-ci && \
	$(MAKE) --no-print-directory cov && \
	$(MAKE) --no-print-directory cov-n16 && \
	$(MAKE) --no-print-directory xreset && \
	$(MAKE) --no-print-directory asan && \
	$(MAKE) --no-print-directory soak SOAK_CYCLES=$(VERIFY_CI_SOAK_CYCLES) && \
	$(MAKE) --no-print-directory soak SOAK_CYCLES=$(VERIFY_CI_SOAK_CYCLES) SOAK_N=16 && \
	if [ -n "$(FUZZ_CC)" ] && command -v afl-fuzz >/dev/null; then \
	  $(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(VERIFY_CI_FUZZ_SECONDS); \
	else \
	  echo "verify-ci: AFL++ not installed, replaying the fuzz corpus under ASan instead"; \
	  $(MAKE) --no-print-directory fuzz-replay && \
	  $(MAKE) --no-print-directory tools-check; \
	fi && \
	echo "verify-ci: PASS in $$(( $$(date +%s) - start )) s"
