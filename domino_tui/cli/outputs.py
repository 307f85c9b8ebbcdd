"""Writing a file the player named on the command line (``export -o``, ``sim --record``).

One rule for every such command, so that nothing a user names is destroyed:

- only a regular file is replaced, or the regular file a symlink points to; a fifo, a device,
  a socket, a folder or a dangling link is refused in one line naming the path as given (as
  root, replacing ``/dev/null`` with a file breaks the machine; see
  :func:`~domino_tui.storage.files.output_target`);
- an existing file is replaced only with ``--force``, or after a yes when stdin is a terminal;
  a script (no terminal to ask) is refused with one line saying to add ``--force``;
- the write is atomic (a temporary file in the same folder, synced, renamed over), so a crash
  or a full disk leaves the old file whole, and an error names the path given, never the
  temporary name.

Exit codes as ``main()`` documents them: 2 for a path the player can change (a special file,
an existing file without ``--force``), 1 when they said no or the disk refused the write.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..text import clean
from .options import fail
from .words import say

if TYPE_CHECKING:
    from ..storage.files import NotAFile

ForceOption = Annotated[
    bool, typer.Option("--force", "-f", help="Replace the file if it exists, without asking.")
]

MAX_PATH_SHOWN = 200


def shown(path: Path | str) -> str:
    """The path as the player gave it, printable and bounded."""
    return clean(os.fsdecode(path), MAX_PATH_SHOWN)


def confirm_output(path: Path, *, force: bool, lang: str, prefix: str = "domino") -> None:
    """Refuse (or ask about) ``path`` before any work is done for it: a long ``domino sim``
    must not play a whole match to be told the file cannot be written. Every refusal is one
    line on stderr after ``prefix`` and a :class:`typer.Exit`."""
    _target(path, lang, prefix)
    if os.path.lexists(path) and not force:
        if not can_ask():
            fail(prefix, say("cli.out_exists", lang, path=shown(path)), 2)
        if not typer.confirm(say("cli.ask_replace", lang, path=shown(path)), default=False):
            fail(prefix, say("cli.nothing_written", lang), 1)


def can_ask() -> bool:
    """Whether a question can be put: only when stdin is a terminal (a script gets a line)."""
    return sys.stdin.isatty()


def write_output(path: Path, text: str, *, force: bool, lang: str, prefix: str = "domino") -> None:
    """Write ``text`` to the file the player named, by the rule above (``force=True`` once
    :func:`confirm_output` has asked: the path is checked again, nobody is asked twice)."""
    from ..storage.files import error_words, write_atomic

    confirm_output(path, force=force, lang=lang, prefix=prefix)
    target = _target(path, lang, prefix)  # what is there now, not when the work began
    try:
        write_atomic(target, text, mode=_mode_of(target))
    except OSError as err:  # the temporary file's name is ours, not the player's: not shown
        fail(prefix, say("cli.cannot_write", lang, path=shown(path), why=error_words(err)), 1)


def _mode_of(path: Path) -> int | None:
    """The permissions of the file being replaced, so that a shared file stays shared (a new
    file is private, as every file domino-tui writes)."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        return None


def _target(path: Path, lang: str, prefix: str) -> Path:
    from ..storage.files import NotAFile, error_words, output_target

    try:
        return output_target(path)
    except NotAFile as err:
        fail(prefix, refusal(err, lang), 2)
    except OSError as err:
        fail(prefix, say("cli.cannot_write", lang, path=shown(path), why=error_words(err)), 1)


def refusal(err: NotAFile, lang: str) -> str:
    """A path that is not a regular file, in the player's words."""
    if err.kind == "dangling":
        return say("cli.out_dangling", lang, path=shown(err.path), target=shown(err.target or "?"))
    kind = say(f"cli.out_kind_{err.kind}", lang)
    return say("cli.out_not_file", lang, path=shown(err.path), kind=kind)
