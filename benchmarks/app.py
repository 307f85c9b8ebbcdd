"""How fast the table appears and how much memory a whole match takes (issue 4, item 9).

Each run is a fresh ``python`` process going through the real ``domino play`` command; only
``App.run`` is swapped for a headless run with an autopilot, so interpreter start, imports, the
deal and the first frame are all counted. Targets: first frame ≤ 1.0 s (median), peak RSS
≤ 150 MB over a full match against three hard bots.

    .venv/bin/python benchmarks/app.py [--runs 7] [--seed 3] [--skip-match]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

CHILD = r"""
import sys, time
from domino_tui.app.app import DominoApp

MODE = sys.argv[1]
_run = DominoApp.run


async def first_frame(pilot):
    await pilot.pause()
    print("FRAME", time.time(), flush=True)
    pilot.app.exit()


async def whole_match(pilot):
    from domino_tui.app.screens.game import GameScreen
    from domino_tui.app.screens.game_end import GameEndScreen
    from domino_tui.app.screens.round_end import RoundEndScreen
    from domino_tui.engine.actions import DRAW, KNOCK

    app = pilot.app
    while True:
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameEndScreen):
            break
        if isinstance(screen, RoundEndScreen):
            await pilot.press("enter")
        elif isinstance(screen, GameScreen) and screen.my_turn():
            legal = screen.match.legal_actions()
            await pilot.press("d" if legal == [DRAW] else "k" if legal == [KNOCK] else "enter")
        else:
            await pilot.pause(0.01)
    game = app.game_screen()
    print("ROUNDS", len(game.match.results), flush=True)
    app.exit()


def run(self, *args, **kwargs):
    pilot = first_frame if MODE == "frame" else whole_match
    return _run(self, headless=True, auto_pilot=pilot, size=(120, 40))


DominoApp.run = run
from domino_tui.cli import main

sys.argv = ["domino", "play", "--seed", sys.argv[2], "--pace", "instant", "--lang", "ru"]
main()
"""


def child(mode: str, seed: int, env: dict[str, str]) -> tuple[float, str]:
    start = time.time()
    out = subprocess.run(
        [sys.executable, "-c", CHILD, mode, str(seed)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=True,
    ).stdout
    return start, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--skip-match", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as config:
        env = {**os.environ, "DOMINO_TUI_CONFIG_DIR": config, "DOMINO_TUI_HOME": config}
        frames = []
        for _ in range(args.runs):
            start, out = child("frame", args.seed, env)
            stamp = next(
                float(line.split()[1]) for line in out.splitlines() if line.startswith("FRAME")
            )
            frames.append(stamp - start)
        print(
            f"first frame: median {statistics.median(frames):.3f} s, "
            f"min {min(frames):.3f} s, max {max(frames):.3f} s over {args.runs} runs "
            "(target ≤ 1.0 s)"
        )
        if args.skip_match:
            return
        start, out = child("match", args.seed, env)
        took = time.time() - start
        rounds = next(
            (line.split()[1] for line in out.splitlines() if line.startswith("ROUNDS")), "?"
        )
        peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(
            f"full match vs three hard bots: {rounds} rounds in {took:.1f} s, "
            f"peak RSS {peak_mb:.0f} MB (target ≤ 150 MB)"
        )


if __name__ == "__main__":
    main()
