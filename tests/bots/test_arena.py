"""The arena: duplicate deals, seat rotations, deterministic figures, and the CLI's shapes."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from typer.testing import CliRunner

from domino_tui.arena import ArenaConfig, run_arena
from domino_tui.arena import play as arena_play
from domino_tui.arena.stats import percentile, ratio_ci
from domino_tui.cli import app
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules

TWO = make_rules({"players": 2})


def _figures(report: Any) -> list[dict[str, Any]]:
    """The figures that a seed must fix (think times are wall-clock, so they are left out)."""
    rows = report.to_json()["bots"]
    return [{k: v for k, v in row.items() if not k.startswith("think")} for row in rows]


def test_seatings_rotate_every_bot_through_every_seat() -> None:
    four = make_rules({"players": 4})
    c = ArenaConfig(("hard", "greedy", "greedy", "greedy"), 1, four)
    assert len(c.rotations) == 4
    assert {seating.index("hard") for seating in c.rotations} == {0, 1, 2, 3}
    pairs = ArenaConfig(("hard", "greedy"), 1, make_rules({}, "kozel-pairs"))
    assert pairs.rotations == (
        ("hard", "greedy", "hard", "greedy"),
        ("greedy", "hard", "greedy", "hard"),
    )
    assert pairs.entries == ("hard", "greedy")


def test_duplicate_deals_give_each_rotation_the_same_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    dealt: list[list[tuple[int, ...]]] = []

    class Recording(Match):
        def _new_round(self) -> Any:
            state = super()._new_round()
            if len(self.actions) == 1:
                dealt.append([])
            dealt[-1].append(tuple(state.hands))
            return state

    monkeypatch.setattr(arena_play, "Match", Recording)
    arena_play.play_group(ArenaConfig(("greedy", "random"), 1, TWO, seed=3), 0)
    first, second = dealt
    n = min(len(first), len(second))
    assert n >= 2 and first[:n] == second[:n]


def test_same_seed_same_figures_whatever_the_number_of_workers() -> None:
    config = ArenaConfig(("counter", "greedy"), 6, TWO, seed=5)
    one = run_arena(config)
    again = run_arena(config)
    two = run_arena(config, jobs=2)
    assert _figures(one) == _figures(again) == _figures(two)
    other = run_arena(ArenaConfig(("counter", "greedy"), 6, TWO, seed=6))
    assert _figures(other) != _figures(one)


def test_margins_balance_and_rates_are_shares() -> None:
    report = run_arena(ArenaConfig(("greedy", "random", "random"), 4, make_rules({"players": 3})))
    greedy, random_ = report.bots
    assert greedy.margin == pytest.approx(-random_.margin)
    assert greedy.seats == 1 and random_.seats == 2
    for b in report.bots:
        lo, hi = b.margin_ci95
        assert lo <= b.margin <= hi
        assert 0 <= b.round_win_rate <= 1 and 0 <= b.goat_rate <= 1
    assert greedy.round_win_rate + random_.round_win_rate == pytest.approx(1.0)
    assert report.matches == 4 * 3


def test_ratio_ci_is_the_cluster_robust_interval() -> None:
    mean, lo, hi = ratio_ci([10.0, 0.0, 5.0, 5.0], [2, 2, 2, 2])
    assert mean == 2.5
    se = math.sqrt((25 + 25 + 0 + 0) * 4 / 3) / 8
    assert (lo, hi) == pytest.approx((2.5 - 1.959964 * se, 2.5 + 1.959964 * se))
    assert ratio_ci([3.0], [1]) == (3.0, 3.0, 3.0)
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.95) == 4.0
    assert percentile(list(map(float, range(1, 101))), 0.95) == 95.0


def test_a_bot_that_breaks_the_rules_gets_stand_in_moves_with_its_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Cheat:
        name = "cheat"

        def choose(self, view: Any) -> int:
            return 9999

    real = arena_play.make_bot
    monkeypatch.setattr(
        arena_play,
        "make_bot",
        lambda name, seed, clock: Cheat() if name == "cheat" else real(name, seed, clock=clock),
    )
    group = arena_play.play_group(ArenaConfig(("cheat", "greedy"), 1, TWO), 0, set())
    assert group.stand_ins[0] > 0 and group.stand_ins[1] == 0  # issue 22: a stand-in moves
    assert [(f.bot, f.kind) for f in group.faults] == [("cheat", "illegal")]


def test_cli_json_has_the_issue_shape() -> None:
    result = CliRunner().invoke(
        app,
        ["arena", "greedy", "random", "--games", "3", "--players", "2", "--seed", "4", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"games", "rounds", "seed", "players", "bots"} <= set(data)
    assert (data["games"], data["seed"], data["players"]) == (3, 4, 2)
    for row in data["bots"]:
        assert {"name", "margin", "margin_ci95", "round_win_rate", "goat_rate", "think_ms"} <= set(
            row
        )
        assert set(row["think_ms"]) == {"median", "p95", "max"}
        assert len(row["margin_ci95"]) == 2


def test_cli_table_names_the_figures() -> None:
    result = CliRunner().invoke(
        app, ["arena", "counter", "greedy", "-n", "2", "--pairs"], terminal_width=120
    )
    assert result.exit_code == 0, result.output
    for word in ("counter", "greedy", "margin", "95% CI", "goat", "pairs"):
        assert word in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["greedy"], "give two to four bots"),
        (["greedy", "greedy"], "at least two different bots"),
        (["greedy", "wizard"], "unknown bot 'wizard'"),
        (["greedy", "random", "--players", "5"], "players must be a whole number from 2 to 4"),
        (
            ["greedy", "random", "--set", "fish=maybe"],
            "option fish must be one of all, one, fisher, lowest_wins, not 'maybe'",
        ),
        (["greedy", "random", "random"], "3 bots for 2 seats"),
        (["greedy", "random", "--games", "0"], "--games must be 1 to 1000000, not 0"),
        (["greedy", "random", "--games", "10000000"], "--games must be 1 to 1000000"),
        (
            ["greedy", "random", "--players", "0"],
            "players must be a whole number from 2 to 4, not 0",
        ),
        (
            ["greedy", "random", "--players", "-1"],
            "players must be a whole number from 2 to 4, not -1",
        ),
        (["greedy", "random", "--jobs", "0"], "--jobs must be 1 to 64, not 0"),
        (["greedy", "random", "--jobs", "100000"], "--jobs must be 1 to 64"),
        (["greedy", "random", "--seed", "-1"], "--seed"),
        (["greedy", "random", "--seed", str(2**64)], "18446744073709551615"),
        (
            ["greedy", "random", "--set", "target=100000"],
            "target must be a whole number from 1 to 1000",
        ),
        (["greedy", "ismcts:iterations=0"], "iterations must be a whole number from 1"),
        (["greedy", "ismcts:time_ms=-1"], "time_ms must be a whole number from 0"),
        (["greedy", "ismcts:speed=3"], "has no option 'speed'"),
    ],
)
def test_cli_refuses_bad_input_in_one_line(args: list[str], message: str) -> None:
    extra = ["--players", "2"] if args == ["greedy", "random", "random"] else []
    result = CliRunner().invoke(app, ["arena", *args, *extra])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
