"""A joiner's copy of a finished networked match, so ``domino records`` on their machine shows
it too (issue 25 part 3).

Once the match is over nothing of it is secret any more, so the server sends each seat the
match's record (seed and moves, as the host keeps it). The copy is checked as any record read
from outside is — its envelope, then replayed move by move through the engine — before it is
kept in the records folder; a record that does not replay is refused, never kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.record import RecordError, check_record, replay
from ..storage.archive import archive_match, seats_of


def keep(record: Any, directory: Path | None = None) -> Path:
    """Keep ``record`` (as received) among the records; RecordError when it is not a whole,
    finished, replayable match. The same match kept twice is one file."""
    data = check_record(record)
    match = replay(data)
    if not match.over:
        raise RecordError("the match of this record is not finished")
    seats = seats_of(data, match.rules.players)
    summary = data.get("summary") or {}
    game_id = summary.get("game_id") if isinstance(summary, dict) else None
    return archive_match(
        match,
        seats,
        data.get("preset"),
        directory,
        game_id=game_id if isinstance(game_id, str) else None,
    )
