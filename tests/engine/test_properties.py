"""Random playouts over presets, options and 2-4 players, checking the engine's invariants after
every action: the 28 tiles, refused illegal actions, copies, the score sheet, goats and replay.

Hypothesis draws the rules and the seed; the playout itself is a seeded ``random.Random`` so that
a failing example replays exactly. Matches are capped in length to keep the suite fast.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from domino_tui.engine.actions import DRAW, PAIR_BASE, pair_play
from domino_tui.engine.deal import forced_lead, needs_redeal
from domino_tui.engine.match import Match
from domino_tui.engine.record import dumps, loads, make_record, replay
from domino_tui.engine.round import IllegalActionError, RoundState
from domino_tui.engine.rules import Rules, make_rules, with_options
from domino_tui.engine.scoring import Standing
from domino_tui.engine.view import seat_view

from .scripted import TS, accounted, snapshot

MAX_ACTIONS = 700
# codes a confused bot or an edited record might send: every play code of the set, draw, knock,
# double pairs, and codes that name no tile at all
CODE_POOL = [
    *range(-6, 2 * TS.count + 6),
    *(pair_play(a, b) for a in TS.double_of for b in TS.double_of if a != b),
    pair_play(0, 28),
    PAIR_BASE + 9999,
    10**6,
]


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    """A valid rule set: a preset and a spread of options that make_rules accepts."""
    preset = draw(st.sampled_from(["kozel", "kozel-pairs", "classic"]))
    opts: dict[str, Any] = {}
    if preset == "kozel":
        opts["players"] = draw(st.sampled_from([2, 3, 4]))
        opts["fish"] = draw(st.sampled_from(["all", "one", "fisher"]))
    elif preset == "kozel-pairs":
        opts["pair_fish"] = draw(st.sampled_from(["own", "all"]))
        opts["partner_leads"] = draw(st.booleans())
    else:
        opts["players"] = draw(st.sampled_from([2, 3, 4]))
    players = opts.get("players", 4)
    if preset != "classic":
        opts["redeal"] = draw(st.sampled_from(["kozel", "all_doubles", "none"]))
        opts["hand_size"] = draw(st.sampled_from([0, 5, 6, 7] if players < 4 else [0, 5, 7]))
        opts["match_end"] = draw(st.sampled_from(["target", "rounds:3", "last_standing"]))
        opts["lead_rule"] = draw(st.sampled_from(["kozel", "lowest_double", "highest_double"]))
        opts["open_threshold"] = draw(st.integers(5, 20))
        opts["finish_bonus"] = draw(st.booleans())
        opts["big_alone"] = draw(st.booleans())
        opts["one_one_15"] = draw(st.booleans())
    else:
        opts["match_end"] = draw(st.sampled_from(["target", "rounds:3"]))
    opts["later_leads"] = draw(st.sampled_from(["winner", "same_as_first", "rotate"]))
    if opts.get("partner_leads"):
        opts["later_leads"] = "winner"  # F20: partner_leads is refused with any other
    opts["match"] = draw(st.sampled_from(["equal", "sum6"]))
    opts["double_pair"] = draw(st.booleans())
    opts["fish_takes_boneyard"] = draw(st.booleans())
    opts["blank_alone"] = draw(st.sampled_from([10, 25]))
    opts["target"] = draw(st.sampled_from([12, 40, 101]))
    rules = make_rules(opts, preset=preset)
    spare = 28 - rules.dealt * players
    return with_options(rules, boneyard_reserve=draw(st.integers(0, min(2, spare))))


def try_illegal(m: Match, rng: random.Random) -> None:
    """Send a code that is not legal now: it must be refused and change nothing."""
    legal = set(m.legal_actions())
    code = rng.choice([c for c in CODE_POOL if c not in legal])
    before = snapshot(m.round)
    actions = [list(a) for a in m.actions]
    with pytest.raises(IllegalActionError):
        m.apply(code)
    assert snapshot(m.round) == before
    assert m.actions == actions


def play_out(state: RoundState, rng: random.Random) -> None:
    while not state.over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def check_copy(m: Match, rng: random.Random) -> None:
    """A copy plays on without touching the original, and the original without the copy."""
    original = m.round
    frozen = snapshot(original)
    twin = original.copy()
    assert snapshot(twin) == frozen
    play_out(twin, rng)
    assert snapshot(original) == frozen
    base = original.copy()
    other = base.copy()
    play_out(base, rng)
    assert snapshot(other) == frozen


def check_view(m: Match, rng: random.Random) -> None:
    """K3.6: a seat sees its own hand and public facts only, and rebuilding the round from its
    view plus the true hidden tiles plays on exactly like the real round."""
    state = m.round
    for seat in state.seats:
        view = seat_view(m, seat)
        assert view.hand == state.hands[seat]
        assert view.counts == state.tile_counts()
        assert view.boneyard == len(state.boneyard)
        for seen in view.events:
            if seen.code == DRAW and seen.seat != seat:
                assert seen.tile == -1, "another seat's drawn tile stays hidden"
        assert view.legal == (tuple(m.legal_actions()) if seat == state.turn else ())
    seat = state.turn
    view = seat_view(m, seat)
    others = {s: state.hands[s] for s in range(m.rules.players) if s != seat}
    rebuilt = view.determinize(others, list(state.boneyard))
    real = state.copy()
    while not real.over:
        assert sorted(rebuilt.legal_actions()) == sorted(real.legal_actions())
        legal = real.legal_actions()
        code = legal[rng.randrange(len(legal))]
        real.apply(code)
        rebuilt.apply(code)
    assert rebuilt.over
    assert (rebuilt.fish, rebuilt.fisher, rebuilt.went_out, rebuilt.taker, rebuilt.taken) == (
        real.fish,
        real.fisher,
        real.went_out,
        real.taker,
        real.taken,
    )
    assert rebuilt.hands == real.hands


def check_sheet(m: Match) -> None:
    """The score table adds up (K7, K8, K9, K11, F9, F13)."""
    r = m.rules
    previous: tuple[Standing, ...] = tuple(Standing() for _ in range(r.sides))
    carry = 0
    out: set[int] = set()
    for result in m.results:
        score = result.score
        assert score.carry_before == carry
        active = [s for s in range(r.sides) if s not in out]
        for line in score.lines:
            before, after = line.before, line.after
            assert scores(before) == scores(previous[line.side]), "after is the next before"
            assert before.out is (line.side in out)
            assert after.written >= before.written, "written totals only grow"
            if r.classic_count:
                assert after.remembered == 0
            else:
                assert not (after.opened and after.remembered), "remembered only when not open"
                assert after.opened or after.written == 0
                assert (
                    after.written + after.remembered
                    == before.written + before.remembered - line.cleared + line.round_points
                ), "K7: round points go to the written score or to the remembered total"
            if line.side in out:
                assert line.round_points == 0 and line.hand_points == 0
        winner = r.side_of(result.went_out) if result.went_out >= 0 else -1
        hands = sum(score.lines[s].hand_points for s in active if s != winner)
        gained = sum(line.round_points for line in score.lines)
        if r.classic_count:
            assert score.carry_after == 0 and not score.tie
        elif score.tie:
            assert result.fish and gained == 0
            assert score.carry_after == carry + sum(score.lines[s].hand_points for s in active)
        else:
            if score.carry_paid_to >= 0:
                assert score.carry_after == 0
                assert score.lines[score.carry_paid_to].carry_paid == carry
            else:
                assert score.carry_after == carry
            own_pair_fish = r.pairs and result.fish and r.pair_fish == "own"
            if not own_pair_fish:
                assert gained + score.carry_after - carry == hands, "points are conserved"
        carry = score.carry_after
        previous = tuple(line.after for line in score.lines)
        check_goats(m, result.goats, previous, out)
        if r.match_end == "last_standing":
            out |= set(result.goats)
    assert m.carry == carry
    if m.results:
        assert [scores(st) for st in m.standings] == [scores(st) for st in previous]
        assert [st.out for st in m.standings] == [s in out for s in range(r.sides)]


def scores(st: Standing) -> tuple[int, int, bool]:
    """A standing without the drop-out flag, which test_match checks on its own (F13)."""
    return st.written, st.remembered, st.opened


def check_goats(
    m: Match, goats: tuple[int, ...], standings: tuple[Standing, ...], out: set[int]
) -> None:
    """K9: a goat exactly when a written score reaches the target; never from remembered."""
    r = m.rules
    if r.classic_count or r.rounds_limit is not None:
        return
    reached = tuple(s for s in range(r.sides) if s not in out and standings[s].written >= r.target)
    assert goats == reached


def check_deals(m: Match) -> None:
    """K1.3/K1.4: every deal gives each seat in play its hand size, none that breaks the redeal
    rule, and the whole set; K2.1/K2.2/F2: the right seat leads the right tile."""
    r = m.rules
    assert len(m.deals) == len(m.actions)
    for number, (d, result) in enumerate(zip(m.deals, m.results, strict=False), start=1):
        seats = tuple(s for s in range(r.players) if d.hands[s])
        assert all(d.hands[s].bit_count() == r.dealt for s in seats)
        assert not any(needs_redeal(r, d.hands[s]) for s in seats)
        union = 0
        for h in d.hands:
            assert not union & h
            union |= h
        assert union | sum(1 << t for t in d.boneyard) == TS.all_mask
        forced = number == 1 or r.later_leads == "same_as_first"
        if forced:
            assert (result.leader, result.lead_tile) == forced_lead(r, d.hands, seats)
        elif r.later_leads == "rotate":  # F3, F19: from the second round on, pairs too
            before = m.results[number - 2].leader
            after = next(
                (before + k) % r.players
                for k in range(1, r.players + 1)
                if (before + k) % r.players in seats
            )
            assert result.leader == after
        elif r.later_leads == "winner" and not r.pairs:
            previous = m.results[number - 2].winner
            if previous in seats:
                assert result.leader == previous


def check_end(m: Match) -> None:
    r = m.rules
    outcome = m.outcome
    assert outcome is not None
    written = [st.written for st in m.standings]
    if r.classic_count:
        assert outcome.goats == ()
        if r.rounds_limit is None:
            assert outcome.winners == tuple(s for s in range(r.sides) if written[s] >= r.target)
        return
    if r.rounds_limit is not None:
        assert len(m.results) == r.rounds_limit
        worst = max(written)
        expected = (
            () if min(written) == worst else tuple(s for s in range(r.sides) if written[s] == worst)
        )
        assert outcome.goats == expected
    elif r.match_end == "last_standing":
        assert len([st for st in m.standings if not st.out]) <= 1
        assert set(outcome.goats) == {s for s, st in enumerate(m.standings) if st.out}
    else:
        assert outcome.goats == tuple(s for s in range(r.sides) if written[s] >= r.target)
        assert outcome.goats
    for s in range(r.sides):
        assert outcome.ratings[s] == 0 if s in outcome.goats else outcome.ratings[s] >= 1


def check_replay(m: Match) -> None:
    again = replay(loads(dumps(make_record(m))))
    assert again.actions == m.actions
    assert again.results == m.results
    assert again.standings == m.standings
    assert again.outcome == m.outcome
    assert again.carry == m.carry
    assert again.histories == m.histories
    if not m.over:
        assert snapshot(again.round) == snapshot(m.round)


def play_and_check(rules: Rules, seed: int, full: bool = True) -> Match:
    """Play random legal actions, checking the invariants after each one."""
    m = Match(rules, seed)
    rng = random.Random(seed)
    for step in range(MAX_ACTIONS):
        if m.over:
            break
        if full and step % 7 == 0:
            try_illegal(m, rng)
        if full and step % 23 == 5:
            check_copy(m, rng)
        if full and step % 17 == 3:
            check_view(m, rng)
        legal = m.legal_actions()
        assert legal, "a live round always has a legal action"
        assert len(set(legal)) == len(legal)
        result = m.apply(legal[rng.randrange(len(legal))])
        assert accounted(m.round) == TS.all_mask, "every tile is in a hand, the boneyard or down"
        if result is not None:
            assert result.went_out >= 0 or result.fish
            assert result.went_out < 0 or result.hands[result.went_out] == 0
    check_sheet(m)
    check_deals(m)
    if m.over:
        check_end(m)
    check_replay(m)
    return m


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_random_playouts_keep_every_invariant(rules: Rules, seed: int) -> None:
    m = play_and_check(rules, seed)
    for r in m.results:
        event("fish" if r.fish else "went out")
        if r.score.tie:
            event("tied fish")
        if r.taken:
            event("boneyard taken")
    event("match over" if m.over else "capped")


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("kozel", {"players": 2}),
        ("kozel", {"players": 3}),
        ("kozel", {}),
        ("kozel", {"fish": "all", "players": 3}),
        ("kozel", {"fish": "fisher"}),
        ("kozel-pairs", {}),
        ("kozel-pairs", {"pair_fish": "all", "partner_leads": True}),
        ("classic", {"players": 2}),
        ("classic", {"players": 4}),
        ("kozel", {"match_end": "last_standing", "players": 3}),
    ],
)
def test_seeded_full_matches_with_default_targets(preset: str, options: dict[str, Any]) -> None:
    """Whole matches to the default target (101, or 100 for classic)."""
    rules = make_rules(options, preset=preset)
    for seed in (1, 2, 3):
        m = play_and_check(rules, seed)
        assert m.over or sum(len(a) for a in m.actions) >= MAX_ACTIONS


def test_playouts_reach_every_kind_of_ending() -> None:
    """The random playouts above are not vacuous: they see fish, going out, carries, goats."""
    seen: set[str] = set()
    for seed in range(12):
        m = play_and_check(make_rules({"players": 3, "target": 40}), seed, full=False)
        for r in m.results:
            seen.add("fish" if r.fish else "out")
            if r.score.tie:
                seen.add("tie")
            if r.taken:
                seen.add("taken")
        if m.outcome and m.outcome.goats:
            seen.add("goat")
    assert {"fish", "out", "goat", "taken"} <= seen


@pytest.mark.parametrize("code", [56, 57, 100, PAIR_BASE + 2800, 10**6, -3, -7])
def test_codes_outside_the_set_are_refused_as_illegal(code: int) -> None:
    """A code naming no tile of the set is an illegal action like any other, with a message."""
    m = Match(make_rules(), 1)
    before = snapshot(m.round)
    with pytest.raises(IllegalActionError) as err:
        m.round.apply(code)
    assert snapshot(m.round) == before
    message = str(err.value)
    assert message.startswith(f"illegal action {code}")
    assert not re.search(r"\d-\d", message), f"names a real tile: {message}"
