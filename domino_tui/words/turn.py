"""The table's turn in plain words: what the player can do now, which end a tile goes to, what
each player did last, and names shortened to fit.

A new player must never wonder what to press: every status line ends with the action that is
open now (play, draw again, knock), also after a draw or a refused move. The words are keys
of the gettext catalogs (``domino_tui/locale``); game terms stay Russian in the Russian UI.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.actions import DRAW, KNOCK
from ..engine.cross import END_NAMES
from ..engine.round import Event
from ..engine.tiles import TileSet
from .marks import END_ARROWS
from .moves import RECENT, RECENT_LINE, move_words
from .strings import t

# the polite pronoun keeps its capital inside a Russian sentence («Маша, Вы взяли …»)
POLITE = ("Вы", "Ваш", "Вам", "Вас")


def addressed(name: str, text: str, lang: str) -> str:
    """``text`` said to the player named ``name`` (hot-seat, where "you" alone does not say
    who is meant): "Alex, your turn: …", «Маша, Вы взяли 3-4 — …». The sentence goes on after
    the name, so its first letter is lowered, but never the polite «Вы/Ваш…» of Russian."""
    if text[:1].isupper() and not (lang == "ru" and text.startswith(POLITE)):
        text = text[0].lower() + text[1:]
    return t("tw.addressed", lang, name=name, text=text)


def fit_name(name: str, width: int) -> str:
    """``name`` cut to ``width`` characters with an ellipsis, never below two characters."""
    width = max(2, width)
    return name if len(name) <= width else name[: width - 1].rstrip() + "…"


def end_words(end: int, number: int, lang: str, arrows: Sequence[str] = END_ARROWS) -> str:
    """ "left end 3 ◀" / "up end 5 ▲": the end (0-3: left, right, up, down) a tile is about
    to go to, with the arrow the board draws at that end (``arrows``: a line's end that has
    turned at the wall shows ▲ or ▼, and so do the words)."""
    return t(f"tw.end_{END_NAMES[end]}", lang, n=number, arrow=arrows[end])


def after_draw(tile: str, legal: Sequence[int], lang: str) -> str:
    """What the player can do after drawing ``tile`` (K3.2, K3.3)."""
    if list(legal) == [DRAW]:
        return t("tw.drew_again", lang, tile=tile)
    if list(legal) == [KNOCK]:
        return t("tw.drew_knock", lang, tile=tile)
    return t("tw.drew_fits", lang, tile=tile)


def refused(why: str, prompt: str, lang: str) -> str:
    """The reason a move was refused, then what the player can do instead."""
    text = t("tw.refused", lang, reason=why.rstrip("."))
    return f"{text} {prompt}" if prompt else text


def turn_summary(events: Sequence[Event], ts: TileSet, lang: str, line: bool = False) -> str:
    """One player's turn in a few words: "drew 2, 3-5 ◀", "knocked", "led 1-1". On a ``line``
    the end is a word ("3-5 left"), not an arrow: the line's ends snake, and an arrow would say
    where the end grows now, while the end may have turned at the wall since the tile went
    there (the left end then points ▶ or ▼). The cross's arms keep their arrows (their names)."""
    parts: list[str] = []
    drew = sum(1 for e in events if e.code == DRAW)
    if drew:
        parts.append(t("tw.r_drew", lang, n=drew))
    for e in events:
        if e.code != DRAW:
            voice = RECENT_LINE if line else RECENT
            parts.append(move_words(ts, e.code, lang, voice, lead=e.left < 0, tile=e.tile))
    return ", ".join(parts)


def last_turns(history: Sequence[Event], players: int) -> list[tuple[int, list[Event]]]:
    """Each player's latest turn this round, oldest first (the latest move ends the list)."""
    turns: list[tuple[int, list[Event]]] = []
    for e in history:
        if turns and turns[-1][0] == e.seat:
            turns[-1][1].append(e)
        else:
            turns.append((e.seat, [e]))
    latest: dict[int, tuple[int, list[Event]]] = {}
    for i, (seat, events) in enumerate(turns):
        latest[seat] = (i, events)
    order = sorted(latest.items(), key=lambda item: item[1][0])
    return [(seat, events) for seat, (_, events) in order][-players:]


def recent_lines(
    history: Sequence[Event],
    names: Sequence[str],
    ts: TileSet,
    lang: str,
    width: int,
    line: bool = False,
) -> list[str]:
    """A compact log: every player's latest turn on a line of its own, oldest first, so that
    no player's last action scrolls out of view at 80×24 (``line``: as :func:`turn_summary`)."""
    turns = last_turns(history, len(names))
    if not turns:
        return [t("tw.recent_none", lang)]
    lines = []
    for seat, events in turns:
        words = turn_summary(events, ts, lang, line)
        name = fit_name(names[seat], max(4, width - len(words) - 2))
        lines.append(fit_name(f"{name}: {words}", width))
    return lines
