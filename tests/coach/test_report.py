"""The review summed up per player (issue 12, part 2): error rate per counted decision, labels,
luck, the rating word; a seat that played the review's own best moves loses nothing."""

from __future__ import annotations

from domino_tui.bots import make_bot
from domino_tui.coach.luck import Luck
from domino_tui.coach.report import BEGINNER, RATINGS, Review, analyze, rating_of, summarize
from domino_tui.coach.review import Decision, review_decision
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view

BUDGET = 200


def best_play_match(preset: str = "kozel", seed: int = 3, budget: int = BUDGET) -> Match:
    """One round of a 2-player match in which seat 0 plays, at every turn, the best move of the
    review itself (same review seed 0 and budget), seat 1 a greedy bot."""
    m = Match(make_rules({"players": 2}, preset), seed)
    bot = make_bot("greedy", 1)
    while not m.over and not m.results:
        view = seat_view(m, m.turn)
        if m.turn == 0:
            code = view.legal[0]
            m.apply(review_decision(view, code, budget=budget).best)
        else:
            m.apply(bot.choose(view))
    return m


def test_the_rating_follows_the_documented_bounds() -> None:
    for name, below in RATINGS:
        assert rating_of(below - 0.01) == name
    assert rating_of(RATINGS[-1][1]) == BEGINNER
    assert rating_of(0.0) == "master" and rating_of(50.0) == "beginner"


def _d(seat: int, loss: float, label: str = "", counted: bool = True) -> Decision:
    return Decision(1, 0, seat, 0, 0, loss, 0.5, label, counted)


def test_the_summary_counts_only_real_choices() -> None:
    """The error rate is the mean loss per counted decision; forced ones are seen, not counted;
    luck adds the deal's and the draws' over the rounds; no counted decision gives no rating."""
    review = Review(
        (0, 1),
        (
            _d(0, 6.0, "mistake"),
            _d(0, 0.0),
            _d(0, 0.0, counted=False),
            _d(0, 13.0, "blunder"),
            _d(1, 0.0, counted=False),
        ),
        (Luck(1, 0, 3.0, -1.0, 1.0), Luck(2, 0, -5.0, 0.5, 1.0), Luck(1, 1, 2.0, 0.0, 1.0)),
    )
    first, second = summarize(review)
    assert (first.decisions, first.counted, first.loss) == (4, 3, 19.0)
    assert abs(first.error_rate - 19.0 / 3) < 1e-9
    assert first.labels == {"blunder": 1, "mistake": 1, "inaccuracy": 0}
    assert abs(first.luck - (-2.5)) < 1e-9
    assert first.rating == "beginner"
    assert (second.counted, second.error_rate, second.rating, second.luck) == (0, 0.0, "", 2.0)


def test_playing_the_reviews_own_best_moves_loses_nothing() -> None:
    m = best_play_match()
    review = analyze(m, [0], budget=BUDGET)
    mine = [d for d in review.decisions if d.seat == 0]
    assert mine and any(d.counted for d in mine)
    assert all(d.loss == 0.0 and d.label == "" and d.played == d.best for d in mine)
    assert not review.reasons
    (summary,) = summarize(review)
    assert summary.error_rate == 0.0 and summary.rating == "master"
    assert [x.seat for x in review.luck] == [0]
