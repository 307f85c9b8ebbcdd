"""The error rate over time (issue 12, part 3): built from the reviews kept beside the records,
never from a new review; a review the cache does not trust is skipped; points in time order;
the read bounded to the newest reviewed records; one series per variant and player."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from domino_tui.coach import cache, history
from domino_tui.coach.history import Point, Series, reviewed_records, trend
from domino_tui.coach.review import REVIEW_BUDGET
from domino_tui.coach.seats import default_seats
from domino_tui.engine.match import Match
from domino_tui.storage import archive_match, load_record
from domino_tui.storage.meta import Seat
from domino_tui.storage.paths import records_dir
from tests.cli.helpers import find_match, run
from tests.coach.fitted import fitted_review

MASHA, BOT = Seat("Masha"), Seat("Bot", "bot", "greedy")


def a_match(seed: int, preset: str = "kozel") -> Match:
    return find_match({"players": 2}, lambda m: True, preset=preset, seeds=range(seed, seed + 1))


def keep(
    seed: int,
    day: int,
    losses: dict[int, list[float]],
    seats: tuple[Seat, ...] = (MASHA, BOT),
    preset: str = "kozel",
    reviewed: tuple[int, ...] | None = None,
) -> Path:
    """Archive a match finished on 2026-03-``day`` and keep a review beside it (of the default
    seats unless ``reviewed`` names others), as `domino analyze` would."""
    when = datetime(2026, 3, day, 12, tzinfo=UTC)
    path = archive_match(a_match(seed, preset), seats, preset, when=when)
    loaded = load_record(str(path))
    chosen = reviewed if reviewed is not None else default_seats(loaded.seats)
    digest = str(loaded.record["digest"])
    cache.save(path, fitted_review(loaded.match, chosen, losses), digest, 0, REVIEW_BUDGET)
    return path


def test_the_default_seats_are_the_humans_else_everyone() -> None:
    assert default_seats((MASHA, BOT, Seat("Olya"))) == (0, 2)
    assert default_seats((BOT, Seat("B2", "bot", "easy"))) == (0, 1)


def test_a_series_per_player_in_time_order_from_the_kept_reviews() -> None:
    """Kept out of order (the 5th before the 1st): the points follow the finishing dates."""
    keep(1, 5, {0: [1.0, 3.0]})  # 2.0 per choice: amateur
    keep(2, 1, {0: [6.0, 6.0, 6.0, 6.0]})  # 6.0: beginner
    keep(3, 3, {0: [0.0, 0.2]})  # 0.1: master
    (series,) = history.history()
    assert (series.variant, series.name, series.is_bot) == ("kozel", "Masha", False)
    assert [p.finished_at[:10] for p in series.points] == ["2026-03-01", "2026-03-03", "2026-03-05"]
    assert [p.error_rate for p in series.points] == pytest.approx([6.0, 0.1, 2.0])
    assert [p.counted for p in series.points] == [4, 2, 2]
    assert [p.rating for p in series.points] == ["beginner", "master", "amateur"]
    assert series.rating == "amateur"  # the latest match's word
    assert series.mean == pytest.approx((24.0 + 0.2 + 4.0) / 8)  # per decision, not per match


def test_a_record_without_a_review_or_with_another_review_is_not_read() -> None:
    """Nothing is reviewed to fill the history; a review of other seats (`--seat Bot`) is
    another review (the cache is keyed by the seats) and not the player's history."""
    archive_match(a_match(4), (MASHA, BOT))
    keep(5, 2, {1: [3.0]}, reviewed=(1,))
    assert history.history() == []


def test_a_tampered_or_hostile_review_is_skipped() -> None:
    good = keep(1, 1, {0: [1.0]})
    changed = keep(2, 2, {0: [9.0]})
    hostile = keep(3, 3, {0: [9.0]})
    text = cache.cache_path(changed).read_text("utf-8")
    cache.cache_path(changed).write_text(text.replace("9.0", "0.0"), "utf-8")
    cache.cache_path(hostile).write_text('{"format": ' * 5000, "utf-8")
    (series,) = history.history()
    assert [p.error_rate for p in series.points] == [1.0]
    assert good.exists() and changed.exists()  # the records themselves are kept


def test_the_read_is_bounded_to_the_newest_reviewed_records() -> None:
    for day in range(1, 6):
        keep(day, day, {0: [float(day)]})
    assert len(reviewed_records(records_dir())) == 5
    (series,) = history.history(limit=2)
    assert [p.error_rate for p in series.points] == [4.0, 5.0]
    assert history.READ_LIMIT >= 20


def test_each_variant_and_player_has_its_own_series() -> None:
    """A Телефон match is never on Козёл's line; a match of bots is reviewed whole."""
    keep(1, 1, {0: [2.0]})
    keep(2, 2, {0: [4.0]}, preset="telefon")
    keep(3, 3, {0: [1.0], 1: [7.0]}, seats=(Seat("B1", "bot", "greedy"), BOT))
    found = {(s.variant, s.name): [p.error_rate for p in s.points] for s in history.history()}
    assert found == {
        ("kozel", "Masha"): [2.0],
        ("telefon", "Masha"): [4.0],
        ("kozel", "B1"): [1.0],
        ("kozel", "Bot"): [7.0],
    }


def test_a_match_with_no_real_choice_adds_no_point() -> None:
    keep(1, 1, {})
    assert history.history() == []


def _points(*rates: float) -> tuple[Point, ...]:
    return tuple(Point(f"2026-03-{i + 1:02d}", r, 10, "") for i, r in enumerate(rates))


def test_the_trend_compares_the_latest_matches_with_the_earlier_ones() -> None:
    assert trend(_points(3.0)) == ""
    assert trend(_points(3.0, 1.0)) == "better"
    assert trend(_points(1.0, 3.0)) == "worse"
    assert trend(_points(2.0, 2.1)) == "steady"  # within STEADY
    # six matches: the last three (mean 1.0) against the first three (mean 4.0)
    assert trend(_points(4.0, 5.0, 3.0, 1.0, 1.0, 1.0)) == "better"
    assert Series("kozel", "M", False, _points(1.0, 3.0)).trend == "worse"


def test_a_review_by_domino_analyze_is_the_one_the_history_reads() -> None:
    """The same key (record digest, seed 0, the human seats, the budget): what `domino analyze`
    keeps is what Stats shows, with the same error rate."""
    match = find_match({"players": 2, "target": 13}, lambda m: len(m.results) <= 3)
    path = archive_match(match, (MASHA, BOT), "kozel")
    result = run("analyze", str(path), "--json", "--budget", "200")
    assert result.exit_code == 0, result.output
    (summary,) = json.loads(result.output)["summary"]
    assert history.history() == []  # the default budget's review is another one
    (series,) = history.history(budget=200)
    assert series.name == "Masha" and len(series.points) == 1
    assert round(series.points[0].error_rate, 2) == summary["error_rate"]
    assert series.rating == summary["rating"]
