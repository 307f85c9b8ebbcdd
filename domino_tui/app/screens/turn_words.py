"""The table's turn in plain words: what the player can do now, which end a tile goes to, what
each player did last, and names shortened to fit.

A new player must never wonder what to press: every status line ends with the action that is
open now (play, draw again, knock), also after a draw or a refused move. The words live here
behind keys (merged into :data:`domino_tui.i18n.STRINGS`), so a later pass can move them to
catalogs; game terms stay Russian in the Russian UI.
"""

from __future__ import annotations

from collections.abc import Sequence

from ... import i18n
from ...engine.actions import DRAW, KNOCK, is_pair, pair_tiles
from ...engine.round import Event
from ...engine.tiles import TileSet
from ..strings import t

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "tw.drew_fits": "You drew {tile} — it fits: play it (Enter).",
        "tw.drew_again": "You drew {tile} — nothing fits yet: draw again (D).",
        "tw.drew_knock": "You drew {tile} — nothing fits and the boneyard is empty: knock (K).",
        "tw.end_left": "left end {n} ◀",
        "tw.end_right": "right end {n} ▶",
        "tw.choose_end": "{tile} fits both ends. Now: {end}. ←/→ other end · Enter lays it · "
        "Esc cancels.",
        "tw.refused": "Not allowed: {reason}.",
        "tw.recent_none": "No moves yet this round.",
        "tw.recent_title": "Last moves",
        "tw.r_led": "led {tile}",
        "tw.r_drew": "drew {n}",
        "tw.r_knocked": "knocked",
        "tw.r_left": "{tile} ◀",
        "tw.r_right": "{tile} ▶",
    },
    "ru": {
        "tw.drew_fits": "Вы взяли {tile} — подходит: ходите ею (Enter).",
        "tw.drew_again": "Вы взяли {tile} — пока ходить нечем: берите ещё (D).",
        "tw.drew_knock": "Вы взяли {tile} — ходить нечем, базар пуст: стучите (K).",
        "tw.end_left": "левый конец {n} ◀",
        "tw.end_right": "правый конец {n} ▶",
        "tw.choose_end": "{tile} подходит к обоим концам. Сейчас: {end}. ←/→ другой конец · "
        "Enter — положить · Esc — отмена.",
        "tw.refused": "Так нельзя: {reason}.",
        "tw.recent_none": "В этом коне ещё не ходили.",
        "tw.recent_title": "Последние ходы",
        "tw.r_led": "заход {tile}",
        "tw.r_drew": "+{n} из базара",
        "tw.r_knocked": "стучит",
        "tw.r_left": "{tile} ◀",
        "tw.r_right": "{tile} ▶",
    },
}
i18n.add_strings(STRINGS)


def fit_name(name: str, width: int) -> str:
    """``name`` cut to ``width`` characters with an ellipsis, never below two characters."""
    width = max(2, width)
    return name if len(name) <= width else name[: width - 1].rstrip() + "…"


def end_words(side: int, number: int, lang: str) -> str:
    """ "left end 3 ◀" / "right end 5 ▶": the end a tile is about to go to."""
    return t("tw.end_left" if side == 0 else "tw.end_right", lang, n=number)


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


def turn_summary(events: Sequence[Event], ts: TileSet, lang: str) -> str:
    """One player's turn in a few words: "drew 2, 3-5 ◀", "knocked", "led 1-1"."""
    parts: list[str] = []
    drew = sum(1 for e in events if e.code == DRAW)
    if drew:
        parts.append(t("tw.r_drew", lang, n=drew))
    for e in events:
        if e.code in (DRAW,):
            continue
        if e.code == KNOCK:
            parts.append(t("tw.r_knocked", lang))
        elif e.left < 0:
            parts.append(t("tw.r_led", lang, tile=ts.name(e.tile)))
        else:
            left = e.tile == pair_tiles(e.code)[0] if is_pair(e.code) else e.code & 1 == 0
            parts.append(t("tw.r_left" if left else "tw.r_right", lang, tile=ts.name(e.tile)))
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
    history: Sequence[Event], names: Sequence[str], ts: TileSet, lang: str, width: int
) -> list[str]:
    """A compact log: every player's latest turn on a line of its own, oldest first, so that
    no player's last action scrolls out of view at 80×24."""
    turns = last_turns(history, len(names))
    if not turns:
        return [t("tw.recent_none", lang)]
    lines = []
    for seat, events in turns:
        words = turn_summary(events, ts, lang)
        name = fit_name(names[seat], max(4, width - len(words) - 2))
        lines.append(fit_name(f"{name}: {words}", width))
    return lines
