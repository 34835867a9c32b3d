# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# STC: RTL co-simulation harness for a 2:4 sparse tensor core tile.
# `make help` lists the targets. Everything is built under $(BUILD).

# ---- user knobs -------------------------------------------------------------
N      ?= 16
SEED   ?= 1
STALL  ?= 0
COMPARE ?= cycle
VEC    ?=
# The tile's micro-architecture (docs/architecture.md section 11): base, or
# dbuf (double-buffered weights, RTL parameter WBUF=2). The golden model
# runs MODEL_UARCH: the same one, except at COMPARE=txn, where the
# reference is the base model.
UARCH  ?= base
MODEL_UARCH ?= $(if $(filter txn,$(COMPARE)),base,$(UARCH))
# A tile of your own (make sim RTL_SRCS=... RTL_TOP=...) builds apart, and
# so does another micro-architecture. Either variable on the command line
# makes it your own (OWN_RTL: sim/sim.mk, sim/core/verilator.mk), RTL_TOP
# stc_tile when not given: with RTL_SRCS= alone it built into build/
# beside the stock tile's models, and whichever was newer ran (a stock
# make sim passed on your tile's build, or the reverse).
OWN_RTL := $(if $(filter command line,$(origin RTL_TOP) $(origin RTL_SRCS)),1)
ifneq ($(OWN_RTL),)
BUILD  ?= build/rtl-$(or $(RTL_TOP),stc_tile)$(if $(filter-out base,$(UARCH)),-uarch-$(UARCH))
endif
ifneq ($(UARCH),base)
BUILD  ?= build/uarch-$(UARCH)
endif
BUILD  ?= build
ifneq ($(words $(UARCH) $(MODEL_UARCH)),2)
$(error UARCH="$(UARCH)" MODEL_UARCH="$(MODEL_UARCH)": give one micro-architecture each, base or dbuf)
endif
ifneq ($(filter-out base dbuf,$(UARCH) $(MODEL_UARCH)),)
$(error UARCH=$(UARCH) MODEL_UARCH=$(MODEL_UARCH): the tile's micro-architectures are base and dbuf (docs/architecture.md section 11))
endif
VL_UARCH = $(if $(filter dbuf,$(UARCH)),$(VL_DBUF))
# The suite's --uarch, unless both are base (the runner's default is the
# RTL's own micro-architecture).
SUITE_UARCH := $(if $(filter-out base,$(UARCH) $(MODEL_UARCH)),$(MODEL_UARCH))

# ---- tools ------------------------------------------------------------------
CC        ?= cc
CXX       ?= c++
VERILATOR ?= verilator
IVERILOG  ?= iverilog
# Parallel jobs, one default for everything (builds, make sim's runs, the
# campaigns, the unit tests): the number of cores.
ifeq ($(origin JOBS),undefined)
JOBS      := $(shell nproc 2>/dev/null || echo 1)
endif
# Debian's Python (python3-yaml, -numpy, -matplotlib, -pytest;
# nothing from pip): not whatever python3 comes first on PATH.
PY        ?= /usr/bin/python3

# A tile of your own is compiled in this order, whatever order RTL_SRCS
# gives (a glob sorts by name): globs expanded, the files that declare a
# SystemVerilog package first (one that imports another after it), then
# interfaces, then the rest as given (scripts/rtl_ports.py --order;
# docs/own-rtl.md). Every build, wrapper and printed line sees this list.
ifneq ($(OWN_RTL),)
ifneq ($(strip $(RTL_SRCS)),)
override RTL_SRCS := $(shell $(PY) scripts/rtl_ports.py --order $(RTL_SRCS))
endif
endif

WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CSTD     := -std=c11 -D_POSIX_C_SOURCE=200809L
OPT      ?= -O2 -g
CFLAGS   := $(CSTD) $(OPT) $(WARN) -Icommon -Icmodel -Ivectors -Isim/core -Isim/debug -Isim/cov $(EXTRA_CFLAGS)
LDFLAGS  := $(EXTRA_LDFLAGS)
DEPS     := scripts/deps.sh

# Verilator's own makefiles refuse a directory whose path holds a space
# (verilated.mk: "GNU Make cannot build in directories containing spaces"),
# and make cannot name such targets. A BUILD with a space is refused; in a
# checkout whose path has one, a relative BUILD is a link to a directory
# without spaces (make clean removes both).
ifneq ($(word 2,$(BUILD)),)
$(error BUILD="$(BUILD)": the build directory's path must not contain spaces (Verilator's makefiles refuse them); give BUILD=/some/path/without/spaces)
endif
ifneq ($(word 2,$(CURDIR)),)
ifeq ($(filter /%,$(BUILD)),)
# Named after the checkout and the BUILD: a nested BUILD (build/rtl-TOP, a
# tile of your own) is another directory than build/'s, which is linked
# first, the same way, as a make with BUILD=build would.
build_link  = /tmp/stc-build-$(shell printf '%s' '$(CURDIR)/$(1)' | cksum | cut -d' ' -f1)
link_build  = $(shell if [ ! -e '$(1)' ] || [ -L '$(1)' ]; then mkdir -p $(call build_link,$(1)) && ln -sfn $(call build_link,$(1)) '$(1)'; fi)
BUILD_LINK := $(call build_link,$(BUILD))
BUILD_UP   := $(patsubst %/,%,$(dir $(BUILD)))
ifneq ($(BUILD_UP),.)
$(call link_build,$(BUILD_UP))
endif
$(call link_build,$(BUILD))
ifeq ($(shell [ -L '$(BUILD)' ] || echo real),real)
$(error $(BUILD)/ is a directory inside a path with spaces ($(CURDIR)), where Verilator cannot build: remove it (make clean) and make will link $(BUILD) to $(BUILD_LINK))
endif
endif
endif

# $(call shq,TEXT): TEXT as one shell word, for the paths users give (VEC=,
# DBG_OUT=, WAVE_PNG=), which may hold spaces and quotes.
shq = '$(subst ','\'',$(1))'

# ---- what a build is made from (docs/runner.md, "Builds known by their
# content") ------------------------------------------------------------------
# A source's time can lie (a patch applied with an older time, cp -p,
# rsync -a, tar, a CI cache of build/ restored over a fresh checkout), so
# every rule that reads a source also names its content stamp,
# $(call src,FILES): $(STAMP_DIR)/FILE, which scripts/src_stamps.py
# rewrites (at the end of this file, as every make finishes reading the
# makefiles) exactly when the file's bytes differ from the digest it holds.
# A changed source therefore rebuilds what reads it whatever the times say;
# an unchanged one with a newer time rebuilds too, as before (ccache makes
# that cheap). $(BUILD)'s own outputs are known by their times: only make
# writes them. $(STC_CONFIG_STAMP) is the same for the flags and the tools
# (the compilers, Verilator and its runtime): every object and model names
# it, so another flag or an upgraded package rebuilds everything.
STAMP_DIR        = $(BUILD)/.stamps
STC_CONFIG_STAMP = $(STAMP_DIR)/@build
src_stamp1 = $(STAMP_DIR)/$(if $(filter /%,$(1)),_abs$(1),$(subst ../,_up_/,$(1)))
src_files  = $(foreach f,$(filter-out $(BUILD)/%,$(1)),$(if $(findstring %,$(f)),,$(f)))
src        = $(eval STC_SRC_FILES += $(call src_files,$(1)))$(foreach f,$(filter-out $(BUILD)/%,$(1)),$(call src_stamp1,$(f)))
STC_SRC_FILES :=

# -MMD -MP: every object's .d file names the headers it read. An object is
# compiled under a temporary name, its .d beside it, and OBJ_DONE (the last
# recipe line of each compile) renames both into place, the object last: a
# compile killed outright (SIGKILL, the OOM killer, a CI time-out; GNU as
# creates its output empty and fills it at the end) never leaves an object
# that make takes as up to date. OBJ_DONE also adds the source itself as a
# target, as -MP does for the headers (a moved or renamed source leaves no
# .d behind that stops the build), and names the content stamps of the
# source and of every header the compile read. Every object names the
# configuration's stamp (the line after the .d files are read).
DEPFLAGS   = -MMD -MP -MF '$(@:.o=.d).tmp' -MT '$@'
OBJ_OUT    = -o '$@.tmp'
OBJ_DONE   = d='$(@:.o=.d)'; printf '%s:\n' '$<' >>"$$d.tmp" && \
             printf '%s: $$(call src,%s)\n' '$@' \
               "$$(sed -n 's/^\([^ :][^ :]*\):$$/\1/p' "$$d.tmp" | tr '\n' ' ')" >>"$$d.tmp" && \
             mv -f "$$d.tmp" "$$d" && mv -f '$@.tmp' '$@'
# A static library from its prerequisites, made anew: `ar rcs` alone keeps
# members whose source was moved or deleted (a stale duplicate symbol).
# Archives and programs are written under a temporary name and renamed
# (LINKED ends a link recipe): a build killed outright (SIGKILL, the OOM
# killer, a CI time-out) never leaves a truncated file that make trusts.
ARCHIVE    = rm -f $@ $@.tmp && ar rcs $@.tmp $^ && mv -f $@.tmp $@
LINKED     = && mv -f $@.tmp $@

.DEFAULT_GOAL := help
# A recipe that fails must not leave a target that looks up to date.
.DELETE_ON_ERROR:
.PHONY: help deps

# `make help` prints the `## ` comments of the makefiles (scripts/make_help.py;
# the conventions are in docs/targets.md); help-check (in make test): every
# target it lists exists, and every `make TARGET` of the README and
# docs/targets.md is listed.
##@ Run and debug
##@ Your own RTL
##@ Tests before you push, and CI
##@ Reports
##@ Verifying the harness
##@ Housekeeping
help: ## this list
	@$(PY) scripts/make_help.py $(MAKEFILE_LIST)
.PHONY: help-check
help-check: ## every target make help lists exists, and the docs name only listed ones
	@$(PY) scripts/make_help.py --check README.md docs/targets.md -- $(MAKEFILE_LIST)

##@ Housekeeping
deps: ## install or check every Debian package the project uses
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

include common/common.mk
include cmodel/cmodel.mk
include vectors/vectors.mk
include rtl/rtl.mk
include sim/core/verilator.mk
include sim/sim.mk
include sim/bench/bench.mk
include tb/tb.mk
# analysis.mk before report.mk: the report's rules name STC_TRAFFIC.
include analysis/analysis.mk
include scripts/report.mk
include analysis/accuracy/accuracy.mk
# Optional fragments of the verification, SystemC and debug tooling.
-include tb/verify.mk tb/mutate.mk sim/systemc/systemc.mk sim/debug/debug.mk sim/dpi/dpi.mk
-include tb/compare.mk formal/formal.mk
# Header dependencies of every C and C++ object (-MMD -MP), collected in
# DEPFILES by the fragments above.
-include $(DEPFILES)
$(patsubst %.d,%.o,$(filter %.d,$(DEPFILES))): $(STC_CONFIG_STAMP)

.PHONY: clean format check-format cppcheck spdx-check
clean: ## remove $(BUILD)/
	@link=$$(readlink $(BUILD)); rm -rf $(BUILD); [ -z "$$link" ] || rm -rf "$$link"; echo "removed $(BUILD)$${link:+ and $$link}"

C_FORMAT_FILES = $(wildcard common/*.[ch] analysis/*.[ch] cmodel/*.[ch] vectors/*.[ch] sim/*/*.[ch] sim/*/*.cpp tb/unit/*.[ch] tb/fuzz/*.[ch])
format: ## clang-format the C sources in place
	clang-format -i $(C_FORMAT_FILES)
check-format: ## clang-format check (also: cppcheck, spdx-check)
	clang-format --dry-run --Werror $(C_FORMAT_FILES)
# LICENSE is Apache-2.0 and every source file says so (SPDX identifier).
spdx-check: ## LICENSE is Apache-2.0 and every source file says so
	@scripts/spdx_check.sh
cppcheck: ## static checks of the C sources
	cppcheck --quiet --error-exitcode=1 --enable=warning,portability,performance \
	  --std=c11 --inline-suppr -Icommon -Icmodel -Ivectors -Isim/core -Isim/debug -Isim/cov -Ianalysis common analysis cmodel vectors sim/*/*.c tb

# ---- test and CI ------------------------------------------------------------
CI_DIR     := $(BUILD)/ci
# Every step of make ci is timed into CI_TIMES and summed up at the end.
CI_TIMES   := $(CI_DIR)/step-times.tsv
CI_STEP    := scripts/ci/step.sh $(CI_TIMES)
.PHONY: test ci cosim-ci cli-test paths-test docs docs-check header-deps-test

# Full equivalence regression: exactly what `make sim` runs
# (sim/plan.yaml for every array size, the ICG build at N=4), with
# one JUnit file per run collected in $(CI_DIR). SIM_DEBUG=0: CI wants the
# verdict, the failure trace is one `make sim-debug` away.
##@ Tests before you push, and CI
cosim-ci: ## make sim TESTS=all (every run, the long hold run too) without the debugger, its JUnit into $(BUILD)/ci
	@mkdir -p $(CI_DIR)
	@status=0; $(MAKE) --no-print-directory sim SIM_DEBUG=0 TESTS=all || status=$$?; \
	for n in $(SIM_NS); do for f in $(BUILD)/sim-n$$n/junit/*.xml; do \
	  [ -e "$$f" ] && cp "$$f" $(CI_DIR)/cosim-n$$n-$${f##*/}; done; done; \
	exit $$status

# Every program's command line: the shared --help layout, exit 2 on a bad
# option or value, --opt=value the same as --opt value.
CLI_TEST_N := 4
##@ Tests before you push, and CI
cli-test: ## every program's --help layout, exit 2 on a bad option or value
cli-test: $(BUILD)/stc_sim-n$(CLI_TEST_N) $(BUILD)/stc_sim-n16 $(BUILD)/stc_debug-n$(CLI_TEST_N) \
          $(BUILD)/stc_soak-n$(CLI_TEST_N) $(BUILD)/stc_fcov-n$(CLI_TEST_N) $(VECGEN) $(VECDUMP) \
          $(BUILD)/sc-n$(CLI_TEST_N)/stc_sim_sc $(TLM_EXAMPLE) $(STC_GTKW) $(MOEGEN) $(STC_TRAFFIC) $(STC_SOL) \
          $(STC_GEMM)
	scripts/cli_test.sh $(BUILD) $(CLI_TEST_N)
	scripts/traffic_test.sh $(STC_TRAFFIC)

# Touching a header rebuilds exactly what includes it (-MMD -MP).
header-deps-test: ## touching a header rebuilds exactly what includes it
header-deps-test: $(BUILD)/stc_sim-n4 $(BUILD)/stc_unit_tests $(BUILD)/sc-n4/stc_sim_sc $(VECGEN)
	scripts/header_deps_test.sh $(BUILD)

# Paths with spaces in every target that takes one, and a checkout whose
# path has a space (scripts/paths_test.sh).
paths-test: ## paths with spaces in every target that takes one
paths-test: $(BUILD)/stc_sim-n4 $(BUILD)/stc_sim-n4-bug $(BUILD)/stc_sim-n4-trace \
            $(BUILD)/stc_debug-n4 $(BUILD)/sc-n4/stc_sim_sc
	scripts/paths_test.sh $(BUILD)

# Every figure the README and docs quote, against the run that produces it
# (scripts/docs_figures.sh is the catalogue): docs-check fails on a figure
# that differs, docs rewrites them from the last runs. CI runs the check
# last, after every producing run.
DOCS_FILES := README.md $(wildcard docs/*.md)
##@ Housekeeping
docs-check: ## every figure of README.md and docs/ against the run that makes it
	@BUILD=$(BUILD) scripts/docs_sync.py --check $(DOCS_FILES)
	@sed 's#<!--fig:perf.instr-->[^<]*<!--/fig-->#<!--fig:perf.instr-->0.0%<!--/fig-->#' README.md \
	  >$(BUILD)/docs-drift.md; if BUILD=$(BUILD) scripts/docs_sync.py --check $(BUILD)/docs-drift.md \
	  >/dev/null 2>&1; then echo "docs-check: a drifted figure was not detected" >&2; exit 1; fi
docs: ## rewrite those figures from the last runs (scripts/docs_figures.sh --list)
	@BUILD=$(BUILD) scripts/docs_sync.py --write $(DOCS_FILES)

##@ Tests before you push, and CI
ci: ## everything CI runs (.ci/run, about 60 min on 2 cores); JUnit in $(BUILD)/ci
	@$(DEPS) all
	@mkdir -p $(CI_DIR); rm -f $(CI_TIMES)
	@$(CI_STEP) $(MAKE) --no-print-directory check-format
	@$(CI_STEP) $(MAKE) --no-print-directory spdx-check
	@$(CI_STEP) $(MAKE) --no-print-directory cppcheck
	@$(CI_STEP) $(MAKE) --no-print-directory help-check
	@$(CI_STEP) $(MAKE) --no-print-directory lint
	@$(CI_STEP) $(MAKE) --no-print-directory rtl-smoke
	@$(CI_STEP) $(MAKE) --no-print-directory vectors-check
	@$(CI_STEP) $(MAKE) --no-print-directory unit UNIT_FLAGS=--xml=$(CI_DIR)/unit.xml
	@$(CI_STEP) $(MAKE) --no-print-directory runner-test RUNNER_XML=$(CI_DIR)/runner.xml
	@$(CI_STEP) $(MAKE) --no-print-directory cosim-ci
	@$(CI_STEP) $(MAKE) --no-print-directory runner-faults-test RUNNER_XML=$(CI_DIR)/runner-faults.xml
	@$(CI_STEP) $(MAKE) --no-print-directory sim-html-check
	@$(CI_STEP) $(MAKE) --no-print-directory parallel-test
	@$(CI_STEP) $(MAKE) --no-print-directory slurm-test
	@$(CI_STEP) scripts/ci/check.sh
	@$(CI_STEP) $(MAKE) --no-print-directory sim N=8 SIM_DEBUG=0
	@$(CI_STEP) $(MAKE) --no-print-directory report-check
	@$(CI_STEP) $(MAKE) --no-print-directory report-test
	@$(CI_STEP) $(MAKE) --no-print-directory accuracy-check
	@$(CI_STEP) $(MAKE) --no-print-directory area-check
	@$(CI_STEP) $(MAKE) --no-print-directory debug-test
	@$(CI_STEP) $(MAKE) --no-print-directory verdict-test
	@$(CI_STEP) $(MAKE) --no-print-directory cli-test
	@$(CI_STEP) $(MAKE) --no-print-directory paths-test
	@$(CI_STEP) $(MAKE) --no-print-directory header-deps-test
	@$(CI_STEP) $(MAKE) --no-print-directory sim-sc-test
	@$(CI_STEP) $(MAKE) --no-print-directory dpi-test
	@$(CI_STEP) $(MAKE) --no-print-directory compare-test
	@$(CI_STEP) $(MAKE) --no-print-directory own-rtl-test
	@$(CI_STEP) $(MAKE) --no-print-directory netlist-test
	@$(CI_STEP) $(MAKE) --no-print-directory sim N=4 COMPARE=txn SIM_DEBUG=0
	@$(CI_STEP) $(DBUF_MAKE) sim SIM_DEBUG=0
	@$(CI_STEP) $(MAKE) --no-print-directory verify-ci
	@$(CI_STEP) $(MAKE) --no-print-directory formal
	@$(CI_STEP) $(MAKE) --no-print-directory formal-bugs
	@$(CI_STEP) $(MAKE) --no-print-directory bugs MUT_DOC=
	@$(CI_STEP) $(MAKE) --no-print-directory mutate-harness-ci MH_PREBUILT=1
	@$(CI_STEP) $(MAKE) --no-print-directory mutate-ci
	@$(CI_STEP) $(MAKE) --no-print-directory mutate-ci-n16
	@$(CI_STEP) $(MAKE) --no-print-directory docs-check
	@scripts/ci/step.sh --summary $(CI_TIMES)
	@$(SIM_RUNNER) junit-summary $(CI_DIR)/*.xml

# `make test`: what a designer runs before pushing, about a quarter of
# make ci: the static checks, lint, the unit tests, make sim's whole suite,
# the exit codes through make, the tiles of your own (own-rtl-test's quick
# tier: every check, but of the reference tiles' bug patches only those the
# later checks build on) and the debugger on a broken RTL. `make ci` (what
# CI runs, .ci/run) is everything, these included, own-rtl-test whole.
TEST_STEPS := check-format spdx-check cppcheck help-check lint unit runner-test report-test cosim-ci \
              runner-faults-test verdict-test own-rtl-test debug-test
test: ## before you push (about 10 min on 2 cores): static checks, lint, unit, runner and report tests,
##      the make sim suite, runner-faults-test, exit codes, own-rtl-test, debug-test
	@$(DEPS) core sim wave
	@mkdir -p $(CI_DIR); rm -f $(CI_TIMES)
	@for s in $(TEST_STEPS); do \
	  $(CI_STEP) $(MAKE) --no-print-directory $$s $$(case $$s in unit) echo UNIT_FLAGS=--xml=$(CI_DIR)/unit.xml ;; \
	    runner-*) echo RUNNER_XML=$(CI_DIR)/$$s.xml ;; own-rtl-test) echo OWN_RTL_TIER=quick ;; esac) || exit 2; \
	done
	@scripts/ci/step.sh --summary $(CI_TIMES)
	@$(SIM_RUNNER) junit-summary $(CI_DIR)/*.xml

# ---- the content stamps, last: every rule and .d file above has named its
# sources (STC_SRC_FILES). Goals that build nothing do not write them.
STAMP_FREE_GOALS := help help-check clean format check-format spdx-check cppcheck deps
ifneq ($(filter-out $(STAMP_FREE_GOALS),$(or $(MAKECMDGOALS),help)),)
STC_BUILD_CONFIG := cc $(CC) $(CFLAGS) $(LDFLAGS) cmodel $(CMODEL_OPT); cxx $(CXX) $(VL_CXXFLAGS); \
  verilator $(VERILATOR) $(VL_FLAGS); model $(VL_CXX) $(VL_STD) $(VL_OPT) $(VL_OPT_SLOW) pch $(VL_PCH)
STC_BUILD_TOOLS  := $(firstword $(CC)) $(firstword $(CXX)) $(firstword $(VL_CXX)) $(firstword $(VERILATOR)) \
  verilator_bin ar $(VERILATOR_ROOT_INC)/verilated.h $(VERILATOR_ROOT_INC)/verilated.mk
# And the objects and archives make knows: one that is not whole is
# removed, to be built again (programs are linked under a temporary name).
STC_BUILT_FILES  := $(patsubst %.d,%.o,$(filter %.d,$(DEPFILES))) \
  $(patsubst %/inputs.mk,%/Vstc_tile__ALL.a,$(filter %/inputs.mk,$(DEPFILES))) \
  $(COMMON_LIB) $(CMODEL_LIB) $(VEC_LIB) $(VLRT_C) $(VLRT_SC)
ifneq ($(shell $(PY) -S scripts/src_stamps.py $(STAMP_DIR) --config=build=$(call shq,$(STC_BUILD_CONFIG)) \
    $(foreach t,$(STC_BUILD_TOOLS),--tool=$(t)) $(foreach f,$(wildcard $(STC_BUILT_FILES)),--output=$(f)) \
    -- $(sort $(STC_SRC_FILES)) >&2 || echo failed),)
$(error the sources' content stamps in $(STAMP_DIR) could not be written: see the message above)
endif
endif
