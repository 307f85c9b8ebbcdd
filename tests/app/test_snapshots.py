"""A few seeded screens compared with approved SVG snapshots (update with --snapshot-update)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.round_end import RoundEndScreen
from domino_tui.app.widgets.chain import Chain
from domino_tui.app.widgets.table_log import TableLog
from domino_tui.engine.actions import DRAW, KNOCK

from .driver import play_to_end, seeded_app, settle


@pytest.fixture(autouse=True)
def no_flash(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tile just laid flashes on a wall-clock timer: snapshots must not depend on it."""
    monkeypatch.setattr(Chain, "FLASH_SECONDS", 0.0)


async def first_turn(pilot: Pilot[None]) -> None:
    await settle(pilot)


async def to_round_end(pilot: Pilot[None]) -> None:
    for _ in range(400):
        await settle(pilot)
        screen = pilot.app.screen
        if isinstance(screen, RoundEndScreen):
            # the table behind the dialog redraws the last position and its log scrolls to
            # the end when it gets round to it, so the log's scrollbar (five cells beside the
            # dialog) is caught at one place or another: the shot is of the dialog, not of it
            for below in pilot.app.screen_stack[:-1]:
                for log in below.query("#log").results(TableLog):
                    log.styles.scrollbar_size_vertical = 0
            await pilot.pause()
            return
        if isinstance(screen, GameScreen) and screen.my_turn():
            legal = screen.match.legal_actions()
            await pilot.press("d" if legal == [DRAW] else "k" if legal == [KNOCK] else "enter")
    raise AssertionError("no round end")


async def to_game_end(pilot: Pilot[None]) -> None:
    await play_to_end(pilot)


def test_main_screen_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(seeded_app(seed=3), terminal_size=(80, 24), run_before=first_turn)


def test_main_screen_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = seeded_app(seed=3, players=3, levels=("medium", "easy"))
    assert snap_compare(app, terminal_size=(120, 40), run_before=first_turn)


def test_round_end(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(seeded_app(seed=3), terminal_size=(100, 30), run_before=to_round_end)


def test_game_end(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = seeded_app(seed=5, lang="ru", target=41)  # a short match keeps the suite quick
    assert snap_compare(app, terminal_size=(100, 30), run_before=to_game_end)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_round_end_explained(snap_compare, lang: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """Issue 9 part 5: the round's score told as arithmetic, at both sizes and languages."""
    assert snap_compare(seeded_app(seed=3, lang=lang), terminal_size=size, run_before=to_round_end)
