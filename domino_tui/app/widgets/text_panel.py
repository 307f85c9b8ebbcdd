"""A panel of words that redraws only when its words change: the table's status line, its
recent moves and the score key are handed their text after every move and resize, and an
update lays the whole screen out again."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class TextPanel(Static):
    """Words as given (``plain``: as typed, so a player's name such as "[/]" is drawn as is),
    or Rich markup; :meth:`show` compares them with the words it shows."""

    def __init__(self, *, plain: bool = True, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.plain = plain
        self.text = ""  # the words shown

    def show(self, text: str, *, layout: bool = True) -> None:
        if text == self.text:
            return
        self.text = text
        self.update(Text(text) if self.plain else text, layout=layout)
