"""The cross board drawn on a character grid, and which end a click on it names.

:mod:`.cross_board` says where each tile lies; this module turns a
:class:`~.cross_view.CrossView` into its pieces, draws them (the spinner with a heavy frame, a
double laid face down filled with ``▒``, every open end's outer half marked and its sign
``←3`` / ``3→`` / ``↑3`` / ``↓3`` / ``×`` beside it, the callout near the last move), and maps
a clicked cell back to an end. No Textual here: the widget (:mod:`.chain`) only passes styles.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...words.marks import ARROWS, CLOSED_MARK
from .cross_board import (
    DOWN,
    LEAD,
    LEFT,
    RIGHT,
    STEP,
    UP,
    CrossLayout,
    Key,
    Laid,
    Marker,
    Piece,
    Rect,
    face_cells,
    markers,
    open_cell,
)
from .cross_view import CrossView
from .tiles import Canvas, draw_tile

FACE_DOWN = "▒"

EndSpec = tuple[int, Key, int, bool]  # (end, its tile, its number, closed)


def pieces_of(view: CrossView) -> tuple[list[Piece], Key | None]:
    """The tiles in the order they were laid, and where the spinner is (None: no spinner)."""
    tiles = {(LEAD, 0): Piece(LEAD, 0, view.lead.inner, view.lead.outer)}
    for arm, tiles_of_arm in enumerate(view.arms):
        for i, t in enumerate(tiles_of_arm):
            tiles[arm, i] = Piece(arm, i, t.inner, t.outer, t.closed)
    order = view.order or tuple(tiles)
    return [tiles[key] for key in order if key in tiles], view.spinner_at


def end_specs(view: CrossView) -> list[EndSpec]:
    """The ends to mark: open ones with their numbers, closed ones (G6) with ×."""
    out: list[EndSpec] = []
    for end in (LEFT, RIGHT, UP, DOWN):
        value, closed = view.ends[end], view.closed[end]
        if value >= 0 or closed:
            out.append((end, view.end_tile(end), value, closed))
    return out


@dataclass(frozen=True)
class Painted:
    """What was drawn where, for clicks: the layout, the end signs and the callout's place."""

    layout: CrossLayout
    markers: tuple[Marker, ...]
    ends: tuple[EndSpec, ...]
    callout_shown: bool


def _outer_faces(laid: Laid, end: int) -> tuple[bool, bool]:
    """Which drawn halves (first, second) show the end's number."""
    if laid.piece.double:
        return True, True
    if laid.piece.arm == LEAD:  # an empty arm: the lead's half on that side
        return end == LEFT, end == RIGHT
    return laid.heading in (LEFT, UP), laid.heading in (RIGHT, DOWN)


def paint_cross(
    canvas: Canvas,
    layout: CrossLayout,
    view: CrossView,
    choosing: int,
    last_style: str,
    callout: str,
) -> Painted:
    """Draw the board; returns what a click needs."""
    ends = end_specs(view)
    marks: dict[Key, list[str]] = {}
    for end, key, _value, closed in ends:
        laid = layout.laid.get(key)
        if laid is None or closed:
            continue
        style = "choose" if choosing == end else "end"
        faces = marks.setdefault(key, ["face", "face"])
        for i, outer in enumerate(_outer_faces(laid, end)):
            if outer and faces[i] != "choose":
                faces[i] = style
    last = set(view.last)
    for key, laid in layout.laid.items():
        r = laid.rect
        spinner = key == view.spinner_at
        frame = last_style if key in last else "spinner" if spinner else "frame"
        faces = marks.get(key, ["face", "face"])
        draw_tile(
            canvas,
            r.x,
            r.y,
            laid.a,
            laid.b,
            laid.draw_mode,
            laid.across,
            frame,
            (faces[0], faces[1]),
            heavy=spinner,
        )
        if laid.piece.closed:
            for cells in face_cells(laid):
                for x, y in cells:
                    canvas.put(x, y, FACE_DOWN, "closed")
    signs = markers(layout, ends, canvas.width, canvas.height)
    for mark in signs:
        style = "choose" if choosing == mark.end else "tip"
        if CLOSED_MARK in mark.text and choosing != mark.end:
            style = "closed"
        canvas.put(mark.x, mark.y, mark.text, style)
    shown = False
    if callout:
        shown = _put_callout(canvas, layout, view, callout, signs)
    return Painted(layout, tuple(signs), tuple(ends), shown)


CALLOUT_REACH = 3  # how many rows above or below the last tile a callout may stand


def _put_callout(
    canvas: Canvas, layout: CrossLayout, view: CrossView, text: str, signs: list[Marker]
) -> bool:
    """The callout on free cells as near the last move's tile as there are (above it first);
    False if there is no room within reach."""
    taken = {cell for mark in signs for cell in mark.cells()}
    for key in reversed(view.last or view.order[-1:]):
        laid = layout.laid.get(key)
        if laid is None:
            continue
        for x, y in _near(laid.rect, len(text)):
            cells = [(x + i, y) for i in range(-1, len(text) + 1)]  # a blank cell either side
            inside = [c for c in cells if 0 <= c[0] < canvas.width]
            if all(open_cell(c, taken, layout, canvas.width, canvas.height) for c in inside):
                canvas.put(x, y, text, "callout")
                return True
    return False


def _near(r: Rect, n: int) -> list[tuple[int, int]]:
    """Where an ``n``-cell text may stand near the tile ``r``: the rows just above and below
    it first, then beside it, nearest first."""
    places = [
        (x, y)
        for y in range(r.y - CALLOUT_REACH, r.y + r.h + CALLOUT_REACH)
        for x in range(r.x - n - 2, r.x + r.w + 3)
    ]

    def distance(place: tuple[int, int]) -> tuple[bool, int, int]:
        x, y = place
        beside = r.y <= y < r.y + r.h
        return beside, abs(2 * y + 1 - 2 * r.y - r.h), abs(2 * x + n - 2 * r.x - r.w)

    return sorted(places, key=distance)


def end_at(painted: Painted, x: int, y: int) -> int | None:
    """The end a click at (x, y) names: on an end's sign, or on its tile (a tile that ends
    several arms, like the lead or the spinner, names the one on the clicked side)."""
    for mark in painted.markers:
        if (x, y) in set(mark.cells()):
            return mark.end
    for key, laid in painted.layout.laid.items():
        if not laid.rect.contains(x, y):
            continue
        here = [end for end, tile, _v, closed in painted.ends if tile == key and not closed]
        if not here:
            return None
        return max(here, key=lambda end: _toward(painted.layout, laid, end, x, y))
    return None


def _toward(layout: CrossLayout, laid: Laid, end: int, x: int, y: int) -> int:
    """How far the click (x, y) lies from the tile's middle in the end's direction."""
    r = laid.rect
    dx, dy = 2 * x - (2 * r.x + r.w - 1), 2 * y - (2 * r.y + r.h - 1)
    way = layout.heading[end] if laid.piece.arm == end else end
    sx, sy = STEP[way]
    return sx * dx + sy * dy


def listed(view: CrossView, width: int) -> str:
    """The board as a list when not even one-row tiles fit the window: the lead, then each arm
    from the middle outwards (``← [4|3][3|1] 1``), wrapped to ``width``; nothing left out."""
    lead = view.lead
    lines = [f"[{lead.inner}|{lead.outer}]"]
    for end in (LEFT, RIGHT, UP, DOWN):
        value, closed = view.ends[end], view.closed[end]
        tiles = [FACE_DOWN * 3 if t.closed else f"{t.inner}|{t.outer}" for t in view.arms[end]]
        if not tiles and value < 0 and not closed:
            continue
        tip = CLOSED_MARK if closed else str(value) if value >= 0 else ""
        words = [ARROWS[end], *(f"[{t}]" for t in tiles), tip]
        line = ""
        for word in words:
            if line and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = "  "
            line = f"{line} {word}" if line.strip() else line + word
        lines.append(line)
    return "\n".join(lines)
