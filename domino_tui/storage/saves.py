"""Saved games: every unfinished game, one file each, so that a closed terminal loses nothing and
starting a new game never replaces an old one.

A save is ``saves/<game id>.json``: one versioned JSON envelope holding the engine record (rules,
seed, every action), the app's metadata (:class:`GameMeta`) and a short summary (players,
round, scores) so that the list of saves is read without replaying anything. Resuming replays
the record, so a resumed game is the very game that was left, checked move by move. A save that
cannot be trusted (damaged, cut short, from another program or another version, hostile) is
moved aside with a timestamp, never deleted, and the error says so in one line: the app can then
start normally. A window that has a game at its table locks it (:mod:`.locks`).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.match import Match
from ..engine.record import RecordError, dumps, loads, make_record, read_envelope, replay
from ..text import clean
from .files import move_aside, write_atomic
from .locks import GameLock
from .meta import GameMeta, MetaError, is_game_id
from .paths import saves_dir
from .reading import MIB, FileRefused, parse_json, read_text

if TYPE_CHECKING:
    from .stats import Replaced

SAVE_FORMAT = "domino-tui/save"
SAVE_VERSION = 1  # the summary is an optional key: version 1 readers ignore it
SAVE_CAP = 4 * MIB  # a long match is ~60 KiB; a save larger than this is not one of ours


class SaveError(RecordError):
    """A save that cannot be resumed. ``moved_to`` is where the file now is (None if it was not
    moved, e.g. it could not even be read)."""

    def __init__(self, message: str, moved_to: Path | None = None) -> None:
        super().__init__(message)
        self.moved_to = moved_to


class SaveLocked(SaveError):
    """The game is at the table of another window: it may not be resumed, deleted or resigned."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"the game {game_id[:8]} is open in another window")
        self.game_id = game_id


class NotFinished(SaveError):
    """A save whose match had ended could not be finished now: the statistics cannot be opened
    or the disk refused the record. The save stays where it is, so the next resume tries again
    (keeping the record and counting the match are both safe to repeat)."""

    def __init__(self, game_id: str, why: str) -> None:
        super().__init__(
            f"the game {game_id[:8]} had ended, but it could not be counted yet: {why}"
        )
        self.game_id, self.why = game_id, why


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
    notice: str | None = None  # e.g. damaged statistics were replaced (English, for logs)
    replaced: Replaced | None = None  # the same, for the app to tell the player in their words


def save_path(game_id: str, folder: Path | None = None) -> Path:
    """The file of one game. Only a checked id becomes part of a path."""
    if not is_game_id(game_id):
        raise ValueError(f"not a game id: {clean(game_id, 40)!r}")
    return (folder or saves_dir()) / f"{game_id}.json"


def summary_of(match: Match, meta: GameMeta) -> dict[str, Any]:
    """What the list of saves shows, so that listing never replays a record."""
    return {
        "players": [seat.to_dict() for seat in meta.seats],
        "preset": meta.preset,
        "pairs": match.rules.pairs,
        "round": match.number,
        "turn": match.turn,
        "scores": [{"written": s.written, "remembered": s.remembered} for s in match.standings],
    }


def save_game(match: Match, meta: GameMeta, folder: Path | None = None) -> Path:
    """Write this game's save atomically; call after every action (and after an undo). Other
    games' saves are never touched."""
    if len(meta.seats) != match.rules.players:
        raise ValueError(f"{len(meta.seats)} seats for a {match.rules.players}-player match")
    target = save_path(meta.game_id, folder)
    envelope = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "summary": summary_of(match, meta),
        "meta": meta.to_dict(),
        "record": make_record(match, [s.to_dict() for s in meta.seats], meta.preset),
    }
    write_atomic(target, json.dumps(envelope, ensure_ascii=False, indent=1))
    return target


def read_save_envelope(text: str) -> dict[str, Any]:
    """The checked envelope of a save (format, version), without replaying anything."""
    parse_json(text, "it")  # refuses deep nesting and absurd numbers before json.loads does
    data = read_envelope(
        text, SAVE_FORMAT, SAVE_VERSION, subject="it", kind="saved game", label="save version"
    )
    if data["version"] < SAVE_VERSION:
        raise RecordError(f"it is save version {data['version']}, which no domino-tui ever wrote")
    return data


def _parse(text: str, path: Path, game_id: str) -> SavedGame:
    """Check the envelope and replay the record; RecordError/MetaError say what is wrong."""
    data = read_save_envelope(text)
    raw_meta = data.get("meta")
    meta = GameMeta.from_dict(raw_meta)
    if isinstance(raw_meta, dict) and "game_id" not in raw_meta:  # older saves: the file's key
        meta = replace(meta, game_id=game_id)
    if meta.game_id != game_id:
        raise MetaError(f"it belongs to game {meta.game_id[:8]}, not to {game_id[:8]}")
    record: Any = data.get("record")
    if not isinstance(record, dict):
        raise RecordError("it holds no game record")
    match = replay(loads(dumps(record)))
    if len(meta.seats) != match.rules.players:
        raise MetaError(f"it names {len(meta.seats)} seats for {match.rules.players} players")
    saved_at = data.get("saved_at")
    return SavedGame(match, meta, clean(saved_at, 40) if isinstance(saved_at, str) else "", path)


def load_game(
    game_id: str,
    folder: Path | None = None,
    *,
    records: Path | None = None,
    stats_db: Path | None = None,
) -> SavedGame | None:
    """The unfinished game ``game_id``, or None when there is no such save.

    The caller should hold the game's lock. A save whose match had already ended (the app
    stopped between the last move and the bookkeeping) is finished now, archived and counted,
    and None is returned. Raises SaveError for a save that cannot be trusted, after moving it
    aside; a file that is not a regular file or cannot be read is reported and left alone.
    """
    source = save_path(game_id, folder)
    try:
        text = read_text(source, SAVE_CAP, "the saved game")
    except FileNotFoundError:
        dangling = broken_link(source)
        if dangling:  # listed as broken, so resuming it says so too (and leaves it alone)
            raise SaveError(f"the saved game cannot be resumed: {dangling}") from None
        return None
    except FileRefused as err:
        if not source.is_file():  # a fifo, a device, a folder: not ours to move
            raise SaveError(str(err)) from None
        return _quarantine(source, str(err))
    except OSError as err:
        raise SaveError(f"cannot read the saved game {source}: {err.strerror}") from None
    try:
        saved = _parse(text, source, game_id)
    except (RecordError, ValueError, TypeError, KeyError, IndexError, RecursionError) as err:
        return _quarantine(source, str(err))
    if saved.match.over:
        finish_or_say(saved.match, saved.meta, folder=folder, records=records, stats_db=stats_db)
        return None
    return saved


def broken_link(path: Path) -> str | None:
    """Why ``path`` cannot be read when it is a symlink to nothing, in words; else None. Such a
    save is listed as broken and refused as broken: the same words in both places."""
    try:
        target = os.readlink(path)
    except OSError:
        return None
    if os.path.exists(path):
        return None
    return f"it is a link to {clean(target, 200)}, which does not exist"


def peek_game(path: Path, game_id: str) -> SavedGame:
    """The unfinished game in ``path``, read only: nothing is moved, finished or locked (for a
    look such as ``domino analyze --saved``, while the game may be at a table elsewhere).
    SaveError says why a save cannot be read."""
    try:
        text = read_text(path, SAVE_CAP, "the saved game")
        return _parse(text, path, game_id)
    except (FileRefused, RecordError, ValueError, TypeError, KeyError, IndexError) as err:
        raise SaveError(str(err)) from None
    except (OSError, RecursionError) as err:
        raise SaveError(f"cannot read the saved game {path.name}: {err}") from None


def _quarantine(source: Path, reason: str) -> SavedGame:
    """Move a save that cannot be trusted aside and say so (always raises SaveError)."""
    moved = move_aside(source)
    raise SaveError(
        f"the saved game cannot be resumed: {clean(reason, 300)}. It was moved to {moved.name}.",
        moved,
    )


def clear_save(game_id: str, folder: Path | None = None) -> bool:
    """Forget one game's save once it is over (or on request); True if there was one."""
    try:
        save_path(game_id, folder).unlink()
    except FileNotFoundError:
        return False
    return True


def finish_game(
    match: Match,
    meta: GameMeta,
    *,
    folder: Path | None = None,
    records: Path | None = None,
    stats_db: Path | None = None,
) -> FinishedGame:
    """Everything after the last move (or a quit with ``match.abandon``): keep the record, count
    the match, then drop this game's save and nothing else. Each step tolerates being repeated,
    so a crash half-way is repaired by running it again (which :func:`load_game` does)."""
    from .archive import archive_match  # the archive and SQLite: only once a match ends
    from .stats import StatsDB

    when = datetime.now(UTC).replace(microsecond=0)  # one time for the record and the stats
    record_path = archive_match(match, meta.seats, meta.preset, records, when, game_id=meta.game_id)
    with StatsDB(stats_db) as db:
        counted = db.record_match(
            match,
            meta.seats,
            game_id=meta.game_id,
            preset=meta.preset,
            record_name=record_path.stem,
            finished_at=when.isoformat(timespec="seconds"),
        )
        notice, replaced = db.notice, db.replaced
    clear_save(meta.game_id, folder)
    return FinishedGame(record_path, counted, notice, replaced)


def finish_or_say(
    match: Match,
    meta: GameMeta,
    *,
    folder: Path | None = None,
    records: Path | None = None,
    stats_db: Path | None = None,
) -> FinishedGame:
    """:func:`finish_game` for a save the player asked about (resume, resign): a statistics
    file that cannot be opened or a disk that refuses the record is :class:`NotFinished`, one
    line for the player, never a traceback; the save stays for the next try."""
    from .files import error_words
    from .stats import StatsError

    try:
        return finish_game(match, meta, folder=folder, records=records, stats_db=stats_db)
    except StatsError as err:
        raise NotFinished(meta.game_id, clean(err, 300)) from None
    except OSError as err:
        raise NotFinished(meta.game_id, error_words(err)) from None


def locked(game_id: str, folder: Path | None = None) -> GameLock:
    """Take the game's lock or raise SaveLocked; use as ``with locked(id) as lock``."""
    save_path(game_id, folder)  # checks the id
    lock = GameLock(folder or saves_dir(), game_id)
    if not lock.acquire():
        raise SaveLocked(game_id)
    return lock
