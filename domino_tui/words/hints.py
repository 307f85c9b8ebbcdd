"""The hint in words: the move and its end, why in a player's words, and the gain in pips.

:func:`hint_text` words an :class:`~domino_tui.bots.explain.Advice` (data computed from the
seat's own view) in the player's language. Other players are named in the nominative with a
verb in the present or future tense, because Russian past tense would need a gender we do not
know; the player is addressed with «Вы».
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.actions import is_pair, pair_tiles, placements, tiles_of_move
from ..engine.tiles import tile_set
from ..engine.view import SeatView
from ..i18n import plural
from .moves import END_MARKS, HINT, HINT_NOUN, MARKS
from .moves import move_words as words_of_move
from .strings import t

if TYPE_CHECKING:
    from ..bots.explain import Advice, Reason


def move_words(view: SeatView, code: int, lang: str, noun: bool = False) -> str:
    """The hinted action with its end: "play 6-4 on the right end (4 ▶)", on the cross "play
    4-5 up, to 5"; with ``noun``, the move described rather than ordered, for "your move …"
    (the tutor, the review): "6-4 on the right end (4 ▶)", «6-4 на правый конец (4 ▶)»."""
    ts = tile_set(view.rules.set_top)
    voice = HINT_NOUN if noun else HINT
    lead, cross = not view.placed, bool(view.board)
    return words_of_move(ts, code, lang, voice, lead=lead, cross=cross, ends=view.ends)


def short_move(advice: Advice, view: SeatView, code: int, lang: str) -> str:
    """Another move named briefly: "3-3", or "3-3 ◀" when the same tile on another end is
    valued differently; on the cross the end's arrow, closed and several doubles in full."""
    ts = tile_set(view.rules.set_top)
    if is_pair(code):
        a, b = pair_tiles(code)
        return f"{ts.name(a)}+{ts.name(b)}"
    parts = placements(code)
    if len(parts) > 1 or parts[0].closed:
        return words_of_move(ts, code, lang, MARKS)
    tile = parts[0].tile
    name = ts.name(tile)
    samples = {v.code: v.samples for v in advice.values}
    others = [
        value
        for other, value in samples.items()
        if other != code and tiles_of_move(other) == (tile,)
    ]
    if view.placed and any(value != samples.get(code) for value in others):
        return words_of_move(ts, code, lang, MARKS if view.board else END_MARKS)
    return name


def _numbers(key: str, numbers: tuple[int, ...], lang: str, **fmt: object) -> str:
    if len(numbers) == 1:
        return t(f"{key}_1", lang, a=numbers[0], **fmt)
    return t(f"{key}_2", lang, a=numbers[0], b=numbers[1], **fmt)


def _fish(kind: str, r: Reason, lang: str, move: str) -> str:
    n = round(abs(r.value))
    suffix = "" if r.sure and r.exact else "_about" if r.sure else "_likely"
    return t(f"hw.{kind}{suffix}", lang, n=n, move=move)


def reason_words(r: Reason, advice: Advice, view: SeatView, names: Sequence[str], lang: str) -> str:
    """One reason in the player's words."""
    ts = tile_set(view.rules.set_top)
    summed = view.rules.match != "equal"
    kind = r.kind
    if kind in ("out", "only", "must_knock", "follow_one"):
        return t(f"hw.{kind}", lang)
    if kind == "must_draw":
        return _numbers("hw.must_draw", r.numbers, lang)
    if kind == "fish_win":
        return _fish("fish_win", r, lang, "")
    if kind == "fish_lose":
        return _fish("fish_lose", r, lang, short_move(advice, view, r.other, lang))
    if kind == "block":
        key = "hw.block_sum" if summed else "hw.block"
        return _numbers(key, r.numbers, lang, name=names[r.seat])
    if kind == "partner":
        return t(
            "hw.partner", lang, move=short_move(advice, view, r.other, lang), name=names[r.seat]
        )
    if kind == "void":
        key = "hw.void_sum" if summed else "hw.void"
        return t(key, lang, name=names[r.seat], a=r.numbers[0])
    if kind == "shed":
        tiles = [ts.name(x) for x in r.tiles]
        named = tiles[0] if len(tiles) == 1 else t("hw.and", lang, a=tiles[0], b=tiles[1])
        return t("hw.shed", lang, tiles=named, points=plural(r.pips, "hw.points", lang))
    if kind == "last":
        return t("hw.last", lang, a=r.numbers[0])
    if kind == "follow_both":
        return t("hw.follow_both" if len(r.numbers) > 1 else "hw.follow_same", lang)
    if kind in ("double", "lighter", "keeps", "out_worse"):
        other = tiles_of_move(r.other)
        return t(
            f"hw.{kind}",
            lang,
            tile=ts.name(r.tiles[0]),
            other=ts.name(other[0]) if other else "",
            points=plural(r.pips, "hw.points", lang),
        )
    if kind == "ends":
        from ..bots.explain import ends_after  # the search's module: not before the first frame

        mine = ends_after(view, r.other)
        return t("hw.ends", lang, ends=ends_words(r.numbers, lang), mine=ends_words(mine, lang))
    return kind


def ends_words(numbers: tuple[int, ...], lang: str) -> str:
    """Open ends by their numbers: "3 and 5", "5 and 5", "1, 3 and 5"."""
    if len(numbers) == 1:
        return t("hw.ends_same", lang, a=numbers[0])
    *rest, last = (str(n) for n in numbers)
    return t("hw.ends_list", lang, rest=", ".join(rest), last=last)


def verdict_words(advice: Advice, view: SeatView, lang: str, but: bool = False) -> str:
    """How much the move gains over the next best, from the evaluation; "" with one move.
    ``but``: reasons come first, so "all moves are about equal" starts with "though"."""
    if advice.verdict == "equal":
        key = "hw.equal_two" if len(advice.values) == 2 else "hw.equal"
        return t(key + ("_but" if but else ""), lang)
    other = advice.runner_up
    if other is None or advice.verdict == "only":
        return ""
    move = short_move(advice, view, other, lang)
    if advice.verdict == "close":
        return t("hw.close", lang, move=move)
    pips = plural(max(1, round(advice.gain)), "hw.pips", lang)
    return t("hw.better", lang, pips=pips, move=move)


def hint_text(
    advice: Advice, view: SeatView, names: Sequence[str], lang: str, limit: int = 0
) -> str:
    """The whole hint on one line; with ``limit``, the least telling reasons are left out until
    it fits (the move and the gain always stay)."""
    move = move_words(view, advice.code, lang)
    reasons = [reason_words(r, advice, view, names, lang) for r in advice.reasons]
    while True:
        but = bool(reasons) and advice.verdict == "equal"
        verdict = verdict_words(advice, view, lang, but=but)
        why = "; ".join(reasons)
        if verdict:
            why = f"{why}{', ' if but else '; '}{verdict}" if why else verdict
        key = "hw.hint" if why else "hw.hint_bare"
        text = t(key, lang, move=move, why=why)
        if not limit or len(text) <= limit or not reasons:
            return text
        reasons.pop()
