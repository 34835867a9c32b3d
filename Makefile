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
.PHONY: help deps

help:
	@echo "STC co-simulation harness. Targets:"
	@echo "  make sim            build what is stale, run the lockstep regression (RTL vs golden model)"
	@echo "  make sim VEC=f.vec  run one vector;  SEED=, STALL= (0..90 %), N= as expected"
	@echo "  make test           unit tests + cosim regression (what CI runs)"
	@echo "  make ci             lint, unit tests, full regression at two stall settings, JUnit XML"
	@echo "  make wave VEC=f.vec re-run one vector with FST tracing and open GTKWave"
	@echo "  make lint           verilator --lint-only -Wall and iverilog on rtl/"
	@echo "  make vectors        regenerate the checked-in regression (byte-identical)"
	@echo "  make report         sparsity sweep: zeros present vs cycles/MACs/bytes/energy saved, plots"
	@echo "  make bench          cosim speed against the bare Verilator model"
	@echo "  make format         clang-format the C sources;  make check-format, make cppcheck"
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

C_FORMAT_FILES = $(wildcard cmodel/*.[ch] vectors/*.[ch] sim/*.[ch] sim/*.cpp tb/*.[ch])
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
cosim-ci: $(foreach n,$(SIM_NS),$(BUILD)/stc_sim-n$(n))
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
	done; exit $$status

ci:
	@$(DEPS) core sim
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
	@scripts/junit_summary.sh $(CI_DIR)/*.xml

test: ci
