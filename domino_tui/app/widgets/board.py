"""Where each tile of the line sits on the board, so that a laid tile never moves.

A snake laid from the line's left end shifts every tile whenever one is added on the left, and
a style picked from the current length switches mid-round: both make the board jump under the
player's eyes. Here the lead is anchored and the two arms grow away from it along one
serpentine path of horizontal bands: the right arm forward (rightwards on the lead's band, then
down), the left arm backward (leftwards, then up). A tile's place depends only on the lead's
place and on the tiles between it and the lead, so adding a tile at either end never moves the
others.

The style (``mode``) and the bands are chosen once per round by :func:`choose_frame`, from the
longest line the round could ever need (:func:`worst_line`), so a round never switches style.
Only if one arm outgrows its half of the path (rare: each half holds about half the worst
line) does :func:`lay_out` move the anchor, the least it can; the frame guarantees that such a
place exists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .tiles import GAP, Placed, tile_size

Halves = tuple[int, int]


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
    def top(self) -> int:
        """Bands are centred vertically in the area."""
        return max(0, (self.height - self.bands * self.band_h) // 2)

    def band_y(self, band: int) -> int:
        return self.top + band * self.band_h


@dataclass(frozen=True)
class Anchor:
    """Where the lead lies: its band and its left column. The lead's band runs left to right."""

    band: int
    x: int


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


def worst_line(tiles: int, players: int, reserve: int = 0) -> int:
    """The longest line a round can reach: every tile in play but one in each other hand (a
    round ends when the first player goes out, and a fish leaves every hand holding one)."""
    return max(1, tiles - reserve - max(0, players - 1))


def slots(mode: str, width: int) -> int:
    """How many tiles a band holds at least, whatever they are: a double lies across and is
    never wider than a tile laid along the line."""
    return (width + GAP) // (tile_size(mode, False)[0] + GAP)


def choose_frame(width: int, height: int, worst: int, modes: Sequence[str]) -> Frame | None:
    """The largest style whose bands hold a worst-case line, split at the lead any way.

    With ``bands × slots ≥ worst`` some place of the lead fits every split of the line into
    two arms, so the board never has to change style mid-round. An odd number of bands puts
    the lead in the middle band with the same room on both sides; an even number is used only
    when it is needed. None when not even the last mode fits (a tiny window)."""
    for mode in modes:
        band_h = tile_size(mode, True)[1]
        most = height // band_h
        for bands in [most - 1, most] if most % 2 == 0 else [most]:
            if bands >= 1 and bands * slots(mode, width) >= worst:
                return Frame(mode, width, height, bands)
    return None


def default_anchor(frame: Frame, lead_w: int) -> Anchor:
    """The path's midpoint: the middle of the middle band, or with an even number of bands the
    right edge of the upper middle band (both arms then get the same room)."""
    if frame.bands % 2:
        return Anchor(frame.bands // 2, max(0, (frame.width - lead_w) // 2))
    return Anchor(frame.bands // 2 - 1, max(0, frame.width - lead_w))


def _sizes(mode: str, halves: Sequence[Halves]) -> list[tuple[int, int]]:
    return [tile_size(mode, a == b) for a, b in halves]


def _arm(
    frame: Frame, anchor: Anchor, lead_w: int, arm: Sequence[Halves], sign: int
) -> tuple[list[tuple[int, int, bool]], Tip | None] | None:
    """Lay one arm outward from the lead: ``sign`` +1 for the right arm, -1 for the left.
    Returns each tile's (x, band, drawn leftwards) and the arrow past its open end; None if the
    arm runs out of bands."""
    width = frame.width
    band = anchor.band
    screen = sign  # +1: moving rightwards on screen in the current band
    used = anchor.x + lead_w + GAP if sign > 0 else width - anchor.x + GAP
    out: list[tuple[int, int, bool]] = []
    for w, _h in _sizes(frame.mode, arm):
        if used + w > width:
            band, used, screen = band + sign, 0, -screen
            if not 0 <= band < frame.bands or w > width:
                return None
        x = used if screen > 0 else width - used - w
        out.append((x, band, screen < 0))
        used += w + GAP
    # the arrow: in the gap past the end tile, or where the next band starts
    gap_at = used - GAP
    if gap_at < width:
        tip_band, tip_screen, cell = band, screen, gap_at
    else:
        tip_band, tip_screen, cell = band + sign, -screen, 0
    if not 0 <= tip_band < frame.bands:
        return out, None
    x = cell if tip_screen > 0 else width - 1 - cell
    y = frame.band_y(tip_band) + frame.band_h // 2
    return out, Tip(x, y, "▶" if tip_screen > 0 else "◀")


def _try(
    frame: Frame, anchor: Anchor, line: Sequence[Halves], lead: int
) -> tuple[list[Placed], tuple[Tip | None, Tip | None]] | None:
    lw = tile_size(frame.mode, line[lead][0] == line[lead][1])[0]
    if anchor.x + lw > frame.width or not 0 <= anchor.band < frame.bands:
        return None
    left_arm = list(reversed(line[:lead]))  # outward from the lead
    right_arm = list(line[lead + 1 :])
    left = _arm(frame, anchor, lw, left_arm, -1)
    right = _arm(frame, anchor, lw, right_arm, 1)
    if left is None or right is None:
        return None
    placed: list[Placed] = []

    def put(index: int, x: int, band: int, leftwards: bool) -> None:
        a, b = line[index]
        w, h = tile_size(frame.mode, a == b)
        y = frame.band_y(band) + (frame.band_h - h) // 2
        if leftwards:  # the line's order runs right to left here: swap the drawn halves
            a, b = b, a
        placed.append(Placed(index, x, y, w, h, a, b, a == b, leftwards))

    for k, (x, band, screen_left) in reversed(list(enumerate(left[0]))):
        put(lead - 1 - k, x, band, not screen_left)  # the left arm's line order runs inward
    put(lead, anchor.x, anchor.band, False)
    for k, (x, band, screen_left) in enumerate(right[0]):
        put(lead + 1 + k, x, band, screen_left)
    return placed, (left[1], right[1])


def lay_out(
    frame: Frame, line: Sequence[Halves], lead: int, anchor: Anchor | None = None
) -> Layout | None:
    """Lay the line with its lead (index ``lead``) at ``anchor`` (default: the path's middle).
    If an arm does not fit there, the nearest anchor that fits is used (the caller keeps it, so
    the board moves at most once). None if the line does not fit at all."""
    if not line:
        return None
    lw = tile_size(frame.mode, line[lead][0] == line[lead][1])[0]
    first = anchor or default_anchor(frame, lw)
    found = _try(frame, first, line, lead)
    if found is not None:
        return Layout(tuple(found[0]), found[1], first)
    candidates = [
        Anchor(band, x) for band in range(frame.bands) for x in range(frame.width - lw + 1)
    ]
    candidates.sort(key=lambda a: abs(a.band - first.band) * frame.width + abs(a.x - first.x))
    for cand in candidates:
        found = _try(frame, cand, line, lead)
        if found is not None:
            return Layout(tuple(found[0]), found[1], cand)
    return None
