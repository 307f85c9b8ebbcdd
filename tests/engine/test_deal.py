"""Players, the deal and the redeal rule (K1.1, K1.3, K1.4, F1, C1)."""

from __future__ import annotations

import random

import pytest

from domino_tui.engine.deal import deal, needs_redeal
from domino_tui.engine.match import Match
from domino_tui.engine.record import dumps, loads, make_record, replay
from domino_tui.engine.rules import Rules, make_rules

from .scripted import TS, act, deal_of, mask, scripted_match

NEXT3 = ["0-0 0-1", "0-2 0-3", "0-4 0-5"]  # a round 2 deal, so that the match can go on


def seats(rules: Rules) -> tuple[int, ...]:
    return tuple(range(rules.players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_K1_3_seven_tiles_each_whatever_the_number_of_players(players: int) -> None:
    rules = make_rules({"players": players})
    for seed in range(5):
        d = deal(rules, random.Random(seed), seats(rules))
        assert [h.bit_count() for h in d.hands] == [7] * players
        assert len(d.boneyard) == 28 - 7 * players
        union = 0
        for h in d.hands:
            assert union & h == 0
            union |= h
        for t in d.boneyard:
            union |= 1 << t
        assert union == TS.all_mask


def test_K1_3_four_players_leave_no_boneyard() -> None:
    m = Match(make_rules(), seed=3)
    assert m.round.boneyard == []
    assert m.round.tile_counts() == (7, 7, 7, 7)


@pytest.mark.parametrize(("players", "dealt"), [(2, 7), (3, 5), (4, 5)])
def test_K1_3_hand_size_zero_is_the_classic_seven_or_five(players: int, dealt: int) -> None:
    rules = make_rules({"players": players, "hand_size": 0})
    assert Match(rules, seed=1).round.tile_counts() == (dealt,) * players


def test_K1_3_hand_size_option_deals_that_many() -> None:
    rules = make_rules({"players": 3, "hand_size": 6})
    m = Match(rules, seed=2)
    assert m.round.tile_counts() == (6, 6, 6)
    assert len(m.round.boneyard) == 10


def test_C1_classic_deals_seven_to_two_and_five_to_three_or_four() -> None:
    for players, dealt in ((2, 7), (3, 5), (4, 5)):
        rules = make_rules({"players": players}, preset="classic")
        m = Match(rules, seed=4)
        assert m.round.tile_counts() == (dealt,) * players
        assert len(m.round.boneyard) == 28 - dealt * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_K1_1_two_to_four_play_each_for_themselves(players: int) -> None:
    rules = make_rules({"players": players})
    assert rules.sides == players
    assert [rules.side_of(s) for s in range(players)] == list(range(players))
    assert len(Match(rules, seed=0).standings) == players


def test_K1_1_pairs_sit_opposite() -> None:
    rules = make_rules(preset="kozel-pairs")
    assert rules.sides == 2
    assert [rules.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert rules.seats_of(0) == (0, 2) and rules.seats_of(1) == (1, 3)


def test_K1_1_three_players_score_for_themselves_in_a_scripted_round() -> None:
    rules = make_rules({"players": 3, "hand_size": 2})
    m = scripted_match(rules, deal_of(["1-1 1-2", "1-3 0-4", "2-3 5-6"]), deal_of(NEXT3))
    (result,) = act(m, "1-1 1-3L 2-3L 1-2L")
    assert result.went_out == 0
    assert [line.round_points for line in result.score.lines] == [0, 4, 11]
    assert [st.remembered for st in m.standings] == [0, 4, 11]


DOUBLES_5 = "0-0 1-1 2-2 3-3 4-4 5-6 0-1"
DOUBLES_4 = "0-0 1-1 2-2 3-3 4-5 5-6 0-1"
SUIT_6 = "3-3 0-3 1-3 2-3 3-4 3-5 0-1"  # F1: six 3s with the double counted once
SUIT_5 = "3-3 0-3 1-3 2-3 3-4 0-1 5-6"
ALL_DOUBLES = "0-0 1-1 2-2 3-3 4-4 5-5 6-6"


@pytest.mark.parametrize(
    ("hand", "redeal"),
    [(DOUBLES_5, True), (DOUBLES_4, False), (SUIT_6, True), (SUIT_5, False), (ALL_DOUBLES, True)],
)
def test_K1_4_F1_redeal_on_five_doubles_or_six_of_a_suit(hand: str, redeal: bool) -> None:
    assert needs_redeal(make_rules(), mask(hand)) is redeal


def test_F1_a_double_counts_once_for_its_suit() -> None:
    """3-3 plus five other 3s is six 3s (not seven), and 3-3 with four other 3s is five."""
    assert needs_redeal(make_rules(), mask("3-3 0-3 1-3 2-3 3-4 3-5 0-1"))
    assert not needs_redeal(make_rules(), mask("3-3 0-3 1-3 2-3 3-4 0-1 1-2"))


def test_F1_the_redeal_rule_applies_to_pairs_too() -> None:
    assert needs_redeal(make_rules(preset="kozel-pairs"), mask(DOUBLES_5))


@pytest.mark.parametrize(
    ("hand", "redeal"), [(ALL_DOUBLES, True), (DOUBLES_5, False), (SUIT_6, False)]
)
def test_K1_4_redeal_all_doubles_only_redeals_a_hand_of_doubles(hand: str, redeal: bool) -> None:
    assert needs_redeal(make_rules({"redeal": "all_doubles"}), mask(hand)) is redeal


@pytest.mark.parametrize("hand", [ALL_DOUBLES, DOUBLES_5, SUIT_6])
def test_K1_4_redeal_none_never_redeals(hand: str) -> None:
    assert not needs_redeal(make_rules({"redeal": "none"}), mask(hand))


def test_F1_classic_has_no_redeal() -> None:
    rules = make_rules({"redeal": "kozel"}, preset="classic")
    assert not needs_redeal(rules, mask(ALL_DOUBLES))


def test_K1_4_a_bad_deal_is_shuffled_again_and_counted() -> None:
    """Find a seed whose first shuffle breaks K1.4, and check the deal went on to a good one."""
    rules = make_rules()
    seed = next(s for s in range(2000) if deal(rules, random.Random(s), seats(rules)).redeals)
    d = deal(rules, random.Random(seed), seats(rules))
    rng = random.Random(seed)
    order = list(range(28))
    rng.shuffle(order)
    first = [sum(1 << t for t in order[i * 7 : (i + 1) * 7]) for i in range(4)]
    assert any(needs_redeal(rules, h) for h in first)
    assert not any(needs_redeal(rules, h) for h in d.hands)
    assert tuple(d.hands) != tuple(first)
    # the match shows the redeal count of the round and a record replays it
    m = Match(rules, seed)
    while not m.results:
        m.apply(m.legal_actions()[0])
    assert m.results[0].redeals == d.redeals >= 1
    again = replay(loads(dumps(make_record(m))))
    assert again.results[0].redeals == d.redeals


def test_K1_4_redeal_count_of_a_scripted_deal_reaches_the_result() -> None:
    rules = make_rules({"players": 2, "hand_size": 2})
    m = scripted_match(
        rules, deal_of(["1-1 1-2", "1-3 5-6"], redeals=2), deal_of(["0-0 0-1", "6-6 0-2"])
    )
    (result,) = act(m, "1-1 1-3L 1-2R")
    assert result.redeals == 2
