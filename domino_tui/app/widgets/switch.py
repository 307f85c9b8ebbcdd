"""A switch that says its state in words ("on"/"off", «вкл»/«выкл»): a switch's knob alone does
not tell a new player which side means on, and colour alone carries no meaning. Settings and the
New game dialog use this one widget, so every switch in the app reads the same."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Static, Switch

from ...words.strings import t


def switch_words(lang: str) -> tuple[str, str]:
    """``(off, on)`` in the player's language."""
    return t("tw.switch_off", lang), t("tw.switch_on", lang)


class WordedSwitch(Widget):
    """A :class:`~textual.widgets.Switch` (keeping the given id, so it is queried and set as
    before) with its state in words beside it; ``words`` is ``(off, on)`` in the player's
    language. The pair's own id is ``<id>-worded`` (``-row`` is the dialogs' rows' suffix). The
    words follow the switch however it changes: a click, a key or a value set by the program
    (the New game dialog sets a preset's defaults)."""

    DEFAULT_CSS = """
    WordedSwitch { layout: horizontal; height: auto; width: auto; }
    WordedSwitch > Static { width: auto; height: 3; content-align: left middle; margin-left: 1; }
    """

    def __init__(self, value: bool, words: tuple[str, str], *, id: str) -> None:
        super().__init__(id=f"{id}-worded")
        self.value = value
        self.words = words
        self.switch_id = id

    def compose(self) -> ComposeResult:
        yield Switch(value=self.value, id=self.switch_id)
        yield Static(self.words[self.value], classes="switch-words")

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self.query_one(".switch-words", Static).update(self.words[event.value])
