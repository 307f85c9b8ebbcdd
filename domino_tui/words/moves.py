"""A play on the cross (G4) in words, told once for the log and the transcript: the end by its
name, a double laid face down (G6), several doubles in one move (G7). The hint's and the
status line's voices (``words.hints``, ``words.turn``) name the same ends through
:func:`at_end`."""

from __future__ import annotations

from ..engine.actions import Placement, placements
from ..engine.cross import END_NAMES
from ..engine.tiles import TileSet
from ..i18n import Lang, tr


def at_end(end: int, lang: Lang) -> str:
    """Where a tile goes, by the end's name: "up", "on the right" (the ends 0-3)."""
    return tr(f"tx.at.{END_NAMES[end]}", lang)


def placement_words(ts: TileSet, p: Placement, lang: Lang) -> str:
    """One tile laid on the cross: "plays 4-5 up", "plays 3-3 on the right, closed"."""
    key = "tx.play_closed" if p.closed else "tx.play_at"
    return tr(key, lang, tile=ts.name(p.tile), at=at_end(p.end, lang))


def cross_play_words(ts: TileSet, code: int, lang: Lang) -> str:
    """A move on the cross: one tile as :func:`placement_words`, several doubles at once as
    "plays 2-2 on the left + 3-3 on the right (closed)"."""
    parts = placements(code)
    if len(parts) == 1:
        return placement_words(ts, parts[0], lang)
    each = [
        tr(
            "tx.part_closed" if p.closed else "tx.part",
            lang,
            tile=ts.name(p.tile),
            at=at_end(p.end, lang),
        )
        for p in parts
    ]
    return tr("tx.play_several", lang, tiles=" + ".join(each))
