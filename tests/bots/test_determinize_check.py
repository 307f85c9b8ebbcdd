"""``SeatView.determinize`` refuses a guess no real deal could be (issue 13): a wrong count, a
tile twice, a tile the seat can see, a boneyard of the wrong length. The sampler's guesses pass
in every shape of game, the line and the cross, 2 to 4 players."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from domino_tui.bots.sampler import Sampler
from domino_tui.engine.match import Match
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.tiles import bits
from domino_tui.engine.view import SeatView, seat_view

from .helpers import RULESETS, positions

CROSS = (  # the cross variants, each at a table size it is played at
    *(
        make_rules({"players": n}, preset)
        for preset in ("osel", "telefon", "muggins")
        for n in (2, 4)
    ),
    make_rules({}, "general"),
    make_rules({}, "chechevo"),
)


@pytest.mark.parametrize("rules", RULESETS + CROSS, ids=lambda r: f"{r.variant}-{r.players}")
def test_the_samplers_guesses_and_the_truth_pass(rules: Rules) -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(3):
        for k, match in enumerate(positions(rules, seed)):
            if k % 3:
                continue
            view = seat_view(match, match.round.turn)
            truth = {s: match.round.hands[s] for s in match.round.seats if s != view.seat}
            view.determinize(truth, list(match.round.boneyard))
            sampler = Sampler(view)
            for _ in range(2):
                hands, boneyard = sampler.sample(rng)
                assert view.determinize(hands, boneyard).hands[view.seat] == view.hand
            checked += 1
    assert checked > 20


def _midgame(players: int = 3) -> tuple[SeatView, dict[int, int], list[int]]:
    """A view with tiles in every hand, on the table and in the boneyard, and the true guess."""
    match = Match(make_rules({"players": players}), 8)
    rng = random.Random(8)
    while len(match.round.placed) < 3 or not match.round.boneyard:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    assert not match.over
    view = seat_view(match, match.round.turn)
    hands = {s: match.round.hands[s] for s in match.round.seats if s != view.seat}
    return view, hands, list(match.round.boneyard)


def _low(mask: int) -> int:
    return next(iter(bits(mask)))


def _swap(hand: int, out: int, into: int) -> int:
    """``hand`` with tile ``out`` replaced by tile ``into``: the count stays right."""
    return hand & ~(1 << out) | 1 << into


Wrong = tuple[dict[int, int], list[int]]


def _wrong_guesses(view: SeatView, hands: dict[int, int], boneyard: list[int]) -> dict[str, Wrong]:
    """Each kind of wrong guess, made from the true one, with the words its refusal names."""
    a, b, *_ = (s for s in view.seats if s != view.seat)
    first_a = _low(hands[a])
    return {
        f"seat {a}'s guessed hand: expected {view.counts[a]} tiles, got {view.counts[a] - 1}": (
            hands | {a: hands[a] & ~(1 << first_a)},
            [*boneyard, first_a],
        ),
        f"seat {a}'s guessed hand holds {{}}, which is in this seat's hand": (
            hands | {a: _swap(hands[a], first_a, _low(view.hand))},
            boneyard,
        ),
        f"seat {a}'s guessed hand holds {{}}, which is in the table": (
            hands | {a: _swap(hands[a], first_a, _low(view.table))},
            boneyard,
        ),
        f"seat {b}'s guessed hand holds {{}}, which is in seat {a}'s guessed hand": (
            hands | {b: _swap(hands[b], _low(hands[b]), first_a)},
            boneyard,
        ),
        f"the guessed boneyard: expected {view.boneyard} tiles, got {view.boneyard - 1}": (
            hands,
            boneyard[:-1],
        ),
        "the guessed boneyard holds {} twice": (hands, [*boneyard[:-1], boneyard[0]]),
        "the guessed boneyard holds {}, which is in seat": (hands, [*boneyard[:-1], first_a]),
        "the guessed boneyard: 99 is not a tile of this game": (hands, [*boneyard[:-1], 99]),
        f"seat {a}: expected a guessed hand of {view.counts[a]} tiles, got none": (
            {s: m for s, m in hands.items() if s != a},
            boneyard,
        ),
        f"guess for seat {view.seat}: only the other seats": (
            hands | {view.seat: view.hand},
            boneyard,
        ),
        f"seat {a}'s guessed hand is not a set of tiles of this game": (
            hands | {a: hands[a] | 1 << 60},
            boneyard,
        ),
    }


def test_each_kind_of_wrong_guess_is_refused_naming_what_is_wrong() -> None:
    view, hands, boneyard = _midgame()
    view.determinize(hands, boneyard)  # the truth passes
    for words, (wrong_hands, wrong_boneyard) in _wrong_guesses(view, hands, boneyard).items():
        with pytest.raises(ValueError) as err:
            view.determinize(wrong_hands, wrong_boneyard)
        message = str(err.value)
        head, _, tail = words.partition("{}")
        assert message.startswith(head) and tail in message, (words, message)
        assert "\n" not in message


def test_a_view_that_contradicts_itself_is_caught_too() -> None:
    """A hand-built view whose counts miss a tile: every guess that fits the counts leaves that
    tile nowhere, and the check says so rather than building a round without it."""
    view, hands, boneyard = _midgame()
    lying = replace(view, hand=view.hand & ~(1 << _low(view.hand)))
    with pytest.raises(ValueError, match=r"covers \d+ tiles, expected the \d+ unseen"):
        lying.determinize(hands, boneyard)
