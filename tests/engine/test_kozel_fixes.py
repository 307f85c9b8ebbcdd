"""Three Козёл fixes (issue 10, part 0) and the decisions they settle (docs/rules.md F17-F21):
a double pair that goes out pays the finish bonus for either end (K3.4, K6.3, F17); a double
never makes the fisher, not even when only doubles were laid (K4.3, F6, F18); ``rotate`` rotates
the lead from the second round on, in pairs too (K2.3, F3, P5, V6, F19); ``partner_leads``
goes only with ``later_leads=winner`` (P6, F15, F20) and after a fish gives the lead to the
fisher (P6, F21)."""

from __future__ import annotations

import random

import pytest

from domino_tui.engine import record as record_module
from domino_tui.engine.actions import KNOCK, parse_action
from domino_tui.engine.match import Match
from domino_tui.engine.record import RecordError, dumps, loads, make_record, replay
from domino_tui.engine.rules import RulesError, make_rules
from domino_tui.engine.scoring import Standing, score_round

from .scripted import TS, act, deal_of, pips, scripted_match, start

# --- K3.4 × K6.3: going out with two doubles at once ------------------------------------------
# Two players, three tiles each, the whole boneyard reserved: seat 1 can only knock.
PAIR_OUT = {
    "players": 2,
    "hand_size": 3,
    "boneyard_reserve": 22,
    "double_pair": True,
    "finish_bonus": True,
}
LOSER = "1-2 1-3 2-3"


def pair_out_points(hand: str, lead: str, pair: str) -> int:
    """Seat 0 leads, seat 1 knocks, seat 0 goes out with a double pair; seat 1's round points."""
    rules = make_rules(PAIR_OUT)
    s = start(rules, [hand, LOSER])
    act(s, f"{lead} knock {pair}")
    assert s.over and s.went_out == 0 and not s.fish
    result = score_round(rules, (Standing(),) * 2, 0, s)
    return result.lines[1].round_points


def test_K3_4_K6_3_F17_a_blank_double_on_the_left_end_of_a_double_pair_pays_25() -> None:
    """Before the fix only the double laid on the right end (here 5-5) was looked at."""
    assert pair_out_points("0-5 0-0 5-5", "0-5", "0-0L+5-5R") == pips(LOSER) + 25


def test_K3_4_K6_3_F17_a_double_pair_of_0_0_and_6_6_pays_both_bonuses() -> None:
    assert pair_out_points("0-6 0-0 6-6", "0-6", "0-0L+6-6R") == pips(LOSER) + 25 + 50


def test_K3_4_K6_3_F17_a_double_pair_of_plain_doubles_pays_nothing() -> None:
    assert pair_out_points("4-5 4-4 5-5", "4-5", "4-4L+5-5R") == pips(LOSER)


def test_K6_3_F8_F17_a_double_pair_that_does_not_go_out_pays_no_finish_bonus() -> None:
    """Seat 0 lays 0-0 and 6-6 in one turn but keeps a tile; it goes out later with 6-1."""
    rules = make_rules({**PAIR_OUT, "hand_size": 4, "boneyard_reserve": 20})
    s = start(rules, ["0-6 0-0 6-6 1-6", "2-3 2-4 3-4 2-5"])
    act(s, "0-6 knock 0-0L+6-6R knock")
    assert not s.over
    act(s, "1-6R")
    assert s.went_out == 0
    result = score_round(rules, (Standing(),) * 2, 0, s)
    assert result.lines[1].round_points == pips("2-3 2-4 3-4 2-5")


# --- K4.3: a double never makes its player the fisher -----------------------------------------
# match=sum6: a 6 takes a 0, so 6-6 (lead) and then 0-0 are both legal, and nothing else fits:
# seat 0 holds no 0 and no 6, seat 1 none besides 0-0; the rest of the set is reserved.
SUM6_DOUBLES = {
    "players": 2,
    "match": "sum6",
    "lead_rule": "highest_double",
    "boneyard_reserve": 14,
}
ONLY_DOUBLES = deal_of(
    ["6-6 1-2 1-3 1-4 2-3 2-4 3-4", "0-0 1-5 2-5 3-5 4-5 5-5 2-2"],
)
NEXT = deal_of(["1-1 0-1 0-2 0-3 0-4 0-5 0-6", "1-6 2-6 3-6 4-6 5-6 3-3 4-4"])


def test_K4_3_F6_F18_with_only_doubles_laid_the_leader_is_the_fisher_not_the_last_layer() -> None:
    """Seat 0 leads 6-6 (L5 sum6), seat 1 lays 0-0 on it; both knock. Seat 1 laid the last
    tile, a double, so it is not the fisher: the leader is (F18), and leads the next round
    (K2.2); under fish=fisher the leader takes the sum (K8.5)."""
    rules = make_rules({**SUM6_DOUBLES, "fish": "fisher"})
    m: Match = scripted_match(rules, ONLY_DOUBLES, NEXT)
    assert m.round.turn == 0
    act(m, "6-6")
    assert m.legal_actions() == [parse_action("0-0L"), parse_action("0-0R")]
    act(m, "0-0R")
    assert m.legal_actions() == [KNOCK]
    act(m, "knock")
    (result,) = act(m, "knock")
    assert result.fish and result.fisher == 0 and result.leader == 0
    assert m.round.placed == [] and m.round.turn == 0  # the fisher leads round 2
    hands = pips("1-2 1-3 1-4 2-3 2-4 3-4") + pips("1-5 2-5 3-5 4-5 5-5 2-2")
    assert result.score.lines[0].round_points == hands
    assert result.score.lines[1].round_points == 0


def test_K4_3_F18_the_lead_alone_then_a_full_circle_of_knocks_makes_the_leader_fisher() -> None:
    rules = make_rules({"players": 3, "hand_size": 2, "boneyard_reserve": 22})
    s = start(rules, ["1-1 2-3", "4-5 5-6", "0-2 3-4"])
    act(s, "1-1 knock knock knock")
    assert s.fish and s.fisher == 0


# --- K2.3 rotate, P5, V6 -------------------------------------------------------------------------
PAIRS_ROTATE = {"players": 4, "pairs": True, "hand_size": 2, "later_leads": "rotate"}
# Seat 0 leads 1-1 and goes out; pair 1 keeps 0-1 and 0-2 = 3 points: remembered, nothing written.
ROUND1 = deal_of(["1-1 1-2", "1-3 0-1", "2-3 6-6", "1-4 0-2"])
ROUND1_MOVES = "1-1 1-3L 2-3L 1-4R 1-2L"
# 1-1 is in seat 3's hand: P5 would make seat 3 lead it; rotate gives the lead to seat 1.
ROUND2 = deal_of(["0-0 0-3", "0-4 0-5", "0-6 2-2", "1-1 3-3"])
ROUND2_MOVES = "0-4 0-6L draw draw draw draw draw 1-4R draw 1-5R 0-5R"  # seat 1 goes out
ROUND3 = deal_of(["1-1 0-3", "0-4 0-5", "0-6 2-2", "0-0 3-3"])


def test_K2_3_P5_F3_F19_V6_rotate_in_pairs_rotates_before_any_pair_has_written() -> None:
    m = scripted_match(make_rules(PAIRS_ROTATE), ROUND1, ROUND2, ROUND3)
    assert (m.round.turn, set(m.legal_actions())) == (0, {parse_action("1-1")})  # K2.1
    (r1,) = act(m, ROUND1_MOVES)
    assert r1.went_out == 0
    assert not any(st.written for st in m.standings)  # nobody has opened: P5 would force 1-1
    assert m.round.turn == 1
    assert set(m.legal_actions()) == {parse_action("0-4"), parse_action("0-5")}


def test_K2_3_F3_F19_rotate_in_pairs_passes_the_lead_on_not_to_the_winner() -> None:
    """Round 2 is led by seat 1 and won by seat 1; round 3 is led by seat 2, any tile."""
    m = scripted_match(make_rules(PAIRS_ROTATE), ROUND1, ROUND2, ROUND3)
    act(m, ROUND1_MOVES)
    (r2,) = act(m, ROUND2_MOVES)
    assert r2.leader == 1 and r2.went_out == 1
    assert m.round.turn == 2
    assert set(m.legal_actions()) == {parse_action("0-6"), parse_action("2-2")}


def test_P5_winner_in_pairs_still_forces_1_1_until_a_pair_has_written() -> None:
    """The fix touches only rotate: with later_leads=winner, P5 is as before."""
    rules = make_rules({**PAIRS_ROTATE, "later_leads": "winner"})
    m = scripted_match(rules, ROUND1, ROUND2)
    act(m, ROUND1_MOVES)
    assert (m.round.turn, set(m.legal_actions())) == (3, {parse_action("1-1")})


# --- P6 × K2.3: partner_leads with another later_leads ---------------------------------------
@pytest.mark.parametrize("later", ["rotate", "same_as_first"])
def test_P6_F15_F20_partner_leads_with_rotate_or_same_as_first_is_refused(later: str) -> None:
    with pytest.raises(RulesError) as err:
        make_rules({"pairs": True, "partner_leads": True, "later_leads": later})
    message = str(err.value)
    assert "partner_leads" in message and f"later_leads={later}" in message
    assert "later_leads=winner" in message and "\n" not in message


def test_P6_F20_partner_leads_with_winner_is_accepted() -> None:
    rules = make_rules({"pairs": True, "partner_leads": True})
    assert rules.later_leads == "winner" and rules.partner_leads


def test_P6_F21_after_a_fish_the_fisher_leads_under_partner_leads_not_the_partner() -> None:
    """Seed 000: «партнер выигравшего в предыдущем раунде или же поставивший „рыбу“»; seat 1
    lays the last non-double, everyone knocks, so seat 1 leads round 2, with a double."""
    rules = make_rules(
        {"players": 4, "pairs": True, "hand_size": 2, "boneyard_reserve": 20, "partner_leads": True}
    )
    fish = deal_of(["1-1 5-6", "1-3 4-4", "2-5 0-0", "2-6 0-4"])
    then = deal_of(["0-1 0-2", "2-2 0-3", "0-5 0-6", "3-3 1-2"])
    m = scripted_match(rules, fish, then)
    (r1,) = act(m, "1-1 1-3R knock knock knock knock")
    assert r1.fish and r1.fisher == 1
    assert (m.round.turn, set(m.legal_actions())) == (1, {parse_action("2-2")})


def test_P6_F21_after_going_out_the_partner_of_the_winner_leads() -> None:
    rules = make_rules(
        {"players": 4, "pairs": True, "hand_size": 2, "boneyard_reserve": 20, "partner_leads": True}
    )
    out = deal_of(["1-1 1-2", "1-3 0-1", "2-3 6-6", "1-4 0-2"])
    then = deal_of(["0-1 0-2", "2-2 0-3", "0-5 0-6", "3-3 1-2"])
    m = scripted_match(rules, out, then)
    (r1,) = act(m, "1-1 1-3L 2-3L 1-4R 1-2L")
    assert r1.went_out == 0
    assert (m.round.turn, set(m.legal_actions())) == (2, {parse_action("0-5"), parse_action("0-6")})


# --- records made before the fixes -----------------------------------------------------------
def _random_rounds(rules_v1: bool, seed: int, rounds: int) -> Match:
    rules = make_rules({"pairs": True, "later_leads": "rotate"}, v1=rules_v1)
    m = Match(rules, seed)
    rng = random.Random(seed)
    while len(m.results) < rounds:
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    return m


def test_F19_a_version_1_record_replays_with_the_leads_it_was_played_under() -> None:
    """Seed 3: nobody writes in round 1 (led by seat 3). A version-1 game (before F19) forced
    1-1 in round 2 (P5); it still replays, and is saved again as version 1; read as version 2
    its round-2 lead is illegal, because seat 0 leads under F19."""
    old = _random_rounds(True, 3, 2)
    first = old.results[0]
    assert first.leader == 3 and not any(line.after.written for line in first.score.lines)
    assert old.results[1].leader == 2 and old.results[1].lead_tile == TS.tile(1, 1)
    rec = make_record(old)
    assert rec["version"] == 1
    again = replay(loads(dumps(rec)))
    assert again.rules.record_v1 and again.snapshot() == old.snapshot()
    assert make_record(again)["version"] == 1
    forged = {**rec, "version": 2}
    forged["digest"] = record_module._digest({k: v for k, v in forged.items() if k != "digest"})
    with pytest.raises(RecordError, match="illegal action 1-1 at step"):
        replay(loads(dumps(forged)))


def test_F17_F19_new_records_are_version_2_and_replay_with_the_fixes() -> None:
    new = _random_rounds(False, 3, 2)
    assert new.results[1].leader == 0  # F19: the seat after round 1's leader
    rec = make_record(new)
    assert rec["version"] == 2
    assert replay(loads(dumps(rec))).snapshot() == new.snapshot()


def test_F20_a_version_1_record_may_combine_partner_leads_with_rotate() -> None:
    rules = make_rules({"pairs": True, "partner_leads": True, "later_leads": "rotate"}, v1=True)
    assert rules.record_v1 and rules.to_dict()["later_leads"] == "rotate"
    assert "_v1" not in rules.to_dict()
