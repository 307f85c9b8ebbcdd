"""The Replays and Stats screens against hostile and damaged files: names reach the screen as
text (no escape codes, no markup), a damaged record picked from the list is set aside with one
line and the list goes on, a damaged statistics file is rebuilt with a notice, and a statistics
path that cannot be used is one line on the screen, never a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from domino_tui.app import make_app
from domino_tui.app.screens.replay import ReplayListScreen
from domino_tui.app.screens.stats import StatsScreen, open_replays, open_stats
from domino_tui.storage import archive_match, paths
from domino_tui.storage.meta import Seat
from domino_tui.storage.stats import StatsDB

from .driver import plain
from .test_replay_stats import greedy_match

HOSTILE = "\x1b]52;c;cHduZWQ=\x07[bold red]Eve[/]"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "home"))
    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "home"


async def test_hostile_names_in_the_replays_list_are_text() -> None:
    archive_match(greedy_match(8, 2), [Seat(HOSTILE), Seat("Alex")], game_id="h")
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        open_replays(app)
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, ReplayListScreen)
        prompt = str(listing.query_one(OptionList).get_option_at_index(0).prompt)
        assert "\x1b" not in prompt and "\x07" not in prompt
        assert "[bold red]Eve[/]" in prompt  # shown as written, not read as markup


async def test_a_damaged_record_picked_from_the_list_is_set_aside_and_the_list_goes_on() -> None:
    good = archive_match(greedy_match(7, 2), [Seat("Masha"), Seat("Alex")], game_id="g")
    bad = archive_match(greedy_match(9, 2), [Seat("Olya"), Seat("Alex")], game_id="b")
    bad.write_text(bad.read_text()[:-40])  # cut short after its summary: listed, not loadable
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        open_replays(app)
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, ReplayListScreen)
        menu = listing.query_one(OptionList)
        assert menu.option_count == 2
        index = next(i for i, info in enumerate(listing.infos) if info.path == bad)
        menu.highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is listing
        assert [i.path for i in listing.infos] == [good]
        assert list(bad.parent.glob(f"{bad.name}.corrupt-*"))


async def _stats_screen(app: object, pilot: object) -> StatsScreen:
    await pilot.pause()  # type: ignore[attr-defined]
    open_stats(app)  # type: ignore[arg-type]
    await pilot.pause()  # type: ignore[attr-defined]
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, StatsScreen)
    return screen


async def test_a_damaged_statistics_file_is_rebuilt_with_a_notice() -> None:
    match = greedy_match(7, 2)
    seats = [Seat(HOSTILE), Seat("Alex")]
    path = archive_match(match, seats, game_id="g")
    with StatsDB() as db:
        db.record_match(match, seats, game_id="g", record_name=path.stem)
    paths.stats_path().write_bytes(b"junk" * 1000)
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await _stats_screen(app, pilot)
        assert screen.figures is not None
        notes = [n.message for n in app._notifications]
        assert any("rebuilt from 1 kept record" in note for note in notes), notes
        names = [p.name for p in screen.section.profiles]
        assert len(names) == 2 and all("\x1b" not in n for n in names)
        assert "\x1b" not in str(screen.query_one("#rating").border_title)


async def test_a_statistics_path_that_cannot_be_used_is_one_line_on_screen() -> None:
    paths.data_dir().mkdir(parents=True)
    os.mkfifo(paths.stats_path())
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await _stats_screen(app, pilot)
        empty = screen.query_one("#stats-empty", Static)
        assert empty.display and "not a regular file" in plain(empty)


async def test_the_damaged_statistics_notice_speaks_russian() -> None:
    """The storage layer hands the facts; the app words them in the player's language."""
    match = greedy_match(7, 2)
    seats = [Seat("Маша"), Seat("Alex")]
    path = archive_match(match, seats, game_id="g")
    with StatsDB() as db:
        db.record_match(match, seats, game_id="g", record_name=path.stem)
    paths.stats_path().write_bytes(b"junk" * 1000)
    app = make_app(settings_path=None, lang="ru")
    async with app.run_test(size=(120, 30)) as pilot:
        await _stats_screen(app, pilot)
        notes = [n.message for n in app._notifications]
        assert any(
            note.startswith("Файл статистики был повреждён")
            and "перемещён в stats.sqlite3.corrupt-" in note
            and note.endswith("статистика восстановлена из архива: 1 запись.")
            for note in notes
        ), notes
        assert not any("rebuilt" in note or "statistics" in note for note in notes), notes


@pytest.mark.parametrize(
    ("lang", "counted", "damaged", "tail"),
    [
        ("en", 2, 1, "rebuilt from 2 kept records. 1 damaged record was skipped and moved aside."),
        ("en", 1, 3, "rebuilt from 1 kept record. 3 damaged records were skipped and moved aside."),
        ("ru", 5, 2, "из архива: 5 записей. 2 повреждённые записи отложены в сторону."),
        ("ru", 21, 5, "из архива: 21 запись. 5 повреждённых записей отложено в сторону."),
    ],
)
def test_skipped_records_are_counted_in_words(
    lang: str, counted: int, damaged: int, tail: str
) -> None:
    from domino_tui.storage.stats import Rebuilt, Replaced
    from domino_tui.words.strings import stats_replaced

    rebuilt = Rebuilt(counted, tuple(f"r{i}" for i in range(damaged)))
    text = stats_replaced(Replaced("not a database", "stats.sqlite3.corrupt-1", rebuilt), lang)
    assert text.endswith(tail), text
