# STC: RTL co-simulation harness for a 2:4 sparse tensor core tile.
# `make help` lists the targets. Everything is built under $(BUILD).

# ---- user knobs -------------------------------------------------------------
N      ?= 16
SEED   ?= 1
STALL  ?= 0
VEC    ?=
BUILD  ?= build

# ---- tools ------------------------------------------------------------------
CC        ?= cc
CXX       ?= c++
VERILATOR ?= verilator
IVERILOG  ?= iverilog
JOBS      ?= 2

WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CSTD     := -std=c11 -D_POSIX_C_SOURCE=200809L
OPT      ?= -O2 -g
CFLAGS   := $(CSTD) $(OPT) $(WARN) -Icmodel -Ivectors -Isim $(EXTRA_CFLAGS)
LDFLAGS  := $(EXTRA_LDFLAGS)
DEPS     := scripts/deps.sh

.DEFAULT_GOAL := help
# A recipe that fails must not leave a target that looks up to date.
.DELETE_ON_ERROR:
.PHONY: help deps

help:
	@echo "STC co-simulation harness. Main targets:"
	@echo "  make sim            build what is stale, run the lockstep regression (RTL vs golden model)"
	@echo "  make sim VEC=f.vec  run one vector;  SEED=, STALL= (0..90 %), N= as expected"
	@echo "  make test           everything CI runs (same as make ci)"
	@echo "  make ci             format/cppcheck, lint, smoke, unit tests, cosim at two stall settings,"
	@echo "                      metadata fault, ICG build, report check, debugger test, SystemC test,"
	@echo "                      verify-ci, bugs, mutate-ci; JUnit in $(BUILD)/ci"
	@echo "  make wave VEC=f.vec re-run one vector with FST tracing and open GTKWave (wave-shot: PNG)"
	@echo "  make sim-debug VEC= failure trace (ref_* beside rtl_*), save file at the divergence, shrunk vector"
	@echo "  make lint           verilator --lint-only -Wall and iverilog on rtl/ (rtl-smoke, rtl-synth)"
	@echo "  make vectors        regenerate the checked-in regression (vectors-check: verify it)"
	@echo "  make report         sparsity sweep: zeros present vs cycles/MACs/bytes/energy saved, plots"
	@echo "  make bench          cosim speed against the bare Verilator model (sim-sc-bench: SystemC)"
	@echo "  make sim-sc         the regression as a SystemC simulation;  tlm-example: GEMM over TLM-2.0"
	@echo "Verification:"
	@echo "  make bugs           hand-written RTL bugs, each must be caught (table in docs/verification.md)"
	@echo "  make mutate         Yosys mutation testing over the regression (mutate-ci: the CI subset)"
	@echo "  make cov            line/toggle (HTML) and functional coverage (cov-ci: floor check)"
	@echo "  make xreset asan soak fuzz   X/reset randomization, sanitizers, 1M-cycle soak, AFL++"
	@echo "Housekeeping:"
	@echo "  make format check-format cppcheck   C style and static checks"
	@echo "  make deps           install or check every Debian package the project uses"
	@echo "  make clean          remove $(BUILD)/"

deps:
	@$(DEPS) all

# The main goals check (and, as root, install) their packages before make
# reads any rule, so a fresh machine gets one clear message, not a compiler
# error half-way through.
DEPS_GOALS := sim test ci unit lint rtl-smoke bench
ifneq ($(filter $(DEPS_GOALS),$(MAKECMDGOALS)),)
ifeq ($(shell $(DEPS) core sim 1>&2 || echo missing),missing)
$(error required packages are missing: see the message above)
endif
endif

$(BUILD):
	@mkdir -p $@

include cmodel/cmodel.mk
include vectors/vectors.mk
include rtl/rtl.mk
include sim/sim.mk
include tb/tb.mk
include scripts/report.mk
# Optional fragments of the verification, SystemC and debug tooling.
-include tb/verify.mk tb/mutate.mk sim/sc/sc.mk sim/debug.mk

.PHONY: clean format check-format cppcheck
clean:
	rm -rf $(BUILD)

C_FORMAT_FILES = $(wildcard cmodel/*.[ch] vectors/*.[ch] sim/*.[ch] sim/*.cpp sim/sc/*.cpp sim/sc/*.h tb/*.[ch] tb/fuzz/*.[ch])
format:
	clang-format -i $(C_FORMAT_FILES)
check-format:
	clang-format --dry-run --Werror $(C_FORMAT_FILES)
cppcheck:
	cppcheck --quiet --error-exitcode=1 --enable=warning,portability,performance \
	  --std=c11 --inline-suppr -Icmodel -Ivectors -Isim cmodel vectors sim/*.c tb

# ---- test and CI ------------------------------------------------------------
CI_DIR     := $(BUILD)/ci
CI_STALLS  ?= 0 25
.PHONY: test ci cosim-ci

# Full equivalence regression: every vector, both array sizes, every stall
# setting, one JUnit file each. Runs all of them before failing, so one
# report shows every broken vector.
cosim-ci: $(foreach n,$(SIM_NS),$(BUILD)/stc_sim-n$(n)) $(BUILD)/stc_sim-n4-icg
	@mkdir -p $(CI_DIR)
	@status=0; for n in $(SIM_NS); do for s in $(CI_STALLS); do \
	  vecs=$$(ls $(REGRESSION_DIR)/*-n$$n-*.vec); \
	  echo "== cosim N=$$n stall=$$s% seed=$(SEED): $$(echo $$vecs | wc -w) vectors"; \
	  $(BUILD)/stc_sim-n$$n --quiet --seed $(SEED) --stall $$s \
	    --junit $(CI_DIR)/cosim-n$$n-stall$$s.xml $$vecs || status=1; \
	done; \
	  meta=$$(ls $(REGRESSION_DIR)/*-n$$n-2of4-*.vec | grep -v corner-zero-tile); \
	  echo "== cosim N=$$n, illegal metadata nibble injected: model and RTL must both raise err_o"; \
	  $(BUILD)/stc_sim-n$$n --quiet --seed $(SEED) --stall 25 --meta-fault \
	    --junit $(CI_DIR)/cosim-n$$n-metafault.xml $$meta || status=1; \
	done; \
	echo "== cosim N=4 with the latch-based clock-gate cell (STC_USE_ICG), stall 25%"; \
	$(BUILD)/stc_sim-n4-icg --quiet --seed $(SEED) --stall 25 \
	  --junit $(CI_DIR)/cosim-n4-icg.xml $(REGRESSION_DIR)/*-n4-*.vec || status=1; \
	exit $$status

ci:
	@$(DEPS) all
	$(MAKE) --no-print-directory check-format
	$(MAKE) --no-print-directory cppcheck
	$(MAKE) --no-print-directory lint
	$(MAKE) --no-print-directory rtl-smoke
	$(MAKE) --no-print-directory vectors-check
	@mkdir -p $(CI_DIR)
	$(MAKE) --no-print-directory unit UNIT_FLAGS=--xml=$(CI_DIR)/unit.xml
	$(MAKE) --no-print-directory cosim-ci
	$(MAKE) --no-print-directory report-check
	$(MAKE) --no-print-directory debug-test
	$(MAKE) --no-print-directory sim-sc-test
	$(MAKE) --no-print-directory verify-ci
	$(MAKE) --no-print-directory bugs MUT_DOC=
	$(MAKE) --no-print-directory mutate-ci
	@scripts/junit_summary.sh $(CI_DIR)/*.xml

test: ci
