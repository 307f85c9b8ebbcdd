"""PIMC and ISMCTS: legal, deterministic for a seed, instant when there is no choice, and they
see a win in one."""

from __future__ import annotations

import pytest

from domino_tui.bots import explain, make_bot
from domino_tui.bots import ismcts as ismcts_module
from domino_tui.bots.ismcts import IsmctsBot
from domino_tui.bots.pimc import PimcBot
from domino_tui.engine.rules import make_rules
from domino_tui.engine.scoring import hand_value
from domino_tui.engine.view import seat_view

from .helpers import RULESETS, fish_moves, positions

SEARCHERS = (
    "pimc:playouts=30",
    "ismcts:iterations=30",
    "ismcts:iterations=30,policy=smart",
    # the hard and master levels' machinery (issue 13) on small budgets
    "pimc:samples=12,solve=14,nodes=2000",
    "pimc:samples=12,solve=16,nodes=2000,policy=smart,finish=10,pool=2000,weigh=true",
    "pimc:samples=20,solve=16,nodes=2000,policy=smart,pool=2000,weigh=true,prune=true,chance=true",
)


def test_search_bots_choose_legal_actions_deterministically_in_every_rule_set() -> None:
    for i, rules in enumerate(RULESETS):
        for k, match in enumerate(positions(rules, 100 + i)):
            view = seat_view(match, match.turn)
            if k % 7 or len(view.legal) < 2:
                continue
            for name in SEARCHERS:
                first = make_bot(name, 3, clock=False).choose(view)
                assert first in view.legal
                assert make_bot(name, 3, clock=False).choose(view) == first
            if k > 60:
                break


def test_a_single_legal_action_is_answered_without_searching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_search(*_args: object) -> None:
        raise AssertionError("searched with one legal action")

    monkeypatch.setattr(ismcts_module, "Sampler", no_search)
    monkeypatch.setattr(explain, "evaluate", no_search)  # pimc's search
    for match in positions(make_rules({"players": 2}), 8):
        view = seat_view(match, match.turn)
        if len(view.legal) == 1:
            assert IsmctsBot(1).choose(view) == view.legal[0]
            assert PimcBot(1).choose(view) == view.legal[0]


def test_k8_5_search_bots_do_not_fish_when_the_fisher_takes_everything() -> None:
    """K8.5 (на рыбака): laying the fish tile with 30+ pips in the other hands charges them all
    to us; both searchers find another move (same scan as the counter's test, fewer positions)."""
    rules = make_rules({"players": 4, "fish": "fisher"})
    avoided = 0
    for seed in range(40):
        for match in positions(rules, seed, greedy_share=0.6):
            fish, other = fish_moves(match)
            view = seat_view(match, match.turn)
            rest = sum(
                hand_value(rules, h) for s, h in enumerate(match.round.hands) if s != view.seat
            )
            if fish and other and rest >= 30 and avoided < 25:
                for name in SEARCHERS:
                    assert make_bot(name, 1).choose(view) not in fish, name
                avoided += 1
    assert avoided >= 20


def test_explain_agrees_with_choose_and_says_why() -> None:
    for k, match in enumerate(positions(make_rules({"players": 3}), 9)):
        view = seat_view(match, match.turn)
        if len(view.legal) < 2 or k % 5:
            continue
        for name in ("counter", "pimc:playouts=60", "ismcts:iterations=60"):
            bot = make_bot(name, 2, clock=False)
            code, why = bot.explain(view)  # type: ignore[attr-defined]
            assert code == bot.choose(view)
            assert why and "\n" not in why
        break


def test_the_time_cap_stops_a_long_search() -> None:
    match = next(m for m in positions(make_rules({"players": 2}), 3) if len(m.legal_actions()) > 1)
    view = seat_view(match, match.turn)
    _, done = IsmctsBot(1, iterations=10**9, time_ms=30).search(view)
    assert 0 < done < 10**9
    _, exact = IsmctsBot(1, iterations=50, time_ms=0).search(view)
    assert exact == 50
