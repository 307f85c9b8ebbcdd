"""A variant from outside the package (issue 24, part 1): the example in
``examples/variant_plugin`` registered through the ``domino_tui.variants`` entry-point group,
as an installed distribution would be, is selectable with ``--rules``, plays in ``sim`` with its
own deal and words; plugins that break the contract are skipped with their reason."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

from domino_tui import i18n
from domino_tui import plugins as plugin_reader
from domino_tui.cli.sim import play_match
from domino_tui.engine import variants as registry
from domino_tui.engine.rules import PRESETS, RulesError, make_rules
from domino_tui.words.transcript import match_text, round_stories

from .helpers import run

EXAMPLE = Path(__file__).parents[2] / "examples" / "variant_plugin"
GROUP = registry.ENTRY_POINT_GROUP


def _installed(monkeypatch: pytest.MonkeyPatch, eps: list[EntryPoint]) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLE))
    monkeypatch.setattr(plugin_reader, "entry_points", lambda group: eps if group == GROUP else [])
    registry.reload_plugins()
    i18n.reload_catalogs()


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The example variant, one that does not import, one that takes a built-in name and one
    whose name carries an escape code, as if installed."""
    _installed(
        monkeypatch,
        [
            EntryPoint("six", "six_variant", GROUP),
            EntryPoint("broken", "no_such_module_anywhere", GROUP),
            EntryPoint("kozel", "six_variant", GROUP),
            EntryPoint("six\x1b[2J", "six_variant", GROUP),
        ],
    )
    yield
    registry.reload_plugins()
    i18n.reload_catalogs()


@pytest.mark.usefixtures("plugins")
def test_the_example_variant_is_a_preset_with_its_own_deal() -> None:
    rules = make_rules({}, "six")
    assert "six" in PRESETS and "six" in registry.variant_names()
    assert (rules.variant, rules.dealt, rules.target) == ("six", 6, 61)
    assert make_rules({"players": 2}, "six").dealt == 6
    with pytest.raises(RulesError, match="lowest_wins"):  # Козёл's checks come with Kozel
        make_rules({"fish": "lowest_wins"}, "six")


@pytest.mark.usefixtures("plugins")
def test_plugins_that_break_the_contract_are_skipped_with_a_reason() -> None:
    errors = registry.plugin_errors()
    assert len(errors) == 3
    assert any(e.startswith("broken:") for e in errors)
    assert any("taken by a built-in" in e for e in errors)
    assert all("\x1b" not in e for e in errors)
    assert registry.get_variant("kozel").name == "kozel"  # the built-in stays


@pytest.mark.usefixtures("plugins")
@pytest.mark.parametrize(("lang", "name"), [("en", "Six-tile goat"), ("ru", "Козёл на шести")])
def test_sim_plays_the_example_variant_in_its_words(lang: str, name: str) -> None:
    result = run("sim", "--rules", "six", "--seed", "3", "--lang", lang)
    assert result.exit_code == 0, result.output
    assert name in result.stdout.splitlines()[1]
    assert "vn.six" not in result.stdout and "tx.variant" not in result.stdout


@pytest.mark.usefixtures("plugins")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_hand_of_the_example_is_dealt_six(players: int) -> None:
    rules = make_rules({"players": players}, "six")
    for seed in range(3):
        match = play_match(rules, seed, ["greedy"] * players)
        assert match.outcome is not None
        for story in round_stories(match):
            assert all(story.dealt[s].bit_count() == 6 for s in story.seats)
        assert "Six-tile goat" in match_text(match)


def test_plugin_words_speak_only_of_the_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text from a plugin is untrusted: a key naming neither its variant nor its presets is
    ignored, and its text is one line with no placeholders."""
    _installed(monkeypatch, [EntryPoint("six", "six_variant", GROUP)])
    module: Any = registry.plugin_module("six")
    words = {"en": {"status.hijack": "hijacked", "tx.variant.six": "Six {boom}\n\x1b[31m"}}
    monkeypatch.setattr(module, "WORDS", words)
    i18n.reload_catalogs()
    assert not i18n.has_key("status.hijack", "en")
    assert i18n.tr("tx.variant.six", "en") == "Six (boom)  [31m"
    registry.reload_plugins()
    i18n.reload_catalogs()


def test_a_built_in_game_never_looks_for_plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    """The entry points are read only for a name that is not built in: Козёл's start-up does
    not pay for importlib.metadata, and a broken installation cannot stop a built-in game."""

    def refuse(group: str) -> list[EntryPoint]:
        raise AssertionError("looked for plugins")

    monkeypatch.setattr(plugin_reader, "entry_points", refuse)
    registry.reload_plugins()
    for preset in ("kozel", "morskoy", "telefon", "general"):
        assert make_rules({}, preset).variant
    registry.reload_plugins()


@pytest.mark.usefixtures("plugins")
def test_the_example_variant_declares_its_record_and_count() -> None:
    """Built on Козёл's count but not Козёл: its record is version 3 (older versions know no
    variant and would refuse it), and it counts as Козёл, not as classic (C4)."""
    from domino_tui.engine.record import VERSION, make_record

    rules = make_rules({"players": 2}, "six")
    assert not rules.classic_count and make_rules({}, "classic").classic_count
    match = play_match(rules, 1, ["greedy", "greedy"])
    assert make_record(match, preset="six")["version"] == VERSION


@pytest.mark.usefixtures("plugins")
@pytest.mark.parametrize(("lang", "name"), [("en", "Six-tile goat"), ("ru", "Козёл на шести")])
def test_the_example_presets_words_come_from_its_presenter(lang: str, name: str) -> None:
    """The plugin's preset is named where the built-in ones are (the New game dialog's list,
    a save's name, the statistics' titles) by the words its presenter declares."""
    from domino_tui.words.names import preset_about, preset_label, preset_name, short_preset

    assert "six" in PRESETS
    assert (
        preset_name("six", lang) == preset_label("six", lang) == short_preset("six", lang) == name
    )
    assert "61" in preset_about("six", lang)
    assert preset_name("no-such-preset", lang) == "no-such-preset"


@pytest.mark.usefixtures("plugins")
def test_the_rules_help_names_the_example_preset(monkeypatch: pytest.MonkeyPatch) -> None:
    """A help page reads the installed plugins: ``--rules`` lists their presets with the
    built-in ones (a command that runs does not look for them to build its options)."""
    from typer.testing import CliRunner

    from domino_tui.cli import app_for, options

    monkeypatch.setattr(options._PRESET_INFO, "help", options._PRESET_INFO.help)  # restored after
    argv = ["domino", "sim", "--help"]
    result = CliRunner().invoke(app_for(argv), argv[1:], terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "sport, six" in " ".join(result.output.split())
