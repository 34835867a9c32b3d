# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# accuracy.mk - accuracy of a real network, pruned each way, run on the
# verified tile (issue 32; docs/accuracy.md). Included by the top Makefile
# (include analysis/accuracy/accuracy.mk); uses its $(BUILD).
#
#   make accuracy             the whole experiment (about 2 minutes on 2 cores):
#                             docs/accuracy/accuracy.csv, accuracy_vs_cycles.png/.svg
#                             and docs/accuracy.md
#   make accuracy-quick       the --quick subset (dense and 2:4, 64 test images) into
#                             docs/accuracy/quick/, the files accuracy-check compares
#   make accuracy-check       CI: the --quick subset regenerated and compared byte for
#                             byte with docs/accuracy/quick/, then the unit tests
#   make accuracy-check-full  the same for the full docs/accuracy/ and docs/accuracy.md
#   make accuracy-test        the unit tests alone (python3-pytest)
#
# Debian's Python with python3-numpy, python3-sklearn, python3-matplotlib
# and python3-pytest (nothing from pip): PY is /usr/bin/python3, not
# whatever python3 comes first on PATH. The runner keeps no byte code in
# the tree and runs one BLAS thread (determinism). Exit codes of run.py: 0
# ok, 1 the tile differed from the reference or --check found a difference
# (it names the file), 2 set-up or bad input.
ACC_DIR       := docs/accuracy
ACC_MD        := docs/accuracy.md
ACC_QUICK_DIR := docs/accuracy/quick
ACC_WORK      := $(BUILD)/accuracy/work
ACC_ENV       := PYTHONDONTWRITEBYTECODE=1 OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 BUILD=$(BUILD)
ACC_RUN       := $(ACC_ENV) $(PY) analysis/accuracy/run.py --runner $(BUILD)/stc_sim-n16 \
                 --work $(ACC_WORK)
ACC_PYTEST    := $(ACC_ENV) $(PY) -m pytest -p no:cacheprovider -q \
                 --basetemp=$(BUILD)/accuracy/pytest analysis/accuracy/tests
# The tests run the writer against stc_vecgen/stc_vecdump, the tile at
# N = 16 and N = 4, a 2:4 layer on the broken RTL (tb/bugs/01), and
# stc_gemm (the golden model alone on binary layer files) against the
# lockstep on the same layers.
ACC_TEST_BINS := $(BUILD)/stc_sim-n16 $(BUILD)/stc_sim-n4 $(BUILD)/stc_sim-n4-bug \
                 $(BUILD)/stc_vecgen $(BUILD)/stc_vecdump $(BUILD)/stc_gemm

.PHONY: accuracy accuracy-quick accuracy-check accuracy-check-full accuracy-test
##@ Reports
accuracy: ## a real network (sklearn digits MLP) pruned each way, every inference on the tile in lockstep (docs/accuracy.md)
accuracy: $(BUILD)/stc_sim-n16
	@$(DEPS) accuracy
	$(ACC_RUN) --out $(ACC_DIR) --md $(ACC_MD)

accuracy-quick: $(BUILD)/stc_sim-n16
	@$(DEPS) accuracy
	$(ACC_RUN) --quick --out $(ACC_QUICK_DIR)

##@ Tests before you push, and CI
accuracy-check: ## the quick subset against its committed files, and pytest
accuracy-check: $(ACC_TEST_BINS)
	@$(DEPS) accuracy
	$(ACC_RUN) --quick --check $(ACC_QUICK_DIR)
	$(ACC_PYTEST)

accuracy-check-full: $(BUILD)/stc_sim-n16
	@$(DEPS) accuracy
	$(ACC_RUN) --check $(ACC_DIR) --md $(ACC_MD)

accuracy-test: $(ACC_TEST_BINS)
	@$(DEPS) accuracy
	$(ACC_PYTEST)
