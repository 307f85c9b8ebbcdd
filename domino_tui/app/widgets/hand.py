"""The viewer's own tiles. On the player's turn the tiles that can be played stand out by
shape (a heavy frame) and by colour, so no theme, high contrast included, hides them; the
rest are dimmed and the selection is reversed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from ...engine.tiles import tile_set
from .tiles import Canvas, Placed, draw_tile, flow, tile_size

STYLE_NAMES = ("frame", "face", "playable", "lift", "dim", "selected", "new")
PIPS_MIN_HEIGHT = 36  # below this terminal height the hand uses framed digits


@dataclass(frozen=True)
class HandState:
    tiles: tuple[int, ...] = ()  # tile ids in display order
    playable: int = 0  # bit mask
    selected: int = -1  # tile id
    new: int = 0  # bit mask of tiles just drawn
    hidden_text: str = ""  # shown instead of tiles (someone else's turn in hot-seat, spectating)
    style: str = "auto"
    top: int = 6


class Hand(Widget):
    """Posts :class:`Hand.TileClicked` with the tile id under a click."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"hand--{n}" for n in STYLE_NAMES}
    DEFAULT_CSS = """
    Hand { height: auto; }
    Hand > .hand--frame { color: $text-muted; }
    Hand > .hand--face { color: $text-muted; }
    Hand > .hand--dim { color: $text-disabled; }
    Hand > .hand--playable { color: $text; text-style: bold; }
    Hand > .hand--lift { color: $success; text-style: bold; }
    Hand > .hand--selected { color: $accent; text-style: bold reverse; }
    Hand > .hand--new { color: $success; text-style: bold; }
    """

    class TileClicked(Message):
        def __init__(self, tile: int) -> None:
            super().__init__()
            self.tile = tile

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state = HandState()
        self.layout_cache: list[Placed] = []

    def show(self, state: HandState) -> None:
        if state != self.state:
            relayout = (state.tiles, state.hidden_text, state.style) != (
                self.state.tiles,
                self.state.hidden_text,
                self.state.style,
            )
            self.state = state
            self.refresh(layout=relayout)

    def mode_for(self, width: int) -> str:
        n = len(self.state.tiles)
        pips_ok = self.state.style != "digits" and self.state.top <= 6
        if pips_ok and self.app.size.height >= PIPS_MIN_HEIGHT:
            w, _ = tile_size("pips", False)
            if n * (w + 1) - 1 <= width:
                return "pips"
        return "digits"

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.state.hidden_text or not self.state.tiles:
            return 3
        placed = flow(self._halves(), width, self.mode_for(width))
        return max(p.y + p.h for p in placed)

    def _halves(self) -> list[tuple[int, int]]:
        ts = tile_set(self.state.top)
        return [(ts.lo[t], ts.hi[t]) for t in self.state.tiles]

    def render(self) -> RenderableType:
        s = self.state
        if s.hidden_text or not s.tiles:
            self.layout_cache = []
            return Text(s.hidden_text, justify="center", style="italic")
        w, h = self.content_size
        mode = self.mode_for(w)
        placed = flow(self._halves(), w, mode)
        self.layout_cache = placed
        canvas = Canvas(w, max(h, max(p.y + p.h for p in placed)))
        for p in placed:
            tile = s.tiles[p.index]
            bit = 1 << tile
            fits = bool(s.playable & bit)
            face = "playable" if fits else "dim"
            frame = "lift" if fits else "dim"
            if s.new & bit:
                face = frame = "new"
            if tile == s.selected:
                face = frame = "selected"
            draw_tile(canvas, p.x, p.y, p.a, p.b, mode, False, frame, (face, face), heavy=fits)
        styles: dict[str, Style] = {
            n: self.get_component_rich_style(f"hand--{n}") for n in STYLE_NAMES
        }
        return canvas.to_text(styles)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for p in self.layout_cache:
            if p.contains(offset.x, offset.y):
                self.post_message(self.TileClicked(self.state.tiles[p.index]))
                return
