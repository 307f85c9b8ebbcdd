"""A move in words, told by one function for every voice that tells it: the log line, the
last-action line, the transcript, the hint and the coach (tutor, review, ``domino analyze``),
the status line's marks and the recent turns.

:func:`move_words` sorts a move once (a draw, a knock, a pair of doubles on a line (K3.4), the
lead, a line's end, one tile on the cross by its end's name (G4), a double laid face down (G6),
several doubles at once (G7)); a :class:`Voice` is only which catalog keys, or which marks, each
kind takes in one place. A voice whose words truly differ (the hint orders, the review
describes, the log names the player) is a table here, never another copy of the sorting."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..engine.actions import DRAW, KNOCK, Placement, is_pair, pair_tiles, placements
from ..engine.cross import END_NAMES
from ..engine.tiles import TileSet
from ..i18n import N_, Lang, tr
from .marks import ARROWS, END_ARROWS


class Voice(NamedTuple):
    """The catalog keys one place words a move with; "" where the place never meets that kind.
    Every key is formatted with the same fields, each taking the ones it names: ``tile`` (the
    tiles laid, joined by " + "), ``a`` and ``b`` (a pair), ``at`` (the end's name: "up"),
    ``n`` (that end's number, when ``ends`` are given), ``end`` (a line's end as a word:
    "left"), and whatever the caller adds (the log's ``name``)."""

    draw: str = ""
    drew: str = ""  # a draw whose tile the reader may see (K3.6)
    knock: str = ""
    pair: str = ""  # both doubles at once on a line (K3.4); "" tells the one tile given
    pair_on_cross: bool = False  # the hint names a left+right pair so on the cross too
    lead: str = ""
    play: str = ""  # any other play in one key (the last-action line: "played 3-3 + 5-5")
    arrows: Sequence[str] = ()  # plays told by marks, "3-3 ↑ + 5-5 → (closed)", not by keys
    left: str = ""  # a line's ends
    right: str = ""
    same: str = ""  # a line whose two ends show the same number: either end will do
    at: str = ""  # one tile on the cross, by its end's name
    closed: str = ""  # the same, laid face down (G6)
    several: str = ""  # several doubles at once (G7), ``tiles`` each as ``part``
    part: str = ""  # one of several doubles; "" shows them by their marks (ARROWS)
    part_closed: str = ""
    wrap: str = ""  # the cross's words put in this key as ``move`` (the log: "{name}: {move}")


TRANSCRIPT = Voice(
    knock=N_("tx.knock"),
    pair=N_("tx.play_pair"),
    lead=N_("tx.lead"),
    left=N_("tx.play_left"),
    right=N_("tx.play_right"),
    at=N_("tx.play_at"),
    closed=N_("tx.play_closed"),
    several=N_("tx.play_several"),
    part=N_("tx.part"),
    part_closed=N_("tx.part_closed"),
)
# the log: the transcript's words on the cross, after the player's name
LOG = TRANSCRIPT._replace(
    draw=N_("log_drew"),
    drew=N_("log_drew_tile"),
    knock=N_("log_knocked"),
    pair="",
    lead=N_("log_led"),
    left=N_("log_played"),
    right=N_("log_played"),
    wrap=N_("log_cross"),
)
ACTION = Voice(knock=N_("act_knocked"), lead=N_("act_led"), play=N_("act_played"))
# the hint orders ("play 6-4 on the right end (4 ▶)", keys "hw." and the kind's name); the
# coach describes with the same keys and "_n" ("6-4 on the right end (4 ▶)")
_HINTED = ("draw", "knock", "pair", "lead", "left", "right", "at", "closed", "several")


def _hint_voice(suffix: str) -> Voice:
    keys: dict[str, Any] = {kind: f"hw.{kind}{suffix}" for kind in _HINTED}
    return Voice(**keys, same=f"hw.same_ends{suffix}", pair_on_cross=True)


HINT, HINT_NOUN = _hint_voice(""), _hint_voice("_n")
MARKS = Voice(arrows=ARROWS)  # the status line's several doubles: "3-3 ↑ + 5-5 →"
END_MARKS = Voice(arrows=END_ARROWS)  # by the table's end marks, where nothing turns: "3-5 ◀"
# the recent turns: "led 1-1", "3-5 ◀" (the table's end marks), on a line "3-5 left"
RECENT = END_MARKS._replace(knock=N_("tw.r_knocked"), lead=N_("tw.r_led"))
RECENT_LINE = RECENT._replace(arrows=(), left=N_("tw.r_line_left"), right=N_("tw.r_line_right"))


def at_end(end: int, lang: Lang) -> str:
    """Where a tile goes, by the end's name: "up", "on the right" (the ends 0-3)."""
    return tr(f"tx.at.{END_NAMES[end]}", lang)


def move_words(
    ts: TileSet,
    code: int,
    lang: Lang,
    voice: Voice = TRANSCRIPT,
    *,
    lead: bool = False,
    cross: bool = False,
    ends: Sequence[int] = (),
    tile: int = -1,
    **fmt: object,
) -> str:
    """``code`` in ``voice``'s words. ``lead``: the round's first tile; ``cross``: played on
    the cross (G4); ``ends``: the open ends' numbers before the move (left, right, up, down),
    for the hint's "to 5"; ``tile``: only that tile of the move is told (one log line per
    double of a G7 move or K3.4 pair), or the tile drawn, when the reader may see it."""
    if code == DRAW:
        if tile >= 0 and voice.drew:
            return tr(voice.drew, lang, tile=ts.name(tile), **fmt)
        return tr(voice.draw, lang, **fmt)
    if code == KNOCK:
        return tr(voice.knock, lang, **fmt)
    parts = placements(code)
    if tile >= 0:
        parts = tuple(p for p in parts if p.tile == tile) or (Placement(tile, 0),)
    elif voice.pair and is_pair(code) and (voice.pair_on_cross or not cross):
        a, b = pair_tiles(code)
        return tr(voice.pair, lang, a=ts.name(a), b=ts.name(b), **fmt)
    names = " + ".join(ts.name(p.tile) for p in parts)
    if lead:
        return tr(voice.lead, lang, tile=names, **fmt)
    if voice.play:
        return tr(voice.play, lang, tile=names, **fmt)
    if voice.arrows:
        return _marks(ts, parts, lang, voice.arrows)
    if cross:
        words = _cross(ts, parts, lang, voice, ends)
        return tr(voice.wrap, lang, move=words, **fmt) if voice.wrap else words
    end = parts[0].end
    if voice.same and ends and ends[0] == ends[1]:
        return tr(voice.same, lang, tile=names, n=ends[0], **fmt)
    key = voice.right if end == 1 else voice.left
    n = ends[end] if ends else -1
    side = tr("right" if end == 1 else "left", lang)
    return tr(key, lang, tile=names, n=n, end=side, **fmt)


def _marks(ts: TileSet, parts: Sequence[Placement], lang: Lang, arrows: Sequence[str]) -> str:
    """A move by its tiles and ends' marks: "3-3 ↑ + 5-5 →", closed "(closed)" (G6, G7)."""
    return " + ".join(
        f"{ts.name(p.tile)} {arrows[p.end]}" + (f" ({tr('tw.closed', lang)})" if p.closed else "")
        for p in parts
    )


def _cross(
    ts: TileSet, parts: Sequence[Placement], lang: Lang, voice: Voice, ends: Sequence[int]
) -> str:
    """A play on the cross: one tile by its end's name, closed or not; several doubles at once
    each as ``voice.part`` or, without one, by their marks."""
    if len(parts) > 1:
        if not voice.part:
            return tr(voice.several, lang, tiles=_marks(ts, parts, lang, ARROWS))
        each = [
            tr(
                voice.part_closed if p.closed else voice.part,
                lang,
                tile=ts.name(p.tile),
                at=at_end(p.end, lang),
            )
            for p in parts
        ]
        return tr(voice.several, lang, tiles=" + ".join(each))
    p = parts[0]
    key = voice.closed if p.closed else voice.at
    n = ends[p.end] if ends else -1
    return tr(key, lang, tile=ts.name(p.tile), at=at_end(p.end, lang), n=n)
