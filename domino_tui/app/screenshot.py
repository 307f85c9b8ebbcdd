"""An SVG screenshot of a seeded table, as the README shows it.

The human plays a few turns by keys (the tile under the cursor), so the line has some tiles on
it; the bots play at instant pace. The command that writes it to a file is
:mod:`domino_tui.cli.screenshot` (``python -m domino_tui.cli.screenshot``): the path and its
refusals are the command line's business, and the app imports nothing of the CLI above it.
"""

from __future__ import annotations

from ..engine.actions import DRAW, KNOCK
from ..engine.rules import make_rules
from ..play.session import GameSession, default_seats
from .app import make_app
from .screens.game import GameScreen


async def shoot(seed: int, lang: str, size: tuple[int, int], turns: int) -> str:
    """The SVG of a seeded table after the human's first ``turns`` turns."""
    seats = default_seats(["hard", "medium", "hard"], lang)
    session = GameSession(make_rules({"players": 4}), seats, seed)
    app = make_app(session, settings_path=None, lang=lang, pace="instant")
    async with app.run_test(size=size) as pilot:
        played = 0
        while played < turns:
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            if not isinstance(screen, GameScreen) or not screen.my_turn():
                if not isinstance(screen, GameScreen):
                    break
                continue
            legal = screen.match.legal_actions()
            await pilot.press("d" if legal == [DRAW] else "k" if legal == [KNOCK] else "enter")
            if screen.turn.choosing >= 0:
                await pilot.press("enter")
            played += 1
        await app.workers.wait_for_complete()
        await pilot.pause()
        return app.export_screenshot()
