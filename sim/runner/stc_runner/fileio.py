# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Reading and writing the runner's files: bounded reads of regular files
only, and writes under a temporary name renamed into place, so that a
reader never sees half a file and any failure (ENOSPC, EROFS, EACCES) is
an error naming the file."""

from __future__ import annotations

import os
import stat

from .errors import SetupError

# The most any input the runner reads whole may hold (a vector file's
# header, a result, a log): the runner's own 64 MiB limit of stc_sim.
MAX_READ = 64 << 20


def check_regular(path: str, what: str = "file") -> os.stat_result:
    """The file's status; SetupError unless it is a regular file (a FIFO
    would block, a device could be endless)."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise SetupError(f"{path}: cannot read the {what}: {e.strerror}") from e
    if stat.S_ISDIR(st.st_mode):
        raise SetupError(f"{path}: the {what} is a directory")
    if not stat.S_ISREG(st.st_mode):
        raise SetupError(f"{path}: the {what} is not a regular file (a FIFO or a device): refused")
    return st


def read_text(path: str, what: str = "file", limit: int = MAX_READ) -> str:
    """A regular file's text, at most limit bytes; SetupError otherwise."""
    st = check_regular(path, what)
    if st.st_size > limit:
        raise SetupError(f"{path}: the {what} is {st.st_size} bytes, more than the {limit} this reads")
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise SetupError(f"{path}: cannot read the {what}: {e.strerror}") from e
    if len(data) > limit:
        raise SetupError(f"{path}: the {what} grew past {limit} bytes while read")
    return data.decode("utf-8", errors="replace")


def read_head(path: str, limit: int, what: str = "file") -> bytes:
    """The first limit bytes of a regular file."""
    check_regular(path, what)
    try:
        with open(path, "rb") as f:
            return f.read(limit)
    except OSError as e:
        raise SetupError(f"{path}: cannot read the {what}: {e.strerror}") from e


def write_text(path: str, text: str, what: str = "file") -> None:
    """path's content replaced by text, atomically: written to a temporary
    name beside it and renamed, so a reader sees the old file or the whole
    new one."""
    tmp = f"{path}.tmp{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise SetupError(f"{path}: cannot write the {what}: {e.strerror}") from e


def remove(path: str) -> None:
    """path removed if it is there; SetupError if it cannot be (a
    directory in its place, a read-only file system)."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as e:
        raise SetupError(f"{path}: cannot remove the previous run's file: {e.strerror}") from e


def makedirs(path: str) -> None:
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise SetupError(f"{path}: cannot create the directory: {e.strerror}") from e


class Tee:
    """Lines to the terminal and to a file (the suite's suite.txt). A
    failed write to the file is an error when the suite closes, never lost
    silently."""

    def __init__(self, path: str | None, stream) -> None:  # type: ignore[no-untyped-def]
        self.path = path
        self.stream = stream
        self.error = ""
        self.f = None
        if path:
            try:
                self.f = open(path, "w", encoding="utf-8")
            except OSError as e:
                raise SetupError(f"{path}: cannot write the suite's transcript: {e.strerror}") from e

    def write(self, text: str) -> None:
        if not text:
            return
        self.stream.write(text)
        self.stream.flush()
        if self.f and not self.error:
            try:
                self.f.write(text)
                self.f.flush()
            except OSError as e:
                self.error = f"{self.path}: cannot write the suite's transcript: {e.strerror}"

    def close(self) -> None:
        if self.f:
            try:
                self.f.close()
            except OSError as e:
                self.error = self.error or f"{self.path}: cannot write the suite's transcript: {e.strerror}"
            self.f = None
        if self.error:
            raise SetupError(self.error)
