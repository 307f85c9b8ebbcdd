"""Everything domino-tui keeps on disk: the autosave, the archive of finished matches, and the
profile statistics. The app and the CLI call these modules; none of them imports Textual.

All locations honour ``DOMINO_TUI_HOME`` (see :mod:`.paths`).
"""

from .archive import LoadedRecord, RecordInfo, archive_match, list_records, load_record
from .meta import GameMeta, Seat
from .saves import (
    FinishedGame,
    SavedGame,
    SaveError,
    clear_save,
    finish_game,
    has_save,
    load_game,
    save_game,
)
from .stats import ProfileStats, RatingPoint, StatsDB, StatsError, record_match

__all__ = [
    "FinishedGame",
    "GameMeta",
    "LoadedRecord",
    "ProfileStats",
    "RatingPoint",
    "RecordInfo",
    "SaveError",
    "SavedGame",
    "Seat",
    "StatsDB",
    "StatsError",
    "archive_match",
    "clear_save",
    "finish_game",
    "has_save",
    "list_records",
    "load_game",
    "load_record",
    "record_match",
    "save_game",
]
