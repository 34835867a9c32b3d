# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# tb/mutate.mk - "prove the harness catches bugs" (owner: verification).
# -include'd by the top Makefile. Everything is built at N = $(MUT_N) (4)
# under $(BUILD)/bugs/ and $(BUILD)/mut/; docs/verification.md explains
# the method and holds the generated tables.
#
#   make bugs       apply every tb/bugs/NN-name.patch to a copy of rtl/,
#                   build each at N=4, run it over the N=4 regression at 0%
#                   and 25% stalls; print the table (caught, first cycle,
#                   signal, vector), write it into docs/verification.md,
#                   fail if a bug escapes
#   make mutate     Yosys `mutate`: MUT_COUNT (200) seeded mutants in one
#                   netlist behind a `mutsel` selector, one Verilator build,
#                   one run per mutant over the regression at 0% and 25%
#                   stalls; killed / survived / not covered, score, into
#                   docs/verification.md; fails on an unexplained survivor
#   make mutate-ci  the same on a fixed subset (MUT_CI_COUNT mutants, every
#                   MUT_COUNT/MUT_CI_COUNT-th of the list), no doc update
#   make mutate-ci-n16  40 mutants of the N=16 design, all run (CI)
#   make mutate JOBS=n  n mutants at once (default nproc), the same results
#   make mutate SHARD=i/k  every k-th mutant from the i-th, into MUT_OUT
#                   (default $(MUT_DIR)/shard-i-of-k), no doc update;
#   make mutate-merge SHARDS="DIR..."  the slices merged and reported as
#                   one make mutate (mutate-ci-merge: of make mutate-ci);
#                   docs/parallel.md
#
#   make mutate-harness  the harness's own C mutated (scripts/mutate_harness.py):
#                   every site of sim/core and the runner's verdict and
#                   JUnit code (SHARD=i/k: a slice), each judged by the unit
#                   tests and every bug patch's failing run; score and
#                   survivors into docs/verification.md; fails below 90% or
#                   on an unexplained survivor (mutate-harness-ci: one
#                   shard of 48, rotated by the commit)
#
# Knobs: MUT_N, MUT_COUNT, MUT_SEED, MUT_CI_COUNT, MUT_STALLS, MUT_SIM_SEED,
# MUT_OUT, MUT_EQUIV, MH_COUNT, MH_SEED, MH_JOBS, MH_CI_SHARDS, MH_CI_SEED, MH_LEDGER,
# MH_PARTIAL, MH_RESUME.

MUT_N        ?= 4
MUT_COUNT    ?= 200
MUT_SEED     ?= 1
MUT_CI_COUNT ?= 40
MUT_STALLS   ?= 0 25
MUT_SIM_SEED ?= 1
MUT_DOC      ?= docs/verification.md
# The survivors known to be equivalent or not covered (mutation, class, why).
MUT_EQUIV    ?= scripts/mutate_equivalent.txt
YOSYS        ?= yosys

MUT_VECS = $(sort $(wildcard $(REGRESSION_DIR)/*-n$(MUT_N)-*.vec))
# At N=16 the flattened mutant netlist simulates at about 6k cycles/s (the
# normal build: 90k), so its mutants run over the streams and the corner
# singles (26k cycles) and the extra vectors but the 70k-cycle x2, not over
# the whole 160k-cycle regression.
# And one 90%-unstructured command (its gated-MAC counts at N=16: the
# flat PE array's redrawn sample had a survivor that only it kills).
MUT_N16_SINGLES := corner-extremes corner-wrap corner-zero-tile corner-m1 corner-single
MUT_N16_FILES   := unstructured-n16-dense-m16-k256-p90-s1.vec
ifeq ($(MUT_N),16)
MUT_VECS = $(sort $(wildcard $(REGRESSION_DIR)/stream-*-n16-*.vec \
             $(foreach c,$(MUT_N16_SINGLES),$(REGRESSION_DIR)/$(c)-n16-*.vec) \
             $(addprefix $(REGRESSION_DIR)/,$(MUT_N16_FILES))))
endif

# ---- runner variants built from other RTL sources ---------------------------
# The one Verilator recipe (sim/core/verilator.mk) on a generated source
# directory: a bug's patched copy of rtl/, or the mutant netlist.
#   $(1) = variant directory, $(2) = prerequisite (a stamp or the netlist),
#   $(3) = Verilog sources, $(4) = build suffix ("" or "-icg"),
#   $(5) = extra Verilator flags, $(6) = golden model library (empty: $(CMODEL_LIB))
# The model is built in a directory of its array size's own, DIR/vl-nN: a
# bug's directory serves every MUT_N, and with one DIR/vl a MUT_N=16 make
# found the N=4 model there up to date and linked it (scripts/bugs_n_test.sh).
define MUT_VARIANT_RULES
$(call VL_MODEL,$(1)/vl-n$(MUT_N)$(4),$(MUT_N),$(3),$(2),$(5))
$(call VL_PROGRAM,$(1)/stc_sim-n$(MUT_N)$(4),$(SIM_MAIN_OBJ) $(SIM_C_OBJS),$(1)/vl-n$(MUT_N)$(4),$(6))
endef

# ---- hand-written bugs ------------------------------------------------------
BUG_PATCHES := $(sort $(wildcard tb/bugs/*.patch))
BUG_IDS     := $(patsubst tb/bugs/%.patch,%,$(BUG_PATCHES))
BUG_DIR     := $(BUILD)/bugs
# A patch that touches the clock-gate cell or its STC_USE_ICG branch also
# gets the ICG build, which the suite's icg-* runs then use; for the others
# the two builds are the same design (docs/architecture.md section 9).
BUG_ICG_IDS := $(patsubst tb/bugs/%.patch,%,$(shell grep -l -E 'stc_clock_gate|STC_USE_ICG' $(BUG_PATCHES) /dev/null 2>/dev/null | grep '\.patch$$'))
BUG_BINS    := $(foreach b,$(BUG_IDS),$(BUG_DIR)/$(b)/stc_sim-n$(MUT_N)) \
               $(foreach b,$(BUG_ICG_IDS),$(BUG_DIR)/$(b)/stc_sim-n$(MUT_N)-icg)
bug_srcs     = $(patsubst $(RTL_DIR)/%,$(BUG_DIR)/$(1)/rtl/%,$(RTL_SRCS))

# Patched copy of rtl/ (scripts/bugs.sh apply fails clearly if the patch
# no longer applies to the current rtl/).
$(BUG_DIR)/%/rtl/.applied: tb/bugs/%.patch $(RTL_SRCS) scripts/bugs.sh $(STAMP_DIR)/tb/bugs/%.patch \
  $(call src,$(BUG_PATCHES) $(RTL_SRCS) scripts/bugs.sh)
	@scripts/bugs.sh apply $* $(BUG_DIR)/$*

# A shared bug also patches the golden model: its runner links a model
# library built from the patched copy of cmodel/.
BUG_MODEL_IDS := $(patsubst tb/bugs/%.patch,%,$(shell grep -l -E '^\+\+\+ b/cmodel/' $(BUG_PATCHES) /dev/null 2>/dev/null | grep '\.patch$$'))
bug_model    = $(if $(filter $(1),$(BUG_MODEL_IDS)),$(BUG_DIR)/$(1)/libstc_cmodel.a)

# The copy of cmodel/ is made with the copy of rtl/: a change to the golden
# model makes both again, or the bug's runner would link the model as it
# was when the bug was first built.
$(foreach b,$(BUG_MODEL_IDS),$(eval $(BUG_DIR)/$(b)/rtl/.applied: $(CMODEL_SRCS) $(wildcard cmodel/*.h) \
  $(call src,$(CMODEL_SRCS) $(wildcard cmodel/*.h))))

$(BUG_DIR)/%/libstc_cmodel.a: $(BUG_DIR)/%/rtl/.applied
	@rm -rf $(BUG_DIR)/$*/cmodel-obj && mkdir -p $(BUG_DIR)/$*/cmodel-obj
	@for c in $(BUG_DIR)/$*/cmodel/*.c; do \
	  $(CC) $(CFLAGS) -c $$c -o $(BUG_DIR)/$*/cmodel-obj/$$(basename $$c .c).o || exit 2; done
	@rm -f $@ $@.tmp && ar rcs $@.tmp $(BUG_DIR)/$*/cmodel-obj/*.o && mv -f $@.tmp $@

# A bug in the double-buffered micro-architecture (docs/architecture.md
# section 11; "-dbuf-" in its name) is built as that tile, WBUF=2, and its
# runner then checks it against the golden model's dbuf configuration.
BUG_DBUF_IDS := $(foreach b,$(BUG_IDS),$(if $(findstring -dbuf-,$(b)),$(b)))
# A bug's runner is built as make sim's is (the per-PE probes from the PE
# array, VL_PE_ARRAYS), so what make bugs reports is what make sim catches.
bug_flags    = $(call VL_PE_ARRAYS,$(MUT_N)) $(if $(filter $(1),$(BUG_DBUF_IDS)),$(VL_DBUF))

$(foreach b,$(BUG_IDS),$(eval $(call MUT_VARIANT_RULES,$(BUG_DIR)/$(b),$(BUG_DIR)/$(b)/rtl/.applied,$(call bug_srcs,$(b)),,$(call bug_flags,$(b)),$(call bug_model,$(b)))))
$(foreach b,$(BUG_ICG_IDS),$(eval $(call MUT_VARIANT_RULES,$(BUG_DIR)/$(b),$(BUG_DIR)/$(b)/rtl/.applied,$(call bug_srcs,$(b)),-icg,+define+STC_USE_ICG $(call bug_flags,$(b)),$(call bug_model,$(b)))))

.PHONY: bugs bugs-build bugs-check bugs-n-test
bugs-build: $(BUG_BINS)

# A bug's runner at each N links a model of that N (make -n, a second).
bugs-n-test: ## a bug's runner at N=4 and at N=16 each built from a model of its own size
	@scripts/bugs_n_test.sh

# Each bug runs through make sim's suite (sim/plan.yaml): exactly the N=$(MUT_N) part of
# `make sim TESTS=all` (with its ICG runs and the opt-in hold run), so
# "caught by make bugs" means "caught by make sim TESTS=all alone".
##@ Verifying the harness
bugs: ## the hand-written RTL bugs of tb/bugs/, each must be caught by make sim TESTS=all (table in docs/verification.md)
bugs: bugs-n-test
	@$(DEPS) core sim
	@$(MAKE) --no-print-directory -j $(JOBS) bugs-build $(VECGEN)
	@BUILD=$(BUILD) MUT_N=$(MUT_N) SEED=$(SEED) DOC=$(MUT_DOC) VECGEN=$(VECGEN) COMPARE=$(COMPARE) \
	  VECDIR=$(REGRESSION_DIR) scripts/bugs.sh report $(BUG_IDS)

# Only checks that every patch still applies to rtl/ (quick).
bugs-check:
	@scripts/bugs.sh check $(BUG_IDS)

# ---- Yosys mutants ----------------------------------------------------------
MUT_DIR  := $(BUILD)/mut-n$(MUT_N)-s$(MUT_SEED)-c$(MUT_COUNT)
MUT_BIN  := $(MUT_DIR)/stc_sim-n$(MUT_N)
MUT_ENV   = XDIR=$(MUT_XDIR) MUT_N=$(MUT_N) M_MAX=$(M_MAX) KB_MAX=$(KB_MAX) COUNT=$(MUT_COUNT) SEED=$(MUT_SEED) \
            SIM_SEED=$(MUT_SIM_SEED) STALLS="$(MUT_STALLS)" YOSYS=$(YOSYS) MUT_BIN=$(MUT_BIN) MUT_OUT=$(MUT_OUT) EQUIV=$(MUT_EQUIV)
MUT_CI_EVERY = $(shell echo $$(( ($(MUT_COUNT) + $(MUT_CI_COUNT) - 1) / $(MUT_CI_COUNT) )))

$(MUT_DIR)/stc_tile_mut.v: $(RTL_SRCS) scripts/mutate.sh $(call src,$(RTL_SRCS) scripts/mutate.sh)
	@$(DEPS) synth
	@$(MUT_ENV) scripts/mutate.sh gen $(MUT_DIR) $(RTL_SRCS)

$(eval $(call MUT_VARIANT_RULES,$(MUT_DIR),$(MUT_DIR)/stc_tile_mut.v,$(MUT_DIR)/stc_tile_wrap.v $(MUT_DIR)/stc_tile_mut.v,,))

# Parallel and sharded campaigns (docs/parallel.md), as make sim's: JOBS
# mutants at once (SIM_JOBS: JOBS if given, else nproc), each mutant's
# stall settings in turn; SHARD=i/k runs every k-th mutant from the i-th
# into MUT_OUT and reports on that slice alone; mutate-merge and
# mutate-ci-merge merge the MUT_OUTs of SHARD=1/k .. k/k (SHARDS=) into
# MUT_OUT (default $(MUT_DIR), where the unsharded run writes) and report
# as the unsharded run does. The verdict (0 every mutant killed or
# documented, 1 a survivor not analysed, 2 set-up error) is also in
# MUT_OUT/results.verdict (results-ci.verdict), and in $STC_VERDICT when
# set (scripts/verdict.sh's own file).
MUT_OUT ?= $(if $(SHARD),$(MUT_DIR)/shard-$(subst /,-of-,$(SHARD)),$(MUT_DIR))
SHARDS  ?=

# $(call MUT_RUN,RESULTS,EVERY,DOC): the campaign (or its slice) and its
# report; $(call MUT_MERGE,RESULTS,EVERY,DOC): the slices merged, reported.
MUT_RUN = status=0; JOBS=$(SIM_JOBS) SHARD=$(SHARD) RESULTS=$(1) $(MUT_ENV) \
  scripts/mutate.sh run $(MUT_DIR) $(MUT_BIN) $(2) -- $(MUT_RUN_VECS) || status=$$?; \
  $(call MUT_FINISH,$(1),$(if $(SHARD),,$(3)))
MUT_MERGE = status=0; [ -n "$(strip $(SHARDS))" ] || { status=2; \
  echo "make $@: give SHARDS=\"DIR1 DIR2 ...\" (the MUT_OUTs of make $(@:-merge=) SHARD=i/k)" >&2; }; \
  [ $$status != 0 ] || RESULTS=$(1) $(MUT_ENV) scripts/mutate.sh merge $(MUT_OUT) $(2) $(SHARDS) || status=$$?; \
  $(call MUT_FINISH,$(1),$(3))
MUT_FINISH = [ $$status != 0 ] || RESULTS=$(1) $(MUT_ENV) scripts/mutate.sh report $(MUT_OUT) "$(2)" || status=$$?; \
  { mkdir -p $(MUT_OUT) && echo $$status >$(MUT_OUT)/$(basename $(1)).verdict; } || status=2; \
  [ -z "$$STC_VERDICT" ] || echo $$status >"$$STC_VERDICT" || status=2; exit $$status

.PHONY: mutate mutate-ci mutate-build mutate-merge mutate-ci-merge
mutate-build: $(MUT_BIN)

mutate: ## Yosys mutation testing over the regression; JOBS=n mutants at once, SHARD=i/k a slice
mutate: mutate-build
	@$(call MUT_RUN,results.tsv,1,$(MUT_DOC))

mutate-ci: ## the CI subset at N=4 (mutate-ci-n16: at N=16)
mutate-ci: mutate-build
	@$(call MUT_RUN,results-ci.tsv,$(MUT_CI_EVERY),)

mutate-merge: ## the slices of make mutate SHARD=i/k merged (SHARDS="DIR..."; mutate-ci-merge)
mutate-merge:
	@$(call MUT_MERGE,results.tsv,1,$(MUT_DOC))

mutate-ci-merge:
	@$(call MUT_MERGE,results-ci.tsv,$(MUT_CI_EVERY),)

# The N=16 subset for CI: Yosys needs about 5 minutes and several GB to
# list and apply mutations on the flattened 16x16 design (200 at once ran
# out of 24 GB), so CI draws 40 and runs them all.
MUT16_COUNT ?= 40
.PHONY: mutate-ci-n16
mutate-ci-n16: ## the CI subset at N=16
mutate-ci-n16:
	@$(MAKE) --no-print-directory mutate-ci MUT_N=16 MUT_COUNT=$(MUT16_COUNT) MUT_CI_COUNT=$(MUT16_COUNT)

# ---- extra vectors for the mutants (generated, deterministic) -------------
# Added to kill survivors of the regression-only run (docs/verification.md,
# "Survivors"): all 1024 accumulator rows without bias, twice in a row (the
# per-row valid bits and stale bank data), the largest 2:4 command (64
# blocks x 1024 rows: the top bits of macs_alg and a_bytes), and 64-block
# commands with skipped blocks (skip mask and next_blk() at high indices;
# x6: seed chosen so that block 47 is skipped and PE(2,1) gets weight 64),
# an odd M above 800 (parity of per-row valid-bit flips), and all 1024
# rows with bias (the bias write's valid bits at rows the regression's
# biased commands never reach; x7, added for an N=16 survivor); added
# with the word-wide next_blk() search: a biased command with M = 225 (the
# last bias write is row 224: a valid bit the bias port must set on its own
# row's write), a 90% block-sparse command whose first 16 blocks are
# skipped (x9, seed 5: the search's 16th candidate is the one it finds),
# and a 75% one with block 26 skipped and block 35 kept (x10, seed 1: the
# search reads skip bit 35 while bit 26 is set). (x11, a 2:4 command whose
# 64 blocks are all zero and skipped at M = 256, macs_skipped = 2^19, went
# into make sim's regression: corner-zero-tile-n4-2of4-m256-k512-s1.vec;
# issue 33's redrawn sample had a survivor on that counter's bit 19 that
# make sim missed too.) x12 (block 90%, seed 15): blocks 25-51 skipped
# and 52 kept, so the search after block 24 finds its candidate 27 places
# on (the flat PE array's redrawn sample had a survivor that masked exactly
# that candidate; no vector had a run of more than 24 skipped blocks).
# x13 (dense, 90% of A zero, 64 blocks of M = 64): a gated-MAC count past
# 2^15 in one command (the most any other reached was 4,118) and a weight
# of 4 in PE(2,3) at N=4, two gaps of the same redrawn sample; not at N=16
# (64 passes of the flattened N=16 mutant netlist, as x2).
# Fields: name, class, M, K-blocks (K = blocks x KD of the class's mode at
# N = MUT_N), seed, extra options.
MUT_XDIR  := $(BUILD)/mut-vecs-n$(MUT_N)
MUT_XSPEC := x1-dense-m1024-b2:dense:1024:2:11: \
             x2-sp24-m1024-b64:sp24:1024:64:12: \
             x3-sp24block-m4-b64:sp24-block:4:64:13:--sparsity=50 \
             x4-block-m8-b64:block:8:64:14:--sparsity=50 \
             x5-dense-m1001-b2:dense:1001:2:15: \
             x6-block-m4-b64:block:4:64:18:--sparsity=50 \
             x7-dense-m1024-b1-bias:dense:1024:1:19:--bias \
             x8-dense-m225-b1-bias:dense:225:1:21:--bias \
             x9-block90-m4-b64:block:4:64:5:--sparsity=90 \
             x10-block75-m4-b64:block:4:64:1:--sparsity=75 \
             x12-block90-m4-b64:block:4:64:15:--sparsity=90 \
             x13-dense-az90-m64-b64:dense:64:64:1:--a-zeros=90
MUT_XVECS := $(foreach s,$(MUT_XSPEC),$(MUT_XDIR)/$(word 1,$(subst :, ,$(s))).vec)

define MUT_XVEC_RULE
$(MUT_XDIR)/$(word 1,$(1)).vec: $(VECGEN)
	@mkdir -p $(MUT_XDIR)
	@$(VECGEN) --class $(word 2,$(1)) --n $(MUT_N) --m $(word 3,$(1)) --blocks $(word 4,$(1)) \
	  --seed $(word 5,$(1)) $(subst =, ,$(word 6,$(1))) -o $$@
endef
$(foreach s,$(MUT_XSPEC),$(eval $(call MUT_XVEC_RULE,$(subst :, ,$(s)))))

MUT_RUN_VECS = $(MUT_VECS) $(if $(filter 16,$(MUT_N)),$(filter-out %/x2-sp24-m1024-b64.vec %/x13-dense-az90-m64-b64.vec,$(MUT_XVECS)),$(MUT_XVECS))
# Everything a campaign (or a slice of it) runs: the build job of a Slurm
# campaign (scripts/slurm_sim.sh mutate).
mutate-build: $(MUT_XVECS)

# ---- the harness's own mutants -----------------------------------------------
# Judged by the unit tests and by the failing runs of make bugs and make
# own-rtl-test, which run first (MH_PREBUILT=1: they already ran, as in
# make ci). make mutate-harness judges every site (MH_COUNT=n: n drawn
# with MH_SEED), MH_JOBS at once, and writes the table into MUT_DOC;
# SHARD=i/k judges every k-th site from the i-th into MH_OUT (no doc);
# mutate-harness-merge merges the results of shards 1/k .. k/k (SHARDS=
# the results files; default the committed ones of MH_LEDGER, the whole
# campaign judged a shard at a time; MH_PARTIAL=1: the shards judged so
# far, said so) and writes the table. The CI subset is one shard of
# MH_CI_SHARDS chosen by MH_CI_SEED (default the number of commits to
# HEAD): each commit moves one shard on, so successive commits walk
# through every site, the same commit judges the same sites, and the next
# commit's shard can be judged before it is made (MH_CI_SEED=count+1).
# MH_RESUME=1 keeps the verdicts of a stopped run of the same selection
# (its results.tsv.partial) and judges the rest.
MH_COUNT     ?= 0
MH_SEED      ?= 1
MH_JOBS      ?= $(SIM_JOBS)
MH_CI_SHARDS ?= 48
MH_CI_SEED   ?= $(shell git rev-list --count HEAD 2>/dev/null || echo 1)
MH_LEDGER    ?= docs/mutate-harness
MH_OUT        = $(BUILD)/mutate-harness$(if $(SHARD),/shard-$(subst /,-of-,$(SHARD)))
MH_PREBUILT  ?= 0
MH_RESUME    ?= 0
MH_RUN = scripts/mutate_harness.py --build $(BUILD) --own-rtl-dir $(BUILD)/own-rtl-test --jobs $(MH_JOBS) \
         $(if $(filter 1,$(MH_RESUME)),--resume)
.PHONY: mutate-harness mutate-harness-ci mutate-harness-merge mutate-harness-prep
mutate-harness-prep: $(TB_BIN) $(VECGEN) $(BUILD)/stc_sim-n4 $(BUILD)/compare/dbuf-stall2/stc_sim-n4 $(BUILD)/stc_sim-n4-trace
	@$(DBUF_MAKE) $(DBUF_BUILD)/stc_sim-n4
	@$(ASAN_MAKE) -j$(SIM_JOBS) $(ASAN_BUILD)/stc_unit_tests
	@[ "$(MH_PREBUILT)" = 1 ] || $(MAKE) --no-print-directory bugs MUT_DOC=
	@[ "$(MH_PREBUILT)" = 1 ] || $(MAKE) --no-print-directory own-rtl-test
mutate-harness: ## the harness's own mutation campaign, every site (SHARD=i/k: a slice; scripts/mutate_harness.py)
mutate-harness: mutate-harness-prep
	@$(MH_RUN) --out $(MH_OUT) $(if $(SHARD),--shard $(SHARD),--count $(MH_COUNT) --seed $(MH_SEED) --doc $(MUT_DOC))
mutate-harness-merge: ## the shards' results merged into every site's table (SHARDS=; default MH_LEDGER's; MH_PARTIAL=1: some)
	@scripts/mutate_harness.py --merge $(or $(SHARDS),$(sort $(wildcard $(MH_LEDGER)/shard-*.tsv)),$(MH_LEDGER)/shard-1-of-K.tsv) \
	  $(if $(filter 1,$(MH_PARTIAL)),--partial) --out $(BUILD)/mutate-harness --doc $(MUT_DOC)
mutate-harness-ci: ## its CI subset: one shard of MH_CI_SHARDS, chosen by MH_CI_SEED
mutate-harness-ci: mutate-harness-prep
	@$(MH_RUN) --rotate $(MH_CI_SEED) --shards $(MH_CI_SHARDS) --skip-listed --out $(BUILD)/mutate-harness-ci

# ---- the Python runner's verdict path mutated --------------------------------
# scripts/mutate_runner.py: MR_COUNT (30; 0: every site) seeded mutants of
# sim/runner/stc_runner/ suite, sim, merge, junit, procs and fileio, each
# judged by make runner-test's pytest on a copy of the tree; MR_JOBS at once.
MR_COUNT ?= 30
MR_SEED  ?= 1
MR_JOBS  ?= 1
.PHONY: mutate-runner
mutate-runner: ## the runner's verdict path mutated (ast), each mutant judged by runner-test
	@$(DEPS) core
	@$(PY) scripts/mutate_runner.py --count $(MR_COUNT) --seed $(MR_SEED) --jobs $(MR_JOBS) --out $(BUILD)/mutate-runner
