"""The Rules screen has a page per variant in ru and en (issue 11): each page names every
numbered rule its docs/variants page defines, the pages are turned with ←/→ or the tabs, every
line fits the window, and opened from a game the screen opens at that game's page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domino_tui.app import make_app
from domino_tui.app.screens.rules import PAGES, Book, RulesScreen, page_markdown, page_of
from domino_tui.engine.rules import PRESETS, make_rules
from domino_tui.play.session import GameSession, Seat
from domino_tui.words.pages import variant_page, variant_pages

from .driver import screen_text, settle

DOCS = Path(__file__).resolve().parents[2] / "docs" / "variants"
RULE_ID = re.compile(r"^\s*- \*\*(V\d(?:\.\d+)+)", re.MULTILINE)
TITLES = {
    "en": ("Goat — how to play", "Sea goat", "Donkey", "Telefon", "General", "Chechevo", "Sport"),
    "ru": ("Козёл — правила игры", "Морской", "Осёл", "Телефон", "Генерал", "Чечевэ", "Спорт"),
}


def rule_ids(page: str) -> list[str]:
    """The numbered rules a variant's docs page defines (V2.1, V2.5.3 …)."""
    return RULE_ID.findall((DOCS / f"{page}.md").read_text("utf-8"))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("page", variant_pages())
def test_each_variant_page_names_its_numbered_rules(page: str, lang: str) -> None:
    text = variant_page(page, lang)
    assert text.startswith("# ")
    ids = rule_ids(page)
    assert len(ids) >= 9, page  # Vn.1 … Vn.9 at least
    missing = [rid for rid in ids if not re.search(rf"{re.escape(rid)}\b", text)]
    assert not missing, (page, lang, missing)


@pytest.mark.parametrize("page", variant_pages())
def test_the_two_languages_are_two_texts(page: str) -> None:
    english, russian = variant_page(page, "en"), variant_page(page, "ru")
    assert english != russian
    assert len(re.findall(r"[а-яё]", russian, re.IGNORECASE)) > len(russian) // 3
    assert len(re.findall(r"[а-яё]", english, re.IGNORECASE)) < len(english) // 10


def test_every_preset_has_a_page() -> None:
    """Козёл, Козёл парами and classic are in the book; every other preset has its variant's."""
    for preset in PRESETS:
        page = page_of(make_rules({}, preset).variant)
        assert page in PAGES
        assert page_markdown("en", page).startswith("# ")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_pages_turn_and_fit_the_window(lang: str, size: tuple[int, int]) -> None:
    app = make_app(settings_path=None, lang=lang, saves=None)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.open_rules()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        for n, page in enumerate(PAGES):
            book = screen.query_one(Book)
            assert book.page == page
            text = screen_text(app)
            assert TITLES[lang][n] in text, (page, text)
            assert max(len(line) for line in book.text().splitlines()) <= size[0]
            await pilot.press("right")
            await pilot.pause()
        assert screen.query_one(Book).page == "kozel", "round the end"
        await pilot.press("left")
        await pilot.pause()
        assert screen.query_one(Book).page == "sport"


async def test_a_click_on_a_tab_opens_its_page() -> None:
    app = make_app(settings_path=None, lang="en", saves=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_rules()
        await pilot.pause()
        await pilot.click("#page-general")
        await pilot.pause()
        assert app.screen.query_one(Book).page == "general"
        assert "Генерал (V4)" in screen_text(app), "the page's own title, not only the tab"


@pytest.mark.parametrize(("preset", "page"), [("osel", "osel"), ("muggins", "telefon")])
async def test_opened_from_a_game_the_rules_open_at_its_variant(preset: str, page: str) -> None:
    rules = make_rules({}, preset)
    seats = (Seat("Tester"), *(Seat(f"Bot{i}", "bot", "easy") for i in range(rules.players - 1)))
    session = GameSession(rules, seats, 5, preset)
    app = make_app(session, settings_path=None, lang="ru", pace="instant", saves=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.open_rules()
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one(Book).page == page
