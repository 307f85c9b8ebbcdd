"""A turn (RULES §5, K1.2, K1.5): must play, draw one at a time, knock, double pairs, reserve,
and what the others learn from it."""

from __future__ import annotations

import pytest

from domino_tui.engine.actions import DRAW, KNOCK, parse_action
from domino_tui.engine.round import Event, IllegalActionError
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view

from .scripted import TS, act, deal_of, mask, scripted_match, snapshot, start

TWO = make_rules({"players": 2})
FOUR = make_rules()


def codes(text: str) -> set[int]:
    return {parse_action(w) for w in text.split()}


def test_K1_2_play_passes_clockwise_with_four() -> None:
    s = start(
        FOUR,
        [
            "1-1 1-2 2-2 3-6 4-6 5-5 0-0",
            "1-3 0-3 0-4 0-5 0-6 2-3 2-6",
            "1-4 2-4 2-5 3-4 3-5 4-5 4-4",
            "1-5 1-6 0-1 0-2 3-3 5-6 6-6",
        ],
    )
    order = [s.turn]
    for word in ["1-1", "1-3L", "1-4R", "3-3L", "3-6L", "6-0L", "4-4R", "0-1L"]:
        act(s, word)
        order.append(s.turn)
    assert order == [0, 1, 2, 3, 0, 1, 2, 3, 0]


def test_K1_2_three_players_pass_zero_one_two() -> None:
    three = make_rules({"players": 3})
    s = start(three, ["1-1 5-5", "1-2 6-6", "2-3 4-4"])
    turns = [s.turn]
    for word in ["1-1", "1-2R", "2-3R"]:
        act(s, word)
        turns.append(s.turn)
    assert turns == [0, 1, 2, 0]


def test_K3_1_a_player_who_can_play_must_play() -> None:
    s = start(TWO, ["3-5 0-0", "5-6 1-3 2-2"])
    act(s, "3-5")
    assert DRAW not in s.legal_actions() and KNOCK not in s.legal_actions()
    before = snapshot(s)
    for word in ("draw", "knock"):
        with pytest.raises(IllegalActionError, match="tile that fits, so you must play it"):
            s.apply(parse_action(word))
    assert snapshot(s) == before


def test_K3_1_any_fitting_tile_and_end_may_be_chosen() -> None:
    s = start(TWO, ["3-5 0-0", "5-6 1-3 3-4 5-0 2-2"])
    act(s, "3-5")
    assert set(s.legal_actions()) == codes("5-6R 1-3L 3-4L 0-5R")


def test_K3_2_draw_one_tile_at_a_time_until_one_fits() -> None:
    s = start(TWO, ["1-1 0-0", "2-2 3-4"], draws="6-6 5-2 1-4 1-5")
    act(s, "1-1")
    assert s.legal_actions() == [DRAW]
    act(s, "draw")
    assert s.hands[1] & mask("6-6")  # the drawn tile stays in the hand
    assert s.turn == 1 and s.legal_actions() == [DRAW]
    act(s, "draw")
    assert s.legal_actions() == [DRAW]
    act(s, "draw")
    assert set(s.legal_actions()) == codes("1-4L 1-4R")
    assert s.hands[1] == mask("2-2 3-4 6-6 2-5 1-4")
    assert s.boneyard[-1] == TS.tile(1, 5)  # 1-5 is still to come
    act(s, "1-4R")
    assert s.hands[1] == mask("2-2 3-4 6-6 2-5")
    assert s.turn == 0


def test_K3_2_after_drawing_the_fitting_tile_may_go_on_any_end_it_fits() -> None:
    s = start(TWO, ["5-5 0-0", "1-1 3-3"], draws="6-6 5-4")
    act(s, "5-5 draw")
    assert s.legal_actions() == [DRAW]
    act(s, "draw")
    assert set(s.legal_actions()) == codes("4-5L 4-5R")


def test_K3_3_knock_when_the_boneyard_is_empty_and_nothing_fits() -> None:
    s = start(TWO, ["1-1 0-0", "2-2 3-4"], fill=False)
    act(s, "1-1")
    assert s.legal_actions() == [KNOCK]
    with pytest.raises(IllegalActionError, match="boneyard is empty: knock"):
        s.apply(DRAW)
    act(s, "knock")
    assert s.turn == 0
    assert s.history[-1] == Event(1, KNOCK, -1, 1, 1)


def test_K3_3_knock_is_refused_while_tiles_can_be_drawn() -> None:
    s = start(TWO, ["1-1 0-0", "2-2 3-4"], draws="5-6")
    act(s, "1-1")
    with pytest.raises(IllegalActionError, match="draw from the boneyard first"):
        s.apply(KNOCK)


def test_K3_4_one_tile_per_turn() -> None:
    s = start(TWO, ["3-5 3-3 5-5 0-0", "1-2 2-2 4-4"], fill=False)
    act(s, "3-5 knock")
    assert set(s.legal_actions()) == codes("3-3L 5-5R")  # no pair move without the option
    with pytest.raises(IllegalActionError):
        s.apply(parse_action("3-3L+5-5R"))
    act(s, "3-3L")
    assert s.turn == 1


def test_K3_4_double_pair_option_lays_a_double_on_each_end() -> None:
    rules = make_rules({"players": 2, "double_pair": True})
    s = start(rules, ["3-5 3-3 5-5 0-0", "1-2 2-2 4-4"], fill=False)
    act(s, "3-5 knock")
    assert set(s.legal_actions()) == codes("3-3L 5-5R 3-3L+5-5R")
    act(s, "3-3L+5-5R")
    assert s.hands[0] == mask("0-0")
    assert (s.left, s.right) == (3, 5)
    assert s.chain() == [(3, 3), (3, 5), (5, 5)]
    assert s.turn == 1


def test_K3_4_double_pair_needs_a_double_for_each_end() -> None:
    rules = make_rules({"players": 2, "double_pair": True})
    s = start(rules, ["3-5 3-3 5-6 0-0", "1-2 2-2 4-4"], fill=False)
    act(s, "3-5 knock")
    assert set(s.legal_actions()) == codes("3-3L 5-6R")
    with pytest.raises(IllegalActionError, match="double pair"):
        s.apply(parse_action("3-3L+5-6R"))


def test_K3_4_double_pair_on_equal_ends_needs_two_different_doubles() -> None:
    """Both ends 4: only 4-4 fits, and one double cannot be laid on both ends."""
    rules = make_rules({"players": 2, "double_pair": True})
    s = start(rules, ["1-4 2-4 4-4 0-0", "1-2 3-3 5-5"], fill=False)
    act(s, "1-4 1-2L 2-4L knock")
    assert (s.left, s.right) == (4, 4)
    assert set(s.legal_actions()) == codes("4-4L 4-4R")
    with pytest.raises(IllegalActionError):
        s.apply(parse_action("4-4L+4-4R"))


def test_K3_5_reserved_tiles_are_never_drawn() -> None:
    rules = make_rules({"players": 2, "boneyard_reserve": 2})
    s = start(rules, ["1-1 0-0", "2-2 3-4"], draws="5-6 1-6 1-5", fill=False)
    act(s, "1-1")
    assert s.drawable == 1
    act(s, "draw")
    assert s.hands[1] & mask("5-6")
    # 1-6 and 1-5 would fit but they are the reserve
    assert s.legal_actions() == [KNOCK]
    with pytest.raises(IllegalActionError):
        s.apply(DRAW)
    act(s, "knock")
    assert len(s.boneyard) == 2


def test_K3_6_draws_and_knocks_are_public_with_the_ends_they_answer() -> None:
    m = scripted_match(
        TWO,
        deal_of(["1-1 0-0 0-2 0-3 0-4 0-5 0-6", "2-2 2-3 2-4 3-3 3-4 4-4 5-5"], "6-6 1-6"),
    )
    act(m, "1-1 draw draw")
    events = m.round.history
    assert [e.code for e in events] == [parse_action("1-1"), DRAW, DRAW]
    assert events[1] == Event(1, DRAW, TS.tile(6, 6), 1, 1)
    mine, theirs = seat_view(m, 1), seat_view(m, 0)
    assert [e.tile for e in mine.events[1:]] == [TS.tile(6, 6), TS.tile(1, 6)]
    assert [e.tile for e in theirs.events[1:]] == [-1, -1]  # what was drawn stays hidden
    assert [(e.seat, e.code, e.left, e.right) for e in theirs.events[1:]] == [
        (1, DRAW, 1, 1),
        (1, DRAW, 1, 1),
    ]


def test_K1_5_boneyard_size_is_public_its_contents_are_not() -> None:
    m = scripted_match(
        TWO,
        deal_of(["1-1 0-0 0-2 0-3 0-4 0-5 0-6", "2-2 2-3 2-4 3-3 3-4 4-4 5-5"], "6-6 1-6"),
    )
    view = seat_view(m, 1)
    assert view.boneyard == 14 and view.drawable == 14
    assert view.counts == (7, 7)
    assert view.hand == m.round.hands[1]
    assert not hasattr(view, "hands")
    assert view.unseen == TS.all_mask & ~m.round.hands[1]


def test_P1_pairs_deal_seven_each_with_no_boneyard_and_a_blocked_player_knocks() -> None:
    rules = make_rules(preset="kozel-pairs")
    m = scripted_match(
        rules,
        deal_of(
            [
                "1-1 0-1 0-2 0-3 0-4 0-5 0-6",
                "2-2 2-3 2-4 2-5 2-6 3-3 3-4",
                "1-2 1-3 1-4 1-5 1-6 0-0 4-4",
                "3-5 3-6 4-5 4-6 5-5 5-6 6-6",
            ]
        ),
    )
    assert m.round.tile_counts() == (7, 7, 7, 7) and m.round.boneyard == []
    act(m, "1-1")
    assert m.turn == 1 and m.legal_actions() == [KNOCK]  # seat 1 holds no 1
    act(m, "knock")
    assert m.turn == 2
