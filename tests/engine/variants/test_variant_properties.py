"""Random playout properties for every ``--rules`` preset (issue 10, docs/variants): after every
action the 28 tiles are accounted for (hands, boneyard, table, the boneyard a fish hands over),
actions outside ``legal_actions()`` are refused and change nothing, a copy plays on without
touching the original, a seat view rebuilt with the true tiles is the true round, the score sheet
adds up round after round, a record replays to the same match, and the match ends.

Hypothesis draws the seed and the player count; the playout is a seeded ``random.Random`` so a
failing example replays exactly. Parametrized by preset, so each variant's failures show apart.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domino_tui.engine.actions import (
    DRAW,
    KNOCK,
    Placement,
    encode,
    pair_play,
    placements,
)
from domino_tui.engine.match import Match
from domino_tui.engine.record import dumps, loads, make_record, replay
from domino_tui.engine.round import IllegalActionError, RoundState
from domino_tui.engine.rules import Rules, RulesError, make_rules
from domino_tui.engine.variants import PRESET_NAMES
from domino_tui.engine.view import seat_view

from ..scripted import TS, accounted

MAX_ACTIONS = 6000  # every preset's match ends well within this (the longest: морской to 125)


def _players(preset: str) -> list[int]:
    """The player counts a preset accepts."""
    out = []
    for players in (2, 3, 4):
        try:
            make_rules({"players": players}, preset=preset)
        except RulesError:
            continue
        out.append(players)
    return out


PLAYERS = {preset: _players(preset) for preset in PRESET_NAMES}


def rules_for(preset: str, players: int) -> Rules:
    return make_rules({"players": players}, preset=preset)


# --- the checks ---------------------------------------------------------------------------------


def check_tiles(s: RoundState) -> None:
    """Every tile of the set is in exactly one place: a hand, the boneyard or the table (a
    closed double is on the table; the boneyard taken on a fish is in the taker's hand)."""
    assert accounted(s) == TS.all_mask


def wrong_codes(m: Match) -> list[int]:
    """Codes a confused bot or an edited record might send now: every tile on each end, open or
    closed, the legal moves with one tile moved to another end or turned over, doubles laid
    together, draw and knock."""
    legal = set(m.legal_actions())
    pool = {DRAW, KNOCK, -7, 10**6, pair_play(0, 28)}
    for t in range(TS.count):
        for end in range(4):
            for closed in (False, True):
                pool.add(encode((Placement(t, end, closed),)))
    for code in legal:
        parts = placements(code)
        for k, p in enumerate(parts):
            for end in range(4):
                for closed in (False, True):
                    moved = list(parts)
                    moved[k] = Placement(p.tile, end, closed)
                    ends = [q.end for q in moved]
                    if ends == sorted(set(ends)):
                        pool.add(encode(moved))
    doubles = [TS.double_of[n] for n in range(7)]
    for a in doubles:
        for b in doubles:
            if a != b:
                pool.add(encode((Placement(a, 0), Placement(b, 1, True))))
                pool.add(encode((Placement(a, 2), Placement(b, 3))))
    return sorted(pool - legal)


def check_refusals(m: Match, rng: random.Random) -> None:
    """Actions outside ``legal_actions()`` are refused with a reason and change nothing."""
    codes = wrong_codes(m)
    before = m.round.snapshot()
    actions = [list(a) for a in m.actions]
    for code in rng.sample(codes, min(12, len(codes))):
        assert m.round.illegal_reason(code) is not None
        with pytest.raises(IllegalActionError):
            m.apply(code)
        assert m.round.snapshot() == before
        assert m.actions == actions


def play_out(s: RoundState, rng: random.Random) -> None:
    while not s.over:
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])


def check_copy(m: Match, rng: random.Random) -> None:
    """A copy plays on without touching the original, and the original without the copy."""
    original = m.round
    frozen = original.snapshot()
    twin = original.copy()
    assert twin.snapshot() == frozen
    play_out(twin, rng)
    check_tiles(twin)
    assert original.snapshot() == frozen
    other = original.copy()
    play_out(original.copy(), rng)
    assert other.snapshot() == frozen


def check_view(m: Match, rng: random.Random) -> None:
    """K3.6, G10: the seat to move, rebuilt from its view with the true hidden tiles, plays on
    exactly like the real round."""
    s = m.round
    if not s.placed:
        return
    seat = s.turn
    view = seat_view(m, seat)
    others = {o: s.hands[o] for o in s.seats if o != seat}
    rebuilt = view.determinize(others, list(s.boneyard))
    real = s.copy()
    while not real.over:
        assert sorted(rebuilt.legal_actions()) == sorted(real.legal_actions())
        legal = real.legal_actions()
        code = legal[rng.randrange(len(legal))]
        real.apply(code)
        rebuilt.apply(code)
    assert rebuilt.over
    assert (rebuilt.fish, rebuilt.fisher, rebuilt.went_out, rebuilt.hands) == (
        real.fish,
        real.fisher,
        real.went_out,
        real.hands,
    )


def check_sheet(m: Match, before: Any, carry: int) -> None:
    """The round just written: each side's line starts from the standings before it and ends at
    the standings after it (after = before + the sheet's changes), the carry-over too."""
    result = m.results[-1]
    score = result.score
    assert score.carry_before == carry
    assert score.carry_after == m.carry
    assert len(score.lines) == m.rules.sides
    for line in score.lines:
        assert line.before == before[line.side]
        assert line.after == m.standings[line.side]
    assert result.goats == tuple(sorted(set(result.goats)))
    assert all(0 <= side < m.rules.sides for side in result.goats)


def check_replay(m: Match) -> None:
    again = replay(loads(dumps(make_record(m))))
    assert again.snapshot() == m.snapshot()
    assert again.results == m.results
    assert again.outcome == m.outcome
    assert again.histories == m.histories


def play_and_check(rules: Rules, seed: int) -> Match:
    m = Match(rules, seed)
    rng = random.Random(seed)
    check_tiles(m.round)
    for step in range(MAX_ACTIONS):
        if m.over:
            break
        if step % 3 == 0:
            check_refusals(m, rng)
        if step % 29 == 3:
            check_copy(m, rng)
        if step % 31 == 7:
            check_view(m, rng)
        legal = m.legal_actions()
        assert legal, "a live round always has a legal action"
        state, standings, carry = m.round, m.standings, m.carry
        done = m.apply(legal[rng.randrange(len(legal))])
        check_tiles(state)
        if done is not None:
            assert state.over
            check_sheet(m, standings, carry)
            if not m.over:
                check_tiles(m.round)
        if step == 150:
            check_replay(m)
    assert m.over, "the match ends"
    assert m.outcome is not None
    outcome = m.outcome
    assert all(0 <= side < rules.sides for side in (*outcome.goats, *outcome.winners))
    assert not set(outcome.goats) & set(outcome.winners)
    check_replay(m)
    return m


@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_preset_keeps_its_invariants(preset: str, data: st.DataObject) -> None:
    """Tiles accounted for (S1, G6, K4.4), illegal actions refused (K3.1-K3.3, G4-G7), copies,
    views (G10), the score sheet (K11) and replay, for a whole match of every preset."""
    players = data.draw(st.sampled_from(PLAYERS[preset]), label="players")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    play_and_check(rules_for(preset, players), seed)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_with_fixed_seeds(preset: str) -> None:
    """The same properties on a few fixed seeds per player count, for a stable baseline."""
    for players in PLAYERS[preset]:
        for seed in (1, 2, 3):
            play_and_check(rules_for(preset, players), seed)


OPTION_SETS = [
    ("osel", {"pairs": True}),
    ("osel", {"pairs": True, "pair_fish": "all"}),
    ("osel", {"players": 3, "several_doubles": False}),
    ("osel", {"close_out": False}),
    ("osel", {"players": 2, "closed_doubles": False}),
    ("osel", {"match": "sum6"}),
    ("osel", {"fish": "fisher", "later_leads": "rotate"}),
    ("osel", {"match_end": "last_standing"}),
    ("chechevo", {"blank_in_hand": "value", "six_six_in_hand": 12}),
    ("chechevo", {"players": 3, "match": "sum6"}),
    ("chechevo", {"fish": "all", "match_end": "rounds:3"}),
    ("chechevo", {"match_end": "last_standing"}),
]


@pytest.mark.parametrize(("preset", "options"), OPTION_SETS)
def test_cross_variants_with_their_options(preset: str, options: dict[str, Any]) -> None:
    """V2 and V5 options (closed doubles, several doubles, close-out, pairs, sum6, Козёл's
    fish, leads and match ends) keep the same invariants."""
    for seed in range(4):
        play_and_check(make_rules(options, preset=preset), seed)
