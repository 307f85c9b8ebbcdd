"""Save an SVG screenshot of a seeded table, as the README shows it.

    python -m domino_tui.app.screenshot assets/table.svg [--seed 3] [--lang ru] [--size 120x40]

The human plays a few turns by keys (the tile under the cursor), so the line has some tiles on
it; the bots play at instant pace.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from ..engine.actions import DRAW, KNOCK
from ..engine.rules import make_rules
from .app import make_app
from .screens.game import GameScreen
from .session import GameSession, default_seats


async def shoot(target: Path, seed: int, lang: str, size: tuple[int, int], turns: int) -> None:
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
            if screen.choosing >= 0:
                await pilot.press("enter")
            played += 1
        await app.workers.wait_for_complete()
        await pilot.pause()
        target.parent.mkdir(parents=True, exist_ok=True)
        app.save_screenshot(target.name, str(target.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description="Save an SVG screenshot of a seeded table.")
    parser.add_argument("target", type=Path)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--lang", choices=("ru", "en"), default="ru")
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--turns", type=int, default=3)
    args = parser.parse_args()
    w, _, h = args.size.partition("x")
    asyncio.run(shoot(args.target, args.seed, args.lang, (int(w), int(h)), args.turns))
    print(args.target)


if __name__ == "__main__":
    main()
