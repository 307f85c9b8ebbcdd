"""End of a round: going out and the fish (K4.1-K4.5, F4-F6, F16)."""

from __future__ import annotations

import pytest

from domino_tui.engine.actions import KNOCK, parse_action
from domino_tui.engine.round import IllegalActionError
from domino_tui.engine.rules import make_rules

from .scripted import TS, act, deal_of, mask, names, pips, scripted_match, start

# Ten plays that put all six non-doubles of the blank suit on the table with both ends blank.
BLANK_FISH = "1-1 0-1L 1-2R 0-2R 0-3L 3-4L 0-4L 0-5R 5-6R 0-6R"

FOUR_FISH = [  # seat 1 lays 0-6, the tenth tile; seat 3 still holds 0-0
    "1-1 0-3 5-6 1-3 1-4 2-2 4-4",
    "0-1 3-4 0-6 1-5 1-6 2-3 2-4",
    "1-2 0-4 2-5 2-6 3-3 3-5 3-6",
    "0-2 0-5 0-0 4-5 4-6 5-5 6-6",
]
THREE_FISH = [  # seat 0 lays 0-6; 0-0 is in the boneyard with six more
    "1-1 0-2 0-4 0-6 2-2 3-3 4-4",
    "0-1 0-3 0-5 1-3 1-4 1-5 1-6",
    "1-2 3-4 5-6 2-3 2-4 2-5 2-6",
]
THREE_FISH_BONEYARD = "0-0 3-5 3-6 4-5 4-6 5-5 6-6"


def test_K4_1_the_round_ends_when_a_player_plays_the_last_tile() -> None:
    s = start(make_rules({"players": 2}), ["1-1 1-2", "1-3 5-6"])
    act(s, "1-1 1-3L")
    assert not s.over
    act(s, "1-2R")
    assert s.over and not s.fish and s.went_out == 0
    assert s.legal_actions() == []
    with pytest.raises(IllegalActionError, match="round is over"):
        s.apply(KNOCK)


def test_K4_2_both_ends_blank_with_all_six_blanks_down_is_a_fish() -> None:
    s = start(make_rules(), FOUR_FISH)
    act(s, BLANK_FISH.rsplit(" ", 1)[0])
    assert not s.over
    act(s, "0-6R")
    assert (s.left, s.right) == (0, 0)
    assert s.over and s.fish and s.went_out == -1
    assert s.fisher == 1
    assert s.hands[3] & mask("0-0")  # laying 0-0 would change nothing, so it does not count
    assert s.legal_actions() == []


def test_K4_2_a_fish_with_the_double_in_the_boneyard() -> None:
    rules = make_rules({"players": 3, "fish_takes_boneyard": False})
    s = start(rules, THREE_FISH, THREE_FISH_BONEYARD)
    act(s, BLANK_FISH)
    assert s.fish and s.fisher == 0
    assert TS.tile(0, 0) in s.boneyard


def test_K4_2_equal_ends_with_a_blank_still_out_is_not_a_fish() -> None:
    """Ends 0 and 0 but 0-5 not yet laid: play goes on."""
    s = start(make_rules(), FOUR_FISH)
    act(s, "1-1 0-1L 1-2R 0-2R")
    assert (s.left, s.right) == (0, 0)
    assert not s.over


def test_K4_3_every_player_knocks_in_succession_and_a_double_does_not_make_the_fisher() -> None:
    """Nothing can be drawn (all of the boneyard is reserved). Seat 0 lays 5-5 last, but the
    fisher is seat 1, who laid the last non-double (K4.3, D5)."""
    rules = make_rules({"players": 2, "hand_size": 3, "boneyard_reserve": 22})
    s = start(rules, ["1-1 5-5 0-0", "1-5 2-3 4-6"])
    act(s, "1-1 1-5R 5-5R")
    assert s.legal_actions() == [KNOCK]
    act(s, "knock")
    assert not s.over
    act(s, "knock")
    assert s.over and s.fish and s.fisher == 1
    assert s.placed[-1][2] == 0


def test_F4_a_play_breaks_the_run_of_knocks() -> None:
    rules = make_rules({"players": 3, "hand_size": 3, "boneyard_reserve": 19})
    s = start(rules, ["1-1 6-6 5-5", "1-2 2-3 4-4", "0-0 0-5 5-6"])
    act(s, "1-1 1-2R knock knock")
    assert s.knocks == 2 and not s.over
    act(s, "2-3R")
    assert s.knocks == 0
    act(s, "knock knock")
    assert not s.over  # four knocks so far, but not three in a row
    act(s, "knock")
    assert s.fish and s.fisher == 1


def test_F4_draws_do_not_break_the_run_of_knocks() -> None:
    rules = make_rules({"players": 2, "hand_size": 3, "boneyard_reserve": 21})
    s = start(rules, ["1-1 5-5 0-0", "1-5 2-3 4-6"], draws="6-6")
    act(s, "1-1 1-5R 5-5R")
    act(s, "draw")  # seat 1 draws 6-6, which does not fit
    assert s.legal_actions() == [KNOCK]
    act(s, "knock")
    assert s.knocks == 1
    act(s, "knock")
    assert s.fish and s.fisher == 1
    assert s.hands[1] & mask("6-6")


def test_F5_going_out_with_the_tile_that_closes_the_line_is_not_a_fish() -> None:
    rules = make_rules({"players": 3, "hand_size": 4})
    s = start(rules, ["1-1 0-2 0-4 0-6", "0-1 0-3 0-5 2-2", "1-2 3-4 5-6 6-6"])
    act(s, BLANK_FISH)
    assert (s.left, s.right) == (0, 0)
    assert s.over and not s.fish
    assert s.went_out == 0 and s.fisher == -1 and s.taker == -1
    assert len(s.boneyard) == 16


def test_K4_4_F6_the_next_player_takes_the_boneyard_before_the_count() -> None:
    rules = make_rules({"players": 3})
    s = start(rules, THREE_FISH, THREE_FISH_BONEYARD)
    act(s, BLANK_FISH)
    assert s.fish and s.fisher == 0
    assert s.taker == 1  # the seat after the one who laid the fish-making tile
    assert s.boneyard == []
    assert s.taken == mask(THREE_FISH_BONEYARD)
    assert s.hands[1] == mask("1-3 1-4 1-5 1-6 " + THREE_FISH_BONEYARD)


def test_K4_4_the_taken_boneyard_is_counted() -> None:
    m = scripted_match(
        make_rules({"players": 3}),
        deal_of(THREE_FISH, THREE_FISH_BONEYARD),
        deal_of(["0-0 0-1", "0-2 0-3", "0-4 0-5"]),
    )
    (result,) = act(m, BLANK_FISH)
    assert result.taker == 1 and result.taken == 7
    assert result.score.seat_points == (
        pips("2-2 3-3 4-4"),
        pips("1-3 1-4 1-5 1-6 " + THREE_FISH_BONEYARD),
        pips("2-3 2-4 2-5 2-6"),
    )
    assert sum(result.score.seat_points) == 124  # every tile not on the line


def test_K4_4_off_scores_the_fish_at_once_without_the_boneyard() -> None:
    rules = make_rules({"players": 3, "fish_takes_boneyard": False})
    m = scripted_match(
        rules,
        deal_of(THREE_FISH, THREE_FISH_BONEYARD),
        deal_of(["0-0 0-1", "0-2 0-3", "0-4 0-5"]),
    )
    (result,) = act(m, BLANK_FISH)
    assert result.taker == -1 and result.taken == 0
    assert result.score.seat_points == (18, 22, 26)
    assert [line.round_points for line in result.score.lines] == [0, 0, 66]  # K8.2: most takes all


def test_F6_reserved_tiles_are_never_taken_and_never_counted() -> None:
    """The reserve is the bottom of the boneyard: the tiles that would be drawn last (6-6)."""
    rules = make_rules({"players": 3, "boneyard_reserve": 1})
    m = scripted_match(
        rules,
        deal_of(THREE_FISH, THREE_FISH_BONEYARD),
        deal_of(["0-0 0-1", "0-2 0-3", "0-4 0-5"]),
    )
    assert m.round.boneyard[0] == TS.tile(6, 6)
    (result,) = act(m, BLANK_FISH)
    assert result.taken == 6
    taken_hand = result.hands[1]
    assert names(taken_hand) == names(mask("1-3 1-4 1-5 1-6 0-0 3-5 3-6 4-5 4-6 5-5"))
    assert sum(result.score.seat_points) == 124 - 12


def test_K4_5_all_hands_are_revealed_after_the_round() -> None:
    m = scripted_match(make_rules(), deal_of(FOUR_FISH), deal_of(FOUR_FISH))
    (result,) = act(m, BLANK_FISH)
    assert [names(h) for h in result.hands] == [
        names(mask("1-3 1-4 2-2 4-4")),
        names(mask("1-5 1-6 2-3 2-4")),
        names(mask("2-5 2-6 3-3 3-5 3-6")),
        names(mask("0-0 4-5 4-6 5-5 6-6")),
    ]
    assert result.score.seat_points == (21, 24, 38, 41)


# --- sum6 (F16) ------------------------------------------------------------------------------
SUM6 = make_rules({"match": "sum6"})


def test_F16_sum6_fish_when_the_only_fitting_tile_leaves_the_end_unchanged() -> None:
    """Ends 3 and 3: under sum6 a 3 takes a 3, and the only 3 left is 3-3, which would show 3
    again. Seat 1 could still lay it, but the round is a fish."""
    s = start(
        SUM6,
        [
            "0-1 0-5 1-3 1-6 3-6 4-4 5-6",
            "0-3 1-1 1-5 2-3 3-3 4-6 6-6",
            "0-4 1-2 1-4 2-2 2-4 2-6 3-5",
            "0-0 0-2 0-6 2-5 3-4 4-5 5-5",
        ],
        leader=1,
        lead="1-1",
    )
    act(s, "1-1 3-5L 3-4L 0-5R 2-3L 2-6R 4-5R 1-3R 0-3R knock 0-6R")
    assert not s.over
    act(s, "3-6R")
    assert (s.left, s.right) == (3, 3)
    assert s.fish and s.fisher == 0
    assert s.hands[1] & mask("3-3")


def test_F16_sum6_a_double_can_complete_the_fish_but_never_makes_the_fisher() -> None:
    """Seat 1 lays 0-0 on the 6 end (a 6 takes a 0), which changes that end to 0; no tile off
    the line fits a 0 or a 6 any more. The fisher is seat 0, the last non-double layer (F6)."""
    s = start(
        SUM6,
        [
            "0-2 0-5 0-6 1-3 1-6 3-3 3-5",
            "0-0 0-1 0-4 1-1 1-4 5-5 5-6",
            "0-3 2-2 2-3 2-5 2-6 3-4 4-5",
            "1-2 1-5 2-4 3-6 4-4 4-6 6-6",
        ],
        leader=1,
        lead="1-1",
    )
    act(s, "1-1 2-5R 4-6R 0-5R 0-1R 4-5L 3-6R 0-2L 5-6L 0-3R 6-6R 1-6L 0-4L 2-6L knock 0-6R")
    assert not s.over and s.left == 6
    act(s, "0-0L")
    assert s.placed[-1] == (TS.tile(0, 0), 0, 1)
    assert s.fish and s.fisher == 0
    off_line = TS.all_mask & ~s.table
    assert not off_line & (TS.suit_mask[0] | TS.suit_mask[6])


def test_C3_K8_6_classic_fish_follows_K4_and_the_lowest_hand_wins() -> None:
    """Classic plays and fishes as Козёл (here with the Козёл lead, to reuse the blank line):
    the next player takes the boneyard, then the lowest hand scores the difference."""
    rules = make_rules({"players": 3, "hand_size": 7, "lead_rule": "kozel"}, preset="classic")
    m = scripted_match(rules, deal_of(THREE_FISH, THREE_FISH_BONEYARD), deal_of(THREE_FISH))
    (result,) = act(m, BLANK_FISH)
    assert result.fish and result.fisher == 0 and result.taker == 1
    assert result.score.seat_points == (18, 80, 26)
    assert [line.round_points for line in result.score.lines] == [80 + 26 - 18, 0, 0]
    assert [st.written for st in m.standings] == [88, 0, 0]


def test_C3_classic_draws_one_at_a_time_and_knocks() -> None:
    rules = make_rules({"players": 2}, preset="classic")
    s = start(
        rules,
        ["6-6 0-0 0-1 0-2 0-3 0-4 0-5", "1-1 1-2 1-3 2-2 2-3 3-3 4-4"],
        draws="5-5 6-1",
        lead="6-6",
    )
    act(s, "6-6")
    act(s, "draw")
    assert s.turn == 1 and s.legal_actions() == [parse_action("draw")]
    act(s, "draw")
    assert set(s.legal_actions()) == {parse_action("1-6L"), parse_action("1-6R")}
