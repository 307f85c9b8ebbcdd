"""``domino stats``, ``domino export`` and ``domino records`` as a player uses them."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner, Result

from domino_tui.cli import app
from domino_tui.storage import paths
from domino_tui.storage.archive import archive_match, load_record
from domino_tui.storage.meta import Seat
from domino_tui.storage.stats import StatsDB
from domino_tui.words.transcript import match_text

from .helpers import bot_match, fish_then_abandon_match, goes_out_match

MASHA, ALEX, OLYA = Seat("Masha"), Seat("Alex"), Seat("Olya")


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input, env={"COLUMNS": "220"})


def _fail_line(result: Result) -> str:
    """A failure is exit code 2 and one line on stderr, never a traceback."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino: "), result.stderr
    return lines[0]


@pytest.fixture
def two_matches() -> None:
    with StatsDB() as db:
        db.record_match(goes_out_match(), [MASHA, ALEX], game_id="A")
        db.record_match(fish_then_abandon_match(), [ALEX, MASHA], game_id="B")


def test_stats_without_matches_says_so() -> None:
    result = run("stats")
    assert result.exit_code == 0 and "No finished matches yet" in result.stdout


@pytest.mark.usefixtures("two_matches")
def test_stats_table_shows_each_profile() -> None:
    result = run("stats")
    assert result.exit_code == 0
    rows = {line.split("│")[1].strip(): line for line in result.stdout.splitlines() if "│" in line}
    assert "1/2" in rows["Masha"] and "14.0" in rows["Masha"] and "(1 resigned)" in rows["Masha"]
    assert "17.0" in rows["Alex"] and "+4, 0" in rows["Alex"] and "+0, 22 🐐" in rows["Alex"]


@pytest.mark.usefixtures("two_matches")
def test_stats_json_has_the_figures_and_the_rating_chart() -> None:
    result = run("stats", "--json")
    assert result.exit_code == 0
    data = {p["name"]: p for p in json.loads(result.stdout)}
    alex = data["Alex"]
    assert (alex["matches"], alex["goats"], alex["rating"], alex["mean_round_points"]) == (
        2,
        1,
        4,
        17.0,
    )
    assert [h["total"] for h in alex["history"]] == [0, 4]
    assert data["Masha"]["best"]["game_id"] == "A"


@pytest.mark.usefixtures("two_matches")
@pytest.mark.parametrize(("answer", "left"), [("n\n", 2), ("\n", 2), ("y\n", 0)])
def test_stats_reset_asks_first(answer: str, left: int) -> None:
    result = run("stats", "--reset", input=answer)
    assert result.exit_code == 0
    assert "Forget all statistics (2 matches)?" in result.stdout
    with StatsDB() as db:
        assert db.match_count() == left


@pytest.mark.usefixtures("two_matches")
def test_stats_reset_yes_does_not_ask() -> None:
    result = run("stats", "--reset", "--yes")
    assert result.exit_code == 0 and "?" not in result.stdout
    assert "2 matches forgotten" in result.stdout
    with StatsDB() as db:
        assert db.match_count() == 0


def test_export_last_prints_the_transcript() -> None:
    match = bot_match(31, players=3)
    archive_match(match, [MASHA, ALEX, OLYA])
    result = run("export", "last")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "seed 31" in out and "Round 1" in out and f"Round {len(match.results)}" in out
    assert match.outcome is not None
    (goat,) = match.outcome.goats
    assert f"The goat: {['Masha', 'Alex', 'Olya'][goat]}" in out


def test_export_to_a_file_writes_plain_text() -> None:
    path = archive_match(bot_match(32, players=2), [MASHA, ALEX])
    target = paths.data_dir() / "out" / "match.txt"
    result = run("export", path.stem, "--lang", "ru", "--out", str(target))
    assert result.exit_code == 0 and str(target) in result.stdout
    loaded = load_record(path.stem)
    assert target.read_text(encoding="utf-8") == match_text(loaded.match, ["Masha", "Alex"], "ru")
    assert "Кон 1" in target.read_text(encoding="utf-8")


def test_export_of_an_unknown_record_is_one_clear_line() -> None:
    assert "no record 'nope'" in _fail_line(run("export", "nope"))
    assert "no finished matches are kept yet" in _fail_line(run("export", "last"))


def test_export_in_an_unknown_language_is_refused() -> None:
    archive_match(bot_match(33, players=2), [MASHA, ALEX])
    assert "unknown language 'xx'" in _fail_line(run("export", "last", "--lang", "xx"))


def test_export_of_a_damaged_record_moves_it_aside() -> None:
    path = archive_match(bot_match(34, players=2), [MASHA, ALEX])
    path.write_text(path.read_text(encoding="utf-8")[:100], encoding="utf-8")
    line = _fail_line(run("export", "last"))
    assert "not valid JSON" in line and "moved to" in line
    assert not path.exists()


def test_records_lists_kept_matches() -> None:
    assert "No finished matches are kept yet" in run("records").stdout
    abandoned = bot_match(35, steps=60, players=3)
    abandoned.abandon(0)
    first = archive_match(bot_match(36, players=2), [MASHA, ALEX])
    second = archive_match(abandoned, [MASHA, ALEX, OLYA])
    listed = run("records")
    assert listed.exit_code == 0
    assert first.stem in listed.stdout and "resigned by Masha" in listed.stdout
    rows = json.loads(run("records", "--json").stdout)
    assert [r["name"] for r in rows] == [second.stem, first.stem]
    assert {tuple(r["players"]) for r in rows} == {("Masha", "Alex"), ("Masha", "Alex", "Olya")}


def test_looking_at_stats_creates_no_database() -> None:
    assert run("stats", "--json").stdout.strip() == "[]"
    assert "Nothing to reset" in run("stats", "--reset").stdout
    assert not paths.stats_path().exists()


def test_records_never_print_escape_codes_from_a_file() -> None:
    hostile = Seat("\x1b]0;owned\x07[red]Eve")
    archive_match(bot_match(40, players=2), [hostile, ALEX], game_id="h")
    for args in (("records",), ("records", "--json")):
        result = run(*args)
        assert result.exit_code == 0 and "\x1b" not in result.output and "\x07" not in result.output
        assert "Eve" in result.output
    result = run("export", "last")
    assert result.exit_code == 0 and "\x1b]0" not in result.output
