"""The rules in the player's language (the project's own texts) and the table's keys.

The screen opens in well under 0.3 s (issue 9). Textual's ``Markdown`` widget mounts a widget
per block and took 1.3–1.8 s for the Russian book; here the book is one Rich ``Markdown``,
parsed once per language and rendered once per width into lines that a scroll view draws as it
scrolls (:class:`Book`). Opening the screen again at the same width renders nothing at all.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Footer

from .base import DominoScreen

if TYPE_CHECKING:
    from rich.console import Console
    from rich.markdown import Markdown

KEYS_MD = {
    "en": """
## Keys at the table

| key | does |
|---|---|
| ← / → | choose a tile (or the end, when a tile fits both) |
| Enter | play the chosen tile; a click on a tile does the same |
| D | draw from the boneyard (or click it) |
| K | knock when nothing fits and the boneyard is empty |
| H | hint: what the hard bot would play |
| Space | skip the bots' wait |
| R | these rules · Ctrl+P commands · Q quit |
""",
    "ru": """
## Клавиши за столом

| клавиша | что делает |
|---|---|
| ← / → | выбрать кость (или конец, если кость подходит к обоим) |
| Enter | сходить выбранной костью; щелчок по кости — то же |
| D | взять из базара (или щёлкнуть по нему) |
| K | стучать, когда ходить нечем и базар пуст |
| H | подсказка: как сыграл бы сильный бот |
| Пробел | не ждать ботов |
| R | эти правила · Ctrl+P команды · Q выход |
""",
}


def rules_markdown(lang: str) -> str:
    """The rule book shipped in ``domino_tui/texts``; the score table's key and the keys table
    always follow (the key's words are the table's own, so both always agree)."""
    from ...engine.rules import make_rules
    from ...score_words import legend_markdown

    try:
        body = resources.files("domino_tui.texts").joinpath(f"rules_{lang}.md").read_text("utf-8")
    except (OSError, ModuleNotFoundError):
        body = ""
    key = legend_markdown(make_rules({}), lang)
    return body + "\n" + key + "\n" + KEYS_MD.get(lang, KEYS_MD["en"])


@lru_cache(maxsize=4)
def rules_document(lang: str) -> Markdown:
    """The whole book parsed once per language."""
    from rich.markdown import Markdown

    return Markdown(rules_markdown(lang), hyperlinks=False)


@lru_cache(maxsize=8)
def rules_lines(lang: str, width: int, console: Console) -> list[Strip]:
    """The book rendered at ``width`` columns (two of them margin on each side)."""
    from rich.padding import Padding

    options = console.options.update_width(max(width, 10))
    lines = console.render_lines(Padding(rules_document(lang), (0, 2)), options, pad=True)
    return [Strip(line) for line in lines]


class Book(ScrollView, can_focus=True):
    """The rules as pre-rendered lines: only the rows in view are drawn on each frame."""

    DEFAULT_CSS = """
    Book { overflow-x: hidden; overflow-y: scroll; }
    """

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self._width = -1
        self._lines: list[Strip] = []

    def lines(self) -> list[Strip]:
        # the book is always taller than the screen: the scrollbar is always there (overflow-y:
        # scroll), so the width is known before the first render and the book renders once
        width = max(self.size.width - self.styles.scrollbar_size_vertical, 0)
        if width != self._width:
            self._width = width
            self._lines = rules_lines(self.lang, width, self.app.console)
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
    KEYS = (("escape,q,r", "close", "back"),)

    def compose(self) -> ComposeResult:
        yield Book(self.lang)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Book).focus()

    def action_close(self) -> None:
        self.dismiss(None)
