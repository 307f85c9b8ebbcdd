"""Running the matches, in this process or on a pool of worker processes.

Workers return sums per match and the report is built from them in match order, so the figures
do not depend on how many workers ran or in which order they finished (think times aside).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

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
        for game in range(config.games):
            results.append(play_group(config, game))
            tick(per_game)
        return summarise(config, results)
    # spawn: workers start clean (no inherited threads or open terminals) on every platform
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        pending: set[Future[GroupResult]] = {
            pool.submit(play_group, config, game) for game in range(config.games)
        }
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    results.append(future.result())
                    tick(per_game)
        except BaseException:
            for future in pending:
                future.cancel()
            raise
    return summarise(config, results)
