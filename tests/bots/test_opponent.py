"""The play model (issue 13): a guessed deal in which an opponent's observed choice was odd
(a light tile laid while a heavier one fitted) weighs less, and the weighing sampler still deals
only what the belief model allows. In pairs (issue 26) a partner's choice is read for its signal
too: it left this seat an end to answer."""

from __future__ import annotations

import math
import random

from domino_tui.bots.opponent import PlayModel
from domino_tui.bots.sampler import Sampler
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.view import SeatView, seat_view

from .helpers import RULESETS, mask, positions, scripted

TWO = make_rules({"players": 2})
PAIRS = make_rules({}, "kozel-pairs")
FOUR = make_rules({"players": 4})
# seat 0 leads 1-1, seat 1 answers 1-3, seat 2 (seat 0's partner) lays 3-5: the ends 1 and 5 are
# left, and seat 0 holds 5s but no 1, 3 or 6
SIGNAL_HANDS = [
    "1-1 0-5 2-5 4-5 5-5 0-0 2-2",
    "1-3 0-1 0-2 0-3 0-4 0-6 1-2",
    "3-5 3-6 1-4 1-5 1-6 2-3 2-4",
    "2-6 3-3 3-4 4-4 4-6 5-6 6-6",
]


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
    assert [(seat, tile) for seat, tile, *_ in model.plays] == [(1, view.placed[1][0])]
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


def _partner_laid_3_5(rules: Rules) -> SeatView:
    return seat_view(scripted(rules, SIGNAL_HANDS, script="1-1 1-3R 3-5R"), 0)


def test_a_partner_who_left_us_an_end_held_no_better_one() -> None:
    """Pairs, partners opposite (P1): 3-5 left seat 0 a 5 to answer. In guess A the partner also
    held 3-6, which would have left 1 and 6 (nothing for seat 0): with the partner's signal its
    choice of 3-5 is more likely there than by pips alone (3-6 is the heavier). In guess B its
    other fitting tile, 2-3, would have left an answer too: the signal tells nothing and the
    weight stays as it was."""
    view = _partner_laid_3_5(PAIRS)
    rest = "2-4 2-6 4-4 4-6 6-6"
    a = [0, mask("0-1 0-2 0-3 0-4 0-6 1-2"), mask("3-6 " + rest), mask("3-3 3-4 5-6 1-4 1-5 1-6")]
    b = [0, a[1], mask("2-3 " + rest), a[3]]
    plain, signal = PlayModel(view), PlayModel(view, partner=2.0)
    assert signal.weight(a) > plain.weight(a) * 1.5
    assert math.isclose(signal.weight(b), plain.weight(b))
    # a partner who could have signalled and did not: 3-6 laid although 3-5 fitted
    against = seat_view(scripted(PAIRS, SIGNAL_HANDS, script="1-1 1-3R 3-6R"), 0)
    held = [0, a[1], mask("3-5 " + rest), a[3]]
    assert PlayModel(against, partner=2.0).weight(held) < PlayModel(against).weight(held) / 1.5


def test_the_signal_is_read_only_from_a_partner() -> None:
    """Four players each for himself: seat 2 is no one's partner, the signal weighs nothing."""
    view = _partner_laid_3_5(FOUR)
    hands = [0, mask("0-1 0-2 0-3 0-4 0-6 1-2"), mask("3-6 2-4 2-6 4-4 4-6 6-6"), 0]
    assert PlayModel(view, partner=2.0).weight(hands) == PlayModel(view).weight(hands)


def test_a_choice_that_kept_the_player_a_suit_is_likelier() -> None:
    """Seat 1 answered 1-1 with 1-2. Where the guess gives it 2s to follow up (guess X: 1-2 kept
    it three answers, 1-6 would have kept one), ``keep`` makes that guess likelier; where it gives
    it 6s (guess Y: 1-6 would have kept four, 1-2 kept one), less likely."""
    view = _answer_with_a_light_tile()
    x = [0, mask("1-6 2-3 2-4 3-3 3-4 3-5")]
    y = [0, mask("1-6 6-6 3-6 4-6 3-3 3-4")]
    plain, keeping = PlayModel(view), PlayModel(view, keep=1.0)
    assert keeping.weight(x) > plain.weight(x) * 1.5
    assert keeping.weight(y) < plain.weight(y) / 1.5


def test_a_double_passed_over_makes_a_guess_less_likely() -> None:
    """Seat 2 laid 3-5 on the 3. With a double bonus (players lay a double while it still fits),
    a guess where it held 3-3 too is less likely than by pips alone; one where its other choice
    was 3-6, no double, weighs as before."""
    view = _partner_laid_3_5(FOUR)
    rest = "2-4 2-6 4-4 4-6 6-6"
    with_double = [0, mask("0-1 0-2 0-3 0-4 0-6 1-2"), mask("3-3 " + rest), 0]
    without = [0, with_double[1], mask("3-6 " + rest), 0]
    plain, doubles = PlayModel(view), PlayModel(view, double=1.0)
    assert doubles.weight(with_double) < plain.weight(with_double) / 1.5
    assert math.isclose(doubles.weight(without), plain.weight(without))
