"""The archive of finished matches: kept as engine records, listed, ``last``, replayed; a
damaged record in the archive is moved aside so ``last`` falls back to the previous one."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from domino_tui.engine.record import RecordError
from domino_tui.storage import paths
from domino_tui.storage.archive import archive_match, list_records, load_record, resolve_record
from domino_tui.storage.meta import Seat

from .helpers import bot_match, fingerprint

SEATS = (Seat("Masha"), Seat("Alex"), Seat("Bot", "bot", "easy"))


def _when(minute: int) -> datetime:
    return datetime(2026, 11, 30, 8, minute, 0, tzinfo=UTC)


def _archive_three() -> list[Path]:
    return [
        archive_match(bot_match(seed, players=3), SEATS, "kozel", when=_when(seed))
        for seed in (1, 2, 3)
    ]


def test_a_finished_match_is_kept_under_its_time_and_seed() -> None:
    path = archive_match(bot_match(7, players=3), SEATS, when=_when(15))
    assert path == paths.records_dir() / "20261130-081500-7.json"


def test_records_are_listed_newest_first_and_last_is_the_newest() -> None:
    kept = _archive_three()
    infos = list_records()
    assert [i.path for i in infos] == kept[::-1]
    assert resolve_record("last") == kept[-1]
    newest = infos[0]
    assert newest.players == ("Masha", "Alex", "Bot")
    assert newest.seed == 3 and newest.problem is None
    goats = bot_match(3, players=3).outcome
    assert goats is not None
    assert newest.goats == tuple(SEATS[g].name for g in goats.goats)


def test_loading_a_record_replays_the_same_match() -> None:
    original = bot_match(12, players=3)
    path = archive_match(original, SEATS)
    for name in ("last", path.stem, path.name, str(path)):
        loaded = load_record(name)
        assert loaded.path == path
        assert loaded.seats == SEATS
        assert fingerprint(loaded.match) == fingerprint(original)


def test_the_same_match_is_kept_once() -> None:
    match = bot_match(5, players=3)
    first = archive_match(match, SEATS, when=_when(1))
    assert archive_match(match, SEATS, when=_when(2)) == first
    assert len(list_records()) == 1


def test_two_matches_in_the_same_second_do_not_overwrite_each_other() -> None:
    first = archive_match(bot_match(5, players=3), SEATS, when=_when(1))
    other = bot_match(5, players=2)
    second = archive_match(other, SEATS[:2], when=_when(1))
    assert second.name == "20261130-080100-5-2.json"
    assert first.exists() and resolve_record("last") == second


def test_an_abandoned_match_replays_abandoned() -> None:
    match = bot_match(6, steps=90, players=3)
    expected = match.abandon(2)
    archive_match(match, SEATS)
    assert load_record("last").match.outcome == expected
    assert list_records()[0].abandoned_by == "Bot"


def test_an_unfinished_match_is_not_archived() -> None:
    with pytest.raises(ValueError, match="finished"):
        archive_match(bot_match(6, steps=10, players=3), SEATS)


def test_nothing_kept_yet() -> None:
    assert list_records() == []
    with pytest.raises(RecordError, match="no finished matches are kept yet"):
        load_record("last")


def test_an_unknown_name_says_what_to_give() -> None:
    with pytest.raises(RecordError, match="no record 'nope': give a file"):
        load_record("nope")


def _damage(path: Path, kind: str) -> None:
    text = path.read_text(encoding="utf-8")
    if kind == "truncated":
        path.write_text(text[: len(text) // 2], encoding="utf-8")
    elif kind == "newer version":
        data = json.loads(text)
        data["version"] = 7
        path.write_text(json.dumps(data), encoding="utf-8")
    elif kind == "edited":
        path.write_text(text.replace('"seed": 3', '"seed": 4'), encoding="utf-8")
    elif kind == "binary":
        path.write_bytes(b"\xff\xfe\x00garbage")


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("truncated", "not valid JSON (truncated or damaged)"),
        ("newer version", "version 7, newer than this program reads"),
        ("edited", "checksum does not match"),
        ("binary", "not UTF-8 text"),
    ],
)
def test_a_damaged_record_is_moved_aside_and_last_falls_back(kind: str, words: str) -> None:
    kept = _archive_three()
    newest = kept[-1]
    before = newest.read_bytes()
    _damage(newest, kind)
    damaged = newest.read_bytes()
    assert before != damaged
    listed = list_records()[0]
    assert listed.path == newest  # listing does not move it
    # the list reads only the head: damage further on is found when the record is loaded
    assert (listed.problem is None) == (kind in ("truncated", "edited"))
    with pytest.raises(RecordError) as caught:
        load_record("last")
    message = str(caught.value)
    assert words in message and newest.name in message and "moved to" in message
    (aside,) = paths.records_dir().glob(f"{newest.name}.corrupt-*")
    assert aside.read_bytes() == damaged and not newest.exists()
    assert resolve_record("last") == kept[1]
    assert [i.path for i in list_records()] == kept[1::-1]


def test_a_damaged_file_outside_the_archive_is_only_read(tmp_path: Path) -> None:
    outside = tmp_path / "friend.json"
    outside.write_text('{"format": "domino-tui/record"', encoding="utf-8")
    with pytest.raises(RecordError, match=re.escape("friend.json: the record is not valid JSON")):
        load_record(str(outside))
    assert outside.exists() and list(tmp_path.glob("friend.json.*")) == []
