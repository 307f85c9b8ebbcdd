"""Спортивное домино (docs/variants/sport.md, V6.1-V6.9 and the decisions V6.D1-V6.D4).

Scripted deals give each seat only the tiles the story needs and no boneyard (``fill=False``):
a player with nothing that fits knocks, as with the full 7 tiles each. Pairs are 0+2 (pair 0)
and 1+3 (pair 1)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domino_tui.engine.actions import KNOCK, PAIR_BASE
from domino_tui.engine.cross import CrossState
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match, RoundResult
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import Rules, RulesError, make_rules
from domino_tui.engine.scoring import Standing
from domino_tui.engine.variants import get_variant
from domino_tui.engine.variants.base import Sheet
from domino_tui.engine.variants.sport import MATCH_PRICE

from ..scripted import TS, act, deal_of, mask, start

SPORT = make_rules({}, "sport")
V = get_variant("sport")
ONE_ONE = TS.parse("1-1")

Round = tuple[list[str], str]

# Worked example 2: seat 1 goes out; seat 0 holds 3-4 2-2 (11), seat 2 holds 0-0 alone (10).
OUT_1 = (["3-4 2-2", "1-1 1-5", "0-0", "2-6"], "1-1 knock knock knock 1-5R")
# Worked example 3: a fish; pair 0+2 holds 9 + 6 = 15, pair 1+3 holds 12 + 8 = 20.
FISH_15_20 = (["1-1 4-5", "3-4 2-3", "2-4", "2-6"], "1-1 knock knock knock knock")
# The same with 15 against 15.
FISH_15_15 = (["1-1 4-5", "3-4", "2-4", "2-6"], "1-1 knock knock knock knock")


def deal(story: Round) -> Deal:
    return deal_of(story[0], fill=False)


def play(
    rules: Rules, *stories: Round, extra: tuple[Round, ...] = ()
) -> tuple[Match, list[RoundResult]]:
    m = Match(rules, 0, deals=iter([deal(s) for s in (*stories, *extra)]))
    done: list[RoundResult] = []
    for _, script in stories:
        done += act(m, script)
    return m, done


def one(story: Round, **options: Any) -> RoundResult:
    _, done = play(make_rules(options, "sport"), story, extra=(OUT_1,))
    assert len(done) == 1
    return done[0]


def finished(story: Round, rules: Rules = SPORT) -> RoundState:
    hands, script = story
    leader = next(seat for seat, hand in enumerate(hands) if "1-1" in hand.split())
    s = start(rules, hands, leader=leader, lead="1-1", fill=False)
    act(s, script)
    assert s.over
    return s


def out_deal(leader: int, opponents: tuple[str, str], partner: str = "0-2") -> Round:
    """The leader holds 1-1 alone, leads it and goes out: the leader's pair writes the
    opponents' hands."""
    hands = [""] * 4
    hands[leader] = "1-1"
    hands[(leader + 2) % 4] = partner
    hands[(leader + 1) % 4], hands[(leader + 3) % 4] = opponents
    return hands, "1-1"


# --- V6.1 - V6.6 ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "words"),
    [({"players": 3}, "players=4"), ({"players": 2}, "players=4"), ({"pairs": False}, "pairs=on")],
)
def test_V6_1_four_players_in_pairs_only(options: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        make_rules(options, "sport")
    assert SPORT.players == 4 and SPORT.pairs


def test_V6_2_seven_tiles_each_and_no_boneyard() -> None:
    for seed in range(5):
        m = Match(SPORT, seed)
        assert [h.bit_count() for h in m.deals[0].hands] == [7, 7, 7, 7]
        assert m.deals[0].boneyard == ()
    for options in ({"hand_size": 6}, {"set_top": 9}):
        with pytest.raises(RulesError, match="sport is played with"):
            make_rules(options, "sport")


def test_V6_3_worked_example_1_the_lead_rotates_whoever_went_out() -> None:
    """Round 1 by K2.1 (seat 2 holds 1-1), then seats 3, 0, 1, 2 lead any tile (F19)."""
    stories = [
        (["3-4", "4-6", "1-1 2-2", "1-5"], "1-1 1-5R"),  # seat 3 goes out
        (["3-4", "1-5", "4-6", "1-1 2-2"], "1-1 knock 1-5R"),  # seat 1 goes out
        (["1-1", "3-4", "0-2", "4-6"], "1-1"),  # seat 0, the leader, goes out
        (["3-4", "1-1 2-2", "1-5", "4-6"], "1-1 1-5R"),  # seat 2 goes out
    ]
    m = Match(SPORT, 0, deals=iter([deal(s) for s in stories] + [deal(OUT_1)]))
    leaders = []
    for n, (_, script) in enumerate(stories):
        leaders.append(m.round.leader)
        if n:
            assert m.round.lead_mask == m.round.hands[m.round.leader], "any tile"
        act(m, script)
    leaders.append(m.round.leader)
    assert leaders == [2, 3, 0, 1, 2]
    assert [r.went_out for r in m.results] == [3, 1, 0, 2]


def test_V6_3_V6_D1_F19_the_lead_rotates_before_any_pair_has_written() -> None:
    """P5 would give round 2 to the holder of 1-1 (seat 0); the rotation gives it to seat 3."""
    first = (["3-4", "2-6", "1-1 2-5", "0-6"], "1-1 knock knock knock knock")  # 14 against 14
    second = (["1-1 5-5", "3-5", "4-6", "2-3 4-4"], "")
    m, done = play(SPORT, first, extra=(second,))
    assert done[0].score.tie and m.standings == (Standing(), Standing())
    assert m.round.leader == 3 and m.round.lead_mask == mask("2-3 4-4")


def test_V6_3_a_lead_convention_that_breaks_the_rotation_is_refused() -> None:
    for options in ({"later_leads": "winner"}, {"partner_leads": True}):
        with pytest.raises(RulesError):
            make_rules(options, "sport")


def test_V6_4_two_ends_and_no_double_pairs() -> None:
    m = Match(SPORT, 1)
    assert type(m.round) is RoundState and not isinstance(m.round, CrossState)
    with pytest.raises(RulesError, match="double_pair has no meaning in sport"):
        make_rules({"double_pair": True}, "sport")
    s = start(SPORT, ["1-1 0-0 6-6", "0-1 2-3", "1-6 3-4", "2-5 3-5"], fill=False, lead="1-1")
    act(s, "1-1 0-1L 1-6R knock")
    assert not [c for c in s.legal_actions() if c >= PAIR_BASE]


def test_V6_5_a_player_who_cannot_play_knocks() -> None:
    s = start(SPORT, OUT_1[0], leader=1, lead="1-1", fill=False)
    act(s, "1-1")
    assert s.legal_actions() == [KNOCK]


def test_V6_6_the_round_ends_by_going_out_or_in_a_fish() -> None:
    assert finished(OUT_1).went_out == 1
    s = finished(FISH_15_20)
    assert s.fish and s.went_out == -1


# --- V6.7 - V6.8 ----------------------------------------------------------------------------
def test_V6_8_1_V6_8_2_worked_example_2_the_winners_write_the_losers_sum() -> None:
    r = one(OUT_1)
    assert r.score.seat_points[0] == 11 and r.score.seat_points[2] == 10  # 0-0 alone is 10
    assert [ln.hand_points for ln in r.score.lines] == [21, 8]
    assert [ln.round_points for ln in r.score.lines] == [0, 21]
    assert r.score.lines[1].after == Standing(21, 0, True, False)
    assert r.score.lines[0].after == Standing()
    assert r.notes == {"writer": 1, "points": 21, "tie": False, "deals_left": 7, "ended": None}


def test_V6_8_1_blank_alone_25() -> None:
    r = one(OUT_1, blank_alone=25)
    assert r.notes["points"] == 11 + 25


def test_V6_8_2_every_round_is_written_in_full_no_threshold_no_wipe() -> None:
    """A 6 is written at once (Козёл would remember it, K7), and the pair that goes out keeps
    its written points (nothing is wiped, V6.D2)."""
    small = (["2-3", "0-2", "1-1", "0-4"], "1-1")  # seat 2 leads and goes out; pair 1: 2 + 4
    m, done = play(SPORT, OUT_1, small, extra=(OUT_1,))
    assert done[1].notes["points"] == 6
    assert [st.written for st in m.standings] == [6, 21]
    assert all(st.remembered == 0 for st in m.standings)
    for options in ({"open_threshold": 25}, {"target": 125}, {"fish": "all"}):
        with pytest.raises(RulesError, match="has no meaning in sport"):
            make_rules(options, "sport")


def test_V6_7_worked_example_3_the_smaller_sum_wins_the_fish_and_writes() -> None:
    r = one(FISH_15_20)
    assert [ln.hand_points for ln in r.score.lines] == [15, 20]
    assert [ln.round_points for ln in r.score.lines] == [20, 0]
    assert r.notes["writer"] == 0 and r.notes["points"] == 20 and not r.notes["tie"]
    r = one(FISH_15_20, pair_fish="all")
    assert [ln.round_points for ln in r.score.lines] == [35, 0]


def test_V6_7_V6_D3_an_equal_fish_writes_nothing_and_counts_as_a_deal() -> None:
    r = one(FISH_15_15)
    assert r.score.tie and r.score.carry_after == 0
    assert [ln.round_points for ln in r.score.lines] == [0, 0]
    assert r.notes == {"writer": -1, "points": 0, "tie": True, "deals_left": 7, "ended": None}


# --- V6.9 -----------------------------------------------------------------------------------
# Pair 0 leads deals 1, 3, 5, 7 and writes 12 + 12 each time; pair 1 leads 2, 4, 6, 8 and
# writes 12 + 6, 12 + 6, 12 + 6, 12 + 5.
EIGHT = [
    out_deal(0, ("6-6", "5-6 0-1")),
    out_deal(1, ("6-6", "2-4")),
    out_deal(2, ("6-6", "5-6 0-1")),
    out_deal(3, ("6-6", "2-4")),
    out_deal(0, ("6-6", "5-6 0-1")),
    out_deal(1, ("6-6", "2-4")),
    out_deal(2, ("6-6", "5-6 0-1")),
    out_deal(3, ("6-6", "2-3")),
]


def test_V6_9_worked_example_4_after_8_deals_96_beats_71() -> None:
    m, done = play(SPORT, *EIGHT)
    assert len(done) == 8 and m.over
    assert [r.leader for r in done] == [0, 1, 2, 3, 0, 1, 2, 3]  # V6.3, V6.D4: each twice
    assert [st.written for st in m.standings] == [96, 71]
    assert [r.notes["deals_left"] for r in done] == [7, 6, 5, 4, 3, 2, 1, 0]
    assert [r.notes["ended"] for r in done] == [None] * 7 + ["deals"]
    assert all(r.goats == () for r in done[:7]) and done[7].goats == (1,)
    assert m.outcome is not None
    assert (m.outcome.goats, m.outcome.winners, m.outcome.ratings) == ((1,), (0,), (1, 0))


def test_V6_9_equal_totals_are_a_draw() -> None:
    rules = make_rules({"match_end": "rounds:4"}, "sport")
    stories = [
        out_deal(0, ("6-6", "2-4")),
        out_deal(1, ("6-6", "2-4")),
        out_deal(2, ("3-3", "0-5")),
        out_deal(3, ("3-3", "0-5")),
    ]
    m, _ = play(rules, *stories)
    assert [st.written for st in m.standings] == [29, 29]
    assert m.outcome is not None
    assert (m.outcome.goats, m.outcome.winners, m.outcome.ratings) == ((), (), (1, 1))


@pytest.mark.parametrize("end", ["rounds:6", "rounds:2", "rounds:10", "target", "last_standing"])
def test_V6_9_the_number_of_deals_must_be_a_multiple_of_4(end: str) -> None:
    with pytest.raises(RulesError, match="multiple of 4"):
        make_rules({"match_end": end}, "sport")


def test_V6_9_V6_D4_eight_deals_by_default_and_4_or_12_allowed() -> None:
    assert SPORT.rounds_limit == 8
    assert make_rules({"match_end": "rounds:4"}, "sport").rounds_limit == 4
    assert make_rules({"match_end": "rounds:12"}, "sport").rounds_limit == 12


# --- round_costs (the search bots) ----------------------------------------------------------
def test_V6_8_round_costs_are_minus_what_each_pair_writes() -> None:
    s = finished(OUT_1)
    costs = V.round_costs(Sheet(SPORT, (Standing(),) * 2, 0, {"deals": 0}), s)
    assert costs == [0.0, -21.0]
    s = finished(FISH_15_15)
    assert V.round_costs(Sheet(SPORT, (Standing(),) * 2, 0, {"deals": 3}), s) == [0.0, 0.0]
    all_fish = make_rules({"pair_fish": "all"}, "sport")
    s = finished(FISH_15_20, all_fish)
    assert V.round_costs(Sheet(all_fish, (Standing(),) * 2, 0, {"deals": 0}), s) == [-35.0, 0.0]


def test_V6_9_round_costs_price_the_match_decided_in_the_last_deal() -> None:
    s = finished(OUT_1)  # pair 1 writes 21
    behind = (Standing(30, 0, True), Standing(20, 0, True))
    assert V.round_costs(Sheet(SPORT, behind, 0, {"deals": 7}), s) == [MATCH_PRICE, -21.0]
    assert V.round_costs(Sheet(SPORT, behind, 0, {"deals": 6}), s) == [0.0, -21.0]
    level = (Standing(41, 0, True), Standing(20, 0, True))  # 41 against 41: a draw
    assert V.round_costs(Sheet(SPORT, level, 0, {"deals": 7}), s) == [0.0, -21.0]
    ahead = (Standing(50, 0, True), Standing(20, 0, True))
    assert V.round_costs(Sheet(SPORT, ahead, 0, {"deals": 7}), s) == [0.0, MATCH_PRICE - 21.0]


# --- whole matches --------------------------------------------------------------------------
def random_match(rules: Rules, seed: int) -> Match:
    m = Match(rules, seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if m.over:
            break
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    assert m.over
    return m


@pytest.mark.parametrize(
    "options", [{}, {"pair_fish": "all", "match_end": "rounds:4"}, {"blank_alone": 25}]
)
def test_V6_seeded_random_matches_end_with_a_valid_outcome_and_a_consistent_sheet(
    options: dict[str, Any],
) -> None:
    rules = make_rules(options, "sport")
    n = rules.rounds_limit
    assert n is not None
    for seed in range(6):
        m = random_match(rules, seed)
        assert len(m.results) == n
        written = [0, 0]
        for k, r in enumerate(m.results):
            assert r.leader == (m.results[0].leader + k) % 4  # V6.3
            pts = [ln.hand_points for ln in r.score.lines]
            seat = r.score.seat_points
            assert pts == [seat[0] + seat[2], seat[1] + seat[3]]
            writer = r.notes["writer"]
            if r.went_out >= 0:
                assert writer == r.went_out % 2 and r.notes["points"] == pts[1 - writer]
            elif pts[0] == pts[1]:
                assert writer == -1 and r.notes["tie"] and r.score.tie
            else:
                assert writer == pts.index(min(pts))
                both = rules.pair_fish == "all"
                assert r.notes["points"] == (sum(pts) if both else max(pts))
            if writer >= 0:
                written[writer] += r.notes["points"]
            assert [ln.after.written for ln in r.score.lines] == written
            assert r.notes["deals_left"] == n - k - 1
        outcome = m.outcome
        assert outcome is not None and m.extra == {"deals": n}
        if written[0] == written[1]:
            assert outcome.goats == () and outcome.winners == ()
        else:
            best = written.index(max(written))
            assert outcome.winners == (best,) and outcome.goats == (1 - best,)
            assert outcome.ratings[best] == 1 and outcome.ratings[1 - best] == 0
