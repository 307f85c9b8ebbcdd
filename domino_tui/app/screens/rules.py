"""The rules in the player's language (the project's own texts) and the table's keys."""

from __future__ import annotations

from importlib import resources

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown

from .base import DominoScreen

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


class RulesScreen(DominoScreen):
    KEYS = (("escape,q,r", "close", "back"),)
    DEFAULT_CSS = """
    RulesScreen VerticalScroll { padding: 0 2; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(rules_markdown(self.lang))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
