"""The archive against special, huge, hostile and concurrent files: only regular files are
opened, sizes are capped, listing reads only the head of each file, names are cleaned, and two
processes finishing matches at the same moment keep both records."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from domino_tui.engine.record import RecordError, dumps, loads, make_record
from domino_tui.storage import archive, files, paths
from domino_tui.storage.archive import (
    RECORD_CAP,
    archive_match,
    list_records,
    load_record,
    resolve_record,
)
from domino_tui.storage.meta import Seat

from .helpers import bot_match, fingerprint

SEATS = (Seat("Masha"), Seat("Alex"), Seat("Bot", "bot", "easy"))
DATA = Path(__file__).resolve().parents[1] / "engine" / "data"
WHEN = datetime(2026, 11, 30, 8, 15, tzinfo=UTC)


def _records() -> Path:
    folder = paths.records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_record_keeps_its_game_id_in_the_name_and_the_summary() -> None:
    path = archive_match(bot_match(7, players=3), SEATS, when=WHEN, game_id="abcdef0123456789")
    assert path.name == "20261130-081500-7-abcdef01.json"
    loaded = load_record("last")
    assert loaded.game_id == "abcdef0123456789"
    assert loaded.finished_at == "2026-11-30T08:15:00+00:00"
    (info,) = list_records()
    assert info.game_id == "abcdef0123456789" and info.when == WHEN


def test_the_same_match_archived_again_later_returns_the_kept_file() -> None:
    """A crash after the record was written and before the statistics: finishing again (a
    second later, same game id) must not keep a second record."""
    match = bot_match(5, players=3)
    first = archive_match(match, SEATS, when=WHEN, game_id="g1")
    again = archive_match(match, SEATS, when=datetime(2026, 12, 1, tzinfo=UTC), game_id="g1")
    assert again == first and len(list(_records().iterdir())) == 1


def test_two_games_with_the_same_seed_and_moves_but_other_ids_are_both_kept() -> None:
    match = bot_match(5, players=3)
    first = archive_match(match, SEATS, when=WHEN, game_id="aaaaaaaa-1")
    second = archive_match(match, SEATS, when=WHEN, game_id="aaaaaaaa-2")
    assert first != second and second.name == "20261130-081500-5-aaaaaaaa-2.json"
    assert {load_record(str(p)).game_id for p in (first, second)} == {"aaaaaaaa-1", "aaaaaaaa-2"}


def test_a_taken_name_is_never_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _records()
    taken = folder / "20261130-081500-5-x.json"
    taken.write_text("someone else's file")
    monkeypatch.setattr(archive, "_kept_copy", lambda *_: None)
    path = archive_match(bot_match(5, players=3), SEATS, when=WHEN, game_id="x")
    assert path.name == "20261130-081500-5-x-2.json"
    assert taken.read_text() == "someone else's file"
    assert {p.name for p in folder.iterdir()} == {taken.name, path.name}  # no temp left


def _archive_in_process(args: tuple[str, str, int]) -> list[str]:
    home, prefix, count = args
    os.environ[paths.HOME_ENV] = home
    kept = []
    for i in range(count):
        match = bot_match(3, players=2)  # the same seed and moves in both processes
        path = archive_match(match, SEATS[:2], when=WHEN, game_id=f"samepref-{prefix}-{i}")
        kept.append(path.name)
    return kept


def test_two_processes_finishing_at_the_same_moment_keep_every_record(home: Path) -> None:
    """Same second, same seed, same id prefix: every name collides, and link() decides."""
    count = 15
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        results = pool.map(_archive_in_process, [(str(home), "a", count), (str(home), "b", count)])
    names = [n for part in results for n in part]
    assert len(names) == len(set(names)) == 2 * count
    assert sorted(p.name for p in _records().iterdir()) == sorted(names)
    ids = {load_record(n).game_id for n in names}
    assert len(ids) == 2 * count


# --- special and huge files ---------------------------------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "symlink to fifo", "device", "folder"])
def test_special_files_are_refused_without_blocking(kind: str, tmp_path: Path) -> None:
    folder = _records()
    archive_match(bot_match(2, players=3), SEATS, when=datetime(2020, 1, 1, tzinfo=UTC))
    name = folder / "20991231-000000-1.json"  # sorts first: would be "last"
    if kind == "fifo":
        os.mkfifo(name)
    elif kind == "symlink to fifo":
        os.mkfifo(tmp_path / "pipe")
        name.symlink_to(tmp_path / "pipe")
    elif kind == "device":
        name.symlink_to("/dev/zero")
    else:
        name.mkdir()
    infos = list_records()
    special = [i for i in infos if i.path == name]
    if kind != "folder":
        assert special and special[0].problem and "not a regular file" in special[0].problem
    assert resolve_record("last") != name  # last is the newest regular record
    if kind != "folder":
        with pytest.raises(RecordError, match="not a regular file"):
            load_record(str(name))


def test_a_fifo_given_by_path_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(RecordError, match="fifo"):
        load_record(str(tmp_path / "pipe.json"))
    assert (tmp_path / "pipe.json").exists()  # outside the archive: left alone


def test_a_huge_record_is_refused_naming_the_cap() -> None:
    path = _records() / "20261130-081500-1.json"
    with path.open("wb") as out:
        out.truncate(RECORD_CAP + 1)
    (info,) = list_records()
    assert info.problem is not None and "4 MiB" in info.problem
    with pytest.raises(RecordError, match="larger than 4 MiB"):
        load_record("last")
    assert list(_records().glob("*.corrupt-*"))  # moved aside, never deleted


def test_deep_nesting_is_one_line() -> None:
    path = _records() / "20261130-081500-1.json"
    path.write_text("[" * 50_000 + "]" * 50_000)
    assert list_records()[0].problem is not None
    with pytest.raises(RecordError, match="nests deeper"):
        load_record("last")


# --- listing reads only the head ----------------------------------------------------------


def test_listing_reads_only_the_head_of_new_records(monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in (1, 2):
        archive_match(bot_match(seed, players=3), SEATS, game_id=f"id{seed}")
    opened: list[int] = []
    real = files.read_head

    def spy(path: Path, size: int, what: str = "the file") -> tuple[bytes, int]:
        opened.append(size)
        return real(path, size, what)

    def refuse(*_: Any, **__: Any) -> Any:
        raise AssertionError("a whole record was read")

    monkeypatch.setattr(archive, "read_head", spy)
    monkeypatch.setattr(archive, "read_text", refuse)
    infos = list_records()
    assert len(infos) == 2 and all(i.problem is None for i in infos)
    assert opened == [archive.HEAD_CAP] * 2


def test_a_record_padded_after_its_summary_is_listed_from_the_head() -> None:
    """A record much larger than the head: the summary alone tells the list what it needs."""
    path = archive_match(bot_match(4, players=3), SEATS, game_id="pad")
    data = path.read_text()
    path.write_text(data[:-1] + " " * (archive.HEAD_CAP * 4) + "}")
    (info,) = list_records()
    assert info.problem is None and info.players == ("Masha", "Alex", "Bot")


def test_old_records_without_a_summary_are_listed_and_load() -> None:
    folder = _records()
    for name in ("record_v1_before_summary.json", "record_v1_abandoned_before_summary.json"):
        shutil.copy(DATA / name, folder / f"20250101-000000-{name}")
    infos = {i.path.name: i for i in list_records()}
    old = infos["20250101-000000-record_v1_before_summary.json"]
    assert old.problem is None and old.players == ("Маша", "Bot", "Олег") and old.rounds > 0
    left = infos["20250101-000000-record_v1_abandoned_before_summary.json"]
    assert left.abandoned_by == "B"  # K10.1
    for name in infos:
        loaded = load_record(name)
        assert loaded.match.over and loaded.game_id.startswith("record-")


# --- text from a record is text -----------------------------------------------------------

HOSTILE = "\x1b]0;owned\x07\x1b[2J\u202eevil[bold]"


def test_names_and_file_names_from_records_are_cleaned() -> None:
    seats = (Seat(HOSTILE), Seat("Alex"), Seat("Bot", "bot", "easy"))
    archive_match(bot_match(9, players=3), seats, game_id="x")
    (info,) = list_records()
    assert all("\x1b" not in n and "\u202e" not in n for n in info.players)
    loaded = load_record("last")
    assert "\x1b" not in loaded.seats[0].name and "␛" in loaded.seats[0].name
    odd = _records() / "20261130-081500-\x1b[31m.json"
    odd.write_text("{")
    listed = {i.path: i for i in list_records()}[odd]
    assert "\x1b" not in listed.name and "\x1b" not in (listed.problem or "")
    with pytest.raises(RecordError) as caught:
        load_record(str(odd))
    assert "\x1b" not in str(caught.value)


def test_a_summary_with_wrong_types_falls_back_to_reading_the_record() -> None:
    match = bot_match(11, players=3)
    record = make_record(match, [s.to_dict() for s in SEATS], game_id="t")
    record["summary"]["players"] = 5  # not a list: the head cannot be trusted
    path = _records() / "20261130-081500-11.json"
    path.write_text(dumps(record))
    (info,) = list_records()
    assert info.problem is not None and "summary" in info.problem
    with pytest.raises(RecordError, match="summary"):
        loads(path.read_text())


def test_a_non_record_json_is_listed_with_its_problem() -> None:
    (_records() / "20261130-081500-1.json").write_text(json.dumps({"hello": "world"}))
    (info,) = list_records()
    assert info.problem == "the record is not a domino-tui game record"


def test_replaying_a_kept_record_gives_the_same_match() -> None:
    match = bot_match(12, players=3)
    archive_match(match, SEATS, game_id="same")
    assert fingerprint(load_record("last").match) == fingerprint(match)
