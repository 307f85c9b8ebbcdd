"""Shared helpers of the CLI and transcript tests: running the app and finding seeded matches."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from domino_tui.cli import app, main
from domino_tui.cli.sim import play_match
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules

# a fixed width and no colour, whatever the machine running the tests has set
ENV: dict[str, str | None] = {
    "COLUMNS": "100",
    "LINES": "40",
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
    "NO_COLOR": None,
}


def run_main(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, str, str]:
    """The real entry point in this process: exit code, stdout, stderr."""
    monkeypatch.setattr(sys, "argv", ["domino", *args])
    with pytest.raises(SystemExit) as stop:
        main()
    out = capsys.readouterr()
    code = stop.value.code
    return (code if isinstance(code, int) else 0), out.out, out.err


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env=ENV)


def find_match(
    options: dict[str, Any],
    wanted: Callable[[Match], bool],
    bots: Sequence[str] = ("greedy", "random"),
    preset: str = "kozel",
    seeds: range = range(400),
) -> Match:
    """The first seeded bot match with the wanted feature (deterministic, so always the same)."""
    rules = make_rules(options, preset)
    names = [bots[s % len(bots)] for s in range(rules.players)]
    for seed in seeds:
        match = play_match(rules, seed, names)
        if wanted(match):
            return match
    raise AssertionError(f"no match with the wanted feature among seeds {seeds}")


# runs ``domino ARGS`` headless with a crash forced into the app's first steps (its mount)
CRASH_DRIVER = textwrap.dedent(
    """
    import sys
    from textual.app import App
    from domino_tui.app.app import DominoApp

    real_run = App.run
    App.run = lambda self, **kw: real_run(self, headless=True, size=(100, 40))

    def boom(self, *args):
        raise RuntimeError("forced crash \\x1b[2J")

    DominoApp.on_mount = boom
    from domino_tui.cli import main
    sys.argv = ["domino", *sys.argv[1:]]
    main()
    """
)


def run_crashing(args: Sequence[str], home: Path) -> subprocess.CompletedProcess[str]:
    """The real command, in a subprocess, with its table crashing at mount: what a player's
    terminal gets (stderr) and the exit code."""
    env = {**os.environ, "DOMINO_TUI_HOME": str(home)}
    env.pop("DOMINO_TUI_CONFIG_DIR", None)
    return subprocess.run(
        [sys.executable, "-c", CRASH_DRIVER, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def domino_with(paths: Sequence[Path], *args: str) -> subprocess.CompletedProcess[str]:
    """The real ``domino`` in a subprocess with ``paths`` on ``PYTHONPATH`` after the project:
    a ``.dist-info`` there is an installed plugin, read by importlib.metadata."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), *map(str, paths)])}
    return subprocess.run(
        [sys.executable, "-m", "domino_tui", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        stdin=subprocess.DEVNULL,
        cwd=root,
    )
