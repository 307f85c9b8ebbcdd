"""Settings kept between runs, and the ``domino play`` options."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from domino_tui.app.settings import Settings, SettingsStore
from domino_tui.cli import app as cli
from domino_tui.cli.play import bot_levels


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
        "ru",
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
