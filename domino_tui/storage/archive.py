"""The archive of finished matches: one engine record per match in ``records/``.

File names are ``<UTC timestamp>-<seed>-<game id prefix>.json`` so that a plain sort is time
order and ``last`` is the newest. A record is created exclusively (:func:`.files.write_new`):
two processes finishing matches at the same moment keep both, and no record is ever replaced.

Every file is read through :mod:`.reading` (regular files only, :data:`RECORD_CAP` bytes at
most, shallow JSON) and checked by the engine, so anything wrong is one RecordError line. A
damaged record inside the archive is moved aside, never deleted, so ``last`` falls back to the
previous match. Files outside the archive are only read. Listing reads only the head of each
file (the record's ``summary``); records written before summaries existed are read whole, but
never replayed. Every text taken from a record is passed through :func:`~domino_tui.text.clean`.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine.match import Match
from ..engine.record import (
    VERSION,
    RecordError,
    check_record,
    check_summary,
    dumps,
    make_record,
    replay,
    summary_of,
)
from ..text import clean
from .files import error_words, move_aside, read_head, stamp, write_new
from .meta import MetaError, Seat
from .paths import records_dir
from .reading import MIB, FileRefused, parse_json, read_text, scan_folder, size_words

LAST = "last"
RECORD_CAP = 4 * MIB  # a long match is a few dozen KiB: anything larger is not a record of ours
HEAD_CAP = 16 * 1024  # how much of a record a list reads to find its summary
NAME_LIMIT = 40  # characters of a player's name shown in lists
_HEAD = re.compile(
    r'\A\s*\{\s*"format"\s*:\s*"domino-tui/record"\s*,\s*"version"\s*:\s*(\d{1,6})\s*,'
    r'\s*"summary"\s*:\s*'
)
_STAMP = re.compile(r"\A\d{8}-\d{6}")


@dataclass(frozen=True)
class RecordInfo:
    """A line of ``domino records``: read from the file's head without replaying it. Every
    text is already cleaned (safe to print; still escape it for markup)."""

    path: Path
    when: datetime
    seed: int | None
    players: tuple[str, ...]
    rounds: int
    goats: tuple[str, ...]
    winners: tuple[str, ...]  # classic (C6)
    abandoned_by: str | None
    problem: str | None  # why the record cannot be loaded, if it cannot
    game_id: str | None = None
    preset: str | None = None
    stand_ins: bool = False  # a bot failed and a stand-in moved for it: not rated

    @property
    def name(self) -> str:
        return clean(self.path.stem)


@dataclass(frozen=True)
class LoadedRecord:
    path: Path
    record: dict[str, Any]
    match: Match
    seats: tuple[Seat, ...]

    @property
    def game_id(self) -> str:
        """The match's id in the statistics: the recorded one, or one derived from the digest
        (records written before ids were kept), so that rebuilding twice gives the same ids."""
        summary = summary_of(self.record)
        if summary is not None and summary["game_id"]:
            return str(summary["game_id"])
        return f"record-{str(self.record.get('digest', ''))[:32]}"

    @property
    def finished_at(self) -> str:
        """When the match ended (ISO, UTC): from the record, else the file name or its time."""
        summary = summary_of(self.record)
        if summary is not None and summary["finished"]:
            return str(summary["finished"])
        return _when(self.path).isoformat(timespec="seconds")


# --- keeping ----------------------------------------------------------------------------------


def archive_match(
    match: Match,
    seats: Sequence[Seat],
    preset: str | None = None,
    directory: Path | None = None,
    when: datetime | None = None,
    *,
    game_id: str | None = None,
) -> Path:
    """Keep a finished match; returns its file. The same match kept twice (a game finished
    again after a crash) is not duplicated: the existing file is returned. ``game_id`` is the
    match's id in the statistics, kept so that they can be rebuilt from the archive."""
    if not match.over:
        raise ValueError("only a finished or abandoned match is archived")
    folder = directory or records_dir()
    ended = (when or datetime.now(UTC)).astimezone(UTC)
    record = make_record(
        match,
        [seat.to_dict() for seat in seats],
        preset,
        game_id=game_id,
        finished=ended.isoformat(timespec="seconds"),
    )
    kept = _kept_copy(folder, record)
    if kept is not None:
        return kept
    tag = f"-{_safe_id(game_id)}" if game_id else ""
    return write_new(folder / f"{stamp(ended)}-{match.seed}{tag}.json", dumps(record))


def _safe_id(game_id: str) -> str:
    """The first 8 file-name-safe characters of a game id (ids are uuid hex; be careful)."""
    return re.sub(r"[^0-9A-Za-z]", "", game_id)[:8] or "x"


_SAME = ("rules", "seed", "rounds", "abandoned_by")


def _kept_copy(folder: Path, record: dict[str, Any]) -> Path | None:
    """The archived file of this very match, if any: same seed in the name, same rules and
    moves, and the same game id when both records have one."""
    if not folder.is_dir():
        return None
    seed = record["seed"]
    game_id = record["summary"]["game_id"]
    for pattern in (f"*-{seed}.json", f"*-{seed}-*.json"):
        for path in folder.glob(pattern):
            try:
                kept = _read_record(path)
            except (OSError, RecordError):
                continue
            if any(kept.get(key) != record[key] for key in _SAME):
                continue
            kept_summary = summary_of(kept)
            kept_id = kept_summary["game_id"] if kept_summary else None
            if game_id and kept_id and kept_id != game_id:
                continue
            return path
    return None


# --- reading ----------------------------------------------------------------------------------


def _read_record(path: Path) -> dict[str, Any]:
    """A record's checked envelope (not replayed); RecordError for anything wrong in it,
    OSError when the file cannot be read at all."""
    try:
        text = read_text(path, RECORD_CAP, "the record")
        data = parse_json(text, "the record")
    except FileRefused as err:  # its message names the file: the caller names it once
        raise RecordError(str(err).replace(f"the record {clean(path.name)} ", "it ", 1)) from None
    return check_record(data)


def seats_of(record: dict[str, Any], players: int) -> tuple[Seat, ...]:
    """The record's seats (names cleaned), or ``P1``… when a record from elsewhere names them
    oddly."""
    given = record.get("seats")
    try:
        seats = tuple(Seat.from_dict(s) for s in given) if isinstance(given, list) else ()
    except MetaError:
        seats = ()
    if len(seats) != players:
        return tuple(Seat(f"P{i + 1}") for i in range(players))
    return tuple(
        Seat(clean(s.name, NAME_LIMIT), s.kind, clean(s.level, NAME_LIMIT) if s.level else None)
        for s in seats
    )


def _when(path: Path) -> datetime:
    try:
        return datetime.strptime(path.name[:15], "%Y%m%d-%H%M%S").replace(tzinfo=UTC)
    except ValueError:
        pass
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, UTC)
    except (OSError, ValueError, OverflowError):
        return datetime.fromtimestamp(0, UTC)


def _finished(value: Any, path: Path) -> datetime:
    if isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value)
            return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
        except ValueError:
            pass
    return _when(path)


def _head_summary(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """The summary from the first :data:`HEAD_CAP` bytes, or (None, problem) when the file
    cannot be read; (None, None) means "read it whole" (an older record, a long summary)."""
    try:
        head, size = read_head(path, HEAD_CAP, "the record")
    except FileRefused as err:
        return None, str(err)
    except OSError as err:
        return None, f"cannot read it: {error_words(err)}"
    if size > RECORD_CAP:
        return None, f"it is larger than {size_words(RECORD_CAP)}, more than any record"
    text = head.decode("utf-8", errors="replace")
    found = _HEAD.match(text)
    if found is None or int(found.group(1)) > VERSION:
        return None, None
    try:
        summary, _end = json.JSONDecoder().raw_decode(text, found.end())
    except (ValueError, RecursionError):
        return None, None
    return check_summary(summary), None


def _summary_from_whole(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """An older record's summary, worked out from its checked envelope (no replay)."""
    try:
        record = _read_record(path)
    except RecordError as err:
        return None, str(err)
    except OSError as err:
        return None, f"cannot read it: {error_words(err)}"
    summary = summary_of(record)
    if summary is not None:  # one written before the summary marked stand-ins: the body does
        return {**summary, "stand_ins": bool(record.get("stand_ins"))}, None
    rules = record["rules"]
    players = rules.get("players")
    count = players if isinstance(players, int) and 2 <= players <= 4 else 0
    result = record.get("result") or {}
    leaver = record.get("abandoned_by")
    return {
        "game_id": None,
        "finished": None,
        "preset": record.get("preset"),
        "seed": record["seed"],
        "players": [s.name for s in seats_of(record, count)],
        "pairs": rules.get("pairs") is True,
        "rounds": len(record["rounds"]),
        "goats": result.get("goats") or [],
        "winners": result.get("winners") or [],
        "abandoned_by": leaver if isinstance(leaver, int) and leaver >= 0 else None,
        "stand_ins": bool(record.get("stand_ins")),
    }, None


def _info(path: Path) -> RecordInfo:
    summary, problem = _head_summary(path)
    if summary is None and problem is None:
        summary, problem = _summary_from_whole(path)
    if summary is None:
        return RecordInfo(
            path, _when(path), None, (), 0, (), (), None, clean(problem or "unreadable", 300)
        )
    names = tuple(clean(n, NAME_LIMIT) for n in summary["players"])

    def side_names(side: int) -> str:
        group = [side, side + 2] if summary["pairs"] else [side]
        return " & ".join(names[s] for s in group if 0 <= s < len(names))

    goats, winners = (tuple(side_names(s) for s in summary[key]) for key in ("goats", "winners"))
    leaver = summary["abandoned_by"]
    game_id = summary["game_id"]
    return RecordInfo(
        path=path,
        when=_finished(summary["finished"], path),
        seed=summary["seed"],
        players=names,
        rounds=summary["rounds"],
        goats=goats,
        winners=winners,
        abandoned_by=names[leaver] if leaver is not None and 0 <= leaver < len(names) else None,
        problem=None,
        game_id=clean(game_id, 64) if game_id else None,
        preset=clean(summary["preset"], NAME_LIMIT) if summary["preset"] else None,
        stand_ins=summary.get("stand_ins") is True,
    )


def _record_files(folder: Path) -> list[Path]:
    """Kept records, newest first (moved-aside files no longer end in .json). Fifos and other
    special files are listed too, so that the list can say what they are. A folder that
    exists but cannot be read raises FolderUnreadable: saying "no records" would be a lie."""
    entries = scan_folder(folder)  # FolderUnreadable: not "nothing kept"
    files = [Path(e.path) for e in entries if e.name.endswith(".json") and e.name[0] != "."]

    def key(path: Path) -> tuple[str, int, str]:
        try:
            mtime = path.lstat().st_mtime_ns
        except OSError:
            mtime = 0
        return (path.name[:15], mtime, path.name)

    return sorted(files, key=key, reverse=True)


def _regular(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False


def list_records(directory: Path | None = None) -> list[RecordInfo]:
    """Every kept record, newest first; ones that cannot be read are listed with their
    problem. Only the head of each file is read (see :data:`HEAD_CAP`)."""
    return [_info(p) for p in _record_files(directory or records_dir())]


def resolve_record(name_or_path: str, directory: Path | None = None) -> Path:
    """``last``, a path, or a name from ``domino records`` (with or without ``.json``)."""
    folder = directory or records_dir()
    if name_or_path == LAST:
        files = [p for p in _record_files(folder) if _regular(p)]
        if not files:
            raise RecordError("no finished matches are kept yet: there is no last record")
        return files[0]
    given = Path(name_or_path).expanduser()
    for candidate in (given, folder / name_or_path, folder / f"{name_or_path}.json"):
        try:
            if os.path.lexists(candidate) and not candidate.is_dir():
                return candidate
        except (OSError, ValueError):  # a name too long, a NUL byte …
            continue
    raise RecordError(
        f"no record {clean(name_or_path, 80)!r}: give a file, a name from `domino records`, "
        f"or {LAST}"
    )


def _in_archive(path: Path, folder: Path) -> bool:
    try:
        return path.absolute().parent.resolve() == folder.resolve()
    except (OSError, RuntimeError):
        return False


def load_path(path: Path, folder: Path) -> LoadedRecord:
    """Read, check and replay one record file; one inside ``folder`` that is damaged is moved
    aside and the message says where (RecordError in every case)."""
    shown = clean(path.name, 80)
    try:
        record = _read_record(path)
        match = replay(record)
    except OSError as err:
        raise RecordError(f"cannot read {shown}: {error_words(err)}") from None
    except RecordError as err:
        problem = clean(err, 300)
        if not _in_archive(path, folder):
            raise RecordError(f"{shown}: {problem}") from None
        try:
            moved = move_aside(path)
        except OSError as move_err:
            raise RecordError(
                f"{shown}: {problem}; it could not be moved aside ({error_words(move_err)})"
            ) from None
        aside = clean(moved.name)
        raise RecordError(f"{shown}: {problem}; the file was moved to {aside}") from None
    return LoadedRecord(path, record, match, seats_of(record, match.rules.players))


def load_record(name_or_path: str, directory: Path | None = None) -> LoadedRecord:
    """Load and replay a record (raises RecordError with the engine's message).

    A damaged record inside the archive is moved aside and the message says where.
    """
    folder = directory or records_dir()
    return load_path(resolve_record(name_or_path, folder), folder)


def kept_records(directory: Path | None = None) -> Iterator[LoadedRecord | RecordError]:
    """Every kept record, oldest first, replayed; a damaged one is moved aside and yielded as
    its error. The statistics are rebuilt from this (the archive is the source of truth)."""
    folder = directory or records_dir()
    for path in reversed(_record_files(folder)):
        try:
            yield load_path(path, folder)
        except RecordError as err:
            yield err
