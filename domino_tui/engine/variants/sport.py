"""Спортивное домино (docs/variants/sport.md, V6): pairs, rotating leads, N deals, winner writes.

Козёл in pairs on the two-ended line, 7 tiles each and no boneyard. The first round is led by
1-1, then the lead rotates (``later_leads=rotate``, F19). The pair of the player who goes out
writes the other pair's sum of hands on its own account (V6.8.2); a fish is won by the pair with
the smaller sum, which writes the other pair's sum (``pair_fish=all``: both sums), and an equal
fish writes nothing (V6.7). There are no remembered points, no threshold, no carry-over. After N
deals (``match_end=rounds:N``, N a multiple of 4) the pair that has written more wins; equal
totals are a draw (V6.9).

The sheet. ``Standing.written`` is the pair's written total (it only grows; "opened" once it
has written anything). The round's :class:`~..scoring.SideLine` has the pair's ``hand_points``
(its hands, K6.1 values) and ``round_points`` = what it writes this round. ``RoundScore.tie``
marks the equal fish (nothing written, nothing carried). The running state ``extra`` is
``{"deals": deals played so far}``.

``notes`` of each round:

* ``writer``: the pair that wrote this round, or -1 (an equal fish);
* ``points``: what it wrote;
* ``tie``: True for the equal fish («рыба с яйцами»);
* ``deals_left``: deals still to play after this one;
* ``ended``: ``"deals"`` when this was the last deal, else None.

The outcome: the pair with more written wins, the other pair is the goat; ratings 1 and 0
(a draw: no goat, no winner, 1 each).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, TypedDict

from ..options import Rules, RulesError
from ..results import Outcome
from ..round import RoundState
from ..scoring import RoundScore, SideLine, Standing, hand_value
from .base import MatchState, Settled, Sheet, Variant


class Ended(StrEnum):
    """How a спортивное match ends (``Notes.ended``)."""

    DEALS = "deals"  # V6.9: every deal played


class Notes(TypedDict):
    """The score sheet's notes of every round (the module's docstring says each one)."""

    writer: int
    points: int
    tie: bool
    deals_left: int
    ended: Ended | None


PRESETS: dict[str, dict[str, Any]] = {
    "sport": {
        "variant": "sport",
        "players": 4,
        "pairs": True,
        "later_leads": "rotate",
        "match_end": "rounds:8",
    }
}

# round_costs, in pips: losing the match in its last deal outweighs any deal's points.
MATCH_PRICE = 150.0


class Sport(Variant):
    score_kind = "gained"
    name = "sport"
    remembers = False
    fish_modes = False
    plays_to_target = False  # V6: a number of deals
    score_unit = "points"
    more_ends = ("rounds:4", "rounds:12", "rounds:16")  # V6.9: a multiple of 4 deals
    fixed = {  # noqa: RUF012
        "players": 4,
        "pairs": True,
        "set_top": 6,
        "hand_size": 7,
        "later_leads": "rotate",
        "partner_leads": False,
    }
    refused = ("target", "open_threshold", "double_pair", "finish_bonus", "fish")

    def check(self, rules: Rules) -> None:
        super().check(rules)
        n = rules.rounds_limit
        if n is None or n % 4:
            raise RulesError(
                f"sport is played over a number of deals that is a multiple of 4 "
                f"(match_end=rounds:4, rounds:8 …), not match_end={rules.match_end}"
            )

    def initial_extra(self, rules: Rules) -> dict[str, Any]:
        return {"deals": 0}

    def settle(self, match: MatchState, state: RoundState) -> Settled:
        r = match.rules
        before = match.standings
        seat_points = tuple(hand_value(r, state.hands[s]) for s in range(r.players))
        pts = (seat_points[0] + seat_points[2], seat_points[1] + seat_points[3])
        writer, points = write(r, state, pts)
        tie = writer < 0
        after = tuple(
            Standing(st.written + points, 0, True, False) if s == writer else st
            for s, st in enumerate(before)
        )
        out = state.went_out % 2 if state.went_out >= 0 else -1
        lines = tuple(
            SideLine(
                side=s,
                hand_points=pts[s],
                round_points=points if s == writer else 0,
                carry_paid=0,
                before=before[s],
                after=after[s],
                cleared=0,
                went_out=s == out,
            )
            for s in range(2)
        )
        score = RoundScore(lines, seat_points, 0, 0, -1, tie)
        deals = int(match.extra.get("deals", 0)) + 1
        limit = r.rounds_limit or 0
        outcome = _outcome(after) if deals >= limit else None
        goats = outcome.goats if outcome is not None else ()
        notes = Notes(
            writer=writer,
            points=points,
            tie=tie,
            deals_left=max(0, limit - deals),
            ended=Ended.DEALS if outcome is not None else None,
        )
        return Settled(score, after, 0, {"deals": deals}, goats, outcome, notes)

    def round_costs(self, before: Sheet, state: RoundState) -> list[float]:
        """Minus what each pair writes (so the difference of two pairs' costs is the written
        difference in pips); in the last deal the pair that then has written less (the goat)
        pays :data:`MATCH_PRICE` more."""
        rules, standings, extra = before.rules, before.standings, before.extra
        costs = [0.0, 0.0]
        hands = state.hands
        pts = (
            hand_value(rules, hands[0]) + hand_value(rules, hands[2]),
            hand_value(rules, hands[1]) + hand_value(rules, hands[3]),
        )
        writer, points = write(rules, state, pts)
        if writer >= 0:
            costs[writer] = -float(points)
        if int(extra.get("deals", 0)) + 1 >= (rules.rounds_limit or 0):
            final = [standings[0].written, standings[1].written]
            if writer >= 0:
                final[writer] += points
            if final[0] != final[1]:
                costs[0 if final[0] < final[1] else 1] += MATCH_PRICE
        return costs


def write(rules: Rules, state: RoundState, pts: tuple[int, int]) -> tuple[int, int]:
    """V6.7, V6.8.2: the pair that writes this round and what it writes, from the pairs' sums
    of hands; (-1, 0) for an equal fish."""
    if state.went_out >= 0:
        writer = state.went_out % 2
        return writer, pts[1 - writer]
    if pts[0] == pts[1]:
        return -1, 0
    writer = 0 if pts[0] < pts[1] else 1
    points = pts[0] + pts[1] if rules.pair_fish == "all" else pts[1 - writer]
    return writer, points


def _outcome(standings: tuple[Standing, ...]) -> Outcome:
    """V6.9: more written wins; equal totals are a draw."""
    a, b = standings[0].written, standings[1].written
    if a == b:
        return Outcome(goats=(), winners=(), ratings=(1, 1))
    winner = 0 if a > b else 1
    ratings = (1, 0) if winner == 0 else (0, 1)
    return Outcome(goats=(1 - winner,), winners=(winner,), ratings=ratings)


VARIANT = Sport()
