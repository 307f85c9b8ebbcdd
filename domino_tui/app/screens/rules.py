"""The rules in the player's language (the project's own texts) and the table's keys: Козёл's
book and a page per variant (tabs at the top, ←/→ to turn the page; opened from a game, the
screen opens at that game's page).

The screen opens in well under 0.3 s (issue 9). Textual's ``Markdown`` widget mounts a widget
per block and took 1.3–1.8 s for the Russian book; here the book is one Rich ``Markdown``,
parsed once per language and rendered once per width into lines that a scroll view draws as it
scrolls (:class:`Book`). Opening the screen again at the same width renders nothing at all.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Tab, Tabs

from ...words.pages import keys_page, rules_page, variant_page, variant_pages
from ...words.strings import t
from ..widgets.keys_footer import KeysFooter
from .base import DominoScreen

if TYPE_CHECKING:
    from rich.console import Console
    from rich.markdown import Markdown


def rules_markdown(lang: str) -> str:
    """The rule book shipped with the catalogs (:mod:`domino_tui.words.pages`); the score
    table's key and the keys table always follow (the key's words are the table's own, so both
    always agree)."""
    from ...engine.rules import make_rules
    from ...words.score import legend_markdown

    key = legend_markdown(make_rules({}), lang)
    return rules_page(lang) + "\n" + key + "\n\n" + keys_page(lang)


PAGES = ("kozel", *variant_pages())  # Козёл's book (and classic's), then V1-V6


def page_of(variant: str) -> str:
    """The page of a variant: its presenter's (Козёл's book for classic and a variant with
    none of its own)."""
    from ...variants import presenter

    page = presenter(variant).page
    return page if page in PAGES else "kozel"


def page_markdown(lang: str, page: str) -> str:
    """The Markdown of one page: Козёл's book with its keys, or a variant's page."""
    return rules_markdown(lang) if page == "kozel" else variant_page(page, lang)


@lru_cache(maxsize=16)
def rules_document(lang: str, page: str = "kozel") -> Markdown:
    """A page parsed once per language."""
    from rich.markdown import Markdown

    return Markdown(page_markdown(lang, page), hyperlinks=False)


@lru_cache(maxsize=16)
def rules_lines(lang: str, width: int, console: Console, page: str = "kozel") -> list[Strip]:
    """A page rendered at ``width`` columns (two of them margin on each side)."""
    from rich.padding import Padding

    options = console.options.update_width(max(width, 10))
    lines = console.render_lines(Padding(rules_document(lang, page), (0, 2)), options, pad=True)
    return [Strip(line) for line in lines]


_RENDERING = threading.Lock()  # the screen and the warm-up (a thread) never render a page twice
SCROLLBAR = 2  # columns of Textual's default vertical scrollbar, which the book always has


def book_lines(lang: str, width: int, console: Console, page: str = "kozel") -> list[Strip]:
    """:func:`rules_lines`, one caller at a time: a page asked for while the warm-up renders it
    waits for those lines instead of rendering it again."""
    with _RENDERING:
        return rules_lines(lang, width, console, page)


def warm(lang: str, page: str, screen_width: int, console: Console) -> None:
    """Parse and render the page the Rules screen would open at, at the width it would have
    (the whole screen less the scrollbar), so that its first open only builds the screen: run
    in a thread once the table is up (:meth:`~..app.DominoApp.warm_rules`). The Markdown
    parser's import, the parse and the render are two thirds of a first open (issue 22 item 9)."""
    book_lines(lang, max(screen_width - SCROLLBAR, 0), console, page)


class Book(ScrollView, can_focus=True, inherit_bindings=False):
    """The rules as pre-rendered lines: only the rows in view are drawn on each frame."""

    # ←/→ turn the page (the screen's keys): the book never scrolls sideways, so it keeps a
    # scroll view's keys but those two
    BINDINGS: ClassVar[list[BindingType]] = [
        b
        for b in ScrollableContainer.BINDINGS
        if not isinstance(b, Binding) or b.key not in ("left", "right")
    ]

    DEFAULT_CSS = """
    Book { overflow-x: hidden; overflow-y: scroll; }
    """

    def __init__(self, lang: str, page: str = "kozel") -> None:
        super().__init__()
        self.lang = lang
        self.page = page
        self._width = -1
        self._lines: list[Strip] = []

    def show(self, page: str) -> None:
        """Turn to another page, from its top."""
        if page != self.page:
            self.page = page
            self._width = -1
            self.scroll_to(0, 0, animate=False)
            self.lines()
            self.refresh()

    def lines(self) -> list[Strip]:
        # the book is always taller than the screen: the scrollbar is always there (overflow-y:
        # scroll), so the width is known before the first render and the book renders once
        width = max(self.size.width - self.styles.scrollbar_size_vertical, 0)
        if width != self._width:
            self._width = width
            self._lines = book_lines(self.lang, width, self.app.console, self.page)
            self.virtual_size = Size(width, len(self._lines))
        return self._lines

    def on_resize(self) -> None:
        self.lines()

    def render_line(self, y: int) -> Strip:
        lines = self.lines()
        row = y + self.scroll_offset.y
        if 0 <= row < len(lines):
            return lines[row].apply_style(self.rich_style)
        return Strip.blank(self._width, self.rich_style)

    def text(self) -> str:
        """The book as plain text, as drawn at the current width (for tests)."""
        return "\n".join(line.text.rstrip() for line in self.lines())


class RulesScreen(DominoScreen):
    # the book has the focus from the start, and the keys are in the player's words before the
    # footer first asks for them: the footer builds its keys once, not once per focus and
    # binding change on the way (issue 22 item 9)
    AUTO_FOCUS = "Book"
    KEYS = (
        ("escape,q,r", "close", "back"),
        ("left", "turn(-1)", "rules.previous"),
        ("right", "turn(1)", "rules.next"),
    )

    def __init__(self, page: str | None = None) -> None:
        super().__init__()
        self.first_page = page

    def compose(self) -> ComposeResult:
        self.localize()
        page = self.first_page or self.game_page()
        yield Tabs(
            *(Tab(t(f"rules.tab.{p}", self.lang), id=f"page-{p}") for p in PAGES),
            active=f"page-{page}",
        )
        yield Book(self.lang, page)
        yield KeysFooter()

    def game_page(self) -> str:
        """The page of the game under this screen, if one is being played; else Козёл's."""
        for screen in reversed(self.app.screen_stack):
            session = getattr(screen, "session", None)
            rules = getattr(session, "rules", None)
            if rules is not None:
                return page_of(rules.variant)
        return "kozel"

    def on_mount(self) -> None:
        self.query_one(Book).focus()

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        tab_id = event.tab.id or ""
        if tab_id.startswith("page-"):
            self.query_one(Book).show(tab_id[5:])

    def action_turn(self, step: int) -> None:
        """The next or previous page (round the end)."""
        page = self.query_one(Book).page
        following = PAGES[(PAGES.index(page) + step) % len(PAGES)]
        self.query_one(Tabs).active = f"page-{following}"

    def action_close(self) -> None:
        self.dismiss(None)
