"""Legal but absurd input is refused in one line with exit code 2 in every command that takes
it (issue 8, part 6): seeds beyond 64 bits, ``--players 0``, bot options out of range, names
with escape codes. The bounds of the rules themselves (K9, K9.1, K7.5) are tested with the
engine (tests/engine/test_rules_options.py)."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from domino_tui.arena import ArenaConfig, ArenaError
from domino_tui.cli import app
from domino_tui.cli.options import MAX_SEED, split_bots
from domino_tui.engine.rules import make_rules

from .helpers import ENV

TOO_BIG = str(MAX_SEED + 1)


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args), env=ENV)


SEEDED = {
    "sim": ["sim", "--brief"],
    "play": ["play", "--bots", "easy"],
    "hotseat": ["hotseat", "Masha", "Alex"],
    "arena": ["arena", "greedy", "random", "--games", "1"],
}


@pytest.mark.usefixtures("tables")
@pytest.mark.parametrize("command", sorted(SEEDED))
@pytest.mark.parametrize("seed", [TOO_BIG, "-1", str(10**40)])
def test_a_seed_beyond_64_bits_is_refused_everywhere(command: str, seed: str) -> None:
    result = invoke(*SEEDED[command], "--seed", seed)
    assert result.exit_code == 2
    assert "--seed" in result.output and "Traceback" not in result.output


def test_the_largest_seed_plays(tables: list[Any]) -> None:
    result = invoke("sim", "--brief", "--set", "target=20", "--seed", str(MAX_SEED))
    assert result.exit_code == 0, result.output
    assert invoke("play", "--bots", "easy", "--seed", str(MAX_SEED)).exit_code == 0
    assert invoke("hotseat", "A", "B", "--seed", "0").exit_code == 0
    assert [s.seed for s in tables] == [MAX_SEED, 0]
    assert tables[0].match.legal_actions()  # a real deal from the largest seed


def test_arena_config_checks_its_seed_and_games() -> None:
    two = make_rules({"players": 2})
    for bad in ({"seed": -1}, {"seed": MAX_SEED + 1}, {"games": 0}, {"games": 10**7}):
        options: dict[str, Any] = {"games": 1, **bad}
        with pytest.raises(ArenaError):
            ArenaConfig(("greedy", "random"), rules=two, **options)
    ArenaConfig(("greedy", "random"), 1, two, seed=MAX_SEED)


@pytest.mark.usefixtures("tables")
@pytest.mark.parametrize(
    "args",
    [
        ["sim", "--players", "0"],
        ["sim", "--players", "-1"],
        ["play", "--players", "0"],
        ["play", "--players", "-4"],
        ["play", "--players", "5"],
        ["arena", "greedy", "random", "--players", "0"],
    ],
)
def test_zero_or_negative_players_are_refused_like_five(args: list[str]) -> None:
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    # the table's own check (2, 3 or 4) or the rules' (a whole number from 2 to 4)
    assert "players must be" in result.output and " 4, not " in " ".join(result.output.split())


@pytest.mark.usefixtures("tables")
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "--bots", "ismcts:iterations=0"], "iterations must be a whole number from 1"),
        (["play", "--bots", "ismcts:time_ms=-1"], "time_ms must be a whole number from 0"),
        (["play", "--bots", "ismcts:depth=9"], "has no option 'depth'"),
        (["hotseat", "A", "B", "--bots", "pimc:playouts=0"], "playouts must be a whole number"),
        (["hotseat", "A", "B", "--bots", "ismcts:policy=x"], "policy must be one of heavy"),
        (["hotseat", "A", "B", "--bots", "greedy:fast=1"], "takes no options"),
        (["sim", "--bots", "ismcts:iterations=10000000"], "from 1 to 100000"),
        (["arena", "greedy", "ismcts:exploration=-2"], "exploration must be a number from 0"),
    ],
)
def test_bot_options_are_validated_in_every_command(args: list[str], words: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert words in " ".join(result.output.split())  # the error panel may wrap the line


def test_hotseat_bots_keep_their_options_commas(tables: list[Any]) -> None:
    result = invoke("hotseat", "A", "B", "--bots", "ismcts:iterations=5,time_ms=3,easy")
    assert result.exit_code == 0, result.output
    assert [s.level for s in tables[0].seats][2:] == ["ismcts:iterations=5,time_ms=3", "easy"]
    assert split_bots("greedy, ,ismcts:iterations=9,time_ms=5") == [
        "greedy",
        "ismcts:iterations=9,time_ms=5",
    ]


@pytest.mark.usefixtures("tables")
@pytest.mark.parametrize(
    "name",
    ["\x1b[2JMasha", "Al\x1b]0;owned\x07ex", "Olya\u202e", "Serg\x00", "Tab\tName", "line\nbreak"],
)
def test_hotseat_names_with_control_characters_are_refused(name: str) -> None:
    result = invoke("hotseat", "Masha2", name)
    assert result.exit_code == 2
    assert "control or escape characters" in " ".join(result.output.split())
    assert "\x1b" not in result.output and "\x07" not in result.output


@pytest.mark.usefixtures("tables")
def test_a_very_long_name_is_refused_and_shown_short() -> None:
    result = invoke("hotseat", "Masha", "x" * 100_000)
    assert result.exit_code == 2
    assert "1 to 20 characters" in result.output and len(result.output) < 2000


def test_ordinary_names_still_sit_down(tables: list[Any]) -> None:
    assert invoke("hotseat", "Маша", "Алёша", "O'Neil", "José").exit_code == 0
    assert [s.name for s in tables[0].seats] == ["Маша", "Алёша", "O'Neil", "José"]
