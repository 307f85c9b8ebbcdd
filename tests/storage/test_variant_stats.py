"""Statistics per variant (issue 11, item 4): a Козёл rating is never mixed with Телефон's, in
the database, in ``domino stats`` and on the Stats screen; a file from before the variants
(rules that name none) counts as Козёл."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner, Result

from domino_tui.cli import app
from domino_tui.cli.sim import play_match
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.storage import paths
from domino_tui.storage.meta import Seat
from domino_tui.storage.stats import StatsDB

from .helpers import goes_out_match

MASHA, ALEX = Seat("Masha"), Seat("Alex")


def telefon_match() -> Match:
    """A whole seeded Телефон match for two: seat 0 (Masha) loses it and earns 0, seat 1
    (Alex) wins and earns 1 (the engine's outcome, checked below)."""
    match = play_match(make_rules({}, "telefon"), 1, ["greedy", "random"])
    assert match.outcome is not None
    assert (match.outcome.ratings, match.outcome.goats) == ((0, 1), (0,))
    return match


@pytest.fixture
def both() -> None:
    """goes_out_match (Козёл): Masha earns 2, Alex is the goat (K9, K10); then a Телефон
    match between the same two, which Alex wins."""
    with StatsDB() as db:
        db.record_match(goes_out_match(), [MASHA, ALEX], game_id="K")
        db.record_match(telefon_match(), [MASHA, ALEX], game_id="T")


def figures(db: StatsDB, variant: str | None) -> dict[str, tuple[int, int, int]]:
    return {p.name: (p.matches, p.goats, p.rating) for p in db.profiles(variant=variant)}


@pytest.mark.usefixtures("both")
def test_each_variant_counts_its_own_matches() -> None:
    with StatsDB() as db:
        assert sorted(db.variants()) == [("kozel", 1), ("telefon", 1)]
        assert figures(db, "kozel") == {"Masha": (1, 0, 2), "Alex": (1, 1, 0)}
        assert figures(db, "telefon") == {"Alex": (1, 0, 1), "Masha": (1, 1, 0)}
        assert figures(db, "osel") == {}
        assert [p.total for p in db.rating_history("Masha", variant="telefon")] == [0]
        assert [p.total for p in db.rating_history("Masha", variant="kozel")] == [2]
        best = db.profile("Alex", variant="telefon")
        assert best is not None and best.best is not None and best.best.game_id == "T"


@pytest.mark.usefixtures("both")
def test_an_older_file_whose_rules_name_no_variant_counts_as_kozel() -> None:
    with sqlite3.connect(paths.stats_path()) as raw:
        raw.execute("UPDATE matches SET rules = json_remove(rules, '$.variant')")
        raw.execute("UPDATE matches SET rules = 'not json' WHERE game_id = 'T'")
    with StatsDB() as db:
        assert db.variants() == [("kozel", 2)]
        assert figures(db, "kozel") == {"Masha": (2, 1, 2), "Alex": (2, 1, 1)}


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "220"})


@pytest.mark.usefixtures("both")
def test_domino_stats_shows_a_table_per_variant() -> None:
    out = run("stats", "--lang", "en").stdout
    assert "Profiles · Goat" in out and "Profiles · Telefon (all fives)" in out
    only = run("stats", "--rules", "muggins", "--lang", "ru").stdout  # a preset of Телефон
    assert "Игроки · Телефон" in only and "Козёл" not in only
    data = json.loads(run("stats", "--json").stdout)
    rows = {
        (p["variant"], p["name"]): (p["rating"], [h["total"] for h in p["history"]]) for p in data
    }
    assert rows == {
        ("kozel", "Masha"): (2, [2]),
        ("kozel", "Alex"): (0, [0]),
        ("telefon", "Alex"): (1, [1]),
        ("telefon", "Masha"): (0, [0]),
    }


async def test_the_stats_screen_shows_one_variant_at_a_time(
    both: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """v turns to the next variant; the rows and the title follow."""
    from textual.widgets import DataTable, Static

    from domino_tui.app import make_app
    from domino_tui.app.screens.stats import StatsScreen, open_stats

    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(paths.stats_path().parent / "config"))
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        open_stats(app)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        seen = []
        for _ in range(3):
            title = str(screen.query_one("#stats-title", Static).content)
            table = screen.query_one("#profiles", DataTable)
            first = [str(c) for c in table.get_row_at(0)]
            seen.append((title, first[0], first[5]))
            await pilot.press("v")
            await pilot.pause()
    assert seen[0] == seen[2] != seen[1]
    assert {s[:2] for s in seen} == {
        ("Stats · Goat (1 of 2)", "Masha"),
        ("Stats · Telefon (all fives) (2 of 2)", "Alex"),
    }
    assert {s[2] for s in seen} == {"2", "1"}  # each variant's own rating
