"""The table's remaining choices (issues 4 and 5): two doubles at once (K3.4), refusals worded
from the engine's reason keys in both languages, hot-seat seats from the New game dialog and
the command line, and settings kept under DOMINO_TUI_HOME."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
import typer
from textual.widgets import Input, Select, Static

from domino_tui import i18n
from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.new_game import NewGameScreen
from domino_tui.app.widgets.table_log import TableLog
from domino_tui.cli.play import hotseat_table
from domino_tui.engine.actions import pair_play
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match
from domino_tui.engine.round import REASONS
from domino_tui.engine.rules import make_rules
from domino_tui.engine.tiles import DOUBLE_SIX as TS
from domino_tui.play.session import GameSession, table_seats
from domino_tui.storage.settings import default_path
from domino_tui.words.strings import reason

from .driver import game, plain, screen_text, settle


def mask(text: str) -> int:
    return sum(1 << TS.parse(t) for t in text.split())


# the bot leads 1-1 (K2.1); the human's 1-2 goes right without a question (both ends are 1,
# L3), the bot's only fit 1-3 goes left: ends 3 · 2 and the human holds 3-3 and 2-2
HUMAN = mask("1-2 2-2 3-3 0-4 0-5 0-6 6-6")
BOT = mask("1-1 1-3 4-5 4-6 5-6 4-4 5-5")


def doubles_app(lang: str = "en", **options: object) -> DominoApp:
    rules = make_rules({"players": 2, **options})
    rest = tuple(t for t in range(28) if not (HUMAN | BOT) >> t & 1)

    def deals() -> Iterator[Deal]:
        while True:
            yield Deal((HUMAN, BOT), rest, 0)

    match = Match(rules, 1, deals=deals())
    session = GameSession(rules, table_seats(["human", "easy"], ["Tester"], lang), 1, match=match)
    return make_app(session, settings_path=None, lang=lang, pace="instant")


async def test_two_doubles_at_once_K3_4() -> None:
    app = doubles_app(double_pair=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game(app)
        await pilot.press("enter")  # 1-2 on 1 · 1: the same either way, so nothing is asked
        await settle(pilot)
        rnd = screen.match.round
        assert (rnd.left, rnd.right) == (3, 2)
        assert pair_play(TS.parse("3-3"), TS.parse("2-2")) in screen.match.legal_actions()
        assert "P lays 3-3 and 2-2 at once" in plain(screen.query_one("#status", Static))
        assert "p Two doubles" in screen_text(app)
        await pilot.press("p")
        await settle(pilot)
        laid = [e.tile for e in rnd.history if e.seat == 0]
        assert laid[-2:] == [TS.parse("3-3"), TS.parse("2-2")], "both doubles in one turn"
        log = "\n".join(line.text for line in screen.query_one("#log", TableLog).lines)
        assert "Tester: 3-3 on the left" in log and "Tester: 2-2 on the right" in log


async def test_two_doubles_refused_when_the_rules_say_one_tile() -> None:
    app = doubles_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game(app)
        await pilot.press("enter")
        await settle(pilot)
        before = len(screen.match.round.history)
        await pilot.press("p")
        assert len(screen.match.round.history) == before
        status = plain(screen.query_one("#status", Static))
        assert "Not allowed: these rules allow one tile per turn (K3.4)" in status
        assert "p Two doubles" not in screen_text(app), "the footer offers only what works"


async def test_refusals_are_russian_in_the_russian_ui() -> None:
    app = doubles_app(lang="ru")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game(app)
        screen.turn = replace(screen.turn, selected=TS.parse("0-4"))
        await pilot.press("enter")
        status = plain(screen.query_one("#status", Static))
        assert "Так нельзя: 0-4 не подходит ни к одному концу (1 · 1)" in status
        await pilot.press("d")
        assert "у Вас есть подходящая кость: ходите ею" in plain(
            screen.query_one("#status", Static)
        )


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_engine_reason_is_worded(lang: str) -> None:
    assert all(i18n.has_key(f"reason.{key}", lang) for key in REASONS)
    args = {"code": "77", "tile": "3-5", "tiles": "1-1", "left": "3", "right": "6"}
    for key in REASONS:
        text = reason((key, args), lang)
        assert text and "{" not in text


def test_unknown_reason_key_falls_back_to_its_name() -> None:
    assert reason(("from_a_newer_engine", {}), "ru") == "from_a_newer_engine"
    assert reason(("fits_neither", {}), "en").startswith("? fits neither end")


# --- hot-seat seats ------------------------------------------------------------------------------


async def test_new_game_dialog_seats_friends_with_names_and_a_timer() -> None:
    app = make_app(settings_path=None, lang="en", pace="instant")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, NewGameScreen)
        dialog.query_one("#seat1", Select).value = "human"
        dialog.query_one("#seat2", Select).value = "easy"
        dialog.query_one("#seat3", Select).value = "off"
        await pilot.pause()
        assert dialog.query_one("#name1", Input).display, "a human seat asks for a name"
        assert not dialog.query_one("#name2", Input).display
        dialog.query_one("#name0", Input).value = "Masha"
        dialog.query_one("#name1", Input).value = "masha"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog
        assert "a name of their own" in plain(dialog.query_one("#error", Static))
        dialog.query_one("#name1", Input).value = "Alex"
        dialog.query_one("#timer", Input).value = "45"
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, GameScreen)
        session = table.session
        assert [s.name for s in session.seats][:2] == ["Masha", "Alex"]
        assert session.hotseat and session.timer == 45
        assert app.settings.last_names[:2] == ("Masha", "Alex")


def test_hotseat_command_line_seats() -> None:
    assert hotseat_table(["Masha", "Alex"], None, False) == (["human", "human"], ["Masha", "Alex"])
    assert hotseat_table([" Masha ", "Alex"], "hard,easy", True) == (
        ["human", "human", "hard", "easy"],
        ["Masha", "Alex"],
    )


@pytest.mark.parametrize(
    ("names", "bots", "pairs", "says"),
    [
        (["Masha"], None, False, "2 to 4 player names"),
        (["Masha", "MASHA"], None, False, "a name of their own"),
        (["Masha", ""], None, False, "1 to 20 characters"),
        (["A", "B", "C"], "hard,hard", False, "do not fit a table of 4"),
        (["A", "B"], "hard", True, "pairs need exactly 4 players"),
        (["A", "B"], "grandmaster", False, "unknown bot"),
    ],
)
def test_hotseat_command_line_refuses_a_bad_table(
    names: list[str], bots: str | None, pairs: bool, says: str
) -> None:
    with pytest.raises(typer.BadParameter, match=says):
        hotseat_table(names, bots, pairs)


def test_bots_never_take_a_friends_name() -> None:
    seats = table_seats(["human", "human", "easy", "easy"], ["Olya", "Serg"], "en")
    names = [s.name for s in seats]
    assert names[:2] == ["Olya", "Serg"] and len(set(names)) == 4


def test_settings_live_under_domino_tui_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DOMINO_TUI_CONFIG_DIR", raising=False)
    monkeypatch.setenv("DOMINO_TUI_HOME", str(tmp_path))
    assert default_path() == tmp_path / "config" / "settings.json"
    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(tmp_path / "old"))
    assert default_path() == tmp_path / "old" / "settings.json", "older setups keep working"
