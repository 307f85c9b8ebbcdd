"""Saved games at the table (issues 5 and 8): a save per game after every action, a killed
process resumed exactly, Resume on the start screen (through the list of games), a damaged save
moved aside with a message, the bookkeeping at the end, and undo against bots."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static
from typer.testing import CliRunner

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.saved_games import SavedGamesScreen
from domino_tui.app.screens.start import StartScreen
from domino_tui.cli import app as cli
from domino_tui.engine.actions import DRAW, KNOCK
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, table_seats
from domino_tui.storage import GameMeta, StatsDB, list_records, load_game, save_game
from domino_tui.storage.meta import Seat as StoredSeat

from .driver import fingerprint, game, plain, play_to_end, screen_text, seeded_app, settle

ROOT = Path(__file__).resolve().parents[2]


def bot_session(seed: int = 11, **options: object) -> GameSession:
    rules = make_rules({"players": 3, **options})
    return GameSession(rules, table_seats(["human", "easy", "medium"], ["Tester"], "en"), seed)


def played(session: GameSession, steps: int) -> GameSession:
    """At least ``steps`` actions (a bot plays the human's chair too), stopping where the human
    is to move, as a game left in progress."""
    from domino_tui.bots import make_bot

    bot = make_bot("easy", 1)
    done = 0
    while done < steps or session.match.turn != 0:
        session.match.apply(bot.choose(seat_view(session.match, session.match.turn)))
        done += 1
    return session


async def test_every_action_is_saved_and_replays_to_the_same_state(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    app = seeded_app(seed=3, saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        for _ in range(3):
            await pilot.press("d" if screen.match.legal_actions() == [DRAW] else "enter")
            if screen.turn.choosing >= 0:
                await pilot.press("enter")
            await settle(pilot)
            saved = load_game(screen.session.game_id, saves.folder)
            assert saved is not None
            assert fingerprint(saved.match) == fingerprint(screen.match)
            assert [s.name for s in saved.meta.seats] == ["Tester", "Alex", "Olya", "Serg"]
            assert (saved.meta.lang, saved.meta.pace, saved.meta.hotseat) == (
                "en",
                "instant",
                False,
            )
        await pilot.press("ctrl+c", "y")  # leaving the table keeps the game
        await pilot.pause()
    assert saves.exists() and load_game(saves.latest() or "", saves.folder) is not None


CHILD = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[2])
    from driver import fingerprint
    from domino_tui.play.session import GameSession
    from domino_tui.app import make_app
    from domino_tui.play.saving import Saves
    from domino_tui.play.session import table_seats
    from domino_tui.engine.rules import make_rules

    rules = make_rules({"players": 3})
    seats = table_seats(["easy", "easy", "medium"], [], "en")
    session = GameSession(rules, seats, 21)

    def report(s, code, result):  # straight to the pipe: the running app captures print()
        count = sum(len(moves) for moves in s.match.actions)
        sys.__stdout__.write(f"{count} {fingerprint(s.match)}\\n")
        sys.__stdout__.flush()

    app = make_app(session, settings_path=None, lang="en", pace="instant",
                   on_action=report, saves=Saves.at(Path(sys.argv[1])))
    app.run(headless=True, size=(80, 24))
    """
)


def test_killed_mid_game_resumes_identically(tmp_path: Path) -> None:
    """The app runs in a process of its own and is killed with SIGKILL mid-round: the save on
    disk is the state it last reported (or the one before, if death came between the report
    and the write), never a broken file."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(tmp_path), str(Path(__file__).parent)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert child.stdout is not None
    watchdog = threading.Timer(60, child.kill)  # a child that never reports fails, not hangs
    watchdog.start()
    reported: dict[int, str] = {}
    try:
        for line in child.stdout:
            steps, _, state = line.partition(" ")
            reported[int(steps)] = state.strip()
            if len(reported) >= 12:  # mid-round: the first round is longer
                child.send_signal(signal.SIGKILL)
                break
    finally:
        watchdog.cancel()
        child.kill()
        rest, errors = child.communicate(timeout=30)
    for line in rest.splitlines():
        steps, _, state = line.partition(" ")
        reported[int(steps)] = state.strip()
    assert len(reported) >= 12, errors[-2000:]
    saved = Saves.at(tmp_path).load()
    assert saved is not None, "the game was not over and its save is there"
    count = sum(len(moves) for moves in saved.match.actions)
    assert count >= max(reported) - 1
    assert fingerprint(saved.match) == reported[count]
    assert [s.name for s in saved.seats] == [s.name for s in table_seats(["easy"] * 3, [], "en")]
    assert saved.seed == 21 and saved.lang == "en" and saved.pace == "instant"


async def test_resume_from_the_start_screen_continues_the_game(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    session = played(bot_session(seed=11), 9)
    session.lang, session.pace = "ru", "instant"
    saves.listen(session, None, None)
    before = fingerprint(session.match)
    app = make_app(settings_path=None, lang="en", saves=saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        menu = start.query_one(OptionList)
        menu.highlighted = menu.get_option_index("resume")
        await pilot.press("enter")  # the list of unfinished games, the newest highlighted
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert app.settings.lang == "ru" and app.pace == "instant", "the game's own language"
        resumed = screen.session
        assert [s.name for s in resumed.seats] == [s.name for s in session.seats]
        assert [s.level for s in resumed.seats] == ["", "easy", "medium"]
        assert fingerprint(resumed.match) == before, "the human is to move, nothing moved"
        await pilot.press("enter")  # and the game goes on
        await settle(pilot)
        assert sum(map(len, resumed.match.actions)) > sum(map(len, session.match.actions))
        assert resumed.game_id == session.game_id


def test_resumed_bots_are_the_same_bots(tmp_path: Path) -> None:
    """Bots are seeded from the game's seed and their chair, so a resumed game has the same."""
    session = played(bot_session(seed=5), 6)
    writer = Saves.at(tmp_path)
    writer.listen(session, None, None)
    writer.release()  # the table closed
    again = Saves.at(tmp_path).load()
    assert again is not None
    choices = 0
    while not session.match.results:  # every bot decision of the first round
        seat = session.match.turn
        view = seat_view(session.match, seat)
        code = session.bots[seat].choose(view) if seat else view.legal[0]
        if seat:
            assert again.bots[seat].choose(seat_view(again.match, seat)) == code
            choices += 1
        session.match.apply(code)
        again.match.apply(code)
    assert choices > 5


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        '{"format": "something-else", "version": 1}',
        '{"format": "domino-tui/save", "version": 99}',
    ],
)
async def test_broken_save_is_moved_aside_and_the_app_starts(tmp_path: Path, content: str) -> None:
    saves = Saves.at(tmp_path)
    save = tmp_path / "saves" / f"{'ab' * 16}.json"
    save.parent.mkdir()
    save.write_text(content, "utf-8")
    app = make_app(settings_path=None, lang="en", saves=saves)
    async with app.run_test(size=(120, 30), notifications=True) as pilot:
        await pilot.pause()
        assert app.can_resume()
        assert app.resume() is False
        await pilot.pause()
        assert isinstance(app.screen, StartScreen), "the app carries on at the start screen"
        assert "The saved game cannot be resumed" in screen_text(app), "a toast says so"
        assert not app.can_resume()
    assert not save.exists()
    aside = [p for p in save.parent.iterdir() if p.name.startswith(f"{save.name}.corrupt-")]
    assert len(aside) == 1 and aside[0].read_text("utf-8") == content, "moved, never deleted"


async def test_finished_match_is_archived_and_counted(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    app = seeded_app(seed=5, target=41, saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_end(pilot)
    assert not saves.exists()
    (record,) = list_records(tmp_path / "records")
    assert record.players == ("Tester", "Alex", "Olya", "Serg") and record.goats
    with StatsDB(tmp_path / "stats.sqlite3") as db:
        names = {p.name: p for p in db.profiles()}
    assert names["Tester"].matches == 1


def test_save_write_failure_is_reported_once(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", "utf-8")
    saves = Saves(blocker / "saves")  # its folder is a file: every write fails
    heard: list[str] = []
    saves.notify = heard.append
    session = played(bot_session(), 2)
    saves.listen(session, None, None)
    saves.listen(session, None, None)
    assert len(heard) == 1 and heard[0].startswith("The game could not be saved")


# --- undo --------------------------------------------------------------------------------------


async def test_undo_restores_the_exact_previous_state() -> None:
    app = seeded_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        while len(screen.match.legal_actions()) < 2:  # find a real choice
            await pilot.press("d" if screen.match.legal_actions() == [DRAW] else "k")
            await settle(pilot)
        before = fingerprint(screen.match)
        await pilot.press("enter")
        if screen.turn.choosing >= 0:
            await pilot.press("enter")
        await settle(pilot)
        assert fingerprint(screen.match) != before
        await pilot.press("u")
        await settle(pilot)
        assert fingerprint(screen.match) == before
        assert screen.my_turn()
        assert "Taken back" in plain(screen.query_one("#status", Static))


async def test_undo_skips_forced_draws_back_to_the_choice(tmp_path: Path) -> None:
    session = bot_session(seed=4)  # a seed where the human draws after a choice in round 1
    app = make_app(session, settings_path=None, lang="en", pace="instant", saves=Saves.at(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        choice_state: str | None = None
        for _ in range(200):
            legal = screen.match.legal_actions()
            if legal == [DRAW] and choice_state is not None:
                await pilot.press("d")
                await settle(pilot)
                break
            if len(legal) > 1:
                choice_state = fingerprint(screen.match)
            await pilot.press("d" if legal == [DRAW] else "k" if legal == [KNOCK] else "enter")
            if screen.turn.choosing >= 0:
                await pilot.press("enter")
            await settle(pilot)
            if screen.match.number > 1:
                choice_state = None
                break
        if choice_state is None:
            raise AssertionError("seed 4 was expected to bring a draw after a choice")
        await pilot.press("u")
        await settle(pilot)
        assert fingerprint(screen.match) == choice_state
        saved = load_game(screen.session.game_id, tmp_path / "saves")
        assert saved is not None and fingerprint(saved.match) == choice_state, "undo is saved"


async def test_undo_can_be_switched_off() -> None:
    app = seeded_app(seed=3)
    app.settings = replace(app.settings, undo=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        await pilot.press("enter")
        await settle(pilot)
        moves = [list(m) for m in screen.match.actions]
        await pilot.press("u")
        assert [list(m) for m in screen.match.actions] == moves
        assert "switched off" in plain(screen.query_one("#status", Static))
        assert "u Undo" not in screen_text(app), "the footer offers no undo"


def test_resume_command_without_a_save_says_so(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["resume"], env={"DOMINO_TUI_HOME": str(tmp_path)})
    assert result.exit_code == 1
    assert "no saved game" in result.output and "Traceback" not in result.output


def test_saved_meta_holds_the_hotseat_timer(tmp_path: Path) -> None:
    rules = make_rules({"players": 2})
    session = GameSession(rules, table_seats(["human"] * 2, ["Masha", "Alex"], "en"), 4, timer=30)
    session.lang, session.pace = "ru", "fast"
    writer = Saves.at(tmp_path)
    writer.listen(session, None, None)
    writer.release()
    saved = load_game(session.game_id, tmp_path / "saves")
    assert saved is not None
    meta = saved.meta
    assert (meta.hotseat, meta.turn_timer, meta.undo, meta.lang) == (True, 30, False, "ru")
    back = Saves.at(tmp_path).load()
    assert back is not None and back.timer == 30 and back.hotseat


def test_save_of_the_storage_layer_is_read_by_the_app(tmp_path: Path) -> None:
    """A save written by the storage layer alone (another front end) opens at the table."""
    match = Match(make_rules({"players": 2}), 7)
    meta = GameMeta(seats=(StoredSeat("Masha"), StoredSeat("Bot", "bot", "medium")), lang="en")
    save_game(match, meta, tmp_path / "saves")
    session = Saves.at(tmp_path).load()
    assert session is not None
    assert [(s.name, s.kind, s.level) for s in session.seats] == [
        ("Masha", "human", ""),
        ("Bot", "bot", "medium"),
    ]


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[DominoApp]:
    """Apps the CLI would run, kept instead of run (no terminal in a test)."""
    apps: list[DominoApp] = []
    monkeypatch.setattr(DominoApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


def test_resume_command_with_a_damaged_save_opens_the_app_with_a_message(
    tmp_path: Path, opened: list[DominoApp]
) -> None:
    save = tmp_path / "data" / "autosave.json"
    save.parent.mkdir(parents=True)
    save.write_text('{"format": "domino-tui/save", "version": 1, "meta": {}}', "utf-8")
    env = {"DOMINO_TUI_HOME": str(tmp_path), "DOMINO_TUI_CONFIG_DIR": ""}
    result = CliRunner().invoke(cli, ["resume"], env=env)
    assert result.exit_code == 0 and "Traceback" not in result.output
    (app,) = opened
    assert app.first_session is None and app.notice is not None
    assert "cannot be resumed" in app.notice and "moved to" in app.notice
    assert not save.exists() and any((save.parent / "saves").glob("*.json.corrupt-*"))


def test_hotseat_command_seats_the_friends_and_saves(
    tmp_path: Path, opened: list[DominoApp]
) -> None:
    env = {"DOMINO_TUI_HOME": str(tmp_path), "DOMINO_TUI_CONFIG_DIR": ""}
    args = ["hotseat", "Masha", "Alex", "--bots", "easy", "--seed", "2", "--timer", "30"]
    result = CliRunner().invoke(cli, [*args, "--set", "target=51", "--lang", "en"], env=env)
    assert result.exit_code == 0, result.output
    (app,) = opened
    session = app.first_session
    assert session is not None and session.hotseat and session.timer == 30
    assert [s.name for s in session.seats][:2] == ["Masha", "Alex"] and session.seed == 2
    assert session.rules.target == 51 and session.seats[2].level == "easy"
    assert app.saves is not None and app.saves.listen in session.listeners
