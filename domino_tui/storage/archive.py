"""The archive of finished matches: one engine record per match in ``records/``.

File names are ``<UTC timestamp>-<seed>.json`` so that a plain sort is time order and ``last``
is the newest. Records are loaded with the engine's own checks and replay (its RecordError
messages name the problem); a damaged record inside the archive is moved aside, never deleted,
so ``last`` falls back to the previous match. Files outside the archive are only read.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine.match import Match
from ..engine.record import RecordError, dumps, loads, make_record, replay
from .files import free_name, move_aside, stamp, write_atomic
from .meta import MetaError, Seat
from .paths import records_dir

LAST = "last"


@dataclass(frozen=True)
class RecordInfo:
    """A line of ``domino records``: read from the file's envelope without replaying it."""

    path: Path
    when: datetime
    seed: int | None
    players: tuple[str, ...]
    rounds: int
    goats: tuple[str, ...]
    winners: tuple[str, ...]  # classic (C6)
    abandoned_by: str | None
    problem: str | None  # why the record cannot be loaded, if it cannot

    @property
    def name(self) -> str:
        return self.path.stem


@dataclass(frozen=True)
class LoadedRecord:
    path: Path
    record: dict[str, Any]
    match: Match
    seats: tuple[Seat, ...]


def archive_match(
    match: Match,
    seats: Sequence[Seat],
    preset: str | None = None,
    directory: Path | None = None,
    when: datetime | None = None,
) -> Path:
    """Keep a finished match; returns its file. The same match kept twice (a game finished
    again after a crash) is not duplicated: the existing file is returned."""
    if not match.over:
        raise ValueError("only a finished or abandoned match is archived")
    folder = directory or records_dir()
    record = make_record(match, [seat.to_dict() for seat in seats], preset)
    kept = _kept_copy(folder, match.seed, record["digest"])
    if kept is not None:
        return kept
    path = free_name(folder / f"{stamp(when)}-{match.seed}.json")
    write_atomic(path, dumps(record))
    return path


def _kept_copy(folder: Path, seed: int, digest: str) -> Path | None:
    """The archived file of this very match, if any (same seed in the name, same digest)."""
    for pattern in (f"*-{seed}.json", f"*-{seed}-*.json"):
        for path in folder.glob(pattern):
            try:
                if json.loads(path.read_text(encoding="utf-8")).get("digest") == digest:
                    return path
            except (OSError, ValueError, AttributeError):
                continue
    return None


def _record_files(folder: Path) -> list[Path]:
    """Kept records, newest first (moved-aside files no longer end in .json)."""
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*.json") if p.is_file()]
    return sorted(files, key=lambda p: (p.name[:15], p.stat().st_mtime_ns, p.name), reverse=True)


def seats_of(record: dict[str, Any], players: int) -> tuple[Seat, ...]:
    """The record's seats, or ``P1``… when a record from elsewhere names them oddly."""
    given = record.get("seats")
    try:
        seats = tuple(Seat.from_dict(s) for s in given) if isinstance(given, list) else ()
    except MetaError:
        seats = ()
    if len(seats) != players:
        seats = tuple(Seat(f"P{i + 1}") for i in range(players))
    return seats


def _when(path: Path) -> datetime:
    try:
        return datetime.strptime(path.name[:15], "%Y%m%d-%H%M%S").replace(tzinfo=UTC)
    except ValueError:
        return datetime.fromtimestamp(path.stat().st_mtime, UTC)


def _info(path: Path) -> RecordInfo:
    when = _when(path)
    try:
        record = loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, RecordError) as err:
        return RecordInfo(path, when, None, (), 0, (), (), None, str(err))
    players = record["rules"].get("players")
    names = [s.name for s in seats_of(record, players if isinstance(players, int) else 0)]
    result = record.get("result")
    result = result if isinstance(result, dict) else {}
    pairs = bool(record["rules"].get("pairs"))

    def side_names(side: int) -> str:
        group = [side, side + 2] if pairs else [side]
        return " & ".join(names[s] for s in group if 0 <= s < len(names))

    goats, winners = (
        tuple(side_names(s) for s in result.get(key) or [] if isinstance(s, int))
        for key in ("goats", "winners")
    )
    leaver = record.get("abandoned_by")
    leaver_name = names[leaver] if isinstance(leaver, int) and 0 <= leaver < len(names) else None
    return RecordInfo(
        path=path,
        when=when,
        seed=record["seed"],
        players=tuple(names),
        rounds=len(record["rounds"]),
        goats=goats,
        winners=winners,
        abandoned_by=leaver_name,
        problem=None,
    )


def list_records(directory: Path | None = None) -> list[RecordInfo]:
    """Every kept record, newest first; damaged ones are listed with their problem."""
    return [_info(p) for p in _record_files(directory or records_dir())]


def resolve_record(name_or_path: str, directory: Path | None = None) -> Path:
    """``last``, a path, or a name from ``domino records`` (with or without ``.json``)."""
    folder = directory or records_dir()
    if name_or_path == LAST:
        files = _record_files(folder)
        if not files:
            raise RecordError("no finished matches are kept yet: there is no last record")
        return files[0]
    given = Path(name_or_path).expanduser()
    for candidate in (given, folder / name_or_path, folder / f"{name_or_path}.json"):
        if candidate.is_file():
            return candidate
    raise RecordError(
        f"no record {name_or_path!r}: give a file, a name from `domino records`, or {LAST}"
    )


def load_record(name_or_path: str, directory: Path | None = None) -> LoadedRecord:
    """Load and replay a record (raises RecordError with the engine's message).

    A damaged record inside the archive is moved aside and the message says where.
    """
    folder = directory or records_dir()
    path = resolve_record(name_or_path, folder)
    try:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise RecordError("the record is not text (damaged)") from None
        record = loads(text)
        match = replay(record)
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror}") from None
    except RecordError as err:
        if path.resolve().parent != folder.resolve():
            raise RecordError(f"{path.name}: {err}") from None
        moved = move_aside(path)
        raise RecordError(f"{path.name}: {err}; the file was moved to {moved.name}") from None
    return LoadedRecord(path, record, match, seats_of(record, match.rules.players))
