# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Fixtures of the runner's unit tests: a stand-in for stc_sim and
stc_vecgen (small Python programs with the same command line and output
files), so that the runner's bookkeeping is tested on its own, every
outcome on demand. The real programs are tested in runner_faults_test
and make sim itself."""

from __future__ import annotations

import os
import stat
import sys
import textwrap

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

# The stand-in runner: prints the lines stc_sim prints, writes its CSV and
# JUnit, and exits with what FAKE_RC names for the run's --seed
# ("SEED:RC,..."; default 0). FAKE_SLEEP="SEED:SECONDS" holds a run back.
# FAKE_SIG="SEED:SIGNUM" kills the run with that signal once its files are
# written (a real signal, as a crash: never an exit status of 128 + n);
# FAKE_TIMEOUT="SEED,..." words its failing file's JUnit failure as
# stc_sim words a hang's ("timeout: ...").
FAKE_SIM = textwrap.dedent(
    '''\
    #!/usr/bin/python3
    import os, sys, time
    args = sys.argv[1:]
    def opt(name, default=""):
        return args[args.index(name) + 1] if name in args else default
    seed = opt("--seed")
    rcs = dict(x.split(":") for x in os.environ.get("FAKE_RC", "").split(",") if x)
    sleeps = dict(x.split(":") for x in os.environ.get("FAKE_SLEEP", "").split(",") if x)
    sigs = dict(x.split(":") for x in os.environ.get("FAKE_SIG", "").split(",") if x)
    hangs = os.environ.get("FAKE_TIMEOUT", "").split(",")
    time.sleep(float(sleeps.get(seed, 0)))
    rc = int(rcs.get(seed, 0))
    skip = {"--seed", "--stall", "--policy", "--reset-at", "--hold", "--csv", "--junit", "--compare", "--uarch", "--trace"}
    files, i = [], 0
    while i < len(args):
        if args[i] in skip:
            i += 2
        elif args[i].startswith("--"):
            i += 1
        else:
            files.append(args[i]); i += 1
    quiet = "--quiet" in args
    csv = ["vector,class,n,mode,m,k,nblk,skipped_blocks,bias,w_zeros,w_elems,seed,stall_pct,pass,cycles"]
    cases = []
    for k, f in enumerate(files):
        ok = rc == 0 or k > 0
        if not quiet:
            print("[%3d/%d] %s %s  cycles=10" % (k + 1, len(files), "PASS" if ok else "FAIL", f))
        if not ok:
            print("MISMATCH %s at cycle 7: 1 signal element(s) differ" % f)
            print("  first divergence: cycle 7, res_data_o")
            print("  reproduce: fake --seed %s %s" % (seed, f))
        csv.append("%s,dense,4,dense,1,4,1,0,0,0,16,%s,0,%d,10" % (f, seed, 1 if ok else 0))
        why = "timeout: no completion within the cycle budget" if seed in hangs else "cycle 7: res_data_o"
        fail = "" if ok else '<failure type="mismatch" message="%s"/>' % why
        cases.append('<testcase classname="c" name="%s" time="0.5"><properties>'
                     '<property name="seed" value="%s"/><property name="macs_alg" value="16"/>'
                     '<property name="macs_saved" value="4"/></properties>%s'
                     '<system-out>reproduce: fake %s</system-out></testcase>' % (f, seed, fail, f))
    print("cosim N=4 stall=0%% seed=%s: %d commands, 10 cycles in 0.001 s CPU" % (seed, len(files)))
    print("cosim: %d passed, %d failed" % (len(files) - (rc != 0), int(rc != 0)))
    if opt("--csv"):
        open(opt("--csv"), "w").write("\\n".join(csv) + "\\n")
    if opt("--junit"):
        open(opt("--junit"), "w").write('<?xml version="1.0"?>\\n<testsuite name="c" tests="%d">%s</testsuite>\\n'
                                        % (len(files), "".join(cases)))
    if opt("--trace"):
        open(opt("--trace"), "w").write("fst")
    if seed in sigs:
        import resource, signal
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if int(sigs[seed]) != signal.SIGKILL:
            signal.signal(int(sigs[seed]), signal.SIG_DFL)
        os.kill(os.getpid(), int(sigs[seed]))
    sys.exit(rc)
    '''
)

FAKE_VECGEN = textwrap.dedent(
    '''\
    #!/usr/bin/python3
    import sys
    a = sys.argv[1:]
    open(a[a.index("-o") + 1], "w").write("// n %s\\n// " % a[a.index("--n") + 1] + " ".join(a) + "\\n")
    '''
)


def _exe(path: str, text: str) -> str:
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


@pytest.fixture
def fake(tmp_path):  # type: ignore[no-untyped-def]
    """(runner, vecgen, regression dir with two singles and a stream)."""
    reg = tmp_path / "reg"
    reg.mkdir()
    for name in ("dense-n4-a-s1.vec", "sp24-n4-2of4-b-s1.vec", "stream-mix-n4-s1.vec", "dense-n16-x-s1.vec"):
        (reg / name).write_text("// n %s\n" % ("16" if "n16" in name else "4"))
    return (
        _exe(str(tmp_path / "fake_sim"), FAKE_SIM),
        _exe(str(tmp_path / "fake_vecgen"), FAKE_VECGEN),
        str(reg),
    )


PLAN = os.path.join(os.path.dirname(__file__), "..", "..", "plan.yaml")
