"""Scoring a round (K5-K8, F7-F12, D2, D3, P2-P4, P7, C4, C5) and the worked examples of §7."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.scoring import RoundScore, Standing, hand_value, score_round

from .scripted import act, deal_of, finished, mask, scripted_match

NONE = Standing()


def plus(n: int) -> Standing:
    """A score that is not open yet, with ``+n`` remembered."""
    return Standing(remembered=n)


def wrote(n: int) -> Standing:
    """An open score of ``n``."""
    return Standing(written=n, opened=True)


def score(
    rules: Rules,
    hands: Sequence[str],
    *,
    went_out: int = -1,
    fisher: int = -1,
    before: Sequence[Standing] | None = None,
    carry: int = 0,
    line: Sequence[tuple[str, int]] = (),
) -> RoundScore:
    standings = tuple(before) if before is not None else (NONE,) * rules.sides
    state = finished(rules, hands, went_out=went_out, fisher=fisher, line=line)
    return score_round(rules, standings, carry, state)


def after(result: RoundScore) -> list[Standing]:
    return [line.after for line in result.lines]


def rules_of(**options: Any) -> Rules:
    return make_rules(options)


FOUR = make_rules()


# --- worked examples (RULES §7) --------------------------------------------------------------
MASHA, ALEX, OLYA, SERG = range(4)
BEFORE = (plus(19), NONE, plus(7), plus(4))


def test_K7_worked_example_normal_round() -> None:
    """Masha goes out: Alex 3 → +3, Olya 13 → opens 13 + 7 = 20, Serg 5 → +9, Masha +19 → 0."""
    result = score(FOUR, ["", "1-2", "6-6 0-1", "2-3"], went_out=MASHA, before=BEFORE)
    assert after(result) == [NONE, plus(3), wrote(20), plus(9)]
    assert result.lines[MASHA].cleared == 19 and result.lines[MASHA].went_out
    assert result.lines[OLYA].opened_now and result.lines[OLYA].written_now == 20
    assert result.lines[SERG].remembered_now == 5


def test_K8_2_worked_example_fish_on_one() -> None:
    """Masha 2, Alex 3, Olya 13, Serg 5: Olya takes 23 plus her +7 = 30; the rest lose their +."""
    result = score(FOUR, ["0-2", "1-2", "6-6 0-1", "2-3"], fisher=ALEX, before=BEFORE)
    assert result.lines[OLYA].round_points == 23
    assert after(result) == [NONE, NONE, wrote(30), NONE]
    assert [line.cleared for line in result.lines] == [19, 0, 0, 4]
    assert result.carry_after == 0 and not result.tie


def test_K8_3_worked_example_tied_fish_carries_35_to_the_next_round() -> None:
    """Alex and Olya 14 each (sum 35): a draw, +35 carried; next round the player with the most
    round points takes those 35 on top of their own."""
    tie = score(FOUR, ["0-2", "6-6 1-1", "5-5 1-3", "2-3"], before=BEFORE)
    assert tie.tie and tie.carry_after == 35
    assert after(tie) == list(BEFORE)  # D2: nobody's remembered points change
    assert all(line.round_points == 0 for line in tie.lines)
    # next round Serg goes out; Masha 4, Alex 6, Olya 1: Alex gets 6 + 35 and opens
    nxt = score(FOUR, ["1-3", "2-4", "0-1", ""], went_out=SERG, before=after(tie), carry=35)
    assert nxt.carry_paid_to == ALEX and nxt.lines[ALEX].carry_paid == 35
    assert nxt.lines[ALEX].round_points == 41
    assert after(nxt) == [plus(23), wrote(41), plus(8), NONE]
    assert nxt.carry_after == 0


def test_K8_3_K8_4_tied_fish_carry_over_is_paid_by_a_scripted_match() -> None:
    """Four players, all 28 tiles dealt: a tied fish (seats 1 and 2 hold 35 each), then a fish
    whose biggest hand takes both sums and becomes the goat."""
    tie_deal = deal_of(
        [
            "1-1 0-3 5-6 0-0 1-6 2-3 4-5",
            "0-1 3-4 0-6 1-3 3-6 5-5 6-6",
            "1-2 0-4 2-4 2-5 2-6 3-3 3-5",
            "0-2 0-5 1-4 1-5 2-2 4-4 4-6",
        ]
    )
    line = [  # the fisher (seat 1) leads next; the same line one seat later
        "0-2 0-5 0-0 4-5 4-6 5-5 6-6",
        "1-1 0-3 5-6 1-3 1-4 2-2 4-4",
        "0-1 3-4 0-6 1-5 1-6 2-3 2-4",
        "1-2 0-4 2-5 2-6 3-3 3-5 3-6",
    ]
    fish = "1-1 0-1L 1-2R 0-2R 0-3L 3-4L 0-4L 0-5R 5-6R 0-6R"
    m = scripted_match(FOUR, tie_deal, deal_of(line))
    (r1,) = act(m, fish)
    assert r1.fish and r1.fisher == 1
    assert r1.score.seat_points == (21, 35, 35, 33)
    assert r1.score.tie and m.carry == 124
    assert all(st == NONE for st in m.standings)
    (r2,) = act(m, fish)
    assert r2.fisher == 2
    assert r2.score.seat_points == (41, 21, 24, 38)
    assert r2.score.carry_paid_to == 0 and r2.score.lines[0].carry_paid == 124
    assert [st.written for st in m.standings] == [248, 0, 0, 0]
    assert m.carry == 0
    assert m.over and m.outcome is not None and m.outcome.goats == (0,)


def test_K8_4_F9_carry_over_paid_in_a_normal_round_can_open_a_score() -> None:
    """Two players, nothing drawable: 1-1, 1-4, two knocks make a fish tied at 5 each (carry
    10). Next round seat 1 goes out and seat 0's 0-0 alone (10) plus 10 opens at 20."""
    rules = make_rules({"players": 2, "hand_size": 2, "boneyard_reserve": 24})
    m = scripted_match(
        rules,
        deal_of(["1-1 2-3", "1-4 0-5"]),
        deal_of(["2-4 0-0", "2-5 5-6"]),
        deal_of(["1-1 1-2", "1-3 1-4"]),
    )
    (r1,) = act(m, "1-1 1-4R knock knock")
    assert r1.score.tie and m.carry == 10
    (r2,) = act(m, "2-5 2-4L 5-6R")
    assert r2.went_out == 1
    assert r2.score.lines[0].round_points == 20 and r2.score.lines[0].carry_paid == 10
    assert m.standings == (wrote(20), NONE)
    assert m.carry == 0


def test_K8_4_a_second_tied_fish_adds_to_the_carry_over() -> None:
    result = score(FOUR, ["0-3", "6-6", "5-5 1-1", "2-3"], carry=35, before=BEFORE)
    assert result.tie and result.carry_after == 35 + 3 + 12 + 12 + 5
    assert after(result) == list(BEFORE)


def test_K8_4_a_tie_for_most_in_a_normal_round_moves_the_carry_on() -> None:
    result = score(FOUR, ["", "3-4", "2-5", "0-1"], went_out=0, carry=35, before=BEFORE)
    assert result.carry_paid_to == -1 and result.carry_after == 35
    assert after(result) == [NONE, plus(7), plus(14), plus(5)]


# --- hands and special values ----------------------------------------------------------------
def test_K5_1_S2_round_points_are_the_pips_left_and_zero_for_who_went_out() -> None:
    rules = make_rules({"players": 2, "hand_size": 2})
    m = scripted_match(
        rules, deal_of(["1-1 5-6", "1-2 1-3"], "2-4"), deal_of(["1-1 0-2", "3-4 5-5"])
    )
    (result,) = act(m, "1-1 1-2R draw 2-4R 1-3L")
    assert result.score.seat_points == (11, 0)
    assert m.standings == (plus(11), NONE)


@pytest.mark.parametrize(
    ("options", "hand", "value"),
    [
        ({}, "0-0", 10),  # K6.1
        ({"blank_alone": 25}, "0-0", 25),
        ({}, "0-0 1-2", 3),
        ({}, "6-6", 12),
        ({"big_alone": True}, "6-6", 50),  # K6.2
        ({"big_alone": True}, "0-0 6-6", 75),
        ({}, "0-0 6-6", 12),
        ({"big_alone": True}, "6-6 0-1", 13),
        ({}, "1-1 2-3", 7),
        ({"one_one_15": True}, "1-1 2-3", 20),  # K6.4
        ({"one_one_15": True}, "1-1", 15),
        ({}, "", 0),
    ],
)
def test_K6_special_values(options: dict[str, Any], hand: str, value: int) -> None:
    assert hand_value(make_rules(options), mask(hand)) == value


def test_K6_1_blank_alone_counts_ten_in_a_round() -> None:
    result = score(rules_of(players=2), ["", "0-0"], went_out=0)
    assert result.lines[1].round_points == 10
    assert after(result) == [NONE, plus(10)]


def test_K6_2_six_six_alone_counts_fifty_and_opens() -> None:
    result = score(rules_of(players=2, big_alone=True), ["", "6-6"], went_out=0)
    assert after(result) == [NONE, wrote(50)]


def test_K6_4_one_one_counts_fifteen_wherever_it_is_left() -> None:
    result = score(rules_of(players=3, one_one_15=True), ["", "1-1 0-1", "1-2"], went_out=0)
    assert [line.hand_points for line in result.lines] == [0, 16, 3]
    assert after(result) == [NONE, wrote(16), plus(3)]


def test_F7_special_values_decide_who_has_the_most() -> None:
    """0-0 alone (10) beats 4-5 (9) when finding the fish taker."""
    result = score(rules_of(players=3), ["0-0", "4-5", "1-2"], fisher=2)
    assert result.lines[0].round_points == 22
    assert after(result) == [wrote(22), NONE, NONE]


# --- finish bonus K6.3 / F8 ------------------------------------------------------------------
BONUS = {"finish_bonus": True}


def test_K6_3_going_out_with_6_6_charges_50_to_every_other_player() -> None:
    rules = rules_of(players=3, **BONUS)
    result = score(rules, ["", "1-2", "0-1"], went_out=0, line=[("1-1", 1), ("6-6", 0)])
    assert [line.hand_points for line in result.lines] == [0, 53, 51]
    assert after(result) == [NONE, wrote(53), wrote(51)]


def test_K6_3_going_out_with_0_0_charges_25() -> None:
    rules = rules_of(players=2, **BONUS)
    result = score(rules, ["", "1-2"], went_out=0, line=[("1-1", 1), ("0-0", 0)])
    assert result.lines[1].round_points == 28


def test_K6_3_F8_leading_6_6_charges_the_others_and_adds_to_a_finish_bonus() -> None:
    rules = rules_of(players=3, **BONUS)
    line = [("6-6", 1), ("6-2", 2), ("0-0", 0)]
    result = score(rules, ["", "1-2", "0-1"], went_out=0, line=line)
    # seat 1 led 6-6: seats 0 and 2 owe 50; seat 0 went out with 0-0: seats 1 and 2 owe 25
    assert [line.hand_points for line in result.lines] == [50, 3 + 25, 1 + 50 + 25]
    assert [line.round_points for line in result.lines] == [0, 28, 76]


def test_F8_a_fish_gets_no_finish_bonus_and_bonuses_enter_the_fish_sum() -> None:
    rules = rules_of(players=3, **BONUS)
    line = [("6-6", 1), ("6-2", 2), ("0-0", 0)]
    result = score(rules, ["1-1", "1-2", "0-1"], fisher=2, line=line)
    assert [line.hand_points for line in result.lines] == [2 + 50, 3, 1 + 50]
    assert result.lines[0].round_points == 52 + 3 + 51


def test_K6_3_bonus_is_off_by_default() -> None:
    result = score(rules_of(players=2), ["", "1-2"], went_out=0, line=[("6-6", 0)])
    assert result.lines[1].round_points == 3


# --- remembered points K7 --------------------------------------------------------------------
TWO = make_rules({"players": 2})


@pytest.mark.parametrize(
    ("hand", "expected"),
    [("6-6", plus(12)), ("6-6 0-1", wrote(13)), ("0-1", plus(1))],
)
def test_K7_1_K7_2_F12_twelve_is_remembered_thirteen_opens(hand: str, expected: Standing) -> None:
    assert after(score(TWO, ["", hand], went_out=0))[1] == expected


def test_K7_1_remembered_points_add_up() -> None:
    result = score(TWO, ["", "5-6"], went_out=0, before=[NONE, plus(9)])
    assert after(result)[1] == plus(20)
    assert result.lines[1].remembered_now == 11


def test_K7_2_opening_adds_remembered() -> None:
    result = score(TWO, ["", "6-6 0-2"], went_out=0, before=[NONE, plus(9)])
    assert after(result)[1] == wrote(23)
    assert result.lines[1].opened_now


def test_K7_3_once_open_small_points_are_written() -> None:
    result = score(TWO, ["", "0-1"], went_out=0, before=[NONE, wrote(30)])
    assert after(result)[1] == wrote(31)


def test_K7_4_going_out_clears_remembered_points() -> None:
    result = score(TWO, ["", "0-1"], went_out=0, before=[plus(12), plus(3)])
    assert after(result) == [NONE, plus(4)]
    assert result.lines[0].cleared == 12


def test_K7_4_going_out_with_an_open_score_keeps_it() -> None:
    result = score(TWO, ["", "0-1"], went_out=0, before=[wrote(40), plus(3)])
    assert after(result)[0] == wrote(40)


@pytest.mark.parametrize(
    ("threshold", "hand", "opens"),
    [(20, "6-6 3-4", False), (20, "6-6 3-5", True), (5, "2-3", True), (5, "1-3", False)],
)
def test_K7_5_F12_open_threshold(threshold: int, hand: str, opens: bool) -> None:
    rules = make_rules({"players": 2, "open_threshold": threshold})
    line = score(rules, ["", hand], went_out=0).lines[1]
    assert line.after.opened is opens
    assert line.after.written == (line.round_points if opens else 0)


def test_F12_the_goers_zero_never_opens_even_with_threshold_one() -> None:
    rules = make_rules({"players": 2, "open_threshold": 1})
    result = score(rules, ["", "0-1"], went_out=0)
    assert after(result) == [NONE, wrote(1)]


# --- fish options K8 -------------------------------------------------------------------------
def test_K8_1_fish_on_all_everyone_scores_their_own() -> None:
    rules = rules_of(fish="all")
    result = score(rules, ["0-2", "1-2", "6-6 0-1", "2-3"], fisher=1, before=BEFORE)
    assert after(result) == [plus(21), plus(3), wrote(20), plus(9)]
    assert all(line.cleared == 0 for line in result.lines)


def test_F9_fish_on_all_pays_the_carry_to_the_single_most() -> None:
    rules = rules_of(fish="all")
    result = score(rules, ["0-2", "1-2", "0-3", "2-3"], fisher=1, carry=10)
    assert result.carry_paid_to == 3
    assert after(result) == [plus(2), plus(3), plus(3), wrote(15)]


def test_D3_fish_on_one_with_a_small_sum_is_remembered() -> None:
    result = score(FOUR, ["0-1", "0-2", "1-3", "0-3"], fisher=0, before=[plus(5)] * 4)
    assert after(result) == [NONE, NONE, plus(5 + 10), NONE]


def test_K8_5_fish_on_the_fisher() -> None:
    rules = rules_of(fish="fisher")
    result = score(rules, ["0-2", "1-2", "6-6 0-1", "2-3"], fisher=MASHA, before=BEFORE)
    assert result.lines[MASHA].round_points == 23
    assert after(result) == [wrote(42), NONE, NONE, NONE]


def test_K8_5_fish_on_the_fisher_takes_the_carry_over() -> None:
    rules = rules_of(fish="fisher")
    result = score(rules, ["0-2", "1-2", "0-1", "2-3"], fisher=ALEX, carry=20)
    assert result.carry_paid_to == ALEX
    assert after(result)[ALEX] == wrote(11 + 20)


# --- pairs -----------------------------------------------------------------------------------
PAIRS = make_rules(preset="kozel-pairs")


def test_P2_P3_the_other_pair_scores_both_its_hands() -> None:
    """Seat 0 goes out: pair 1+3 scores 7 + 5; seat 2's 6-6 does not count."""
    result = score(PAIRS, ["", "3-4", "6-6", "2-3"], went_out=0, before=[plus(5), plus(3)])
    assert len(result.lines) == 2
    assert [line.hand_points for line in result.lines] == [12, 12]
    assert after(result) == [NONE, plus(15)]
    assert result.lines[0].cleared == 5 and result.lines[0].went_out


def test_P3_K7_applies_per_pair() -> None:
    result = score(PAIRS, ["6-6", "", "0-1", "2-3"], went_out=1, before=[plus(4), NONE])
    assert after(result) == [wrote(17), NONE]


def test_P4_F10_pair_fish_the_larger_pair_scores_its_own_sum() -> None:
    result = score(PAIRS, ["6-6", "1-2", "0-1", "2-3"], fisher=1, before=[plus(4), plus(6)])
    assert [line.round_points for line in result.lines] == [13, 0]
    assert after(result) == [wrote(17), NONE]  # F10: the smaller pair won: its + is cleared


def test_P4_pair_fish_all_the_larger_pair_scores_both_sums() -> None:
    rules = make_rules({"pair_fish": "all"}, preset="kozel-pairs")
    result = score(rules, ["6-6", "1-2", "0-1", "2-3"], fisher=1)
    assert [line.round_points for line in result.lines] == [21, 0]


def test_F10_pairs_ignore_the_fish_option() -> None:
    for fish in ("all", "one", "fisher"):
        rules = make_rules({"fish": fish}, preset="kozel-pairs")
        result = score(rules, ["6-6", "1-2", "0-1", "2-3"], fisher=1)
        assert [line.round_points for line in result.lines] == [13, 0]


def test_P4_tied_pair_fish_is_a_carry_over_paid_by_the_next_losing_pair() -> None:
    tie = score(PAIRS, ["6-6", "1-2", "0-1", "4-6"], fisher=1, before=[plus(4), plus(6)])
    assert tie.tie and tie.carry_after == 26
    assert after(tie) == [plus(4), plus(6)]
    nxt = score(PAIRS, ["0-1", "", "0-2", "1-5"], went_out=1, before=after(tie), carry=26)
    assert nxt.carry_paid_to == 0
    assert after(nxt) == [wrote(4 + 3 + 26), NONE]


def test_P7_blank_alone_counts_per_player_in_pairs() -> None:
    result = score(PAIRS, ["", "0-0", "5-5", "1-2"], went_out=0)
    assert result.lines[1].hand_points == 13
    assert after(result) == [NONE, wrote(13)]


def test_P7_six_six_alone_counts_per_player_in_pairs() -> None:
    rules = make_rules({"big_alone": True}, preset="kozel-pairs")
    result = score(rules, ["", "6-6", "5-5", "1-2"], went_out=0)
    assert result.lines[1].hand_points == 53


def test_F8_in_pairs_the_finish_bonus_goes_once_to_the_other_pair() -> None:
    rules = make_rules(BONUS, preset="kozel-pairs")
    result = score(rules, ["", "1-2", "0-1", "2-3"], went_out=0, line=[("1-1", 1), ("6-6", 0)])
    assert result.lines[1].hand_points == 3 + 5 + 50
    assert after(result)[1] == wrote(58)


# --- classic ---------------------------------------------------------------------------------
CLASSIC = make_rules({"players": 3}, preset="classic")


def test_C4_F11_the_winner_scores_the_losers_pips_at_once() -> None:
    result = score(CLASSIC, ["1-2", "", "0-1"], went_out=1)
    assert [line.round_points for line in result.lines] == [0, 4, 0]
    assert after(result) == [NONE, Standing(written=4), NONE]
    assert result.carry_after == 0


def test_C4_on_a_fish_the_lowest_hand_scores_the_difference() -> None:
    result = score(CLASSIC, ["1-2", "5-6", "2-4"], fisher=0)
    assert [line.round_points for line in result.lines] == [(11 + 6) - 3, 0, 0]


def test_C4_F11_a_tie_for_lowest_scores_nothing_and_carries_nothing() -> None:
    result = score(CLASSIC, ["1-2", "5-6", "0-3"], fisher=0)
    assert all(line.round_points == 0 for line in result.lines)
    assert result.carry_after == 0 and not result.tie


def test_C5_blank_alone_counts_25_in_a_losers_hand() -> None:
    result = score(CLASSIC, ["0-0", "", "0-1"], went_out=1)
    assert result.lines[1].round_points == 26
    ten = make_rules({"players": 3, "blank_alone": 10}, preset="classic")
    assert score(ten, ["0-0", "", "0-1"], went_out=1).lines[1].round_points == 11


def test_F7_C5_special_values_decide_the_lowest_hand_on_a_fish() -> None:
    """0-0 alone counts 25, so 5-6 (11) is the lowest hand, not the blank."""
    result = score(CLASSIC, ["0-0", "5-6", "6-6 1-1"], fisher=0)
    assert [line.round_points for line in result.lines] == [0, 25 + 14 - 11, 0]
