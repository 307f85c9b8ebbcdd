"""``domino play`` read without typer: the table's first frame without the command line's
machinery (issue 22 item 9). Importing typer and letting it build and parse the command came
to a tenth of what the first frame cost beyond a bare Textual app.

Only a plain command line is read here — ``play`` and options of its own, each once, with
values typer would take as they are. Anything else (``--help``, a value typer would refuse
or convert, an option given twice, an unknown word) is left to typer, so every message and
every exit code stays typer's. A test checks that both read the same command lines alike.
"""

from __future__ import annotations

import re

from ..i18n import languages
from .table import MAX_SEED, Pace

_NUMBER = re.compile(r"[0-9]{1,20}\Z")
# play's options taking a value → its parameter (see cli/play.py); values of a closed set
VALUED = {
    "--players": "players",
    "--bots": "bots",
    "--rules": "rules",
    "--set": "set_",
    "--seed": "seed",
    "--lang": "lang",
    "--pace": "pace",
}
CHOICES: dict[str, tuple[str, ...]] = {"lang": languages(), "pace": tuple(Pace)}
FLAGS = {"--pairs": ("pairs", True), "--tutor": ("tutor", True), "--no-tutor": ("tutor", False)}
DEFAULTS: dict[str, object] = {
    "players": None,
    "pairs": False,
    "bots": None,
    "rules": "kozel",
    "set_": None,
    "seed": None,
    "lang": None,
    "pace": None,
    "tutor": None,
}


def quick_play(argv: list[str]) -> dict[str, object] | None:
    """``play_table``'s arguments for a plain ``domino play …`` command line, else None."""
    if len(argv) < 2 or argv[1] != "play":
        return None
    found: dict[str, object] = {}
    sets: list[str] = []
    words = iter(argv[2:])
    for word in words:
        name, eq, given = word.partition("=")
        if name in FLAGS and not eq:
            flag_key, flag = FLAGS[name]
            if flag_key in found:
                return None
            found[flag_key] = flag
            continue
        key = VALUED.get(name)
        if key is None:
            return None
        value = given if eq else next(words, "")
        if not value or value.startswith("-"):  # a missing value, or typer's to judge
            return None
        if key == "set_":
            sets.append(value)
            continue
        if key in found:
            return None
        parsed = plain_value(key, value)
        if parsed is None:
            return None
        found[key] = parsed
    if sets:
        found["set_"] = sets
    return {**DEFAULTS, **found}


def plain_value(key: str, value: str) -> object:
    """``value`` as typer would convert it for ``key``, when that is certain; else None."""
    if key in ("players", "seed"):
        if not _NUMBER.match(value) or int(value) > MAX_SEED:
            return None
        return int(value)
    if key in CHOICES:
        return value if value in CHOICES[key] else None
    return value
