"""Reading files we did not write this minute: saves, records, settings, anything a player (or
someone else) may have put in the data folder.

Every loader comes through here, so that no file can make the program hang or eat memory:

- only regular files are opened. A fifo would block ``open`` until a writer comes, a device can
  be endless (``/dev/zero``); both are refused, also behind a symlink, before anything is read,
  and the fifo is opened non-blocking in case it appears between the check and the open;
- sizes are capped and the cap is named in the message; the read stops at the cap even when the
  file grows while it is read;
- JSON is parsed only when its nesting is shallow: our files are a few levels deep, and a
  document of a million ``[`` would otherwise exhaust the parser's recursion.

Every refusal is a :class:`FileRefused` whose message is one line for the player.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from ..text import clean

KIB = 1024
MIB = 1024 * KIB
MAX_JSON_DEPTH = 32
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class FileRefused(ValueError):
    """A file that is not read: not a regular file, too large, not text, not sane JSON."""


def size_words(size: int) -> str:
    """``4 MiB``, ``256 KiB``: a cap as a player reads it."""
    if size >= MIB and size % MIB == 0:
        return f"{size // MIB} MiB"
    if size >= KIB and size % KIB == 0:
        return f"{size // KIB} KiB"
    return f"{size} bytes"


KIND_WORDS = {
    "fifo": "a fifo (named pipe)",
    "device": "a device",
    "socket": "a socket",
    "folder": "a folder",
    "other": "not a regular file",
}


def file_kind(mode: int) -> str | None:
    """What a mode is, as a :data:`KIND_WORDS` key; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISDIR(mode):
        return "folder"
    return "other"


def _kind(mode: int) -> str | None:
    """What a non-regular file is, in words (None for a regular file)."""
    kind = file_kind(mode)
    return None if kind is None else KIND_WORDS[kind]


class FolderUnreadable(OSError):
    """A folder of ours exists but cannot be listed (permission, a failing disk, a file where
    the folder should be): not the same as "nothing kept yet", which a missing folder is."""


def scan_folder(folder: Path) -> list[os.DirEntry[str]]:
    """The entries of ``folder``; [] when it does not exist yet, :class:`FolderUnreadable`
    (with the folder as its filename) when it cannot be read."""
    try:
        with os.scandir(folder) as entries:
            return list(entries)
    except FileNotFoundError:
        return []
    except OSError as err:
        raise FolderUnreadable(err.errno, err.strerror, os.fspath(folder)) from None


def check_regular(path: Path, what: str = "the file") -> os.stat_result:
    """Stat ``path`` (following symlinks) and refuse anything but a regular file.

    FileNotFoundError and other OSErrors pass through: a missing file is the caller's case."""
    info = os.stat(path)
    kind = _kind(info.st_mode)
    if kind is not None:
        raise FileRefused(f"{what} {clean(path.name)} is {kind}, not a regular file: not opened")
    return info


def read_bytes(path: Path, cap: int, what: str = "the file") -> bytes:
    """At most ``cap`` bytes of a regular file; FileRefused for anything else or anything more."""
    check_regular(path, what)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)  # the file we opened, not the one we looked at
        kind = _kind(info.st_mode)
        if kind is not None:
            raise FileRefused(f"{what} {clean(path.name)} is {kind}, not a regular file")
        if info.st_size > cap:
            raise _too_large(path, what, cap)
        chunks: list[bytes] = []
        left = cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, MIB))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > cap:
        raise _too_large(path, what, cap)
    return data


def _too_large(path: Path, what: str, cap: int) -> FileRefused:
    return FileRefused(
        f"{what} {clean(path.name)} is larger than {size_words(cap)}, "
        "more than any file domino-tui writes: not read"
    )


def read_text(path: Path, cap: int, what: str = "the file") -> str:
    """A capped regular file as UTF-8 text (FileRefused when it is not text)."""
    data = read_bytes(path, cap, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused(f"{what} {clean(path.name)} is not UTF-8 text (damaged)") from None


def json_depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest (strings skipped)."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse_json(text: str, subject: str = "it", max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` that refuses deep nesting and numbers too long to read, in one line each.

    Raises FileRefused; its message starts with ``subject`` ("the record", "it" …)."""
    if json_depth(text) > max_depth:
        raise FileRefused(f"{subject} nests deeper than {max_depth} levels: not a file of ours")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise FileRefused(f"{subject} is not valid JSON (truncated or damaged): {err}") from None
    except (ValueError, RecursionError) as err:  # e.g. a number of more than 4300 digits
        raise FileRefused(f"{subject} is not readable JSON: {clean(err)}") from None
