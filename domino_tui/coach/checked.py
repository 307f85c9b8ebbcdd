"""A kept review read back as data from outside, checked field by field against its match.

A ``.review`` file lies in the data folder, where anyone who can write there can put anything;
its digest (an unkeyed sha256 of its own body) only tells an accidental change, never a forged
one, and the key (the record's digest, seats, seed, budget) only tells whose review it claims
to be. So nothing in it is believed because it is there: every decision must be one of the
reviewed seats' actual decisions, in order, at its round and index, with the code actually
played; the best move and the moves a reason names must be legal at that point (the match is
replayed through the engine to know); a label must be the one its loss earns; a reason's kind
comes from a closed set, its seat is a seat of the table, its numbers and tiles exist in the
set; every number is finite and bounded, every list bounded by the match. Anything else raises
:class:`Invalid`, and the caller reviews the match afresh.

The checks are of shape and range, not of the evaluation: a figure that is merely wrong (a loss
of 7 instead of 5) cannot be told from a right one without redoing the review. What they
guarantee is that a kept review can be drawn and worded like a fresh one, with no index out of
range and no text that was not ours.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

from ..bots.explain import KINDS, MAX_REASONS, Reason
from ..engine.actions import DRAW, KNOCK
from ..engine.match import Match
from ..engine.tiles import tile_set
from .luck import Luck
from .report import Review
from .review import Decision, label_of, positions

# the most points a figure of one round may show: far beyond any round of any variant (every
# pip of a double-twelve set is 1092, of a double-six 168, carried fish and all), so that a
# figure read back is plain arithmetic (1e308 would make the sums overflow)
MOST_POINTS = 10_000.0
MOST_ENDS = 4  # the cross has four open ends (docs/variants G4)
MOST_TILES = 4  # ... and up to four doubles laid in one move
# every kind of reason :func:`domino_tui.bots.explain.reasons_for` and ``advise`` give (one list,
# the explainer's own); the kinds whose words read ``numbers[0]`` or ``tiles[0]`` need one, those
# that name a seat need another seat of the table, those that name another move need a legal play
REASON_KINDS = KINDS
NUMBERED = frozenset({"block", "partner", "void", "last", "must_draw", "ends"})
TILED = frozenset({"shed", "double", "lighter", "keeps", "out_worse"})
SEATED = frozenset({"block", "partner", "void"})
OTHER_MOVE = frozenset({"fish_lose", "partner", "ends", "double", "lighter", "keeps", "out_worse"})
REASON_FIELDS = ("kind", "seat", "numbers", "tiles", "pips", "value", "sure", "exact", "other")


class Invalid(ValueError):
    """A kept review that is not a review of its match as this program writes one."""


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def whole(x: Any, least: int, most: int) -> int:
    """``x`` as an int in ``least..most`` (a bool is not a number here)."""
    if not _is_int(x) or not least <= x <= most:
        raise Invalid("an integer out of range")
    return int(x)


def number(x: Any, least: float = -MOST_POINTS, most: float = MOST_POINTS) -> float:
    """``x`` as a finite float in ``least..most``."""
    if isinstance(x, bool) or not isinstance(x, int | float):
        raise Invalid("not a number")
    value = float(x) if not isinstance(x, int) or abs(x) <= 2 * MOST_POINTS else math.inf
    if not (math.isfinite(value) and least <= value <= most):
        raise Invalid("a number out of range")
    return value


def flag(x: Any) -> bool:
    if not isinstance(x, bool):
        raise Invalid("not true or false")
    return x


def items(x: Any, most: int, size: int | None = None) -> list[Any]:
    """``x`` as a list of at most ``most`` items (of exactly ``size`` when given)."""
    if not isinstance(x, list) or len(x) > most or (size is not None and len(x) != size):
        raise Invalid("a list of the wrong size")
    return x


class _Position:
    """One reviewed decision as the match says it was: where, who, what, and what was legal."""

    __slots__ = ("index", "legal", "played", "round", "seat")

    def __init__(self, rnd: int, index: int, seat: int, played: int, legal: frozenset[int]):
        self.round, self.index, self.seat, self.played, self.legal = rnd, index, seat, played, legal


def _positions(match: Match, seats: frozenset[int]) -> Iterator[_Position]:
    for r, i, then, code in positions(match):
        if then.turn in seats:
            yield _Position(r, i, then.turn, code, frozenset(then.legal_actions()))


def _same(x: Any, want: int) -> bool:
    """Whether ``x`` is the integer ``want`` (not a float or a bool that equals it)."""
    return _is_int(x) and x == want


def _move(x: Any, legal: frozenset[int], what: str) -> int:
    if not _is_int(x) or x not in legal:
        raise Invalid(f"{what} that is not legal there")
    return int(x)


def _decision(row: Any, at: _Position) -> Decision:
    r, i, seat, played, best, loss, error, label, counted = items(row, 9, 9)
    wanted = (at.round, at.index, at.seat, at.played)
    if not all(_same(x, w) for x, w in zip((r, i, seat, played), wanted, strict=True)):
        raise Invalid("a decision that is not the match's")
    best = _move(best, at.legal, "a best move")
    lost = number(loss, 0.0)
    if label != label_of(lost) or (lost > 0 and best == played):
        raise Invalid("a label its loss does not earn")
    return Decision(*wanted, best, lost, number(error, 0.0), label_of(lost), flag(counted))


def _luck(row: Any, rnd: int, seat: int) -> Luck:
    """A luck row: its round and seat, then every other field of :class:`Luck` in order, each a
    bounded number (a standard error not below 0)."""
    names = [f.name for f in fields(Luck)][2:]
    r, s, *figures = items(row, len(names) + 2, len(names) + 2)
    if not (_same(r, rnd) and _same(s, seat)):
        raise Invalid("luck of another round or seat")
    least = [0.0 if name.endswith("error") else -MOST_POINTS for name in names]
    return Luck(rnd, seat, *(number(x, low) for x, low in zip(figures, least, strict=True)))


def _reason(data: Any, at: _Position, players: int, top: int, tiles: int) -> Reason:
    if not isinstance(data, dict) or set(data) != set(REASON_FIELDS):
        raise Invalid("a reason of another shape")
    kind = data["kind"]
    if not isinstance(kind, str) or kind not in REASON_KINDS:
        raise Invalid("a reason of an unknown kind")
    seat = whole(data["seat"], -1, players - 1)
    numbers = tuple(whole(n, 0, top) for n in items(data["numbers"], MOST_ENDS))
    laid = tuple(whole(t, 0, tiles - 1) for t in items(data["tiles"], MOST_TILES))
    if kind in OTHER_MOVE:  # a play the words name: not a draw or a knock
        other = _move(data["other"], at.legal - {DRAW, KNOCK}, "another move")
    elif _same(data["other"], 0):  # the default, unused
        other = 0
    else:
        other = _move(data["other"], at.legal, "another move")
    if (kind in NUMBERED and not numbers) or (kind in TILED and not laid):
        raise Invalid("a reason without its numbers")
    if kind in SEATED and seat in (-1, at.seat):
        raise Invalid("a reason about no other seat")
    if len(set(laid)) != len(laid):
        raise Invalid("a tile named twice")
    pips = whole(data["pips"], 0, int(MOST_POINTS))
    return Reason(kind, seat, numbers, laid, pips, number(data["value"]),
                  flag(data["sure"]), flag(data["exact"]), other)  # fmt: skip


def review_of(body: dict[str, Any], match: Match, seats: tuple[int, ...]) -> Review:
    """The review kept in ``body`` (its ``decisions``, ``luck`` and ``reasons``), for ``seats``
    of ``match``; :class:`Invalid` unless every field is one a review of this match can hold."""
    rules = match.rules
    if list(seats) != sorted(set(seats)) or not all(0 <= s < rules.players for s in seats):
        raise Invalid("seats that are not the table's")
    wanted = list(_positions(match, frozenset(seats)))
    rows = items(body.get("decisions"), len(wanted), len(wanted))
    decisions = tuple(_decision(row, at) for row, at in zip(rows, wanted, strict=True))

    rounds = [r + 1 for r, codes in enumerate(match.actions) if codes]
    expected = [(r, s) for r in rounds for s in seats]
    rows = items(body.get("luck"), len(expected), len(expected))
    luck = tuple(_luck(row, r, s) for row, (r, s) in zip(rows, expected, strict=True))

    where = {(d.round, d.index): at for d, at in zip(decisions, wanted, strict=True)}
    lost = [(d.round, d.index) for d in decisions if d.counted and d.loss > 0]
    ts = tile_set(rules.set_top)
    reasons: dict[tuple[int, int], tuple[Reason, ...]] = {}
    for row in items(body.get("reasons"), len(lost), len(lost)):
        r, i, why = items(row, 3, 3)
        if not (_is_int(r) and _is_int(i)) or (r, i) not in lost or (r, i) in reasons:
            raise Invalid("reasons for a decision that lost nothing")
        at = where[r, i]
        found = items(why, MAX_REASONS)
        reasons[r, i] = tuple(_reason(x, at, rules.players, ts.top, ts.count) for x in found)
    if list(reasons) != lost:
        raise Invalid("reasons out of order")
    return Review(tuple(seats), decisions, luck, reasons)
