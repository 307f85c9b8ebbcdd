"""Генерал (docs/variants/general.md, V4.1-V4.9 and the decisions V4.D1-V4.D5).

Scripted deals give each seat only the tiles the story needs and no boneyard (``fill=False``):
a player with nothing that fits knocks, as with the full 7 tiles each. Pairs are 0+2 (pair 0)
and 1+3 (pair 1); the loser of a round is the seat after the one who went out (V4.8.1)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from domino_tui.engine.actions import KNOCK, PAIR_BASE, parse_action
from domino_tui.engine.cross import CrossState
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match, RoundResult
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import Rules, RulesError, make_rules
from domino_tui.engine.scoring import Standing
from domino_tui.engine.variants import get_variant
from domino_tui.engine.variants.base import Sheet
from domino_tui.engine.variants.general import (
    GENERAL_WEIGHT,
    MATCH_PRICE,
    match_end,
)

from ..scripted import TS, act, deal_of, mask, start

GENERAL = make_rules({}, "general")
V = get_variant("general")
ONE_ONE = TS.parse("1-1")

# --- the scripted rounds --------------------------------------------------------------------
# Seat 2 goes out with 6-6: seat 3 loses (worked example 1).
OUT_66 = (["1-1 0-5", "1-6 2-3", "6-6", "4-5 2-4"], "1-1 1-6R 6-6R")
# Seat 2 goes out with 0-0: seat 3 loses.
OUT_00 = (["1-1 2-5", "0-1 2-3", "0-0", "4-5 2-4"], "1-1 0-1L 0-0L")
# Seat 0 goes out with the double pair 0-0 + 6-6: seat 1 loses (worked example 3).
PAIR_00_66 = (["1-1 0-0 6-6", "0-1 2-3", "1-6 3-4", "2-5 3-5"], "1-1 0-1L 1-6R knock 0-0L+6-6R")
# Seat 0 goes out with the double pair 0-0 + 5-5: seat 1 loses.
PAIR_00_55 = (["1-1 0-0 5-5", "0-1 2-3", "1-5 3-4", "2-6 3-6"], "1-1 0-1L 1-5R knock 0-0L+5-5R")
# Seat 1 goes out with 4-5: seat 2 loses (worked example 2, first round).
OUT_45 = (["1-1 0-6", "1-4 4-5", "0-0 3-3", "0-3 3-6"], "1-1 1-4R knock knock knock 4-5R")
# Seat 3 goes out with 2-3: seat 0 loses (worked example 2, second round).
OUT_23 = (["1-1 0-6", "1-2 4-5", "0-0 3-3", "2-3"], "1-1 1-2R knock 2-3R")
# A fish: 1-1 is led and nobody can follow (worked example 4).
FISH = (["1-1 2-3", "4-5", "2-4", "3-5"], "1-1 knock knock knock knock")
# The next deal after a fish: seat 2 holds 1-1.
NEXT = (["0-6 2-3", "4-5", "1-1 2-4", "3-5"], "")

Round = tuple[list[str], str]


def deal(story: Round) -> Deal:
    return deal_of(story[0], fill=False)


def play(
    rules: Rules, *stories: Round, extra: Sequence[Round] = ()
) -> tuple[Match, list[RoundResult]]:
    """A match over the scripted deals; plays every story's moves; returns the rounds done.
    ``extra`` deals are only dealt (so that a match that goes on has a next round)."""
    m = Match(rules, 0, deals=iter([deal(s) for s in (*stories, *extra)]))
    done: list[RoundResult] = []
    for _, script in stories:
        done += act(m, script)
    return m, done


def one(story: Round, **options: Any) -> RoundResult:
    rules = make_rules(options, "general")
    _, done = play(rules, story, extra=[NEXT])
    assert len(done) == 1
    return done[0]


def finished(story: Round, rules: Rules = GENERAL) -> RoundState:
    hands, script = story
    leader = next(seat for seat, hand in enumerate(hands) if "1-1" in hand.split())
    s = start(rules, hands, leader=leader, lead="1-1", fill=False)
    act(s, script)
    assert s.over
    return s


# --- V4.1 - V4.5 ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 3}, "players=4"),
        ({"players": 2}, "players=4"),
        ({"pairs": False}, "pairs=on"),
    ],
)
def test_V4_1_four_players_in_pairs_only(options: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        make_rules(options, "general")
    assert GENERAL.players == 4 and GENERAL.pairs


def test_V4_2_seven_tiles_each_and_no_boneyard() -> None:
    """K1.4 still redeals; the hand size and the set are pinned."""
    for seed in range(5):
        m = Match(GENERAL, seed)
        assert [h.bit_count() for h in m.deals[0].hands] == [7, 7, 7, 7]
        assert m.deals[0].boneyard == ()
    for options in ({"hand_size": 5}, {"set_top": 9}):
        with pytest.raises(RulesError, match="general is played with"):
            make_rules(options, "general")


def test_V4_3_every_round_is_led_with_1_1_by_its_holder() -> None:
    """Over seeded random matches, every round (after a going out or a fish) starts with 1-1."""
    rules = make_rules({"match_end": "rounds:12"}, "general")
    seen_fish = False
    for seed in range(4):
        m = random_match(rules, seed)
        for deal_, result in zip(m.deals, m.results, strict=True):
            assert result.lead_tile == ONE_ONE
            assert deal_.hands[result.leader] >> ONE_ONE & 1
        seen_fish |= any(r.fish for r in m.results)
    assert seen_fish, "the matches above include a fish"
    for options in (
        {"later_leads": "winner"},
        {"later_leads": "rotate"},
        {"lead_rule": "lowest_double"},
    ):
        with pytest.raises(RulesError):
            make_rules(options, "general")


def test_V4_4_two_ends_without_spinner_or_closed_doubles() -> None:
    m = Match(GENERAL, 1)
    assert type(m.round) is RoundState and not isinstance(m.round, CrossState)
    assert not m.round.cross


def test_V4_5_a_double_pair_is_legal_and_a_player_who_cannot_play_knocks() -> None:
    """K3.4 on by default; K3.3 knock with no boneyard; `double_pair=off` is allowed."""
    hands, _ = PAIR_00_66
    s = start(GENERAL, hands, fill=False, lead="1-1")
    act(s, "1-1 0-1L 1-6R")
    assert s.legal_actions() == [KNOCK]  # seat 3: 2-5 3-5 on ends 0 and 6
    act(s, "knock")
    assert parse_action("0-0L+6-6R") in s.legal_actions()
    off = make_rules({"double_pair": False}, "general")
    s = start(off, hands, fill=False, lead="1-1")
    act(s, "1-1 0-1L 1-6R knock")
    assert not [c for c in s.legal_actions() if c >= PAIR_BASE]


def test_V4_6_the_round_ends_when_a_player_goes_out() -> None:
    s = finished(OUT_66)
    assert s.went_out == 2 and not s.fish


# --- V4.7 the fish --------------------------------------------------------------------------
def test_V4_7_worked_example_4_a_fish_is_void_and_the_next_deal_is_led_with_1_1() -> None:
    m, done = play(GENERAL, FISH, extra=[NEXT])
    (r,) = done
    assert r.fish
    assert r.notes == {
        "loser": -1,
        "general": -1,
        "finish": [],
        "void": True,
        "losses": [0, 0],
        "generals": [0, 0],
        "ended": None,
    }
    assert [ln.round_points for ln in r.score.lines] == [0, 0]
    assert m.standings == (Standing(), Standing())
    assert m.extra == {"generals": [0, 0], "counted": 0}
    assert not m.over and r.goats == ()
    assert m.round.leader == 2 and m.round.lead_mask == 1 << ONE_ONE


# --- V4.8 the result of a round -------------------------------------------------------------
@pytest.mark.parametrize(
    ("story", "out", "loser"),
    [(OUT_66, 2, 3), (OUT_45, 1, 2), (OUT_23, 3, 0), (PAIR_00_55, 0, 1)],
)
def test_V4_8_1_the_loser_is_the_next_seat_after_the_one_who_went_out(
    story: Round, out: int, loser: int
) -> None:
    """Seat 3 going out makes seat 0 the loser (the turn order wraps round)."""
    r = one(story)
    assert r.went_out == out
    assert r.notes["loser"] == loser
    assert r.score.lines[loser % 2].round_points == 1
    assert r.score.lines[out % 2].round_points == 0
    assert r.score.lines[out % 2].went_out and not r.score.lines[loser % 2].went_out


@pytest.mark.parametrize(
    ("story", "mode", "general"),
    [
        (OUT_66, "either", True),
        (OUT_00, "either", True),
        (PAIR_00_55, "either", True),  # the 0-0 of a double pair, on the left end
        (PAIR_00_66, "either", True),
        (OUT_45, "either", False),
        (OUT_66, "both", False),
        (OUT_00, "both", False),
        (PAIR_00_55, "both", False),
        (PAIR_00_66, "both", True),
        (OUT_66, "blank", False),
        (OUT_00, "blank", True),
        (PAIR_00_55, "blank", True),
        (PAIR_00_66, "blank", True),
    ],
)
def test_V4_8_2_which_finish_makes_a_general(story: Round, mode: str, general: bool) -> None:
    r = one(story, general=mode)
    loser = r.notes["loser"]
    assert r.notes["general"] == (loser if general else -1)
    assert r.notes["generals"][loser % 2] == int(general)
    assert r.notes["generals"][1 - loser % 2] == 0


def test_V4_8_2_worked_example_3_0_0_and_6_6_at_once_make_a_general_under_both() -> None:
    r = one(PAIR_00_66, general="both")
    assert r.went_out == 0 and r.notes["general"] == 1
    assert sorted(r.notes["finish"]) == sorted([TS.parse("0-0"), TS.parse("6-6")])


def test_V4_8_3_the_sheet_counts_rounds_lost_and_generals_no_points() -> None:
    """Standing.written is the pair's rounds lost; hands are not counted (V4.8.3)."""
    r = one(OUT_45)
    assert r.notes == {
        "loser": 2,
        "general": -1,
        "finish": [TS.parse("4-5")],
        "void": False,
        "losses": [1, 0],
        "generals": [0, 0],
        "ended": None,
    }
    assert [ln.hand_points for ln in r.score.lines] == [0, 0]
    assert r.score.seat_points == (0, 0, 0, 0)
    assert r.score.lines[0].after == Standing(1, 0, True, False)
    assert r.score.lines[1].after == Standing()
    assert (r.score.carry_before, r.score.carry_after, r.score.tie) == (0, 0, False)


# --- worked examples 1 and 2, V4.9 ----------------------------------------------------------
def test_V4_8_2_V4_9_worked_example_1_a_general_sends_the_pair_away() -> None:
    m, done = play(GENERAL, OUT_66, extra=[NEXT])
    (r,) = done
    assert r.went_out == 2 and r.notes["loser"] == 3 and r.notes["general"] == 3
    assert r.notes["losses"] == [0, 1] and r.notes["generals"] == [0, 1]
    assert r.notes["ended"] == "general"
    assert m.outcome is not None
    assert (m.outcome.goats, m.outcome.winners, m.outcome.ratings) == ((1,), (0,), (1, 0))
    assert r.goats == (1,)


def test_V4_8_1_V4_9_worked_example_2_two_lost_rounds_send_the_pair_away() -> None:
    m, done = play(GENERAL, OUT_45, OUT_23, extra=[NEXT])
    first, second = done
    assert first.notes["loser"] == 2 and first.notes["losses"] == [1, 0]
    assert first.notes["ended"] is None and first.goats == ()
    assert second.went_out == 3 and second.notes["loser"] == 0
    assert second.notes["losses"] == [2, 0] and second.notes["ended"] == "losses"
    assert m.outcome is not None
    assert (m.outcome.goats, m.outcome.winners, m.outcome.ratings) == ((0,), (1,), (0, 1))
    assert [st.written for st in m.standings] == [2, 0]


def test_V4_9_losses_sets_how_many_rounds_a_pair_may_lose() -> None:
    m, _ = play(make_rules({"losses": 1}, "general"), OUT_45, extra=[NEXT])
    assert m.outcome is not None and m.outcome.goats == (0,)
    m, _ = play(make_rules({"losses": 3}, "general"), OUT_45, OUT_23, extra=[NEXT])
    assert not m.over and [st.written for st in m.standings] == [2, 0]
    with pytest.raises(RulesError, match="losses must be a whole number from 1 to 10"):
        make_rules({"losses": 0}, "general")


def test_V4_9_rounds_N_counts_only_counted_rounds_then_fewer_generals_wins() -> None:
    """V4.D4: the void fish is not one of the N rounds."""
    rules = make_rules({"match_end": "rounds:2"}, "general")
    m, done = play(rules, OUT_66, FISH, OUT_45, extra=[NEXT])
    first, fish, last = done
    assert first.notes["general"] == 3 and first.notes["ended"] is None  # no early end
    assert fish.notes["void"] and fish.notes["ended"] is None
    assert last.notes["ended"] == "rounds"
    assert m.extra == {"generals": [0, 1], "counted": 2}
    assert last.notes["losses"] == [1, 1]
    assert m.outcome is not None and m.outcome.goats == (1,) and m.outcome.winners == (0,)


def test_V4_9_rounds_N_equal_generals_fewer_losses_wins_and_equal_again_is_a_draw() -> None:
    rules = make_rules({"match_end": "rounds:2"}, "general")
    m, _ = play(rules, OUT_45, OUT_23, extra=[NEXT])
    assert m.outcome is not None and m.outcome.goats == (0,)
    m, _ = play(rules, OUT_45, OUT_66, extra=[NEXT])
    assert m.outcome is not None and m.outcome.goats == (1,)  # a general outweighs the loss
    r = make_rules({"match_end": "rounds:2", "general": "blank"}, "general")
    m, done = play(r, OUT_45, OUT_66, extra=[NEXT])
    assert done[-1].notes["losses"] == [1, 1] and done[-1].notes["generals"] == [0, 0]
    assert m.outcome is not None
    assert (m.outcome.goats, m.outcome.winners, m.outcome.ratings) == ((), (), (1, 1))


def test_V4_9_match_end_decides_by_the_rule_of_the_match() -> None:
    sitting = GENERAL
    assert match_end(sitting, [1, 0], [0, 0], 1, -1) == (-1, None)
    assert match_end(sitting, [0, 1], [0, 1], 1, 1) == (1, "general")
    assert match_end(sitting, [2, 1], [0, 0], 3, -1) == (0, "losses")
    rounds = make_rules({"match_end": "rounds:3"}, "general")
    assert match_end(rounds, [0, 2], [0, 1], 2, 1) == (-1, None)
    assert match_end(rounds, [2, 1], [0, 1], 3, -1) == (1, "rounds")
    assert match_end(rounds, [2, 1], [0, 0], 3, -1) == (0, "rounds")


# --- decisions ------------------------------------------------------------------------------
def test_V4_D1_the_loser_is_a_person_the_loss_and_general_count_for_the_pair() -> None:
    m, done = play(GENERAL, OUT_45, extra=[NEXT])
    assert done[0].notes["loser"] == 2  # the person
    assert m.standings[0].written == 1 and m.standings[1].written == 0  # the pair


def test_V4_D2_one_general_per_round_even_for_0_0_and_6_6_together() -> None:
    r = one(PAIR_00_66)
    assert r.notes["generals"] == [0, 1]


def test_V4_D3_the_sitting_is_the_default_and_last_standing_is_refused() -> None:
    assert GENERAL.match_end == "target"
    with pytest.raises(RulesError, match="not last_standing"):
        make_rules({"match_end": "last_standing"}, "general")


def test_V4_D5_a_double_pair_may_be_laid_without_going_out() -> None:
    s = start(GENERAL, ["1-1 0-0 6-6 2-6", "0-1 2-3", "1-6 3-4", "2-5 3-5"], fill=False, lead="1-1")
    act(s, "1-1 0-1L 1-6R knock 0-0L+6-6R")
    assert not s.over and s.hands[0] == mask("2-6")


@pytest.mark.parametrize(
    "options",
    [
        {"fish": "all"},
        {"pair_fish": "all"},
        {"target": 50},
        {"open_threshold": 20},
        {"finish_bonus": True},
        {"blank_alone": 25},
    ],
)
def test_options_without_meaning_in_general_are_refused(options: dict[str, Any]) -> None:
    (name,) = options
    with pytest.raises(RulesError, match=f"option {name} has no meaning in general"):
        make_rules(options, "general")


def test_an_unknown_general_mode_is_refused() -> None:
    with pytest.raises(RulesError, match="must be one of either, both, blank"):
        make_rules({"general": "all"}, "general")


# --- round_costs (the search bots) ----------------------------------------------------------
def test_V4_7_round_costs_a_fish_costs_nothing() -> None:
    s = finished(FISH)
    assert V.round_costs(Sheet(GENERAL, (Standing(),) * 2, 0, V.initial_extra(GENERAL)), s) == [
        0,
        0,
    ]


def test_V4_8_round_costs_a_lost_round_costs_1_and_the_match_deciding_one_more() -> None:
    extra = V.initial_extra(GENERAL)
    s = finished(OUT_45)
    assert V.round_costs(Sheet(GENERAL, (Standing(),) * 2, 0, extra), s) == [1.0, 0.0]
    one_loss = (Standing(1, 0, True), Standing())
    assert V.round_costs(Sheet(GENERAL, one_loss, 0, extra), s) == [1.0 + MATCH_PRICE, 0.0]
    s = finished(OUT_66)
    assert V.round_costs(Sheet(GENERAL, (Standing(),) * 2, 0, extra), s) == [0.0, 1.0 + MATCH_PRICE]


def test_V4_8_2_round_costs_see_the_general_of_a_double_pair() -> None:
    both = make_rules({"general": "both"}, "general")
    s = finished(PAIR_00_66, both)
    extra = V.initial_extra(both)
    assert V.round_costs(Sheet(both, (Standing(),) * 2, 0, extra), s) == [0.0, 1.0 + MATCH_PRICE]
    s = finished(OUT_66, both)
    assert V.round_costs(Sheet(both, (Standing(),) * 2, 0, extra), s) == [0.0, 1.0]


def test_V4_9_round_costs_under_rounds_N_weigh_generals_and_the_last_round() -> None:
    rules = make_rules({"match_end": "rounds:3"}, "general")
    s = finished(OUT_66, rules)
    early = {"generals": [0, 0], "counted": 0}
    assert V.round_costs(Sheet(rules, (Standing(),) * 2, 0, early), s) == [
        0.0,
        1.0 + GENERAL_WEIGHT,
    ]
    last = {"generals": [0, 0], "counted": 2}
    standings = (Standing(2, 0, True), Standing())
    # pair 1 ends level on losses (1 against 2) but with the only general: it loses the match
    costs = V.round_costs(Sheet(rules, standings, 0, last), s)
    assert costs == [0.0, 1.0 + GENERAL_WEIGHT + MATCH_PRICE]
    s = finished(OUT_45, rules)
    level = (Standing(1, 0, True), Standing(2, 0, True))
    assert V.round_costs(Sheet(rules, level, 0, last), s) == [1.0, 0.0]  # 2 against 2: a draw


# --- whole matches --------------------------------------------------------------------------
def random_match(rules: Rules, seed: int) -> Match:
    m = Match(rules, seed)
    rng = random.Random(seed)
    for _ in range(20000):
        if m.over:
            break
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    assert m.over
    return m


@pytest.mark.parametrize(
    "options",
    [{}, {"general": "both"}, {"general": "blank", "losses": 3}, {"match_end": "rounds:7"}],
)
def test_V4_seeded_random_matches_end_with_a_valid_outcome_and_a_consistent_sheet(
    options: dict[str, Any],
) -> None:
    rules = make_rules(options, "general")
    limit = rules.rounds_limit
    for seed in range(6):
        m = random_match(rules, seed)
        losses, generals, counted = [0, 0], [0, 0], 0
        for r in m.results:
            n = r.notes
            assert n["void"] == r.fish
            if r.fish:
                assert n["loser"] == -1 and n["general"] == -1
            else:
                assert n["loser"] == (r.went_out + 1) % 4
                losses[n["loser"] % 2] += 1
                counted += 1
                if n["general"] >= 0:
                    assert n["general"] == n["loser"]
                    generals[n["loser"] % 2] += 1
            assert n["losses"] == losses and n["generals"] == generals
            assert [ln.after.written for ln in r.score.lines] == losses
            assert sum(ln.round_points for ln in r.score.lines) == (0 if r.fish else 1)
            assert (n["ended"] is None) == (r is not m.results[-1])
        assert m.extra == {"generals": generals, "counted": counted}
        outcome = m.outcome
        assert outcome is not None
        assert set(outcome.goats) | set(outcome.winners) <= {0, 1}
        assert not set(outcome.goats) & set(outcome.winners)
        if outcome.goats:
            (goat,) = outcome.goats
            assert outcome.winners == (1 - goat,) and outcome.ratings[goat] == 0
            assert outcome.ratings[1 - goat] == 1
        if limit is None:
            (goat,) = outcome.goats
            assert generals[goat] == 1 or losses[goat] == rules.opt("losses")
            assert generals[1 - goat] == 0 and losses[1 - goat] < rules.opt("losses")
        else:
            assert counted == limit
            key = [(generals[s], losses[s]) for s in (0, 1)]
            assert outcome.goats == (() if key[0] == key[1] else (key.index(max(key)),))
