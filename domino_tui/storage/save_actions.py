"""What a player may do with a saved game besides resuming it: delete it, or resign it.

Resigning is leaving the game under K10.1: the match ends with ``match.abandon(seat)``, is
archived and counted in the statistics like any other end, so quitting a lost game and starting
over never hides a goat. Deleting forgets the game without counting it (the player asked, and
confirmed). Both take the game's lock first, so a game at another window's table is left alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine.match import Match
from .meta import GameMeta
from .saves import (
    FinishedGame,
    SaveError,
    clear_save,
    finish_or_say,
    load_game,
    locked,
    save_path,
)


@dataclass(frozen=True)
class Resigned:
    seat: int
    name: str
    finished: FinishedGame


def resigning_seat(match: Match, meta: GameMeta) -> int | None:
    """Who resigns: the human whose turn it is, else the first human seat. The player at the
    keyboard is, in a game against bots, the only human; in hot-seat, the one to move is the one
    who gives up. None when only bots play (such a game can only be deleted)."""
    humans = [i for i, seat in enumerate(meta.seats) if not seat.is_bot]
    if not humans:
        return None
    return match.turn if match.turn in humans else humans[0]


def delete_save(game_id: str, folder: Path | None = None) -> bool:
    """Forget a game on the player's request; True if there was a save. SaveLocked if a window
    has it open."""
    save_path(game_id, folder)
    with locked(game_id, folder) as lock:
        gone = clear_save(game_id, folder)
        lock.discard()
    return gone


def resign_game(
    game_id: str,
    folder: Path | None = None,
    *,
    records: Path | None = None,
    stats_db: Path | None = None,
) -> Resigned | None:
    """End the game as left by one human (:func:`resigning_seat`), archive and count it (K10.1).

    None when there is no such save (or it had already ended and was just finished). Raises
    SaveLocked, SaveError for a damaged save (moved aside), and SaveError when no human plays."""
    with locked(game_id, folder) as lock:
        saved = load_game(game_id, folder, records=records, stats_db=stats_db)
        if saved is None:
            lock.discard()
            return None
        seat = resigning_seat(saved.match, saved.meta)
        if seat is None:
            raise SaveError("only bots play this game, so nobody can resign it: delete it instead")
        saved.match.abandon(seat)
        done = finish_or_say(
            saved.match, saved.meta, folder=folder, records=records, stats_db=stats_db
        )
        lock.discard()
    return Resigned(seat, saved.meta.seats[seat].name, done)
