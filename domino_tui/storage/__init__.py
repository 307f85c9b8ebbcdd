"""Everything domino-tui keeps on disk: a save per unfinished game, the archive of finished
matches, and the profile statistics. The app and the CLI call these modules; none of them
imports Textual.

All locations honour ``DOMINO_TUI_HOME`` (see :mod:`.paths`).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .archive import LoadedRecord, RecordInfo, archive_match, list_records, load_record
    from .meta import GameMeta, Seat, is_game_id
    from .save_actions import Resigned, delete_save, resign_game, resigning_seat
    from .save_list import SaveInfo, SideScore, list_saves
    from .saves import (
        FinishedGame,
        SavedGame,
        SaveError,
        SaveLocked,
        clear_save,
        finish_game,
        load_game,
        save_game,
    )
    from .stats import ProfileStats, RatingPoint, StatsDB, StatsError, record_match

# each name from the module that holds it, imported on first use: the table's first frame saves
# a game but needs neither the archive nor the statistics (SQLite)
_HOME = {
    "archive": ("LoadedRecord", "RecordInfo", "archive_match", "list_records", "load_record"),
    "meta": ("GameMeta", "Seat", "is_game_id"),
    "save_actions": ("Resigned", "delete_save", "resign_game", "resigning_seat"),
    "save_list": ("SaveInfo", "SideScore", "list_saves"),
    "saves": (
        "FinishedGame",
        "SavedGame",
        "SaveError",
        "SaveLocked",
        "clear_save",
        "finish_game",
        "load_game",
        "save_game",
    ),
    "stats": ("ProfileStats", "RatingPoint", "StatsDB", "StatsError", "record_match"),
}
_WHERE = {name: module for module, names in _HOME.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "FinishedGame",
    "GameMeta",
    "LoadedRecord",
    "ProfileStats",
    "RatingPoint",
    "RecordInfo",
    "Resigned",
    "SaveError",
    "SaveInfo",
    "SaveLocked",
    "SavedGame",
    "Seat",
    "SideScore",
    "StatsDB",
    "StatsError",
    "archive_match",
    "clear_save",
    "delete_save",
    "finish_game",
    "is_game_id",
    "list_records",
    "list_saves",
    "load_game",
    "load_record",
    "record_match",
    "resign_game",
    "resigning_seat",
    "save_game",
]
