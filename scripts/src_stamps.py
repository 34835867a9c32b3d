#!/usr/bin/python3
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Content stamps: what make compares in place of a source's time.

make rebuilds a target when a prerequisite is newer than it, and a
source's time can lie: a bug patch applied with an older time, a file
copied with `cp -p`, `rsync -a` or `tar`, a CI cache of build/ restored
over a fresh checkout, a network file system whose clock is behind. Each
source FILE has a stamp, STAMP_DIR/FILE, holding the SHA-256 of its bytes;
every make (the top Makefile, as it finishes reading the makefiles) runs
this over every source a rule names, and a stamp is rewritten, and so made
newer than everything built before, exactly when the bytes it records
differ from the file's. The rules name the stamps beside the sources, so a
change of content rebuilds whatever the times say.

--config NAME=TEXT: a stamp STAMP_DIR/@NAME of the build's configuration
(the compilers' and Verilator's flags) and of the tools (--tool NAME: the
file PATH finds, by its path, size and time, which a package upgrade
changes), rewritten when either differs: every object and model names it.

--output FILE: an object, archive or program make built; one that is not
whole (shorter than its ELF section table or archive members say, or
empty: a compile or link killed before its outputs were written under a
temporary name and renamed, or a damaged cache) is removed, so that make
builds it again instead of trusting its time.

A stamp is replaced whole (a temporary file, then a rename), so two makes
sharing a BUILD, or a make killed at any point, leave a stamp that is
either the old digest or the new. Exit status 2, naming the file, when a
stamp cannot be read or written."""

from __future__ import annotations

import hashlib
import os
import sys

# Every make runs this (the Makefile with python3 -S): only what it needs
# is imported, the writer (the runner's one atomic writer: a temporary
# name, then a rename) when a stamp is written. No __pycache__ is written
# into the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sim", "runner"))
from stc_runner.errors import SetupError  # noqa: E402


def stamp_path(stamp_dir: str, path: str) -> str:
    """Where FILE's stamp lies: the path below STAMP_DIR, an absolute one
    under _abs, each ../ as _up_/ (make's src_stamp says the same)."""
    if path.startswith("/"):
        return stamp_dir + "/_abs" + path
    return stamp_dir + "/" + path.replace("../", "_up_/")


def digest(path: str) -> str:
    """The SHA-256 of a file's bytes, or a word for one that is not a
    readable file (a header a compile no longer reads, a deleted source):
    its stamp changes, so what named it is rebuilt and says why."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 16), b""):
                h.update(block)
    except FileNotFoundError:
        return "missing"
    except IsADirectoryError:
        return "directory"
    return h.hexdigest()


def which(name: str) -> str:
    """The file PATH finds for name ("" for none)."""
    if "/" in name:
        return name if os.path.exists(name) else ""
    for d in os.environ.get("PATH", "").split(os.pathsep):
        f = os.path.join(d or ".", name)
        if os.path.isfile(f) and os.access(f, os.X_OK):
            return f
    return ""


def tool_identity(name: str) -> str:
    """A tool as PATH finds it: its real path, size and time."""
    found = which(name)
    if not found:
        return f"{name}: not found"
    real = os.path.realpath(found)
    st = os.stat(real)
    return f"{name}: {real} {st.st_size} {st.st_mtime_ns}"


def _u(b: bytes, little: bool) -> int:
    return int.from_bytes(b, "little" if little else "big")


def whole_elf(head: bytes, size: int) -> bool:
    """An ELF file (an object or a program) at least as long as its
    section header table's end: GNU as and ld write that table last."""
    if len(head) < 52 or head[:4] != b"\x7fELF" or head[4] not in (1, 2) or head[5] not in (1, 2):
        return False
    le = head[5] == 1
    if head[4] == 2:
        if len(head) < 64:
            return False
        shoff, shentsize, shnum = _u(head[0x28:0x30], le), _u(head[0x3A:0x3C], le), _u(head[0x3C:0x3E], le)
    else:
        shoff, shentsize, shnum = _u(head[0x20:0x24], le), _u(head[0x2E:0x30], le), _u(head[0x30:0x32], le)
    return shoff > 0 and size >= shoff + shentsize * shnum


def whole_archive(f, size: int) -> bool:  # type: ignore[no-untyped-def]
    """An ar archive whose members' headers add up to its length."""
    pos = 8
    while pos < size:
        f.seek(pos)
        hdr = f.read(60)
        if len(hdr) != 60 or hdr[58:60] != b"`\n":
            return False
        try:
            n = int(hdr[48:58].decode("ascii").strip())
        except ValueError:
            return False
        pos += 60 + n + (n & 1)
    return pos == size or pos == size + 1


def whole(path: str) -> bool:
    """Whether a built file is whole (a missing one is not our business:
    make builds it)."""
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            head = f.read(64)
            if head.startswith(b"!<arch>\n"):
                return whole_archive(f, size)
            return whole_elf(head, size)
    except FileNotFoundError:
        return True


def update(stamp: str, text: str) -> None:
    """Writes text into stamp, whole, when it holds something else."""
    try:
        with open(stamp, encoding="utf-8") as f:
            if f.read() == text:
                return
    except (OSError, UnicodeDecodeError):
        pass  # missing, unreadable or not a stamp: written below
    from stc_runner.fileio import makedirs, write_text  # noqa: PLC0415 - only when a stamp changes

    makedirs(os.path.dirname(stamp))
    write_text(stamp, text, "content stamp")


USAGE = "usage: src_stamps.py STAMP_DIR [--config=NAME=TEXT]... [--tool=NAME]... [--output=FILE]... -- FILE..."


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        sys.stderr.write(USAGE + "\n")
        return 2
    stamp_dir = argv[0]
    config: list[str] = []
    tools: list[str] = []
    outputs: list[str] = []
    files: list[str] = []
    opts = {"--config": config, "--tool": tools, "--output": outputs}
    for i, a in enumerate(argv[1:], 1):
        if a == "--":
            files = argv[i + 1 :]
            break
        name, sep, value = a.partition("=")
        if name not in opts or not sep:
            sys.stderr.write(f"src_stamps.py: {a!r}: not an option\n{USAGE}\n")
            return 2
        opts[name].append(value)
    current = ""
    try:
        for path in dict.fromkeys(files):
            current = path
            update(stamp_path(stamp_dir, path), digest(path) + "\n")
        identities = "".join(tool_identity(t) + "\n" for t in tools)
        for item in config:
            name, sep, text = item.partition("=")
            if not sep or not name or "/" in name:
                sys.stderr.write(f"src_stamps.py: --config {item!r}: give NAME=TEXT\n")
                return 2
            current = f"configuration {name}"
            update(os.path.join(stamp_dir, "@" + name), text + "\n" + identities)
        for path in outputs:
            current = path
            if not whole(path):
                sys.stderr.write(f"make: {path} is not whole (a build killed while writing it?): removed, to be built again\n")
                os.unlink(path)
    except SetupError as e:
        sys.stderr.write(f"src_stamps.py: {current}: {e}\n")
        return 2
    except OSError as e:
        sys.stderr.write(f"src_stamps.py: {current}: cannot read it or remove it: {e.strerror}\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
