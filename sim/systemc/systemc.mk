# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# sc.mk - SystemC build of the lockstep cosim and the TLM-2.0 tile wrapper
# (docs/systemc.md). Included by the top Makefile after sim/sim.mk.
#
#   make sim-sc          SystemC cosim over the regression, N=16 and N=4 (N=, VEC=, SEED=, STALL=)
#   make sim-sc-test     N=4 SystemC cosim (verdicts and counters diffed against the C
#                        runner) and the TLM example; fails on any mismatch
#   make tlm-example     GEMMs through the TLM-2.0 target socket (TLM_VECS=)
#   make sim-sc-bench    cycles/second of the SystemC cosim against build/stc_sim-nN
#
# Outputs: $(BUILD)/sc-n$(N)/ (verilator --sc output in vl/, stc_sim_sc),
# $(BUILD)/sc/ (the TLM example, which needs no RTL).

SC_PKG      := systemc
SC_INCDIR    = $(shell pkg-config --variable=includedir $(SC_PKG) 2>/dev/null)
SC_LIBDIR    = $(shell pkg-config --variable=libarchdir $(SC_PKG) 2>/dev/null)
# System-header includes for SystemC (pkg-config drops /usr/include itself).
SC_ISYSTEM   = $(patsubst -I%,-isystem %,$(shell pkg-config --cflags $(SC_PKG) 2>/dev/null))
SC_LIBS      = $(shell pkg-config --libs $(SC_PKG) 2>/dev/null)
SC_WARN     := -Wall -Wextra -Werror -Wshadow
# VL_STD (sim/core/verilator.mk) is the C++ standard Debian's libsystemc was
# built with (SystemC checks it at link time, sc_api_version_*_cxx201703L).
SC_CXXFLAGS  = $(VL_STD) $(OPT) $(SC_WARN) -Icommon -Icmodel -Ivectors -Isim/core -Isim/systemc
SC_SIM_C_OBJS := $(addprefix $(BUILD)/sim/core/,stc_host.o stc_compare.o stc_step.o stc_run_cli.o stc_run_report.o stc_run_file.o stc_ports.o)
SC_TEST_N   ?= 4
SC_BENCH_RUNS ?= 3

# $(1) = N: the Verilated SystemC tile (sim/core/verilator.mk) and the cosim
# binary built on it.
define SC_RULES
$(call VL_MODEL,$(BUILD)/sc-n$(1)/vl,$(1),$(RTL_SRCS),,--sc)

$(BUILD)/sc-n$(1)/systemc/stc_sc_cosim.o: sim/systemc/stc_sc_cosim.cpp sim/systemc/systemc.mk $(BUILD)/sc-n$(1)/vl/Vstc_tile__ALL.a
	@mkdir -p $$(dir $$@)
	$(CXX) $(SC_CXXFLAGS) $$(DEPFLAGS) -DVM_SC=1 $(call VL_DEFS,$(1)) $$(SC_ISYSTEM) -isystem $(BUILD)/sc-n$(1)/vl \
	  $(VL_INC) -c $$< $$(OBJ_OUT)
	@$$(OBJ_DONE)
DEPFILES += $(BUILD)/sc-n$(1)/systemc/stc_sc_cosim.d

$(BUILD)/sc-n$(1)/stc_sim_sc: $(BUILD)/sc-n$(1)/systemc/stc_sc_cosim.o $(SC_SIM_C_OBJS) $(VEC_LIB) $(CMODEL_LIB) $(COMMON_LIB) \
                             $(BUILD)/sc-n$(1)/vl/Vstc_tile__ALL.a $(VLRT_SC)
	$(CXX) -o $$@.tmp $$^ $$(SC_LIBS) -lz -pthread $(LDFLAGS) $$(LINKED)
endef

$(foreach n,$(sort $(SIM_NS) $(N) $(SC_TEST_N)),$(eval $(call SC_RULES,$(n))))

.PHONY: sim-sc sim-sc-build sim-sc-test sim-sc-bench tlm-example
sim-sc-build: $(foreach n,$(SIM_RUN_NS),$(BUILD)/sc-n$(n)/stc_sim_sc)

ifneq ($(VEC),)
# VEC= as for make sim: files, globs, directories (sim/runner/stc_simrun vec-files).
##@ Run and debug
sim-sc: ## the regression as a SystemC simulation (VEC= as for make sim)
sim-sc:
	@mkdir -p $(BUILD); $(SIM_RUNNER) vec-files $(call shq,$(VEC)) >$(BUILD)/sim-sc-files.txt || exit 2
	@n=$$($(SIM_RUNNER) vec-n "$$(head -n 1 $(BUILD)/sim-sc-files.txt)" $(N)); \
	$(MAKE) --no-print-directory N=$$n $(BUILD)/sc-n$$n/stc_sim_sc || exit 2; \
	set --; while IFS= read -r f; do set -- "$$@" "$$f"; done <$(BUILD)/sim-sc-files.txt; \
	$(BUILD)/sc-n$$n/stc_sim_sc $(SIM_OPTS) -- "$$@"
else
sim-sc: sim-sc-build
	@set -e; for n in $(SIM_RUN_NS); do \
	  vecs=$$(ls $(REGRESSION_DIR)/*-n$$n-*.vec 2>/dev/null); \
	  test -n "$$vecs" || { echo "make sim-sc: no vectors for N=$$n in $(REGRESSION_DIR)" >&2; exit 2; }; \
	  echo "== SystemC lockstep cosim, N=$$n, $$(echo $$vecs | wc -w) vectors, seed $(SEED), stall $(STALL)%"; \
	  $(BUILD)/sc-n$$n/stc_sim_sc $(SIM_OPTS) $$vecs; \
	done
endif

# ---- TLM-2.0 wrapper and example (golden model inside: no RTL build) --------
TLM_EXAMPLE := $(BUILD)/sc/stc_tlm_example
TLM_VECS    ?=

$(BUILD)/sc/systemc/%.o: sim/systemc/%.cpp sim/systemc/systemc.mk
	@$(DEPS) core systemc
	@mkdir -p $(dir $@)
	$(CXX) $(SC_CXXFLAGS) $(DEPFLAGS) $(SC_ISYSTEM) -c $< $(OBJ_OUT)
	@$(OBJ_DONE)
DEPFILES += $(BUILD)/sc/systemc/stc_tlm_example.d $(BUILD)/sc/systemc/stc_tlm_tile.d

$(TLM_EXAMPLE): $(BUILD)/sc/systemc/stc_tlm_example.o $(BUILD)/sc/systemc/stc_tlm_tile.o $(SC_SIM_C_OBJS) $(VEC_LIB) $(CMODEL_LIB) $(COMMON_LIB)
	$(CXX) -o $@.tmp $^ $(SC_LIBS) -pthread $(LDFLAGS) $(LINKED)

tlm-example: ## GEMMs through the TLM-2.0 wrapper of the tile
tlm-example: $(TLM_EXAMPLE)
	$(TLM_EXAMPLE) $(TLM_VECS)

# ---- test and speed ---------------------------------------------------------
SC_TEST_DIR := $(BUILD)/sc-n$(SC_TEST_N)/test
SC_TEST_VECS = $(wildcard $(REGRESSION_DIR)/*-n$(SC_TEST_N)-*.vec)
# The TLM example takes one GEMM per file: single-command vectors only.
SC_TEST_SINGLES = $(foreach f,$(SC_TEST_VECS),$(if $(findstring /stream-,$(f)),,$(f)))

# The SystemC cosim must pass the N=$(SC_TEST_N) regression with exactly the
# C runner's per-vector lines (verdict and counters), at two stall settings;
# both must catch a corrupted expected C (exit 1); the TLM example must
# pass the same vectors and a generated GEMM, and its protocol check.
##@ Tests before you push, and CI
sim-sc-test: ## the SystemC runner against make sim, line for line
sim-sc-test: $(BUILD)/sc-n$(SC_TEST_N)/stc_sim_sc $(BUILD)/stc_sim-n$(SC_TEST_N) $(TLM_EXAMPLE)
	@set -e; d=$(SC_TEST_DIR); mkdir -p $$d; \
	i=0; for opts in "--stall 0" "--stall 25" "--stall 30 --policy random --reset-at 300"; do \
	  i=$$((i + 1)); \
	  echo "== sim-sc-test: SystemC cosim vs C runner, N=$(SC_TEST_N), seed $(SEED) $$opts"; \
	  $(BUILD)/sc-n$(SC_TEST_N)/stc_sim_sc --seed $(SEED) $$opts $(SC_TEST_VECS) >$$d/sc-$$i.out \
	    || { cat $$d/sc-$$i.out; echo "sim-sc-test: SystemC cosim failed ($$opts)" >&2; exit 1; }; \
	  $(BUILD)/stc_sim-n$(SC_TEST_N) --seed $(SEED) $$opts $(SC_TEST_VECS) >$$d/c-$$i.out \
	    || { echo "sim-sc-test: the C runner fails too ($$opts): see $$d/c-$$i.out" >&2; exit 1; }; \
	  grep '^\[' $$d/c-$$i.out >$$d/c-$$i.lines; grep '^\[' $$d/sc-$$i.out >$$d/sc-$$i.lines; \
	  diff -u $$d/c-$$i.lines $$d/sc-$$i.lines \
	    || { echo "sim-sc-test: per-vector verdicts or counters differ from the C runner ($$opts)" >&2; exit 1; }; \
	  tail -n 1 $$d/sc-$$i.out; \
	done; \
	bad=$$d/bad-c.vec; v=$$(ls $(REGRESSION_DIR)/sp24-n$(SC_TEST_N)-*.vec | head -n 1); \
	awk '/^\/\/ section C/ { print; getline; $$1 = ($$1 == "00000000" ? "00000001" : "00000000") } { print }' $$v >$$bad; \
	echo "== sim-sc-test: a corrupted expected C is bad input (exit 2, row and column named), in both runners"; \
	for r in $(BUILD)/sc-n$(SC_TEST_N)/stc_sim_sc $(BUILD)/stc_sim-n$(SC_TEST_N); do \
	  rc=0; $$r --quiet $$bad >$$d/bad.out 2>&1 || rc=$$?; \
	  test $$rc = 2 && grep -q "expected result is wrong: C row 0, column 0" $$d/bad.out \
	    || { cat $$d/bad.out; echo "sim-sc-test: $$r did not call $$bad bad input (exit $$rc)" >&2; exit 1; }; \
	done; \
	echo "== sim-sc-test: in JUnit, bad input is an <error> (not a <failure>), with seed, stall and reproduce"; \
	$(BUILD)/stc_sim-n$(SC_TEST_N) --quiet --seed 5 --stall 10 --junit $$d/bad.xml $$bad $(firstword $(SC_TEST_SINGLES)) >/dev/null 2>&1 || true; \
	grep -q 'tests="2" failures="0" errors="1"' $$d/bad.xml && grep -q '<error type="bad input"' $$d/bad.xml \
	  && grep -q '<property name="seed" value="5"/>' $$d/bad.xml && grep -q 'reproduce: .* --seed 5 --stall 10 ' $$d/bad.xml \
	  || { cat $$d/bad.xml; echo "sim-sc-test: JUnit of a bad vector is wrong" >&2; exit 1; }; \
	rc=0; $(TLM_EXAMPLE) $$bad >$$d/bad-tlm.out 2>&1 || rc=$$?; \
	test $$rc = 1 && grep -q 'RESULT MISMATCH' $$d/bad-tlm.out \
	  || { cat $$d/bad-tlm.out; echo "sim-sc-test: TLM example did not flag $$bad (exit $$rc)" >&2; exit 1; }; \
	echo "== sim-sc-test: TLM-2.0 example, N=$(SC_TEST_N) regression and a generated N=16 GEMM"; \
	$(TLM_EXAMPLE) $(SC_TEST_SINGLES) >$$d/tlm.out 2>&1 || { cat $$d/tlm.out; exit 1; }; tail -n 1 $$d/tlm.out; \
	$(TLM_EXAMPLE) >$$d/tlm-gen.out 2>&1 || { cat $$d/tlm-gen.out; exit 1; }; tail -n 1 $$d/tlm-gen.out; \
	echo "== sim-sc-test: TLM-2.0 address map error responses"; \
	$(TLM_EXAMPLE) --protocol-check >$$d/tlm-proto.out 2>&1 || { cat $$d/tlm-proto.out; exit 1; }; tail -n 1 $$d/tlm-proto.out; \
	echo "sim-sc-test: PASS"

# cycles/s of the SystemC cosim next to the C runner (docs/systemc.md, "SystemC").
SC_BENCH_NS ?= 16 4
##@ Reports
sim-sc-bench: ## the SystemC runner's speed
sim-sc-bench: $(foreach n,$(SC_BENCH_NS),$(BUILD)/sc-n$(n)/stc_sim_sc $(BUILD)/stc_sim-n$(n))
	@$(DEPS) bench || true
	sim/systemc/sc_bench.sh $(BUILD) $(BUILD)/sc-bench.md $(SC_BENCH_RUNS) $(SC_BENCH_NS)
