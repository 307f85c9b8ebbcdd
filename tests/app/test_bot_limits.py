"""No bot can hang the table (issue 22, part 3): a plugin that hangs or raises gets a stand-in
move after the limit, said in the status line and the log, marked on the sheet and in the
save; a hint or the tutor's look that does not come in time never holds the table; and Quit
ends the process within seconds whatever a bot thread is doing.

The plugins are the installed-looking ones of ``tests/plugins/faulty`` (``hang`` waits until the
test lets it go). Limits are tiny for the failing bot, generous (the defaults) for the rest.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from textual.widgets import Static

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.widgets.table_log import TableLog
from domino_tui.bots.runner import TABLE_LIMIT
from domino_tui.coach import review
from domino_tui.engine.rules import make_rules
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, Seat
from tests.plugins import FAULTY, faulty  # noqa: F401 - the fixture

from .driver import game, plain, screen_text, settle

SEED = 1  # two players: the bot (seat 1) leads the first round
ROOT = Path(__file__).resolve().parents[2]


def bot_table(
    tmp_path: Path, level: str, lang: str = "en", limit: float = 0.2
) -> tuple[DominoApp, GameSession]:
    rules = make_rules({"players": 2})
    session = GameSession(rules, (Seat("Tester"), Seat("Alex", "bot", level)), SEED)
    assert session.match.turn == 1
    session.bot_limit = limit
    saves = Saves.at(tmp_path / "data")
    return make_app(session, settings_path=None, lang=lang, pace="instant", saves=saves), session


def status(app: DominoApp) -> str:
    return " ".join(plain(game(app).query_one("#status", Static)).split())


def log_text(app: DominoApp) -> str:
    lines = game(app).query_one("#log", TableLog).lines
    return " ".join(" ".join(str(line.text) for line in lines).split())


async def wait_for_move(pilot, session: GameSession) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + 60
    while not session.match.round.history and time.monotonic() < deadline:
        await settle(pilot)
    assert session.match.round.history, "no move was made"


@pytest.mark.usefixtures("faulty")
@pytest.mark.parametrize(
    ("level", "lang", "words", "kind"),
    [
        ("hang", "en", "bot hang (seat 2) did not answer within 0.2 s", "overran"),
        ("hang", "ru", "бот hang (место 2) не ответил за 0,2 с", "overran"),
        ("boom", "en", "bot boom (seat 2) failed (ValueError: ␛[2Jno idea!!!", "raised"),
        ("cheat", "en", "bot cheat (seat 2) chose an illegal move (9999)", "illegal"),
    ],
)
async def test_a_failing_bot_gets_a_stand_in_that_the_table_tells(
    tmp_path: Path, level: str, lang: str, words: str, kind: str
) -> None:
    app, session = bot_table(tmp_path, level, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_move(pilot, session)
        await pilot.pause()
        first = session.match.round.history[0]
        assert first.seat == 1  # the stand-in led for the bot
        assert session.match.stand_ins == [{"seat": 1, "bot": level, "kind": kind, "moves": 1}]
        assert words in status(app) and words in log_text(app)
        text = screen_text(app)
        assert "\x1b" not in text
        mark = "stand-in moves" if lang == "en" else "запасные ходы"
        assert mark in text  # on the score sheet's border
        saved = json.loads(next((tmp_path / "data").rglob("*.json")).read_text("utf-8"))
        assert '"stand_ins"' in json.dumps(saved)  # the autosave keeps the mark


async def test_an_honest_table_is_not_marked(tmp_path: Path) -> None:
    # the table's own limit: a tiny one marks an honest bot whose first move waits on a busy
    # machine (a CI run saw easy overrun 0.2 s), and speed is not what this test is about
    app, session = bot_table(tmp_path, "easy", limit=TABLE_LIMIT)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_move(pilot, session)
        assert session.match.stand_ins == [] and "stand-in" not in screen_text(app)


@pytest.mark.usefixtures("faulty")
async def test_leaving_while_a_bot_hangs_does_not_wait_for_it(tmp_path: Path) -> None:
    app, session = bot_table(tmp_path, "hang")
    session.bot_limit = 3600  # the bot is still thinking when the player leaves
    start = time.monotonic()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "thinking" in status(app)
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
    assert time.monotonic() - start < 30  # the run ended; on today's main it never does
    assert session.match.round.history == []


async def test_a_hint_that_does_not_come_in_time_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from domino_tui.bots import explain

    from .test_hints import block_app

    release = threading.Event()  # the search where it lives: the hint imports it when asked
    monkeypatch.setattr(explain, "advise", lambda view, seed: release.wait())
    app = block_app("en")
    game_session = app.first_session
    assert game_session is not None
    game_session.help_limit = 0.1
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("h")
            await settle(pilot)
            assert status(app) == "No hint in time."
    finally:
        release.set()


async def test_a_tutor_look_that_does_not_come_in_time_lays_the_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from .test_tutor import CHOICE_AT, GOOD, lay, position

    release = threading.Event()
    monkeypatch.setattr(review, "tutor_check", lambda view, played, seed=0: release.wait())
    app, session = position(CHOICE_AT)
    session.help_limit = 0.1
    try:
        async with app.run_test(size=(100, 34)) as pilot:
            screen = game(app)
            before = len(session.match.round.history)
            await lay(pilot, screen, GOOD)
            await settle(pilot)
            assert session.match.round.history[before].code == GOOD
    finally:
        release.set()


def _run_in_a_terminal(keys: list[bytes], home: Path) -> tuple[int | None, float, bytes]:
    """``domino play`` against the hanging plugin in a real pseudo-terminal: wait for the bot
    to think, send ``keys``, and return the exit code (None if still running after 20 s), the
    seconds from the last key to the end, and what the terminal showed."""
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, PYTHONPATH=str(FAULTY), DOMINO_TUI_HOME=str(home), TERM="xterm")
    env.pop("TEXTUAL", None)
    command = [sys.executable, "-m", "domino_tui", "play", "--players", "2", "--bots", "hang"]
    proc = subprocess.Popen(
        [*command, "--seed", str(SEED), "--pace", "instant", "--lang", "en"],
        stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, start_new_session=True,
    )  # fmt: skip
    os.close(slave)
    seen = bytearray()

    def drain() -> None:  # the app must never block on a full terminal
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            seen.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 120  # the first frame on a busy machine
        while b"thinking" not in seen and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert b"thinking" in seen, bytes(seen[-2000:])
        time.sleep(0.5)
        for key in keys:
            os.write(master, key)
            time.sleep(1.0)
        last = time.monotonic()
        try:
            code: int | None = proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            code = None
        return code, time.monotonic() - last, bytes(seen)
    finally:
        if proc.poll() is None:
            proc.kill()  # only the process this test started
            proc.wait()
        os.close(master)


@pytest.mark.parametrize("quit_key", [b"q", b"\x03"], ids=["q", "ctrl+c"])
def test_quit_ends_the_process_while_a_plugin_hangs(tmp_path: Path, quit_key: bytes) -> None:
    """Today's main: the app's screen closes but the process lives on (only kill -9 ends it)."""
    code, after, shown = _run_in_a_terminal([quit_key, b"y"], tmp_path / "home")
    assert code == 0, shown[-2000:]
    assert after < 10  # ended within seconds of the answer, not at some bot's leisure
    assert b"Traceback" not in shown


async def test_a_review_that_does_not_finish_in_time_says_so_and_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review runs in its own thread within a limit; past it the panel says so and the
    search stops at its next step instead of running on unseen."""
    from typing import Any

    from domino_tui.app.screens import replay_review
    from domino_tui.app.screens.replay import ReplayScreen, replay_app
    from domino_tui.cli.sim import play_match
    from domino_tui.coach import cache
    from domino_tui.storage import archive_match, load_record, paths
    from domino_tui.storage.meta import Seat as StoredSeat

    from .test_review import panel_words

    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "home"))
    archive_match(
        play_match(make_rules({"players": 2}), 7, ["greedy"] * 2),
        (StoredSeat("Masha"), StoredSeat("Alex", "bot", "greedy")),
    )
    release, stopped = threading.Event(), threading.Event()

    def slow(*args: object, progress: Any = None, **kwargs: object) -> None:
        release.wait(30)
        try:
            progress(1, 45)
        except BaseException:
            stopped.set()
            raise

    monkeypatch.setattr(cache, "reviewed", slow)
    monkeypatch.setattr(replay_review, "REVIEW_LIMIT", 0.2)
    try:
        app = replay_app(load_record("last"), settings_path=None)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await settle(pilot)
            screen = pilot.app.screen
            assert isinstance(screen, ReplayScreen)
            words = " ".join(panel_words(screen).split())
            assert "The review did not finish within 0.2 s and was stopped." in words
    finally:
        release.set()
    assert stopped.wait(30)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "A stand-in moved for a bot that failed: this match is kept out of the rating."),
        ("ru", "За бота, давшего сбой, ходил запасной игрок: партия не идёт в рейтинг."),
    ],
)
def test_the_match_end_says_a_stand_in_moved(lang: str, words: str) -> None:
    from io import StringIO

    from rich.console import Console

    from domino_tui.app.screens.game_end import final_summary

    rules = make_rules({"players": 2})
    session = GameSession(rules, (Seat("Tester"), Seat("Alex", "bot", "easy")), SEED)
    console = Console(width=120, file=StringIO(), record=True, color_system=None)
    console.print(final_summary(session, lang))
    assert words not in " ".join(console.export_text().split())
    session.match.stand_ins = [{"seat": 1, "bot": "hang", "kind": "overran", "moves": 4}]
    console.print(final_summary(session, lang))
    assert words in " ".join(console.export_text().split())
