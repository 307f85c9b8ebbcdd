"""The folders domino-tui writes, checked before a table opens, and OSErrors as one line.

A table that cannot save loses the player's game at the first move, so the app does not open
on a home that is a file, a read-only disk or a folder without permission: the command stops
with one line naming the folder, the reason and the way out, and exit code 1 (the environment,
not the player's input, which is 2). Every other command meets the same problems as an OSError,
which :func:`os_error_line` turns into the same kind of line in ``main()``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path

from ..text import clean

MAX_PATH_SHOWN = 160


class FolderError(Exception):
    """A folder domino-tui needs cannot be used; the message is one line for the player."""


def _probe(folder: Path) -> None:
    """Create ``folder`` if needed and prove a file can be written in it (OSError if not)."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=folder, prefix=".domino-probe-")
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(name)


def check_folders() -> None:
    """The settings folder and the data folder exist (or can be made) and are writable."""
    from ..app.settings import default_path
    from ..storage.paths import data_dir

    for what, folder in (("settings", default_path().parent), ("data", data_dir())):
        try:
            _probe(folder)
        except OSError as err:
            raise FolderError(
                f"the {what} folder {shown(folder)} cannot be used: {reason(err)}; "
                "set DOMINO_TUI_HOME to a folder you can write"
            ) from None


def reason(err: OSError) -> str:
    """Why, in words: the system's text, with a plainer one for the usual cases."""
    plain = {
        errno.ENOTDIR: "a file is where a folder should be",
        errno.EEXIST: "a file is where a folder should be",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.EROFS: "read-only file system",
        errno.ENAMETOOLONG: "file name too long",
        errno.ENOSPC: "no space left on the device",
        errno.ELOOP: "too many symbolic links",
    }
    return plain.get(err.errno or 0) or clean(err.strerror or err, 120)


def shown(path: object) -> str:
    """A path for an error line: control characters visible, very long ones cut."""
    text = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else str(path)
    return clean(text, MAX_PATH_SHOWN)


def os_error_line(err: OSError) -> str:
    """An OSError from any command as one line: what failed, where, and why."""
    where = err.filename if err.filename is not None else None
    if where is None:
        return f"cannot read or write a file: {reason(err)}"
    return f"cannot use {shown(where)}: {reason(err)}"
