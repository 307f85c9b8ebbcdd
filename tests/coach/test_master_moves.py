"""A player who plays exactly the master bot's moves reviews as making no mistakes (issue 12,
part 6): every decision of seat 0, played by the master's search (ISMCTS, the smart playout,
3000 iterations without the clock so that the test is the same on any machine), carries no
label, and the error rate stays under the master rating's bound. The master's search is not the
review's (guessed deals played out, the end solved exactly), so a move may differ by less than
an inaccuracy; it may not differ by more."""

from __future__ import annotations

import pytest

from domino_tui.bots import make_bot
from domino_tui.coach.report import RATINGS, Review, summarize
from domino_tui.coach.review import review_match
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view

MASTER = "ismcts:iterations=3000,time_ms=0,policy=smart"  # no clock: the same moves under any load


def _master_at_seat_0(seed: int, rounds: int) -> Match:
    m = Match(make_rules({"players": 4}), seed)
    bots = [make_bot(MASTER, seed), *(make_bot("greedy", seed + s) for s in (1, 2, 3))]
    while len(m.results) < rounds and not m.over:
        m.apply(bots[m.turn].choose(seat_view(m, m.turn)))
    return m


@pytest.mark.parametrize("seed", [5, 11])
def test_the_masters_moves_review_without_a_mistake(seed: int) -> None:
    m = _master_at_seat_0(seed, rounds=2)
    decisions = review_match(m, [0], budget=2000)
    counted = [d for d in decisions if d.counted]
    assert len(counted) >= 5  # real choices were made
    assert [d for d in counted if d.label] == []
    (summary,) = summarize(Review((0,), tuple(decisions), ()))
    assert summary.error_rate < RATINGS[0][1] and summary.rating == "master"
