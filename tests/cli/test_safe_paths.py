"""Nothing a user names is destroyed (issue 22, part 1): every command that writes a file named
on the command line (``domino sim --record FILE``, ``domino export -o FILE``) follows one rule.

Only a regular file is replaced, or the regular file a symlink points to; a fifo, a device, a
socket, a folder or a dangling link is refused with one line naming the path as given, and left
as it was. An existing file is replaced only with ``--force``, or after a yes when stdin is a
terminal; a script is told to add ``--force``. Writes stay atomic.

No test touches a real system path: devices are faked by a monkeypatched ``os.lstat``; fifos
and sockets are made in ``tmp_path``.
"""

from __future__ import annotations

import errno
import os
import socket
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from domino_tui.cli import app
from domino_tui.storage import files

from .helpers import ENV, run

Writer = Callable[[Path, tuple[str, ...]], Result]


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A record to export (written once: a match takes a moment)."""
    path = tmp_path_factory.mktemp("kept") / "match.json"
    assert run("sim", "--seed", "5", "--brief", "--record", str(path)).exit_code == 0
    return path


def _args(command: str, record: Path, path: Path) -> list[str]:
    if command == "sim":
        return ["sim", "--seed", "5", "--brief", "--record", str(path)]
    return ["export", str(record), "-o", str(path)]


@pytest.fixture(params=["sim", "export"])
def command(request: pytest.FixtureRequest) -> str:
    """Each command that writes a file the player names."""
    return str(request.param)


@pytest.fixture
def write(command: str, record: Path) -> Writer:
    return lambda path, extra=(): run(*_args(command, record, path), *extra)


def _one_line(result: Result, code: int) -> str:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino"), result.stderr
    return lines[0]


@pytest.fixture
def socket_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)  # a relative name: a socket's path must be short
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind("sock")
    try:
        yield tmp_path / "sock"
    finally:
        server.close()


def _special(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / "out"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "link to a fifo":
        os.mkfifo(tmp_path / "pipe")
        path.symlink_to(tmp_path / "pipe")
    elif kind == "link to a folder":
        (tmp_path / "dir").mkdir()
        path.symlink_to(tmp_path / "dir")
    return path


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("fifo", "is a fifo (named pipe), not a regular file"),
        ("folder", "is a folder, not a regular file"),
        ("link to a fifo", "is a fifo (named pipe), not a regular file"),
        ("link to a folder", "is a folder, not a regular file"),
    ],
)
def test_a_special_file_is_refused_and_left_as_it_was(
    write: Writer, tmp_path: Path, kind: str, words: str
) -> None:
    path = _special(tmp_path, kind)
    before = os.lstat(path)
    line = _one_line(write(path, ("--force",)), 2)  # not even --force replaces it
    assert f"{path} {words}: nothing was written" in line  # the path as given, no temp name
    assert ".tmp" not in line
    after = os.lstat(path)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert not [p for p in tmp_path.rglob(".*.tmp")]


def test_a_socket_is_refused(write: Writer, socket_path: Path) -> None:
    line = _one_line(write(socket_path, ("--force",)), 2)
    assert "is a socket, not a regular file" in line
    assert stat.S_ISSOCK(os.lstat(socket_path).st_mode)


def _fake_device(monkeypatch: pytest.MonkeyPatch, device: Path) -> None:
    """``device`` looks like a character device to ``os.lstat`` (and so to ``os.stat``'s
    callers that ask lstat first): as /dev/null does, without going near /dev/null."""
    real = os.lstat

    def lstat(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if os.fspath(path) == str(device):  # type: ignore[arg-type]
            return os.stat_result((stat.S_IFCHR | 0o666, 1, 5, 1, 0, 0, 0, 0, 0, 0))
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(files.os, "lstat", lstat)


def test_a_device_is_never_replaced_even_as_root(
    write: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Today ``sim --record /dev/null`` as root turned the system's /dev/null into a file."""
    device = tmp_path / "null"
    with monkeypatch.context() as patch:
        _fake_device(patch, device)
        line = _one_line(write(device, ("--force",)), 2)
    assert f"{device} is a device, not a regular file" in line
    assert not os.path.lexists(device)  # nothing was created or renamed over it
    assert not list(tmp_path.iterdir())


def test_a_dangling_link_is_refused_not_followed(write: Writer, tmp_path: Path) -> None:
    link = tmp_path / "out.json"
    link.symlink_to(tmp_path / "elsewhere" / "new.json")
    line = _one_line(write(link, ("--force",)), 2)
    assert "is a link to" in line and "which does not exist" in line
    assert link.is_symlink() and not (tmp_path / "elsewhere").exists()


def test_an_existing_file_is_kept_without_force_in_a_script(write: Writer, tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("my notes", encoding="utf-8")
    line = _one_line(write(path, ()), 2)
    assert f"{path} already exists; add --force to replace it" in line
    assert path.read_text(encoding="utf-8") == "my notes"


def test_a_sim_is_refused_before_the_match_is_played(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text("my notes", encoding="utf-8")
    result = run("sim", "--seed", "5", "--brief", "--record", str(path))
    assert result.exit_code == 2 and result.stdout == ""  # no transcript, then a refusal


def test_force_replaces_a_file_keeping_its_permissions(write: Writer, tmp_path: Path) -> None:
    path = tmp_path / "shared.txt"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o644)
    assert write(path, ("--force",)).exit_code == 0
    assert path.read_text(encoding="utf-8") != "old"
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["shared.txt"]  # atomic: no temp left


def test_force_through_a_link_replaces_the_file_it_points_to(write: Writer, tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    assert _one_line(write(link, ()), 2).endswith("add --force to replace it")
    assert write(link, ("--force",)).exit_code == 0
    assert link.is_symlink() and real.read_text(encoding="utf-8") != "old"


@pytest.mark.parametrize(("answer", "code"), [("y\n", 0), ("n\n", 1), ("\n", 1)])
def test_at_a_terminal_the_player_is_asked(
    command: str,
    record: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    answer: str,
    code: int,
) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("old", encoding="utf-8")
    monkeypatch.setattr("domino_tui.cli.outputs.can_ask", lambda: True)  # stdin a terminal
    result = CliRunner().invoke(app, _args(command, record, path), input=answer, env=ENV)
    assert result.exit_code == code, result.output
    assert "already exists. Replace it?" in result.output
    assert (path.read_text(encoding="utf-8") == "old") is (code != 0)
    if code:
        assert result.stderr.strip().endswith("nothing was written")


def test_a_new_file_needs_no_force(write: Writer, tmp_path: Path) -> None:
    path = tmp_path / "deep" / "new.txt"
    assert write(path, ()).exit_code == 0
    assert path.is_file()


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EACCES, errno.EROFS])
def test_a_failed_write_names_the_given_path_and_exits_1(
    write: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    path = tmp_path / "new.txt"

    def refuse(*_: object) -> None:
        raise OSError(code, os.strerror(code), str(tmp_path / ".new.txt.x.tmp"))

    with monkeypatch.context() as patch:
        patch.setattr(files.os, "replace", refuse)
        line = _one_line(write(path, ()), 1)
    assert f"cannot write {path}: {files.error_words(OSError(code, ''))}" in line
    assert ".tmp" not in line
    assert list(tmp_path.iterdir()) == []


def test_the_words_are_russian_too(tmp_path: Path, record: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    line = _one_line(run("export", str(record), "-o", str(tmp_path / "pipe"), "--lang", "ru"), 2)
    assert "именованный канал" in line and "ничего не записано" in line
