"""Issue 9 part 9, read off the screen: ←/→ between dialog buttons, the start menu keeps its
place after Esc, Quit asks only while a game runs ("the game stays saved")."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button, OptionList

from domino_tui.app import make_app
from domino_tui.app.screens.dialogs import ConfirmQuit
from domino_tui.app.screens.game_end import GameEndScreen
from domino_tui.app.screens.start import StartScreen
from domino_tui.play.saving import Saves

from .driver import play_to_end, screen_text, seeded_app, settle


def focused_label(app: object) -> str:
    focused = app.screen.focused  # type: ignore[attr-defined]
    assert isinstance(focused, Button)
    return str(focused.label)


async def test_arrows_move_between_the_quit_dialog_buttons(tmp_path: Path) -> None:
    app = seeded_app(saves=Saves.at(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        assert "Leave the table? The game stays saved." in screen_text(app)
        assert focused_label(app) == "No"
        await pilot.press("left")
        assert focused_label(app) == "Yes"
        await pilot.press("right")
        assert focused_label(app) == "No"
        await pilot.press("right")  # wraps around the row
        assert focused_label(app) == "Yes"
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0


async def test_russian_quit_question() -> None:
    app = seeded_app(lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        text = screen_text(app)
        assert "Выйти из-за стола? Эта партия не" in text and "сохраняется." in text, text


async def test_arrows_move_between_the_game_end_buttons() -> None:
    # a match to 1 point ends with its first round, at the same game-end dialog
    app = seeded_app(players=2, levels=("easy",), target=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_end(pilot)
        assert isinstance(app.screen, GameEndScreen)
        assert focused_label(app) == "Play again"
        await pilot.press("right")
        assert focused_label(app) == "Menu"
        await pilot.press("right")
        assert focused_label(app) == "Quit"
        await pilot.press("left", "left")
        assert focused_label(app) == "Play again"
        await pilot.press("right", "enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen), "Enter pressed the focused Menu button"
        # no game at the table now: Quit leaves at once, without a question
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmQuit)
    assert app.return_code == 0


async def test_quit_from_the_start_screen_does_not_ask() -> None:
    app = make_app(settings_path=None, lang="en", saves=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmQuit)
        assert "Leave the table" not in screen_text(app)
    assert app.return_code == 0


async def test_start_menu_keeps_its_place_after_escape() -> None:
    app = make_app(settings_path=None, lang="en", saves=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        for item in ("Settings", "Stats", "Rules", "New game"):
            while str(menu.get_option_at_index(menu.highlighted or 0).prompt) != item:
                await pilot.press("down")
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, StartScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            menu = app.screen.query_one(OptionList)
            assert str(menu.get_option_at_index(menu.highlighted or 0).prompt) == item
            assert f"{item}" in screen_text(app)
