"""The line of play starts in the middle (issue 22, part 5).

At 80×24 the lead was drawn at the board's right wall, the right arm ran leftwards under it and
both ends showed ◀. These properties follow whole seeded rounds (played with random legal
moves, the engine's own rules) on the boards the table really has from 80×24 to 200×60: the
lead starts in the middle, the ends stay on their sides while the line is shorter than the
board is wide, each arrow points where that end's next tile goes, laid tiles keep their cells
(but for the rare move of an arm that outgrew its side) and nothing is drawn off the board.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domino_tui.app.app import DominoApp
from domino_tui.app.widgets.board import (
    DOWN,
    UP,
    Anchor,
    Frame,
    Layout,
    Tip,
    choose_frame,
    lay_out,
    worst_line,
)
from domino_tui.app.widgets.chain import Chain
from domino_tui.app.widgets.cross_board import LEAD
from domino_tui.app.widgets.tiles import GAP, MODES, Placed, tile_size
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules

from .driver import game, key_for_turn, seeded_app, settle
from .test_cross_board import lay_round

Line = tuple[tuple[int, int], ...]

# The board (the Chain's content area) the table screen gives each terminal size, as measured
# with the real table (test_the_boards_are_the_tables_own checks a few of them).
BOARDS: dict[tuple[int, int], tuple[int, int]] = {
    (80, 24): (48, 12),
    (90, 28): (58, 16),
    (95, 31): (63, 19),
    (100, 30): (68, 18),
    (110, 34): (68, 21),
    (120, 40): (78, 25),
    (130, 36): (88, 21),
    (137, 53): (95, 38),
    (140, 45): (98, 30),
    (160, 50): (118, 35),
    (180, 56): (138, 41),
    (200, 60): (158, 45),
}


def round_lines(players: int, seed: int) -> list[tuple[Line, int]]:
    """The first round of a seeded match played with random legal moves: the line and the
    lead's index in it after every tile laid."""
    match = Match(make_rules({"players": players}), seed)
    rng = random.Random(seed)
    out: list[tuple[Line, int]] = []
    while match.number == 1 and not match.over:
        rnd = match.round
        match.apply(rng.choice(match.legal_actions()))
        if len(rnd.placed) > (len(out[-1][0]) if out else 0):
            out.append((tuple(rnd.chain()), sum(1 for _, side, _ in rnd.placed if side == 0)))
    return out


def table_frame(board: tuple[int, int], players: int) -> Frame:
    frame = choose_frame(*board, worst_line(28, players), MODES)
    assert frame is not None
    return frame


def centre(p: Placed) -> float:
    return p.x + p.w / 2


def band_of(frame: Frame, p: Placed) -> int:
    return (p.y - frame.top) // frame.band_h


def grown_layout(
    layout: Layout, line: Line, lead: int, side: int, double: bool, frame: Frame
) -> Layout:
    """The line laid with one more tile (a double or not) on ``side`` (0 left, 1 right)."""
    end = line[0][0] if side == 0 else line[-1][1]
    new = (end, end) if double else (end, (end + 1) % 7)
    longer = (new[::-1], *line) if side == 0 else (*line, new)
    after = lay_out(frame, longer, lead + (side == 0), layout.anchor)
    assert after is not None
    return after


def grown(layout: Layout, line: Line, lead: int, side: int, double: bool, frame: Frame) -> Placed:
    """Where one more tile (a double or not) would lie on ``side``."""
    return grown_layout(layout, line, lead, side, double, frame).placed[0 if side == 0 else -1]


def check_arrow(frame: Frame, layout: Layout, line: Line, lead: int, side: int) -> None:
    """The end's arrow says where a tile laid on that end goes next, double or not: ◀ ▶ in
    the gap beside the end tile on its band, ▲ ▼ on the next band where that tile will lie."""
    tip = layout.tips[side]
    end = layout.placed[0 if side == 0 else -1]
    if tip is None:  # the next tile there may move the line: no band left that way, or a
        # line that fits across the board laid straight again rather than let its ends cross
        moved = [
            grown_layout(layout, line, lead, side, double, frame).anchor != layout.anchor
            for double in (False, True)
        ]
        assert any(moved), "no arrow, yet the line stays"
        return
    for double in (False, True):
        nxt = grown(layout, line, lead, side, double, frame)
        if tip.glyph in "◀▶":
            assert band_of(frame, nxt) == band_of(frame, end), (tip, end, nxt)
            assert (nxt.x > end.x) == (tip.glyph == "▶"), (tip, end, nxt)
            assert tip.x in (end.x - 1, end.x + end.w) and end.y <= tip.y < end.y + end.h
        else:
            step = 1 if tip.glyph == "▼" else -1
            assert band_of(frame, nxt) == band_of(frame, end) + step, (tip, end, nxt)
            assert nxt.x <= tip.x < nxt.x + frame.along, "the arrow stands where it will lie"


def check_inside(frame: Frame, layout: Layout) -> None:
    """Every tile and arrow on the board, no two tiles on one cell, no arrow on a tile."""
    cells: set[tuple[int, int]] = set()
    for p in layout.placed:
        assert p.x >= 0 and p.y >= 0
        assert p.x + p.w <= frame.width and p.y + p.h <= frame.height
        mine = {(x, y) for x in range(p.x, p.x + p.w) for y in range(p.y, p.y + p.h)}
        assert not cells & mine, "two tiles overlap"
        cells |= mine
    for tip in layout.tips:
        if tip is not None:
            assert 0 <= tip.x < frame.width and 0 <= tip.y < frame.height
            assert (tip.x, tip.y) not in cells, "an arrow drawn over a tile"


def along_width(frame: Frame, line: Line) -> int:
    return sum(tile_size(frame.mode, a == b)[0] for a, b in line) + GAP * (len(line) - 1)


def fits_straight(frame: Frame, line: Line, lead: int) -> bool:
    """The line fits on one band: as on every band, an end past the lead is given the room of
    a tile laid along (the widest), whatever tile lies there."""
    first, last = (tile_size(frame.mode, a == b)[0] for a, b in (line[0], line[-1]))
    extra = (frame.along - first) * (lead > 0) + (frame.along - last) * (lead < len(line) - 1)
    return along_width(frame, line) + extra <= frame.width


def play_round(frame: Frame, lines: Sequence[tuple[Line, int]]) -> int:
    """Lay every board of a round as the table does (keeping the anchor) and check each;
    returns how many times laid tiles moved."""
    anchor: Anchor | None = None
    before: dict[int, tuple[int, int]] = {}
    moves = 0
    for line, lead in lines:
        layout = lay_out(frame, line, lead, anchor)
        assert layout is not None, "the frame holds every line the round can reach"
        placed = layout.placed
        assert [p.index for p in placed] == list(range(len(line)))
        if anchor is None:  # the lead: in the middle of the middle band
            lw = placed[lead].w
            assert abs(centre(placed[lead]) - frame.width / 2) <= 1, "the lead starts mid-board"
            assert layout.anchor.band == (frame.bands - 1) // 2
            assert placed[lead].x == (frame.width - lw) // 2
        now = {p.index - lead: (p.x, p.y) for p in placed}
        if any(now[k] != at for k, at in before.items()):
            moves += 1
        before = now
        if fits_straight(frame, line, lead):  # the ends on their own sides
            assert centre(placed[0]) < centre(placed[-1]) or len(line) == 1
        check_inside(frame, layout)
        for side in (0, 1):
            check_arrow(frame, layout, line, lead, side)
        anchor = layout.anchor
    return moves


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([2, 3, 4]),
    size=st.sampled_from(sorted(BOARDS)),
)
def test_a_whole_round_starts_mid_board_and_never_shuffles(
    seed: int, players: int, size: tuple[int, int]
) -> None:
    frame = table_frame(BOARDS[size], players)
    lines = round_lines(players, seed)
    assert play_round(frame, lines) <= 1, "laid tiles move at most once a round"


def test_at_80x24_the_issue_s_round_starts_in_the_middle() -> None:
    """`domino play --seed 8` at 80×24: the lead 1-1 in the middle, ◀ left of it, ▶ right."""
    frame = table_frame(BOARDS[(80, 24)], 4)
    layout = lay_out(frame, ((1, 1),), 0)
    assert layout is not None
    (lead,) = layout.placed
    assert (lead.x, lead.w) == (22, 3)
    left, right = layout.tips
    assert left == Tip(21, lead.y + 1, "◀") and right == Tip(25, lead.y + 1, "▶")


@pytest.mark.parametrize("size", sorted(BOARDS))
def test_after_a_resize_the_line_is_laid_again_from_the_middle(size: tuple[int, int]) -> None:
    """A new window is a new picture: the line laid afresh there (no anchor kept) has its
    lead in the middle whenever it fits there with either arm turning down, its arrows tell
    the truth and every tile is on the board."""
    frame = table_frame(BOARDS[size], 4)
    for seed in range(6):
        for line, lead in round_lines(4, seed):
            layout = lay_out(frame, line, lead)
            assert layout is not None
            check_inside(frame, layout)
            for side in (0, 1):
                check_arrow(frame, layout, line, lead, side)
            lw = layout.placed[lead].w
            middle = ((frame.bands - 1) // 2, (frame.width - lw) // 2)
            fits = any(
                (fit := lay_out(frame, line, lead, Anchor(*middle, turn))) is not None
                and fit.anchor == Anchor(*middle, turn)
                for turn in (DOWN, UP)
            )
            assert fits == ((layout.anchor.band, layout.anchor.x) == middle)


def test_the_first_arm_to_reach_its_wall_turns_to_the_roomier_side() -> None:
    """With four bands the lead lies on the second: the first arm to fill its half turns
    down (two bands there), the other arm then turns up, and the arrows say so."""
    frame = Frame("compact", 48, 12, 4)
    right = ((1, 2), (2, 3), (3, 4), (4, 5))  # from the lead 1-1 rightwards: 3 fit, then down
    line = ((1, 1), *right)
    layout = lay_out(frame, line[:4], 0)
    assert layout is not None and layout.tips[1] is not None
    assert layout.tips[1].glyph == "▼" and layout.tips[0] is not None
    turned = lay_out(frame, line, 0, layout.anchor)
    assert turned is not None
    assert band_of(frame, turned.placed[-1]) == 2, "the right arm went down"
    left = ((5, 6), (6, 0), (0, 1))
    longer = (*left, *line)
    glyphs = []
    for k in range(1, 4):  # the left arm along the lead's band; at its wall it points up
        laid = lay_out(frame, longer[3 - k :], k, turned.anchor)
        assert laid is not None and laid.tips[0] is not None
        glyphs.append(laid.tips[0].glyph)
    assert glyphs == ["◀", "◀", "▲"]


def test_the_issue_s_round_at_120x40_never_moves_a_laid_tile() -> None:
    frame = table_frame(BOARDS[(120, 40)], 4)
    lines = round_lines(4, 8)
    assert play_round(frame, lines) == 0


# --- the table itself -------------------------------------------------------------------------
def board_of(app: DominoApp) -> tuple[Chain, Placed]:
    """The table's board and its lead as drawn."""
    chain = game(app).query_one("#chain", Chain)
    lead = next(p for p in chain.layout_cache if p.index == chain.state.lead)
    return chain, lead


def assert_lead_mid(chain: Chain, lead: Placed) -> None:
    width, _ = chain.content_size
    assert abs(centre(lead) - width / 2) <= 1, f"lead at column {lead.x} of {width}"


async def test_the_boards_are_the_tables_own() -> None:
    """The board sizes above are what the table screen really gives the line."""
    for size in [(80, 24), (120, 40), (137, 53), (200, 60)]:
        app = seeded_app(8)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            chain = game(app).query_one("#chain", Chain)
            assert tuple(chain.content_size) == BOARDS[size]


async def test_at_80x24_the_line_grows_from_the_middle_and_a_resize_lays_it_again() -> None:
    """The issue's case (seed 8, 80×24): the lead in the middle, the right end right of the
    left one with ▶ and ◀ while the line is short, laid tiles kept; after a resize to 120×40
    and back the lead is in the middle of each board."""
    app = seeded_app(8)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chain, lead = board_of(app)
        assert_lead_mid(chain, lead)
        assert [tip.glyph for tip in chain.tips if tip] == ["◀", "▶"]
        before = {p.index - chain.state.lead: (p.x, p.y) for p in chain.layout_cache}
        screen = game(app)
        for _ in range(3):  # a few of the player's turns and the bots' replies
            if screen.my_turn():
                await pilot.press(key_for_turn(screen))
            await settle(pilot)
            now = {p.index - chain.state.lead: (p.x, p.y) for p in chain.layout_cache}
            assert {k: now[k] for k in before} == before, "a laid tile moved"
            before = now
        placed = sorted(chain.layout_cache, key=lambda p: p.index)
        assert len(placed) > 3 and centre(placed[0]) < centre(placed[-1])
        for size in [(120, 40), (80, 24)]:
            await pilot.resize_terminal(*size)
            await settle(pilot)
            chain, lead = board_of(app)
            assert tuple(chain.content_size) == BOARDS[size]
            assert_lead_mid(chain, lead)


# --- the cross games' board (осёл, G1-G3) -------------------------------------------------------
@pytest.mark.parametrize("size", sorted(BOARDS))
def test_a_cross_round_starts_in_the_middle_too(size: tuple[int, int]) -> None:
    """Осёл's board (its own layout, :mod:`.cross_board`) lays the lead in the middle of
    every table board, and keeps it there while the round is played."""
    width, height = BOARDS[size]
    for players, seed in [(2, 0), (4, 1), (4, 8)]:
        leads = {
            layout.laid[(LEAD, 0)].rect
            for _view, layout, _mode in lay_round("osel", players, seed, width, height)
        }
        (lead,) = leads
        assert abs(lead.x + lead.w / 2 - width / 2) <= 1
        assert abs(lead.y + lead.h / 2 - height / 2) <= 1


@settings(max_examples=60, deadline=None)
@given(
    size=st.sampled_from(sorted(BOARDS)),
    players=st.sampled_from([2, 3, 4]),
    split=st.floats(0, 1),
    doubles=st.lists(st.booleans(), min_size=27, max_size=27),
    turn=st.sampled_from([DOWN, UP]),
)
def test_every_split_of_the_longest_line_fits_somewhere(
    size: tuple[int, int], players: int, split: float, doubles: list[bool], turn: int
) -> None:
    """The frame's promise: a line as long as the round can reach, split at the lead any
    way, has a place on the board, whichever way the first arm turned."""
    frame = table_frame(BOARDS[size], players)
    n = worst_line(28, players)
    line = tuple((1, 1) if d else (1, 2) for d in doubles[:n])
    lead = round(split * (n - 1))
    mid = (frame.bands - 1) // 2
    for anchor in (None, Anchor(mid, frame.width // 2 - 2, turn)):
        layout = lay_out(frame, line, lead, anchor)
        assert layout is not None
        check_inside(frame, layout)
        assert anchor is None or layout.anchor.turn == turn
