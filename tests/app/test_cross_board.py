"""The cross board (docs/variants G1-G6): seeded cross rounds laid at the table's two board
sizes, 80×24 (48×12 cells) and 120×40 (78×25 cells).

Each round is played to its end by a seeded random player; after every move the board is laid
again from the engine's state, as the table does, and compared with the board before it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from domino_tui.app.widgets.board import worst_line
from domino_tui.app.widgets.chain import Chain, ChainState
from domino_tui.app.widgets.cross_board import CrossLayout, Rect, choose_mode, lay_anywhere
from domino_tui.app.widgets.cross_paint import FACE_DOWN, end_specs, paint_cross, pieces_of
from domino_tui.app.widgets.cross_view import CrossView, cross_view
from domino_tui.app.widgets.tiles import GAP, MODES, Canvas
from domino_tui.engine.actions import DOWN, LEFT, RIGHT, UP
from domino_tui.engine.cross import CrossState
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules

from .driver import settle
from .test_cross_snapshots import table_app

SIZES = ((48, 12), (78, 25))  # the board's cells at 80×24 and at 120×40
PRESETS = ("osel", "telefon", "chechevo")


def boards(preset: str, players: int, seed: int) -> Iterator[CrossView]:
    """The board after every move of one seeded round played at random."""
    match = Match(make_rules({"players": players}, preset), seed)
    rng = random.Random(seed)
    while True:
        state = match.round
        assert isinstance(state, CrossState)
        if state.placed:
            view = cross_view(state)
            assert view is not None
            yield view
        if match.apply(rng.choice(state.legal_actions())) is not None:
            return


def rounds() -> Iterator[tuple[str, int, int]]:
    for preset in PRESETS:
        for players in (2, 4):
            for seed in range(6):
                yield preset, players, seed


def lay_round(
    preset: str, players: int, seed: int, width: int, height: int
) -> Iterator[tuple[CrossView, CrossLayout, str]]:
    """Lay each board of the round as the table does: one style, the lead kept in place."""
    mode = choose_mode(width, height, worst_line(28, players), MODES)
    anchor = None
    for view in boards(preset, players, seed):
        pieces, spinner = pieces_of(view)
        layout = lay_anywhere(mode, width, height, pieces, spinner, anchor)
        assert layout is not None, f"{preset} {players}p seed {seed}: the board does not fit"
        anchor = layout.anchor
        yield view, layout, mode


@pytest.mark.parametrize("size", SIZES)
def test_laid_tiles_never_move(size: tuple[int, int]) -> None:
    """G3: a tile added on any arm leaves every tile on the table where it was; only when a
    board cannot grow where its lead lies is the lead moved (once a round at most), and no
    tile moves between such moves."""
    width, height = size
    moved_rounds = 0
    for preset, players, seed in rounds():
        before: CrossLayout | None = None
        anchor_moves = 0
        for _view, layout, _mode in lay_round(preset, players, seed, width, height):
            if before is not None and layout.anchor != before.anchor:
                anchor_moves += 1
            elif before is not None:
                for key, laid in before.laid.items():
                    assert layout.laid[key].rect == laid.rect, (preset, players, seed, key)
            before = layout
        assert anchor_moves <= 1, (preset, players, seed)
        moved_rounds += anchor_moves
    assert moved_rounds <= 2  # rare: of 36 rounds


@pytest.mark.parametrize("size", SIZES)
def test_tiles_never_overlap_and_stay_inside(size: tuple[int, int]) -> None:
    """Every tile lies inside the board, a column apart from its neighbours in a row."""
    width, height = size
    for preset, players, seed in rounds():
        for _view, layout, _mode in lay_round(preset, players, seed, width, height):
            rects = [laid.rect for laid in layout.laid.values()]
            for i, r in enumerate(rects):
                assert r.x >= 0 and r.x + r.w <= width and r.y >= 0 and r.y + r.h <= height
                for other in rects[i + 1 :]:
                    assert not r.meets(other, GAP - 1), (preset, players, seed, r, other)


def painted(view: CrossView, layout: CrossLayout, size: tuple[int, int]) -> list[str]:
    canvas = Canvas(*size)
    paint_cross(canvas, layout, view, -1, "last", "")
    return canvas.lines()


@pytest.mark.parametrize("size", SIZES)
def test_every_end_is_marked_with_its_number(size: tuple[int, int]) -> None:
    """G3/G6: each open end shows its number right beside its end tile with an arrow pointing
    away from it (``←3``, ``3→``, ``↑3``, ``↓3``); an end closed by a face-down double shows
    ``×``."""
    for preset, players, seed in rounds():
        for view, layout, _mode in lay_round(preset, players, seed, *size):
            canvas = Canvas(*size)
            board = paint_cross(canvas, layout, view, -1, "last", "")
            lines = canvas.lines()
            for end, key, value, closed in end_specs(view):
                (mark,) = [m for m in board.markers if m.end == end]
                face = "×" if closed else str(value)
                assert mark.text in {"←" + face, face + "→", "↑" + face, "↓" + face}
                assert lines[mark.y][mark.x : mark.x + 2] == mark.text
                r = layout.laid[key].rect
                near = Rect(r.x - 2, r.y - 1, r.w + 4, r.h + 2)
                assert all(near.contains(x, y) for x, y in mark.cells()), (preset, seed, mark)


def test_closed_doubles_lie_face_down() -> None:
    """G6: a double laid closed shows no pips, only its face-down pattern."""
    seen = 0
    for preset, players, seed in rounds():
        if preset == "telefon":
            continue  # Телефон has no closed doubles
        for view, layout, _mode in lay_round(preset, players, seed, 78, 25):
            lines = painted(view, layout, (78, 25))
            for laid in layout.laid.values():
                r = laid.rect
                inside = "".join(lines[y][r.x : r.x + r.w] for y in range(r.y, r.y + r.h))
                if laid.piece.closed:
                    seen += 1
                    assert FACE_DOWN in inside and str(laid.piece.inner) not in inside
                else:
                    assert FACE_DOWN not in inside
    assert seen


def test_style_is_chosen_once_per_round() -> None:
    """The table's style follows the longest board a round can reach, not the board so far:
    the 80×24 board is one-row tiles from the first move, the 120×40 board framed digits."""
    assert choose_mode(48, 12, worst_line(28, 4), MODES) == "line"
    assert choose_mode(78, 25, worst_line(28, 4), MODES) == "digits"
    for size in SIZES:
        modes = {mode for _v, _l, mode in lay_round("osel", 4, 1, *size)}
        assert len(modes) == 1


@pytest.mark.parametrize("size", SIZES)
async def test_the_table_board_keeps_its_style_and_its_tiles(size: tuple[int, int]) -> None:
    """The widget itself, shown every board of a round in turn as the table shows them: one
    style all round, and no laid tile ever moves."""
    app = BoardApp(ChainState())
    async with app.run_test(size=size) as pilot:
        chain = app.query_one(Chain)
        modes: set[str] = set()
        before: dict[tuple[int, int], Rect] = {}
        for view in boards("chechevo", 3, 4):
            chain.show(ChainState(cross=view, worst=worst_line(28, 3), round_id=1))
            await pilot.pause()
            assert chain.painted is not None
            modes.add(chain.mode)
            laid = {key: laid.rect for key, laid in chain.painted.layout.laid.items()}
            assert {key: laid[key] for key in before} == before
            assert set(laid) == set(view.order)
            before = laid
        assert len(modes) == 1


# --- the widget -------------------------------------------------------------------------------
def four_ends() -> CrossView:
    """A seeded Осёл round at the first moment all four ends are open on non-empty arms."""
    for seed in range(50):
        for view in boards("osel", 2, seed):
            if all(view.arms) and all(v >= 0 for v in view.ends):
                return view
    raise AssertionError("no such board")


class BoardApp(App[None]):
    def __init__(self, state: ChainState) -> None:
        super().__init__()
        self.state = state
        self.clicked: list[int] = []

    def compose(self) -> ComposeResult:
        yield Chain()

    def on_mount(self) -> None:
        self.query_one(Chain).show(self.state)

    def on_chain_end_clicked(self, message: Chain.EndClicked) -> None:
        self.clicked.append(message.side)


@pytest.mark.parametrize("size", [(48, 12), (78, 25)])
async def test_a_click_on_each_end_names_it(size: tuple[int, int]) -> None:
    """A click on an end's sign, or on its tile, names that end (0-3: left, right, up,
    down), as the arrow keys do."""
    view = four_ends()
    app = BoardApp(ChainState(cross=view, worst=worst_line(28, 2), round_id=1))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        chain = app.query_one(Chain)
        board = chain.painted
        assert board is not None
        for mark in board.markers:
            await pilot.click(Chain, offset=(mark.x, mark.y))
            await pilot.pause()
            assert app.clicked[-1] == mark.end
        assert sorted(m.end for m in board.markers) == [LEFT, RIGHT, UP, DOWN]
        for end in (LEFT, RIGHT, UP, DOWN):
            r = board.layout.laid[view.end_tile(end)].rect
            await pilot.click(Chain, offset=(r.x + r.w // 2, r.y + r.h // 2))
            await pilot.pause()
            assert app.clicked[-1] == end


async def test_choosing_highlights_the_end_and_the_callout_shows() -> None:
    """The end being chosen is drawn in the choosing style; a scoring play's callout is seen
    on the board (or under it) even at 80×24."""
    view = four_ends()
    state = ChainState(cross=view, worst=worst_line(28, 2), round_id=1, choosing=UP)
    app = BoardApp(state.__class__(**{**state.__dict__, "callout": "+15"}))
    async with app.run_test(size=(48, 12)) as pilot:
        await pilot.pause()
        chain = app.query_one(Chain)
        board = chain.painted
        assert board is not None
        up = next(m for m in board.markers if m.end == UP)
        rendered = chain.render()
        assert isinstance(rendered, Text)
        assert "+15" in rendered.plain or chain.border_subtitle == "+15"
        styles = chain.styles_by_name()
        line = rendered.split("\n")[up.y]
        spans = [s for s in line.spans if s.start <= up.x < s.end]
        assert spans and spans[-1].style == styles["choose"]


async def test_a_replay_lays_the_cross_afresh() -> None:
    """Without a round's longest board (the replay viewer steps back and forth through whole
    rounds) the cross is laid in the largest style it fits now, every tile shown."""
    views = list(boards("osel", 4, 2))
    shown = []
    for view in (views[2], views[-1]):
        app = BoardApp(ChainState(cross=view))
        async with app.run_test(size=(48, 12)) as pilot:
            await pilot.pause()
            chain = app.query_one(Chain)
            assert chain.painted is not None
            assert set(chain.painted.layout.laid) == set(view.order)
            shown.append(MODES.index(chain.mode))
    assert shown[0] < shown[1]  # the short board in a larger style than the long one


async def test_a_scoring_play_is_called_out_on_the_board_at_80x24() -> None:
    """V3.8.2: after a play that scored during Телефон, the board itself shows the callout
    next to that play, even in the 80×24 window."""
    app = table_app("telefon", 2, 4, 18)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chain = app.screen.query_one(Chain)
        assert chain.state.callout
        rendered = chain.render()
        assert isinstance(rendered, Text)
        assert chain.state.callout in rendered.plain


async def test_a_window_too_small_for_tiles_lists_the_board() -> None:
    """Nothing is cut off: where not even one-row tiles fit, each arm is listed with its
    end (× for a closed one)."""
    *_, view = boards("osel", 2, 5)
    app = BoardApp(ChainState(cross=view, worst=worst_line(28, 2), round_id=1))
    async with app.run_test(size=(24, 5)) as pilot:
        await pilot.pause()
        rendered = app.query_one(Chain).render()
        assert isinstance(rendered, Text)
        lines = rendered.plain.splitlines()
        assert [line[0] for line in lines if line[0] in "←→↑↓"] == ["←", "→", "↑", "↓"]
        tiles = sum(line.count("[") for line in lines)
        assert tiles == 1 + sum(len(arm) for arm in view.arms)
