"""Tutor mode (issue 12, part 4): a mistake is stopped before it is laid, from the player's own
view only, in a worker that never freezes the table; Take back and Play anyway; the setting,
the ``--tutor`` flag and the guided game's default."""

from __future__ import annotations

import json
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Switch
from typer.testing import CliRunner

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.learn import LearnScreen
from domino_tui.app.screens.tutor import TutorWarning
from domino_tui.bots import make_bot
from domino_tui.cli import app as cli
from domino_tui.coach import review
from domino_tui.coach.review import Decision
from domino_tui.engine.actions import DRAW
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import SeatView, seat_view
from domino_tui.play.lesson import lesson_session
from domino_tui.play.session import GameSession, Seat
from domino_tui.storage.settings import Settings, SettingsStore, take_notice

from .driver import game, screen_text, settle

SEED = 1
# a two-player Козёл deal (seed 1, medium bots on both chairs): after 13 actions the human
# holds 0-1 0-4 1-4 1-5 3-3 4-4 4-5 4-6 5-5, the ends show 5 and 1, the opponent 4 tiles with 8
# in the базар. 1-5 on the 5 is a blunder at the test budget (about 15 ± 3 points); 1-5 on the
# 1 is the best move: it leaves 5 at both ends, and Alex, next to play, has shown no 5s
CHOICE_AT = 13
BLUNDER, GOOD = 22, 23  # tile 11 on the left end, on the right end
MUST_DRAW_AT = 1  # the human has nothing to play: the draw is forced


def position(actions: int, tutor: bool | None = True) -> tuple[DominoApp, GameSession]:
    """The seeded two-player table after ``actions`` actions, the human (seat 0) to move."""
    rules = make_rules({"players": 2})
    match = Match(rules, SEED)
    bot = make_bot("medium", SEED)
    for _ in range(actions):
        match.apply(bot.choose(seat_view(match, match.turn)))
    assert match.turn == 0
    seats = (Seat("Tester"), Seat("Alex", "bot", "medium"))
    session = GameSession(rules, seats, SEED, match=match)
    session.tutor = tutor
    return make_app(session, settings_path=None, lang="en", pace="instant"), session


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real tutor at a test's budget (its answer is a pure function of seed and budget)."""
    monkeypatch.setattr(review, "TUTOR_BUDGET", 600)


def recording(monkeypatch: pytest.MonkeyPatch, label: str = "") -> list[SeatView]:
    """A fake tutor that answers at once (``label`` "blunder": always warns) and keeps the
    views it was shown."""
    seen: list[SeatView] = []

    def fake(view: SeatView, played: int, *, seed: int = 0) -> Decision:
        seen.append(view)
        loss = 20.0 if label else 0.0
        best = next(c for c in view.legal if c != played)
        return Decision(1, 0, view.seat, played, best, loss, 1.0, label, True)

    monkeypatch.setattr(review, "tutor_check", fake)
    return seen


async def lay(pilot: Pilot[None], screen: GameScreen, code: int) -> None:
    """Play ``code`` with the keys: the tile under the cursor, Enter, the end by its arrow."""
    if code == DRAW:
        await pilot.press("d")
        return
    screen.turn = replace(screen.turn, selected=code >> 1)
    await pilot.press("enter")
    if screen.turn.choosing >= 0:
        await pilot.press("right" if code & 1 else "left", "enter")


async def test_a_blunder_is_caught_before_it_is_played(small_budget: None) -> None:
    """The real tutor stops the blunder: a dialog names it, the loss, the better move; the
    match is unchanged; Take back (Esc) lets the player choose again, and the best move is
    then laid without a dialog."""
    app, session = position(CHOICE_AT)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        before = len(session.match.round.history)
        await lay(pilot, screen, BLUNDER)
        await settle(pilot)
        assert isinstance(app.screen, TutorWarning)
        text = screen_text(app)  # the whole dialog fits the smallest table
        assert "Tutor: this move is a blunder" in text  # ~15 points: far past the mistake's 5
        assert "Your move, 1-5 on the left end (5 ◀), gives up" in text and "±" in text
        assert "Better: 1-5 on the right end (1 ▶)." in text
        # the better move is the master's judgement at the tutor's budget (issue 26)
        view = seat_view(session.match, 0)
        best = review.review_values(view, BLUNDER, seed=SEED, budget=review.TUTOR_BUDGET)[0]
        assert best.code == GOOD
        assert "Why: Alex, next to play, has shown no 5s." in text  # what the table showed
        assert "Take back (Esc)" in text and "Play anyway (Enter)" in text
        assert len(session.match.round.history) == before  # nothing laid yet
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        assert len(session.match.round.history) == before  # taken back: never played
        assert "Taken back" in screen_text(app)
        await lay(pilot, screen, GOOD)
        await settle(pilot)
        assert not isinstance(app.screen, TutorWarning)
        assert session.match.round.history[before].code == GOOD


async def test_play_anyway_lays_the_move(small_budget: None) -> None:
    app, session = position(CHOICE_AT)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = game(app)
        before = len(session.match.round.history)
        await lay(pilot, screen, BLUNDER)
        await settle(pilot)
        assert isinstance(app.screen, TutorWarning)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        assert session.match.round.history[before].code == BLUNDER


async def test_the_dialog_speaks_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    recording(monkeypatch, "blunder")
    app, _ = position(CHOICE_AT)
    app.settings = Settings(lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await lay(pilot, game(app), BLUNDER)
        await settle(pilot)
        text = screen_text(app)
        assert "грубая ошибка" in text and "Лучше:" in text and "Взять назад" in text


def test_the_tutor_describes_the_move_it_does_not_quote_an_order() -> None:
    """Issue 22, part 6: «Ваш ход «ходите 1-5 налево»» quoted an order; the dialog describes the
    move ("your move 1-5 on the left end …"), for every move the player could have chosen, in
    both languages."""
    from domino_tui.app.screens.tutor import Caught, caught_lines
    from domino_tui.words.hints import move_words

    _app, session = position(CHOICE_AT)
    view = seat_view(session.match, 0)
    for played in view.legal:
        best = next(c for c in view.legal if c != played)
        caught = Caught(view, Decision(1, 0, 0, played, best, 6.0, 1.0, "mistake", True), ())
        en = caught_lines(caught, ["Tester", "Alex"], "en")
        ru = caught_lines(caught, ["Тестер", "Алекс"], "ru")
        assert en[0].startswith(f"Your move, {move_words(view, played, 'en', noun=True)}, ")
        assert ru[0].startswith(f"Ваш ход — {move_words(view, played, 'ru', noun=True)} — ")
        assert " end (" in en[0] and " конец (" in ru[0]
        assert en[1] == f"Better: {move_words(view, best, 'en', noun=True)}."
        for line in en[:2]:
            assert "play " not in line and "“" not in line and "«" not in line
        for line in ru[:2]:
            assert "ходите" not in line and "«" not in line


async def test_tutor_off_never_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = recording(monkeypatch, "blunder")
    app, session = position(CHOICE_AT, tutor=None)  # the setting: off by default
    async with app.run_test(size=(100, 34)) as pilot:
        screen = game(app)
        before = len(session.match.round.history)
        await lay(pilot, screen, BLUNDER)
        await settle(pilot)
        assert session.match.round.history[before].code == BLUNDER
        assert seen == [] and not isinstance(app.screen, TutorWarning)


async def test_a_forced_move_and_the_bots_moves_are_never_looked_at(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = recording(monkeypatch, "blunder")
    app, session = position(MUST_DRAW_AT)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = game(app)
        assert session.match.legal_actions() == [DRAW]
        before = len(session.match.round.history)
        await lay(pilot, screen, DRAW)
        await settle(pilot)
        assert session.match.round.history[before].code == DRAW
        assert seen == []
        for _ in range(12):  # on through bots' turns and more forced draws
            await settle(pilot)
            if isinstance(app.screen, TutorWarning):
                await pilot.press("enter")
            elif screen.my_turn():
                await lay(pilot, screen, session.match.legal_actions()[0])
        assert seen and all(view.seat == 0 for view in seen)  # only the human's choices


async def test_a_good_move_is_laid_without_a_dialog(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = recording(monkeypatch)
    app, session = position(CHOICE_AT)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = game(app)
        before = len(session.match.round.history)
        await lay(pilot, screen, GOOD)
        await settle(pilot)
        assert session.match.round.history[before].code == GOOD
        assert len(seen) == 1 and not isinstance(app.screen, TutorWarning)


def blocked_look(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The tutor's look held until the returned event is set; then it finds nothing to say."""
    release = threading.Event()

    def slow(view: SeatView, played: int, *, seed: int = 0) -> Decision:
        release.wait()
        return Decision(1, 0, view.seat, played, played, 0.0, 0.0, "", True)

    monkeypatch.setattr(review, "tutor_check", slow)
    return release


async def test_the_table_stays_live_while_the_tutor_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The look blocks until released: meanwhile the cursor moves, the log's help key answers,
    a second move is held with a word; once released, the first move is laid."""
    release = blocked_look(monkeypatch)
    app, session = position(CHOICE_AT)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = game(app)
        before = len(session.match.round.history)
        try:
            await lay(pilot, screen, GOOD)
            await pilot.pause()
            assert "The tutor is looking" in screen_text(app)
            cursor = screen.turn.selected
            await pilot.press("right")
            assert screen.turn.selected != cursor  # keys still work
            await pilot.press("enter")
            await pilot.pause()
            assert "still looking" in screen_text(app)
            assert len(session.match.round.history) == before
        finally:
            release.set()
        await settle(pilot)
        assert session.match.round.history[before].code == GOOD


async def test_esc_stops_a_long_look_and_the_move_is_not_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release = blocked_look(monkeypatch)
    app, session = position(CHOICE_AT)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = game(app)
        before = len(session.match.round.history)
        await lay(pilot, screen, GOOD)
        await pilot.pause()
        await pilot.press("escape")
        assert "stopped looking" in screen_text(app)
        release.set()
        await settle(pilot)
        assert len(session.match.round.history) == before and screen.my_turn()


async def test_an_answer_for_an_old_position_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo while the tutor looks: the move it was looking at is not laid afterwards."""
    release = blocked_look(monkeypatch)
    app, session = position(CHOICE_AT)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = game(app)
        before = len(session.match.round.history)
        await lay(pilot, screen, GOOD)
        await pilot.pause()
        screen.token += 1  # what undo, a timeout or leaving the table do
        release.set()
        await settle(pilot)
        assert len(session.match.round.history) == before


async def test_hot_seat_looks_only_after_the_curtain(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each human gets the tutor, from their own view, once their curtain is lifted."""
    seen = recording(monkeypatch, "blunder")
    rules = make_rules({"players": 2})
    session = GameSession(rules, (Seat("Ann"), Seat("Bob")), 5)
    session.tutor = True
    app = make_app(session, settings_path=None, lang="en", pace="instant")
    async with app.run_test(size=(100, 34)) as pilot:
        screen = game(app)
        for _ in range(40):
            await settle(pilot)
            if isinstance(app.screen, TutorWarning):
                assert screen.curtain == -1 and screen.viewer == seen[-1].seat
                await pilot.press("enter")
            elif screen.curtain >= 0:
                looked = len(seen)
                await pilot.press("enter")  # lifts the curtain only: nothing looked at
                await settle(pilot)
                assert len(seen) == looked and not isinstance(app.screen, TutorWarning)
            elif screen.my_turn():
                await lay(pilot, screen, session.match.legal_actions()[0])
            if {view.seat for view in seen} == {0, 1}:
                break
        assert {view.seat for view in seen} == {0, 1}


def test_the_setting_persists(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert Settings().tutor is False  # off by default
    SettingsStore(path).save(Settings(lang="en", tutor=True))
    assert SettingsStore(path).load().tutor is True


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_hostile_tutor_value_is_refused_with_a_clear_message(tmp_path: Path, value: Any) -> None:
    take_notice()
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"lang": "en", "tutor": value, "pace": "fast"}), "utf-8")
    store = SettingsStore(path)
    loaded = store.load()
    assert loaded.tutor is False and loaded.pace == "fast"
    assert store.notice is not None and "tutor" in store.notice
    notice = take_notice("en")
    assert notice is not None and "cannot be used: tutor" in notice
    assert take_notice("en") is None


async def test_the_settings_screen_turns_it_on() -> None:
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(100, 40)) as pilot:
        app.open_settings()
        await pilot.pause()
        app.screen.query_one("#tutor", Switch).value = True
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.settings.tutor is True


def test_play_takes_a_tutor_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    from domino_tui.cli import play

    tables: list[GameSession | None] = []
    monkeypatch.setattr(play, "run_table", lambda session, *a, **k: tables.append(session))
    runner = CliRunner()
    for args, want in (
        (["--tutor"], True),
        (["--no-tutor"], False),
        ([], None),
    ):
        result = runner.invoke(cli, ["play", "--players", "2", *args])
        assert result.exit_code == 0, result.output
        table = tables[-1]
        assert table is not None and table.tutor is want


def test_the_guided_game_has_the_tutor_on() -> None:
    """The lesson's session says so; its script, not the tutor, judges its moves."""
    assert lesson_session("en").tutor is True
    screen = LearnScreen(lesson_session("en"))
    assert screen.tutor_wanted(0) is False
