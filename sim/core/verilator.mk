# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
#
# verilator.mk - the one Verilator recipe. Every Verilated model of the tile
# (plain, tracing, ICG, coverage, X, SystemC, a bug's or a mutant's RTL,
# a user's RTL) is built by VL_MODEL with one set of flags and one C++
# standard; the Verilator runtime (verilated.o, its threads, the FST writer,
# the coverage database) is compiled once per flavour - C programs and
# SystemC - into a library every program of that flavour links.
#
#   $(eval $(call VL_MODEL,DIR,N,SOURCES,PREREQS,FLAGS))
#     DIR/Vstc_tile__ALL.a     the model, from SOURCES at array size N, with
#                              FLAGS (--trace-fst, --coverage, --sc,
#                              +define+..., --x-assign unique ...);
#                              rebuilt when PREREQS (default: the SOURCES)
#                              change
#     DIR/core/stc_rtl_verilator.o  the C shim of sim/core/stc_rtl.h over it (not for
#                              --sc: the SystemC programs bind its pins)
#   $(eval $(call VL_PROGRAM,BIN,OBJS,DIR[,CMODEL]))
#     BIN linked from OBJS, the shim and model of DIR, the libraries (the
#     golden model CMODEL, default $(CMODEL_LIB)) and $(VLRT_C).

VERILATOR_ROOT_INC ?= /usr/share/verilator/include
# One standard for every C++ object: the one Debian's libsystemc was built
# with (SystemC checks it at link time), and Verilator's own default here.
VL_STD      := -std=c++17
# The model's hot code at -O2. -O3 runs 8% fewer instructions per simulated
# cycle at N=16 (bare model 57.9k -> 53.2k on make bench's vector; nothing at
# N=4) but made a one-line RTL edit's make sim about 14 s slower when measured
# (63 s against 47-50 s, before VL_SPLIT; docs/performance.md): VL_OPT=-O3 for
# long N=16 runs. -fno-split, -fno-gate and -fno-dfg made the model slower.
VL_OPT      ?= -O2
# The model's cold code (constructor, initial and settle blocks: Verilator's
# *__Slow.cpp files, run once per process) is half of its C++ compile time
# at -O2 and none of its run time: it compiles at -O0 (make bench,
# docs/performance.md "Edit to verdict").
VL_OPT_SLOW ?= -O0
# ccache (Debian's, when installed) in front of the model's compiler: a
# rebuild after an RTL edit recompiles only the generated files whose text
# changed. Only when its cache directory can be written (a read-only HOME
# falls back to the plain compiler). VL_CCACHE= turns it off.
# A relative CCACHE_DIR would name another directory in every directory a
# compiler runs in (each model is built in its own, then renamed): the
# cache was written there and lost, and every build missed. Made absolute.
# ($(abspath) would split a path with a space in two.)
ifneq ($(CCACHE_DIR),)
export CCACHE_DIR := $(if $(filter /%,$(CCACHE_DIR)),$(CCACHE_DIR),$(CURDIR)/$(CCACHE_DIR))
endif
ifeq ($(origin VL_CCACHE),undefined)
VL_CCACHE   := $(shell c=$$(command -v ccache 2>/dev/null) && d=$$(ccache -k cache_dir 2>/dev/null) && \
                 mkdir -p "$$d" 2>/dev/null && [ -w "$$d" ] && echo "$$c")
endif
# The models' C++ compiler: clang++ (Debian's clang 14). The generated
# code is long straight-line functions, where GCC 12's -O2 spends most of
# its time (alias walking, PRE): the five files of the N=16 model that a
# PE edit changes compile in 6.8 CPU seconds with clang against 13.0 with
# GCC (both with verilated.h precompiled), and the model runs 8% fewer
# instructions per simulated cycle (bare, make bench's vector: 34,911
# against 38,005; docs/performance.md "Edit to verdict"). The shim and
# everything else stay GCC's ($(CXX)); both use libstdc++, so they link.
# VL_CXX=g++ builds the models with GCC (without the precompiled header).
VL_CXX      ?= clang++
# verilated.h precompiled, once per optimisation level, for the models
# built without waves, coverage or SystemC (make sim's, the bugs', the
# mutants'). Parsing it (the C++ standard library, mostly) was 0.7-0.9 CPU
# seconds of every generated file's compile with GCC. One .pch per level
# (clang refuses a header built with other predefined macros, and -O2
# defines __OPTIMIZE__), each taken by the files of its level through
# OPT_FAST and OPT_SLOW; the flags are the generated makefile's own
# (verilated.mk's CFG_CXXFLAGS_NO_UNUSED). A header that does not match
# is an error, never a silent full parse. ccache caches such compiles with
# the two sloppinesses below and a header built with -fno-pch-timestamp
# (ccache's manual), and hashes the header once per change of its inode
# with the inode cache. VL_PCH= turns it off.
VL_PCH      ?= 1
VL_PCH_DIR   = $(BUILD)/vlrt/c/pch
VL_PCH_H     = $(VL_PCH_DIR)/stc_verilated.h
VL_PCH_CFG  := $(shell sed -n 's/^CFG_CXXFLAGS_NO_UNUSED = //p' $(VERILATOR_ROOT_INC)/verilated.mk 2>/dev/null)
VL_PCH_DEFS := -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=0 -DVM_TRACE_FST=0 -DVM_TRACE_VCD=0
vl_empty    :=
vl_space    := $(vl_empty) $(vl_empty)
# An optimisation level as one word (-O2|-g for "-O2 -g"), and its
# header's file name (stc_verilated-O2g.pch).
vl_level      = $(subst $(vl_space),|,$(strip $(1)))
VL_PCH_LEVELS = $(sort $(call vl_level,$(VL_OPT)) $(call vl_level,$(VL_OPT_SLOW)))
vl_pch_file   = $(VL_PCH_DIR)/stc_verilated-$(subst |,,$(subst -,,$(subst =,,$(1)))).pch
VL_PCH_FILES  = $(foreach l,$(VL_PCH_LEVELS),$(call vl_pch_file,$(l)))
# Whether a model of FLAGS $(1) takes the header: clang, and not a model
# with other VM_* switches (waves, coverage, SystemC).
vl_pch_on   = $(if $(and $(filter 1,$(VL_PCH)),$(findstring clang,$(notdir $(firstword $(VL_CXX))))),$(if $(filter 1,$(call vl_trace,$(1)) $(call vl_cov,$(1)) $(call vl_sc,$(1))),,1))
# The compile flags of a level $(1) with its header, by its real path (it
# exists when a model is built: an order-only prerequisite), quoted for the
# generated makefile's shell: in a checkout with a space in its path, BUILD
# is a link to one without (scripts/paths_test.sh), which $(abspath) would
# not resolve.
vl_pch_use  = $(1) -include-pch '$(realpath $(call vl_pch_file,$(call vl_level,$(1))))'
VL_PCH_ENV  = CCACHE_SLOPPINESS=pch_defines,time_macros$${CCACHE_SLOPPINESS:+,$$CCACHE_SLOPPINESS} CCACHE_INODECACHE=true

$(VL_PCH_H):
	@mkdir -p $(dir $@)
	@printf '#include "verilated.h"\n' >$@.tmp && mv -f $@.tmp $@

define VL_PCH_FILE
$(call vl_pch_file,$(1)): $(VL_PCH_H) $(VERILATOR_ROOT_INC)/verilated.h sim/core/verilator.mk
	@mkdir -p $$(dir $$@)
	$(VL_CXX) -I$(VERILATOR_ROOT_INC) -I$(VERILATOR_ROOT_INC)/vltstd $(VL_PCH_DEFS) $(VL_PCH_CFG) $(VL_STD) $(subst |, ,$(1)) \
	  -Xclang -fno-pch-timestamp -x c++-header $$< -o $$@.tmp && mv -f $$@.tmp $$@
endef
$(foreach l,$(VL_PCH_LEVELS),$(eval $(call VL_PCH_FILE,$(l))))

VL_CXXFLAGS  = $(VL_STD) $(VL_OPT) -Wall -Wextra -Werror
VL_INC      := -isystem $(VERILATOR_ROOT_INC) -isystem $(VERILATOR_ROOT_INC)/vltstd
VL_TOP      ?= $(RTL_TOP)
# --prefix: whatever the top is called, the shim sees a Vstc_tile.
# The unroll limits: Verilator's defaults (64 iterations, 30,000 statements)
# leave the N x N loops of the PE array and the controller's 256-bit
# reductions rolled at N = 16; both limits must rise for them to unroll,
# which cuts the instructions per simulated cycle by about 30% (make bench,
# docs/performance.md) and changes nothing the model computes.
VL_UNROLL    = --unroll-count 256 --unroll-stmts 100000
# Verilator writes the clocked logic of the unrolled N x N array as one C++
# function (about 10,000 lines at N = 16), and GCC's alias analysis at -O2
# is superlinear in a function's size: that one file took 30 of the 67 CPU
# seconds of compiling the N=16 model and was the last to finish. Split into
# functions of at most 3,000 statements, the whole model compiles in 23 CPU
# seconds (14.8 s on 2 cores, against 42 s), which is most of an RTL edit's
# wait for make sim's verdict. It runs faster too: 47,431 instructions per
# simulated cycle against 48,859 on make bench's vector (1,000 statements:
# 47,723; docs/performance.md).
VL_SPLIT     = --output-split-cfuncs 3000
VL_FLAGS     = --top-module $(VL_TOP) --prefix Vstc_tile --assert +define+STC_ASSERT -O3 $(VL_UNROLL) $(VL_SPLIT) --x-assign fast --x-initial fast \
               -GM_MAX=$(M_MAX) -GKB_MAX=$(KB_MAX) $(VL_UARCH) -Wno-fatal -Werror-USERFATAL $(VL_EXTRA)
# The generated makefile compiles the model's objects with these flags (by
# default it mixes -Os and the user's -CFLAGS).
# A model of FLAGS $(1): its hot and cold files each at their level, with
# that level's header when it takes one.
vl_make_vars = CXX="$(VL_CXX)" OPT_GLOBAL="$(VL_OPT)" CFG_CXXFLAGS_STD="$(VL_STD)" OBJCACHE="$(VL_CCACHE)" \
               $(if $(call vl_pch_on,$(1)),OPT_FAST="$(call vl_pch_use,$(VL_OPT))" OPT_SLOW="$(call vl_pch_use,$(VL_OPT_SLOW))",OPT_FAST="$(VL_OPT)" OPT_SLOW="$(VL_OPT_SLOW)")
# The model's C++ build takes its parallelism from the calling make's job
# server when there is one (make sim builds its variants side by side under
# one -j), and -j $(JOBS) of its own when there is not. VL_MODEL's recipe
# says $$(MAKE): make passes its job server only to a recipe line whose
# text names $(MAKE), and $(call) would have expanded a single $ to plain
# "make" (the sub-make then warned "jobserver unavailable" and compiled
# every model at -j1).
# A recipe line that names $(MAKE) runs even under make -n, -q or -t;
# there the model's directory was never made (the lines before it did not
# run), so under those flags the line does nothing (VL_NO_EXEC; the -
# before MAKEFLAGS makes its first word "-" when it has no one-letter flags).
VL_NO_EXEC   = $(strip $(foreach f,n q t,$(findstring $(f),$(firstword -$(MAKEFLAGS)))))
VL_MAKE_J    = $(if $(filter -j%,$(MAKEFLAGS)),,-j $(JOBS))

# The per-PE probes of the stock tile's runner builds come from the PE
# array's registers (one packed vector per register of the PEs, pe_v_q ..
# pe_psum_q, and the gate enable pe_en), not from the dbg_pe_* ports:
# copying 256 PEs' state into wide ports every cycle cost about a tenth of
# the lockstep's instructions at N = 16 (docs/performance.md). VL_PE_ARRAYS(N) is what
# such a build adds to its flags: the top becomes a wrapper without those
# ports (scripts/rtl_ports.py --pe-arrays, generated per N in
# $(BUILD)/pe-arrays/), the vectors readable (VL_PE_ARRAYS_VLT), and the
# shim reads them where they lie (STC_RTL_PE_ARRAYS). Builds that show or count the ports
# (waves, coverage, SystemC) and RTL that is not the stock tile's (your
# own, the mutant netlists) keep the ports.
VL_PE_ARRAYS_VLT   := sim/core/stc_pe_probes.vlt
VL_PE_ARRAYS_TOP   := stc_tile_pe_arrays
VL_PE_ARRAYS_SCOPE := $(VL_PE_ARRAYS_TOP).u_dut.u_array
VL_PE_ARRAYS_DIR    = $(BUILD)/pe-arrays
VL_PE_ARRAYS        = --top-module $(VL_PE_ARRAYS_TOP) $(VL_PE_ARRAYS_VLT) $(VL_PE_ARRAYS_DIR)/wrap-n$(1).v
vl_pe_arrays        = $(if $(findstring $(VL_PE_ARRAYS_VLT),$(1)),1,0)

# The wrapper reads only the top's ports, which the top's own file declares:
# an edit of another module (a PE, the controller) does not make it again
# (rtl_ports.py elaborates the whole tile with Verilator, a second or so
# before every model's verilation could start). rtl_ports.py leaves an
# unchanged wrapper's time as it was; the touch makes it newer than what
# it was made from, or the rule would run at every make and make -n would
# list every model as out of date. (An edit of the top rebuilds the models
# whether or not their wrapper changed: they read the top too.)
VL_PE_ARRAYS_PORTS  = $(or $(filter %/$(RTL_TOP).v,$(RTL_SRCS)),$(RTL_SRCS))

$(VL_PE_ARRAYS_DIR)/wrap-n%.v: $(VL_PE_ARRAYS_PORTS) scripts/rtl_ports.py $(call src,$(VL_PE_ARRAYS_PORTS) scripts/rtl_ports.py)
	@$(DEPS) core sim
	@mkdir -p $(dir $@)
	@scripts/rtl_ports.py --top $(RTL_TOP) --n $* --m-max $(M_MAX) --kb-max $(KB_MAX) --verilator $(VERILATOR) \
	  --module $(VL_PE_ARRAYS_TOP) --pe-arrays --wrap $@ $(RTL_SRCS) >/dev/null
	@touch $@

clog2 = $(shell v=1; b=0; while [ $$v -lt $(1) ]; do v=$$((v*2)); b=$$((b+1)); done; echo $$b)
VL_DEFS = -DSTC_RTL_N=$(1) -DSTC_RTL_M_MAX=$(M_MAX) -DSTC_RTL_KB_MAX=$(KB_MAX) \
          -DSTC_RTL_MW=$(call clog2,$(M_MAX)) -DSTC_RTL_KBW=$(call clog2,$(KB_MAX)) \
          -DSTC_RTL_UARCH=$(call vl_uarch,$(VL_FLAGS) $(2)) -DSTC_RTL_EDGE_ONLY=$(call vl_edge_only,$(2)) \
          -DSTC_RTL_PE_ARRAYS=$(call vl_pe_arrays,$(2)) -DSTC_RTL_PE_SCOPE='"$(VL_PE_ARRAYS_SCOPE)"'

# ---- the runtime, once per flavour --------------------------------------------
# Of the runtime's sources only verilated.h reads a build switch (VM_SC;
# VM_TRACE merely defines WAVES), so one C library serves the plain,
# tracing and coverage models, and one SystemC library the --sc ones.
VLRT_SRCS := verilated verilated_threads verilated_fst_c verilated_cov
VLRT_C    := $(BUILD)/vlrt/c/libverilated.a
VLRT_SC   := $(BUILD)/vlrt/sc/libverilated.a

$(BUILD)/vlrt/c/%.o: $(VERILATOR_ROOT_INC)/%.cpp $(STC_CONFIG_STAMP)
	@mkdir -p $(dir $@)
	$(CXX) $(VL_STD) $(VL_OPT) $(VL_INC) -DVM_SC=0 -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_COVERAGE=1 -c $< $(OBJ_OUT)
	@mv -f '$@.tmp' '$@'
$(VLRT_C): $(VLRT_SRCS:%=$(BUILD)/vlrt/c/%.o)
	$(ARCHIVE)

# SC_ISYSTEM comes from sim/systemc/systemc.mk (pkg-config), expanded when used.
$(BUILD)/vlrt/sc/%.o: $(VERILATOR_ROOT_INC)/%.cpp $(STC_CONFIG_STAMP)
	@mkdir -p $(dir $@)
	$(CXX) $(VL_STD) $(VL_OPT) $(VL_INC) $(SC_ISYSTEM) -DVM_SC=1 -DVM_TRACE=0 -DVM_COVERAGE=0 -c $< $(OBJ_OUT)
	@mv -f '$@.tmp' '$@'
$(VLRT_SC): $(BUILD)/vlrt/sc/verilated.o $(BUILD)/vlrt/sc/verilated_threads.o
	$(ARCHIVE)

# ---- a model ---------------------------------------------------------------------
# The shim's build switches follow the model's flags.
vl_trace = $(if $(findstring --trace,$(1)),1,0)
vl_cov   = $(if $(findstring --coverage,$(1)),1,0)
vl_sc    = $(if $(findstring --sc,$(1)),1,0)
# One eval per cycle (the shim's STC_RTL_EDGE_ONLY): for the stock tile's
# posedge-only builds. Not with the latch-based clock gate (its latch opens
# with clk_i low), not for waves (they show the clock low with this cycle's
# inputs) or coverage (it counts the clock's toggles), not for a tile of
# your own (OWN_RTL, the top Makefile: it may have either). The shim checks the
# model too: one with any event but the rising edge of clk_i (a mutant
# netlist that mutates a register's clock) keeps the clock-low eval.
vl_edge_only = $(if $(or $(findstring STC_USE_ICG,$(1)),$(findstring --trace,$(1)),$(findstring --coverage,$(1)),$(OWN_RTL)),0,1)
# The micro-architecture the RTL is built as (docs/architecture.md section
# 11): stc_params.uarch, which the golden model runs unless told otherwise.
# VL_DBUF is the flag of the dbuf tile; DBUF_MAKE builds and runs it (make
# sim UARCH=dbuf) in its own BUILD below this one, for the goals that need
# it beside the base tile (report, compare-test, ci).
VL_DBUF   := -GWBUF=2
vl_uarch   = $(if $(findstring $(VL_DBUF),$(1)),1,0)
DBUF_BUILD = $(BUILD)/uarch-dbuf
DBUF_MAKE  = $(MAKE) --no-print-directory BUILD=$(DBUF_BUILD) UARCH=dbuf

# A tile of your own: the header scripts/rtl_ports.py writes beside its
# wrapper (STC_RTL_HAS_CNT: whether dbg_cnt_o is the design's), for the
# shim of a model whose sources $(2) hold that wrapper at N = $(1).
vl_own_defs = $(foreach w,$(filter %/own-rtl/wrap-n$(1).v,$(2)),-include $(w:.v=.h))

# Which tile a model is made from: the top, whether it is the stock tile
# or your own (OWN_RTL: RTL_SRCS= or RTL_TOP= on the command line), the
# micro-architecture, the sources as given and VL_EXTRA. Each model keeps
# it in DIR/tile-id, and a make that finds another tile's model (or one
# that does not say) rebuilds it instead of running it: the sources' times
# alone cannot tell when one BUILD held both (BUILD= given to both, or
# your tile's files older than the stock tile's models). It is read as
# make reads this, so the make that builds under make sim's lock sees the
# model as the last build left it.
VL_TILE_ID = top $(RTL_TOP); own $(if $(OWN_RTL),yes,no); uarch $(UARCH); sources $(abspath $(RTL_SRCS)); extra $(VL_EXTRA)
vl_eq      = $(and $(findstring |$(1)|,|$(2)|),$(findstring |$(2)|,|$(1)|))
# Both sides stripped: GNU make 4.3's $(file <F) keeps the file's last
# newline when its buffer grew while reading (it compares pointers into
# the old and the new buffer), and a model then looked like another
# tile's at one make and not at the next: rebuilt every other make sim.
vl_retile  = $(if $(call vl_eq,$(strip $(file <$(1)/tile-id)),$(strip $(VL_TILE_ID))),,vl-other-tile)
.PHONY: vl-other-tile
vl-other-tile: ;

define VL_MODEL
$(1)/Vstc_tile__ALL.a: $(or $(4),$(3)) sim/core/verilator.mk $(call vl_retile,$(1)) $(filter %.v %.vlt,$(5)) \
  $(call src,$(or $(4),$(3)) sim/core/verilator.mk $(filter %.v %.vlt,$(5))) $(STC_CONFIG_STAMP) | $(if $(call vl_pch_on,$(5)),$$(VL_PCH_FILES))
	@$(DEPS) core sim $(if $(filter 1,$(call vl_sc,$(5))),systemc)
	@rm -rf $(1) $(1).tmp && mkdir -p $(1).tmp
	$(if $(filter 1,$(call vl_sc,$(5))),SYSTEMC_INCLUDE=$$(SC_INCDIR) SYSTEMC_LIBDIR=$$(SC_LIBDIR)) \
	$(VERILATOR) $(if $(filter 1,$(call vl_sc,$(5))),,--cc) $$(VL_FLAGS) -GN=$(2) $(5) --Mdir $(1).tmp $(3) \
	  >$(1).log 2>&1 || { tail -n 40 $(1).log; echo "verilator failed: log $(1).log" >&2; exit 2; }
	$(if $(filter 1,$(call vl_sc,$(5))),SYSTEMC_INCLUDE=$$(SC_INCDIR) SYSTEMC_LIBDIR=$$(SC_LIBDIR)) \
	$$(if $$(VL_NO_EXEC),:,$(if $(call vl_pch_on,$(5)),$$(VL_PCH_ENV)) $$(MAKE) --no-print-directory -s -C $(1).tmp -f Vstc_tile.mk $$(VL_MAKE_J) $$(call vl_make_vars,$(5)) \
	  Vstc_tile__ALL.a \
	  >>$(1).log 2>&1 || { tail -n 40 $(1).log; echo "C++ build of the model failed: log $(1).log" >&2; exit 2; })
	@printf '%s\n' $(call shq,$(VL_TILE_ID)) >$(1).tmp/tile-id
	@printf '$(1)/Vstc_tile__ALL.a: $$$$(call src,%s)\n' "$$$$(sed 's/^.* : //' $(1).tmp/Vstc_tile__ver.d | tr ' ' '\n' | \
	  grep -v '^/usr/' | tr '\n' ' ')" >$(1).tmp/inputs.mk
	@$$(if $$(VL_NO_EXEC),:,mv $(1).tmp $(1))

ifeq ($(call vl_sc,$(5)),0)
$(1)/core/stc_rtl_verilator.o: sim/core/stc_rtl_verilator.cpp sim/core/verilator.mk $(1)/Vstc_tile__ALL.a
	@mkdir -p $(1)/core
	$(VL_CCACHE) $(CXX) $$(VL_CXXFLAGS) $$(DEPFLAGS) -DVM_TRACE=$(call vl_trace,$(5)) -DVM_TRACE_FST=$(call vl_trace,$(5)) \
	  -DVM_COVERAGE=$(call vl_cov,$(5)) $(call VL_DEFS,$(2),$(5)) $(call vl_own_defs,$(2),$(3)) \
	  -Icommon -Icmodel -Isim/core -isystem $(1) $(VL_INC) \
	  -c $$< $$(OBJ_OUT)
	@$$(OBJ_DONE)
DEPFILES += $(1)/core/stc_rtl_verilator.d
endif
# Every file Verilator read for the model (its Vstc_tile__ver.d: the
# sources, `include'd files too, and the configuration files), by content.
DEPFILES += $(1)/inputs.mk
endef

define VL_PROGRAM
$(1): $(2) $(3)/core/stc_rtl_verilator.o $(3)/Vstc_tile__ALL.a $(VEC_LIB) $(or $(4),$(CMODEL_LIB)) $(COMMON_LIB) $(VLRT_C)
	$(CXX) -o $$@.tmp $(2) $(3)/core/stc_rtl_verilator.o $(VEC_LIB) $(or $(4),$(CMODEL_LIB)) $(COMMON_LIB) \
	  $(3)/Vstc_tile__ALL.a $(VLRT_C) -lz -pthread $(LDFLAGS) $$(LINKED)
endef
