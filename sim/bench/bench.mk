# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# sim/bench/bench.mk - `make bench` (docs/performance.md): the lockstep's
# speed against the bare Verilator model, the golden model's share, the
# speed-of-light C loop of the datapath and Icarus Verilog on the same RTL,
# in one run of scripts/bench.sh, whose table scripts/perf_doc.sh writes
# between the bench markers of docs/performance.md. Included by the top
# Makefile after sim/sim.mk.
#
#   $(BUILD)/stc_sol                     the speed-of-light loop (sim/bench/stc_sol.c)
#   $(BUILD)/bench/tb_stc_bench.vvp      the Icarus bench of the RTL (sim/bench/tb_stc_bench.v)
#   BENCH_REPS=5                         runs of each timing (bare and lockstep
#                                        alternate); the median is kept
#   BENCH_EDIT=1                         also edit to verdict (scripts/bench_edit.sh,
#                                        about 10 minutes: four make sim from an empty build);
#                                        BENCH_EDIT=0 leaves that table as it is

BENCH_REPS ?= 5
BENCH_EDIT ?= 1
BENCH_DIR  := $(BUILD)/bench
STC_SOL    := $(BUILD)/stc_sol
BENCH_TB   := sim/bench/tb_stc_bench.v
BENCH_VVP  := $(BENCH_DIR)/tb_stc_bench.vvp

$(BUILD)/sim/bench/%.o: sim/bench/%.c sim/bench/bench.mk
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c $< $(OBJ_OUT)
	@$(OBJ_DONE)
DEPFILES += $(BUILD)/sim/bench/stc_sol.d

$(STC_SOL): $(BUILD)/sim/bench/stc_sol.o $(VEC_LIB) $(CMODEL_LIB) $(COMMON_LIB)
	$(CC) $(CFLAGS) -o $@.tmp $^ $(LDFLAGS) $(LINKED)

# The tile at N=16 with the M_MAX and KB_MAX of the Verilator build; the
# RTL has no `timescale (the bench's applies), hence -Wno-timescale; the
# bench includes the port list by a path relative to itself, hence
# -grelative-include.
$(BENCH_VVP): $(RTL_SRCS) $(BENCH_TB) $(RTL_PORTS_SVH) sim/bench/bench.mk
	@mkdir -p $(dir $@)
	$(IVERILOG) -g2012 -grelative-include -Wall -Wno-sensitivity-entire-array -Wno-timescale -s tb_stc_bench \
	  -Ptb_stc_bench.M_MAX=$(M_MAX) -Ptb_stc_bench.KB_MAX=$(KB_MAX) -o $@ $(RTL_SRCS) $(BENCH_TB)

# valgrind (the instruction counts) is in the bench group of scripts/deps.sh;
# iverilog in the sim group, which the top Makefile checks for `bench`.
.PHONY: bench
##@ Reports
bench: ## cosim speed: lockstep, bare Verilator, golden model, speed-of-light C loop, Icarus; edit to verdict (docs/performance.md)
bench: $(BUILD)/stc_sim-n16 $(VECGEN) $(STC_SOL) $(BENCH_VVP)
	@$(DEPS) bench
	scripts/bench.sh $(BUILD) $(BENCH_DIR)/table.md $(BENCH_REPS)
	scripts/perf_doc.sh $(BENCH_DIR)/table.md docs/performance.md
ifeq ($(BENCH_EDIT),1)
	scripts/bench_edit.sh $(BENCH_DIR)/edit $(BENCH_DIR)/edit.md
	scripts/perf_doc.sh $(BENCH_DIR)/edit.md docs/performance.md edit
endif
