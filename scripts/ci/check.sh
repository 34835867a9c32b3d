#!/usr/bin/env bash
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# check.sh - the CI templates in scripts/ci/ parse as YAML, have the shape
# their platform requires, and run `make sim` through scripts/verdict.sh
# (which exists and is executable) with targets this Makefile has; then the
# tests of the CI helpers (scripts/ci/tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 - <<'PY'
import sys, yaml
bad = []
gh = yaml.safe_load(open("scripts/ci/github-actions.yml"))
steps = gh["jobs"]["lockstep"]["steps"]
if not (True in gh or "on" in gh):
    bad.append("github-actions.yml: no 'on' trigger")
runs = [s.get("run", "") for s in steps]
if not any("scripts/verdict.sh sim" in r for r in runs):
    bad.append("github-actions.yml: no step runs scripts/verdict.sh sim")
if not all(("uses" in s) != ("run" in s) for s in steps):
    bad.append("github-actions.yml: a step needs exactly one of uses/run")
gl = yaml.safe_load(open("scripts/ci/gitlab-ci.yml"))
job = gl["lockstep"]
if job["stage"] not in gl["stages"]:
    bad.append("gitlab-ci.yml: the job's stage is not declared")
if not any("scripts/verdict.sh sim" in l for l in job["script"]):
    bad.append("gitlab-ci.yml: the script does not run scripts/verdict.sh sim")
if "junit" not in job["artifacts"]["reports"]:
    bad.append("gitlab-ci.yml: no JUnit report")
for b in bad:
    print("ci templates:", b, file=sys.stderr)
sys.exit(1 if bad else 0)
PY
[ -x scripts/verdict.sh ] || { echo "ci templates: scripts/verdict.sh is not executable" >&2; exit 1; }
make -n sim WAVES=1 >/dev/null || { echo "ci templates: make sim WAVES=1 is not a valid goal" >&2; exit 1; }
echo "ci templates: scripts/ci/github-actions.yml and gitlab-ci.yml parse and run make sim"
# The CI helpers' own tests (python3-pytest).
PYTHONDONTWRITEBYTECODE=1 "${PY:-/usr/bin/python3}" -m pytest -p no:cacheprovider -q scripts/ci/tests
