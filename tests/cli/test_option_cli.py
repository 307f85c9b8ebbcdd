"""Issue 24 part 4 at the command line: ``domino rules --options`` and ``domino bots`` list the
options through the one option type, and a bad or unknown option given on the command line
(``--set``, a bot's ``name:option=value``) gets its one-line refusal in the player's language,
exit code 2, never a traceback, its text cleaned before it is shown."""

from __future__ import annotations

import pytest

from domino_tui.engine.rules import OPTIONS, make_rules
from domino_tui.engine.variants import get_variant
from tests.cli.helpers import run, run_main


def rows(output: str) -> dict[str, list[str]]:
    """A printed table's rows by their first cell (continuation lines left out)."""
    out: dict[str, list[str]] = {}
    for line in output.splitlines():
        cells = [c.strip() for c in line.strip("│").split("│")]
        if len(cells) >= 3 and cells[0]:
            out[cells[0]] = cells[1:]
    return out


def test_rules_options_lists_every_rule_option_with_what_it_allows_and_its_default() -> None:
    result = run("rules", "--options", "--lang", "en")
    assert result.exit_code == 0, result.output
    table = rows(result.output)
    assert set(OPTIONS) <= set(table)
    assert table["target"][:2] == ["a whole number from 1 to 1000", "101"]  # K9
    assert table["big_alone"][:2] == ["on or off", "off"]  # K6.2
    assert table["fish"][1] == "one" and table["fish"][0].startswith("one of all, one")  # K8
    assert table["fish"][2] == "Fish"  # the New game dialog's label


def test_rules_options_of_a_preset_show_its_values_and_its_variants_own_options() -> None:
    result = run("rules", "--options", "--rules", "telefon", "--lang", "ru")
    assert result.exit_code == 0, result.output
    table = rows(result.output)
    rules = make_rules({}, "telefon")
    assert table["target"][1] == str(rules.target)  # the preset's own target, not 101
    for name in get_variant("telefon").options:  # V3.8
        assert name in table
    assert table["multiple"][:2] == ["одно из: 3, 5", "5"]
    assert "Свои параметры варианта" in result.output


def test_rules_options_refuse_an_unknown_preset_in_one_line() -> None:
    result = run("rules", "--options", "--rules", "nope\x1b[2J", "--lang", "en")
    assert result.exit_code == 2 and "\x1b" not in result.output
    assert "Traceback" not in result.output


def test_bots_show_each_bots_options_table() -> None:
    result = run("bots")
    assert result.exit_code == 0, result.output
    assert "Options of pimc (pimc:NAME=VALUE)" in result.output
    assert "Options of ismcts (ismcts:NAME=VALUE)" in result.output
    table = rows(result.output.split("Options of ismcts")[1])
    assert table["iterations"][0] == "a whole number from 1 to 100000"
    assert table["exploration"][0] == "a number from 0 to 100"
    assert table["policy"][0] == "one of heavy, smart"


@pytest.mark.usefixtures("tables")
@pytest.mark.parametrize(
    ("args", "en", "ru"),
    [
        (
            ("--set", "fish=many"),
            "domino: option fish must be one of all, one, fisher, lowest_wins, not 'many'\n",
            "domino: параметр fish принимает одно из: all, one, fisher, lowest_wins, а не 'many'\n",
        ),
        (
            ("--set", "target=0"),
            "domino: option target must be a whole number from 1 to 1000, not 0\n",
            "domino: параметр target принимает целое число от 1 до 1000, а не 0\n",
        ),
        (
            ("--set", "big_alone=maybe"),
            "domino: option big_alone must be on or off, not 'maybe'\n",
            "domino: параметр big_alone принимает on или off, а не 'maybe'\n",
        ),
        (
            ("--set", "colour=red"),
            "domino: unknown option 'colour'; options are: ",
            "domino: нет параметра 'colour'; параметры: ",
        ),
        (
            ("--bots", "pimc:solve=99"),
            "domino: --bots: bot option pimc:solve must be a whole number from 0 to 28, not 99\n",
            "domino: --bots: параметр бота pimc:solve принимает целое число от 0 до 28, а не 99\n",
        ),
    ],
)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_bad_option_gets_the_one_line_refusal_in_the_players_language(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: tuple[str, ...],
    en: str,
    ru: str,
    lang: str,
) -> None:
    code, _, err = run_main(monkeypatch, capsys, "play", *args, "--lang", lang)
    assert code == 2
    assert err.startswith(en if lang == "en" else ru), err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    "args",
    [
        ["sim", "--set", "fish=\x1b]52;c;aGk=\x07" + "x" * 300],
        ["sim", "--rules", "telefon", "--set", "multiple=\u202e4"],
        ["sim", "--bots", "ismcts:policy=\x1b[31mred", "--players", "2"],
        ["arena", "greedy", "pimc:weigh=\x9bmaybe"],
    ],
)
def test_a_hostile_option_value_is_shown_cleaned_and_short(args: list[str]) -> None:
    result = run(*args)
    shown = result.output  # stdout and stderr, as the player's terminal shows them
    assert result.exit_code == 2, shown
    for raw in ("\x1b", "\x07", "\u202e", "\x9b"):
        assert raw not in shown
    assert shown.count("\n") == 1 and len(shown) < 200 and "Traceback" not in shown
