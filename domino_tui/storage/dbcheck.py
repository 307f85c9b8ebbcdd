"""Health checks for the statistics database, apart from what the statistics mean.

SQLite reports a damaged file, a file that is not a database, a read-only file, a full disk and a
lock held by another program all as ``sqlite3`` exceptions; the player needs to know which one,
in one line, and the program must treat damage (set the file aside and rebuild) differently from
everything else (say so and leave the file alone). A file that opens can still be damaged inside
or hold someone else's tables, so it is also checked with ``PRAGMA quick_check`` and against
the schema the migrations build.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

from ..text import clean
from .files import stamp

# SQLite's primary result codes (the low byte of an extended code)
SQLITE_PERM = 3
SQLITE_BUSY = 5
SQLITE_LOCKED = 6
SQLITE_READONLY = 8
SQLITE_IOERR = 10
SQLITE_CORRUPT = 11
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_NOTADB = 26

_WORDS = {
    SQLITE_PERM: "permission denied",
    SQLITE_BUSY: "another program keeps it locked",
    SQLITE_LOCKED: "another program keeps it locked",
    SQLITE_READONLY: "it is read-only (check its permissions or the disk)",
    SQLITE_IOERR: "an input/output error (failing disk, or the folder is not writable)",
    SQLITE_FULL: "the disk is full",
    SQLITE_CANTOPEN: "it cannot be opened (check the file's and the folder's permissions)",
}


class Damaged(Exception):
    """The file is not a sound statistics database: set it aside and rebuild."""


def primary_code(err: sqlite3.Error) -> int | None:
    code = getattr(err, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def is_damage(err: sqlite3.Error) -> bool:
    """Whether ``err`` says the file's contents are broken (not a permission or a full disk)."""
    code = primary_code(err)
    if code is not None:
        return code in (SQLITE_CORRUPT, SQLITE_NOTADB)
    text = str(err).lower()
    return "not a database" in text or "malformed" in text


LOW_SPACE = 1024 * 1024  # bytes: below this a write-ahead log and its index cannot be made


def disk_full(folder: Path) -> bool:
    """Whether the disk holding ``folder`` has (almost) no room left. SQLite reports a full
    disk met while it sizes its shared-memory index as a plain I/O error (``SQLITE_IOERR_SHMSIZE``),
    which would send the player looking for a failing disk."""
    try:
        return shutil.disk_usage(folder).free < LOW_SPACE
    except (OSError, ValueError):
        return False


def describe(err: sqlite3.Error, folder: Path | None = None) -> str:
    """What went wrong, for a one-line message: plain words plus SQLite's own short text.
    With ``folder`` (where the database lives), an I/O error on a full disk says so."""
    own = clean(err, 120)
    code = primary_code(err) or -1
    if code in (SQLITE_IOERR, SQLITE_CANTOPEN) and folder is not None and disk_full(folder):
        code = SQLITE_FULL
    words = _WORDS.get(code)
    return f"{words} ({own})" if words else own


def quick_check(db: sqlite3.Connection) -> None:
    """Raise :class:`Damaged` unless SQLite's own consistency check passes."""
    rows = db.execute("PRAGMA quick_check").fetchall()
    if [tuple(row) for row in rows] != [("ok",)]:
        first = clean(rows[0][0], 100) if rows else "no answer"
        raise Damaged(f"the consistency check failed: {first}")


Schema = dict[str, tuple[str, ...]]


def schema_of(db: sqlite3.Connection) -> Schema:
    """Every table of ours (SQLite's internal ones left out) with its column names."""
    names = [
        row[0]
        for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    return {
        name: tuple(col[1] for col in db.execute(f'PRAGMA table_info("{name}")')) for name in names
    }


def built_schema(migrations: Sequence[Callable[[sqlite3.Connection], None]]) -> Schema:
    """The schema the migrations build, worked out in memory (so it never drifts from them)."""
    db = sqlite3.connect(":memory:")
    try:
        for migrate in migrations:
            migrate(db)
        return schema_of(db)
    finally:
        db.close()


def check_schema(db: sqlite3.Connection, expected: Schema) -> None:
    """Raise :class:`Damaged` when a table we need is missing or has other columns."""
    found = schema_of(db)
    for table, columns in expected.items():
        if table not in found:
            raise Damaged(f"it has no table {table!r}: not our schema")
        if found[table] != columns:
            raise Damaged(f"its table {table!r} has other columns than ours")


def backup_copy(db: sqlite3.Connection, path: Path, label: str) -> Path:
    """Copy the open database to ``<name>.backup-<label>-<stamp>`` (SQLite's backup API, so
    the copy is consistent even with a write-ahead log) before a migration or a rebuild
    changes it. ``label`` is e.g. ``v1`` (the schema version being left) or ``rebuild``."""
    target = path.with_name(f"{path.name}.backup-{label}-{stamp()}")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}.backup-{label}-{stamp()}-{n}")
        n += 1
    copy = sqlite3.connect(target)
    try:
        db.backup(copy)
    finally:
        copy.close()
    return target
