"""Playouts are judged by the rules in force: fish mode (K8), remembered points (K7), K9."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domino_tui.bots.evaluate import GOAT_PRICE, REMEMBERED_WEIGHT, Evaluator
from domino_tui.engine.match import Match
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.scoring import Standing
from domino_tui.engine.view import SeatView, seat_view

from .helpers import mask


def _fish(rules: Rules, hands: list[str], fisher: int) -> RoundState:
    s = RoundState.start(rules, [mask(h) for h in hands], [], 0, 0)
    s.over = s.fish = True
    s.fisher = s.last_nondouble = fisher
    return s


def _view(rules: Rules, standings: tuple[Standing, ...] | None = None) -> SeatView:
    view = seat_view(Match(rules, 1), 0)
    return replace(view, standings=standings) if standings else view


def test_k8_2_fish_on_one_charges_the_fuller_hand_everything() -> None:
    rules = make_rules({"players": 2, "fish": "one"})
    s = _fish(rules, ["0-1", "6-6 5-5"], fisher=0)
    assert Evaluator(_view(rules)).seat_values(s) == [23.0, -23.0]


def test_k8_5_fish_on_the_fisher_charges_the_fisher() -> None:
    rules = make_rules({"players": 2, "fish": "fisher"})
    s = _fish(rules, ["0-1", "6-6 5-5"], fisher=0)
    assert Evaluator(_view(rules)).seat_values(s) == [-23.0, 23.0]


def test_k7_1_small_points_are_only_remembered() -> None:
    rules = make_rules({"players": 2, "fish": "one"})
    s = _fish(rules, ["0-1", "3-5"], fisher=0)
    assert Evaluator(_view(rules)).seat_values(s)[0] == pytest.approx(9 * REMEMBERED_WEIGHT)


def test_k9_pushing_the_other_past_the_target_is_worth_the_goat_price() -> None:
    rules = make_rules({"players": 2, "fish": "one"})
    s = _fish(rules, ["0-1", "6-6 5-5"], fisher=0)
    near = (Standing(), Standing(written=90, opened=True))
    far = (Standing(), Standing(written=10, opened=True))
    gap = (
        Evaluator(_view(rules, near)).seat_values(s)[0]
        - Evaluator(_view(rules, far)).seat_values(s)[0]
    )
    assert gap == GOAT_PRICE


def test_p3_pairs_count_per_side() -> None:
    rules = make_rules({}, "kozel-pairs")
    s = RoundState.start(rules, [0, mask("6-6"), mask("0-1"), mask("5-5")], [], 0, 0)
    s.over, s.went_out = True, 0
    values = Evaluator(_view(rules)).seat_values(s)
    assert values[0] == values[2] > 0 > values[1] == values[3]
