"""The words the ``domino`` commands print to a player, in Russian and English.

Messages go through :func:`say` (``tr`` with ``cli.`` catalog keys) in the language resolved as
the app resolves it: ``--lang`` where the command has it, else the saved setting, else the locale.
Machine output (``--json``) has no words and stays the same in every language. Counted words
are plural catalog entries, used through :func:`count`. The Russian texts
address the player with «Вы»; ``--help`` texts stay English (typer/click own their frame).
"""

from __future__ import annotations

import sys

from .. import i18n
from ..text import clean

MAX_MESSAGE = 500  # characters of one error line; a 10 MB argument does not flood the terminal


def argv_lang() -> str | None:
    """``--lang ru`` / ``--lang=ru`` from the command line, when one was given and is known."""
    args = sys.argv[1:]
    for i, arg in enumerate(args):
        value = args[i + 1] if arg == "--lang" and i + 1 < len(args) else None
        if arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value in i18n.languages():
            return value
    return None


def resolve_lang(explicit: object = None) -> str:
    """The language of the app and of every command's words, decided one way everywhere:
    ``--lang`` > the language saved in Settings > the locale (``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``: :func:`~domino_tui.i18n.detect_lang`). A damaged settings file is set aside on
    the way, as the app would; nothing here stops a command."""
    value = getattr(explicit, "value", explicit)
    if value in i18n.languages():
        return str(value)
    try:
        from ..storage.settings import SettingsStore, default_path

        return SettingsStore(default_path()).load().lang  # the locale when none was chosen
    except Exception:  # an unusable home: the words must still come out
        return i18n.detect_lang()


cli_lang = resolve_lang  # the name the commands use: the CLI's words, as the app's


def languages_help() -> str:
    """The languages as a command's ``--help`` names them: "ru or en" (the catalogs found)."""
    *first, last = i18n.languages()
    return f"{', '.join(first)} or {last}" if first else last


def bad_lang(shown: str) -> str:
    """The refusal of an unknown ``--lang`` (``shown`` as the player typed it, made safe)."""
    *first, last = i18n.languages()
    return say("cli.bad_lang", cli_lang(), language=shown, choices=", ".join(first), last=last)


def error_line(message: object) -> str:
    """An error message as one printable line: escape codes shown as symbols, length capped."""
    return clean(message, MAX_MESSAGE)


def why(err: BaseException, lang: str) -> str:
    """An error's message in ``lang``: an option's refusal in the catalogs' words (loaded only
    when something was refused), any other error as it says itself."""
    from ..option import OptionError

    if not isinstance(err, OptionError):
        return str(err)
    from ..words.options import refusal

    return refusal(err, lang)


def say(key: str, lang: str, **fmt: object) -> str:
    """The text of ``key`` in ``lang``."""
    return i18n.tr(key, lang, **fmt)


def count(n: int, key: str, lang: str) -> str:
    """``n`` with the right form of a counted word (1 партия, 2 партии, 5 партий)."""
    from ..i18n import plural

    return plural(n, key, lang)
