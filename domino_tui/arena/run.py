"""Running the matches, in this process or on a pool of worker processes.

Workers return sums per match and the report is built from them in match order, so the figures
do not depend on how many workers ran or in which order they finished (think times aside).
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable
from functools import partial

from .plan import ArenaConfig
from .play import GroupResult, play_group
from .stats import ArenaReport, summarise

Progress = Callable[[int], None]  # called with the number of matches just finished


def run_arena(config: ArenaConfig, jobs: int = 1, progress: Progress | None = None) -> ArenaReport:
    """Play ``config.games`` deal sequences in every rotation and summarise them."""
    tick = progress or (lambda _n: None)
    per_game = len(config.rotations)
    results: list[GroupResult] = []
    if jobs <= 1 or config.games == 1:
        benched: set[str] = set()  # a bot that overran is not waited for again in this run
        for game in range(config.games):
            results.append(play_group(config, game, benched))
            tick(per_game)
        return summarise(config, results)
    # spawn: workers start clean (no inherited threads or open terminals) on every platform;
    # leaving the with-block terminates them, also on Ctrl+C (which only the parent handles),
    # and with them any thread a stuck bot still holds
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(min(jobs, config.games), initializer=_ignore_interrupts) as pool:
        for result in pool.imap_unordered(partial(play_group, config), range(config.games)):
            results.append(result)
            tick(per_game)
    return summarise(config, results)


def _ignore_interrupts() -> None:
    """A worker's start: Ctrl+C is the parent's to handle, and so are the plugin warnings (the
    parent built every bot once before the matches and said what it skipped)."""
    from ..bots import quiet_plugin_warnings

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    quiet_plugin_warnings()
