"""Shared helpers of the CLI and transcript tests: running the app and finding seeded matches."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from typer.testing import CliRunner, Result

from domino_tui.cli import app
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
