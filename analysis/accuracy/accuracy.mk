# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# accuracy.mk - accuracy of two real networks on Fashion-MNIST, pruned each
# way, on the verified tile (issues 32 and 45; docs/accuracy.md). Included
# by the top Makefile (include analysis/accuracy/accuracy.mk); uses its
# $(BUILD) and $(JOBS) (worker processes, 2 by default on 2 cores).
#
#   make accuracy             the whole study (22 minutes on 2 cores, 1,337 s measured):
#                             docs/accuracy/accuracy.csv, summary.csv,
#                             accuracy_vs_cycles.png/.svg and docs/accuracy.md
#   make accuracy-quick       the --quick subset (one seed, one epoch, dense and
#                             2:4, 500 test images) into docs/accuracy/quick/
#   make accuracy-check       CI: the --quick subset regenerated and compared byte
#                             for byte with docs/accuracy/quick/, then the unit tests
#   make accuracy-check-full  the same for the full docs/accuracy/ and docs/accuracy.md
#   make accuracy-test        the unit tests alone (python3-pytest)
#
# Debian's Python with python3-numpy, python3-matplotlib, python3-pytest
# and dataset-fashion-mnist (nothing from pip or the network): PY is
# /usr/bin/python3, not whatever python3 comes first on PATH. The runner
# keeps no byte code in the tree and runs one BLAS thread a process
# (determinism). Exit codes of run.py: 0 ok, 1 the tile differed from the
# reference or --check found a difference (it names the file), 2 set-up or
# bad input.
ACC_DIR       := docs/accuracy
ACC_MD        := docs/accuracy.md
ACC_QUICK_DIR := docs/accuracy/quick
ACC_WORK      := $(BUILD)/accuracy/work
ACC_ENV       := PYTHONDONTWRITEBYTECODE=1 OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 BUILD=$(BUILD)
ACC_RUN       := $(ACC_ENV) $(PY) analysis/accuracy/run.py --runner $(BUILD)/stc_sim-n16 \
                 --gemm $(BUILD)/stc_gemm --work $(ACC_WORK) --jobs $(JOBS)
ACC_BINS      := $(BUILD)/stc_sim-n16 $(BUILD)/stc_gemm
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
accuracy: ## an MLP and a CNN on Fashion-MNIST pruned each way, 3 seeds, 95% intervals, every inference on the tile (docs/accuracy.md)
accuracy: $(ACC_BINS)
	@$(DEPS) accuracy
	$(ACC_RUN) --out $(ACC_DIR) --md $(ACC_MD)

accuracy-quick: $(ACC_BINS)
	@$(DEPS) accuracy
	$(ACC_RUN) --quick --out $(ACC_QUICK_DIR)

##@ Tests before you push, and CI
accuracy-check: ## the quick subset against its committed files, and pytest
accuracy-check: $(ACC_TEST_BINS)
	@$(DEPS) accuracy
	$(ACC_RUN) --quick --check $(ACC_QUICK_DIR)
	$(ACC_PYTEST)

accuracy-check-full: $(ACC_BINS)
	@$(DEPS) accuracy
	$(ACC_RUN) --check $(ACC_DIR) --md $(ACC_MD)

accuracy-test: $(ACC_TEST_BINS)
	@$(DEPS) accuracy
	$(ACC_PYTEST)
