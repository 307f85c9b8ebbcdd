"""Saved games, one per game: a killed process resumes exactly where it stood; a new game never
replaces an unfinished one; finishing removes only its own save; a damaged or hostile save is
moved aside with one clear line and the program goes on."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from domino_tui.engine.record import _digest, make_record
from domino_tui.storage import paths, saves
from domino_tui.storage.archive import list_records
from domino_tui.storage.meta import GameMeta, Seat, new_game_id
from domino_tui.storage.save_list import list_saves
from domino_tui.storage.saves import (
    SaveError,
    clear_save,
    finish_game,
    load_game,
    save_game,
    save_path,
)
from domino_tui.storage.stats import StatsDB

from .helpers import bot_match, fingerprint, meta_for

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Masha", "Alex", "Olya")
GID = "feedface" * 4


def test_no_save_means_nothing_to_resume() -> None:
    assert load_game(GID) is None
    assert list_saves() == []


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
    assert path == paths.saves_dir() / f"{meta.game_id}.json"
    saved = load_game(meta.game_id)
    assert saved is not None
    assert saved.meta == meta
    assert fingerprint(saved.match) == fingerprint(match)


def test_a_new_game_never_replaces_an_unfinished_one() -> None:
    first, second = meta_for(NAMES), meta_for(NAMES)
    save_game(bot_match(seed=1, steps=10, players=3), first)
    save_game(bot_match(seed=2, steps=10, players=3), second)
    assert {i.game_id for i in list_saves()} == {first.game_id, second.game_id}
    assert load_game(first.game_id) is not None and load_game(second.game_id) is not None


@pytest.mark.parametrize(
    "bad", ["", "../../etc/passwd", "ABCDEF12", "abc", "a/b", "x" * 8, "a" * 65]
)
def test_only_checked_game_ids_become_paths(bad: str) -> None:
    with pytest.raises(ValueError, match="not a game id"):
        save_path(bad)
    with pytest.raises(ValueError):
        save_game(bot_match(seed=1, steps=1, players=2), meta_for(["A", "B"], game_id=bad))


def _kill_after(steps: int, seed: int) -> Path:
    """Run a game in a child process that saves after every action, writes its live state
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
        meta = meta_for({NAMES!r}, hotseat=True, game_id={GID!r})
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
    saved = load_game(GID)
    assert saved is not None
    assert fingerprint(saved.match) == live.read_text()
    assert [s.name for s in saved.meta.seats] == list(NAMES)
    assert saved.meta.hotseat
    # the resumed game plays on exactly as an uninterrupted one
    assert fingerprint(saved.match) == fingerprint(bot_match(seed=5, steps=steps, players=3))


def _valid_save() -> dict[str, object]:
    save_game(bot_match(seed=3, steps=20), meta_for(["A", "B", "C", "D"], game_id=GID))
    data: dict[str, object] = json.loads(save_path(GID).read_text(encoding="utf-8"))
    return data


def _resealed(record: dict[str, object]) -> None:
    record["digest"] = _digest({k: v for k, v in record.items() if k != "digest"})


def _envelope(edit: str) -> bytes:
    data = _valid_save()
    record: dict[str, object] = data["record"]  # type: ignore[assignment]
    meta: dict[str, object] = data["meta"]  # type: ignore[assignment]
    seats: list[dict[str, object]] = meta["seats"]  # type: ignore[assignment]
    rounds: list[list[str]] = record["rounds"]  # type: ignore[assignment]
    if edit == "newer":
        data["version"] = 99
    elif edit == "older":
        data["version"] = 0
    elif edit == "foreign":
        data = {"format": "someone-else/save", "version": 1}
    elif edit == "record_only":
        data = record
    elif edit == "tampered":
        rounds[0][1] = "6-6R"
    elif edit == "illegal":
        rounds[0][1] = "0-0R"
        _resealed(record)
    elif edit == "no_seats":
        meta["seats"] = []
    elif edit == "seat_count":
        meta["seats"] = seats[:2]
    elif edit == "seats_not_a_list":
        meta["seats"] = {"0": "A"}
    elif edit == "name_a_number":
        seats[0]["name"] = 42
    elif edit == "level_hostile":
        seats[1] = {"name": "B", "kind": "bot", "level": "../../x\x1b]0;pwn\x07"}
    elif edit == "timer_huge":
        meta["turn_timer"] = 10**12
    elif edit == "timer_bool":
        meta["turn_timer"] = True
    elif edit == "other_game":
        meta["game_id"] = "0" * 32
    elif edit == "bad_id":
        meta["game_id"] = "../x"
    elif edit == "abandoned_by_out_of_range":
        record["abandoned_by"] = 9
        _resealed(record)
    return json.dumps(data).encode()


DAMAGE: dict[str, tuple[Callable[[], bytes], str]] = {
    "garbage": (lambda: b"\x89PNG\r\n\x1a\n\x00\x00", "not UTF-8 text"),
    "empty": (lambda: b"", "not valid JSON"),
    "truncated": (lambda: json.dumps(_valid_save()).encode()[:500], "not valid JSON"),
    "deep": (lambda: b"[" * 100_000 + b"]" * 100_000, "nests deeper than"),
    "huge number": (lambda: b'{"version": ' + b"9" * 5000 + b"}", "not readable JSON"),
    "newer version": (lambda: _envelope("newer"), "newer than this program reads"),
    "older version": (lambda: _envelope("older"), "no domino-tui ever wrote"),
    "foreign JSON": (lambda: _envelope("foreign"), "not a domino-tui saved game"),
    "a record, not a save": (lambda: _envelope("record_only"), "not a domino-tui saved game"),
    "edited moves": (lambda: _envelope("tampered"), "checksum does not match"),
    "illegal move": (lambda: _envelope("illegal"), "illegal action 0-0R at step 2"),
    "no seats": (lambda: _envelope("no_seats"), "the game has no seats"),
    "wrong seat count": (lambda: _envelope("seat_count"), "names 2 seats for 4 players"),
    "seats not a list": (lambda: _envelope("seats_not_a_list"), "the game has no seats"),
    "name a number": (lambda: _envelope("name_a_number"), "a seat has no name"),
    "hostile level": (lambda: _envelope("level_hostile"), "malformed bot level"),
    "huge timer": (lambda: _envelope("timer_huge"), "turn timer"),
    "timer a bool": (lambda: _envelope("timer_bool"), "'turn_timer' is malformed"),
    "another game's save": (lambda: _envelope("other_game"), "belongs to game 00000000"),
    "bad game id": (lambda: _envelope("bad_id"), "game id is malformed"),
    "seat out of range": (lambda: _envelope("abandoned_by_out_of_range"), "abandon"),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_save_is_moved_aside_with_one_clear_line(kind: str) -> None:
    make, words = DAMAGE[kind]
    content = make()
    path = save_path(GID)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    with pytest.raises(SaveError) as caught:
        load_game(GID)
    message = str(caught.value)
    assert words in message
    assert "\n" not in message and "Traceback" not in message and "\x1b" not in message
    moved = caught.value.moved_to
    assert moved is not None and moved.name in message
    assert moved.name.startswith(f"{GID}.json.corrupt-")
    assert moved.read_bytes() == content  # nothing lost
    assert not path.exists()
    assert load_game(GID) is None  # the program goes on as if there were no save


def test_a_save_larger_than_the_cap_is_refused_naming_the_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _valid_save()
    monkeypatch.setattr(saves, "SAVE_CAP", 1024)
    with pytest.raises(SaveError, match="larger than 1 KiB") as caught:
        load_game(GID)
    assert caught.value.moved_to is not None


def test_a_save_that_is_not_a_regular_file_is_reported_and_left_in_place() -> None:
    path = save_path(GID)
    path.mkdir(parents=True)  # a folder where the file should be
    with pytest.raises(SaveError, match="is a folder") as caught:
        load_game(GID)
    assert caught.value.moved_to is None and path.is_dir()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no fifos here")
def test_a_fifo_save_does_not_block() -> None:
    path = save_path(GID)
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    with pytest.raises(SaveError, match="fifo"):
        load_game(GID)
    (info,) = list_saves()
    assert "fifo" in info.problem


def test_names_and_texts_from_a_save_are_cleaned_and_capped() -> None:
    data = _valid_save()
    meta: dict[str, object] = data["meta"]  # type: ignore[assignment]
    seats: list[dict[str, object]] = meta["seats"]  # type: ignore[assignment]
    seats[0]["name"] = "\x1b]52;c;cHduZWQ=\x07Evil\u202e" + "x" * 40
    seats[1]["name"] = "[@click=app.quit]X"
    meta["preset"] = "kozel\x1b[2J"
    save_path(GID).write_text(json.dumps(data), "utf-8")
    saved = load_game(GID)
    assert saved is not None
    first, second = saved.meta.seats[0].name, saved.meta.seats[1].name
    assert "\x1b" not in first and "\x07" not in first and "\u202e" not in first
    assert first.startswith("␛]52") and len(first) == 20
    assert second == "[@click=app.quit]X", "markup is kept as text; widgets draw it as text"
    assert saved.meta.preset == "kozel␛[2J"


def test_a_crash_while_saving_keeps_the_previous_save(monkeypatch: pytest.MonkeyPatch) -> None:
    meta = meta_for(["A", "B", "C", "D"])
    before = bot_match(seed=8, steps=30)
    save_game(before, meta)

    def crash(*args: object) -> None:
        raise OSError("killed mid-write")

    with monkeypatch.context() as patch, pytest.raises(OSError):
        patch.setattr(os, "replace", crash)
        save_game(bot_match(seed=8, steps=31), meta)
    saved = load_game(meta.game_id)
    assert saved is not None and fingerprint(saved.match) == fingerprint(before)
    assert [p.name for p in paths.saves_dir().iterdir()] == [f"{meta.game_id}.json"]


def test_save_refuses_seats_that_do_not_match_the_players() -> None:
    with pytest.raises(ValueError, match="2 seats for a 4-player match"):
        save_game(bot_match(seed=1, steps=3), meta_for(["A", "B"]))


def test_finishing_a_game_removes_only_its_own_save() -> None:
    match = bot_match(seed=21, players=2)
    meta, other = meta_for(["Masha", "Alex"]), meta_for(["Masha", "Alex"])
    save_game(bot_match(seed=22, steps=5, players=2), other)
    save_game(match, meta)
    first = finish_game(match, meta)
    again = finish_game(match, meta)  # e.g. the app died before clearing and runs it again
    assert first.counted and not again.counted
    assert first.record_path == again.record_path
    assert [r.path for r in list_records()] == [first.record_path]
    assert not clear_save(meta.game_id)
    assert [i.game_id for i in list_saves()] == [other.game_id]
    with StatsDB() as db:
        assert db.match_count() == 1


def test_a_save_of_a_finished_match_is_completed_on_load() -> None:
    """The app stopped between the last move and the bookkeeping: loading finishes the job."""
    match = bot_match(seed=4, players=3)
    meta = meta_for(NAMES)
    save_game(match, meta)
    assert load_game(meta.game_id) is None
    assert list_saves() == []
    (kept,) = list_records()
    assert kept.players == NAMES
    with StatsDB() as db:
        assert {p.name for p in db.profiles()} == set(NAMES)
        assert db.match_count() == 1


def test_an_abandoned_save_is_completed_with_abandon_ratings_K10_1() -> None:
    match = bot_match(seed=9, steps=150, players=3)
    match.abandon(1)
    meta = meta_for(NAMES)
    save_game(match, meta)
    assert load_game(meta.game_id) is None
    with StatsDB() as db:
        leaver = db.profile("Alex")
        assert leaver is not None and leaver.abandoned == 1 and leaver.rating == 0
    assert make_record(match)["abandoned_by"] == 1


def test_a_save_without_a_game_id_takes_its_file_name() -> None:
    """Metadata without ``game_id`` (hand-made, or very old): the file's key is the id."""
    data = _valid_save()
    del data["meta"]["game_id"]  # type: ignore[attr-defined]
    other = new_game_id()
    save_path(other).write_text(json.dumps(data), "utf-8")
    save_path(GID).unlink()
    saved = load_game(other)
    assert saved is not None and saved.meta.game_id == other
