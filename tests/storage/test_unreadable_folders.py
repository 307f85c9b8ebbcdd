"""A data folder that exists but cannot be read is said, not reported as "nothing kept" (issue
22, part 4): ``records``, ``resume --list``, ``resume``, ``export last``, ``analyze last``,
``replay last``, ``analyze --saved`` and ``stats --coach`` name the folder and why, in one
line, exit 1.
``stats --rebuild`` no longer forgets every figure when the records cannot be read.

As root, ``chmod 000`` does not stop reading, so the folder is made unreadable by a
monkeypatched ``os.scandir`` that raises as the system would (PermissionError, EIO)."""

from __future__ import annotations

import errno
import sys
from pathlib import Path

import pytest

from domino_tui.cli import main
from domino_tui.storage import paths
from domino_tui.storage.archive import archive_match
from domino_tui.storage.meta import Seat
from domino_tui.storage.saves import save_game
from domino_tui.storage.stats import StatsDB

from .helpers import bot_match, meta_for, unreadable

SEATS = (Seat("Masha"), Seat("Alex"))
WHY = {errno.EACCES: "permission denied", errno.EIO: "Input/output error"}


def run_main(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["domino", *args, "--lang", "en"])
    with pytest.raises(SystemExit) as stop:
        main()
    out = capsys.readouterr()
    code = stop.value.code
    return (code if isinstance(code, int) else 0), out.out, out.err


@pytest.fixture
def kept() -> None:
    """A record and an unfinished game, so that "nothing kept" would be wrong."""
    archive_match(bot_match(1, players=2), SEATS, "kozel", game_id="kept")
    save_game(bot_match(2, steps=5, players=2), meta_for(["Masha", "Alex"]))


COMMANDS = {
    "records": (["records"], paths.records_dir),
    "records --json": (["records", "--json"], paths.records_dir),
    "export last": (["export", "last"], paths.records_dir),
    "analyze last": (["analyze", "last"], paths.records_dir),
    "replay last": (["replay", "last"], paths.records_dir),
    "stats --coach": (["stats", "--coach"], paths.records_dir),  # not "no reviewed matches"
    "resume --list": (["resume", "--list"], paths.saves_dir),
    "resume --list --json": (["resume", "--list", "--json"], paths.saves_dir),
    "resume": (["resume"], paths.saves_dir),
    "analyze --saved": (["analyze", "--saved"], paths.saves_dir),
}


@pytest.mark.usefixtures("kept")
@pytest.mark.parametrize("code", list(WHY))
@pytest.mark.parametrize("name", list(COMMANDS))
def test_an_unreadable_folder_is_said_not_called_empty(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str, code: int
) -> None:
    args, where = COMMANDS[name]
    monkeypatch.setattr("domino_tui.app.make_app", lambda *a, **k: pytest.fail("table opened"))
    unreadable(monkeypatch, where(), code)
    status, out, err = run_main(monkeypatch, capsys, *args)
    assert status == 1, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert f"the folder {where()} cannot be read: {WHY[code]}" in lines[0]
    assert out == ""  # no empty table, no "[]", no "nothing kept"


@pytest.mark.usefixtures("kept")
def test_a_missing_folder_is_still_nothing_kept(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "fresh"))
    status, out, _err = run_main(monkeypatch, capsys, "records")
    assert status == 0 and "no finished matches" in out.lower()


@pytest.mark.usefixtures("kept")
def test_rebuilding_from_an_unreadable_archive_keeps_the_figures(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with StatsDB() as db:
        assert db.rebuild().counted == 1
    with monkeypatch.context() as patch:
        unreadable(patch, paths.records_dir(), errno.EACCES)
        status, _out, err = run_main(patch, capsys, "stats", "--rebuild", "--yes")
    assert status == 1 and "cannot be read: permission denied" in err
    with StatsDB() as db:
        assert db.match_count() == 1
