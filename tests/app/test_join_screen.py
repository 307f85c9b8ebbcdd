"""The start screen's "Join a table" (issue 25): the invitation pasted, read forgivingly, and
every failure said in one line on the screen — never a traceback, never a hang."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Static

from domino_tui.app import make_app
from domino_tui.app.screens.join import JoinScreen
from domino_tui.app.screens.start import StartScreen
from tests.app.driver import plain, settle


async def open_join(pilot) -> JoinScreen:  # type: ignore[no-untyped-def]
    start = pilot.app.screen
    assert isinstance(start, StartScreen)
    menu = start.query_one(OptionList)
    menu.highlighted = menu.get_option_index("join")
    await pilot.press("enter")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, JoinScreen)
    return screen


async def said_after(pilot, line: str) -> str:  # type: ignore[no-untyped-def]
    screen = await open_join(pilot)
    screen.query_one("#invite", Input).value = line
    screen.query_one("#name", Input).value = "Olya"
    await pilot.click("#go")
    await settle(pilot)
    return plain(screen.query_one("#join-said", Static))


async def test_a_line_that_is_no_invitation_is_said_in_one_line() -> None:
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        text = await said_after(pilot, "domino join 192.168.1.5:7340 K7QF")
        assert text.startswith("Could not join: a table's code is 8 letters and digits")
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)


async def test_a_bad_address_is_refused_in_russian_too() -> None:
    app = make_app(settings_path=None, lang="ru")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        text = await said_after(pilot, "domino join http://x K7QF-M2XD")
        assert text.startswith("Не удалось сесть за стол: адрес — имя компьютера")
