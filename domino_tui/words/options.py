"""Options in words: what an option allows, the one-line refusal, an option's and a value's
label, and the help lines ``domino rules --options`` and ``domino bots`` print.

The :class:`~domino_tui.option.Option` below the engine knows what it allows but holds no
words (its ``describe`` and an :class:`~domino_tui.option.OptionError`'s ``str`` are the
English of the same catalog entries); here the catalogs say it in the player's language, the
values themselves (``all``, ``rounds:N``, ``on``) staying as they are typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n import has_key, plural, tr
from ..option import Option, OptionError, shown, typed_back
from ..text import clean


def allowed_words(option: Option, lang: str) -> str:
    """What ``option`` allows: ``one of all, one``, «целое число от 1 до 1000», ``on or off``."""
    if option.choices or option.numbered:
        words = [str(c) for c in option.choices]
        if option.numbered:
            words.append(
                tr("option.numbered", lang, name=option.numbered, n=range_words(option, lang))
            )
        return words[0] if len(words) == 1 else tr("option.one_of", lang, words=", ".join(words))
    if option.kind is bool:
        return tr("option.on_off", lang, on="on", off="off")  # the words typed, in every language
    if option.kind is str:
        return tr("option.text", lang)
    if option.kind is object:
        return tr("option.any", lang)
    what = tr("option.whole" if option.kind is int else "option.number", lang)
    bounds = range_words(option, lang)
    return f"{what} {bounds}" if bounds else what


def range_words(option: Option, lang: str) -> str:
    """``from 1 to 1000``, ``1 or more``, ``up to 9``; nothing for an open number."""
    low, high = option.bound(option.low), option.bound(option.high)
    if low and high:
        return tr("option.range", lang, low=low, high=high)
    if low:
        return tr("option.at_least", lang, low=low)
    return tr("option.at_most", lang, high=high) if high else ""


def refusal(err: OptionError, lang: str) -> str:
    """The refusal in one line: ``option NAME must be ALLOWED, not VALUE`` in ``lang`` (or, for
    an option nobody has, the options there are)."""
    if err.option is not None:
        key = "option.refused_bot" if err.owner else "option.refused"
        allowed = allowed_words(err.option, lang)
        return tr(key, lang, name=err.full_name, allowed=allowed, value=err.shown)
    owner = shown(err.owner) if err.owner else ""
    if err.owner and not err.known:
        return tr("option.bot_takes_none", lang, bot=owner, name=err.shown)
    key = "option.unknown_bot" if err.owner else "option.unknown"
    return tr(key, lang, bot=owner, name=err.shown, known=err.listed)


def why(err: BaseException, lang: str) -> str:
    """An error's message for a player: an option's refusal in ``lang``, else its own text."""
    return refusal(err, lang) if isinstance(err, OptionError) else str(err)


def option_label(name: str, lang: str, variant: str = "kozel") -> str:
    """A rule option's name for the player (the variant's own words first: «Победа на» for a
    target that wins); the option id stays in the Rules screen."""
    for key in (f"opt.{variant}.{name}", f"opt.{name}"):
        if has_key(key, lang):
            return tr(key, lang)
    return name


def value_label(name: str, value: object, lang: str) -> str:
    """A closed option value in words: "рыба на одного", "через 10 конов"."""
    text = str(value)
    if name == "match_end" and text.startswith("rounds:") and text[7:].isdigit():
        return tr("optv.match_end.rounds", lang, n=plural(int(text[7:]), "w.rounds_n", lang))
    key = f"optv.{name}.{text}"
    return tr(key, lang) if has_key(key, lang) else text


def help_rows(
    options: Mapping[str, Option],
    lang: str,
    variant: str | None = "kozel",
    values: Mapping[str, Any] | None = None,
) -> list[tuple[str, str, str, str]]:
    """One row per option for a help table: its name (as typed after ``--set`` or ``:``), what
    it allows, its default (a preset's own value when ``values`` has it; empty when the bot
    decides) and its label where it has one (a rule's, of ``variant``; a bot's, None, has
    none). A plugin's names and defaults are someone else's: cleaned and bounded here."""
    rows = []
    for name, option in options.items():
        label = name if variant is None else option_label(name, lang, variant)
        default = option.default if values is None else values.get(name, option.default)
        rows.append(
            (
                clean(name, 40),
                clean(allowed_words(option, lang), 300),
                clean(typed_back(default), 40),
                "" if label == name else label,
            )
        )
    return rows
