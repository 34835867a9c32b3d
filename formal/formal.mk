# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# formal/formal.mk - formal proofs of the tile (owner: verification).
# -include'd by the top Makefile; scripts/formal.sh runs the proofs,
# docs/verification.md ("Formal proofs") says what each proves.
#
#   make formal          decode (exhaustive), gating and protocol (base and
#                        dbuf; unbounded), skip (bounded) on rtl/ at N=4,
#                        M_MAX=4, KB_MAX=2;
#                        FORMAL_RTL=dir proves a copy of the sources instead
#   make formal-bugs     every bug of FORMAL_BUGS, applied to a copy of rtl/,
#                        must fail the proof named after it (CI)
#
# Knobs: FORMAL_N, FORMAL_M_MAX, FORMAL_KB_MAX, PDR_TIMEOUT (s), PROTOCOL_DEPTH
# (the bounded fallback), PROOFS.

FORMAL_N       ?= 4
FORMAL_M_MAX   ?= 4
FORMAL_KB_MAX  ?= 2
PDR_TIMEOUT    ?= 300
PROTOCOL_DEPTH ?= 40
PROOFS         ?= decode gating protocol protocol-dbuf skip
FORMAL_RTL     ?= $(RTL_DIR)
FORMAL_DIR     := $(BUILD)/formal
# bug:proof - the proof each bug must fail (tb/bugs/<bug>.patch)
FORMAL_BUGS    := 20-meta-illegal-subset:decode 33-gate-weight-sign-bit:gating \
                  14-err-not-cleared:protocol 34-skip-next-block-loaded:skip

FORMAL_ENV = FORMAL_N=$(FORMAL_N) FORMAL_M_MAX=$(FORMAL_M_MAX) FORMAL_KB_MAX=$(FORMAL_KB_MAX) \
             PDR_TIMEOUT=$(PDR_TIMEOUT) PROTOCOL_DEPTH=$(PROTOCOL_DEPTH) YOSYS=$(YOSYS) VECGEN=$(VECGEN)

.PHONY: formal formal-bugs

formal: $(VECGEN)
	@$(DEPS) synth formal
	@$(FORMAL_ENV) PROOFS="$(PROOFS)" scripts/formal.sh $(FORMAL_DIR) \
	  $(patsubst $(RTL_DIR)/%,$(FORMAL_RTL)/%,$(RTL_SRCS))

# A bug's copy comes from tb/mutate.mk's rule ($(BUG_DIR)/<bug>/rtl/.applied).
formal-bugs: $(VECGEN) $(foreach b,$(FORMAL_BUGS),$(BUG_DIR)/$(firstword $(subst :, ,$(b)))/rtl/.applied)
	@$(DEPS) synth formal
	@mkdir -p $(FORMAL_DIR)-bugs; status=0; for b in $(FORMAL_BUGS); do id=$${b%%:*}; proof=$${b##*:}; \
	  echo "== formal-bugs: $$id, proof $$proof"; rc=0; \
	  $(FORMAL_ENV) PROOFS=$$proof scripts/formal.sh $(FORMAL_DIR)-bugs/$$id \
	    $(foreach s,$(notdir $(RTL_SRCS)),$(BUG_DIR)/$$id/rtl/$(s)) \
	    >$(FORMAL_DIR)-bugs/$$id.log 2>&1 || rc=$$?; cat $(FORMAL_DIR)-bugs/$$id.log; \
	  case $$rc in 1) if grep -q '^formal: [a-z-]* *FAILED' $(FORMAL_DIR)-bugs/$$id.log; then \
	        echo "formal-bugs: $$id caught by $$proof"; \
	      else echo "formal-bugs: $$id NOT caught by $$proof (undecided)" >&2; status=1; fi;; \
	    0) echo "formal-bugs: $$id NOT caught by $$proof" >&2; status=1;; \
	    *) echo "formal-bugs: $$id: set-up error (exit $$rc)" >&2; exit 2;; esac; \
	done; exit $$status
