"""The autosave: the unfinished game, so that a closed terminal loses nothing.

A save is one versioned JSON envelope holding the engine record (rules, seed, every action) and
the app's metadata (:class:`GameMeta`). Resuming replays the record, so a resumed game is the
very game that was left, checked move by move. A save that cannot be trusted (damaged, cut
short, from another program or another version) is moved aside with a timestamp, never
deleted, and the error says so: the app can then start normally.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine.match import Match
from ..engine.record import RecordError, dumps, loads, make_record, read_envelope, replay
from .archive import archive_match
from .files import move_aside, write_atomic
from .meta import GameMeta, MetaError
from .paths import autosave_path
from .stats import StatsDB

SAVE_FORMAT = "domino-tui/save"
SAVE_VERSION = 1


class SaveError(RecordError):
    """A save that cannot be resumed. ``moved_to`` is where the file now is (None if it could
    not be moved, e.g. it could not even be read)."""

    def __init__(self, message: str, moved_to: Path | None = None) -> None:
        super().__init__(message)
        self.moved_to = moved_to


@dataclass(frozen=True)
class SavedGame:
    match: Match
    meta: GameMeta
    saved_at: str
    path: Path


@dataclass(frozen=True)
class FinishedGame:
    record_path: Path
    counted: bool  # False when the stats already had this game (a repeated finish)
    notice: str | None = None  # e.g. damaged statistics were replaced: tell the player


def save_game(match: Match, meta: GameMeta, path: Path | None = None) -> Path:
    """Write the autosave atomically; call after every action (and after an undo)."""
    if len(meta.seats) != match.rules.players:
        raise ValueError(f"{len(meta.seats)} seats for a {match.rules.players}-player match")
    target = path or autosave_path()
    envelope = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "meta": meta.to_dict(),
        "record": make_record(match, [s.to_dict() for s in meta.seats], meta.preset),
    }
    write_atomic(target, json.dumps(envelope, ensure_ascii=False, indent=1))
    return target


def _parse(text: str, path: Path) -> SavedGame:
    """Check the envelope and replay the record; RecordError/MetaError say what is wrong."""
    data = read_envelope(
        text, SAVE_FORMAT, SAVE_VERSION, subject="it", kind="saved game", label="save version"
    )
    version = data["version"]
    if version < SAVE_VERSION:
        raise RecordError(f"it is save version {version}, which no domino-tui ever wrote")
    meta = GameMeta.from_dict(data.get("meta"))
    record: Any = data.get("record")
    if not isinstance(record, dict):
        raise RecordError("it holds no game record")
    match = replay(loads(dumps(record)))
    if len(meta.seats) != match.rules.players:
        raise MetaError(f"it names {len(meta.seats)} seats for {match.rules.players} players")
    saved_at = data.get("saved_at")
    return SavedGame(match, meta, saved_at if isinstance(saved_at, str) else "", path)


def load_game(path: Path | None = None, stats_db: Path | None = None) -> SavedGame | None:
    """The unfinished game to resume, or None when there is none.

    A save whose match had already ended (the app stopped between the last move and the
    bookkeeping) is finished now, archived and counted, and None is returned. Raises SaveError
    for a save that cannot be trusted, after moving it aside.
    """
    source = path or autosave_path()
    try:
        raw = source.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise SaveError(f"cannot read the saved game {source}: {err.strerror}") from None
    try:
        saved = _parse(raw.decode("utf-8"), source)
    except (UnicodeDecodeError, RecordError, MetaError, TypeError, KeyError, IndexError) as err:
        reason = "it is not text" if isinstance(err, UnicodeDecodeError) else str(err)
        moved = move_aside(source)
        raise SaveError(
            f"the saved game cannot be resumed: {reason}. It was moved to {moved.name}.", moved
        ) from None
    if saved.match.over:
        finish_game(saved.match, saved.meta, save_path=source, stats_db=stats_db)
        return None
    return saved


def has_save(path: Path | None = None) -> bool:
    """Whether the start screen should offer Resume (cheap: does not replay)."""
    return (path or autosave_path()).is_file()


def clear_save(path: Path | None = None) -> bool:
    """Forget the autosave once its game is over; True if there was one."""
    try:
        (path or autosave_path()).unlink()
    except FileNotFoundError:
        return False
    return True


def finish_game(
    match: Match,
    meta: GameMeta,
    *,
    save_path: Path | None = None,
    records: Path | None = None,
    stats_db: Path | None = None,
) -> FinishedGame:
    """Everything after the last move (or a quit with ``match.abandon``): keep the record, count
    the match, then drop the autosave. Each step tolerates being repeated, so a crash half-way
    is repaired by running it again (which :func:`load_game` does)."""
    record_path = archive_match(match, meta.seats, meta.preset, records)
    with StatsDB(stats_db) as db:
        counted = db.record_match(
            match,
            meta.seats,
            game_id=meta.game_id,
            preset=meta.preset,
            record_name=record_path.stem,
        )
        notice = db.notice
    clear_save(save_path)
    return FinishedGame(record_path, counted, notice)
