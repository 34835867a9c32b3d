# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# formal/formal.mk - formal proofs of the tile (owner: verification).
# -include'd by the top Makefile; scripts/formal.sh runs the proofs,
# docs/verification.md ("Formal proofs") says what each proves.
#
#   make formal          decode (exhaustive), gating and protocol (base and
#                        dbuf; unbounded), skip (bounded), counters (base
#                        and dbuf; unbounded) on rtl/ at N=4, M_MAX=4,
#                        KB_MAX=2, and the FULL_PROOFS at the shipped N=16,
#                        M_MAX=1024, KB_MAX=64 (the bank abstracted);
#                        FORMAL_RTL=dir proves a copy of the sources instead
#   make formal PROOFS=equiv   (opt-in, about 9 min of one core) the
#                        synthesized netlist proven equal to the RTL
#   make formal-bugs     every bug of FORMAL_BUGS, applied to a copy of rtl/,
#                        must fail the proof named after it (CI)
#   make formal-equiv    (opt-in, about 20 min on 2 cores) proof equiv on
#                        rtl/, and every netlist-only bug of tb/netlist/bugs
#                        must fail it (FORMAL_NETLIST_BUGS)
#
# Knobs: FORMAL_N, FORMAL_M_MAX, FORMAL_KB_MAX, PDR_TIMEOUT (s), PROTOCOL_DEPTH
# (the bounded fallback), PROOFS, JOBS (proofs or bugs at once; default:
# the number of cores, as make sim).

FORMAL_N       ?= 4
FORMAL_M_MAX   ?= 4
FORMAL_KB_MAX  ?= 2
PDR_TIMEOUT    ?= 300
PROTOCOL_DEPTH ?= 40
FULL_PROOFS    ?= counters-full
PROOFS         ?= decode skip $(FULL_PROOFS) protocol protocol-dbuf gating counters counters-dbuf
FORMAL_RTL     ?= $(RTL_DIR)
FORMAL_DIR     := $(BUILD)/formal
# bug:proof - the proof each bug must fail (tb/bugs/<bug>.patch)
FORMAL_BUGS    := 20-meta-illegal-subset:decode 33-gate-weight-sign-bit:gating \
                  14-err-not-cleared:protocol 34-skip-next-block-loaded:skip \
                  24-cycles-16bit:counters 31-stall-count-24bit:counters

FORMAL_ENV = JOBS=$(SIM_JOBS) FORMAL_N=$(FORMAL_N) FORMAL_M_MAX=$(FORMAL_M_MAX) FORMAL_KB_MAX=$(FORMAL_KB_MAX) \
             PDR_TIMEOUT=$(PDR_TIMEOUT) PROTOCOL_DEPTH=$(PROTOCOL_DEPTH) YOSYS=$(YOSYS) VECGEN=$(VECGEN)

.PHONY: formal formal-bugs

##@ Verifying the harness
formal: ## proofs: decoder (all codes), gating invisible, protocol (unbounded), skip (bounded), counters (unbounded, also at N=16)
formal: $(VECGEN)
	@$(DEPS) synth formal
	@$(FORMAL_ENV) PROOFS="$(PROOFS)" scripts/formal.sh $(FORMAL_DIR) \
	  $(patsubst $(RTL_DIR)/%,$(FORMAL_RTL)/%,$(RTL_SRCS))

# A bug's copy comes from tb/mutate.mk's rule ($(BUG_DIR)/<bug>/rtl/.applied).
formal-bugs: ## each proof fails on its bug patch
formal-bugs: $(VECGEN) $(foreach b,$(FORMAL_BUGS),$(BUG_DIR)/$(firstword $(subst :, ,$(b)))/rtl/.applied)
	@$(DEPS) synth formal
	@$(FORMAL_ENV) scripts/formal_bugs.sh $(FORMAL_DIR)-bugs $(BUG_DIR) "$(FORMAL_BUGS)" $(notdir $(RTL_SRCS))

# The netlist-only bugs (make netlist-test's), each applied to a copy of
# rtl/ of its own, must fail proof equiv; the stock tile must pass it. Not
# in make ci yet: about 20 min on 2 cores (docs/verification.md).
FORMAL_NETLIST_BUGS := $(patsubst tb/netlist/bugs/%.patch,%:equiv,$(sort $(wildcard tb/netlist/bugs/*.patch)))
NETLIST_BUG_DIR     := $(BUILD)/netlist-bugs
$(NETLIST_BUG_DIR)/%/rtl/.applied: tb/netlist/bugs/%.patch $(RTL_SRCS) scripts/bugs.sh \
  $(call src,$(RTL_SRCS) scripts/bugs.sh)
	@scripts/bugs.sh apply-files $(NETLIST_BUG_DIR)/$* $<

.PHONY: formal-equiv
formal-equiv: ## opt-in (about 20 min on 2 cores): proof equiv on rtl/, and each netlist-only bug must fail it
formal-equiv: $(VECGEN) $(foreach b,$(FORMAL_NETLIST_BUGS),$(NETLIST_BUG_DIR)/$(firstword $(subst :, ,$(b)))/rtl/.applied)
	@$(DEPS) synth formal
	@status=0; $(FORMAL_ENV) PROOFS=equiv scripts/formal.sh $(FORMAL_DIR)-equiv $(RTL_SRCS) || status=$$?; \
	  $(FORMAL_ENV) scripts/formal_bugs.sh $(FORMAL_DIR)-equiv-bugs $(NETLIST_BUG_DIR) "$(FORMAL_NETLIST_BUGS)" \
	    $(notdir $(RTL_SRCS)) || { s=$$?; [ $$status = 2 ] || status=$$s; }; exit $$status
