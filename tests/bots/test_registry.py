"""Bots by name and level, options, and third-party bots from the ``domino_tui.bots`` group."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from typer.testing import CliRunner

import domino_tui.bots as registry
from domino_tui import plugins as plugin_reader
from domino_tui.arena import ArenaConfig, run_arena
from domino_tui.bots import LEVELS, make_bot
from domino_tui.bots.counter import CounterBot
from domino_tui.bots.ismcts import IsmctsBot
from domino_tui.bots.pimc import PimcBot
from domino_tui.cli import app
from domino_tui.engine.rules import make_rules

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "third_party_bot"


def test_levels_map_onto_strategies() -> None:
    assert set(LEVELS) == {"easy", "medium", "hard", "master"}
    assert isinstance(make_bot("medium"), CounterBot)
    hard, master = make_bot("hard"), make_bot("master")
    assert isinstance(hard, PimcBot) and isinstance(master, PimcBot)
    assert (hard.config, master.config) == (registry.HARD, registry.MASTER)
    assert master.config.samples > hard.config.samples
    assert master.config.solve > hard.config.solve > 0
    # with three or four sides the master's exact horizon is the longer (issue 26)
    assert master.config.maxn > hard.config.maxn
    assert master.config.paranoid and not hard.config.paranoid
    # both play opponents who block in their playouts and weigh guesses by the plays seen
    # (issue 26: what hard lacked with four seats)
    assert hard.config.policy == master.config.policy == "smart"
    assert hard.config.weigh and master.config.weigh


def test_options_reach_the_factory_and_the_arena_turns_the_clock_off() -> None:
    bot = make_bot("ismcts:iterations=123,exploration=0.5", 4)
    assert isinstance(bot, IsmctsBot)
    assert (bot.iterations, bot.exploration, bot.seed) == (123, 0.5, 4)
    assert bot.time_ms > 0
    assert make_bot("hard", clock=False).config.time_ms == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("wizard", "unknown bot 'wizard'; choose one of: easy"),
        ("ismcts:depth=3", "bot 'ismcts' has no option 'depth'; it takes: iterations, time_ms"),
        ("greedy:depth=3", "bot 'greedy' takes no options"),
        ("ismcts:iterations=-1", "ismcts:iterations must be a whole number from 1 to 100000"),
        ("ismcts:iterations=0", "from 1 to 100000, not 0"),
        ("ismcts:iterations=10000000", "from 1 to 100000"),
        ("ismcts:iterations=2.5", "must be a whole number"),
        ("ismcts:iterations=many", "must be a whole number"),
        ("ismcts:time_ms=-5", "ismcts:time_ms must be a whole number from 0 to 60000"),
        ("ismcts:time_ms=" + "9" * 5000, "from 0 to 60000, not '999"),
        ("ismcts:exploration=nan", "ismcts:exploration must be a number from 0 to 100"),
        ("ismcts:exploration=-1", "from 0 to 100"),
        ("ismcts:policy=clever", "ismcts:policy must be one of heavy, smart"),
        ("ismcts:iterations=5,iterations=6", "'iterations' is given twice"),
        ("pimc:playouts=0", "pimc:playouts must be a whole number from 1 to 100000"),
        ("ismcts:iterations", "bot option must be name=value"),
        ("hard:iterations=5", "levels take no options"),
    ],
)
def test_bad_names_and_options_are_refused_with_the_choices(name: str, message: str) -> None:
    with pytest.raises(ValueError) as err:
        make_bot(name)
    assert message in str(err.value)
    assert len(str(err.value)) < 300  # one short line, however long the option


def test_the_edges_of_every_option_range_are_accepted() -> None:
    for spec in (
        "ismcts:iterations=1,time_ms=0,exploration=0",
        "ismcts:iterations=100000,time_ms=60000,exploration=100,policy=smart",
        "ismcts:exploration=1",  # a whole number where a number is asked is fine
        "pimc:playouts=1",
    ):
        make_bot(spec)


def test_a_name_with_escape_codes_is_refused_as_text() -> None:
    with pytest.raises(ValueError) as err:
        make_bot("\x1b]52;c;aGk=\x07")  # OSC 52: would write the clipboard
    assert "\x1b" not in str(err.value) and "\x07" not in str(err.value)
    assert "\\x1b]52" in str(err.value)


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The example plugin, a broken one and one that steals a built-in name, as if installed."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    group = registry.ENTRY_POINT_GROUP
    fake = [
        EntryPoint("suitkeeper", "suitkeeper_bot:SuitKeeperBot", group),
        EntryPoint("broken", "no_such_module_anywhere:Bot", group),
        EntryPoint("greedy", "suitkeeper_bot:SuitKeeperBot", group),
    ]
    monkeypatch.setattr(plugin_reader, "entry_points", lambda group: fake)
    registry.reload_plugins()
    yield
    registry.reload_plugins()


@pytest.mark.usefixtures("plugins")
def test_the_example_plugins_option_arrives_typed() -> None:
    """issue 13: ``heavy=false`` is False, not the truthy text "false"; a number is refused."""
    assert registry.make_bot("suitkeeper:heavy=false").heavy is False  # type: ignore[attr-defined]
    assert registry.make_bot("suitkeeper:heavy=on").heavy is True  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="heavy"):
        registry.make_bot("suitkeeper:heavy=3")


@pytest.mark.usefixtures("plugins")
def test_the_example_plugin_loads_and_plays_in_the_arena() -> None:
    bots = registry.available()
    assert bots["suitkeeper"].source.startswith("plugin")
    assert "suits" in bots["suitkeeper"].description
    config = ArenaConfig(("suitkeeper", "greedy"), 2, make_rules({"players": 2}), seed=1)
    report = run_arena(config)
    assert [b.name for b in report.bots] == ["suitkeeper", "greedy"]
    assert report.rounds > 0


@pytest.mark.usefixtures("plugins")
def test_bad_plugins_are_skipped_with_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="domino_tui.bots"):
        bots = registry.available()
    assert "broken" not in bots
    assert bots["greedy"].source == "built-in"
    errors = registry.plugin_errors()
    assert any("'broken'" in e and "no_such_module_anywhere" in e for e in errors)
    assert any("'greedy'" in e and "taken" in e for e in errors)
    assert any("broken" in r.getMessage() for r in caplog.records)


@pytest.mark.usefixtures("plugins")
def test_domino_bots_lists_levels_descriptions_plugins_and_skips() -> None:
    result = CliRunner().invoke(app, ["bots"], terminal_width=160)
    assert result.exit_code == 0, result.output
    for word in ("counter", "ismcts", "hard, master", "medium", "suitkeeper", "broken"):
        assert word in result.output
    as_json = CliRunner().invoke(app, ["bots", "--json"])
    assert '"suitkeeper"' in as_json.output and '"skipped"' in as_json.output


class _Hostile:
    """A plugin whose metadata tries to drive the terminal and break Rich markup."""

    description = "\x1b]0;owned\x07[bold red]loud[/] \u202eevil\nsecond line"

    def __init__(self, seed: int = 0, **options: object) -> None:
        self.name = "hostile"
        self.options = options

    def choose(self, view: object) -> int:
        raise RuntimeError("\x1b[2J boom")


@pytest.fixture
def hostile(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    group = registry.ENTRY_POINT_GROUP
    module = type(registry)("hostile_plugin")
    module.Hostile = _Hostile  # type: ignore[attr-defined]
    module.Garbage = lambda seed=0: _Garbage()  # type: ignore[attr-defined]
    monkeypatch.setitem(__import__("sys").modules, "hostile_plugin", module)
    fake = [
        EntryPoint("hostile", "hostile_plugin:Hostile", group),
        EntryPoint("garbage", "hostile_plugin:Garbage", group),
        EntryPoint("\x1b[2Jbad", "hostile_plugin:Hostile", group),
        EntryPoint("a,b", "hostile_plugin:Hostile", group),
    ]
    monkeypatch.setattr(plugin_reader, "entry_points", lambda group: fake)
    registry.reload_plugins()
    yield
    registry.reload_plugins()


class _Garbage:
    name = "garbage"

    def choose(self, view: object) -> object:
        return "\x1b[31mnot a move"


@pytest.mark.usefixtures("hostile")
def test_plugin_metadata_is_cleaned_and_untypeable_names_are_skipped() -> None:
    bots = registry.available()
    assert "hostile" in bots and "a,b" not in bots
    assert not any("\x1b" in name for name in bots)
    description = bots["hostile"].description
    assert "\x1b" not in description and "\u202e" not in description and "\n" not in description
    errors = registry.plugin_errors()
    assert any("'a,b'" in e and "letters, digits" in e for e in errors)
    assert all("\x1b" not in e for e in errors)
    result = CliRunner().invoke(app, ["bots"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "[bold" in result.output and "loud[/]" in result.output  # as typed, not markup
    as_json = CliRunner().invoke(app, ["bots", "--json"])
    assert as_json.exit_code == 0 and "\\u001b" not in as_json.output


@pytest.mark.usefixtures("hostile")
def test_plugin_options_go_to_the_plugin_unchecked() -> None:
    bot = make_bot("hostile:depth=3,style=wild")
    assert bot.options == {"depth": 3, "style": "wild"}  # type: ignore[attr-defined]


@pytest.mark.usefixtures("hostile")
@pytest.mark.parametrize(("bot", "words"), [("hostile", "failed"), ("garbage", "illegal move")])
def test_a_plugin_that_raises_or_returns_garbage_gets_stand_ins_and_one_clean_line(
    bot: str, words: str
) -> None:
    """Issue 22: the match is played to its end with stand-in moves, said in one line."""
    result = CliRunner().invoke(
        app, ["sim", "--seed", "1", "--players", "2", "--bots", f"{bot},greedy"]
    )
    assert result.exit_code == 0, result.output
    assert words in result.stderr and result.stderr.count("\n") == 1
    assert "\x1b" not in result.stderr and "Traceback" not in result.output
    assert "not rated" in result.stdout


@pytest.mark.usefixtures("hostile")
def test_a_plugin_that_raises_in_the_arena_is_one_clean_line() -> None:
    result = CliRunner().invoke(app, ["arena", "hostile", "greedy", "--games", "1"])
    assert result.exit_code == 0, result.output
    assert "failed" in result.stderr and "\x1b" not in result.stderr
    assert len([line for line in result.stderr.splitlines() if line.strip()]) == 1


def test_the_hint_bots_explain_themselves() -> None:
    from domino_tui.bots import Explaining

    for level in ("medium", "hard", "master"):
        assert isinstance(make_bot(level), Explaining)
    assert not isinstance(make_bot("greedy"), Explaining)
