"""A match's review summed up per player, as ``domino analyze`` shows it (issue 12, part 2).

:func:`analyze` reviews the chosen seats' decisions (:mod:`.review`), measures their luck
(:mod:`.luck`) and finds, for each decision that lost something, the facts that set the best
move apart from the one played (:func:`domino_tui.bots.explain.reasons_for`, data: the words are
the caller's). :func:`summarize` turns that into one :class:`Summary` per player.

The error rate is the mean loss per *counted* decision (a forced move or one among equal moves
teaches nothing and is left out), in the variant's points of one round. The rating word is the
first whose bound the rate stays under, calibrated from bots of known strength at one table
(``benchmarks/coach_calibrate.py``: six 4-player Козёл matches, every seat reviewed, about 120
counted decisions per bot): master 0.27, medium (counter) 1.11, easy (greedy) 1.84, random
4.16 — so each bot earns the word of its strength:

==========  ====================
rate below  rating
==========  ====================
0.5         master (мастер)
1.0         expert (эксперт)
1.5         strong (сильный)
3.0         amateur (любитель)
(any)       beginner (новичок)
==========  ====================
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..bots.explain import Reason, reasons_for
from ..engine.match import Match
from .luck import BUDGET as LUCK_BUDGET
from .luck import Luck, match_luck
from .review import LABELS, REVIEW_BUDGET, Decision, reviewed_positions, value_of

# (rating, the error rate it stays under); beginner takes every rate above the last bound
RATINGS: tuple[tuple[str, float], ...] = (
    ("master", 0.5),
    ("expert", 1.0),
    ("strong", 1.5),
    ("amateur", 3.0),
)
BEGINNER = "beginner"
LUCK_LEAST = 16  # playouts per position for the luck, however small the review's budget


@dataclass(frozen=True)
class Review:
    """Everything measured about a match for some seats; ``reasons`` by (round, index)."""

    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]
    luck: tuple[Luck, ...]
    reasons: dict[tuple[int, int], tuple[Reason, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Summary:
    """One player's figures: decisions seen and counted, the loss, the labels, luck, rating.

    Luck and result are in points of a round summed over the match, the goat's price included
    (``luck_price`` and ``result_price`` are its part): ``result`` is what the player scored
    against what the standings let them expect, and ``result = luck - loss + residual``, the
    residual being the estimate's noise (``residual_error`` its standard error)."""

    seat: int
    decisions: int
    counted: int
    loss: float
    error_rate: float
    labels: dict[str, int]
    luck: float
    rating: str  # "" when no decision was counted
    luck_error: float = 0.0
    luck_price: float = 0.0
    result: float = 0.0
    result_price: float = 0.0
    residual: float = 0.0
    residual_error: float = 0.0

    @property
    def luck_points(self) -> float:
        """The luck in points of play, the goat's price aside."""
        return self.luck - self.luck_price

    @property
    def result_points(self) -> float:
        return self.result - self.result_price


def rating_of(error_rate: float) -> str:
    for name, below in RATINGS:
        if error_rate < below:
            return name
    return BEGINNER


def analyze(
    match: Match,
    seats: Iterable[int],
    *,
    seed: int = 0,
    budget: int = REVIEW_BUDGET,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
) -> Review:
    """The review, the luck and the reasons of ``seats`` in ``match``: why the best move beats
    the one played, at each decision that lost something, from the values it was judged by. The
    luck's playouts per position scale with the review's budget (its own default at the
    review's)."""
    chosen = tuple(sorted(set(seats)))
    decisions: list[Decision] = []
    reasons: dict[tuple[int, int], tuple[Reason, ...]] = {}
    found = reviewed_positions(
        match, chosen, seed=seed, budget=budget, progress=progress, workers=workers
    )
    for d, view, values in found:
        decisions.append(d)
        if d.counted and d.loss > 0:
            mine = value_of(values, d.played)
            reasons[(d.round, d.index)] = reasons_for(view, (values[0], mine), complete=True)
    luck_budget = max(LUCK_LEAST, LUCK_BUDGET * budget // REVIEW_BUDGET)
    luck = match_luck(match, chosen, decisions, seed=seed, budget=luck_budget, workers=workers)
    return Review(chosen, tuple(decisions), tuple(luck), reasons)


def summarize(review: Review) -> list[Summary]:
    """One summary per reviewed seat, in seat order."""
    out = []
    for seat in review.seats:
        mine = [d for d in review.decisions if d.seat == seat]
        counted = [d for d in mine if d.counted]
        loss = sum(d.loss for d in counted)
        rate = loss / len(counted) if counted else 0.0
        labels = {name: sum(1 for d in counted if d.label == name) for name, _ in LABELS}
        rounds = [x for x in review.luck if x.seat == seat]
        luck = sum(x.total for x in rounds)
        rating = rating_of(rate) if counted else ""
        out.append(
            Summary(
                seat,
                len(mine),
                len(counted),
                loss,
                rate,
                labels,
                luck,
                rating,
                luck_error=math.sqrt(sum(x.error**2 for x in rounds)),
                luck_price=sum(x.price for x in rounds),
                result=sum(x.result for x in rounds),
                result_price=sum(x.result_price for x in rounds),
                residual=sum(x.residual for x in rounds),
                residual_error=math.sqrt(sum(x.residual_error**2 for x in rounds)),
            )
        )
    return out


def goat_counts(s: Summary) -> bool:
    """Whether the goat's price played a part worth naming in the player's figures."""
    return abs(s.luck_price) >= 0.5 or abs(s.result_price) >= 0.5


def identity_figures(s: Summary) -> dict[str, str]:
    """The figures of "result = luck (and the goat) - mistakes, give or take": the error said
    is at least the residual itself, so the sentence is always true, and otherwise two of its
    standard errors."""
    return {
        "result": f"{s.result:+.1f}",
        "luck": f"{s.luck_points:+.1f}" if goat_counts(s) else f"{s.luck:+.1f}",
        "goat": f"{s.luck_price:+.1f}",
        "loss": f"{s.loss:.1f}",
        "error": f"{max(abs(s.residual), 2 * s.residual_error):.1f}",
    }
