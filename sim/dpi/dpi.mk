# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# sim/dpi/dpi.mk - the golden model as DPI-C (docs/dpi.md): a SystemVerilog
# test bench of rtl/stc_tile (sim/dpi/tb_stc_dpi.sv) whose scoreboard is the
# C model (sim/dpi/stc_dpi.c, imports in sim/dpi/stc_dpi_pkg.sv), built by
# Verilator 5 with --binary --timing. Included by the top Makefile.
#
#   make dpi-test   builds and runs the bench at N=$(DPI_N) (seed DPI_SEED);
#                   then proves the scoreboard live: the same bench on a copy
#                   of the RTL whose accumulate adds instead subtract must
#                   FAIL (exit != 0), once on the per-cycle model compare and
#                   once (+ref_only) on the SV reference GEMM alone
#   DPI_RTL_SRCS=   the RTL under test (default: RTL_SRCS, rtl/stc_tile.f)
#
# Outputs under $(BUILD)/dpi/: stc_dpi.o, vl/ (verilator --Mdir; the bench
# is vl/Vtb_stc_dpi), run.log; broken/ (the broken RTL copy in rtl/, its
# vl/ and the two run logs).

DPI_DIR        := $(BUILD)/dpi
DPI_N          ?= 4
DPI_M_MAX      ?= 16
DPI_KB_MAX     ?= 4
DPI_SEED       ?= 1
DPI_RTL_SRCS   ?= $(RTL_SRCS)
DPI_SV         := sim/dpi/stc_dpi_pkg.sv sim/dpi/tb_stc_dpi.sv
DPI_OBJ        := $(DPI_DIR)/stc_dpi.o
DPI_BIN        := vl/Vtb_stc_dpi
DPI_CFLAGS      = $(CFLAGS) -Isim/dpi -isystem $(VERILATOR_ROOT_INC)/vltstd
# --timescale: the RTL has no `timescale; the bench's delays are in ns.
# --relative-includes: the bench includes the port list by a path relative
# to itself (rtl/stc_tile_ports.svh).
# -O1 for the generated C++: the bench runs for milliseconds, the compile
# is what costs (about 18 s a build here; 32 s at Verilator's default -Os).
DPI_VFLAGS      = --binary --timing -j $(JOBS) -Wall --timescale 1ns/1ps --relative-includes \
                  --top-module tb_stc_dpi \
                  -GN=$(DPI_N) -GM_MAX=$(DPI_M_MAX) -GKB_MAX=$(DPI_KB_MAX) \
                  -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O1 OPT_GLOBAL=-O1"

# The deliberately broken copy: the accumulator's read-modify-write
# subtracts the column sum (rtl/stc_acc_bank.v), every other file as is.
DPI_BROKEN_DIR  := $(DPI_DIR)/broken
DPI_BROKEN_SRCS := $(patsubst $(RTL_DIR)/%,$(DPI_BROKEN_DIR)/rtl/%,$(RTL_SRCS))

.PHONY: dpi-test dpi-build dpi-broken-test dpi-force

$(DPI_OBJ): sim/dpi/stc_dpi.c sim/dpi/stc_dpi.h sim/dpi/dpi.mk
	@mkdir -p $(@D)
	$(CC) $(DPI_CFLAGS) $(DEPFLAGS) -c $< $(OBJ_OUT)
	@$(OBJ_DONE)
DEPFILES += $(DPI_OBJ:.o=.d)

# $(call DPI_RULES,DIR,RTL sources): DIR/vl/Vtb_stc_dpi. DIR/config holds
# the flags and sources it was built from, rewritten only when they change,
# so that a build from other sources (DPI_RTL_SRCS=) is never taken for the
# one asked for. The objects are passed to Verilator as absolute physical
# paths (its make runs in vl/). After the build, stc_dpi.c is compiled
# against the prototypes Verilator derived from the package (vl/*__Dpi.h):
# a package and a C file that disagree do not build.
define DPI_RULES
$(1)/config: dpi-force
	@mkdir -p $(1); printf '%s\n' $(call shq,$(DPI_VFLAGS)) $(call shq,$(2)) >$$@.tmp; \
	if cmp -s $$@.tmp $$@; then rm -f $$@.tmp; else mv -f $$@.tmp $$@; fi

$(1)/$(DPI_BIN): $(2) $(DPI_SV) $(RTL_PORTS_SVH) $(DPI_OBJ) $(CMODEL_LIB) $(1)/config sim/dpi/dpi.mk
	@$(DEPS) core sim
	@v=$$$$($(VERILATOR) --version | sed -n 's/^Verilator \([0-9]*\)\..*/\1/p'); [ "$$$${v:-0}" -ge 5 ] || \
	  { echo "make dpi-test: needs Verilator 5 (--binary --timing), found: $$$$($(VERILATOR) --version)" >&2; exit 2; }
	@rm -rf $(1)/vl && mkdir -p $(1)/vl
	@echo "verilator --binary --timing tb_stc_dpi (N=$(DPI_N)) -> $$@"
	@obj=$$$$(cd $$(dir $(DPI_OBJ)) && pwd -P)/$$(notdir $(DPI_OBJ)); \
	lib=$$$$(cd $$(dir $(CMODEL_LIB)) && pwd -P)/$$(notdir $(CMODEL_LIB)); \
	$(VERILATOR) $(DPI_VFLAGS) --Mdir $(1)/vl $(2) $(DPI_SV) "$$$$obj" "$$$$lib" >$(1)/build.log 2>&1 || \
	  { tail -n 40 $(1)/build.log; echo "verilator failed: log $(1)/build.log" >&2; exit 2; }
	$(CC) $(DPI_CFLAGS) -fsyntax-only -include $(1)/vl/Vtb_stc_dpi__Dpi.h sim/dpi/stc_dpi.c
endef

$(eval $(call DPI_RULES,$(DPI_DIR),$(DPI_RTL_SRCS)))
$(eval $(call DPI_RULES,$(DPI_BROKEN_DIR),$(DPI_BROKEN_SRCS)))

$(DPI_BROKEN_DIR)/rtl/%.v: $(RTL_DIR)/%.v
	@mkdir -p $(@D)
	cp $< $@
$(DPI_BROKEN_DIR)/rtl/stc_acc_bank.v: $(RTL_DIR)/stc_acc_bank.v sim/dpi/dpi.mk
	@mkdir -p $(@D)
	sed 's/(old + psum_i\[32\*gn +: 32\])/(old - psum_i[32*gn +: 32]) \/* BROKEN (dpi-test) *\//' $< >$@.tmp
	@[ "$$(grep -c 'BROKEN (dpi-test)' $@.tmp)" = 1 ] || \
	  { echo "make dpi-test: the accumulate add of $< was not found (RTL changed?)" >&2; rm -f $@.tmp; exit 2; }
	@mv -f $@.tmp $@

dpi-build: $(DPI_DIR)/$(DPI_BIN)

# $(call DPI_RUN,DIR,plusargs,log): runs a bench, its exit status in $$s.
# Verilator 5.006's $fatal ends in abort() (status 134): no core file, and
# the shell's "Aborted" goes to the log.
DPI_RUN = ( (ulimit -c 0; exec $(1)/$(DPI_BIN) +seed=$(DPI_SEED) $(2)); exit $$? ) >$(3) 2>&1; s=$$?

##@ Tests before you push, and CI
dpi-test: ## a SystemVerilog bench with the golden model as DPI-C scoreboard (docs/dpi.md)
dpi-test: $(DPI_DIR)/$(DPI_BIN)
	@$(call DPI_RUN,$(DPI_DIR),,$(DPI_DIR)/run.log); grep -E '^(PASS|FAIL)' $(DPI_DIR)/run.log; \
	if [ $$s -ne 0 ] || ! grep -q '^PASS' $(DPI_DIR)/run.log; then \
	  echo "dpi-test: FAIL (exit status $$s), log $(DPI_DIR)/run.log" >&2; exit 1; fi
	@$(MAKE) --no-print-directory dpi-broken-test
	@echo "dpi-test: OK (logs in $(DPI_DIR))"

# The scoreboard is live: the bench on the broken RTL must fail, on each
# of its two checks alone.
dpi-broken-test: $(DPI_BROKEN_DIR)/$(DPI_BIN)
	@for mode in model ref_only; do \
	  log=$(DPI_BROKEN_DIR)/run-$$mode.log; \
	  $(call DPI_RUN,$(DPI_BROKEN_DIR),$$([ $$mode = ref_only ] && echo +ref_only),$$log); \
	  if [ $$s -ne 0 ] && grep -q '^FAIL cycle' $$log && ! grep -q '^PASS' $$log; then \
	    echo "dpi-test: broken RTL ($$mode check) caught, exit status $$s: $$(grep -m1 '^FAIL' $$log)"; \
	  else echo "dpi-test: the broken RTL was NOT caught by the $$mode check (exit status $$s), log $$log" >&2; exit 1; fi; \
	done
