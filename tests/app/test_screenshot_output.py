"""``python -m domino_tui.cli.screenshot PATH`` writes a path from the command line, so it keeps
the rule of ``export -o`` and ``sim --record`` (issue 22, part 1): a fifo, a folder (or a device,
a socket) is refused in one line and left as it is, an existing file is replaced only with
``--force``, and the path is checked before the table is played. Only paths made in tmp_path."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from domino_tui.app import screenshot
from domino_tui.cli.screenshot import main as shot_main

FAKE = "<svg>table</svg>"


@pytest.fixture
def shot(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    """The table is not played (CPU is scarce): each call is noted, the SVG is FAKE."""
    calls: list[tuple[object, ...]] = []

    async def fake(*args: object) -> str:
        calls.append(args)
        return FAKE

    monkeypatch.setattr(screenshot, "shoot", fake)
    return calls


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as stop:
        shot_main([*args])
    err = capsys.readouterr().err
    assert isinstance(stop.value.code, int)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return stop.value.code, err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no fifos here")
def test_a_fifo_is_refused_and_left_a_fifo(
    tmp_path: Path, shot: list[object], capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    for force in ([], ["--force"]):
        code, err = refused(capsys, str(fifo), *force)
        assert code == 2 and f"screenshot: {fifo} is a fifo (named pipe)" in err
        assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert shot == []  # refused before the table was played


def test_a_folder_is_refused(
    tmp_path: Path, shot: list[object], capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = refused(capsys, str(tmp_path), "--force")
    assert code == 2 and "is a folder, not a regular file" in err
    assert shot == []


def test_an_existing_file_is_replaced_only_with_force(
    tmp_path: Path, shot: list[object], capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "table.svg"
    old.write_text("keep me", "utf-8")
    code, err = refused(capsys, str(old))  # pytest's stdin is no terminal: nobody to ask
    assert code == 2 and "already exists; add --force to replace it" in err
    assert old.read_text("utf-8") == "keep me" and shot == []
    shot_main([str(old), "--force", "--seed", "5", "--size", "80x24"])
    assert old.read_text("utf-8") == FAKE
    assert shot == [(5, "ru", (80, 24), 3)]


def test_a_new_file_gets_a_real_screenshot(tmp_path: Path) -> None:
    target = tmp_path / "assets" / "table.svg"
    shot_main([str(target), "--size", "80x24", "--turns", "0", "--lang", "en"])
    text = target.read_text("utf-8")
    assert text.startswith("<svg") and text.rstrip().endswith("</svg>") and len(text) > 10_000
