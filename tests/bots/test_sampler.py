"""Guessed deals: always consistent with the view, close to uniform, never stuck."""

from __future__ import annotations

import random

import pytest

from domino_tui.bots import sampler as sampler_module
from domino_tui.bots.belief import Belief
from domino_tui.bots.sampler import BONEYARD, Sampler
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


@pytest.mark.parametrize(("exact", "every"), [(False, 3), (True, 9)])
def test_guesses_respect_counts_boneyard_and_beliefs(exact: bool, every: int) -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(60):
        rules = RULESETS[seed % len(RULESETS)]
        for k, match in enumerate(positions(rules, seed)):
            if k % every:
                continue
            view = seat_view(match, match.turn)
            sampler = Sampler(view, exact=exact)
            for _ in range(3):
                hands, boneyard = sampler.sample(rng)
                _check_guess(view, sampler.belief, hands, boneyard)
            state = sampler.state(rng)
            assert sorted(state.legal_actions()) == sorted(view.legal)
            assert state.turn == view.turn and state.hands[view.seat] == view.hand
            checked += 1
    assert checked > 3000 // every


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


def _all_deals(view: SeatView, sampler: Sampler) -> list[dict[int, int]]:
    """Every split of the unseen tiles into the other hands and the boneyard that the belief
    model accepts, by brute force (small positions only)."""
    from itertools import combinations

    places = list(sampler.room)
    tiles = [t for t in range(64) if view.unseen >> t & 1]
    found: list[dict[int, int]] = []

    def split(i: int, left: list[int], deal: dict[int, int]) -> None:
        if i == len(places):
            found.append(dict(deal))
            return
        p = places[i]
        for chosen in combinations(left, sampler.room[p]):
            mask = sum(1 << t for t in chosen)
            if p != BONEYARD and not sampler.belief.consistent(p, mask):
                continue
            deal[p] = mask
            split(i + 1, [t for t in left if t not in chosen], deal)

    split(0, tiles, {})
    return found


def _small_constrained_views(limit: int) -> list[SeatView]:
    views = []
    for seed, rules in enumerate((make_rules({"players": 2}), make_rules({"players": 3}))):
        for match in positions(rules, 40 + seed, greedy_share=0.3):
            view = seat_view(match, match.turn)
            sampler = Sampler(view)
            if 4 <= view.unseen.bit_count() <= 11 and len(sampler.constrained) >= 2:
                views.append(view)
                if len(views) >= limit * (seed + 1):
                    break
    return views


def test_the_exact_sampler_counts_every_deal_the_belief_allows() -> None:
    """K3.6: the deals a knock or a draw leaves possible, counted by the exact sampler's ways
    to complete a deal, are exactly those a brute-force split of the unseen tiles accepts."""
    views = _small_constrained_views(6)
    assert len(views) >= 8
    for view in views:
        sampler = Sampler(view, exact=True)
        ways = sampler_module._Ways(sampler)
        assert ways.count(0, ways.room, ways.late) == len(_all_deals(view, sampler))


def test_the_exact_sampler_draws_every_allowed_deal_equally_often() -> None:
    """Each deal's share of the exact sampler's draws stays within five standard errors of
    1 / (number of allowed deals), and no deal outside the allowed ones is drawn."""
    rng = random.Random(8)
    for view in _small_constrained_views(2)[:3]:
        sampler = Sampler(view, exact=True)
        deals = _all_deals(view, sampler)
        key = {tuple(sorted(d.items())): 0 for d in deals}
        n = 60 * len(deals)
        for _ in range(n):
            hands, boneyard = sampler.sample(rng)
            deal = {**hands, BONEYARD: sum(1 << t for t in boneyard)}
            key[tuple(sorted(deal.items()))] += 1  # KeyError: a deal the belief rules out
        p = 1 / len(deals)
        se = (p * (1 - p) / n) ** 0.5
        assert all(abs(c / n - p) < 5 * se for c in key.values())
