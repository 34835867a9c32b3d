# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# tb/compare.mk - the compare levels (--compare cycle|ports|txn, make sim
# COMPARE=...) on an RTL of other timing (owner: verification).
# -include'd by the top Makefile after tb/mutate.mk (it reuses
# MUT_VARIANT_RULES, the one Verilator recipe for a patched copy of rtl/).
#
#   make compare-test   builds the tile retimed by tb/retime/flush-wait.patch
#                       (one more FLUSH cycle per block: same transactions,
#                       other cycles), and the same with bug 05 on top, at
#                       N=$(MUT_N); scripts/compare_test.sh then checks that
#                       cycle and ports fail the retimed tile with a
#                       diagnosis naming txn, txn passes it with a positive
#                       per-command delta, a latency bound fails it, and
#                       txn still fails the real bug. The same for the
#                       second micro-architecture (docs/architecture.md
#                       section 11, WBUF=2, the build of make sim
#                       UARCH=dbuf) and $(CMP_DBUF_BUG) on it: against the
#                       dbuf model at cycle, against the base model at txn
#                       (RTL ahead), and through make sim's verdict.

CMP_DIR     := $(BUILD)/compare
CMP_RETIME  := tb/retime/flush-wait.patch
CMP_BUG     := tb/bugs/05-acc-truncated.patch
CMP_DBUF_BUG := tb/bugs/01-swapped-mux.patch
# The judge of the dbuf tile's cycle range (a stalled cycle counted twice in
# stall_cycles).
CMP_DBUF_STALL2 := tb/compare/stall-counted-twice.patch
cmp_srcs     = $(patsubst $(RTL_DIR)/%,$(CMP_DIR)/$(1)/rtl/%,$(RTL_SRCS))

# $(1) variant, $(2) patches applied in order to a copy of rtl/ (the one
# patched-copy recipe, scripts/bugs.sh, which make bugs uses too), $(3)
# Verilator flags (-GWBUF=2: the dbuf micro-architecture)
define CMP_VARIANT
$(CMP_DIR)/$(1)/rtl/.applied: $(RTL_SRCS) $(2) scripts/bugs.sh $(call src,$(RTL_SRCS) $(2) scripts/bugs.sh)
	@scripts/bugs.sh apply-files $(CMP_DIR)/$(1) $(2)
$(call MUT_VARIANT_RULES,$(CMP_DIR)/$(1),$(CMP_DIR)/$(1)/rtl/.applied,$(call cmp_srcs,$(1)),,$(3),)
endef
$(eval $(call CMP_VARIANT,retimed,$(CMP_RETIME)))
$(eval $(call CMP_VARIANT,retimed-bug,$(CMP_RETIME) $(CMP_BUG)))
$(eval $(call CMP_VARIANT,dbuf-bug,$(CMP_DBUF_BUG),$(VL_DBUF)))
$(eval $(call CMP_VARIANT,dbuf-stall2,$(CMP_DBUF_STALL2),$(VL_DBUF)))

# The dbuf tile itself is make sim UARCH=dbuf's build, in its own BUILD.
CMP_BASE_BIN := $(BUILD)/stc_sim-n$(MUT_N)
CMP_BINS     := $(CMP_BASE_BIN) $(CMP_DIR)/retimed/stc_sim-n$(MUT_N) $(CMP_DIR)/retimed-bug/stc_sim-n$(MUT_N)
CMP_DBUF_BINS := $(DBUF_BUILD)/stc_sim-n$(MUT_N) $(CMP_DIR)/dbuf-bug/stc_sim-n$(MUT_N) \
                 $(CMP_DIR)/dbuf-stall2/stc_sim-n$(MUT_N)

.PHONY: compare-test
##@ Tests before you push, and CI
compare-test: ## the compare levels on a retimed tile (tb/retime/) and on dbuf: cycle/ports fail, txn passes
compare-test:
	@$(DEPS) core sim
	@$(MAKE) --no-print-directory -j $(JOBS) $(CMP_BINS) $(CMP_DIR)/dbuf-bug/stc_sim-n$(MUT_N) \
	  $(CMP_DIR)/dbuf-stall2/stc_sim-n$(MUT_N)
	@$(DBUF_MAKE) $(DBUF_BUILD)/stc_sim-n$(MUT_N)
	@BUILD=$(BUILD) scripts/compare_test.sh $(CMP_DIR) $(CMP_BINS) $(CMP_DBUF_BINS) -- \
	  $(REGRESSION_DIR)/stream-mix-n$(MUT_N)-l40-s2.vec $(sort $(wildcard $(REGRESSION_DIR)/block-n$(MUT_N)-*.vec))
