"""The cross board on the whole table, compared with approved SVG snapshots (update with
--snapshot-update): an Осёл round of four players with four long arms and a double laid face
down (G1-G6), at 80×24 (one-row tiles) and 120×40 (framed digits).

The position is reached by a seeded random player (the same moves every run), so the snapshot
shows the table exactly as a player would find it on their turn.
"""

from __future__ import annotations

import random

import pytest
from textual.pilot import Pilot

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.widgets.chain import Chain
from domino_tui.engine.cross import CrossState
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.play.session import GameSession, Seat

from .driver import settle

SEED, MOVES = 2, 23  # osel, four players: arms of 9, 3, 7 and 3 tiles, the up end closed


@pytest.fixture(autouse=True)
def no_flash(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tile just laid flashes on a wall-clock timer: snapshots must not depend on it."""
    monkeypatch.setattr(Chain, "FLASH_SECONDS", 0.0)


def table_app(preset: str, players: int, seed: int, moves: int, lang: str = "en") -> DominoApp:
    """The table on the human's turn after ``moves`` moves of a seeded random player."""
    rules = make_rules({"players": players}, preset)
    match = Match(rules, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        match.apply(rng.choice(match.round.legal_actions()))
    assert match.round.turn == 0
    names = ("Tester", "Masha", "Alex", "Olya")
    seats = (Seat(names[0]), *(Seat(n, "bot", "easy") for n in names[1:players]))
    session = GameSession(rules, seats, seed, preset, match=match)
    return make_app(session, settings_path=None, lang=lang, pace="instant")


def cross_app(lang: str) -> DominoApp:
    app = table_app("osel", 4, SEED, MOVES, lang)
    state = app.first_session.match.round if app.first_session else None
    assert isinstance(state, CrossState)
    arms = [sum(1 for _t, w, _s in state.placed if w >= 0 and w & 3 == e) for e in range(4)]
    assert min(arms) >= 3 and any(w >= 0 and w & 4 for _t, w, _s in state.placed)
    return app


async def your_turn(pilot: Pilot[None]) -> None:
    await settle(pilot)


@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((120, 40), "ru")])
def test_cross_with_four_long_arms_and_a_closed_double(  # type: ignore[no-untyped-def]
    snap_compare, size: tuple[int, int], lang: str
) -> None:
    """G1-G6: the spinner in the middle, four arms bending inside the window, the closed
    double face down, every end signed with its number (×: closed)."""
    assert snap_compare(cross_app(lang), terminal_size=size, run_before=your_turn)
