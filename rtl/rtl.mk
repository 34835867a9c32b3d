# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# rtl/rtl.mk - the synthesizable RTL of the STC tile (owner: RTL).
# Included by the top Makefile, which defines BUILD. Outputs go under
# $(BUILD)/rtl/.
#
#   make lint       verilator --lint-only -Wall (N=16 and N=4, default build,
#                   +define+STC_USE_ICG and the dbuf micro-architecture
#                   WBUF=2, the protocol assertions STC_ASSERT), iverilog compiles, the
#                   parameter checks (scripts/rtl_param_test.sh) and the benches'
#                   port list rtl/stc_tile_ports.svh (scripts/tile_ports_check.py)
#   make rtl-smoke  Icarus smoke test bench tb/tb_stc_tile_smoke.v
#   make rtl-synth  Yosys synth at N=4, fails on latches outside the ICG

RTL_DIR  := rtl
RTL_TOP  := stc_tile
# The sources: rtl/stc_tile.f, the file list other tools read too (one path
# a line, // comments).
RTL_LIST := $(RTL_DIR)/stc_tile.f
RTL_SRCS := $(strip $(shell sed -e 's://.*$$::' $(RTL_LIST)))
ifeq ($(strip $(RTL_SRCS)),)
$(error $(RTL_LIST) lists no source)
endif
# The tile's port list for the benches that instantiate it (`include'd by
# a path relative to each bench); make lint checks it against the tile.
RTL_PORTS_SVH := $(RTL_DIR)/stc_tile_ports.svh
RTL_BUILD := $(BUILD)/rtl

VERILATOR ?= verilator
IVERILOG  ?= iverilog
VVP       ?= vvp
YOSYS     ?= yosys

RTL_SMOKE_TB  := tb/tb_stc_tile_smoke.v
RTL_SMOKE_BIN := $(RTL_BUILD)/tb_stc_tile_smoke.vvp
RTL_SMOKE_ICG := $(RTL_BUILD)/tb_stc_tile_smoke_icg.vvp

.PHONY: lint rtl-smoke rtl-synth

# The second reference tile (tb/rowpar/, the own-RTL path's): clean too.
ROWPAR_SRCS := $(sort $(wildcard tb/rowpar/rtl/*.v))
##@ Tests before you push, and CI
lint: ## verilator --lint-only -Wall and Icarus on rtl/ and tb/rowpar/; the benches' port list
lint: $(RTL_SRCS) $(ROWPAR_SRCS) $(RTL_PORTS_SVH)
	@$(DEPS) core sim synth
	$(VERILATOR) --lint-only -Wall --top-module $(RTL_TOP) $(RTL_SRCS)
	$(VERILATOR) --lint-only -Wall --top-module $(RTL_TOP) -GN=4 -GM_MAX=16 -GKB_MAX=4 $(RTL_SRCS)
	$(VERILATOR) --lint-only -Wall --top-module $(RTL_TOP) +define+STC_USE_ICG $(RTL_SRCS)
	$(VERILATOR) --lint-only -Wall --top-module $(RTL_TOP) -GN=4 +define+STC_USE_ICG $(RTL_SRCS)
	$(VERILATOR) --lint-only -Wall --top-module $(RTL_TOP) -GWBUF=2 $(RTL_SRCS)
	$(VERILATOR) --lint-only -Wall --top-module $(RTL_TOP) --assert +define+STC_ASSERT -GN=4 $(RTL_SRCS)
	$(VERILATOR) --lint-only -Wall --top-module $(RTL_TOP) --assert +define+STC_ASSERT -GWBUF=2 -GN=4 $(RTL_SRCS)
	$(VERILATOR) --lint-only -Wall --top-module $(RTL_TOP) -GWBUF=2 -GN=4 -GM_MAX=16 -GKB_MAX=4 $(RTL_SRCS)
	$(IVERILOG) -g2012 -Wall -Wno-sensitivity-entire-array -s $(RTL_TOP) -o /dev/null $(RTL_SRCS)
	$(IVERILOG) -g2012 -Wall -Wno-sensitivity-entire-array -s $(RTL_TOP) -P$(RTL_TOP).WBUF=2 -o /dev/null $(RTL_SRCS)
	$(IVERILOG) -g2012 -Wall -Wno-sensitivity-entire-array -s $(RTL_TOP) -DSTC_USE_ICG -o /dev/null $(RTL_SRCS)
	@VERILATOR=$(VERILATOR) IVERILOG=$(IVERILOG) YOSYS=$(YOSYS) scripts/rtl_param_test.sh $(RTL_SRCS)
	@$(PY) scripts/tile_ports_check.py --verilator $(VERILATOR) $(RTL_PORTS_SVH) $(RTL_SRCS)
	$(VERILATOR) --lint-only -Wall --top-module stc_rowpar_tile $(ROWPAR_SRCS)
	$(VERILATOR) --lint-only -Wall --top-module stc_rowpar_tile -GN=4 -GM_MAX=16 -GKB_MAX=4 $(ROWPAR_SRCS)
	$(IVERILOG) -g2005 -Wall -s stc_rowpar_tile -o /dev/null $(ROWPAR_SRCS)

# The RTL has no `timescale (the test bench's applies); hence -Wno-timescale.
# -grelative-include: the bench includes the port list by a path relative
# to itself (rtl/stc_tile_ports.svh).
$(RTL_SMOKE_BIN): $(RTL_SRCS) $(RTL_SMOKE_TB) $(RTL_PORTS_SVH)
	@mkdir -p $(dir $@)
	$(IVERILOG) -g2012 -grelative-include -Wall -Wno-sensitivity-entire-array -Wno-timescale -s tb_stc_tile_smoke -o $@ $(RTL_SRCS) $(RTL_SMOKE_TB)

$(RTL_SMOKE_ICG): $(RTL_SRCS) $(RTL_SMOKE_TB) $(RTL_PORTS_SVH)
	@mkdir -p $(dir $@)
	$(IVERILOG) -g2012 -grelative-include -Wall -Wno-sensitivity-entire-array -Wno-timescale -DSTC_USE_ICG -s tb_stc_tile_smoke -o $@ $(RTL_SRCS) $(RTL_SMOKE_TB)

# Runs the smoke test on the default build and on the STC_USE_ICG build.
rtl-smoke: ## the Icarus smoke bench of the tile
rtl-smoke: $(RTL_SMOKE_BIN) $(RTL_SMOKE_ICG)
	$(VVP) -n $(RTL_SMOKE_BIN) | tee $(RTL_BUILD)/smoke.log
	@grep -q '^PASS' $(RTL_BUILD)/smoke.log && ! grep -q 'FAIL' $(RTL_BUILD)/smoke.log
	$(VVP) -n $(RTL_SMOKE_ICG) | tee $(RTL_BUILD)/smoke_icg.log
	@grep -q '^PASS' $(RTL_BUILD)/smoke_icg.log && ! grep -q 'FAIL' $(RTL_BUILD)/smoke_icg.log

# Yosys generic synthesis at N=4, M_MAX=16, KB_MAX=4, twice: the default
# build must contain no latch at all, the STC_USE_ICG build latches only
# inside stc_clock_gate (the ICG cell a real flow swaps for a library cell).
RTL_SYNTH_PARAMS := chparam -set N 4 -set M_MAX 16 -set KB_MAX 4 $(RTL_TOP)

rtl-synth: ## a Yosys synthesis of the tile
rtl-synth: $(RTL_SRCS)
	@mkdir -p $(RTL_BUILD)
	$(YOSYS) -q -l $(RTL_BUILD)/synth.log -p "read_verilog $(RTL_SRCS); \
	  $(RTL_SYNTH_PARAMS); synth -top $(RTL_TOP); stat; \
	  select -assert-none t:\$$_DLATCH*" > /dev/null
	$(YOSYS) -q -l $(RTL_BUILD)/synth_icg.log -p "read_verilog -DSTC_USE_ICG $(RTL_SRCS); \
	  $(RTL_SYNTH_PARAMS); synth -top $(RTL_TOP); stat; \
	  select -assert-any t:\$$_DLATCH*; \
	  select -assert-none t:\$$_DLATCH* stc_clock_gate/* %d" > /dev/null
	@echo "rtl-synth: OK (no latch outside stc_clock_gate), logs in $(RTL_BUILD)/synth*.log"
