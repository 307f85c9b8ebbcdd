"""Crash-safe file writes and the quarantine of damaged files.

A save written in place can be cut short by a killed terminal and lose the whole game; writing a
temporary file next to it, syncing it, and renaming it over the old one leaves either the old
save or the new one, never half of one. A damaged file is renamed, never deleted: it is the
player's game, and a bug report needs it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from ..text import clean
from .reading import KIND_WORDS, FileRefused, check_regular, file_kind


def write_atomic(path: Path, text: str, mode: int | None = None) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old or the new file whole.

    The file is private (0600) unless ``mode`` gives its permissions (those of the file it
    replaces, say)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        if mode is not None and hasattr(os, "fchmod"):  # not on older Windows
            os.fchmod(fd, mode)
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


def write_new(path: Path, text: str) -> Path:
    """Write ``text`` under ``path`` or, if that name is taken, the first free ``stem-N.ext``;
    never replaces a file (two processes finishing matches at once keep both records).

    The text is written and synced under a temporary name first and then hard-linked to the
    final name: ``link`` fails when the name exists, so taking a name is atomic and the file
    appears whole or not at all. Where hard links are not supported the name is reserved with
    an exclusive create and the synced temporary file renamed over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        final = _take_name(Path(tmp), path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    _sync_dir(path.parent)
    return final


_NO_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK})
MAX_NAME_TRIES = 1000


def _candidates(path: Path) -> Iterator[Path]:
    yield path
    for n in range(2, MAX_NAME_TRIES + 1):
        yield path.with_name(f"{path.stem}-{n}{path.suffix}")


def _take_name(tmp: Path, path: Path) -> Path:
    for candidate in _candidates(path):
        try:
            os.link(tmp, candidate)
            return candidate
        except FileExistsError:
            continue
        except OSError as err:
            if err.errno not in _NO_LINKS:
                raise
        try:  # no hard links here: reserve the name, then rename the whole file over it
            os.close(os.open(candidate, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
        except FileExistsError:
            continue
        try:
            os.replace(tmp, candidate)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(candidate)
            raise
        return candidate
    raise FileExistsError(errno.EEXIST, f"no free name like {path.name}", str(path))


def error_words(err: OSError) -> str:
    """An OSError as a short clause for a one-line message ("permission denied", "the disk is
    full" …), without the traceback-ish repr that ``str(err)`` gives."""
    words = {
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is used up",
        errno.EROFS: "the file system is read-only",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.ENAMETOOLONG: "the file name is too long",
        errno.EIO: "an input/output error (failing disk?)",
        errno.EISDIR: "it is a folder",
        errno.ENOTDIR: "a part of the path is not a folder",
        errno.ENOENT: "no such file or folder",
    }
    if err.errno in words:
        return words[err.errno]
    return clean(err.strerror or err, 120)


def read_head(path: Path, size: int, what: str = "the file") -> tuple[bytes, int]:
    """The first ``size`` bytes of a regular file and the file's whole size; a fifo, a device
    or a folder is refused (FileRefused) without blocking, as :mod:`.reading` does."""
    check_regular(path, what)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"{what} {clean(path.name)} is not a regular file")
        chunks: list[bytes] = []
        left = size
        while left > 0:
            chunk = os.read(fd, left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks), info.st_size
    finally:
        os.close(fd)


class NotAFile(FileRefused):
    """An output path that names something other than a regular file (or a link to one).

    ``kind`` says what it is: ``fifo``, ``device``, ``socket``, ``folder``, ``other``, or
    ``dangling`` (a link to nothing, ``target`` being where it points). The message names the
    path as it was given, so the player recognises it."""

    def __init__(self, path: Path, kind: str, target: str | None = None) -> None:
        self.path, self.kind, self.target = path, kind, target
        shown = clean(os.fsdecode(path), 200)
        if kind == "dangling":
            where = clean(target or "?", 200)
            text = f"{shown} is a link to {where}, which does not exist: not written"
        else:
            text = f"{shown} is {KIND_WORDS[kind]}, not a regular file: not written"
        super().__init__(text)


def output_target(path: Path) -> Path:
    """Where writing a file the player named (``export -o``, ``sim --record``) should go:
    ``path`` itself when nothing is there or it is a regular file, the regular file a symlink
    points to. Anything else raises :class:`NotAFile` and is left as it is: a fifo, a device,
    a socket or a folder is not a file of ours, replacing ``/dev/null`` as root breaks the
    machine, and writing into a fifo could block; a dangling link could make us create a file
    anywhere it points. Other OSErrors (a name too long, permission) pass through.

    Nothing is opened, so a fifo never blocks; whether an existing file may be replaced is the
    caller's question (:func:`domino_tui.cli.outputs.write_output`)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return path
    if stat.S_ISLNK(info.st_mode):
        try:
            info = os.stat(path)
        except FileNotFoundError:
            raise NotAFile(path, "dangling", os.readlink(path)) from None
        kind = file_kind(info.st_mode)
        if kind is not None:
            raise NotAFile(path, kind)
        return Path(os.path.realpath(path))
    kind = file_kind(info.st_mode)
    if kind is not None:
        raise NotAFile(path, kind)
    return path
