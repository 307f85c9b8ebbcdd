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
from domino_tui.words.options import allowed_words, help_rows, refusal

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


# --- in words (domino_tui/words/options.py) ----------------------------------------------------


@given(name=OPTION, text=st.text(max_size=20))
def test_the_english_refusal_is_the_engines_line_and_the_russian_one_has_its_shape(
    name: str, text: str
) -> None:
    try:
        TABLE[name].parse(text)
    except OptionError as err:
        assert refusal(err, "en") == str(err)
        ru = refusal(err, "ru")
        assert ru.startswith(f"параметр {name} принимает ") and ru.endswith(f", а не {err.shown}")
        assert "\n" not in ru


@pytest.mark.parametrize("option", [*TABLE.values(), *OPTIONS.values()])
def test_allowed_words_in_english_are_what_the_option_describes(option: Option) -> None:
    assert allowed_words(option, "en") == option.describe()


def test_the_russian_words_for_each_kind() -> None:
    assert allowed_words(OPTIONS["target"], "ru") == "целое число от 1 до 1000"
    assert allowed_words(OPTIONS["big_alone"], "ru") == "on или off"
    assert allowed_words(OPTIONS["fish"], "ru") == "одно из: all, one, fisher, lowest_wins"
    assert allowed_words(OPTIONS["match_end"], "ru") == (
        "одно из: target, last_standing, rounds:N, где N от 1 до 1000"
    )
    unknown = OptionError("depth", None, known=("iterations",), owner="ismcts")
    assert (
        refusal(unknown, "ru") == "у бота 'ismcts' нет параметра 'depth'; его параметры: iterations"
    )
    assert refusal(unknown, "en") == str(unknown)
    bot = OptionError("solve", "99", Option(kind=int, low=0, high=28), owner="pimc")
    assert (
        refusal(bot, "en")
        == str(bot)
        == ("bot option pimc:solve must be a whole number from 0 to 28, not '99'")
    )


def test_help_rows_carry_the_labels_the_new_game_dialog_shows() -> None:
    rows = {row[0]: row for row in help_rows(OPTIONS, "en")}
    assert rows["target"] == ("target", "a whole number from 1 to 1000", "101", "Goat at")
    assert rows["big_alone"][2] == "off"
    ru = {row[0]: row for row in help_rows(rules_options("telefon"), "ru", "telefon")}
    assert ru["multiple"][1:3] == ("одно из: 3, 5", "5") and ru["multiple"][3]


@given(
    bot=st.sampled_from(["pimc", "ismcts"]),
    key=st.sampled_from(["playouts", "samples", "policy", "weigh", "time_ms", "exploration"]),
    text=st.text(max_size=30),
)
def test_any_bot_option_text_is_read_or_refused(bot: str, key: str, text: str) -> None:
    """The bots' options go through the same type: an allowed value of the option's own type,
    an OptionError naming the bot's option, or (an option the bot lacks) the list it takes."""
    from domino_tui.bots import BUILTIN, read_options

    info = BUILTIN[bot]
    try:
        read = read_options(info, {key: text})
    except OptionError as err:
        assert err.owner == bot and "\n" not in str(err)
        assert err.option is not None or key not in (info.options or {})
    else:
        assert info.options is not None and info.options[key].accepts(read[key])
