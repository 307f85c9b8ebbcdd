"""Guessed deals: always consistent with the view, close to uniform, never stuck."""

from __future__ import annotations

import random

import pytest

from domino_tui.bots import sampler as sampler_module
from domino_tui.bots.belief import Belief
from domino_tui.bots.sampler import Sampler
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import SeatView, seat_view

from .helpers import RULESETS, positions


def _check_guess(
    view: SeatView, belief: Belief, hands: dict[int, int], boneyard: list[int]
) -> None:
    seen = 0
    for seat, hand in hands.items():
        assert hand.bit_count() == view.counts[seat]
        assert belief.consistent(seat, hand)
        assert not seen & hand
        seen |= hand
    assert len(boneyard) == view.boneyard
    for t in boneyard:
        assert not seen >> t & 1
        seen |= 1 << t
    assert seen == view.unseen


def test_guesses_respect_counts_boneyard_and_beliefs() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(60):
        rules = RULESETS[seed % len(RULESETS)]
        for k, match in enumerate(positions(rules, seed)):
            if k % 3:
                continue
            view = seat_view(match, match.turn)
            sampler = Sampler(view)
            for _ in range(3):
                hands, boneyard = sampler.sample(rng)
                _check_guess(view, sampler.belief, hands, boneyard)
            state = sampler.state(rng)
            assert sorted(state.legal_actions()) == sorted(view.legal)
            assert state.turn == view.turn and state.hands[view.seat] == view.hand
            checked += 1
    assert checked > 1000


def test_the_exhaustive_fallback_finds_a_deal_when_random_tries_are_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sampler_module, "RETRIES", 0)
    rng = random.Random(1)
    for seed in range(20):
        for k, match in enumerate(positions(make_rules({"players": 2}), seed, greedy_share=0.2)):
            if k % 5 == 0:
                view = seat_view(match, match.turn)
                sampler = Sampler(view)
                _check_guess(view, sampler.belief, *sampler.sample(rng))


def test_unconstrained_tiles_are_spread_evenly() -> None:
    """At the start of a 2-player round every unseen tile is in the other hand with chance
    7/21 (K1.3, K1.5): the guesses do not favour any tile."""
    match = Match(make_rules({"players": 2}), 3)
    view = seat_view(match, 1 - match.turn)
    sampler = Sampler(view)
    rng = random.Random(0)
    n = 3000
    counts: dict[int, int] = {}
    other = match.turn
    for _ in range(n):
        hands, _ = sampler.sample(rng)
        h = hands[other]
        while h:
            low = h & -h
            counts[low.bit_length() - 1] = counts.get(low.bit_length() - 1, 0) + 1
            h ^= low
    unseen = view.unseen.bit_count()
    assert unseen == 21
    for t in range(28):
        if view.unseen >> t & 1:
            assert abs(counts.get(t, 0) / n - 7 / 21) < 0.04, t
