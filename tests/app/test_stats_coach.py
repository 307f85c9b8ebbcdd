"""The Stats screen shows each player's error rate over time (issue 12, part 3): the reviews
kept beside the records of the variant shown, and, where nothing was reviewed, how to get a
review, in English and Russian."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from domino_tui.app import make_app
from domino_tui.storage.meta import Seat
from domino_tui.storage.stats import StatsDB
from domino_tui.words.error_rates import sparkline
from tests.app.driver import plain, screen_text
from tests.app.test_replay_stats import open_stats_screen
from tests.coach.test_history import BOT, keep

EVIL = Seat("[red]Evil[/red]\x1b[31m")


def three_reviewed_and_one_not() -> None:
    """Masha's three reviewed Козёл matches (6.0, 4.0 then 1.0 points per choice) and a Телефон
    match nobody reviewed; the statistics counted from those records."""
    keep(1, 1, {0: [6.0]}, seats=(Seat("Masha"), BOT))
    keep(2, 2, {0: [4.0, 4.0]}, seats=(Seat("Masha"), BOT))
    keep(3, 3, {0: [1.0]}, seats=(Seat("Masha"), BOT))
    keep(4, 4, {0: [2.0]}, seats=(EVIL, BOT))
    keep(5, 5, {}, seats=(Seat("Masha"), BOT), preset="telefon")  # no real choice: no point
    with StatsDB() as db:
        db.rebuild()


@pytest.mark.parametrize(
    ("lang", "words", "empty"),
    [
        ("en", ("Error rate over time", "Reviewed", "improving", "strong"), "No reviewed matches"),
        ("ru", ("Ошибки по партиям", "Разобрано", "лучше", "сильный"), "Разобранных партий"),
    ],
)
async def test_the_error_rates_of_the_variant_shown_and_how_to_get_one(
    lang: str, words: tuple[str, ...], empty: str
) -> None:
    three_reviewed_and_one_not()
    app = make_app(settings_path=None, lang=lang)
    async with app.run_test(size=(80, 30)) as pilot:
        screen = await open_stats_screen(app, pilot)
        coach = screen.query_one("#coach", Static)
        shown = plain(coach)
        (masha,) = [line for line in shown.splitlines() if "Masha" in line]
        # three matches, the worst first; last 1.00, mean (6 + 8 + 1) / 4 per choice
        assert masha.split()[1:5] == [sparkline([6.0, 4.0, 1.0]), "3", "1.00", "3.75"]
        assert words[1] in shown and words[2] in masha and words[3] in masha
        assert "[red]Evil[/red]" in shown and "\x1b" not in shown  # a name is text, never markup
        assert words[0] in screen_text(app)
        await pilot.press("v")  # Телефон: nothing reviewed there
        shown = plain(coach)
        assert empty in shown and "domino analyze last" in shown and "Masha" not in shown


async def test_nothing_reviewed_yet_says_how() -> None:
    keep(1, 1, {}, seats=(Seat("Masha"), BOT))
    with StatsDB() as db:
        db.rebuild()
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats_screen(app, pilot)
        text = " ".join(plain(screen.query_one("#coach", Static)).split())
        assert "Review a finished match: R on the game-end screen or in the replay viewer" in text


def test_the_sparkline_fills_the_cell_at_the_worst_match() -> None:
    assert sparkline([0.0, 2.0, 4.0]) == "▁▅█"
    assert sparkline([0.0, 0.0]) == "▁▁"
    assert len(sparkline([float(i) for i in range(40)], 16)) == 16
