"""Exit codes and crash.log (issue 8, part 7): an internal error that stops the table exits 1
after writing a bounded, cleaned crash.log; the player sees one line, never a traceback."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import typer

from domino_tui.app import crash
from domino_tui.app.crash import MARKER, MAX_CRASH_BYTES, MAX_CRASHES, crash_path, record

from .helpers import run_crashing


def _entries(path: Path) -> list[str]:
    return [e for e in path.read_text("utf-8").split(MARKER) if e]


async def test_a_crash_in_the_table_writes_crash_log_and_sets_the_exit_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from domino_tui.app import make_app

    app = make_app(settings_path="default", lang="en")

    def boom() -> None:
        raise RuntimeError("forced crash \x1b]0;owned\x07")

    with pytest.raises(RuntimeError, match="forced crash"):  # Pilot re-raises for the test
        async with app.run_test(size=(100, 40)) as pilot:
            app.call_later(boom)
            await pilot.pause()
    assert app.return_code == 1
    log = crash_path()
    text = log.read_text("utf-8")
    assert "RuntimeError" in text and "forced crash ␛]0;owned" in text
    assert "\x1b" not in text and "\x07" not in text  # `cat crash.log` cannot drive the terminal
    err = capsys.readouterr().err
    assert "the table stopped on an internal error; details:" in err and str(log) in err
    assert "Traceback" not in err


def test_the_log_keeps_the_last_crashes_each_cut_to_size(tmp_path: Path) -> None:
    log = tmp_path / "crash.log"
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for n in range(MAX_CRASHES + 3):
        details = f"crash number {n}\n" + "frame\n" * 50_000 + f"ValueError: the end of {n}\n"
        record(details, log, start + timedelta(minutes=n))
    entries = _entries(log)
    assert len(entries) == MAX_CRASHES
    assert [f"crash number {n}" in e for n in range(3, MAX_CRASHES + 3) for e in entries].count(
        True
    ) == MAX_CRASHES
    for n, entry in zip(range(3, MAX_CRASHES + 3), entries, strict=True):
        assert len(entry.encode("utf-8")) < MAX_CRASH_BYTES + 1024
        assert f"crash number {n}" in entry  # the head says where
        assert f"ValueError: the end of {n}" in entry  # the tail says what
        assert "bytes cut" in entry
    assert log.stat().st_size < MAX_CRASHES * (MAX_CRASH_BYTES + 1024)
    assert [p.name for p in tmp_path.iterdir()] == ["crash.log"]  # written atomically, no temp


def test_a_foreign_or_special_crash_log_is_replaced_not_read(tmp_path: Path) -> None:
    log = tmp_path / "crash.log"
    os.mkfifo(log)  # reading it would block
    record("first", log)
    assert len(_entries(log)) == 1 and log.is_file()


def test_a_crash_log_that_cannot_be_written_is_said_in_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home_file = tmp_path / "file"
    home_file.write_text("", "utf-8")
    assert crash.report(["details"], home_file / "crash.log") is None
    assert "(could not be saved)" in capsys.readouterr().err


def test_the_tables_return_code_becomes_the_exit_code(monkeypatch: pytest.MonkeyPatch) -> None:
    from domino_tui.cli import play

    class Crashed:
        return_code = 1

        def run(self) -> None:
            pass

    monkeypatch.setattr("domino_tui.app.make_app", lambda *a, **k: Crashed())
    with pytest.raises(typer.Exit) as stop:
        play.run_table(None, "en", None)
    assert stop.value.exit_code == 1
    Crashed.return_code = 0
    play.run_table(None, "en", None)  # success: no exit raised, the command ends with 0


@pytest.mark.parametrize("args", [[], ["play", "--bots", "easy", "--seed", "3"]])
def test_the_real_command_exits_1_after_a_crash(args: list[str], tmp_path: Path) -> None:
    done = run_crashing(args, tmp_path)
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "internal error" in lines[0], done.stderr
    log = tmp_path / "config" / "crash.log"
    assert "forced crash ␛[2J" in log.read_text("utf-8")
