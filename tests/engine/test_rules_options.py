"""The rules object: presets, option values from text, and refused setups (F15)."""

from __future__ import annotations

from typing import Any

import pytest

from domino_tui.engine.rules import (
    OPTION_NAMES,
    PRESETS,
    Rules,
    RulesError,
    make_rules,
    parse_settings,
    with_options,
)


def test_presets_and_their_defaults() -> None:
    assert set(PRESETS) == {
        "kozel",
        "kozel-pairs",
        "classic",
        "morskoy",
        "osel",
        "telefon",
        "muggins",
        "all-threes",
        "general",
        "chechevo",
        "sport",
    }
    kozel = make_rules()
    assert (kozel.players, kozel.pairs, kozel.dealt, kozel.fish, kozel.target) == (
        4,
        False,
        7,
        "one",
        101,
    )
    assert (kozel.open_threshold, kozel.blank_alone, kozel.redeal) == (13, 10, "kozel")
    assert kozel.fish_takes_boneyard and not kozel.double_pair and kozel.boneyard_reserve == 0
    pairs = make_rules(preset="kozel-pairs")
    assert pairs.pairs and pairs.players == 4 and pairs.sides == 2 and pairs.pair_fish == "own"
    classic = make_rules(preset="classic")
    assert classic.classic_count and classic.fish == "lowest_wins" and classic.target == 100
    assert classic.blank_alone == 25 and classic.lead_rule == "highest_double"


def test_every_option_is_a_field_that_a_record_can_carry() -> None:
    rules = make_rules({"players": 3, "fish": "fisher", "target": 125})
    assert set(rules.to_dict()) == set(OPTION_NAMES)
    assert make_rules(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("options", "field", "value"),
    [
        ({"double_pair": "on"}, "double_pair", True),
        ({"double_pair": "off"}, "double_pair", False),
        ({"fish_takes_boneyard": "no"}, "fish_takes_boneyard", False),
        ({"big_alone": "yes"}, "big_alone", True),
        ({"target": "150"}, "target", 150),
        ({"hand-size": "5"}, "hand_size", 5),
        ({"match_end": "rounds:5"}, "match_end", "rounds:5"),
        ({"match": "sum6"}, "match", "sum6"),
    ],
)
def test_option_values_from_text(options: dict[str, Any], field: str, value: Any) -> None:
    assert getattr(make_rules(options), field) == value


def test_rounds_limit() -> None:
    assert make_rules({"match_end": "rounds:10"}).rounds_limit == 10
    assert make_rules().rounds_limit is None


def test_P2_partner_sits_across_and_only_in_pairs() -> None:
    pairs = make_rules({}, "kozel-pairs")
    assert [pairs.partner_of(s) for s in range(4)] == [2, 3, 0, 1]
    assert all(pairs.side_of(s) == pairs.side_of(pairs.partner_of(s)) for s in range(4))
    for players in (2, 3, 4):
        alone = make_rules({"players": players})
        assert [alone.partner_of(s) for s in range(players)] == [-1] * players


def test_parse_settings() -> None:
    assert parse_settings(["fish=all", " target = 150 "]) == {"fish": "all", "target": "150"}
    with pytest.raises(RulesError, match="name=value"):
        parse_settings(["fish"])


def test_replace_validates_again() -> None:
    assert with_options(make_rules(), players=3).players == 3
    with pytest.raises(RulesError):
        with_options(make_rules(), players=5)


REFUSED: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("kozol", {}, ("kozel", "kozel-pairs", "classic")),
    ("kozel", {"colour": "red"}, ("colour", "players", "fish")),
    ("kozel", {"players": 5}, ("from 2 to 4",)),
    ("kozel", {"players": 1}, ("from 2 to 4",)),
    ("kozel", {"players": "four"}, ("whole number",)),
    ("kozel", {"target": 0}, ("from 1 to 1000",)),
    ("kozel", {"players": 3, "pairs": True}, ("exactly 4",)),
    ("kozel", {"partner_leads": True}, ("pairs",)),
    ("kozel", {"hand_size": 8}, ("28",)),
    ("kozel", {"players": 3, "hand_size": 10}, ("28",)),
    ("kozel", {"hand_size": -1}, ("from 0 to 91",)),
    ("kozel", {"boneyard_reserve": -1}, ("from 0 to 91",)),
    ("kozel", {"players": 2, "boneyard_reserve": 15}, ("14",)),
    ("kozel", {"match_end": "rounds:0"}, ("target", "rounds:N", "last_standing")),
    ("kozel", {"match_end": "rounds:x"}, ("target", "rounds:N", "last_standing")),
    ("kozel", {"match_end": "forever"}, ("target", "rounds:N", "last_standing")),
    ("classic", {"pairs": True}, ("each for themselves",)),
    ("kozel", {"variant": "classic", "pairs": True, "fish": "lowest_wins"}, ("classic",)),
    ("kozel", {"fish": "lowest_wins"}, ("all", "one", "fisher")),
    # the Козёл checks live in Козёл's variant; the variants built on it keep them
    ("osel", {"fish": "lowest_wins"}, ("all", "one", "fisher")),
    ("chechevo", {"fish": "lowest_wins"}, ("all", "one", "fisher")),
    ("classic", {"fish": "one"}, ("lowest_wins",)),
    ("classic", {"match_end": "last_standing"}, ("Козёл",)),
    ("kozel", {"fish": "everyone"}, ("all", "one", "fisher")),
    ("kozel", {"lead_rule": "random"}, ("kozel", "lowest_double", "highest_double")),
    ("kozel", {"later_leads": "loser"}, ("winner", "same_as_first", "rotate")),
    ("kozel", {"redeal": "often"}, ("kozel", "all_doubles", "none")),
    ("kozel", {"match": "sum7"}, ("equal", "sum6")),
    ("kozel", {"pair_fish": "half"}, ("own", "all")),
    ("kozel", {"double_pair": "maybe"}, ("on or off",)),
    ("kozel", {"open_threshold": 0}, ("from 1 to 40",)),
    ("kozel", {"blank_alone": -5}, ("from 0 to 1000",)),
    ("kozel", {"set_top": 7}, ("6", "9", "12")),
]


@pytest.mark.parametrize(("preset", "options", "allowed"), REFUSED)
def test_F15_refused_setups_say_what_is_allowed(
    preset: str, options: dict[str, Any], allowed: tuple[str, ...]
) -> None:
    with pytest.raises(RulesError) as err:
        make_rules(options, preset=preset)
    message = str(err.value)
    for word in allowed:
        assert word in message, message
    assert "\n" not in message  # one line for the player


def test_F15_accepted_edges() -> None:
    make_rules({"players": 2, "boneyard_reserve": 14})
    make_rules({"players": 4, "hand_size": 7})
    make_rules({"players": 3, "hand_size": 9})
    make_rules({"match_end": "rounds:1", "target": 1})
    make_rules({"pairs": True, "partner_leads": True})


def test_rules_are_frozen_values() -> None:
    rules = make_rules()
    with pytest.raises(AttributeError):
        rules.players = 3  # type: ignore[misc]
    assert rules == Rules()


# --- bounds on legal but absurd values (issue 8): no option makes a match practically endless


@pytest.mark.parametrize(
    ("options", "allowed"),
    [
        ({"target": 1001}, "target must be a whole number from 1 to 1000"),
        ({"target": 10**12}, "target must be a whole number from 1 to 1000"),
        ({"target": "9" * 5000}, "whole number"),  # longer than Python reads as a number
        ({"open_threshold": 41}, "open_threshold must be a whole number from 1 to 40"),
        ({"blank_alone": 1001}, "blank_alone must be a whole number from 0 to 1000"),
        ({"match_end": "rounds:1001"}, "rounds:N with N from 1 to 1000"),
        ({"match_end": "rounds:" + "9" * 5000}, "rounds:N with N from 1 to 1000"),
        ({"match_end": "rounds:\u0663"}, "rounds:N"),  # an Arabic-Indic three is no N
        ({"match_end": "rounds:\u00b2"}, "rounds:N"),  # nor a superscript two
    ],
)
def test_K9_K9_1_K7_5_absurd_values_are_refused_naming_the_range(
    options: dict[str, Any], allowed: str
) -> None:
    """K9 target, K9.1 rounds:N, K7.5 the opening threshold, K6.1 the blank's value."""
    with pytest.raises(RulesError) as err:
        make_rules(options)
    assert allowed in str(err.value)
    assert len(str(err.value)) < 300 and "\n" not in str(err.value)


def test_the_largest_allowed_values_still_end_a_match() -> None:
    """K9: target 1000 with the highest opening threshold (K7.5) ends; so do 1000 rounds."""
    from domino_tui.bots.simple import GreedyBot
    from domino_tui.engine.match import Match
    from domino_tui.engine.view import seat_view

    for preset in ("kozel", "kozel-pairs", "classic"):
        rules = make_rules({"target": 1000, "open_threshold": 40}, preset)
        match, bot = Match(rules, 3), GreedyBot()
        while not match.over and len(match.results) < 400:
            match.apply(bot.choose(seat_view(match, match.turn)))
        assert match.over
    rules = make_rules({"match_end": "rounds:1000", "target": 1000, "blank_alone": 1000})
    assert rules.rounds_limit == 1000
