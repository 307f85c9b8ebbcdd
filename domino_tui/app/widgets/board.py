"""Where each tile of the line sits on the board, so that a laid tile never moves.

A snake laid from the line's left end shifts every tile whenever one is added on the left, and
a style picked from the current length switches mid-round: both make the board jump under the
player's eyes. Here the lead is anchored **in the middle of the board** (the middle column of
the middle band) and the two arms grow away from it, the way a line grows on a real table: the
right arm rightwards, the left arm leftwards, each along the lead's band until the wall, where
it turns onto the next band and runs back (a serpentine of horizontal bands). One arm turns
down, the other up. Which one is decided once, when the first arm reaches its wall: that arm
turns to the side with more bands (down when both sides have as many), the other arm takes the
other side. With an odd number of bands both sides are the same; with an even number the arm
that ran out of room first (so far the longer one) gets the extra band. A tile's place depends
only on the anchor (the lead's place and that choice) and on the tiles between it and the
lead, so adding a tile at either end never moves the others. The right end stays right of the
left end until the line is longer than a band is wide.

A band ends where a tile laid along the line no longer fits, even when the next tile is a
narrower double: so each end's arrow tells the truth about where that end grows next, along
the band (◀ ▶) or onto the next band (▲ ▼), whatever tile comes.

The style (``mode``) and the bands are chosen once per round and window size by
:func:`choose_frame`, from the longest line the round could ever need (:func:`worst_line`), so
a round never switches style. Only if one arm outgrows its side (rare) does :func:`lay_out`
move the anchor, the least it can; the frame guarantees that such a place exists.

The caller keeps the anchor for one window size. A new size is a new picture: the frame is
chosen again for it and the line laid afresh from the middle (so after a resize the lead is in
the middle again, or as near as the line allows); within one size a play never moves a tile.
A replay, which may jump to any step, lays the line the same way with :func:`lay_as_played`:
move by move from the lead, carrying the anchor, so every step shows the table's picture.
Pure functions over cells: no Textual here, so the layouts are tested without a terminal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from .tiles import GAP, Placed, tile_size

Halves = tuple[int, int]
DOWN, UNDECIDED, UP = 1, 0, -1


@dataclass(frozen=True)
class Frame:
    """The board's grid for one round: a style, the area and its bands (rows of tiles)."""

    mode: str
    width: int
    height: int
    bands: int

    @property
    def band_h(self) -> int:
        """Every band is as tall as a double laid across (L4), so bands never shift."""
        return tile_size(self.mode, True)[1]

    @property
    def along(self) -> int:
        """The width of a tile laid along the line: the widest a tile in a band can be."""
        return tile_size(self.mode, False)[0]

    @property
    def top(self) -> int:
        """Bands are centred vertically in the area."""
        return max(0, (self.height - self.bands * self.band_h) // 2)

    def band_y(self, band: int) -> int:
        return self.top + band * self.band_h

    def roomier(self, band: int) -> int:
        """The side of ``band`` with more bands: DOWN, or UP; DOWN when they are even."""
        return DOWN if self.bands - 1 - band >= band else UP


@dataclass(frozen=True)
class Anchor:
    """Where the lead lies: its band and its left column (the lead's band runs left to right),
    and ``turn``: DOWN when the right arm turns down at its wall (and the left arm up), UP the
    other way round, UNDECIDED while neither arm has reached its wall; ``centred`` once the
    line was laid again straight for its ends had crossed (at most once a round)."""

    band: int
    x: int
    turn: int = UNDECIDED
    centred: bool = False


@dataclass(frozen=True)
class Tip:
    """Where an open end points: the cell for its arrow and the arrow's direction."""

    x: int
    y: int
    glyph: str


@dataclass(frozen=True)
class Layout:
    placed: tuple[Placed, ...]  # in line order (left end first)
    tips: tuple[Tip | None, Tip | None]  # the left end's and the right end's arrows
    anchor: Anchor
    room: int = 0  # how many more tiles the shorter-roomed arm can take before the anchor moves


def worst_line(tiles: int, players: int, reserve: int = 0) -> int:
    """The longest line a round can reach: every tile in play but one in each other hand (a
    round ends when the first player goes out, and a fish leaves every hand holding one)."""
    return max(1, tiles - reserve - max(0, players - 1))


def lead_index(placed: Sequence[tuple[int, int, int]]) -> int:
    """Where the lead is in the line: one place further right for every tile laid on the left
    (``placed`` is a round's ``(tile, side, seat)`` in play order, the lead's side -1)."""
    return sum(1 for _, side, _ in placed if side == 0)


def played_sides(placed: Sequence[tuple[int, int, int]]) -> tuple[int, ...]:
    """The end (0 left, 1 right) each tile after the lead went to, in play order."""
    return tuple(side for _, side, _ in placed[1:])


def slots(mode: str, width: int) -> int:
    """How many tiles a band holds at least, whatever they are: a double lies across and is
    never wider than a tile laid along the line."""
    return (width + GAP) // (tile_size(mode, False)[0] + GAP)


def choose_frame(width: int, height: int, worst: int, modes: Sequence[str]) -> Frame | None:
    """The largest style whose bands hold a worst-case line, split at the lead any way.

    With ``bands × slots ≥ worst`` some place of the lead fits every split of the line into
    two arms (the lead at the split's place along the serpentine), so the board never has to
    change style mid-round. An odd number of bands puts the lead in the middle band with the
    same room on both sides; an even number is used only when it is needed. None when not even
    the last mode fits (a tiny window)."""
    for mode in modes:
        band_h = tile_size(mode, True)[1]
        most = height // band_h
        for bands in [most - 1, most] if most % 2 == 0 else [most]:
            if bands >= 1 and bands * slots(mode, width) >= worst:
                return Frame(mode, width, height, bands)
    return None


def default_anchor(frame: Frame, lead_w: int) -> Anchor:
    """The middle of the board: the middle column of the middle band (of the upper of the two
    middle bands when there is an even number; the first arm to turn then turns down, where
    there is one band more)."""
    return Anchor((frame.bands - 1) // 2, max(0, (frame.width - lead_w) // 2))


def _sizes(mode: str, halves: Sequence[Halves]) -> list[tuple[int, int]]:
    return [tile_size(mode, a == b) for a, b in halves]


@dataclass(frozen=True)
class _Arm:
    """One arm laid outward from the lead: each tile's (x, band, drawn leftwards), the arrow
    past its open end, how many of its tiles left the lead's band, the band its end is on and
    how many more tiles that band takes."""

    tiles: list[tuple[int, int, bool]]
    tip: Tip | None
    turned: int
    band: int
    here: int

    def room(self, frame: Frame, step: int) -> int:
        """How many more tiles it takes, whatever they are, turning ``step`` at walls."""
        later = frame.bands - 1 - self.band if step > 0 else self.band
        return self.here + later * slots(frame.mode, frame.width)


def _arm(
    frame: Frame, anchor: Anchor, lead_w: int, arm: Sequence[Halves], sign: int, step: int
) -> _Arm | None:
    """Lay one arm outward from the lead: ``sign`` +1 for the right arm, -1 for the left;
    ``step`` the way it turns at a wall (DOWN +1, UP -1). None if it runs out of bands."""
    width, along = frame.width, frame.along
    band = anchor.band
    screen = sign  # +1: moving rightwards on screen in the current band
    used = anchor.x + lead_w + GAP if sign > 0 else width - anchor.x + GAP
    out: list[tuple[int, int, bool]] = []
    turned = 0
    for w, _h in _sizes(frame.mode, arm):
        if used + along > width:  # the band is full: on along the next one, the other way
            band, used, screen = band + step, 0, -screen
            if not 0 <= band < frame.bands or along > width:
                return None
        x = used if screen > 0 else width - used - w
        out.append((x, band, screen < 0))
        turned += band != anchor.band
        used += w + GAP
    here = (width - used - along) // (along + GAP) + 1 if used + along <= width else 0
    return _Arm(out, _tip(frame, band, screen, used, step), turned, band, here)


def _tip(frame: Frame, band: int, screen: int, used: int, step: int) -> Tip | None:
    """The arrow past an arm's open end: in the gap after the end tile (◀ ▶) while the band
    has room for one more tile, else where the next band's first tile will lie (▲ ▼), on its
    row next to the end tile's band; None when there is no next band (the next tile there
    moves the anchor)."""
    width, along = frame.width, frame.along
    if used + along <= width:
        cell = used - GAP
        x = cell if screen > 0 else width - 1 - cell
        return Tip(x, frame.band_y(band) + frame.band_h // 2, "▶" if screen > 0 else "◀")
    nxt = band + step
    if not 0 <= nxt < frame.bands:
        return None
    start = 0 if screen < 0 else width - along  # the next band runs back from this wall
    y = frame.band_y(nxt) if step > 0 else frame.band_y(nxt) + frame.band_h - 1
    return Tip(start + along // 2, y, "▼" if step > 0 else "▲")


def _try(frame: Frame, anchor: Anchor, line: Sequence[Halves], lead: int) -> Layout | None:
    """The line laid with its lead at ``anchor``; an undecided turn is decided here if an arm
    has reached its wall. None if it does not fit there."""
    lw = tile_size(frame.mode, line[lead][0] == line[lead][1])[0]
    if anchor.x + lw > frame.width or not 0 <= anchor.band < frame.bands:
        return None
    left_arm = list(reversed(line[:lead]))  # outward from the lead
    right_arm = list(line[lead + 1 :])
    if anchor.turn == UNDECIDED:
        # an arm at its wall would be the first to turn: towards the roomier side
        roomier = frame.roomier(anchor.band)
        left = _arm(frame, anchor, lw, left_arm, -1, roomier)
        right = _arm(frame, anchor, lw, right_arm, 1, roomier)
        if left is not None and right is not None and not (left.turned or right.turned):
            # either arm may end up on the other side: count its room there
            room = min(left.room(frame, -roomier), right.room(frame, -roomier))
            return _placed(frame, anchor, line, lead, lw, (left, right), room)
        # the arm that turned (the one that turned more, laid afresh) takes the roomier side
        right_first = right is not None and (left is None or right.turned >= left.turned)
        first = roomier if right_first else -roomier
        for turn in (first, -first):
            found = _try(frame, replace(anchor, turn=turn), line, lead)
            if found is not None:
                return found
        return None
    left = _arm(frame, anchor, lw, left_arm, -1, -anchor.turn)
    right = _arm(frame, anchor, lw, right_arm, 1, anchor.turn)
    if left is None or right is None:
        return None
    room = min(left.room(frame, -anchor.turn), right.room(frame, anchor.turn))
    return _placed(frame, anchor, line, lead, lw, (left, right), room)


def _placed(
    frame: Frame,
    anchor: Anchor,
    line: Sequence[Halves],
    lead: int,
    lw: int,
    arms: tuple[_Arm, _Arm],
    room: int,
) -> Layout:
    left, right = arms
    placed: list[Placed] = []

    def put(index: int, x: int, band: int, leftwards: bool) -> None:
        a, b = line[index]
        w, h = tile_size(frame.mode, a == b)
        y = frame.band_y(band) + (frame.band_h - h) // 2
        if leftwards:  # the line's order runs right to left here: swap the drawn halves
            a, b = b, a
        placed.append(Placed(index, x, y, w, h, a, b, a == b, leftwards))

    for k, (x, band, screen_left) in reversed(list(enumerate(left.tiles))):
        put(lead - 1 - k, x, band, not screen_left)  # the left arm's line order runs inward
    put(lead, anchor.x, anchor.band, False)
    for k, (x, band, screen_left) in enumerate(right.tiles):
        put(lead + 1 + k, x, band, screen_left)
    return Layout(tuple(placed), (left.tip, right.tip), anchor, room)


def _crossed(layout: Layout) -> bool:
    """The line's two ends on the wrong sides of each other (its left end right of its right)."""
    first, last = layout.placed[0], layout.placed[-1]
    return len(layout.placed) > 1 and 2 * first.x + first.w >= 2 * last.x + last.w


def _uncrossed(
    frame: Frame, kept: Anchor | None, line: Sequence[Halves], lead: int, found: Layout
) -> Layout:
    """``found``, unless an arm bent at its wall has come back past the other end while the
    whole line still fits across the board: both ends would then point the same way. Such a
    line is laid again straight on its band, where it keeps the most room (it moves once: a
    line laid straight and bent later has more than half the board to come back across)."""
    if found.anchor.centred or kept is None or not _crossed(found):
        return found
    widths = [w for w, _h in _sizes(frame.mode, line)]
    total = sum(widths) + GAP * (len(line) - 1)
    if total > frame.width:
        return found
    centre = (frame.width - total) // 2 + sum(widths[:lead]) + GAP * lead
    best: tuple[tuple[int, int], Layout] | None = None
    for x in range(frame.width):
        straight = _try(frame, Anchor(kept.band, x, UNDECIDED, True), line, lead)
        if straight is not None and straight.anchor.turn == UNDECIDED:
            key = (-straight.room, abs(x - centre))
            if best is None or key < best[0]:
                best = key, straight
    return found if best is None else best[1]


def _without_crossing_tips(
    frame: Frame, line: Sequence[Halves], lead: int, found: Layout
) -> Layout:
    """The arrow of an end whose next tile would have the line laid again straight is left
    out, as where the next tile moves the line for want of bands."""
    if found.anchor.centred:
        return found
    widths = [w for w, _h in _sizes(frame.mode, line)]
    if sum(widths) + GAP * len(line) + frame.along > frame.width:
        return found  # one tile more no longer fits across the board: it is never laid again
    tips = list(found.tips)
    for side, end in ((0, line[0][0]), (1, line[-1][1])):
        new = (end, (end + 1) % 7)  # a tile laid along: the widest one
        longer = [new[::-1], *line] if side == 0 else [*line, new]
        after = _lay(frame, longer, lead + (side == 0), found.anchor)
        if after is not None and after.anchor.centred:
            tips[side] = None
    return replace(found, tips=(tips[0], tips[1]))


def lay_out(
    frame: Frame, line: Sequence[Halves], lead: int, anchor: Anchor | None = None
) -> Layout | None:
    """Lay the line (see ``_lay``), without the arrows of ends whose next tile relays it."""
    found = _lay(frame, line, lead, anchor)
    return None if found is None else _without_crossing_tips(frame, line, lead, found)


def _lay(
    frame: Frame, line: Sequence[Halves], lead: int, anchor: Anchor | None = None
) -> Layout | None:
    """Lay the line with its lead (index ``lead``) at ``anchor`` (default: the board's middle).
    If an arm does not fit there, the anchor moves, turning the same way, to where both arms
    have the most room left (nearest the old anchor among those), so that it moves again only
    if the line grows a lot more one way: the caller keeps it, and the board moves rarely.
    None if the line does not fit at all (more tiles than the frame was chosen for)."""
    if not line:
        return None
    lw = tile_size(frame.mode, line[lead][0] == line[lead][1])[0]
    first = anchor or default_anchor(frame, lw)
    found = _try(frame, first, line, lead)
    if found is not None:
        return _uncrossed(frame, anchor, line, lead, found)
    best: tuple[tuple[int, int, int, int], Layout] | None = None
    for turn in [first.turn] if first.turn == UNDECIDED else [first.turn, UNDECIDED]:
        for band in range(frame.bands):
            for x in range(frame.width - lw + 1):
                found = _try(frame, Anchor(band, x, turn, first.centred), line, lead)
                if found is None:
                    continue
                key = (-found.room, turn != first.turn, abs(band - first.band), abs(x - first.x))
                if best is None or key < best[0]:
                    best = key, found
        if best is not None:
            return best[1]
    return None


@lru_cache(maxsize=1024)
def lay_as_played(
    frame: Frame, line: tuple[Halves, ...], sides: tuple[int, ...]
) -> tuple[Layout | None, Anchor | None]:
    """The line laid as the table laid it: the lead alone first, then each tile on the end
    ``sides`` names (0 left, 1 right, in the order they were played), the anchor carried from
    one play to the next (kept when a play does not fit, as the table keeps it). Where the
    turn was decided and whether the anchor ever moved depend on that order, not only on the
    line, so a replay that jumps to a step must lay every earlier step to draw it as the table
    did. Returns the layout (None if it does not fit) and the anchor to carry on with.

    Cached: stepping forward lays one more tile, stepping back finds the step laid."""
    if not line or len(sides) != len(line) - 1:
        return None, None
    before: Anchor | None = None
    if sides:
        shorter = line[1:] if sides[-1] == 0 else line[:-1]
        before = lay_as_played(frame, shorter, sides[:-1])[1]
    layout = lay_out(frame, line, sides.count(0), before)
    return layout, layout.anchor if layout is not None else before
