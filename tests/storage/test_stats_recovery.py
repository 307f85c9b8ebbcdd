"""Statistics survive damage: a damaged file or a foreign schema is set aside and the figures
are rebuilt from the archive of records (the source of truth) with the same game ids, an
abandoned match counting as left (K10.1); any other SQLite problem is one clear line."""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from domino_tui.cli import app
from domino_tui.engine.match import Match
from domino_tui.storage import paths, stats
from domino_tui.storage.archive import archive_match, list_records
from domino_tui.storage.meta import Seat
from domino_tui.storage.stats import StatsDB, StatsError

from .helpers import bot_match, goes_out_match

MASHA, ALEX = Seat("Masha"), Seat("Alex")


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input, env={"COLUMNS": "220"})


def one_line(result: Result) -> str:
    """Statistics that cannot be used are the machine's problem: exit 1, one line."""
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino: "), result.stderr
    return lines[0]


def _won() -> Match:
    return bot_match(31, players=2)


def _left() -> Match:
    """Alex (seat 1) leaves a seeded match half-way (K10.1)."""
    match = bot_match(32, steps=30, players=2)
    match.abandon(1)
    return match


def _finish(match: Match, seats: list[Seat], game_id: str, minute: int) -> None:
    """What finishing a game does: keep the record, then count it with the same id (records
    must replay from their seed, so these are seeded bot matches, not scripted deals)."""
    when = datetime(2026, 11, 30, 8, minute, tzinfo=UTC)
    path = archive_match(match, seats, "kozel", when=when, game_id=game_id)
    with StatsDB() as db:
        db.record_match(
            match,
            seats,
            game_id=game_id,
            preset="kozel",
            record_name=path.stem,
            finished_at=when.isoformat(timespec="seconds"),
        )


@pytest.fixture
def two_finished() -> None:
    _finish(_won(), [MASHA, ALEX], "game-a", 1)
    _finish(_left(), [MASHA, ALEX], "game-b", 2)


def _figures() -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    with StatsDB() as db:
        profiles = [
            (p.name, p.matches, p.goats, p.abandoned, p.rating, p.round_points)
            for p in db.profiles()
        ]
        matches = db._db.execute(
            "SELECT game_id, finished_at, preset, record_name FROM matches ORDER BY game_id"
        ).fetchall()
    return profiles, matches


def _garble(path: Path) -> None:
    data = bytearray(path.read_bytes())
    for offset in range(4096, min(len(data), 4096 * 3)):
        data[offset] = 0x55
    path.write_bytes(bytes(data))


@pytest.mark.usefixtures("two_finished")
@pytest.mark.parametrize("damage", ["junk", "garbled pages", "foreign schema", "no version"])
def test_a_damaged_database_is_rebuilt_from_the_records_K10_1(damage: str) -> None:
    before = _figures()
    path = paths.stats_path()
    if damage == "junk":
        path.write_bytes(b"not a database at all" * 300)
    elif damage == "garbled pages":
        _garble(path)
    else:
        path.unlink()
        with sqlite3.connect(path) as raw:
            raw.execute("CREATE TABLE matches (x)")
            if damage == "foreign schema":
                raw.execute("PRAGMA user_version = 1")
    with StatsDB() as db:
        assert db.notice is not None
        assert "moved to stats.sqlite3.corrupt-" in db.notice
        assert "rebuilt from 2 kept records" in db.notice
    assert _figures() == before  # same ids, same times, Alex still counted as having left
    alex = next(p for p in before[0] if p[0] == "Alex")
    assert alex[3] == 1  # left one match (K10.1)
    assert list(path.parent.glob("stats.sqlite3.corrupt-*"))


@pytest.mark.usefixtures("two_finished")
def test_rebuild_on_demand_keeps_a_backup_and_counts_each_record_once() -> None:
    before = _figures()
    result = run("stats", "--rebuild", "--yes")
    assert result.exit_code == 0, result.output
    assert "rebuilt from 2 kept records" in result.stdout and "backup-rebuild-" in result.stdout
    assert _figures() == before
    (backup,) = paths.data_dir().glob("stats.sqlite3.backup-rebuild-*")
    with sqlite3.connect(backup) as raw:
        assert raw.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 2


@pytest.mark.usefixtures("two_finished")
def test_rebuild_asks_first() -> None:
    result = run("stats", "--rebuild", input="n\n")
    assert result.exit_code == 0 and "Nothing was changed" in result.stdout
    assert not list(paths.data_dir().glob("stats.sqlite3.backup-*"))


def test_rebuild_skips_and_sets_aside_a_damaged_record() -> None:
    _finish(_won(), [MASHA, ALEX], "game-a", 1)
    bad = paths.records_dir() / "20261130-090000-1.json"
    bad.write_text("{")
    with StatsDB() as db:
        rebuilt = db.rebuild()
    assert rebuilt.counted == 1 and len(rebuilt.damaged) == 1
    assert not bad.exists() and list(paths.records_dir().glob("*.corrupt-*"))


def test_a_database_deleted_by_hand_can_be_rebuilt_and_the_cli_says_how() -> None:
    _finish(_won(), [MASHA, ALEX], "game-a", 1)
    paths.stats_path().unlink()
    for extra in ("-wal", "-shm"):
        Path(str(paths.stats_path()) + extra).unlink(missing_ok=True)
    result = run("stats")
    assert result.exit_code == 0 and "--rebuild" in result.stderr
    assert run("stats", "--rebuild", "--yes").exit_code == 0
    assert _figures()[1][0][0] == "game-a"


@pytest.mark.usefixtures("two_finished")
def test_the_cli_shows_rebuilt_figures_after_damage_with_a_notice() -> None:
    paths.stats_path().write_bytes(b"junk" * 2000)
    result = run("stats")
    assert result.exit_code == 0
    assert "rebuilt from 2 kept records" in result.stderr and "Masha" in result.stdout


# --- problems that are not damage: one line, the file left alone -----------------------------


def _sqlite_error(cls: type[sqlite3.Error], text: str, code: int) -> sqlite3.Error:
    err = cls(text)
    err.sqlite_errorcode = code  # type: ignore[attr-defined]
    return err


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("attempt to write a readonly database", 8, "read-only"),
        ("unable to open database file", 14, "cannot be opened"),
        ("disk I/O error", 10, "input/output error"),
        ("database or disk is full", 13, "disk is full"),
        ("database is locked", 5, "locked"),
    ],
)
def test_sqlite_errors_on_open_are_one_line_and_leave_the_file(
    monkeypatch: pytest.MonkeyPatch, text: str, code: int, words: str
) -> None:
    with StatsDB():
        pass
    before = paths.stats_path().read_bytes()

    def failing(*_: object, **__: object) -> sqlite3.Connection:
        raise _sqlite_error(sqlite3.OperationalError, text, code)

    monkeypatch.setattr(stats.sqlite3, "connect", failing)
    with pytest.raises(StatsError, match=words):
        StatsDB()
    line = one_line(run("stats"))
    assert words in line
    assert paths.stats_path().read_bytes() == before
    assert not list(paths.data_dir().glob("*.corrupt-*"))


class _Broken:
    """A connection whose every statement fails as a disk that stopped answering would."""

    def execute(self, *_: object) -> None:
        raise _sqlite_error(sqlite3.OperationalError, "disk I/O error", 10)

    def close(self) -> None:
        pass


def test_errors_while_reading_or_writing_are_stats_errors() -> None:
    with StatsDB() as db:
        db._db = _Broken()  # type: ignore[assignment]
        for call in (
            db.profiles,
            db.match_count,
            lambda: db.rating_history("Masha"),
            lambda: db.record_match(goes_out_match(), [MASHA, ALEX]),
            db.reset,
            db.rebuild,
        ):
            with pytest.raises(StatsError, match="input/output error"):
                call()


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_statistics_path_that_is_not_a_file_is_one_line(kind: str) -> None:
    path = paths.stats_path()
    path.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    with pytest.raises(StatsError, match="not a regular file"):
        StatsDB()
    assert "not a regular file" in one_line(run("stats"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads and writes any file")
def test_a_read_only_database_is_one_line() -> None:
    with StatsDB() as db:
        db.record_match(goes_out_match(), [MASHA, ALEX], game_id="a")
    folder = paths.data_dir()
    os.chmod(folder, 0o500)
    os.chmod(paths.stats_path(), 0o400)
    try:
        assert one_line(run("stats"))
    finally:
        os.chmod(folder, 0o700)
        os.chmod(paths.stats_path(), 0o600)


def test_seeds_that_fill_64_bits_are_counted() -> None:
    match = bot_match(2**64 - 1, players=2)
    with StatsDB() as db:
        assert db.record_match(match, [MASHA, ALEX], game_id="big")
    archive_match(match, [MASHA, ALEX], game_id="big")
    assert list_records()[0].seed == 2**64 - 1
    with StatsDB() as db:
        assert db.rebuild().counted == 1
