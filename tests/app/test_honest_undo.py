"""Issue 9 part 8: undo against bots marks the match "with undo"; the mark is on screen, in
the save and the finished record, and the statistics count such a match but never rate it."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from typer.testing import CliRunner

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.bots import make_bot
from domino_tui.cli import app as cli
from domino_tui.engine.actions import DRAW, KNOCK
from domino_tui.engine.record import RecordError, check_record, make_record, replay
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, Seat
from domino_tui.storage import load_game
from domino_tui.storage.archive import kept_records
from domino_tui.storage.stats import StatsDB

from .driver import game, play_to_end, screen_text, settle


def two_player_session(lang: str = "en", seed: int = 3) -> GameSession:
    """A match to 31, so the whole matches these tests play end in a few rounds."""
    rules = make_rules({"players": 2, "target": 31})
    bot = "Маша" if lang == "ru" else "Masha"
    return GameSession(rules, (Seat("Tester"), Seat(bot, "bot", "easy")), seed)


def two_player_app(tmp_path: Path, lang: str = "en", seed: int = 3) -> DominoApp:
    """Saves, records and statistics where ``domino`` finds them with DOMINO_TUI_HOME."""
    session = two_player_session(lang, seed)
    saves = Saves.at(tmp_path / "data")
    return make_app(session, settings_path=None, lang=lang, pace="instant", saves=saves)


async def make_a_choice_and_undo(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, DominoApp)
    screen = game(app)
    for _ in range(100):
        await settle(pilot)
        legal = screen.match.legal_actions()
        if screen.my_turn() and len(legal) > 1:
            break
        if screen.my_turn():
            await pilot.press("d" if legal == [DRAW] else "k" if legal == [KNOCK] else "enter")
    await pilot.press("enter")
    if screen.turn.choosing >= 0:
        await pilot.press("enter")
    await settle(pilot)
    await pilot.press("u")
    await settle(pilot)


def finish_without_undo(tmp_path: Path, seed: int) -> None:
    """A clean match finished and archived the way the table does it (``Saves.finish``), its
    moves chosen by bots: the table's own path to the records is played in test_saves."""
    session = two_player_session(seed=seed)
    match = session.match
    bots = [make_bot("greedy", s) for s in range(2)]
    while not match.over:
        match.apply(bots[match.turn].choose(seat_view(match, match.turn)))
    Saves.at(tmp_path / "data").finish(session)


async def test_undo_marks_the_table_the_save_the_record_and_the_stats(tmp_path: Path) -> None:
    """One match with undo, played by keys to its end, checked everywhere the mark shows: the
    table, the save, the game-end dialog, the kept record and the statistics (counted as
    practice, never rated); then a clean match is the only one rated."""
    app = two_player_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "with undo" not in screen_text(app)
        await make_a_choice_and_undo(pilot)
        text = screen_text(app)
        assert "with undo" in text, text
        assert "practice, not rated" in text
        session = game(app).session
        saved = load_game(session.game_id, tmp_path / "data" / "saves")
        assert saved is not None and saved.match.with_undo, "the mark is in the save"
        await play_to_end(pilot)
        await settle(pilot)
        end = " ".join(screen_text(app).split())
        assert "Played with undo: a practice match, kept out of the" in end, end
    kept = [
        k for k in kept_records(tmp_path / "data" / "records") if not isinstance(k, RecordError)
    ]
    assert len(kept) == 1
    assert kept[0].record["with_undo"] is True and kept[0].match.with_undo
    with StatsDB(tmp_path / "data" / "stats.sqlite3", tmp_path / "data" / "records") as db:
        only_practice = {p.name: p for p in db.profiles()}
    tester = only_practice["Tester"]
    assert (tester.matches, tester.practice, tester.rating) == (1, 1, 0)
    assert tester.best is None, "a practice match is never the best rated match"

    finish_without_undo(tmp_path, seed=5)
    kept = [
        k for k in kept_records(tmp_path / "data" / "records") if not isinstance(k, RecordError)
    ]
    rated = [k for k in kept if not k.match.with_undo]
    assert len(kept) == 2 and len(rated) == 1 and "with_undo" not in rated[0].record
    outcome = rated[0].match.outcome
    assert outcome is not None
    with StatsDB(tmp_path / "data" / "stats.sqlite3", tmp_path / "data" / "records") as db:
        tester = {p.name: p for p in db.profiles()}["Tester"]
        history = db.rating_history("Tester")
        assert (tester.matches, tester.practice) == (2, 1)
        assert tester.rating == outcome.ratings[0], "only the match without undo is rated"
        assert len(history) == 1
        db.rebuild()  # rebuilt from the records: the mark comes back from the record
        again = {p.name: p for p in db.profiles()}["Tester"]
        assert (again.matches, again.practice, again.rating) == (2, 1, tester.rating)
    shown = CliRunner().invoke(
        cli, ["stats"], env={"DOMINO_TUI_HOME": str(tmp_path), "COLUMNS": "200"}
    )
    assert shown.exit_code == 0, shown.output
    assert (
        "(1 practice)" in shown.output
        and "played with undo or with stand-in moves, not rated" in shown.output
    )


async def test_russian_table_says_s_otmenoy(tmp_path: Path) -> None:
    app = two_player_app(tmp_path, lang="ru")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await make_a_choice_and_undo(pilot)
        text = screen_text(app)
        assert "с отменой" in text and "тренировочная" in text, text


def test_the_flag_is_type_checked_and_old_records_still_load() -> None:
    session = GameSession(make_rules({"players": 2}), (Seat("A"), Seat("B")), 7)
    record = make_record(session.match)
    assert "with_undo" not in record  # an old-style record: no key, same digest as before
    assert not replay(check_record(record)).with_undo
    session.match.with_undo = True
    marked = make_record(session.match)
    assert replay(check_record(marked)).with_undo
    bad = dict(marked, with_undo="yes")
    try:
        replay(bad)
    except RecordError as err:
        assert "with_undo" in str(err)
    else:
        raise AssertionError("a non-boolean with_undo must be refused")


async def test_stats_screen_counts_practice_apart() -> None:
    from textual.widgets import DataTable

    from domino_tui.app.screens.stats import StatsScreen, open_stats
    from domino_tui.storage import record_match
    from domino_tui.storage.meta import Seat as StoredSeat

    seats = [StoredSeat("Tester"), StoredSeat("Masha", "bot", "easy")]
    for game_id, practice in (("a" * 32, False), ("b" * 32, True)):
        match = GameSession(make_rules({"players": 2}), (Seat("A"), Seat("B")), 11).match
        bots = [make_bot("greedy", s) for s in range(2)]
        while not match.over:
            match.apply(bots[match.turn].choose(seat_view(match, match.turn)))
        match.with_undo = practice
        record_match(match, seats, game_id=game_id)
    for lang, words in (("en", "(1 practice)"), ("ru", "(трен.: 1)")):
        app = make_app(settings_path=None, lang=lang)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            open_stats(app)
            await pilot.pause()
            assert isinstance(app.screen, StatsScreen)
            table = app.screen.query_one(DataTable)
            tester = [str(cell) for cell in table.get_row_at(0)]
            assert tester[1] == f"2 {words}", tester
            text = " ".join(screen_text(app).split())
            legend = "practice: played with undo" if lang == "en" else "трен.: с отменой ходов"
            assert legend in text, text
            if lang == "en":  # the chart counts only the rated match
                assert "Rating of Tester: 2 after 1 rated match " in text, text
