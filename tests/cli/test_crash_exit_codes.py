"""Every command that opens a table exits 1 after "the table stopped on an internal error", as
the exit codes promise (issue 22, part 4): ``domino replay`` exited 0 after it, because it
ignored the app's return code. Each command is run for real (a subprocess, headless) with a
crash forced into the app's first screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import run, run_crashing


@pytest.mark.parametrize("command", ["replay", "learn"])
def test_a_crash_at_the_table_exits_1(command: str, tmp_path: Path) -> None:
    args = [command]
    if command == "replay":
        record = tmp_path / "match.json"
        assert run("sim", "--seed", "3", "--brief", "--record", str(record)).exit_code == 0
        args.append(str(record))
    done = run_crashing(args, tmp_path / "home")
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "internal error" in lines[0], done.stderr
