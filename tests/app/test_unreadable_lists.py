"""The app's lists say what cannot be read (issue 22, part 4): a saves or records folder that
exists but cannot be listed is named, with why, in the player's language and cleaned of control
characters, on Resume, Replays and Stats, where an empty list would say "nothing kept". A save
whose match had ended but cannot be counted yet (the statistics cannot be opened) is one notice
in the player's language, and the save stays for the next Resume.

As root ``chmod 000`` does not stop reading, so the folders are made unreadable with the CLI
tests' fake (``os.scandir``/``os.listdir`` raising as the system would)."""

from __future__ import annotations

import errno
from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from domino_tui.app import make_app
from domino_tui.app.screens.replay import ReplayListScreen
from domino_tui.app.screens.saved_games import SavedGamesScreen
from domino_tui.app.screens.start import StartScreen
from domino_tui.app.screens.stats import StatsScreen, open_stats
from domino_tui.play.saving import Saves
from domino_tui.storage import archive_match, list_saves, paths, record_match
from domino_tui.storage.meta import Seat
from domino_tui.storage.saves import save_game
from tests.storage.helpers import bot_match, meta_for, unreadable

from .driver import plain

SEATS = (Seat("Masha"), Seat("Alex"))
HOSTILE = "home\x1b]0;pwned\x07"  # a folder name that would retitle the terminal if printed
SAID = {
    "en": ("cannot be read (permission denied)", "No unfinished games", "No finished matches"),
    "ru": ("не прочитать (нет доступа)", "Неоконченных партий нет", "Сыгранных партий пока нет"),
}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder whose path holds control characters, with a game and a record kept."""
    root = tmp_path / HOSTILE
    monkeypatch.setenv(paths.HOME_ENV, str(root))
    archive_match(bot_match(1, players=2), SEATS, "kozel", game_id="kept")
    save_game(bot_match(2, steps=5, players=2), meta_for(["Masha", "Alex"], preset="kozel"))
    return root


def cleaned(folder: Path) -> str:
    """The folder as the screens show it: ESC and BEL visible, never sent."""
    return str(folder).replace("\x1b", "␛").replace("\x07", "␇")


def check_said(text: str, folder: Path, lang: str, empty: str) -> None:
    assert cleaned(folder) in text and SAID[lang][0] in text, text
    assert "\x1b" not in text and "\x07" not in text
    assert empty not in text  # not "nothing kept"


def flat(widget: Static) -> str:
    """A Static's text on one line (a long path wraps)."""
    return plain(widget, width=1000).replace("\n", "")


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_resume_names_a_saves_folder_that_cannot_be_read(
    home: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    saves = Saves()
    # a patch of its own, undone at the end without undoing the private home (conftest)
    blocked = pytest.MonkeyPatch()
    unreadable(blocked, saves.where, errno.EACCES)
    app = make_app(settings_path=None, lang=lang, saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        menu = start.query_one(OptionList)
        assert not menu.get_option("resume").disabled  # the list is where the reason is said
        start.action_pick("resume")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavedGamesScreen) and screen.infos == []
        empty = screen.query_one("#saves-empty", Static)
        assert empty.display
        check_said(flat(empty), saves.where, lang, SAID[lang][1])
    blocked.undo()
    assert len(list_saves()) == 1  # nothing was changed in it


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_replays_name_a_records_folder_that_cannot_be_read(
    home: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    unreadable(monkeypatch, paths.records_dir(), errno.EACCES)
    app = make_app(settings_path=None, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        app.screen.action_pick("replays")
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, ReplayListScreen) and listing.infos == []
        empty = listing.query_one("#replays-empty", Static)
        assert empty.display and not listing.query_one(OptionList).display
        check_said(flat(empty), paths.records_dir(), lang, SAID[lang][2])


async def test_an_input_output_error_is_said_in_the_systems_words(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unreadable(monkeypatch, paths.records_dir(), errno.EIO)
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        app.screen.action_pick("replays")
        await pilot.pause()
        text = flat(app.screen.query_one("#replays-empty", Static))
        assert "The finished matches cannot be listed" in text
        assert "cannot be read (Input/output error)" in text


async def open_stats_screen(app: object, pilot: object) -> StatsScreen:
    await pilot.pause()  # type: ignore[attr-defined]
    open_stats(app)  # type: ignore[arg-type]
    await pilot.pause()  # type: ignore[attr-defined]
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, StatsScreen)
    return screen


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_stats_without_figures_name_the_records_folder(
    home: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """No statistics file yet: "no finished matches" is true only if no records are kept."""
    assert not paths.stats_path().exists()
    unreadable(monkeypatch, paths.records_dir(), errno.EACCES)
    app = make_app(settings_path=None, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats_screen(app, pilot)
        empty = screen.query_one("#stats-empty", Static)
        assert empty.display
        check_said(flat(empty), paths.records_dir(), lang, "No finished matches yet")
    assert not paths.stats_path().exists()  # looking still creates nothing


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_stats_keep_the_figures_and_name_the_reviews_folder(
    home: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    record_match(bot_match(3, players=2), list(SEATS), game_id="counted")
    unreadable(monkeypatch, paths.records_dir(), errno.EACCES)
    app = make_app(settings_path=None, lang=lang)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_stats_screen(app, pilot)
        assert screen.table.row_count == 2  # the figures come from the statistics, still read
        coach = screen.query_one("#coach", Static)
        assert coach.display
        text = flat(coach)
        check_said(text, paths.records_dir(), lang, "No reviewed matches yet")
        assert ("The reviews cannot be shown" if lang == "en" else "Разборы не показать") in text


async def test_the_stats_line_follows_a_change_of_language(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unreadable(monkeypatch, paths.records_dir(), errno.EACCES)
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats_screen(app, pilot)
        empty = screen.query_one("#stats-empty", Static)
        assert "cannot be read (permission denied)" in flat(empty)
        app.apply_settings(replace(app.settings, lang="ru"))
        await pilot.pause()
        check_said(flat(empty), paths.records_dir(), "ru", "cannot be read")


# --- a save whose match had ended, while the statistics cannot be opened ------------------------

NOT_COUNTED = {
    "en": ("had ended, but it could not be counted yet", "the next Resume tries again"),
    "ru": ("закончилась, но её пока не удалось учесть", "следующее «Продолжить» попробует снова"),
}


@pytest.fixture
def ended(tmp_path: Path) -> tuple[Saves, str]:
    """A save of a match that is over, and statistics that cannot be opened (a folder)."""
    saves = Saves.at(tmp_path)
    meta = meta_for(["Masha", "Alex"], preset="kozel")
    save_game(bot_match(seed=4, players=2), meta, saves.where)
    assert saves.stats_db is not None
    saves.stats_db.mkdir(parents=True)
    return saves, meta.game_id


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_resuming_an_ended_game_that_cannot_be_counted_is_one_notice(
    ended: tuple[Saves, str], lang: str
) -> None:
    saves, game_id = ended
    app = make_app(settings_path=None, lang=lang, saves=saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        start.action_pick("resume")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.game_screen() is None  # no table for a match that is over
        notes = [n.message for n in app._notifications]
        said = [n for n in notes if game_id[:8] in n]
        assert len(said) == 1, notes
        assert all(part in said[0] for part in NOT_COUNTED[lang]), said
        assert "Traceback" not in said[0] and "StatsError" not in said[0]
        if lang == "ru":
            assert "had ended" not in said[0]  # the player's language, not the storage's
    assert [i.game_id for i in list_saves(saves.where)] == [game_id]  # kept for the next try


async def test_resigning_an_ended_game_that_cannot_be_counted_says_the_same(
    ended: tuple[Saves, str],
) -> None:
    saves, game_id = ended
    app = make_app(settings_path=None, lang="en", saves=saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        start.action_pick("resume")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert any(all(p in n for p in NOT_COUNTED["en"]) for n in notes), notes
    assert [i.game_id for i in list_saves(saves.where)] == [game_id]
