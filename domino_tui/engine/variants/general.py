"""Генерал (docs/variants/general.md, V4): no points, rounds lost and generals per pair.

Every round is led with 1-1 (the preset's ``later_leads=same_as_first``) on a two-ended line
with double pairs (K3.4). When a player goes out, the next player in turn has lost the round
for their pair (V4.8.1); a finish with 0-0 and/or 6-6 (option ``general``, V4.8.2) makes that
loser a «генерал». A fish is void (V4.7). A pair that has lost ``losses`` rounds, or has been
given a general, leaves the table: it loses the match (V4.9); under ``match_end=rounds:N`` the
match lasts N counted rounds instead.

The sheet. ``Standing.written`` of a pair is the number of **rounds it has lost**; its
remembered total is always 0 and it counts as "opened" once it has lost a round. The round's
:class:`~..scoring.SideLine` gives ``round_points`` 1 to the pair that lost it (0 otherwise;
both 0 in a void round) and ``hand_points`` 0: hands are shown but not counted (V4.8.3); the
sheet's ``seat_points`` are 0 for the same reason. The running state ``extra`` is
``{"generals": [per pair], "counted": rounds counted so far (void rounds not)}``.

``notes`` of each round:

* ``loser``: the seat that lost the round, or -1 (a void round);
* ``general``: the loser's seat if they were made a general, else -1;
* ``finish``: the tile ids of the play that went out (one tile, or both doubles of a pair);
  empty in a void round;
* ``void``: True for a fish (V4.7);
* ``losses`` / ``generals``: per pair, after the round;
* ``ended``: how the match ended with this round — ``"general"``, ``"losses"`` (V4.9),
  ``"rounds"`` (``match_end=rounds:N``) — or None while it goes on.

The outcome: the pair that leaves is the goat, the other pair the winner, ratings 1 to the
winner and 0 to the goat (a draw under ``rounds:N``: no goat, no winner, 1 each).
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import Any, TypedDict

from ..options import Rules, RulesError
from ..results import Outcome
from ..round import RoundState
from ..scoring import RoundScore, SideLine, Standing, finishing_tiles
from ..tiles import DOUBLE_SIX
from .base import MatchState, Option, Settled, Sheet, Variant


class Ended(StrEnum):
    """How a Генерал match ends (``Notes.ended``): the pair given a general or with ``losses``
    rounds lost leaves (V4.9), or the ``rounds:N`` are played."""

    GENERAL = "general"  # V4.8.2: a «генерал»
    LOSSES = "losses"  # V4.9: a pair lost `losses` rounds
    ROUNDS = "rounds"  # rounds:N played


class Notes(TypedDict):
    """The score sheet's notes of every round (the module's docstring says each one)."""

    loser: int
    general: int
    finish: list[int]
    void: bool
    losses: list[int]
    generals: list[int]
    ended: Ended | None


PRESETS: dict[str, dict[str, Any]] = {
    "general": {
        "variant": "general",
        "players": 4,
        "pairs": True,
        "later_leads": "same_as_first",
        "double_pair": True,
    }
}

# round_costs, in rounds lost: a general under rounds:N outweighs several lost rounds (fewer
# generals decides the match first); losing the match outweighs everything a round can bring.
GENERAL_WEIGHT = 4.0
MATCH_PRICE = 12.0
BLANK, TOP = DOUBLE_SIX.double_of[0], DOUBLE_SIX.double_of[6]  # 0-0 and 6-6 (set_top is 6)


class General(Variant):
    score_kind = "rounds"
    name = "general"
    remembers = False
    counts_hands = False  # V4: rounds lost, no pips counted
    fish_modes = False  # V4.7: a fish is void
    plays_to_target = False  # V4.9: losses or rounds
    score_unit = "points"
    options = {  # noqa: RUF012
        "general": Option(
            "either", ("either", "both", "blank"), help="V4.8.2: the finish that makes a general"
        ),
        "losses": Option(2, low=1, high=10, help="V4.9: rounds a pair may lose"),
    }
    fixed = {  # noqa: RUF012
        "players": 4,
        "pairs": True,
        "set_top": 6,
        "hand_size": 7,
        "later_leads": "same_as_first",
        "lead_rule": "kozel",
    }
    refused = (
        "fish",
        "pair_fish",
        "target",
        "open_threshold",
        "finish_bonus",
        "blank_alone",
        "big_alone",
        "one_one_15",
    )

    def check(self, rules: Rules) -> None:
        super().check(rules)
        if rules.match_end == "last_standing":
            raise RulesError(
                "general ends when a pair has lost its rounds or is given a general "
                "(match_end=target), or after N counted rounds (match_end=rounds:N); "
                "not last_standing"
            )

    def initial_extra(self, rules: Rules) -> dict[str, Any]:
        return {"generals": [0, 0], "counted": 0}

    def settle(self, match: MatchState, state: RoundState) -> Settled:
        r = match.rules
        before = match.standings
        generals = list(match.extra.get("generals", [0, 0]))
        counted = int(match.extra.get("counted", 0))
        losses = [st.written for st in before]
        loser = general = -1
        finish: list[int] = []
        if not state.fish:  # V4.7: a fish is void
            loser = state.nxt[state.went_out]  # V4.8.1
            finish = list(finishing_tiles(state))
            if makes_general(r, finish):  # V4.8.2
                general = loser
                generals[loser % 2] += 1
            losses[loser % 2] += 1
            counted += 1
        lost_side = loser % 2 if loser >= 0 else -1
        after = tuple(
            Standing(losses[s], 0, losses[s] > 0, False) if s == lost_side else before[s]
            for s in range(2)
        )
        lines = tuple(
            SideLine(
                side=s,
                hand_points=0,
                round_points=1 if s == lost_side else 0,
                carry_paid=0,
                before=before[s],
                after=after[s],
                cleared=0,
                went_out=not state.fish and s == state.went_out % 2,
            )
            for s in range(2)
        )
        score = RoundScore(lines, (0,) * r.players, 0, 0, -1, False)
        goat, ended = match_end(r, losses, generals, counted, general % 2 if general >= 0 else -1)
        outcome = None if ended is None else _outcome(goat)
        notes = Notes(
            loser=loser,
            general=general,
            finish=finish,
            void=bool(state.fish),
            losses=losses,
            generals=list(generals),
            ended=ended,
        )
        extra = {"generals": list(generals), "counted": counted}
        goats = (goat,) if goat >= 0 else ()
        return Settled(score, after, 0, extra, goats, outcome, notes)

    def round_costs(self, before: Sheet, state: RoundState) -> list[float]:
        """A lost round costs 1; a general costs the match under the sitting (V4.9) and
        :data:`GENERAL_WEIGHT` under ``rounds:N``; the round that ends the match costs the
        pair that leaves :data:`MATCH_PRICE` more. A void fish costs nothing."""
        rules, standings, extra = before.rules, before.standings, before.extra
        costs = [0.0, 0.0]
        if state.fish or state.went_out < 0:
            return costs
        mode, limit, rounds = _params(rules)
        side = state.nxt[state.went_out] % 2
        general = _general(mode, finishing_tiles(state))
        cost = 1.0
        if rounds is None:
            if general or standings[side].written + 1 >= limit:
                cost += MATCH_PRICE
            costs[side] = cost
            return costs
        if general:
            cost += GENERAL_WEIGHT
        if int(extra.get("counted", 0)) + 1 >= rounds:
            generals = list(extra.get("generals", [0, 0]))
            losses = [standings[0].written, standings[1].written]
            losses[side] += 1
            generals[side] += general
            goat = _rounds_goat(losses, generals)
            if goat >= 0:
                costs[goat] += MATCH_PRICE
        costs[side] += cost
        return costs


@cache
def _params(rules: Rules) -> tuple[str, int, int | None]:
    """The options round_costs reads after every playout: general, losses, rounds:N."""
    return str(rules.opt("general")), int(rules.opt("losses")), rules.rounds_limit


def makes_general(rules: Rules, finish: list[int] | tuple[int, ...]) -> bool:
    """V4.8.2: whether the tiles of the play that went out make the loser a general."""
    return _general(str(rules.opt("general")), finish)


def _general(mode: str, finish: list[int] | tuple[int, ...]) -> bool:
    blank = BLANK in finish
    top = TOP in finish
    if mode == "both":
        return blank and top
    if mode == "blank":
        return blank
    return blank or top


def match_end(
    rules: Rules, losses: list[int], generals: list[int], counted: int, general_side: int
) -> tuple[int, Ended | None]:
    """V4.9: the pair that leaves (-1: none, or a draw) and how the match ended (None: it goes
    on) after a round, from the pairs' rounds lost and generals (``general_side``: the pair
    given a general in this round, or -1)."""
    limit = rules.rounds_limit
    if limit is not None:
        if counted < limit:
            return -1, None
        return _rounds_goat(losses, generals), Ended.ROUNDS
    if general_side >= 0:
        return general_side, Ended.GENERAL
    most = int(rules.opt("losses"))
    for side in (0, 1):
        if losses[side] >= most:
            return side, Ended.LOSSES
    return -1, None


def _rounds_goat(losses: list[int], generals: list[int]) -> int:
    """``rounds:N``: more generals loses; equal, more rounds lost; equal again a draw (-1)."""
    if generals[0] != generals[1]:
        return 0 if generals[0] > generals[1] else 1
    if losses[0] != losses[1]:
        return 0 if losses[0] > losses[1] else 1
    return -1


def _outcome(goat: int) -> Outcome:
    if goat < 0:
        return Outcome(goats=(), winners=(), ratings=(1, 1))
    ratings = (0, 1) if goat == 0 else (1, 0)
    return Outcome(goats=(goat,), winners=(1 - goat,), ratings=ratings)


VARIANT = General()
