"""How fast the table appears and how much memory a whole match takes (issue 4 item 9, issue 9
item 10).

Each run is a fresh ``python`` process going through the real ``domino play`` command; only
``App.run`` is swapped for a headless run with an autopilot, so interpreter start, imports, the
deal and the first frame are all counted. In the same run, alternating with it, a bare Textual
app (one ``Static``) is timed the same way, so the ratio of the two medians does not depend on
how fast or busy the machine is. Targets: first frame ≤ 1.0 s (median) and ≤ 1.5× the bare
app's; peak RSS ≤ 150 MB over a full match against three hard bots.

    .venv/bin/python benchmarks/app.py [--runs 9] [--seed 3] [--skip-match]
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
import gc, sys, time

gc.disable()  # as domino_tui.launch does before its imports (the patch below imports first)
from domino_tui.app.app import DominoApp

MODE = sys.argv[1]
_run = DominoApp.run


from domino_tui.app.screens.game import GameScreen

_mount = GameScreen.on_mount


def stamp_first_paint(self):
    # the table's first frame: its screen laid out and painted once (what the player sees)
    _mount(self)
    if MODE == "frame":
        self.call_after_refresh(painted, self.app)


GameScreen.on_mount = stamp_first_paint


def painted(app):
    print("FRAME", time.time(), flush=True)
    app.exit()


async def first_frame(pilot):
    pass  # the exit comes from the first paint


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


async def open_rules(pilot):
    # from the table, the Rules screen (r) until it is painted: the first open, then again
    from domino_tui.app.screens.rules import RulesScreen

    app = pilot.app
    await pilot.pause()
    for _ in range(2):
        start = time.perf_counter()
        app.open_rules()
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        print("RULES", time.perf_counter() - start, flush=True)
        app.screen.dismiss(None)
        await pilot.pause()
    app.exit()


def run(self, *args, **kwargs):
    pilot = {"frame": first_frame, "rules": open_rules}.get(MODE, whole_match)
    return _run(self, headless=True, auto_pilot=pilot, size=(120, 40))


DominoApp.run = run
from domino_tui.launch import main

sys.argv = ["domino", "play", "--seed", sys.argv[2], "--pace", "instant", "--lang", "ru"]
main()
"""


BARE = r"""
import time
from textual.app import App
from textual.widgets import Static


class Bare(App):
    def compose(self):
        yield Static("Козёл")

    def on_mount(self):
        self.call_after_refresh(painted, self)


def painted(app):
    print("FRAME", time.time(), flush=True)
    app.exit()


async def first_frame(pilot):
    pass  # the exit comes from the first paint, measured as for the table


Bare().run(headless=True, auto_pilot=first_frame, size=(120, 40))
"""


def child(mode: str, seed: int, env: dict[str, str]) -> tuple[float, str]:
    start = time.time()
    code = BARE if mode == "bare" else CHILD
    out = subprocess.run(
        [sys.executable, "-c", code, mode, str(seed)],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=True,
    ).stdout
    return start, out


def frame_time(mode: str, seed: int, env: dict[str, str]) -> float:
    """Seconds from starting the process to its first painted frame."""
    start, out = child(mode, seed, env)
    stamp = next(float(line.split()[1]) for line in out.splitlines() if line.startswith("FRAME"))
    return stamp - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--skip-match", action="store_true")
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="compile every module from source in every run (PYTHONDONTWRITEBYTECODE=1)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as config:
        env = {**os.environ, "DOMINO_TUI_CONFIG_DIR": config, "DOMINO_TUI_HOME": config}
        if args.no_bytecode:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        else:  # as installed from a wheel: compiled once (by the untimed warm-up run), then cached
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = os.path.join(config, "pycache")
        frames: list[float] = []
        bare: list[float] = []
        for mode in ("frame", "bare"):  # warm the disk cache and the bytecode once, untimed
            child(mode, args.seed, env)
        for _ in range(args.runs):  # alternating, so a busy moment hits both alike
            frames.append(frame_time("frame", args.seed, env))
            bare.append(frame_time("bare", args.seed, env))
        ours, theirs = statistics.median(frames), statistics.median(bare)
        print(
            f"first frame: median {ours:.3f} s, "
            f"min {min(frames):.3f} s, max {max(frames):.3f} s over {args.runs} runs "
            "(target ≤ 1.0 s)"
        )
        print(
            f"bare Textual app (one Static): median {theirs:.3f} s, "
            f"min {min(bare):.3f} s, max {max(bare):.3f} s"
        )
        print(f"ratio: {ours / theirs:.2f}× the bare app (target ≤ 1.5×)")
        first: list[float] = []
        again: list[float] = []
        for _ in range(max(3, args.runs // 2)):
            _, out = child("rules", args.seed, env)
            opens = [float(line.split()[1]) for line in out.splitlines() if line[:5] == "RULES"]
            first.append(opens[0])
            again.append(opens[1])
        print(
            f"Rules screen (ru, 120×40): first open median {statistics.median(first):.3f} s, "
            f"max {max(first):.3f} s; again {statistics.median(again):.3f} s (target < 0.3 s)"
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
