"""The line of play (RULES §2): lead, attaching, choosing an end, doubles, and sum6 matching."""

from __future__ import annotations

import pytest

from domino_tui.engine.actions import LEFT, RIGHT, parse_action
from domino_tui.engine.round import IllegalActionError
from domino_tui.engine.rules import make_rules

from .scripted import TS, act, start

KOZEL = make_rules({"players": 2})
SUM6 = make_rules({"players": 2, "match": "sum6"})


def codes(text: str) -> set[int]:
    return {parse_action(w) for w in text.split()}


def test_L1_the_lead_is_placed_alone_with_two_open_ends() -> None:
    s = start(KOZEL, ["3-5 0-1", "2-2 6-6"])
    assert set(s.legal_actions()) == codes("3-5 0-1")  # a lead has no end letter (side L)
    act(s, "3-5")
    assert (s.left, s.right) == (3, 5)
    assert s.chain() == [(3, 5)]
    assert s.placed[0] == (TS.tile(3, 5), -1, 0)


def test_L1_a_double_lead_shows_the_same_number_on_both_ends() -> None:
    s = start(KOZEL, ["4-4 0-1", "2-2 6-6"])
    act(s, "4-4")
    assert (s.left, s.right) == (4, 4)


def test_L2_the_other_half_becomes_the_open_end() -> None:
    s = start(KOZEL, ["3-5 0-1 4-6", "5-6 1-3 2-2"])
    act(s, "3-5")
    assert set(s.legal_actions()) == codes("5-6R 1-3L")
    act(s, "5-6R")
    assert (s.left, s.right) == (3, 6)
    act(s, "4-6R")
    assert (s.left, s.right) == (3, 4)
    act(s, "1-3L")
    assert (s.left, s.right) == (1, 4)
    assert s.chain() == [(1, 3), (3, 5), (5, 6), (6, 4)]


def test_L2_a_tile_without_the_end_number_does_not_fit() -> None:
    s = start(KOZEL, ["3-5 0-1", "2-4 1-3 2-2"])
    act(s, "3-5")
    with pytest.raises(IllegalActionError, match=r"2-4 fits neither end \(3 · 5\)"):
        s.apply(parse_action("2-4L"))
    with pytest.raises(IllegalActionError, match="1-3 does not fit the right end"):
        s.apply(parse_action("1-3R"))


def test_L3_a_tile_that_fits_both_ends_may_go_either_way() -> None:
    s = start(KOZEL, ["3-5 0-0", "5-3 2-2"])
    act(s, "3-5")
    assert set(s.legal_actions()) == codes("3-5L 3-5R")
    left = s.copy()
    act(left, "3-5L")
    assert (left.left, left.right) == (5, 5)
    act(s, "3-5R")
    assert (s.left, s.right) == (3, 3)


def test_L3_equal_ends_still_record_which_end() -> None:
    s = start(KOZEL, ["4-4 0-0", "4-2 1-1"])
    act(s, "4-4")
    assert set(s.legal_actions()) == codes("2-4L 2-4R")
    other = s.copy()
    act(s, "2-4L")
    act(other, "2-4R")
    assert (s.left, s.right) == (2, 4)
    assert (other.left, other.right) == (4, 2)
    assert s.chain() != other.chain()
    assert s.placed[-1][1] == LEFT and other.placed[-1][1] == RIGHT


def test_L4_a_double_is_not_a_spinner() -> None:
    """A double laid on an end keeps exactly two open ends: nothing attaches to its sides."""
    s = start(KOZEL, ["3-5 1-3 0-0", "5-5 5-6 1-2"])
    act(s, "3-5 5-5R")
    assert (s.left, s.right) == (3, 5)
    act(s, "1-3L")
    assert s.chain() == [(1, 3), (3, 5), (5, 5)]
    assert set(s.legal_actions()) == codes("5-6R 1-2L")


def test_L5_sum6_joins_halves_that_add_up_to_six() -> None:
    s = start(SUM6, ["3-5 1-4 0-2", "3-3 6-0 2-5"])
    act(s, "3-5")
    # left end 3 takes a 3; right end 5 takes a 1
    assert set(s.legal_actions()) == codes("3-3L")
    act(s, "3-3L")
    assert (s.left, s.right) == (3, 5)
    assert set(s.legal_actions()) == codes("1-4R")
    act(s, "1-4R")
    assert (s.left, s.right) == (3, 4)
    # right end 4 takes a 2 (2-5 leaves 5), left end 3 takes nothing seat 1 holds but 3s
    assert set(s.legal_actions()) == codes("2-5R")
    act(s, "2-5R")
    assert (s.left, s.right) == (3, 5)
    assert s.chain() == [(3, 3), (3, 5), (1, 4), (2, 5)]
    for (_, b), (a, _) in zip(s.chain(), s.chain()[1:], strict=False):
        assert a + b == 6


def test_L5_sum6_six_takes_blank_and_equal_halves_do_not_join() -> None:
    s = start(SUM6, ["6-6 2-2", "0-4 6-1 6-5"])
    act(s, "6-6")
    assert set(s.legal_actions()) == codes("0-4L 0-4R")
    with pytest.raises(IllegalActionError):
        s.apply(parse_action("6-1L"))
    act(s, "0-4R")
    assert (s.left, s.right) == (6, 4)
