"""The playout policies: every move they make is legal under the rule set in force, and the smart
policy blocks the next seat and judges a fish by the rules where heavy-first does not."""

from __future__ import annotations

import random

import pytest

from domino_tui.bots import make_bot
from domino_tui.bots.endgame import tiles_left
from domino_tui.bots.rollout import POLICIES
from domino_tui.bots.sampler import Sampler
from domino_tui.engine.actions import parse_action
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.view import seat_view

from .helpers import RULESETS, fish_moves, positions, scripted
from .test_counter import BLOCK_HANDS, BLOCK_SCRIPT


def never_explore() -> float:
    """A "random" source that never takes the policies' noisy branch."""
    return 0.99


def _first_move(policy: str, rules: Rules, start: RoundState) -> int:
    """The move the policy makes from ``start`` (the playout goes on to the end on a copy)."""
    end = POLICIES[policy](rules)(start.copy(), never_explore)
    return end.history[len(start.history)].code


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_playouts_end_the_round_by_legal_moves_in_every_rule_set(policy: str) -> None:
    """Replaying a playout's events through the checked ``apply`` proves each was legal (K3.1:
    no pass with a playable tile; K3.2 draws; K3.3 knocks) and that it stops only at the end."""
    for i, rules in enumerate(RULESETS):
        run = POLICIES[policy](rules)
        for k, match in enumerate(positions(rules, 300 + i)):
            if k % 3:
                continue
            start = match.round.copy()
            end = run(start.copy(), random.Random(k).random)
            assert end.over
            replay = start.copy()
            for event in end.history[len(start.history) :]:
                replay.apply(event.code)
            assert replay.over and replay.hands == end.hands


def test_k3_6_smart_playouts_leave_the_next_seat_nothing_to_answer() -> None:
    """Seat 1 holds no 2 or 3 (the counter's scripted table): 2-6R leaves it ends 3|2, the
    heavier 5-6R ends 3|5. Heavy-first lays 5-6; the smart policy blocks."""
    rules = make_rules({"players": 4})
    match = scripted(rules, BLOCK_HANDS, script=BLOCK_SCRIPT)
    assert _first_move("heavy", rules, match.round) == parse_action("5-6R")
    assert _first_move("smart", rules, match.round) == parse_action("2-6R")


def test_k8_5_smart_playouts_do_not_fish_when_the_fisher_takes_everything() -> None:
    """Under "на рыбака" a fish always charges the fisher: with another move at hand (and no way
    out), the smart policy never lays the fish tile; heavy-first does at least once."""
    rules = make_rules({"players": 3, "fish": "fisher"})
    seen = heavy_fished = 0
    for seed in range(60):
        for match in positions(rules, seed, greedy_share=0.6):
            fish, other = fish_moves(match)
            if not fish or not other or match.round.hands[match.turn].bit_count() < 2:
                continue
            assert _first_move("smart", rules, match.round) not in fish
            heavy_fished += _first_move("heavy", rules, match.round) in fish
            seen += 1
    assert seen >= 15 and heavy_fished


def test_an_unknown_policy_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="heavy, smart"):
        make_bot("ismcts:policy=wild")


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_a_playout_stops_where_the_exact_search_takes_over(policy: str) -> None:
    """``until``: on the line a playout stops with that many tiles left (or at the round's end)."""
    rng = random.Random(8)
    stopped = 0
    for match in positions(make_rules({"players": 2}), 5):
        view = seat_view(match, match.turn)
        s = Sampler(view).state(rng)
        if tiles_left(s) <= 10:
            continue
        POLICIES[policy](view.rules)(s, rng.random, 10)
        assert s.over or tiles_left(s) == 10
        stopped += not s.over
    assert stopped > 5
