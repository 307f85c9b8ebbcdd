"""Морской козёл (docs/variants/morskoy.md, V1): every numbered rule V1.1-V1.9.3, the decisions
V1.D1-V1.D18 and the eight worked examples of the page, on scripted deals.

Most scripts deal short hands with an empty boneyard (``fill=False``), so a player who cannot
follow knocks at once and the rounds are a few moves long. Anya is seat 0, Boris seat 1.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from domino_tui.engine.actions import parse_action
from domino_tui.engine.deal import Deal, deal, forced_lead, needs_redeal
from domino_tui.engine.match import Match
from domino_tui.engine.rules import Rules, RulesError, make_rules
from domino_tui.engine.scoring import Standing, hand_value
from domino_tui.engine.variants import get_variant
from domino_tui.engine.variants.base import Sheet
from domino_tui.engine.variants.morskoy import (
    MATCH_PRICE,
    VARIANT,
    deal_na_sto,
    judge,
    roll_egg_tries,
)

from ..scripted import TS, act, deal_of, finished, mask

R2 = make_rules({"players": 2}, "morskoy")
R3 = make_rules({"players": 3}, "morskoy")
R4 = make_rules({}, "morskoy")  # two pairs
SIX, BLANK = TS.tile(6, 6), TS.tile(0, 0)

# Round 1 of two players that changes nothing: Anya leads 1-1 (K2.1) and goes out, Boris keeps
# 3-4 = 7 < 25. Afterwards Anya leads freely (V1.3.2).
WARM = (("1-1 1-2", "3-4"), "1-1 knock 1-2R")


def d(*hands: str) -> Deal:
    """A deal of these hands and no boneyard: who cannot follow knocks."""
    return deal_of(list(hands), fill=False)


def then_dealt(rules: Rules, *deals: Deal, seed: int = 0) -> Match:
    """A match whose first rounds are scripted and whose later rounds are dealt by the variant
    from the match's RNG (for the earned «на сто» deal and the egg tries)."""
    holder: list[Match] = []

    def gen() -> Iterator[Deal]:
        yield from deals
        while True:
            m = holder[0]
            yield m.variant.deal(m, m.seats_in)

    m = Match(rules, seed, deals=gen())
    holder.append(m)
    return m


def play(rules: Rules, *rounds: tuple[tuple[str, ...], str], seed: int = 0) -> Match:
    """A match of scripted rounds, each (hands, moves); the later deals come from the RNG."""
    m = then_dealt(rules, *(d(*hands) for hands, _ in rounds), seed=seed)
    for _, moves in rounds:
        assert len(act(m, moves)) == 1, moves
    return m


def written(m: Match) -> list[int]:
    return [st.written for st in m.standings]


def random_round(m: Match, rng: random.Random) -> None:
    """Play the round in play to its end with random legal moves."""
    n = len(m.results)
    while len(m.results) == n:
        m.apply(rng.choice(m.legal_actions()))


# --- V1.1, V1.2, V1.4, V1.5: players, the deal, the line, double pairs -------------------------
def test_V1_1_players_pairs_by_default_and_each_for_themselves() -> None:
    """V1.1: 2, 3 or 4 players; four play in two pairs unless pairs=off."""
    assert R4.players == 4 and R4.pairs and R4.sides == 2
    assert not R2.pairs and R2.sides == 2
    assert not R3.pairs and R3.sides == 3
    alone = make_rules({"pairs": False}, "morskoy")
    assert alone.sides == 4


def test_V1_D13_kozel_scoring_options_are_refused() -> None:
    """V1.D13: fish, pair_fish, open_threshold, finish_bonus, match_end, and the Козёл lead options
    later_leads and partner_leads (V1.3) are refused."""
    for option, value in [
        ("fish", "all"),
        ("pair_fish", "all"),
        ("open_threshold", 20),
        ("finish_bonus", True),
        ("match_end", "rounds:3"),
        ("later_leads", "rotate"),
        ("partner_leads", True),
    ]:
        with pytest.raises(RulesError):
            make_rules({option: value}, "morskoy")


def test_V1_1_options_with_their_defaults() -> None:
    """V1.1 and the options table: write_min 25, wipe all (V1.D4), 6-6 conditional, three
    tries, eggs draw, 125, K6.1 25 and K6.2 on."""
    assert [R4.opt(k) for k in ("write_min", "wipe", "six_six_out", "fish_tries")] == [
        25,
        "all",
        "conditional",
        3,
    ]
    assert R4.opt("rotten_eggs") == "draw" and R4.target == 125 and R4.double_pair
    assert R4.blank_alone == 25 and R4.big_alone and not R4.finish_bonus
    with pytest.raises(RulesError):
        make_rules({"wipe": "nobody"}, "morskoy")


@pytest.mark.parametrize("rules", [R2, R3, R4], ids=["two", "three", "pairs"])
def test_V1_2_deal_seven_each_and_the_rest_is_the_boneyard(rules: Rules) -> None:
    """V1.2: 7 tiles each (K1.3), no hand breaks K1.4, the rest is the boneyard; four players
    have none."""
    for seed in range(5):
        m = Match(rules, seed)
        dealt = m.deals[0]
        assert [h.bit_count() for h in dealt.hands] == [7] * rules.players
        assert len(dealt.boneyard) == 28 - 7 * rules.players
        assert not any(needs_redeal(rules, h) for h in dealt.hands)


def test_V1_4_two_ends_only() -> None:
    """V1.4: two ends only, no spinner."""
    m = Match(R4, 1)
    assert not m.round.cross and m.round.up == -1 and m.round.down == -1


def test_V1_5_two_doubles_at_once() -> None:
    """V1.5: a player who can put a double on each end may lay both in one turn (K3.4)."""
    for options, allowed in (({}, True), ({"double_pair": False}, False)):
        rules = make_rules({"players": 2, **options}, "morskoy")
        m = then_dealt(rules, d(*WARM[0]), d("1-2 1-1 2-2 0-5", "3-4"))
        act(m, WARM[1])
        act(m, "1-2 knock")
        assert (parse_action("1-1L+2-2R") in m.legal_actions()) is allowed


# --- V1.3: leads ------------------------------------------------------------------------------
def test_V1_3_1_D1_first_round_is_led_by_K2_1() -> None:
    """V1.3.1, V1.D1: 1-1 first (Boris holds it), else 2-2 …; lead_rule=lowest_double gives 0-0."""
    m = then_dealt(R2, d("0-0 2-2 5-6", "1-1 3-4"))
    assert m.round.leader == 1 and m.round.lead_mask == mask("1-1")
    low = make_rules({"players": 2, "lead_rule": "lowest_double"}, "morskoy")
    m = then_dealt(low, d("0-0 2-2 5-6", "1-1 3-4"))
    assert m.round.leader == 0 and m.round.lead_mask == mask("0-0")


def test_V1_3_2_the_player_who_went_out_leads_any_tile() -> None:
    """V1.3, V1.3.2: the player who went out leads the next round with any tile."""
    m = play(R2, WARM)
    m_next = m.round
    assert m_next.leader == 0 and m_next.lead_mask == m_next.hands[0]
    assert m.extra == {"mode": "free", "leader": 0}


def test_V1_3_2_after_a_fish_the_fisher_leads_any_tile() -> None:
    """V1.3.2, V1.6: Anya leads 1-2, Boris lays 2-3 and both knock (a fish, K4.3): Boris made the
    fish (4-4 = 8 against 10: he wins the round by V1.7.1, but 10 < 25 is not written) and leads
    next."""
    m = play(R2, WARM, (("1-2 5-5", "2-3 4-4"), "1-2 2-3R knock knock"))
    last = m.results[-1]
    assert last.fish and last.fisher == 1
    assert last.notes["fish"] == "won" and last.notes["written_by"] == -1
    assert m.round.leader == 1 and m.round.lead_mask == m.round.hands[1]


def test_V1_3_3_D6_leading_six_six_with_written_points_declares_na_sto() -> None:
    """V1.3.3, V1.D6: Anya wrote 27 (example 1); she leads 6-6 freely: «на сто»; she goes out and
    wins."""
    m = play(
        R2,
        (("1-1 1-2 0-2", "5-6 4-6 3-3"), "1-1 knock 1-2R knock 0-2R"),
        (("6-6 5-6", "1-2"), "6-6 knock 5-6R"),
    )
    last = m.results[-1]
    assert last.notes["na_sto"] == {"player": 0, "side": 0, "earned": False, "result": "won"}
    assert last.notes["ended"] == "na_sto"
    assert m.outcome is not None and m.outcome.winners == (0,) and m.outcome.goats == (1,)


def test_V1_3_3_six_six_with_nothing_written_is_an_ordinary_lead() -> None:
    """V1.3.3: leading 6-6 with nothing written declares nothing."""
    m = play(R2, WARM, (("6-6 5-6", "1-2"), "6-6 knock 5-6R"))
    assert m.results[-1].notes["na_sto"] is None and not m.over


def test_V1_D14_a_forced_six_six_lead_declares_nothing() -> None:
    """V1.D14: under K2.1 (rotten eggs dropped, rotten_eggs=void) a forced 6-6 is no
    declaration, even with written points."""
    state = finished(R2, ["", "1-2"], went_out=0, line=[("6-6", 0), ("5-6", 0)])
    standings = (Standing(30), Standing())
    first = judge(R2, standings, {"mode": "first"}, state)
    free = judge(R2, standings, {"mode": "free", "leader": 0}, state)
    assert first.notes["na_sto"] is None and first.ended is None
    assert free.notes["na_sto"] is not None and free.ended == "na_sto"


def test_V1_3_4_D5_earned_na_sto_deal_gives_six_six_first() -> None:
    """V1.3.4, V1.D5: 6-6 is set aside for X before the shuffle; X gets 6 more, the others 7."""
    for seed in range(20):
        dealt = deal_na_sto(R2, random.Random(seed), (0, 1), 1)
        assert dealt.hands[1] >> SIX & 1 and dealt.hands[1].bit_count() == 7
        assert dealt.hands[0].bit_count() == 7 and len(dealt.boneyard) == 14
        seen = dealt.hands[0] | dealt.hands[1]
        assert not dealt.hands[0] & dealt.hands[1]
        assert seen | sum(1 << t for t in dealt.boneyard) == TS.all_mask
        four = deal_na_sto(R4, random.Random(seed), (0, 1, 2, 3), 2)
        assert four.hands[2] >> SIX & 1 and not four.boneyard
        assert [h.bit_count() for h in four.hands] == [7, 7, 7, 7]


def test_V1_3_4_earned_na_sto_must_lead_six_six() -> None:
    """Example 3's first round, then the match deals the «на сто» round itself."""
    m = play(R2, (("5-5 5-6 6-6", "1-2 3-4"), "5-5 knock 5-6R knock 6-6R"), seed=3)
    assert m.extra == {"mode": "na_sto", "leader": 0}
    assert m.round.leader == 0 and m.round.lead_mask == 1 << SIX
    assert m.legal_actions() == [SIX << 1]
    assert m.deals[-1] == deal_na_sto(R2, random.Random(3), (0, 1), 0)


def test_V1_3_6_a_try_is_led_with_any_tile_and_six_six_is_not_na_sto() -> None:
    """V1.3.6: Anya holds 27 and writes a fish off; in try 1 she leads 6-6: no «на сто», her
    27 stay when Boris goes out."""
    m = play(
        R2,
        (("1-1 1-2 0-2", "5-6 4-6 3-3"), "1-1 knock 1-2R knock 0-2R"),
        (("0-0 5-6 4-6 4-5", "1-2 3-6"), "0-0 knock knock"),
    )
    assert m.extra["mode"] == "try" and m.round.leader == 0
    assert m.round.lead_mask == m.round.hands[0]
    m2 = play(
        R2,
        (("1-1 1-2 0-2", "5-6 4-6 3-3"), "1-1 knock 1-2R knock 0-2R"),
        (("0-0 5-6 4-6 4-5", "1-2 3-6"), "0-0 knock knock"),
        (("6-6 1-1", "3-6"), "6-6 3-6R"),
    )
    last = m2.results[-1]
    assert last.notes["na_sto"] is None and last.notes["try"] == [1, 3]
    assert last.notes["try_result"] == "failed" and written(m2) == [27, 0]


# --- V1.8: scoring ----------------------------------------------------------------------------
def test_V1_8_1_hand_values() -> None:
    """V1.8, V1.8.1: 0-0 alone 25, 6-6 alone 50, both alone 75; no 1-1 at 15."""
    assert hand_value(R2, mask("0-0")) == 25
    assert hand_value(R2, mask("6-6")) == 50
    assert hand_value(R2, mask("0-0 6-6")) == 75
    assert hand_value(R2, mask("6-6 1-2")) == 15
    assert hand_value(R2, mask("1-1")) == 2  # no 1-1 at 15


def test_V1_8_1_pairs_add_their_two_hands() -> None:
    """V1.8.1: a pair's hand value is its two hands added (P2)."""
    state = finished(R4, ["", "0-0", "1-2", "6-6"], went_out=0, line=[("1-1", 0)])
    v = judge(R4, (Standing(), Standing()), {"mode": "free", "leader": 0}, state)
    assert v.hand == (3, 75) and v.gained == (75, 0)


def test_V1_8_2_example_1_winner_writes_27() -> None:
    """Example 1: Anya goes out; Boris holds 5-6 4-6 3-3 = 27 ≥ 25: Anya writes 27."""
    m = play(R2, (("1-1 1-2 0-2", "5-6 4-6 3-3"), "1-1 knock 1-2R knock 0-2R"))
    r1 = m.results[0]
    assert r1.notes["L"] == 27 and r1.notes["written_by"] == 0
    assert [ln.round_points for ln in r1.score.lines] == [27, 0]
    assert written(m) == [27, 0] and [ln.hand_points for ln in r1.score.lines] == [0, 27]


EX1 = (("1-1 1-2 0-2", "5-6 4-6 3-3"), "1-1 knock 1-2R knock 0-2R")
# Round 2 of example 1: Anya leads 1-2, Boris goes out, Anya holds only 6-6 = 50.
EX1_2 = (("1-2 1-1 6-6", "2-3 3-4 1-4"), "1-2 2-3R 1-1L 3-4R knock 1-4L")


def test_V1_8_3_D4_example_1_the_wipe_takes_everybody() -> None:
    """Example 1, round 2: Boris writes 50 while Anya holds 27: wipe=all, both 0."""
    m = play(R2, EX1, EX1_2)
    r2 = m.results[1]
    assert r2.notes["L"] == 50 and r2.notes["written_by"] == 1 and r2.notes["wiped"]
    assert written(m) == [0, 0]
    assert [(ln.round_points, ln.cleared) for ln in r2.score.lines] == [(0, 27), (50, 50)]


def test_V1_8_3_example_1_wipe_others_keeps_the_writer() -> None:
    """V1.8.3, example 1: wipe=others sets Anya to 0 and Boris keeps 50."""
    rules = make_rules({"players": 2, "wipe": "others"}, "morskoy")
    m = play(rules, EX1, EX1_2)
    assert written(m) == [0, 50]
    assert [ln.cleared for ln in m.results[1].score.lines] == [27, 0]


def test_V1_8_3_a_holder_adds_to_its_own_points() -> None:
    """Anya holds 27 and writes 27 more: nobody else holds, so she has 54."""
    m = play(R2, EX1, EX1)
    assert written(m) == [54, 0] and not m.results[1].notes["wiped"]


def test_V1_8_2_D3_example_2_under_25_nothing_is_written_or_kept() -> None:
    """Example 2: Anya goes out, Boris holds 2-3 1-4 = 10 < 25: nothing written, nothing kept."""
    m = play(R2, (("5-5 5-6", "2-3 1-4"), "5-5 knock 5-6R"))
    r1 = m.results[0]
    assert r1.notes["L"] == 10 and r1.notes["written_by"] == -1
    assert m.standings == (Standing(), Standing())
    assert [ln.round_points for ln in r1.score.lines] == [0, 0]


def test_V1_8_2_D2_write_min_is_one_threshold() -> None:
    """V1.D2: write_min=30 governs writing (27 is not written) and the 6-6 finish."""
    rules = make_rules({"players": 2, "write_min": 30}, "morskoy")
    m = play(rules, EX1)
    assert written(m) == [0, 0]
    state = finished(rules, ["", "5-6 4-6 3-3"], went_out=0, line=[("5-6", 0), ("6-6", 0)])
    v = judge(rules, (Standing(), Standing()), {"mode": "free", "leader": 0}, state)
    assert v.ended is None and v.notes["na_sto_next"] == 0


def test_V1_8_4_example_4_going_out_with_blank_double_is_lysy() -> None:
    """V1.8.4, V1.D18, example 4: going out with 0-0 wins at once («лысый»); nothing is written."""
    m = play(R2, WARM, (("0-1 0-0", "3-4"), "0-1 knock 0-0L"))
    assert m.results[-1].notes["ended"] == "lysy"
    assert m.outcome is not None and m.outcome.winners == (0,) and m.outcome.goats == (1,)
    assert m.outcome.ratings == (1, 0) and written(m) == [0, 0]


def test_V1_8_4_example_4_blank_and_six_six_together_is_general() -> None:
    """V1.8.4, example 4: 0-0 and 6-6 as one double pair win («генерал»)."""
    m = play(R2, WARM, (("0-6 0-0 6-6", "3-4"), "0-6 knock 0-0L+6-6R"))
    assert m.results[-1].notes["ended"] == "general" and m.outcome is not None
    assert m.outcome.winners == (0,)


def test_V1_8_4_blank_double_in_a_double_pair_is_lysy() -> None:
    """V1.8.4: 0-0 as one of the last double pair is «лысый»."""
    m = play(R2, WARM, (("0-3 0-0 3-3", "1-2"), "0-3 knock 0-0L+3-3R"))
    assert m.results[-1].notes["ended"] == "lysy"


def test_V1_8_4_six_six_finish_wins_with_25_or_more() -> None:
    """V1.8.4: going out with 6-6 while the loser holds 25 wins the match."""
    m = play(R2, (("5-5 5-6 6-6", "1-2 3-4 2-3 0-4 1-4 0-1"), "5-5 knock 5-6R knock 6-6R"))
    assert m.results[0].notes["L"] == 25 and m.results[0].notes["ended"] == "six_six"
    assert m.outcome is not None and m.outcome.winners == (0,)


def test_V1_8_4_example_3_six_six_under_25_earns_na_sto() -> None:
    """V1.8.4, example 3: 6-6 with Boris at 10: nothing written, Anya goes «на сто»."""
    m = play(R2, (("5-5 5-6 6-6", "1-2 3-4"), "5-5 knock 5-6R knock 6-6R"))
    r1 = m.results[0]
    assert r1.notes["L"] == 10 and r1.notes["written_by"] == -1
    assert r1.notes["na_sto_next"] == 0 and r1.notes["ended"] is None and not m.over


def test_V1_8_4_six_six_out_wins_option() -> None:
    """V1.8.4: six_six_out=wins makes any 6-6 finish win (000)."""
    rules = make_rules({"players": 2, "six_six_out": "wins"}, "morskoy")
    m = play(rules, (("5-5 5-6 6-6", "1-2 3-4"), "5-5 knock 5-6R knock 6-6R"))
    assert m.results[0].notes["ended"] == "six_six" and m.over


EX3 = (("5-5 5-6 6-6", "1-2 3-4"), "5-5 knock 5-6R knock 6-6R")


def test_V1_8_5_example_3_na_sto_goes_out_and_wins() -> None:
    """V1.8.5, V1.9.2, example 3: Anya leads the earned 6-6 and goes out first: she wins."""
    m = play(R2, EX3, (("6-6 5-6", "1-2"), "6-6 knock 5-6R"))
    last = m.results[-1]
    assert last.notes["na_sto"] == {"player": 0, "side": 0, "earned": True, "result": "won"}
    assert last.notes["ended"] == "na_sto" and m.outcome is not None
    assert m.outcome.winners == (0,) and m.outcome.goats == (1,)


def test_V1_8_5_example_3_svoyak_loses_the_match() -> None:
    """Boris goes out while Anya holds 4-6 5-6 4-5 = 30 ≥ 25: «свояк»."""
    m = play(R2, EX3, (("6-6 4-6 5-6 4-5", "3-6"), "6-6 3-6R"))
    last = m.results[-1]
    assert last.notes["na_sto"]["result"] == "svoyak" and last.notes["ended"] == "svoyak"
    assert m.outcome is not None and m.outcome.winners == (1,) and m.outcome.goats == (0,)
    assert m.outcome.ratings == (0, 1)


def test_V1_8_5_example_3_small_hand_wipes_the_written_points() -> None:
    """Anya holds 1-2 = 3 when Boris goes out: her written points become 0 (here she wrote 27
    before 6-6 … she declares «на сто» by leading 6-6) and Boris writes nothing (3 < 25)."""
    m = play(R2, EX1, (("6-6 1-2", "3-6"), "6-6 3-6R"))
    last = m.results[-1]
    assert last.notes["na_sto"] == {"player": 0, "side": 0, "earned": False, "result": "wiped"}
    assert written(m) == [0, 0] and not m.over
    assert [ln.cleared for ln in last.score.lines] == [27, 0]


# Pairs: seat 0 goes out with 6-6 and pair 1 holds 3 + 2 < 25: seat 0 earns «на сто».
EARN4 = (
    ("5-5 5-6 6-6", "1-2", "0-1", "0-2"),
    "5-5 knock knock knock 5-6R knock knock knock 6-6R",
)


def test_V1_8_5_after_a_failed_na_sto_the_others_score_as_usual() -> None:
    """Pairs: seat 0 leads 6-6 «на сто» (earned), holds 1-2 = 3; seat 1 goes out; the partner
    holds 27: «на сто» is wiped (V1.D7: the leader's own hand) and pair 1 writes 3 + 27 = 30."""
    m = play(R4, EARN4, (("6-6 1-2", "3-6", "5-5 4-4 4-5", "0-1"), "6-6 3-6R"))
    assert m.results[0].notes["na_sto_next"] == 0
    last = m.results[-1]
    assert last.notes["na_sto"]["result"] == "wiped"
    assert last.notes["L"] == 30 and last.notes["written_by"] == 1
    assert written(m) == [0, 30] and not m.over


def test_V1_8_5_D7_the_partner_going_out_wins_na_sto() -> None:
    """V1.8.5, V1.D7: in pairs the partner going out wins «на сто» for the side."""
    m = play(R4, EARN4, (("6-6 1-1", "2-3", "5-6", "0-4"), "6-6 knock 5-6R"))
    assert m.results[-1].notes["ended"] == "na_sto"
    assert m.outcome is not None and m.outcome.winners == (0,) and m.outcome.goats == (1,)


def test_V1_8_5_a_fish_fails_na_sto() -> None:
    """Fish in a «на сто» round: X with 30 ≥ 25 loses («свояк»); with less, X's side is wiped and
    its own fish is not judged (V1.D16)."""
    standings = (Standing(40), Standing())
    lost = finished(R2, ["4-6 5-6 4-5", "1-2"], fisher=0, line=[("6-6", 0)])
    v = judge(R2, standings, {"mode": "na_sto", "leader": 0}, lost)
    assert v.ended == "svoyak" and v.winners == (1,) and v.losers == (0,)
    small = finished(R2, ["1-2", "4-6 5-6 4-5"], fisher=0, line=[("6-6", 0)])
    v = judge(R2, standings, {"mode": "na_sto", "leader": 0}, small)
    assert v.ended is None and v.written == (0, 0) and v.cleared == (40, 0)
    assert v.notes["fish"] == "void" and v.next_extra == {"mode": "free", "leader": 0}


def test_V1_D12_a_blank_finish_beats_na_sto() -> None:
    """V1.D12: the 0-0 finish is checked first: Boris going out with 0-0 in Anya's «на сто»
    round wins the match, whatever Anya holds."""
    state = finished(R2, ["4-6 5-6 4-5", ""], went_out=1, line=[("6-6", 0), ("0-0", 1)])
    v = judge(R2, (Standing(), Standing()), {"mode": "na_sto", "leader": 0}, state)
    assert v.ended == "lysy" and v.winners == (1,) and v.notes["na_sto"] is None


def test_V1_D18_special_finishes_write_nothing() -> None:
    """V1.D18: Anya holds 27 and goes out with 0-0 while Boris holds 30: the match is hers and
    the points stay as they were."""
    state = finished(R2, ["", "4-6 5-6 4-5"], went_out=0, line=[("0-1", 0), ("0-0", 0)])
    v = judge(R2, (Standing(27), Standing()), {"mode": "free", "leader": 0}, state)
    assert v.ended == "lysy" and v.written == (27, 0) and v.gained == (0, 0)
    assert v.notes["L"] == 30 and v.notes["written_by"] == -1


# --- V1.7: the fish ---------------------------------------------------------------------------
def test_V1_7_1_example_5_fisher_under_25_writes_and_goes_na_sto() -> None:
    """Example 5: Anya fishes with 1-2 = 3, Boris holds 28: she writes 28 and leads «на сто»."""
    m = play(R2, WARM, (("0-0 1-2", "5-6 4-6 3-4"), "0-0 knock knock"))
    last = m.results[-1]
    assert last.fish and last.fisher == 0 and last.notes["fish"] == "won"
    assert last.notes["L"] == 28 and last.notes["written_by"] == 0
    assert written(m) == [28, 0] and last.notes["na_sto_next"] == 0
    assert m.round.leader == 0 and m.round.lead_mask == 1 << SIX


def test_V1_7_1_fisher_with_fewer_but_not_under_25_leads_freely() -> None:
    """V1.7.1: F = 27 < O = 33 but F ≥ 25: Anya writes 33 and leads the next round freely."""
    m = play(R2, WARM, (("0-0 5-6 4-6 1-5", "4-5 3-6 2-6 1-6"), "0-0 knock knock"))
    last = m.results[-1]
    assert last.fish and last.notes["fish"] == "won" and last.notes["na_sto_next"] == -1
    assert written(m) == [33, 0] and m.extra == {"mode": "free", "leader": 0}


def test_V1_7_2_V1_7_3_example_6_fish_written_off_in_the_third_try() -> None:
    """V1.7.2, V1.7.3, example 6: Anya fishes with 30 against 12 (a write-off): try 1 Boris goes
    out (Anya's 20 < 25: nothing written), try 2 Anya goes out with Boris at 11 < 25 (fail), try
    3 Anya goes out with Boris at 26: the fish is written off and Anya writes 26."""
    fish = (("0-0 5-6 4-6 4-5", "1-2 3-6"), "0-0 knock knock")
    try1 = (("2-3 5-6 4-5", "1-2 1-3"), "2-3 1-2L knock 1-3L")
    try2 = (("1-1 1-2", "5-6"), "1-1 knock 1-2R")
    try3 = (("1-1 1-2", "5-6 4-6 0-5"), "1-1 knock 1-2R")
    m = play(R2, WARM, fish, try1, try2, try3)
    r_fish, r1, r2, r3 = m.results[1:]
    assert r_fish.notes["fish"] == "write_off" and written(m)[1] == 0
    assert r_fish.score.lines[0].hand_points == 30 and r_fish.score.lines[1].hand_points == 12
    assert [r.leader for r in (r1, r2, r3)] == [0, 0, 0]
    assert [r.notes["try"] for r in (r1, r2, r3)] == [[1, 3], [2, 3], [3, 3]]
    assert [r.notes["try_result"] for r in (r1, r2, r3)] == ["failed", "failed", "written_off"]
    assert r1.went_out == 1 and r1.notes["L"] == 20 and r1.notes["written_by"] == -1
    assert r2.notes["L"] == 11 and r2.notes["written_by"] == -1
    assert r3.notes["L"] == 26 and r3.notes["written_by"] == 0
    assert written(m) == [26, 0]
    assert m.extra == {"mode": "free", "leader": 0}


def test_V1_7_3_example_6_three_failed_tries_give_the_opponent_na_sto() -> None:
    """V1.7.3, example 6: had try 3 failed, Boris leads «на сто»."""
    fish = (("0-0 5-6 4-6 4-5", "1-2 3-6"), "0-0 knock knock")
    fail = (("1-1 1-2", "5-6"), "1-1 knock 1-2R")
    m = play(R2, WARM, fish, fail, fail, fail, seed=5)
    assert m.results[-1].notes["try_result"] == "lost"
    assert m.results[-1].notes["na_sto_next"] == 1
    assert m.round.leader == 1 and m.round.lead_mask == 1 << SIX


def test_V1_7_3_D9_tries_are_ordinary_rounds_and_a_fish_in_a_try_fails_it() -> None:
    """V1.D9: Boris goes out in a try and writes Anya's 30; a fish in the next try is a failed
    try, judged by nobody (Anya's 3 against Boris's 28 would have won by V1.7.1)."""
    fish = (("0-0 5-6 4-6 4-5", "1-2 3-6"), "0-0 knock knock")
    try1 = (("2-3 5-6 4-6 4-5", "1-2 1-3"), "2-3 1-2L knock 1-3L")
    try2 = (("0-0 1-2", "5-6 4-6 3-4"), "0-0 knock knock")
    m = play(R2, WARM, fish, try1, try2)
    r1, r2 = m.results[-2:]
    assert r1.notes["written_by"] == 1 and r1.notes["L"] == 30
    assert r2.fish and r2.notes["fish"] == "void" and r2.notes["written_by"] == -1
    assert r2.notes["try_result"] == "failed" and written(m) == [0, 30]
    assert m.extra["mode"] == "try" and m.extra["try"] == [3, 3]


def test_V1_7_3_fish_tries_option() -> None:
    """V1.7.3: fish_tries=1 loses the fish after one failed try."""
    rules = make_rules({"players": 2, "fish_tries": 1}, "morskoy")
    fish = (("0-0 5-6 4-6 4-5", "1-2 3-6"), "0-0 knock knock")
    fail = (("1-1 1-2", "5-6"), "1-1 knock 1-2R")
    m = play(rules, WARM, fish, fail)
    assert m.results[-1].notes["try"] == [1, 1]
    assert m.results[-1].notes["try_result"] == "lost" and m.extra["mode"] == "na_sto"


def test_V1_D15_a_six_six_finish_under_25_in_a_try_drops_the_write_off() -> None:
    """V1.D15: Anya goes out with 6-6 in try 1 and Boris holds 3: no write-off, no loss — the
    next round is «на сто» for Anya."""
    fish = (("0-0 5-6 4-6 4-5", "1-2 3-6"), "0-0 knock knock")
    try1 = (("5-6 6-6", "1-2"), "5-6 knock 6-6R")
    m = play(R2, WARM, fish, try1)
    last = m.results[-1]
    assert last.notes["try_result"] == "dropped" and last.notes["na_sto_next"] == 0
    assert m.extra == {"mode": "na_sto", "leader": 0}


def test_V1_D8_three_players_the_opponent_is_the_smallest_hand() -> None:
    """V1.D8: three players; Anya fishes with 30, Boris holds 20, Vera 12: O = 20, a write-off;
    the opponent of V1.7.3 is Vera (smallest), who leads «на сто» after the tries fail."""
    state = finished(R3, ["5-6 4-6 4-5", "5-5 4-6", "1-2 3-6"], fisher=0, line=[("0-0", 0)])
    v = judge(R3, (Standing(), Standing(), Standing()), {"mode": "free", "leader": 0}, state)
    assert v.notes["fish"] == "write_off" and v.next_extra["opponent"] == 2
    # ties go to the first after the fisher
    state = finished(R3, ["5-6 4-6 4-5", "1-2 3-6", "1-2 3-6"], fisher=0, line=[("0-0", 0)])
    v = judge(R3, (Standing(), Standing(), Standing()), {"mode": "free", "leader": 0}, state)
    assert v.next_extra["opponent"] == 1


def test_V1_D8_three_players_winner_writes_the_sum_of_all_others() -> None:
    """V1.D8: with three players the winner writes the sum of both other hands."""
    m = play(R3, (("1-1 1-2", "3-4 5-6", "4-6 0-5"), "1-1 knock knock 1-2R"))
    assert m.results[0].notes["L"] == 33 and written(m) == [33, 0, 0]


def test_V1_7_1_D8_three_players_fish_compares_with_the_largest() -> None:
    """F = 10 against 8 and 20: F < O = 20, Anya wins the round and writes 28."""
    state = finished(R3, ["5-5", "3-5", "4-6 5-5"], fisher=0, line=[("0-0", 0)])
    v = judge(R3, (Standing(), Standing(), Standing()), {"mode": "free", "leader": 0}, state)
    assert v.notes["fish"] == "won" and v.written == (28, 0, 0) and v.notes["na_sto_next"] == -1


def test_V1_7_5_fisher_with_more_but_under_25_writes_nothing() -> None:
    """V1.7, V1.7.5: F = 16 > O = 10 but F < 25: nothing is written; the fisher leads freely."""
    m = play(R2, WARM, (("0-0 5-6 1-5", "1-2 3-4"), "0-0 knock knock"))
    last = m.results[-1]
    assert last.notes["fish"] == "nothing" and written(m) == [0, 0]
    assert m.extra == {"mode": "free", "leader": 0}


EGGS = (("0-0 4-6 1-3", "5-6 1-2"), "0-0 knock knock")  # 14 against 14


def _egg_seed(want: list[bool]) -> int:
    """A seed whose first deals (two players) miss or hit k-k as ``want`` says."""
    for seed in range(2000):
        rng = random.Random(seed)
        hits = []
        for k in range(1, len(want) + 1):
            dealt = deal(R2, rng, (0, 1))
            hits.append(bool((dealt.hands[0] | dealt.hands[1]) >> TS.tile(k, k) & 1))
        if hits == want:
            return seed
    raise AssertionError("no such seed")


def test_V1_7_4_V1_3_5_example_7_eggs_one_one_leads() -> None:
    """V1.7.4, V1.3.5, example 7: a fish with 14 against 14 is «яйца»; the next deal has 1-1 in a
    hand, whose holder leads it, and that round is ordinary."""
    seed = _egg_seed([True])
    m = play(R2, EGGS, seed=seed)
    r = m.results[0]
    assert r.score.tie and r.notes["fish"] == "eggs" and written(m) == [0, 0]
    dealt = deal(R2, random.Random(seed), (0, 1))
    holder = 0 if dealt.hands[0] >> TS.tile(1, 1) & 1 else 1
    assert r.notes["egg_tries"] == [[1, holder]]
    assert m.deals[-1] == dealt
    assert m.round.leader == holder and m.round.lead_mask == mask("1-1")
    random_round(m, random.Random(0))
    assert m.results[-1].notes["eggs"] == [1, 3]
    assert m.results[-1].notes["egg_tries"] is None or m.results[-1].notes["fish"] == "eggs"


def test_V1_7_4_D10_a_missed_try_deals_again_for_two_two() -> None:
    """V1.7.4, V1.D10, V1.D17: 1-1 lies in the boneyard: that deal is set aside and the next
    one needs 2-2."""
    seed = _egg_seed([False, True])
    m = play(R2, EGGS, seed=seed)
    rng = random.Random(seed)
    deal(R2, rng, (0, 1))
    second = deal(R2, rng, (0, 1))
    holder = 0 if second.hands[0] >> TS.tile(2, 2) & 1 else 1
    assert m.results[0].notes["egg_tries"] == [[1, -1], [2, holder]]
    assert m.deals[-1] == second and m.round.leader == holder
    assert m.round.lead_mask == mask("2-2") and m.extra["eggs"] == [2, 3]


def test_V1_7_4_V1_9_2_three_missed_tries_end_the_match_in_a_draw() -> None:
    """V1.7.4, V1.9.2, V1.D17: three missed tries: the eggs are rotten and the match is a draw at
    once."""
    seed = _egg_seed([False, False, False])
    m = play(R2, EGGS, seed=seed)
    r = m.results[0]
    assert r.notes["egg_tries"] == [[1, -1], [2, -1], [3, -1]] and r.notes["ended"] == "draw"
    assert m.outcome is not None and m.outcome.winners == () and m.outcome.goats == ()
    assert m.outcome.ratings == (0, 0)


def test_V1_7_4_rotten_eggs_void_start_again_by_K2_1() -> None:
    """V1.7.4: rotten_eggs=void drops the eggs; the next deal is led by K2.1."""
    rules = make_rules({"players": 2, "rotten_eggs": "void"}, "morskoy")
    seed = _egg_seed([False, False, False])
    m = play(rules, EGGS, seed=seed)
    assert not m.over and m.extra == {"mode": "first", "skip": 3}
    rng = random.Random(seed)
    for _ in range(3):
        deal(rules, rng, (0, 1))
    fourth = deal(rules, rng, (0, 1))
    assert m.deals[-1] == fourth
    seat, tile = forced_lead(rules, fourth.hands, (0, 1))
    assert m.round.leader == seat and m.round.lead_mask == 1 << tile


def test_V1_D10_with_four_players_the_first_egg_try_always_succeeds() -> None:
    """V1.D10: with four players there is no boneyard, so 1-1 is always in a hand."""
    for seed in range(30):
        tries = roll_egg_tries(R4, random.Random(seed), (0, 1, 2, 3))
        assert len(tries) == 1 and tries[0][1] >= 0


# --- V1.9: the end of the match ---------------------------------------------------------------
def test_V1_9_1_D11_reaching_the_target_wins() -> None:
    """V1.9, V1.9.1, V1.D11: the side that reaches the target wins (here target 50); the
    other is the goat."""
    rules = make_rules({"players": 2, "target": 50}, "morskoy")
    assert not play(rules, EX1).over
    m = play(rules, EX1, EX1)
    assert written(m) == [54, 0] and m.results[-1].notes["ended"] == "125"
    assert m.outcome is not None and m.outcome.winners == (0,) and m.outcome.goats == (1,)
    assert m.results[-1].goats == (1,)


def test_V1_9_1_default_target_is_125() -> None:
    """V1.9.1: 100 + 27 = 127 ≥ 125 wins; 97 + 27 = 124 does not."""
    v = judge(
        R2,
        (Standing(100), Standing()),
        {"mode": "free", "leader": 0},
        finished(R2, ["", "5-6 4-6 3-3"], went_out=0, line=[("1-1", 0)]),
    )
    assert v.written == (127, 0) and v.ended == "125"
    v = judge(
        R2,
        (Standing(97), Standing()),
        {"mode": "free", "leader": 0},
        finished(R2, ["", "5-6 4-6 3-3"], went_out=0, line=[("1-1", 0)]),
    )
    assert v.written == (124, 0) and v.ended is None


def test_V1_9_2_svoyak_with_three_players_makes_both_others_winners() -> None:
    """V1.9.2: with three sides, a «свояк» makes both others winners."""
    state = finished(R3, ["4-6 5-6 4-5", "", "1-2"], went_out=1, line=[("6-6", 0), ("3-6", 1)])
    v = judge(R3, (Standing(), Standing(), Standing()), {"mode": "na_sto", "leader": 0}, state)
    assert v.ended == "svoyak" and v.winners == (1, 2) and v.losers == (0,)


EXTRA_KEYS = {"mode", "leader", "try", "opponent", "eggs", "skip"}
NOTE_KEYS = {
    "L",
    "written_by",
    "wiped",
    "na_sto",
    "na_sto_next",
    "fish",
    "try",
    "try_result",
    "eggs",
    "egg_tries",
    "ended",
}


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 4, "pairs": False},
        {"players": 2, "wipe": "others", "six_six_out": "wins"},
        {"players": 2, "rotten_eggs": "void", "fish_tries": 1},
    ],
    ids=str,
)
def test_V1_9_3_random_matches_end_and_the_sheet_adds_up(options: dict[str, Any]) -> None:
    """V1.9.3, V1.D3: seeded random matches end with a valid outcome, nothing is ever
    remembered; per side the sheet's round points minus
    the wiped points are the change of the written points, and the rounds chain."""
    rules = make_rules(options, "morskoy")
    for seed in range(15):
        m = Match(rules, seed)
        rng = random.Random(seed)
        while not m.over:
            m.apply(rng.choice(m.legal_actions()))
            assert len(m.results) < 500
            assert set(m.extra) <= EXTRA_KEYS  # public state only: no hidden deal is kept
        standings = [Standing() for _ in range(rules.sides)]
        for result in m.results:
            assert set(result.notes) == NOTE_KEYS
            for line in result.score.lines:
                assert line.before == standings[line.side]
                assert line.after.written == (
                    line.before.written + line.round_points - line.cleared
                )
                assert line.after.remembered == 0  # V1.D3
                standings[line.side] = line.after
            holders = [st for st in standings if st.written > 0]
            assert len(holders) <= 1  # V1.8.3: one holder
        assert tuple(standings) == m.standings
        outcome = m.outcome
        assert outcome is not None
        ended = m.results[-1].notes["ended"]
        assert ended in ("125", "lysy", "general", "six_six", "na_sto", "svoyak", "draw")
        assert not set(outcome.winners) & set(outcome.goats)
        if ended == "draw":
            assert outcome.winners == () and outcome.goats == ()
        else:
            assert sorted(outcome.winners + outcome.goats) == list(range(rules.sides))
            assert outcome.winners
        assert outcome.ratings == tuple(int(s in outcome.winners) for s in range(rules.sides))
        for result in m.results[:-1]:
            assert result.notes["ended"] is None


def test_V1_9_3_the_same_seed_plays_the_same_match() -> None:
    """V1.9.3, V1.D17: the match, the egg tries included, is a function of its seed and moves."""

    def run() -> list[Any]:
        m = Match(R2, 7)
        rng = random.Random(1)
        while not m.over:
            m.apply(rng.choice(m.legal_actions()))
        return [m.snapshot(), [r.notes for r in m.results]]

    assert run() == run()


# --- the bots' price of a round -----------------------------------------------------------------
def test_round_costs_winner_writes_and_the_wipe_costs_the_holder() -> None:
    """The bots' price (V1.8.2, V1.8.3): the writer gains, under 25 nothing counts, a wipe costs the
    holder."""
    free = {"mode": "free", "leader": 0}
    out = finished(R2, ["", "5-6 4-6 3-3"], went_out=0, line=[("1-1", 0)])
    costs = VARIANT.round_costs(Sheet(R2, (Standing(), Standing()), 0, free), out)
    assert costs == [-27.0, 27.0]
    small = finished(R2, ["", "1-2"], went_out=0, line=[("1-1", 0)])
    assert VARIANT.round_costs(Sheet(R2, (Standing(), Standing()), 0, free), small) == [0.0, 0.0]
    boris_out = finished(R2, ["6-6", ""], went_out=1, line=[("1-1", 0)])
    costs = VARIANT.round_costs(Sheet(R2, (Standing(27), Standing()), 0, free), boris_out)
    assert costs == [27.0, -27.0]  # wipe=all: Anya loses 27, Boris's 50 are wiped too


def test_round_costs_price_the_end_of_the_match() -> None:
    """The bots' price (V1.8.4, V1.9.2): winning the match is worth MATCH_PRICE; earning «на сто» is
    worth a little."""
    free = {"mode": "free", "leader": 0}
    lysy = finished(R2, ["", "1-2"], went_out=0, line=[("0-1", 0), ("0-0", 0)])
    costs = VARIANT.round_costs(Sheet(R2, (Standing(), Standing()), 0, free), lysy)
    assert costs == [-MATCH_PRICE, MATCH_PRICE]
    earned = finished(R2, ["", "1-2"], went_out=0, line=[("5-6", 0), ("6-6", 0)])
    costs = VARIANT.round_costs(Sheet(R2, (Standing(), Standing()), 0, free), earned)
    assert costs[0] < 0 and costs[1] == 0


def test_variant_is_found_by_name() -> None:
    """The registry finds Морской by name."""
    assert get_variant("morskoy") is VARIANT


# --- V1.7 at exactly 25 (V1.D2): «менее 25» and «более 25» are both strict ----------------------
# Hands of 24, 25 and 26 (no lone 0-0 or 6-6, V1.8.1) and one of 10, on disjoint tiles.
HAND = {24: "5-6 4-5 1-3", 25: "5-6 4-5 2-3", 26: "5-6 4-5 2-4", 10: "0-4 1-5"}


def _fish(fisher_hand: str, other_hand: str) -> Any:
    """Judge a two-player fish made by Anya (seat 0), nobody holding points."""
    state = finished(R2, [fisher_hand, other_hand], fisher=0, line=[("0-0", 0)])
    return judge(R2, (Standing(), Standing()), {"mode": "free", "leader": 0}, state)


@pytest.mark.parametrize(
    ("fisher", "fish", "next_mode"),
    [(24, "nothing", "free"), (25, "nothing", "free"), (26, "write_off", "try")],
)
def test_V1_7_2_V1_7_5_D2_a_fisher_writes_off_only_over_25(
    fisher: int, fish: str, next_mode: str
) -> None:
    """V1.7.2, V1.7.5, V1.D2: the fisher holds more than the other (10); 001 «Если у рыбака
    больше очков чем у другого игрока и более 25, то рыбак имеет право списать рыбу»: 26 is
    «более 25», 25 is not — at 25, as at 24, the remaining rule V1.7.5 applies: nothing is
    written and the fisher leads the next round with any tile."""
    v = _fish(HAND[fisher], HAND[10])
    assert v.hand == (fisher, 10)
    assert v.notes["fish"] == fish and v.written == (0, 0)
    assert v.next_extra["mode"] == next_mode and v.next_extra["leader"] == 0


@pytest.mark.parametrize(
    ("other", "written", "na_sto"),
    [(24, (0, 0), False), (25, (25, 0), False), (26, (26, 0), True)],
)
def test_V1_7_1_D2_the_fisher_goes_na_sto_only_when_the_other_holds_over_25(
    other: int, written: tuple[int, int], na_sto: bool
) -> None:
    """V1.7.1, V1.D2: the fisher (10) holds less and wins the round; 001 «Если у рыбака менее
    25 очков, а у другого — более, то рыбак считается победившим, и он делает ход на сто»: the
    other's 26 is «более 25» and gives «на сто»; 25 is not, so the fisher only wins the round
    and writes the 25 (V1.8.2, 25 or more is written) and leads the next round with any tile;
    24 is not written at all."""
    v = _fish(HAND[10], HAND[other])
    assert v.hand == (10, other)
    assert v.notes["fish"] == "won" and v.written == written
    assert (v.notes["na_sto_next"] == 0) is na_sto
    assert v.next_extra == {"mode": "na_sto" if na_sto else "free", "leader": 0}


@pytest.mark.parametrize(("fisher", "na_sto"), [(24, True), (25, False)])
def test_V1_7_1_D2_a_fisher_at_25_is_not_under_25(fisher: int, na_sto: bool) -> None:
    """V1.7.1, V1.D2: against 26 the fisher wins the round either way; «на сто» needs the
    fisher «менее 25»: 24 is, 25 is not."""
    v = _fish(HAND[fisher], "4-6 3-5 0-2 1-5")
    assert v.hand == (fisher, 26) and v.notes["fish"] == "won" and v.written == (26, 0)
    assert (v.notes["na_sto_next"] == 0) is na_sto


def test_V1_7_D2_example_8_a_played_fish_at_exactly_25_is_neither_under_nor_over() -> None:
    """V1.7.5, V1.D2 in a played match: Anya fishes holding 5-6 4-5 2-3 = 25 against Boris's
    1-2 3-4 = 10: not «более 25», so there is no write-off; nothing is written and she leads
    the next round freely."""
    m = play(R2, WARM, (("0-0 5-6 4-5 2-3", "1-2 3-4"), "0-0 knock knock"))
    last = m.results[-1]
    assert last.fish and last.fisher == 0
    assert last.score.lines[0].hand_points == 25 and last.notes["fish"] == "nothing"
    assert written(m) == [0, 0] and m.extra == {"mode": "free", "leader": 0}
