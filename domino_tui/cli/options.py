"""Options several commands share, declared once so their names, help, bounds and checks agree.

Everything typed on the command line may end up in an error line or on the table, so the checks
here refuse what cannot be shown as typed (control and escape characters) and what is legal but
absurd (a seed beyond 64 bits), each with one line naming what is allowed.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, NoReturn

import typer

from ..engine.variants import PRESET_NAMES
from ..i18n import languages
from .table import MAX_SEED
from .words import MAX_MESSAGE, error_line, languages_help

# --lang's choices: the languages of the catalogs found
Lang = StrEnum("Lang", [(code, code) for code in languages()])  # type: ignore[misc]


def seed_option(help: str) -> Any:
    """``--seed`` with its bounds (0 … 2**64−1); anything else is refused with exit code 2.

    The bounds are checked by a callback rather than click's ``min``/``max``: those print
    ``[0<=x<=18446744073709551615]`` beside the option, which breaks the help's columns at 80;
    the help text names the range in words instead."""
    return typer.Option("--seed", metavar="SEED", callback=check_seed, help=help)


def check_seed(value: int | None) -> int | None:
    if value is not None and not 0 <= value <= MAX_SEED:
        raise typer.BadParameter(
            f"a seed is a whole number from 0 to {MAX_SEED}, not {value}"[:MAX_MESSAGE],
            param_hint="'--seed'",
        )
    return value


# the --rules names (the registry only: no variant module is loaded for --help); a help page
# adds the installed plugins' presets (:func:`name_plugin_presets`)
_PRESETS = ", ".join(PRESET_NAMES)
_PRESET_INFO = typer.Option("--rules", metavar="PRESET", help=f"Rules preset: {_PRESETS}.")
PresetOption = Annotated[str, _PRESET_INFO]


def name_plugin_presets() -> None:
    """Let the ``--rules`` help name every preset, the installed variant plugins' too. Called
    only for a help page, before typer builds it: a command that runs never pays for
    reading the entry points."""
    from ..engine.variants import preset_names

    _PRESET_INFO.help = f"Rules preset: {', '.join(preset_names())}."


SettingsOption = Annotated[
    list[str] | None,
    typer.Option("--set", metavar="NAME=VALUE", help="A rule option, e.g. fish=all (repeatable)."),
]
PairsOption = Annotated[
    bool, typer.Option("--pairs", help="Four players in two pairs: seats 1+3 against 2+4.")
]
SeedOption = Annotated[
    int | None, seed_option("Seed (0 to 2^64-1): the same seed gives the same match.")
]
MIN_BOT_LIMIT, MAX_BOT_LIMIT = 0.01, 3600.0  # seconds a bot may think about one decision
DEFAULT_BOT_LIMIT = 60.0  # bots.runner.BATCH_LIMIT, named here without loading the bots


def check_bot_limit(value: float | None) -> float | None:
    if value is not None and not MIN_BOT_LIMIT <= value <= MAX_BOT_LIMIT:  # NaN fails too
        raise typer.BadParameter(
            f"a bot's time limit is {MIN_BOT_LIMIT:g} to {MAX_BOT_LIMIT:g} seconds, not {value}",
            param_hint="'--bot-limit'",
        )
    return value


# sim and arena: a decision that overruns gets a stand-in move (bots/runner.py, issue 22)
BotLimitOption = Annotated[
    float,
    typer.Option(
        "--bot-limit",
        metavar="SECONDS",
        callback=check_bot_limit,
        help="Seconds a bot may think about one decision; past it, or when a bot fails, a "
        "stand-in plays its move and the match is not rated.",
    ),
]
LangOption = Annotated[
    Lang | None,
    typer.Option(
        "--lang",
        help=f"Language: {languages_help()} (default: the saved setting, else the locale).",
    ),
]


def split_bots(text: str | None) -> list[str]:
    """A comma-separated bot list; ``name:k=v,k=v`` specs keep their commas
    (``ismcts:iterations=9,time_ms=5,greedy`` → ``ismcts:iterations=9,time_ms=5``, ``greedy``)."""
    names: list[str] = []
    for piece in (p.strip() for p in (text or "").split(",")):
        if not piece:
            continue
        if names and "=" in piece and ":" not in piece:
            names[-1] += "," + piece
        else:
            names.append(piece)
    return names


def fail(prefix: str, message: object, code: int = 2) -> NoReturn:
    """One clean line on stderr and the exit code: 2 for bad input, 1 for the environment."""
    typer.echo(f"{prefix}: {error_line(message)}", err=True)
    raise typer.Exit(code)
