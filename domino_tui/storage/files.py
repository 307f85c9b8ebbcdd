"""Crash-safe file writes and the quarantine of damaged files.

A save written in place can be cut short by a killed terminal and lose the whole game; writing a
temporary file next to it, syncing it, and renaming it over the old one leaves either the old
save or the new one, never half of one. A damaged file is renamed, never deleted: it is the
player's game, and a bug report needs it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old or the new file whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_dir(path.parent)


def _sync_dir(directory: Path) -> None:
    """Make the rename itself durable; platforms that cannot open a directory skip it."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def stamp(when: datetime | None = None) -> str:
    """A UTC timestamp for file names (``20261130-081500``): sorts in time order."""
    return (when or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%d-%H%M%S")


def free_name(path: Path) -> Path:
    """``path`` itself if nothing is there, else the first ``stem-2.ext``, ``stem-3.ext`` …"""
    if not path.exists():
        return path
    n = 2
    while True:
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        if not candidate.exists():
            return candidate
        n += 1


def move_aside(path: Path, reason: str = "corrupt") -> Path:
    """Rename a damaged file to ``<name>.<reason>-<timestamp>`` next to it; returns the new path."""
    target = path.with_name(f"{path.name}.{reason}-{stamp()}")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}.{reason}-{stamp()}-{n}")
        n += 1
    os.replace(path, target)
    return target
