"""Issue 23, part 4: the commands that do not open a table never load Textual (nor the app's
package). Each runs for real, in a fresh interpreter, over a home with a kept record and an
unfinished save, and reports the modules it loaded when it exits.

A command that imports ``domino_tui.app`` (or anything that does) to read a file fails here:
the services it needs live in ``play``, ``storage`` and ``words``, below the UI.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, Seat
from domino_tui.storage.archive import archive_match

# run ``domino ARGS``; at exit (a SystemExit included) print what of the UI was loaded
DRIVER = """
import atexit, json, sys

def loaded():
    ui = sorted(m for m in sys.modules
                if m.split(".")[0] == "textual" or m.startswith("domino_tui.app"))
    print("LOADED " + json.dumps(ui), file=sys.__stderr__, flush=True)

atexit.register(loaded)
sys.argv = ["domino", *sys.argv[1:]]
from domino_tui.launch import main
main()
"""

COMMANDS = [
    ("resume", "--list"),
    ("stats",),
    ("stats", "--coach"),
    ("records",),
    ("export", "last"),
    ("analyze", "last", "--budget", "50"),
    ("sim", "--seed", "1", "--brief"),
    ("arena", "random", "greedy", "--games", "1", "--players", "2"),
    ("bots",),
    ("rules",),
]

SEATS = (Seat("Маша"), Seat("Bot", "bot", "greedy"))


def short_match() -> Match:
    """A finished two-player match between greedy bots (quick to review with a small budget)."""
    rules = make_rules({"players": 2}, "kozel")
    match = Match(rules, 7)
    while not match.over:
        match.apply(match.legal_actions()[0])
    return match


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("no-textual-home")
    old = os.environ.get("DOMINO_TUI_HOME")
    os.environ["DOMINO_TUI_HOME"] = str(home)
    try:
        archive_match(short_match(), SEATS, "kozel")
        session = GameSession(make_rules({"players": 2}, "kozel"), SEATS, seed=3)
        saves = Saves()
        session.listeners.append(saves.listen)
        session.apply(session.match.legal_actions()[0])
        saves.release()
    finally:
        if old is None:
            del os.environ["DOMINO_TUI_HOME"]
        else:
            os.environ["DOMINO_TUI_HOME"] = old
    return home


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_command_loads_no_textual(home: Path, args: tuple[str, ...]) -> None:
    env = {**os.environ, "DOMINO_TUI_HOME": str(home), "COLUMNS": "100"}
    env.pop("DOMINO_TUI_CONFIG_DIR", None)
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )
    assert "Traceback" not in done.stderr, done.stderr
    line = next(x for x in done.stderr.splitlines() if x.startswith("LOADED "))
    assert json.loads(line.split(" ", 1)[1]) == [], (args, done.stdout[-500:])
    assert done.returncode == 0, (args, done.returncode, done.stdout[-800:], done.stderr[-800:])
    assert done.stdout.strip(), "the command printed nothing"
