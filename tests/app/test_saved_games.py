"""Every unfinished game is kept (issue 8): the Resume list (newest first, 80×24), resume,
delete and resign (K10.1) from it with a confirmation, a game open in another window left
alone, a bot level that is gone replaced by a stand-in, names shown as text, a full or
read-only disk reported once while play goes on, and ``domino resume`` in all its forms."""

from __future__ import annotations

import errno
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from textual.widgets import DataTable
from typer.testing import CliRunner

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.saved_games import ConfirmSave, SavedGamesScreen
from domino_tui.app.screens.start import StartScreen
from domino_tui.cli import app as cli
from domino_tui.engine.rules import make_rules
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, Seat
from domino_tui.storage import StatsDB, list_records, list_saves, load_game
from domino_tui.storage import saves as store
from domino_tui.storage.locks import GameLock

from .driver import fingerprint, game, screen_text, settle


def saved_session(
    saves: Saves,
    seed: int,
    names: tuple[str, ...] = ("Tester", "Alex", "Olya"),
    levels: tuple[str, ...] = ("easy", "medium"),
    hours_ago: float = 0,
) -> GameSession:
    """A game against bots, a few moves in (the human to move), saved and let go."""
    rules = make_rules({"players": len(names)})
    seats = (Seat(names[0]), *(Seat(n, "bot", lv) for n, lv in zip(names[1:], levels, strict=True)))
    session = GameSession(rules, seats, seed)
    session.lang = "en"
    while sum(map(len, session.match.actions)) < 6 or session.match.turn != 0:
        session.match.apply(session.match.legal_actions()[0])
    saves.listen(session, None, None)
    saves.release()
    if hours_ago:
        path = saves.where / f"{session.game_id}.json"
        data = json.loads(path.read_text("utf-8"))
        when = datetime.now(UTC) - timedelta(hours=hours_ago)
        data["saved_at"] = when.isoformat(timespec="seconds")
        path.write_text(json.dumps(data), "utf-8")
    return session


async def open_list(app: DominoApp) -> SavedGamesScreen:
    start = app.screen
    assert isinstance(start, StartScreen)
    start.action_pick("resume")
    await app.workers.wait_for_complete()
    screen = app.screen
    assert isinstance(screen, SavedGamesScreen)
    return screen


async def test_resume_lists_every_game_newest_first_in_80x24(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    old = saved_session(saves, 1, hours_ago=5)
    new = saved_session(saves, 2, names=("Masha", "[/]x[@click=quit]", "Olya"), hours_ago=1)
    app = make_app(settings_path=None, lang="en", saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = await open_list(app)
        await pilot.pause()
        assert [i.game_id for i in screen.infos] == [new.game_id, old.game_id]
        text = screen_text(app)
        assert "Unfinished games" in text and "Players" in text and "Score" in text
        assert "[/]x[@click=quit]" in text, "a name is drawn as typed, never as markup"
        table = screen.query_one(DataTable)
        assert table.region.right <= 80 and table.region.bottom <= 24
        assert table.virtual_size.width <= table.region.width, "no column runs off screen"
        await pilot.press("down", "enter")  # the older game
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert game(app).session.game_id == old.game_id
        assert fingerprint(game(app).match) == fingerprint(old.match)


async def test_russian_list_fits_too(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    saved_session(saves, 1, names=("Маша", "Саша", "Оля", "Петя"), levels=("hard",) * 3)
    app = make_app(settings_path=None, lang="ru", saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_list(app)
        await pilot.pause()
        text = screen_text(app)
        assert "Неоконченные партии" in text and "Маша, Саша, Оля, Петя" in text


async def test_delete_asks_first_and_removes_only_that_game(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    keep = saved_session(saves, 1, hours_ago=3)
    drop = saved_session(saves, 2, hours_ago=1)
    app = make_app(settings_path=None, lang="en", saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = await open_list(app)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmSave)
        await pilot.press("n")  # no: nothing happens
        await pilot.pause()
        assert len(list_saves(saves.where)) == 2
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert [i.game_id for i in screen.infos] == [keep.game_id]
    assert [i.game_id for i in list_saves(saves.where)] == [keep.game_id]
    assert drop.game_id not in {i.game_id for i in list_saves(saves.where)}
    assert list_records(tmp_path / "records") == []


async def test_resign_from_the_list_counts_as_left_K10_1(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    saved_session(saves, 3)
    app = make_app(settings_path=None, lang="en", saves=saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        screen = await open_list(app)
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmSave) and "Resigning: Tester." in dialog.question
        await pilot.press("y")
        await pilot.pause()
        assert screen.infos == []
        assert any("Resigned by Tester" in n.message for n in app._notifications)
    with StatsDB(tmp_path / "stats.sqlite3") as db:
        tester = db.profile("Tester")
        assert tester is not None and tester.abandoned == 1 and tester.matches == 1
    (record,) = list_records(tmp_path / "records")
    assert record.players[0] == "Tester"


async def test_a_game_open_in_another_window_is_marked_and_not_taken(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    session = saved_session(saves, 4)
    other_window = GameLock(saves.where, session.game_id)
    assert other_window.acquire()
    app = make_app(settings_path=None, lang="en", saves=saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        screen = await open_list(app)
        await pilot.pause()
        assert "open in another window" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen, "not resumed"
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert "This game is open in another window." in said
    assert load_game(session.game_id, saves.where) is not None, "still there"
    other_window.release()


async def test_a_bot_level_that_is_gone_gets_a_stand_in(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    session = saved_session(saves, 5)
    path = saves.where / f"{session.game_id}.json"
    data = json.loads(path.read_text("utf-8"))
    data["meta"]["seats"][1]["level"] = "uninstalled_plugin:depth=3"
    path.write_text(json.dumps(data), "utf-8")
    app = make_app(settings_path=None, lang="en", saves=saves)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        assert app.resume(session.game_id)
        await settle(pilot)
        resumed = game(app).session
        assert resumed.seats[1].level == "hard"
        said = [n.message for n in app._notifications]
        assert any("uninstalled_plugin:depth=3 of Alex is not installed" in m for m in said)


async def test_a_new_game_keeps_the_unfinished_one(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    first = saved_session(saves, 6)
    app = make_app(settings_path=None, lang="en", pace="instant", saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.resume(first.game_id)
        await settle(pilot)
        again = game(app).session
        app.play_again(again)  # New game / Play again: another table, another save
        await settle(pilot)
        second = game(app).session
        await pilot.press("enter")
        await settle(pilot)
        assert second.game_id != first.game_id
        ids = {i.game_id for i in list_saves(saves.where)}
        assert first.game_id in ids and second.game_id in ids
        assert saves.holds(second.game_id) and not saves.holds(first.game_id)


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
async def test_a_full_or_read_only_disk_is_reported_once_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    saves = Saves.at(tmp_path)
    first = saved_session(saves, 7)
    path = saves.where / f"{first.game_id}.json"
    before = path.read_bytes()

    def disk_error(*_args: object) -> None:
        raise OSError(code, "injected")

    app = make_app(settings_path=None, lang="en", pace="instant", saves=saves)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        assert app.resume(first.game_id)
        await settle(pilot)
        monkeypatch.setattr(store, "write_atomic", disk_error)
        screen = game(app)
        moves = sum(map(len, screen.match.actions))
        for _ in range(3):
            if screen.my_turn():
                legal = screen.match.legal_actions()
                await pilot.press("d" if legal == [1] else "enter")
                if screen.turn.choosing >= 0:
                    await pilot.press("enter")
            await settle(pilot)
        assert sum(map(len, screen.match.actions)) > moves, "play went on"
        assert screen_text(app).count("could not be saved") == 1
        assert app.screen is screen or isinstance(app.screen, GameScreen)
    assert path.read_bytes() == before, "the old save is intact"


# --- domino resume ---------------------------------------------------------------------------


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[DominoApp]:
    apps: list[DominoApp] = []
    monkeypatch.setattr(DominoApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


def home_saves(home: Path) -> Saves:
    return Saves(home / "data" / "saves", home / "data" / "records", home / "data" / "stats.db")


def run(home: Path, *args: str, stdin: str | None = None) -> tuple[int, str]:
    env = {"DOMINO_TUI_HOME": str(home), "DOMINO_TUI_CONFIG_DIR": ""}
    result = CliRunner().invoke(cli, ["resume", *args], env=env, input=stdin)
    return result.exit_code, result.output


def test_resume_list_prints_every_game_newest_first(tmp_path: Path) -> None:
    saves = home_saves(tmp_path)
    old = saved_session(saves, 1, names=("Old\x1b]0;pwn\x07", "B", "C"), hours_ago=4)
    new = saved_session(saves, 2, names=("New", "[red]B[/red]", "C"), hours_ago=1)
    code, out = run(tmp_path, "--list")
    assert code == 0
    assert out.index(new.game_id[:8]) < out.index(old.game_id[:8])
    assert "[red]B[/red]" in out and "\x1b" not in out
    code, out = run(tmp_path, "--list", "--json")
    listed = json.loads(out)
    assert [g["game_id"] for g in listed] == [new.game_id, old.game_id]
    assert listed[0]["players"][1]["name"] == "[red]B[/red]"


def test_resume_picks_the_newest_or_an_id_prefix(tmp_path: Path, opened: list[DominoApp]) -> None:
    saves = home_saves(tmp_path)
    old = saved_session(saves, 1, hours_ago=4)
    new = saved_session(saves, 2, hours_ago=1)
    assert run(tmp_path)[0] == 0
    assert run(tmp_path, old.game_id[:6])[0] == 0
    first, second = (app.first_session for app in opened)
    assert first is not None and first.game_id == new.game_id
    assert second is not None and second.game_id == old.game_id


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["zz-top"], 2, "is not a game id"),
        (["abcdef"], 2, "no saved game has the id"),
        (["--delete"], 2, "say which game"),
        (["--list", "--delete"], 2, "choose one of"),
        (["--json"], 2, "choose one of"),
    ],
)
def test_resume_refuses_bad_input_with_exit_2(
    tmp_path: Path, args: list[str], code: int, words: str
) -> None:
    saved_session(home_saves(tmp_path), 1)
    got, out = run(tmp_path, *args)
    assert (got, words in out) == (code, True), out
    assert "Traceback" not in out


def test_resume_without_any_game_exits_1(tmp_path: Path) -> None:
    assert run(tmp_path, "abc123") == (1, "domino: there is no saved game\n")
    code, out = run(tmp_path)
    assert code == 1 and "no saved game" in out


def test_an_ambiguous_prefix_asks_for_more(tmp_path: Path) -> None:
    saves = home_saves(tmp_path)
    for seed in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17):
        saved_session(saves, seed)
    ids = [i.game_id for i in saves.listing()]
    prefix = next(c for c in "0123456789abcdef" if sum(i.startswith(c) for i in ids) > 1)
    code, out = run(tmp_path, prefix)
    assert code == 2 and "give more of the id" in out


def test_delete_and_resign_from_the_command_line(tmp_path: Path) -> None:
    saves = home_saves(tmp_path)
    keep = saved_session(saves, 1)
    drop = saved_session(saves, 2)
    code, out = run(tmp_path, drop.game_id[:8], "--delete", stdin="n\n")
    assert code == 1 and "nothing was changed" in out
    code, out = run(tmp_path, drop.game_id[:8], "--delete", "--yes")
    assert code == 0 and "deleted" in out
    code, out = run(tmp_path, keep.game_id[:8], "--resign", stdin="y\n")
    assert code == 0 and "resigned by Tester" in out and "K10.1" in out
    assert saves.listing() == []
    with StatsDB(tmp_path / "data" / "stats.sqlite3") as db:
        tester = db.profile("Tester")
        assert tester is not None and tester.abandoned == 1


def test_resume_of_a_game_open_elsewhere_says_so(tmp_path: Path) -> None:
    saves = home_saves(tmp_path)
    session = saved_session(saves, 1)
    lock = GameLock(saves.where, session.game_id)
    assert lock.acquire()
    code, out = run(tmp_path, session.game_id[:8])
    assert code == 1 and "open in another window" in out
    code, out = run(tmp_path, session.game_id[:8], "--resign", "--yes")
    assert code == 1 and "open in another window" in out
    code, out = run(tmp_path)
    assert code == 1 and "open in another window" in out
    lock.release()


async def test_a_refused_delete_is_told_in_russian(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = Saves.at(tmp_path)
    saved_session(saves, 1)

    def refuse(game_id: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "delete", refuse)
    app = make_app(settings_path=None, lang="ru", saves=saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await open_list(app)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert any(m.startswith("Не сделано: ") and "No space left" in m for m in said), said
    assert len(list_saves(saves.where)) == 1
