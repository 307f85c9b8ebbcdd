"""``--help`` wraps cleanly at 80 and 120 columns (issue 9, part 9): nothing runs past the
terminal's edge, no hand line break cuts a sentence short, and no option column is broken by
click's range marker."""

from __future__ import annotations

from itertools import pairwise

import pytest
from typer.testing import CliRunner

from domino_tui.cli import app

from .helpers import ENV

COMMANDS = [
    [],
    ["play"],
    ["hotseat"],
    ["resume"],
    ["learn"],
    ["sim"],
    ["rules"],
    ["bots"],
    ["arena"],
    ["stats"],
    ["export"],
    ["records"],
    ["replay"],
    ["analyze"],
    ["host"],
    ["join"],
    ["watch"],
    ["serve"],
]


def help_text(args: list[str], width: int) -> list[str]:
    result = CliRunner().invoke(app, [*args, "--help"], env={**ENV, "COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def description(lines: list[str]) -> list[str]:
    """The text between the usage line and the first panel."""
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("Usage:"))
    end = next(i for i, line in enumerate(lines) if line.startswith("╭"))
    return [line.rstrip() for line in lines[start + 1 : end]]


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a) or "domino")
def test_help_fits_and_is_not_broken_by_hand(args: list[str], width: int) -> None:
    lines = help_text(args, width)
    assert max(len(line) for line in lines) <= width
    assert not any("<=x<=" in line for line in lines)  # a range marker splits the columns
    text = description(lines)
    for line, after in pairwise(text):
        if line.strip() and after.strip():  # a line followed by more of the same paragraph
            # is full: the next word would not have fitted on it
            assert len(line) + 1 + len(after.split()[0]) > width - 1, (line, after)


def test_every_command_has_a_one_line_summary_in_the_list() -> None:
    lines = help_text([], 120)
    panel = lines[next(i for i, line in enumerate(lines) if "Commands" in line) + 1 :]
    rows = [line for line in panel if line.startswith("│")]
    names = [row.split()[1] for row in rows if row[2] != " "]
    assert names == [c[0] for c in COMMANDS if c]
    assert len(rows) == len(names)  # at 120 columns every summary fits on its own row
