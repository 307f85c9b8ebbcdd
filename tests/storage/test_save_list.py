"""The list of unfinished games (newest first, never replaying), the upgrade from the single
``autosave.json``, the locks that keep two windows apart, and deleting or resigning a game
(resigning is leaving, K10.1)."""

from __future__ import annotations

import json
import os
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from domino_tui.engine import record as record_module
from domino_tui.storage import paths
from domino_tui.storage.archive import list_records
from domino_tui.storage.locks import GameLock, is_locked
from domino_tui.storage.meta import GameMeta, Seat
from domino_tui.storage.save_actions import delete_save, resign_game, resigning_seat
from domino_tui.storage.save_list import SideScore, list_saves, migrate_legacy
from domino_tui.storage.saves import SaveError, SaveLocked, load_game, save_game, save_path
from domino_tui.storage.stats import StatsDB

from .helpers import bot_match, fingerprint, meta_for

LEGACY = Path(__file__).parent / "data" / "autosave-v1.json"
LEGACY_ID = "0123456789abcdef0123456789abcdef"


def _stamp(game_id: str, when: datetime) -> None:
    path = save_path(game_id)
    data = json.loads(path.read_text("utf-8"))
    data["saved_at"] = when.isoformat(timespec="seconds")
    path.write_text(json.dumps(data), "utf-8")


def test_list_is_newest_first_with_players_round_and_scores() -> None:
    now = datetime.now(UTC)
    metas = []
    for i, seed in enumerate((1, 2, 3)):
        meta = GameMeta(
            seats=(Seat("Masha"), Seat("Bot", "bot", "medium"), Seat("Olya", "bot", "easy")),
            preset="kozel",
        )
        match = bot_match(seed=seed, steps=60 + 20 * i, players=3)
        save_game(match, meta)
        _stamp(meta.game_id, now - timedelta(hours=3 - i))
        metas.append((meta, match))
    infos = list_saves()
    assert [i.game_id for i in infos] == [m.game_id for m, _ in reversed(metas)]
    newest, match = infos[0], metas[-1][1]
    assert [(p.name, p.kind, p.level) for p in newest.players] == [
        ("Masha", "human", None),
        ("Bot", "bot", "medium"),
        ("Olya", "bot", "easy"),
    ]
    assert newest.preset == "kozel" and newest.round == match.number
    assert newest.scores == tuple(SideScore(s.written, s.remembered) for s in match.standings)
    assert newest.turn == match.turn and not newest.problem and not newest.locked
    assert newest.to_json()["players"][1] == {"name": "Bot", "kind": "bot", "level": "medium"}


def test_listing_never_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    save_game(bot_match(seed=1, steps=30, players=2), meta_for(["A", "B"]))

    def no_replay(*_args: object, **_kw: object) -> None:
        raise AssertionError("listing replayed a record")

    monkeypatch.setattr(record_module, "replay", no_replay)
    monkeypatch.setattr("domino_tui.storage.saves.replay", no_replay)
    (info,) = list_saves()
    assert info.round == 1 and not info.problem


def test_damaged_saves_are_listed_with_their_problem_and_strays_ignored() -> None:
    good = meta_for(["A", "B"])
    save_game(bot_match(seed=1, steps=5, players=2), good)
    folder = paths.saves_dir()
    (folder / ("ab" * 16 + ".json")).write_text("{not json", "utf-8")
    (folder / ("cd" * 16 + ".json")).write_text('{"format": "x\\u001b[2J"}', "utf-8")
    (folder / "notes.json").write_text("{}", "utf-8")  # not a game id: not ours
    (folder / f"{good.game_id}.json.corrupt-20260101-000000").write_text("x", "utf-8")
    infos = {i.game_id: i for i in list_saves()}
    assert set(infos) == {good.game_id, "ab" * 16, "cd" * 16}
    assert "not valid JSON" in infos["ab" * 16].problem
    assert "not a domino-tui saved game" in infos["cd" * 16].problem
    assert all("\x1b" not in i.problem for i in infos.values())
    assert infos["ab" * 16].saved_at is not None, "the file's time stands in"


def test_an_old_save_without_summary_lists_from_its_metadata() -> None:
    meta = meta_for(["A", "B", "C"])
    save_game(bot_match(seed=6, steps=80, players=3), meta)
    path = save_path(meta.game_id)
    data = json.loads(path.read_text("utf-8"))
    del data["summary"]
    path.write_text(json.dumps(data), "utf-8")
    (info,) = list_saves()
    assert [p.name for p in info.players] == ["A", "B", "C"]
    assert info.round == len(data["record"]["rounds"]) and info.scores == ()


def test_a_malformed_summary_falls_back_on_the_metadata() -> None:
    meta = meta_for(["A", "B"])
    save_game(bot_match(seed=6, steps=8, players=2), meta)
    path = save_path(meta.game_id)
    data = json.loads(path.read_text("utf-8"))
    data["summary"] = {"players": "everyone", "round": -1, "scores": [{"written": "x"}]}
    path.write_text(json.dumps(data), "utf-8")
    (info,) = list_saves()
    assert [p.name for p in info.players] == ["A", "B"] and not info.problem


# --- the upgrade from one autosave -----------------------------------------------------------


def _legacy() -> Path:
    target = paths.autosave_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(LEGACY, target)
    return target


def test_a_save_of_the_one_autosave_version_still_resumes() -> None:
    """The file was written by the version before one save per game, in its exact format."""
    legacy = _legacy()
    (info,) = list_saves()
    assert not legacy.exists(), "moved, not copied"
    assert info.game_id == LEGACY_ID and not info.problem
    assert [p.name for p in info.players] == ["Masha", "Bot", "Olya"] and info.round == 3
    saved = load_game(LEGACY_ID)
    assert saved is not None
    assert saved.meta.seats[1] == Seat("Bot", "bot", "medium")
    assert saved.match.number == 3 and saved.match.turn == 0
    assert [(s.written, s.remembered) for s in saved.match.standings] == [(0, 5), (0, 0), (25, 0)]
    assert saved.meta.pace == "fast" and saved.meta.undo


def test_migration_never_overwrites_a_newer_save_of_the_same_game() -> None:
    legacy = _legacy()
    newer = save_path(LEGACY_ID)
    newer.parent.mkdir(parents=True, exist_ok=True)
    newer.write_text("newer", "utf-8")
    assert migrate_legacy(paths.saves_dir()) is None
    assert newer.read_text("utf-8") == "newer"
    assert not legacy.exists()
    (aside,) = legacy.parent.glob("autosave.json.migrated-*")
    assert aside.read_bytes() == LEGACY.read_bytes()


def test_a_damaged_old_autosave_is_kept_and_listed_as_damaged() -> None:
    legacy = paths.autosave_path()
    legacy.parent.mkdir(parents=True)
    legacy.write_text("{cut sho", "utf-8")
    (info,) = list_saves()
    assert "not valid JSON" in info.problem and info.path.read_text("utf-8") == "{cut sho"
    with pytest.raises(SaveError, match="moved to"):
        load_game(info.game_id)


def test_a_symlinked_old_autosave_is_not_touched(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    shutil.copyfile(LEGACY, elsewhere)
    legacy = paths.autosave_path()
    legacy.parent.mkdir(parents=True)
    legacy.symlink_to(elsewhere)
    assert list_saves() == [] and legacy.is_symlink()


# --- locks -----------------------------------------------------------------------------------


def test_a_locked_game_is_marked_and_cannot_be_taken_twice() -> None:
    meta = meta_for(["A", "B"])
    save_game(bot_match(seed=1, steps=4, players=2), meta)
    folder = paths.saves_dir()
    first = GameLock(folder, meta.game_id)
    assert first.acquire()
    assert is_locked(folder, meta.game_id)
    assert not GameLock(folder, meta.game_id).acquire()
    (info,) = list_saves()
    assert info.locked
    with pytest.raises(SaveLocked, match="open in another window"):
        delete_save(meta.game_id)
    with pytest.raises(SaveLocked):
        resign_game(meta.game_id)
    assert save_path(meta.game_id).exists()
    first.release()
    assert not is_locked(folder, meta.game_id) and not list_saves()[0].locked


def test_probing_a_lock_never_creates_one() -> None:
    meta = meta_for(["A", "B"])
    save_game(bot_match(seed=1, steps=4, players=2), meta)
    list_saves()
    assert sorted(p.name for p in paths.saves_dir().iterdir()) == [f"{meta.game_id}.json"]


# --- delete and resign -----------------------------------------------------------------------


def test_delete_removes_only_that_game_and_its_lock() -> None:
    keep, drop = meta_for(["A", "B"]), meta_for(["A", "B"])
    for meta in (keep, drop):
        save_game(bot_match(seed=2, steps=4, players=2), meta)
    assert delete_save(drop.game_id)
    assert [i.game_id for i in list_saves()] == [keep.game_id]
    assert not any(p.suffix == ".lock" for p in paths.saves_dir().iterdir())
    assert list_records() == [], "a deleted game is not counted"


def test_resign_counts_the_game_as_left_K10_1() -> None:
    """Quitting a lost game and starting over never hides a goat: resigning is leaving."""
    meta = GameMeta(seats=(Seat("Masha"), Seat("Bot", "bot", "easy"), Seat("Olya", "bot", "easy")))
    match = bot_match(seed=9, steps=40, players=3)
    save_game(match, meta)
    done = resign_game(meta.game_id)
    assert done is not None and done.seat == 0 and done.name == "Masha"
    assert done.finished.counted
    assert list_saves() == []
    (record,) = list_records()
    assert record.players == ("Masha", "Bot", "Olya")
    with StatsDB() as db:
        masha = db.profile("Masha")
        assert masha is not None and masha.abandoned == 1 and masha.matches == 1
        assert db.match_count() == 1


def test_the_human_to_move_resigns_else_the_first_human() -> None:
    match = bot_match(seed=3, steps=7, players=3)
    hot = GameMeta(seats=(Seat("A"), Seat("B"), Seat("C")))
    assert resigning_seat(match, hot) == match.turn
    one = GameMeta(seats=tuple(Seat(n, "bot", "easy") if n != "C" else Seat(n) for n in "ABC"))
    assert resigning_seat(match, one) == 2
    bots = GameMeta(seats=tuple(Seat(n, "bot", "easy") for n in "ABC"))
    assert resigning_seat(match, bots) is None


def test_a_game_of_bots_only_cannot_be_resigned() -> None:
    meta = GameMeta(seats=(Seat("A", "bot", "easy"), Seat("B", "bot", "easy")))
    save_game(bot_match(seed=1, steps=3, players=2), meta)
    with pytest.raises(SaveError, match="only bots"):
        resign_game(meta.game_id)
    assert save_path(meta.game_id).exists()


def test_resign_of_a_damaged_save_moves_it_aside() -> None:
    path = save_path("ab" * 16)
    path.parent.mkdir(parents=True)
    path.write_text("[[[", "utf-8")
    with pytest.raises(SaveError, match="moved to"):
        resign_game("ab" * 16)
    assert not path.exists() and list(path.parent.glob("*.corrupt-*"))


def test_the_saved_game_after_resuming_is_the_same_game() -> None:
    meta = meta_for(["A", "B"])
    match = bot_match(seed=4, steps=12, players=2)
    save_game(match, meta)
    os.utime(save_path(meta.game_id))
    saved = load_game(meta.game_id)
    assert saved is not None and fingerprint(saved.match) == fingerprint(match)
