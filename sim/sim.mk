# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# sim.mk - Verilator build of the RTL and the lockstep runner.
#
# One runner binary per array size: $(BUILD)/stc_sim-n$(N), and a tracing
# variant $(BUILD)/stc_sim-n$(N)-trace for `make wave` (tracing compiled out
# of the normal build so it costs nothing there).

M_MAX  ?= 1024
KB_MAX ?= 64
SIM_NS ?= 16 4
REGRESSION_DIR ?= vectors/regression

# ---- your own tile: make sim RTL_SRCS="..." RTL_TOP=... (docs/own-rtl.md,
# "Verifying your own tile"). scripts/rtl_ports.py checks the top's ports against
# docs/architecture.md before anything is built (exit 2 naming the port)
# and writes the wrapper that is verilated in its place (stc_own_wrap: the
# ports of stc_tile, missing probes tied to 0 below COMPARE=cycle; with
# PROBE_MAP=FILE, probes read from internal signals the map names). The
# Makefile puts such a build in its own BUILD (build/rtl-TOP).
ifneq ($(OWN_RTL),)
OWN_DIR  := $(BUILD)/own-rtl
VL_TOP   := stc_own_wrap
sim_srcs  = $(OWN_DIR)/wrap-n$(1).v $(RTL_SRCS)
.PHONY: own-rtl-check
# Run by every make sim (about a second per N); the wrapper is rewritten
# only when it changes, so an unchanged design is not rebuilt.
own-rtl-check:
	@$(DEPS) core sim
	@mkdir -p $(OWN_DIR)
	@for n in $(SIM_RUN_NS); do \
	  scripts/rtl_ports.py --top $(RTL_TOP) --n $$n --m-max $(M_MAX) --kb-max $(KB_MAX) \
	    --level $(COMPARE) --verilator $(VERILATOR) --wrap $(OWN_DIR)/wrap-n$$n.v \
	    $(if $(PROBE_MAP),--probe-map $(call shq,$(PROBE_MAP))) $(RTL_SRCS) || exit 2; \
	done
$(OWN_DIR)/wrap-n%.v: own-rtl-check ;
else
sim_srcs  = $(RTL_SRCS)
ifneq ($(PROBE_MAP),)
$(error PROBE_MAP=$(PROBE_MAP): a probe map is for a tile of your own (make sim RTL_SRCS=... RTL_TOP=... PROBE_MAP=...); rtl/ has its probe ports)
endif
endif

# `make own-rtl-test` (CI): scripts/own_rtl_test.sh on renamed, port-less
# and probe-less copies of rtl/, each in its own BUILD under this one.
.PHONY: own-rtl-test
##@ Your own RTL
## sim RTL_SRCS="a.v b.v" RTL_TOP=t: your own tile, its ports checked first (BUILD=build/rtl-t;
##    PROBE_MAP=f: which internal signal is which probe; docs/own-rtl.md)
##@ Tests before you push, and CI
# OWN_RTL_TIER=quick (make test): of the reference tiles' bug patches only
# rowpar's 01 (the docs' quoted failure and the pasted lines use it) and
# colser's 01 and 02 (the cycles rules at txn); make ci runs every one.
OWN_RTL_TIER ?= full
own-rtl-test: ## renamed, port-less and probe-less copies of the tile, tb/rowpar/, tb/colser/ and their bugs
	@OWN_RTL_TIER=$(OWN_RTL_TIER) scripts/own_rtl_test.sh $(BUILD)/own-rtl-test

# `make netlist-test` (CI): scripts/netlist_test.sh, the stock tile's netlist
# (make sim NETLIST=1 at N=4, without the opt-in hold run) and the
# netlist-only bugs.
.PHONY: netlist-test
netlist-test: ## make sim NETLIST=1 at N=4, and each netlist-only bug (tb/netlist/bugs/) caught by it alone
	@$(DEPS) core sim synth
	@scripts/netlist_test.sh $(BUILD)/netlist-test

SIM_C_SRCS := $(addprefix sim/core/,stc_host.c stc_compare.c stc_step.c stc_lockstep.c stc_ports.c stc_run_cli.c stc_run_report.c stc_run_file.c)
SIM_C_OBJS := $(SIM_C_SRCS:%.c=$(BUILD)/%.o)
SIM_MAIN_OBJ := $(BUILD)/sim/apps/stc_sim_main.o

$(BUILD)/sim/%.o: sim/%.c sim/sim.mk
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c $< $(OBJ_OUT)
	@$(OBJ_DONE)
DEPFILES += $(SIM_C_OBJS:.o=.d) $(SIM_MAIN_OBJ:.o=.d)

# stc_gemm: the golden model alone on binary layer files (vectors/stc_layer.h,
# docs/vector-format.md "Binary layer files (stc_gemm)"), for the accuracy
# experiment's whole test sets. Pure C: the model, the vector library and
# the objects of sim/core that know no RTL (the host, the step, the
# reports; all but the Verilator loop, stc_lockstep.o). No Verilator.
STC_GEMM       := $(BUILD)/stc_gemm
GEMM_MAIN_OBJ  := $(BUILD)/sim/apps/stc_gemm_main.o
SIM_MODEL_OBJS := $(filter-out $(BUILD)/sim/core/stc_lockstep.o,$(SIM_C_OBJS))
DEPFILES += $(GEMM_MAIN_OBJ:.o=.d)

$(STC_GEMM): $(GEMM_MAIN_OBJ) $(SIM_MODEL_OBJS) $(VEC_LIB) $(CMODEL_LIB) $(COMMON_LIB)
	$(CC) $(CFLAGS) -o $@.tmp $^ $(LDFLAGS) $(LINKED)

.PHONY: stc-gemm
##@ Run and debug
stc-gemm: ## build/stc_gemm: a layer's GEMM from a binary file on the golden model alone, every row checked
stc-gemm: $(STC_GEMM)

# A runner build: the Verilated RTL (sim/core/verilator.mk) and stc_sim over it.
# $(1) = N, $(2) = suffix ("" or "-trace", ...), $(3) = extra Verilator flags.
# Other fragments add variants the same way, e.g. a coverage build:
#   $(eval $(call SIM_RULES,16,-cov,--coverage))  ->  $(BUILD)/stc_sim-n16-cov
define SIM_RULES
$(call VL_MODEL,$(BUILD)/vl-n$(1)$(2),$(1),$(call sim_srcs,$(1)),,$(3))
$(call VL_PROGRAM,$(BUILD)/stc_sim-n$(1)$(2),$(SIM_MAIN_OBJ) $(SIM_C_OBJS),$(BUILD)/vl-n$(1)$(2))
endef

# The runners make sim runs read the per-PE probes from the PE array
# (VL_PE_ARRAYS, sim/core/verilator.mk), but for a tile of your own; the
# waves' runners keep the ports, which the waves show.
SIM_PE_ARRAYS = $(if $(OWN_RTL),,$(call VL_PE_ARRAYS,$(1)))
$(foreach n,$(sort $(SIM_NS) $(N)),$(eval $(call SIM_RULES,$(n),,$(call SIM_PE_ARRAYS,$(n)))))
$(foreach n,$(sort $(SIM_NS) $(N)),$(eval $(call SIM_RULES,$(n),-trace,--trace-fst)))
# The real clock-gate cell instead of the enable flop (docs/architecture.md
# section 9): same cycle contract, checked by make ci at N=4.
$(eval $(call SIM_RULES,4,-icg,+define+STC_USE_ICG $(call SIM_PE_ARRAYS,4)))

# `make sim`: both array sizes over the regression, unless N= is given.
# An unsupported N is refused before anything is built.
SIM_SUPPORTED_NS := 4 6 8 10 12 14 16
ifeq ($(origin N),command line)
ifneq ($(words $(N)),1)
$(error N="$(N)": give one array size, an even number from 4 to 16)
endif
ifeq ($(filter $(N),$(SIM_SUPPORTED_NS)),)
$(error N=$(N) is not supported: the tile takes an even N from 4 to 16 ($(SIM_SUPPORTED_NS)); N=4 and N=16 have checked-in vectors, the others run on vectors generated by make sim)
endif
SIM_RUN_NS := $(N)
else
SIM_RUN_NS := $(SIM_NS)
endif
# HANG=C: a run is hung after C cycles in a row without a transfer on any
# channel or a change of busy_o while the tile could move (stc_sim
# --hang-cycles; default 4096, docs/compare-levels.md). Given, it rides in
# SIM_FLAGS, so make sim, make wave and make sim-debug all apply it.
HANG ?=
ifneq ($(HANG),)
ifeq ($(shell echo '$(HANG)' | grep -Ex '[1-9][0-9]{0,17}'),)
$(error HANG=$(HANG): give the hang limit in cycles, a whole number from 1 (make sim HANG=20000))
endif
override SIM_FLAGS := $(SIM_FLAGS) --hang-cycles $(HANG)
endif
SIM_OPTS = --seed $(SEED) --stall $(STALL) $(SIM_FLAGS)

.PHONY: sim sim-build wave
# The ICG build rides along at N=4: it is part of what a user tapes out.
SIM_ICG_N := $(if $(OWN_RTL),0,4)
# Why the ICG runs are not run, said in the closing lines, JUnit and page.
SIM_ICG_SKIPPED := $(if $(OWN_RTL),a tile of your own: the ICG build swaps in the stock tile's clock-gate cell (docs/architecture.md section 9))
# SIM_VARIANT=-bug runs another build of the RTL (sim/debug/debug.mk's broken one,
# for the tests of the verdicts); the ICG runs are then skipped.
SIM_VARIANT ?=
# WAVES=1 keeps an FST of every failing file (cocotb's convention), from
# the tracing build, in build/sim-nN/waves/.
WAVES ?= 0
# TESTS=name-or-tag,...: only the runs of the plan so named or tagged
# (-name-or-tag drops them); empty: every run but the plan's opt-in ones
# (the long hold run), listed as skipped; all: every run.
# SIM_PLAN: the test plan (docs/runner.md).
TESTS ?=
SIM_PLAN ?= sim/plan.yaml

# Parallel and sharded runs (docs/parallel.md). JOBS=n: n of the suite's
# runs at once (default: the number of cores, as everywhere; JOBS also
# sets the Verilator builds' -j); the output is the same whatever n. SHARD=i/k: only
# the i-th of k fixed slices of the runs (CI matrices, Slurm arrays), into
# SIM_DIR (default $(BUILD)/shard-i-of-k); `make sim-merge SHARDS="DIR..."`
# merges the k SIM_DIRs into $(BUILD) as one unsharded run.
SIM_JOBS := $(JOBS)
ifeq ($(shell echo '$(JOBS) $(SIM_JOBS)' | grep -Ex '[1-9][0-9]* [1-9][0-9]*'),)
$(error JOBS=$(JOBS): give the number of parallel jobs, a whole number from 1 (make sim JOBS=2))
endif
SHARD ?=
ifneq ($(SHARD),)
ifeq ($(shell echo '$(SHARD)' | grep -Ex '[1-9][0-9]*/[1-9][0-9]*' | awk -F/ '$$1 + 0 <= $$2 + 0'),)
$(error SHARD=$(SHARD): give i/k, the i-th of k slices of the runs, 1 <= i <= k (make sim SHARD=1/2))
endif
SIM_DIR ?= $(BUILD)/shard-$(subst /,-of-,$(SHARD))
endif
# Where make sim writes its sim-nN directories, verdict and page.
SIM_DIR ?= $(BUILD)
SIM_HTML := $(SIM_DIR)/sim-report.html
# On a failure, `make sim` re-runs the first failing vector through the
# debugger (sim/debug/debug.mk): windowed FST with ref_* signals, .gtkw
# opening at the divergence, and a shrunk vector; at COMPARE=txn the
# shrunk vector at that level and the command of the RTL's whole trace.
# SIM_DEBUG=0 turns that off.
SIM_DEBUG ?= 1
# With JOBS above 1 the array sizes' suites run at the same time, the
# later sizes (quick to build) started while the first size's model
# compiles; SIM_OVERLAP=0 builds everything, then runs the suites one after
# the other.
SIM_OVERLAP ?= 1

# make sim is sim/runner/stc_simrun (docs/runner.md): the plan
# sim/plan.yaml run for every array size, fail-closed; the run's whole
# configuration is these options, the one place the builds, the suites,
# the debugger and every printed command come from.
SIM_RUNNER   = $(PY) sim/runner/stc_simrun
SIM_RUN_ARGS = --make='$(MAKE)' --build=$(BUILD) --sim-dir=$(call shq,$(SIM_DIR)) --ns='$(SIM_RUN_NS)' \
  --variant='$(SIM_VARIANT)' --waves=$(WAVES) --icg-n=$(SIM_ICG_N) --icg-skipped=$(call shq,$(SIM_ICG_SKIPPED)) \
  --own-rtl=$(if $(OWN_RTL),1,0) --debug=$(SIM_DEBUG) --dbg-out=$(call shq,$(DBG_OUT)) --seed=$(SEED) \
  --stall=$(STALL) --compare=$(COMPARE) --model-uarch='$(SUITE_UARCH)' --jobs=$(SIM_JOBS) --shard='$(SHARD)' \
  --overlap=$(SIM_OVERLAP) --regression-dir=$(REGRESSION_DIR) --vecgen=$(VECGEN) \
  --extra-targets='$(VECGEN) $(VECDUMP)' --vec=$(call shq,$(VEC)) --vec-n=$(N) \
  --sim-flags=$(call shq,$(SIM_FLAGS)) --tests=$(call shq,$(TESTS)) --plan=$(call shq,$(SIM_PLAN))
# ---- make sim NETLIST=1: the synthesized netlist in lockstep ----------------
# scripts/netlist.py synthesizes rtl/ with Yosys (SYNTHESIS defined, as
# make area reads it) at one N, NL_N (N=, default 4: a netlist has one
# size), into NL_GATES; make sim then runs it as a tile of your own
# (RTL_SRCS= the netlist and its wrapper, RTL_TOP=stc_tile) in NL_BUILD:
# its ports are checked, the probes are ports of the netlist too, so every
# compare level works, and the printed reproduce, wave and debug lines name
# the netlist. The synthesis reruns when a source's content changes
# (docs/verification.md, "The netlist in lockstep").
NETLIST ?= 0
ifneq ($(filter-out 0 1,$(NETLIST)),)
$(error NETLIST=$(NETLIST): 1 runs the synthesized netlist, 0 (the default) the RTL)
endif
ifeq ($(NETLIST),1)
ifneq ($(OWN_RTL),)
$(error NETLIST=1 synthesizes rtl/; for a netlist of your own tile give it as RTL_SRCS= (docs/own-rtl.md))
endif
ifneq ($(UARCH),base)
$(error NETLIST=1 synthesizes the base micro-architecture only (UARCH=$(UARCH)))
endif
NL_N     := $(if $(filter command line,$(origin N)),$(N),4)
NL_BUILD := $(if $(filter command line,$(origin BUILD)),$(BUILD),build/netlist-n$(NL_N))
NL_GATES := $(NL_BUILD)/gates
NL_SRCS  := $(NL_GATES)/stc_tile_netlist.v $(NL_GATES)/stc_tile_gates.v
$(NL_GATES)/synth.ok: $(RTL_SRCS) scripts/netlist.py $(call src,$(RTL_SRCS) scripts/netlist.py)
	@$(DEPS) synth
	@echo "netlist: Yosys synthesizes rtl/ at N=$(NL_N), M_MAX=$(M_MAX), KB_MAX=$(KB_MAX) into $(NL_GATES)"
	@rm -f $@
	@$(PY) scripts/netlist.py --top stc_tile --n $(NL_N) --m-max $(M_MAX) --kb-max $(KB_MAX) \
	  --yosys $(or $(YOSYS),yosys) --out $(NL_GATES) $(RTL_SRCS)
	@touch $@
endif
##@ Run and debug
## sim: build what is stale, run the lockstep suite (the test plan sim/plan.yaml, docs/runner.md)
##    for N=16 and N=4: singles, streams under every host policy, resets, the fault space,
##    corners, fresh vectors, the ICG build (the long hold run only with TESTS=all)
## sim VEC=f.vec: files, globs or directories of vectors or streams; SEED=, STALL= (0..90 %),
##    N= (even, 4..16; sizes without checked-in vectors use generated ones)
## sim TESTS=name,tag: only the plan's runs so named or tagged; -tag drops them; TESTS=all:
##    every run, the 2^24-cycle hold run too (make test does); SIM_PLAN=f: another plan
## sim COMPARE=txn: how strictly: cycle (default: every port and probe every cycle), ports,
##    txn (each command's rows and err_o at any latency; docs/compare-levels.md)
## sim UARCH=dbuf: the double-buffered micro-architecture, against its own model (MODEL_UARCH=)
## sim JOBS=n: n of the suite's runs at once (default: nproc); the same output as JOBS=1
## sim SHARD=i/k: slice i of k of the runs, into $(BUILD)/shard-i-of-k (docs/parallel.md)
## sim WAVES=1: an FST of every failing file; SIM_DEBUG=0: no debugger on the first failure
## sim HANG=C: hung after C cycles without a transfer or busy_o change (default 4096)
## sim NETLIST=1: the tile synthesized by Yosys (generic gates, flattened) run instead of rtl/:
##    the same suite at every level, one N (default 4; build/netlist-nN)
ifeq ($(NETLIST),1)
sim sim-build: $(NL_GATES)/synth.ok
	@$(MAKE) --no-print-directory $@ NETLIST=0 N=$(NL_N) BUILD=$(NL_BUILD) RTL_TOP=stc_tile \
	  RTL_SRCS='$(NL_SRCS)'
else
sim:
	@$(SIM_RUNNER) sim $(SIM_RUN_ARGS)
endif
# The runner asks for its builds through this (the empty recipe keeps make
# from saying "is up to date" of each).
.PHONY: sim-bins
sim-bins: $(SIM_BINS)
	@:
# make sim's overlap (sim/runner/stc_runner/sim.py): the runner asks for
# every size's builds in one make, and sim-ready-N says on the runner's
# pipe (descriptor SIM_READY_FD) when size N's builds, SIM_READY_N, are
# done, for its suite to start while the first size's model compiles.
SIM_READY_NS ?=
SIM_READY_FD ?=
$(foreach n,$(SIM_READY_NS),$(eval .PHONY: sim-ready-$(n)))
$(foreach n,$(SIM_READY_NS),$(eval sim-ready-$(n): $$(SIM_READY_$(n)) ; @echo $(n) >/dev/fd/$$(SIM_READY_FD)))
# What make sim builds, without running it (scripts/slurm_sim.sh's build job).
ifneq ($(NETLIST),1)
sim-build: ## what make sim builds, without running it
	@$(SIM_RUNNER) sim $(SIM_RUN_ARGS) --build-only
endif

# `make sim-merge SHARDS="DIR1 DIR2 ..."`: the SIM_DIRs of the k shards of
# one make sim (SHARD=1/k .. k/k, same N, SEED, options) merged per array
# size into $(SIM_DIR)/sim-nN: the same lines, per-run files, merged JUnit
# (suite.xml), page and verdict as one unsharded make sim
# (scripts/verdict.sh sim-merge ... exits with it).
SHARDS ?=
.PHONY: sim-merge
## sim-merge SHARDS="DIR...": the shards merged: the same lines, JUnit, page and verdict as one run
sim-merge:
	@$(SIM_RUNNER) merge $(SIM_RUN_ARGS) --shards=$(call shq,$(SHARDS))

# The runner's tests (python3-pytest): runner-test, its unit tests on a
# stand-in stc_sim; runner-faults-test, make sim itself under the faults of
# docs/runner.md (an unwritable or full result directory, two runs at
# once, Ctrl-C, a killed link, VEC=/dev/zero, a comma locale, a read-only
# HOME, a run added to the plan) and its run lines against the ones kept
# in sim/runner/tests/golden/ (after a make sim in BUILD: make test runs
# cosim-ci first). RUNNER_XML=f writes JUnit.
RUNNER_PYTEST = PYTHONDONTWRITEBYTECODE=1 $(PY) -m pytest -p no:cacheprovider -q
RUNNER_XML ?=
.PHONY: runner-test runner-faults-test
##@ Tests before you push, and CI
runner-test: ## the runner's unit tests (pytest, a stand-in stc_sim)
	@$(DEPS) core
	@$(RUNNER_PYTEST) $(if $(RUNNER_XML),--junitxml=$(RUNNER_XML)) sim/runner/tests --ignore=sim/runner/tests/faults
runner-faults-test: ## make sim under a full disk, two runs at once, Ctrl-C, killed builds, odd inputs
runner-faults-test: $(BUILD)/stc_sim-n4 $(BUILD)/stc_sim-n4-bug $(BUILD)/stc_sim-n4-icg $(VECGEN) $(VECDUMP)
	@BUILD=$(BUILD) $(RUNNER_PYTEST) $(if $(RUNNER_XML),--junitxml=$(RUNNER_XML)) sim/runner/tests/faults

# The summary page in a real browser: headless Chromium must render one row
# per JUnit test case (run after make sim). sim-html-shot: the screenshot in
# docs/img/, of a deliberately broken RTL so that failures show.
.PHONY: sim-html-check sim-html-shot
sim-html-check: ## the summary page in headless Chromium, one row per JUnit test case
	@$(DEPS) html
	@scripts/sim_html_check.sh $(SIM_HTML) $(foreach n,$(SIM_RUN_NS),$(BUILD)/sim-n$(n))
sim-html-shot: ## the page's screenshot in docs/img/, of a broken RTL
	@$(DEPS) html
	@$(MAKE) --no-print-directory sim N=4 SIM_VARIANT=-bug SIM_DEBUG=0 >/dev/null 2>&1 || true
	@scripts/sim_html_check.sh $(SIM_HTML) $(BUILD)/sim-n4 -- docs/img/sim-report.png

# `make parallel-test` (CI): make sim JOBS=2 and SHARD=1/2 + 2/2 merged
# write what make sim JOBS=1 writes, on the RTL and on a broken one; the
# same for make mutate (a small campaign) and mutate-merge; the report
# sweep's files the same at JOBS=2; bad JOBS/SHARD values and bad merges
# exit 2 (scripts/parallel_test.sh). PARALLEL_TEST= runs only some of its
# parts (sim, mutate, report). The report part's programs are its
# prerequisites in scripts/report.mk.
PARALLEL_TEST ?=
.PHONY: parallel-test
parallel-test: ## JOBS=2 and merged shards against JOBS=1: sim, mutate, report (PARALLEL_TEST=sim|...)
parallel-test: $(foreach n,$(SIM_NS),$(BUILD)/stc_sim-n$(n)) $(BUILD)/stc_sim-n4-icg $(BUILD)/stc_sim-n4-bug \
               $(BUILD)/stc_sim-n4-trace $(VECGEN)
	@REPORT_SIM_DBUF=$(REPORT_SIM_DBUF) scripts/parallel_test.sh $(BUILD) $(PARALLEL_TEST)

# `make slurm-test`: a one-node Slurm on this machine (munge, slurmctld,
# slurmd in a temporary directory), scripts/slurm_sim.sh's build job,
# shard array and dependent merge job at N=$(SLURM_TEST_N), checked
# against a serial make sim; then scripts/slurm_sim.sh mutate (12 mutants)
# against a serial make mutate; everything torn down after
# (scripts/slurm_test.sh).
SLURM_TEST_N ?= 4
.PHONY: slurm-test
slurm-test: ## the sharded suite and campaign on a one-node Slurm started for the test
slurm-test: $(BUILD)/stc_sim-n$(SLURM_TEST_N) $(BUILD)/stc_sim-n4-bug $(if $(filter $(SIM_ICG_N),$(SLURM_TEST_N)),$(BUILD)/stc_sim-n$(SIM_ICG_N)-icg) $(VECGEN)
	@$(DEPS) slurm
	@scripts/slurm_test.sh $(BUILD) $(SLURM_TEST_N)
