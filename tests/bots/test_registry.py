"""Bots by name and level, options, and third-party bots from the ``domino_tui.bots`` group."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from typer.testing import CliRunner

import domino_tui.bots as registry
from domino_tui.arena import ArenaConfig, run_arena
from domino_tui.bots import LEVELS, make_bot
from domino_tui.bots.counter import CounterBot
from domino_tui.bots.ismcts import IsmctsBot
from domino_tui.cli import app
from domino_tui.engine.rules import make_rules

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "third_party_bot"


def test_levels_map_onto_strategies() -> None:
    assert set(LEVELS) == {"easy", "medium", "hard", "master"}
    assert isinstance(make_bot("medium"), CounterBot)
    hard, master = make_bot("hard"), make_bot("master")
    assert isinstance(hard, IsmctsBot) and isinstance(master, IsmctsBot)
    assert master.iterations > hard.iterations
    assert (hard.policy, master.policy) == ("heavy", "smart")


def test_options_reach_the_factory_and_the_arena_turns_the_clock_off() -> None:
    bot = make_bot("ismcts:iterations=123,exploration=0.5", 4)
    assert isinstance(bot, IsmctsBot)
    assert (bot.iterations, bot.exploration, bot.seed) == (123, 0.5, 4)
    assert bot.time_ms > 0
    assert make_bot("hard", clock=False).time_ms == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("wizard", "unknown bot 'wizard'; choose one of: easy"),
        ("ismcts:depth=3", "bad options for bot 'ismcts'"),
        ("ismcts:iterations", "bot option must be name=value"),
        ("hard:iterations=5", "levels take no options"),
    ],
)
def test_bad_names_and_options_are_refused_with_the_choices(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        make_bot(name)


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
    monkeypatch.setattr(registry, "entry_points", lambda group: fake)
    registry.reload_plugins()
    yield
    registry.reload_plugins()


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


def test_the_hint_bots_explain_themselves() -> None:
    from domino_tui.bots import Explaining

    for level in ("medium", "hard", "master"):
        assert isinstance(make_bot(level), Explaining)
    assert not isinstance(make_bot("greedy"), Explaining)
