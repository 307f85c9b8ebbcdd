"""How much each decision gave up, measured from the deciding seat's view only.

A decision is reviewed the way the hint values moves (:func:`domino_tui.bots.explain.evaluate`):
every distinct legal move is played out on the same guessed deals of the hidden tiles, guessed
from what the seat could know (its hand, the table, knocks and draws), never from the real
hands, so the review only blames what the player could have seen. The loss of the move played
is the best move's mean value minus its own, in the variant's points per round, with the
standard error of that paired difference; a loss inside the noise is no loss.

Labels follow GNU Backgammon's words: an inaccuracy gives up at least 2 points, a mistake 5, a
blunder 12 (pips of one round in Козёл). They were checked against bots of known strength at one
table (``benchmarks/coach_calibrate.py``, six 4-player Козёл matches, every seat reviewed): of
their counted decisions the master lost 2 or more in 5%, 5 or more in 1.7%, 12 or more in none;
greedy in 29%, 10% and 1.8%; random in 48%, 28% and 11%. So greedy makes many mistakes, random
many blunders, and the master almost none.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from multiprocessing import get_context

from ..bots.explain import (
    MIN_GAP,
    NOISE,
    MoveValue,
    distinct_moves,
    evaluate,
    master_judge,
    noise,
)
from ..engine.actions import is_play
from ..engine.match import Match
from ..engine.view import SeatView, seat_view

# playouts per decision, shared among its moves, all of them on the same guessed deals, spent
# in BATCHES batches until the label is sure (SURE), a close call up to CLOSE times as many.
# benchmarks/coach.py (every seat of 4-player matches of greedy bots, two processes): 175
# decisions in 42 s, 283 in 80 s, one seat of them in a quarter of that; 98.9% of the
# decisions keep their label under another review seed (97.8% of the counted ones); the
# whole 6000 without batches kept 96-98% and took twice as long
REVIEW_BUDGET = 4000
# the tutor's budget: it answers before a move is laid, while the player waits (a clear move in
# a fraction of a second, a close call in a few), and it only ever speaks of a mistake or worse
TUTOR_BUDGET = 2000
BATCHES = 4  # the budget is spent in this many batches, stopping once the label is sure
CLOSE = 4  # ... and a call too close for a label gets this many times the budget
SURE = 3.0  # standard errors between a loss and every label's threshold, to stop early
# one batch's search: the master's guessed deals and endgame with heavy playouts
# (the playouts per batch set per review)
REVIEW = master_judge(REVIEW_BUDGET // BATCHES, policy="heavy")

# (label, least loss in points): the first whose threshold the loss reaches
LABELS: tuple[tuple[str, float], ...] = (("blunder", 12.0), ("mistake", 5.0), ("inaccuracy", 2.0))


@dataclass(frozen=True)
class Decision:
    """One reviewed choice: where it was, what was played, the best move and the loss."""

    round: int  # 1-based
    index: int  # the action's index in its round
    seat: int
    played: int
    best: int
    loss: float  # points given up against the best move (0 when within the noise)
    error: float  # standard error of the difference of the two moves
    label: str  # "", "inaccuracy", "mistake" or "blunder"
    counted: bool  # a real choice: more than one move, and not all of them as good


def label_of(loss: float) -> str:
    for name, least in LABELS:
        if loss >= least:
            return name
    return ""


def value_of(values: tuple[MoveValue, ...], played: int) -> MoveValue:
    """The value of the move played; a tile laid on the right when both ends show the same
    number is the same play as on the left (``distinct_moves`` keeps the left one)."""
    for v in values:
        if v.code == played:
            return v
    if is_play(played):
        for v in values:
            if v.code == played & ~1:
                return v
    raise ValueError(f"{played} is not a legal move here")


def _merged(parts: list[tuple[MoveValue, ...]]) -> tuple[MoveValue, ...]:
    """Batches of values of the same moves as one evaluation (each batch on its own guessed
    deals, every move of a batch on the same ones, so the samples stay paired), best first."""
    samples: dict[int, list[float]] = {v.code: [] for v in parts[0]}
    for part in parts:
        for v in part:
            samples[v.code].extend(v.samples)
    merged = [MoveValue(a, sum(xs) / len(xs), tuple(xs)) for a, xs in samples.items()]
    merged.sort(key=lambda m: -m.mean)
    return tuple(merged)


def settled(values: tuple[MoveValue, ...], played: int) -> bool:
    """Whether more playouts could still move the played move's label: no label's threshold
    lies within :data:`SURE` standard errors of its loss (the loss against the best move; when
    it is the best, the largest noise against any other move)."""
    best, mine = values[0], value_of(values, played)
    if mine is best:
        loss, error = 0.0, max((noise(best, v) for v in values[1:]), default=0.0)
    else:
        loss, error = best.mean - mine.mean, noise(best, mine)
    return all(abs(loss - least) > SURE * error for _name, least in LABELS)


def review_values(
    view: SeatView, played: int, *, seed: int = 0, budget: int = REVIEW_BUDGET
) -> tuple[MoveValue, ...]:
    """Every distinct move of the position valued for the review, best first; empty when there
    is nothing to choose. The budget is spent in :data:`BATCHES` batches, and the review stops
    after one whose figures leave the played move's label beyond doubt (:func:`settled`): a
    clear decision costs a batch, a close one up to :data:`CLOSE` times the budget (a loss
    near a label's threshold is where two reviews would disagree). Near the round's end each
    guessed deal is solved exactly (:mod:`domino_tui.bots.endgame`), so a move is not blamed
    for a playout's later errors."""
    if len(distinct_moves(view)) < 2:
        return ()
    per = max(1, budget // BATCHES)
    parts: list[tuple[MoveValue, ...]] = []
    for k in range(BATCHES * CLOSE):
        batch_seed = seed + k * 1_000_003  # each batch its own guessed deals
        parts.append(evaluate(view, batch_seed, replace(REVIEW, playouts=per)))
        values = _merged(parts)
        if settled(values, played):
            break
    return values


def judge(
    view: SeatView, played: int, values: tuple[MoveValue, ...], where: tuple[int, int] = (0, 0)
) -> Decision:
    """The decision ``played`` judged against the review's ``values`` of its position."""
    rnd, index = where
    if not values:
        return Decision(rnd, index, view.seat, played, played, 0.0, 0.0, "", False)
    best = values[0]
    mine = value_of(values, played)
    spread = max(MIN_GAP, max((NOISE * noise(best, v) for v in values[1:]), default=0.0))
    counted = any(best.mean - v.mean >= spread for v in values[1:])
    error = noise(best, mine) if mine is not best else 0.0
    loss = best.mean - mine.mean
    if mine is best or loss < max(MIN_GAP, NOISE * error):
        loss = 0.0
    return Decision(rnd, index, view.seat, played, best.code, loss, error, label_of(loss), counted)


def review_decision(
    view: SeatView,
    played: int,
    *,
    seed: int = 0,
    budget: int = REVIEW_BUDGET,
    where: tuple[int, int] = (0, 0),
) -> Decision:
    """The review of ``played`` in the position ``view`` (the deciding seat's view)."""
    return judge(view, played, review_values(view, played, seed=seed, budget=budget), where)


def warns(decision: Decision) -> bool:
    """Whether the tutor stops this move: a real choice that loses a mistake's worth or more."""
    return decision.counted and decision.label in ("mistake", "blunder")


def tutor_check(view: SeatView, played: int, *, seed: int = 0) -> Decision:
    """The tutor's look at ``played`` before it is laid, from the deciding seat's view only
    (nothing hidden is used, so nothing hidden can be revealed by the warning)."""
    return review_decision(view, played, seed=seed, budget=TUTOR_BUDGET)


def positions(match: Match) -> Iterator[tuple[int, int, Match, int]]:
    """Every action of ``match`` with the match as it stood just before it: (round, 1-based;
    the action's index in its round; the match then; the action). The match is replayed from
    its seed, or from its recorded deals for a hand-dealt match; the same object moves on."""
    fresh = (
        Match(match.rules, match.seed, deals=iter(match.deals))
        if match.scripted
        else Match(match.rules, match.seed)
    )
    for r, codes in enumerate(match.actions):
        for i, code in enumerate(codes):
            yield r + 1, i, fresh, code
            fresh.apply(code)


def default_workers() -> int:
    """Processes for a whole match's review: two where there are two cores (the machines this
    runs on have at least that), so the review takes half the time and the table's own process
    keeps a core free for the screen."""
    return min(2, os.cpu_count() or 1)


def _values_job(job: tuple[SeatView, int, int, int]) -> tuple[MoveValue, ...]:
    view, played, seed, budget = job
    return review_values(view, played, seed=seed, budget=budget)


def reviewed_positions(
    match: Match,
    seats: Iterable[int],
    *,
    seed: int = 0,
    budget: int = REVIEW_BUDGET,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
) -> Iterator[tuple[Decision, SeatView, tuple[MoveValue, ...]]]:
    """Each decision of ``seats`` in ``match`` with the view it was made from and the values it
    was judged by (so that the reasons need no second evaluation), in the order made.

    ``progress(done, total)`` counts the decisions. With ``workers`` > 1 the positions are
    valued in that many processes (each value is a pure function of its view, seed and budget,
    so the review is the same however many there are)."""
    wanted = set(seats)
    found = [
        ((r, i), seat_view(then, then.turn), code)
        for r, i, then, code in positions(match)
        if then.turn in wanted
    ]
    jobs = [(view, code, seed, budget) for _where, view, code in found]
    pool = None
    if workers > 1 and len(jobs) > 1:
        pool = ProcessPoolExecutor(min(workers, len(jobs)), mp_context=get_context("spawn"))
    try:
        valued = pool.map(_values_job, jobs) if pool is not None else map(_values_job, jobs)
        for done, ((where, view, code), values) in enumerate(
            zip(found, valued, strict=True), start=1
        ):
            yield judge(view, code, values, where), view, values
            if progress is not None:
                progress(done, len(found))
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def review_match(
    match: Match,
    seats: Iterable[int],
    *,
    seed: int = 0,
    budget: int = REVIEW_BUDGET,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
) -> list[Decision]:
    """Every decision of ``seats`` in ``match`` (finished or not), in the order they were made."""
    found = reviewed_positions(
        match, seats, seed=seed, budget=budget, progress=progress, workers=workers
    )
    return [d for d, _view, _values in found]
