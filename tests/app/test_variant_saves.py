"""Saved games of every variant (issue 11, item 4): a game autosaves and resumes exactly through
the start screen's list (its name in the list), undo against bots works on a variant, and a
forged or damaged variant save is refused with one clear message and moved aside."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Static

from domino_tui.app import make_app
from domino_tui.app.screens.game import GameScreen
from domino_tui.bots import make_bot
from domino_tui.engine.record import _digest
from domino_tui.engine.rules import PRESETS, make_rules
from domino_tui.engine.view import seat_view
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, table_seats
from domino_tui.storage import SaveError, load_game

from .driver import fingerprint, plain, screen_text, settle
from .test_saved_games import open_list


def variant_session(preset: str, seed: int = 7, **options: object) -> GameSession:
    """You and easy bots at the preset's own table (Телефон for two, Генерал for four), with the
    preset's options changed by ``options``."""
    rules = make_rules(dict(options), preset)
    kinds = ["human"] + ["easy"] * (rules.players - 1)
    session = GameSession(rules, table_seats(kinds, ["Tester"], "en"), seed, preset)
    session.lang, session.pace = "en", "instant"
    return session


def played(session: GameSession, steps: int) -> GameSession:
    """At least ``steps`` actions (a bot plays your chair too), stopping on your turn."""
    bot = make_bot("easy", 1)
    done = 0
    while done < steps or session.match.turn != 0:
        session.match.apply(bot.choose(seat_view(session.match, session.match.turn)))
        done += 1
    assert not session.match.over
    return session


@pytest.mark.parametrize("preset", list(PRESETS))
async def test_every_variant_resumes_exactly_from_the_list(tmp_path: Path, preset: str) -> None:
    """The save is written after the moves, the list names the game, Enter resumes it: the
    match (hidden tiles included), the seats and the preset are as they were left."""
    saves = Saves.at(tmp_path)
    session = played(variant_session(preset), 9)
    saves.listen(session, None, None)
    saves.release()
    before = fingerprint(session.match)
    saved = load_game(session.game_id, saves.folder)
    assert saved is not None and fingerprint(saved.match) == before
    app = make_app(settings_path=None, lang="en", saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        listing = await open_list(app)  # Resume on the start screen
        await pilot.pause()
        row = [str(cell) for cell in listing.query_one(DataTable).get_row_at(0)]
        assert row[1] == plain_short(preset)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        resumed = screen.session
        assert fingerprint(resumed.match) == before
        assert (resumed.preset, resumed.rules, resumed.game_id) == (
            preset,
            session.rules,
            session.game_id,
        )
        assert "Traceback" not in screen_text(app)


def plain_short(preset: str) -> str:
    from domino_tui.words.strings import t

    return t(f"preset_short.{preset}", "en")


async def test_the_list_names_the_variant_in_russian_and_in_full(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    session = played(variant_session("all-threes"), 5)
    saves.listen(session, None, None)
    saves.release()
    app = make_app(settings_path=None, lang="ru", saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        listing = await open_list(app)
        await pilot.pause()
        assert str(listing.query_one(DataTable).get_row_at(0)[1]) == "Все тройки"
        assert plain(listing.query_one("#saves-detail", Static)).startswith("Все тройки · ")


def test_undo_on_a_variant_restores_the_exact_state_and_is_saved(tmp_path: Path) -> None:
    """Undo rebuilds the match from its seed (issue 9) for a cross game too: осёл, four
    players, the state before your last real choice; the save holds the undo mark."""
    saves = Saves.at(tmp_path)
    session = variant_session("osel", seed=3)
    session.listeners.append(saves.listen)
    bot = make_bot("easy", 2)
    choice: str | None = None
    while choice is None or session.match.turn != 0:
        seat = session.match.turn
        view = seat_view(session.match, seat)
        if seat == 0 and len(view.legal) > 1:
            choice = fingerprint(session.match)
        session.apply((session.bots[seat] if seat else bot).choose(view))
    taken = session.undo()
    assert taken > 0 and fingerprint(session.match) == choice
    saved = load_game(session.game_id, saves.folder)
    assert saved is not None and fingerprint(saved.match) == choice
    assert saved.match.with_undo


def forge(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Change the record inside a save and sign it again, as a forger would."""
    data = json.loads(path.read_text("utf-8"))
    record = data["record"]
    change(record)
    record["digest"] = _digest({k: v for k, v in record.items() if k != "digest"})
    path.write_text(json.dumps(data), "utf-8")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r["rules"].__setitem__("variant", "nope"), "nope"),
        (lambda r: r.__setitem__("version", 2), "knows no variant"),
        (lambda r: r["rules"].__setitem__("several_doubles", "maybe"), "several_doubles"),
        (lambda r: r["rounds"][0].__setitem__(1, "6-6U"), "6-6"),
        (lambda r: r["rounds"][0].__setitem__(1, "1-2L+3-3R*" * 1000), "unreadable action"),
    ],
    ids=["unknown-variant", "old-version", "bad-option", "illegal-move", "absurd-move"],
)
async def test_a_forged_variant_save_is_refused_in_one_message(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], words: str
) -> None:
    saves = Saves.at(tmp_path)
    session = played(variant_session("osel", seed=5), 6)
    saves.listen(session, None, None)
    saves.release()
    path = saves.where / f"{session.game_id}.json"
    forge(path, change)
    with pytest.raises(SaveError) as refused:
        load_game(session.game_id, saves.folder)
    message = str(refused.value)
    assert message.startswith("the saved game cannot be resumed: ") and words in message
    assert "\n" not in message and "Traceback" not in message
    assert not path.exists(), "moved aside, never deleted"
    assert any(p.name.startswith(f"{path.name}.corrupt-") for p in path.parent.iterdir())


async def test_a_cross_game_saved_by_keys_resumes_and_plays_to_its_end(tmp_path: Path) -> None:
    """Осёл at the table: after each of your moves the save on disk is the match; leave
    (Ctrl+C, yes), open another window, resume: the same match, which then plays to its end and
    is archived and counted under its own variant. A match to 1 point (its first scored round)
    is as much a whole match to save, resume, archive and count as one to 101."""
    from domino_tui.storage import StatsDB, list_records

    from .driver import game, key_for_turn, play_to_end

    saves = Saves.at(tmp_path)
    session = variant_session("osel", seed=3, target=1)
    app = make_app(session, settings_path=None, lang="en", pace="instant", saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        for _ in range(4):
            await pilot.press(key_for_turn(screen))
            if screen.turn.choosing >= 0:
                await pilot.press("enter")
            await settle(pilot)
            saved = load_game(session.game_id, saves.folder)
            assert saved is not None and fingerprint(saved.match) == fingerprint(screen.match)
        left = fingerprint(screen.match)
        await pilot.press("ctrl+c", "y")
        await pilot.pause()
    saves.release()  # the window's process ends: its lock goes with it
    again = make_app(settings_path=None, lang="en", saves=Saves.at(tmp_path))
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.resume() is True
        await settle(pilot)
        resumed = game(again)
        assert resumed.session.game_id == session.game_id
        assert fingerprint(resumed.match) == left
        await play_to_end(pilot)
        assert resumed.match.over
    (record,) = list_records(tmp_path / "records")
    assert record.players == tuple(s.name for s in session.seats)
    with StatsDB(tmp_path / "stats.sqlite3") as db:
        assert db.variants() == [("osel", 1)]
