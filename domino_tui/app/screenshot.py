"""Save an SVG screenshot of a seeded table, as the README shows it.

    python -m domino_tui.app.screenshot assets/table.svg [--seed 3] [--lang ru] [--size 120x40]

The human plays a few turns by keys (the tile under the cursor), so the line has some tiles on
it; the bots play at instant pace.

The path comes from the command line, so it follows the rule of ``export -o`` and ``sim
--record`` (:mod:`domino_tui.cli.outputs`): only a regular file is replaced, never a fifo, a
device, a socket or a folder, and an existing file only with ``--force`` (or after a yes at a
terminal). The path is checked before the table is played, and written atomically after.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from collections.abc import Sequence
from pathlib import Path

from ..engine.actions import DRAW, KNOCK
from ..engine.rules import make_rules
from ..play.session import GameSession, default_seats
from .app import make_app
from .screens.game import GameScreen

PREFIX = "screenshot"  # what every refusal line starts with


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
            if screen.choosing >= 0:
                await pilot.press("enter")
            played += 1
        await app.workers.wait_for_complete()
        await pilot.pause()
        return app.export_screenshot()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Save an SVG screenshot of a seeded table.")
    parser.add_argument("target", type=Path)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--lang", choices=("ru", "en"), default="ru")
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument(
        "--force", "-f", action="store_true", help="Replace the file if it exists, without asking."
    )
    args = parser.parse_args(argv)
    w, _, h = args.size.partition("x")
    if not (w.isdigit() and h.isdigit()):
        parser.error(f"--size must be WIDTHxHEIGHT, not {args.size!r}")
    import typer

    from ..cli.outputs import confirm_output, write_output
    from ..cli.words import cli_lang

    words = cli_lang()
    try:
        confirm_output(args.target, force=args.force, lang=words, prefix=PREFIX)  # before the work
        svg = asyncio.run(shoot(args.seed, args.lang, (int(w), int(h)), args.turns))
        with contextlib.suppress(OSError):  # a parent that cannot be made: the write says why
            args.target.parent.mkdir(parents=True, exist_ok=True)
        write_output(args.target, svg, force=True, lang=words, prefix=PREFIX)
    except typer.Exit as stop:  # one line was said already
        sys.exit(stop.exit_code)
    print(args.target)


if __name__ == "__main__":
    main()
