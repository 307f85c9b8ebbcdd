"""The one option type (issue 24 part 4): rules, variants and bots read, judge and describe a
value through :class:`~domino_tui.option.Option`, and refuse it with one shaped line."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domino_tui.engine.options import OPTIONS
from domino_tui.engine.rules import RulesError, make_rules, rules_options
from domino_tui.engine.variants import get_variant, variant_names
from domino_tui.option import MAX_TEXT, Option, OptionError, named

TABLE = named(
    {
        "flag": Option(False),
        "count": Option(5, low=1, high=10),
        "ratio": Option(kind=float, low=0, high=1),
        "mode": Option("one", ("one", "two")),
        "unit": Option(5, (3, 5)),
        "end": Option("target", ("target",), numbered="rounds", low=1, high=100),
        "text": Option("x"),
        "any": Option(),
    }
)


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("flag", "on", True),
        ("flag", " OFF ", False),
        ("flag", "1", True),
        ("flag", "no", False),
        ("count", "10", 10),
        ("count", "+1", 1),
        ("ratio", "0.25", 0.25),
        ("ratio", "1", 1.0),
        ("mode", "two", "two"),
        ("unit", "3", 3),
        ("end", "rounds:7", "rounds:7"),
        ("end", "target", "target"),
        ("text", " 007 ", "007"),  # text stays text: no number is read into it
        ("any", "3", 3),
        ("any", "2.5", 2.5),
        ("any", "yes", True),
        ("any", "nan", "nan"),  # not a number a bot could use: kept as the text
        ("any", "calm", "calm"),
    ],
)
def test_each_kind_parses_its_own_words(name: str, text: str, value: Any) -> None:
    parsed = TABLE[name].parse(text)
    assert parsed == value and type(parsed) is type(value)


@pytest.mark.parametrize(
    ("name", "text", "line"),
    [
        ("flag", "maybe", "option flag must be on or off, not 'maybe'"),
        ("count", "0", "option count must be a whole number from 1 to 10, not 0"),
        ("count", "2.5", "option count must be a whole number from 1 to 10, not '2.5'"),
        ("count", "٣", "option count must be a whole number from 1 to 10, not '٣'"),
        ("ratio", "inf", "option ratio must be a number from 0 to 1, not inf"),
        ("ratio", "nan", "option ratio must be a number from 0 to 1, not nan"),
        ("mode", "One", "option mode must be one of one, two, not 'One'"),
        ("unit", "4", "option unit must be one of 3, 5, not 4"),
        (
            "end",
            "rounds:101",
            "option end must be one of target, rounds:N with N from 1 to 100, not 'rounds:101'",
        ),
        ("end", "rounds:" + "9" * 5000, "option end must be one of target, rounds:N"),
    ],
)
def test_a_refusal_names_the_option_what_it_allows_and_the_value(
    name: str, text: str, line: str
) -> None:
    with pytest.raises(OptionError) as err:
        TABLE[name].parse(text)
    assert str(err.value).startswith(line)
    assert err.value.option is TABLE[name] and err.value.name == name


def test_a_typed_value_is_judged_as_it_is_and_else_as_the_text_it_writes() -> None:
    assert TABLE["count"].read(7) == 7
    assert TABLE["flag"].read(1) is True  # JSON's 1 for on
    assert TABLE["ratio"].read(1) == 1.0 and type(TABLE["ratio"].read(1)) is float
    for value in (True, 7.5, [1], None, {"a": 1}):
        with pytest.raises(OptionError) as err:
            TABLE["count"].read(value)
        assert err.value.value == value  # the value shown is the one given
    assert not TABLE["count"].accepts(True)  # a bool is no whole number
    assert not TABLE["unit"].accepts(5.0) and not TABLE["flag"].accepts(1)


def test_describe_says_what_is_allowed_for_help() -> None:
    assert [TABLE[n].describe() for n in ("flag", "count", "ratio", "text", "any")] == [
        "on or off",
        "a whole number from 1 to 10",
        "a number from 0 to 1",
        "text",
        "any value",
    ]
    assert Option(kind=int, low=0).describe() == "a whole number 0 or more"
    assert Option(kind=int).describe() == "a whole number"
    assert Option(kind=int, low=1, high=100_000).describe() == "a whole number from 1 to 100000"
    assert TABLE["flag"].shown_default() == "off" and TABLE["count"].shown_default() == "5"
    assert Option(kind=int).shown_default() == ""


def test_an_unknown_option_lists_the_known_ones() -> None:
    err = OptionError("colour", None, known=("fish", "target"))
    assert str(err) == "unknown option 'colour'; options are: fish, target"
    bot = OptionError("depth", None, known=("iterations",), owner="ismcts")
    assert str(bot) == "bot 'ismcts' has no option 'depth'; it takes: iterations"


def test_what_a_refusal_shows_of_a_hostile_value_is_escaped_and_short() -> None:
    hostile = "\x1b]52;c;aGk=\x07\u202e" + "x" * 500
    with pytest.raises(OptionError) as err:
        TABLE["mode"].parse(hostile[:MAX_TEXT])
    line = str(err.value)
    assert "\x1b" not in line and "\x07" not in line and "\u202e" not in line
    assert len(line) < 120 and "\n" not in line
    with pytest.raises(OptionError):
        TABLE["text"].parse("x" * (MAX_TEXT + 1))  # too long to be read at all


OPTION = st.sampled_from(sorted(TABLE))


@given(name=OPTION, text=st.text(max_size=40))
def test_any_text_parses_to_an_allowed_value_or_gets_the_refusal(name: str, text: str) -> None:
    option = TABLE[name]
    try:
        value = option.parse(text)
    except OptionError as err:
        assert str(err).startswith(f"option {name} must be {option.describe()}, not ")
        assert "\n" not in str(err)
    else:
        assert option.accepts(value)
        assert option.check(value) == value


@given(name=st.sampled_from(sorted(OPTIONS)), text=st.text(max_size=30))
def test_any_rules_value_is_an_allowed_one_or_a_rules_refusal(name: str, text: str) -> None:
    option = OPTIONS[name]
    try:
        value = option.parse(text)
    except OptionError as err:
        assert "\n" not in str(err)
        return
    assert option.accepts(value)
    try:
        make_rules({name: text})
    except RulesError as err:  # allowed alone, refused with the others (F15): still one line
        assert "\n" not in str(err)


def test_the_rules_table_is_the_rules_fields_with_their_defaults() -> None:
    defaults = make_rules().to_dict()
    assert {name: option.default for name, option in OPTIONS.items()} == defaults
    assert all(option.name == name for name, option in OPTIONS.items())
    assert OPTIONS["target"].describe() == "a whole number from 1 to 1000"  # K9
    assert rules_options()["variant"].choices == tuple(variant_names())


@pytest.mark.parametrize("variant", ["morskoy", "osel", "telefon", "general", "chechevo"])
def test_a_variants_options_are_the_same_type_and_know_their_names(variant: str) -> None:
    own = get_variant(variant).options
    assert own and all(isinstance(o, Option) and o.name == n for n, o in own.items())
    assert set(own) <= set(rules_options(variant))


def test_a_variant_option_is_refused_in_the_same_shape_as_a_rule() -> None:
    with pytest.raises(RulesError) as err:
        make_rules({"multiple": "4"}, "telefon")  # V3.8.2
    assert str(err.value) == "option multiple must be one of 3, 5, not 4"
    assert isinstance(err.value, OptionError)
    with pytest.raises(RulesError) as err:
        make_rules({"target": "lots"})  # K9
    assert str(err.value) == "option target must be a whole number from 1 to 1000, not 'lots'"
