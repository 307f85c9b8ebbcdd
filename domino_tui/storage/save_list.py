"""The list of unfinished games, newest first: what ``domino resume --list`` prints and the
Resume screen shows.

Listing reads each save capped (:data:`~.saves.SAVE_CAP`) and never replays a record: the
summary in the envelope says who plays, which round and the scores. Saves from before the
summary existed show their players from the metadata and the round from the record's length.
A damaged file is listed with the reason (``problem``) instead of hiding it; resuming it moves
it aside as always. The first listing after the upgrade moves the old single ``autosave.json``
into the folder of saves, keyed by its game id, so a game saved by the old version resumes.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine.record import RecordError
from ..text import clean
from .files import move_aside
from .locks import is_locked
from .meta import GameMeta, MetaError, Seat, is_game_id, new_game_id
from .paths import saves_dir
from .reading import read_text, scan_folder
from .saves import SAVE_CAP, broken_link, read_save_envelope

LEGACY_NAME = "autosave.json"  # the one save of the versions before one save per game
MAX_ROUND = 100_000


@dataclass(frozen=True)
class SideScore:
    written: int
    remembered: int


@dataclass(frozen=True)
class SaveInfo:
    """One line of the list. Every text in it has passed :func:`~domino_tui.text.clean`."""

    game_id: str
    path: Path
    saved_at: datetime | None
    players: tuple[Seat, ...] = ()
    preset: str | None = None
    round: int | None = None
    scores: tuple[SideScore, ...] = ()  # per side; empty when not known (an old save)
    pairs: bool = False
    problem: str = ""  # why this save cannot be resumed; empty when it looks fine
    locked: bool = False  # open in a window right now
    turn: int | None = None  # the seat to move, when the summary says
    rules: Mapping[str, Any] | None = None  # the record's rules as saved (unchecked): the
    # game's name when no preset is saved (domino_tui.words.names)

    @property
    def resigner(self) -> str | None:
        """Who resigning makes leave (as :func:`.save_actions.resigning_seat` picks): the
        human to move, else the first human; None when only bots play."""
        humans = [i for i, p in enumerate(self.players) if not p.is_bot]
        if not humans:
            return None
        return self.players[self.turn if self.turn in humans else humans[0]].name

    def to_json(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "saved_at": self.saved_at.isoformat() if self.saved_at else None,
            "players": [p.to_dict() for p in self.players],
            "preset": self.preset,
            "round": self.round,
            "pairs": self.pairs,
            "scores": [{"written": s.written, "remembered": s.remembered} for s in self.scores],
            "problem": self.problem or None,
            "locked": self.locked,
            "resigner": self.resigner,
        }


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in ``folder`` (default: the data dir's), newest first."""
    folder = folder or saves_dir()
    migrate_legacy(folder)
    # no folder yet: nothing to resume; one that cannot be read raises FolderUnreadable
    paths = [Path(e.path) for e in scan_folder(folder)]
    paths = [p for p in paths if p.suffix == ".json" and is_game_id(p.stem)]
    infos = [read_info(p, is_locked(folder, p.stem)) for p in paths]
    oldest = datetime.min.replace(tzinfo=UTC)
    return sorted(infos, key=lambda i: (i.saved_at or oldest, i.game_id), reverse=True)


def migrate_legacy(folder: Path) -> Path | None:
    """Move ``autosave.json`` (next to ``folder``) to ``folder/<its game id>.json``.

    Only a regular file is moved, never deleted; one that cannot be read still moves (under a
    fresh id) so that the list shows it as damaged. Returns the new path, or None."""
    legacy = folder.parent / LEGACY_NAME
    try:
        if not stat.S_ISREG(os.stat(legacy, follow_symlinks=False).st_mode):
            return None
    except OSError:
        return None
    game_id = None
    with contextlib.suppress(RecordError, ValueError, OSError):
        meta = read_save_envelope(read_text(legacy, SAVE_CAP, "the saved game")).get("meta")
        candidate = meta.get("game_id") if isinstance(meta, dict) else None
        game_id = candidate if is_game_id(candidate) else None
    target = folder / f"{game_id or new_game_id()}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if target.exists():  # that game has a newer save already: keep the old one beside it
            move_aside(legacy, "migrated")
            return None
        os.link(legacy, target)  # fails rather than replace a save that appeared meanwhile
        legacy.unlink()
    except FileNotFoundError:  # another window migrated it first
        return None
    except FileExistsError:
        return None
    except OSError:
        try:  # a file system without hard links
            os.replace(legacy, target)
        except OSError:
            return None
    return target


def read_info(path: Path, locked: bool = False) -> SaveInfo:
    """One save's line; never raises for what the file holds."""
    game_id = path.stem
    try:
        data = read_save_envelope(read_text(path, SAVE_CAP, "the saved game"))
        return _info(data, path, game_id, locked)
    except (RecordError, ValueError, TypeError, KeyError, RecursionError) as err:
        problem = clean(err, 200)
    except OSError as err:
        problem = broken_link(path) or clean(f"cannot read it: {err.strerror or err}", 200)
    return SaveInfo(game_id, path, _mtime(path), problem=problem, locked=locked)


def _info(data: dict[str, Any], path: Path, game_id: str, locked: bool) -> SaveInfo:
    raw_meta = data.get("meta")
    meta = GameMeta.from_dict(raw_meta)
    if isinstance(raw_meta, dict) and "game_id" in raw_meta and meta.game_id != game_id:
        raise MetaError(f"it belongs to game {meta.game_id[:8]}, not to {game_id[:8]}")
    record = data.get("record")
    if not isinstance(record, dict):
        raise RecordError("it holds no game record")
    saved_at = _when(data.get("saved_at")) or _mtime(path)
    summary = _summary(data.get("summary"))
    round_: int | None
    turn: int | None = None
    if summary is not None:
        players, round_, scores, pairs, turn = summary
    else:  # an older save: what the metadata and the record say without a replay
        rules, rounds = record.get("rules"), record.get("rounds")
        players, scores = meta.seats, ()
        round_ = len(rounds) if isinstance(rounds, list) and rounds else None
        pairs = isinstance(rules, dict) and rules.get("pairs") is True
    rules = record.get("rules")
    return SaveInfo(
        game_id,
        path,
        saved_at,
        players,
        meta.preset,
        round_,
        scores,
        pairs,
        "",
        locked,
        turn,
        rules if isinstance(rules, dict) else None,
    )


Summary = tuple[tuple[Seat, ...], int, tuple[SideScore, ...], bool, int | None]


def _summary(data: Any) -> Summary | None:
    """The envelope's summary when it is well formed (else None: fall back on the metadata)."""
    if not isinstance(data, dict):
        return None
    players, round_, scores = data.get("players"), data.get("round"), data.get("scores")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        return None
    if not _count(round_, MAX_ROUND) or not isinstance(scores, list) or len(scores) > 4:
        return None
    if not all(isinstance(s, dict) for s in scores):
        return None
    if not all(_count(s.get(k), 10**9, low=0) for s in scores for k in ("written", "remembered")):
        return None
    try:
        seats = tuple(Seat.from_dict(p) for p in players)
    except MetaError:
        return None
    sides = tuple(SideScore(s["written"], s["remembered"]) for s in scores)
    turn = data.get("turn")
    seat = turn if _count(turn, len(seats) - 1, low=0) else None
    return seats, round_ or 1, sides, data.get("pairs") is True, seat


def _count(value: Any, high: int, low: int = 1) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _when(value: Any) -> datetime | None:
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _mtime(path: Path) -> datetime | None:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, UTC)
    except (OSError, ValueError, OverflowError):
        return None
