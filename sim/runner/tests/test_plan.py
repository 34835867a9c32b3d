# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""The test plan: checked, expanded per array size, selected by TESTS=."""

from __future__ import annotations

import copy
import os
import subprocess

import pytest
import yaml
from conftest import PLAN

from stc_runner import plan


def doc():  # type: ignore[no-untyped-def]
    return plan.load(PLAN)


def test_the_plan_of_n4_is_the_suite_make_sim_tests_all_runs() -> None:
    ex = plan.expand(doc(), plan.Options(n=4, icg=True, tests=("all",)))
    assert [r.label for r in ex.runs] == [
        "singles", "singles-stall", "streams-b2b", "streams-gap", "streams-early", "streams-random",
        "reset-early", "reset-late", "faults", "metafault", "corners", "hold", "fresh", "icg-singles",
        "icg-streams",
    ]
    by = {r.label: r for r in ex.runs}
    assert by["singles"].verbose and not any(r.verbose for r in ex.runs[1:])
    assert by["streams-random"].args == ("--seed", "6", "--stall", "50", "--policy", "random")
    assert by["hold"].args == ("--seed", "16", "--stall", "0", "--hold", "16778216")
    # the ICG streams run every checked-in stream and every generated file
    gen = [p for p, _ in ex.generate if "/stream-faults" in p or "/stream-corners" in p or "/hold-" in p
           or "/fresh-" in p or "-l48-" in p]
    streams = [f for f in by["singles"].files if "stream-" in f]
    assert not streams
    assert by["icg-streams"].files[-len(gen):] == tuple(gen)


def test_a_plain_make_sim_leaves_the_long_hold_run_out_and_says_why() -> None:
    """The edit loop's suite: every run but the opt-in one, which is listed
    as skipped with the plan's reason; naming it or its tag, or all, runs
    it; -long drops it without a word, as any -word does."""
    ex = plan.expand(doc(), plan.Options(n=4, icg=True))
    assert "hold" not in [r.label for r in ex.runs] and len(ex.runs) == 14
    assert [lb for lb, _ in ex.skipped] == ["hold"]
    assert "TESTS=all" in ex.skipped[0][1] and "2^24" in ex.skipped[0][1]
    # the hold vector is still generated: icg-streams runs every generated file
    assert any("/hold-" in p for p, _ in ex.generate)
    ex = plan.expand(doc(), plan.Options(n=4, icg=True, tests=("-reset",)))
    assert [lb for lb, _ in ex.skipped] == ["hold"] and len(ex.runs) == 12
    for words in (("hold",), ("counters",), ("long",), ("all",), ("all", "-icg")):
        ex = plan.expand(doc(), plan.Options(n=4, icg=True, tests=words))
        assert "hold" in [r.label for r in ex.runs] and not ex.skipped, words
    ex = plan.expand(doc(), plan.Options(n=4, icg=True, tests=("-long",)))
    assert "hold" not in [r.label for r in ex.runs] and not ex.skipped and len(ex.runs) == 14


def test_hold_only_at_n4_and_icg_skipped_with_its_reason() -> None:
    ex = plan.expand(doc(), plan.Options(n=16, icg=False))
    assert "hold" not in [r.label for r in ex.runs] and not ex.skipped
    ex = plan.expand(doc(), plan.Options(n=4, icg=False, icg_skipped="a tile of your own", tests=("all",)))
    assert ex.skipped == [("icg-singles", "a tile of your own"), ("icg-streams", "a tile of your own")]


def test_an_n_without_vectors_generates_them_and_says_so(tmp_path) -> None:  # type: ignore[no-untyped-def]
    ex = plan.expand(doc(), plan.Options(n=8, regression_dir=str(tmp_path)))
    assert ex.preamble == f"== no checked-in vectors for N=8 in {tmp_path}: generating them (seed 1)\n"
    singles = [r for r in ex.runs if r.label == "singles"][0]
    assert len(singles.files) == 15
    meta = [r for r in ex.runs if r.label == "metafault"][0]
    # the generated 2:4 classes, by tag
    assert len(meta.files) == 7 and all("sp24" in f or "prune24" in f or "corner-single" in f
                                         or "corner-zero-groups" in f for f in meta.files)


def test_seed_offsets_and_stall_follow_seed_and_stall() -> None:
    ex = plan.expand(doc(), plan.Options(n=4, seed=7, stall=12, compare="txn", model_uarch="base"))
    s = ex.runs[0]
    assert s.args == ("--seed", "7", "--stall", "12", "--compare", "txn", "--uarch", "base")
    fresh = [p for p, g in ex.generate if "fresh-dense" in p][0]
    assert fresh.endswith("fresh-dense-n4-s1007.vec")


def test_tests_selects_by_name_and_tag() -> None:
    ex = plan.expand(doc(), plan.Options(n=4, icg=True, tests=("faults", "hold")))
    assert [r.label for r in ex.runs] == ["faults", "metafault", "hold"]
    assert not any(r.verbose for r in ex.runs)
    # only what the selected runs need is generated
    assert [p.rsplit("/", 1)[1] for p, _ in ex.generate] == ["stream-faults-n4-s1.vec", "hold-sp24-n4-s1.vec"]
    ex = plan.expand(doc(), plan.Options(n=4, icg=True, tests=("-long", "-icg")))
    assert [r.label for r in ex.runs][-2:] == ["corners", "fresh"] and len(ex.runs) == 12
    ex = plan.expand(doc(), plan.Options(n=4, tests=("streams", "-reset")))
    assert [r.label for r in ex.runs] == ["streams-b2b", "streams-gap", "streams-early", "streams-random"]
    with pytest.raises(plan.SetupError, match="TESTS=nope: 'nope' is no run or tag of the plan"):
        plan.expand(doc(), plan.Options(n=4, tests=("nope",)))
    # hold runs at N=4 only: named at N=16, it selects nothing there
    with pytest.raises(plan.SetupError, match="TESTS=hold: no run of N=16"):
        plan.expand(doc(), plan.Options(n=16, tests=("hold",)))


def test_a_regression_dir_that_is_not_there_is_an_error() -> None:
    """It fell back to generated vectors without a word (REGRESSION_DIR=
    misspelt); a size without checked-in vectors still does, in a
    directory that is there."""
    with pytest.raises(plan.SetupError, match="REGRESSION_DIR=no/such/dir: no such directory"):
        plan.expand(doc(), plan.Options(n=4, regression_dir="no/such/dir"))


@pytest.mark.parametrize("tests", [("-all",), ("singles", "-all"), ("-singels",), ("streams", "nope")])
def test_a_tests_word_that_names_nothing_is_an_error(tests) -> None:  # type: ignore[no-untyped-def]
    """-all, or a misspelt word beside good ones, selected the default
    runs without a word."""
    with pytest.raises(plan.SetupError, match="TESTS="):
        plan.expand(doc(), plan.Options(n=4, tests=tests))


def test_a_run_added_to_the_plan_is_run(tmp_path) -> None:  # type: ignore[no-untyped-def]
    d = copy.deepcopy(doc())
    d["runs"].append({"name": "extra", "tags": ["mine"], "files": ["streams"], "seed": 40, "stall": 45})
    p = tmp_path / "plan.yaml"
    p.write_text(yaml.safe_dump(d))
    ex = plan.expand(plan.load(str(p)), plan.Options(n=4, tests=("mine",)))
    assert [(r.label, r.args) for r in ex.runs] == [("extra", ("--seed", "41", "--stall", "45"))]


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d["runs"][1].update(stall=95), r"runs\[1\].stall: a percentage 0..90"),
        (lambda d: d["runs"][1].update(policy="eager"), r"runs\[1\].policy: one of"),
        (lambda d: d["runs"][1].update(files=["nosuch"]), r"no vector set 'nosuch'"),
        (lambda d: d["runs"][2].update(name="singles"), r"a second run named singles"),
        (lambda d: d["runs"][2].update(verbose=True), r"only the first run may be verbose"),
        (lambda d: d["runs"][0].update(colour="red"), r"unknown key\(s\) colour"),
        (lambda d: d["runs"][0].pop("seed"), r"missing 'seed'"),
        (lambda d: d.update(version=2), r"version: this runner reads version 1"),
        (lambda d: d["generate"]["faults"]["files"][0].update(file="../x.vec"), r"no directory"),
        (lambda d: d["opt_in"].update(slow="why"), r"opt_in.slow: no run has this tag"),
        (lambda d: d.update(opt_in={"long": ""}), r"opt_in: a mapping of tag to why"),
        (lambda d: d["runs"][3]["tags"].append("all"), r"runs\[3\]: 'all' is TESTS=all"),
    ],
)
def test_a_malformed_plan_is_refused_naming_the_entry(tmp_path, mutate, message) -> None:  # type: ignore[no-untyped-def]
    d = copy.deepcopy(doc())
    mutate(d)
    p = tmp_path / "plan.yaml"
    p.write_text(yaml.safe_dump(d))
    with pytest.raises(plan.PlanError, match=message) as e:
        plan.load(str(p))
    assert str(e.value).startswith(str(p))


def test_yaml_errors_name_line_and_column(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "plan.yaml"
    p.write_text("version: 1\nruns: [\n")
    with pytest.raises(plan.PlanError, match=r"plan.yaml: line \d+, column \d+: not valid YAML"):
        plan.load(str(p))
    with pytest.raises(plan.PlanError, match="cannot read the test plan"):
        plan.load(str(tmp_path / "missing.yaml"))


def test_stc_simrun_plan_lists_the_opt_in_run_as_skipped() -> None:
    """What `stc_simrun plan` prints is what make sim would run."""
    runner = os.path.join(os.path.dirname(PLAN), "runner", "stc_simrun")
    # The checkout's root, where vectors/regression lies (this was
    # sim/runner, whose missing regression directory silently fell back to
    # generated vectors; now an error).
    root = os.path.normpath(os.path.join(os.path.dirname(PLAN), ".."))

    def lines(*tests: str) -> list[str]:
        out = subprocess.run([runner, "plan", "--n", "4", "--plan", PLAN, *tests], cwd=root, check=True,
                             capture_output=True, text=True).stdout
        return out.split("\n")[:-1]

    plain = lines()
    assert len(plain) == 15 and plain[-1].startswith("hold           skipped: 2^24 cycles")
    every = lines("--tests", "all")
    assert len(every) == 15 and not any("skipped" in ln for ln in every)
    assert any(ln.startswith("hold ") and "--hold 16778216" in ln for ln in every)
