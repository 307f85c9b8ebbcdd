"""Luck plus skill is the result (issue 22, part 6), like GNU Backgammon's luck-adjusted result:
a round's result for a seat, against what the standings let it expect, is its luck minus what
its mistakes cost, up to the stated noise of the estimate (the residual and its standard
error). Checked on seeded rounds played by bots, with small budgets (the noise is stated, so a
small budget only widens it)."""

from __future__ import annotations

import math

from domino_tui.bots import make_bot
from domino_tui.coach.luck import match_luck
from domino_tui.coach.report import analyze, summarize
from domino_tui.coach.review import review_match
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.variants.kozel import GOAT_PRICE
from domino_tui.engine.view import seat_view

SEEDS = range(5)


def _round(seed: int, players: int = 2, bots: tuple[str, ...] = ("greedy", "random")) -> Match:
    m = Match(make_rules({"players": players}), seed)
    chosen = [make_bot(bots[s % len(bots)], seed * 10 + s) for s in range(players)]
    while not m.results:
        m.apply(chosen[m.turn].choose(seat_view(m, m.turn)))
    return m


def test_the_result_is_luck_minus_the_mistakes_up_to_the_residual() -> None:
    """The bookkeeping is exact: result = luck - loss + residual in every round, for every
    seat, the goat's price included."""
    m = _round(1)
    decisions = review_match(m, [0, 1], budget=120)
    for x in match_luck(m, [0, 1], decisions, budget=40):
        loss = sum(d.loss for d in decisions if d.seat == x.seat and d.counted)
        assert math.isclose(x.result, x.total - loss + x.residual, abs_tol=1e-9)
        assert math.isclose(x.points + x.price, x.total)


def test_over_seeded_rounds_the_residual_is_noise() -> None:
    """Over seeded rounds (a careful bot against a random one, so that there are mistakes to
    take away) the residual averages out: its sum stays within three of its stated standard
    errors. Were the luck to keep a part of the mistakes (or the mistakes a part of the luck),
    the residual would grow with the losses."""
    residual, variance, losses = 0.0, 0.0, 0.0
    for seed in SEEDS:
        m = _round(seed)
        decisions = review_match(m, [0, 1], budget=80)
        for x in match_luck(m, [0, 1], decisions, budget=30):
            residual += x.residual
            variance += x.residual_error**2
        losses += sum(d.loss for d in decisions if d.counted)
    assert losses > 10  # there were mistakes to account for
    assert abs(residual) <= 3 * math.sqrt(variance) + 1.0, (residual, math.sqrt(variance))


def test_the_summary_states_the_identity_and_the_goat_apart() -> None:
    """The summary's figures add up (result = luck - loss + residual, summed over the rounds)
    and the goat's price is its own part: in a short match (target 30, K9) the seat the last
    round makes the goat pays the goat's price in its result (80, less what the standings made
    it expect to pay) and its rival gains as much, whatever the points."""
    m = Match(make_rules({"players": 2, "target": 30}), 3)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    while not m.over:
        m.apply(bots[m.turn].choose(seat_view(m, m.turn)))
    (goat,) = m.results[-1].goats
    review = analyze(m, [0, 1], budget=60)
    by_seat = {s.seat: s for s in summarize(review)}
    last = {x.seat: x for x in review.luck if x.round == len(m.results)}
    # against what the standings let each expect (the goat was in the air: a part of the price)
    assert last[goat].result_price < -GOAT_PRICE / 2
    assert math.isclose(last[goat].result_price, -last[1 - goat].result_price)
    assert by_seat[goat].result_price < -GOAT_PRICE / 2
    for s in by_seat.values():
        assert math.isclose(s.result, s.luck - s.loss + s.residual, abs_tol=1e-9)
        assert math.isclose(s.luck_points, s.luck - s.luck_price)
