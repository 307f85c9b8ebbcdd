"""The tile set (S1, S2) and the text notation of tiles and actions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domino_tui.engine.actions import (
    DRAW,
    KNOCK,
    LEFT,
    RIGHT,
    NotationError,
    format_action,
    is_pair,
    is_play,
    pair_play,
    pair_tiles,
    parse_action,
    play,
    side_of,
    tile_of,
)
from domino_tui.engine.rules import make_rules
from domino_tui.engine.tiles import DOUBLE_SIX, bits, tile_set

from .scripted import TS, mask, names, start

PLAY_CODES = st.builds(play, st.integers(0, TS.count - 1), st.sampled_from([LEFT, RIGHT]))


def test_S1_double_six_set_has_28_tiles_7_doubles_and_7_tiles_per_suit() -> None:
    assert TS.count == 28
    assert TS.double_mask.bit_count() == 7
    assert {TS.name(t) for t in bits(TS.double_mask)} == {f"{n}-{n}" for n in range(7)}
    for suit in range(7):
        assert TS.suit_mask[suit].bit_count() == 7
        non_doubles = TS.suit_mask[suit] & ~TS.double_mask
        assert non_doubles.bit_count() == 6
    assert len({(TS.lo[t], TS.hi[t]) for t in range(TS.count)}) == 28


def test_S1_four_seats_deal_the_whole_set() -> None:
    """S1/K1.3: four hands of seven are the 28 distinct tiles and leave no boneyard."""
    s = start(
        make_rules(),
        [
            "0-0 0-1 0-2 0-3 0-4 0-5 0-6",
            "1-1 1-2 1-3 1-4 1-5 1-6 2-2",
            "2-3 2-4 2-5 2-6 3-3 3-4 3-5",
            "3-6 4-4 4-5 4-6 5-5 5-6 6-6",
        ],
    )
    assert s.boneyard == []
    union = 0
    for h in s.hands:
        assert union & h == 0
        union |= h
    assert union == TS.all_mask


def test_S2_pips_are_the_sum_of_the_halves() -> None:
    assert TS.pips[TS.tile(3, 5)] == 8
    assert TS.pips[TS.tile(0, 0)] == 0
    assert TS.pips[TS.tile(6, 6)] == 12
    assert sum(TS.pips) == 168  # each number 0..6 appears 8 times: 8 * 21


def test_S3_larger_sets_follow_the_formula() -> None:
    for top in (6, 9, 12):
        ts = tile_set(top)
        assert ts.count == (top + 1) * (top + 2) // 2
        assert ts.double_mask.bit_count() == top + 1


@pytest.mark.parametrize("text", ["3-5", "5-3", "3:5", "35", " 3-5 "])
def test_tile_spellings_parse_to_one_tile(text: str) -> None:
    assert TS.parse(text) == TS.tile(3, 5)
    assert TS.name(TS.parse(text)) == "3-5"


@given(st.integers(0, 27))
def test_tile_name_round_trip(t: int) -> None:
    assert TS.parse(TS.name(t)) == t


def test_mask_helper_reads_hands() -> None:
    assert names(mask("1-1 2-3 4-5")) == "1-1 2-3 4-5"
    assert mask("3-2") == mask("2-3") == 1 << DOUBLE_SIX.tile(2, 3)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("3-5", play(TS.tile(3, 5), LEFT)),
        ("3-5L", play(TS.tile(3, 5), LEFT)),
        ("3-5R", play(TS.tile(3, 5), RIGHT)),
        ("5-3r", play(TS.tile(3, 5), RIGHT)),
        ("draw", DRAW),
        ("draw:2-4", DRAW),
        ("knock", KNOCK),
        ("3-3L+5-5R", pair_play(TS.tile(3, 3), TS.tile(5, 5))),
    ],
)
def test_parse_action(text: str, code: int) -> None:
    assert parse_action(text) == code


@pytest.mark.parametrize("text", ["3-5L", "3-5R", "draw", "knock", "3-3L+5-5R", "0-0L", "6-6R"])
def test_format_parse_round_trip_of_written_actions(text: str) -> None:
    assert format_action(parse_action(text)) == text


def test_a_lead_is_written_without_an_end() -> None:
    assert format_action(parse_action("3-5"), lead=True) == "3-5"
    assert parse_action(format_action(play(TS.tile(3, 5)), lead=True)) == play(TS.tile(3, 5))


@given(PLAY_CODES)
def test_every_play_code_round_trips(code: int) -> None:
    assert parse_action(format_action(code)) == code
    assert is_play(code) and not is_pair(code)
    assert play(tile_of(code), side_of(code)) == code


@given(st.integers(0, 6), st.integers(0, 6))
def test_every_double_pair_code_round_trips(a: int, b: int) -> None:
    code = pair_play(TS.double_of[a], TS.double_of[b])
    assert is_pair(code) and not is_play(code)
    assert pair_tiles(code) == (TS.double_of[a], TS.double_of[b])
    assert parse_action(format_action(code)) == code


@pytest.mark.parametrize(
    "text", ["", "x", "3-7", "7-7", "3-5X", "3", "1-2-3", "draw 3", "3-3R+5-5L", "3-3L+", "+"]
)
def test_bad_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_action(text)
    assert str(err.value)  # a message a player can read, never empty


def test_notation_error_is_a_value_error_with_a_hint() -> None:
    with pytest.raises(ValueError, match="3-5"):
        parse_action("banana")
    with pytest.raises(NotationError, match="3-3L\\+5-5R"):
        parse_action("3-3R+5-5L")
