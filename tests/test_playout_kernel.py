"""The fast playout kernel follows the same rules as the checked turn engine (K3, K4)."""

from __future__ import annotations

import random

import pytest

from domino_tui.engine.deal import choose_lead, deal
from domino_tui.engine.playout import random_playout
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import make_rules

OPTION_SETS = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "match": "sum6"},
    {"players": 3, "boneyard_reserve": 1, "fish_takes_boneyard": False},
    {"players": 2, "hand_size": 5},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_kernel_ends_rounds_legally(options: dict[str, object]) -> None:
    """K4.1: every kernel playout ends by going out or by a real fish; all tiles accounted for."""
    rules = make_rules(options)
    rng = random.Random(7)
    seats = tuple(range(rules.players))
    for _ in range(300):
        d = deal(rules, rng, seats)
        leader, mask = choose_lead(rules, d.hands, seats, None)
        s = RoundState.start(rules, list(d.hands), list(d.boneyard), leader, mask, seats)
        random_playout(s, rng.random)
        assert s.over
        total = s.table | s.taken
        for h in s.hands:
            assert not h & s.table
            total |= h
        for t in s.boneyard:
            total |= 1 << t
        assert total == s.geo.ts.all_mask
        assert sum(h.bit_count() for h in s.hands) + len(s.boneyard) + len(s.placed) == 28
        if s.went_out >= 0:
            assert s.hands[s.went_out] == 0 and not s.fish
        else:
            assert s.fish and s.fisher in seats
            if not s.geo.dead(s.left, s.right, s.table):
                # K4.3: the general form: nobody can lay a tile and nothing can be drawn
                ends = s.geo.fits[s.left] | s.geo.fits[s.right]
                assert not any(h & ends for h in s.hands)
                assert len(s.boneyard) <= s.reserve


def test_kernel_matches_checked_engine_when_choices_agree() -> None:
    """With a single legal choice at each step both paths must reach the same end (K3.2)."""
    rules = make_rules({"players": 2})
    rng = random.Random(3)
    seats = (0, 1)
    for _ in range(200):
        d = deal(rules, rng, seats)
        leader, mask = choose_lead(rules, d.hands, seats, None)
        a = RoundState.start(rules, list(d.hands), list(d.boneyard), leader, mask, seats)
        b = a.copy()
        random_playout(a, lambda: 0.0)  # always the lowest tile, left end first
        while not b.over:
            legal = b.legal_actions()
            plays = [c for c in legal if c >= 0]
            b.apply(min(plays, key=lambda c: (c & 1, c >> 1)) if plays else legal[0])
        assert (a.went_out, a.fish, a.fisher, a.hands, a.left, a.right) == (
            b.went_out,
            b.fish,
            b.fisher,
            b.hands,
            b.left,
            b.right,
        )
