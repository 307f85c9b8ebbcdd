"""Who leads, and with what (K2.1-K2.4, F2, F3, P5, P6, C2)."""

from __future__ import annotations

from typing import Any

import pytest

from domino_tui.engine.actions import parse_action
from domino_tui.engine.deal import forced_lead
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules, with_options

from .scripted import TS, act, deal_of, mask, scripted_match


def lead_codes(text: str) -> set[int]:
    return {parse_action(w) for w in text.split()}


def leads(m: Match) -> tuple[int, set[int]]:
    """The seat to lead and the tiles it may lead with."""
    assert not m.round.placed
    return m.round.turn, set(m.legal_actions())


def first_lead(options: dict[str, Any], hands: list[str], preset: str = "kozel") -> str:
    rules = make_rules({"players": len(hands), **options}, preset=preset)
    seat, tile = forced_lead(rules, [mask(h) for h in hands], tuple(range(len(hands))))
    return f"{seat}:{TS.name(tile)}"


# --- first round -----------------------------------------------------------------------------


def test_K2_1_the_holder_of_1_1_leads_it() -> None:
    m = scripted_match(
        make_rules(),
        deal_of(
            [
                "0-0 0-1 0-2 0-3 0-4 0-5 0-6",
                "1-2 1-3 1-4 1-5 1-6 2-2 2-3",
                "1-1 2-4 2-5 2-6 3-3 3-4 3-5",
                "3-6 4-4 4-5 4-6 5-5 5-6 6-6",
            ]
        ),
    )
    assert leads(m) == (2, lead_codes("1-1"))
    with pytest.raises(ValueError, match="first tile of this round must be 1-1"):
        m.apply(parse_action("2-4"))


def test_K2_1_only_hands_count_a_double_in_the_boneyard_is_skipped() -> None:
    m = scripted_match(
        make_rules({"players": 2}),
        deal_of(["0-1 0-2 0-3 3-3 4-5 4-6 5-6", "2-2 0-4 0-5 0-6 1-2 1-3 1-4"], "1-1"),
    )
    assert not (m.round.hands[0] | m.round.hands[1]) & mask("1-1")
    assert TS.tile(1, 1) in m.round.boneyard
    assert leads(m) == (1, lead_codes("2-2"))


DOUBLE_ORDER = ["1-1", "2-2", "3-3", "4-4", "5-5", "6-6", "0-0"]


@pytest.mark.parametrize("i", range(len(DOUBLE_ORDER)))
def test_K2_1_doubles_are_looked_for_from_1_1_up_and_0_0_last(i: int) -> None:
    """Seat 1 holds the i-th double of the order and every later one; seat 0 holds none."""
    later = " ".join(DOUBLE_ORDER[i:])
    assert first_lead({}, ["0-1 2-3", later]) == f"1:{DOUBLE_ORDER[i]}"


NO_DOUBLE_ORDER = ["5-6", "4-6", "3-6", "4-5", "2-6", "3-5", "1-6", "2-5", "3-4"]


@pytest.mark.parametrize("i", range(len(NO_DOUBLE_ORDER) - 1))
def test_K2_1_D1_without_doubles_the_highest_tile_leads(i: int) -> None:
    """6-5, 6-4, 6-3, 5-4, 6-2, 5-3 …: pip total first, then the higher half."""
    rest = NO_DOUBLE_ORDER[i:]
    hands = [" ".join(rest[0::2]) + " 0-1", " ".join(rest[1::2]) + " 0-2"]
    assert first_lead({}, hands) == f"0:{rest[0]}"


def test_K2_1_a_match_without_doubles_in_hands_leads_the_highest_tile() -> None:
    m = scripted_match(
        make_rules({"players": 2}),
        deal_of(
            ["0-1 0-2 0-3 4-5 1-3 1-4 2-3", "3-6 0-4 0-5 0-6 1-2 2-4 2-5"],
            "0-0 1-1 2-2 3-3 4-4 5-5 6-6",
        ),
    )
    assert leads(m) == (1, lead_codes("3-6"))


@pytest.mark.parametrize(
    ("hands", "lead"),
    [
        (["0-0 5-6", "6-6 1-2"], "0:0-0"),
        (["1-2 5-6", "1-3 4-4 6-6"], "1:4-4"),
        (["0-1 2-3", "1-3 4-5"], "0:0-1"),
        (["0-3 2-3", "1-2 4-5"], "1:1-2"),
        (["0-3 2-4", "1-4 4-5"], "0:0-3"),
    ],
)
def test_K2_3_F2_lowest_double_rule(hands: list[str], lead: str) -> None:
    """0-0 first, then up; no doubles: 0-1, 0-2, 1-2, 0-3 … (lower total, then lower half)."""
    assert first_lead({"lead_rule": "lowest_double"}, hands) == lead


@pytest.mark.parametrize(
    ("hands", "lead"),
    [
        (["0-0 5-6", "6-6 1-2"], "1:6-6"),
        (["0-0 1-1", "1-3 2-2"], "1:2-2"),
        (["0-0 1-2", "1-3 2-4"], "0:0-0"),
        (["4-5 1-2", "3-6 2-4"], "1:3-6"),
    ],
)
def test_K2_3_F2_highest_double_rule(hands: list[str], lead: str) -> None:
    """6-6, 5-5 … 0-0, then the highest tile."""
    assert first_lead({"lead_rule": "highest_double"}, hands) == lead


def test_F2_the_first_lead_tile_is_forced_not_only_the_leader() -> None:
    m = scripted_match(
        make_rules({"players": 2}),
        deal_of(["0-1 0-2 0-3 1-1 4-5 4-6 5-6", "2-2 0-4 0-5 0-6 1-2 1-3 1-4"]),
    )
    assert leads(m) == (0, lead_codes("1-1"))
    for other in ("0-1", "5-6", "4-6"):
        with pytest.raises(ValueError, match="must be 1-1"):
            m.apply(parse_action(other))


# --- later rounds ----------------------------------------------------------------------------
# Two players, two tiles each: seat 0 leads 1-1, seat 1 answers 1-2, seat 0 draws 2-4 and
# plays it, seat 1 goes out with 1-3. Seat 0 is left with 5-6.
SHORT = {"players": 2, "hand_size": 2}
OUT_BY_1 = deal_of(["1-1 5-6", "1-2 1-3"], "2-4")
OUT_BY_1_MOVES = "1-1 1-2R draw 2-4R 1-3L"
ROUND2 = deal_of(["1-1 0-2", "3-4 5-5"])


def test_K2_2_the_player_who_went_out_leads_any_tile() -> None:
    m = scripted_match(make_rules(SHORT), OUT_BY_1, ROUND2)
    (result,) = act(m, OUT_BY_1_MOVES)
    assert result.went_out == 1
    assert leads(m) == (1, lead_codes("3-4 5-5"))


def test_K2_2_after_a_fish_the_fisher_leads_any_tile() -> None:
    """Nothing can be drawn (the whole boneyard is reserved), so two knocks make a fish."""
    rules = make_rules({**SHORT, "boneyard_reserve": 24})
    m = scripted_match(rules, deal_of(["1-1 2-3", "1-4 5-6"]), ROUND2)
    (result,) = act(m, "1-1 1-4R knock knock")
    assert result.fish and result.fisher == 1
    assert leads(m) == (1, lead_codes("3-4 5-5"))


def test_K2_3_same_as_first_applies_the_first_round_rule_every_round() -> None:
    m = scripted_match(make_rules({**SHORT, "later_leads": "same_as_first"}), OUT_BY_1, ROUND2)
    act(m, OUT_BY_1_MOVES)
    assert leads(m) == (0, lead_codes("1-1"))


def test_K2_3_F3_rotate_the_seat_after_the_last_leader_leads_any_tile() -> None:
    rules = make_rules({"players": 3, "hand_size": 2, "later_leads": "rotate"})
    first = deal_of(["1-1 1-2", "1-3 0-4", "2-3 5-6"])
    second = deal_of(["3-5 1-1", "0-3 3-3", "0-5 4-4"])
    third = deal_of(["0-0 0-1", "1-1 0-2", "0-4 2-3"])
    m = scripted_match(rules, first, second, third)
    (r1,) = act(m, "1-1 1-3L 2-3L 1-2L")
    assert r1.leader == 0 and r1.went_out == 0
    assert leads(m) == (1, lead_codes("0-3 3-3"))
    (r2,) = act(m, "0-3 0-5L 3-5L 3-3L")
    assert r2.leader == 1 and r2.went_out == 1
    assert leads(m) == (2, lead_codes("0-4 2-3"))


def test_K2_3_later_leads_winner_is_the_default() -> None:
    assert make_rules().later_leads == "winner"
    assert make_rules().lead_rule == "kozel"


# --- pairs -----------------------------------------------------------------------------------
PAIRS_SHORT = {"players": 4, "pairs": True, "hand_size": 2}
# Seat 0 goes out; pair 1 keeps 0-1 and 0-2: 3 points, remembered, nothing written.
PAIR_ROUND_SMALL = deal_of(["1-1 1-2", "1-3 0-1", "2-3 6-6", "1-4 0-2"])
PAIR_ROUND_SMALL_MOVES = "1-1 1-3L 2-3L 1-4R 1-2L"
# The same line, but pair 1 keeps 5-6 and 4-6: 21 points, which opens its score.
PAIR_ROUND_BIG = deal_of(["1-1 1-2", "1-3 5-6", "2-3 0-0", "1-4 4-6"])


def test_K2_4_P5_pairs_lead_1_1_until_a_pair_has_written() -> None:
    again = deal_of(["0-0 0-3", "0-4 0-5", "0-6 2-2", "1-1 3-3"])
    m = scripted_match(make_rules(PAIRS_SHORT), PAIR_ROUND_SMALL, again)
    (r1,) = act(m, PAIR_ROUND_SMALL_MOVES)
    assert r1.went_out == 0
    assert m.standings[1].remembered == 3 and m.standings[1].written == 0
    assert leads(m) == (3, lead_codes("1-1"))  # K2.1, not the winner's free lead


def test_P5_once_a_pair_has_written_the_winner_leads_any_tile() -> None:
    after = deal_of(["0-0 0-3", "0-4 0-5", "0-6 2-2", "1-1 3-3"])
    m = scripted_match(make_rules(PAIRS_SHORT), PAIR_ROUND_BIG, after)
    act(m, PAIR_ROUND_SMALL_MOVES)
    assert m.standings[1].written == 21
    assert leads(m) == (0, lead_codes("0-0 0-3"))


def test_P6_partner_leads_with_a_double_if_they_hold_one() -> None:
    rules = make_rules({**PAIRS_SHORT, "partner_leads": True})
    with_double = deal_of(["0-1 0-3", "0-4 0-5", "0-6 2-2", "1-1 3-4"])
    m = scripted_match(rules, PAIR_ROUND_BIG, with_double)
    act(m, PAIR_ROUND_SMALL_MOVES)
    assert leads(m) == (2, lead_codes("2-2"))


def test_P6_partner_leads_any_tile_without_a_double() -> None:
    rules = make_rules({**PAIRS_SHORT, "partner_leads": True})
    no_double = deal_of(["0-0 0-3", "0-4 0-5", "0-6 2-5", "1-1 3-4"])
    m = scripted_match(rules, PAIR_ROUND_BIG, no_double)
    act(m, PAIR_ROUND_SMALL_MOVES)
    assert leads(m) == (2, lead_codes("0-6 2-5"))


# --- classic ---------------------------------------------------------------------------------
def test_C2_classic_6_6_leads_then_the_highest_double() -> None:
    classic = {"players": 2}
    assert first_lead(classic, ["1-1 6-6", "5-5 0-1"], "classic") == "0:6-6"
    assert first_lead(classic, ["1-1 4-4", "5-5 0-1"], "classic") == "1:5-5"
    assert first_lead(classic, ["1-2 4-5", "3-6 0-1"], "classic") == "1:3-6"


def test_C2_classic_later_rounds_use_the_same_rule_unless_winner_leads() -> None:
    rules = make_rules({"players": 2, "hand_size": 2}, preset="classic")
    first = deal_of(["6-6 5-6", "6-1 6-2"], "2-4")
    second = deal_of(["3-4 5-5", "6-6 0-2"])
    m = scripted_match(rules, first, second)
    assert leads(m) == (0, lead_codes("6-6"))
    (r1,) = act(m, "6-6 1-6R 5-6L")
    assert r1.went_out == 0
    assert leads(m) == (1, lead_codes("6-6"))
    m2 = scripted_match(with_options(rules, later_leads="winner"), first, second)
    act(m2, "6-6 1-6R 5-6L")
    assert leads(m2) == (0, lead_codes("3-4 5-5"))
