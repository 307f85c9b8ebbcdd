"""The arena in every variant (issue 10, item 8): `--rules`/`--set` reach it, a preset's own
table size is kept, and the margin is the variant's own score with positive = better."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from domino_tui.arena import ArenaConfig
from domino_tui.arena.play import side_values
from domino_tui.cli import app
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.variants import PRESET_NAMES


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_arena_runs_every_preset_with_its_own_table(preset: str) -> None:
    """Every preset plays in the arena; with no --players its own table size and pairs hold
    (чечевэ's four each for themselves, морской's pairs), else one seat per bot."""
    result = CliRunner().invoke(
        app, ["arena", "greedy", "random", "--rules", preset, "--games", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    rules = make_rules({}, preset)
    want = 4 if rules.pairs or preset == "chechevo" else 2
    assert (data["rules"], data["players"], data["pairs"]) == (preset, want, rules.pairs)
    assert data["rounds"] > 0
    margins = [b["margin"] for b in data["bots"]]
    assert margins[0] == pytest.approx(-margins[1])


def test_set_reaches_the_arena() -> None:
    """--set changes the variant's rules in the arena: телефон with four players."""
    args = ["greedy", "random", "--rules", "telefon", "--set", "players=4", "-n", "1", "--json"]
    result = CliRunner().invoke(app, ["arena", *args])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"] == 4


def _round_values(preset: str, seed: int) -> list[tuple[list[float], object]]:
    rules = make_rules({}, preset)
    config = ArenaConfig(bots=("greedy", "random"), games=1, rules=rules, preset=preset)
    match = Match(rules, seed)
    out = []
    while not match.over and len(match.results) < 30:
        result = match.apply(match.legal_actions()[0])
        if result is not None:
            out.append((side_values(config, result), result))
    return out


def test_V3_8_the_telefon_margin_is_points_gained() -> None:
    """V3.8: in телефон a side's round value is what its written score gained (points during
    play and at the end): higher is better, so the arena counts it as it is."""
    for values, result in _round_values("telefon", 1):
        lines = result.score.lines  # type: ignore[attr-defined]
        assert values == [float(ln.after.written - ln.before.written) for ln in lines]
        assert max(values) > 0 or all(v == 0 for v in values)


def test_V4_8_the_general_margin_is_minus_the_round_lost() -> None:
    """V4.8.1: in генерал the pair that loses a round is charged 1; its value is -1."""
    seen = False
    for values, result in _round_values("general", 2):
        loser = result.notes.get("loser", -1)  # type: ignore[attr-defined]
        if loser >= 0:
            seen = True
            side = loser % 2
            assert values[side] == -1.0 and values[1 - side] == 0.0
    assert seen
