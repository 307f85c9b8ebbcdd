"""Чечевэ (docs/variants/chechevo.md, V5): Козёл each for themselves on the cross.

The board is the cross of docs/variants G1-G10 with a base that is never closed (V5.4) and
several doubles at once (V5.5). Scoring is Козёл's (:func:`..scoring.score_round`, K7 writing,
K8.2 fish «на одного» = V5.7) with the two special doubles: a 6-6 left in hand is worth
``six_six_in_hand`` (V5.8.1), going out with 6-6 adds 50 to every other player (V5.8.2), going
out with 0-0 makes every other player a goat and ends the match before any writing (V5.8.3), and
a 0-0 left in hand makes its holder a goat after the round's writing (V5.8.4).

The score sheet's ``notes``:

* ``six_six_out`` (bool): the round was won by going out with 6-6 (V5.8.2);
* ``blank_out`` (bool): the round was won by going out with 0-0: nothing was written, every
  other player is a goat (V5.8.3);
* ``blank_in_hand`` (list of seats): the player left holding 0-0, a goat (V5.8.4; empty with
  ``blank_in_hand=value``, or when nobody held it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypedDict

from ..actions import placements
from ..cross import CrossConfig
from ..options import Rules
from ..results import Outcome
from ..round import RoundState
from ..scoring import RoundScore, score_round
from ..tiles import tile_set
from .base import MatchState, Option, Settled, Sheet, Variant
from .kozel import GOAT_PRICE, Kozel, decide_end, end, kozel_costs, kozel_prices, with_after


class Notes(TypedDict):
    """The score sheet's notes of every round (the module's docstring says each one)."""

    six_six_out: bool
    blank_out: bool
    blank_in_hand: list[int]


PRESETS: dict[str, dict[str, Any]] = {
    "chechevo": {"variant": "chechevo", "players": 4, "hand_size": 0, "target": 102}
}
SIX_SIX_OUT = 50  # V5.8.2: written to every other player when a player goes out with 6-6


class Chechevo(Kozel):
    score_unit = "points"  # its search measures its own scale
    options = {  # noqa: RUF012
        "blank_in_hand": Option("goat", ("goat", "value"), help="V5.8.4"),
        "six_six_in_hand": Option(50, (12, 50), help="V5.8.1"),
    }
    fixed = {"pairs": False}  # noqa: RUF012
    refused = ("double_pair", "finish_bonus", "big_alone")

    def __init__(self) -> None:
        super().__init__("chechevo")

    def check(self, rules: Rules) -> None:
        """V5.1: each for themselves; Козёл's double pair and bonuses are replaced (V5.5, V5.8)."""
        super().check(rules)

    def auto_hand(self, players: int) -> int:
        """V5.2: 7 each with two or three players, 6 each with four."""
        return 6 if players == 4 else 7

    def config(self, rules: Rules) -> CrossConfig:
        """V5.4, V5.5: closed doubles after the base, several doubles at once."""
        return _CONFIG

    def settle(self, match: MatchState, state: RoundState) -> Settled:
        r = match.rules
        special = _specials(r, state)
        if special.blank_out:  # V5.8.3, V5.D5: the match ends before any writing
            score = score_round(r, match.standings, match.carry, state, special.extra)
            score = _unwritten(score)
            standings = match.standings
            out = r.side_of(state.went_out)
            goats = tuple(s for s in range(r.sides) if s != out and not standings[s].out)
            everyone = tuple(s for s in range(r.sides) if s != out)
            outcome = end(r, standings, goats=everyone, winners=(out,))
            return Settled(
                score, standings, match.carry, match.extra, goats, outcome, special.notes
            )
        score = score_round(r, match.standings, match.carry, state, special.extra)
        standings = tuple(line.after for line in score.lines)
        found: Outcome | None
        goats, found, standings = decide_end(r, standings, len(match.results) + 1)
        if goats and r.match_end == "last_standing":  # the sheet shows who dropped out (F13)
            score = with_after(score, standings)
        if special.blank_in_hand:  # V5.8.4: after the writing, the holder is a goat too
            goats = tuple(sorted({*goats, *(r.side_of(s) for s in special.blank_in_hand)}))
            dropped = (s for s, st in enumerate(standings) if st.out)  # earlier goats (F13)
            found = end(r, standings, goats=tuple(sorted({*goats, *dropped})))
        return Settled(
            score, standings, score.carry_after, match.extra, goats, found, special.notes
        )

    round_parts = Variant.round_parts  # it counts its own way: not Козёл's one count

    def round_costs(self, before: Sheet, state: RoundState) -> list[float]:
        """Козёл's costs of the round's writing (:func:`.kozel.kozel_costs`) with the 6-6
        points, plus the goat's price for every player a 0-0 makes a goat (V5.8.3, V5.8.4)."""
        return _with_blank_goats(before, state, kozel_costs)

    def round_prices(self, before: Sheet, state: RoundState) -> list[float]:
        """The goat's prices within :meth:`round_costs`: a 0-0 going out makes every other
        player the goat, one left in a hand its holder (V5.8.3, V5.8.4)."""
        return _with_blank_goats(before, state, kozel_prices)


def _with_blank_goats(
    before: Sheet,
    state: RoundState,
    count: Callable[[Rules, RoundScore], list[float]],
) -> list[float]:
    """``count`` (Козёл's costs or their goat's part) of the round's writing with the 6-6
    points, and the goat's price for every player a 0-0 makes a goat (V5.8.3, V5.8.4): the
    costs and the prices differ only in what is counted, not in who the 0-0 makes the goat."""
    rules = before.rules
    special = _specials(rules, state)
    score = score_round(rules, before.standings, before.carry, state, special.extra)
    if special.blank_out:
        out = rules.side_of(state.went_out)
        return [0.0 if s == out else GOAT_PRICE for s in range(rules.sides)]
    values = count(rules, score)
    for seat in special.blank_in_hand:
        side = rules.side_of(seat)
        line = score.lines[side]
        if not line.after.written >= rules.target > line.before.written:
            values[side] += GOAT_PRICE
    return values


@dataclasses.dataclass(frozen=True)
class _Specials:
    extra: tuple[int, ...]  # per side: 6-6 points beyond its pips (V5.8.1, V5.8.2)
    blank_out: bool
    six_six_out: bool
    blank_in_hand: tuple[int, ...]

    @property
    def notes(self) -> Notes:
        return Notes(
            six_six_out=self.six_six_out,
            blank_out=self.blank_out,
            blank_in_hand=list(self.blank_in_hand),
        )


def _specials(r: Rules, state: RoundState) -> _Specials:
    """What the two special doubles did this round (V5.8.1-V5.8.4)."""
    ts = tile_set(r.set_top)
    blank, top = ts.double_of[0], ts.double_of[ts.top]
    last = _finishing_tiles(state) if state.went_out >= 0 else ()
    blank_out = blank in last
    six_six_out = top in last and not blank_out  # V5.D5: 0-0 and 6-6 together is a 0-0 finish
    extra = [0] * r.sides
    worth = int(r.opt("six_six_in_hand"))
    for seat in state.seats:
        if state.hands[seat] >> top & 1:
            extra[r.side_of(seat)] += worth - ts.pips[top]  # V5.8.1, V5.D2
        if six_six_out and seat != state.went_out:
            extra[r.side_of(seat)] += SIX_SIX_OUT  # V5.8.2
    holders: tuple[int, ...] = ()
    if r.opt("blank_in_hand") == "goat" and not blank_out:
        # V5.8.4: a 0-0 taken with the boneyard on a fish (K4.4) was never its taker's to play
        holders = tuple(s for s in state.seats if (state.hands[s] & ~state.taken) >> blank & 1)
    return _Specials(tuple(extra), blank_out, six_six_out, holders)


def _finishing_tiles(state: RoundState) -> tuple[int, ...]:
    """The tiles of the move that went out: one tile, or every double of a several-doubles move
    (V5.8.2 «одним из последних дублей»). A fast playout records no events: then the last tile."""
    last_tile = state.placed[-1][0]
    if state.history and state.history[-1].tile == last_tile and state.history[-1].code >= 0:
        return tuple(p.tile for p in placements(state.history[-1].code))
    return (last_tile,)


def _unwritten(score: RoundScore) -> RoundScore:
    """The sheet of a round that writes nothing (V5.8.3): the hands are shown, nobody's
    standing changes, the carry-over stays."""
    lines = tuple(
        dataclasses.replace(line, round_points=0, carry_paid=0, after=line.before, cleared=0)
        for line in score.lines
    )
    return dataclasses.replace(
        score,
        lines=lines,
        carry_after=score.carry_before,
        carry_paid_to=-1,
        tie=False,
    )


_CONFIG = CrossConfig(closed_doubles=True, several=4)
VARIANT = Chechevo()
