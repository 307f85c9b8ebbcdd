"""Fault injection for the records, the statistics and ``export -o``: a full disk, a read-only
file system, a failing disk and a permission refused at each write and read give one clear
error, leave nothing half-written and the previous files intact; a process killed between
keeping the record and counting it is repaired by finishing again, counted once."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from domino_tui.cli import app
from domino_tui.engine.record import RecordError
from domino_tui.storage import archive, files, paths
from domino_tui.storage.archive import archive_match, list_records, load_record
from domino_tui.storage.meta import Seat
from domino_tui.storage.stats import StatsDB

from .helpers import bot_match

ROOT = Path(__file__).resolve().parents[2]
SEATS = (Seat("Masha"), Seat("Alex"))
FAULTS = {
    errno.ENOSPC: "the disk is full",
    errno.EROFS: "the file system is read-only",
    errno.EIO: "input/output error",
    errno.EACCES: "permission denied",
}


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "220"})


def one_line(result: Result, code: int = 2) -> str:
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino: "), result.stderr
    return lines[0]


def _raiser(code: int) -> Any:
    def fail(*_: object, **__: object) -> Any:
        raise OSError(code, os.strerror(code))

    return fail


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.is_dir() else {}


WRITE_STEPS = ("mkstemp", "fsync", "link")


def _inject(monkeypatch: pytest.MonkeyPatch, step: str, code: int) -> None:
    if step == "mkstemp":
        monkeypatch.setattr(files.tempfile, "mkstemp", _raiser(code))
    elif step == "fsync":
        monkeypatch.setattr(files.os, "fsync", _raiser(code))
    elif step == "link":
        monkeypatch.setattr(files.os, "link", _raiser(code))
    elif step == "replace":
        monkeypatch.setattr(files.os, "replace", _raiser(code))


@pytest.mark.parametrize("code", list(FAULTS))
@pytest.mark.parametrize("step", WRITE_STEPS)
def test_keeping_a_record_fails_whole_and_leaves_the_archive_as_it_was(
    monkeypatch: pytest.MonkeyPatch, step: str, code: int
) -> None:
    archive_match(bot_match(1, players=2), SEATS, game_id="before")
    before = _snapshot(paths.records_dir())
    with monkeypatch.context() as patch:
        _inject(patch, step, code)
        with pytest.raises(OSError) as caught:
            archive_match(bot_match(2, players=2), SEATS, game_id="new")
    assert caught.value.errno == code
    assert FAULTS[code] in files.error_words(caught.value)
    assert _snapshot(paths.records_dir()) == before  # no temp file, no half record
    assert [i.game_id for i in list_records()] == ["before"]


def test_without_hard_links_a_record_is_still_created_exclusively(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(files.os, "link", _raiser(errno.EPERM))  # e.g. FAT, some network disks
    first = archive_match(bot_match(3, players=2), SEATS, game_id="a")
    match = bot_match(3, players=2)
    second = archive_match(match, SEATS, game_id="b", when=None)
    assert first != second and load_record(str(second)).game_id == "b"
    assert not [p for p in paths.records_dir().iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("code", list(FAULTS))
def test_reading_a_record_fails_in_one_clear_line(
    monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    kept = archive_match(bot_match(4, players=2), SEATS, game_id="r")
    monkeypatch.setattr(archive, "read_text", _raiser(code))
    monkeypatch.setattr(archive, "read_head", _raiser(code))
    with pytest.raises(RecordError, match=FAULTS[code]):
        load_record("last")
    (info,) = list_records()
    assert info.problem is not None and FAULTS[code] in info.problem
    assert kept.exists()  # an unreadable file is not damage: it stays where it is
    result = run("replay", "last")
    assert FAULTS[code] in one_line(result)


@pytest.mark.parametrize("code", list(FAULTS))
def test_a_damaged_record_that_cannot_be_moved_aside_says_so(
    monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    kept = archive_match(bot_match(5, players=2), SEATS, game_id="m")
    kept.write_text("{")
    monkeypatch.setattr(files.os, "replace", _raiser(code))
    with pytest.raises(RecordError, match="could not be moved aside") as caught:
        load_record("last")
    assert FAULTS[code] in str(caught.value) and kept.read_text() == "{"


# --- export -o ------------------------------------------------------------------------------


@pytest.fixture
def kept() -> Path:
    return archive_match(bot_match(6, players=2), SEATS, game_id="e")


@pytest.mark.usefixtures("kept")
@pytest.mark.parametrize("code", list(FAULTS))
@pytest.mark.parametrize("step", ["mkstemp", "fsync", "replace"])
def test_export_to_a_file_fails_in_one_line_and_keeps_the_old_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, step: str, code: int
) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    out = folder / "game.txt"
    out.write_text("the previous transcript")
    _inject(monkeypatch, step, code)
    line = one_line(run("export", "last", "-o", str(out), "--force"), 1)  # the disk's fault: 1
    assert FAULTS[code] in line and str(out) in line and ".tmp" not in line
    assert out.read_text() == "the previous transcript"
    assert [p.name for p in folder.iterdir()] == ["game.txt"]


@pytest.mark.usefixtures("kept")
@pytest.mark.parametrize("kind", ["fifo", "device", "folder", "symlink to fifo"])
def test_export_refuses_to_replace_anything_but_a_regular_file(tmp_path: Path, kind: str) -> None:
    out = tmp_path / "out.txt"
    if kind == "fifo":
        os.mkfifo(out)
    elif kind == "device":
        out.symlink_to("/dev/null")
    elif kind == "folder":
        out.mkdir()
    else:
        os.mkfifo(tmp_path / "pipe")
        out.symlink_to(tmp_path / "pipe")
    line = one_line(run("export", "last", "-o", str(out)))  # must not block on the fifo
    assert "not a regular file" in line
    assert os.path.lexists(out) and not out.is_file()


@pytest.mark.usefixtures("kept")
def test_export_through_a_symlink_writes_the_file_it_points_to(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    assert run("export", "last", "-o", str(link), "--force").exit_code == 0
    assert link.is_symlink() and "Masha" in real.read_text()


@pytest.mark.usefixtures("kept")
def test_export_to_a_name_too_long_is_one_line(tmp_path: Path) -> None:
    line = one_line(run("export", "last", "-o", str(tmp_path / ("x" * 300))), 1)
    assert "file name is too long" in line


@pytest.mark.usefixtures("kept")
def test_export_into_a_path_through_a_file_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("")
    line = one_line(run("export", "last", "-o", str(tmp_path / "plain" / "out.txt")), 1)
    assert "not a folder" in line or "cannot write" in line


# --- a kill between the writes of finishing a match -------------------------------------------

KILLED = """
import os, sys
sys.path.insert(0, {tests!r})
from domino_tui.storage.archive import archive_match
from domino_tui.storage.meta import Seat
from storage.helpers import bot_match
archive_match(bot_match(7, players=2), [Seat("Masha"), Seat("Alex")], game_id="killed")
os._exit(9)  # killed after the record, before the statistics
"""


def _finish_again() -> bool:
    match = bot_match(7, players=2)
    path = archive_match(match, SEATS, game_id="killed")
    with StatsDB() as db:
        return db.record_match(match, SEATS, game_id="killed", record_name=path.stem)


def test_a_kill_between_record_and_statistics_is_repaired_once(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    code = textwrap.dedent(KILLED.format(tests=str(ROOT / "tests")))
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=os.environ.copy(), timeout=120
    )
    assert done.returncode == 9
    (kept,) = paths.records_dir().iterdir()
    assert not paths.stats_path().exists()
    assert _finish_again() is True  # the rerun counts it …
    assert _finish_again() is False  # … once
    assert [p.name for p in paths.records_dir().iterdir()] == [kept.name]
    with StatsDB() as db:
        assert db.match_count() == 1
        assert db.rebuild().counted == 1 and db.match_count() == 1


def test_a_kill_in_the_middle_of_counting_leaves_no_half_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The match row and the seat rows are one transaction: a failure after the first insert
    leaves nothing, and finishing again counts the whole match."""
    match = bot_match(8, players=2)
    with StatsDB() as db:
        real = db._profile_id
        calls = 0

        def dying(seat: Seat) -> int:
            nonlocal calls
            calls += 1
            if calls == 2:
                raise KeyboardInterrupt  # as a kill would stop it half-way
            return real(seat)

        monkeypatch.setattr(db, "_profile_id", dying)
        with pytest.raises(KeyboardInterrupt):
            db.record_match(match, SEATS, game_id="half")
        monkeypatch.undo()
        assert db.match_count() == 0
        assert db.record_match(match, SEATS, game_id="half") is True
        assert db._db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 2


def test_a_leftover_temporary_file_is_not_a_record() -> None:
    archive_match(bot_match(9, players=2), SEATS, game_id="t")
    fd, _tmp = tempfile.mkstemp(dir=paths.records_dir(), prefix=".x.json.", suffix=".tmp")
    os.write(fd, b'{"half": ')
    os.close(fd)
    assert [i.game_id for i in list_records()] == ["t"]
