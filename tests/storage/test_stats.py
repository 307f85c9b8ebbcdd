"""Profile statistics: exact figures after scripted matches (worked out by hand in the helpers'
docstrings), pairs per player, idempotent counting, migrations, and concurrent writers."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from domino_tui.storage import paths, stats
from domino_tui.storage.meta import Seat
from domino_tui.storage.stats import MatchRef, StatsDB, StatsError, record_match

from .helpers import bot_match, fish_then_abandon_match, goes_out_match, pairs_match

ROOT = Path(__file__).resolve().parents[2]
MASHA, ALEX = Seat("Masha"), Seat("Alex")


@pytest.fixture
def db() -> StatsDB:
    with StatsDB() as opened:
        yield opened


def _two_matches(db: StatsDB) -> None:
    db.record_match(goes_out_match(), [MASHA, ALEX], game_id="A", finished_at="2026-11-01T10:00")
    db.record_match(
        fish_then_abandon_match(), [ALEX, MASHA], game_id="B", finished_at="2026-11-02T10:00"
    )


def test_figures_after_a_won_match_and_an_abandoned_fish_match(db: StatsDB) -> None:
    """K7.2, K8.2, K9, K10, K10.1 as worked out in helpers.goes_out_match and
    helpers.fish_then_abandon_match."""
    _two_matches(db)
    masha, alex = db.profile("Masha"), db.profile("Alex")
    assert masha is not None and alex is not None
    assert (masha.matches, masha.goats, masha.abandoned) == (2, 0, 1)
    assert (masha.rounds_played, masha.rounds_won, masha.round_points) == (2, 1, 28)
    assert masha.mean_round_points == 14.0 and masha.rating == 2
    assert masha.best == MatchRef("A", "2026-11-01T10:00", 2, 0, False, None)
    assert masha.worst == MatchRef("B", "2026-11-02T10:00", 0, 40, False, None)
    assert (alex.matches, alex.goats, alex.abandoned) == (2, 1, 0)
    assert (alex.rounds_played, alex.rounds_won, alex.round_points) == (2, 1, 34)
    assert alex.mean_round_points == 17.0 and alex.rating == 4
    assert alex.best == MatchRef("B", "2026-11-02T10:00", 4, 0, False, None)
    assert alex.worst == MatchRef("A", "2026-11-01T10:00", 0, 22, True, None)


def test_rating_over_time_is_in_match_order_with_a_running_total(db: StatsDB) -> None:
    _two_matches(db)
    assert [(p.game_id, p.rating, p.total) for p in db.rating_history("Alex")] == [
        ("A", 0, 0),
        ("B", 4, 4),
    ]
    assert [(p.rating, p.total) for p in db.rating_history("Masha")] == [(2, 2), (0, 2)]
    assert db.rating_history("Nobody") == []


def test_pairs_count_for_each_partner(db: StatsDB) -> None:
    """P3/P8: the pair's goat and rating go to both partners; round points are each own hand."""
    names = ["Olya", "Igor", "Serg", "Dima"]
    db.record_match(pairs_match(), [Seat(n) for n in names])
    got = {
        p.name: (p.goats, p.rating, p.rounds_won, p.round_points, p.best.written if p.best else -1)
        for p in db.profiles()
    }
    assert got == {
        "Olya": (0, 1, 1, 0, 0),
        "Serg": (0, 1, 1, 10, 0),
        "Igor": (1, 0, 0, 12, 19),
        "Dima": (1, 0, 0, 7, 19),
    }


def test_bots_are_profiles_apart_from_a_human_of_the_same_name(db: StatsDB) -> None:
    db.record_match(goes_out_match(), [Seat("Greedy"), Seat("Greedy", "bot", "medium")])
    human, bot = db.profile("Greedy"), db.profile("Greedy", is_bot=True)
    assert human is not None and bot is not None
    assert (human.rating, bot.rating) == (2, 0)
    assert [p.name for p in db.profiles(include_bots=False)] == ["Greedy"]
    assert [p.is_bot for p in db.profiles()] == [False, True]


def test_a_game_is_counted_once(db: StatsDB) -> None:
    match = goes_out_match()
    assert db.record_match(match, [MASHA, ALEX], game_id="same")
    assert not db.record_match(match, [MASHA, ALEX], game_id="same")
    assert db.match_count() == 1
    assert db.record_match(match, [MASHA, ALEX])  # no id: a new game each time
    assert db.match_count() == 2


def test_only_finished_matches_with_every_seat_are_counted(db: StatsDB) -> None:
    with pytest.raises(ValueError, match="finished or abandoned"):
        db.record_match(bot_match(1, steps=5), [Seat(n) for n in "ABCD"])
    with pytest.raises(ValueError, match="3 seats given for a 2-player match"):
        db.record_match(goes_out_match(), [MASHA, ALEX, Seat("Olya")])
    assert db.match_count() == 0


def test_reset_forgets_everything(db: StatsDB) -> None:
    _two_matches(db)
    db.reset()
    assert db.profiles() == [] and db.match_count() == 0


def test_a_fresh_database_has_the_latest_schema_and_wal(db: StatsDB) -> None:
    assert db.schema_version == len(stats.MIGRATIONS)
    with sqlite3.connect(paths.stats_path()) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_new_migration_runs_once_and_keeps_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    with StatsDB() as db:
        _two_matches(db)
    runs: list[int] = []

    def add_notes(conn: sqlite3.Connection) -> None:
        if conn.execute("PRAGMA database_list").fetchone()[2]:  # not the in-memory schema check
            runs.append(1)
        conn.execute("ALTER TABLE matches ADD COLUMN notes TEXT")

    before = len(stats.MIGRATIONS)
    monkeypatch.setattr(stats, "MIGRATIONS", [*stats.MIGRATIONS, add_notes])
    backups = []
    for _ in range(2):
        with StatsDB() as db:
            assert db.schema_version == before + 1
            assert db.match_count() == 2
            backups.append(db.backup)
    assert runs == [1]
    # the file was copied before the migration changed it, and only then
    first, again = backups
    assert first is not None and again is None
    assert first.name.startswith(f"stats.sqlite3.backup-v{before}-")
    with sqlite3.connect(first) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == before
        assert raw.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 2


def test_a_database_from_a_newer_program_is_refused_untouched() -> None:
    path = paths.stats_path()
    with StatsDB():
        pass
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA user_version = 99")
    with pytest.raises(StatsError, match="schema version 99, newer than this program"):
        StatsDB()
    assert path.exists()


def test_a_damaged_database_is_moved_aside_and_replaced() -> None:
    path = paths.stats_path()
    path.parent.mkdir(parents=True)
    junk = b"this is not sqlite" * 100
    path.write_bytes(junk)
    with StatsDB() as db:
        assert db.notice is not None and "moved to stats.sqlite3.corrupt-" in db.notice
        assert db.match_count() == 0
    (aside,) = path.parent.glob("stats.sqlite3.corrupt-*")
    assert aside.read_bytes() == junk


WRITER = """
import sys, time
sys.path.insert(0, {tests!r})
from pathlib import Path
from domino_tui.storage.meta import Seat
from domino_tui.storage.stats import record_match
from storage.helpers import goes_out_match
Path({go!r} + "-ready-{name}").touch()
while not Path({go!r}).exists():
    time.sleep(0.001)
for i in range({count}):
    record_match(goes_out_match(), [Seat("Masha"), Seat("W{name}")], game_id=f"{name}-{{i}}")
"""


def test_two_app_instances_writing_at_once_lose_nothing(home: Path) -> None:
    """Two processes, each opening the database afresh for every match, start at the same
    moment on a database that does not exist yet (so they also race to create the schema)."""
    home.mkdir(parents=True)
    go, count = home / "go", 40
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                textwrap.dedent(
                    WRITER.format(tests=str(ROOT / "tests"), go=str(go), count=count, name=name)
                ),
            ],
            cwd=ROOT,
            env=os.environ.copy(),
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("1", "2")
    ]
    deadline = time.monotonic() + 60
    while len(list(home.glob("go-ready-*"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    go.touch()
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    with StatsDB() as db:
        assert db.match_count() == 2 * count
        masha, one, two = db.profile("Masha"), db.profile("W1"), db.profile("W2")
        assert masha is not None and one is not None and two is not None
        assert (masha.matches, masha.rating) == (2 * count, 2 * 2 * count)
        assert (one.matches, one.goats, two.matches, two.goats) == (count, count, count, count)


def test_record_match_opens_the_default_database() -> None:
    assert record_match(goes_out_match(), [MASHA, ALEX], game_id="x")
    assert paths.stats_path().exists()
    with StatsDB() as db:
        assert db.match_count() == 1


def test_a_version_1_database_gains_the_undo_column_and_keeps_its_matches() -> None:
    """Issue 9: schema v2 marks matches played with undo; a v1 file migrates, all rated."""
    path = paths.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as raw:
        stats._v1(raw)
        raw.execute("PRAGMA user_version = 1")
    with StatsDB() as db:
        _two_matches(db)
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE matches SET with_undo = 0")
        raw.execute("PRAGMA user_version = 1")
        raw.execute("ALTER TABLE matches DROP COLUMN with_undo")
    with StatsDB() as db:
        assert db.schema_version == len(stats.MIGRATIONS) and db.backup is not None
        assert db.match_count() == 2
        assert all(p.practice == 0 for p in db.profiles())
