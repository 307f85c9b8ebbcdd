"""Every bot level plays every preset of the Козёл family from its seat view alone (issue 10,
item 5): legal moves on the cross (G1-G10), closed doubles that are public (G6), knocks and
draws read on all four ends, the search valued by the variant's own score."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from domino_tui.bots import make_bot
from domino_tui.bots.belief import Belief
from domino_tui.bots.evaluate import Evaluator
from domino_tui.bots.rollout import cross_playout, playout, smart_policy
from domino_tui.bots.sampler import Sampler
from domino_tui.engine.cross import CrossState
from domino_tui.engine.match import Match
from domino_tui.engine.rules import Rules, RulesError, make_rules
from domino_tui.engine.tiles import DOUBLE_SIX
from domino_tui.engine.variants import PRESET_NAMES, get_variant
from domino_tui.engine.variants.base import Sheet
from domino_tui.engine.view import seat_view

from .helpers import mask, scripted

TS = DOUBLE_SIX

# the levels with budgets small enough for a test (the same code paths as the app's levels)
LEVELS = {
    "random": "random",
    "greedy": "greedy",
    "counter": "counter",
    "hard": "pimc:samples=4,solve=14,nodes=500",
    "master": "pimc:samples=4,solve=18,nodes=500,policy=smart,finish=12,pool=2000,weigh=true",
    "pruned": "pimc:samples=20,solve=16,nodes=500,pool=2000,prune=true,chance=true",
    "ismcts": "ismcts:iterations=12,policy=smart",
    "pimc": "pimc:playouts=16",
}


def _short_rules(preset: str) -> Rules:
    """The preset with two players where it allows them (fewer decisions), else its own table."""
    try:
        return make_rules({"players": 2}, preset)
    except RulesError:
        return make_rules({}, preset)


def _play(rules: Rules, names: list[str], seed: int) -> Match:
    match = Match(rules, seed)
    bots = [make_bot(names[s % len(names)], 100 + s, clock=False) for s in range(rules.players)]
    while not match.over:
        view = seat_view(match, match.turn)
        code = bots[match.turn].choose(view)
        assert code in view.legal
        match.apply(code)  # the engine refuses anything illegal
        assert len(match.results) < 200
    return match


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_G1_G10_every_level_plays_a_whole_match_of_every_preset(preset: str, level: str) -> None:
    """G1-G10 and every variant's V*.x moves: a seeded full match, each seat a bot of the level
    against greedy, ends with an outcome and never an illegal action."""
    match = _play(_short_rules(preset), [LEVELS[level], "greedy"], seed=3)
    assert match.outcome is not None and match.results


# --- the cross in the seat view ----------------------------------------------------------------
OSEL2 = make_rules({"players": 2}, "osel")


def test_G6_a_closed_double_is_public_and_never_dealt_to_anyone() -> None:
    """G6, V2.5.2: 2-2 laid closed is on the table in every view; the sampler never puts it in a
    hand or in the boneyard."""
    match = scripted(
        OSEL2,
        ["1-1 2-2 0-0 0-3 0-4 0-5 0-6", "1-2 1-4 3-3 3-5 3-6 5-5 5-6"],
        script="1-1 1-2R 2-2R*",
    )
    closed = TS.parse("2-2")
    assert any(t == closed and where & 4 for t, where, _ in match.round.placed)
    view = seat_view(match, 1)
    assert view.table >> closed & 1 and not view.unseen >> closed & 1
    sampler = Sampler(view)
    rng = random.Random(1)
    for _ in range(200):
        hands, boneyard = sampler.sample(rng)
        assert closed not in boneyard
        assert not any(h >> closed & 1 for h in hands.values())
        s = sampler.state(rng)
        assert s.right == -1 and s.open_ends()[1] == -1  # the closed end stays closed


def test_G3_a_draw_tells_about_the_up_and_down_ends_too() -> None:
    """G3, G10, K3.6: seat 1 draws on ends 4 · 2 · 1 · 1 (left, right, up, down): it held no tile
    with a 1 either, so a 1-5 can only have come with the draw (epoch 1), and a guess gives it
    at most one tile fitting those ends."""
    match = scripted(
        OSEL2,
        ["1-1 1-4 0-0 0-2 0-3 0-4 0-5", "1-2 3-3 3-5 3-6 5-5 5-6 6-6"],
        draws="0-6",
        script="1-1 1-2R 1-4L draw",
    )
    assert match.round.open_ends() == (4, 2, 1, 1)
    view = seat_view(match, 0)
    belief = Belief(view)
    one_five = TS.parse("1-5")
    assert belief.min_epoch(1, one_five) == 1
    fitting = mask("1-3 1-5 1-6 2-3 2-5 2-6 3-4 4-5 4-6 2-4 2-2 4-4")
    rng = random.Random(2)
    sampler = Sampler(view, belief)
    for _ in range(200):
        hands, _ = sampler.sample(rng)
        assert (hands[1] & fitting).bit_count() <= 1


# --- honesty on the cross ----------------------------------------------------------------------
CHEAP = ("greedy", "counter", "pimc:playouts=40", "ismcts:iterations=40")


@pytest.mark.parametrize("preset", ["osel", "telefon"])
def test_G10_cross_decisions_do_not_change_when_hidden_tiles_are_redealt(preset: str) -> None:
    """G10, K3.6: re-dealing the hidden tiles consistently with the seat's view (same view)
    does not move any bot's choice on the cross."""
    rules = _short_rules(preset)
    rng = random.Random(5)
    checked = changed = 0
    for seed in range(3):
        match = Match(rules, seed)
        greedy = make_bot("greedy", 0)
        k = 0
        while not match.over and len(match.results) < 2:
            view = seat_view(match, match.turn)
            if k % 3 == 0 and len(view.legal) > 1:
                hands, boneyard = Sampler(view).sample(rng)
                other = copy.copy(match)
                other.round = view.determinize(hands, boneyard)
                changed += any(match.round.hands[s] != h for s, h in hands.items())
                other_view = seat_view(other, match.turn)
                assert other_view == view
                for name in CHEAP:
                    here = make_bot(name, 7, clock=False).choose(view)
                    there = make_bot(name, 7, clock=False).choose(other_view)
                    assert here == there, name
                checked += 1
            match.apply(greedy.choose(view))
            k += 1
    assert checked > 5 and changed > 3


# --- the search's values -----------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["osel", "telefon", "morskoy", "general", "sport"])
def test_the_evaluator_values_rounds_by_the_variants_own_costs(preset: str) -> None:
    """Issue 10 item 5: a playout is valued by the variant's round_costs (телефон's points,
    генерал's rounds lost …), not by Козёл's pips, from the view's standings and extra."""
    rules = make_rules({}, preset)
    variant = get_variant(rules.variant)
    rng = random.Random(3)
    for seed in range(20):
        match = Match(rules, seed)
        view = seat_view(match, match.turn)
        s = Sampler(view).state(rng)
        playout(s, rng.random)
        want = variant.round_costs(Sheet(rules, view.standings, view.carry, view.extra), s)
        assert Evaluator(view).side_costs(s) == want
        values = Evaluator(view).seat_values(s)
        side = rules.side_of(view.seat)
        others = [want[o] for o in range(rules.sides) if o != side]
        assert values[view.seat] == pytest.approx(sum(others) / len(others) - want[side])


class _Checked(CrossState):
    """A cross round that refuses any illegal action even through apply_unchecked."""

    __slots__ = ()

    def apply_unchecked(self, code: int) -> None:
        assert self.is_legal(code), code
        CrossState.apply_unchecked(self, code)


@pytest.mark.parametrize("preset", ["osel", "chechevo", "telefon", "muggins"])
def test_G4_cross_playout_policies_play_only_legal_moves(preset: str) -> None:
    """G3-G9: the heavy and the smart playout policies lay tiles on any open end and draw or
    knock as the cross engine allows, to the end of the round."""
    rules = make_rules({}, preset)
    smart = smart_policy(rules)
    rng = random.Random(4)
    ends_used: set[int] = set()
    for seed in range(40):
        for policy in (cross_playout, smart):
            s: Any = Match(rules, seed).round
            s.__class__ = _Checked
            policy(s, rng.random)
            assert s.over
            ends_used |= {where & 3 for _, where, _ in s.placed if where >= 0}
    assert {2, 3} <= ends_used  # up and down were played


def test_V3_8_2_telefon_playouts_take_a_scoring_play() -> None:
    """V3.8.2: the телефон playout takes the play that scores over a heavier one that does not.
    After the lead 0-0, seat 1 may lay 0-5 (the ends count 5: a scoring play) or the heavier
    0-6 (count 6: nothing); with no random move it lays 0-5 and scores."""
    rules = make_rules({}, "telefon")
    match = scripted(
        rules,
        ["0-0 1-1 1-2 1-3 1-4 1-5 1-6", "0-5 6-6 4-6 5-6 0-6 2-6 3-6"],
        script="0-0",
    )
    s = match.round
    assert isinstance(s, CrossState)
    cross_playout(s, lambda: 0.99)
    assert TS.name(s.placed[1][0]) == "0-5"
    assert s.score_log[0][0] == 1 and s.scored[1] > 0


@pytest.mark.parametrize("preset", ["osel", "telefon", "chechevo"])
def test_G4_hints_on_the_cross_name_a_legal_move(preset: str) -> None:
    """G3, G4: the hint reads a cross move's tiles and all four ends: at every decision of a
    round it advises a legal move, and a forced draw names the open ends it could not answer."""
    from domino_tui.bots.explain import advise

    rules = make_rules({}, preset)
    match = Match(rules, 2)
    greedy = make_bot("greedy")
    draws = 0
    while not match.over and len(match.results) < 1:
        view = seat_view(match, match.turn)
        advice = advise(view, budget=40)
        assert advice.code in view.legal
        if advice.reasons and advice.reasons[0].kind == "must_draw":
            draws += 1
            assert advice.reasons[0].numbers == tuple(sorted({e for e in view.ends if e >= 0}))
        match.apply(greedy.choose(view))
