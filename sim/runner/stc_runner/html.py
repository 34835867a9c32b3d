# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""One HTML page over a make sim: per array size and run, then per file,
the verdict, commands, cycles, MACs saved, CPU time, seed, stall, host
policy, the reproduce command and, for failures, the message and the
waveform kept by WAVES=1. Built from each run's JUnit file (parsed), in
the order of runs.txt; numbers formatted without the locale."""

from __future__ import annotations

import os
from html import escape

from . import junit
from .fileio import read_text, write_text

STYLE = """body { font-family: sans-serif; margin: 1.5em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 90%; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: left; vertical-align: top; }
th { background: #eee; }
tr.fail td.v, tr.error td.v, .bad { color: #fff; background: #c0392b; font-weight: bold; }
tr.pass td.v, .good { color: #fff; background: #27ae60; }
.msg { color: #c0392b; }
code { font-size: 85%; }
"""

FILE_HEAD = (
    "<tr><th>file</th><th>verdict</th><th>commands</th><th>cycles</th>"
    "<th>MACs saved (of the dense work)</th><th>time s</th><th>seed</th><th>stall</th>"
    "<th>policy</th><th>reproduce</th></tr>"
)


def _runs(d: str) -> list[tuple[str, int, str]]:
    out = []
    for line in read_text(os.path.join(d, "runs.txt"), "list of runs").split("\n"):
        parts = line.split()
        if len(parts) == 3:
            out.append((parts[0], int(parts[1]), parts[2]))
    return out


def _n(d: str) -> str:
    try:
        for line in read_text(os.path.join(d, "shard.txt"), "shard record").split("\n"):
            if line.startswith("n "):
                return line[2:]
    except Exception:  # noqa: BLE001 - the page falls back to the directory's name
        pass
    base = os.path.basename(d.rstrip("/"))
    return base.split("-n")[-1] if "-n" in base else base


def _file_rows(d: str, label: str) -> str:
    path = os.path.join(d, "junit", f"{label}.xml")
    if not os.path.exists(path):
        return ""
    rows = []
    for c in junit.cases(path):
        p = c.props
        base = os.path.basename(c.name)
        base = base[:-4] if base.endswith(".vec") else base
        wave = os.path.join(d, "waves", f"{label}-{base}.fst")
        alg, saved = int(p.get("macs_alg", "0") or 0), p.get("macs_saved", "")
        pct = f" ({100 * int(saved or 0) / alg:.1f}%)" if alg > 0 else ""
        r = (
            f'<tr class="{c.kind.lower()}"><td>{escape(c.name)}</td><td class="v">{c.kind}</td>'
            f"<td>{escape(p.get('commands', ''))}</td><td>{escape(p.get('cycles', ''))}</td>"
            f"<td>{escape(saved)}{pct}</td><td>{c.time:.3f}</td><td>{escape(p.get('seed', ''))}</td>"
            f"<td>{escape(p.get('stall_pct', ''))}%</td><td>{escape(p.get('policy', ''))}</td>"
            f"<td><code>{escape(c.reproduce)}</code>"
        )
        if c.message:
            r += f'<br><span class="msg">{escape(c.message)}</span>'
        if os.path.isfile(wave):
            r += f'<br>waveform: <a href="{escape(wave)}">{escape(wave)}</a>'
        rows.append(r + "</td></tr>\n")
    return "".join(rows)


def page(out: str, verdict: str, dirs: list[str]) -> None:
    """The page for the suites' directories, written atomically to out."""
    h = [
        "<!DOCTYPE html>\n",
        f'<html lang="en"><head><meta charset="utf-8"><title>make sim: {verdict}</title>\n',
        f"<style>\n{STYLE}</style></head><body>\n",
        f'<h1 id="verdict">make sim: {verdict}</h1>\n',
    ]
    for d in dirs:
        if not os.path.isfile(os.path.join(d, "runs.txt")):
            continue
        n = escape(_n(d))
        runs = _runs(d)
        h.append(f"<h2>N={n}</h2>\n")
        h.append(f'<table class="runs" id="runs-n{n}"><tr><th>run</th><th>verdict</th><th>files</th><th>failed</th></tr>\n')
        for label, rc, nfiles in runs:
            v, cls = ("PASS", "good") if rc == 0 else ("FAIL" if rc == 1 else "ERROR", "bad")
            path = os.path.join(d, "junit", f"{label}.xml")
            nf = junit.failures(path) if os.path.exists(path) else 0
            h.append(f'<tr><td><a href="#{label}-n{n}">{label}</a></td><td class="{cls}">{v}</td>'
                     f"<td>{nfiles}</td><td>{nf}</td></tr>\n")
        skipped = os.path.join(d, "skipped.txt")
        if os.path.exists(skipped):
            for line in read_text(skipped).split("\n"):
                if "\t" in line:
                    label, why = line.split("\t", 1)
                    h.append(f'<tr class="skipped"><td>{escape(label)}</td><td>SKIPPED</td>'
                             f'<td colspan="2">{escape(why)}</td></tr>\n')
        h.append("</table>\n")
        for label, _rc, _nf in runs:
            h.append(f'<h3 id="{label}-n{n}">N={n} {label}</h3>\n')
            h.append(f'<table class="files">{FILE_HEAD}\n')
            h.append(_file_rows(d, label))
            h.append("</table>\n")
    h.append("</body></html>\n")
    write_text(out, "".join(h), "summary page")
