"""Bots never cheat: they see a seat view and nothing else, and the hidden tiles cannot move
their decisions (issue 3, item 5)."""

from __future__ import annotations

import copy
import gc
import random
import types
from typing import Any

import pytest

from domino_tui.arena import ArenaConfig
from domino_tui.arena import play as arena_play
from domino_tui.bots import make_bot
from domino_tui.bots.sampler import Sampler
from domino_tui.engine.match import Match
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import SeatView, seat_view

from .helpers import positions

CHEAP = (
    "random",
    "greedy",
    "counter",
    "pimc:playouts=30",
    "ismcts:iterations=30",
    # issue 13: the exact endgame, playouts that hand over to it, the play model
    "pimc:samples=12,solve=14,nodes=2000,policy=smart,finish=10,pool=2000,weigh=true",
    # the master level's pruning and the exact search's draws as chance nodes
    "pimc:samples=20,solve=14,nodes=2000,pool=2000,weigh=true,prune=true,chance=true",
)


def _redealt(match: Match, seat: int, rng: random.Random) -> tuple[Match, bool]:
    """The same match with the hidden tiles re-dealt consistently with ``seat``'s view; True if
    the re-deal differs from the truth."""
    view = seat_view(match, seat)
    hands, boneyard = Sampler(view).sample(rng)
    other = copy.copy(match)
    other.round = view.determinize(hands, boneyard)
    changed = any(match.round.hands[s] != h for s, h in hands.items())
    return other, changed or list(match.round.boneyard) != boneyard


@pytest.mark.parametrize("rules", [make_rules({"players": 2}), make_rules({}, "kozel-pairs")])
def test_decisions_do_not_change_when_hidden_tiles_are_redealt(rules: Any) -> None:
    rng = random.Random(2)
    changed = 0
    for seed in range(4):
        for k, match in enumerate(positions(rules, seed)):
            view = seat_view(match, match.turn)
            if k % 4 or len(view.legal) < 2:
                continue
            other, differs = _redealt(match, match.turn, rng)
            changed += differs
            other_view = seat_view(other, match.turn)
            assert other_view == view  # the seat cannot tell the two worlds apart
            for name in CHEAP:
                here = make_bot(name, 11, clock=False).choose(view)
                there = make_bot(name, 11, clock=False).choose(other_view)
                assert here == there, name
    assert changed > 10


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through instance data (not through classes,
    modules or functions, which reach the whole program)."""
    stop = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)
    seen: set[int] = set()
    todo = [root]
    out = []
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, stop):
            continue
        seen.add(id(obj))
        out.append(obj)
        todo.extend(gc.get_referents(obj))
    return out


def test_the_view_reaches_no_match_and_no_round_state() -> None:
    rules = make_rules({"players": 3})
    for k, match in enumerate(positions(rules, 4)):
        if k % 25 == 0:
            for seat in range(3):
                objs = _reachable(seat_view(match, seat))
                assert not [o for o in objs if isinstance(o, Match | RoundState)]
                # nor the others' tiles: no int in the view equals a hidden hand mask
                for other in range(3):
                    hidden = match.round.hands[other]
                    if other != seat and hidden.bit_count() >= 3:
                        assert hidden not in [o for o in objs if type(o) is int]


def test_the_arena_hands_bots_a_view_and_nothing_else(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[type, ...]] = []

    class Spy:
        name = "spy"

        def choose(self, *args: object, **kwargs: object) -> int:
            seen.append(tuple(type(a) for a in args) + tuple(type(v) for v in kwargs.values()))
            view = args[0]
            assert isinstance(view, SeatView)
            return view.legal[0]

    real = arena_play.make_bot
    monkeypatch.setattr(
        arena_play,
        "make_bot",
        lambda name, seed, clock: Spy() if name == "spy" else real(name, seed, clock=clock),
    )
    config = ArenaConfig(("spy", "greedy"), 1, make_rules({"players": 2}), seed=1)
    arena_play.play_group(config, 0)
    assert seen and set(seen) == {(SeatView,)}
