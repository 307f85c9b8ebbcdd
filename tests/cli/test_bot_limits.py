"""``domino sim`` and ``domino arena`` with a plugin that hangs, raises or cheats (issue 22,
part 3): the run finishes, one line names the bot and what it did, a stand-in moved for it,
the record is marked and the statistics keep the match out of the rating.

The plugins are found as installed ones are: ``tests/plugins/faulty`` holds their module and a
``dist-info`` with the entry points, put on ``sys.path`` here (``PYTHONPATH`` for a child).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domino_tui.engine.record import loads, replay
from tests.plugins import faulty  # noqa: F401 - the fixture

from .helpers import run

# the run's limit: every bot has it, so it is generous for the honest ones even on a loaded
# machine; the hanging bot costs it once (once per worker process in the arena), then is benched
LIMIT = "1.5"


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


@pytest.mark.usefixtures("faulty")
@pytest.mark.parametrize(
    ("bot", "words"),
    [
        ("hang", f"did not answer within {LIMIT} s"),
        ("boom", "failed (ValueError: ␛[2Jno idea!!!"),
        ("cheat", "chose an illegal move (9999)"),
    ],
)
def test_sim_finishes_with_one_line_and_a_marked_record(
    tmp_path: Path, bot: str, words: str
) -> None:
    path = tmp_path / "match.json"
    result = run(
        "sim", "--seed", "2", "--players", "2", "--brief", "--bots", f"{bot},greedy",
        "--bot-limit", LIMIT, "--record", str(path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = _lines(result.stderr)
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"domino sim: bot {bot} (seat 1) ") and words in lines[0]
    assert lines[0].endswith("a stand-in made its move") and "\x1b" not in result.output
    assert "this match is not rated" in result.stdout
    record = loads(path.read_text(encoding="utf-8"))
    [entry] = record["stand_ins"]
    assert entry["seat"] == 0 and entry["bot"] == bot and entry["moves"] >= 1
    match = replay(record)
    assert match.over and match.stand_ins == record["stand_ins"]

    from domino_tui.storage.meta import Seat
    from domino_tui.storage.stats import StatsDB

    with StatsDB(tmp_path / "stats.sqlite3") as db:
        db.record_match(match, [Seat("Bot", "bot", bot), Seat("Greedy", "bot", "greedy")])
        assert all(p.practice == 1 and p.rating == 0 for p in db.profiles())


@pytest.mark.usefixtures("faulty")
def test_sim_says_it_in_russian() -> None:
    result = run(
        "sim", "--seed", "2", "--players", "2", "--brief", "--bots", "hang,greedy",
        "--bot-limit", LIMIT, "--lang", "ru",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert _lines(result.stderr) == [
        "domino sim: бот hang (место 1) не ответил за 1,5 с; за него сделан запасной ход"
    ]
    assert "партия не идёт в рейтинг" in result.stdout


def test_an_honest_sim_is_not_marked(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    result = run("sim", "--seed", "2", "--players", "2", "--brief", "--record", str(path))
    assert result.exit_code == 0 and result.stderr == ""
    assert "stand_ins" not in loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("limit", ["0", "-1", "nan", "inf", "3601", "0.001"])
@pytest.mark.parametrize("command", [["sim"], ["arena", "greedy", "random"]])
def test_an_absurd_limit_is_refused_in_one_line(command: list[str], limit: str) -> None:
    result = run(*command, "--bot-limit", limit)
    assert result.exit_code == 2
    assert "--bot-limit" in result.output and "Traceback" not in result.output


@pytest.mark.usefixtures("faulty")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_arena_finishes_with_one_line_per_failing_bot(jobs: str) -> None:
    result = run(
        "arena", "hang", "boom", "greedy", "--games", "2", "--players", "3",
        "--bot-limit", LIMIT, "--jobs", jobs, "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = _lines(result.stderr)
    assert len(lines) == 2, lines
    assert any(line.startswith("domino arena: bot hang (seat ") for line in lines)
    assert any(line.startswith("domino arena: bot boom (seat ") for line in lines)
    report = json.loads(result.stdout)
    moves = {row["name"]: row["stand_ins"] for row in report["bots"]}
    assert moves["hang"] > 0 and moves["boom"] > 0 and moves["greedy"] == 0
    assert report["stand_ins"] == moves["hang"] + moves["boom"]
    assert {(f["bot"], f["kind"]) for f in report["faults"]} == {
        ("hang", "overran"),
        ("boom", "raised"),
    }


@pytest.mark.usefixtures("faulty")
def test_the_arena_table_says_how_many_moves_a_stand_in_made() -> None:
    result = run("arena", "cheat", "greedy", "--games", "1", "--bot-limit", LIMIT)
    assert result.exit_code == 0, result.output
    assert "moves played by a stand-in for a failing bot" in " ".join(result.stdout.split())


def test_sim_and_the_arena_default_to_the_runners_limit() -> None:
    from domino_tui.arena import ArenaConfig
    from domino_tui.bots.runner import BATCH_LIMIT
    from domino_tui.cli.options import DEFAULT_BOT_LIMIT
    from domino_tui.engine.rules import make_rules

    config = ArenaConfig(("greedy", "random"), 1, make_rules({"players": 2}))
    assert DEFAULT_BOT_LIMIT == BATCH_LIMIT == config.bot_limit


@pytest.mark.parametrize("limit", [0.0, -1.0, float("nan"), float("inf"), 3601.0])
def test_the_arena_refuses_an_absurd_limit_given_in_code(limit: float) -> None:
    from domino_tui.arena import ArenaConfig, ArenaError
    from domino_tui.engine.rules import make_rules

    with pytest.raises(ArenaError, match="time limit"):
        ArenaConfig(("greedy", "random"), 1, make_rules({"players": 2}), bot_limit=limit)
