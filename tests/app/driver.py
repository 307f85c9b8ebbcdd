"""Playing the app the way a person would: only key presses change the game.

The driver reads the screen's state to decide which key to press next, as a player reads the
table; it never calls the engine to act.
"""

from __future__ import annotations

import contextlib
import json
from io import StringIO

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static
from textual.worker import WorkerCancelled

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.game_end import GameEndScreen
from domino_tui.app.screens.round_end import RoundEndScreen
from domino_tui.engine.actions import DRAW, KNOCK
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, Seat


def seeded_app(
    seed: int = 3,
    players: int = 4,
    lang: str = "en",
    levels: tuple[str, ...] = ("medium", "medium", "medium"),
    saves: Saves | None = None,
    **options: object,
) -> DominoApp:
    """A seeded game against bots, instant pace, settings kept in memory only (and games too,
    unless ``saves`` says where)."""
    rules = make_rules({"players": players, **options})
    names = ("Masha", "Alex", "Olya", "Serg")
    seats = (Seat("Tester"), *(Seat(names[i + 1], "bot", lv) for i, lv in enumerate(levels)))
    session = GameSession(rules, seats[:players], seed)
    return make_app(session, settings_path=None, lang=lang, pace="instant", saves=saves)


def plain(widget: Static, width: int = 160) -> str:
    """What a Static shows, as plain text."""
    console = Console(width=width, file=StringIO(), record=True, color_system=None)
    console.print(widget.content)
    return console.export_text()


async def settle(pilot: Pilot[None]) -> None:
    """Let bot workers finish and their moves land."""
    for _ in range(50):
        with contextlib.suppress(WorkerCancelled):  # an exclusive worker replaced by the next
            await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if not any(w.is_running for w in pilot.app.workers):
            return


def game(app: DominoApp) -> GameScreen:
    screen = app.game_screen()
    assert screen is not None
    return screen


def key_for_turn(screen: GameScreen) -> str:
    """The key a player presses on their turn: draw, knock, or play the tile under the cursor
    (the cursor starts on a playable tile), confirming the end if asked: on a line or on the
    cross (up to four ends, G4) Enter lays the tile on the end the status line names."""
    legal = screen.match.legal_actions()
    if legal == [DRAW]:
        return "d"
    if legal == [KNOCK]:
        return "k"
    return "enter"


async def play_to_end(pilot: Pilot[None], max_steps: int = 5000) -> int:
    """Press keys until the game-end screen shows; returns the number of key presses."""
    app = pilot.app
    assert isinstance(app, DominoApp)
    presses = 0
    for _ in range(max_steps):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, GameEndScreen):
            return presses
        if isinstance(screen, RoundEndScreen):
            await pilot.press("enter")
        elif isinstance(screen, GameScreen) and screen.my_turn():
            await pilot.press(key_for_turn(screen))
        else:
            continue
        presses += 1
    raise AssertionError("the match did not end")


def screen_text(app: DominoApp) -> str:
    """Everything on the terminal as plain text, the way a person at the table reads it
    (the same compositor output a screenshot is made of)."""
    width, height = app.size
    console = Console(width=width, height=height, file=StringIO(), record=True, color_system=None)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


def fingerprint(match: Match) -> str:
    """Everything a resumed game must reproduce, hidden tiles included, as comparable text."""
    return json.dumps(match.snapshot(), sort_keys=True)
