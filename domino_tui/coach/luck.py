"""Luck, separated from skill: how much better or worse than average the deal and the draws
left a seat, in the variant's points of one round, judged from that seat's view only.

The value of a position for a seat is the mean outcome of the round when the hidden tiles are
guessed from the seat's view and every seat then plays the bots' default policy to the end (the
evaluation the hint and the review use, so luck and mistakes are in the same currency). Values
are relative (the others' mean cost minus one's own), and a deal is judged against the deals
that could have come at the same score (a seat one round from the goat expects to lose points
whatever it is dealt; that is the score, not the deal):

- the deal's luck is the value of the seat's first view of the round, before any move, minus
  the mean value of fresh deals at the same standings (:func:`deal_baseline`), so an average
  deal is worth 0;
- a draw's luck is the value just after the seat drew (the tile now known) minus the value just
  before (when it was only expected).

Decisions move value too, but that is skill: the review (:mod:`.review`) measures it.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Iterable
from dataclasses import dataclass

from ..bots.evaluate import Evaluator
from ..bots.rollout import POLICIES
from ..bots.sampler import Sampler
from ..bots.search import decision_rng
from ..engine.actions import DRAW
from ..engine.match import Match
from ..engine.view import SeatView, seat_view
from .review import positions

BUDGET = 400  # playouts per position


@dataclass(frozen=True)
class Value:
    mean: float
    error: float  # standard error of the mean


@dataclass(frozen=True)
class Luck:
    """One seat's luck in one round: the deal and its own draws, with standard errors."""

    round: int
    seat: int
    deal: float
    draws: float
    error: float

    @property
    def total(self) -> float:
        return self.deal + self.draws


def position_value(view: SeatView, *, seed: int = 0, budget: int = BUDGET) -> Value:
    """The mean value of the position for ``view.seat`` over guessed deals played out."""
    rng = decision_rng(seed, view)
    sampler = Sampler(view)
    evaluator = Evaluator(view)
    playout = POLICIES["heavy"](view.rules)
    values = []
    for _ in range(max(2, budget)):
        state = sampler.state(rng)
        if not state.over:
            playout(state, rng.random)
        values.append(evaluator.seat_values(state)[view.seat])
    return _value(values)


def deal_baseline(
    match: Match, seats: Iterable[int], *, seed: int = 0, budget: int = BUDGET
) -> dict[int, Value]:
    """What ``seats`` expect of the round about to be dealt in ``match`` (standings, carry and
    who leads as they are), before anyone sees a tile: fresh deals played out by the default
    policy. Only public facts are used, so it is the same from every seat's view."""
    wanted = sorted(set(seats))
    rng = random.Random(f"luck-{seed}-{match.seed}-{len(match.results)}")
    rules, variant = match.rules, match.variant
    dealer = copy.copy(match)  # the same table with its own shuffles; the match keeps its own
    dealer.rng = rng
    evaluator = Evaluator(seat_view(match, match.turn))
    playout = POLICIES["heavy"](rules)
    found: dict[int, list[float]] = {s: [] for s in wanted}
    in_play = match.seats_in
    for _ in range(max(2, budget)):
        dealt = variant.deal(dealer, in_play)
        leader, mask = variant.lead(dealer, dealt, in_play)
        state = variant.start(rules, list(dealt.hands), list(dealt.boneyard), leader, mask, in_play)
        playout(state, rng.random)
        values = evaluator.seat_values(state)
        for s in wanted:
            found[s].append(values[s])
    return {s: _value(xs) for s, xs in found.items()}


def _value(xs: list[float]) -> Value:
    mean = sum(xs) / len(xs)
    var = sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)
    return Value(mean, math.sqrt(var / len(xs)))


def match_luck(
    match: Match, seats: Iterable[int], *, seed: int = 0, budget: int = BUDGET
) -> list[Luck]:
    """Each round's luck for each of ``seats``, in the order of the rounds."""
    wanted = sorted(set(seats))
    out: list[Luck] = []
    found: dict[int, list[float]] = {}  # seat -> [deal, draws, variance]
    current = 0

    def close() -> None:
        for seat, (deal, draws, var) in sorted(found.items()):
            out.append(Luck(current, seat, deal, draws, math.sqrt(var)))
        found.clear()

    pending: tuple[int, Value] | None = None  # a draw just made: (seat, value before it)
    for r, _i, then, code in positions(match):
        if pending is not None:  # the position right after the draw: the tile is known now
            seat, before = pending
            after = position_value(seat_view(then, seat), seed=seed, budget=budget)
            found[seat][1] += after.mean - before.mean
            found[seat][2] += before.error**2 + after.error**2
            pending = None
        if r != current:
            close()
            current = r
            base = deal_baseline(then, wanted, seed=seed, budget=budget)
            for seat in wanted:
                v = position_value(seat_view(then, seat), seed=seed, budget=budget)
                found[seat] = [v.mean - base[seat].mean, 0.0, v.error**2 + base[seat].error ** 2]
        if code == DRAW and then.turn in found:
            seat = then.turn
            pending = (seat, position_value(seat_view(then, seat), seed=seed, budget=budget))
    close()
    return out
