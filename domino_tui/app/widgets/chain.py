"""The line of play as a snake of real dominoes, with both open ends marked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from .tiles import MODES, Canvas, Placed, draw_tile, snake

STYLE_NAMES = ("frame", "face", "last", "end", "choose")


@dataclass(frozen=True)
class ChainState:
    line: tuple[tuple[int, int], ...] = ()  # oriented halves, left to right
    last: int = -1  # index in ``line`` of the tile played last
    choosing: int = -1  # the end being chosen: 0 left, 1 right, -1 none
    style: str = "auto"  # auto | pips | digits
    empty_text: str = ""
    top: int = 6  # highest pip: pip faces exist up to 6


class Chain(Widget):
    """Draws :class:`ChainState`; a click on an end tile posts :class:`Chain.EndClicked`."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"chain--{n}" for n in STYLE_NAMES}
    DEFAULT_CSS = """
    Chain { height: 1fr; }
    Chain > .chain--frame { color: $text-muted; }
    Chain > .chain--face { color: $text; text-style: bold; }
    Chain > .chain--last { color: $accent; text-style: bold; }
    Chain > .chain--end { color: $warning; text-style: bold reverse; }
    Chain > .chain--choose { color: $success; text-style: bold reverse; }
    """

    class EndClicked(Message):
        def __init__(self, side: int) -> None:
            super().__init__()
            self.side = side

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state = ChainState()
        self.layout_cache: list[Placed] = []
        self.mode = "digits"

    def show(self, state: ChainState) -> None:
        if state != self.state:
            self.state = state
            self.refresh()

    def modes(self) -> tuple[str, ...]:
        if self.state.style == "digits" or self.state.top > 6:
            return ("digits", "compact", "line")
        return MODES

    def render(self) -> RenderableType:
        w, h = self.content_size
        line = list(self.state.line)
        if not line:
            self.layout_cache = []
            return Text(self.state.empty_text, style="italic", justify="center")
        placed: list[Placed] | None = None
        for mode in self.modes():
            placed = snake(line, w, h, mode)
            if placed is not None:
                self.mode = mode
                break
        if placed is None:  # even one row per tile overflows: show the ends only
            self.mode = "line"
            placed = snake(line[-(w // 6) * h :], w, h, "line") or []
        self.layout_cache = placed
        canvas = Canvas(w, h)
        last_i = len(line) - 1
        for p in placed:
            index = p.index
            frame = "last" if index == self.state.last else "frame"
            faces = ["face", "face"]
            for side, at in ((0, 0), (1, last_i)):
                if index != at:
                    continue
                mark = "choose" if self.state.choosing == side else "end"
                if p.across:
                    faces = [mark, mark]
                else:
                    outer = side if not p.flipped else 1 - side
                    faces[outer] = mark
            draw_tile(canvas, p.x, p.y, p.a, p.b, self.mode, p.across, frame, (faces[0], faces[1]))
        styles: dict[str, Style] = {
            n: self.get_component_rich_style(f"chain--{n}") for n in STYLE_NAMES
        }
        return canvas.to_text(styles)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.layout_cache:
            return
        last_i = len(self.state.line) - 1
        for p in self.layout_cache:
            if not p.contains(offset.x, offset.y):
                continue
            if p.index == 0 and p.index == last_i:
                left_half = offset.x < p.x + p.w // 2
                self.post_message(self.EndClicked(0 if left_half else 1))
            elif p.index == 0:
                self.post_message(self.EndClicked(0))
            elif p.index == last_i:
                self.post_message(self.EndClicked(1))
            return
