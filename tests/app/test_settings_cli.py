"""Settings kept between runs, and the ``domino play`` options."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from domino_tui.cli import app as cli
from domino_tui.cli.table import bot_levels
from domino_tui.storage.settings import Settings, SettingsStore


def test_settings_survive_a_restart(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "cfg" / "settings.json")
    saved = Settings(lang="en", theme="domino-contrast", pace="slow", auto_knock=True)
    store.save(saved)
    assert SettingsStore(tmp_path / "cfg" / "settings.json").load() == saved


def test_broken_settings_fall_back_to_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", "utf-8")
    assert SettingsStore(path).load() == Settings()
    path.write_text('{"lang": "xx", "pace": 3, "auto_knock": "yes", "theme": "nord"}', "utf-8")
    loaded = SettingsStore(path).load()
    assert (loaded.lang, loaded.pace, loaded.auto_knock, loaded.theme) == (
        Settings().lang,  # no valid language chosen: the locale's
        "normal",
        False,
        "nord",
    )


def test_bot_list_fills_the_table() -> None:
    assert bot_levels("hard,easy", None, False) == (3, ["hard", "easy"])
    assert bot_levels("medium", 4, False) == (4, ["medium", "medium", "medium"])
    assert bot_levels(None, 2, False) == (2, ["hard"])
    assert bot_levels(None, None, True) == (4, ["hard", "hard", "hard"])


@pytest.mark.parametrize(
    ("bots", "players", "pairs"),
    [("hard,hard,hard,hard", None, False), (None, 5, False), ("nope", 2, False), (None, 3, True)],
)
def test_bad_table_is_refused(bots: str | None, players: int | None, pairs: bool) -> None:
    with pytest.raises(typer.BadParameter):
        bot_levels(bots, players, pairs)


def test_play_rejects_bad_input_in_one_line() -> None:
    result = CliRunner().invoke(cli, ["play", "--bots", "grandmaster"])
    assert result.exit_code == 2
    assert "unknown bot" in result.output and "Traceback" not in result.output


async def test_new_game_dialog_starts_a_game_and_remembers_the_choices(tmp_path: Path) -> None:
    from textual.widgets import Select, Switch

    from domino_tui.app import make_app
    from domino_tui.app.screens.game import GameScreen
    from domino_tui.app.screens.new_game import NewGameScreen

    path = tmp_path / "settings.json"
    app = make_app(settings_path=path, lang="en", pace="instant")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#seat3", Select).value = "off"
        screen.query_one("#seat1", Select).value = "easy"
        screen.query_one("#opt-fish", Select).value = "all"
        screen.query_one("#opt-fish_takes_boneyard", Switch).value = False
        await pilot.press("ctrl+s")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        session = game.session
        assert session.rules.players == 3 and session.rules.fish == "all"
        assert not session.rules.fish_takes_boneyard
        assert [s.level for s in session.seats] == ["", "easy", "hard"]
    remembered = SettingsStore(path).load()
    assert remembered.last_seats[1] == "easy" and remembered.last_seats[3] == "off"
    assert remembered.last_options == {"fish": "all", "fish_takes_boneyard": False}


async def test_impossible_rules_are_explained_in_the_dialog() -> None:
    from textual.widgets import Input, Static, Switch

    from domino_tui.app import make_app
    from domino_tui.app.screens.new_game import NewGameScreen

    from .driver import plain

    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#pairs", Switch).value = True
        screen.query_one("#opt-target", Input).value = "0"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert "target must be a whole number from 1 to 1000, not 0" in plain(
            screen.query_one("#error", Static)
        )


async def test_switching_language_relabels_the_table() -> None:
    from dataclasses import replace

    from .driver import game, plain, seeded_app, settle

    app = seeded_app(seed=3, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        assert "Your turn" in plain(screen.query_one("#status"))  # type: ignore[arg-type]
        app.apply_settings(replace(app.settings, lang="ru"))
        await pilot.pause()
        assert "Ваш ход" in plain(screen.query_one("#status"))  # type: ignore[arg-type]
        assert screen.query_one("#hand").border_title.startswith("▶ Ваши кости")  # type: ignore[union-attr]
