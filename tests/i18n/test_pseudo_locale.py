"""Issue 24: adding a language is data. A third language is built at test time from the
English catalog and pages with every word wrapped in ⟦…⟧ (tests/i18n/pseudo.py) and put in a
locale folder of its own (``DOMINO_LOCALE_DIR``); nothing else is told about it. The game
finds it, then a round is played at the table, every screen is opened and a match is printed
as a transcript in it: any word outside ⟦…⟧ came from somewhere other than the catalogs and
the pages, and fails the test. Only tile marks, digits, punctuation, the keys' letters and the
names the players gave are not words."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from domino_tui import i18n
from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.game_end import GameEndScreen
from domino_tui.app.screens.round_end import RoundEndScreen
from domino_tui.app.screens.rules import PAGES
from domino_tui.app.screens.start import StartScreen
from domino_tui.bots import make_bot
from domino_tui.engine.match import Match
from domino_tui.engine.rules import PRESETS, make_rules
from domino_tui.engine.view import seat_view
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, default_seats
from domino_tui.words.pages import keys_page, rules_page, variant_page, variant_pages
from domino_tui.words.strings import bot_names
from domino_tui.words.transcript import match_text
from tests.app.driver import key_for_turn, screen_text, settle

from .pseudo import CLOSE, OPEN, PSEUDO, build, unwrapped

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import catalogs

# not words: the score sheet's total mark, and a key's letter or name beside its words in a
# footer (the keys a player presses are named as the keyboard names them)
MARKS = frozenset({"Σ"})
KEY_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") | {"esc", "tab"}


@pytest.fixture
def pseudo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The project's catalogs and pages plus the pseudo-language, in a folder of their own;
    strict mode, so a key the pseudo-language lacked would raise rather than fall back."""
    folder = build(i18n.PACKAGE_LOCALE, tmp_path / "locale")
    catalogs.compile_all(folder)
    monkeypatch.setenv("DOMINO_LOCALE_DIR", str(folder))
    monkeypatch.setenv("DOMINO_STRICT_I18N", "1")
    i18n.reload_catalogs()
    yield folder
    monkeypatch.undo()
    i18n.reload_catalogs()


# not words either: a command as the player types it ("domino join …", the same in every
# language) and an invitation's code (K7QF-M2XD)
TYPED = re.compile(r"\bdomino [a-z]+\b|\b[0-9A-Z]{4}-[0-9A-Z]{4}\b")


def bare(text: str, where: str, names: frozenset[str] = frozenset()) -> None:
    words = unwrapped(TYPED.sub(" ", text), MARKS | KEY_LETTERS | names)
    assert words == [], f"unwrapped words on {where}: {sorted(set(words))}\n{text}"


def test_the_check_finds_what_is_not_wrapped() -> None:
    """The check bites: a plain word is found, wrapped ones (also over lines) are not."""
    assert unwrapped("⟦Your turn⟧ 3-4 Score") == ["Score"]
    assert unwrapped("│ ⟦a long message\n│ goes on here\n│ and ends⟧ │ Σ 12") == ["Σ"]
    assert unwrapped("⟦a⟧ │ ⟦b\n c⟧ │ d") == ["d"]
    assert unwrapped("│ ⟦Key: a · b⟧ │\n│ ⟦x█ ⟦y⟧ c █ped │") == ["c"]  # a dialog over a screen


def test_the_language_is_found_and_speaks(pseudo: Path) -> None:
    assert i18n.languages() == ("ru", "en", PSEUDO)
    assert i18n.detect_lang({"LANG": f"{PSEUDO}.UTF-8"}) == PSEUDO
    assert i18n.tr("goat", PSEUDO) == f"{OPEN}goat{CLOSE}"
    assert i18n.plural(5, "tx.tiles", PSEUDO) == f"5 {OPEN}tiles{CLOSE}"
    assert all(name.startswith(OPEN) for name in bot_names(PSEUDO))
    bare(rules_page(PSEUDO) + keys_page(PSEUDO), "the rule book")
    for page in variant_pages():
        assert variant_page(page, PSEUDO) != variant_page(page, "en")
        bare(variant_page(page, PSEUDO), f"the {page} page")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_transcript_in_the_new_language(pseudo: Path, preset: str) -> None:
    """A whole match between bots, told in the pseudo-language (the players are unnamed, so
    even the seats' names come from the catalog)."""
    rules = make_rules({}, preset)
    match = Match(rules, 11)
    bots = [make_bot("greedy", s) for s in range(rules.players)]
    while not match.over:
        match.apply(bots[match.turn].choose(seat_view(match, match.turn)))
    bare(match_text(match, None, PSEUDO, width=100), f"the {preset} transcript")


async def _look(pilot: Pilot[None], where: str, seen: list[str]) -> None:
    await settle(pilot)
    bare(screen_text(pilot.app), where)  # type: ignore[arg-type]
    seen.append(where)


async def test_every_screen_in_the_new_language(pseudo: Path, tmp_path: Path) -> None:
    """The start menu and everything it opens, then a game at the table to its end: every
    frame in between is read."""
    app = make_app(settings_path=None, saves=Saves(tmp_path / "saves"), lang=PSEUDO, pace="instant")
    seen: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app, DominoApp)
        await _look(pilot, "the start menu", seen)
        start = app.screen
        assert isinstance(start, StartScreen)
        menu = start.query_one(OptionList)
        items = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        for item in items:  # every item of the menu, as a player picks it
            if item in ("quit", None):
                continue
            start.action_pick(item)
            if item == "rules":  # every page of the book
                for page in PAGES:
                    await _look(pilot, f"the rules page {page}", seen)
                    await pilot.press("right")
            else:
                await _look(pilot, f"the menu's {item}", seen)
            app.open_menu()
        assert {"the menu's new", "the menu's settings", "the menu's stats"} <= set(seen)

        rules = make_rules({"players": 3})
        seats = default_seats(["easy", "easy"], PSEUDO)
        app.start_game(GameSession(rules, seats, 5, lang=PSEUDO))
        await _look(pilot, "the table", seen)
        await pilot.press("h")
        await _look(pilot, "the table with a hint", seen)
        for _ in range(3000):
            await settle(pilot)
            screen = app.screen
            bare(screen_text(app), type(screen).__name__)
            if isinstance(screen, GameEndScreen):
                break
            if isinstance(screen, RoundEndScreen):
                seen.append("round end")
                await pilot.press("enter")
            elif isinstance(screen, GameScreen) and screen.my_turn():
                await pilot.press(key_for_turn(screen))
        else:
            raise AssertionError("the game did not end")
        await _look(pilot, "the game end", seen)
        await pilot.press("q")
        await _look(pilot, "quit?", seen)
    assert "round end" in seen and "the game end" in seen
