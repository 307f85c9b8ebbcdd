"""A saved game in words: its players, score, when it was saved, which game it is, and the
question put before resigning it (K10.1). Shared by the Saved games screen and ``domino
resume`` so both name the game alike and ask one question; kept out of the app package so the
CLI does not load Textual to ask it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import i18n
from .names import kept_game_name, level_name, preset_name, preset_words

if TYPE_CHECKING:
    from ..storage import SaveInfo

NO_VALUE = "—"


def players_text(info: SaveInfo, lang: str, levels: bool = False) -> str:
    """The names (with bot levels when ``levels``), as one line."""
    names = [
        f"{p.name} ({level_name(p.level or 'hard', lang)})" if levels and p.is_bot else p.name
        for p in info.players
    ]
    return ", ".join(names) or NO_VALUE


def score_text(info: SaveInfo) -> str:
    """Written points per side, remembered ``+N`` after them (K7)."""
    sides = [f"{s.written}" + (f" +{s.remembered}" if s.remembered else "") for s in info.scores]
    return " · ".join(sides) or NO_VALUE


def when_text(info: SaveInfo, short: bool = False) -> str:
    """When the game was saved, in local time (``short`` for a narrow column)."""
    if info.saved_at is None:
        return NO_VALUE
    return info.saved_at.astimezone().strftime("%m-%d %H:%M" if short else "%Y-%m-%d %H:%M")


def game_text(info: SaveInfo, lang: str) -> str:
    """Which game this is, as a question about it should say: the game's full name (its short
    one, from its rules when no preset was saved), the round in play and when it was saved
    ("Козёл, round 3, saved 2026-12-01 23:40")."""
    if info.preset and preset_words(info.preset):
        parts = [preset_name(info.preset, lang)]
    else:
        parts = [kept_game_name(info.preset, info.rules, lang)]
    if info.round is not None:
        parts.append(i18n.tr("saves.round_n", lang, n=info.round))
    if info.saved_at is not None:
        parts.append(i18n.tr("saves.saved_at", lang, when=when_text(info)))
    return ", ".join(parts)


def resign_question(info: SaveInfo, lang: str) -> str:
    """The question before resigning: which game, who plays it and who resigns (the storage
    layer's choice, :attr:`SaveInfo.resigner`), and what resigning does."""
    question = i18n.tr(
        "saves.confirm_resign", lang, game=game_text(info, lang), players=players_text(info, lang)
    )
    return question + " " + i18n.tr("saves.resigning", lang, name=info.resigner or "?")
