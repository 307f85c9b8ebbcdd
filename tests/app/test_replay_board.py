"""The replay draws the line as the table drew it (issue 22, part 5).

The replay used to lay every step afresh from the board's left edge, so the lead sat at the
left wall and a tile's cell changed from step to step. Now each step is laid as the table laid
it, move by move from a lead in the middle of the board, whichever way the viewer steps or jumps:
the cells of every laid tile are those the live table's board (a :class:`Chain` fed one play at
a time, the table's own way) gives the same moves on a board of the same size.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from textual.pilot import Pilot

from domino_tui.app.screens.replay import ReplayScreen, replay_app
from domino_tui.app.widgets.board import (
    Anchor,
    Layout,
    lay_as_played,
    lay_out,
    lead_index,
    worst_line,
)
from domino_tui.app.widgets.chain import Chain, ChainState
from domino_tui.app.widgets.tiles import Placed
from domino_tui.bots import make_bot
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view
from domino_tui.storage import LoadedRecord, archive_match, load_record, paths
from domino_tui.storage.meta import Seat

from .test_chain_layout import round_lines, table_frame

SIZES = [(80, 24), (120, 40)]
ROUNDS = 2  # stepped through one by one: enough for turns at a wall and a new round


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Records and settings live in a temporary home."""
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "home"))
    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(tmp_path / "config"))


def kept_match(seed: int, players: int) -> LoadedRecord:
    """A whole seeded match between greedy bots, archived and loaded as `domino replay` does."""
    match = Match(make_rules({"players": players}), seed)
    bots = [make_bot("greedy", seed + s) for s in range(players)]
    while not match.over:
        match.apply(bots[match.turn].choose(seat_view(match, match.turn)))
    archive_match(match, tuple(Seat(f"P{s}") for s in range(players)))
    return load_record("last")


def cells(placed: list[Placed] | tuple[Placed, ...]) -> dict[int, tuple[int, int, int, int]]:
    """Each laid tile (by its index in the line) and the cells it covers."""
    return {p.index: (p.x, p.y, p.w, p.h) for p in placed}


class LiveTable:
    """The table's board for one round: a Chain fed every play in order and never told the
    earlier ones (sides None), as the table screen feeds it."""

    def __init__(self, size: tuple[int, int], worst: int, number: int) -> None:
        self.chain = Chain()
        self.size, self.worst, self.number = size, worst, number
        self.seen: dict[int, Layout | None] = {}  # tiles laid -> the board then

    def play(self, screen: ReplayScreen) -> None:
        state = screen.frame.state
        self.chain.state = ChainState(
            line=tuple(state.chain()),
            lead=lead_index(state.placed),
            worst=self.worst,
            round_id=self.number,
        )
        self.seen[len(state.placed)] = self.chain.board(*self.size)


async def step(pilot: Pilot[None], screen: ReplayScreen, key: str) -> Chain:
    await pilot.press(key)
    await pilot.pause()
    chain = screen.query_one(Chain)
    assert chain.state.line == tuple(screen.frame.state.chain())
    return chain


@pytest.mark.parametrize(("seed", "players", "board"), [(4, 4, (48, 12)), (2, 2, (78, 25))])
def test_a_step_is_laid_as_the_table_laid_it_not_afresh(
    seed: int, players: int, board: tuple[int, int]
) -> None:
    """In these rounds the arm that reached its wall first is not the one that turned most by
    the end: laid afresh, the finished line would turn the other way than the table drew it."""
    lines = round_lines(players, seed)
    frame = table_frame(board, players)
    sides = tuple(0 if after > before else 1 for (_, before), (_, after) in pairwise(lines))
    anchor: Anchor | None = None
    table: Layout | None = None
    for k, (line, lead) in enumerate(lines):  # the table: each play from the kept anchor
        table = lay_out(frame, line, lead, anchor)
        assert table is not None
        anchor = table.anchor
        assert lay_as_played(frame, line, sides[:k]) == (table, anchor)
    line, lead = lines[-1]
    afresh = lay_out(frame, line, lead)
    assert table is not None and afresh is not None and afresh.placed != table.placed


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_stepping_a_replay_shows_the_tables_board_from_the_middle(
    size: tuple[int, int],
) -> None:
    loaded = kept_match(7, 3)
    app = replay_app(loaded, lang="en", settings_path=None)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        worst = worst_line(28, 3)
        live: LiveTable | None = None
        forward: dict[tuple[int, int], dict[int, tuple[int, int, int, int]]] = {}
        turned = False
        while screen.frame.number <= ROUNDS:  # two whole rounds, step by step
            chain = await step(pilot, screen, "right")
            state, frame = screen.frame.state, screen.frame
            if frame.kind == "deal" or not state.placed:
                continue
            board = (chain.content_size.width, chain.content_size.height)
            if live is None or live.number != frame.number:
                live = LiveTable(board, worst, frame.number)
            assert board == live.size  # the hands below never resize the board in a round
            if len(state.placed) not in live.seen:  # a tile was laid (the last ends the round)
                live.play(screen)
            table = live.seen[len(state.placed)]
            assert table is not None
            seen = cells(chain.layout_cache)
            assert seen == cells(table.placed), (frame.step, frame.number)
            assert chain.tips == table.tips
            forward[frame.number, len(state.placed)] = seen
            turned |= any(tip is not None and tip.glyph in "▲▼" for tip in table.tips)
            if len(state.placed) == 1:  # the lead alone: in the middle of the board
                (lead,) = chain.layout_cache
                assert abs(lead.x + lead.w / 2 - board[0] / 2) <= lead.w
                assert abs(lead.y + lead.h / 2 - board[1] / 2) <= lead.h
        assert turned or size == (120, 40)  # at 80x24 the line turns at a wall
        # back through round 2 into round 1, and by jumps: every step as it was on the way
        for key in ["left"] * (screen.index - screen.starts[1] + 3) + ["home", "pagedown", "end"]:
            chain = await step(pilot, screen, key)
            placed, frame = screen.frame.state.placed, screen.frame
            if placed and frame.kind != "deal" and frame.number <= ROUNDS:
                assert cells(chain.layout_cache) == forward[frame.number, len(placed)]
