"""Profile statistics in SQLite: who played, who was the goat, who earns rating (K10, K10.1).

Two app instances may finish games at the same moment (two terminals, a hot-seat table and a
bot game): the database runs in WAL mode with a busy timeout, and every write is one
``BEGIN IMMEDIATE`` transaction, so a writer waits for the other instead of failing or losing
a match. The schema is versioned with ``PRAGMA user_version`` and a list of migrations; a new
version of the schema is a new function appended to :data:`MIGRATIONS`, never an edit.

Figures are per player even in pairs (P2): each partner gets the pair's goat, rating and round
wins, and their own hand's points.

Figures are also per variant (issue 11): a Козёл rating is never mixed with Телефон's. The
variant is read from the rules every match row already keeps (``matches.rules``, the JSON of
``Rules.to_dict``), so no schema change was needed and a file written before the variants,
whose rules name none, counts as Козёл.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine.match import Match, RoundResult
from ..engine.record import RecordError
from ..text import clean
from .dbcheck import (
    Damaged,
    backup_copy,
    built_schema,
    check_schema,
    describe,
    is_damage,
    quick_check,
    schema_of,
)
from .files import error_words, move_aside
from .meta import Seat, new_game_id
from .paths import stats_path
from .reading import FileRefused, check_regular

BUSY_TIMEOUT_S = 30.0
_LIVE_INDEX = 32 * 1024  # bytes: the least a WAL index in use has (SQLite maps 32 KiB)


class StatsError(Exception):
    """The statistics database cannot be used; the message says why and what was done."""


def _v1(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE profiles (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            is_bot INTEGER NOT NULL,
            UNIQUE (name, is_bot))"""
    )
    db.execute(
        """CREATE TABLE matches (
            id INTEGER PRIMARY KEY,
            game_id TEXT NOT NULL UNIQUE,
            finished_at TEXT NOT NULL,
            preset TEXT,
            rules TEXT NOT NULL,
            seed INTEGER NOT NULL,
            rounds INTEGER NOT NULL,
            abandoned_by INTEGER,
            record_name TEXT)"""
    )
    db.execute(
        """CREATE TABLE results (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            profile_id INTEGER NOT NULL REFERENCES profiles(id),
            side INTEGER NOT NULL,
            goat INTEGER NOT NULL,
            winner INTEGER NOT NULL,
            left_game INTEGER NOT NULL,
            rating INTEGER NOT NULL,
            written INTEGER NOT NULL,
            rounds_played INTEGER NOT NULL,
            rounds_won INTEGER NOT NULL,
            round_points INTEGER NOT NULL,
            PRIMARY KEY (match_id, seat))"""
    )
    db.execute("CREATE INDEX results_by_profile ON results(profile_id)")


def _v2(db: sqlite3.Connection) -> None:
    """Matches played with undo (issue 9): counted, but kept out of the rating."""
    db.execute("ALTER TABLE matches ADD COLUMN with_undo INTEGER NOT NULL DEFAULT 0")


# the variant of a match row: from its rules; none (an older file) or unreadable rules: Козёл
VARIANT_OF = (
    "COALESCE(CASE WHEN json_valid(m.rules) THEN json_extract(m.rules, '$.variant') END, 'kozel')"
)
ANY_VARIANT = "(? IS NULL OR " + VARIANT_OF + " = ?)"  # bound twice: the variant or None

Migration = Callable[[sqlite3.Connection], None]
MIGRATIONS: list[Migration] = [_v1, _v2]  # MIGRATIONS[i] takes the schema from version i to i + 1


@dataclass(frozen=True)
class MatchRef:
    """One match from one player's side: enough to name it and open its replay."""

    game_id: str
    finished_at: str
    rating: int
    written: int
    goat: bool
    record_name: str | None


@dataclass(frozen=True)
class ProfileStats:
    name: str
    is_bot: bool
    matches: int
    goats: int
    abandoned: int  # matches this player left (K10.1)
    rounds_played: int
    rounds_won: int
    round_points: int  # own hand points summed over the rounds played
    rating: int  # K10 / K10.1 rating summed over the rated matches (those without undo)
    best: MatchRef | None
    worst: MatchRef | None
    practice: int = 0  # of ``matches``, those played with undo: counted, never rated

    @property
    def mean_round_points(self) -> float | None:
        return self.round_points / self.rounds_played if self.rounds_played else None

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["mean_round_points"] = self.mean_round_points
        return data


@dataclass(frozen=True)
class RatingPoint:
    """One match on a profile's rating chart: the match's rating and the running total."""

    finished_at: str
    game_id: str
    rating: int
    total: int


def round_winners(match: Match, result: RoundResult) -> set[int]:
    """Sides that won a round: the side that went out, or on a fish the single side with the
    fewest hand points (the pair with the smaller sum, F10; the lowest hand, C4); a tie for the
    fewest wins nobody."""
    if result.went_out >= 0:
        return {match.rules.side_of(result.went_out)}
    active = {line.side: line.hand_points for line in result.score.lines if not line.before.out}
    low = min(active.values())
    lows = [side for side, points in active.items() if points == low]
    return set(lows) if len(lows) == 1 else set()


@dataclass(frozen=True)
class _SeatFigures:
    rounds_played: int
    rounds_won: int
    round_points: int


def _seat_figures(match: Match) -> list[_SeatFigures]:
    rules = match.rules
    played = [0] * rules.players
    won = [0] * rules.players
    points = [0] * rules.players
    for result in match.results:
        winners = round_winners(match, result)
        for seat in range(rules.players):
            side = rules.side_of(seat)
            if result.score.lines[side].before.out:
                continue
            played[seat] += 1
            won[seat] += side in winners
            points[seat] += result.score.seat_points[seat]
    return [_SeatFigures(played[s], won[s], points[s]) for s in range(rules.players)]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _stored_seed(seed: int) -> int:
    """A seed as SQLite's signed 64-bit INTEGER holds it (seeds up to 2**64 - 1 wrap)."""
    return seed - 2**64 if seed >= 2**63 else seed


@dataclass(frozen=True)
class Rebuilt:
    """What :meth:`StatsDB.rebuild` counted: matches, and damaged records set aside."""

    counted: int
    damaged: tuple[str, ...]

    def words(self) -> str:
        text = f"rebuilt from {self.counted} kept record{'s' if self.counted != 1 else ''}"
        if self.damaged:
            text += f" ({len(self.damaged)} damaged record(s) skipped and moved aside)"
        return text


@dataclass(frozen=True)
class Replaced:
    """A damaged statistics file that was set aside and rebuilt (the app words it for the
    player; :attr:`StatsDB.notice` is the English line for logs and the CLI)."""

    reason: str
    moved: str  # the name the damaged file was moved to
    rebuilt: Rebuilt


class StatsDB:
    """An open statistics database. Use as a context manager, or call :meth:`close`.

    Opening checks the file (a regular file, ``PRAGMA quick_check``, our schema); a damaged one
    is set aside with its journal files and the statistics are rebuilt from the archive of
    records (``records``, by default the ``records`` folder next to the database), with a
    :attr:`notice` for the player. Every other problem is a :class:`StatsError` in one line.
    """

    def __init__(self, path: Path | None = None, records: Path | None = None) -> None:
        self.path = path or stats_path()
        self.records = records or self.path.parent / "records"
        self.notice: str | None = None  # set when a damaged file was replaced: tell the player
        self.replaced: Replaced | None = None  # the same, for the app to put in its words
        self.backup: Path | None = None  # the copy made before a schema migration
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists() or self.path.is_symlink():
                check_regular(self.path, "the statistics file")
        except FileRefused as err:
            raise StatsError(str(err)) from None
        except OSError as err:
            raise StatsError(
                f"cannot use the statistics {self._shown}: {error_words(err)}"
            ) from None
        journals = {side for side in self._journals() if os.path.lexists(side)}
        try:
            if self._empty_beside_records():
                raise Damaged("it is empty, 0 bytes, while records are kept")
            self._db = self._open()
        except Damaged as err:
            self._replace_damaged(str(err))
        except sqlite3.Error as err:
            if not is_damage(err):
                self._drop_new_journals(journals)
                why = describe(err, self.path.parent)
                raise StatsError(f"cannot open the statistics {self._shown}: {why}") from None
            self._replace_damaged(clean(err, 120))

    @property
    def _shown(self) -> str:
        return clean(self.path, 200)

    def _replace_damaged(self, reason: str) -> None:
        """Set the damaged file aside and start afresh from the archive (the source of truth)."""
        try:
            moved = self._quarantine()
            self._db = self._open()
            rebuilt = self.rebuild()
        except (OSError, sqlite3.Error, Damaged) as err:
            words = error_words(err) if isinstance(err, OSError) else clean(err, 120)
            raise StatsError(
                f"the statistics file {self._shown} is damaged ({reason}) and could not be "
                f"replaced: {words}"
            ) from None
        self.replaced = Replaced(reason, clean(moved.name), rebuilt)
        self.notice = (
            f"the statistics file was damaged ({reason}); it was moved to {clean(moved.name)} "
            f"and the statistics were {rebuilt.words()}"
        )

    def _journals(self) -> list[Path]:
        """The write-ahead log and its index beside the database (whether there or not)."""
        return [self.path.with_name(self.path.name + extra) for extra in ("-wal", "-shm")]

    def _drop_new_journals(self, before: set[Path]) -> None:
        """Remove the journal files a failed open has just left (a full disk leaves a 0-byte
        log and a few bytes of index). Only files that were not there before, and only while
        no connection can be using them: every connection in WAL mode maps an index of at
        least 32 KiB, so an index smaller than that means nobody else has the log open."""
        wal, shm = self._journals()
        try:
            index = os.lstat(shm)
        except FileNotFoundError:
            index = None
        except OSError:
            return
        if index is not None and (not stat.S_ISREG(index.st_mode) or index.st_size >= _LIVE_INDEX):
            return
        for side in (wal, shm):
            if side in before:
                continue
            with suppress(OSError):
                info = os.lstat(side)
                if stat.S_ISREG(info.st_mode) and info.st_size < _LIVE_INDEX:
                    side.unlink()

    def _empty_beside_records(self) -> bool:
        """A 0-byte statistics file (a crash between creating it and writing its first page)
        while records are kept: the figures are gone and are rebuilt from the records, as for
        other damage. An empty file with no records is simply a new database."""
        try:
            if os.stat(self.path).st_size != 0 or os.path.lexists(self._journals()[0]):
                return False  # a write-ahead log may still hold what the file does not
            return any(e.name.endswith(".json") for e in os.scandir(self.records))
        except OSError:
            return False

    def _quarantine(self) -> Path:
        """Move a file that is not a database aside, with its journal files, never delete it."""
        for extra in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + extra)
            if side.exists():
                move_aside(side)
        return move_aside(self.path)

    def _open(self) -> sqlite3.Connection:
        existed = self.path.exists()
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        try:
            db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
            if existed:
                quick_check(db)
            _switch_to_wal(db)
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("PRAGMA foreign_keys = ON")
            self._migrate(db)
        except BaseException:
            db.close()
            raise
        return db

    def _migrate(self, db: sqlite3.Connection) -> None:
        """Bring the schema up to date in one transaction, backing the file up first when an
        existing database is migrated; then check the tables are the ones we expect."""
        before = db.execute("PRAGMA user_version").fetchone()[0]
        if 0 < before < len(MIGRATIONS):  # outside the transaction: a backup reads the file
            check_schema(db, built_schema(MIGRATIONS[:before]))
            self.backup = backup_copy(db, self.path, f"v{before}")
        with _transaction(db):
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > len(MIGRATIONS):
                raise StatsError(
                    f"the statistics database is schema version {version}, newer than this "
                    f"program knows ({len(MIGRATIONS)}); update domino-tui"
                )
            if version == 0 and schema_of(db):
                raise Damaged("it holds tables but no schema version: not our database")
            for migrate in MIGRATIONS[version:]:
                migrate(db)
            if version != len(MIGRATIONS):
                db.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
            check_schema(db, built_schema(MIGRATIONS))

    @property
    def schema_version(self) -> int:
        with _sql_errors(self):
            return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> StatsDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def backup_now(self, label: str = "rebuild") -> Path:
        """Copy the database aside (before ``domino stats --rebuild`` replaces its figures)."""
        try:
            with _sql_errors(self):
                return backup_copy(self._db, self.path, label)
        except OSError as err:
            raise StatsError(f"cannot back up the statistics: {error_words(err)}") from None

    def rebuild(self) -> Rebuilt:
        """Forget every figure and count every kept record again, in one transaction, with
        the record's game id and finish time (an abandoned match counts as left, K10.1)."""
        from .archive import kept_records  # the archive is read only when rebuilding

        counted, damaged = 0, []
        with _sql_errors(self), _transaction(self._db):
            self._forget()
            for kept in kept_records(self.records):
                if isinstance(kept, RecordError):
                    damaged.append(str(kept))
                    continue
                preset = kept.record.get("preset")
                counted += self._count(
                    kept.match,
                    kept.seats,
                    game_id=kept.game_id,
                    preset=preset if isinstance(preset, str) else None,
                    record_name=kept.path.stem,
                    finished_at=kept.finished_at,
                )
        return Rebuilt(counted, tuple(damaged))

    # --- writing ----------------------------------------------------------------------------
    def record_match(
        self,
        match: Match,
        seats: Sequence[Seat],
        *,
        game_id: str | None = None,
        preset: str | None = None,
        record_name: str | None = None,
        finished_at: str | None = None,
    ) -> bool:
        """Count a finished or abandoned match for every seat, bots included (flagged).

        Returns False when ``game_id`` was already counted: finishing a game again after a
        crash must not count it twice.
        """
        with _sql_errors(self), _transaction(self._db):
            return self._count(
                match,
                seats,
                game_id=game_id,
                preset=preset,
                record_name=record_name,
                finished_at=finished_at,
            )

    def _count(
        self,
        match: Match,
        seats: Sequence[Seat],
        *,
        game_id: str | None,
        preset: str | None,
        record_name: str | None,
        finished_at: str | None,
    ) -> bool:
        """:meth:`record_match` inside the caller's transaction."""
        if match.outcome is None:
            raise ValueError("only a finished or abandoned match can be counted")
        rules, outcome = match.rules, match.outcome
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats given for a {rules.players}-player match")
        figures = _seat_figures(match)
        try:
            cur = self._db.execute(
                "INSERT INTO matches (game_id, finished_at, preset, rules, seed, rounds,"
                " abandoned_by, record_name, with_undo) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id or new_game_id(),
                    finished_at or _now(),
                    preset,
                    json.dumps(rules.to_dict(), sort_keys=True),
                    _stored_seed(match.seed),
                    len(match.results),
                    outcome.abandoned_by if outcome.abandoned_by >= 0 else None,
                    record_name,
                    # the column keeps a match out of the rating: played with undo, or a
                    # stand-in moved for a bot that failed (bots/runner.py, issue 22)
                    bool(match.with_undo or match.stand_ins),
                ),
            )
        except sqlite3.IntegrityError:
            return False
        match_id = cur.lastrowid
        for seat, (who, fig) in enumerate(zip(seats, figures, strict=True)):
            side = rules.side_of(seat)
            self._db.execute(
                "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match_id,
                    seat,
                    self._profile_id(who),
                    side,
                    side in outcome.goats,
                    side in outcome.winners,
                    seat == outcome.abandoned_by,
                    outcome.ratings[side],
                    match.standings[side].written,
                    fig.rounds_played,
                    fig.rounds_won,
                    fig.round_points,
                ),
            )
        return True

    def _profile_id(self, seat: Seat) -> int:
        self._db.execute(
            "INSERT OR IGNORE INTO profiles (name, is_bot) VALUES (?, ?)", (seat.name, seat.is_bot)
        )
        row = self._db.execute(
            "SELECT id FROM profiles WHERE name = ? AND is_bot = ?", (seat.name, seat.is_bot)
        ).fetchone()
        return int(row[0])

    def reset(self) -> None:
        """Forget every match and profile (the CLI asks the player first)."""
        with _sql_errors(self), _transaction(self._db):
            self._forget()

    def _forget(self) -> None:
        for table in ("results", "matches", "profiles"):
            self._db.execute(f"DELETE FROM {table}")

    # --- reading ----------------------------------------------------------------------------
    def profiles(self, include_bots: bool = True, variant: str | None = None) -> list[ProfileStats]:
        """Every profile with at least one match (of ``variant``, or of any variant when None),
        humans first, then by rating."""
        with _sql_errors(self):
            return self._profiles(include_bots, variant)

    def _profiles(self, include_bots: bool, variant: str | None) -> list[ProfileStats]:
        rows = self._db.execute(
            "SELECT p.id, p.name, p.is_bot, COUNT(DISTINCT r.match_id), SUM(r.goat),"
            " SUM(r.left_game), SUM(r.rounds_played), SUM(r.rounds_won), SUM(r.round_points),"
            " SUM(CASE WHEN m.with_undo THEN 0 ELSE r.rating END), SUM(m.with_undo)"
            " FROM profiles p JOIN results r ON r.profile_id = p.id"
            f" JOIN matches m ON m.id = r.match_id WHERE {ANY_VARIANT} GROUP BY p.id"
            " ORDER BY p.is_bot, SUM(CASE WHEN m.with_undo THEN 0 ELSE r.rating END) DESC, p.name",
            (variant, variant),
        ).fetchall()
        return [
            ProfileStats(
                name=name,
                is_bot=bool(is_bot),
                matches=matches,
                goats=goats,
                abandoned=left,
                rounds_played=played,
                rounds_won=won,
                round_points=points,
                rating=total,
                best=self._extreme(pid, True, variant),
                worst=self._extreme(pid, False, variant),
                practice=practice or 0,
            )
            for (
                pid,
                name,
                is_bot,
                matches,
                goats,
                left,
                played,
                won,
                points,
                total,
                practice,
            ) in rows
            if include_bots or not is_bot
        ]

    def profile(
        self, name: str, is_bot: bool = False, variant: str | None = None
    ) -> ProfileStats | None:
        found = [p for p in self.profiles(True, variant) if p.name == name and p.is_bot == is_bot]
        return found[0] if found else None

    def variants(self) -> list[tuple[str, int]]:
        """The variants with counted matches and how many, the most played first (a name this
        program does not know, from a damaged or foreign file, is left out)."""
        from ..engine.variants import MODULES

        with _sql_errors(self):
            rows = self._db.execute(
                f"SELECT {VARIANT_OF}, COUNT(*) FROM matches m GROUP BY 1 ORDER BY 2 DESC, 1"
            ).fetchall()
        return [(name, n) for name, n in rows if isinstance(name, str) and name in MODULES]

    def _extreme(self, profile_id: int, best: bool, variant: str | None = None) -> MatchRef | None:
        """Best match: highest rating, then lowest written score, then earliest; worst: the
        reverse. Only rated matches (played without undo) compete."""
        order = (
            "r.rating DESC, r.written ASC, m.id ASC"
            if best
            else "r.rating ASC, r.written DESC, m.id DESC"
        )
        row = self._db.execute(
            "SELECT m.game_id, m.finished_at, r.rating, r.written, r.goat, m.record_name"
            " FROM results r JOIN matches m ON m.id = r.match_id"
            f" WHERE r.profile_id = ? AND NOT m.with_undo AND {ANY_VARIANT}"
            f" ORDER BY {order} LIMIT 1",
            (profile_id, variant, variant),
        ).fetchone()
        if row is None:
            return None
        game_id, finished_at, rating, written, goat, record_name = row
        return MatchRef(game_id, finished_at, rating, written, bool(goat), record_name)

    def rating_history(
        self, name: str, is_bot: bool = False, variant: str | None = None
    ) -> list[RatingPoint]:
        """The profile's matches (of ``variant``, or all when None) in order with the running
        rating total: the Stats chart."""
        with _sql_errors(self):
            return self._rating_history(name, is_bot, variant)

    def _rating_history(self, name: str, is_bot: bool, variant: str | None) -> list[RatingPoint]:
        rows = self._db.execute(
            "SELECT m.finished_at, m.game_id, r.rating FROM results r"
            " JOIN matches m ON m.id = r.match_id JOIN profiles p ON p.id = r.profile_id"
            f" WHERE p.name = ? AND p.is_bot = ? AND NOT m.with_undo AND {ANY_VARIANT}"
            " ORDER BY m.finished_at, m.id, r.seat",
            (name, is_bot, variant, variant),
        ).fetchall()
        points, total = [], 0
        for finished_at, game_id, rating in rows:
            total += rating
            points.append(RatingPoint(finished_at, game_id, rating, total))
        return points

    def match_count(self) -> int:
        with _sql_errors(self):
            return int(self._db.execute("SELECT COUNT(*) FROM matches").fetchone()[0])


def _switch_to_wal(db: sqlite3.Connection) -> None:
    """Enter WAL mode, retrying by hand: SQLite answers "database is locked" at once, without
    the busy handler, when another connection holds a lock during the switch (two instances
    opening a new database together)."""
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    pause = 0.005
    while True:
        try:
            db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) and "busy" not in str(err):
                raise
            if time.monotonic() > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


@contextmanager
def _sql_errors(db: StatsDB) -> Iterator[None]:
    """Any SQLite error while the database is in use, as one StatsError line."""
    try:
        yield
    except sqlite3.Error as err:
        hint = "; `domino stats --rebuild` rebuilds it from the records" if is_damage(err) else ""
        raise StatsError(f"the statistics {db._shown}: {describe(err)}{hint}") from None


@contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    """A write transaction that takes the lock up front, so concurrent writers queue on the
    busy timeout instead of failing half-way (a deferred transaction cannot wait to upgrade)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        with suppress(sqlite3.Error):  # a failed COMMIT may have ended it already
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def record_match(
    match: Match, seats: Sequence[Seat], path: Path | None = None, **details: Any
) -> bool:
    """Count a finished match in the default database (see :meth:`StatsDB.record_match`)."""
    with StatsDB(path) as db:
        return db.record_match(match, seats, **details)
