"""The table's bridge to :mod:`domino_tui.storage`: autosave after every change, resume, and the
bookkeeping once a match ends (archive and statistics).

The app never lets a disk problem end a game: a save that cannot be written is reported once
and play goes on; a save that cannot be read is moved aside by the storage layer and reported.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from .. import storage
from ..storage.meta import Seat as StoredSeat
from .session import GameSession, Seat

Notify = Callable[[str], None]


def stored_seats(session: GameSession) -> tuple[StoredSeat, ...]:
    return tuple(
        StoredSeat(s.name, "bot", s.level or "hard") if s.is_bot else StoredSeat(s.name)
        for s in session.seats
    )


def meta_of(session: GameSession, undo: bool) -> storage.GameMeta:
    """Everything beyond the engine's record that resuming this table needs."""
    return storage.GameMeta(
        seats=stored_seats(session),
        preset=session.preset,
        lang=session.lang or "ru",
        pace=session.pace or "normal",
        undo=undo and not session.hotseat,
        hotseat=session.hotseat,
        turn_timer=session.timer,
        game_id=session.game_id,
    )


def session_of(saved: storage.SavedGame) -> GameSession:
    """The table as it was left: same match (replayed), seats, names, language, pace, timer."""
    meta, match = saved.meta, saved.match
    seats = tuple(
        Seat(s.name, "bot", s.level or "hard") if s.is_bot else Seat(s.name) for s in meta.seats
    )
    return GameSession(
        match.rules,
        seats,
        match.seed,
        meta.preset or "kozel",
        match=match,
        timer=meta.turn_timer,
        lang=meta.lang,
        pace=meta.pace,
        game_id=meta.game_id,
    )


class Saves:
    """Where the app keeps its games. Paths default to the storage layer's (``DOMINO_TUI_HOME``
    moves them all); tests pass a folder of their own."""

    def __init__(
        self,
        save_path: Path | None = None,
        records: Path | None = None,
        stats_db: Path | None = None,
    ) -> None:
        self.save_path = save_path
        self.records = records
        self.stats_db = stats_db
        self.undo_enabled: Callable[[], bool] = lambda: True
        self.notify: Notify = lambda _text: None
        self.failed = False  # a failed write is reported once, not after every move

    @classmethod
    def at(cls, home: Path) -> Saves:
        """Everything under one folder (tests, and the benchmark)."""
        return cls(home / "autosave.json", home / "records", home / "stats.sqlite3")

    def exists(self) -> bool:
        try:
            return storage.has_save(self.save_path)
        except OSError:
            return False

    def load(self) -> GameSession | None:
        """The unfinished game, or None; SaveError (already moved aside) for a bad save."""
        saved = storage.load_game(self.save_path, stats_db=self.stats_db)
        return session_of(saved) if saved is not None else None

    def listen(self, session: GameSession, code: int | None, _result: object) -> None:
        """Session listener: keep every change on disk; a finished match is archived and counted."""
        if session.match.over:
            self.finish(session)
            return
        try:
            storage.save_game(session.match, meta_of(session, self.undo_enabled()), self.save_path)
            self.failed = False
        except OSError as err:
            if not self.failed:
                self.notify(f"save: {err.strerror or err}")
            self.failed = True

    def finish(self, session: GameSession) -> None:
        try:
            done = storage.finish_game(
                session.match,
                meta_of(session, self.undo_enabled()),
                save_path=self.save_path,
                records=self.records,
                stats_db=self.stats_db,
            )
        except (OSError, sqlite3.Error, storage.StatsError, ValueError) as err:
            self.notify(f"records: {err}")  # bookkeeping must never take the table down
            return
        if done.notice:
            self.notify(done.notice)
