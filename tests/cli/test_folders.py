"""A data or config folder that cannot be used gives one clear line from any command, never a
traceback (issue 8, part 6): a home that is a file, a name too long, permission denied, a
read-only disk. The table does not open where it could not save (exit 1: the environment)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from tests.cli.helpers import run_main


@pytest.fixture
def no_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail loudly if a test would open the real table."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the table must not open")

    monkeypatch.setattr("domino_tui.app.make_app", refuse)


TABLE_COMMANDS = [[], ["play", "--bots", "easy"], ["hotseat", "Masha", "Alex"]]


@pytest.mark.usefixtures("no_table")
@pytest.mark.parametrize("args", TABLE_COMMANDS)
def test_a_home_that_is_a_file_stops_the_table_in_one_line(
    args: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    home = tmp_path / "home"
    home.write_text("not a folder", "utf-8")
    monkeypatch.setenv("DOMINO_TUI_HOME", str(home))
    code, _, err = run_main(monkeypatch, capsys, *args)
    assert code == 1
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "a file is where a folder should be" in err and str(home) in err
    assert "DOMINO_TUI_HOME" in err


@pytest.mark.usefixtures("no_table")
@pytest.mark.parametrize("args", TABLE_COMMANDS)
def test_a_file_name_too_long_is_one_line(
    args: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("DOMINO_TUI_HOME", str(tmp_path / ("a" * 300)))
    code, _, err = run_main(monkeypatch, capsys, *args)
    assert code == 1
    assert err.count("\n") == 1 and "file name too long" in err and "…" in err


@pytest.mark.usefixtures("no_table")
@pytest.mark.parametrize(
    ("error", "words"),
    [
        (errno.EACCES, "permission denied"),
        (errno.EROFS, "read-only file system"),
        (errno.ENOSPC, "no space left"),
    ],
)
def test_a_folder_that_cannot_be_written_is_one_line(
    error: int,
    words: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(error, os.strerror(error), "probe")

    monkeypatch.setattr("domino_tui.cli.health.tempfile.mkstemp", refuse)
    code, _, err = run_main(monkeypatch, capsys, "play", "--bots", "easy")
    assert code == 1 and err.count("\n") == 1 and words in err


@pytest.mark.usefixtures("no_table")
@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through any permission")
def test_a_read_only_home_is_refused_for_real(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    home.mkdir(mode=0o555)
    monkeypatch.setenv("DOMINO_TUI_HOME", str(home))
    try:
        code, _, err = run_main(monkeypatch, capsys)
    finally:
        home.chmod(0o755)
    assert code == 1 and "permission denied" in err


def test_an_os_error_from_any_command_is_one_clean_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def denied(lang: str) -> str:
        raise PermissionError(errno.EACCES, "Permission denied", "/srv/\x1b[2Jrules.md")

    monkeypatch.setattr("domino_tui.cli.rules.rules_text", denied)
    code, _, err = run_main(monkeypatch, capsys, "rules")
    assert code == 1
    assert err == "domino: cannot use /srv/␛[2Jrules.md: permission denied\n"


ALL_COMMANDS = [
    [],
    ["play", "--bots", "easy"],
    ["hotseat", "A", "B"],
    ["resume"],
    ["stats"],
    ["records"],
    ["export", "last"],
    ["replay"],
    ["analyze"],
]


@pytest.mark.usefixtures("no_table")
@pytest.mark.parametrize("args", ALL_COMMANDS)
@pytest.mark.parametrize("kind", ["file", "long"])
def test_no_command_shows_a_traceback_for_an_unusable_home(
    args: list[str],
    kind: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    home = tmp_path / "home" if kind == "file" else tmp_path / ("b" * 300)
    if kind == "file":
        home.write_text("", "utf-8")
    monkeypatch.setenv("DOMINO_TUI_HOME", str(home))
    try:
        code, out, err = run_main(monkeypatch, capsys, *args)
    except AssertionError:  # a command opened the table on an unusable home
        pytest.fail(f"domino {' '.join(args)} opened the table on an unusable home")
    assert "Traceback" not in out + err
    assert err.count("\n") <= 1, err
    assert "\x1b" not in err
    if err:
        assert code != 0


@pytest.mark.usefixtures("no_table")
def test_main_cleans_the_parsers_messages(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run_main(monkeypatch, capsys, "sim", "--nope\x1b]0;owned\x07")
    assert code == 2 and "No such option" in err
    assert "\x1b" not in err and "\x07" not in err


@pytest.mark.usefixtures("no_table")
def test_main_turns_a_rules_error_into_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run_main(monkeypatch, capsys, "play", "--set", "target=100000")
    assert (code, err) == (
        2,
        "domino: option target must be a whole number from 1 to 1000, not 100000\n",
    )


def test_main_exits_0_on_success(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_main(monkeypatch, capsys, "rules", "--raw")
    assert code == 0 and out
