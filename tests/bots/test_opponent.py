"""The play model (issue 13): a guessed deal in which an opponent's observed choice was odd
(a light tile laid while a heavier one fitted) weighs less, and the weighing sampler still deals
only what the belief model allows."""

from __future__ import annotations

import random

from domino_tui.bots.opponent import PlayModel
from domino_tui.bots.sampler import Sampler
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import SeatView, seat_view

from .helpers import RULESETS, mask, positions, scripted

TWO = make_rules({"players": 2})


def _answer_with_a_light_tile() -> SeatView:
    """Seat 0 leads 1-1 (K2.1); seat 1 answers with 1-2 although, in one guess, it could have laid
    1-6. Seat 0 then looks at the deal from its seat."""
    match = scripted(
        TWO,
        ["1-1 0-0 0-2 0-3 0-4 0-5 2-2", "1-2 1-6 3-3 3-4 3-5 4-4 4-5"],
        script="1-1 1-2R",
    )
    return seat_view(match, 0)


def test_an_odd_choice_makes_a_guess_less_likely() -> None:
    view = _answer_with_a_light_tile()
    model = PlayModel(view)
    assert [(seat, tile) for seat, tile, _, _ in model.plays] == [(1, view.placed[1][0])]
    with_heavy = [0, mask("1-6 3-3 3-4 3-5 4-4 4-5")]
    without = [0, mask("2-6 3-3 3-4 3-5 4-4 4-5")]
    assert model.weight(with_heavy) < model.weight(without) <= 1.0
    assert model.weight(without) == 1.0  # nothing else fitted: the only choice


def test_no_plays_weigh_nothing_and_own_plays_are_not_read() -> None:
    match = scripted(TWO, ["1-1 0-0 0-2 0-3 0-4 0-5 2-2", "1-2 1-6 3-3 3-4 3-5 4-4 4-5"])
    assert PlayModel(seat_view(match, 1)).plays == []
    led = scripted(
        TWO, ["1-1 0-0 0-2 0-3 0-4 0-5 2-2", "1-2 1-6 3-3 3-4 3-5 4-4 4-5"], script="1-1"
    )
    assert PlayModel(seat_view(led, 1)).plays == []  # the lead is forced (K2.1)


def test_the_weighing_sampler_keeps_counts_and_beliefs() -> None:
    rng = random.Random(4)
    for i, rules in enumerate(RULESETS):
        for k, match in enumerate(positions(rules, 40 + i)):
            if k % 5:
                continue
            view = seat_view(match, match.turn)
            sampler = Sampler(view, model=PlayModel(view))
            for _ in range(3):
                s = sampler.state(rng)
                for seat in view.seats:
                    assert s.hands[seat].bit_count() == view.counts[seat]
                assert len(s.boneyard) == view.boneyard
                hidden = sum(s.hands[x] for x in view.seats if x != view.seat)
                assert hidden | sum(1 << t for t in s.boneyard) == view.unseen


def test_weighing_moves_the_guesses_towards_the_choice() -> None:
    """With the model, the guesses give seat 1 the 1-6 less often than without it."""
    view = _answer_with_a_light_tile()
    six_one = mask("1-6")
    counts = []
    for model in (None, PlayModel(view)):
        sampler = Sampler(view, model=model)
        rng = random.Random(9)
        counts.append(sum(bool(sampler.state(rng).hands[1] & six_one) for _ in range(600)))
    assert counts[1] < counts[0] * 0.85, counts
