"""A full disk and an empty statistics file (issue 22, part 4).

On a full disk SQLite cannot size the write-ahead log's index and reports a plain "disk I/O
error" (``SQLITE_IOERR_SHMSIZE``), leaving a 0-byte ``-wal`` and a few bytes of ``-shm`` behind:
``domino stats`` exited 2 with "an input/output error (failing disk?)". Now it says the disk is
full, exits 1 (the machine, not the player's input) and leaves nothing. The full disk is
simulated: ``sqlite3.connect`` leaves what SQLite leaves and fails as SQLite fails, and the
free space reads 0 (by hand, a 256 KiB tmpfs gave the same files and the same error).

A 0-byte ``stats.sqlite3`` beside kept records (a crash between creating the file and its first
page) counted nothing; it is now rebuilt from the records like any other damaged file.
"""

from __future__ import annotations

import json
import sqlite3
from collections import namedtuple
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from domino_tui.cli import app
from domino_tui.storage import dbcheck, paths, stats
from domino_tui.storage.archive import archive_match
from domino_tui.storage.meta import Seat
from domino_tui.storage.stats import StatsDB, StatsError

from .helpers import bot_match

SEATS = [Seat("Masha"), Seat("Alex")]
Usage = namedtuple("Usage", "total used free")
SHMSIZE = 4874  # SQLITE_IOERR_SHMSIZE: what a full disk gives while the index is sized


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "220"})


def _full_disk(monkeypatch: pytest.MonkeyPatch, free: int = 0) -> None:
    """Opening leaves the journal files SQLite leaves on a full disk, then fails as it does."""

    def connect(path: object, *_: object, **__: object) -> sqlite3.Connection:
        db = Path(str(path))
        db.with_name(db.name + "-wal").write_bytes(b"")
        db.with_name(db.name + "-shm").write_bytes(b"\0\0\0")
        err = sqlite3.OperationalError("disk I/O error")
        err.sqlite_errorcode = SHMSIZE  # type: ignore[attr-defined]
        raise err

    monkeypatch.setattr(stats.sqlite3, "connect", connect)
    monkeypatch.setattr(dbcheck.shutil, "disk_usage", lambda _p: Usage(10**9, 10**9 - free, free))


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_plain_stats_on_a_full_disk_says_so_exits_1_and_leaves_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with StatsDB() as db:
        db.record_match(bot_match(1, players=2), SEATS, game_id="a")
    before = _names(paths.data_dir())
    assert before == ["stats.sqlite3"]
    _full_disk(monkeypatch)
    result = run("stats")
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "the disk is full" in lines[0], result.stderr
    assert "input/output error" not in lines[0].split("(")[0]
    assert _names(paths.data_dir()) == before  # no -wal, no -shm


def test_an_io_error_with_room_left_is_still_an_io_error_and_leaves_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with StatsDB():
        pass
    _full_disk(monkeypatch, free=10**9)
    with pytest.raises(StatsError, match="input/output error") as caught:
        StatsDB()
    assert "disk is full" not in str(caught.value)
    assert _names(paths.data_dir()) == ["stats.sqlite3"]


def test_another_windows_journal_is_never_removed(monkeypatch: pytest.MonkeyPatch) -> None:
    """While another connection has the database open its index is mapped (32 KiB at least):
    a failed open here must not take its journal files away."""
    with StatsDB() as other:
        other.record_match(bot_match(2, players=2), SEATS, game_id="b")
        live = _names(paths.data_dir())
        assert {"stats.sqlite3-wal", "stats.sqlite3-shm"} <= set(live)

        def busy(*_: object, **__: object) -> sqlite3.Connection:
            err = sqlite3.OperationalError("disk I/O error")
            err.sqlite_errorcode = SHMSIZE  # type: ignore[attr-defined]
            raise err

        with monkeypatch.context() as patch:
            patch.setattr(stats.sqlite3, "connect", busy)
            with pytest.raises(StatsError):
                StatsDB()
        assert _names(paths.data_dir()) == live
        assert other.match_count() == 1


def test_an_empty_statistics_file_beside_records_is_rebuilt_from_them() -> None:
    for seed, game in ((3, "c"), (4, "d")):
        archive_match(bot_match(seed, players=2), SEATS, "kozel", game_id=game)
    paths.stats_path().write_bytes(b"")
    result = run("stats", "--json")
    assert result.exit_code == 0, result.output
    assert "rebuilt from 2 kept records" in result.stderr
    assert {p["name"] for p in json.loads(result.stdout)} == {"Masha", "Alex"}
    with StatsDB() as db:
        assert db.match_count() == 2


def test_an_empty_statistics_file_alone_is_just_a_new_database() -> None:
    paths.stats_path().parent.mkdir(parents=True)
    paths.stats_path().write_bytes(b"")
    with StatsDB() as db:
        assert db.notice is None and db.match_count() == 0
    assert not list(paths.data_dir().glob("*.corrupt-*"))
