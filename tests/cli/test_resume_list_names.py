"""``domino resume --list`` names each game in the player's language (issue 22, parts 4 and 7):
a save made without a preset showed its Rules cell as "None" (its ``null`` preset was cleaned
into the word), and ``--json`` said ``"preset": "None"``. Now the game is named from its rules
(the closest preset: Осёл, Телефон, Все тройки …), or a dash when the rules cannot be read,
and a bot's level is its name in that language too."""

from __future__ import annotations

import json

import pytest

from domino_tui.storage.meta import GameMeta, Seat
from domino_tui.storage.paths import saves_dir
from domino_tui.storage.saves import save_game
from tests.storage.helpers import bot_match

from .helpers import run

NAMES = {
    "en": {"kozel": "Kozel", "osel": "Donkey", "all-threes": "All threes", "easy": "easy"},
    "ru": {"kozel": "Козёл", "osel": "Осёл", "all-threes": "Все тройки", "easy": "лёгкий"},
}


def kept(preset: str, *, saved_preset: bool) -> str:
    """A two-player save of ``preset``'s rules, with or without the preset's name in it."""
    seats = (Seat("Masha"), Seat("Bot", "bot", "easy"))
    meta = GameMeta(seats=seats, preset=preset if saved_preset else None)
    save_game(bot_match(2, steps=3, preset=preset, players=2), meta)
    return meta.game_id


def rules_cells(output: str) -> dict[str, str]:
    """The Rules cell of every row, by the row's short id."""
    cells = {}
    for line in output.splitlines():
        parts = [p.strip() for p in line.split("│")]
        if len(parts) > 3 and len(parts[1]) == 8:
            cells[parts[1]] = parts[3]
    return cells


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_save_without_a_preset_is_named_from_its_rules(lang: str) -> None:
    games = {
        kept("kozel", saved_preset=False): "kozel",
        kept("osel", saved_preset=False): "osel",
        kept("all-threes", saved_preset=False): "all-threes",  # a Телефон variant's own preset
        kept("osel", saved_preset=True): "osel",
    }
    result = run("resume", "--list", "--lang", lang)
    assert result.exit_code == 0, result.output
    assert "None" not in result.output
    cells = rules_cells(result.output)
    assert cells == {g[:8]: NAMES[lang][preset] for g, preset in games.items()}, result.output
    assert f"Bot ({NAMES[lang]['easy']})" in result.output


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rules_that_cannot_be_read_are_a_dash(lang: str) -> None:
    game = kept("kozel", saved_preset=False)
    path = saves_dir() / f"{game}.json"
    data = json.loads(path.read_text("utf-8"))
    data["record"]["rules"]["variant"] = "no-such-game"
    path.write_text(json.dumps(data), "utf-8")
    result = run("resume", "--list", "--lang", lang)
    assert result.exit_code == 0, result.output
    assert rules_cells(result.output) == {game[:8]: "—"}, result.output


def test_json_keeps_a_missing_preset_null() -> None:
    kept("kozel", saved_preset=False)
    result = run("resume", "--list", "--json")
    assert result.exit_code == 0, result.output
    (game,) = json.loads(result.output)
    assert game["preset"] is None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_apps_resume_list_names_it_the_same_way(lang: str) -> None:
    from domino_tui.app.screens.saved_games import save_row
    from domino_tui.storage.save_list import list_saves

    kept("osel", saved_preset=False)
    (info,) = list_saves()
    assert info.preset is None
    assert str(save_row(info, lang)[1]) == NAMES[lang]["osel"]
