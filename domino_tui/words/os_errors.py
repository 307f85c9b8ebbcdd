"""A system error in the player's words, for the commands and the app alike.

The ``domino`` commands print these as one line; the app shows them on the screen that could not
read its folder. Both say the same thing the same way: which path (control characters made
visible, a very long one cut) and why (a plain phrase for the usual errors, else the system's
own text). This module needs only the catalogs, so the app can use it without loading the
command line's modules.
"""

from __future__ import annotations

import errno
import os

from ..i18n import tr
from ..text import clean

MAX_PATH_SHOWN = 160

_PLAIN = {
    errno.ENOTDIR: "cli.why_not_dir",
    errno.EEXIST: "cli.why_not_dir",
    errno.EACCES: "cli.why_denied",
    errno.EPERM: "cli.why_denied",
    errno.EROFS: "cli.why_read_only",
    errno.ENAMETOOLONG: "cli.why_long_name",
    errno.ENOSPC: "cli.why_no_space",
    errno.ELOOP: "cli.why_loop",
}


def reason(err: OSError, lang: str = "en") -> str:
    """Why, in words: the system's text, with a plainer one for the usual cases."""
    key = _PLAIN.get(err.errno or 0)
    return tr(key, lang) if key else clean(err.strerror or err, 120)


def shown(path: object) -> str:
    """A path for an error line: control characters visible, very long ones cut."""
    text = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else str(path)
    return clean(text, MAX_PATH_SHOWN)


def folder_unreadable(err: OSError, lang: str, folder: object = None) -> str:
    """ "the folder X cannot be read: why" for a folder that exists but cannot be listed (a
    :class:`~domino_tui.storage.reading.FolderUnreadable` names it; ``folder`` is the one we
    tried when the error names none)."""
    where = err.filename if err.filename is not None else folder
    return tr("cli.folder_unreadable", lang, folder=shown(where), why=reason(err, lang))
