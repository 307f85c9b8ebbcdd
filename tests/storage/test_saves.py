"""The autosave: a killed process resumes exactly where it stood; a damaged save is moved
aside with a clear message and the app can start."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from domino_tui.engine.record import _digest, make_record
from domino_tui.storage import paths
from domino_tui.storage.archive import list_records
from domino_tui.storage.meta import GameMeta, Seat
from domino_tui.storage.saves import (
    SaveError,
    clear_save,
    finish_game,
    has_save,
    load_game,
    save_game,
)
from domino_tui.storage.stats import StatsDB

from .helpers import bot_match, fingerprint, meta_for

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Masha", "Alex", "Olya")


def test_no_save_means_nothing_to_resume() -> None:
    assert load_game() is None
    assert not has_save()


def test_save_and_load_round_trip_game_and_settings() -> None:
    match = bot_match(seed=11, steps=40, players=3)
    meta = GameMeta(
        seats=(Seat("Masha"), Seat("Bot", "bot", "hard"), Seat("Olya")),
        preset="kozel",
        lang="ru",
        pace="fast",
        undo=True,
        hotseat=True,
        turn_timer=30,
        extra={"curtain_for": 2},
    )
    path = save_game(match, meta)
    assert path == paths.autosave_path() and has_save()
    saved = load_game()
    assert saved is not None
    assert saved.meta == meta
    assert fingerprint(saved.match) == fingerprint(match)


def _kill_after(steps: int, seed: int) -> Path:
    """Run a game in a child process that autosaves after every action, writes its live state
    next to the save, and is killed with SIGKILL (no cleanup, no atexit) after ``steps``."""
    live = paths.data_dir() / "live.json"
    script = textwrap.dedent(
        f"""
        import os, signal, sys
        sys.path.insert(0, {str(ROOT / "tests")!r})
        from pathlib import Path
        from domino_tui.bots import make_bot
        from domino_tui.engine.match import Match
        from domino_tui.engine.rules import make_rules
        from domino_tui.engine.view import seat_view
        from domino_tui.storage.saves import save_game
        from storage.helpers import fingerprint, meta_for
        match = Match(make_rules({{"players": 3}}), {seed})
        bots = [make_bot("greedy", {seed} + s) for s in range(3)]
        meta = meta_for({NAMES!r}, hotseat=True)
        for _ in range({steps}):
            match.apply(bots[match.turn].choose(seat_view(match, match.turn)))
            save_game(match, meta)
        Path({str(live)!r}).write_text(fingerprint(match))
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=os.environ.copy())
    assert run.returncode == -signal.SIGKILL
    return live


@pytest.mark.parametrize("steps", [1, 57, 130])
def test_resume_after_the_process_was_killed_is_identical(steps: int) -> None:
    live = _kill_after(steps, seed=5)
    saved = load_game()
    assert saved is not None
    assert fingerprint(saved.match) == live.read_text()
    assert [s.name for s in saved.meta.seats] == list(NAMES)
    assert saved.meta.hotseat
    # the resumed game plays on exactly as an uninterrupted one
    assert fingerprint(saved.match) == fingerprint(bot_match(seed=5, steps=steps, players=3))


def _valid_save_text() -> str:
    save_game(bot_match(seed=3, steps=20), meta_for(["A", "B", "C", "D"]))
    return paths.autosave_path().read_text(encoding="utf-8")


def _envelope(edit: str) -> bytes:
    data = json.loads(_valid_save_text())
    record = data["record"]
    if edit == "newer":
        data["version"] = 99
    elif edit == "older":
        data["version"] = 0
    elif edit == "foreign":
        data = {"format": "someone-else/save", "version": 1}
    elif edit == "record_only":
        data = record
    elif edit == "tampered":
        record["rounds"][0][1] = "6-6R"
    elif edit == "illegal":
        record["rounds"][0][1] = "0-0R"
        record["digest"] = _digest({k: v for k, v in record.items() if k != "digest"})
    elif edit == "no_seats":
        data["meta"]["seats"] = []
    elif edit == "seat_count":
        data["meta"]["seats"] = data["meta"]["seats"][:2]
    return json.dumps(data).encode()


DAMAGE = {
    "garbage": (lambda: b"\x89PNG\r\n\x1a\n\x00\x00", "not text"),
    "empty": (lambda: b"", "not valid JSON"),
    "truncated": (lambda: _valid_save_text().encode()[:500], "not valid JSON"),
    "newer version": (lambda: _envelope("newer"), "newer than this program reads"),
    "older version": (lambda: _envelope("older"), "no domino-tui ever wrote"),
    "foreign JSON": (lambda: _envelope("foreign"), "not a domino-tui saved game"),
    "a record, not a save": (lambda: _envelope("record_only"), "not a domino-tui saved game"),
    "edited moves": (lambda: _envelope("tampered"), "checksum does not match"),
    "illegal move": (lambda: _envelope("illegal"), "illegal action 0-0R at step 2"),
    "no seats": (lambda: _envelope("no_seats"), "the game has no seats"),
    "wrong seat count": (lambda: _envelope("seat_count"), "names 2 seats for 4 players"),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_save_is_moved_aside_with_a_clear_message(kind: str) -> None:
    make, words = DAMAGE[kind]
    content = make()
    path = paths.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    with pytest.raises(SaveError) as caught:
        load_game()
    message = str(caught.value)
    assert words in message
    assert "\n" not in message and "Traceback" not in message
    moved = caught.value.moved_to
    assert moved is not None and moved.name in message
    assert moved.name.startswith("autosave.json.corrupt-")
    assert moved.read_bytes() == content  # nothing lost
    assert not path.exists()
    assert load_game() is None  # the app starts as if there were no save


def test_a_save_that_cannot_be_read_is_reported_and_left_in_place(home: Path) -> None:
    path = paths.autosave_path()
    path.mkdir(parents=True)  # a directory where the file should be: reading fails
    with pytest.raises(SaveError, match="cannot read the saved game") as caught:
        load_game()
    assert caught.value.moved_to is None and path.exists()


def test_a_crash_while_saving_keeps_the_previous_save(monkeypatch: pytest.MonkeyPatch) -> None:
    meta = meta_for(["A", "B", "C", "D"])
    before = bot_match(seed=8, steps=30)
    save_game(before, meta)

    def crash(*args: object) -> None:
        raise OSError("killed mid-write")

    with monkeypatch.context() as patch, pytest.raises(OSError):
        patch.setattr(os, "replace", crash)
        save_game(bot_match(seed=8, steps=31), meta)
    saved = load_game()
    assert saved is not None and fingerprint(saved.match) == fingerprint(before)
    assert sorted(p.name for p in paths.data_dir().iterdir()) == ["autosave.json"]


def test_save_refuses_seats_that_do_not_match_the_players() -> None:
    with pytest.raises(ValueError, match="2 seats for a 4-player match"):
        save_game(bot_match(seed=1, steps=3), meta_for(["A", "B"]))


def test_finish_game_keeps_counts_and_clears_once() -> None:
    match = bot_match(seed=21, players=2)
    meta = meta_for(["Masha", "Alex"])
    save_game(match, meta)
    first = finish_game(match, meta)
    again = finish_game(match, meta)  # e.g. the app died before clearing and runs it again
    assert first.counted and not again.counted
    assert first.record_path == again.record_path
    assert [r.path for r in list_records()] == [first.record_path]
    assert not has_save() and not clear_save()
    with StatsDB() as db:
        assert db.match_count() == 1


def test_a_save_of_a_finished_match_is_completed_on_load() -> None:
    """The app stopped between the last move and the bookkeeping: loading finishes the job."""
    match = bot_match(seed=4, players=3)
    meta = meta_for(NAMES)
    save_game(match, meta)
    assert load_game() is None
    assert not has_save()
    (kept,) = list_records()
    assert kept.players == NAMES
    with StatsDB() as db:
        assert {p.name for p in db.profiles()} == set(NAMES)
        assert db.match_count() == 1


def test_an_abandoned_save_is_completed_with_abandon_ratings() -> None:
    match = bot_match(seed=9, steps=150, players=3)
    match.abandon(1)
    meta = meta_for(NAMES)
    save_game(match, meta)
    assert load_game() is None
    with StatsDB() as db:
        leaver = db.profile("Alex")
        assert leaver is not None and leaver.abandoned == 1 and leaver.rating == 0
    assert make_record(match)["abandoned_by"] == 1
