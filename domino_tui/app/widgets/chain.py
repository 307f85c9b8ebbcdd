"""The line of play as a snake of real dominoes, with both open ends marked by arrows.

A table passes the round's lead index and worst-case length, so the board is laid by
:mod:`.board`: the lead in the middle, the style chosen once per round and window size, and
laid tiles never move; a new window size lays the line afresh from the middle. The replay
passes the same and the ends the tiles went to (``sides``), so any step it jumps to is drawn
as the table drew it then. Without a lead the line is laid afresh from its left end.
The tile just laid flashes for :attr:`Chain.FLASH_SECONDS` (the ``-flash`` class), so the eye
finds it; with animations off (``TEXTUAL_ANIMATIONS=none``) it never flashes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget

from ...words.marks import END_ARROWS
from .board import Anchor, Frame, Layout, Tip, choose_frame, lay_as_played, lay_out
from .tiles import MODES, Canvas, Placed, draw_tile, snake

if TYPE_CHECKING:  # the cross board's modules load with the first cross (a Козёл table never)
    from .cross_board import CrossLayout
    from .cross_paint import Painted
    from .cross_view import CrossView

LINE_ARROWS = END_ARROWS[
    :2
]  # ◀ ▶: the ends' arrows where the board draws none (a line laid from the left)

STYLE_NAMES = (
    "frame",
    "face",
    "last",
    "flash",
    "end",
    "choose",
    "tip",
    "closed",
    "callout",
    "spinner",
)


@dataclass(frozen=True)
class ChainState:
    line: tuple[tuple[int, int], ...] = ()  # oriented halves, left to right
    last: int = -1  # index in ``line`` of the tile played last
    choosing: int = -1  # the end being chosen: 0 left, 1 right, -1 none
    style: str = "auto"  # auto | pips | digits
    empty_text: str = ""
    top: int = 6  # highest pip: pip faces exist up to 6
    lead: int = -1  # index in ``line`` of the lead; -1: lay the line afresh every time
    worst: int = 0  # the longest line this round can reach (board.worst_line)
    round_id: int = 0  # a new round may choose a new style
    # the end (0 left, 1 right) each tile after the lead went to, in play order: given (the
    # replay, which jumps between steps), the line is laid move by move as the table laid it;
    # None (the table) lays each play from the anchor kept since the last
    sides: tuple[int, ...] | None = None
    # the cross games (docs/variants G1-G10): the board with its four arms, drawn instead of
    # ``line`` (which then is empty); ``choosing`` is then 0-3 (left, right, up, down)
    cross: CrossView | None = None
    callout: str = ""  # a word over the board after a scoring play ("+15", «телефон!»)


class Chain(Widget):
    """Draws :class:`ChainState`; a click on an end tile or its arrow posts
    :class:`Chain.EndClicked`."""

    FLASH_SECONDS: ClassVar[float] = 0.8
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"chain--{n}" for n in STYLE_NAMES}
    DEFAULT_CSS = """
    Chain { height: 1fr; }
    Chain > .chain--frame { color: $text-muted; }
    Chain > .chain--face { color: $text; text-style: bold; }
    Chain > .chain--last { color: $accent; text-style: bold; }
    Chain > .chain--flash { color: $accent; text-style: bold reverse; }
    Chain > .chain--end { color: $warning; text-style: bold reverse; }
    Chain > .chain--choose { color: $success; text-style: bold reverse; }
    Chain > .chain--tip { color: $warning; text-style: bold; }
    Chain > .chain--closed { color: $secondary; }
    Chain > .chain--callout { color: $success; text-style: bold; }
    Chain > .chain--spinner { color: $primary; text-style: bold; }
    """

    class EndClicked(Message):
        def __init__(self, side: int) -> None:
            super().__init__()
            self.side = side

    class ArrowsChanged(Message):
        """A drawing changed an end's arrow (a play, a resize): words naming the ends show
        :meth:`Chain.arrows`, so they are written again."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state = ChainState()
        self.layout_cache: list[Placed] = []
        self.tips: tuple[Tip | None, Tip | None] = (None, None)
        self.drawn_arrows = LINE_ARROWS
        self.mode = "digits"
        self.frame: Frame | None = None
        self.frame_key: tuple[object, ...] = ()
        self.board_anchor: Anchor | None = None
        self.flash_timer: Timer | None = None
        self.cross_key: tuple[object, ...] = ()
        self.cross_mode = "digits"
        self.cross_anchor: tuple[int, int] | None = None
        self.painted: Painted | None = None
        self.cross_done: tuple[object, CrossLayout | None] = ((), None)

    def show(self, state: ChainState) -> None:
        if state == self.state:
            return
        grew = len(state.line) > len(self.state.line) and state.last >= 0
        grew = grew or laid_count(state.cross) > laid_count(self.state.cross)
        self.state = state
        if grew:
            self.flash()
        self.refresh()

    # --- the flash of the tile just laid ----------------------------------------------------
    def flash(self) -> None:
        if self.flash_timer is not None:
            self.flash_timer.stop()
            self.flash_timer = None
        if self.FLASH_SECONDS <= 0 or self.app.animation_level == "none":
            self.remove_class("-flash")
            return
        self.add_class("-flash")
        self.flash_timer = self.set_timer(self.FLASH_SECONDS, self.end_flash)

    def end_flash(self) -> None:
        self.flash_timer = None
        self.remove_class("-flash")
        self.refresh()

    # --- layout -------------------------------------------------------------------------------
    def modes(self) -> tuple[str, ...]:
        if self.state.style == "digits" or self.state.top > 6:
            return ("digits", "compact", "line")
        return MODES

    def board(self, w: int, h: int) -> Layout | None:
        """The round's frame (chosen once per round and window size) and the line laid on it."""
        s = self.state
        key = (s.round_id, w, h, s.style, s.top, s.worst)
        if key != self.frame_key:
            self.frame_key = key
            self.frame = choose_frame(w, h, max(s.worst, len(s.line)), self.modes())
            self.board_anchor = None
        if self.frame is None:
            return None
        if s.sides is not None:
            layout = lay_as_played(self.frame, s.line, s.sides)[0]
        else:
            layout = lay_out(self.frame, s.line, s.lead, self.board_anchor)
        if layout is not None:
            self.board_anchor = layout.anchor
            self.mode = self.frame.mode
        return layout

    def arrows(self) -> tuple[str, str]:
        """The arrow the board draws at the line's left and right end (◀ ▶ ▲ ▼), laid for the
        state just shown: the one source of the glyph that words naming an end show, so the
        status never says ▶ for an end the board shows turning down. ◀ ▶ where no arrow is
        drawn (no lead given, the cross, an end with no band left)."""
        s = self.state
        if s.cross is not None or not s.line or s.lead < 0:
            return LINE_ARROWS
        return tip_glyphs(self.board(*self.content_size))

    def fresh(self, line: list[tuple[int, int]], w: int, h: int) -> list[Placed]:
        """The line laid from its left end in the largest style that fits now (no lead given,
        or a line longer than the round's frame)."""
        for mode in self.modes():
            placed = snake(line, w, h, mode)
            if placed is not None:
                self.mode = mode
                return placed
        self.mode = "line"  # even one row per tile overflows: show the ends only
        return snake(line[-(w // 6) * h :], w, h, "line") or []

    def render(self) -> RenderableType:
        w, h = self.content_size
        line = list(self.state.line)
        self.tips = (None, None)
        self.painted = None
        if self.state.cross is not None:
            self.layout_cache = []
            return self.render_cross(self.state.cross, w, h)
        if self.border_subtitle and self.cross_key:  # a cross board's callout, now gone
            self.border_subtitle = ""
        if not line:
            self.layout_cache = []
            self.drawn_arrows = LINE_ARROWS  # no end to name
            return Text(self.state.empty_text, style="italic", justify="center")
        layout = self.board(w, h) if self.state.lead >= 0 else None
        if layout is not None:
            placed = list(layout.placed)
            self.tips = layout.tips
        else:
            placed = self.fresh(line, w, h)
        self.layout_cache = placed
        arrows = tip_glyphs(layout)
        if arrows != self.drawn_arrows:  # e.g. a resize, which the words did not see coming
            self.drawn_arrows = arrows
            self.post_message(self.ArrowsChanged())
        return self.paint(placed, w, h)

    def paint(self, placed: list[Placed], w: int, h: int) -> Text:
        canvas = Canvas(w, h)
        last_i = len(self.state.line) - 1
        last = "flash" if self.has_class("-flash") else "last"
        for p in placed:
            index = p.index
            frame = last if index == self.state.last else "frame"
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
        for side, tip in enumerate(self.tips):
            if tip is not None:
                style = "choose" if self.state.choosing == side else "tip"
                canvas.put(tip.x, tip.y, tip.glyph, style)
        return canvas.to_text(self.styles_by_name())

    # --- the cross games' board ---------------------------------------------------------------
    def cross_layout(self, view: CrossView, w: int, h: int) -> CrossLayout | None:
        """The cross laid in the round's style (chosen once per round and window size from the
        longest board the round can reach); a replay (no ``worst``) lays it afresh, in the
        largest style the board fits now."""
        from .cross_board import choose_mode, lay_anywhere
        from .cross_paint import pieces_of

        s = self.state
        pieces, spinner = pieces_of(view)
        modes = self.modes()
        key: tuple[object, ...] = (s.round_id, w, h, s.style, s.top, s.worst)
        if s.worst <= 0:
            key = (*key, len(pieces))
        if key != self.cross_key:
            self.cross_key = key
            self.cross_anchor = None
            if s.worst > 0:
                self.cross_mode = choose_mode(w, h, max(s.worst, len(pieces)), modes)
            else:
                self.cross_mode = modes[-1]
                for mode in modes:
                    if lay_anywhere(mode, w, h, pieces, spinner) is not None:
                        self.cross_mode = mode
                        break
        asked = (self.cross_key, tuple(pieces), spinner)
        if asked == self.cross_done[0]:  # a redraw of the same board (a flash, a highlight)
            return self.cross_done[1]
        layout = None
        # the round's style, or (rarely, when even the lead's nearest place fails) a smaller one
        for mode in modes[modes.index(self.cross_mode) :]:
            anchor = self.cross_anchor if mode == self.cross_mode else None
            layout = lay_anywhere(mode, w, h, pieces, spinner, anchor)
            if layout is not None:
                self.cross_mode, self.cross_anchor = mode, layout.anchor
                break
        self.cross_done = (asked, layout)
        return layout

    def render_cross(self, view: CrossView, w: int, h: int) -> RenderableType:
        from .cross_paint import listed, paint_cross

        layout = self.cross_layout(view, w, h)
        if layout is None:  # a window too small for any tiles: the board listed
            return Text(listed(view, w), no_wrap=True, overflow="crop")
        self.mode = self.cross_mode
        canvas = Canvas(w, h)
        last = "flash" if self.has_class("-flash") else "last"
        callout = self.state.callout
        self.painted = paint_cross(canvas, layout, view, self.state.choosing, last, callout)
        subtitle = "" if self.painted.callout_shown else callout
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle  # no room on the board: under it, still seen
        return canvas.to_text(self.styles_by_name())

    def styles_by_name(self) -> dict[str, Style]:
        return {n: self.get_component_rich_style(f"chain--{n}") for n in STYLE_NAMES}

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and self.painted is not None:
            from .cross_paint import end_at  # loaded already: the cross was painted

            end = end_at(self.painted, offset.x, offset.y)
            if end is not None:
                self.post_message(self.EndClicked(end))
            return
        if offset is None or not self.layout_cache:
            return
        for side, tip in enumerate(self.tips):
            if tip is not None and (tip.x, tip.y) == (offset.x, offset.y):
                self.post_message(self.EndClicked(side))
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


def tip_glyphs(layout: Layout | None) -> tuple[str, str]:
    """Each end's arrow on a laid line (◀ ▶ where it has none)."""
    tips = layout.tips if layout is not None else (None, None)
    left, right = (t.glyph if t is not None else d for t, d in zip(tips, LINE_ARROWS, strict=True))
    return left, right


def laid_count(view: CrossView | None) -> int:
    """How many tiles a cross board shows (0 without one): more than before means a move."""
    if view is None:
        return 0
    return 1 + sum(len(arm) for arm in view.arms)
