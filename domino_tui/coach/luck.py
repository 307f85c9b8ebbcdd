"""Luck, apart from skill: what the deal, the draws and the other players' moves gave a seat
against the average, in the variant's points of one round, judged from that seat's view only.

The value of a position for a seat is the mean outcome of the round when the hidden tiles are
guessed from the seat's view and every seat then plays the bots' default policy to the end (the
sampler and playout the review uses, so luck and mistakes are in the same currency). Values are
relative (the others' mean cost minus one's own).

Like GNU Backgammon's luck, a round is a chain of values that ends in its real outcome, and each
step of the chain is either the seat's own choice (skill: the review's loss) or not (luck):

- the deal: the value of the seat's first view (the leader's before its lead, the others' once
  it is on the table) minus what fresh deals at the same standings are worth
  (:func:`deal_baseline`: a seat one round from the goat expects to lose points whatever it is
  dealt; that is the score, not the deal), so an average deal is worth 0;
- its own draws and forced moves: the value just after minus the value just before;
- the others' moves and draws (what they held, and how well they played), as the seat saw
  them, and at the end the hands shown;
- its own choices: a position where the seat chooses is worth its best move, that is the move
  played plus the review's loss, so the step out of it costs the loss.

So a round's **result** against what the standings let the seat expect is its luck minus its
losses to mistakes, up to the noise of the estimate at its own choices (the value after a move
is measured twice, as the move's value and as the next position's: their difference is the
:attr:`Luck.residual`, zero on average, with its standard error). That is the identity
``result = luck - loss + residual`` the report states and the tests check.

The goat's price is a part of every value (:meth:`Evaluator.seat_prices`): :attr:`Luck.price`
and :attr:`Luck.result_price` are that part, so that a player reads the points of the round and
the goat apart.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context

from ..bots.evaluate import Evaluator
from ..bots.explain import distinct_moves
from ..bots.rollout import POLICIES
from ..bots.sampler import Sampler
from ..bots.search import decision_rng
from ..engine.deal import Deal
from ..engine.match import Match
from ..engine.round import RoundState
from ..engine.rules import Rules
from ..engine.view import SeatView, seat_view
from .review import Decision

BUDGET = 400  # playouts per position


@dataclass(frozen=True)
class Value:
    mean: float
    error: float  # standard error of the mean
    price: float = 0.0  # the goat's price within the mean


@dataclass(frozen=True)
class Luck:
    """One seat's luck in one round and the round's result, with standard errors; every figure
    in points of the round, the goat's price included (its part is ``price``)."""

    round: int
    seat: int
    deal: float  # the deal against the fresh deals at the same standings
    draws: float  # the seat's own draws and forced moves
    error: float  # standard error of the total
    others: float = 0.0  # the others' moves and draws, as the seat saw them
    price: float = 0.0  # the goat's price within the total
    result: float = 0.0  # the round's outcome against what the standings let the seat expect
    result_price: float = 0.0  # the goat's price within the result
    residual: float = 0.0  # result - (total - the review's losses): the estimate's noise
    residual_error: float = 0.0  # its standard error

    @property
    def total(self) -> float:
        return self.deal + self.draws + self.others

    @property
    def points(self) -> float:
        """The luck in points of play, the goat's price left out."""
        return self.total - self.price


def _guess(sampler: Sampler, view: SeatView, rng: random.Random) -> RoundState:
    """A guessed deal. Before the lead, a view shows what may be led only to the leader (the
    lead mask is its own hand's), so from another seat the guess lets the leader lead any
    tile it holds: an approximation :func:`match_luck` does not need (it values the other
    seats' deal once the lead is on the table)."""
    state = sampler.state(rng)
    if not view.placed and view.turn != view.seat:
        state.lead_mask = state.hands[state.turn]
    return state


def position_value(
    view: SeatView, *, seed: int = 0, budget: int = BUDGET, first: int | None = None
) -> Value:
    """The mean value of the position for ``view.seat`` over guessed deals played out (with
    ``first``, that move of the seat to move is made first), by the review's sampler and
    playout. The review's exact endgame is left out: the chain only ever subtracts these
    values from one another (a move's and the next position's), so they need to agree with
    each other, and plain playouts keep the luck a small part of a review's time."""
    rng = decision_rng(seed, view)
    sampler = Sampler(view)
    evaluator = Evaluator(view)
    playout = POLICIES["heavy"](view.rules)
    me = view.seat
    values, prices = [], []
    for _ in range(max(2, budget)):
        state = _guess(sampler, view, rng)
        if first is not None:
            state.apply_unchecked(first)
        if not state.over:
            playout(state, rng.random)
        value, price = evaluator.seat_parts(state)
        values.append(value[me])
        prices.append(price[me])
    return _value(values, prices)


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
    priced: dict[int, list[float]] = {s: [] for s in wanted}
    in_play = match.seats_in
    for _ in range(max(2, budget)):
        dealt = variant.deal(dealer, in_play)
        leader, mask = variant.lead(dealer, dealt, in_play)
        state = variant.start(rules, list(dealt.hands), list(dealt.boneyard), leader, mask, in_play)
        playout(state, rng.random)
        values, prices = evaluator.seat_parts(state)
        for s in wanted:
            found[s].append(values[s])
            priced[s].append(prices[s])
    return {s: _value(found[s], priced[s]) for s in wanted}


def _value(xs: list[float], prices: list[float]) -> Value:
    mean = sum(xs) / len(xs)
    var = sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)
    return Value(mean, math.sqrt(var / len(xs)), sum(prices) / len(prices))


@dataclass
class _Chain:
    """One seat's chain of values through one round, summed as it goes."""

    base: Value
    last: Value | None = None  # the value of the last position valued
    step: str = ""  # the seat's own step out of that position: "", "forced" or "choice"
    played: Value | None = None  # a choice: the value of the move played
    deal: float = 0.0
    draws: float = 0.0
    others: float = 0.0
    price: float = 0.0
    residual: float = 0.0
    residual_var: float = 0.0
    end_var: float = 0.0  # the last choice's value's variance, when the round ended on it

    def link(self, here: Value, end: bool = False) -> None:
        """The step from the last position valued to ``here``, to its bucket. At the round's
        ``end`` the hidden hands are shown: what a choice led to there is no estimate's noise
        but the others' tiles, so it is luck."""
        last = self.last
        if last is None:  # the round's first position: the deal
            self.deal = here.mean - self.base.mean
            self.price += here.price - self.base.price
        elif self.step == "choice" and self.played is not None and not end:  # skill, bar noise
            self.residual += here.mean - self.played.mean
            self.residual_var += here.error**2 + self.played.error**2
        elif self.step == "choice" and self.played is not None:
            self.others += here.mean - self.played.mean
            self.price += here.price - self.played.price
            self.end_var = self.played.error**2
        else:
            change = here.mean - last.mean
            if self.step == "forced":
                self.draws += change
            else:
                self.others += change
            self.price += here.price - last.price
        self.last, self.step, self.played = here, "", None

    def luck(self, number: int, seat: int, end: Value) -> Luck:
        error = math.sqrt(self.base.error**2 + end.error**2 + self.residual_var + self.end_var)
        return Luck(
            number,
            seat,
            self.deal,
            self.draws,
            error,
            others=self.others,
            price=self.price,
            result=end.mean - self.base.mean,
            result_price=end.price - self.base.price,
            residual=self.residual,
            residual_error=math.sqrt(self.residual_var),
        )


def _exact(then: Match, code: int, seat: int) -> Value:
    """The real outcome of the round that ``code`` ends, for ``seat``: no guess left."""
    final = then.round.copy()
    final.apply_unchecked(code)
    evaluator = Evaluator(seat_view(then, seat))
    return Value(evaluator.seat_values(final)[seat], 0.0, evaluator.seat_prices(final)[seat])


def _to_move(
    view: SeatView, code: int, decision: Decision | None, seed: int, budget: int
) -> tuple[Value, Value | None]:
    """The value of a position where the seat is to move, and the value of the move it played
    when it was a choice (None for a forced move). A choice is worth the best move's value:
    the move played's plus the review's loss (the goat's part read from the best move itself);
    a forced move is worth the position."""
    if len(distinct_moves(view)) < 2:
        return position_value(view, seed=seed, budget=budget), None
    played = position_value(view, seed=seed, budget=budget, first=code)
    loss = decision.loss if decision is not None and decision.counted else 0.0
    price = played.price
    if decision is not None and loss > 0 and decision.best != code:
        price = position_value(view, seed=seed, budget=budget, first=decision.best).price
    return Value(played.mean + loss, played.error, price), played


def match_luck(
    match: Match,
    seats: Iterable[int],
    decisions: Iterable[Decision] = (),
    *,
    seed: int = 0,
    budget: int = BUDGET,
    workers: int = 1,
) -> list[Luck]:
    """Each round's luck and result for each of ``seats``, in the order of the rounds.
    ``decisions``: the review of these seats' choices; only a counted one's loss is skill (as
    the report sums them), any other difference stays in the luck. Each round is a pure
    function of the match and the seeds, so ``workers`` processes value the rounds apart with
    the same figures."""
    wanted = tuple(sorted(set(seats)))
    given = tuple(decisions)
    deals = tuple(match.deals) if match.scripted else None
    actions = tuple(tuple(codes) for codes in match.actions)
    rounds = [n for n, codes in enumerate(actions, start=1) if codes]
    jobs = [
        (match.rules, match.seed, deals, actions, n, wanted, given, seed, budget) for n in rounds
    ]
    if workers > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(min(workers, len(jobs)), mp_context=get_context("spawn")) as pool:
            found = list(pool.map(_round_job, jobs))
    else:
        found = [_round_job(job) for job in jobs]
    return [x for part in found for x in part]


_Job = tuple[
    Rules, int, tuple[Deal, ...] | None, tuple[tuple[int, ...], ...], int, tuple[int, ...],
    tuple[Decision, ...], int, int,
]  # fmt: skip


def _round_job(job: _Job) -> list[Luck]:
    """Round ``number`` of the match replayed from its seed (or its recorded deals)."""
    rules, match_seed, deals, actions, number, wanted, given, seed, budget = job
    fresh = (
        Match(rules, match_seed, deals=iter(deals))
        if deals is not None
        else Match(rules, match_seed)
    )
    for codes in actions[: number - 1]:
        for code in codes:
            fresh.apply(code)
    judged = {(d.round, d.index): d for d in given if d.round == number}
    return round_luck(fresh, actions[number - 1], number, wanted, judged, seed, budget)


def round_luck(
    fresh: Match,
    codes: Iterable[int],
    number: int,
    wanted: Iterable[int],
    judged: dict[tuple[int, int], Decision],
    seed: int = 0,
    budget: int = BUDGET,
) -> list[Luck]:
    """The luck and result of the round ``fresh`` is about to play (``codes``, round
    ``number``) for each of ``wanted`` that sits in it; ``fresh`` is moved past the round."""
    codes = list(codes)
    seated = [s for s in wanted if s in fresh.seats_in]
    base = deal_baseline(fresh, seated, seed=seed, budget=budget)
    chains = {s: _Chain(base[s]) for s in seated}
    ends: dict[int, Value] = {}
    for i, code in enumerate(codes):
        turn = fresh.turn
        for s, chain in chains.items():
            if s == turn:
                view = seat_view(fresh, s)
                here, played = _to_move(view, code, judged.get((number, i)), seed, budget)
                chain.link(here)
                chain.step, chain.played = ("choice" if played else "forced"), played
            elif (chain.last is None and i) or chain.step:
                # the deal, seen once the lead is on the table (before it, only the leader
                # knows what may be led), or the position just after the seat's own step
                chain.link(position_value(seat_view(fresh, s), seed=seed, budget=budget))
        if i == len(codes) - 1 and _ends(fresh, code):
            ends = {s: _exact(fresh, code, s) for s in chains}
        fresh.apply(code)
    out = []
    for s, chain in chains.items():
        end = (
            ends[s] if s in ends else position_value(seat_view(fresh, s), seed=seed, budget=budget)
        )
        chain.link(end, end=True)
        out.append(chain.luck(number, s, end))
    return out


def _ends(then: Match, code: int) -> bool:
    """Whether ``code`` ends the round in play."""
    final = then.round.copy()
    final.apply_unchecked(code)
    return final.over
