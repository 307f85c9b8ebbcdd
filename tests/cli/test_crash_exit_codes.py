"""Every command that opens a table exits 1 after "the table stopped on an internal error", as
the exit codes promise (issue 22, part 4): ``domino replay`` exited 0 after it, because it
ignored the app's return code. Each command is run for real (a subprocess, headless) with a
crash forced into the app's first screen."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from .helpers import run

DRIVER = textwrap.dedent(
    """
    import sys
    from textual.app import App
    from domino_tui.app.app import DominoApp

    real_run = App.run
    App.run = lambda self, **kw: real_run(self, headless=True, size=(100, 40))

    def boom(self, *args):
        raise RuntimeError("forced crash")

    DominoApp.on_mount = boom
    from domino_tui.cli import main
    sys.argv = ["domino", *sys.argv[1:]]
    main()
    """
)


@pytest.mark.parametrize("command", ["replay", "learn"])
def test_a_crash_at_the_table_exits_1(command: str, tmp_path: Path) -> None:
    env = {**os.environ, "DOMINO_TUI_HOME": str(tmp_path / "home")}
    args = [command]
    if command == "replay":
        record = tmp_path / "match.json"
        assert run("sim", "--seed", "3", "--brief", "--record", str(record)).exit_code == 0
        args.append(str(record))
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "internal error" in lines[0], done.stderr
