"""Телефон, Маггинс, Все тройки (docs/variants/telefon.md, V3): points during play on the cross.

Every play that makes the open ends a positive multiple of 5 (3) scores at once (V3.8.1,
V3.8.2: :func:`Telefon.config`'s scorer writes ``CrossState.scored`` and ``score_log``); the
round's winner adds a bonus from the other hands (V3.8.3, V3.8.4), or under
``settle=loser_pays`` everyone writes their own hand off (V3.8.5); the first side to the target
with the single highest score wins the match (V3.9).

The score sheet's ``notes`` (:class:`~.base.Settled`) hold:

* ``play``: per side, the points scored during play this round (pairs: both partners);
* ``plays``: every scoring play of the round, ``[seat, count, points]``, in order;
* ``bonus``: per side, the going-out or fish bonus (V3.8.3, V3.8.4; 0 under ``loser_pays``);
* ``paid``: per side, the hand written off under ``loser_pays`` before the floor at 0 (V3.8.5);
* ``fish_winner``: the side with the single lowest hand after a fish (V3.7), else -1;
* ``lot``: the tiles drawn for the first lead, one per seat (V3.3.2), in the first round of a
  match led by lot; otherwise None;
* ``ended``: ``"target"`` or ``"rounds"`` when the match ended with this round, else None.

``extra`` (the match's running state) is ``{"lot": [tile per seat] | None}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any, TypedDict

from ..cross import CrossConfig, CrossState, end_count
from ..deal import Deal, forced_lead
from ..options import Rules, RulesError
from ..results import Outcome
from ..round import RoundState
from ..scoring import RoundScore, SideLine, Standing
from ..tiles import tile_set
from .base import MatchState, Option, Settled, Sheet, Variant

WIN_SHARE = 0.5  # the search bots' price of winning (losing) the match, in targets


class Ended(StrEnum):
    """How a Телефон match ends (``Notes.ended``)."""

    TARGET = "target"  # V3.9: the target reached
    ROUNDS = "rounds"  # rounds:N played


class Notes(TypedDict):
    """The score sheet's notes of every round (the module's docstring says each one)."""

    play: list[int]
    plays: list[list[int]]
    bonus: list[int]
    paid: list[int]
    fish_winner: int
    lot: list[int] | None
    ended: Ended | None


_COMMON: dict[str, Any] = {
    "variant": "telefon",
    "players": 2,
    "redeal": "none",
    "fish_takes_boneyard": False,
    "blank_alone": 0,
    "lead_rule": "lowest_double",
}
PRESETS: dict[str, dict[str, Any]] = {
    "telefon": {**_COMMON, "boneyard_reserve": 2, "target": 72},
    "muggins": {
        **_COMMON,
        "hand_size": 0,
        "target": 200,
        "play_points": "full",
        "cross": "four",
        "several_doubles": False,
        "lead": "lot",
        "hand_units": "points",
        "hand_round": "nearest",
    },
    "all-threes": {
        **_COMMON,
        "hand_size": 0,
        "target": 200,
        "multiple": 3,
        "play_points": "full",
        "cross": "four",
        "several_doubles": False,
        "lead": "lot",
        "hand_units": "points",
        "hand_round": "nearest",
    },
}


@dataclass(frozen=True)
class _Sheet:
    """One finished round by V3.7-V3.8, per side."""

    hand: tuple[int, ...]  # pips left in the side's hands
    play: tuple[int, ...]  # points scored during play (V3.8.2)
    bonus: tuple[int, ...]  # going out / fish (V3.8.3, V3.8.4)
    paid: tuple[int, ...]  # written off under loser_pays (V3.8.5)
    after: tuple[int, ...]  # the written score after the round
    winner: int  # the side that went out or won the fish, or -1
    fish_winner: int  # V3.7: the side with the single lowest hand, or -1


class Telefon(Variant):
    score_kind = "gained"
    name = "telefon"
    remembers = False
    fish_modes = False  # V3.8.4: its own fish
    score_unit = "points"
    options = {  # noqa: RUF012
        "multiple": Option(5, (3, 5), help="V3.8.2: a count that is a multiple of this scores"),
        "play_points": Option("divided", ("divided", "full"), help="V3.8.2"),
        "cross": Option("four", ("four", "played"), help="V3.8.1"),
        "several_doubles": Option(True, help="V3.5.2: up to four doubles in one move"),
        "lead": Option("lowest_double", ("lowest_double", "lot"), help="V3.3"),
        "out_bonus": Option("hands", ("hands", "ten"), help="V3.8.3"),
        "hand_units": Option("fives", ("fives", "points"), help="V3.8.3"),
        "hand_round": Option("up", ("up", "nearest"), help="V3.8.3: hands to a multiple of 5"),
        "fish_subtract": Option(True, help="V3.8.4"),
        "settle": Option("winner", ("winner", "loser_pays"), help="V3.8.5"),
    }
    fixed = {"lead_rule": "lowest_double", "blank_alone": 0, "fish_takes_boneyard": False}  # noqa: RUF012
    refused = (
        "fish",
        "pair_fish",
        "open_threshold",
        "finish_bonus",
        "big_alone",
        "one_one_15",
        "double_pair",
        "later_leads",
        "partner_leads",
    )

    def check(self, rules: Rules) -> None:
        super().check(rules)
        if rules.match_end == "last_standing":
            raise RulesError(
                "telefon ends when a side reaches the target (match_end=target) "
                "or after rounds:N; last_standing has no meaning in it"
            )

    def config(self, rules: Rules) -> CrossConfig:
        return _config(rules)

    def initial_extra(self, rules: Rules) -> dict[str, Any]:
        return {"lot": None}

    # --- a new round ----------------------------------------------------------------------------
    def lead(self, match: MatchState, dealt: Deal, seats: tuple[int, ...]) -> tuple[int, int]:
        """V3.3: the first round 0-0, then the lowest double (V3.3.1), or by lot (V3.3.2); later
        rounds the previous round's winner, any tile (V3.3.3)."""
        r = match.rules
        hands = dealt.hands
        if match.results:
            last = match.results[-1]
            if last.went_out >= 0:
                seat = last.went_out
            else:
                side = int(last.notes.get("fish_winner", -1))
                seat = last.fisher if side < 0 else _fish_seat(r, side, last.fisher, last.hands)
            return seat, hands[seat]
        if r.opt("lead") == "lot":
            lot, seat = draw_lot(r, match.rng, seats)
            match.extra = {**match.extra, "lot": lot}
            return seat, hands[seat]
        seat, tile = forced_lead(r, hands, seats)
        return seat, 1 << tile

    # --- the end of a round ---------------------------------------------------------------------
    def settle(self, match: MatchState, state: RoundState) -> Settled:
        assert isinstance(state, CrossState)
        r = match.rules
        sheet = score_sheet(r, match.standings, state)
        standings = tuple(
            Standing(after, 0, st.opened or after > 0, False)
            for st, after in zip(match.standings, sheet.after, strict=True)
        )
        lines = tuple(
            SideLine(
                side=side,
                hand_points=sheet.hand[side],
                round_points=sheet.after[side] - match.standings[side].written,
                carry_paid=0,
                before=match.standings[side],
                after=standings[side],
                cleared=0,
                went_out=side == sheet.winner and state.went_out >= 0,
            )
            for side in range(r.sides)
        )
        ts = tile_set(r.set_top)
        seat_points = tuple(
            ts.pip_sum(state.hands[s]) if s in state.seats else 0 for s in range(r.players)
        )
        tie = state.fish and sheet.fish_winner < 0
        score = RoundScore(lines, seat_points, match.carry, match.carry, -1, tie)
        goats, winners, ended = match_end(r, sheet.after, len(match.results) + 1)
        outcome = None
        if ended is not None:
            ratings = tuple(0 if side in goats else 1 for side in range(r.sides))
            outcome = Outcome(goats=goats, winners=winners, ratings=ratings)
        unit = int(r.opt("multiple")) if r.opt("play_points") == "divided" else 1
        notes = Notes(
            play=list(sheet.play),
            plays=[[seat, points * unit, points] for seat, _, points in state.score_log],
            bonus=list(sheet.bonus),
            paid=list(sheet.paid),
            fish_winner=sheet.fish_winner,
            lot=match.extra.get("lot") if not match.results else None,
            ended=ended,
        )
        return Settled(score, standings, match.carry, dict(match.extra), goats, outcome, notes)

    def round_costs(self, before: Sheet, state: RoundState) -> list[float]:
        """Per side: minus its gain this round (play points already made plus the end of the
        round) plus the mean of the others' gains; reaching the target with the single highest
        score is worth half a target more, and costs every other side as much."""
        rules, standings = before.rules, before.standings
        assert isinstance(state, CrossState)
        sheet = score_sheet(rules, standings, state)
        n = rules.sides
        gains = [sheet.after[s] - standings[s].written for s in range(n)]
        total = sum(gains)
        costs = [-g + (total - g) / (n - 1) for g in gains]
        if rules.rounds_limit is None and max(sheet.after) >= rules.target:
            _, winners, _ = match_end(rules, sheet.after, 0)
            price = WIN_SHARE * rules.target
            for s in winners:
                costs[s] -= price
            for s in range(n):
                if s not in winners and winners:
                    costs[s] += price
        return costs


def draw_lot(rules: Rules, rng: Any, seats: tuple[int, ...]) -> tuple[list[int], int]:
    """V3.3.2: every seat draws a tile of the shuffled set (seats out draw none, -1); the
    lowest tile (pip total, then the lower high half, F2) leads. Returns the tiles and the seat."""
    ts = tile_set(rules.set_top)
    order = list(range(ts.count))
    rng.shuffle(order)
    lot = [-1] * rules.players
    for i, seat in enumerate(seats):
        lot[seat] = order[i]
    leader = min(seats, key=lambda s: (ts.pips[lot[s]], ts.hi[lot[s]]))
    return lot, leader


def _fish_seat(rules: Rules, side: int, fisher: int, hands: tuple[int, ...]) -> int:
    """V3.3.3: who leads for the side that won a fish: the player; in pairs the fisher if they
    are of that pair, else the partner holding fewer pips (the lower seat on a tie)."""
    seats = rules.seats_of(side)
    if fisher in seats:
        return fisher
    ts = tile_set(rules.set_top)
    return min(seats, key=lambda s: (ts.pip_sum(hands[s]), s))


@dataclass(frozen=True)
class _Params:
    loser_pays: bool
    ten: bool
    fives: bool
    up: bool
    subtract: bool


@cache
def _params(rules: Rules) -> _Params:
    return _Params(
        loser_pays=rules.opt("settle") == "loser_pays",
        ten=rules.opt("out_bonus") == "ten",
        fives=rules.opt("hand_units") == "fives",
        up=rules.opt("hand_round") == "up",
        subtract=bool(rules.opt("fish_subtract")),
    )


def _convert(p: _Params, pips: int) -> int:
    """V3.8.3: pips to a multiple of 5 (up, or to the nearest: 1-2 down, 3-4 up), then in
    fives if ``hand_units=fives``."""
    rounded = -(-pips // 5) * 5 if p.up else (pips + 2) // 5 * 5
    return rounded // 5 if p.fives else rounded


def score_sheet(rules: Rules, standings: tuple[Standing, ...], state: CrossState) -> _Sheet:
    """V3.7-V3.8.5: what each side scores in a finished round (pure arithmetic, also run by the
    search bots after every playout)."""
    ts = tile_set(rules.set_top)
    n = rules.sides
    hands = state.hands
    scored = state.scored
    hand = [0] * n
    play = [0] * n
    for seat in state.seats:
        side = rules.side_of(seat)
        hand[side] += ts.pip_sum(hands[seat])
        play[side] += scored[seat]
    total = sum(hand)
    low = min(hand)
    fish_winner = -1
    if state.fish and hand.count(low) == 1:
        fish_winner = hand.index(low)
    winner = rules.side_of(state.went_out) if state.went_out >= 0 else fish_winner
    bonus = [0] * n
    paid = [0] * n
    after = [st.written + p for st, p in zip(standings, play, strict=True)]
    p = _params(rules)
    if p.loser_pays:
        for side in range(n):
            paid[side] = hand[side] // 5 if p.fives else hand[side] // 5 * 5
            after[side] = max(0, after[side] - paid[side])
    elif winner >= 0:
        others = total - hand[winner]
        if state.went_out >= 0:
            got = 10 if p.ten else _convert(p, others)
        else:
            got = _convert(p, others - hand[winner] if p.subtract else others)
        bonus[winner] = got
        after[winner] += got
    return _Sheet(
        tuple(hand), tuple(play), tuple(bonus), tuple(paid), tuple(after), winner, fish_winner
    )


def match_end(
    rules: Rules, written: tuple[int, ...], rounds_done: int
) -> tuple[tuple[int, ...], tuple[int, ...], Ended | None]:
    """V3.9: the goats, the winners and how the match ended (None: it goes on). The single
    highest score wins once a side reached the target (a tie for the highest plays on); under
    ``rounds:N`` after N rounds (a tie for the highest is a draw). The goats are every other side,
    or under ``settle=loser_pays`` the side(s) with the lowest score."""
    limit = rules.rounds_limit
    if limit is not None:
        if rounds_done < limit:
            return (), (), None
        ended = Ended.ROUNDS
    elif max(written) >= rules.target:
        ended = Ended.TARGET
    else:
        return (), (), None
    best = max(written)
    tops = [s for s, w in enumerate(written) if w == best]
    if len(tops) > 1:
        if ended is Ended.TARGET:
            return (), (), None
        return (), (), ended
    if _params(rules).loser_pays:
        worst = min(written)
        goats = tuple(s for s, w in enumerate(written) if w == worst)
    else:
        goats = tuple(s for s in range(len(written)) if s != tops[0])
    return goats, (tops[0],), ended


VARIANT = Telefon()


@cache
def _config(rules: Rules) -> CrossConfig:
    """One board configuration per rules: every round (and every guessed deal of a search bot)
    starts from it, so it is built once."""
    multiple = int(rules.opt("multiple"))
    four = rules.opt("cross") == "four"
    divided = rules.opt("play_points") == "divided"

    def scorer(s: CrossState) -> int:
        """V3.8.2: a positive multiple of ``multiple`` scores the count (``divided``: how
        many multiples it holds, the count ÷ 5 in Телефон)."""
        count = end_count(s, four)
        if count <= 0 or count % multiple:
            return 0
        return count // multiple if divided else count

    return CrossConfig(
        several=4 if rules.opt("several_doubles") else 1,
        first_covered=True,
        scorer=scorer,
        multiple=multiple,
        four=four,
        divided=divided,
    )
