"""The folders domino-tui writes, checked before a table opens, and OSErrors as one line.

A table that cannot save loses the player's game at the first move, so the app does not open
on a home that is a file, a read-only disk or a folder without permission: the command stops
with one line naming the folder, the reason and the way out, and exit code 1 (the environment,
not the player's input, which is 2). Every other command meets the same problems as an OSError,
which :func:`os_error_line` turns into the same kind of line in ``main()``.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from ..words.os_errors import MAX_PATH_SHOWN, reason, shown
from .words import argv_lang, cli_lang, say

__all__ = ["MAX_PATH_SHOWN", "FolderError", "check_folders", "os_error_line", "reason", "shown"]


class FolderError(Exception):
    """A folder domino-tui needs cannot be used; the message is one line for the player."""


def _probe(folder: Path) -> None:
    """Create ``folder`` if needed and prove a file can be written in it (OSError if not)."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=folder, prefix=".domino-probe-")
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(name)


def check_folders(lang: str | None = None) -> None:
    """The settings folder and the data folder exist (or can be made) and are writable."""
    from ..storage.paths import data_dir
    from ..storage.settings import default_path

    for what, folder in (("settings", default_path().parent), ("data", data_dir())):
        try:
            _probe(folder)
        except OSError as err:
            shown_lang = lang or cli_lang(argv_lang())
            raise FolderError(
                say(
                    "cli.folder_bad",
                    shown_lang,
                    what=say(f"cli.folder_{what}", shown_lang),
                    folder=shown(folder),
                    why=reason(err, shown_lang),
                )
            ) from None


def os_error_line(err: OSError, lang: str = "en") -> str:
    """An OSError from any command as one line: what failed, where, and why."""
    where = err.filename if err.filename is not None else None
    if where is None:
        return say("cli.os_error_nowhere", lang, why=reason(err, lang))
    return say("cli.os_error", lang, path=shown(where), why=reason(err, lang))
