"""Around the table: one panel per opponent (in turn order), and the базар with the fish marker.

Panels are three rows high (the face-down tiles inside, the last action in the bottom border)
so that the board keeps the rows it needs at 80×24."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static


@dataclass(frozen=True)
class SeatInfo:
    title: str  # name and bot level
    count: int  # face-down tiles
    last: str  # last action in words
    turn: bool
    subtitle: str = ""  # "partner", seat number


def face_down(count: int, width: int) -> str:
    """``▮▮▮▮ 4``, shortened to ``▮×14`` when the row is too narrow."""
    full = "▮" * count + f" {count}"
    return full if len(full) <= width else f"▮×{count}"


class SeatPanel(Static):
    """One opponent. The player to move gets the ``-turn`` class (border and ▶)."""

    DEFAULT_CSS = """
    SeatPanel { width: 1fr; height: 3; border: round $panel-lighten-2; padding: 0 1; }
    SeatPanel { border-subtitle-style: italic; border-subtitle-align: left; }
    SeatPanel.-turn { border: heavy $accent; }
    SeatPanel.-turn > .x { color: $accent; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.info: SeatInfo | None = None

    def show(self, info: SeatInfo) -> None:
        if info == self.info:
            return
        self.info = info
        self.set_class(info.turn, "-turn")
        # Text, not markup: a player's name such as "[/]" is drawn as typed (issue 8)
        self.border_title = Text(("▶ " if info.turn else "") + info.title)
        self.border_subtitle = Text(" · ".join(part for part in (info.subtitle, info.last) if part))
        width = max(4, self.content_size.width or 16)
        text = Text(face_down(info.count, width), style="bold", no_wrap=True, overflow="ellipsis")
        self.update(text)

    def on_resize(self) -> None:
        info, self.info = self.info, None
        if info is not None:
            self.show(info)


class BoneyardPanel(Static):
    """The базар: its size, the round number and a pending fish carry-over; a click draws."""

    DEFAULT_CSS = """
    BoneyardPanel { width: 16; height: 3; border: round $secondary; padding: 0 1; }
    """

    class Clicked(Message):
        """The player clicked the boneyard (draw)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.shown: tuple[str, str, str] | None = None  # what it shows: an update lays out

    def show(self, title: str, count_text: str, extra: str) -> None:
        if self.shown == (title, count_text, extra):
            return
        self.shown = (title, count_text, extra)
        self.border_title = title
        self.border_subtitle = extra
        self.update(Text(count_text, style="bold"))

    def on_click(self, event: events.Click) -> None:
        self.post_message(self.Clicked())
