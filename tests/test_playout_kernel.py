"""The fast playout kernel follows the same rules as the checked turn engine (K3, K4)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from domino_tui.engine.actions import DRAW, KNOCK, Placement, encode, placements
from domino_tui.engine.cross import CrossState
from domino_tui.engine.cross_playout import cross_playout
from domino_tui.engine.deal import choose_lead, deal
from domino_tui.engine.playout import _kth, random_playout
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


# --- the cross (docs/variants G1-G10) ----------------------------------------------------------
CROSS_PRESETS = ["osel", "chechevo", "telefon", "muggins", "all-threes"]


def _cross_start(preset: str, seed: int) -> CrossState:
    from domino_tui.engine.match import Match

    options = {"players": 2} if preset == "osel" else {}
    state = Match(make_rules(options, preset), seed).round
    assert isinstance(state, CrossState)
    return state


def _slow_cross(s: CrossState, random: Callable[[], float]) -> CrossState:
    """The same choices as the kernel, made through the checked engine one action at a time."""
    fits = s.geo.fits
    while not s.over:
        legal = s.legal_actions()
        if not s.placed:
            hand = s.hands[s.turn] & s.lead_mask
            s.apply(_kth(hand, int(random() * hand.bit_count())) << 1)
            continue
        if legal in ([DRAW], [KNOCK]):
            s.apply(legal[0])
            continue
        masks = [s.hands[s.turn] & fits[v] for v in s.open_ends()]
        k = int(random() * sum(m.bit_count() for m in masks))
        for end, m in enumerate(masks):
            if k < m.bit_count():
                code = encode((Placement(_kth(m, k), end),))
                assert code in legal
                s.apply(code)
                break
            k -= m.bit_count()
    return s


@pytest.mark.parametrize("preset", CROSS_PRESETS)
def test_G1_G10_cross_kernel_equals_checked_engine(preset: str) -> None:
    """G1-G10, V2.6, V3.4.2, V3.8.2: the cross kernel and the checked engine, fed the same random
    stream, end every round in the same state (hands, boneyard, table, ends, spinner, fish,
    points scored during play); only the event history, which the kernel skips, differs."""
    for seed in range(150):
        a = _cross_start(preset, seed)
        b = a.copy()
        cross_playout(a, random.Random(seed).random)
        _slow_cross(b, random.Random(seed).random)
        snap_a, snap_b = a.snapshot(), b.snapshot()
        del snap_a["history"], snap_b["history"]
        assert snap_a == snap_b, seed
        assert a.over


@pytest.mark.parametrize("preset", CROSS_PRESETS)
def test_G8_cross_kernel_ends_rounds_legally(preset: str) -> None:
    """G8, G9: every cross playout ends by going out or by a fish no tile could change; every
    tile is accounted for."""
    outs = fish = 0
    for seed in range(200):
        s = cross_playout(_cross_start(preset, 1000 + seed), random.Random(seed).random)
        total = s.table | s.taken
        for h in s.hands:
            assert not h & s.table
            total |= h
        for t in s.boneyard:
            total |= 1 << t
        assert total == s.geo.ts.all_mask
        if s.went_out >= 0:
            outs += 1
            assert s.hands[s.went_out] == 0 and not s.fish
        else:
            fish += 1
            assert s.fish and (s._dead() or s.knocks >= len(s.seats))
    assert outs and fish


@pytest.mark.parametrize("preset", ["osel", "chechevo", "telefon"])
def test_G6_G7_cross_kernel_continues_any_position_as_the_engine_does(preset: str) -> None:
    """G6, G7, V2.6.2, V3.4.2: from positions reached by any legal moves (closed doubles, several
    doubles at once, a spinner-to-be), the kernel and the checked engine still agree."""
    seen_closed = seen_several = 0
    for seed in range(150):
        rng = random.Random(seed)
        s = _cross_start(preset, seed)
        for _ in range(rng.randrange(1, 12)):
            if s.over:
                break
            legal = s.legal_actions()
            big = [
                a for a in legal if len(placements(a)) > 1 or any(p.closed for p in placements(a))
            ]
            code = rng.choice(big) if big and rng.random() < 0.7 else rng.choice(legal)
            seen_closed += any(p.closed for p in placements(code))
            seen_several += len(placements(code)) > 1
            s.apply(code)
        a, b = s.copy(), s.copy()
        cross_playout(a, random.Random(seed).random)
        _slow_cross(b, random.Random(seed).random)
        snap_a, snap_b = a.snapshot(), b.snapshot()
        del snap_a["history"], snap_b["history"]
        assert snap_a == snap_b, seed
    assert seen_several
    assert seen_closed or preset == "telefon"
