"""Each player's error rate over time, from the reviews kept next to the records (issue 12,
part 3): what the Stats screen and ``domino stats --coach`` show.

Only kept reviews are read, never made (a review takes seconds; opening Stats must be
instant): a match counts once someone reviewed it (``domino analyze``, or Review in the app)
with the default seed, budget and seats (:func:`.seats.default_seats`), which is the one key
both of them use. The read is bounded: only the :data:`READ_LIMIT` newest records that have a
kept review are read (each one is replayed to check it, ~5 ms). A review the cache does not
trust (damaged, foreign, changed by hand) is skipped, as is a record that cannot be loaded.

The error rate of a match is the review's (:func:`.report.summarize`: points lost per counted
decision); a player with no counted decision in a match has no point for it. The trend
compares the latest matches with the ones before them (:func:`trend`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..engine.record import RecordError
from ..storage.archive import LoadedRecord, load_path
from ..storage.paths import records_dir
from ..storage.reading import scan_folder
from . import cache
from .report import summarize
from .review import REVIEW_BUDGET
from .seats import default_seats

READ_LIMIT = 50  # records read at most: the newest ones with a kept review
TREND_SPAN = 3  # the latest matches the trend looks at (fewer when there are few matches)
STEADY = 0.25  # a change of the mean error rate smaller than this is no trend (points)


@dataclass(frozen=True)
class Point:
    """One reviewed match of one player."""

    finished_at: str  # ISO time, UTC
    error_rate: float  # points lost per counted decision
    counted: int  # decisions that were real choices
    rating: str  # the rating word's key (report.RATINGS)


@dataclass(frozen=True)
class Series:
    """A player's reviewed matches of one variant, oldest first. ``name`` is as the record
    wrote it (cleaned by the archive; clean it again for the screen)."""

    variant: str
    name: str
    is_bot: bool
    points: tuple[Point, ...]

    @property
    def mean(self) -> float:
        """Points lost per counted decision over every match (a long match weighs more)."""
        return _rate(self.points)

    @property
    def rating(self) -> str:
        """The latest match's rating word (key)."""
        return self.points[-1].rating if self.points else ""

    @property
    def trend(self) -> str:
        return trend(self.points)


def _rate(points: Iterable[Point]) -> float:
    """Points lost per counted decision over ``points`` (0 when none was counted)."""
    chosen = list(points)
    counted = sum(p.counted for p in chosen)
    return sum(p.error_rate * p.counted for p in chosen) / counted if counted else 0.0


def trend(points: tuple[Point, ...]) -> str:
    """ "better" or "worse" when the latest matches (up to :data:`TREND_SPAN`, at most half of
    them) lose at least :data:`STEADY` points per decision less or more than the ones before;
    "steady" otherwise; "" with fewer than two matches."""
    if len(points) < 2:
        return ""
    span = min(TREND_SPAN, len(points) // 2)
    change = _rate(points[-span:]) - _rate(points[:-span])
    if abs(change) < STEADY:
        return "steady"
    return "better" if change < 0 else "worse"


def reviewed_records(folder: Path, limit: int = READ_LIMIT) -> list[Path]:
    """The newest ``limit`` records that have a kept review beside them (records are named
    by their UTC time, so the name orders them); hidden files are left alone. No folder yet is
    no review; one that cannot be read raises FolderUnreadable, since "no reviewed matches yet"
    would not be true."""
    suffix = ".json" + cache.SUFFIX
    names = [e.name for e in scan_folder(folder) if e.name.endswith(suffix)]
    kept = sorted((n for n in names if not n.startswith(".")), reverse=True)
    return [folder / name[: -len(cache.SUFFIX)] for name in kept[:limit]]


def _points(loaded: LoadedRecord, budget: int) -> Iterator[tuple[str, bool, Point]]:
    """(name, is bot, point) for each reviewed seat of a record with a trusted kept review."""
    seats = default_seats(loaded.seats)
    digest = str(loaded.record.get("digest", ""))
    review = cache.load(loaded.path, digest, loaded.match, seats, 0, budget)
    if review is None:
        return
    for s in summarize(review):
        if s.counted:
            seat = loaded.seats[s.seat]
            point = Point(loaded.finished_at, s.error_rate, s.counted, s.rating)
            yield seat.name, seat.is_bot, point


def history(
    folder: Path | None = None, limit: int = READ_LIMIT, budget: int = REVIEW_BUDGET
) -> list[Series]:
    """Every player's series, by variant then name; points oldest first. ``budget``: the
    reviews counted are those made with it (a review keeps its budget in its key)."""
    where = folder or records_dir()
    found: dict[tuple[str, str, bool], list[Point]] = {}
    for path in reviewed_records(where, limit):
        try:
            loaded = load_path(path, where)
        except RecordError:
            continue
        variant = loaded.match.rules.variant
        for name, is_bot, point in _points(loaded, budget):
            found.setdefault((variant, name, is_bot), []).append(point)
    return [
        Series(variant, name, is_bot, tuple(sorted(points, key=lambda p: p.finished_at)))
        for (variant, name, is_bot), points in sorted(found.items())
    ]
