"""The table's bridge to :mod:`domino_tui.storage`: a save per game after every change, the list
of unfinished games, resume, delete and resign, and the bookkeeping once a match ends.

The app never lets a disk problem end a game: a save that cannot be written is reported once
and play goes on; a save that cannot be read is moved aside by the storage layer and reported.
The game at this window's table is locked (:mod:`domino_tui.storage.locks`) so that a second
window can neither resume it nor delete it; starting another game here lets the first one go,
still saved.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from .. import storage
from ..bots import make_bot
from ..i18n import languages
from ..storage.locks import GameLock
from ..storage.paths import saves_dir
from ..words.strings import stats_replaced, t
from .session import GameSession, Seat

if TYPE_CHECKING:
    from ..storage.meta import Seat as StoredSeat

Notify = Callable[[str], None]
STAND_IN = "hard"  # the level that sits in for a bot that is no longer installed


def stored_seats(session: GameSession) -> tuple[StoredSeat, ...]:
    from ..storage.meta import Seat as StoredSeat  # with the first save, after the first frame

    return tuple(
        StoredSeat(s.name, "bot", s.level or STAND_IN) if s.is_bot else StoredSeat(s.name)
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
        # a networked table (issue 25) comes back as one: not hot-seat, no undo
        extra={"networked": True} if session.networked else {},
    )


def level_exists(level: str) -> bool:
    try:
        make_bot(level, 0)
    except ValueError:
        return False
    return True


def session_of(saved: storage.SavedGame, lang: str = "en") -> tuple[GameSession, list[str]]:
    """The table as it was left: same match (replayed), seats, names, language, pace, timer;
    and a notice for every bot whose level is gone (an uninstalled plugin), seated as
    :data:`STAND_IN` instead of failing."""
    meta, match = saved.meta, saved.match
    notices: list[str] = []
    seats: list[Seat] = []
    for s in meta.seats:
        if not s.is_bot:
            seats.append(Seat(s.name))
            continue
        level = s.level or STAND_IN
        if not level_exists(level):
            stand = t(f"level_{STAND_IN}", lang)
            notices.append(t("stand_in", lang, level=level, name=s.name, stand=stand))
            level = STAND_IN
        seats.append(Seat(s.name, "bot", level))
    session = GameSession(
        match.rules,
        tuple(seats),
        match.seed,
        meta.preset or "kozel",
        match=match,
        timer=meta.turn_timer,
        lang=meta.lang if meta.lang in languages() else None,
        pace=meta.pace,
        game_id=meta.game_id,
        networked=meta.extra.get("networked") is True,
    )
    return session, notices


class Saves:
    """Where the app keeps its games. Paths default to the storage layer's (``DOMINO_TUI_HOME``
    moves them all); tests pass a folder of their own (:meth:`at`)."""

    def __init__(
        self,
        folder: Path | None = None,
        records: Path | None = None,
        stats_db: Path | None = None,
    ) -> None:
        self.folder = folder
        self.records = records
        self.stats_db = stats_db
        self.undo_enabled: Callable[[], bool] = lambda: True
        self.notify: Notify = lambda _text: None
        self.failed = False  # a failed write is reported once, not after every move
        self.lock: GameLock | None = None  # the game at this window's table
        self.notices: list[str] = []  # from the last load: stand-in bots
        self.last_record: Path | None = None  # the record of the match finished last (Review)

    @classmethod
    def at(cls, home: Path) -> Saves:
        """Everything under one folder (tests, and the benchmark)."""
        return cls(home / "saves", home / "records", home / "stats.sqlite3")

    @property
    def where(self) -> Path:
        return self.folder or saves_dir()

    # --- looking -------------------------------------------------------------------------------
    def listing(self, strict: bool = False) -> list[storage.SaveInfo]:
        """The unfinished games, newest first. A folder that cannot be read is an empty list
        where only the games matter (the newest to resume); ``strict`` (``domino resume``, the
        Resume list, which say why) raises its FolderUnreadable instead."""
        try:
            return storage.list_saves(self.where)
        except OSError:
            if strict:
                raise
            return []

    def exists(self) -> bool:
        """Whether Resume has something to show: a game, or a folder that cannot be read (games
        may be kept there, and the list says why it cannot show them)."""
        try:
            return bool(self.listing(strict=True))
        except OSError:
            return True

    def latest(self) -> str | None:
        """The most recent game no other window has open (the one ``domino resume`` takes)."""
        for info in self.listing():
            if not info.locked or self.holds(info.game_id):
                return info.game_id
        return None

    # --- the game at this table ----------------------------------------------------------------
    def holds(self, game_id: str) -> bool:
        return self.lock is not None and self.lock.held and self.lock.game_id == game_id

    def hold(self, game_id: str) -> bool:
        """Lock ``game_id`` for this window (letting the previous game go); False if another
        window has it."""
        if self.holds(game_id):
            return True
        lock = GameLock(self.where, game_id)
        try:
            taken = lock.acquire()
        except OSError:  # no lock file possible (read-only folder): saving will say so
            return True
        if taken:
            self.release()
            self.lock = lock
        return taken

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def load(self, game_id: str | None = None, lang: str = "en") -> GameSession | None:
        """Lock and open a game (default: the most recent); None when there is none. SaveLocked
        when another window has it; SaveError (already moved aside) for a bad save."""
        game_id = game_id or self.latest()
        if game_id is None:
            return None
        if not storage.is_game_id(game_id):
            raise storage.SaveError(f"not a game id: {game_id[:40]!r}")
        if not self.hold(game_id):
            raise storage.SaveLocked(game_id)
        try:
            saved = storage.load_game(
                game_id, self.folder, records=self.records, stats_db=self.stats_db
            )
        except BaseException:
            self.release()
            raise
        if saved is None:
            self._let_go()
            return None
        session, self.notices = session_of(saved, lang)
        return session

    def _let_go(self) -> None:
        if self.lock is not None:
            self.lock.discard()
            self.lock = None

    # --- the player's requests from the list -----------------------------------------------------
    def delete(self, game_id: str) -> bool:
        if self.holds(game_id):
            self.release()
        return storage.delete_save(game_id, self.folder)

    def resign(self, game_id: str) -> storage.Resigned | None:
        if self.holds(game_id):
            self.release()
        return storage.resign_game(
            game_id, self.folder, records=self.records, stats_db=self.stats_db
        )

    # --- listening to the table ------------------------------------------------------------------
    def listen(self, session: GameSession, code: int | None, _result: object) -> None:
        """Session listener: keep every change on disk; a finished match is archived and counted."""
        if session.match.over:
            self.finish(session)
            return
        lang = session.lang or "en"
        if not self.hold(session.game_id):
            self._fail(t("saves_locked", lang), lang)
            return
        try:
            storage.save_game(session.match, meta_of(session, self.undo_enabled()), self.folder)
            self.failed = False
        except OSError as err:
            self._fail(str(err.strerror or err), lang)

    def _fail(self, why: str, lang: str) -> None:
        if not self.failed:
            self.notify(t("save_failed", lang, why=why))
        self.failed = True

    def finish(self, session: GameSession) -> None:
        import sqlite3  # the statistics' database: only once a match ends

        self.last_record = None  # until this match's record is kept

        try:
            done = storage.finish_game(
                session.match,
                meta_of(session, self.undo_enabled()),
                folder=self.folder,
                records=self.records,
                stats_db=self.stats_db,
            )
        except (OSError, sqlite3.Error, storage.StatsError, ValueError) as err:
            # bookkeeping must never take the table down
            self.notify(t("records_failed", session.lang or "en", why=err))
            return
        self.last_record = done.record_path
        if self.holds(session.game_id):
            self._let_go()
        if done.replaced is not None:
            self.notify(stats_replaced(done.replaced, session.lang or "en"))
