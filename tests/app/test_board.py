"""The calm board (issue 9, part 4): a style fixed per round from the worst case, laid tiles
that never move when the line grows at either end, and arrows at both open ends."""

from __future__ import annotations

import random

import pytest

from domino_tui.app.widgets.board import Frame, choose_frame, lay_out, worst_line
from domino_tui.app.widgets.tiles import MODES, Placed

Line = list[tuple[int, int]]


def grow(seed: int, steps: int) -> list[tuple[Line, int]]:
    """A random line of distinct double-six tiles grown one tile at a time at either end:
    (line, lead index) after each step."""
    rng = random.Random(seed)
    line: Line = [(1, 1)]
    used = {(1, 1)}
    lead = 0
    out = [(list(line), lead)]
    for _ in range(steps):
        options = [
            (side, new)
            for side in (0, 1)
            for new in range(7)
            if tuple(sorted((new, line[0][0] if side == 0 else line[-1][1]))) not in used
        ]
        if not options:
            break
        side, new = rng.choice(options)
        end = line[0][0] if side == 0 else line[-1][1]
        used.add((min(new, end), max(new, end)))
        if side == 0:
            line.insert(0, (new, end))
            lead += 1
        else:
            line.append((end, new))
        out.append((list(line), lead))
    return out


def cells(placed: tuple[Placed, ...], lead: int) -> dict[int, tuple[int, int]]:
    """Each tile's place, keyed by its distance from the lead (negative on the left)."""
    return {p.index - lead: (p.x, p.y) for p in placed}


def test_worst_line_leaves_a_tile_in_every_other_hand() -> None:
    assert worst_line(28, 4) == 25
    assert worst_line(28, 2) == 27
    assert worst_line(28, 2, reserve=2) == 25


def test_style_is_chosen_from_the_worst_case_not_the_line_so_far() -> None:
    frame = choose_frame(48, 12, worst_line(28, 4), MODES)  # the board at 80×24
    assert frame is not None and frame.mode == "compact" and frame.bands == 4
    roomy = choose_frame(78, 25, worst_line(28, 4), MODES)  # at 120×40
    assert roomy is not None and roomy.mode == "digits" and roomy.bands == 5
    assert choose_frame(10, 1, 25, MODES) is None


@pytest.mark.parametrize("seed", range(12))
def test_laid_tiles_never_move_as_the_line_grows(seed: int) -> None:
    frame = choose_frame(48, 12, 25, MODES)
    assert frame is not None
    anchor = None
    before: dict[int, tuple[int, int]] = {}
    moves = 0
    for line, lead in grow(seed, 24):
        layout = lay_out(frame, line, lead, anchor)
        assert layout is not None
        now = cells(layout.placed, lead)
        if any(now[k] != at for k, at in before.items()):
            moves += 1  # an arm outgrew its side: the anchor moves, rarely and the least it can
        anchor, before = layout.anchor, now
        for p in layout.placed:
            assert p.x >= 0 and p.x + p.w <= frame.width and p.y + p.h <= frame.height
    assert moves <= 2


def test_neighbours_touch_with_equal_halves_L2() -> None:
    frame = Frame("digits", 40, 15, 3)
    line, lead = grow(4, 16)[-1]
    layout = lay_out(frame, line, lead)
    assert layout is not None
    for p in layout.placed:  # drawn halves read in line order once flipped tiles are undone
        a, b = (p.b, p.a) if p.flipped else (p.a, p.b)
        assert (a, b) == line[p.index]


def test_both_open_ends_get_an_arrow_pointing_the_way_the_line_grows() -> None:
    frame = Frame("digits", 40, 15, 3)
    layout = lay_out(frame, [(3, 1), (1, 1), (1, 5)], 1)
    assert layout is not None
    left, right = layout.tips
    assert left is not None and right is not None
    assert left.glyph == "◀" and right.glyph == "▶"
    first = layout.placed[0]
    assert left.x == first.x - 1, "the left arrow sits in the gap before the left end"
